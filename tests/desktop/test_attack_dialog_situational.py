"""The attack dialog's GM input: 5e advantage with a reason, bonus rows (PF2e typed and stacked, 5e dice),
inspiration and Hero Point rerolls, and the attack count out of an encounter. Also writes the screenshot
of an attack with advantage and Bless (``shots/desktop`` or ``$FIVEFOOT_SHOTS``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from desktop.dialogs.attack_dialog import AttackDialog, parse_bonus
from desktop.document import Document
from rules.dice import ScriptedDice
from rules.play.edits import ResetMovement
from tests.desktop.test_attack_dialog import rows
from tests.rules.ascii_maps import ascii_scene

ROOT = Path(__file__).resolve().parents[2]
DUEL = """
    .....
    .Ao..
    .....
"""
PF = {
    "A": {"attacks": [{"name": "longsword", "bonus": 9, "damage": "1d8+4 slashing"}], "hero_points": 1},
    "o": {"ac": 20, "hp": 30},
}
DND = {
    "A": {"attacks": [{"name": "longsword", "bonus": 5, "damage": "1d8+3 slashing"}], "inspiration": True},
    "o": {"ac": 15, "hp": 30},
}


def open_dialog(qtbot: Any, doc: Document, dice: list[int]) -> AttackDialog:
    dialog = AttackDialog(doc, "A", "o", dice=ScriptedDice(dice))
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def first_total(dialog: AttackDialog) -> str:
    item = dialog.breakdown.topLevelItem(0)
    assert item is not None
    return item.text(1)


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_bonus_fields_read_numbers_and_dice() -> None:
    assert parse_bonus("2") == (1, 0, 2)
    assert parse_bonus("-1") == (-1, 0, 1)
    assert parse_bonus("1d4") == (1, 1, 4)
    assert parse_bonus("-2d6") == (-1, 2, 6)
    assert parse_bonus("d4") == (1, 1, 4)
    assert parse_bonus("banana") is None and parse_bonus("1d0") is None


def test_pf2e_typed_bonuses_stack_by_the_rules_and_are_listed_with_sources(qtbot: Any) -> None:
    doc = Document(ascii_scene(DUEL, "pf2e", tokens=PF))
    dialog = open_dialog(qtbot, doc, [8])
    assert not dialog.adv_row.isVisible()  # no advantage in PF2e
    click(qtbot, dialog.add_bonus_button)
    dialog.bonus_rows[0].label.setText("Aid")
    dialog.bonus_rows[0].value.setText("1")
    second = dialog.add_bonus("Aid (master)", "2", "circumstance")
    dialog.add_bonus("bless", "1", "status")
    shown = rows(dialog)
    assert ("Aid", "+1", "circumstance: GM — not applied") in shown
    assert ("Aid (master)", "+2", "circumstance: GM") in shown
    assert ("bless", "+1", "status: GM") in shown
    assert first_total(dialog) == "+12"  # 9 + 2 circumstance + 1 status
    # 8 + 12 = 20 vs AC 20: a success only thanks to the GM's bonuses
    click(qtbot, dialog.roll_button)
    assert dialog.rolled is not None and dialog.rolled.total == 20 and dialog.rolled.hit
    assert "Success" in dialog.outcome.text()
    log = doc.log[-1]
    assert "+2 Aid (master) (circumstance, GM)" in log and "doesn't stack, not applied" in log
    # removing a row changes the next preview
    click(qtbot, dialog.roll_button)  # New attack
    click(qtbot, second.remove)
    # attack 2 (out of an encounter too): 9 + 1 circumstance + 1 status − 5 multiple attack penalty
    assert dialog.attack_number.value() == 2 and first_total(dialog) == "+6"


def test_5e_advantage_with_a_reason_and_bless_die_go_into_the_command_and_the_log(qtbot: Any) -> None:
    doc = Document(ascii_scene(DUEL, "dnd5e-2024", tokens=DND))
    dialog = open_dialog(qtbot, doc, [4, 9, 3])  # d20 4 and 9, then Bless 1d4 = 3
    dialog.gm_mode.setCurrentIndex(dialog.gm_mode.findData("advantage"))
    dialog.gm_reason.setEditText("Help")
    assert dialog.d20b.isVisible()  # advantage: two dice
    dialog.add_bonus("Bless", "1d4")
    assert ("advantage", "", "Help") in rows(dialog)
    assert ("Bless", "1d4", "GM — rolled with the attack") in rows(dialog)
    click(qtbot, dialog.roll_button)
    rolled = dialog.rolled
    assert rolled is not None
    # advantage keeps the 9; 9 + 5 + 3 = 17 vs AC 15
    assert rolled.natural == 9 and rolled.total == 17 and rolled.hit
    shown = rows(dialog)
    assert ("Bless", "+3", "GM, rolled 1d4") in shown and ("attack bonus", "+5", "longsword") in shown
    assert "advantage: Help" in doc.log[-1] and "+3 Bless (GM, rolled 1d4)" in doc.log[-1]
    assert doc.log[-1].splitlines()[1].strip() == "Attack roll: d20 4 and 9 with advantage: 9 +5 +3 = 17"


def test_heroic_inspiration_reroll_keeps_the_new_die_and_spends_it(qtbot: Any) -> None:
    doc = Document(ascii_scene(DUEL, "dnd5e-2024", tokens=DND))
    dialog = open_dialog(qtbot, doc, [2, 18])
    assert dialog.reroll_button.isVisible() and not dialog.reroll_button.isEnabled()
    click(qtbot, dialog.roll_button)
    assert dialog.rolled is not None and not dialog.rolled.hit
    assert dialog.reroll_button.isEnabled()
    click(qtbot, dialog.reroll_button)
    assert dialog.rolled.natural == 18 and dialog.rolled.hit
    assert doc.scene.token("A").inspiration is False  # type: ignore[union-attr]
    assert "Heroic Inspiration to reroll: d20 2 → 18" in doc.log[-1]
    assert not dialog.reroll_button.isEnabled()
    doc.undo()
    assert doc.scene.token("A").inspiration is True  # type: ignore[union-attr]


def test_pf2e_hero_point_reroll_and_2014_inspiration(qtbot: Any) -> None:
    doc = Document(ascii_scene(DUEL, "pf2e", tokens=PF))
    dialog = open_dialog(qtbot, doc, [3, 5])
    assert "1 left" in dialog.reroll_button.text()
    click(qtbot, dialog.roll_button)
    click(qtbot, dialog.reroll_button)
    assert dialog.rolled is not None and dialog.rolled.natural == 5
    assert doc.scene.token("A").hero_points == 0  # type: ignore[union-attr]
    assert "0 left" in dialog.reroll_button.text() and not dialog.reroll_button.isEnabled()
    assert dialog.attack_number.value() == 1  # a reroll isn't another attack

    old = Document(ascii_scene(DUEL, "dnd5e-2014", tokens=DND))
    d = open_dialog(qtbot, old, [3, 16])
    assert not d.reroll_button.isVisible() and d.inspiration.isEnabled()
    d.inspiration.setChecked(True)
    assert d.d20b.isVisible()
    click(qtbot, d.roll_button)
    assert d.rolled is not None and d.rolled.natural == 16
    assert old.scene.token("A").inspiration is False  # type: ignore[union-attr]
    click(qtbot, d.roll_button)  # New attack: nothing left to spend
    assert not d.inspiration.isEnabled() and not d.inspiration.isChecked()


def test_attack_count_out_of_an_encounter(qtbot: Any) -> None:
    doc = Document(ascii_scene(DUEL, "pf2e", tokens=PF))
    dialog = open_dialog(qtbot, doc, [10, 10, 10])
    assert dialog.attack_number.value() == 1
    click(qtbot, dialog.roll_button)
    assert dialog.attack_number.value() == 1  # the attack shown
    click(qtbot, dialog.roll_button)  # New attack
    assert dialog.attack_number.value() == 2
    assert ("multiple attack penalty", "−5", "attack 2 this turn") in rows(dialog)
    dialog.attack_number.setValue(3)  # the GM may pick another
    click(qtbot, dialog.roll_button)
    assert "(attack 3 this turn)" in doc.log[-1] and dialog.attack_number.value() == 3
    click(qtbot, dialog.roll_button)
    assert dialog.attack_number.value() == 3  # two attacks so far
    doc.execute(ResetMovement(("A",)))  # End turn in free mode
    assert dialog.attack_number.value() == 1


def test_screenshot_attack_with_advantage_and_bless(qtbot: Any) -> None:
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots" / "desktop")
    folder.mkdir(parents=True, exist_ok=True)
    doc = Document(ascii_scene(DUEL, "dnd5e-2024", tokens=DND))
    dialog = open_dialog(qtbot, doc, [7, 14, 3, 5])
    dialog.gm_mode.setCurrentIndex(dialog.gm_mode.findData("advantage"))
    dialog.gm_reason.setEditText("Help (Brann)")
    dialog.add_bonus("Bless", "1d4")
    click(qtbot, dialog.roll_button)
    dialog.damage.roll_dice()
    dialog.adjustSize()
    path = folder / "17-attack-dialog-advantage-bless.png"
    assert dialog.grab().save(str(path))
    image = QImage(str(path))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 17) for y in range(0, image.height(), 17)}
    assert len(colours) > 8
    assert dialog.rolled is not None and dialog.rolled.total == 14 + 5 + 3
