"""PF2e areas (rules.md "Areas"): bursts, emanations, cones, lines; line of effect; affected tokens.

Pictures: '.' not in the area, 'o' in the area with line of effect, 'x' in the area but blocked. Row y=0 is
the top line, column x=0 the first character.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest

from rules.errors import QueryError
from rules.geometry.areas import AreaResult, AreaSpec, area_cells, resolve_area
from rules.geometry.coords import Cell, Point
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene


def scene(
    width: int = 40,
    height: int = 40,
    tokens: list[dict[str, Any]] | None = None,
    walls: list[tuple[float, float, float, float]] | None = None,
    terrain: list[dict[str, Any]] | None = None,
) -> Scene:
    return scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": "pf2e",
            "grid": {"width": width, "height": height},
            "tokens": tokens or [],
            "walls": [{"a": [ax, ay], "b": [bx, by]} for ax, ay, bx, by in walls or []],
            "terrain": terrain or [],
        }
    )


def tok(tid: str, x: int, y: int, size: str = "medium") -> dict[str, Any]:
    return {"id": tid, "cell": [x, y], "size": size, "side": "party" if tid.startswith("a") else "enemies"}


def picture(result: AreaResult, width: int, height: int) -> str:
    cells, blocked = set(result.cells), set(result.blocked)
    rows = []
    for y in range(height):
        row = ""
        for x in range(width):
            c = Cell(x, y)
            row += "x" if c in blocked else "o" if c in cells else "."
        rows.append(row)
    return "\n".join(rows)


def pic(text: str) -> str:
    return "\n".join(line.strip() for line in text.strip().splitlines())


def count(s: Scene, spec: AreaSpec) -> int:
    return len(area_cells(s, spec))


# ------------------------------------------------------------------------------------------------ burst


@pytest.mark.parametrize(("feet", "squares"), [(5, 4), (10, 12), (15, 24), (20, 44), (25, 68), (30, 96)])
def test_burst_golden_counts(feet: int, squares: int) -> None:
    assert count(scene(), AreaSpec("burst", feet, Point(20, 20))) == squares


def test_five_foot_burst_is_the_four_squares_around_its_corner() -> None:
    cells = area_cells(scene(), AreaSpec("burst", 5, Point(7, 3)))
    assert cells == (Cell(6, 2), Cell(6, 3), Cell(7, 2), Cell(7, 3))


def test_ten_foot_burst_picture() -> None:
    r = resolve_area(scene(6, 6), AreaSpec("burst", 10, Point(3, 3)))
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
    assert r.origin == Point(3, 3)


def test_burst_counts_to_the_far_corner() -> None:
    # 15 ft from (10, 10): [12, 12] has far corner (13, 13), offset (3, 3) = 20 ft -> out;
    # [12, 11] has offset (3, 2) = 20 ft -> out; [11, 11] offset (2, 2) = 15 ft -> in.
    cells = set(area_cells(scene(), AreaSpec("burst", 15, Point(10, 10))))
    assert Cell(11, 11) in cells
    assert Cell(12, 11) not in cells and Cell(12, 12) not in cells
    assert Cell(12, 10) in cells  # offset (3, 1) = 15 ft


def test_burst_is_clipped_to_the_grid() -> None:
    cells = area_cells(scene(5, 5), AreaSpec("burst", 10, Point(1, 1)))
    # the 12-square template minus the four squares at x < 0 or y < 0
    assert cells == tuple(Cell(*c) for c in [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)])


def test_burst_needs_a_grid_corner() -> None:
    with pytest.raises(QueryError) as info:
        area_cells(scene(), AreaSpec("burst", 10, Point(3.5, 3)))
    assert info.value.prefix == "bad value"


# -------------------------------------------------------------------------------------------- emanation


@pytest.mark.parametrize(
    ("size", "feet", "squares"),
    [("medium", 5, 8), ("medium", 10, 20), ("medium", 15, 36), ("medium", 30, 120),
     ("large", 5, 12), ("large", 10, 28), ("large", 15, 48)],
)  # fmt: skip
def test_emanation_golden_counts(size: str, feet: int, squares: int) -> None:
    s = scene(tokens=[tok("a", 20, 20, size)])
    assert count(s, AreaSpec("emanation", feet, token_id="a")) == squares
    n = 1 if size == "medium" else 4
    assert count(s, AreaSpec("emanation", feet, token_id="a", include_self=True)) == squares + n


def test_ten_foot_emanation_has_no_reach_exception() -> None:
    r = resolve_area(scene(7, 7, tokens=[tok("a", 3, 3)]), AreaSpec("emanation", 10, token_id="a"))
    assert picture(r, 7, 7) == pic(
        """
        .......
        ..ooo..
        .ooooo.
        .oo.oo.
        .ooooo.
        ..ooo..
        .......
        """
    )
    assert r.origin == Point(3.5, 3.5)


def test_large_emanation_surrounds_the_whole_space() -> None:
    r = resolve_area(scene(6, 6, tokens=[tok("a", 2, 2, "large")]), AreaSpec("emanation", 5, token_id="a"))
    assert picture(r, 6, 6) == pic(
        """
        ......
        .oooo.
        .o..o.
        .o..o.
        .oooo.
        ......
        """
    )
    assert r.origin == Point(3, 3)  # the centre of the space, a grid corner


def test_emanation_creator_only_with_include_self() -> None:
    s = scene(tokens=[tok("a", 5, 5), tok("b", 6, 5), tok("c", 8, 5)])
    assert resolve_area(s, AreaSpec("emanation", 5, token_id="a")).tokens == ("b",)
    assert resolve_area(s, AreaSpec("emanation", 5, token_id="a", include_self=True)).tokens == ("a", "b")


def test_emanation_needs_a_known_token() -> None:
    with pytest.raises(QueryError) as info:
        area_cells(scene(), AreaSpec("emanation", 5, token_id="ghost"))
    assert info.value.prefix == "unknown token"
    with pytest.raises(QueryError) as info:
        area_cells(scene(), AreaSpec("emanation", 5))
    assert info.value.prefix == "missing field"


# ------------------------------------------------------------------------------------------------- cone


@pytest.mark.parametrize("direction", [45, 135, 225, 315])
@pytest.mark.parametrize(("feet", "squares"), [(15, 6), (30, 24), (60, 96)])
def test_diagonal_cone_golden_counts(direction: int, feet: int, squares: int) -> None:
    s = scene(60, 60, tokens=[tok("a", 30, 30)])
    assert count(s, AreaSpec("cone", feet, direction=direction, token_id="a")) == squares


@pytest.mark.parametrize("direction", [0, 90, 180, 270, -90])
@pytest.mark.parametrize(
    ("size", "feet", "squares"),
    [("medium", 15, 7), ("medium", 30, 26), ("medium", 60, 100), ("large", 15, 10), ("large", 30, 32),
     ("large", 60, 112)],
)  # fmt: skip
def test_straight_cone_golden_counts(direction: int, size: str, feet: int, squares: int) -> None:
    s = scene(60, 60, tokens=[tok("a", 30, 30, size)])
    assert count(s, AreaSpec("cone", feet, direction=direction, token_id="a")) == squares


def test_diagonal_cone_is_a_quadrant_of_the_burst() -> None:
    s = scene(6, 6, tokens=[tok("a", 1, 4)])
    r = resolve_area(s, AreaSpec("cone", 15, Point(2, 4), 315, token_id="a"))
    assert picture(r, 6, 6) == pic(
        """
        ......
        ..o...
        ..oo..
        ..ooo.
        ......
        ......
        """
    )
    # starting at the creator's corner without naming the origin gives the same cone
    assert resolve_area(s, AreaSpec("cone", 15, None, 315, token_id="a")).cells == r.cells


def test_straight_cone_from_a_medium_creature_has_rows_1_3_3() -> None:
    s = scene(6, 7, tokens=[tok("a", 1, 3)])
    r = resolve_area(s, AreaSpec("cone", 15, Point(2, 3.5), 0, token_id="a"))
    assert picture(r, 6, 7) == pic(
        """
        ......
        ......
        ...oo.
        ..ooo.
        ...oo.
        ......
        ......
        """
    )
    assert r.origin == Point(2, 3.5)
    assert resolve_area(s, AreaSpec("cone", 15, None, 0, token_id="a")).origin == Point(2, 3.5)


def test_straight_cone_from_a_large_creature_starts_at_a_grid_corner() -> None:
    s = scene(6, 6, tokens=[tok("a", 0, 2, "large")])
    r = resolve_area(s, AreaSpec("cone", 15, None, 0, token_id="a"))
    assert r.origin == Point(2, 3)
    assert picture(r, 6, 6) == pic(
        """
        ......
        ...oo.
        ..ooo.
        ..ooo.
        ...oo.
        ......
        """
    )


def test_straight_cone_boundary_is_included() -> None:
    # aimed north from (3, 5) (a Large creature's edge midpoint): the first row's centres are 0.5
    # ahead and 0.5 aside, exactly on the boundary; [1, 3] is 1.5 ahead and 1.5 aside (a = 2, b = 1)
    cells = set(area_cells(scene(8, 8), AreaSpec("cone", 10, Point(3, 5), 270)))
    assert cells == {Cell(2, 4), Cell(3, 4), Cell(1, 3), Cell(2, 3), Cell(3, 3), Cell(4, 3)}


def test_cone_at_another_angle_uses_centres_within_45_degrees_boundary_included() -> None:
    s = scene(20, 20)
    # 10-ft burst from (10, 10); centres relative to the corner and their angles:
    # [10,10] 45°, [11,10] 18.4°, [10,11] 71.6°, [11,9] −18.4°, [10,9] −45°, the rest behind.
    assert set(area_cells(s, AreaSpec("cone", 10, Point(10, 10), 10))) == {
        Cell(10, 10),
        Cell(11, 10),
        Cell(11, 9),
    }
    assert set(area_cells(s, AreaSpec("cone", 10, Point(10, 10), 30))) == {
        Cell(10, 10),
        Cell(11, 10),
        Cell(10, 11),
    }
    # aimed at atan(1/2) = 26.57°: both 71.57° and −18.43° lie exactly on the ±45° boundary
    edge = math.degrees(math.atan(0.5))
    assert set(area_cells(s, AreaSpec("cone", 10, Point(10, 10), edge))) == {
        Cell(10, 10), Cell(11, 10), Cell(10, 11), Cell(11, 9)
    }  # fmt: skip


def test_cone_never_includes_its_creator() -> None:
    # aimed east from the creator's west edge, the first row would be the creator's own square
    s = scene(10, 10, tokens=[tok("a", 3, 3), tok("b", 4, 3)])
    spec = AreaSpec("cone", 10, Point(3, 3.5), 0, token_id="a", include_self=True)
    r = resolve_area(s, spec)
    assert Cell(3, 3) not in r.cells
    assert Cell(4, 3) in r.cells
    assert r.tokens == ("b",)
    assert Cell(3, 3) in area_cells(s, dataclasses.replace(spec, token_id=None))


def test_cone_off_a_corner_needs_a_corner() -> None:
    with pytest.raises(QueryError) as info:
        area_cells(scene(), AreaSpec("cone", 15, Point(3.5, 3.5), 30))
    assert info.value.prefix == "bad value"
    with pytest.raises(QueryError) as info:
        area_cells(scene(), AreaSpec("cone", 15, Point(3.5, 3.5), 0))
    assert info.value.prefix == "bad value"
    with pytest.raises(QueryError) as info:
        area_cells(scene(), AreaSpec("cone", 15, Point(3, 3)))
    assert info.value.prefix == "missing field"


# ------------------------------------------------------------------------------------------------- line


@pytest.mark.parametrize("direction", [0, 90, 180, 270])
@pytest.mark.parametrize("feet", [30, 60, 120])
def test_straight_line_has_length_over_5_squares(direction: int, feet: int) -> None:
    s = scene(60, 60, tokens=[tok("a", 30, 30)])
    cells = area_cells(s, AreaSpec("line", feet, direction=direction, token_id="a"))
    assert len(cells) == feet // 5
    assert len({c.x for c in cells}) == 1 or len({c.y for c in cells}) == 1


@pytest.mark.parametrize("direction", [45, 135, 225, 315])
@pytest.mark.parametrize(("feet", "squares"), [(30, 4), (60, 8), (120, 16)])
def test_diagonal_line_prices_diagonals_5_10(direction: int, feet: int, squares: int) -> None:
    s = scene(60, 60)
    cells = area_cells(s, AreaSpec("line", feet, Point(30, 30), direction))
    assert len(cells) == squares
    dx = 1 if direction in (45, 315) else -1
    dy = 1 if direction in (45, 135) else -1
    first = Cell(30 if dx > 0 else 29, 30 if dy > 0 else 29)
    assert set(cells) == {Cell(first.x + k * dx, first.y + k * dy) for k in range(squares)}


def test_line_through_grid_corners_steps_diagonally() -> None:
    # slope 1/2 from corner (2, 2): passes the corners (4, 3) and (6, 4); 5 + 5 + 5 + 5 + 10 = 30 ft
    s = scene(10, 8)
    r = resolve_area(s, AreaSpec("line", 30, Point(2, 2), math.degrees(math.atan2(1, 2))))
    assert picture(r, 10, 8) == pic(
        """
        ..........
        ..........
        ..oo......
        ....oo....
        ......o...
        ..........
        ..........
        ..........
        """
    )


@pytest.mark.parametrize(
    ("origin", "direction", "expected"),
    [
        (Point(2, 2), 0, [(2, 2), (3, 2), (4, 2)]),  # eastward: the south side
        (Point(5, 3), 180, [(2, 2), (3, 2), (4, 2)]),  # westward: the north side
        (Point(3, 1), 90, [(2, 1), (2, 2), (2, 3)]),  # southward: the west side
        (Point(2, 4), 270, [(2, 1), (2, 2), (2, 3)]),  # northward: the east side
    ],
)
def test_line_along_a_grid_line_takes_its_clockwise_side(
    origin: Point, direction: int, expected: list[tuple[int, int]]
) -> None:
    assert area_cells(scene(8, 8), AreaSpec("line", 15, origin, direction)) == tuple(
        Cell(*c) for c in expected
    )


def test_wide_line_adds_lanes_on_the_clockwise_side() -> None:
    s = scene(8, 8)
    r = resolve_area(s, AreaSpec("line", 15, Point(1, 2.5), 0, width=10))
    assert picture(r, 8, 8) == pic(
        """
        ........
        ........
        .ooo....
        .ooo....
        ........
        ........
        ........
        ........
        """
    )
    up = resolve_area(s, AreaSpec("line", 10, Point(2.5, 5), 270, width=15))
    assert set(up.cells) == {Cell(x, y) for x in (2, 3, 4) for y in (3, 4)}


def test_line_creator_is_left_out_unless_it_chooses() -> None:
    s = scene(10, 10, tokens=[tok("a", 1, 3), tok("b", 4, 3), tok("c", 4, 4)])
    spec = AreaSpec("line", 30, Point(1.5, 3.5), 0, token_id="a")  # from the creator's centre
    assert resolve_area(s, spec).tokens == ("b",)
    assert resolve_area(s, dataclasses.replace(spec, include_self=True)).tokens == ("a", "b")
    # from its east edge, the default origin
    assert resolve_area(s, AreaSpec("line", 30, None, 0, token_id="a")).origin == Point(2, 3.5)


def test_line_width_must_be_whole_lanes() -> None:
    with pytest.raises(QueryError) as info:
        area_cells(scene(), AreaSpec("line", 30, Point(1, 1), 0, width=7))
    assert info.value.prefix == "bad value"


# ---------------------------------------------------------------------------------------- line of effect


def test_wall_blocks_part_of_a_burst() -> None:
    # a wall along x = 6 from y = 3 to y = 8; 10-ft burst at (5, 5)
    s = scene(10, 10, tokens=[tok("b", 6, 4), tok("a", 3, 5), tok("c", 2, 5, "large")], walls=[(6, 3, 6, 8)])
    r = resolve_area(s, AreaSpec("burst", 10, Point(5, 5)))
    assert picture(r, 10, 10) == pic(
        """
        ..........
        ..........
        ..........
        ....oo....
        ...ooox...
        ...ooox...
        ....oo....
        ..........
        ..........
        ..........
        """
    )
    # b stands behind the wall; the Large c has one square ([3, 5]) in the open part of the area
    assert r.tokens == ("a", "c")


def test_touching_a_wall_end_does_not_block_but_crossing_a_corner_does() -> None:
    # 15-ft burst at (5, 5); [3, 3]'s centre line passes exactly through (4, 4)
    free_end = resolve_area(scene(10, 10, walls=[(4, 1, 4, 4)]), AreaSpec("burst", 15, Point(5, 5)))
    assert free_end.blocked == ()
    corner = resolve_area(
        scene(10, 10, walls=[(4, 1, 4, 4), (4, 4, 1, 4)]), AreaSpec("burst", 15, Point(5, 5))
    )
    assert corner.blocked == (Cell(3, 3),)


def test_wall_along_the_line_of_effect_does_not_block() -> None:
    # the wall lies on y = 5 from the origin eastward: segments start on it or run beside it
    r = resolve_area(scene(10, 10, walls=[(5, 5, 9, 5)]), AreaSpec("burst", 15, Point(5, 5)))
    assert r.blocked == ()


def test_open_door_does_not_block_closed_door_and_window_do() -> None:
    base = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": "pf2e",
        "grid": {"width": 10, "height": 10},
        "tokens": [tok("b", 6, 5)],
    }
    for kind, is_open, blocked in (("door", True, False), ("door", False, True), ("window", False, True),
                                   ("low", False, False)):  # fmt: skip
        s = scene_from_json({**base, "walls": [{"a": [6, 0], "b": [6, 10], "kind": kind, "open": is_open}]})
        r = resolve_area(s, AreaSpec("burst", 10, Point(5, 5)))
        assert (Cell(6, 5) in r.blocked) is blocked, kind
        assert (r.tokens == ()) is blocked


def test_emanation_line_of_effect_starts_at_the_centre_of_the_space() -> None:
    # a wall hugging the creator's east edge from y = 3 to y = 4 (half the edge): from the centre
    # (3.5, 3.5) the squares straight east are blocked, the diagonal ones are not
    s = scene(8, 8, tokens=[tok("a", 3, 3)], walls=[(4, 3, 4, 4)])
    r = resolve_area(s, AreaSpec("emanation", 5, token_id="a"))
    assert r.blocked == (Cell(4, 3),)


def test_difficult_terrain_never_changes_an_area() -> None:
    rough = [{"cell": [x, y], "kind": kind} for x in range(10) for y in range(10)
             for kind in ("difficult", "greater-difficult")]  # fmt: skip
    specs = [
        AreaSpec("burst", 15, Point(5, 5)),
        AreaSpec("line", 30, Point(0, 0.5), 0),
        AreaSpec("cone", 15, Point(5, 5), 45),
    ]
    for spec in specs:
        assert resolve_area(scene(10, 10, terrain=rough), spec) == resolve_area(scene(10, 10), spec)


# ------------------------------------------------------------------------------------------- the values


def test_area_values_are_frozen() -> None:
    spec = AreaSpec("burst", 10, Point(3, 3))
    result = resolve_area(scene(), spec)
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.feet = 20  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.cells = ()  # type: ignore[misc]


@pytest.mark.parametrize("shape", ["sphere", "cylinder", "cube", "wall"])
def test_shapes_pf2e_does_not_have_are_bad_values(shape: str) -> None:
    with pytest.raises(QueryError) as info:
        area_cells(scene(), AreaSpec(shape, 10, Point(3, 3)))
    assert info.value.prefix == "bad value"
