"""Heal and temporary HP take dice (issue 23, item 9): "2d8+5" is rolled by the engine with the app's die
source, in one undoable step logged with its dice; a bad amount is refused where it was typed."""

from __future__ import annotations

from typing import Any

from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.model.scene import Token
from rules.play.edits import AddTokens


def _hurt(window: Any) -> Any:
    window.files.new_empty("pf2e", 6, 6)
    window.doc.execute(AddTokens((Token("ayla", Cell(2, 2), name="Ayla", hp=3, max_hp=30, pc=True),)))
    window.map_scene.select_ids(["ayla"])
    return window.inspector


def test_heal_rolls_its_dice_with_the_apps_die_source(window: Any) -> None:
    ins = _hurt(window)
    window.table.dice = ScriptedDice([4, 6])
    ins.heal_amount.setText("2d8+5")
    ins.heal_button.click()
    assert window.doc.scene.token("ayla").hp == 18  # 3 + 4 + 6 + 5
    assert "Ayla regains 15 HP (3 → 18)" in window.doc.log[-1]
    assert "rolled 2d8[4,6]+5 = 15" in window.doc.log[-1]
    window.doc.undo()
    assert window.doc.scene.token("ayla").hp == 3
    window.doc.redo()  # never rolled again (the scripted dice are used up)
    assert window.doc.scene.token("ayla").hp == 18


def test_temp_hp_takes_dice_too_and_a_bad_amount_is_refused(window: Any) -> None:
    ins = _hurt(window)
    window.table.dice = ScriptedDice([3])
    ins.heal_amount.setText("1d4+1")
    ins.temp_button.click()
    assert window.doc.scene.token("ayla").temp_hp == 4
    steps = len(window.doc.applied())
    ins.heal_amount.setText("2d")
    ins.heal_button.click()
    assert len(window.doc.applied()) == steps
    assert not ins.heal_error.isHidden() and "bad dice notation" in ins.heal_error.text()
    ins.heal_amount.setText("1d6 fire")
    ins.heal_button.click()
    assert "no damage type" in ins.heal_error.text()
    ins.heal_amount.setText("5")
    ins.heal_button.click()
    assert ins.heal_error.isHidden() and window.doc.scene.token("ayla").hp == 8
