"""The compendium's spells tab and the creature editor's spells (issue 25, item 4): the list is the system's
bundled SRD spells, filtered by text, level and class; a spell given to a selected creature is the engine's
GiveSpells (one undo step) and appears in its spell list; the editor adds, re-prices and removes spells."""

from __future__ import annotations

from typing import Any

from desktop.docks.creature_editor import CreatureEditor
from rules.io.bundled_spells import bundled_spells, find_bundled
from rules.model.creature import Creature
from rules.model.spell import SpellUses


def test_the_spells_tab_lists_and_filters_the_systems_spells(window: Any) -> None:
    dock = window.compendium.dock
    dock.set_scene_system("dnd5e-2014")
    tab = dock.spell_list()
    assert len(tab.spells) >= len(bundled_spells("dnd5e-2014"))
    tab.search.setText("fireball")
    found = tab.visible_spells()
    assert found[0].name == "Fireball"  # the name first, then the spells whose text names it
    assert all("fireball" in f"{s.name} {s.text}".lower() for s in found)
    assert "20-foot-radius sphere" in tab.text.toPlainText()
    tab.search.setText("")
    tab.low.setValue(9)
    assert tab.visible_spells() and all(s.level == 9 for s in tab.visible_spells())
    tab.low.setValue(0)
    tab.group.setCurrentIndex(tab.group.findData("cleric"))
    shown = tab.visible_spells()
    assert shown and "Fireball" not in [s.name for s in shown]
    assert all("cleric" in s.extra.get("classes", []) for s in shown)


def test_give_a_compendium_spell_to_the_selected_creature(window: Any) -> None:
    doc = window.doc
    token = doc.scene.tokens[0]
    dock = window.compendium.dock
    dock.set_scene_system("dnd5e-2024")
    tab = dock.spell_list()
    tab.search.setText("fireball")
    window.map_scene.select_ids([token.id])
    tab.give_button.click()
    got = doc.scene.token(token.id)
    assert got is not None and got.spell("Fireball") == find_bundled("dnd5e-2024", "Fireball")
    assert doc.log[-1].endswith("now has Fireball")
    doc.undo()
    assert doc.scene.token(token.id).spell("Fireball") is None


def test_the_creature_editor_adds_prices_and_removes_spells(qtbot: Any) -> None:
    fireball = find_bundled("dnd5e-2014", "Fireball")
    bolt = find_bundled("dnd5e-2014", "Fire Bolt")
    assert fireball is not None and bolt is not None
    mage = Creature("Mage", "dnd5e-2014", spells=(bolt,), spell_dc=14, spell_slots=((1, 4),))
    editor = CreatureEditor(mage, "dnd5e-2014")
    qtbot.addWidget(editor)
    editor.spells_tab.set_choices(bundled_spells("dnd5e-2014"))
    editor.spells_tab.add_box.setEditText("Fireball")
    assert editor.spells_tab.add_chosen()
    editor.spells_tab.uses_kind.setCurrentIndex(editor.spells_tab.uses_kind.findData("per-day"))
    editor.spells_tab._set_uses()
    editor.spells_tab.uses_count.setValue(3)
    editor.spells_tab.slots.setText("1:4, 2:3, 3:2")
    made = editor.creature()
    assert [s.name for s in made.spells] == ["Fire Bolt", "Fireball"]
    assert [s.uses for s in made.spells if s.name == "Fireball"] == [SpellUses("per-day", 3)]
    assert made.spell_slots == ((1, 4), (2, 3), (3, 2)) and made.spell_dc == 14
    editor.spells_tab.list.setCurrentRow(0)
    editor.spells_tab.remove_current()
    assert [s.name for s in editor.creature().spells] == ["Fireball"]
    editor.spells_tab.slots.setText("three slots")
    editor.accept()
    assert editor.result_creature is None and "spell_slots" in editor.error.text()
    assert editor.tabs.currentWidget() is editor.spells_tab


def test_the_creature_editor_makes_a_new_ability(qtbot: Any) -> None:
    from rules.model.spell import DamagePart, SpellArea, SpellSave

    editor = CreatureEditor(Creature("Lizard", "dnd5e-2014"), "dnd5e-2014")
    qtbot.addWidget(editor)
    tab = editor.spells_tab
    assert tab.ability_save.findData("dex") >= 0 and tab.ability_save.findData("reflex") < 0
    tab.ability_name.setText("Acid Spit")
    tab.ability_shape.setCurrentIndex(tab.ability_shape.findData("line"))
    tab.ability_feet.setValue(30)
    tab.ability_save.setCurrentIndex(tab.ability_save.findData("dex"))
    tab.ability_dc.setValue(13)
    tab.ability_damage.setText("4dd6 acid")
    assert not tab.add_ability() and tab.ability_error.text()  # the dice are refused, nothing added
    tab.ability_damage.setText("4d6 acid")
    assert tab.add_ability()
    tab.uses_kind.setCurrentIndex(tab.uses_kind.findData("recharge"))
    tab._set_uses()
    tab.uses_count.setValue(5)
    (spit,) = editor.creature().spells
    assert spit.kind == "ability" and spit.area == SpellArea("line", 30) and spit.dc == 13
    assert spit.save == SpellSave("dex") and spit.damage == (DamagePart("4d6", "acid"),)
    assert spit.uses == SpellUses("recharge", recharge=5)
    # another system offers its own saves
    editor.system.setCurrentIndex(editor.system.findData("pf2e"))
    assert tab.ability_save.findData("reflex") >= 0
