"""The `heal`, `start-turn` and `end-turn` queries, and persistent damage in the `damage` query, end to end
(scene JSON in, protocol answers out), with the rules of PF2e Player Core 406–413 and 435–436 and the
D&D 5e 2014 / 2024 "Dropping to 0 Hit Points" and "Death Saving Throws" texts."""

from __future__ import annotations

from typing import Any

import pytest

from rules.cli import answer
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene
from tests.rules.cli_runs import rules_answers

DND = ("dnd5e-2014", "dnd5e-2024")


def scene(system: str, **token: Any) -> Scene:
    tok = {"id": "hero", "cell": [1, 1], "side": "party", "pc": True, "hp": 20, "max_hp": 20, **token}
    return scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": system,
            "grid": {"width": 5, "height": 5},
            "tokens": [tok],
        }
    )


def ask(system: str, query: dict[str, Any], **token: Any) -> dict[str, Any]:
    return answer(scene(system, **token), query)


# ---------------------------------------------------------------------------------------------- heal


def test_heal_answers_the_protocol_fields_pf2e() -> None:
    got = ask(
        "pf2e", {"q": "heal", "target": "hero", "amount": 5}, hp=0, conditions=["dying 1", "unconscious"]
    )
    assert got == {"hp": 5, "temp_hp": 0, "state": "ok", "conditions": ["wounded 1"]}


def test_heal_5e_answers_death_saves_reset() -> None:
    got = ask(
        "dnd5e-2014",
        {"q": "heal", "target": "hero", "amount": 3},
        hp=0,
        conditions=["unconscious"],
        death_saves={"successes": 2, "failures": 1},
    )
    assert got == {
        "hp": 3,
        "temp_hp": 0,
        "state": "ok",
        "conditions": [],
        "death_saves": {"successes": 0, "failures": 0},
    }


def test_heal_conditions_are_sorted_by_code_point() -> None:
    got = ask(
        "pf2e",
        {"q": "heal", "target": "hero", "amount": 1},
        hp=3,
        conditions=["wounded 1", "Zed", "frightened 1"],
    )
    assert got["conditions"] == sorted(["wounded 1", "Zed", "frightened 1"])


@pytest.mark.parametrize("system", ["pf2e", *DND])
def test_heal_temp_keeps_the_higher(system: str) -> None:
    got = ask(system, {"q": "heal", "target": "hero", "amount": 8, "temp": True}, hp=15, temp_hp=10)
    assert (got["hp"], got["temp_hp"]) == (15, 10)
    got = ask(system, {"q": "heal", "target": "hero", "amount": 12, "temp": True}, hp=15, temp_hp=10)
    assert (got["hp"], got["temp_hp"]) == (15, 12)


@pytest.mark.parametrize(
    ("query", "prefix"),
    [
        ({"q": "heal", "target": "hero"}, "missing field"),
        ({"q": "heal", "amount": 3}, "missing field"),
        ({"q": "heal", "target": "nobody", "amount": 3}, "unknown token"),
        ({"q": "heal", "target": "hero", "amount": -3}, "bad value"),
        ({"q": "heal", "target": "hero", "amount": 2.5}, "bad value"),
        ({"q": "heal", "target": "hero", "amount": 3, "temp": "yes"}, "bad value"),
    ],
)
def test_heal_bad_queries(query: dict[str, Any], prefix: str) -> None:
    assert ask("pf2e", query)["error"].startswith(prefix + ":")


def test_heal_needs_hp() -> None:
    s = scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": "pf2e",
            "grid": {"width": 3, "height": 3},
            "tokens": [{"id": "x", "cell": [0, 0]}],
        }
    )
    assert answer(s, {"q": "heal", "target": "x", "amount": 1})["error"].startswith("missing field:")


# ----------------------------------------------------------------------------------- PF2e start-turn


@pytest.mark.parametrize(
    ("dying", "d20", "state", "wounded"),
    [
        # DC 11 for dying 1: crit success (21+) impossible without a natural 20; nat 20 raises success.
        (1, 20, "unconscious", 1),  # critical success: dying −2 → 0, wounded 1
        (1, 11, "unconscious", 1),  # success: dying −1 → 0
        (1, 10, "dying 2", 0),  # failure: +1
        (1, 1, "dying 3", 0),  # critical failure (1 ≤ DC − 10): +2
        (2, 2, "dead", 0),  # DC 12, 2 ≤ 2: critical failure, dying 4
        (3, 12, "dead", 0),  # DC 13, failure: dying 4 kills
        (3, 13, "dying 2", 0),  # success
    ],
)
def test_pf2e_recovery_check(dying: int, d20: int, state: str, wounded: int) -> None:
    got = ask(
        "pf2e",
        {"q": "start-turn", "token": "hero", "d20": d20},
        hp=0,
        conditions=[f"dying {dying}", "unconscious"],
    )
    assert got["state"] == state
    assert got["hp"] == 0
    assert ("wounded 1" in got["conditions"]) == (wounded == 1)
    assert "death_saves" not in got
    assert len(got["log"]) == 1 and f"DC {10 + dying}" in got["log"][0]


def test_pf2e_recovery_to_dying_zero_stays_unconscious_at_zero_hp() -> None:
    got = ask(
        "pf2e",
        {"q": "start-turn", "token": "hero", "d20": 15},
        hp=0,
        conditions=["dying 1", "unconscious", "wounded 1"],
    )
    assert got["conditions"] == ["unconscious", "wounded 2"]


def test_pf2e_doomed_lowers_the_dying_value_that_kills() -> None:
    # doomed 1: death at dying 3. Dying 2 fails its check (DC 12, roll 5) → dying 3 → dead.
    got = ask(
        "pf2e",
        {"q": "start-turn", "token": "hero", "d20": 5},
        hp=0,
        conditions=["dying 2", "doomed 1", "unconscious"],
    )
    assert got["state"] == "dead"


def test_pf2e_start_turn_needs_a_d20_only_while_dying() -> None:
    got = ask("pf2e", {"q": "start-turn", "token": "hero"}, hp=0, conditions=["dying 1", "unconscious"])
    assert got["error"].startswith("missing field:") and "d20" in got["error"]
    ok = ask("pf2e", {"q": "start-turn", "token": "hero"}, hp=12, conditions=["frightened 1"])
    assert ok == {"hp": 12, "state": "ok", "conditions": ["frightened 1"], "log": []}


def test_pf2e_hero_points_spent_to_avoid_death() -> None:
    # 「瀕死状態を完全に除去し、ヒット・ポイントは0となって様態安定化する…重傷状態値が増加することはない」
    got = ask(
        "pf2e",
        {"q": "start-turn", "token": "hero", "spend_hero_points": True},
        hp=0,
        conditions=["dying 3", "unconscious", "wounded 1"],
        hero_points=2,
    )
    assert got["state"] == "unconscious"
    assert got["conditions"] == ["unconscious", "wounded 1"]
    assert "hero point" in got["log"][0]


def test_pf2e_a_dead_creature_has_nothing_at_the_start_of_its_turn() -> None:
    got = ask("pf2e", {"q": "start-turn", "token": "hero", "d20": 20}, hp=0, conditions=["dead"])
    assert got["state"] == "dead" and got["log"] == []


# ------------------------------------------------------------------------------------- 5e start-turn


@pytest.mark.parametrize("system", DND)
@pytest.mark.parametrize(
    ("saves", "d20", "state", "after", "hp"),
    [
        ((0, 0), 10, "unconscious", (1, 0), 0),
        ((0, 0), 9, "unconscious", (0, 1), 0),
        ((0, 1), 1, "dead", (0, 0), 0),  # a 1 is two failures: three in all
        ((2, 0), 15, "unconscious", (0, 0), 0),  # third success: stable, counts reset
        ((1, 2), 20, "ok", (0, 0), 1),  # a 20 regains 1 HP
        ((0, 2), 9, "dead", (0, 0), 0),
    ],
)
def test_5e_death_saving_throw(
    system: str, saves: tuple[int, int], d20: int, state: str, after: tuple[int, int], hp: int
) -> None:
    got = ask(
        system,
        {"q": "start-turn", "token": "hero", "d20": d20},
        hp=0,
        max_hp=12,
        conditions=["unconscious"],
        death_saves={"successes": saves[0], "failures": saves[1]},
    )
    assert got["state"] == state
    assert got["hp"] == hp
    if state != "dead":
        assert got["death_saves"] == {"successes": after[0], "failures": after[1]}
    if (saves, d20) == ((2, 0), 15):
        assert "stable" in got["conditions"]
    if d20 == 20:
        assert got["conditions"] == []


@pytest.mark.parametrize("system", DND)
def test_5e_stable_or_conscious_creatures_make_no_death_save(system: str) -> None:
    stable = ask(system, {"q": "start-turn", "token": "hero"}, hp=0, conditions=["unconscious", "stable"])
    assert stable["log"] == [] and stable["state"] == "unconscious"
    up = ask(system, {"q": "start-turn", "token": "hero"}, hp=7)
    assert up["log"] == [] and up["death_saves"] == {"successes": 0, "failures": 0}
    needs = ask(system, {"q": "start-turn", "token": "hero"}, hp=0, conditions=["unconscious"])
    assert needs["error"].startswith("missing field:")


def test_5e_death_save_takes_the_first_die_of_a_pair() -> None:
    got = ask(
        "dnd5e-2024", {"q": "start-turn", "token": "hero", "d20": [20, 1]}, hp=0, conditions=["unconscious"]
    )
    assert got["hp"] == 1


def test_start_turn_bad_d20() -> None:
    assert ask("pf2e", {"q": "start-turn", "token": "hero", "d20": 21})["error"].startswith("bad value:")


# ------------------------------------------------------------------------------------ PF2e end-turn

FIRE = [{"damage": "1d6", "type": "fire"}]


def test_pf2e_persistent_damage_is_taken_through_iwr_then_a_flat_check_ends_it() -> None:
    got = ask(
        "pf2e",
        {"q": "end-turn", "token": "hero", "persistent_rolls": {"fire": 4}, "flat_checks": {"fire": 15}},
        hp=20,
        persistent=FIRE,
        weaknesses={"fire": 3},
    )
    assert got["hp"] == 13  # 4 + weakness 3
    assert got["persistent"] == []
    assert got["state"] == "ok"
    assert len(got["log"]) == 2


def test_pf2e_persistent_damage_continues_on_a_failed_flat_check_and_resistance_applies() -> None:
    got = ask(
        "pf2e",
        {"q": "end-turn", "token": "hero", "persistent_rolls": {"fire": 4}, "flat_checks": {"fire": 14}},
        hp=20,
        persistent=FIRE,
        resistances={"fire": 3},
    )
    assert got["hp"] == 19
    assert got["persistent"] == FIRE


def test_pf2e_end_turn_order_persistent_then_frightened() -> None:
    got = ask(
        "pf2e",
        {
            "q": "end-turn",
            "token": "hero",
            "persistent_rolls": {"fire": 2, "bleed": 3},
            "flat_checks": {"fire": 3, "bleed": 20},
        },
        hp=20,
        persistent=[*FIRE, {"damage": "1d4", "type": "bleed"}],
        conditions=["frightened 2"],
    )
    assert got["hp"] == 15
    assert got["persistent"] == FIRE
    assert got["conditions"] == ["frightened 1"]
    assert "frightened" in got["log"][-1]


def test_pf2e_a_dying_creature_taking_persistent_damage_gets_dying_plus_one() -> None:
    got = ask(
        "pf2e",
        {"q": "end-turn", "token": "hero", "persistent_rolls": {"bleed": 2}, "flat_checks": {"bleed": 3}},
        hp=0,
        conditions=["dying 1", "unconscious"],
        persistent=[{"damage": "1d4", "type": "bleed"}],
    )
    assert got["state"] == "dying 2"


def test_pf2e_persistent_damage_that_kills_needs_no_flat_check() -> None:
    got = ask(
        "pf2e",
        {"q": "end-turn", "token": "hero", "persistent_rolls": {"fire": 6}},
        hp=3,
        pc=False,
        persistent=FIRE,
    )
    assert got["state"] == "dead"


def test_pf2e_a_fixed_persistent_damage_needs_no_roll() -> None:
    got = ask(
        "pf2e",
        {"q": "end-turn", "token": "hero", "flat_checks": {"acid": 10}},
        hp=20,
        persistent=[{"damage": "2", "type": "acid"}],
    )
    assert got["hp"] == 18 and got["persistent"] == [{"damage": "2", "type": "acid"}]


@pytest.mark.parametrize(
    ("fields", "prefix", "word"),
    [
        ({}, "missing field", "persistent_rolls"),
        ({"persistent_rolls": {"fire": 3}}, "missing field", "flat_checks"),
        ({"persistent_rolls": {"fire": 3, "cold": 2}, "flat_checks": {"fire": 3}}, "bad value", "cold"),
        ({"persistent_rolls": {"fire": -1}, "flat_checks": {"fire": 3}}, "bad value", "fire"),
        ({"persistent_rolls": {"fire": 3}, "flat_checks": {"fire": 0}}, "bad value", "fire"),
        ({"persistent_rolls": [3]}, "bad value", "persistent_rolls"),
    ],
)
def test_pf2e_end_turn_bad_or_missing_rolls(fields: dict[str, Any], prefix: str, word: str) -> None:
    got = ask("pf2e", {"q": "end-turn", "token": "hero", **fields}, hp=20, persistent=FIRE)
    assert got["error"].startswith(prefix + ":") and word in got["error"]


def test_pf2e_frightened_drops_by_one_at_the_end_of_the_turn() -> None:
    assert ask("pf2e", {"q": "end-turn", "token": "hero"}, conditions=["frightened 2"])["conditions"] == [
        "frightened 1"
    ]
    assert ask("pf2e", {"q": "end-turn", "token": "hero"}, conditions=["frightened 1"])["conditions"] == []


@pytest.mark.parametrize("system", DND)
def test_5e_end_turn_changes_nothing_by_itself(system: str) -> None:
    got = ask(system, {"q": "end-turn", "token": "hero"}, hp=9, conditions=["frightened"])
    assert got == {"hp": 9, "state": "ok", "conditions": ["frightened"], "persistent": [], "log": []}


# ------------------------------------------------------------------------- damage: persistent, halving


def test_pf2e_persistent_damage_in_a_damage_query_is_not_taken_at_once() -> None:
    got = ask(
        "pf2e",
        {
            "q": "damage",
            "target": "hero",
            "damage": [{"amount": 6, "type": "slashing"}, {"amount": 3, "type": "persistent fire"}],
        },
    )
    assert got["total"] == 6 and got["by_type"] == {"slashing": 6} and got["hp"] == 14
    assert got["persistent"] == [{"damage": "3", "type": "fire"}]


@pytest.mark.parametrize(("amount", "kept"), [(2, "1d6"), (5, "5")])
def test_pf2e_persistent_damage_of_one_type_keeps_the_higher(amount: int, kept: str) -> None:
    got = ask(
        "pf2e",
        {"q": "damage", "target": "hero", "damage": [{"amount": amount, "type": "persistent fire"}]},
        persistent=FIRE,
    )
    assert got["total"] == 0 and got["hp"] == 20
    assert got.get("persistent", FIRE) == [{"damage": kept, "type": "fire"}]


def test_pf2e_basic_save_halves_each_types_total() -> None:
    two = [{"amount": 5, "type": "fire"}, {"amount": 5, "type": "fire"}]
    got = ask(
        "pf2e", {"q": "damage", "target": "hero", "damage": two, "basic_save": "success"}, hp=40, max_hp=40
    )
    assert got["total"] == 5  # (5 + 5) / 2, not 5/2 + 5/2 = 4
    ones = [{"amount": 1, "type": "cold"}, {"amount": 1, "type": "cold"}]
    got = ask(
        "pf2e", {"q": "damage", "target": "hero", "damage": ones, "basic_save": "success"}, hp=40, max_hp=40
    )
    assert got["total"] == 1


@pytest.mark.parametrize("system", DND)
def test_5e_save_halves_each_types_total(system: str) -> None:
    two = [{"amount": 5, "type": "fire"}, {"amount": 5, "type": "fire"}, {"amount": 3, "type": "cold"}]
    got = ask(system, {"q": "damage", "target": "hero", "damage": two, "save": "success"}, hp=40, max_hp=40)
    assert got["by_type"] == {"fire": 5, "cold": 1} and got["total"] == 6


def test_damage_query_2024_nonlethal_knocks_out_at_one_hp() -> None:
    dmg = [{"amount": 30, "type": "bludgeoning"}]
    got = ask("dnd5e-2024", {"q": "damage", "target": "hero", "damage": dmg, "nonlethal": True}, hp=8)
    assert (got["hp"], got["state"]) == (1, "unconscious")
    got14 = ask("dnd5e-2014", {"q": "damage", "target": "hero", "damage": dmg, "nonlethal": True}, hp=8)
    assert (got14["hp"], got14["state"]) == (0, "unconscious")


def test_turn_queries_through_the_command(tmp_path: Any) -> None:
    import json

    path = tmp_path / "scene.json"
    doc = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": "pf2e",
        "grid": {"width": 4, "height": 4},
        "tokens": [
            {"id": "hero", "cell": [0, 0], "pc": True, "hp": 0, "max_hp": 20, "conditions": ["dying 1"]}
        ],
    }
    path.write_text(json.dumps(doc))
    answers = rules_answers(
        path,
        [
            {"q": "heal", "target": "hero", "amount": 5, "id": 1},
            {"q": "start-turn", "token": "hero", "d20": 5, "id": 2},
            {"q": "end-turn", "token": "hero", "id": 3},
        ],
    )
    assert answers[0]["conditions"] == ["wounded 1"] and answers[0]["id"] == 1
    assert answers[1]["state"] == "dying 2"  # queries don't change the scene: still dying 1 before
    assert answers[2]["state"] == "dying 1"


def test_pf2e_dying_implies_unconscious_the_list_keeps_its_style() -> None:
    # 「瀕死状態である間、君は気絶状態である」: a list holding only "dying 1" stays in that style…
    worse = ask("pf2e", {"q": "start-turn", "token": "hero", "d20": 5}, hp=0, conditions=["dying 1"])
    assert worse["conditions"] == ["dying 2"] and worse["state"] == "dying 2"
    # …and losing dying at 0 HP leaves the creature unconscious, now listed (「気絶状態ではあるが」).
    better = ask("pf2e", {"q": "start-turn", "token": "hero", "d20": 11}, hp=0, conditions=["dying 1"])
    assert better["conditions"] == ["unconscious", "wounded 1"] and better["state"] == "unconscious"
