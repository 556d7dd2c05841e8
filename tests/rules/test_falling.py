"""Falling and jumping (Player Core "Falling", "Leap"; 5e PHB falling and jumping)."""

from __future__ import annotations

import pytest

from rules.model.scene import Cell, Token
from rules.systems.dnd5e import movement_actions as dnd
from rules.systems.pf2e import movement_actions as pf2e


@pytest.mark.parametrize(
    ("feet", "damage", "prone"),
    [(5, 0, False), (10, 5, True), (15, 7, True), (60, 30, True), (1500, 750, True), (3000, 750, True)],
)
def test_pf2e_fall_is_half_the_distance_in_bludgeoning(feet: int, damage: int, prone: bool) -> None:
    r = pf2e.fall(feet)
    assert (r.damage, r.prone, r.damage_type) == (damage, prone, "bludgeoning")


def test_pf2e_soft_landing_is_shorter_but_never_by_more_than_the_depth() -> None:
    assert pf2e.fall(60, soft_depth=40).counted == 40  # 20 ft shorter
    assert pf2e.fall(60, soft_depth=40, dove=True).counted == 30  # 30 ft shorter diving in
    assert pf2e.fall(60, soft_depth=10, dove=True).counted == 50  # only 10 ft deep
    assert pf2e.fall(20, soft_depth=50).damage == 0


def test_pf2e_landing_prone_and_on_the_ground() -> None:
    t = Token("t", Cell(0, 0), elevation=30)
    landed = pf2e.land(t, pf2e.fall(30))
    assert landed.elevation == 0 and landed.has_condition("prone")
    assert not pf2e.land(t, pf2e.fall(5)).has_condition("prone")


@pytest.mark.parametrize(("speed", "across"), [(10, None), (15, 10), (25, 10), (30, 15), (40, 15)])
def test_pf2e_leap(speed: int, across: int | None) -> None:
    r = pf2e.leap(speed)
    assert (None if r is None else r.across) == across
    up = pf2e.leap(speed, vertical=True)
    assert up is not None and (up.up, up.across) == (3, 5)


@pytest.mark.parametrize(("feet", "dice"), [(5, 0), (10, 1), (25, 2), (60, 6), (200, 20), (500, 20)])
def test_5e_fall_is_1d6_per_10_ft_up_to_20d6(feet: int, dice: int) -> None:
    r = dnd.fall(feet)
    assert r.dice == dice
    assert r.formula == (f"{dice}d6" if dice else "")


def test_5e_landing_prone_unless_no_damage() -> None:
    t = Token("t", Cell(0, 0), elevation=40)
    r = dnd.fall(40)
    assert dnd.land(t, r, 12).has_condition("prone")
    assert not dnd.land(t, r, 0).has_condition("prone")
    assert dnd.land(t, r, 0).elevation == 0


@pytest.mark.parametrize(
    ("strength", "long_run", "long_stand", "high_run", "high_stand"),
    [(10, 10, 5, 3, 1), (15, 15, 7, 5, 2), (18, 18, 9, 7, 3), (3, 3, 1, 0, 0)],
)
def test_5e_jumps(strength: int, long_run: int, long_stand: int, high_run: int, high_stand: int) -> None:
    assert dnd.long_jump(strength) == long_run
    assert dnd.long_jump(strength, running=False) == long_stand
    assert dnd.high_jump(strength) == high_run
    assert dnd.high_jump(strength, running=False) == high_stand


def test_negative_distances_are_errors() -> None:
    with pytest.raises(ValueError, match="not negative"):
        pf2e.fall(-5)
    with pytest.raises(ValueError, match="not negative"):
        dnd.fall(-5)


def test_pf2e_arrest_a_fall_needs_a_fly_speed_and_a_success() -> None:
    flyer = Token("f", Cell(0, 0), speeds=(("fly", 30),))
    walker = Token("w", Cell(0, 0))
    assert pf2e.arrest_a_fall(flyer, "success")
    assert not pf2e.arrest_a_fall(flyer, "failure")
    assert not pf2e.arrest_a_fall(walker, "critical-success")


@pytest.mark.parametrize(
    ("fallen", "degree", "free_hand", "stops", "damage"),
    [
        (60, "critical-success", False, True, 15),  # as a 30-ft fall
        (60, "success", True, True, 20),  # as a 40-ft fall
        (60, "success", False, False, 0),  # no free hand: keeps falling
        (60, "failure", True, False, 0),
        (60, "critical-failure", True, False, 30),  # 10 per 20 ft fallen
        (15, "critical-failure", True, False, 0),
    ],
)
def test_pf2e_grab_an_edge(fallen: int, degree: str, free_hand: bool, stops: bool, damage: int) -> None:
    assert pf2e.grab_an_edge(fallen, degree, free_hand=free_hand) == (stops, damage)


@pytest.mark.parametrize(("degree", "damage"), [("critical-success", 0), ("success", 5), ("failure", 10)])
def test_pf2e_falling_on_a_creature(degree: str, damage: int) -> None:
    assert pf2e.landed_on(pf2e.fall(40).damage, degree) == damage  # 20 falling damage
