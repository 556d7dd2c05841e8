"""The attack dialog's damage by the turn rules: the 2024 knock-out for a melee attack, and a PF2e Strike's
persistent damage keeping its dice (rolled at the end of the target's turns, not now)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from desktop.dialogs.attack_dialog import AttackDialog
from desktop.document import Document
from rules.dice import ScriptedDice
from rules.model.scene import PersistentDamage
from rules.model.state import GameState
from tests.rules.ascii_maps import ascii_scene

ROOT = Path(__file__).resolve().parents[2]
BOARD = """
    .....
    .Ao..
    .....
"""


def _dialog(qtbot: Any, doc: Document, dice: list[int]) -> AttackDialog:
    dialog = AttackDialog(doc, "A", "o", dice=ScriptedDice(dice))
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_2024_knock_out_leaves_the_target_at_1_hp(qtbot: Any) -> None:
    tokens = {
        "A": {"attacks": [{"name": "maul", "bonus": 9, "damage": "2d6+4 bludgeoning"}]},
        "o": {"ac": 12, "hp": 8, "max_hp": 8},
    }
    doc = Document(GameState(ascii_scene(BOARD, "dnd5e-2024", tokens=tokens)))
    dialog = _dialog(qtbot, doc, [15, 6, 5])  # d20 15 hits; 2d6 = 11 + 4 = 15 ≥ 8 HP
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    assert dialog.rolled is not None and dialog.rolled.hit
    qtbot.mouseClick(dialog.damage.roll_button, Qt.MouseButton.LeftButton)
    assert dialog.knock_out.isVisible()
    dialog.knock_out.setChecked(True)
    assert "HP 8 → 1" in dialog.damage_preview.text()
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots" / "desktop")
    folder.mkdir(parents=True, exist_ok=True)
    assert dialog.grab().save(str(folder / "31-attack-dialog-knock-out.png"))
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    target = doc.scene.token("o")
    assert target is not None and target.hp == 1 and target.has_condition("unconscious")
    assert not target.has_condition("dead")


def test_knock_out_is_offered_only_in_2024(qtbot: Any) -> None:
    tokens = {"A": {"attacks": [{"name": "maul", "bonus": 9, "damage": "2d6+4 bludgeoning"}]}, "o": {"hp": 8}}
    doc = Document(GameState(ascii_scene(BOARD, "dnd5e-2014", tokens=tokens)))
    dialog = _dialog(qtbot, doc, [15, 6, 5])
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.damage.roll_button, Qt.MouseButton.LeftButton)
    assert not dialog.knock_out.isVisible()


def test_pf2e_persistent_damage_keeps_its_dice(qtbot: Any) -> None:
    tokens = {
        "A": {
            "attacks": [
                {"name": "flaming sword", "bonus": 12, "damage": "1d8+4 slashing plus 1d6 persistent fire"}
            ]
        },
        "o": {"ac": 15, "hp": 30, "max_hp": 30},
    }
    doc = Document(GameState(ascii_scene(BOARD, "pf2e", tokens=tokens)))
    dialog = _dialog(qtbot, doc, [12, 5, 3])  # 24 vs 15: success; 1d8 = 5 (+4); 1d6 = 3 now
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.damage.roll_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    target = doc.scene.token("o")
    assert target is not None
    assert target.hp == 21  # only the slashing now
    assert target.persistent == (PersistentDamage("1d6", "fire"),)  # the dice, not the 3 rolled
    assert "gains 1d6 persistent fire" in doc.log[-1]
