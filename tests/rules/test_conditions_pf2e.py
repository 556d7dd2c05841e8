"""PF2e conditions as data (rules.md "Conditions that change the numbers")."""

from __future__ import annotations

import pytest

from rules.geometry.coords import Cell
from rules.model.scene import Attack, Token
from rules.systems.modifiers import stack
from rules.systems.pf2e.conditions import (
    CONDITION_NAMES,
    CONDITIONS,
    actions_per_turn,
    can_act,
    is_off_guard,
    speed_zero,
    statistic_modifiers,
    statistic_tags,
)
from rules.systems.pf2e.strike import strike

ISSUE_LIST = [
    "off-guard",
    "frightened",
    "sickened",
    "clumsy",
    "enfeebled",
    "drained",
    "stupefied",
    "stunned",
    "slowed",
    "quickened",
    "prone",
    "grabbed",
    "restrained",
    "immobilized",
    "blinded",
    "dazzled",
    "deafened",
    "concealed",
    "hidden",
    "undetected",
    "invisible",
    "fatigued",
    "confused",
    "fascinated",
    "fleeing",
    "paralyzed",
    "petrified",
    "unconscious",
    "dying",
    "wounded",
    "doomed",
    "persistent-damage",
]


def tok(*conditions: str) -> Token:
    return Token("t", Cell(0, 0), ac=20, conditions=conditions)


def total(token: Token, stat: str) -> int:
    return stack(statistic_modifiers(token, stat)).total


def test_every_condition_of_the_player_core_list_is_in_the_table() -> None:
    assert set(ISSUE_LIST) <= set(CONDITION_NAMES)
    assert CONDITIONS["flat-footed"] is CONDITIONS["off-guard"]


@pytest.mark.parametrize(
    "stat",
    [
        "ac",
        "fortitude",
        "reflex",
        "will",
        "perception",
        "athletics",
        "stealth",
        "attack-melee",
        "attack-ranged",
        "spell-dc",
        "reflex-dc",
        "athletics-dc",
    ],
)
def test_frightened_and_sickened_reach_every_check_and_dc(stat: str) -> None:
    assert total(tok("frightened 2"), stat) == -2
    assert total(tok("sickened 1"), stat) == -1
    # both status penalties: only the worst applies
    assert total(tok("frightened 2", "sickened 3"), stat) == -3


@pytest.mark.parametrize(
    ("condition", "hit", "missed"),
    [
        (
            "clumsy 2",
            ["ac", "reflex", "acrobatics", "stealth", "thievery", "attack-ranged", "attack-finesse"],
            ["fortitude", "will", "athletics", "attack-melee", "perception"],
        ),
        ("drained 2", ["fortitude"], ["reflex", "will", "ac", "athletics"]),
        ("enfeebled 2", ["attack-melee", "athletics", "athletics-dc"], ["attack-ranged", "reflex", "ac"]),
        (
            "stupefied 2",
            ["will", "perception", "spell-attack", "spell-dc", "arcana", "diplomacy", "medicine"],
            ["fortitude", "reflex", "athletics", "ac"],
        ),
    ],
)
def test_ability_keyed_conditions(condition: str, hit: list[str], missed: list[str]) -> None:
    t = tok(condition)
    for stat in hit:
        assert total(t, stat) == -2, stat
    for stat in missed:
        assert total(t, stat) == 0, stat


def test_unconscious_minus_four_status_to_ac_perception_reflex_and_off_guard() -> None:
    t = tok("unconscious")
    assert total(t, "ac") == -6  # −4 status and −2 circumstance (off-guard)
    assert total(t, "perception") == -4
    assert total(t, "reflex") == -4
    assert total(t, "will") == 0
    assert is_off_guard(t) and not can_act(t)
    # dying makes you unconscious
    assert total(tok("dying 1"), "ac") == -6 and not can_act(tok("dying 1"))


def test_fatigued_and_fascinated() -> None:
    assert total(tok("fatigued"), "ac") == -1
    assert total(tok("fatigued"), "will") == -1
    assert total(tok("fatigued"), "athletics") == 0
    assert total(tok("fascinated"), "perception") == -2
    assert total(tok("fascinated"), "stealth") == -2
    assert total(tok("fascinated"), "reflex") == 0


def test_off_guard_sources_apply_once() -> None:
    for c in ("off-guard", "flat-footed", "prone", "grabbed", "restrained", "paralyzed", "confused"):
        assert is_off_guard(tok(c)), c
        assert total(tok(c), "ac") == -2, c
    assert total(tok("prone", "grabbed", "off-guard"), "ac") == -2
    assert not is_off_guard(tok("frightened 1"))


def test_prone_is_minus_two_circumstance_to_its_attacks_only() -> None:
    mods = statistic_modifiers(tok("prone"), "attack-melee")
    assert [(m.label, m.type, m.value) for m in mods] == [("prone", "circumstance", -2)]
    assert total(tok("prone"), "athletics") == 0


def test_sources_name_the_condition_and_its_value() -> None:
    mods = statistic_modifiers(tok("frightened 2", "grabbed"), "ac", who="target")
    assert {m.source for m in mods} == {"target frightened 2", "target off-guard from grabbed"}


def test_action_budget_and_speed() -> None:
    assert actions_per_turn(tok()) == 3
    assert actions_per_turn(tok("quickened")) == 4
    assert actions_per_turn(tok("slowed 1")) == 2
    assert actions_per_turn(tok("stunned 2", "slowed 1")) == 1  # the larger loss
    assert actions_per_turn(tok("quickened", "slowed 2")) == 2
    assert actions_per_turn(tok("paralyzed")) == 0
    for c in ("grabbed", "restrained", "immobilized", "paralyzed"):
        assert speed_zero(tok(c)), c
    assert not speed_zero(tok("prone"))


def test_statistic_dc_tags() -> None:
    assert "dc" in statistic_tags("reflex-dc") and "check" not in statistic_tags("reflex-dc")
    assert "int" in statistic_tags("warfare-lore")
    with pytest.raises(ValueError):
        statistic_tags(" ")


def test_strike_reads_the_table() -> None:
    sword = Attack("longsword", 10, "1d8+4 slashing")
    # fatigued target: −1 status AC (Player Core fatigued), as any other status penalty
    assert strike(Token("a", Cell(0, 0)), tok("fatigued"), sword, 10).ac == 19
    assert strike(Token("a", Cell(0, 0)), tok("fatigued", "frightened 2"), sword, 10).ac == 18


def test_deafened_minus_two_to_initiative_only() -> None:
    assert total(tok("deafened"), "initiative") == -2
    assert total(tok("deafened"), "perception") == 0
