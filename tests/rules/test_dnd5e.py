"""D&D 5e rules from plain facts: advantage with reasons, attack rolls, death saves, edition flags."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import ScriptedDice
from rules.errors import QueryError
from rules.geometry.coords import Cell
from rules.model.scene import Attack, Token
from rules.systems import system_for
from rules.systems.dnd5e.advantage import (
    ADVANTAGE,
    DISADVANTAGE,
    NORMAL,
    Reason,
    choose_d20,
    condition_reasons,
    mode_of,
)
from rules.systems.dnd5e.attack import attack_roll
from rules.systems.dnd5e.damage import death_save, state_of
from rules.systems.dnd5e.editions import DND5E_2014, DND5E_2024, edition

SWORD = Attack("longsword", 5, "1d8+3 slashing", properties=("versatile",))
MAUL = Attack("maul", 5, "2d6+3 bludgeoning", properties=("heavy", "two-handed"))


def tok(tid: str = "t", *conditions: str, ac: int | None = 15, **kw: object) -> Token:
    return Token(tid, Cell(0, 0), ac=ac, conditions=conditions, speed=30, **kw)  # type: ignore[arg-type]


def kinds(reasons: list[Reason]) -> list[str]:
    return sorted(r.kind for r in reasons)


@given(st.lists(st.sampled_from([ADVANTAGE, DISADVANTAGE]), max_size=6))
def test_any_mix_cancels(kinds_given: list[str]) -> None:
    reasons = [Reason(k, "x") for k in kinds_given]
    expected = NORMAL if len(set(kinds_given)) != 1 else kinds_given[0]
    assert mode_of(reasons) == expected


@pytest.mark.parametrize(("mode", "used"), [(NORMAL, 14), (ADVANTAGE, 14), (DISADVANTAGE, 3)])
def test_choose_d20(mode: str, used: int) -> None:
    assert choose_d20(mode, 14, 3) == used
    assert choose_d20(NORMAL, 3, 14) == 3  # normal always takes the first die


def test_prone_target_depends_on_distance() -> None:
    near = condition_reasons(tok("a"), tok("t", "prone"), SWORD, distance=5, edition=DND5E_2014)
    far = condition_reasons(tok("a"), tok("t", "prone"), SWORD, distance=10, edition=DND5E_2014)
    assert kinds(near) == [ADVANTAGE]
    assert kinds(far) == [DISADVANTAGE]


@pytest.mark.parametrize(
    ("attacker", "target", "expected"),
    [
        ((), ("blinded",), [ADVANTAGE]),
        (("blinded",), (), [DISADVANTAGE]),
        (("invisible",), (), [ADVANTAGE]),
        ((), ("invisible",), [DISADVANTAGE]),
        (("poisoned",), (), [DISADVANTAGE]),
        (("restrained",), ("restrained",), [ADVANTAGE, DISADVANTAGE]),
        ((), ("paralyzed",), [ADVANTAGE]),
        ((), ("unconscious",), [ADVANTAGE]),
        (("prone",), (), [DISADVANTAGE]),
    ],
)
def test_condition_sources(attacker: tuple[str, ...], target: tuple[str, ...], expected: list[str]) -> None:
    reasons = condition_reasons(tok("a", *attacker), tok("t", *target), SWORD, distance=5, edition=DND5E_2024)
    assert kinds(reasons) == expected
    assert all(r.text for r in reasons)


def test_edition_flags_differ_as_data() -> None:
    small = Token("a", Cell(0, 0), size="small")
    assert kinds(condition_reasons(small, tok(), MAUL, distance=5, edition=DND5E_2014)) == [DISADVANTAGE]
    assert condition_reasons(small, tok(), MAUL, distance=5, edition=DND5E_2024) == []
    tired = tok("a", "exhaustion 3")
    assert kinds(condition_reasons(tired, tok(), SWORD, distance=5, edition=DND5E_2014)) == [DISADVANTAGE]
    assert condition_reasons(tired, tok(), SWORD, distance=5, edition=DND5E_2024) == []
    # 2024: −2 per exhaustion level on the d20 test instead.
    assert attack_roll(tired, tok(), SWORD, [10, 10], edition=DND5E_2024).total == 10 + 5 - 6
    assert attack_roll(tired, tok(), SWORD, [10, 10], edition=DND5E_2014).total == 15
    assert edition("dnd5e-2024").emanation and not edition("dnd5e-2014").emanation
    with pytest.raises(ValueError):
        edition("dnd5e-2030")


def test_natural_twenty_and_one() -> None:
    r = attack_roll(tok("a"), tok("t", ac=40), SWORD, [20, 2], edition=DND5E_2014)
    assert r.hit and r.critical and r.damage_formula == "2d8+3"
    r = attack_roll(tok("a"), tok("t", ac=2), Attack("x", 30, "1d4"), [1, 20], edition=DND5E_2014)
    assert not r.hit and not r.critical and r.damage_formula is None
    assert r.total == 31


def test_cover_adds_to_ac() -> None:
    assert attack_roll(tok("a"), tok(), SWORD, [9, 9], edition=DND5E_2014, cover="half").ac == 17
    assert attack_roll(tok("a"), tok(), SWORD, [9, 9], edition=DND5E_2014, cover="three-quarters").ac == 20
    r = attack_roll(tok("a"), tok(), SWORD, [12, 9], edition=DND5E_2014, cover="half")
    assert r.total == 17 and r.hit  # exactly the AC hits


def test_hits_on_paralyzed_or_unconscious_within_five_feet_are_critical() -> None:
    near = attack_roll(tok("a"), tok("t", "paralyzed"), SWORD, [12, 12], edition=DND5E_2024, distance=5)
    far = attack_roll(tok("a"), tok("t", "paralyzed"), SWORD, [12, 12], edition=DND5E_2024, distance=10)
    assert near.hit and near.critical and near.damage_formula == "2d8+3"
    assert far.hit and not far.critical and far.damage_formula == "1d8+3"
    miss = attack_roll(tok("a"), tok("t", "unconscious", ac=30), SWORD, [3, 3], edition=DND5E_2024)
    assert not miss.hit and not miss.critical


def test_mode_picks_the_die() -> None:
    adv = [Reason(ADVANTAGE, "target is prone")]
    r = attack_roll(tok("a"), tok(), SWORD, [4, 17], edition=DND5E_2014, reasons=adv)
    assert (r.mode, r.d20_used, r.total) == (ADVANTAGE, 17, 22)
    assert r.to_json()["reasons"] == ["advantage: target is prone"]
    assert set(r.to_json()) == {
        "mode",
        "reasons",
        "d20_used",
        "total",
        "ac",
        "hit",
        "critical",
        "damage_formula",
    }


def test_missing_ac() -> None:
    with pytest.raises(QueryError) as info:
        attack_roll(tok("a"), tok("t", ac=None), SWORD, [5, 5], edition=DND5E_2014)
    assert info.value.prefix == "missing field"


def dying_pc(successes: int = 0, failures: int = 0) -> Token:
    return Token(
        "pc",
        Cell(0, 0),
        pc=True,
        hp=0,
        max_hp=12,
        conditions=("unconscious",),
        death_saves=(successes, failures),
    )


def test_death_saves() -> None:
    assert death_save(dying_pc(), 10).token.death_saves == (1, 0)
    assert death_save(dying_pc(), 9).token.death_saves == (0, 1)
    assert death_save(dying_pc(), 1).token.death_saves == (0, 2)
    third = death_save(dying_pc(2, 0), 15).token
    assert third.has_condition("stable") and third.death_saves == (0, 0)
    assert state_of(death_save(dying_pc(0, 2), 5).token) == "dead"
    assert state_of(death_save(dying_pc(0, 1), 1).token) == "dead"
    revived = death_save(dying_pc(1, 2), 20).token
    assert revived.hp == 1 and state_of(revived) == "ok"


def test_system_start_of_turn_rolls_a_death_save_and_budget() -> None:
    system = system_for("dnd5e-2014")
    event = system.start_of_turn(dying_pc(), ScriptedDice([13]))
    assert event.token.death_saves == (1, 0)
    assert event.log and "death save" in event.log[0]
    stable = dying_pc().with_condition("stable")
    assert system.start_of_turn(stable, ScriptedDice([])).token == stable
    budget = system.turn_budget(tok())
    assert (budget.actions, budget.bonus_actions, budget.reactions, budget.movement) == (1, 1, 1, 30)
    assert system.turn_budget(tok("a", "stunned")).actions == 0
    with pytest.raises(QueryError) as info:
        system.check(10, 0, 10)
    assert info.value.prefix == "bad value"


def test_system_for_names() -> None:
    assert system_for("pf2e").name == "pf2e"
    assert system_for("dnd5e-2024").name == "dnd5e-2024"
    with pytest.raises(ValueError, match="unknown rule system"):
        system_for("gurps")
