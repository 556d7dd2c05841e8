"""Help ▸ Keyboard Shortcuts lists every shortcut once (issue 23, item 9): read from the menus, so Ctrl+K,
Ctrl+T, Ctrl+S, Ctrl+Shift+P and the fog and light tools are there; no two actions share a key."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction

from desktop.window.shortcuts import duplicate_keys, menu_shortcuts, shortcuts_html


def test_no_two_actions_share_a_key(window: Any) -> None:
    assert duplicate_keys(window) == {}


def test_the_list_is_complete_and_has_no_duplicates(window: Any) -> None:
    rows = [(keys, what) for _title, group in menu_shortcuts(window) for keys, what in group]
    keys = [k for k, _ in rows]
    assert len(keys) == len(set(keys))
    listed = {k for k, _ in rows}
    for needed in ("Ctrl+K", "Ctrl+T", "Ctrl+S", "Ctrl+Shift+P", "F", "Shift+L", "Ctrl+I", "N", "K", "L"):
        assert any(needed in k.split(", ") for k in listed), needed
    # every action of the window with a shortcut is in the list
    for act in window.findChildren(QAction):
        if act.shortcuts() and act.isVisible():
            shown = ", ".join(k.toString() for k in act.shortcuts())
            assert shown in listed, act.text()
    html = shortcuts_html(window)
    assert "Fog of war" in html and "Lights" in html and "Drag a token" in html


def test_the_help_box_opens_with_the_list(window: Any, qtbot: Any) -> None:
    window.act_shortcuts.trigger()
    box = window.shortcuts_box
    qtbot.waitExposed(box)
    assert "Ctrl+Shift+P" in box.text()
    box.close()
