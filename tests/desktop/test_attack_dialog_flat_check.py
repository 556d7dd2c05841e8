"""The attack dialog shows and rolls the PF2e flat check the engine asks for (concealed DC 5, hidden DC
11): typed or rolled with the attack, and a failed one explained as a miss; the screenshot is written for a
person to look at."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from desktop.dialogs.attack_dialog import AttackDialog
from desktop.document import Document
from rules.dice import ScriptedDice
from rules.model.state import GameState
from rules.play.turns import start_encounter
from tests.rules.ascii_maps import ascii_scene

ROOT = Path(__file__).resolve().parents[2]
PICTURE = """
    .....
    .Ao..
    .....
"""


def _doc(condition: str | None) -> Document:
    tokens = {
        "A": {"name": "Valeros", "attacks": [{"name": "longsword", "bonus": 9, "damage": "1d8+4 slashing"}]},
        "o": {"name": "Goblin", "ac": 16, "hp": 30, "conditions": [condition] if condition else []},
    }
    scene = ascii_scene(PICTURE, tokens=tokens)
    state, _ = start_encounter(GameState(scene), ScriptedDice([]), rolls={"A": 20, "o": 1})
    return Document(state)


def _dialog(qtbot: Any, doc: Document, dice: list[int]) -> AttackDialog:
    dialog = AttackDialog(doc, "A", "o", dice=ScriptedDice(dice))
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_a_concealed_target_shows_the_flat_check_and_a_failed_one_misses(qtbot: Any) -> None:
    doc = _doc("concealed")
    dialog = _dialog(qtbot, doc, [])
    assert dialog.flat_row.isVisibleTo(dialog)
    assert "DC 5" in dialog.flat_label.text() and "concealed" in dialog.flat_label.text()
    dialog.d20.setValue(17)
    dialog.flat_d20.setValue(3)  # the GM's physical die: below DC 5
    dialog.use_typed_die()
    assert dialog.rolled is not None and not dialog.rolled.hit
    assert "flat check failed" in dialog.outcome.text().lower()
    assert "failed — the Strike misses" in dialog.flat_label.text()
    assert "the Strike misses" in doc.log[-1]
    assert not dialog.flat_d20.isEnabled()
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    assert dialog.grab().save(str(folder / "attack-dialog-flat-check.png"))


def test_the_app_rolls_the_flat_check_with_the_attack(qtbot: Any) -> None:
    doc = _doc("hidden")
    dialog = _dialog(qtbot, doc, [15, 12])  # the attack's d20, then the flat check's
    assert "DC 11" in dialog.flat_label.text()
    dialog.roll_attack()
    assert dialog.flat_d20.value() == 12
    assert dialog.rolled is not None and dialog.rolled.hit
    assert "passed" in dialog.flat_label.text()


def test_an_observed_target_has_no_flat_check(qtbot: Any) -> None:
    dialog = _dialog(qtbot, _doc(None), [])
    assert not dialog.flat_row.isVisibleTo(dialog)
