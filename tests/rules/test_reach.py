"""Reach: squares within reach of a space (PF2e 10-ft exception, 5e counts), and the `reach` query."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.cli import answer
from rules.geometry.coords import Cell
from rules.geometry.reach import reach_cells, within_reach
from rules.scene import Scene, Token
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
