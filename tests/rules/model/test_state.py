"""`GameState` and the scene file: equality, the documented engine keys, and files of format version 1
(the landed app's, which kept the engine's state in ``Scene.extra``) still opening."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import replace

import pytest

from rules.dice import ScriptedDice
from rules.geometry.areas import AreaSpec
from rules.geometry.coords import Cell, Point
from rules.io.scene_json import PLAY_KEYS, scene_from_json, scene_from_text, scene_to_json
from rules.io.state_json import area_to_json, encounter_to_json, state_from_document, state_to_document
from rules.model.active_spells import ActiveSpell, Hazard
from rules.model.areas import PlacedArea
from rules.model.scene import FORMAT_VERSION
from rules.model.spell import DamagePart, Spell
from rules.model.state import GameState
from rules.play.turns import start_encounter
from tests.rules.play.helpers import ARENA, scene_from


def _running() -> GameState:
    state, _ = start_encounter(
        GameState(scene_from(ARENA)), ScriptedDice([]), rolls={"A": 9, "B": 8, "C": 7, "D": 6}
    )
    burst = PlacedArea("area-1", AreaSpec("burst", 10, origin=Point(2, 1)), label="Fireball", rounds_left=2)
    held = ActiveSpell("A", "Hold Person", concentration=True, level=2, effect_ids=("hold-person-b",))
    trap = Hazard(
        "trap",
        "Spikes",
        Spell("Spikes", 0, kind="ability", damage=(DamagePart("1d6", "piercing"),)),
        (Cell(1, 1),),
    )
    return replace(
        state, areas=(burst,), log=("Initiative: …", "A moves 5 ft"), spells=(held,), hazards=(trap,)
    )


def test_equality_sees_the_encounter_areas_and_log() -> None:
    scene = scene_from(ARENA)
    running = _running()
    assert GameState(scene) == GameState(scene)
    assert running != replace(running, encounter=None)
    assert replace(running, areas=()) != running
    assert replace(running, log=()) != running
    with pytest.raises(dataclasses.FrozenInstanceError):
        running.log = ()  # type: ignore[misc]


def test_the_engine_keys_are_documented_top_level_keys_and_never_extra() -> None:
    running = _running()
    doc = json.loads(json.dumps(state_to_document(running)))
    assert doc["version"] == FORMAT_VERSION == 4
    # free mode's ledgers, the roll history and the campaign are written when there are any
    assert set(PLAY_KEYS) - {"turns", "rolls", "campaign"} <= set(doc)
    assert doc["encounter"]["order"][0]["token"] == "A"
    loaded = scene_from_json(doc)
    assert not set(PLAY_KEYS) & set(loaded.extra)
    assert not set(PLAY_KEYS) & set(scene_to_json(loaded))  # the map alone carries no engine state
    read = state_from_document(doc)
    assert read.problems == ()
    assert read.state == replace(running, free=GameState(running.scene).free)


def test_a_file_saved_by_the_landed_version_still_opens() -> None:
    """Format version 1: the app wrote the scene's ``extra`` dict (``encounter``, ``areas``, ``log``)
    as unknown top-level keys. Build such a file the way that version did and open it."""
    running = _running()
    assert running.encounter is not None
    v1 = scene_to_json(running.scene)
    v1["version"] = 1
    for key in PLAY_KEYS:
        v1.pop(key, None)
    v1["encounter"] = encounter_to_json(running.encounter)
    v1["areas"] = [area_to_json(a) for a in running.areas]
    v1["log"] = list(running.log)
    v1["homebrew"] = {"kept": True}  # an unknown key stays unknown
    scene = scene_from_text(json.dumps(v1), "old.json")
    assert scene.version == FORMAT_VERSION
    assert scene.extra == {"homebrew": {"kept": True}}
    read = state_from_document(json.loads(json.dumps(v1)), "old.json")
    assert read.state.scene == scene
    assert read.problems == ()
    assert read.state.encounter == running.encounter
    assert read.state.areas == running.areas
    assert read.state.log == running.log
    # and it is written back as the current version with the same keys
    again = state_to_document(read.state)
    assert again["version"] == FORMAT_VERSION and again["homebrew"] == {"kept": True}
    assert again["encounter"] == v1["encounter"] and again["log"] == v1["log"]


def test_timed_effects_travel_in_the_saved_file() -> None:
    from rules.model import effects as timed

    running = _running()
    assert running.encounter is not None
    frightened = timed.Effect(
        "t1", "B", "frightened", 2, timed.Ends.at_turn("B", timed.END, 2), source="Demoralize"
    )
    blessed = timed.Effect("t2", "A", "Bless", None, timed.Ends.after_rounds(10, "A"), condition=False)
    saved_until = timed.Effect("t3", "C", "slowed", 1, timed.Ends.on_save("fortitude"), drops=timed.START)
    state = replace(running, encounter=replace(running.encounter, timed=(frightened, blessed, saved_until)))
    doc = json.loads(json.dumps(state_to_document(state)))
    assert [e["id"] for e in doc["encounter"]["timed"]] == ["t1", "t2", "t3"]
    read = state_from_document(doc)
    assert read.problems == ()
    assert read.state.encounter is not None
    assert read.state.encounter.timed == (frightened, blessed, saved_until)


def test_a_damaged_timed_effect_is_a_problem_not_a_crash() -> None:
    running = _running()
    doc = json.loads(json.dumps(state_to_document(running)))
    doc["encounter"]["timed"] = [{"id": "t1", "target": "B", "name": "stunned", "ends": {"kind": "forever"}}]
    read = state_from_document(doc)
    assert read.state.encounter is None
    assert any("encounter.timed[0]" in p for p in read.problems), read.problems


def test_effects_saved_by_the_first_version_open_as_persistent_damage_and_timed_conditions() -> None:
    """FiveFoot 0.1 wrote ``encounter.effects``: persistent damage with a flat check, and conditions counted
    down in rounds. They open as the token's persistent damage and as timed effects."""
    from rules.model import effects as timed

    running = _running()
    doc = json.loads(json.dumps(state_to_document(running)))
    doc["encounter"]["effects"] = [
        {
            "id": "e1",
            "token": "B",
            "name": "persistent fire",
            "damage": "1d6 fire",
            "damage_at": "end",
            "flat_dc": 15,
            "rounds": None,
            "tick": "start",
            "owner": None,
            "condition": None,
        },
        {
            "id": "e2",
            "token": "C",
            "name": "scare",
            "rounds": 2,
            "tick": "start",
            "owner": "A",
            "condition": "frightened 1",
            "damage": None,
            "damage_at": "end",
            "flat_dc": None,
        },
        {
            "id": "e3",
            "token": "D",
            "name": "burning oil",
            "damage": "1d4 fire",
            "damage_at": "start",
            "flat_dc": None,
            "rounds": 1,
            "tick": "start",
            "owner": None,
            "condition": None,
        },
    ]
    read = state_from_document(doc)
    b = read.state.scene.token("B")
    assert b is not None and [(p.damage, p.type) for p in b.persistent] == [("1d6", "fire")]
    assert read.state.encounter is not None
    (scare,) = read.state.encounter.timed
    assert (scare.target, scare.name, scare.value, scare.source) == ("C", "frightened", 1, "scare")
    assert scare.ends == timed.Ends.after_rounds(2, "A")
    assert any("encounter.effects[2]" in p and "burning oil" in p for p in read.problems), read.problems
