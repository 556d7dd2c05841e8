"""The creature model: validation with clear errors, creature JSON round trips, token fields, and the
scene link (tokens referencing a shared creature, with their own state on top)."""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import SceneError
from rules.io.creature_json import (
    creature_from_json,
    creature_table_entry,
    creature_to_json,
    creature_to_token,
    creature_token_fields,
)
from rules.io.creature_table import compact_token_json, link_tokens
from rules.io.scene_json import _TOKEN_KEYS
from rules.model.creature import Creature, CreatureError, Sense, TextAbility, unique_token_ids
from rules.model.scene import Attack

GOBLIN = Creature(
    name="Goblin Warrior",
    system="pf2e",
    size="small",
    speed=25,
    speeds=(("climb", 10),),
    senses=(Sense("darkvision"), Sense("scent", 30, "imprecise")),
    ac=16,
    hp=6,
    saves=(("fortitude", 5), ("reflex", 7), ("will", 3)),
    perception=2,
    ability_mods=(("str", 0), ("dex", 3)),
    skills=(("stealth", 5),),
    weaknesses=(("cold-iron", 2),),
    resistances=(("fire", 1),),
    attacks=(
        Attack("Dogslicer", 8, "1d6 slashing", ("agile", "backstabber", "finesse")),
        Attack("Shortbow", 8, "1d6 piercing", ("deadly d10",), 60),
    ),
    reach=5,
    reactions=("Goblin Scuttle",),
    level=-1,
    traits=("goblin", "humanoid"),
    type="humanoid",
    abilities_text=(TextAbility("Goblin Scuttle", "Step when an ally ends a move adjacent.", "reaction"),),
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
    senses=(Sense("darkvision", 60),),
    resistances=(("fire", 0),),
    vulnerabilities=("cold",),
)


def scene(tokens: list[Any], creatures: dict[str, Any] | None = None, system: str = "pf2e") -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": system,
        "grid": {"width": 10, "height": 10},
        "tokens": tokens,
    }
    if creatures is not None:
        doc["creatures"] = creatures
    return doc


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"name": " "}, "name"),
        ({"system": "dnd4e"}, "system"),
        ({"size": "enormous"}, "size"),
        ({"speed": -5}, "speed"),
        ({"speeds": (("teleport", 30),)}, "speeds.teleport"),
        ({"hp": -1}, "hp"),
        ({"saves": (("str", 3),)}, "saves.str"),
        ({"attacks": (Attack("Claw", 5, "1d6"), Attack("claw", 5, "1d4"))}, "attacks[1].name"),
        ({"attacks": (Attack("Claw", 5, "1dx6 slashing"),)}, "attacks[0].damage"),
        ({"attacks": (Attack("Bow", 5, "1d6", (), None, (), (80, 20)),)}, "attacks[0].range"),
        ({"reach": -5}, "reach"),
        ({"level": 500}, "level"),
        ({"cr": -1.0}, "cr"),
        ({"weaknesses": (("fire", 5), ("fire", 3))}, "weaknesses.fire"),
    ],
)
def test_validation_names_the_field(change: dict[str, Any], field: str) -> None:
    with pytest.raises(CreatureError) as info:
        replace(GOBLIN, **change)
    assert info.value.field == field
    assert str(info.value).startswith(f"{field}: ")


@pytest.mark.parametrize(
    "creature",
    [
        GOBLIN,
        OGRE,
        replace(OGRE, cr=0.0, xp=10, speed=0, speeds=(("fly", 30),)),
        replace(GOBLIN, level=0, ac=0),
    ],
    ids=["pf2e", "5e", "5e-zeros", "pf2e-zeros"],
)
def test_creature_json_round_trips(creature: Creature) -> None:
    assert creature_from_json(creature_to_json(creature)) == creature
    assert creature_from_json(creature_to_json(creature, compact=True)) == creature


def test_bad_creature_json_names_the_path() -> None:
    doc = creature_to_json(GOBLIN)
    doc["attacks"][1]["bonus"] = "eight"
    with pytest.raises(SceneError, match=r"lib.json: creatures\.gob\.attacks\[1\]\.bonus"):
        creature_from_json(doc, "lib.json", "creatures.gob")
    doc = creature_to_json(GOBLIN)
    doc["size"] = "colossal"
    with pytest.raises(SceneError, match=r"size: 'colossal' is not one of"):
        creature_from_json(doc)


def test_token_fields_follow_the_protocol() -> None:
    pf = creature_token_fields(GOBLIN)
    assert pf["senses"] == ["darkvision", "scent 30"]
    assert pf["weaknesses"] == {"cold-iron": 2} and pf["resistances"] == {"fire": 1}
    assert pf["perception"] == 2 and pf["level"] == -1 and "abilities" not in pf
    assert pf["attacks"][1]["range_increment"] == 60
    five = creature_token_fields(OGRE)
    assert five["senses"] == {"darkvision": 60}
    assert five["abilities"]["str"] == 19 and five["proficiency_bonus"] == 2
    assert five["resistances"] == ["fire"] and five["vulnerabilities"] == ["cold"]
    assert "perception" not in five and five["xp"] == 450


def test_several_tokens_share_one_creature_with_their_own_state() -> None:
    from rules.io.scene_json import scene_from_json, scene_to_json

    table = {"goblin": creature_table_entry(GOBLIN)}
    tokens = [
        {"id": "g1", "cell": [0, 0], "side": "enemies", "creature": "goblin"},
        {
            "id": "g2",
            "cell": [2, 0],
            "side": "enemies",
            "creature": "goblin",
            "hp": 2,
            "conditions": ["frightened 1"],
        },
        {"id": "g3", "cell": [4, 0], "side": "enemies", "creature": "goblin", "name": "Boss", "ac": 18},
    ]
    loaded = scene_from_json(scene(tokens, table))
    g1, g2, g3 = (loaded.token(t) for t in ("g1", "g2", "g3"))
    assert g1 is not None and g2 is not None and g3 is not None
    assert (g1.ac, g1.hp, g1.max_hp, g1.size, g1.name) == (16, 6, 6, "small", "Goblin Warrior")
    assert [a.name for a in g1.attacks] == ["Dogslicer", "Shortbow"] == [a.name for a in g2.attacks]
    assert (g2.hp, g2.max_hp, g2.conditions) == (2, 6, ("frightened 1",))
    assert (g3.ac, g3.name, g3.perception, g3.level) == (18, "Boss", 2, -1)
    assert dict(g1.saves) == {"fortitude": 5, "reflex": 7, "will": 3}
    # Saving keeps the link and writes only what differs from the creature.
    saved = scene_to_json(loaded)
    assert saved["creatures"] == table
    by_id = {t["id"]: t for t in saved["tokens"]}
    assert by_id["g1"]["creature"] == "goblin" and "attacks" not in by_id["g1"] and "ac" not in by_id["g1"]
    assert by_id["g2"]["hp"] == 2 and by_id["g3"]["ac"] == 18 and by_id["g3"]["name"] == "Boss"
    assert scene_from_json(saved) == loaded


def test_a_token_naming_an_unknown_creature_is_an_error() -> None:
    from rules.io.scene_json import scene_from_json

    tokens = [{"id": "g1", "cell": [0, 0], "creature": "orc"}]
    with pytest.raises(
        SceneError, match=r"tokens\[0\]\.creature: 'orc' is not in the scene's creatures table"
    ):
        scene_from_json(scene(tokens, {}))
    bad = {"gob": {**creature_table_entry(GOBLIN), "hp": "lots"}}
    with pytest.raises(SceneError, match=r"creatures\.gob\.hp"):
        scene_from_json(scene(tokens, bad))
    with pytest.raises(SceneError, match=r"creatures: expected an object"):
        link_tokens([], tokens, _TOKEN_KEYS, lambda _e, _p: None)


def test_compact_token_json_keeps_differences_only() -> None:
    table = {"ogre": creature_table_entry(OGRE)}
    token = creature_to_token(OGRE, "o1", (1, 2)) | {"creature": "ogre", "hp": 40}
    compact = compact_token_json(token, table, _TOKEN_KEYS)
    assert compact == {"id": "o1", "cell": [1, 2], "side": "enemies", "creature": "ogre", "hp": 40}
    assert compact_token_json({"id": "x", "ac": 3}, table, _TOKEN_KEYS) == {"id": "x", "ac": 3}
    # A field the token no longer has is written empty rather than falling back to the creature's.
    lean = {"id": "o1", "cell": [1, 2], "side": "enemies", "creature": "ogre"}
    assert compact_token_json(lean, table, _TOKEN_KEYS)["attacks"] == []
    assert compact_token_json(lean, table, _TOKEN_KEYS)["ac"] is None


def test_table_entries_carry_the_stat_block() -> None:
    entry = creature_table_entry(GOBLIN)
    assert entry["senses"] == ["darkvision", "scent 30"]  # token shape
    assert entry["abilities_text"][0]["name"] == "Goblin Scuttle" and entry["traits"] == [
        "goblin",
        "humanoid",
    ]


def test_unique_token_ids() -> None:
    assert unique_token_ids("Goblin Warrior", 3, {"goblin-warrior-2"}) == [
        "goblin-warrior-1",
        "goblin-warrior-3",
        "goblin-warrior-4",
    ]


# ------------------------------------------------------------------------ hostile scenes with creatures


_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.sampled_from(["name", "system", "hp", "x"]), st.integers(), max_size=2),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found.extend(_paths(v, (*prefix, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found.extend(_paths(v, (*prefix, i)))
    return found


_BASE = scene(
    [
        {"id": "g1", "cell": [0, 0], "creature": "goblin"},
        {"id": "g2", "cell": [2, 0], "creature": "goblin", "hp": 3},
    ],
    {"goblin": creature_table_entry(GOBLIN)},
)
_PATHS = [p for p in _paths(_BASE) if p]


@settings(max_examples=int(os.environ.get("FIVEFOOT_FUZZ_EXAMPLES", "200")), deadline=None)
@given(where=st.sampled_from(_PATHS), value=_values, delete=st.booleans())
def test_mutated_linked_scenes_raise_only_scene_errors(
    where: tuple[Any, ...], value: Any, delete: bool
) -> None:
    import copy

    from rules.io.scene_json import scene_from_json, scene_to_json

    doc = copy.deepcopy(_BASE)
    parent = doc
    for k in where[:-1]:
        parent = parent[k]
    if delete:
        del parent[where[-1]]
    else:
        parent[where[-1]] = value
    try:
        loaded = scene_from_json(doc)
    except SceneError:
        return
    assert scene_from_json(scene_to_json(loaded)) == loaded
