"""The features that add their actions to the window's menus find each menu by its name, not its title: in
Japanese the File menu is 「ファイル」, and the compendium's imports, Add Creature and the Player Screen's
tools must still be in the File, Edit and Tools menus (they went missing when looked up as "File")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from desktop import i18n
from desktop.widgets.menus import menu_named


@pytest.fixture(params=["en", "ja"])
def window(request: Any, qapp: QApplication, qtbot: Any) -> Iterator[Any]:
    from desktop.window.main_window import MainWindow

    font = qapp.font()
    i18n.install(qapp, request.param)
    try:
        win = MainWindow(autosave=False)
        qtbot.addWidget(win)
        win.files.ask_unsaved = lambda: "discard"
        yield win
    finally:
        i18n.install(qapp, "en")
        qapp.setFont(font)


def test_the_features_put_their_actions_in_the_named_menus(window: Any) -> None:
    bar = window.menuBar()
    file_menu, edit_menu = menu_named(bar, "menuFile"), menu_named(bar, "menuEdit")
    tools_menu, view_menu = menu_named(bar, "menuTools"), menu_named(bar, "menuView")
    assert None not in (file_menu, edit_menu, tools_menu, view_menu)
    compendium = window.compendium
    file_actions = file_menu.actions()
    assert compendium.act_import in file_actions and compendium.act_import_folder in file_actions
    assert file_actions.index(compendium.act_import) < file_actions.index(window.act_quit)  # above Quit
    assert compendium.act_new in edit_menu.actions()
    assert compendium.dock.toggleViewAction() in view_menu.actions()
    assert set(window.player_screen.tool_actions) <= set(tools_menu.actions())
    assert menu_named(bar, "menuNowhere") is None
