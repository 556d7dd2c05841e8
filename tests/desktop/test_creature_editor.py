"""The creature editor: loads every statistic, validates with the field named, and Add Creature… places the
result (kept in the library)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTableWidgetItem

from desktop.docks.creature_editor import CreatureEditor, blank_creature
from desktop.docks.library import MY_CREATURES, CreatureLibrary
from rules.io.creatures import import_creatures
from tests.shared_data import shared

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = shared("creature-samples")


@pytest.fixture(scope="module")
def shots() -> Path:
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots" / "desktop")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.mark.skipif(not SAMPLES.is_dir(), reason="shared creature samples are not present")
@pytest.mark.parametrize(
    "rel",
    [
        "pf2e-foundry/cloud-giant.json",
        "dnd5e-foundry/adult-red-dragon.json",
        "pathbuilder/roll20-conversion-tool__celestina-pathbuilder-export.json",
    ],
)
def test_editor_round_trips_every_statistic(qtbot, rel: str) -> None:  # type: ignore[no-untyped-def]
    (creature,) = import_creatures(SAMPLES / rel)
    editor = CreatureEditor(creature)
    qtbot.addWidget(editor)
    assert editor.creature() == creature


def test_editing_and_validation(qtbot, shots: Path) -> None:  # type: ignore[no-untyped-def]
    editor = CreatureEditor(blank_creature("pf2e"))
    qtbot.addWidget(editor)
    editor.show()
    qtbot.waitExposed(editor)
    editor.name.selectAll()
    QTest.keyClicks(editor.name, "Cinder Wolf")
    editor.size_box.setCurrentIndex(editor.size_box.findData("large"))
    editor.ac.setValue(21)
    editor.hp.setValue(70)
    editor.weaknesses.setItem(0, 0, QTableWidgetItem("cold"))
    editor.weaknesses.setItem(0, 1, QTableWidgetItem("5"))
    editor.speeds.setItem(0, 0, QTableWidgetItem("fly"))
    editor.speeds.setItem(0, 1, QTableWidgetItem("40"))
    editor.attacks.setItem(0, 0, QTableWidgetItem("Jaws"))
    editor.attacks.setItem(0, 1, QTableWidgetItem("13"))
    editor.attacks.setItem(0, 2, QTableWidgetItem("2d8+6 piercing plus 1d6 persistent fire"))
    editor.attacks.setItem(0, 3, QTableWidgetItem("reach 10, deadly d8"))
    editor.reactions.setText("Reactive Strike")
    editor.tabs.setCurrentIndex(3)
    path = shots / "42-creature-editor-attacks.png"
    assert editor.grab().save(str(path))
    assert QImage(str(path)).width() > 300
    c = editor.creature()
    assert (c.name, c.size, c.ac, c.hp) == ("Cinder Wolf", "large", 21, 70)
    assert dict(c.weaknesses) == {"cold": 5} and dict(c.speeds) == {"fly": 40}
    assert c.attacks[0].damage.endswith("persistent fire") and c.attacks[0].trait_value("reach") == "10"
    assert c.reactions == ("Reactive Strike",)
    # A bad damage formula: the dialog stays open, names the field and shows its tab.
    editor.tabs.setCurrentIndex(0)
    editor.attacks.setItem(0, 2, QTableWidgetItem("2d8+ piercing"))
    editor.accept()
    assert editor.isVisible() and editor.result_creature is None
    assert editor.error.text().startswith("attacks[0].damage:") and editor.tabs.currentIndex() == 3
    editor.attacks.setItem(0, 2, QTableWidgetItem("2d8+6 piercing"))
    editor.saves.setItem(0, 0, QTableWidgetItem("dex"))
    editor.accept()
    assert editor.error.text().startswith("saves.dex:") and editor.tabs.currentIndex() == 1
    editor.saves.setItem(0, 0, QTableWidgetItem("fortitude"))
    editor.name.clear()
    editor.accept()
    assert editor.error.text().startswith("name:") and editor.tabs.currentIndex() == 0
    editor.name.setText("Cinder Wolf")
    editor.accept()
    assert not editor.isVisible() and editor.result_creature is not None


def test_add_creature_places_it_and_keeps_it(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    before = len(window.doc.scene.tokens)
    editor = window.compendium.new_creature()
    qtbot.addWidget(editor)
    assert editor.system_key == "pf2e"  # the scene's game
    editor.name.selectAll()
    QTest.keyClicks(editor.name, "Bog Mummy")
    editor.hp.setValue(85)
    editor.accept()
    tokens = window.doc.scene.tokens
    assert len(tokens) == before + 1 and tokens[-1].name == "Bog Mummy" and tokens[-1].hp == 85
    books = {b.name: b for b in CreatureLibrary().books()}
    assert [c.name for c in books[MY_CREATURES].creatures] == ["Bog Mummy"]
    # Editing a compendium entry keeps the edit in the library too.
    dock = window.compendium.dock
    dock.search.setText("Bog Mummy")
    editor = dock.open_editor(dock.current())
    qtbot.addWidget(editor)
    editor.ac.setValue(23)
    editor.accept()
    assert dock.current() is not None and dock.current().creature.ac == 23


@pytest.mark.skipif(not SAMPLES.is_dir(), reason="shared creature samples are not present")
def test_editor_defences_screenshot(qtbot, shots: Path) -> None:  # type: ignore[no-untyped-def]
    (drake,) = import_creatures(SAMPLES / "pf2e-foundry" / "desert-drake.json")
    editor = CreatureEditor(drake)
    qtbot.addWidget(editor)
    editor.show()
    qtbot.waitExposed(editor)
    editor.tabs.setCurrentIndex(1)
    assert editor.resistances.pairs("resistances") == (("cold", 10), ("fire", 10))
    path = shots / "44-creature-editor-defences-desert-drake.png"
    assert editor.grab().save(str(path))


def test_edit_creature_of_selection_restats_every_selected_token(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    scene = window.doc.scene
    g1, g2 = scene.token("goblin-1"), scene.token("goblin-2")
    assert g1 is not None and g2 is not None and g2.hp is not None and g2.hp < (g2.max_hp or 0)
    window.map_scene.select_ids(["goblin-1", "goblin-2"])
    editor = window.compendium.edit_selection()
    assert editor is not None
    qtbot.addWidget(editor)
    assert editor.creature().ac == g1.ac and editor.creature().name == "Goblin"  # the kind, not the token
    editor.ac.setValue(18)
    editor.hp.setValue(9)
    editor.attacks.setItem(0, 1, QTableWidgetItem("9"))
    editor.accept()
    new1, new2 = window.doc.scene.token("goblin-1"), window.doc.scene.token("goblin-2")
    assert new1 is not None and new2 is not None
    assert (new1.ac, new1.hp, new1.max_hp, new1.cell, new1.name) == (18, 9, 9, g1.cell, "Goblin 1")
    assert (new2.ac, new2.hp, new2.max_hp, new2.conditions) == (18, g2.hp, 9, g2.conditions)
    assert new1.attacks[0].bonus == 9 == new2.attacks[0].bonus
    window.doc.undo()  # one step for both
    assert window.doc.scene.token("goblin-1") == g1 and window.doc.scene.token("goblin-2") == g2
    window.map_scene.select_ids([])
    assert window.compendium.edit_selection() is None
