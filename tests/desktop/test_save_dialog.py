"""Rolling saves for a placed area: every affected creature, the engine's degrees and damage, one undo."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from desktop.docks.areas_dock import AreasDock
from desktop.docks.save_dialog import SaveDialog
from desktop.document import Document
from rules.dice import ScriptedDice
from rules.geometry.areas import AreaSpec, resolve_area
from rules.geometry.coords import Point
from rules.model.areas import PlacedArea
from rules.model.state import GameState
from rules.saves import resolve_save
from rules.systems import system_for
from rules.systems.damage import DamageEntry
from tests.rules.ascii_maps import ascii_scene, wall

# a 10-ft burst at corner (3, 2) reaches a and b; c stands behind a wall; d is far away
ROOM = """
    ........
    ..a.....
    ...b.#..
    .....c..
    .......d
"""
TOKENS = {
    "a": {"hp": 30, "saves": {"reflex": 5}},
    "b": {"hp": 12, "saves": {"reflex": 10}, "resistances": {"fire": 3}},
    "c": {"hp": 20},
    "d": {"hp": 20},
}
FIREBALL = PlacedArea(
    "area-1", AreaSpec("burst", 10, origin=Point(3, 2)), "Fireball", damage="4d6 fire", save="reflex", dc=20
)


def dialog_for(qtbot: Any, scene: Any, dice: list[int]) -> tuple[Document, SaveDialog]:
    doc = Document(GameState(scene, areas=(FIREBALL,)))
    dialog = SaveDialog(doc, "area-1", dice_source=ScriptedDice(dice))
    qtbot.addWidget(dialog)
    dialog.show()
    return doc, dialog


def test_rows_are_the_engines_affected_creatures(qtbot: Any) -> None:
    scene = ascii_scene(ROOM, tokens=TOKENS, walls=[wall((4, 3), (7, 3))])
    doc, dialog = dialog_for(qtbot, scene, [])
    assert dialog.token_ids == resolve_area(doc.scene, FIREBALL.spec).tokens == ("a", "b")
    assert dialog.save.currentData() == "reflex" and dialog.dc.value() == 20
    assert dialog.formula.text() == "4d6 fire"
    assert [r.base.value() for r in dialog.rows] == [5, 10]
    assert not dialog.apply_button.isEnabled()


def test_pf2e_basic_saves_apply_the_engines_damage_in_one_command(qtbot: Any) -> None:
    scene = ascii_scene(ROOM, tokens=TOKENS)
    # saves: a rolls 6 (11 vs 20: failure), b rolls 20 (30: critical success); damage 4d6 = 3+4+5+6
    doc, dialog = dialog_for(qtbot, scene, [6, 20, 3, 4, 5, 6])
    qtbot.mouseClick(dialog.roll_saves, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.damage.roll_button, Qt.MouseButton.LeftButton)
    assert dialog.apply_button.isEnabled()
    origin = resolve_area(doc.scene, FIREBALL.spec).origin
    entries = (DamageEntry(18, "fire"),)
    expected = {}
    for tid, d20 in (("a", 6), ("b", 20)):
        tok = doc.scene.token(tid)
        assert tok is not None
        res = resolve_save(doc.scene, tok, "reflex", 20, d20, origin=origin)
        assert dialog.results[tid] == res
        outcome, _after = system_for(doc.scene).damage(tok, entries, save=res.outcome)
        expected[tid] = outcome.hp
    assert dialog.results["a"].outcome == "failure" and dialog.results["b"].outcome == "critical-success"
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert doc.scene.token("a").hp == expected["a"] == 12  # type: ignore[union-attr]
    assert doc.scene.token("b").hp == expected["b"] == 12  # type: ignore[union-attr]
    assert doc.log[-1].startswith("Saves against Fireball: 18 fire")
    assert "Reflex d20 6" in doc.log[-1] and "critical success" in doc.log[-1]
    doc.undo()
    assert doc.scene.token("a").hp == 30  # type: ignore[union-attr]


def test_5e_save_for_half_with_typed_dice(qtbot: Any) -> None:
    scene = ascii_scene(ROOM, "dnd5e-2014", tokens={**TOKENS, "a": {"hp": 30, "saves": {"dex": 2}}})
    area = PlacedArea("area-1", AreaSpec("sphere", 10, origin=Point(3, 2)), "Fireball", damage="8d6 fire")
    doc = Document(GameState(scene, areas=(area,)))
    dialog = SaveDialog(doc, "area-1", dice_source=ScriptedDice([]))
    qtbot.addWidget(dialog)
    assert dialog.save.currentData() == "dex"
    dialog.dc.setValue(15)
    ids = dialog.token_ids
    assert "a" in ids
    for tid in ids:
        dialog.set_d20(tid, 13)  # a: 13 + 2 = 15 → success; the others have no listed modifier (0): failure
    dialog.damage.set_typed([28])
    assert dialog.results["a"].outcome == "success"
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert doc.scene.token("a").hp == 30 - 14  # type: ignore[union-attr]
    # the area remembers the save for next time
    again = SaveDialog(doc, "area-1", dice_source=ScriptedDice([]))
    qtbot.addWidget(again)
    assert (again.save.currentData(), again.dc.value(), again.formula.text()) == ("dex", 15, "8d6 fire")


def test_bad_damage_formula_is_reported(qtbot: Any) -> None:
    _doc, dialog = dialog_for(qtbot, ascii_scene(ROOM, tokens=TOKENS), [])
    dialog.formula.setText("4d6 fire +")
    assert dialog.formula_error.text() != ""
    assert dialog.damage.formula is None


def test_areas_dock_lists_removes_and_opens_saves(qtbot: Any) -> None:
    doc = Document(GameState(ascii_scene(ROOM, tokens=TOKENS), areas=(FIREBALL,)))
    dock = AreasDock(doc, dice=ScriptedDice([]))
    qtbot.addWidget(dock)
    assert dock.list.count() == 1
    assert "inside: a, b" in dock.list.item(0).text()
    dock.select("area-1")
    dialog = dock.roll_saves()
    assert dialog is not None and dialog.token_ids == ("a", "b")
    dialog.close()
    qtbot.mouseClick(dock.remove_button, Qt.MouseButton.LeftButton)
    assert dock.list.count() == 0 and dock.empty.isVisibleTo(dock)
    doc.undo()
    assert dock.list.count() == 1


def test_5e_unlisted_save_is_the_ability_modifier_as_the_save_query_says(qtbot: Any) -> None:
    """An SRD goblin (DEX 14, no saves listed) saves against a Fireball at +2, the modifier the ``save``
    query uses — not +0 (issue 23, item 2)."""
    from dataclasses import replace as dc_replace
    from pathlib import Path

    from rules.cli import answer
    from rules.io.creature_json import token_from_creature
    from rules.io.creatures.compendium import bundled_creatures

    goblin = next(
        c
        for book, c in bundled_creatures(Path(__file__).parents[2] / "assets")
        if c.name == "Goblin" and book == "SRD 5.1"
    )
    assert goblin.saves == () and dict(goblin.abilities)["dex"] == 14
    scene = ascii_scene(ROOM, "dnd5e-2014", tokens={"a": {"hp": 30}, "b": {"hp": 12, "saves": {"dex": 5}}})
    tok = token_from_creature(goblin, "goblin-1", (2, 1), "enemies")
    scene = dc_replace(scene, tokens=(tok, *(t for t in scene.tokens if t.id != "a")))
    fireball = dc_replace(FIREBALL, spec=AreaSpec("sphere", 10, origin=Point(3, 2)), save="dex", dc=15)
    doc = Document(GameState(scene, areas=(fireball,)))
    dialog = SaveDialog(doc, "area-1", dice_source=ScriptedDice([12, 12]))
    qtbot.addWidget(dialog)
    assert dialog.token_ids == ("b", "goblin-1")
    assert [r.base.value() for r in dialog.rows] == [5, 2]  # b's listed save; the goblin's DEX modifier
    assert dialog.rows[1].base.prefix() == ""
    query = answer(scene, {"q": "save", "token": "goblin-1", "save": "dex", "d20": [12, 12], "dc": 15})
    qtbot.mouseClick(dialog.roll_saves, Qt.MouseButton.LeftButton)
    assert dialog.results["goblin-1"].total == query["total"] == 14


def test_the_immunity_that_zeroes_damage_is_named_in_the_table_and_the_log(qtbot: Any) -> None:
    tokens = {**TOKENS, "b": {"hp": 12, "saves": {"reflex": 10}, "immunities": ["fire"]}}
    scene = ascii_scene(ROOM, tokens=tokens)
    doc, dialog = dialog_for(qtbot, scene, [6, 20, 3, 4, 5, 6])
    qtbot.mouseClick(dialog.roll_saves, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.damage.roll_button, Qt.MouseButton.LeftButton)
    damage_b = dialog.rows[1].cells[3]
    assert damage_b.text() == "0 (immune to fire)"
    assert "immune to fire → 0" in damage_b.toolTip()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert any(line.endswith("— immune to fire") for line in doc.log[-1].splitlines())
