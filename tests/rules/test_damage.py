"""Damage in both systems: saves, immunity/weakness/resistance/vulnerability, temp HP, 0 HP."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.geometry.coords import Cell
from rules.model.scene import Token
from rules.systems.damage import DamageEntry, type_keys
from rules.systems.dnd5e import damage as dnd
from rules.systems.pf2e import damage as pf2e


def creature(
    hp: int = 50,
    *,
    max_hp: int | None = None,
    pc: bool = False,
    temp_hp: int = 0,
    conditions: tuple[str, ...] = (),
    immunities: tuple[str, ...] = (),
    weaknesses: dict[str, int] | None = None,
    resistances: dict[str, int] | list[str] | None = None,
    vulnerabilities: tuple[str, ...] = (),
    death_saves: tuple[int, int] = (0, 0),
) -> Token:
    res = resistances or {}
    res_pairs = tuple((k, 0) for k in res) if isinstance(res, list) else tuple(res.items())
    return Token(
        "x",
        Cell(0, 0),
        pc=pc,
        hp=hp,
        max_hp=hp if max_hp is None else max_hp,
        temp_hp=temp_hp,
        conditions=conditions,
        immunities=immunities,
        weaknesses=tuple((weaknesses or {}).items()),
        resistances=res_pairs,
        vulnerabilities=vulnerabilities,
        death_saves=death_saves,
    )


def hit(*pairs: tuple[int, str]) -> list[DamageEntry]:
    return [DamageEntry(a, t) for a, t in pairs]


# ------------------------------------------------------------------------------------------------ PF2e


def test_pf2e_immunity_weakness_resistance_in_order() -> None:
    target = creature(immunities=("poison",), weaknesses={"fire": 5, "cold-iron": 3}, resistances={"fire": 2})
    out, _ = pf2e.damage(target, hit((8, "fire"), (6, "poison")))
    assert out.by_type == (("fire", 11), ("poison", 0))
    assert out.total == 11


def test_pf2e_highest_weakness_and_highest_resistance_apply() -> None:
    target = creature(weaknesses={"slashing": 2, "physical": 4}, resistances={"physical": 3, "slashing": 5})
    out, _ = pf2e.damage(target, hit((10, "slashing")))
    assert out.total == 10 + 4 - 5


def test_pf2e_all_resistance_applies_to_each_type() -> None:
    out, _ = pf2e.damage(creature(resistances={"all": 5}), hit((7, "slashing"), (4, "fire")))
    assert out.by_type == (("slashing", 2), ("fire", 0))


def test_pf2e_physical_covers_only_bludgeoning_piercing_slashing() -> None:
    target = creature(resistances={"physical": 3})
    for kind in ("bludgeoning", "piercing", "slashing"):
        assert pf2e.damage(target, hit((5, kind)))[0].total == 2
    assert pf2e.damage(target, hit((5, "fire")))[0].total == 5


def test_pf2e_no_weakness_when_nothing_gets_through() -> None:
    target = creature(immunities=("fire",), weaknesses={"fire": 5})
    assert pf2e.damage(target, hit((9, "fire")))[0].total == 0
    assert (
        pf2e.damage(creature(weaknesses={"fire": 5}), hit((9, "fire")), basic_save="critical-success")[
            0
        ].total
        == 0
    )


@pytest.mark.parametrize(
    ("save", "amount", "expected"),
    [
        ("critical-success", 17, 0),
        ("success", 17, 8),
        ("success", 1, 1),  # halving never takes 1 below 1
        ("failure", 17, 17),
        ("critical-failure", 17, 34),
    ],
)
def test_pf2e_basic_save_scales_each_entry(save: str, amount: int, expected: int) -> None:
    assert pf2e.damage(creature(), hit((amount, "acid")), basic_save=save)[0].total == expected


def test_pf2e_save_halves_before_weakness() -> None:
    out, _ = pf2e.damage(creature(weaknesses={"cold": 3}), hit((11, "cold")), basic_save="success")
    assert out.total == 5 + 3


def test_pf2e_entries_of_one_type_combine_before_resistance() -> None:
    out, _ = pf2e.damage(creature(resistances={"fire": 3}), hit((2, "fire"), (2, "fire")))
    assert out.total == 1
    assert out.by_type == (("fire", 1),)


def test_pf2e_temp_hp_first() -> None:
    out, after = pf2e.damage(creature(20, temp_hp=5), hit((8, "slashing")))
    assert (out.total, out.hp, out.temp_hp, out.state) == (8, 17, 0, "ok")
    assert after.hp == 17


def test_pf2e_massive_damage_is_judged_on_the_total() -> None:
    target = creature(10, max_hp=25, pc=True)
    assert pf2e.damage(target, hit((50, "fire")))[0].state == "dead"
    assert pf2e.damage(target, hit((49, "fire")))[0].state == "dying 1"


def test_pf2e_pc_at_zero_is_dying_others_die() -> None:
    assert pf2e.damage(creature(6, pc=True), hit((6, "fire")))[0].state == "dying 1"
    assert pf2e.damage(creature(6, pc=True), hit((6, "fire")), critical=True)[0].state == "dying 2"
    assert (
        pf2e.damage(creature(6, pc=True, conditions=("wounded 1",)), hit((9, "fire")))[0].state == "dying 2"
    )
    assert pf2e.damage(creature(6), hit((9, "fire")))[0].state == "dead"
    assert pf2e.damage(creature(6), hit((9, "fire")), nonlethal=True)[0].state == "unconscious"
    assert pf2e.damage(creature(6, pc=True), hit((9, "fire")), nonlethal=True)[0].state == "unconscious"


def test_pf2e_damage_while_dying_raises_dying() -> None:
    dying_pc = creature(0, max_hp=30, pc=True, conditions=("dying 1", "unconscious"))
    assert pf2e.damage(dying_pc, hit((3, "fire")))[0].state == "dying 2"
    assert pf2e.damage(dying_pc, hit((3, "fire")), critical=True)[0].state == "dying 3"
    doomed = creature(0, max_hp=30, pc=True, conditions=("dying 2", "doomed 1", "unconscious"))
    assert pf2e.damage(doomed, hit((3, "fire")))[0].state == "dead"
    # Nothing got through: no change.
    immune = creature(0, max_hp=30, pc=True, conditions=("dying 1",), immunities=("fire",))
    assert pf2e.damage(immune, hit((3, "fire")))[0].state == "dying 1"


def test_pf2e_nonlethal_immunity() -> None:
    construct = creature(immunities=("nonlethal",))
    assert pf2e.damage(construct, hit((8, "bludgeoning")), nonlethal=True)[0].total == 0
    assert pf2e.damage(construct, hit((8, "bludgeoning")))[0].total == 8


def test_type_keys_for_persistent_damage() -> None:
    keys = type_keys("persistent fire")
    assert {"fire", "energy", "persistent-damage", "all"} <= keys
    assert "physical" not in keys


@given(st.integers(0, 200), st.integers(1, 100), st.integers(0, 20))
def test_pf2e_hp_never_negative_and_totals_add_up(amount: int, hp: int, temp: int) -> None:
    out, after = pf2e.damage(creature(hp, pc=True, temp_hp=temp), hit((amount, "fire")))
    assert out.total == amount
    assert 0 <= out.hp <= hp
    assert out.temp_hp == max(0, temp - amount)
    assert out.hp == max(0, hp - max(0, amount - temp)) or out.state == "dead"
    assert after.hp == out.hp


# ------------------------------------------------------------------------------------------------ 5e


def test_5e_resistance_rounds_down_vulnerability_doubles_immunity_zeroes() -> None:
    target = creature(resistances=["fire"], vulnerabilities=("cold",), immunities=("poison",))
    out, _ = dnd.damage(target, hit((9, "fire"), (5, "cold"), (7, "poison"), (3, "acid")))
    assert out.by_type == (("fire", 4), ("cold", 10), ("poison", 0), ("acid", 3))
    assert out.total == 17


def test_5e_save_halves_each_entry_first() -> None:
    out, _ = dnd.damage(creature(resistances=["fire"]), hit((11, "fire")), save="success")
    assert out.total == 2  # 11 → 5 → 2
    out, _ = dnd.damage(creature(vulnerabilities=("fire",)), hit((11, "fire")), save="success")
    assert out.total == 10  # 11 → 5 → 10
    assert dnd.damage(creature(), hit((11, "fire")), save="failure")[0].total == 11


def test_5e_resistance_and_vulnerability_together_cancel_in_order() -> None:
    out, _ = dnd.damage(creature(resistances=["fire"], vulnerabilities=("fire",)), hit((7, "fire")))
    assert out.total == 6  # halve (3) then double


def test_5e_entries_of_one_type_combine_before_resistance() -> None:
    assert dnd.damage(creature(resistances=["fire"]), hit((3, "fire"), (3, "fire")))[0].total == 3


def test_5e_temp_hp_and_dropping_to_zero() -> None:
    out, _ = dnd.damage(creature(10, temp_hp=4, pc=True), hit((6, "slashing")))
    assert (out.hp, out.temp_hp, out.state) == (8, 0, "ok")
    # Left over after 0 HP: 15 − 4 temp − 10 HP = 1, less than max 10.
    out, _ = dnd.damage(creature(10, temp_hp=4, pc=True), hit((15, "slashing")))
    assert (out.hp, out.temp_hp, out.state) == (0, 0, "unconscious")


def test_5e_massive_damage_uses_the_leftover() -> None:
    target = creature(5, max_hp=10, pc=True)
    assert dnd.damage(target, hit((15, "fire")))[0].state == "dead"  # leftover 10 = max
    assert dnd.damage(target, hit((14, "fire")))[0].state == "unconscious"


def test_5e_monsters_die_at_zero_unless_knocked_out() -> None:
    assert dnd.damage(creature(5), hit((5, "fire")))[0].state == "dead"
    out, after = dnd.damage(creature(5), hit((5, "bludgeoning")), nonlethal=True)
    assert out.state == "unconscious"
    assert after.has_condition("stable")


def test_5e_damage_at_zero_hp_fails_death_saves() -> None:
    down = creature(0, max_hp=12, pc=True, conditions=("unconscious",))
    assert dnd.damage(down, hit((3, "fire")))[1].death_saves == (0, 1)
    assert dnd.damage(down, hit((3, "fire")), critical=True)[1].death_saves == (0, 2)
    assert dnd.damage(down, hit((12, "fire")))[0].state == "dead"
    two = creature(0, max_hp=12, pc=True, conditions=("unconscious",), death_saves=(2, 2))
    assert dnd.damage(two, hit((1, "fire")))[0].state == "dead"
    stable = creature(0, max_hp=12, pc=True, conditions=("unconscious", "stable"))
    after = dnd.damage(stable, hit((1, "fire")))[1]
    assert not after.has_condition("stable") and after.death_saves == (0, 1)


def test_damage_outcome_json() -> None:
    out, _ = dnd.damage(creature(40), hit((5, "fire")))
    assert out.to_json() == {"total": 5, "by_type": {"fire": 5}, "hp": 35, "temp_hp": 0, "state": "ok"}


def test_negative_amounts_are_refused() -> None:
    with pytest.raises(ValueError):
        DamageEntry(-1, "fire")
