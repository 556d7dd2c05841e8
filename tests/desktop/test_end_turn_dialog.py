"""The end-of-turn prompt, through the initiative dock and the Document: persistent damage rolled in the
app or typed in, its flat check, a dying PC's recovery check at the start of its turn; every step undoes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from desktop.docks.end_turn_dialog import EndTurnDialog
from desktop.docks.initiative_dock import InitiativeDock
from rules.dice import ScriptedDice
from rules.model.scene import PersistentDamage
from rules.play.effects import Heal
from rules.play.table import DealDamage
from rules.systems.damage import DamageEntry
from tests.desktop.table_helpers import make_view
from tests.rules.ascii_maps import ascii_scene

ROOT = Path(__file__).resolve().parents[2]
BOARD = """
    ........
    ..Ao....
    .B......
    .....c..
"""
TOKENS = {
    "A": {"name": "Amiri", "pc": True, "hp": 20},
    "o": {"name": "Goblin", "hp": 12},
    "c": {"name": "Kyra", "pc": True, "hp": 12},
    "B": {"name": "Bandit", "hp": 20},
}
ROLLS = {"A": 18, "o": 12, "c": 9, "B": 5}  # order A, o, c, B
FIRE = (PersistentDamage("1d6", "fire"),)


def started(qtbot: Any, dice: list[int], system: str = "pf2e") -> tuple[Any, InitiativeDock]:
    scene = ascii_scene(BOARD, system, tokens=TOKENS)
    doc, _map_scene, _view = make_view(qtbot, scene)
    dock = InitiativeDock(doc, dice=ScriptedDice(dice))
    dock.modal_dialogs = False  # type: ignore[attr-defined]
    qtbot.addWidget(dock)
    dock.show()
    for tid, d20 in ROLLS.items():
        dock.set_typed(tid, d20)
    qtbot.mouseClick(dock.start_button, Qt.MouseButton.LeftButton)
    return doc, dock


def _goblins_turn(doc: Any, dock: InitiativeDock) -> None:
    """Round 1: Amiri's turn passes; on the goblin's turn its fire attack leaves Amiri 1d6 persistent fire
    and it drops Kyra (dying 1), whose initiative moves to directly before the goblin's turn."""
    assert dock.next_turn() is None  # nothing to roll: Amiri → Goblin
    assert doc.encounter.current_id == "o"
    doc.execute(DealDamage("A", (DamageEntry(2, "slashing"),), persistent=FIRE))
    assert doc.scene.token("A").hp == 18 and doc.scene.token("A").persistent == FIRE
    doc.execute(DealDamage("c", (DamageEntry(20, "slashing"),)))
    assert doc.scene.token("c").condition_value("dying") == 1
    assert [c.token_id for c in doc.encounter.order] == ["A", "c", "o", "B"]
    assert doc.encounter.current_id == "o"  # the goblin keeps its turn


def test_a_round_with_persistent_fire_and_a_dying_pc(qtbot: Any) -> None:
    # The app's dice: 1d6 fire rolls 4, its flat check 9, Kyra's recovery check 13.
    doc, dock = started(qtbot, [4, 9, 13])
    _goblins_turn(doc, dock)
    assert dock.next_turn() is None  # Goblin → Bandit: nothing to roll
    assert dock.next_turn() is None  # Bandit → round 2, Amiri
    assert (doc.encounter.round, doc.encounter.current_id) == (2, "A")
    before = doc.state
    dialog = dock.next_turn()  # Amiri's fire, then Kyra's recovery check
    assert isinstance(dialog, EndTurnDialog) and dialog.isVisible()
    assert doc.state == before  # nothing happens until the GM confirms
    # The app rolled every field; the GM types the table's flat check (17) over the app's 9.
    assert dialog.rows[0].amount is not None and dialog.rows[0].amount.value() == 4
    assert dialog.rows[0].flat.value() == 9
    assert dialog.start_d20 is not None and dialog.start_d20.value() == 13
    dialog.set_persistent("fire", flat=17)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    amiri, kyra = doc.scene.token("A"), doc.scene.token("c")
    assert amiri.hp == 14 and amiri.persistent == ()  # 4 fire, then 17 vs DC 15 ends it
    assert not kyra.has_condition("dying") and kyra.condition_value("wounded") == 1  # 13 vs DC 11
    assert doc.encounter.current_id == "c"
    log = "\n".join(doc.log)
    assert "flat check for 1d6 persistent fire: 17 vs DC 15" in log and "recovery check: 13 vs DC 11" in log
    # Undo takes the whole advance back; redo brings it again without rolling (the dice are spent).
    after = doc.state
    doc.undo()
    assert doc.state == before
    doc.redo()
    assert doc.state == after
    # The round goes on; Kyra is healed and stands up.
    doc.execute(Heal("c", 6))
    assert doc.scene.token("c").hp == 6 and not doc.scene.token("c").has_condition("unconscious")
    assert dock.next_turn() is None and dock.next_turn() is None
    assert (doc.encounter.round, doc.encounter.current_id) == (2, "B")


def test_cancel_leaves_the_turn_and_5e_asks_for_the_death_save(qtbot: Any) -> None:
    doc, dock = started(qtbot, [11, 6], "dnd5e-2014")
    dock.next_turn()
    doc.execute(DealDamage("c", (DamageEntry(14, "slashing"),)))  # Kyra at 0 HP: death saves
    before = doc.state
    dialog = dock.next_turn()
    assert dialog is not None and dialog.rows == [] and dialog.start_d20 is not None
    assert dialog.start_d20.value() == 11
    dialog.reject()
    assert doc.state == before
    dialog = dock.next_turn()
    assert dialog is not None and dialog.start_d20 is not None and dialog.start_d20.value() == 6
    dialog.accept()
    assert doc.scene.token("c").death_saves == (0, 1)  # 6: a failure
    assert "death save: 6, failure" in doc.log[-1]


def test_screenshot_of_the_end_of_turn_prompt(qtbot: Any) -> None:
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots" / "desktop")
    folder.mkdir(parents=True, exist_ok=True)
    doc, dock = started(qtbot, [4, 9, 13])
    _goblins_turn(doc, dock)
    dock.next_turn()
    dock.next_turn()
    dialog = dock.next_turn()
    assert dialog is not None
    dialog.show()
    qtbot.waitExposed(dialog)
    path = folder / "30-end-of-turn-prompt.png"
    assert dialog.grab().save(str(path))
    assert path.stat().st_size > 0


def test_hero_points_are_shown_and_spent_to_avoid_death(qtbot: Any) -> None:
    from rules.play.rolls import SetHeroPoints

    doc, dock = started(qtbot, [4, 9, 13])
    _goblins_turn(doc, dock)
    doc.execute(SetHeroPoints("c", 2))
    assert dock.next_turn() is None and dock.next_turn() is None  # round 2, Amiri
    dialog = dock.next_turn()  # Amiri's fire, then Kyra dying
    assert isinstance(dialog, EndTurnDialog)
    shown = dialog.findChild(QLabel, "heroPointsShown")
    assert shown is not None and "Kyra has 2" in shown.text()
    assert dialog.spend_hero is not None
    dialog.spend_hero.setChecked(True)
    assert dialog.start_d20 is not None and not dialog.start_d20.isEnabled()
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    assert dialog.grab().save(str(folder / "end-turn-hero-points.png"))
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    kyra = doc.scene.token("c")
    assert not kyra.has_condition("dying") and (kyra.hero_points or 0) == 0
    assert kyra.condition_value("wounded") == 0  # heroic recovery: wounded doesn't rise
