"""Movement: step costs, terrain, walls and corners, creatures, multi-square movers, PF2e Step, cheapest
paths with their tie-break, the reachable set, and the movement queries' answers and errors.

Every expected number is counted by hand from rules.md ("Distance and movement").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest

from rules.cli import answer
from rules.errors import QueryError
from rules.geometry.coords import Cell
from rules.geometry.movement import (
    PathCost,
    PathResult,
    move_context,
    path_cost,
    reachable,
    shortest_path,
    step_legal,
)
from rules.model.scene import Scene, Token
from tests.rules.ascii_maps import ascii_scene, wall

OPEN = """
    A.......
    ........
    ........
    ........
    ........
    ........
    ........
    ........
"""


def tok(scene: Scene, token_id: str = "A") -> Token:
    found = scene.token(token_id)
    assert found is not None
    return found


def cost(scene: Scene, path: Sequence[tuple[int, int]], token: str = "A", **kw: Any) -> PathCost:
    return path_cost(scene, tok(scene, token), path, **kw)


def best(scene: Scene, to: tuple[int, int], token: str = "A", **kw: Any) -> PathResult | None:
    return shortest_path(scene, tok(scene, token), to, **kw)


def feet(scene: Scene, to: tuple[int, int], token: str = "A", **kw: Any) -> int | None:
    found = best(scene, to, token, **kw)
    return None if found is None else found.feet


def diagonal(n: int, start: tuple[int, int] = (0, 0)) -> list[tuple[int, int]]:
    return [(start[0] + i, start[1] + i) for i in range(n + 1)]


# ------------------------------------------------------------------------------------------ diagonals


def test_pf2e_four_diagonals_cost_thirty_feet() -> None:
    result = cost(ascii_scene(OPEN), diagonal(4))
    assert result == PathCost(30, (5, 10, 5, 10), True, None, 4)


def test_the_diagonal_count_carries_over_from_earlier_moves() -> None:
    scene = ascii_scene(OPEN)
    assert cost(scene, diagonal(1), diagonals_before=1).steps == (10,)
    assert cost(scene, diagonal(3), diagonals_before=1).steps == (10, 5, 10)
    assert cost(scene, diagonal(3), diagonals_before=2).steps == (5, 10, 5)


def test_orthogonal_steps_do_not_change_the_diagonal_count() -> None:
    scene = ascii_scene(OPEN)
    # diagonal 5, straight 5, straight 5, diagonal 10 (the second diagonal of the turn)
    assert cost(scene, [(0, 0), (1, 1), (2, 1), (3, 1), (4, 2)]).steps == (5, 5, 5, 10)


def test_5e_five_foot_count_prices_every_step_at_five() -> None:
    scene = ascii_scene(OPEN, "dnd5e-2014")
    assert cost(scene, diagonal(4)).steps == (5, 5, 5, 5)
    assert cost(scene, diagonal(4), diagonals_before=1).feet == 20
    assert feet(scene, (4, 4)) == 20


def test_5e_optional_alternating_rule() -> None:
    scene = ascii_scene(OPEN, "dnd5e-2024", options={"diagonals": "alternating"})
    assert cost(scene, diagonal(4)).steps == (5, 10, 5, 10)
    assert feet(scene, (4, 4)) == 30
    assert feet(scene, (3, 3), diagonals_before=1) == 25


def test_a_path_of_just_the_start_is_free_and_legal() -> None:
    result = cost(ascii_scene(OPEN), [(0, 0)])
    assert result == PathCost(0, (), True, None, 0)
    assert best(ascii_scene(OPEN), (0, 0)) == PathResult(0, (Cell(0, 0),), (), 0)


# -------------------------------------------------------------------------------------------- terrain

TERRAIN = """
    A~^!....
    .~^.....
    ........
"""


def test_pf2e_difficult_terrain_adds_five_and_greater_ten_not_multiplied_by_the_diagonal() -> None:
    scene = ascii_scene(TERRAIN)
    assert cost(scene, [(0, 0), (1, 0)]).steps == (10,)  # difficult +5
    assert cost(scene, [(0, 0), (1, 1)]).steps == (10,)  # first diagonal 5 + 5
    assert cost(scene, [(0, 0), (1, 1)], diagonals_before=1).steps == (15,)  # second diagonal 10 + 5
    assert cost(scene, [(0, 0), (1, 0), (2, 0)]).steps == (10, 15)  # greater +10
    assert cost(scene, [(0, 0), (1, 0), (2, 1)]).steps == (10, 15)  # diagonal 5 into greater +10
    assert cost(scene, [(0, 0), (1, 1), (2, 0)]).steps == (10, 20)  # diagonal 10 into greater +10
    assert cost(scene, [(0, 0), (1, 0), (2, 0), (3, 0)]).steps == (10, 15, 5)  # hazardous is floor
    assert cost(scene, [(0, 0), (0, 1), (1, 1)]).steps == (5, 10)  # leaving difficult is free


def test_5e_difficult_terrain_doubles_the_step_and_greater_counts_as_difficult() -> None:
    scene = ascii_scene(TERRAIN, "dnd5e-2014")
    assert cost(scene, [(0, 0), (1, 0), (2, 0), (3, 0)]).steps == (10, 10, 5)
    assert cost(scene, [(0, 0), (1, 1), (2, 0)]).steps == (10, 10)
    alternating = ascii_scene(TERRAIN, "dnd5e-2024", options={"diagonals": "alternating"})
    # diagonals: 5 doubled, then 10 doubled
    assert cost(alternating, [(0, 0), (1, 1), (2, 0)]).steps == (10, 20)


def test_shortest_path_tracks_diagonal_parity() -> None:
    # [0,0] → [3,3] with difficult on [1,1] and [2,2]: straight costs 10 + 15 + 5 = 30, but
    # [1,0] 5, [2,1] 5, [3,2] 10, [3,3] 5 = 25
    scene = ascii_scene(
        """
        A...
        .~..
        ..~.
        ....
        """
    )
    assert cost(scene, diagonal(3)).feet == 30
    found = best(scene, (3, 3))
    assert found is not None
    assert found.feet == 25
    assert cost(scene, found.path).feet == 25


def test_impassable_squares_cannot_be_entered() -> None:
    scene = ascii_scene(
        """
        A#.
        .#.
        .#.
        """
    )
    result = cost(scene, [(0, 0), (1, 0)])
    assert not result.legal
    assert result.steps == (5,)  # priced as if legal
    assert result.problem is not None and "step 1" in result.problem and "impassable" in result.problem
    assert best(scene, (2, 0)) is None
    assert best(scene, (1, 1)) is None


# ------------------------------------------------------------------------------------ walls and corners


def test_a_wall_blocks_the_steps_that_cross_it() -> None:
    scene = ascii_scene(
        """
        A...
        ....
        ....
        ....
        """,
        walls=[wall((2, 0), (2, 3))],
    )
    crossing = cost(scene, [(0, 0), (1, 0), (2, 0)])
    assert not crossing.legal
    assert crossing.problem is not None and "step 2" in crossing.problem and "wall" in crossing.problem
    # the wall ends at the corner (2, 3): the diagonal [1,2] → [2,3] passes through that end point
    assert not cost(scene, [(0, 0), (0, 1), (1, 2), (2, 3)]).legal
    # below the wall's end the way is open: [1,3] → [2,3] runs at y = 3.5
    assert cost(scene, [(0, 0), (0, 1), (0, 2), (1, 3), (2, 3)]).legal
    # the only way past is [1,3] → [2,3] (y = 3.5): 15 to [1,3], 5 across, 15 back up = 35
    assert feet(scene, (2, 0)) == 35


def test_wall_end_touching_a_corner_blocks_the_diagonal_through_it() -> None:
    scene = ascii_scene(
        """
        A..
        ...
        ...
        """,
        walls=[wall((2, 0), (2, 1))],
    )
    assert step_legal(scene, tok(scene), Cell(1, 1), Cell(2, 0)) is not None  # through corner (2, 1)
    assert step_legal(scene, tok(scene), Cell(1, 0), Cell(2, 1)) is not None
    assert step_legal(scene, tok(scene), Cell(1, 1), Cell(2, 1)) is None  # y = 1.5, below the wall
    assert step_legal(scene, tok(scene), Cell(1, 1), Cell(2, 2)) is None  # corner (2, 2) is free
    reason = cost(scene, [(0, 0), (1, 1), (2, 0)]).problem
    assert reason is not None and "corner" in reason and "step 2" in reason


def test_a_wall_lying_along_the_step_does_not_block_it() -> None:
    # rules.md "Walls and corners": running along a wall, or touching its free end, doesn't block a step
    scene = ascii_scene("A...", walls=[wall((1.5, 0.5), (2.5, 0.5))])
    assert step_legal(scene, tok(scene), Cell(0, 0), Cell(1, 0)) is None  # touches its end (1.5, 0.5)
    assert step_legal(scene, tok(scene), Cell(1, 0), Cell(2, 0)) is None  # runs along it
    assert step_legal(scene, tok(scene), Cell(2, 0), Cell(3, 0)) is None
    assert feet(scene, (3, 0)) == 15


def test_touching_a_free_end_of_a_wall_does_not_block_a_step() -> None:
    # a horizontal wall at y = 1.2 ends at (1.5, 1.2), on the centre segment (1.5, 0.5)-(1.5, 1.5) of the
    # step [1,0] -> [1,1] ...
    scene = ascii_scene(
        """
        A..
        ...
        ...
        """,
        walls=[wall((0.4, 1.2), (1.5, 1.2))],
    )
    # ... so the vertical step at x = 1.5 touches the wall's free end and may pass
    assert step_legal(scene, tok(scene), Cell(1, 0), Cell(1, 1)) is None
    # while the step at x = 0.5 crosses the wall
    reason = step_legal(scene, tok(scene), Cell(0, 0), Cell(0, 1))
    assert reason is not None and "wall" in reason


def test_two_walls_meeting_on_the_step_block_it() -> None:
    # two walls meet at (1.5, 1.0), on the step [1,0] -> [1,1], and leave on both sides of it
    walls = [wall((0.7, 1.0), (1.5, 1.0)), wall((1.5, 1.0), (2.3, 1.0))]
    scene = ascii_scene("A..\n...\n...", walls=walls)
    reason = step_legal(scene, tok(scene), Cell(1, 0), Cell(1, 1))
    assert reason is not None and "crosses a wall" in reason
    # with only one of them, the step touches a free end and is legal
    for one in walls:
        alone = ascii_scene("A..\n...\n...", walls=[one])
        assert step_legal(alone, tok(alone), Cell(1, 0), Cell(1, 1)) is None
    # two walls meeting on the step but both on the same side of it (a wedge whose tip touches it) don't
    wedge = ascii_scene("A..\n...\n...", walls=[wall((1.5, 1.0), (2.5, 0.6)), wall((1.5, 1.0), (2.5, 1.4))])
    assert step_legal(wedge, tok(wedge), Cell(1, 0), Cell(1, 1)) is None


def test_door_half_a_square_off_the_grid_lines() -> None:
    # a wall along y = 2 with a door from x = 1.5 to 2.5 (as Dungeondraft exports place them)
    def scene(is_open: bool) -> Scene:
        return ascii_scene(
            """
            .....
            ..A..
            .....
            .....
            """,
            walls=[
                wall((0, 2), (1.5, 2)),
                wall((1.5, 2), (2.5, 2), "door", open=is_open),
                wall((2.5, 2), (5, 2)),
            ],
        )

    opened, closed = scene(True), scene(False)
    # open: the straight step [2,1] -> [2,2] runs at x = 2.5 through the free end of the right-hand wall,
    # which doesn't block
    assert cost(opened, [(2, 1), (2, 2)]).legal
    assert cost(opened, [(2, 1), (2, 2)]).feet == 5
    # [1,1] -> [1,2] at x = 1.5 touches the free end of the left-hand wall: legal too
    assert step_legal(opened, tok(opened), Cell(1, 1), Cell(1, 2)) is None
    # further out the walls are crossed
    assert step_legal(opened, tok(opened), Cell(0, 1), Cell(0, 2)) is not None
    assert step_legal(opened, tok(opened), Cell(3, 1), Cell(3, 2)) is not None
    # the cheapest way through is straight down (not a 15-ft zig-zag)
    found = best(opened, (2, 3), token="A")
    assert found is not None and found.feet == 10 and found.path == (Cell(2, 1), Cell(2, 2), Cell(2, 3))
    # closed: the door and the wall meet at (2.5, 2) and leave on both sides of the step: blocked
    assert not cost(closed, [(2, 1), (2, 2)]).legal
    assert best(closed, (2, 3)) is None


def test_grid_aligned_walls_block_as_before() -> None:
    # a grid-line wall with a one-square gap: orthogonal crossings blocked, the gap open, diagonals
    # through the wall's end corners blocked
    scene = ascii_scene(
        """
        A...
        ....
        ....
        """,
        walls=[wall((0, 1), (2, 1)), wall((3, 1), (4, 1))],
    )
    t = tok(scene)
    assert step_legal(scene, t, Cell(0, 0), Cell(0, 1)) is not None
    assert step_legal(scene, t, Cell(1, 0), Cell(1, 1)) is not None
    assert step_legal(scene, t, Cell(2, 0), Cell(2, 1)) is None  # the gap
    assert step_legal(scene, t, Cell(3, 0), Cell(3, 1)) is not None
    # diagonals into the gap pass through the corners (2, 1) and (3, 1), which the walls touch
    assert "corner" in (step_legal(scene, t, Cell(1, 0), Cell(2, 1)) or "")
    assert "corner" in (step_legal(scene, t, Cell(3, 0), Cell(2, 1)) or "")
    # round through the gap: [1,0], [2,0], [2,1] (5 each), diagonal [1,2] (5, the 1st), [0,2] (5)
    assert feet(scene, (0, 2)) == 25


def test_walls_at_float_coordinates_are_tested_exactly() -> None:
    scene = ascii_scene(
        """
        A...
        ....
        ....
        """,
        walls=[wall((1.7, 0.25), (1.2, 0.75)), wall((0.1, 2.9), (3.9, 2.1))],
    )
    a = tok(scene)
    # the short wall lies on x + y = 1.95 for x in [1.2, 1.7]: it meets y = 0.5 at x = 1.45
    assert step_legal(scene, a, Cell(0, 0), Cell(1, 0)) is not None  # x from 0.5 to 1.5
    assert step_legal(scene, a, Cell(1, 0), Cell(2, 0)) is None  # x from 1.5 to 2.5
    assert step_legal(scene, a, Cell(1, 0), Cell(1, 1)) is None  # x = 1.5 meets the line at y = 0.45
    assert step_legal(scene, a, Cell(0, 0), Cell(1, 1)) is None  # y = x meets the line at x = 0.975
    # the long wall: y = 2.9 - (0.8 / 3.8) (x - 0.1) meets y = 2.5 at x = 2.0, x = 2.5 at y ≈ 2.39
    assert step_legal(scene, a, Cell(1, 2), Cell(2, 2)) is not None
    assert step_legal(scene, a, Cell(0, 2), Cell(1, 2)) is None
    assert step_legal(scene, a, Cell(2, 2), Cell(3, 2)) is None
    assert step_legal(scene, a, Cell(2, 1), Cell(2, 2)) is not None
    assert step_legal(scene, a, Cell(1, 1), Cell(1, 2)) is None  # x = 1.5: the wall is at y ≈ 2.61


@pytest.mark.parametrize(
    ("kind", "is_open", "blocks"),
    [
        ("wall", None, True),
        ("window", None, True),
        ("door", False, True),
        ("door", True, False),
        ("low", None, False),
    ],
)
def test_which_walls_block_movement(kind: str, is_open: bool | None, blocks: bool) -> None:
    scene = ascii_scene("A..", walls=[wall((1, 0), (1, 1), kind, open=is_open)])
    assert (step_legal(scene, tok(scene), Cell(0, 0), Cell(1, 0)) is not None) is blocks
    assert feet(scene, (2, 0)) == (None if blocks else 10)


@pytest.mark.parametrize("system", ["pf2e", "dnd5e-2014", "dnd5e-2024"])
def test_a_diagonal_cannot_cut_the_corner_of_an_impassable_square(system: str) -> None:
    scene = ascii_scene(
        """
        A#.
        ...
        """,
        system,
    )
    result = cost(scene, [(0, 0), (1, 1)])
    assert not result.legal
    assert result.problem is not None and "corner" in result.problem and "[1, 0]" in result.problem
    assert feet(scene, (1, 1)) == 10
    assert step_legal(scene, tok(scene), Cell(2, 0), Cell(1, 1)) is not None  # the other side too


def test_creatures_never_block_a_corner() -> None:
    scene = ascii_scene(
        """
        Ab.
        ...
        """
    )
    assert cost(scene, [(0, 0), (1, 1)]).legal
    assert feet(scene, (1, 1)) == 5


# ------------------------------------------------------------------------------------------ creatures

LINE = """
    .....
    AB...
    .....
"""


def corridor(system: str, **kw: Any) -> Scene:
    """A 1-square corridor: A at [0, 0], the other token at [1, 0], goal [2, 0]."""
    return ascii_scene("AB.", system, **kw)


def test_pf2e_through_an_ally_for_free_but_not_ending_there() -> None:
    scene = corridor("pf2e")
    through = cost(scene, [(0, 0), (1, 0), (2, 0)])
    assert through == PathCost(10, (5, 5), True, None, 0)
    ending = cost(scene, [(0, 0), (1, 0)])
    assert not ending.legal
    assert ending.problem is not None and "'B'" in ending.problem and "end" in ending.problem
    assert best(scene, (1, 0)) is None
    assert feet(scene, (2, 0)) == 10


def test_pf2e_not_through_an_unwilling_creature_unless_three_sizes_apart() -> None:
    scene = corridor("pf2e", sides={"B": "enemies"})
    blocked = cost(scene, [(0, 0), (1, 0), (2, 0)])
    assert not blocked.legal and blocked.problem is not None and "'B'" in blocked.problem
    assert feet(scene, (2, 0)) is None
    huge = ascii_scene("ABBB.\n.BBB.\n.BBB.", sides={"B": "enemies"}, sizes={"B": "huge"})
    assert not cost(huge, [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]).legal  # medium vs huge: 2 sizes
    garg = ascii_scene("ABBBB.\n.BBBB.\n.BBBB.\n.BBBB.", sides={"B": "enemies"}, sizes={"B": "gargantuan"})
    assert cost(garg, [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]).legal  # 3 sizes
    tiny_mover = corridor("pf2e", sides={"B": "enemies"}, sizes={"A": "tiny"})
    assert feet(tiny_mover, (2, 0)) == 10


def test_pf2e_anyone_may_pass_and_end_in_a_tiny_creatures_square_and_a_tiny_one_anywhere() -> None:
    scene = corridor("pf2e", sides={"B": "enemies"}, sizes={"B": "tiny"})
    assert cost(scene, [(0, 0), (1, 0)]).legal
    assert feet(scene, (1, 0)) == 5
    tiny = corridor("pf2e", sides={"B": "enemies"}, sizes={"A": "tiny"})
    assert cost(tiny, [(0, 0), (1, 0)]).legal


def test_5e_2014_other_creatures_spaces_are_difficult_and_hostile_ones_block() -> None:
    ally = corridor("dnd5e-2014")
    assert cost(ally, [(0, 0), (1, 0), (2, 0)]) == PathCost(15, (10, 5), True, None, 0)
    assert not cost(ally, [(0, 0), (1, 0)]).legal
    foe = corridor("dnd5e-2014", sides={"B": "enemies"})
    assert feet(foe, (2, 0)) is None
    path = [(0, 0), (1, 0), (2, 0), (3, 0)]  # through a Large foe at [1, 0]
    medium_vs_large = large_foe("dnd5e-2014", "medium")
    assert not cost(medium_vs_large, path).legal  # 1 size apart
    small_vs_large = large_foe("dnd5e-2014", "small")
    assert cost(small_vs_large, path) == PathCost(25, (10, 10, 5), True, None, 0)  # 2 sizes, difficult
    large_vs_tiny = ascii_scene(
        "AA.b.\nAA...", "dnd5e-2014", sides={"b": "enemies"}, sizes={"A": "large", "b": "tiny"}
    )
    over = cost(large_vs_tiny, path)
    assert over.steps == (5, 10, 5)  # only the step that newly enters [3, 0] is difficult
    assert not over.legal  # ... and the move ends covering the tiny foe's square


def large_foe(system: str, mover_size: str) -> Scene:
    return ascii_scene("ABB.\n.BB.", system, sides={"B": "enemies"}, sizes={"A": mover_size, "B": "large"})


def test_5e_2024_who_may_be_passed_and_who_is_difficult() -> None:
    ally = corridor("dnd5e-2024")
    assert cost(ally, [(0, 0), (1, 0), (2, 0)]).steps == (5, 5)  # an ally's space isn't difficult
    assert not cost(ally, [(0, 0), (1, 0)]).legal
    foe = corridor("dnd5e-2024", sides={"B": "enemies"})
    assert feet(foe, (2, 0)) is None
    knocked_out = corridor(
        "dnd5e-2024", sides={"B": "enemies"}, tokens={"B": {"conditions": ["unconscious"]}}
    )
    assert cost(knocked_out, [(0, 0), (1, 0), (2, 0)]) == PathCost(15, (10, 5), True, None, 0)
    tiny_foe = corridor("dnd5e-2024", sides={"B": "enemies"}, sizes={"B": "tiny"})
    assert cost(tiny_foe, [(0, 0), (1, 0), (2, 0)]).steps == (5, 5)
    assert not cost(tiny_foe, [(0, 0), (1, 0)]).legal  # can't end there
    path = [(0, 0), (1, 0), (2, 0), (3, 0)]  # through a Large foe at [1, 0]
    assert not cost(large_foe("dnd5e-2024", "medium"), path).legal  # 1 size larger
    assert cost(large_foe("dnd5e-2024", "small"), path) == PathCost(25, (10, 10, 5), True, None, 0)


@pytest.mark.parametrize(("system", "passes"), [("dnd5e-2014", True), ("dnd5e-2024", False)])
def test_a_much_smaller_hostile_creature_blocks_only_under_2024_rules(system: str, passes: bool) -> None:
    scene = ascii_scene(
        """
        AA...
        AAb..
        .....
        """,
        system,
        sides={"b": "enemies"},
        sizes={"A": "large", "b": "small"},
    )
    # Large vs small: two sizes smaller. 2014 lets you through (2+ sizes either way, difficult terrain);
    # 2024 only lets you through a creature 2+ sizes *larger*.
    result = cost(scene, [(0, 0), (1, 0), (2, 0), (3, 0)])
    assert result.legal is passes
    if passes:
        # only the first step newly enters the foe's square [2, 1]; staying over it costs nothing more
        assert result.steps == (10, 5, 5)


# -------------------------------------------------------------------------------- multi-square movers


def test_a_large_creature_cannot_squeeze_through_a_one_square_gap() -> None:
    narrow = """
        AA.#...
        AA.#...
        .......
        ...#...
        ...#...
    """
    assert feet(ascii_scene(narrow, sizes={"A": "large"}), (4, 2)) is None  # the gap [3, 2] is 1 high
    # a medium creature fits, but the corners of [3, 1] and [3, 3] force straight steps through [3, 2]:
    # [2, 2] costs 15, then 5 + 5
    assert feet(ascii_scene(narrow), (4, 2)) == 25
    wide = """
        AA.#...
        AA.#...
        .......
        .......
        ...#...
    """
    # two squares high: [1,1] 5; [2,2] would cut the corner of [3,1], so [1,2] 5, then 3 × 5 east
    assert feet(ascii_scene(wide, sizes={"A": "large"}), (4, 2)) == 25


def test_a_large_creature_pays_for_the_worst_square_it_newly_enters() -> None:
    scene = ascii_scene(
        """
        AA....
        AA^~..
        ......
        """,
        sizes={"A": "large"},
    )
    # east: newly enters [2,0] (floor) and [2,1] (greater) → 5 + 10
    assert cost(scene, [(0, 0), (1, 0)]).steps == (15,)
    # then [3,0] floor and [3,1] difficult → 5 + 5; the greater square it stands on is not newly entered
    assert cost(scene, [(0, 0), (1, 0), (2, 0)]).steps == (15, 10)
    # diagonal SE from [0,0]: newly enters [2,1] (greater), [2,2], [1,2] → 5 + 10
    assert cost(scene, [(0, 0), (1, 1)]).steps == (15,)
    fives = ascii_scene(
        """
        AA....
        AA^~..
        ......
        """,
        "dnd5e-2014",
        sizes={"A": "large"},
    )
    assert cost(fives, [(0, 0), (1, 0), (2, 0)]).steps == (10, 10)


def test_a_large_creature_cannot_end_overlapping_another_creature() -> None:
    scene = ascii_scene(
        """
        AA..
        AA..
        ..B.
        """,
        sizes={"A": "large"},
    )
    assert cost(scene, [(0, 0), (1, 0), (2, 0)]).legal
    assert not cost(scene, [(0, 0), (1, 1)]).legal  # would cover [2, 2]
    assert best(scene, (1, 1)) is None
    reach = reachable(scene, tok(scene))
    assert Cell(1, 1) not in reach and Cell(2, 0) in reach and Cell(0, 0) in reach


def test_nothing_moves_off_the_grid() -> None:
    scene = ascii_scene(
        """
        AA.
        AA.
        """,
        sizes={"A": "large"},
    )
    result = cost(scene, [(0, 0), (1, 0), (2, 0)])
    assert result.steps == (5, 5)
    assert (
        not result.legal
        and result.problem is not None
        and "step 2" in result.problem
        and "grid" in result.problem
    )
    assert best(scene, (1, 0)) is not None
    assert best(scene, (2, 0)) is None
    assert set(reachable(scene, tok(scene))) == {Cell(0, 0), Cell(1, 0)}


# ------------------------------------------------------------------------------------------- PF2e Step


def test_pf2e_step_is_one_five_foot_step_out_of_difficult_terrain() -> None:
    scene = ascii_scene(
        """
        A~.
        ...
        """
    )
    assert cost(scene, [(0, 0), (0, 1)], action="step") == PathCost(5, (5,), True, None, 0)
    into = cost(scene, [(0, 0), (1, 0)], action="step")
    assert into.steps == (10,) and not into.legal
    assert into.problem is not None and "difficult" in into.problem
    assert cost(scene, [(0, 0), (1, 1)], action="step").legal  # first diagonal: 5 ft
    odd = cost(scene, [(0, 0), (1, 1)], action="step", diagonals_before=1)
    assert not odd.legal and odd.problem is not None and "10" in odd.problem
    two = cost(scene, [(0, 0), (0, 1), (1, 1)], action="step")
    assert not two.legal and two.problem is not None and "step 2" in two.problem
    assert best(scene, (1, 0), action="step") is None
    assert best(scene, (0, 1), action="step") == PathResult(5, (Cell(0, 0), Cell(0, 1)), (5,), 0)
    assert best(scene, (1, 1), action="step", diagonals_before=1) is None
    assert best(scene, (2, 1), action="step") is None  # not adjacent
    assert set(reachable(scene, tok(scene), action="step")) == {Cell(0, 0), Cell(0, 1), Cell(1, 1)}


def test_step_is_a_pf2e_action_only() -> None:
    scene = ascii_scene("A..", "dnd5e-2014")
    with pytest.raises(QueryError) as err:
        cost(scene, [(0, 0), (1, 0)], action="step")
    assert err.value.prefix == "bad value"


# ------------------------------------------------------------------------------------ path-cost errors


@pytest.mark.parametrize(
    "path",
    [
        [(1, 0), (2, 0)],  # doesn't start at the token
        [(0, 0), (2, 0)],  # not adjacent
        [(0, 0), (0, 0)],  # the same cell twice is not a step
        [],
    ],
)
def test_path_cost_rejects_malformed_paths(path: list[tuple[int, int]]) -> None:
    with pytest.raises(QueryError) as err:
        cost(ascii_scene(OPEN), path)
    assert err.value.prefix == "bad value"


def test_speed_is_not_a_limit_for_path_cost() -> None:
    scene = ascii_scene(OPEN, tokens={"A": {"speed": 10}})
    assert cost(scene, [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]).legal


def test_the_first_broken_rule_is_reported_and_later_steps_still_priced() -> None:
    scene = ascii_scene("A#~.")
    result = cost(scene, [(0, 0), (1, 0), (2, 0), (3, 0)])
    assert result.steps == (5, 10, 5)
    assert result.feet == 20
    assert result.problem is not None and result.problem.startswith("step 1")


# ------------------------------------------------------------------------------------- shortest paths


def test_cheapest_path_prefers_fewest_steps_then_smallest_cells() -> None:
    five = ascii_scene(
        """
        ....
        .A..
        ....
        """,
        "dnd5e-2014",
    )
    # three 2-step routes cost 10 ft: via [2,0], [2,1] or [2,2]; the smallest list goes via [2,0]
    found = best(five, (3, 1))
    assert found == PathResult(10, (Cell(1, 1), Cell(2, 0), Cell(3, 1)), (5, 5), 2)
    pf2e = ascii_scene(OPEN)
    # [0,0] → [2,1]: orthogonal then diagonal, or diagonal then orthogonal (both 10); [1,0] < [1,1]
    assert best(pf2e, (2, 1)) == PathResult(10, (Cell(0, 0), Cell(1, 0), Cell(2, 1)), (5, 5), 1)
    # after an odd diagonal, a diagonal and two straight steps both cost 10: fewest steps wins
    assert best(pf2e, (1, 1), diagonals_before=1) == PathResult(10, (Cell(0, 0), Cell(1, 1)), (10,), 1)


def test_path_goes_around_obstacles_and_respects_max_feet() -> None:
    scene = ascii_scene(
        """
        A.#..
        ..#..
        ..#..
        .....
        """
    )
    found = best(scene, (3, 0))
    assert found is not None
    # [1,3] costs 15; the corners of [2,2] forbid diagonals into and out of [2,3], so [2,3] 5, [3,3] 5,
    # and 15 back up: 40
    assert found.feet == 40
    assert Cell(2, 3) in found.path and Cell(3, 3) in found.path
    assert cost(scene, found.path) == PathCost(found.feet, found.steps, True, None, found.diagonals)
    assert best(scene, (3, 0), max_feet=35) is None
    assert best(scene, (3, 0), max_feet=40) == found


def test_no_path_to_an_occupied_or_walled_off_square() -> None:
    scene = ascii_scene(
        """
        A.b
        ...
        """
    )
    assert best(scene, (2, 0)) is None
    sealed = ascii_scene(
        """
        A.#.
        ..#.
        """
    )
    assert best(sealed, (3, 0)) is None


# ------------------------------------------------------------------------------------------ reachable


def test_reachable_lists_every_legal_end_at_its_cheapest_cost() -> None:
    scene = ascii_scene(
        """
        A~..
        .B..
        ....
        """,
        tokens={"A": {"speed": 10}},
    )
    assert reachable(scene, tok(scene)) == {
        Cell(0, 0): 0,
        Cell(1, 0): 10,  # difficult
        Cell(0, 1): 5,
        Cell(0, 2): 10,
        Cell(1, 2): 10,  # [0,1] then the first diagonal
        Cell(2, 1): 10,  # diagonally through the ally at [1,1] (5), then east (5)
        # [1,1] is the ally's square: passable, not an end; [2,0] and [2,2] cost 15
    }


def test_reachable_with_zero_feet_is_just_the_start() -> None:
    scene = ascii_scene(OPEN)
    assert reachable(scene, tok(scene), 0) == {Cell(0, 0): 0}


def test_reachable_defaults_to_the_speed() -> None:
    scene = ascii_scene(OPEN, tokens={"A": {"speed": 10}})
    cells = reachable(scene, tok(scene))
    assert max(cells.values()) == 10
    assert cells[Cell(2, 0)] == 10 and Cell(3, 0) not in cells
    assert cells[Cell(1, 1)] == 5 and cells[Cell(2, 1)] == 10 and Cell(2, 2) not in cells


# ---------------------------------------------------------------------------------- context and cache


def test_the_move_context_is_cached_per_scene_and_mover() -> None:
    scene = ascii_scene(OPEN)
    a = tok(scene)
    assert move_context(scene, a) is move_context(scene, a)
    moved = scene.replace_token(dataclasses.replace(a, cell=Cell(3, 3)))
    assert move_context(moved, tok(moved)) is not move_context(scene, a)
    assert feet(moved, (0, 0)) == 20


# --------------------------------------------------------------------------------------------- queries


def ask(scene: Scene, **q: Any) -> dict[str, Any]:
    return answer(scene, q)


def test_path_cost_query_answer() -> None:
    scene = ascii_scene(TERRAIN)
    result = ask(scene, q="path-cost", token="A", path=[[0, 0], [1, 1], [2, 0]], id=7)
    assert result == {"id": 7, "feet": 30, "steps": [10, 20], "legal": True, "problem": None}
    bad = ask(scene, q="path-cost", token="A", path=[[0, 0], [1, 0]], action="step")
    assert bad["legal"] is False and isinstance(bad["problem"], str) and "step 1" in bad["problem"]


def test_path_query_answer() -> None:
    scene = ascii_scene(OPEN)
    assert ask(scene, q="path", token="A", to=[2, 1]) == {"feet": 10, "path": [[0, 0], [1, 0], [2, 1]]}
    walled = ascii_scene("A#.")
    assert ask(walled, q="path", token="A", to=[2, 0]) == {"feet": None, "path": None}


def test_reachable_query_answer_is_sorted_by_x_then_y() -> None:
    scene = ascii_scene(
        """
        .A.
        ...
        """
    )
    result = ask(scene, q="reachable", token="A", feet=5)
    assert result == {"cells": [[0, 0, 5], [0, 1, 5], [1, 0, 0], [1, 1, 5], [2, 0, 5], [2, 1, 5]]}
    odd = ask(scene, q="reachable", token="A", feet=5, diagonals_before=1)
    assert odd == {"cells": [[0, 0, 5], [1, 0, 0], [1, 1, 5], [2, 0, 5]]}


@pytest.mark.parametrize(
    ("query", "prefix"),
    [
        ({"q": "path-cost", "path": [[0, 0]]}, "missing field: "),
        ({"q": "path-cost", "token": "A"}, "missing field: "),
        ({"q": "path-cost", "token": "Z", "path": [[0, 0]]}, "unknown token: "),
        ({"q": "path-cost", "token": "A", "path": [[1, 1], [2, 2]]}, "bad value: "),
        ({"q": "path-cost", "token": "A", "path": [[0, 0], [0, 2]]}, "bad value: "),
        ({"q": "path-cost", "token": "A", "path": "north"}, "bad value: "),
        ({"q": "path-cost", "token": "A", "path": [[0, 0], [1, "x"]]}, "bad value: "),
        ({"q": "path-cost", "token": "A", "path": [[0, 0]], "action": "run"}, "bad value: "),
        ({"q": "path-cost", "token": "A", "path": [[0, 0]], "diagonals_before": -1}, "bad value: "),
        ({"q": "path", "token": "A"}, "missing field: "),
        ({"q": "path", "token": "A", "to": [8, 0]}, "bad value: "),
        ({"q": "path", "token": "A", "to": [0, -1]}, "bad value: "),
        ({"q": "path", "to": [1, 1]}, "missing field: "),
        ({"q": "reachable", "token": "nobody"}, "unknown token: "),
        ({"q": "reachable", "token": "A", "feet": 2.5}, "bad value: "),
        ({"q": "reachable", "token": "A", "feet": -5}, "bad value: "),
    ],
)
def test_movement_query_errors(query: dict[str, Any], prefix: str) -> None:
    result = answer(ascii_scene(OPEN), query)
    assert set(result) == {"error"}
    assert result["error"].startswith(prefix)
    assert len(result["error"]) > len(prefix) + 10  # a sentence, not just the prefix
