"""The table features wired into a window: overlays follow the selection and the mouse, the actions open
the attack dialog for the right creatures and run the initiative."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow

from desktop.document import Document
from desktop.map_scene import MapScene
from desktop.map_view import MapView
from desktop.table import TableFeatures, table_icon
from desktop.table_icons import TABLE_PAINTERS
from rules.dice import ScriptedDice
from rules.encounter_store import encounter_of
from rules.geometry.coords import Cell
from tests.desktop.helpers import move, view_point
from tests.rules.ascii_maps import ascii_scene

BOARD = """
    ........
    ..AoB...
    ........
    .....c..
"""
TOKENS = {
    "A": {"attacks": [{"name": "sword", "bonus": 8, "damage": "1d8+3 slashing"}], "initiative_bonus": 9},
    "o": {"ac": 15, "hp": 20},
}


def features(qtbot: Any) -> tuple[QMainWindow, TableFeatures]:
    doc = Document(ascii_scene(BOARD, tokens=TOKENS))
    win = QMainWindow()
    map_scene = MapScene(doc)
    view = MapView(map_scene)
    win.setCentralWidget(view)
    table = TableFeatures(win, doc, map_scene, view, dice=ScriptedDice([20, 1, 1, 1, 1]))
    table.install_docks()
    qtbot.addWidget(win)
    win.resize(1100, 700)
    win.show()
    qtbot.waitExposed(win)
    view.fit()
    return win, table


def test_hovering_a_creature_with_an_attacker_selected_shows_cover_and_flanking(qtbot: Any) -> None:
    _win, table = features(qtbot)
    table.map_scene.select_ids(["A"])
    move(table.view, view_point(table.view, (3, 1)), buttons=Qt.MouseButton.NoButton)
    info = table.targeting.item.info
    assert info is not None and info.target.id == "o"
    assert info.flank.flanking and info.flank.with_ids == ("B",)
    assert table.reach.reach.token_id == "A"
    table.act_cover.trigger()  # off
    assert table.targeting.item.info is None


def test_attack_action_opens_the_dialog_for_the_selected_and_hovered(qtbot: Any) -> None:
    _win, table = features(qtbot)
    table.map_scene.select_ids(["A"])
    table.targeting.set_hover_cell(Cell(3, 1))
    assert table.act_attack.isEnabled()
    table.act_attack.trigger()
    dialog = table.attack_dialog
    assert dialog is not None
    assert dialog.attacker.currentData() == "A" and dialog.target.currentData() == "o"
    dialog.close()


def test_initiative_actions_run_the_encounter(qtbot: Any) -> None:
    _win, table = features(qtbot)
    assert table.act_start.isEnabled() and not table.act_next.isEnabled()
    table.act_start.trigger()
    enc = encounter_of(table.doc.scene)
    assert enc is not None and enc.current_id == "A"  # d20 20 + 9
    assert table.act_next.isEnabled() and not table.act_start.isEnabled()
    table.act_next.trigger()
    assert encounter_of(table.doc.scene).index == 1  # type: ignore[union-attr]
    # with nobody selected the attacker is whoever's turn it is
    table.map_scene.select_ids([])
    assert table.attacker_id() == encounter_of(table.doc.scene).current_id  # type: ignore[union-attr]
    table.act_end.trigger()
    assert encounter_of(table.doc.scene) is None


def test_every_icon_paints() -> None:
    for name in TABLE_PAINTERS:
        assert not table_icon(name).isNull()
    assert table_icon("nope").isNull()
