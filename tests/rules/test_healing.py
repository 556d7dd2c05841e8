"""Healing, temporary HP and editing HP by hand, from the rule texts (PF2e Player Core 410–411 "Hit
Points, Healing, and Dying"; D&D 5e 2014 PHB ch. 9 and 2024 "Damage and Healing")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.geometry.coords import Cell
from rules.model.scene import Token
from rules.systems import healing
from rules.systems.damage import DamageEntry
from rules.systems.dnd5e import damage as dnd_damage
from rules.systems.effective_stats import effective_max_hp, effective_speed, exhaustion_level
from rules.systems.pf2e import damage as pf2e_damage
from rules.systems.turn import TurnRolls, start_of_turn

DND = ("dnd5e-2014", "dnd5e-2024")


def pc(hp: int, max_hp: int = 20, *conditions: str, **kw: Any) -> Token:
    return replace(Token("pc", Cell(0, 0), pc=True, hp=hp, max_hp=max_hp, conditions=conditions), **kw)


# ----------------------------------------------------------------------------------------- both systems


@pytest.mark.parametrize("system", ["pf2e", *DND])
def test_healing_never_goes_above_maximum_hp(system: str) -> None:
    # 5e example: the ranger at 14 of 20 HP healed for 8 regains 6.
    after, lines = healing.heal(pc(14, 20), 8, system)
    assert after.hp == 20
    assert "regains 6 HP" in lines[0]


@pytest.mark.parametrize("system", ["pf2e", *DND])
def test_hp_above_the_maximum_are_not_lowered_by_healing(system: str) -> None:
    assert healing.heal(pc(25, 20), 3, system)[0].hp == 25


@pytest.mark.parametrize("system", ["pf2e", *DND])
def test_the_dead_regain_nothing(system: str) -> None:
    dead = pc(0, 20, "dead")
    after, _ = healing.heal(dead, 10, system)
    assert after.hp == 0 and after.has_condition("dead")
    assert healing.gain_temp_hp(dead, 5, system)[0].temp_hp == 0


@pytest.mark.parametrize("system", ["pf2e", *DND])
@pytest.mark.parametrize(("old", "new", "kept"), [(10, 12, 12), (12, 10, 12), (0, 7, 7), (5, 5, 5)])
def test_temporary_hp_dont_stack_the_higher_stays(system: str, old: int, new: int, kept: int) -> None:
    # 「君の一時的ヒット・ポイントは12か10のどちらかになる。22になるということはない」
    after, _ = healing.gain_temp_hp(pc(15, 20, temp_hp=old), new, system)
    assert after.temp_hp == kept
    assert after.hp == 15


def test_temporary_hp_at_zero_hp_wake_nobody() -> None:
    dying_pf2e = pc(0, 20, "dying 1", "unconscious")
    after, _ = healing.gain_temp_hp(dying_pf2e, 10, "pf2e")
    assert healing.state_of(after, "pf2e") == "dying 1"
    down_5e = pc(0, 20, "unconscious", death_saves=(1, 1))
    after5, _ = healing.gain_temp_hp(down_5e, 10, "dnd5e-2024")
    assert after5.has_condition("unconscious") and after5.death_saves == (1, 1)


def test_negative_healing_is_refused() -> None:
    with pytest.raises(ValueError, match="healing"):
        healing.heal(pc(5), -1, "pf2e")


# ---------------------------------------------------------------------------------------------- PF2e


def test_pf2e_healing_a_dying_pc_ends_dying_wakes_it_and_adds_wounded() -> None:
    after, lines = healing.heal(pc(0, 20, "dying 1", "unconscious"), 5, "pf2e")
    assert after.hp == 5
    assert sorted(after.conditions) == ["wounded 1"]
    assert healing.state_of(after, "pf2e") == "ok"
    assert any("no longer dying" in line for line in lines)


def test_pf2e_leaving_dying_raises_an_existing_wounded_value() -> None:
    after, _ = healing.heal(pc(0, 20, "dying 2", "unconscious", "wounded 1", "doomed 1"), 3, "pf2e")
    assert after.condition_value("wounded") == 2
    assert after.condition_value("doomed") == 1  # doomed is untouched
    assert not after.has_condition("dying") and not after.has_condition("unconscious")


def test_pf2e_unconscious_at_zero_hp_without_dying_wakes_without_more_wounded() -> None:
    # Knocked out by nonlethal damage: unconscious at 0 HP, not dying.
    after, _ = healing.heal(pc(0, 20, "unconscious", "wounded 1"), 4, "pf2e")
    assert after.conditions == ("wounded 1",)


def test_pf2e_healing_a_conscious_creature_leaves_its_conditions() -> None:
    after, _ = healing.heal(pc(5, 20, "frightened 1", "wounded 1"), 4, "pf2e")
    assert after.conditions == ("frightened 1", "wounded 1") and after.hp == 9


def test_pf2e_drained_lowers_the_maximum_healing_reaches() -> None:
    # drained 2 at level 3: maximum HP 20 − 3 × 2 = 14.
    t = pc(5, 20, "drained 2", level=3)
    assert effective_max_hp(t, "pf2e") == 14
    assert healing.heal(t, 50, "pf2e")[0].hp == 14


def test_pf2e_editing_a_dying_pcs_hp_by_hand_heals_it_and_its_turn_has_no_recovery_check() -> None:
    # The issue: editing a dying PC's HP to 5 still ran its recovery check and killed it.
    edited, _ = healing.set_hp(pc(0, 20, "dying 3", "unconscious"), 5, "pf2e")
    assert edited.hp == 5 and edited.conditions == ("wounded 1",)
    after, log = start_of_turn("pf2e", edited, TurnRolls(d20=1))
    assert after == edited and log == ()


def test_pf2e_editing_hp_down_to_zero_knocks_out_by_the_dying_rules() -> None:
    after, lines = healing.set_hp(pc(6, 20, "wounded 1", temp_hp=4), 0, "pf2e")
    # dying 1 + wounded 1; temporary HP don't soak a hand edit and stay as they were.
    assert healing.state_of(after, "pf2e") == "dying 2"
    assert after.temp_hp == 4 and after.hp == 0
    assert "dying 2" in lines[0]


def test_pf2e_editing_hp_down_ignores_resistance() -> None:
    t = pc(10, 20, resistances=(("all", 5),))
    assert healing.set_hp(t, 4, "pf2e")[0].hp == 4


# ----------------------------------------------------------------------------------------------- 5e


@pytest.mark.parametrize("system", DND)
def test_5e_healing_at_zero_hp_wakes_and_resets_death_saves(system: str) -> None:
    down = pc(0, 12, "unconscious", "prone", death_saves=(1, 2))
    after, lines = healing.heal(down, 1, system)
    assert after.hp == 1
    assert after.conditions == ("prone",)
    assert after.death_saves == (0, 0)
    assert healing.state_of(after, system) == "ok"
    assert any("wakes" in line for line in lines)


@pytest.mark.parametrize("system", DND)
def test_5e_healing_a_stable_creature_ends_stable_too(system: str) -> None:
    after, _ = healing.heal(pc(0, 12, "unconscious", "stable"), 3, system)
    assert after.conditions == ()


@pytest.mark.parametrize("system", DND)
def test_5e_editing_a_downed_pcs_hp_to_five_wakes_it(system: str) -> None:
    # The issue: a 5e PC healed to 5 HP stayed unconscious.
    after, _ = healing.set_hp(pc(0, 12, "unconscious", death_saves=(0, 2)), 5, system)
    assert after.hp == 5 and not after.has_condition("unconscious") and after.death_saves == (0, 0)


@pytest.mark.parametrize("system", DND)
def test_5e_editing_hp_to_zero_is_dropping_to_zero(system: str) -> None:
    after, _ = healing.set_hp(pc(6, 12), 0, system)
    assert healing.state_of(after, system) == "unconscious"
    monster = replace(pc(6, 12), pc=False)
    assert healing.state_of(healing.set_hp(monster, 0, system)[0], system) == "dead"


def test_2014_exhaustion_4_halves_the_hp_maximum_for_healing() -> None:
    t = pc(3, 21, exhaustion=4)
    assert effective_max_hp(t, "dnd5e-2014") == 10
    assert healing.heal(t, 20, "dnd5e-2014")[0].hp == 10
    # 2024 exhaustion leaves the maximum alone.
    assert effective_max_hp(t, "dnd5e-2024") == 21


def test_2024_knock_out_leaves_one_hp_and_unconscious_and_healing_wakes_it() -> None:
    # 「代わりにそのクリーチャーのヒット・ポイントを1にまで減らして気絶状態にすることができる」
    target = pc(6, 12)
    outcome, after = dnd_damage.damage(
        target, [DamageEntry(9, "bludgeoning")], nonlethal=True, knock_out_at_one=True
    )
    assert (after.hp, outcome.state) == (1, "unconscious")
    woken, _ = healing.heal(after, 2, "dnd5e-2024")
    assert woken.hp == 3 and not woken.has_condition("unconscious")


def test_2014_knock_out_is_unconscious_and_stable_at_zero_hp() -> None:
    outcome, after = dnd_damage.damage(pc(6, 12), [DamageEntry(9, "bludgeoning")], nonlethal=True)
    assert after.hp == 0 and outcome.state == "unconscious" and after.has_condition("stable")


# ------------------------------------------------------------------------------- speed and exhaustion


@pytest.mark.parametrize(("level", "speed"), [(0, 30), (1, 30), (2, 15), (3, 15), (4, 15), (5, 0), (6, 0)])
def test_2014_exhaustion_speed(level: int, speed: int) -> None:
    assert effective_speed(replace(pc(10), speed=30, exhaustion=level), "dnd5e-2014") == speed


@pytest.mark.parametrize(("level", "speed"), [(0, 30), (1, 25), (3, 15), (5, 5), (6, 0)])
def test_2024_exhaustion_costs_five_feet_per_level(level: int, speed: int) -> None:
    assert effective_speed(replace(pc(10), speed=30, exhaustion=level), "dnd5e-2024") == speed


def test_2024_exhaustion_as_a_condition_counts_and_six_levels_kill() -> None:
    t = pc(10, 20, "exhaustion 2", speed=30)
    assert exhaustion_level(t) == 2
    assert effective_speed(t, "dnd5e-2024") == 20
    assert healing.state_of(replace(t, exhaustion=6), "dnd5e-2024") == "dead"
    assert healing.state_of(replace(t, exhaustion=6), "dnd5e-2014") == "dead"


@pytest.mark.parametrize("condition", ["grappled", "restrained"])
def test_5e_grappled_and_restrained_have_speed_zero(condition: str) -> None:
    assert effective_speed(pc(10, 20, condition, speed=30), "dnd5e-2024") == 0


def test_pf2e_speed_immobilized_and_encumbered() -> None:
    assert effective_speed(pc(10, 20, "immobilized"), "pf2e") == 0
    assert effective_speed(pc(10, 20, "encumbered", speed=25), "pf2e") == 15
    assert effective_speed(pc(10, 20, "encumbered", speed=10), "pf2e") == 5
    assert effective_speed(pc(10, 20, speeds=(("fly", 40),)), "pf2e", "fly") == 40


def test_pf2e_massive_damage_and_dying_still_come_from_the_damage_rules() -> None:
    # set_hp's drop path is the damage rules' take_damage: a dying creature edited lower stays at 0.
    outcome, t = pf2e_damage.deal(pc(5, 20), [DamageEntry(5, "slashing")])
    assert outcome.state == "dying 1"
    assert healing.set_hp(t, 0, "pf2e")[0] == t
