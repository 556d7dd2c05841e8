"""The attack dialog driven like a user: choose, roll (scripted dice or typed), apply damage."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidgetItem

from desktop.dialogs.attack_dialog import AttackDialog
from desktop.document import Document
from rules.attack_damage import roll_damage, typed_damage
from rules.dice import ScriptedDice
from rules.model.state import GameState
from rules.play.turns import start_encounter
from rules.systems import system_for
from tests.rules.ascii_maps import ascii_scene, wall

# A and B flank o; a low wall between A and o gives o standard cover against A.
FLANKED = """
    .......
    ..AoB..
    .......
    .......
    .....x.
"""
PF_TOKENS = {
    "A": {"attacks": [{"name": "longsword", "bonus": 9, "damage": "1d8+4 slashing"}]},
    "B": {"attacks": [{"name": "dagger", "bonus": 7, "damage": "1d4+2 piercing", "traits": ["agile"]}]},
    "o": {"ac": 16, "hp": 30, "weaknesses": {"slashing": 2}},
    "x": {"ac": 14, "hp": 10},
}


def rows(dialog: AttackDialog) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []

    def walk(item: QTreeWidgetItem) -> None:
        out.append((item.text(0), item.text(1), item.text(2)))
        for i in range(item.childCount()):
            walk(item.child(i))

    for i in range(dialog.breakdown.topLevelItemCount()):
        item = dialog.breakdown.topLevelItem(i)
        assert item is not None
        walk(item)
    return out


def open_dialog(qtbot: Any, doc: Document, attacker: str, target: str, dice: list[int]) -> AttackDialog:
    dialog = AttackDialog(doc, attacker, target, dice=ScriptedDice(dice))
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_scripted_pf2e_attack_applies_the_engines_damage_and_counts_map(qtbot: Any) -> None:
    scene = ascii_scene(FLANKED, tokens=PF_TOKENS, walls=[wall((3, 1.2), (3, 1.8), "low")])
    state, _ = start_encounter(GameState(scene), ScriptedDice([]), rolls={"A": 20, "B": 2, "o": 1, "x": 1})
    doc = Document(state)
    dialog = open_dialog(qtbot, doc, "A", "o", [15, 6, 12])
    assert dialog.attack_number.value() == 1
    shown = rows(dialog)
    assert ("off-guard", "−2", "circumstance: flanked (with B)") in shown
    assert any(r[0] == "cover" and r[1] == "+2" and "standard cover" in r[2] for r in shown)
    assert "Flanked with B" in dialog.facts.text() and "Standard cover" in dialog.facts.text()
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    # 15 + 9 = 24 vs AC 16 − 2 off-guard + 2 cover = 16: success
    assert dialog.rolled is not None and dialog.rolled.degree == "success"  # type: ignore[union-attr]
    assert "Success" in dialog.outcome.text()
    enc = doc.encounter
    assert enc is not None and enc.attack_number("A") == 2
    # the box names the attack shown (attack 1), not the next one
    assert dialog.attack_number.value() == 1
    qtbot.mouseClick(dialog.damage.roll_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    # the engine's own answer for the same dice
    attacker = scene.token("A")
    target = scene.token("o")
    assert attacker is not None and target is not None
    formula = typed_damage("pf2e", attacker.attacks[0], True, False)
    assert formula is not None
    _roll, entries = roll_damage(formula, ScriptedDice([6]), minimum_one=True)
    outcome, _after = system_for(scene).damage(target, entries)
    after = doc.scene.token("o")
    assert after is not None and after.hp == outcome.hp == 30 - (6 + 4 + 2)
    assert not dialog.apply_button.isEnabled()
    # a new attack shows the multiple attack penalty with its source before rolling
    assert dialog.roll_button.text() == "New attack"
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    assert dialog.rolled is None and dialog.roll_button.text() == "Roll attack"
    assert dialog.attack_number.value() == 2
    assert ("multiple attack penalty", "−5", "attack 2 this turn") in rows(dialog)
    assert any("longsword: success" in e for e in doc.log)
    assert any("takes 12 damage" in e for e in doc.log)
    # undo the damage and the attack: HP and the attack count come back
    doc.undo()
    assert doc.scene.token("o").hp == 30  # type: ignore[union-attr]
    doc.undo()
    enc = doc.encounter
    assert enc is not None and enc.attack_number("A") == 1
    assert dialog.attack_number.value() == 1


def test_a_typed_physical_die_and_typed_damage(qtbot: Any) -> None:
    scene = ascii_scene(FLANKED, tokens=PF_TOKENS)
    doc = Document(scene)
    dialog = open_dialog(qtbot, doc, "A", "o", [])
    dialog.d20.setValue(20)
    qtbot.mouseClick(dialog.typed_button, Qt.MouseButton.LeftButton)
    # natural 20 and 29 vs AC 14: critical success; PF2e doubles the damage
    assert dialog.rolled is not None and dialog.rolled.degree == "critical-success"  # type: ignore[union-attr]
    assert dialog.damage.formula is not None
    assert dialog.damage.formula.render(types=False) == "(1d8+4)*2"
    dialog.damage.set_typed([18])
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    # 18 slashing + weakness 2 = 20
    assert doc.scene.token("o").hp == 10  # type: ignore[union-attr]


def test_out_of_reach_cannot_be_rolled(qtbot: Any) -> None:
    doc = Document(ascii_scene(FLANKED, tokens=PF_TOKENS))
    dialog = open_dialog(qtbot, doc, "A", "x", [])
    assert dialog.preview is None
    assert not dialog.roll_button.isEnabled()
    assert "reach" in dialog.facts.text()
    dialog.set_target("o")
    assert dialog.roll_button.isEnabled()


DND = """
    .......
    ..AoB..
    .......
"""
DND_TOKENS = {
    "A": {"attacks": [{"name": "longsword", "bonus": 5, "damage": "1d8+3 slashing"}]},
    "B": {},
    "o": {"ac": 13, "hp": 11, "conditions": ["poisoned"]},
}


def test_5e_flanking_gives_advantage_with_two_dice(qtbot: Any) -> None:
    scene = ascii_scene(DND, "dnd5e-2014", tokens=DND_TOKENS, options={"flanking": True})
    doc = Document(scene)
    dialog = open_dialog(qtbot, doc, "A", "o", [3, 17, 5])
    assert dialog.d20b.isVisible()
    assert any(r[0] == "advantage" and "flanking" in r[2] for r in rows(dialog))
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    result = dialog.rolled
    assert result is not None and result.mode == "advantage"  # type: ignore[union-attr]
    assert result.d20_used == 17 and result.hit  # type: ignore[union-attr]
    qtbot.mouseClick(dialog.damage.roll_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert doc.scene.token("o").hp == 11 - (5 + 3)  # type: ignore[union-attr]


def test_changing_the_attack_forgets_the_roll(qtbot: Any) -> None:
    doc = Document(ascii_scene(FLANKED, tokens=PF_TOKENS))
    dialog = open_dialog(qtbot, doc, "A", "o", [10])
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    assert dialog.rolled is not None
    dialog.attacker.setCurrentIndex(dialog.attacker.findData("B"))
    assert dialog.rolled is None and dialog.damage.formula is None
    assert dialog.attack.currentData() == "dagger"
