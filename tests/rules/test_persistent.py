"""PF2e persistent damage as a condition (Player Core "Persistent Damage": not taken at once, taken at the
end of the creature's turn through IWR, then a DC 15 flat check; the same type doesn't stack)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import dice
from rules.attack_damage import typed_damage
from rules.geometry.coords import Cell
from rules.model.scene import Attack, PersistentDamage, Token
from rules.systems import system_for
from rules.systems.damage import DamageEntry
from rules.systems.pf2e import damage as pf2e_damage
from rules.systems.pf2e import persistent
from rules.systems.turn import MissingRoll, TurnRolls, end_of_turn

FIRE_1D6 = PersistentDamage("1d6", "fire")


def target(hp: int = 30, **kw: Any) -> Token:
    return Token("t", Cell(0, 0), pc=True, hp=hp, max_hp=30, **kw)


@pytest.mark.parametrize(
    ("old", "new", "kept"),
    [
        ("1d6", "2d6", "2d6"),
        ("2d6", "1d6", "2d6"),
        ("1d6", "3", "1d6"),
        ("1d6", "4", "4"),
        ("2d4", "5", "2d4"),
    ],
)
def test_same_type_does_not_stack_the_higher_damage_stays(old: str, new: str, kept: str) -> None:
    got = persistent.merge((PersistentDamage(old, "fire"),), PersistentDamage(new, "fire"))
    assert got == (PersistentDamage(kept, "fire"),)


def test_different_types_are_kept_side_by_side() -> None:
    got = persistent.merge((FIRE_1D6,), PersistentDamage("1d4", "bleed"))
    assert got == (FIRE_1D6, PersistentDamage("1d4", "bleed"))


def test_damage_with_persistent_parts_is_dealt_later() -> None:
    entries = [DamageEntry(7, "slashing"), DamageEntry(4, "persistent fire")]
    outcome, after = pf2e_damage.damage(target(), entries)
    assert outcome.total == 7 and after.hp == 23
    assert after.persistent == (PersistentDamage("4", "fire"),)


def test_basic_save_scales_persistent_damage_too() -> None:
    # 「通常のダメージ同様…セーヴィング・スローの結果に基づいて、持続ダメージも2倍になったり半減されたりする」
    _, half = pf2e_damage.damage(target(), [DamageEntry(5, "persistent acid")], basic_save="success")
    assert half.persistent == (PersistentDamage("2", "acid"),)
    _, none = pf2e_damage.damage(target(), [DamageEntry(5, "persistent acid")], basic_save="critical-success")
    assert none.persistent == ()


def test_the_system_damage_path_used_by_the_app_applies_persistent_as_a_condition() -> None:
    _, after = system_for("pf2e").damage(target(persistent=(FIRE_1D6,)), [DamageEntry(2, "persistent fire")])
    assert after.persistent == (FIRE_1D6,) and after.hp == 30


def test_a_strike_formula_splits_into_damage_now_and_persistent_damage() -> None:
    attack = Attack("flaming sword", 9, "1d8+4 slashing plus 1d6 persistent fire")
    formula = typed_damage("pf2e", attack, hit=True, critical=False)
    assert formula is not None
    now, lasting = persistent.from_formula(formula)
    assert now is not None and now.render(False) == "1d8+4"
    assert lasting == [PersistentDamage("1d6", "fire")]


def test_end_of_turn_takes_persistent_damage_through_immunity() -> None:
    t = target(persistent=(FIRE_1D6, PersistentDamage("2", "bleed")), immunities=("bleed",))
    after, lines = end_of_turn(
        "pf2e", t, TurnRolls.given(persistent={"fire": 5}, flat_checks={"fire": 2, "bleed": 2})
    )
    assert after.hp == 25
    assert after.persistent == t.persistent
    assert len(lines) == 4


def test_end_of_turn_with_a_die_source_rolls_what_is_not_given() -> None:
    t = target(persistent=(FIRE_1D6,))
    rolls = TurnRolls(rng=dice.ScriptedDice([3, 15]))
    after, _ = end_of_turn("pf2e", t, rolls)
    assert after.hp == 27 and after.persistent == ()


def test_end_of_turn_without_rolls_or_dice_names_the_missing_roll() -> None:
    with pytest.raises(MissingRoll) as err:
        end_of_turn("pf2e", target(persistent=(FIRE_1D6,)), TurnRolls())
    assert err.value.field == "persistent_rolls"


def test_flat_check_dc_15_success_ends_it() -> None:
    for d20, ends in [(14, False), (15, True), (20, True), (1, False)]:
        after, _ = end_of_turn(
            "pf2e",
            target(persistent=(FIRE_1D6,)),
            TurnRolls.given(persistent={"fire": 1}, flat_checks={"fire": d20}),
        )
        assert (after.persistent == ()) == ends


def test_old_tick_api_rolls_damage_then_flat_check() -> None:
    after, result = pf2e_damage.tick(target(), persistent.Persistent("1d6", "fire"), random.Random(3))
    assert after.hp == 30 - result.outcome.total
    assert result.ended == (result.flat_d20 >= 15)
