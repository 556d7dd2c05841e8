"""Walls through square centres (issue 23, rules.md "Walls and corners"): a path that enters a square on one
side of a wall running through its centre and leaves it on the other crosses the wall, though each step only
touches it. FiveFoot's ruling: such a divided square can't be entered at all; walls, closed doors and
windows divide alike; low walls, open doors and a wall that only ends at the centre divide nothing."""

from __future__ import annotations

import pytest

from rules.geometry.coords import Cell
from rules.geometry.movement import path_cost, reachable, shortest_path
from rules.io import uvtt
from rules.model.scene import Token
from tests.rules.ascii_maps import ascii_scene, wall
from tests.shared_data import need

COLUMN = """
    .....
    A....
    .....
    .....
    .....
    .....
"""


@pytest.mark.parametrize("system", ["pf2e", "dnd5e-2014", "dnd5e-2024"])
@pytest.mark.parametrize("kind", ["wall", "window", "door"])
def test_a_diagonal_through_centres_is_not_crossed_straight(system: str, kind: str) -> None:
    scene = ascii_scene(COLUMN, system=system, walls=[wall((0, 2), (2, 4), kind, open=False)])
    mover = scene.token("A")
    assert mover is not None
    straight = path_cost(scene, mover, [(0, 1), (0, 2), (0, 3)])
    assert not straight.legal
    assert straight.problem is not None and "[0, 2]" in straight.problem and "divides" in straight.problem
    found = shortest_path(scene, mover, (0, 3))
    assert found is not None
    assert Cell(0, 2) not in found.path and Cell(1, 3) not in found.path
    # round the free end (2, 4): six squares, five steps
    assert len(found.path) == 6
    cells = reachable(scene, mover, 30)
    assert Cell(0, 2) not in cells and Cell(1, 3) not in cells
    assert cells[Cell(0, 3)] == found.feet


@pytest.mark.parametrize(
    "blocking", [wall((0, 2), (2, 4), "low"), wall((0, 2), (2, 4), "door", open=True)], ids=["low", "open"]
)
def test_low_walls_and_open_doors_divide_nothing(blocking: dict[str, object]) -> None:
    scene = ascii_scene(COLUMN, system="dnd5e-2014", walls=[blocking])
    mover = scene.token("A")
    assert mover is not None
    cost = path_cost(scene, mover, [(0, 1), (0, 2), (0, 3)])
    assert cost.legal and cost.feet == 10


def test_a_wall_that_ends_at_a_centre_divides_nothing() -> None:
    # the wall's free end is the centre of [0, 2]: touching a free end doesn't block
    scene = ascii_scene(COLUMN, system="pf2e", walls=[wall((0.5, 2.5), (3, 5))])
    mover = scene.token("A")
    assert mover is not None
    assert path_cost(scene, mover, [(0, 1), (0, 2)]).legal


def test_where_two_walls_meet_at_a_centre_the_square_is_divided() -> None:
    scene = ascii_scene(COLUMN, system="pf2e", walls=[wall((0, 0), (0.5, 2.5)), wall((0.5, 2.5), (3, 5))])
    mover = scene.token("A")
    assert mover is not None
    assert not path_cost(scene, mover, [(0, 1), (0, 2)]).legal


def test_a_creature_standing_on_a_divided_square_may_leave_it() -> None:
    scene = ascii_scene(COLUMN, system="pf2e", walls=[wall((0, 2), (2, 4))])
    stander = Token(id="s", cell=Cell(0, 2))
    scene = scene.edit(tokens=(stander,))
    assert path_cost(scene, stander, [(0, 2), (0, 1)]).legal
    assert path_cost(scene, stander, [(0, 2), (0, 3)]).legal


def test_headmasters_quarters_window_keeps_the_room_closed() -> None:
    path = need("sample-maps", "headmasters-quarters.dd2vtt")
    scene = uvtt.load_document(path).scene
    scene = scene.edit(system="dnd5e-2024", tokens=(Token(id="pc", cell=Cell(2, 5), speed=30),))
    mover = scene.tokens[0]
    # straight up column 0 through the closed window on the 45° wall: no longer a path out of the room
    assert not path_cost(scene, mover, [(2, 5), (1, 4), (0, 3), (0, 2), (0, 1), (0, 0)]).legal
    assert shortest_path(scene, mover, (0, 0)) is None
