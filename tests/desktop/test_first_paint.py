"""`after_first_paint`: the work waiting for a widget's first frame runs once, after it — or after the
fallback delay when the widget never paints (a window started minimised)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from desktop.widgets.first_paint import after_first_paint


def test_it_runs_once_after_the_first_paint(qtbot) -> None:  # type: ignore[no-untyped-def]
    label = QLabel("map")
    qtbot.addWidget(label)
    calls: list[bool] = []
    after_first_paint(label, lambda: calls.append(label.isVisible()))
    qtbot.wait(20)
    assert calls == []  # not shown: nothing painted yet
    label.show()
    qtbot.waitUntil(lambda: calls == [True], timeout=3000)
    label.update()
    label.repaint()
    qtbot.wait(20)
    assert calls == [True]


def test_a_widget_that_never_paints_does_not_hold_the_work_back(qtbot) -> None:  # type: ignore[no-untyped-def]
    label = QLabel("hidden")
    qtbot.addWidget(label)
    calls: list[int] = []
    after_first_paint(label, lambda: calls.append(1), fallback_ms=50)
    qtbot.waitUntil(lambda: calls == [1], timeout=3000)
    label.show()
    label.repaint()
    qtbot.wait(20)
    assert calls == [1]  # and not again at the paint
