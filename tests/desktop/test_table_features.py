"""The table features wired into a window: overlays follow the selection and the mouse, the actions open
the attack dialog for the right creatures and run the initiative."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow

from desktop.document import Document
from desktop.look.table_icons import TABLE_PAINTERS
from desktop.map.scene import MapScene
from desktop.map.view import MapView
from desktop.window.table import TableFeatures, table_icon
from rules.dice import ScriptedDice
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
    enc = table.doc.encounter
    assert enc is not None and enc.current_id == "A"  # d20 20 + 9
    assert table.act_next.isEnabled() and not table.act_start.isEnabled()
    table.act_next.trigger()
    assert table.doc.encounter.index == 1  # type: ignore[union-attr]
    # with nobody selected the attacker is whoever's turn it is
    table.map_scene.select_ids([])
    assert table.attacker_id() == table.doc.encounter.current_id  # type: ignore[union-attr]
    table.act_end.trigger()
    assert table.doc.encounter is None


def test_every_icon_paints() -> None:
    for name in TABLE_PAINTERS:
        assert not table_icon(name).isNull()
    assert table_icon("nope").isNull()


# ------------------------------------------------------------------------------------- in the window


def test_area_tool_is_a_window_tool_and_placing_selects_the_area(window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtTest import QTest

    from tests.desktop.helpers import press, release
    from tests.desktop.table_helpers import corner_point

    QTest.keyClick(window.view, Qt.Key.Key_A)
    assert window.tool.name == "area"
    view = window.view
    pos = corner_point(view, 19.1, 10.1)
    move(view, pos, buttons=Qt.MouseButton.NoButton)
    press(view, pos)
    release(view, pos)
    (area,) = window.doc.areas
    assert window.table.areas_dock.current_id() == area.id
    assert window.table.areas_layer.item(area.id) is not None


def test_right_click_a_target_with_an_attacker_selected_offers_the_attack(window) -> None:  # type: ignore[no-untyped-def]
    from tests.desktop.helpers import press

    window.map_scene.select_ids(["brann"])
    goblin = window.doc.scene.token("goblin-1")
    press(window.view, view_point(window.view, goblin.cell), button=Qt.MouseButton.RightButton)
    menu = window.view.last_context_menu
    assert menu is not None
    texts = [a.text() for a in menu.actions()]
    attack = next(a for a in menu.actions() if a.text().startswith("Attack Goblin 1 with Brann"))
    assert texts
    attack.trigger()
    dialog = window.table.attack_dialog
    assert dialog is not None
    assert dialog.attacker.currentData() == "brann" and dialog.target.currentData() == "goblin-1"
    dialog.close()


def test_log_encounter_and_areas_are_saved_with_the_scene(window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from rules.geometry.areas import AreaSpec
    from rules.geometry.coords import Point
    from rules.model.areas import PlacedArea
    from rules.play.table import PlaceArea

    window.doc.execute(PlaceArea(PlacedArea("area-1", AreaSpec("burst", 10, origin=Point(19, 10)))))
    window.table.initiative_dock.dice = ScriptedDice([10] * 20)
    window.table.act_start.trigger()
    window.table.act_next.trigger()
    enc = window.doc.encounter
    log = list(window.doc.log)
    assert enc is not None and len(log) == 3
    target = tmp_path / "fight.fivefoot"
    assert window.files.save_as(target)
    assert window.files.open(target)
    assert window.doc.encounter == enc
    assert [a.id for a in window.doc.areas] == ["area-1"]
    assert window.doc.log == log
    assert window.table.log_dock.plain_text() == "\n".join(log)
    assert window.table.initiative_dock.pages.currentIndex() == 1
    # new entries follow the saved ones; undo can't take the saved ones away
    window.table.act_next.trigger()
    assert window.doc.log[:3] == log and len(window.doc.log) == 4
    while window.doc.can_undo():
        window.doc.undo()
    assert window.doc.log == log


def test_e_ends_the_current_turn_and_the_status_shows_the_round(window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtTest import QTest

    window.table.initiative_dock.dice = ScriptedDice([10] * 20)
    window.table.act_start.trigger()
    enc = window.doc.encounter
    assert enc is not None
    first = window.doc.scene.token(enc.current_id)
    assert f"Round 1 · {first.label}" in window.round_label.text()
    assert not window.act_new_round.isEnabled()
    assert window.map_scene.selected_ids() == [enc.current_id]
    QTest.keyClick(window.view, Qt.Key.Key_E)
    assert window.doc.encounter.index == 1  # type: ignore[union-attr]
    QTest.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
    assert window.doc.encounter.index == 0  # type: ignore[union-attr]
