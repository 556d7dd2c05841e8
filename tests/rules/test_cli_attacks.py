"""The `check`, `attack` and `damage` queries end to end (scene JSON in, protocol answers out)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from rules.cli import answer
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene
from tests.rules.cli_runs import rules_answers

LONGSWORD = {"name": "longsword", "bonus": 10, "damage": "1d8+4 slashing", "traits": ["versatile p"]}
DAGGER = {"name": "dagger", "bonus": 10, "damage": "1d4+4 piercing", "traits": ["agile", "finesse"]}
GLAIVE = {"name": "glaive", "bonus": 10, "damage": "1d8+4 slashing", "traits": ["deadly d8", "reach"]}
CROSSBOW = {"name": "crossbow", "bonus": 10, "damage": "1d8 piercing", "traits": [], "range_increment": 30}
SHORTBOW_5E = {"name": "shortbow", "bonus": 5, "damage": "1d6+3 piercing", "range": [80, 320]}
SPEAR_5E = {"name": "pike", "bonus": 5, "damage": "1d10+3 piercing", "properties": ["heavy", "reach"]}
SWORD_5E = {"name": "longsword", "bonus": 5, "damage": "1d8+3 slashing", "properties": ["versatile"]}


def scene(
    picture: str, system: str = "pf2e", *, walls: list[dict[str, Any]] | None = None, **tokens: Any
) -> Scene:
    """A scene from an ASCII map: '.' floor, '#' impassable, capital letters are tokens (id = the letter).
    Tokens default to side "party" for A, "enemy" otherwise, AC 18 and 30 HP."""
    rows = [r.split() for r in picture.strip().splitlines()]
    doc: dict[str, Any] = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": system,
        "grid": {"width": len(rows[0]), "height": len(rows)},
        "walls": walls or [],
        "terrain": [],
        "tokens": [],
    }
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "#":
                doc["terrain"].append({"cell": [x, y], "kind": "impassable"})
            elif ch.isalpha():
                t = {"id": ch, "cell": [x, y], "side": "party" if ch == "A" else "enemy", "ac": 18, "hp": 30}
                t.update(tokens.get(ch, {}))
                doc["tokens"].append(t)
    return scene_from_json(doc)


def ask(s: Scene, **q: Any) -> dict[str, Any]:
    return answer(s, q)


def error_prefix(result: dict[str, Any]) -> str:
    assert "error" in result, result
    return str(result["error"]).split(":")[0]


# ---------------------------------------------------------------------------------------------- check


def test_check_query() -> None:
    s = scene("A .")
    assert ask(s, q="check", d20=12, modifier=7, dc=19) == {"total": 19, "degree": "success"}
    assert ask(s, q="check", d20=20, modifier=-4, dc=26)["degree"] == "failure"
    assert error_prefix(ask(s, q="check", d20=12, modifier=7)) == "missing field"
    assert error_prefix(ask(s, q="check", d20=0, modifier=7, dc=3)) == "bad value"
    five = scene("A .", "dnd5e-2014")
    assert error_prefix(ask(five, q="check", d20=12, modifier=7, dc=19)) == "bad value"


# ---------------------------------------------------------------------------------------------- PF2e attack


def test_pf2e_melee_answer_shape_and_map() -> None:
    s = scene("A B", A={"attacks": [LONGSWORD, DAGGER]})
    first = ask(s, q="attack", attacker="A", target="B", attack="longsword", d20=8)
    assert set(first) == {
        "modifiers",
        "attack_bonus",
        "total",
        "ac",
        "ac_modifiers",
        "degree",
        "damage_formula",
        "flat_check",
    }
    assert first["flat_check"] is None  # the target is observed
    assert (first["attack_bonus"], first["total"], first["ac"], first["degree"]) == (10, 18, 18, "success")
    assert first["damage_formula"] == "1d8+4"
    second = ask(s, q="attack", attacker="A", target="B", attack="dagger", d20=8, attack_number=2)
    assert second["attack_bonus"] == 6 and second["degree"] == "failure"
    assert {"label": "multiple attack penalty", "type": "untyped", "value": -4, "applied": True}.items() <= (
        second["modifiers"][1].items()
    )
    crit = ask(s, q="attack", attacker="A", target="B", attack="longsword", d20=18)
    assert crit["degree"] == "critical-success" and crit["damage_formula"] == "(1d8+4)*2"


def test_pf2e_reach_trait_and_ten_foot_diagonal() -> None:
    picture = """
    A . .
    . . .
    . . B
    """
    with_glaive = scene(picture, A={"attacks": [GLAIVE, LONGSWORD]})
    hit = ask(with_glaive, q="attack", attacker="A", target="B", attack="glaive", d20=10)
    assert hit["total"] == 20 and "error" not in hit
    miss = ask(with_glaive, q="attack", attacker="A", target="B", attack="longsword", d20=10)
    assert error_prefix(miss) == "out of reach"


def test_pf2e_range_increments_and_no_penalty_in_melee() -> None:
    row = ["."] * 40
    row[0], row[7] = "A", "B"  # 35 ft: second increment of 30 ft
    s = scene(" ".join(row), A={"attacks": [CROSSBOW]})
    r = ask(s, q="attack", attacker="A", target="B", attack="crossbow", d20=10)
    assert r["attack_bonus"] == 8
    row[7], row[37] = ".", "B"  # 185 ft: beyond 6 increments
    s = scene(" ".join(row), A={"attacks": [CROSSBOW]})
    assert (
        error_prefix(ask(s, q="attack", attacker="A", target="B", attack="crossbow", d20=10))
        == "out of range"
    )
    adjacent = scene("A B", A={"attacks": [CROSSBOW]})
    assert (
        ask(adjacent, q="attack", attacker="A", target="B", attack="crossbow", d20=10)["attack_bonus"] == 10
    )


def test_pf2e_conditions_from_the_scene() -> None:
    s = scene(
        "A B", A={"attacks": [LONGSWORD], "conditions": ["frightened 1"]}, B={"conditions": ["unconscious"]}
    )
    r = ask(s, q="attack", attacker="A", target="B", attack="longsword", d20=10)
    assert r["attack_bonus"] == 9
    assert r["ac"] == 12


def test_pf2e_wall_between_means_no_line_of_effect() -> None:
    wall = [{"a": [2, -1], "b": [2, 5], "kind": "wall"}]
    s = scene("A . . B", walls=wall, A={"attacks": [CROSSBOW]})
    assert (
        error_prefix(ask(s, q="attack", attacker="A", target="B", attack="crossbow", d20=10))
        == "no line of effect"
    )


def test_attack_errors() -> None:
    s = scene("A B", A={"attacks": [LONGSWORD]}, B={"ac": None})
    assert (
        error_prefix(ask(s, q="attack", attacker="A", target="B", attack="longsword", d20=10))
        == "missing field"
    )
    s = scene("A B", A={"attacks": [LONGSWORD]})
    assert error_prefix(ask(s, q="attack", attacker="A", target="B", attack="axe", d20=10)) == "bad value"
    assert (
        error_prefix(ask(s, q="attack", attacker="A", target="Z", attack="longsword", d20=10))
        == "unknown token"
    )
    assert (
        error_prefix(ask(s, q="attack", attacker="A", target="B", attack="longsword", d20=21)) == "bad value"
    )
    assert error_prefix(ask(s, q="attack", attacker="A", target="B", attack="longsword")) == "missing field"
    bad = scene("A B", A={"attacks": [{"name": "odd", "bonus": 1, "damage": "1d8+?"}]})
    r = ask(bad, q="attack", attacker="A", target="B", attack="odd", d20=15)
    assert error_prefix(r) == "bad value" and "column 5" in r["error"]


# ---------------------------------------------------------------------------------------------- 5e attack


def test_5e_ranged_with_a_hostile_next_to_the_attacker() -> None:
    picture = "A C . . . . B"
    s = scene(picture, "dnd5e-2014", A={"attacks": [SHORTBOW_5E]})
    r = ask(s, q="attack", attacker="A", target="B", attack="shortbow", d20=[15, 6])
    assert (r["mode"], r["d20_used"], r["total"]) == ("disadvantage", 6, 11)
    assert any("C" in reason for reason in r["reasons"])
    knocked_out = scene(
        picture, "dnd5e-2014", A={"attacks": [SHORTBOW_5E]}, C={"conditions": ["unconscious"]}
    )
    assert (
        ask(knocked_out, q="attack", attacker="A", target="B", attack="shortbow", d20=[15, 6])["mode"]
        == "normal"
    )
    ally = scene(picture, "dnd5e-2024", A={"attacks": [SHORTBOW_5E]}, C={"side": "party"})
    assert ask(ally, q="attack", attacker="A", target="B", attack="shortbow", d20=[15, 6])["mode"] == "normal"
    blind = scene(picture, "dnd5e-2024", A={"attacks": [SHORTBOW_5E]}, C={"conditions": ["blinded"]})
    assert (
        ask(blind, q="attack", attacker="A", target="B", attack="shortbow", d20=[15, 6])["mode"] == "normal"
    )


def test_5e_normal_and_long_range() -> None:
    row = ["."] * 70
    row[0], row[20] = "A", "B"  # 100 ft: beyond normal 80
    s = scene(" ".join(row), "dnd5e-2014", A={"attacks": [SHORTBOW_5E]})
    r = ask(s, q="attack", attacker="A", target="B", attack="shortbow", d20=[15, 6])
    assert r["mode"] == "disadvantage" and r["hit"] is False and r["damage_formula"] is None
    row[20], row[65] = ".", "B"  # 325 ft: beyond long 320
    s = scene(" ".join(row), "dnd5e-2014", A={"attacks": [SHORTBOW_5E]})
    assert (
        error_prefix(ask(s, q="attack", attacker="A", target="B", attack="shortbow", d20=[15, 6]))
        == "out of range"
    )


def test_5e_total_cover_and_reach() -> None:
    wall = [{"a": [2, -1], "b": [2, 5], "kind": "wall"}]
    s = scene("A . . B", "dnd5e-2024", walls=wall, A={"attacks": [SHORTBOW_5E]})
    assert (
        error_prefix(ask(s, q="attack", attacker="A", target="B", attack="shortbow", d20=[15, 6]))
        == "total cover"
    )
    picture = """
    A . .
    . . .
    . . B
    """
    five = scene(picture, "dnd5e-2014", A={"attacks": [SPEAR_5E, SWORD_5E]})
    assert ask(five, q="attack", attacker="A", target="B", attack="pike", d20=[12, 3])["total"] == 17
    assert error_prefix(ask(five, q="attack", attacker="A", target="B", attack="longsword", d20=[12, 3])) == (
        "out of reach"
    )


def test_5e_melee_against_an_unconscious_target_crits() -> None:
    s = scene("A B", "dnd5e-2014", A={"attacks": [SWORD_5E]}, B={"conditions": ["unconscious"], "ac": 12})
    r = ask(s, q="attack", attacker="A", target="B", attack="longsword", d20=[3, 9])
    assert r["mode"] == "advantage" and r["d20_used"] == 9 and r["hit"] and r["critical"]
    assert r["damage_formula"] == "2d8+3"


# ---------------------------------------------------------------------------------------------- damage


def test_damage_query_pf2e() -> None:
    s = scene("A B", B={"hp": 12, "weaknesses": {"fire": 2}, "resistances": {"physical": 3}, "temp_hp": 4})
    r = ask(
        s, q="damage", target="B", damage=[{"amount": 6, "type": "fire"}, {"amount": 5, "type": "slashing"}]
    )
    assert r == {"total": 10, "by_type": {"fire": 8, "slashing": 2}, "hp": 6, "temp_hp": 0, "state": "ok"}
    # The query didn't change the scene: asking again gives the same answer.
    assert (
        ask(
            s,
            q="damage",
            target="B",
            damage=[{"amount": 6, "type": "fire"}, {"amount": 5, "type": "slashing"}],
        )
        == r
    )
    halved = ask(s, q="damage", target="B", damage=[{"amount": 9, "type": "cold"}], basic_save="success")
    assert halved["total"] == 4
    pc = scene("A B", B={"hp": 5, "pc": True, "conditions": ["wounded 1"]})
    assert (
        ask(pc, q="damage", target="B", damage=[{"amount": 9, "type": "fire"}], critical=True)["state"]
        == "dying 3"
    )


def test_damage_query_5e_and_errors() -> None:
    s = scene("A B", "dnd5e-2014", B={"hp": 10, "resistances": ["fire"], "pc": True})
    r = ask(s, q="damage", target="B", damage=[{"amount": 25, "type": "fire"}], save="success")
    assert r == {"total": 6, "by_type": {"fire": 6}, "hp": 4, "temp_hp": 0, "state": "ok"}
    assert error_prefix(ask(s, q="damage", target="B", damage=[{"amount": 3}])) == "missing field"
    assert (
        error_prefix(ask(s, q="damage", target="B", damage=[{"amount": -3, "type": "fire"}])) == "bad value"
    )
    assert error_prefix(
        ask(s, q="damage", target="B", damage=[{"amount": 3, "type": "fire"}], save="maybe")
    ) == ("bad value")
    no_hp = scene("A B", B={"hp": None})
    assert (
        error_prefix(ask(no_hp, q="damage", target="B", damage=[{"amount": 3, "type": "fire"}]))
        == "missing field"
    )
    assert error_prefix(ask(no_hp, q="damage", target="A")) == "missing field"
    assert error_prefix(
        ask(scene("A B"), q="damage", target="B", damage=[{"amount": 3, "type": "fire"}], basic_save="half")
    ) == ("bad value")


def test_command_line_round_trip(tmp_path: Path) -> None:
    doc = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": "pf2e",
        "grid": {"width": 5, "height": 5},
        "tokens": [
            {"id": "a", "cell": [1, 1], "side": "party", "ac": 18, "hp": 20, "attacks": [LONGSWORD]},
            {"id": "b", "cell": [2, 1], "side": "enemy", "ac": 16, "hp": 20},
        ],
    }
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    queries = [
        {"id": 1, "q": "attack", "attacker": "a", "target": "b", "attack": "longsword", "d20": 6},
        {"id": 2, "q": "damage", "target": "b", "damage": [{"amount": 9, "type": "slashing"}]},
    ]
    first, second = rules_answers(path, queries)
    assert first["id"] == 1 and first["total"] == 16 and first["degree"] == "success"
    assert second == {"id": 2, "total": 9, "by_type": {"slashing": 9}, "hp": 11, "temp_hp": 0, "state": "ok"}


@pytest.mark.parametrize("system", ["dnd5e-2014", "dnd5e-2024"])
def test_5e_single_d20_is_used_for_both(system: str) -> None:
    s = scene("A B", system, A={"attacks": [SWORD_5E]})
    assert ask(s, q="attack", attacker="A", target="B", attack="longsword", d20=13)["d20_used"] == 13
    assert (
        error_prefix(ask(s, q="attack", attacker="A", target="B", attack="longsword", d20=[1, 2, 3]))
        == "bad value"
    )


# ---------------------------------------------------------------------------------------------- geometry


def test_pf2e_flanking_makes_the_target_off_guard_to_melee_only() -> None:
    s = scene("A B C", A={"attacks": [LONGSWORD, CROSSBOW]}, C={"side": "party", "attacks": [LONGSWORD]})
    melee = ask(s, q="attack", attacker="A", target="B", attack="longsword", d20=8)
    ranged = ask(s, q="attack", attacker="A", target="B", attack="crossbow", d20=8)
    assert melee["ac"] == 16
    assert any("flank" in m["source"] for m in melee["ac_modifiers"])
    assert ranged["ac"] == 18


def test_pf2e_low_wall_gives_standard_cover_that_stacks_with_off_guard() -> None:
    wall = [{"a": [2.5, 0], "b": [2.5, 1], "kind": "low"}]
    s = scene("A . . . B", walls=wall, A={"attacks": [CROSSBOW]}, B={"conditions": ["off-guard"]})
    r = ask(s, q="attack", attacker="A", target="B", attack="crossbow", d20=8)
    assert r["ac"] == 18
    assert sorted(m["value"] for m in r["ac_modifiers"] if m["applied"]) == [-2, 2]


def test_5e_flanking_is_an_option() -> None:
    off = scene("A B C", "dnd5e-2014", A={"attacks": [SWORD_5E]}, C={"side": "party"})
    assert ask(off, q="attack", attacker="A", target="B", attack="longsword", d20=[4, 17])["mode"] == "normal"
    on = off.edit(options=dataclasses.replace(off.options, flanking=True))
    r = ask(on, q="attack", attacker="A", target="B", attack="longsword", d20=[4, 17])
    assert (r["mode"], r["d20_used"]) == ("advantage", 17)
    assert any("flanking" in reason for reason in r["reasons"])
