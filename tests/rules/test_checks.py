"""Checks and saves from plain tokens: PF2e degrees with typed modifiers and conditions; 5e ability checks,
saves, contests, passive and group checks; spending Hero Points / inspiration."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.geometry.coords import Cell
from rules.model.scene import Token
from rules.systems import system_for
from rules.systems.dnd5e import checks as dnd
from rules.systems.dnd5e.editions import DND5E_2014, DND5E_2024
from rules.systems.hooks.heroics import NothingToSpend
from rules.systems.modifiers import Modifier
from rules.systems.pf2e import checks as pf2e
from rules.systems.pf2e.dying import avoid_death

PF2E, DND14, DND24 = (system_for(n) for n in ("pf2e", "dnd5e-2014", "dnd5e-2024"))

ABILITIES = (("str", 8), ("dex", 14), ("con", 12), ("int", 10), ("wis", 17), ("cha", 9))


def pc(*conditions: str, **kw: object) -> Token:
    base: dict[str, object] = {
        "saves": (("fortitude", 7), ("reflex", 9), ("will", 5)),
        "perception": 6,
        "skills": (("athletics", 8), ("stealth", 10)),
    }
    base.update(kw)
    return Token("hero", Cell(0, 0), conditions=conditions, **base)  # type: ignore[arg-type]


def fiver(*conditions: str, **kw: object) -> Token:
    base: dict[str, object] = {"abilities": ABILITIES, "proficiency_bonus": 2, "saves": (("dex", 4),)}
    base.update(kw)
    return Token("pip", Cell(0, 0), conditions=conditions, **base)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------------ PF2e


def test_pf2e_save_is_the_listed_total_with_conditions() -> None:
    # issue 15: a frightened 1 goblin with Reflex +7 saves at +6
    goblin = pc("frightened 1", saves=(("reflex", 7),))
    r = pf2e.check(goblin, "reflex", 10, 16)
    assert r.total == 16 and r.degree == "success"
    assert [(m.label, m.value) for m in r.modifiers.applied] == [("Reflex", 7), ("frightened", -1)]


def test_pf2e_degrees_follow_the_total_then_the_natural_die() -> None:
    assert pf2e.check(pc(), "reflex", 11, 20).degree == "success"  # 20 ≥ DC
    assert pf2e.check(pc(), "reflex", 20, 40).degree == "failure"  # 29: failure, raised from crit failure
    assert pf2e.check(pc(), "reflex", 1, 10).degree == "failure"  # 10 = DC: success, lowered by the 1
    assert pf2e.check(pc(), "will", 15, 10).degree == "critical-success"


def test_pf2e_situational_bonuses_are_typed_and_stacked() -> None:
    aid = Modifier("Aid", "circumstance", 1, "GM")
    cover = Modifier("cover", "circumstance", 2, "GM")
    bless = Modifier("bless", "status", 1, "GM")
    r = pf2e.check(pc("frightened 2"), "athletics", 10, 15, bonuses=(aid, cover, bless))
    # circumstance: only +2; status: +1 and −2 both apply (a bonus and a penalty of the same type)
    assert r.modifiers.total == 8 + 2 + 1 - 2


def test_pf2e_skill_and_perception_keyed_conditions() -> None:
    t = pc("clumsy 1", "enfeebled 2", "stupefied 3")
    assert pf2e.check(t, "stealth", 10, 10).total == 19
    assert pf2e.check(t, "athletics", 10, 10).total == 16
    assert pf2e.check(t, "perception", 10, 10).total == 13
    assert pf2e.check(t, "Fortitude", 10, 10).total == 17


def test_pf2e_statistic_dc_includes_penalties() -> None:
    dc, breakdown = pf2e.statistic_dc(pc("frightened 1", "clumsy 2"), "reflex")
    assert dc == 10 + 9 - 2  # status penalties don't stack: the worst applies
    assert breakdown.total == 7


def test_pf2e_missing_statistics() -> None:
    with pytest.raises(pf2e.MissingStatistic) as err:
        pf2e.check(Token("x", Cell(0, 0)), "reflex", 10, 10)
    assert err.value.field == "saves"
    with pytest.raises(pf2e.MissingStatistic):
        pf2e.check(Token("x", Cell(0, 0)), "perception", 10, 10)
    with pytest.raises(pf2e.MissingStatistic):
        pf2e.check(pc(), "thievery", 10, 10)
    assert pf2e.best_of(pc(), ("thievery", "stealth"))[0] == "stealth"


# ------------------------------------------------------------------------------------------------- 5e


def test_ability_modifier_table() -> None:
    assert [dnd.ability_modifier(s) for s in (1, 8, 9, 10, 11, 12, 17, 20, 30)] == [
        -5,
        -1,
        -1,
        0,
        0,
        1,
        3,
        5,
        10,
    ]


def test_5e_saves_use_the_listed_total_else_the_ability_modifier() -> None:
    assert dnd.save(fiver(), "dex", 10, 14, edition=DND5E_2014).total == 14
    assert dnd.save(fiver(), "wis", 10, 14, edition=DND5E_2014).total == 13
    assert dnd.save(fiver(), "Strength", 10, 9, edition=DND5E_2014).total == 9


def test_5e_checks_use_ability_or_skill() -> None:
    t = fiver(skills=(("perception", 5),))
    assert dnd.check(t, "dex", 10, None, edition=DND5E_2014).total == 12  # the save total isn't a check
    assert dnd.check(t, "perception", 10, None, edition=DND5E_2014).total == 15
    assert dnd.check(t, "stealth", 10, None, edition=DND5E_2014).total == 12  # dex, no entry
    assert dnd.check(t, "sleight of hand", 10, None, edition=DND5E_2014).total == 12
    with pytest.raises(dnd.MissingStatistic):
        dnd.check(Token("x", Cell(0, 0)), "str", 10, None, edition=DND5E_2014)


def test_5e_no_natural_twenty_or_one_on_saves_and_checks() -> None:
    assert not dnd.save(fiver(), "str", 20, 20, edition=DND5E_2014).success  # 20 − 1 = 19
    assert dnd.check(fiver(), "wis", 1, 4, edition=DND5E_2024).success  # 1 + 3 = 4


def test_5e_advantage_and_automatic_failure() -> None:
    r = dnd.save(fiver("restrained"), "dex", [15, 5], 10, edition=DND5E_2014)
    assert r.mode == "disadvantage" and r.d20_used == 5 and not r.success
    r = dnd.save(fiver("restrained"), "dex", [15, 5], 10, edition=DND5E_2014, advantage=True)
    assert r.mode == "normal" and r.d20_used == 15 and r.success
    # issue 15: a paralyzed creature with exhaustion 2 fails its Dex save whatever the roll
    r = dnd.save(fiver("paralyzed", exhaustion=2), "dex", [20, 20], 5, edition=DND5E_2024)
    assert not r.success and r.total == 20 + 4 - 4
    assert any("automatic failure" in x for x in r.to_json()["reasons"])


def test_5e_2014_exhaustion_disadvantage_on_checks() -> None:
    r = dnd.check(fiver(exhaustion=1), "wis", [18, 3], 10, edition=DND5E_2014)
    assert r.mode == "disadvantage" and r.total == 6
    r = dnd.check(fiver(exhaustion=1), "wis", [18, 3], 10, edition=DND5E_2024)
    assert r.mode == "normal" and r.total == 18 + 3 - 2


def test_contest_tie_keeps_the_status_quo() -> None:
    a = dnd.check(fiver(skills=(("athletics", 5),)), "athletics", 12, None, edition=DND5E_2014)
    b = dnd.check(fiver(), "acrobatics", 15, None, edition=DND5E_2014)
    assert dnd.contest(a, b).winner is None
    b2 = dnd.check(fiver(), "acrobatics", 16, None, edition=DND5E_2014)
    assert dnd.contest(a, b2).to_json() == {"a_total": 17, "b_total": 18, "winner": "b"}


def test_passive_and_group_checks() -> None:
    assert dnd.passive(fiver(), "perception", edition=DND5E_2014) == 13
    assert dnd.passive(fiver(), "perception", edition=DND5E_2014, advantage=True) == 18
    assert dnd.passive(fiver("poisoned"), "perception", edition=DND5E_2014) == 8
    rolls = [dnd.check(fiver(), "wis", d, 14, edition=DND5E_2014) for d in (11, 10, 2, 15)]
    assert dnd.group_success(rolls)  # 2 of 4 succeed: at least half
    assert not dnd.group_success(rolls[:3])  # 1 of 3
    with pytest.raises(ValueError):
        dnd.group_success([])


@given(st.integers(1, 20), st.integers(1, 20), st.integers(-5, 10), st.integers(0, 30))
def test_5e_mode_picks_the_die(first: int, second: int, sav: int, dc: int) -> None:
    t = fiver(saves=(("con", sav),))
    normal = dnd.save(t, "con", [first, second], dc, edition=DND5E_2014)
    adv = dnd.save(t, "con", [first, second], dc, edition=DND5E_2014, advantage=True)
    dis = dnd.save(t, "con", [first, second], dc, edition=DND5E_2014, disadvantage=True)
    assert normal.d20_used == first
    assert adv.d20_used == max(first, second) and dis.d20_used == min(first, second)
    assert normal.success == (first + sav >= dc)


# -------------------------------------------------------------------------------- hero points / inspiration


def test_hero_point_reroll_keeps_the_new_roll_even_when_worse() -> None:
    t = pc(hero_points=2)
    assert PF2E.can_reroll(t) and not PF2E.can_reroll(pc(hero_points=0))
    r = PF2E.spend_reroll(t, 14, 3)
    assert r.kept == 3 and r.token.hero_points == 1
    with pytest.raises(NothingToSpend):
        PF2E.spend_reroll(pc(hero_points=0), 5, 6)
    with pytest.raises(ValueError, match="no advantage"):
        PF2E.spend_advantage(t)


def test_heroic_inspiration_2024_and_inspiration_2014() -> None:
    r = DND24.spend_reroll(fiver(inspiration=True), 2, 17)
    assert r.kept == 17 and not r.token.inspiration
    assert DND24.can_reroll(fiver(inspiration=True)) and not DND14.can_reroll(fiver(inspiration=True))
    with pytest.raises(ValueError):
        DND14.spend_reroll(fiver(inspiration=True), 2, 17)
    spent, reason = DND14.spend_advantage(fiver(inspiration=True))
    assert not spent.inspiration and reason.kind == "advantage"
    with pytest.raises(NothingToSpend):
        DND14.spend_advantage(spent)
    with pytest.raises(ValueError, match="no advantage"):
        DND24.spend_advantage(fiver(inspiration=True))
    words = [s.spending for s in (PF2E, DND14, DND24)]
    assert [w.reroll is not None for w in words] == [True, False, True]
    assert [w.advantage is not None for w in words] == [False, True, False]


@pytest.mark.parametrize(
    ("dice", "mode", "after"),
    [
        ((14,), "normal", (5,)),
        ((3, 17), "normal", (5, 5)),
        ((3, 17), "advantage", (5, 17)),
        ((17, 3), "disadvantage", (17, 5)),
    ],
)
def test_a_reroll_rolls_the_lower_die_again_or_the_one_die(
    dice: tuple[int, ...], mode: str, after: tuple[int, ...]
) -> None:
    assert DND24.rerolled(dice, mode, 5) == after


def test_avoid_death_spends_all_hero_points() -> None:
    dying = pc("dying 3", "wounded 1", hero_points=2, hp=0)
    saved, line = avoid_death(dying)
    assert "avoid death" in line
    assert saved.hero_points == 0 and saved.hp == 0
    assert not saved.has_condition("dying")
    assert saved.has_condition("unconscious")
    assert saved.condition_value("wounded") == 1  # not increased by losing dying this way
    with pytest.raises(ValueError):
        avoid_death(saved)


def test_pf2e_aid_is_a_circumstance_modifier_by_degree() -> None:
    assert pf2e.AID_DC == 15
    crit = pf2e.aid_modifier("critical-success")
    assert crit is not None and crit.value == 2 and crit.type == "circumstance"
    master = pf2e.aid_modifier("critical-success", "master")
    assert master is not None and master.value == 3
    ok = pf2e.aid_modifier("success")
    assert ok is not None and ok.value == 1
    assert pf2e.aid_modifier("failure") is None
    oops = pf2e.aid_modifier("critical-failure")
    assert oops is not None and oops.value == -1
    # it stacks like any circumstance modifier: cover +2 circumstance wins over Aid +1
    cover = Modifier("cover", "circumstance", 2, "GM")
    assert pf2e.check(pc(), "stealth", 10, 10, bonuses=(ok, cover)).total == 22


def test_pf2e_perception_may_be_listed_with_the_skills() -> None:
    t = Token("x", Cell(0, 0), skills=(("perception", 4),))
    assert pf2e.check(t, "perception", 10, 10).total == 14
