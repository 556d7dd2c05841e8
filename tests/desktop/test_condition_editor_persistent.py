"""Persistent damage given by hand in the condition editor (issue 23, item 3): a formula and a damage
type, shown on the token, taken at the end of its turn with its DC 15 flat check (the end-of-turn prompt's
rolls)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from desktop.docks.condition_editor import ConditionEditor
from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.model.scene import PersistentDamage, Token


def test_the_editor_asks_for_a_formula_and_a_type(qtbot: Any) -> None:
    goblin = Token("goblin", Cell(3, 3), name="Goblin", hp=6, max_hp=6)
    dialog = ConditionEditor(goblin, "pf2e")
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.formula.isVisible()
    dialog.select_condition("persistent-damage")
    assert dialog.formula.isVisible() and dialog.damage_type.isVisible()
    assert not dialog.value.isVisible() and not dialog.duration.isEnabled()
    dialog.formula.setText("1d")
    dialog.add_button.click()
    assert dialog.persistent() == () and not dialog.add_error.isHidden()
    assert "Damage:" in dialog.add_error.text()
    dialog.formula.setText("2d6")
    dialog.damage_type.setCurrentIndex(dialog.damage_type.findData("acid"))
    dialog.add_button.click()
    assert dialog.add_error.isHidden()
    assert dialog.persistent() == (PersistentDamage("2d6", "acid"),)
    assert dialog.conditions() == ()  # not a bare "persistent-damage" condition
    assert dialog.listing.item(0).text() == "2d6 persistent acid"
    assert dialog.preview_item.token.persistent == (PersistentDamage("2d6", "acid"),)
    dialog.listing.setCurrentRow(0)
    dialog.remove_button.click()
    assert dialog.persistent() == ()


def test_5e_has_no_persistent_damage_pick(qtbot: Any) -> None:
    dialog = ConditionEditor(Token("a", Cell(0, 0), hp=5), "dnd5e-2024")
    qtbot.addWidget(dialog)
    assert dialog.pick.findData("persistent-damage") < 0


def test_persistent_damage_added_in_the_editor_ticks_with_its_flat_check(window: Any, qtbot: Any) -> None:
    doc = window.doc
    dock = window.table.initiative_dock
    dock.modal_dialogs = False
    dock.dice = ScriptedDice([])
    rows = dock.setup_rows()
    for i, (tid, _inc, _d20) in enumerate(rows):
        dock.set_typed(tid, d20=20 if tid == "brann" else max(1, 15 - i))
    qtbot.mouseClick(dock.start_button, Qt.MouseButton.LeftButton)
    assert doc.encounter is not None and doc.encounter.current_id == "brann"
    hp = doc.scene.token("brann").hp
    window.map_scene.select_ids(["brann"])
    ins = window.inspector
    ins.modal_dialogs = False
    dialog = ins.edit_conditions()
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.select_condition("persistent-damage")
    dialog.formula.setText("1d6")
    dialog.damage_type.setCurrentIndex(dialog.damage_type.findData("fire"))
    dialog.add_button.click()
    dialog.accept()
    assert doc.scene.token("brann").persistent == (PersistentDamage("1d6", "fire"),)
    assert ins.conditions.text() == "1d6 persistent fire"
    # Next turn: the end-of-turn prompt asks for the damage roll and the flat check
    dock.dice = ScriptedDice([4, 9])
    prompt = dock.next_turn()
    assert prompt is not None
    prompt.accept()
    brann = doc.scene.token("brann")
    assert brann.hp == hp - 4
    assert brann.persistent == (PersistentDamage("1d6", "fire"),)  # flat check 9 < 15: it continues
    assert "persistent fire" in doc.log[-1] and "15" in doc.log[-1]
    # the next of Brann's turns: a flat check of 15 ends it
    while doc.encounter.current_id != "brann":
        p = dock.next_turn()
        if p is not None:
            p.accept()
    dock.dice = ScriptedDice([2, 15])
    dock.next_turn().accept()
    assert doc.scene.token("brann").persistent == ()
