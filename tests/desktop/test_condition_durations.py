"""Durations chosen in the condition editor tick in the running encounter: the inspector executes one
`EditConditions` step, the timed effect ends on time at a turn advance, and undo takes it all back."""

from __future__ import annotations

from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.model.scene import Token
from rules.play.edits import AddTokens
from rules.play.turns import NextTurn, StartEncounter


def test_until_the_end_of_its_next_turn_given_on_its_own_turn(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    ins = window.inspector
    window.files.new_empty("pf2e", 6, 6)
    doc.execute(
        AddTokens(
            (
                Token("kyra", Cell(1, 1), name="Kyra", pc=True, hp=20, max_hp=20),
                Token("gob", Cell(3, 3), name="Goblin", hp=10, max_hp=10),
            )
        )
    )
    doc.execute(StartEncounter(rolls=(("kyra", 20), ("gob", 5)), dice=ScriptedDice([])))
    window.map_scene.select_ids(["kyra"])
    ins.modal_dialogs = False
    dialog = ins.edit_conditions()
    assert dialog is not None and dialog.own_turn  # it is Kyra's turn
    qtbot.addWidget(dialog)
    dialog.select_condition("off-guard")
    dialog.select_duration("end")
    dialog.add_button.click()
    before = doc.state
    dialog.accept()
    enc = doc.encounter
    assert enc is not None and [e.name for e in enc.timed] == ["off-guard"]
    assert doc.scene.token("kyra").has_condition("off-guard")
    doc.execute(NextTurn(ScriptedDice([])))  # this turn's end: not yet
    assert doc.scene.token("kyra").has_condition("off-guard")
    doc.execute(NextTurn(ScriptedDice([])))  # round 2, Kyra's turn
    doc.execute(NextTurn(ScriptedDice([])))  # the end of her next turn: it ends
    assert not doc.scene.token("kyra").has_condition("off-guard")
    assert doc.encounter is not None and doc.encounter.timed == ()
    assert any("off-guard on kyra ends" in line for line in doc.log)
    for _ in range(4):
        doc.undo()
    assert doc.state == before
