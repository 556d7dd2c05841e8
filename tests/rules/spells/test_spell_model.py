"""Spell values: heightening, cantrip scaling, damage formulas and validation, from the rule texts.

PF2e Player Core "Heightened Spells": "Heightened (+1) The damage increases by 2d6" adds the increase once
for every rank above the spell's; "Heightened (3rd)" replaces the spell's values from that rank on.
5e PHB "Cantrips": "This spell's damage increases by 1d10 when you reach 5th level (2d10), 11th level
(3d10), and 17th level (4d10)"; "At Higher Levels … the damage increases by 1d6 for each slot level above
3rd".
"""

from __future__ import annotations

import pytest

from rules.model.spell import (
    DamagePart,
    Heighten,
    HeightenLevel,
    Lasting,
    Spell,
    SpellArea,
    SpellEffect,
    SpellError,
    SpellSave,
    SpellUses,
    SpellUsesLeft,
    canonical_save,
    damage_formula,
    heightened,
    split_condition,
    times_dice,
)
from rules.systems.dnd5e.casting import cantrip_multiplier

FIRE = "fire"


def fireball_pf2e() -> Spell:
    return Spell(
        "Fireball",
        3,
        range=500,
        area=SpellArea("burst", 20),
        save=SpellSave("reflex", basic=True),
        damage=(DamagePart("6d6", FIRE),),
        heighten=Heighten(every=1, damage=(DamagePart("2d6", FIRE),)),
    )


@pytest.mark.parametrize(
    ("rank", "formula"), [(3, "6d6 fire"), (4, "8d6 fire"), (7, "14d6 fire"), (10, "20d6 fire")]
)
def test_an_interval_adds_its_damage_once_per_rank_above(rank: int, formula: str) -> None:
    assert damage_formula(heightened(fireball_pf2e(), rank).damage) == formula


def test_an_interval_of_two_counts_only_whole_steps() -> None:
    acid_grip = Spell(
        "Acid Grip",
        2,
        damage=(DamagePart("2d8", "acid"),),
        heighten=Heighten(every=2, damage=(DamagePart("2d8", "acid"),)),
    )
    assert damage_formula(heightened(acid_grip, 3).damage) == "2d8 acid"
    assert damage_formula(heightened(acid_grip, 4).damage) == "4d8 acid"
    assert damage_formula(heightened(acid_grip, 7).damage) == "6d8 acid"


def test_fixed_levels_replace_from_their_level_on_and_the_last_wins() -> None:
    fear = Spell(
        "Fear",
        1,
        targets=1,
        save=SpellSave("will"),
        heighten=Heighten(levels=(HeightenLevel(3, targets=5), HeightenLevel(6, targets=10))),
    )
    assert [heightened(fear, r).targets for r in (1, 2, 3, 5, 6, 9)] == [1, 1, 5, 5, 10, 10]


def test_a_cantrip_heightens_from_a_base_the_system_gives() -> None:
    ignition = Spell(
        "Ignition",
        0,
        attack=True,
        damage=(DamagePart("2d4", FIRE),),
        heighten=Heighten(1, (DamagePart("1d4", FIRE),)),
    )
    assert damage_formula(heightened(ignition, 1, base=1).damage) == "2d4 fire"
    assert damage_formula(heightened(ignition, 3, base=1).damage) == "4d4 fire"


@pytest.mark.parametrize(
    ("level", "times"), [(None, 1), (1, 1), (4, 1), (5, 2), (10, 2), (11, 3), (16, 3), (17, 4), (20, 4)]
)
def test_5e_cantrip_dice_grow_at_5_11_17(level: int | None, times: int) -> None:
    assert cantrip_multiplier(level) == times
    fire_bolt = Spell("Fire Bolt", 0, attack=True, damage=(DamagePart("1d10", FIRE),))
    assert damage_formula(heightened(fire_bolt, 0, dice_times=times).damage) == f"{times}d10 fire"


def test_dice_times_keeps_flat_modifiers() -> None:
    assert times_dice("1d8+3", 3) == "3d8+3"
    assert times_dice("2d6", 2) == "4d6"


def test_damage_formula_sums_dice_of_a_size_per_type_in_order() -> None:
    parts = (
        DamagePart("2d6", FIRE),
        DamagePart("2d6", "cold"),
        DamagePart("1d6", FIRE),
        DamagePart("1d8+2", FIRE),
    )
    assert damage_formula(parts) == "3d6+1d8+2 fire+2d6 cold"
    assert damage_formula(()) is None


def test_a_slot_table_as_fixed_levels() -> None:
    moonbeam = Spell(
        "Moonbeam",
        2,
        damage=(DamagePart("2d10", "radiant"),),
        heighten=Heighten(
            levels=tuple(
                HeightenLevel(lv, damage=(DamagePart(f"{lv}d10", "radiant"),)) for lv in range(3, 10)
            )
        ),
    )
    assert damage_formula(heightened(moonbeam, 2).damage) == "2d10 radiant"
    assert damage_formula(heightened(moonbeam, 6).damage) == "6d10 radiant"


def test_interval_targets_and_area_grow_per_step() -> None:
    hold = Spell("Hold Person", 2, heighten=Heighten(every=1, targets=1))
    assert heightened(hold, 5).targets == 4
    burst = Spell("Burst", 1, area=SpellArea("burst", 10), heighten=Heighten(every=2, area=5))
    assert heightened(burst, 5).area == SpellArea("burst", 20)


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: Spell(""), "name"),
        (lambda: Spell("X", 11), "level"),
        (lambda: Spell("X", 1, save=SpellSave("reflex"), attack=True), "attack"),
        (lambda: DamagePart("6d", FIRE), "formula"),
        (lambda: DamagePart("6d6 fire", FIRE), "formula"),
        (lambda: DamagePart("6d6", "Fire"), "type"),
        (lambda: SpellArea("blob", 10), "shape"),
        (lambda: SpellSave("luck"), "stat"),
        (lambda: SpellSave("dex", shares=(("success", "most"),)), "success"),
        (lambda: Heighten(every=0, damage=(DamagePart("1d6", FIRE),)), "every"),
        (lambda: SpellUses("recharge", recharge=0), "recharge"),
        (lambda: SpellEffect("frightened 0"), "condition"),
        (lambda: Lasting("forever"), "kind"),
        (lambda: SpellUsesLeft(slots=((1, 2, 3),)), "slots.1.used"),
    ],
)
def test_invalid_values_name_their_field(make: object, field: str) -> None:
    with pytest.raises(SpellError) as err:
        make()  # type: ignore[operator]
    assert err.value.field == field


def test_save_names_and_conditions_read_as_the_rules_write_them() -> None:
    assert canonical_save("Dexterity") == "dex"
    assert canonical_save("Reflex") == "reflex"
    assert canonical_save("luck") is None
    assert split_condition("Frightened 2") == ("frightened", 2)
    assert split_condition("prone") == ("prone", None)


def test_uses_left_counts_slots_focus_and_spent_abilities() -> None:
    uses = SpellUsesLeft(slots=((1, 4, 0), (3, 2, 1)), focus=(2, 0))
    assert uses.slots_left(3) == 1
    assert uses.with_slot_used(3).slots_left(3) == 0
    assert uses.slots_left(2) is None
    assert uses.with_focus_used(1).focus_left == 1
    spent = uses.with_spent("Fire Breath", 1)
    assert spent.spent_of("Fire Breath") == 1
    assert spent.with_spent("Fire Breath", 0).spent_of("Fire Breath") == 0
