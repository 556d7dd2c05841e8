"""D&D 5e conditions as data, per edition (PHB 2014 appendix A; 2024 Rules Glossary)."""

from __future__ import annotations

import pytest

from rules.geometry.coords import Cell
from rules.model.scene import Attack, Token
from rules.systems.dnd5e.advantage import ADVANTAGE, DISADVANTAGE, condition_reasons, mode_of
from rules.systems.dnd5e.attack import attack_roll
from rules.systems.dnd5e.conditions import (
    ATTACK,
    ATTACKED,
    CHECK,
    INITIATIVE,
    SAVE,
    automatic_failures,
    critical_within_5,
    d20_penalty,
    exhaustion_level,
    is_incapacitated,
    roll_reasons,
    speed,
)
from rules.systems.dnd5e.editions import DND5E_2014, DND5E_2024

EDITIONS = [DND5E_2014, DND5E_2024]


def tok(*conditions: str, **kw: object) -> Token:
    return Token("t", Cell(0, 0), ac=15, speed=30, conditions=conditions, **kw)  # type: ignore[arg-type]


def kinds(token: Token, roll: str, edition: object, **kw: object) -> list[str]:
    return [r.kind for r in roll_reasons(token, roll, edition, **kw)]  # type: ignore[arg-type]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("condition", ["paralyzed", "stunned", "unconscious", "petrified"])
def test_helpless_creatures_fail_strength_and_dexterity_saves(condition: str, edition: object) -> None:
    t = tok(condition)
    assert automatic_failures(t, SAVE, edition, ability="str")  # type: ignore[arg-type]
    assert automatic_failures(t, SAVE, edition, ability="dex")  # type: ignore[arg-type]
    assert not automatic_failures(t, SAVE, edition, ability="con")  # type: ignore[arg-type]
    assert not automatic_failures(t, CHECK, edition, ability="str")  # type: ignore[arg-type]
    assert is_incapacitated(t, edition)  # type: ignore[arg-type]
    assert kinds(t, ATTACKED, edition, distance=30) == [ADVANTAGE]


@pytest.mark.parametrize("edition", EDITIONS)
def test_restrained_poisoned_frightened(edition: object) -> None:
    assert kinds(tok("restrained"), SAVE, edition, ability="dex") == [DISADVANTAGE]
    assert kinds(tok("restrained"), SAVE, edition, ability="str") == []
    for c in ("poisoned", "frightened"):
        assert kinds(tok(c), CHECK, edition, ability="wis") == [DISADVANTAGE]
        assert kinds(tok(c), ATTACK, edition) == [DISADVANTAGE]
        assert kinds(tok(c), SAVE, edition, ability="wis") == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_prone_depends_on_the_attackers_distance(edition: object) -> None:
    assert kinds(tok("prone"), ATTACKED, edition, distance=5) == [ADVANTAGE]
    assert kinds(tok("prone"), ATTACKED, edition, distance=10) == [DISADVANTAGE]


def test_dodging_and_hidden() -> None:
    assert kinds(tok("dodging"), ATTACKED, DND5E_2014, distance=5) == [DISADVANTAGE]
    assert kinds(tok("dodging"), SAVE, DND5E_2014, ability="dex") == [ADVANTAGE]
    assert kinds(tok("hidden"), ATTACK, DND5E_2024) == [ADVANTAGE]


def test_2014_exhaustion_levels() -> None:
    e = DND5E_2014
    assert kinds(tok(exhaustion=1), CHECK, e, ability="str") == [DISADVANTAGE]
    assert kinds(tok(exhaustion=2), ATTACK, e) == []
    assert kinds(tok(exhaustion=3), ATTACK, e) == [DISADVANTAGE]
    assert kinds(tok(exhaustion=3), SAVE, e, ability="con") == [DISADVANTAGE]
    assert speed(tok(exhaustion=1), e) == 30
    assert speed(tok(exhaustion=2), e) == 15
    assert speed(tok(exhaustion=5), e) == 0
    assert d20_penalty(tok(exhaustion=3), e) == 0


def test_2024_exhaustion_is_minus_two_per_level_on_every_d20_test() -> None:
    e = DND5E_2024
    assert d20_penalty(tok(exhaustion=2), e) == -4
    assert d20_penalty(tok("exhaustion 3"), e) == -6  # the condition form counts too
    assert exhaustion_level(tok("exhaustion 1", exhaustion=2)) == 2
    assert kinds(tok(exhaustion=3), ATTACK, e) == []
    assert speed(tok(exhaustion=2), e) == 20
    sword = Attack("longsword", 5, "1d8+3")
    assert attack_roll(tok(exhaustion=2), tok(), sword, [10, 10], edition=e).total == 11


def test_2024_initiative_sources() -> None:
    assert kinds(tok("invisible"), INITIATIVE, DND5E_2024) == [ADVANTAGE]
    assert kinds(tok("incapacitated"), INITIATIVE, DND5E_2024) == [DISADVANTAGE]
    assert kinds(tok("invisible"), INITIATIVE, DND5E_2014) == []


def test_speed_zero_and_critical_within_5() -> None:
    for c in ("grappled", "restrained", "paralyzed", "unconscious"):
        assert speed(tok(c), DND5E_2024) == 0, c
    assert critical_within_5(tok("paralyzed"), DND5E_2014)
    assert not critical_within_5(tok("stunned"), DND5E_2014)


def test_attacks_read_the_table_and_any_mix_cancels() -> None:
    sword = Attack("longsword", 5, "1d8+3")
    reasons = condition_reasons(tok("poisoned"), tok("prone"), sword, distance=5, edition=DND5E_2014)
    assert mode_of(reasons) == "normal"
    assert {r.text for r in reasons} == {"target is prone (attacker within 5 ft)", "attacker is poisoned"}
    with pytest.raises(ValueError):
        roll_reasons(tok(), "damage", DND5E_2014)
