"""The bottom door of the sample map ``test.dd2vtt`` (issue 13): it spans x 9.5–10.5 on the wall y = 14,
half a square off the grid lines. Opened, the straight step [10,13] → [10,14] is legal (rules.md "Walls and
corners": touching a free end of a wall doesn't block); closed, it isn't.

Opt-in like the other sample-map tests: set FIVEFOOT_SAMPLE_MAPS to the folder holding the sample maps.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from rules.geometry.coords import Cell
from rules.geometry.movement import path_cost, shortest_path
from rules.io import uvtt
from rules.model.scene import Scene, Token

ENV = "FIVEFOOT_SAMPLE_MAPS"


def _sample() -> Path:
    folder = os.environ.get(ENV)
    if not folder:
        pytest.skip(f"{ENV} is not set (point it at the folder holding test.dd2vtt)")
    path = Path(folder) / "test.dd2vtt"
    if not path.is_file():
        pytest.skip(f"{path} is missing")
    return path


def _with_door(scene: Scene, is_open: bool) -> Scene:
    walls = tuple(
        dataclasses.replace(w, open=is_open) if w.kind == "door" and {w.a.x, w.b.x} == {9.5, 10.5} else w
        for w in scene.walls
    )
    mover = Token(id="gm", cell=Cell(10, 13))
    return scene.edit(walls=walls, tokens=(mover,))


def test_bottom_door_of_test_map_is_walked_through_straight() -> None:
    scene = uvtt.load_document(_sample()).scene
    doors = [w for w in scene.walls if w.kind == "door" and {w.a.x, w.b.x} == {9.5, 10.5}]
    assert len(doors) == 1 and doors[0].a.y == doors[0].b.y == 14
    opened = _with_door(scene, True)
    mover = opened.tokens[0]
    straight = path_cost(opened, mover, [(10, 13), (10, 14)])
    assert straight.legal and straight.feet == 5
    found = shortest_path(opened, mover, (10, 15))
    assert found is not None and found.feet == 10
    closed = _with_door(scene, False)
    assert not path_cost(closed, closed.tokens[0], [(10, 13), (10, 14)]).legal
