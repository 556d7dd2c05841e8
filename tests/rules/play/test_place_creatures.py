"""Placing creatures from the compendium: one command adds the creature to the scene's creatures table
and N linked tokens; undo takes both back; the scene file keeps the link and reopens to the same tokens."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules.geometry.coords import Cell
from rules.io.creature_json import creature_table_entry
from rules.io.scene_json import scene_from_json, scene_to_json
from rules.model.creature import Creature, Sense
from rules.model.scene import Attack, Token, new_scene
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.creatures import (
    PlaceCreatures,
    creature_of,
    creature_table,
    numbered_names,
    place_creatures_command,
)
from rules.play.history import History

GOBLIN = Creature(
    name="Goblin Warrior",
    system="pf2e",
    size="small",
    speed=25,
    senses=(Sense("darkvision"),),
    ac=16,
    hp=6,
    saves=(("fortitude", 5), ("reflex", 7), ("will", 3)),
    perception=2,
    skills=(("stealth", 5),),
    attacks=(Attack("Dogslicer", 8, "1d6 slashing", ("agile", "finesse")),),
    reach=5,
    level=-1,
)
OGRE = Creature(
    name="Ogre",
    system="dnd5e-2014",
    size="large",
    speed=40,
    ac=11,
    hp=59,
    abilities=(("str", 19), ("dex", 8), ("con", 16), ("int", 5), ("wis", 7), ("cha", 7)),
    attacks=(Attack("Greatclub", 6, "2d8+4 bludgeoning"),),
    cr=2,
    proficiency_bonus=2,
    xp=450,
)


def test_three_goblins_share_one_table_entry_in_one_undo_step() -> None:
    history = History(GameState(new_scene("pf2e", 10, 10)))
    command = place_creatures_command(history.state.scene, GOBLIN, 3, Cell(4, 4))
    assert command is not None
    history.execute(command)
    scene = history.state.scene
    assert [t.name for t in scene.tokens] == ["Goblin Warrior 1", "Goblin Warrior 2", "Goblin Warrior 3"]
    assert len({t.cell for t in scene.tokens}) == 3
    table = creature_table(scene)
    assert list(table) == ["goblin-warrior"]
    for t in scene.tokens:
        assert t.extra["creature"] == "goblin-warrior"
        assert creature_of(scene, t) == creature_table_entry(GOBLIN)
        assert (t.ac, t.hp, t.max_hp, t.size, t.level, t.perception) == (16, 6, 6, "small", -1, 2)
        assert dict(t.saves)["reflex"] == 7
        assert t.attacks[0].bonus == 8
    history.undo()
    assert history.state.scene.tokens == ()
    assert creature_table(history.state.scene) == {}
    history.redo()
    assert len(history.state.scene.tokens) == 3


def test_saved_scene_keeps_the_link_and_each_token_its_own_state() -> None:
    state = GameState(new_scene("pf2e", 10, 10))
    command = place_creatures_command(state.scene, GOBLIN, 2, Cell(1, 1))
    assert command is not None
    scene = command.apply(state).state.scene
    hurt = replace(scene.tokens[0], hp=2, conditions=("frightened 1",))
    scene = scene.edit(tokens=(hurt, scene.tokens[1]))
    doc = json.loads(json.dumps(scene_to_json(scene)))
    assert set(doc["creatures"]) == {"goblin-warrior"}
    first, second = doc["tokens"]
    assert first["creature"] == second["creature"] == "goblin-warrior"
    assert "attacks" not in second and "ac" not in second  # shared fields come from the table
    assert first["hp"] == 2
    back = scene_from_json(doc)
    assert back.tokens == scene.tokens
    assert back.tokens[0].conditions == ("frightened 1",)
    assert back.tokens[1].attacks == scene.tokens[1].attacks


def test_placing_again_reuses_the_entry_and_continues_the_numbers() -> None:
    state = GameState(new_scene("pf2e", 10, 10))
    for _ in range(2):
        command = place_creatures_command(state.scene, GOBLIN, 1, Cell(0, 0))
        assert command is not None
        state = command.apply(state).state
    assert list(creature_table(state.scene)) == ["goblin-warrior"]
    assert [t.name for t in state.scene.tokens] == ["Goblin Warrior", "Goblin Warrior 1"]
    assert numbered_names(state.scene, "Goblin Warrior", 2) == ["Goblin Warrior 2", "Goblin Warrior 3"]
    assert len({t.id for t in state.scene.tokens}) == 2


def test_an_edited_creature_of_the_same_name_gets_its_own_entry() -> None:
    state = GameState(new_scene("pf2e", 10, 10))
    first = place_creatures_command(state.scene, GOBLIN, 1, Cell(0, 0))
    assert first is not None
    state = first.apply(state).state
    tougher = replace(GOBLIN, hp=12)
    second = place_creatures_command(state.scene, tougher, 1, Cell(5, 5))
    assert second is not None
    assert second.creature_id == "goblin-warrior-2"
    state = second.apply(state).state
    hps = {t.extra["creature"]: t.max_hp for t in state.scene.tokens}
    assert hps == {"goblin-warrior": 6, "goblin-warrior-2": 12}
    reopened = scene_from_json(json.loads(json.dumps(scene_to_json(state.scene))))
    assert {t.extra["creature"]: t.max_hp for t in reopened.tokens} == hps


def test_refusals_leave_the_state_alone() -> None:
    state = GameState(new_scene("pf2e", 10, 10))
    assert place_creatures_command(state.scene, OGRE, 1, Cell(0, 0)) is None  # a 5e creature
    command = place_creatures_command(state.scene, GOBLIN, 1, Cell(0, 0))
    assert command is not None
    state = command.apply(state).state
    with pytest.raises(Refused, match="already on the map"):
        command.apply(state)
    clash = PlaceCreatures(
        "goblin-warrior", replace(GOBLIN, ac=20), (replace(command.tokens[0], id="other"),)
    )
    with pytest.raises(Refused, match="different creature"):
        clash.apply(state)
    with pytest.raises(Refused, match="dnd5e-2014 creature"):
        PlaceCreatures("ogre", OGRE, (Token("o", Cell(0, 0)),)).apply(state)


def test_no_room_means_no_command() -> None:
    scene = new_scene("dnd5e-2014", 1, 1)
    assert place_creatures_command(scene, OGRE, 1, Cell(0, 0)) is None  # large needs 2×2


def test_5e_placement_keeps_challenge_and_side() -> None:
    state = GameState(new_scene("dnd5e-2014", 8, 8))
    command = place_creatures_command(state.scene, OGRE, 1, Cell(2, 2), side="neutral")
    assert command is not None
    scene = command.apply(state).state.scene
    (ogre,) = scene.tokens
    assert (ogre.side, ogre.size, ogre.ac, ogre.max_hp) == ("neutral", "large", 11, 59)
    assert ogre.extra.get("xp") == 450
    back = scene_from_json(json.loads(json.dumps(scene_to_json(scene))))
    assert back.tokens[0].extra.get("xp") == 450 and back.tokens[0].side == "neutral"
