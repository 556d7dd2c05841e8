"""The `cast` query (query-protocol.md "Spells and abilities: `cast`"), from the rules of areas, saves and
spell attacks: the targets are the `area` query's, cover is the `cover` query's from the area's origin, the
saves are the `save` query's with that cover, and damage follows the `damage` query's steps per target."""

from __future__ import annotations

from typing import Any

import pytest

from rules.cli import answer
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene

PF2E_FIREBALL: dict[str, Any] = {
    "name": "Fireball",
    "level": 3,
    "range": 500,
    "area": {"shape": "burst", "feet": 20},
    "save": {"stat": "reflex", "basic": True},
    "damage": [{"formula": "6d6", "type": "fire"}],
    "heighten": {"every": 1, "damage": [{"formula": "2d6", "type": "fire"}]},
}
ABIL = {"str": 10, "dex": 14, "con": 12, "int": 10, "wis": 10, "cha": 10}


def scene(system: str, *tokens: dict[str, Any], walls: list[dict[str, Any]] | None = None) -> Scene:
    return scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": system,
            "grid": {"width": 40, "height": 40},
            "walls": walls or [],
            "tokens": list(tokens),
        }
    )


def pf2e_caster(**kw: Any) -> dict[str, Any]:
    t = {
        "id": "wiz",
        "cell": [2, 2],
        "side": "party",
        "level": 7,
        "hp": 40,
        "ac": 20,
        "spell_dc": 24,
        "spell_attack": 14,
    }
    t.update({"saves": {"fortitude": 8, "reflex": 10, "will": 13}, "spells": [PF2E_FIREBALL]})
    t.update(kw)
    return t


def foe(tid: str, cell: list[int], **kw: Any) -> dict[str, Any]:
    t = {
        "id": tid,
        "cell": cell,
        "side": "enemies",
        "hp": 60,
        "ac": 18,
        "saves": {"fortitude": 9, "reflex": 7, "will": 5},
    }
    t.update(kw)
    return t


def dnd_token(tid: str, cell: list[int], **kw: Any) -> dict[str, Any]:
    t = {"id": tid, "cell": cell, "side": "enemies", "hp": 40, "ac": 13, "abilities": dict(ABIL)}
    t.update(kw)
    return t


def ask(s: Scene, **q: Any) -> dict[str, Any]:
    return answer(s, {"q": "cast", **q})


def by_id(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in result["targets"]}


# ------------------------------------------------------------------------------------------- PF2e areas


def test_burst_targets_are_the_area_querys_and_walls_exclude() -> None:
    s = scene(
        "pf2e",
        pf2e_caster(),
        foe("a", [10, 10]),
        foe("b", [14, 10]),
        foe("far", [30, 30]),
        walls=[{"a": [13, 6], "b": [13, 16]}],
    )
    area = answer(s, {"q": "area", "shape": "burst", "corner": [12, 11], "feet": 20})
    result = ask(
        s,
        caster="wiz",
        spell="Fireball",
        corner=[12, 11],
        saves={"a": 10, "b": 10},
        damage=[{"amount": 21, "type": "fire"}],
    )
    assert [t["id"] for t in result["targets"]] == area["tokens"] == ["a"]
    assert result["excluded"] == [{"id": "b", "why": "no line of effect"}]
    assert result["damage_formula"] == "6d6 fire" and result["level"] == 3 and result["dc"] == 24


def test_a_burst_covering_its_caster_includes_it_and_a_cone_never_does() -> None:
    s = scene("pf2e", pf2e_caster(), foe("a", [4, 2]))
    burst = ask(
        s,
        caster="wiz",
        spell="Fireball",
        corner=[4, 3],
        saves={"a": 10, "wiz": 10},
        damage=[{"amount": 10, "type": "fire"}],
    )
    assert [t["id"] for t in burst["targets"]] == ["a", "wiz"]
    cone = dict(PF2E_FIREBALL, name="Spray", area={"shape": "cone", "feet": 15})
    cone.pop("range")
    result = ask(
        s,
        caster="wiz",
        spell=cone,
        origin=[3, 2.5],
        direction=0,
        saves={"a": 10},
        damage=[{"amount": 10, "type": "fire"}],
    )
    assert [t["id"] for t in result["targets"]] == ["a"]
    aura = dict(cone, area={"shape": "emanation", "feet": 10})
    result = ask(s, caster="wiz", spell=aura, saves={"a": 10}, damage=[{"amount": 10, "type": "fire"}])
    assert [t["id"] for t in result["targets"]] == ["a"]


@pytest.mark.parametrize(
    ("d20", "degree", "factor"),
    [(20, "critical-success", 0), (17, "success", 0.5), (10, "failure", 1), (1, "critical-failure", 2)],
)
def test_basic_reflex_damage_by_degree_then_weakness(d20: int, degree: str, factor: float) -> None:
    s = scene("pf2e", pf2e_caster(), foe("a", [10, 10], weaknesses={"fire": 5}))
    result = ask(
        s,
        caster="wiz",
        spell="Fireball",
        corner=[12, 11],
        saves={"a": d20},
        damage=[{"amount": 20, "type": "fire"}],
    )
    a = by_id(result)["a"]
    expected = int(20 * factor) + (5 if factor else 0)
    assert (a["degree"], a["damage"], a["hp"]) == (degree, expected, 60 - expected)
    assert a["save_total"] == d20 + 7


def test_cover_from_the_bursts_corner_helps_the_reflex_save() -> None:
    low = [{"a": [9, 4], "b": [9, 16], "kind": "low"}]
    s = scene("pf2e", pf2e_caster(), foe("a", [10, 10]), walls=low)
    cover = answer(s, {"q": "cover", "origin": [8, 11], "target": "a"})
    result = ask(
        s,
        caster="wiz",
        spell="Fireball",
        corner=[8, 11],
        saves={"a": 10},
        damage=[{"amount": 20, "type": "fire"}],
    )
    a = by_id(result)["a"]
    assert a["cover"] == cover["cover"] == "standard"
    assert a["save_total"] == 10 + 7 + 2
    save = answer(s, {"q": "save", "token": "a", "save": "reflex", "d20": 10, "dc": 24, "origin": [8, 11]})
    assert save["total"] == a["save_total"] and save["degree"] == a["degree"]


def test_heightening_and_a_level_below_the_spell() -> None:
    s = scene("pf2e", pf2e_caster(), foe("a", [10, 10]))
    five = ask(
        s,
        caster="wiz",
        spell="fireball",
        level=5,
        corner=[12, 11],
        saves={"a": 10},
        damage=[{"amount": 30, "type": "fire"}],
    )
    assert (five["level"], five["damage_formula"]) == (5, "10d6 fire")
    low = ask(
        s,
        caster="wiz",
        spell="fireball",
        level=2,
        corner=[12, 11],
        saves={"a": 10},
        damage=[{"amount": 30, "type": "fire"}],
    )
    assert low["error"].startswith("bad value:")


def test_a_pf2e_cantrip_is_heightened_to_half_the_casters_level() -> None:
    arc = {
        "name": "Arc",
        "level": 0,
        "range": 30,
        "targets": 2,
        "save": {"stat": "reflex", "basic": True},
        "damage": [{"formula": "2d4", "type": "electricity"}],
        "heighten": {"every": 1, "damage": [{"formula": "1d4", "type": "electricity"}]},
    }
    s = scene("pf2e", pf2e_caster(level=7), foe("a", [4, 2]), foe("b", [5, 2]))
    result = ask(
        s,
        caster="wiz",
        spell=arc,
        targets=["b", "a"],
        saves={"a": 10, "b": 10},
        damage=[{"amount": 10, "type": "electricity"}],
    )
    assert (result["level"], result["damage_formula"]) == (4, "5d4 electricity")
    assert [t["id"] for t in result["targets"]] == ["a", "b"]
    three = ask(
        s,
        caster="wiz",
        spell=arc,
        targets=["a", "b", "wiz"],
        saves={"a": 10, "b": 10, "wiz": 10},
        damage=[{"amount": 1, "type": "electricity"}],
    )
    assert three["error"].startswith("bad value:")


def test_range_and_errors() -> None:
    s = scene("pf2e", pf2e_caster(spells=[dict(PF2E_FIREBALL, range=30)]), foe("a", [10, 10]))
    assert ask(s, caster="wiz", spell="Fireball", corner=[10, 10], saves={"a": 1}, damage=[])[
        "error"
    ].startswith("out of range:")
    near = ask(
        s,
        caster="wiz",
        spell="Fireball",
        corner=[9, 3],
        saves={"a": 1},
        damage=[{"amount": 1, "type": "fire"}],
    )
    assert "error" not in near
    fear = {
        "name": "Fear",
        "level": 1,
        "range": 30,
        "save": {"stat": "will"},
        "effects": {"failure": ["frightened 2"]},
    }
    assert ask(s, caster="wiz", spell=fear, targets=["a"], saves={"a": 1})["error"].startswith(
        "out of range:"
    )
    t = scene("pf2e", pf2e_caster(), foe("a", [4, 2]))
    assert ask(t, caster="wiz", spell=fear, targets=["a"])["error"].startswith("missing field:")
    assert ask(t, caster="wiz", spell=fear, targets=["nobody"], saves={})["error"].startswith(
        "unknown token:"
    )
    assert ask(t, caster="wiz", spell="Meteor", targets=["a"])["error"].startswith("bad value:")
    no_dc = scene("pf2e", pf2e_caster(spell_dc=None), foe("a", [4, 2]))
    assert ask(no_dc, caster="wiz", spell=fear, targets=["a"], saves={"a": 3})["error"].startswith(
        "missing field:"
    )
    assert ask(t, caster="wiz", spell="Fireball", corner=[5, 5], saves={"a": 3})["error"].startswith(
        "missing field:"
    )


def test_non_basic_will_save_gives_conditions_by_degree_and_no_damage() -> None:
    fear = {
        "name": "Fear",
        "level": 1,
        "range": 30,
        "save": {"stat": "will"},
        "effects": {
            "success": ["frightened 1"],
            "failure": ["frightened 2"],
            "critical-failure": ["frightened 3", "fleeing"],
        },
    }
    s = scene("pf2e", pf2e_caster(), foe("a", [4, 2], conditions=["frightened 3"]), foe("b", [5, 2]))
    result = by_id(
        ask(s, caster="wiz", spell=dict(fear, targets=2), targets=["a", "b"], saves={"a": 14, "b": 1})
    )
    assert result["a"]["conditions"] == ["frightened 3"]  # a lower value never lowers a higher one
    assert result["b"]["conditions"] == ["fleeing", "frightened 3"] and result["b"]["damage"] == 0


def test_pf2e_spell_attack_degrees() -> None:
    ray = {
        "name": "Ray",
        "level": 1,
        "range": 120,
        "attack": True,
        "damage": [{"formula": "2d6", "type": "fire"}],
    }
    s = scene("pf2e", pf2e_caster(), foe("a", [8, 2]))
    for d20, degree, damage in ((20, "critical-success", 20), (10, "success", 10), (2, "failure", 0)):
        a = by_id(
            ask(
                s,
                caster="wiz",
                spell=ray,
                targets=["a"],
                attack_d20={"a": d20},
                damage=[{"amount": 10, "type": "fire"}],
            )
        )["a"]
        assert (a["degree"], a["damage"]) == (degree, damage)
    attack = answer(s, {"q": "attack", "attacker": "wiz", "target": "a", "attack": "x", "d20": 10})
    assert attack["error"].startswith("bad value:")  # a spell attack isn't one of the token's attacks


def test_a_pf2e_shape_is_refused_in_5e_and_emanations_under_2014_rules() -> None:
    s = scene("dnd5e-2014", dnd_token("mage", [2, 2], spell_dc=15, level=5), dnd_token("g", [8, 8]))
    burst = dict(PF2E_FIREBALL, save={"stat": "dex"})
    assert ask(
        s, caster="mage", spell=burst, corner=[8, 8], saves={"g": 1}, damage=[{"amount": 1, "type": "fire"}]
    )["error"].startswith("bad value:")
    aura = {"name": "Aura", "level": 1, "area": {"shape": "emanation", "feet": 10}, "save": {"stat": "wis"}}
    assert ask(s, caster="mage", spell=aura, saves={"g": 1})["error"].startswith("bad value:")


# ------------------------------------------------------------------------------------------------- 5e


def test_5e_half_on_a_success_then_resistance_and_vulnerability() -> None:
    s = scene(
        "dnd5e-2014",
        dnd_token("mage", [2, 2], spell_dc=15, spell_attack=7, level=5, side="party"),
        dnd_token("r", [12, 12], resistances=["fire"]),
        dnd_token("v", [13, 12], vulnerabilities=["fire"]),
        dnd_token("i", [12, 13], immunities=["fire"]),
    )
    result = by_id(
        ask(
            s,
            caster="mage",
            spell="fireball",
            corner=[13, 13],
            saves={"r": 13, "v": [2, 20], "i": 1},
            damage=[{"amount": 27, "type": "fire"}],
        )
    )
    assert (result["r"]["success"], result["r"]["damage"]) == (True, 6)  # 27 → 13 (save) → 6 (resistance)
    assert (result["v"]["success"], result["v"]["damage"]) == (False, 54)  # the first die without advantage
    assert (result["i"]["damage"], result["i"]["hp"]) == (0, 40)


def test_5e_bundled_spells_by_index_and_upcast() -> None:
    s = scene(
        "dnd5e-2024", dnd_token("mage", [2, 2], spell_dc=15, level=5, side="party"), dnd_token("g", [3, 2])
    )
    result = ask(
        s,
        caster="mage",
        spell="burning-hands",
        level=3,
        origin=[3, 2.5],
        direction=0,
        saves={"g": 1},
        damage=[{"amount": 12, "type": "fire"}],
    )
    assert (result["spell"], result["level"], result["damage_formula"]) == ("Burning Hands", 3, "5d6 fire")
    assert by_id(result)["g"]["damage"] == 12
    by_name = ask(
        s,
        caster="mage",
        spell="Burning Hands",
        origin=[3, 2.5],
        direction=0,
        saves={"g": 20},
        damage=[{"amount": 12, "type": "fire"}],
    )
    assert by_id(by_name)["g"]["damage"] == 6


@pytest.mark.parametrize(
    ("level", "dice"), [(1, "1d10"), (4, "1d10"), (5, "2d10"), (11, "3d10"), (17, "4d10")]
)
def test_5e_cantrip_damage_grows_with_the_casters_level(level: int, dice: str) -> None:
    s = scene(
        "dnd5e-2014",
        dnd_token("sorc", [2, 2], spell_attack=7, level=level, side="party"),
        dnd_token("g", [6, 2]),
    )
    result = ask(
        s,
        caster="sorc",
        spell="fire-bolt",
        targets=["g"],
        attack_d20={"g": 15},
        damage=[{"amount": 5, "type": "fire"}],
    )
    assert result["damage_formula"] == f"{dice} fire"


def test_5e_spell_attack_hit_miss_critical_and_range() -> None:
    s = scene(
        "dnd5e-2014",
        dnd_token("sorc", [2, 2], spell_attack=5, level=1, side="party"),
        dnd_token("g", [6, 2]),
        dnd_token("far", [30, 30]),
    )
    hit = by_id(
        ask(
            s,
            caster="sorc",
            spell="fire-bolt",
            targets=["g"],
            attack_d20={"g": 8},
            damage=[{"amount": 6, "type": "fire"}],
        )
    )["g"]
    assert (hit["hit"], hit["critical"], hit["damage"]) == (True, False, 6)
    miss = by_id(
        ask(
            s,
            caster="sorc",
            spell="fire-bolt",
            targets=["g"],
            attack_d20={"g": 7},
            damage=[{"amount": 6, "type": "fire"}],
        )
    )["g"]
    assert (miss["hit"], miss["damage"]) == (False, 0)
    crit = by_id(
        ask(
            s,
            caster="sorc",
            spell="fire-bolt",
            targets=["g"],
            attack_d20={"g": [20, 3]},
            damage=[{"amount": 6, "type": "fire"}],
            critical_damage=[{"amount": 13, "type": "fire"}],
        )
    )["g"]
    assert (crit["critical"], crit["damage"]) == (True, 13)
    attack = answer(s, {"q": "attack", "attacker": "sorc", "target": "g", "attack": "x", "d20": [8, 8]})
    assert "error" in attack
    assert ask(
        s,
        caster="sorc",
        spell="fire-bolt",
        targets=["far"],
        attack_d20={"far": 10},
        damage=[{"amount": 1, "type": "fire"}],
    )["error"].startswith("out of range:")


def test_5e_save_spell_gives_its_condition_on_a_failure() -> None:
    s = scene(
        "dnd5e-2014",
        dnd_token("cleric", [2, 2], spell_dc=14, level=3, side="party"),
        dnd_token("bandit", [4, 2]),
    )
    failed = by_id(ask(s, caster="cleric", spell="hold-person", targets=["bandit"], saves={"bandit": 2}))[
        "bandit"
    ]
    assert failed["success"] is False and "paralyzed" in failed["conditions"]
    saved = by_id(ask(s, caster="cleric", spell="hold-person", targets=["bandit"], saves={"bandit": 19}))[
        "bandit"
    ]
    assert saved["success"] is True and saved["conditions"] == []
    assert (
        ask(
            s,
            caster="cleric",
            spell="hold-person",
            level=3,
            targets=["bandit", "cleric"],
            saves={"bandit": 2, "cleric": 2},
        )["level"]
        == 3
    )


def test_a_target_killed_by_the_damage_gets_no_conditions() -> None:
    blast = {
        "name": "Blast",
        "level": 1,
        "range": 60,
        "save": {"stat": "con", "success": "none"},
        "damage": [{"formula": "4d6", "type": "thunder"}],
        "effects": {"failure": ["deafened"]},
    }
    s = scene(
        "dnd5e-2024", dnd_token("m", [2, 2], spell_dc=14, side="party"), dnd_token("weak", [4, 2], hp=5)
    )
    weak = by_id(
        ask(
            s,
            caster="m",
            spell=blast,
            targets=["weak"],
            saves={"weak": 1},
            damage=[{"amount": 12, "type": "thunder"}],
        )
    )["weak"]
    assert weak["state"] == "dead" and weak["conditions"] == ["dead"]
