"""Finding the main window's menus by name, whatever language their titles are in.

The window names each top-level menu (``menuFile``, ``menuEdit``, ``menuView``, ``menuMap``, ``menuTools``,
``menuEncounter``, ``menuHelp``); the features that add their actions to a menu (the compendium, the Player
Screen) look it up by that name — a title such as "File" is 「ファイル」 in Japanese.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMenu, QMenuBar


def menu_named(bar: QMenuBar, name: str) -> QMenu | None:
    """The top-level menu of `bar` whose object name is `name`, or None."""
    for act in bar.actions():
        menu = act.menu()
        if isinstance(menu, QMenu) and menu.objectName() == name:
            return menu
    return None
