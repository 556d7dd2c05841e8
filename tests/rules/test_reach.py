"""Reach: squares within reach of a space (PF2e 10-ft exception, 5e counts), and the `reach` query."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.cli import answer
from rules.geometry.coords import Cell
from rules.geometry.reach import (
    ReachBands,
    exception_cells,
    reach_bands,
    reach_cells,
    threatened,
    within_reach,
)
from rules.model.scene import Scene, Token
from tests.rules.ascii_maps import ascii_scene


def centred(system: str = "pf2e", size: str = "medium", options: dict[str, str] | None = None) -> Scene:
    """A 15×15 open map with token A at [6, 6]."""
    rows = ["." * 15] * 6 + ["." * 6 + "A" + "." * 8] + ["." * 15] * 8
    return ascii_scene("\n".join(rows), system, sizes={"A": size}, options=options)


def mover(scene: Scene) -> Token:
    a = scene.token("A")
    assert a is not None
    return a


@pytest.mark.parametrize(("feet", "count"), [(5, 8), (10, 24), (15, 36), (20, 60)])
def test_pf2e_medium_reach_counts(feet: int, count: int) -> None:
    scene = centred()
    assert len(reach_cells(scene, mover(scene), feet)) == count


@pytest.mark.parametrize(("feet", "count"), [(5, 12), (10, 32)])
def test_pf2e_large_reach_counts(feet: int, count: int) -> None:
    scene = centred(size="large")
    assert len(reach_cells(scene, mover(scene), feet)) == count


def test_pf2e_ten_foot_reach_takes_two_squares_diagonally_but_fifteen_follows_the_count() -> None:
    scene = centred()
    a = mover(scene)
    ten = set(reach_cells(scene, a, 10))
    assert Cell(8, 8) in ten and Cell(4, 4) in ten  # 2 diagonal squares away (the count would say 15 ft)
    fifteen = set(reach_cells(scene, a, 15))
    assert Cell(8, 8) in fifteen and Cell(9, 8) not in fifteen and Cell(9, 9) not in fifteen
    assert Cell(9, 7) in fifteen  # offset (3, 1): 15 ft
    twenty = set(reach_cells(scene, a, 20))
    assert Cell(9, 9) in twenty and Cell(10, 10) not in twenty  # 20 ft reaches 3 squares diagonally


@pytest.mark.parametrize(("feet", "count"), [(5, 8), (10, 24), (15, 48)])
def test_5e_five_foot_count_reaches_a_square_of_squares(feet: int, count: int) -> None:
    scene = centred("dnd5e-2014")
    assert len(reach_cells(scene, mover(scene), feet)) == count


def test_5e_alternating_diagonals_shorten_diagonal_reach() -> None:
    scene = centred("dnd5e-2024", options={"diagonals": "alternating"})
    cells = set(reach_cells(scene, mover(scene), 10))
    assert len(cells) == 20  # the four (2, 2) corners cost 15 ft
    assert Cell(8, 8) not in cells and Cell(8, 7) in cells


def test_reach_excludes_the_own_space_and_is_clipped_to_the_grid() -> None:
    scene = ascii_scene(
        """
        AA..
        AA..
        ....
        """,
        sizes={"A": "large"},
    )
    a = scene.token("A")
    assert a is not None
    cells = reach_cells(scene, a)
    assert cells == [Cell(0, 2), Cell(1, 2), Cell(2, 0), Cell(2, 1), Cell(2, 2)]
    assert cells == sorted(cells)


def test_tiny_pf2e_creature_has_reach_zero_and_must_share_the_square() -> None:
    scene = ascii_scene(
        """
        ....
        .Ab.
        ....
        """,
        sizes={"A": "tiny"},
    )
    a, b = scene.token("A"), scene.token("b")
    assert a is not None and b is not None
    assert a.reach == 0
    assert reach_cells(scene, a) == []
    assert not within_reach(scene, a, b)
    sharing = scene.replace_token(replace(a, cell=b.cell))
    assert within_reach(sharing, mover(sharing), b)


def test_within_reach_uses_the_nearest_squares() -> None:
    scene = ascii_scene(
        """
        AA....
        AA..b.
        ......
        """,
        sizes={"A": "large"},
        tokens={"A": {"reach": 10}},
    )
    a, b = scene.token("A"), scene.token("b")
    assert a is not None and b is not None
    # nearest squares [1, 1] and [4, 1]: offset (3, 0) = 15 ft
    assert not within_reach(scene, a, b)
    assert within_reach(scene, a, b, 15)


def query(scene: Scene, **q: object) -> dict[str, object]:
    return answer(scene, {"q": "reach", **q})


def test_reach_query_answers_sorted_cells() -> None:
    scene = ascii_scene(
        """
        .....
        .A...
        .....
        """
    )
    result = query(scene, token="A")
    assert result == {"cells": [[0, 0], [0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1], [2, 2]]}
    wide = query(scene, token="A", feet=10)
    cells = wide["cells"]
    assert isinstance(cells, list)
    assert len(cells) == 11  # columns 0..3 (column 4 is 15 ft away) of 3 rows, minus the own square
    assert cells == sorted(cells)


@pytest.mark.parametrize(
    ("q", "prefix"),
    [
        ({}, "missing field: "),
        ({"token": "nobody"}, "unknown token: "),
        ({"token": "A", "feet": -5}, "bad value: "),
        ({"token": "A", "feet": "far"}, "bad value: "),
    ],
)
def test_reach_query_errors(q: dict[str, object], prefix: str) -> None:
    scene = ascii_scene("A..")
    result = query(scene, **q)
    assert str(result["error"]).startswith(prefix)


# ------------------------------------------------------------------------------ what the map shows

GLAIVE = {"name": "glaive", "bonus": 7, "damage": "1d8+4", "traits": ["reach"]}
WHIP_15 = {"name": "tail", "bonus": 7, "damage": "1d8", "traits": ["reach 15 ft"]}
BOW = {"name": "shortbow", "bonus": 7, "damage": "1d6", "range_increment": 60}
SWORD = {"name": "longsword", "bonus": 7, "damage": "1d8+4"}


def test_pf2e_ten_foot_exception_cells_are_the_four_squares_two_away_diagonally() -> None:
    scene = centred()
    a = mover(scene)
    everything = [Cell(x, y) for x in range(15) for y in range(15)]
    assert exception_cells(scene, a, everything, 10) == [Cell(4, 4), Cell(4, 8), Cell(8, 4), Cell(8, 8)]
    assert exception_cells(scene, a, everything, 5) == []  # 5 ft never reaches 2 squares
    assert exception_cells(scene, a, everything, 15) == []  # 15 ft follows the count: (2, 2) is 15 ft
    assert exception_cells(scene, a, [Cell(8, 8), Cell(8, 6)], 10) == [Cell(8, 8)]  # [8, 6] is 10 ft anyway


def test_pf2e_large_ten_foot_exception_is_measured_from_the_nearest_square() -> None:
    scene = centred(size="large")  # space [6..7] × [6..7]
    cells = reach_cells(scene, mover(scene), 10)
    assert sorted(exception_cells(scene, mover(scene), cells, 10)) == [
        Cell(4, 4),
        Cell(4, 9),
        Cell(9, 4),
        Cell(9, 9),
    ]


def test_5e_has_no_ten_foot_exception() -> None:
    for system, options in (("dnd5e-2014", None), ("dnd5e-2024", {"diagonals": "alternating"})):
        scene = centred(system, options=options)
        assert exception_cells(scene, mover(scene), reach_cells(scene, mover(scene), 10), 10) == []


def test_reach_bands_of_a_pf2e_reach_weapon_add_a_ring_with_the_exception_corners() -> None:
    rows = ["." * 15] * 6 + ["." * 6 + "A" + "." * 8] + ["." * 15] * 8
    scene = ascii_scene("\n".join(rows), tokens={"A": {"attacks": [SWORD, GLAIVE]}})
    bands = reach_bands(scene, mover(scene))
    assert (bands.own_feet, bands.weapon_feet) == (5, 10)
    assert bands.own == tuple(reach_cells(scene, mover(scene), 5))  # the 8 neighbours
    assert len(bands.extra) == 24 - 8 and not set(bands.own) & set(bands.extra)
    assert set(bands.own) | set(bands.extra) == set(reach_cells(scene, mover(scene), 10))
    assert bands.exception == (Cell(4, 4), Cell(4, 8), Cell(8, 4), Cell(8, 8))
    assert list(bands.extra) == sorted(bands.extra)


def test_reach_bands_with_a_numbered_reach_trait_follow_the_count() -> None:
    rows = ["." * 15] * 6 + ["." * 6 + "A" + "." * 8] + ["." * 15] * 8
    scene = ascii_scene("\n".join(rows), tokens={"A": {"attacks": [WHIP_15]}})
    bands = reach_bands(scene, mover(scene))
    assert (bands.own_feet, bands.weapon_feet) == (5, 15)
    assert len(bands.own) + len(bands.extra) == 36 and bands.exception == ()


def test_reach_bands_of_a_creature_with_own_ten_foot_reach_mark_its_exception() -> None:
    rows = ["." * 15] * 6 + ["." * 6 + "A" + "." * 8] + ["." * 15] * 8
    scene = ascii_scene("\n".join(rows), tokens={"A": {"reach": 10, "attacks": [BOW]}})
    bands = reach_bands(scene, mover(scene))
    # only a ranged attack: nothing beyond the own reach
    assert bands == ReachBands(
        tuple(reach_cells(scene, mover(scene), 10)),
        (),
        (Cell(4, 4), Cell(4, 8), Cell(8, 4), Cell(8, 8)),
        10,
        10,
    )


def test_reach_bands_in_5e_with_a_reach_property() -> None:
    glaive = {"name": "glaive", "bonus": 5, "damage": "1d10+3", "properties": ["reach"]}
    rows = ["." * 15] * 6 + ["." * 6 + "A" + "." * 8] + ["." * 15] * 8
    scene = ascii_scene("\n".join(rows), "dnd5e-2014", tokens={"A": {"attacks": [glaive]}})
    bands = reach_bands(scene, mover(scene))
    assert len(bands.own) == 8 and len(bands.extra) == 16 and bands.exception == ()


THREATS = """
    ..........
    .a......b.
    ..........
    ....A.....
    ..........
"""


def test_threatened_counts_each_hostile_creature_that_can_make_a_melee_attack() -> None:
    scene = ascii_scene(THREATS, tokens={"b": {"attacks": [BOW]}, "a": {"attacks": [GLAIVE]}})
    a = scene.token("a")
    assert a is not None
    counts = threatened(scene, "party")
    # b has only a bow (PF2e: no melee attack, no threat); a threatens its glaive's 10 ft, exception included
    assert counts == {c: 1 for c in reach_cells(scene, a, 10)}
    assert counts[Cell(3, 3)] == 1  # two squares diagonally from a: the 10-ft exception
    hero = scene.token("A")
    assert hero is not None
    # seen from the enemies' side, the hero threatens its own reach (no attacks listed: unarmed, 5 ft)
    assert threatened(scene, "enemies") == {c: 1 for c in reach_cells(scene, hero, 5)}


def test_threatened_overlaps_add_up_and_creatures_that_cannot_act_threaten_nothing() -> None:
    picture = """
        ......
        .a.b..
        ......
        .c.A..
    """
    scene = ascii_scene(picture, tokens={"c": {"conditions": ["unconscious"]}})
    counts = threatened(scene, "party")
    assert counts[Cell(2, 1)] == 2  # between a and b
    assert counts[Cell(0, 0)] == 1 and counts[Cell(4, 0)] == 1
    assert Cell(0, 3) not in counts and Cell(1, 3) not in counts  # only c (unconscious) would reach these
    assert (
        Cell(1, 1) not in counts and Cell(3, 1) not in counts
    )  # 10 ft apart: each outside the other's reach
    everyone = threatened(scene, None)  # nobody left out: A's reach counts too
    assert everyone[Cell(2, 2)] == counts[Cell(2, 2)] + 1


def test_5e_ranged_only_creatures_threaten_nothing_but_unarmed_ones_do() -> None:
    scene = ascii_scene(THREATS, "dnd5e-2014", tokens={"b": {"attacks": [BOW]}})
    a, b = scene.token("a"), scene.token("b")
    assert a is not None and b is not None
    counts = threatened(scene, "party")
    assert counts == {c: 1 for c in reach_cells(scene, a, 5)}


def test_reach_bands_are_frozen() -> None:
    import dataclasses

    bands = reach_bands(centred(), mover(centred()))
    with pytest.raises(dataclasses.FrozenInstanceError):
        bands.own_feet = 10  # type: ignore[misc]
