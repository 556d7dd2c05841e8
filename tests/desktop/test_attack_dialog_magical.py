"""The attack dialog's "Magical" toggle (5e): it starts as the attack says and decides whether the damage
gets past the target's resistance to nonmagical damage, in the preview and in the applied damage."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from desktop.dialogs.attack_dialog import AttackDialog
from desktop.document import Document
from rules.dice import ScriptedDice
from rules.model.state import GameState
from tests.rules.ascii_maps import ascii_scene

ROOM = """
    ......
    ..Av..
    ......
"""
TOKENS = {
    "A": {
        "attacks": [
            {"name": "Longsword", "bonus": 7, "damage": "1d8+4 slashing"},
            {"name": "Flame Tongue", "bonus": 7, "damage": "1d8+4 slashing", "magical": True},
        ]
    },
    "v": {"ac": 10, "hp": 60, "resistances": [{"type": "slashing", "unless": "magical"}]},
}


def _dialog(qtbot: Any, system: str, dice: list[int]) -> tuple[Document, AttackDialog]:
    tokens = TOKENS if system != "pf2e" else {**TOKENS, "v": {"ac": 10, "hp": 60}}
    doc = Document(GameState(ascii_scene(ROOM, system, tokens=tokens)))
    dialog = AttackDialog(doc, "A", "v", dice=ScriptedDice(dice))
    qtbot.addWidget(dialog)
    dialog.show()
    return doc, dialog


def test_a_magical_attack_gets_past_nonmagical_resistance(qtbot: Any) -> None:
    doc, dialog = _dialog(qtbot, "dnd5e-2014", [15, 6])
    assert dialog.magical.isVisible() and not dialog.magical.isChecked()
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.damage.roll_button, Qt.MouseButton.LeftButton)
    assert "resistance 5" in dialog.damage_preview.text()  # 6 + 4 = 10, halved
    dialog.magical.setChecked(True)  # the GM says this sword is magic
    assert "magical — no slashing resistance" in dialog.damage_preview.text()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert doc.scene.token("v").hp == 50  # type: ignore[union-attr]
    # an attack marked magical starts with the toggle on
    dialog.set_attack("Flame Tongue")
    assert dialog.magical.isChecked()
    dialog.set_attack("Longsword")
    assert not dialog.magical.isChecked()


def test_pf2e_has_no_magical_toggle(qtbot: Any) -> None:
    _doc, dialog = _dialog(qtbot, "pf2e", [15])
    assert not dialog.magical.isVisible()
    assert not dialog.is_magical()
