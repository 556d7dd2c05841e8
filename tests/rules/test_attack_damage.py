"""Typed damage for attack results: the same dice as the systems' damage formulas, with the types kept."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import dice
from rules.attack_damage import (
    describe_entries,
    entries_from_roll,
    entries_from_totals,
    roll_damage,
    typed_damage,
)
from rules.dice import ScriptedDice
from rules.model.scene import Attack
from rules.systems.damage import DamageEntry
from rules.systems.dnd5e.attack import damage_formula as dnd_formula
from rules.systems.pf2e.strike import damage_formula as pf2e_formula


@given(
    count=st.integers(1, 5),
    sides=st.sampled_from([4, 6, 8, 10, 12]),
    bonus=st.integers(0, 9),
    deadly=st.sampled_from([None, "d8", "d10", "d12"]),
    fatal=st.sampled_from([None, "d10", "d12"]),
    kind=st.sampled_from(["slashing", "piercing", "fire"]),
)
def test_pf2e_single_part_matches_the_systems_formula(
    count: int, sides: int, bonus: int, deadly: str | None, fatal: str | None, kind: str
) -> None:
    traits = tuple(t for t in (deadly and f"deadly {deadly}", fatal and f"fatal {fatal}") if t)
    attack = Attack("w", 7, f"{count}d{sides}+{bonus} {kind}", traits)
    for degree, hit, crit in (("success", True, False), ("critical-success", True, True)):
        typed = typed_damage("pf2e", attack, hit, crit)
        assert typed is not None
        assert typed.render(types=False) == pf2e_formula(attack.damage, degree, attack)
        assert {p.type for p in typed.parts} == {kind}
    assert typed_damage("pf2e", attack, False, False) is None


def test_pf2e_critical_doubles_every_part_and_keeps_types() -> None:
    attack = Attack("flaming pick", 9, "1d6+4 piercing plus 1d6 fire", ("fatal d10",))
    typed = typed_damage("pf2e", attack, True, True)
    assert typed is not None
    assert [p.type for p in typed.parts] == ["piercing", "fire"]
    # the whole total is the same as the system's formula (which doubles the sum at once)
    engine = pf2e_formula(attack.damage, "critical-success", attack)
    assert engine is not None
    assert dice.average(typed) == pytest.approx(dice.average(engine))


@given(count=st.integers(1, 4), sides=st.sampled_from([6, 8, 12]), bonus=st.integers(-1, 5))
def test_5e_critical_doubles_dice_not_modifiers(count: int, sides: int, bonus: int) -> None:
    text = f"{count}d{sides}{bonus:+d} slashing"
    attack = Attack("w", 5, text)
    for hit, crit in ((True, False), (True, True), (False, False)):
        typed = typed_damage("dnd5e-2014", attack, hit, crit)
        expected = dnd_formula(text, hit, crit)
        assert (typed.render(types=False) if typed is not None else None) == expected


def test_rolled_parts_become_typed_entries() -> None:
    result, entries = roll_damage("1d8+4 slashing plus 1d6 fire", ScriptedDice([5, 2]))
    assert entries == (DamageEntry(9, "slashing"), DamageEntry(2, "fire"))
    assert entries_from_roll(result) == entries
    assert describe_entries(entries) == "9 slashing + 2 fire"


def test_untyped_and_negative_parts() -> None:
    f = dice.parse("1d4-3")
    assert entries_from_totals(f, [-2]) == (DamageEntry(0, "untyped"),)
    # PF2e Strikes deal at least 1 damage
    assert entries_from_totals(f, [-2], minimum_one=True) == (DamageEntry(1, "untyped"),)


def test_typed_totals_need_one_per_part() -> None:
    with pytest.raises(ValueError):
        entries_from_totals(dice.parse("1d8 slashing plus 1d6 fire"), [3])
