"""D&D 5e areas (rules.md "Areas"): the half, touch and token methods; sphere, cylinder, cube, cone, line
and (2024) emanation.

Pictures: '.' not in the area, 'o' in the area with line of effect, 'x' in the area but blocked.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rules.errors import QueryError
from rules.geometry.areas import AreaResult, AreaSpec, area_cells, resolve_area
from rules.geometry.coords import Cell, Point
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene

EDITIONS = ("dnd5e-2014", "dnd5e-2024")


def scene(
    system: str = "dnd5e-2014",
    method: str | None = None,
    width: int = 40,
    height: int = 40,
    tokens: list[dict[str, Any]] | None = None,
    walls: list[tuple[float, float, float, float]] | None = None,
    diagonals: str | None = None,
) -> Scene:
    options: dict[str, Any] = {}
    if method is not None:
        options["area_method"] = method
    if diagonals is not None:
        options["diagonals"] = diagonals
    return scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": system,
            "options": options,
            "grid": {"width": width, "height": height},
            "tokens": tokens or [],
            "walls": [{"a": [ax, ay], "b": [bx, by]} for ax, ay, bx, by in walls or []],
        }
    )


def tok(tid: str, x: int, y: int, size: str = "medium") -> dict[str, Any]:
    return {"id": tid, "cell": [x, y], "size": size, "side": "party"}


def picture(result: AreaResult, width: int, height: int) -> str:
    cells, blocked = set(result.cells), set(result.blocked)
    return "\n".join(
        "".join("x" if Cell(x, y) in blocked else "o" if Cell(x, y) in cells else "." for x in range(width))
        for y in range(height)
    )


def pic(text: str) -> str:
    return "\n".join(line.strip() for line in text.strip().splitlines())


def cells_of(s: Scene, spec: AreaSpec) -> set[Cell]:
    return set(area_cells(s, spec))


def block(x0: int, x1: int, y0: int, y1: int) -> set[Cell]:
    return {Cell(x, y) for x in range(x0, x1) for y in range(y0, y1)}


# ------------------------------------------------------------------------------------------- half / touch


@pytest.mark.parametrize("system", EDITIONS)
@pytest.mark.parametrize("shape", ["sphere", "cylinder"])
@pytest.mark.parametrize(("feet", "squares"), [(5, 4), (10, 12), (15, 32), (20, 52), (30, 112)])
def test_half_method_sphere_golden_counts(system: str, shape: str, feet: int, squares: int) -> None:
    assert len(area_cells(scene(system), AreaSpec(shape, feet, Point(20, 20)))) == squares
    assert len(area_cells(scene(system, "half"), AreaSpec(shape, feet, Point(20, 20)))) == squares


@pytest.mark.parametrize(("feet", "squares"), [(5, 4), (10, 16), (20, 60)])
def test_touch_method_sphere_golden_counts(feet: int, squares: int) -> None:
    assert len(area_cells(scene(method="touch"), AreaSpec("sphere", feet, Point(20, 20)))) == squares


def test_ten_foot_sphere_covers_the_squares_at_least_half_inside() -> None:
    # radius 2 squares around (3, 3): a corner square like [1, 1] is only ~0.32 inside
    r = resolve_area(scene(width=6, height=6), AreaSpec("sphere", 10, Point(3, 3)))
    assert picture(r, 6, 6) == pic(
        """
        ......
        ..oo..
        .oooo.
        .oooo.
        ..oo..
        ......
        """
    )


def test_sphere_around_a_square_centre() -> None:
    # radius 1 around (2.5, 2.5): the middle square is inside, each edge neighbour ~0.46 (less than half),
    # each corner neighbour a sliver; touching counts all nine
    spec = AreaSpec("sphere", 5, Point(2.5, 2.5))
    assert cells_of(scene(), spec) == {Cell(2, 2)}
    assert cells_of(scene(method="touch"), spec) == block(1, 4, 1, 4)


def test_exactly_half_counts_just_under_half_does_not() -> None:
    # a 5-ft cube from (2, 2.5) covers exactly half of [2, 2] and half of [2, 3]
    assert cells_of(scene(), AreaSpec("cube", 5, Point(2, 2.5))) == {Cell(2, 2), Cell(2, 3)}
    assert cells_of(scene(), AreaSpec("cube", 5, Point(2, 2.5 + 1e-6))) == {Cell(2, 3)}
    assert cells_of(scene(method="touch"), AreaSpec("cube", 5, Point(2, 2.5 + 1e-6))) == {
        Cell(2, 2),
        Cell(2, 3),
    }


def test_cube_is_given_by_its_top_left_corner() -> None:
    for method in ("half", "touch", "token"):
        assert cells_of(scene(method=method), AreaSpec("cube", 20, Point(5, 7))) == block(5, 9, 7, 11)


def test_cone_half_and_touch() -> None:
    # 15-ft cone east from (2, 2.5): triangle (2, 2.5), (5, 1), (5, 4).
    # [2, 2] is covered exactly half (the first 5 ft is a triangle of area 1/2); [3, 2] and [4, 2] fully;
    # [4, 1] and [4, 3] three quarters; [3, 1] and [3, 3] a quarter.
    spec = AreaSpec("cone", 15, Point(2, 2.5), 0)
    half = {Cell(2, 2), Cell(3, 2), Cell(4, 1), Cell(4, 2), Cell(4, 3)}
    assert cells_of(scene(), spec) == half
    assert cells_of(scene(method="touch"), spec) == half | {Cell(3, 1), Cell(3, 3)}


def test_line_half_touch_and_token() -> None:
    middle = AreaSpec("line", 15, Point(1, 2.5), 0)
    assert cells_of(scene(), middle) == {Cell(1, 2), Cell(2, 2), Cell(3, 2)}
    # along a grid line the 5-ft width covers half of each row on either side
    on_line = AreaSpec("line", 15, Point(1, 2), 0)
    both_rows = {Cell(x, y) for x in (1, 2, 3) for y in (1, 2)}
    assert cells_of(scene(), on_line) == both_rows
    assert cells_of(scene(method="touch"), on_line) == both_rows
    # the token method takes one row, on the clockwise (south) side
    assert cells_of(scene(method="token"), on_line) == {Cell(1, 2), Cell(2, 2), Cell(3, 2)}


def test_diagonal_line_half_method_keeps_the_squares_it_runs_through() -> None:
    # 5 ft wide, aimed SE from (2, 2): the squares on the diagonal are ~0.91 covered, their side neighbours
    # a quarter; 30 ft along the diagonal reaches x = 2 + 6/√2 ≈ 6.24
    cells = cells_of(scene(), AreaSpec("line", 30, Point(2, 2), 45))
    assert cells == {Cell(2 + k, 2 + k) for k in range(4)}


# --------------------------------------------------------------------------------------------------- token


@pytest.mark.parametrize(("feet", "n"), [(5, 1), (10, 2), (15, 3), (20, 4)])
def test_token_sphere_is_a_square_block(feet: int, n: int) -> None:
    cells = cells_of(scene(method="token"), AreaSpec("sphere", feet, Point(10, 10)))
    assert cells == block(10 - n, 10 + n, 10 - n, 10 + n)


@pytest.mark.parametrize(("feet", "squares"), [(15, 6), (30, 21), (60, 78)])
@pytest.mark.parametrize("direction", [0, 45, 90, 135, 180, 225, 270, 315, 10, 170])
def test_token_cone_rows_of_k_squares(feet: int, squares: int, direction: float) -> None:
    assert (
        len(
            area_cells(
                scene(method="token", width=80, height=80), AreaSpec("cone", feet, Point(40, 40), direction)
            )
        )
        == squares
    )


def test_token_cone_east_odd_square_on_the_clockwise_side() -> None:
    r = resolve_area(scene(method="token", width=6, height=7), AreaSpec("cone", 15, Point(2, 3), 0))
    assert picture(r, 6, 7) == pic(
        """
        ......
        ......
        ...oo.
        ..ooo.
        ....o.
        ......
        ......
        """
    )


def test_token_cone_west_odd_square_on_the_clockwise_side() -> None:
    r = resolve_area(scene(method="token", width=6, height=7), AreaSpec("cone", 15, Point(4, 3), 180))
    assert picture(r, 6, 7) == pic(
        """
        ......
        .o....
        .ooo..
        .oo...
        ......
        ......
        ......
        """
    )


def test_token_cone_diagonal_rows() -> None:
    # aimed NE from (2, 5): row k is [2+i, 4-j] with i + j = k - 1
    r = resolve_area(scene(method="token", width=7, height=7), AreaSpec("cone", 20, Point(2, 5), 315))
    assert picture(r, 7, 7) == pic(
        """
        .......
        ..o....
        ..oo...
        ..ooo..
        ..oooo.
        .......
        .......
        """
    )


def test_token_cone_snaps_to_the_nearest_axis_or_diagonal() -> None:
    s = scene(method="token")
    assert cells_of(s, AreaSpec("cone", 30, Point(20, 20), 20)) == cells_of(
        s, AreaSpec("cone", 30, Point(20, 20), 0)
    )
    assert cells_of(s, AreaSpec("cone", 30, Point(20, 20), 30)) == cells_of(
        s, AreaSpec("cone", 30, Point(20, 20), 45)
    )


def test_token_lines() -> None:
    s = scene(method="token")
    assert len(area_cells(s, AreaSpec("line", 100, Point(20, 20), 45))) == 20
    assert cells_of(s, AreaSpec("line", 60, Point(20, 20), 0, width=10)) == block(20, 32, 20, 22)
    # a 10-ft-wide diagonal line: the second lane one square south of the first (45° clockwise of SE)
    assert cells_of(s, AreaSpec("line", 15, Point(1, 1), 45, width=10)) == {
        Cell(1, 1), Cell(2, 2), Cell(3, 3), Cell(1, 2), Cell(2, 3), Cell(3, 4)
    }  # fmt: skip


# ----------------------------------------------------------------------------------------------- emanation


@pytest.mark.parametrize(
    ("size", "feet", "squares"),
    [("medium", 5, 8), ("medium", 10, 24), ("medium", 15, 48), ("large", 5, 12), ("large", 10, 32)],
)
def test_emanation_2024_counts_five_foot_diagonals(size: str, feet: int, squares: int) -> None:
    for method in ("half", "touch", "token"):  # area_method does not apply
        s = scene("dnd5e-2024", method, tokens=[tok("a", 20, 20, size)])
        assert len(area_cells(s, AreaSpec("emanation", feet, token_id="a"))) == squares


def test_emanation_2024_with_alternating_diagonals() -> None:
    s = scene("dnd5e-2024", tokens=[tok("a", 20, 20)], diagonals="alternating")
    assert len(area_cells(s, AreaSpec("emanation", 10, token_id="a"))) == 20


def test_emanation_origin_only_if_the_creator_chooses() -> None:
    s = scene("dnd5e-2024", tokens=[tok("a", 5, 5), tok("b", 6, 6)])
    assert resolve_area(s, AreaSpec("emanation", 5, token_id="a")).tokens == ("b",)
    assert resolve_area(s, AreaSpec("emanation", 5, token_id="a", include_self=True)).tokens == ("a", "b")


@pytest.mark.parametrize(
    ("system", "shape"),
    [("dnd5e-2014", "emanation"), ("dnd5e-2014", "burst"), ("dnd5e-2024", "burst"), ("dnd5e-2024", "blob")],
)
def test_shapes_the_system_does_not_have(system: str, shape: str) -> None:
    s = scene(system, tokens=[tok("a", 5, 5)])
    with pytest.raises(QueryError) as info:
        area_cells(s, AreaSpec(shape, 10, Point(5, 5), token_id="a"))
    assert info.value.prefix == "bad value"


# ---------------------------------------------------------------------------------------- tokens and walls


def test_sphere_origin_is_inside_cone_origin_is_not() -> None:
    s = scene(tokens=[tok("a", 5, 5), tok("b", 7, 5)])
    assert resolve_area(s, AreaSpec("sphere", 10, Point(5, 5), token_id="a")).tokens == ("a",)
    # a cone from a's east edge: b is in it, a (its creator) only if it chooses
    cone = AreaSpec("cone", 15, Point(6, 5.5), 0, token_id="a")
    assert resolve_area(s, cone).tokens == ("b",)
    wide = AreaSpec("cone", 15, Point(5, 5.5), 0, token_id="a")  # from a's west edge, over its own square
    assert resolve_area(s, wide).tokens == ("b",)
    assert resolve_area(s, dataclasses.replace(wide, include_self=True)).tokens == ("a", "b")


def test_cube_line_of_effect_starts_at_its_top_left_corner() -> None:
    # a 15-ft cube from (2, 2) cut by a wall along x = 3.5: from the corner, the x = 4 column is behind it
    s = scene(width=8, height=8, walls=[(3.5, 1, 3.5, 6)], tokens=[tok("b", 4, 3), tok("c", 3, 3)])
    r = resolve_area(s, AreaSpec("cube", 15, Point(2, 2)))
    assert r.origin == Point(2, 2)
    assert picture(r, 8, 8) == pic(
        """
        ........
        ........
        ..oox...
        ..oox...
        ..oox...
        ........
        ........
        ........
        """
    )
    assert r.tokens == ("c",)


def test_method_can_be_chosen_per_area() -> None:
    s = scene(method="half")
    spec = AreaSpec("sphere", 10, Point(20, 20), method="touch")
    assert len(area_cells(s, spec)) == 16
    with pytest.raises(QueryError):
        area_cells(s, dataclasses.replace(spec, method="guess"))
