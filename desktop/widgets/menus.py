"""Finding the main window's menus by name, whatever language their titles are in.

The window names each top-level menu (``menuFile``, ``menuEdit``, ``menuView``, ``menuMap``, ``menuTools``,
``menuEncounter``, ``menuHelp``); the features that add their actions to a menu (the compendium, the Player
Screen) look it up by that name — a title such as "File" is 「ファイル」 in Japanese.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMenu, QMenuBar


def menu_named(bar: QMenuBar, name: str) -> QMenu | None:
    """The top-level menu of `bar` whose object name is `name`, or None."""
    for act in bar.actions():
        menu = act.menu()
        if isinstance(menu, QMenu) and menu.objectName() == name:
            return menu
    return None


def runner(fn: Callable[..., object], *args: object) -> Callable[[], None]:
    """A slot taking no arguments that calls ``fn(*args)`` (a menu entry's action for one creature or one
    hazard of a loop: the values are bound now, and Qt's ``checked`` argument is not passed on)."""

    def run() -> None:
        fn(*args)

    return run
