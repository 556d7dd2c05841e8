"""The GM window remembers where its panels are between sessions, and View ▸ Reset Panel Layout puts them
back (issue 23 item 7: the map-first layout a GM rearranged stays so)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from desktop.window.main_window import MainWindow

LEFT, RIGHT = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea


def _open(qtbot: Any) -> MainWindow:
    win = MainWindow(autosave=False, remember_layout=True)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    win.show()
    qtbot.waitExposed(win)
    return win


def test_a_moved_panel_and_the_window_height_come_back_next_time(qtbot: Any) -> None:
    first = _open(qtbot)
    assert first.dockWidgetArea(first.inspector) == RIGHT
    first.addDockWidget(LEFT, first.inspector)  # the GM drags the inspector to the left side
    first.resize(1280, 720)
    assert first.dockWidgetArea(first.inspector) == LEFT
    first.close()

    second = _open(qtbot)
    assert second.dockWidgetArea(second.inspector) == LEFT
    assert second.height() == 720  # the size too (fitted to the screen it opens on: offscreen's is small)

    second.act_reset_layout.trigger()
    assert second.dockWidgetArea(second.inspector) == RIGHT
    second.close()
    third = _open(qtbot)  # the reset layout is the one kept
    assert third.dockWidgetArea(third.inspector) == RIGHT
    third.close()


def test_a_test_or_headless_window_neither_reads_nor_writes_the_layout(qtbot: Any) -> None:
    first = _open(qtbot)
    first.addDockWidget(LEFT, first.inspector)
    first.close()
    plain = MainWindow(autosave=False)
    qtbot.addWidget(plain)
    plain.files.ask_unsaved = lambda: "discard"
    assert plain.dockWidgetArea(plain.inspector) == RIGHT
    plain.close()
