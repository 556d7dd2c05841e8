"""PF2e rules from plain numbers: degrees, MAP, range increments, Strikes, dying, persistent damage."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import ScriptedDice
from rules.errors import QueryError
from rules.geometry.coords import Cell
from rules.model.scene import Attack, Token
from rules.systems.modifiers import Modifier
from rules.systems.pf2e import dying
from rules.systems.pf2e.damage import tick
from rules.systems.pf2e.degrees import DEGREES, degree, flat_check
from rules.systems.pf2e.persistent import Persistent, add_persistent
from rules.systems.pf2e.strike import (
    attack_modifiers,
    damage_formula,
    multiple_attack_penalty,
    range_increments,
    range_penalty,
    strike,
)
from rules.systems.pf2e.system import PF2E

SWORD = Attack("longsword", 10, "1d8+4 slashing")
RAPIER = Attack("rapier", 10, "1d6+4 piercing", traits=("deadly d8", "finesse"))
BOW = Attack("shortbow", 10, "1d6 piercing", traits=("deadly d10",), range_increment=60)


def tok(tid: str = "t", *conditions: str, ac: int | None = 20, **kw: object) -> Token:
    return Token(tid, Cell(0, 0), ac=ac, conditions=conditions, **kw)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------- degrees


@pytest.mark.parametrize(
    ("d20", "mod", "dc", "expected"),
    [
        (10, 5, 15, "success"),  # total = DC
        (10, 4, 15, "failure"),  # one below
        (10, 15, 15, "critical-success"),  # DC + 10
        (10, 14, 15, "success"),
        (10, -5, 15, "critical-failure"),  # DC − 10
        (10, -4, 15, "failure"),
        (20, 0, 15, "critical-success"),  # 20 is a success, raised
        (20, -6, 25, "failure"),  # 14 ≤ 15 is a critical failure, raised
        (1, 20, 15, "failure"),  # 21 is a success, lowered
        (1, 30, 15, "success"),  # 31 is a critical success, lowered
        (1, 5, 15, "critical-failure"),  # 6 is a failure, lowered
    ],
)
def test_degree_table(d20: int, mod: int, dc: int, expected: str) -> None:
    assert degree(d20, mod, dc) == expected


def test_natural_one_and_twenty_move_one_step() -> None:
    assert degree(1, 14, 15) == "failure"  # 15 = success, lowered
    assert degree(1, 20, 15) == "failure"  # 21 = success, lowered
    assert degree(1, 5, 15) == "critical-failure"  # 6 = crit failure already; can't go lower
    assert degree(20, 20, 15) == "critical-success"  # can't go higher


@given(st.integers(1, 20), st.integers(-30, 40), st.integers(0, 50), st.integers(0, 10))
def test_degree_never_drops_as_the_modifier_rises(d20: int, mod: int, dc: int, more: int) -> None:
    assert DEGREES.index(degree(d20, mod + more, dc)) >= DEGREES.index(degree(d20, mod, dc))


def test_flat_checks_and_bad_dice() -> None:
    assert flat_check(15, 15) == "success"
    assert flat_check(14, 15) == "failure"
    assert flat_check(20, 11) == "critical-success"
    with pytest.raises(ValueError):
        degree(21, 0, 10)


# ------------------------------------------------------------------------------------------- MAP, range


@pytest.mark.parametrize(
    ("n", "agile", "value"),
    [(1, False, None), (2, False, -5), (3, False, -10), (5, False, -10), (2, True, -4), (3, True, -8)],
)
def test_multiple_attack_penalty(n: int, agile: bool, value: int | None) -> None:
    m = multiple_attack_penalty(n, agile)
    assert (m.value if m else None) == value
    if m:
        assert m.type == "untyped"


@pytest.mark.parametrize(
    ("distance", "increments", "penalty"),
    [(0, 1, 0), (5, 1, 0), (30, 1, 0), (35, 2, -2), (60, 2, -2), (65, 3, -4), (180, 6, -10)],
)
def test_range_increments(distance: int, increments: int, penalty: int) -> None:
    assert range_increments(distance, 30) == increments
    m = range_penalty(distance, 30)
    assert (m.value if m else 0) == penalty


def test_beyond_six_increments_is_out_of_range() -> None:
    with pytest.raises(QueryError) as info:
        range_penalty(185, 30)
    assert info.value.prefix == "out of range"


def test_volley_penalises_close_targets_only() -> None:
    longbow = Attack("longbow", 10, "1d8 piercing", traits=("volley 30 ft",), range_increment=100)
    near = attack_modifiers(tok(), longbow, distance=30)
    far = attack_modifiers(tok(), longbow, distance=35)
    assert [m.value for m in near if m.label == "volley"] == [-2]
    assert not [m for m in far if m.label == "volley"]


# ------------------------------------------------------------------------------------------- conditions


def _labels(mods: list[Modifier]) -> dict[str, int]:
    return {m.label: m.value for m in mods}


def test_frightened_and_sickened_are_status_and_the_worst_applies() -> None:
    r = strike(tok("a", "frightened 1", "sickened 3"), tok(), SWORD, 10)
    assert r.attack_bonus == 10 - 3
    assert r.total == 17


def test_clumsy_hits_ranged_and_finesse_enfeebled_hits_other_melee() -> None:
    attacker = tok("a", "clumsy 2", "enfeebled 1")
    assert _labels(attack_modifiers(attacker, BOW, distance=10)).get("clumsy") == -2
    assert _labels(attack_modifiers(attacker, RAPIER)).get("clumsy") == -2
    assert "enfeebled" not in _labels(attack_modifiers(attacker, RAPIER))
    assert _labels(attack_modifiers(attacker, SWORD)) == {"attack bonus": 10, "enfeebled": -1}


def test_prone_attacker_and_nonlethal_mismatch_are_circumstance() -> None:
    mods = attack_modifiers(tok("a", "prone"), SWORD, nonlethal=True)
    circ = [m for m in mods if m.type == "circumstance"]
    assert {m.label for m in circ} == {"prone", "nonlethal"}
    assert strike(tok("a", "prone"), tok(), SWORD, 10, nonlethal=True).attack_bonus == 8  # one −2 applies


def test_off_guard_applies_once_whatever_its_sources() -> None:
    target = tok("t", "prone", "off-guard", "grabbed")
    r = strike(tok("a"), target, SWORD, 10, flanked_by=("b",))
    assert r.ac == 18
    assert sum(1 for e in r.ac_breakdown.entries if e.applied) == 1


def test_unconscious_target_is_off_guard_and_minus_four_status() -> None:
    r = strike(tok("a"), tok("t", "unconscious"), SWORD, 10)
    assert r.ac == 20 - 2 - 4
    assert strike(tok("a"), tok("t", "dying 1"), SWORD, 10).ac == 14


def test_status_penalties_to_ac_do_not_stack() -> None:
    assert strike(tok("a"), tok("t", "frightened 2", "clumsy 1", "sickened 1"), SWORD, 10).ac == 18


def test_cover_bonus_and_off_guard_penalty_both_apply() -> None:
    r = strike(tok("a"), tok("t", "off-guard"), BOW, 10, distance=20, cover="standard")
    assert r.ac == 20
    assert [(e.modifier.value, e.applied) for e in r.ac_breakdown.entries] == [(-2, True), (2, True)]


@pytest.mark.parametrize(("cover", "bonus"), [("none", 0), ("lesser", 1), ("standard", 2), ("greater", 4)])
def test_cover_degrees(cover: str, bonus: int) -> None:
    assert strike(tok("a"), tok(), BOW, 10, distance=20, cover=cover).ac == 20 + bonus


def test_take_cover_upgrades_standard_to_greater_and_otherwise_gives_standard() -> None:
    assert strike(tok("a"), tok("t", "took-cover"), BOW, 10, distance=20, cover="standard").ac == 24
    # 「それ以外の場合…標準的な遮蔽」: lesser or no cover becomes standard (+2).
    assert strike(tok("a"), tok("t", "took-cover"), BOW, 10, distance=20, cover="lesser").ac == 22
    assert strike(tok("a"), tok("t", "took-cover"), SWORD, 10).ac == 22
    prone = tok("t", "prone", "took-cover")
    # Prone + Take Cover: standard cover (+2) and off-guard (−2).
    assert strike(tok("a"), prone, BOW, 10, distance=20).ac == 20


def test_flanking_does_not_help_ranged_attacks() -> None:
    assert strike(tok("a"), tok(), BOW, 10, distance=5, flanked_by=("b",)).ac == 20
    assert strike(tok("a"), tok(), SWORD, 10, flanked_by=("b",)).ac == 18


def test_modifier_json_lists_the_attack_bonus_as_untyped() -> None:
    r = strike(tok("a"), tok(), SWORD, 10, attack_number=2)
    j = r.to_json()
    assert j["modifiers"][0] == {
        "label": "attack bonus",
        "type": "untyped",
        "value": 10,
        "applied": True,
        "source": "longsword",
    }
    assert j["attack_bonus"] == 5 and j["total"] == 15 and j["degree"] == "failure"
    assert set(j) == {
        "modifiers",
        "attack_bonus",
        "total",
        "ac",
        "ac_modifiers",
        "degree",
        "damage_formula",
        "flat_check",
    }


def test_missing_ac_is_a_missing_field() -> None:
    with pytest.raises(QueryError) as info:
        strike(tok("a"), tok("t", ac=None), SWORD, 10)
    assert info.value.prefix == "missing field"


# ------------------------------------------------------------------------------------------- damage formula


@pytest.mark.parametrize(
    ("damage", "traits", "crit"),
    [
        ("1d8+4 slashing", (), "(1d8+4)*2"),
        ("1d6+4 piercing", ("deadly d8",), "(1d6+4)*2+1d8"),
        ("2d6+4 piercing", ("deadly d8",), "(2d6+4)*2+1d8"),
        ("3d6+4 piercing", ("deadly d8",), "(3d6+4)*2+2d8"),
        ("4d6+4 piercing", ("deadly d8",), "(4d6+4)*2+3d8"),
        ("1d8+4 piercing", ("fatal d12",), "(1d12+4)*2+1d12"),
        ("2d6 piercing plus 1d6 fire", ("fatal d10",), "(2d10+1d6)*2+1d10"),
        ("1d4+2 piercing", ("deadly d6", "fatal d8"), "(1d8+2)*2+1d6+1d8"),
    ],
)
def test_critical_damage_formula(damage: str, traits: tuple[str, ...], crit: str) -> None:
    attack = Attack("w", 0, damage, traits=traits)
    assert damage_formula(damage, "critical-success", attack) == crit
    assert damage_formula(damage, "success", attack) == damage.split(" ")[0] + (
        "+1d6" if "plus" in damage else ""
    )
    assert damage_formula(damage, "failure", attack) is None
    assert damage_formula(damage, "critical-failure", attack) is None


# ------------------------------------------------------------------------------------------- dying


def pc(hp: int = 0, *conditions: str) -> Token:
    return Token("pc", Cell(0, 0), pc=True, hp=hp, max_hp=20, conditions=conditions)


def test_knocked_out_pc_is_dying_one_or_two_plus_wounded() -> None:
    assert dying.state_of(dying.knock_out(pc())) == "dying 1"
    assert dying.state_of(dying.knock_out(pc(), critical=True)) == "dying 2"
    assert dying.state_of(dying.knock_out(pc(0, "wounded 2"))) == "dying 3"
    assert dying.state_of(dying.knock_out(pc(0, "wounded 2"), critical=True)) == "dead"


def test_doomed_lowers_the_death_threshold() -> None:
    assert dying.death_threshold(pc(0, "doomed 1")) == 3
    assert dying.state_of(dying.knock_out(pc(0, "doomed 1", "wounded 1"), critical=True)) == "dead"
    assert dying.state_of(dying.knock_out(pc(0, "doomed 2", "wounded 1"))) == "dead"


def test_nonlethal_and_non_pcs() -> None:
    assert dying.state_of(dying.knock_out(pc(), nonlethal=True)) == "unconscious"
    monster = Token("m", Cell(0, 0), hp=0, max_hp=10)
    assert dying.state_of(dying.knock_out(monster)) == "dead"
    assert dying.state_of(dying.knock_out(monster, nonlethal=True)) == "unconscious"


@pytest.mark.parametrize(
    ("d20", "degree_name", "after"),
    [
        (20, "critical-success", "unconscious"),  # 20 vs DC 12: success, raised → dying −2
        (12, "success", "dying 1"),
        (11, "failure", "dying 3"),
        (2, "critical-failure", "dead"),  # 2 ≤ DC − 10 → dying +2 = 4
        (1, "critical-failure", "dead"),
    ],
)
def test_recovery_check_from_dying_two(d20: int, degree_name: str, after: str) -> None:
    result = dying.recovery_check(pc(0, "dying 2", "unconscious"), d20)
    assert result.dc == 12
    assert result.degree == degree_name
    assert dying.state_of(result.token) == after
    if after == "unconscious":
        assert result.token.condition_value("wounded") == 1


def test_recovery_success_lowers_dying_by_one_and_losing_dying_adds_wounded() -> None:
    t = pc(0, "dying 1", "unconscious", "wounded 1")
    result = dying.recovery_check(t, 12)  # DC 11
    assert result.degree == "success"
    assert dying.dying_value(result.token) == 0
    assert result.token.condition_value("wounded") == 2
    assert "recovery check" in result.text


# ------------------------------------------------------------------------------------------- persistent


def test_persistent_damage_ticks_then_flat_check() -> None:
    target = Token("t", Cell(0, 0), hp=20, max_hp=20, weaknesses=(("fire", 2),))
    after, result = tick(target, Persistent("1d6", "fire"), ScriptedDice([4, 15]))
    assert result.outcome.total == 6
    assert after.hp == 14
    assert result.ended
    _after, result = tick(target, Persistent("1d6", "fire"), ScriptedDice([4, 14]))
    assert not result.ended


def test_persistent_damage_of_one_type_keeps_the_higher() -> None:
    current = (Persistent("1d6", "fire"), Persistent("1d4", "bleed"))
    assert add_persistent(current, Persistent("2d6", "fire"))[0].formula == "2d6"
    assert add_persistent(current, Persistent("1d4", "fire"))[0].formula == "1d6"
    assert len(add_persistent(current, Persistent("1d6", "acid"))) == 3


# ------------------------------------------------------------------------------------------- system


def test_system_turn_budget_and_end_of_turn() -> None:
    assert PF2E.turn_budget(tok()).actions == 3
    assert PF2E.turn_budget(tok("a", "slowed 1")).actions == 2
    assert PF2E.turn_budget(tok("a", "quickened")).actions == 4
    assert PF2E.turn_budget(tok("a", "unconscious")).actions == 0
    event = PF2E.end_of_turn(tok("a", "frightened 2"), ScriptedDice([]))
    assert event.token.condition_value("frightened") == 1
    assert not PF2E.end_of_turn(tok("a", "frightened 1"), ScriptedDice([])).token.has_condition("frightened")


def test_strike_result_is_frozen() -> None:
    r = strike(tok("a"), tok(), SWORD, 10)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.d20 = 20  # type: ignore[misc]


def test_rolled_strike_damage_is_at_least_one() -> None:
    from rules.systems.pf2e.strike import roll_strike_damage

    rolled, amount = roll_strike_damage("1d4-3", ScriptedDice([1]))
    assert rolled.total == -2 and amount == 1
    assert roll_strike_damage("(1d8+4)*2+1d10", ScriptedDice([5, 7]))[1] == 25


def test_recovery_check_dc_is_ten_plus_dying_and_the_check_uses_it() -> None:
    from rules.systems.pf2e.dying import recovery_check, recovery_dc

    for value in (1, 2, 3):
        token = Token(
            "pc", Cell(0, 0), pc=True, hp=0, max_hp=20, conditions=(f"dying {value}", "unconscious")
        )
        assert recovery_dc(token) == 10 + value
        assert recovery_check(token, 10 + value).dc == recovery_dc(token)
        assert recovery_check(token, 10 + value).degree == "success"
        assert recovery_check(token, 9 + value).degree == "failure"
