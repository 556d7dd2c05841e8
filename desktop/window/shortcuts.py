"""Help ▸ Keyboard Shortcuts: every shortcut the window has, read from its menus (so the list is complete
and never stale), each key once, after the mouse gestures and the keys the map itself reads.

`menu_shortcuts(window)` gives (menu title, [(keys, what) …]) for every menu action with a shortcut, each
action once (the first menu it is in); `duplicate_keys(window)` lists the key sequences two actions share
(there must be none: Qt would run neither); `shortcuts_html(window)` is the dialog's text.
"""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu


def map_keys() -> list[tuple[str, str]]:
    """The mouse gestures and the keys the map view and its tools read themselves (no menu action)."""
    return [
        (
            QCoreApplication.translate("Shortcuts", "Drag a token"),
            QCoreApplication.translate("Shortcuts", "move it by the rules (best path, cost, Strides / Dash)"),
        ),
        (
            QCoreApplication.translate("Shortcuts", "Shift-click while dragging"),
            QCoreApplication.translate("Shortcuts", "add a waypoint"),
        ),
        (
            QCoreApplication.translate("Shortcuts", "Alt while dragging"),
            QCoreApplication.translate("Shortcuts", "GM free move (no rules)"),
        ),
        (
            QCoreApplication.translate("Shortcuts", "Ctrl while dragging"),
            QCoreApplication.translate("Shortcuts", "PF2e: Step instead of Stride"),
        ),
        (
            QCoreApplication.translate("Shortcuts", "Esc / right click"),
            QCoreApplication.translate("Shortcuts", "cancel the move or the gesture"),
        ),
        (
            QCoreApplication.translate("Shortcuts", "Right-click a token"),
            QCoreApplication.translate(
                "Shortcuts", "its menu: attack, actions, add to or remove from the encounter"
            ),
        ),
        (
            QCoreApplication.translate("Shortcuts", "Shift / [ ] while aiming an area"),
            QCoreApplication.translate("Shortcuts", "45° steps · smaller / larger"),
        ),
        (QCoreApplication.translate("Shortcuts", "Wheel"), QCoreApplication.translate("Shortcuts", "zoom")),
        (
            QCoreApplication.translate("Shortcuts", "Middle drag, Space+drag, arrows"),
            QCoreApplication.translate("Shortcuts", "pan"),
        ),
    ]


def _keys(action: QAction) -> str:
    return ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())


def _walk(menu: QMenu) -> list[QAction]:
    out: list[QAction] = []
    for act in menu.actions():
        sub = act.menu()
        if isinstance(sub, QMenu):
            out.extend(_walk(sub))
        elif not act.isSeparator():
            out.append(act)
    return out


def menu_shortcuts(window: QMainWindow) -> list[tuple[str, list[tuple[str, str]]]]:
    """(menu title, [(keys, what) …]) for each menu, each action with a shortcut once."""
    seen: set[int] = set()
    out: list[tuple[str, list[tuple[str, str]]]] = []
    for top in window.menuBar().actions():
        menu = top.menu()
        if not isinstance(menu, QMenu):
            continue
        rows: list[tuple[str, str]] = []
        for act in _walk(menu):
            if act.shortcuts() and id(act) not in seen:
                seen.add(id(act))
                rows.append((_keys(act), act.text().replace("&&", "\0").replace("&", "").replace("\0", "&")))
        if rows:
            out.append((top.text().replace("&", ""), rows))
    return out


def duplicate_keys(window: QMainWindow) -> dict[str, list[str]]:
    """Key sequences that two of the window's actions share (a conflict: Qt runs neither)."""
    owners: dict[str, list[str]] = defaultdict(list)
    for act in window.findChildren(QAction):
        for key in act.shortcuts():
            owners[key.toString()].append(act.text().replace("&", ""))
    return {k: v for k, v in owners.items() if len(v) > 1}


def shortcuts_html(window: QMainWindow) -> str:
    """The Keyboard Shortcuts dialog's table."""

    def row(keys: str, what: str) -> str:
        return f"<tr><td><b>{keys}</b></td><td>{what}</td></tr>"

    parts = [
        "<table>",
        f"<tr><th colspan=2 align=left>{QCoreApplication.translate('Shortcuts', 'On the map')}</th></tr>",
    ]
    parts += [row(k, w) for k, w in map_keys()]
    for title, rows in menu_shortcuts(window):
        parts.append(f"<tr><th colspan=2 align=left><br>{title}</th></tr>")
        parts += [row(k.replace("&", "&amp;"), w.replace("&", "&amp;")) for k, w in rows]
    parts.append("</table>")
    return "\n".join(parts)


__all__ = ["duplicate_keys", "map_keys", "menu_shortcuts", "shortcuts_html"]
