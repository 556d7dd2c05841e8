"""Add Token starts from a compendium entry (a searchable pick list) or a blank creature; compendium
placement links the tokens to the scene's creatures table (one undo step, saved with the scene)."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from desktop.dialogs.token_form import BLANK, TokenForm
from rules.geometry.coords import Cell
from rules.io.scene_json import scene_from_json, scene_to_json
from rules.play.creatures import PlaceCreatures, creature_table
from rules.play.edits import AddTokens


def _pf2e_entry(window: Any, name: str) -> Any:
    return next(e for e in window.compendium.dock.entries if e.creature.name == name and e.creature.is_pf2e)


def test_the_form_lists_only_the_scenes_game_and_filters_as_you_type(window: Any, qtbot: Any) -> None:
    form = window.add_token_at(Cell(12, 18))
    assert isinstance(form, TokenForm)
    assert form.pick.item(0).text() == BLANK and form.creature() is None
    assert all(c.is_pf2e for _book, c in form.entries)  # the PF2e demo: no 5e monsters offered
    assert form.pick.count() == len(form.entries) + 1
    QTest.keyClicks(form.search, "goblin")
    shown = [form.pick.item(i).text() for i in range(1, form.pick.count())]
    assert shown and all("goblin" in s.lower() for s in shown)
    assert form.creature() is not None and "goblin" in form.creature().name.lower()  # first match picked
    form.reject()


def test_picking_an_entry_places_linked_tokens_in_one_undo_step(window: Any, qtbot: Any) -> None:
    ogre = _pf2e_entry(window, "Ogre").creature
    before = window.doc.scene.tokens
    form = window.add_token_at(Cell(12, 18))
    assert form.select_creature("Ogre")
    # the boxes show the creature's statistics and can't be edited; the count can
    assert (form.hp.value(), form.ac.value(), form.size_box.currentData()) == (ogre.hp, ogre.ac, "large")
    assert not form.hp.isEnabled() and form.count.isEnabled()
    form.count.setValue(2)
    form.side.set_side("neutral")
    assert isinstance(form.command(window.doc.scene), PlaceCreatures)
    with qtbot.waitSignal(form.accepted, timeout=1000):
        QTest.keyClick(form.search, Qt.Key.Key_Return)
    scene = window.doc.scene
    new = scene.tokens[len(before) :]
    assert [t.name for t in new] == ["Ogre 1", "Ogre 2"]
    assert {t.side for t in new} == {"neutral"} and {t.max_hp for t in new} == {ogre.hp}
    (cid,) = {t.extra["creature"] for t in new}
    assert creature_table(scene)[cid]["name"] == "Ogre"
    assert sorted(window.map_scene.selected_ids()) == sorted(t.id for t in new)
    doc = json.loads(json.dumps(scene_to_json(scene)))
    assert cid in doc["creatures"]
    saved = [t for t in doc["tokens"] if t.get("creature") == cid]
    assert len(saved) == 2 and all("attacks" not in t for t in saved)  # shared through the table
    assert scene_from_json(doc).tokens == scene.tokens
    window.doc.undo()
    assert window.doc.scene.tokens == before and cid not in creature_table(window.doc.scene)


def test_a_blank_creature_is_the_quick_form(window: Any, qtbot: Any) -> None:
    before = len(window.doc.scene.tokens)
    form = window.add_token_at(Cell(12, 18))
    assert form.hp.isEnabled() and not form.count.isEnabled()
    form.name.setText("Bandit")
    form.hp.setValue(22)
    command = form.command(window.doc.scene)
    assert isinstance(command, AddTokens) and "creature" not in command.tokens[0].extra
    form.accept()
    (bandit,) = window.doc.scene.tokens[before:]
    assert (bandit.name, bandit.hp, bandit.side) == ("Bandit", 22, "enemies")


def test_compendium_placement_refers_to_one_table_entry(window: Any) -> None:
    goblin = _pf2e_entry(window, "Goblin").creature
    ids = window.compendium.place(goblin, 3, Cell(12, 18))
    assert len(ids) == 3
    scene = window.doc.scene
    links = {scene.token(i).extra["creature"] for i in ids}
    assert len(links) == 1 and list(creature_table(scene)) == list(links)
    window.doc.undo()
    assert creature_table(window.doc.scene) == {}
