"""`beside_obstacle`: something solid touching the creature's space (PF2e Take Cover's requirement), the
same answer with a few walls as among thousands (the walls are looked up by their boxes)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.geometry.hazards import beside_obstacle
from rules.model.scene import Scene, Token
from tests.rules.ascii_maps import ascii_scene, wall

BOARD = """
    ..........
    ..........
    ...A......
    ..........
    ..........
"""


def _scene(walls: list[dict[str, Any]], picture: str = BOARD, **kw: Any) -> tuple[Scene, Token]:
    scene = ascii_scene(picture, walls=walls, **kw)
    token = scene.token("A")
    assert token is not None
    return scene, token


FAR = [wall((8, 0), (8, 5)), wall((0, 4.5), (2, 4.5))]  # walls that touch nothing near A at (3, 2)


@pytest.mark.parametrize(
    ("walls", "beside"),
    [
        ([], False),
        (FAR, False),
        ([*FAR, wall((4, 0), (4, 5))], True),  # along the right edge of A's square
        ([wall((0, 2), (3, 2))], True),  # ends on A's top-left corner
        ([wall((5, 0), (4, 1.5))], False),  # stops short of the corner (4, 2)
        ([wall((5, 1), (4, 2))], True),  # a diagonal wall ending on the corner
        ([wall((4, 0), (4, 5), "door", open=True)], False),  # an open door is nothing
        ([wall((4, 0), (4, 5), "door", open=False)], True),  # a closed door is a wall
        ([wall((4, 0), (4, 5), "window")], True),
        ([wall((2, 3), (6, 3), "low")], True),  # a low wall along its bottom edge
    ],
)
def test_walls_touching_the_space(walls: list[dict[str, Any]], beside: bool) -> None:
    scene, token = _scene(walls)
    assert beside_obstacle(scene, token) is beside


def test_an_impassable_square_next_to_it_counts_diagonals_included() -> None:
    scene, token = _scene([], BOARD.replace("..........\n    ...A", ".......#..\n    ...A", 1))
    assert not beside_obstacle(scene, token)  # two squares off: (7, 1)
    scene, token = _scene([], BOARD.replace("..........\n    ...A", "....#.....\n    ...A", 1))
    assert beside_obstacle(scene, token)  # (4, 1): diagonally next to (3, 2)


def test_a_large_creature_is_beside_what_touches_any_side_of_its_space() -> None:
    scene, token = _scene([wall((5, 0), (5, 5))], sizes={"A": "large"})
    assert beside_obstacle(scene, token)  # its space is (3..5, 2..4): the wall at x = 5 is its right edge
    scene, token = _scene([wall((6, 0), (6, 5))], sizes={"A": "large"})
    assert not beside_obstacle(scene, token)


def test_the_answer_follows_a_wall_edit_of_the_same_scene() -> None:
    """Opening the door gives a new walls tuple: the cached boxes of the closed door are not reused."""
    scene, token = _scene([wall((4, 0), (4, 5), "door", open=False)])
    assert beside_obstacle(scene, token)
    opened = scene.edit(walls=tuple(w.__class__(w.a, w.b, w.kind, True) for w in scene.walls))
    assert not beside_obstacle(opened, token)
