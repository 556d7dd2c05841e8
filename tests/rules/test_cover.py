"""Cover (rules.md "Cover"), PF2e centre line and the 5e DMG corner method, from small ASCII maps.

Maps: '.' floor, '#' impassable, upper-case letters the party, lower-case letters enemies. Walls are given in
corner coordinates.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.geometry.coords import Point
from rules.geometry.cover import CoverLine, CoverResult, cover
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene, Token
from tests.rules.ascii_maps import ascii_scene, wall

PF2E_ORDER = ("none", "lesser", "standard", "greater", "blocked")
DND_ORDER = ("none", "half", "three-quarters", "total")


def tok(s: Scene, letter: str) -> Token:
    t = s.token(letter)
    assert t is not None
    return t


def degree(
    s: Scene, target: str, attacker: str | None = None, origin: tuple[float, float] | None = None
) -> str:
    o = Point(*origin) if origin is not None else None
    return cover(s, tok(s, target), tok(s, attacker) if attacker else None, o).degree


# ============================================================================================= PF2e


def test_pf2e_open_ground_is_no_cover() -> None:
    s = ascii_scene("A...b")
    r = cover(s, tok(s, "b"), tok(s, "A"))
    assert r == CoverResult("none", 0, (CoverLine(Point(0.5, 0.5), Point(4.5, 0.5), False, None),))


def test_pf2e_an_impassable_square_on_the_centre_line_is_standard_cover() -> None:
    s = ascii_scene("A.#.b")
    r = cover(s, tok(s, "b"), tok(s, "A"))
    assert (r.degree, r.ac_bonus) == ("standard", 2)
    assert r.lines[0].blocked and r.lines[0].by == "obstacle"


def test_pf2e_seam_between_impassable_squares_is_inside_the_obstacle() -> None:
    # Large creatures: the centre line runs along y = 1, the seam between [2, 0] and [2, 1].
    sizes = {"A": "large", "b": "large"}
    assert degree(ascii_scene("AA#bb\nAA#bb", sizes=sizes), "b", "A") == "standard"
    # With only [2, 0] impassable the line runs along its bottom edge: no cover.
    assert degree(ascii_scene("AA#bb\nAA.bb", sizes=sizes), "b", "A") == "none"


def test_pf2e_a_line_through_an_obstacle_corner_only_is_not_blocked() -> None:
    s = ascii_scene(
        """
        A...
        ..#.
        .#..
        ...b
        """
    )
    assert degree(s, "b", "A") == "none"


WIDE = """
    .......
    A.....b
    .......
"""


@pytest.mark.parametrize(
    ("walls", "expected"),
    [
        ([wall((3, -1), (3, 1.75))], "standard"),  # a wall stops at y = 1.75: line of effect goes round it
        ([wall((3, -1), (3, 4), "low")], "standard"),  # low walls give cover and never block effect
        ([wall((3, -1), (3, 1.75), "window")], "standard"),
        ([wall((3, -1), (3, 4), "window")], "blocked"),  # a window blocks line of effect
        ([wall((3, -1), (3, 4))], "blocked"),
        ([wall((3, -1), (3, 4), "door", open=False)], "blocked"),
        ([wall((3, -1), (3, 4), "door", open=True)], "none"),
        ([wall((3, -1), (3, 1.5))], "none"),  # ends exactly on the centre line: only touched
        ([wall((0, 1.5), (7, 1.5))], "none"),  # runs along the centre line
    ],
)
def test_pf2e_walls(walls: list[dict[str, object]], expected: str) -> None:
    s = ascii_scene(WIDE, walls=walls)
    r = cover(s, tok(s, "b"), tok(s, "A"))
    assert r.degree == expected
    assert r.ac_bonus == {"none": 0, "standard": 2, "blocked": 0}[expected]


def test_pf2e_blocked_line_names_the_wall() -> None:
    s = ascii_scene(WIDE, walls=[wall((3, -1), (3, 4), "low")])
    assert cover(s, tok(s, "b"), tok(s, "A")).lines[0].by == "low wall"
    s = ascii_scene(WIDE, walls=[wall((3, -1), (3, 4))])
    line = cover(s, tok(s, "b"), tok(s, "A")).lines[0]
    assert line.blocked and line.by == "wall"


def test_pf2e_a_creature_in_between_is_lesser_cover() -> None:
    s = ascii_scene("A.c.b")
    r = cover(s, tok(s, "b"), tok(s, "A"))
    assert (r.degree, r.ac_bonus) == ("lesser", 1)
    assert r.lines[0].by == "creature c"
    # Allies count as well.
    assert degree(ascii_scene("A.C.b"), "b", "A") == "lesser"


def test_pf2e_lesser_cover_does_not_apply_against_an_area() -> None:
    s = ascii_scene("..c.b")
    r = cover(s, tok(s, "b"), origin=Point(0, 0.5))
    assert (r.degree, r.ac_bonus) == ("none", 0)
    # Standard cover does.
    s = ascii_scene("..#.b")
    assert degree(s, "b", origin=(0, 0.5)) == "standard"


def test_pf2e_a_creature_two_sizes_larger_than_both_gives_standard_cover() -> None:
    picture = """
        ..ccc..
        A.ccc.b
        ..ccc..
    """
    assert degree(ascii_scene(picture, sizes={"c": "huge"}), "b", "A") == "standard"
    # Only one size larger than the large attacker: lesser.
    big_attacker = """
        AAccc..
        AAccc.b
        ..ccc..
    """
    assert degree(ascii_scene(big_attacker, sizes={"c": "huge", "A": "large"}), "b", "A") == "lesser"
    # Large between two medium creatures: one size larger, lesser.
    assert degree(ascii_scene("..cc..\nA.cc.b", sizes={"c": "large"}), "b", "A") == "lesser"
    # From an area's origin the comparison is with the target alone.
    assert degree(ascii_scene(picture, sizes={"c": "huge"}), "b", origin=(0, 1.5)) == "standard"


def test_pf2e_touching_a_creature_space_at_a_corner_is_not_cover() -> None:
    s = ascii_scene(
        """
        A...
        ..c.
        .d..
        ...b
        """
    )
    assert degree(s, "b", "A") == "none"


def test_pf2e_take_cover_turns_standard_into_greater() -> None:
    took = {"b": {"conditions": ["took-cover"]}}
    s = ascii_scene("A.#.b", tokens=took)
    r = cover(s, tok(s, "b"), tok(s, "A"))
    assert (r.degree, r.ac_bonus) == ("greater", 4)
    assert degree(s, "b", origin=(0, 0.5)) == "greater"
    # Otherwise (cover only from a creature, or none) Take Cover gives standard cover, against areas too.
    behind_c = ascii_scene("A.c.b", tokens=took)
    assert cover(behind_c, tok(behind_c, "b"), tok(behind_c, "A")).ac_bonus == 2
    assert degree(ascii_scene("A.c.b", tokens=took), "b", "A") == "standard"
    assert degree(ascii_scene("A...b", tokens=took), "b", "A") == "standard"
    assert degree(ascii_scene("A...b", tokens=took), "b", origin=(0, 0.5)) == "standard"
    assert degree(ascii_scene("A.c.b"), "b", "A") == "lesser"


def test_pf2e_no_line_of_effect_is_blocked_even_with_take_cover() -> None:
    s = ascii_scene(WIDE, walls=[wall((3, -1), (3, 4))], tokens={"b": {"conditions": ["took-cover"]}})
    r = cover(s, tok(s, "b"), tok(s, "A"))
    assert (r.degree, r.ac_bonus) == ("blocked", 0)
    assert degree(s, "b", origin=(0.5, 1.5)) == "blocked"


def test_pf2e_area_origin_replaces_the_attacker() -> None:
    s = ascii_scene(WIDE, walls=[wall((3, -1), (3, 1.2))])
    # From below the wall's end the line is clear; from the upper left it crosses the wall, while steeper
    # lines from that point still pass below the wall's end into b's space.
    assert degree(s, "b", origin=(3, 2.5)) == "none"
    assert degree(s, "b", origin=(0, 0.5)) == "standard"
    # From further up no line gets under the wall's end to b.
    assert degree(s, "b", origin=(0, 0)) == "blocked"


# =============================================================================================== 5e


def dnd(picture: str, **kwargs: object) -> Scene:
    return ascii_scene(picture, "dnd5e-2014", **kwargs)  # type: ignore[arg-type]


PILLAR = """
    A....
    .#...
    ..b..
    .....
"""


def test_dnd_a_pillar_between_gives_three_quarters_cover() -> None:
    # From A's best corners, (1, 0) and (0, 1), three of the four lines to b's corners pass through the
    # pillar; from the other two corners all four do.
    s = dnd(PILLAR)
    r = cover(s, tok(s, "b"), tok(s, "A"))
    assert (r.degree, r.ac_bonus) == ("three-quarters", 5)
    assert len(r.lines) == 4
    assert {line.a for line in r.lines} in ({Point(1, 0)}, {Point(0, 1)})
    assert {line.b for line in r.lines} == {Point(2, 2), Point(3, 2), Point(3, 3), Point(2, 3)}
    assert sum(line.blocked for line in r.lines) == 3
    assert all(line.by == "obstacle" for line in r.lines if line.blocked)


def test_dnd_an_ally_in_between_gives_half_cover() -> None:
    # The same lines, blocked by a creature: creatures give at most half cover.
    s = dnd(PILLAR.replace("#", "C"))
    r = cover(s, tok(s, "b"), tok(s, "A"))
    assert (r.degree, r.ac_bonus) == ("half", 2)
    assert sum(line.blocked for line in r.lines) == 3
    assert all(line.by == "creature C" for line in r.lines if line.blocked)


def test_dnd_a_barrel_beside_the_target_gives_half_cover() -> None:
    # Two lines from every corner of A pass through the barrel; the lines along y = 1 only touch it.
    s = dnd(
        """
        A...
        ..#b
        """
    )
    assert cover(s, tok(s, "b"), tok(s, "A")).degree == "half"


def test_dnd_a_wall_between_is_total_cover() -> None:
    # DMG: a wall from (12, 0) to (12, 40) between the attacker and the target.
    picture = "\n".join(
        "".join("A" if (x, y) == (5, 10) else "b" if (x, y) == (18, 12) else "." for x in range(24))
        for y in range(40)
    )
    s = dnd(picture, walls=[wall((12, 0), (12, 40))])
    r = cover(s, tok(s, "b"), tok(s, "A"))
    assert (r.degree, r.ac_bonus, r.lines) == ("total", 0, ())
    assert degree(s, "b", origin=(5, 10)) == "total"
    # A gap at y 11..12: from A's corner (6, 11) the four lines to b's corners pass through the gap (the
    # one to (18, 13) touches the wall's end (12, 12)), so no cover at all.
    s = dnd(picture, walls=[wall((12, 0), (12, 11)), wall((12, 12), (12, 40))])
    assert degree(s, "b", "A") == "none"
    # Narrow the gap to y 11..11.5: from the corner (5, 10) the line to (18, 12) passes the gap, those to
    # (19, 12) and (19, 13) touch the walls' ends (12, 11) and (12, 11.5), the one to (18, 13) crosses.
    s = dnd(picture, walls=[wall((12, 0), (12, 11)), wall((12, 11.5), (12, 40))])
    r = cover(s, tok(s, "b"), tok(s, "A"))
    assert r.degree == "half"
    assert [(line.b, line.blocked) for line in r.lines if line.a == Point(5, 10)] == [
        (Point(18, 12), False),
        (Point(19, 12), False),
        (Point(19, 13), False),
        (Point(18, 13), True),
    ]


def test_dnd_lines_blocked_by_creatures_give_at_most_half_cover() -> None:
    # A huge creature covers every line from every corner: still only half cover.
    s = dnd(
        """
        ..ccc..
        A.ccc.b
        ..ccc..
        """,
        sizes={"c": "huge"},
    )
    assert cover(s, tok(s, "b"), tok(s, "A")).degree == "half"
    # A solid block of impassable squares instead: three-quarters (line of effect still exists: impassable
    # squares don't block it).
    s = dnd(
        """
        ..###..
        A.###.b
        ..###..
        """
    )
    assert cover(s, tok(s, "b"), tok(s, "A")).degree == "three-quarters"


LOW_ACROSS = wall((4, -1), (-1, 4), "low")


def test_dnd_low_walls_count_with_creatures_and_are_capped_at_half() -> None:
    s = dnd(PILLAR.replace("#", "."), walls=[LOW_ACROSS])
    r = cover(s, tok(s, "b"), tok(s, "A"))
    assert r.degree == "half"
    assert all(line.blocked and line.by == "low wall" for line in r.lines)


def test_dnd_the_better_of_hard_cover_and_capped_cover_wins() -> None:
    # Pillar (three lines from the best corner) plus the low wall (all four): the pillar's three-quarters
    # stands; the low wall's capped half doesn't lower it and the counts don't add up to total.
    s = dnd(PILLAR, walls=[LOW_ACROSS])
    assert cover(s, tok(s, "b"), tok(s, "A")).degree == "three-quarters"


def test_dnd_wall_ends_and_walls_along_grid_lines_do_not_block() -> None:
    # A wall runs along the top edges of both spaces: every line touches it or runs along it.
    s = dnd(
        """
        ......
        A...b.
        ......
        """,
        walls=[wall((-1, 1), (7, 1))],
    )
    assert cover(s, tok(s, "b"), tok(s, "A")).degree == "none"
    # A short wall ending exactly at b's corner (4, 1), coming from above: lines to that corner end on it,
    # the others pass below its end.
    s = dnd(
        """
        ......
        A...b.
        ......
        """,
        walls=[wall((4, -1), (4, 1))],
    )
    assert cover(s, tok(s, "b"), tok(s, "A")).degree == "none"


def test_dnd_walls_block_corner_lines() -> None:
    # A wall from the top down to y = 1.8 between A and b: from A's bottom corners the lines to b's bottom
    # corners pass under its end and the two to b's top corners cross it; from the top corners all four
    # cross it.
    s = dnd(
        """
        ......
        A...b.
        ......
        """,
        walls=[wall((2.5, -1), (2.5, 1.8))],
    )
    r = cover(s, tok(s, "b"), tok(s, "A"))
    assert r.degree == "half"
    assert sum(line.blocked for line in r.lines) == 2
    assert all(line.by == "wall" for line in r.lines if line.blocked)


def test_dnd_the_attacker_picks_the_least_covered_square_of_a_large_target() -> None:
    # The pillar hides b's lower squares but not its upper left one.
    s = dnd(
        """
        A..bb
        ..#bb
        .....
        """,
        sizes={"b": "large"},
    )
    r = cover(s, tok(s, "b"), tok(s, "A"))
    assert r.degree == "none"
    assert {line.b for line in r.lines} == {Point(3, 0), Point(4, 0), Point(4, 1), Point(3, 1)}


def test_dnd_area_origin_replaces_the_attacker_corners() -> None:
    s = dnd(PILLAR.replace("A", "."))
    # From (0, 0) all four lines to b's corners pass through the pillar (and line of effect exists).
    r = cover(s, tok(s, "b"), origin=Point(0, 0))
    assert (r.degree, r.ac_bonus) == ("three-quarters", 5)
    assert {line.a for line in r.lines} == {Point(0, 0)}
    assert sum(line.blocked for line in r.lines) == 4
    # From (3, 0), above b, nothing is in the way.
    assert degree(s, "b", origin=(3, 0)) == "none"


def test_dnd_area_origin_inside_a_closed_room_is_total_cover() -> None:
    room = [wall((0, 0), (2, 0)), wall((2, 0), (2, 2)), wall((2, 2), (0, 2)), wall((0, 2), (0, 0))]
    s = dnd(PILLAR.replace("A", ".").replace("#", "."), walls=room)
    assert degree(s, "b", origin=(1, 1)) == "total"
    assert degree(s, "b", origin=(3, 1)) == "none"


def test_dnd_2024_uses_the_same_method() -> None:
    s = ascii_scene(PILLAR, "dnd5e-2024")
    assert cover(s, tok(s, "b"), tok(s, "A")).degree == "three-quarters"


def test_cover_needs_an_attacker_or_an_origin() -> None:
    s = ascii_scene("A...b")
    with pytest.raises(ValueError):
        cover(s, tok(s, "b"))


def test_results_are_frozen() -> None:
    s = ascii_scene("A...b")
    r = cover(s, tok(s, "b"), tok(s, "A"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.degree = "greater"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.lines[0].blocked = True  # type: ignore[misc]


def test_a_moved_copy_of_the_target_is_judged_where_it_stands() -> None:
    s = ascii_scene("A.#.b.")
    b = tok(s, "b")
    assert cover(s, b, tok(s, "A")).degree == "standard"
    # Hypothetical position (dragging): the scene's own b is left out of the creatures in between.
    moved = dataclasses.replace(b, cell=b.cell.offset(-3, 0))
    assert cover(s, moved, tok(s, "A")).degree == "none"


# ========================================================================================= properties

systems = st.sampled_from(["pf2e", "dnd5e-2014", "dnd5e-2024"])
sizes = st.sampled_from(["small", "medium", "large", "huge"])
cells = st.tuples(st.integers(0, 12), st.integers(0, 12))


def scene_of(
    system: str,
    a: tuple[int, int],
    a_size: str,
    b: tuple[int, int],
    b_size: str,
    walls: Sequence[dict[str, object]] = (),
) -> Scene | None:
    """Attacker ``a`` and target ``b`` on an open 16×16 map; None when their spaces overlap."""
    side = {"small": 1, "medium": 1, "large": 2, "huge": 3}
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    if (
        ax < bx + side[b_size]
        and bx < ax + side[a_size]
        and ay < by + side[b_size]
        and by < ay + side[a_size]
    ):
        return None
    return scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": system,
            "grid": {"width": 16, "height": 16},
            "walls": list(walls),
            "tokens": [
                {"id": "a", "cell": list(a), "size": a_size, "side": "party"},
                {"id": "b", "cell": list(b), "size": b_size, "side": "enemies"},
            ],
        }
    )


@settings(max_examples=60, deadline=None)
@given(systems, cells, sizes, cells, sizes)
def test_nothing_in_the_way_means_no_cover(
    system: str, a: tuple[int, int], a_size: str, b: tuple[int, int], b_size: str
) -> None:
    s = scene_of(system, a, a_size, b, b_size)
    if s is None:
        return
    r = cover(s, tok(s, "b"), tok(s, "a"))
    assert (r.degree, r.ac_bonus) == ("none", 0)
    assert not any(line.blocked for line in r.lines)


half_points = st.integers(0, 32).map(lambda v: v / 2)
wall_kinds = st.sampled_from(["wall", "low", "window", "door"])


@st.composite
def some_walls(draw: st.DrawFn) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for _ in range(draw(st.integers(1, 5))):
        a = (draw(half_points), draw(half_points))
        b = (draw(half_points), draw(half_points))
        out.append(wall(a, b, draw(wall_kinds), open=draw(st.booleans())))
    return out


@settings(max_examples=80, deadline=None)
@given(systems, cells, sizes, cells, sizes, some_walls(), st.data())
def test_taking_a_wall_away_never_increases_cover(
    system: str,
    a: tuple[int, int],
    a_size: str,
    b: tuple[int, int],
    b_size: str,
    walls: list[dict[str, object]],
    data: st.DataObject,
) -> None:
    for w in walls:
        if w["kind"] != "door":
            w.pop("open", None)
    s = scene_of(system, a, a_size, b, b_size, walls)
    if s is None:
        return
    drop = data.draw(st.integers(0, len(walls) - 1))
    fewer = scene_of(system, a, a_size, b, b_size, walls[:drop] + walls[drop + 1 :])
    assert fewer is not None
    order = PF2E_ORDER if system == "pf2e" else DND_ORDER
    before = cover(s, tok(s, "b"), tok(s, "a")).degree
    after = cover(fewer, tok(fewer, "b"), tok(fewer, "a")).degree
    assert order.index(after) <= order.index(before)
