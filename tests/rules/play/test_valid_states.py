"""No command makes a state the loader would refuse (issue 22): two tokens with one id, a creature whose
space leaves the grid, a value past a limit. The history refuses such a command with a sentence and
nothing changes; what it accepts saves and opens again."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules.geometry.coords import Cell
from rules.io.scene_json import scene_from_json
from rules.io.state_json import state_from_document, state_to_document
from rules.model.scene import Token, Wall
from rules.model.state import GameState
from rules.play import Refused
from rules.play.edits import AddTokens, AddWalls, EditToken, PlaceTokens
from rules.play.history import History
from rules.play.moves import MoveToken
from tests.rules.ascii_maps import ascii_doc

MAP = """
    A...
    ....
    ...b
"""


def _history() -> History:
    return History(GameState(scene_from_json(ascii_doc(MAP))))


def _reopens(history: History) -> None:
    text = json.dumps(state_to_document(history.state))
    read = state_from_document(json.loads(text))
    assert read.problems == ()
    assert read.state.scene == history.state.scene


def test_a_token_with_an_id_in_use_is_refused() -> None:
    h = _history()
    before = h.state
    with pytest.raises(Refused, match="two tokens would have the id 'A'"):
        h.execute(AddTokens((Token(id="A", cell=Cell(2, 1)),)))
    assert h.state is before
    h.execute(AddTokens((Token(id="C", cell=Cell(2, 1)),)))
    _reopens(h)


@pytest.mark.parametrize(
    "command",
    [
        MoveToken("A", (Cell(3, 2),), free=True),
        PlaceTokens((("A", Cell(3, 0)),)),
    ],
    ids=["free move", "place"],
)
def test_a_large_creature_is_never_put_partly_off_the_grid(command: object) -> None:
    h = _history()
    big = replace(h.state.scene.token("A"), size="large")  # type: ignore[type-var]
    h.execute(EditToken("A", big))
    with pytest.raises(Refused, match="partly outside the 4×3 grid"):
        h.execute(command)  # type: ignore[arg-type]
    _reopens(h)


def test_growing_a_creature_off_the_grid_is_refused() -> None:
    h = _history()
    b = h.state.scene.token("b")
    assert b is not None
    with pytest.raises(Refused, match="outside"):
        h.execute(EditToken("b", replace(b, size="huge")))
    _reopens(h)


def test_values_past_the_limits_are_refused() -> None:
    h = _history()
    a = h.state.scene.token("A")
    assert a is not None
    with pytest.raises(Refused, match="reach"):
        h.execute(EditToken("A", replace(a, reach=10**9)))
    from rules.geometry.coords import Point

    with pytest.raises(Refused, match="outside the allowed range"):
        h.execute(AddWalls((Wall(Point(0, 0), Point(1e12, 0)),)))
    _reopens(h)
