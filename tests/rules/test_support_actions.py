"""Defensive and support actions (issue 16 §3; Player Core basic actions, 5e PHB actions)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.geometry.cover import cover
from rules.model.scene import Token
from rules.systems import support_actions as sa
from rules.systems.pf2e.degrees import CRITICAL_FAILURE, CRITICAL_SUCCESS, FAILURE, SUCCESS
from tests.rules.ascii_maps import ascii_scene


def tok(*conditions: str) -> Token:
    from rules.model.scene import Cell

    return Token("t", Cell(0, 0), conditions=tuple(conditions))


def test_take_cover_is_a_condition_that_the_cover_geometry_reads() -> None:
    s = ascii_scene("A.c.b")
    b = s.token("b")
    a = s.token("A")
    assert a is not None and b is not None
    assert cover(s, b, a).degree == "lesser"
    took = sa.take_cover(b)
    assert took.has_condition("took-cover")
    moved = s.replace_token(took)
    assert cover(moved, took, a).degree == "standard"


@pytest.mark.parametrize("event", ["move", "attack", "unconscious", "dismiss"])
def test_take_cover_ends_when_the_creature_moves_attacks_falls_unconscious_or_ends_it(event: str) -> None:
    assert not sa.take_cover_ends(tok("took-cover"), event).has_condition("took-cover")


@pytest.mark.parametrize("event", ["interact", "seek", "raise-shield", "start-turn"])
def test_take_cover_lasts_through_other_actions(event: str) -> None:
    assert sa.take_cover_ends(tok("took-cover"), event).has_condition("took-cover")


def test_raise_a_shield_gives_its_circumstance_bonus_until_the_start_of_the_next_turn() -> None:
    raised = sa.raise_shield(tok())
    mod = sa.shield_bonus(raised)
    assert mod is not None and (mod.type, mod.value) == ("circumstance", 2)
    tower = sa.raise_shield(tok(), 4)
    assert tower.conditions == ("raised-shield 4",)
    assert sa.shield_bonus(tower) is not None and sa.shield_bonus(tower).value == 4  # type: ignore[union-attr]
    assert sa.shield_bonus(tok()) is None
    assert not sa.start_of_turn(raised).has_condition("raised-shield")
    # The end of its own turn doesn't lower the shield.
    assert sa.end_of_turn(raised).has_condition("raised-shield")


@pytest.mark.parametrize(
    ("damage", "hardness", "taken", "prevented"), [(12, 5, 7, 5), (4, 5, 0, 4), (5, 5, 0, 5)]
)
def test_shield_block_reduces_damage_by_hardness(
    damage: int, hardness: int, taken: int, prevented: int
) -> None:
    r = sa.shield_block(damage, hardness)
    assert (r.creature_damage, r.shield_damage, r.prevented) == (taken, taken, prevented)


@pytest.mark.parametrize(
    ("d20", "mod", "rank", "degree", "value"),
    [
        (15, 10, "trained", CRITICAL_SUCCESS, 2),  # 25 ≥ 15 + 10
        (15, 10, "master", CRITICAL_SUCCESS, 3),
        (15, 10, "legendary", CRITICAL_SUCCESS, 4),
        (10, 5, "trained", SUCCESS, 1),
        (8, 5, "legendary", FAILURE, None),
        (2, 2, "trained", CRITICAL_FAILURE, -1),  # 4 ≤ 15 − 10
        (20, -10, "trained", SUCCESS, 1),  # 10: a failure, raised to success by the natural 20
    ],
)
def test_aid_degrees(d20: int, mod: int, rank: str, degree: str, value: int | None) -> None:
    from rules.model.scene import Cell
    from rules.systems import system_for

    helper = Token("h", Cell(0, 0), skills=(("athletics", mod),))
    r = system_for("pf2e").aid(helper, "athletics", d20, 15, rank)
    assert r.dc == 15 and r.degree == degree and r.total == d20 + mod
    assert r.value == value


def test_dodge_needs_sight_of_the_attacker_and_a_working_body() -> None:
    d = sa.dodge(tok())
    assert sa.dodge_applies(d, sees_attacker=True)
    assert not sa.dodge_applies(d, sees_attacker=False)
    assert not sa.dodge_applies(d.with_condition("incapacitated"), sees_attacker=True)
    assert not sa.dodge_applies(d, sees_attacker=True, speed=0)
    assert not sa.dodge_applies(tok(), sees_attacker=True)
    assert not sa.start_of_turn(d).has_condition("dodging")


def test_disengage_lasts_the_turn() -> None:
    d = sa.disengage(tok())
    assert d.has_condition("disengaged")
    assert sa.start_of_turn(d).has_condition("disengaged")
    assert not sa.end_of_turn(d).has_condition("disengaged")


def test_help_gives_advantage_once() -> None:
    h = sa.help_ally(tok())
    assert sa.help_reason(h) == "advantage: helped (the Help action)"
    assert sa.help_reason(sa.help_used(h)) is None


def test_helping_an_ally_is_each_systems_own() -> None:
    from rules.systems import system_for

    pf2e, dnd = system_for("pf2e"), system_for("dnd5e-2014")
    assert pf2e.support_actions == ("aid", "point-out") and dnd.support_actions == ("help",)
    with pytest.raises(ValueError, match="PF2e reaction"):
        dnd.aid(tok(), "athletics", 10, 15, "trained")


def test_a_raised_shield_raises_ac_in_a_strike_and_does_not_stack_with_cover() -> None:
    from rules.queries import load_all

    handlers = load_all()
    sword = {"name": "sword", "bonus": 7, "damage": "1d8+4 slashing"}
    base = {"ac": 18, "hp": 20}
    s = ascii_scene("Ab", tokens={"A": {"attacks": [sword]}, "b": base})
    q = {"q": "attack", "attacker": "A", "target": "b", "attack": "sword", "d20": 10}
    assert handlers["attack"](s, q)["ac"] == 18
    raised = ascii_scene(
        "Ab", tokens={"A": {"attacks": [sword]}, "b": {**base, "conditions": ["raised-shield"]}}
    )
    assert handlers["attack"](raised, q)["ac"] == 20
    # Took cover in the open (standard, +2) and a raised shield (+2): circumstance bonuses don't stack.
    both = ascii_scene(
        "Ab", tokens={"A": {"attacks": [sword]}, "b": {**base, "conditions": ["raised-shield", "took-cover"]}}
    )
    assert handlers["attack"](both, q)["ac"] == 20


def test_5e_dodge_only_against_attackers_the_dodger_can_see() -> None:
    from rules.queries import load_all

    handlers = load_all()
    sword = {"name": "sword", "bonus": 5, "damage": "1d8+3 slashing"}
    q = {"q": "attack", "attacker": "A", "target": "b", "attack": "sword", "d20": [15, 3]}

    def answer(*conditions: str) -> dict[str, Any]:
        s = ascii_scene(
            "Ab",
            "dnd5e-2014",
            tokens={"A": {"attacks": [sword]}, "b": {"ac": 12, "hp": 9, "conditions": list(conditions)}},
        )
        return handlers["attack"](s, q)

    assert answer()["mode"] == "normal"
    assert answer("dodging")["mode"] == "disadvantage"
    # A blinded dodger can't see the attacker: no Dodge (and attacks against it have advantage).
    assert answer("dodging", "blinded")["mode"] == "advantage"
    # An incapacitated dodger loses the benefit.
    assert answer("dodging", "incapacitated")["mode"] == "normal"
    # An invisible attacker is unseen: advantage, and the Dodge doesn't apply.
    s = ascii_scene(
        "Ab",
        "dnd5e-2014",
        tokens={
            "A": {"attacks": [sword], "conditions": ["invisible"]},
            "b": {"ac": 12, "hp": 9, "conditions": ["dodging"]},
        },
    )
    assert handlers["attack"](s, q)["mode"] == "advantage"


def test_at_turn_ends_what_lasts_until_the_start_or_end_of_the_turn() -> None:
    t = tok("raised-shield", "dodging", "reaction-used", "disengaged", "surprised", "took-cover")
    started, lines = sa.at_turn("dnd5e-2014", t, "start")
    assert set(started.conditions) == {"disengaged", "surprised", "took-cover"}
    assert lines == ("t lowers its shield", "t stops Dodging", "t has its reaction again")
    ended, lines = sa.at_turn("dnd5e-2014", started, "end")
    assert ended.conditions == ("took-cover",)
    assert lines == ("t's Disengage ends", "t is no longer surprised")
    # Surprise only lasts the first turn under the 2014 rules; 2024 surprise is only the initiative roll.
    assert sa.at_turn("dnd5e-2024", started, "end")[0].has_condition("surprised")
    with pytest.raises(ValueError, match="moment"):
        sa.at_turn("pf2e", t, "middle")
