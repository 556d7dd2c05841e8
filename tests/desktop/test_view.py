"""Zoom, pan and the status bar of the map view."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.desktop.helpers import move, press, release, view_point


def _wheel(view, pos: QPoint, steps: int) -> None:  # type: ignore[no-untyped-def]
    event = QWheelEvent(
        QPointF(pos),
        QPointF(view.viewport().mapToGlobal(pos)),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), event)


def test_wheel_zooms_around_the_cursor(window) -> None:  # type: ignore[no-untyped-def]
    view = window.view
    pos = view_point(view, (20, 14))
    before_scene = view.mapToScene(pos)
    scale = view.scale_factor()
    _wheel(view, pos, 2)
    assert view.scale_factor() > scale * 1.3
    after_scene = view.mapToScene(pos)
    assert abs(after_scene.x() - before_scene.x()) < 3 and abs(after_scene.y() - before_scene.y()) < 3
    assert "Zoom" in window.zoom_label.text()


def test_keyboard_zoom_fit_and_pan(window) -> None:  # type: ignore[no-untyped-def]
    view = window.view
    fitted = view.scale_factor()
    window.act_zoom_in.trigger()
    window.act_zoom_in.trigger()
    assert view.scale_factor() > fitted
    centre = view.mapToScene(view.viewport().rect().center())
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_Right)
    QTest.keyClick(view, Qt.Key.Key_Down)
    moved = view.mapToScene(view.viewport().rect().center())
    assert moved.x() > centre.x() and moved.y() > centre.y()
    window.act_fit.trigger()
    assert abs(view.scale_factor() - fitted) < 1e-6


def test_middle_drag_pans(window) -> None:  # type: ignore[no-untyped-def]
    view = window.view
    window.act_zoom_in.trigger()
    window.act_zoom_in.trigger()
    centre = view.mapToScene(view.viewport().rect().center())
    middle = Qt.MouseButton.MiddleButton
    press(view, QPoint(400, 300), middle)
    move(view, QPoint(300, 250), buttons=middle)
    release(view, QPoint(300, 250), middle)
    after = view.mapToScene(view.viewport().rect().center())
    assert after.x() > centre.x() + 50 and after.y() > centre.y() + 20
    assert window.doc.scene.token("brann").cell == (5, 11)  # panning moves nothing


def test_space_drag_pans_instead_of_selecting(window) -> None:  # type: ignore[no-untyped-def]
    view = window.view
    window.act_zoom_in.trigger()
    view.setFocus()
    QTest.keyPress(view, Qt.Key.Key_Space)
    start = view_point(view, (5, 11))
    before = view.mapToScene(view.viewport().rect().center())
    press(view, start)
    move(view, start + QPoint(-120, 0))
    release(view, start + QPoint(-120, 0))
    QTest.keyRelease(view, Qt.Key.Key_Space)
    after = view.mapToScene(view.viewport().rect().center())
    assert after.x() > before.x() + 50
    assert window.doc.scene.token("brann").cell == (5, 11)
    assert not window.doc.can_undo()


def test_status_bar_shows_the_square_under_the_cursor(window) -> None:  # type: ignore[no-untyped-def]
    view = window.view
    move(view, view_point(view, (14, 18)), buttons=Qt.MouseButton.NoButton)
    assert window.cell_label.text().startswith("Square [14, 18]")
    assert "difficult" in window.cell_label.text()


def test_the_square_under_the_cursor_asks_no_new_layout_of_the_window(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A mouse move changes the status bar's square label on every square; the label keeps its size, so
    the window is not laid out again (that cost a frame's worth of every drag), unless the text needs more
    room: then the label widens and keeps the whole text."""
    from PySide6.QtCore import QEvent, QObject

    view = window.view
    for x in range(2, 12):  # the first hovers settle the window once (its tool bars' deferred layout)
        move(view, view_point(view, (x, 3)), buttons=Qt.MouseButton.NoButton)
        qtbot.wait(20)
    requests: list[str] = []

    class Count(QObject):
        def eventFilter(self, obj: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.LayoutRequest and obj in (window, window.statusBar()):
                requests.append(f"{obj.objectName()} at {window.cell_label.text()}")
            return False

    counter = Count()
    window.installEventFilter(counter)
    window.statusBar().installEventFilter(counter)
    for x in range(4, 12):
        move(view, view_point(view, (x, 4)), buttons=Qt.MouseButton.NoButton)
        QApplication.processEvents()
    assert window.cell_label.text().startswith("Square [11, 4]")
    assert requests == []
    long = "Square [1, 2] · " + "difficult terrain · " * 8
    window._set_steady_text(window.cell_label, long)
    fm = window.cell_label.fontMetrics()
    assert window.cell_label.width() >= fm.horizontalAdvance(long)


def test_selecting_a_token_shows_its_movement_overlay(window) -> None:  # type: ignore[no-untyped-def]
    view = window.view
    press(view, view_point(view, (5, 11)))
    release(view, view_point(view, (5, 11)))
    bands = window.map_scene.overlay_item.bands
    assert bands and set(bands.values()) == {1, 2, 3}
    move(view, view_point(view, (6, 11)), buttons=Qt.MouseButton.NoButton)
    assert "Stride 1" in window.cell_label.text()
    window.act_overlay.trigger()
    assert not window.map_scene.overlay_item.bands


def test_tool_shortcuts_switch_tools(window) -> None:  # type: ignore[no-untyped-def]
    view = window.view
    view.setFocus()
    for key, name in (
        (Qt.Key.Key_M, "measure"),
        (Qt.Key.Key_T, "terrain"),
        (Qt.Key.Key_W, "wall"),
        (Qt.Key.Key_S, "select"),
    ):
        QTest.keyClick(window, key)
        assert window.tool.name == name


def test_every_action_has_a_tooltip_and_menu_shortcuts(window) -> None:  # type: ignore[no-untyped-def]
    for act in window.actions():
        assert act.toolTip(), act.text()
    assert window.act_undo.shortcut().toString() == "Ctrl+Z"
    assert "Ctrl+Shift+Z" in [s.toString() for s in window.act_redo.shortcuts()]
