"""Keyboard: every way of typing Ctrl++ zooms in, and the map has the keyboard again when a dialog closes
(issue 13 item 13)."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
KEYPAD = Qt.KeyboardModifier.KeypadModifier


def test_ctrl_plus_zooms_in_however_it_is_typed(window) -> None:  # type: ignore[no-untyped-def]
    view = window.view
    view.setFocus()
    for key, mods in (
        (Qt.Key.Key_Equal, CTRL),
        (Qt.Key.Key_Plus, CTRL),
        (Qt.Key.Key_Plus, CTRL | SHIFT),
        (Qt.Key.Key_Plus, CTRL | KEYPAD),
        (Qt.Key.Key_Plus, Qt.KeyboardModifier.NoModifier),
    ):
        before = view.scale_factor()
        QTest.keyClick(view, key, mods)
        assert view.scale_factor() > before, (key, mods)
    for key, mods in ((Qt.Key.Key_Minus, CTRL), (Qt.Key.Key_Minus, CTRL | KEYPAD)):
        before = view.scale_factor()
        QTest.keyClick(view, key, mods)
        assert view.scale_factor() < before, (key, mods)
    keys = {s.toString() for s in window.act_zoom_in.shortcuts()}
    assert {"Ctrl+=", "Ctrl++"} <= keys


def test_the_map_has_the_keyboard_after_a_dialog_closes(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    view = window.view
    window.activateWindow()
    elsewhere = window.table.initiative_dock.order if hasattr(window.table, "initiative_dock") else None
    start = elsewhere or window.statusBar()
    start.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    start.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is start)
    dialog = QDialog(window)
    QTimer.singleShot(50, dialog.accept)
    dialog.exec()
    # the map is the window's keyboard focus again (the application's too, once the window manager has
    # given the window back its activation; offscreen that may take a moment or not happen at all)
    qtbot.waitUntil(lambda: window.focusWidget() is view, timeout=2000)
    assert QApplication.focusWidget() in (view, None)
    # and the map's keys work at once: + zooms
    before = view.scale_factor()
    QTest.keyClick(window.focusWidget(), Qt.Key.Key_Plus)
    assert view.scale_factor() > before
