"""`MoveToken(id, waypoints)`: the engine plans the move again, refuses an illegal one, and records it in the
one ledger that applies."""

from __future__ import annotations

import pytest

from rules.geometry.coords import Cell
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.edits import ResetMovement
from rules.play.moves import MoveToken, budget_for
from tests.rules.play.helpers import scene_from, started

FIELD = """
A . . . . .
. ~ ~ . . .
. . . . . B
"""


def test_the_engine_prices_the_move_from_the_waypoints_alone() -> None:
    state = GameState(scene_from(FIELD, "dnd5e-2014", A={"speed": 30}))
    # 10 ft east to the waypoint, then around the difficult square: two 5-ft diagonals (5e counts 5 each)
    out = MoveToken("A", (Cell(2, 0), Cell(2, 2))).apply(state)
    plan = out.detail
    assert plan is not None and plan.path[-1] == Cell(2, 2)  # type: ignore[attr-defined]
    spent = out.state.free.of("A")
    assert spent is not None and spent.movement_spent == plan.feet == 20  # type: ignore[attr-defined]
    assert out.state.scene.token("A").cell == Cell(2, 2)  # type: ignore[union-attr]
    assert out.lines[0].startswith("A moves 20 ft to [2, 2] via [2, 0]")


def test_an_illegal_move_is_refused_with_the_reason() -> None:
    state = GameState(scene_from(FIELD, "pf2e", A={"speed": 5}))
    with pytest.raises(Refused, match="too far"):
        MoveToken("A", (Cell(5, 0),)).apply(state)
    with pytest.raises(Refused, match="B's space"):
        MoveToken("A", (Cell(5, 2),), free=False).apply(GameState(scene_from(FIELD)))
    with pytest.raises(Refused, match="no token"):
        MoveToken("Z", (Cell(1, 0),)).apply(state)


def test_a_free_move_ignores_the_rules_and_the_ledger() -> None:
    state = GameState(scene_from(FIELD, "pf2e", A={"speed": 5}))
    out = MoveToken("A", (Cell(5, 0),), free=True).apply(state)
    assert out.state.scene.token("A").cell == Cell(5, 0)  # type: ignore[union-attr]
    assert out.state.free == state.free
    assert out.lines == ("A is placed at [5, 0] (free move)",)


def test_the_diagonal_parity_carries_across_moves_until_the_turn_ends() -> None:
    state = GameState(scene_from(FIELD, "dnd5e-2014", A={"speed": 30}))
    state = state.with_scene(state.scene.edit(options=state.scene.options.__class__("alternating", False)))
    once = MoveToken("A", (Cell(1, 1),)).apply(state).state  # first diagonal: 5 ft (+5 difficult)
    twice = MoveToken("A", (Cell(2, 0),)).apply(once).state  # second diagonal: 10 ft
    assert once.free.of("A").movement_spent == 10  # type: ignore[union-attr]
    assert twice.free.of("A").movement_spent == 20  # type: ignore[union-attr]
    assert twice.free.of("A").diagonals == 2  # type: ignore[union-attr]
    ended = ResetMovement(("A",)).apply(twice).state
    assert budget_for(ended, ended.scene.token("A")).feet_spent == 0  # type: ignore[arg-type]


def test_on_its_own_turn_the_encounter_ledger_is_the_one_written() -> None:
    state = started(
        "pf2e", FIELD.replace("B", "D").replace(". . . . . D", ". . . C . D"), **{"A": {"speed": 25}}
    )
    out = MoveToken("A", (Cell(1, 0),)).apply(state).state
    assert out.encounter is not None and out.encounter.turn is not None
    assert (out.encounter.turn.movement_spent, out.encounter.turn.actions) == (5, 2)
    assert out.free == state.free  # the free ledger is not written too
