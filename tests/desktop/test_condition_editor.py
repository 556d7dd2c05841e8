"""The condition editor (pick from the system's list, value, duration; badges on the token) and the
inspector's heal / temp HP buttons and by-the-rules HP edits, driven through the real widgets."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from desktop.docks.condition_editor import ConditionEditor, system_conditions
from rules.geometry.coords import Cell
from rules.model.effects import END
from rules.model.scene import PersistentDamage, Token
from tests.desktop.helpers import press, release, view_point

ROOT = Path(__file__).resolve().parents[2]


def _select(window, cell) -> None:  # type: ignore[no-untyped-def]
    press(window.view, view_point(window.view, cell))
    release(window.view, view_point(window.view, cell))


def test_system_lists_differ_by_system() -> None:
    pf2e = dict(system_conditions("pf2e"))
    assert pf2e["frightened"] is True and pf2e["off-guard"] is False and "dying" in pf2e
    five = dict(system_conditions("dnd5e-2024"))
    assert "incapacitated" in five and five["exhaustion"] is True and "off-guard" not in five


def test_editor_adds_a_valued_condition_with_a_duration_and_shows_its_badge(qtbot) -> None:  # type: ignore[no-untyped-def]
    goblin = Token("goblin", Cell(3, 3), name="Goblin", hp=6, max_hp=6, conditions=("prone",))
    dialog = ConditionEditor(goblin, "pf2e")
    qtbot.addWidget(dialog)
    dialog.select_condition("frightened")
    assert dialog.value.isEnabled()
    dialog.value.setValue(2)
    dialog.select_duration("end")
    dialog.source.setText("Demoralize")
    dialog.add_button.click()
    assert dialog.conditions() == ("prone", "frightened 2")
    (effect,) = dialog.effects()
    assert (effect.name, effect.value, effect.ends.kind, effect.ends.at) == ("frightened", 2, "turn", END)
    assert effect.source == "Demoralize"
    # the preview token carries the new condition (its badge)
    assert dialog.preview_item.token.conditions == ("prone", "frightened 2")
    assert [dialog.listing.item(i).text() for i in range(dialog.listing.count())] == ["prone", "frightened 2"]
    # an unvalued condition has no value; adding frightened again replaces the old value
    dialog.select_condition("off-guard")
    assert not dialog.value.isEnabled()
    dialog.select_duration("hand")
    dialog.add_button.click()
    dialog.select_condition("frightened")
    dialog.value.setValue(1)
    dialog.add_button.click()
    assert dialog.conditions() == ("prone", "off-guard", "frightened 1")
    dialog.listing.setCurrentRow(0)
    dialog.remove_button.click()
    assert dialog.conditions() == ("off-guard", "frightened 1")
    with pytest.raises(ValueError, match="not a pf2e condition"):
        dialog.select_condition("exhaustion")


def test_inspector_edits_conditions_through_the_editor_in_one_undo_step(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    ins = window.inspector
    _select(window, (5, 11))
    before = doc.scene.token("brann").conditions
    ins.modal_dialogs = False
    dialog = ins.edit_conditions()
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.select_condition("sickened")
    dialog.value.setValue(1)
    dialog.add_button.click()
    dialog.accept()
    assert doc.scene.token("brann").conditions == (*before, "sickened 1")
    assert "sickened" in doc.log[-1]
    assert window.map_scene.token_items["brann"].token.conditions == (*before, "sickened 1")
    doc.undo()
    assert doc.scene.token("brann").conditions == before


def test_hp_edits_and_heal_buttons_follow_the_rules(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    ins = window.inspector
    window.files.new_empty("pf2e", 6, 6)
    from rules.play.edits import AddTokens

    doc.execute(AddTokens((Token("kyra", Cell(2, 2), pc=True, hp=10, max_hp=20),)))
    window.map_scene.select_ids(["kyra"])
    ins.hp.setValue(0)  # a hand edit to 0 HP knocks a PC out: dying 1
    assert doc.scene.token("kyra").conditions == ("dying 1", "unconscious")
    ins.heal_amount.setText("5")
    ins.heal_button.click()  # healing from 0 ends dying and adds wounded 1
    kyra = doc.scene.token("kyra")
    assert kyra.hp == 5 and kyra.conditions == ("wounded 1",)
    ins.heal_amount.setText("50")
    ins.heal_button.click()
    assert doc.scene.token("kyra").hp == 20  # never above the maximum
    ins.heal_amount.setText("7")
    ins.temp_button.click()
    ins.heal_amount.setText("4")
    ins.temp_button.click()  # temporary HP don't stack: 7 stays
    assert doc.scene.token("kyra").temp_hp == 7
    doc.undo()
    doc.undo()
    assert doc.scene.token("kyra").hp == 5
    doc.undo()
    assert doc.scene.token("kyra").conditions == ("dying 1", "unconscious")


def test_screenshot_of_the_condition_editor_with_badges(qtbot) -> None:  # type: ignore[no-untyped-def]
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots" / "desktop")
    folder.mkdir(parents=True, exist_ok=True)
    hero = Token(
        "valeros",
        Cell(0, 0),
        name="Valeros",
        side="party",
        pc=True,
        hp=14,
        max_hp=24,
        conditions=("wounded 1", "off-guard"),
        persistent=(PersistentDamage("1d6", "fire"),),
    )
    dialog = ConditionEditor(hero, "pf2e")
    qtbot.addWidget(dialog)
    dialog.select_condition("frightened")
    dialog.value.setValue(2)
    dialog.select_duration("end")
    dialog.source.setText("Goblin's Demoralize")
    dialog.add_button.click()
    dialog.resize(760, 460)
    dialog.show()
    qtbot.waitExposed(dialog)
    path = folder / "24-condition-editor-with-badges.png"
    assert dialog.grab().save(str(path))
    image = QImage(str(path))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 13) for y in range(0, image.height(), 13)}
    assert len(colours) > 20, "the screenshot looks blank"


def test_hp_edit_of_a_token_without_max_hp_still_raises_it(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    window.files.new_empty("pf2e", 6, 6)
    from rules.play.edits import AddTokens

    doc.execute(AddTokens((Token("rat", Cell(1, 1), hp=4),)))
    window.map_scene.select_ids(["rat"])
    window.inspector.hp.setValue(9)
    rat = doc.scene.token("rat")
    assert (rat.hp, rat.max_hp) == (9, 9)
