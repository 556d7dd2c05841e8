"""Walls, line of effect and line of sight (rules.md "Line of effect and sight").

Crossing rules for a segment: crossing a wall blocks; touching a free end, touching with the segment's own
end point or running along a wall doesn't; walls meeting at a vertex on the segment block together when they
leave it on both sides. Line of effect between spaces: some interior-to-interior segment is unblocked.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.geometry import sight
from rules.geometry.coords import Point
from rules.geometry.sight import (
    can_see,
    crossed_walls,
    effect_blocked,
    line_of_effect,
    point_has_line_to_space,
    segment_blocked,
    segment_hits_obstacle,
    segments_blocked,
    spaces_have_line,
    wall_index,
)
from rules.model.scene import Scene
from tests.rules.ascii_maps import ascii_scene, wall

EMPTY = """
    ..........
    ..........
    ..........
    ..........
    ..........
    ..........
    ..........
    ..........
    ..........
    ..........
"""


def walls_scene(*walls: dict[str, object], picture: str = EMPTY, **kwargs: object) -> Scene:
    return ascii_scene(picture, walls=list(walls), **kwargs)  # type: ignore[arg-type]


def P(x: float, y: float) -> Point:
    return Point(float(x), float(y))


# ------------------------------------------------------------------------------------ crossing rules


def test_crossing_a_wall_blocks_and_touching_its_free_end_does_not() -> None:
    s = walls_scene(wall((5, 0), (5, 4)))
    assert effect_blocked(s, P(2, 2), P(8, 2))  # straight through
    assert not effect_blocked(s, P(2, 4), P(8, 4))  # grazes the free end (5, 4)
    assert not effect_blocked(s, P(2, 6), P(8, 2))  # passes the end at y = 4 exactly: (5, 4) is on it
    assert effect_blocked(s, P(2, 5), P(8, 2))  # meets x = 5 at y = 3.5, inside the wall
    assert not effect_blocked(s, P(2, 5), P(8, 5))  # below the wall


def test_a_segment_ending_on_a_wall_is_not_blocked() -> None:
    s = walls_scene(wall((5, 0), (5, 10)))
    assert not effect_blocked(s, P(2, 3), P(5, 3))
    assert not effect_blocked(s, P(5, 3), P(8, 3))
    assert effect_blocked(s, P(2, 3), P(5.001, 3))


def test_running_along_a_wall_does_not_block() -> None:
    s = walls_scene(wall((2, 5), (8, 5)))
    assert not effect_blocked(s, P(0, 5), P(10, 5))
    assert not effect_blocked(s, P(3, 5), P(6, 5))
    assert effect_blocked(s, P(3, 4.9), P(6, 5.1))


def test_through_a_shared_vertex_of_a_polyline_blocks_touching_the_bend_does_not() -> None:
    # A wall going down from (5, 0) to (5, 5) and on to (5, 10): a line through the joint crosses it.
    straight = walls_scene(wall((5, 0), (5, 5)), wall((5, 5), (5, 10)))
    assert effect_blocked(straight, P(2, 5), P(8, 5))
    assert effect_blocked(straight, P(2, 2), P(8, 8))
    # A bend: both arms leave the joint (5, 5) to the right of a vertical line through it.
    bend = walls_scene(wall((8, 2), (5, 5)), wall((5, 5), (8, 8)))
    assert not effect_blocked(bend, P(5, 0), P(5, 10))  # touches the bend from outside
    assert effect_blocked(bend, P(2, 5), P(9, 5))  # goes into the bend and out through an arm


def test_a_run_along_a_wall_that_leaves_on_the_other_side_crosses_it() -> None:
    # Zig-zag: down to the line y = 5, along it, then on down: a segment along y = 5 passes from one side
    # of the wall to the other.
    zigzag = walls_scene(wall((3, 0), (3, 5)), wall((3, 5), (6, 5)), wall((6, 5), (6, 10)))
    assert effect_blocked(zigzag, P(0, 5), P(9, 5))
    # Both ends on the same side: the segment only runs along the wall.
    cup = walls_scene(wall((3, 0), (3, 5)), wall((3, 5), (6, 5)), wall((6, 5), (6, 0)))
    assert not effect_blocked(cup, P(0, 5), P(9, 5))


def test_running_along_a_wall_through_a_junction_crosses_the_other_wall() -> None:
    # A wall along y = 5 and a cross wall x = 4 drawn as two segments meeting on it: a line along y = 5
    # passes through the cross wall, just as if it were drawn as one segment.
    split = walls_scene(wall((0, 5), (9, 5)), wall((4, 2), (4, 5)), wall((4, 5), (4, 8)))
    whole = walls_scene(wall((0, 5), (9, 5)), wall((4, 2), (4, 8)))
    for s in (split, whole):
        assert effect_blocked(s, P(1, 5), P(7, 5))
        assert not effect_blocked(s, P(1, 5), P(4, 5))
    # A T-junction (the cross wall only on one side) is just touched.
    tee = walls_scene(wall((0, 5), (9, 5)), wall((4, 2), (4, 5)))
    assert not effect_blocked(tee, P(1, 5), P(7, 5))


def test_crossed_walls_names_the_walls() -> None:
    s = walls_scene(wall((1, 0), (1, 10)), wall((3, 0), (3, 2)), wall((5, 0), (5, 10), "low"))
    index = wall_index(s, "cover")
    crossed = crossed_walls(index, P(0, 5), P(9, 5))
    assert sorted(index.walls[i].a.x for i in crossed) == [1.0, 5.0]


def test_door_window_and_low_wall_by_purpose() -> None:
    closed = walls_scene(wall((5, 0), (5, 10), "door", open=False))
    opened = walls_scene(wall((5, 0), (5, 10), "door", open=True))
    window = walls_scene(wall((5, 0), (5, 10), "window"))
    low = walls_scene(wall((5, 0), (5, 10), "low"))
    a, b = P(2, 5), P(8, 5)
    assert [segment_blocked(closed, a, b, p) for p in ("effect", "sight", "cover")] == [True, True, True]
    assert [segment_blocked(opened, a, b, p) for p in ("effect", "sight", "cover")] == [False, False, False]
    assert [segment_blocked(window, a, b, p) for p in ("effect", "sight", "cover")] == [True, False, True]
    assert [segment_blocked(low, a, b, p) for p in ("effect", "sight", "cover")] == [False, False, True]


def test_unknown_purpose_is_refused() -> None:
    with pytest.raises(ValueError):
        wall_index(walls_scene(), "smell")


# ------------------------------------------------------------------------------ between two spaces

ROOM = """
    ..........
    .A........
    ..........
    ..........
    ..........
    ..........
    ..........
    ..........
    ........b.
    ..........
"""


def test_line_of_effect_without_walls() -> None:
    s = ascii_scene(ROOM)
    a, b = s.token("A"), s.token("b")
    assert a is not None and b is not None
    assert line_of_effect(s, a, b) and can_see(s, a, b)


def test_a_wall_right_across_blocks_line_of_effect() -> None:
    s = ascii_scene(ROOM, walls=[wall((5, -5), (5, 15))])
    a, b = s.token("A"), s.token("b")
    assert a is not None and b is not None
    assert not line_of_effect(s, a, b)
    assert not line_of_effect(s, b, a)


def test_a_gap_in_the_wall_gives_line_of_effect_only_where_a_straight_line_fits() -> None:
    # Wall along x = 5 with a one-square gap between y = 4 and y = 5.
    gap = [wall((5, 0), (5, 4)), wall((5, 5), (5, 10))]
    s = walls_scene(*gap)
    assert spaces_have_line(s, (1, 1), 1, (8, 8), 1)  # the diagonal passes (5, 4.5)
    assert spaces_have_line(s, (0, 4), 1, (9, 4), 1)  # straight through the gap
    assert not spaces_have_line(s, (1, 8), 1, (8, 8), 1)  # both low: a line must bend to use the gap
    assert not spaces_have_line(s, (0, 0), 1, (9, 0), 1)
    # Close the gap with a door: open it again and the line is back.
    closed = walls_scene(*gap, wall((5, 4), (5, 5), "door", open=False))
    opened = walls_scene(*gap, wall((5, 4), (5, 5), "door", open=True))
    assert not spaces_have_line(closed, (1, 1), 1, (8, 8), 1)
    assert spaces_have_line(opened, (1, 1), 1, (8, 8), 1)


def test_a_narrow_gap_off_the_sample_points_still_gives_line_of_effect() -> None:
    # A 0.05-square slit at y 3.3..3.35: from [1, 2] to [8, 5] only a few steep lines near the spaces'
    # edges pass it, none of them between the spaces' centres, corners or edge midpoints.
    s = walls_scene(wall((5, -5), (5, 3.3)), wall((5, 3.35), (5, 15)))
    assert spaces_have_line(s, (1, 2), 1, (8, 5), 1)
    assert spaces_have_line(s, (8, 5), 1, (1, 2), 1)
    assert not spaces_have_line(s, (1, 2), 1, (8, 7), 1)
    assert point_has_line_to_space(s, P(2, 1.4), (8, 5), 1)
    assert not point_has_line_to_space(s, P(1.1, 2.9), (8, 5), 1)


def test_free_ends_that_line_up_let_a_line_through() -> None:
    # Two walls that overlap as seen from the side but whose free ends (5, 5) and (6, 5) line up: the line
    # y = 5 only touches both ends.
    s = walls_scene(wall((5, -5), (5, 5)), wall((6, 5), (6, 15)))
    assert spaces_have_line(s, (0, 4), 2, (8, 4), 2)
    assert not spaces_have_line(s, (0, 3), 1, (8, 6), 1)


def test_adjacent_spaces_with_a_wall_between() -> None:
    full = walls_scene(wall((5, 3), (5, 4)))
    half = walls_scene(wall((5, 3), (5, 3.5)))
    assert not spaces_have_line(full, (4, 3), 1, (5, 3), 1)
    assert spaces_have_line(half, (4, 3), 1, (5, 3), 1)
    # Diagonal neighbours: a wall through their shared corner point, across both gaps, blocks.
    corner = walls_scene(wall((5, 2), (5, 6)))
    assert not spaces_have_line(corner, (4, 3), 1, (5, 4), 1)


def test_overlapping_spaces_always_have_line_of_effect() -> None:
    s = walls_scene(wall((0, 3.5), (10, 3.5)))
    assert spaces_have_line(s, (3, 3), 1, (3, 3), 1)
    assert spaces_have_line(s, (3, 2), 2, (4, 3), 1)


SEALED = [wall((2, 2), (7, 2)), wall((7, 2), (7, 7)), wall((7, 7), (2, 7)), wall((2, 7), (2, 2))]


def test_a_closed_room_blocks_effect_and_sight_to_the_outside() -> None:
    s = walls_scene(*SEALED)
    assert not spaces_have_line(s, (3, 3), 1, (8, 8), 1)
    assert not spaces_have_line(s, (3, 3), 2, (0, 0), 1, "sight")
    assert spaces_have_line(s, (3, 3), 1, (6, 6), 1)
    assert spaces_have_line(s, (0, 0), 1, (9, 9), 1) is False  # the room stands between them
    assert spaces_have_line(s, (0, 0), 1, (9, 0), 1)


def test_windows_let_sight_through_but_not_effect() -> None:
    s = walls_scene(wall((2, 2), (7, 2), "window"), *SEALED[1:])
    assert not spaces_have_line(s, (4, 4), 1, (4, 0), 1, "effect")
    assert spaces_have_line(s, (4, 4), 1, (4, 0), 1, "sight")


def test_low_walls_block_neither_effect_nor_sight() -> None:
    s = walls_scene(*(dict(w, kind="low") for w in SEALED))
    assert spaces_have_line(s, (4, 4), 1, (9, 9), 1, "effect")
    assert spaces_have_line(s, (4, 4), 1, (9, 9), 1, "sight")


def test_can_see_needs_eyes_and_a_visible_target() -> None:
    s = ascii_scene(ROOM, tokens={"A": {"conditions": ["blinded"]}})
    a, b = s.token("A"), s.token("b")
    assert a is not None and b is not None
    assert not can_see(s, a, b) and can_see(s, b, a)
    s = ascii_scene(ROOM, tokens={"b": {"conditions": ["invisible"]}})
    a, b = s.token("A"), s.token("b")
    assert a is not None and b is not None
    assert not can_see(s, a, b) and can_see(s, b, a)


def test_line_from_a_point_to_a_space() -> None:
    s = walls_scene(*SEALED)
    assert not point_has_line_to_space(s, P(0, 0), (3, 3), 1)
    assert point_has_line_to_space(s, P(4, 4), (5, 5), 1)
    assert point_has_line_to_space(s, P(2, 2), (3, 3), 1)  # from the room's corner, on the walls
    assert point_has_line_to_space(s, P(3, 3), (3, 3), 1)  # a corner of the space itself


# ------------------------------------------------------------------------------------- obstacles

PILLARS = """
    ..........
    ..##......
    ......#...
    .......#..
    ..........
"""


def test_a_seam_between_impassable_cells_is_inside_the_obstacle() -> None:
    s = ascii_scene(PILLARS)
    assert segment_hits_obstacle(s, P(3, 0), P(3, 3))  # along the seam between [2,1] and [3,1]
    assert not segment_hits_obstacle(s, P(2, 0), P(2, 3))  # along the outer edge x = 2
    assert not segment_hits_obstacle(s, P(0, 1), P(9, 1))  # along the top edge
    assert segment_hits_obstacle(s, P(0, 1.5), P(9, 1.5))  # through the interior
    assert not segment_hits_obstacle(s, P(6, 4), P(8, 2))  # through the corner (7, 3) shared diagonally
    assert segment_hits_obstacle(s, P(6.5, 4), P(8, 2))
    assert not segment_hits_obstacle(s, P(0, 0), P(1, 1))


def test_impassable_cells_do_not_block_line_of_effect() -> None:
    s = ascii_scene(
        """
        A#b
        """
    )
    a, b = s.token("A"), s.token("b")
    assert a is not None and b is not None
    assert line_of_effect(s, a, b)


# ---------------------------------------------------------------------------------------- caching


def test_wall_data_is_shared_by_scenes_with_the_same_walls() -> None:
    s = ascii_scene(ROOM, walls=[wall((5, 0), (5, 10))])
    a = s.token("A")
    assert a is not None
    moved = s.replace_token(dataclasses.replace(a, cell=a.cell.offset(1, 0)))
    assert moved.walls is s.walls
    assert wall_index(moved, "effect") is wall_index(s, "effect")
    other = ascii_scene(ROOM, walls=[wall((6, 0), (6, 10))])
    assert wall_index(other, "effect") is not wall_index(s, "effect")


# ------------------------------------------------------------------------------------ properties

coord = st.integers(0, 24).map(lambda v: v / 2)


@st.composite
def polylines(draw: st.DrawFn) -> list[dict[str, object]]:
    walls: list[dict[str, object]] = []
    for _ in range(draw(st.integers(1, 4))):
        x, y = draw(st.integers(0, 10)), draw(st.integers(0, 10))
        for _ in range(draw(st.integers(1, 4))):
            dx, dy = draw(st.sampled_from([(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (1, -1)]))
            n = draw(st.integers(1, 3))
            walls.append(wall((x, y), (x + dx * n, y + dy * n)))
            x, y = x + dx * n, y + dy * n
    return walls


spaces = st.tuples(st.integers(0, 8), st.integers(0, 8), st.integers(1, 2))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(polylines(), spaces, spaces, st.randoms(use_true_random=False))
def test_line_of_effect_finds_every_line_random_sampling_finds(
    walls: list[dict[str, object]], a: tuple[int, int, int], b: tuple[int, int, int], rnd: object
) -> None:
    s = walls_scene(*walls)
    found = spaces_have_line(s, (a[0], a[1]), a[2], (b[0], b[1]), b[2])
    assert found == spaces_have_line(s, (b[0], b[1]), b[2], (a[0], a[1]), a[2])
    rng = np.random.default_rng(abs(hash((a, b))) % 2**32)
    n = 2000
    pa = np.array(a[:2]) + rng.uniform(0, a[2], (n, 2))
    pb = np.array(b[:2]) + rng.uniform(0, b[2], (n, 2))
    sampled = not segments_blocked(wall_index(s, "effect"), np.hstack([pa, pb])).all()
    if sampled:
        assert found


@settings(max_examples=60, deadline=None)
@given(polylines(), spaces, spaces)
def test_quick_proofs_agree_with_the_exhaustive_search(
    walls: list[dict[str, object]], a: tuple[int, int, int], b: tuple[int, int, int]
) -> None:
    s = walls_scene(*walls)
    args = ((a[0], a[1]), a[2], (b[0], b[1]), b[2])
    quick = spaces_have_line(s, *args)
    point = point_has_line_to_space(s, P(a[0], a[1]), (b[0], b[1]), b[2])
    sight._SHARED.clear()
    chain, room = sight._chain_separates, sight._room_of
    try:
        sight._chain_separates = lambda *_a, **_k: False  # type: ignore[assignment]
        sight._room_of = lambda *_a, **_k: None  # type: ignore[assignment]
        assert spaces_have_line(s, *args) == quick
        assert point_has_line_to_space(s, P(a[0], a[1]), (b[0], b[1]), b[2]) == point
    finally:
        sight._chain_separates, sight._room_of = chain, room  # type: ignore[assignment]
        sight._SHARED.clear()


@settings(max_examples=80, deadline=None)
@given(polylines(), st.lists(st.tuples(coord, coord, coord, coord), min_size=1, max_size=20))
def test_bulk_test_matches_the_single_segment_rule(
    walls: list[dict[str, object]], segs: list[tuple[float, float, float, float]]
) -> None:
    s = walls_scene(*walls)
    index = wall_index(s, "effect")
    bulk = segments_blocked(index, np.array(segs, dtype=float))
    single = [bool(crossed_walls(index, (x0, y0), (x1, y1))) for x0, y0, x1, y1 in segs]
    assert bulk.tolist() == single
    assert single == [effect_blocked(s, P(x0, y0), P(x1, y1)) for x0, y0, x1, y1 in segs]
