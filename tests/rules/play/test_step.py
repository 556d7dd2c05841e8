"""PF2e Step on a move (`MoveToken(step=True)`, `MovePlanner.plan_step`) and a prone creature's Crawl."""

from __future__ import annotations

import pytest

from rules.geometry.coords import Cell
from rules.play.command import Refused
from rules.play.moves import MoveToken, planner_for
from tests.rules.play.helpers import started

# A next to an enemy with Reactive Strike; difficult terrain east of A.
FIELD = """
A ~ . .
B . . .
. . . C
"""
GUARD = {"reactions": ("Reactive Strike",), "side": "enemy"}


def test_a_step_is_one_square_one_action_and_triggers_no_reactive_strike() -> None:
    state = started("pf2e", FIELD, B=GUARD)
    token = state.scene.token("A")
    assert token is not None
    stride = planner_for(state, token).plan((), Cell(1, 1))
    assert stride.legal  # a single 5-ft move is already a Step's geometry: no warning on either
    step = planner_for(state, token).plan_step(Cell(1, 1))
    assert step.legal and step.feet == 5 and step.actions == 1 and step.warnings == ()
    out = MoveToken("A", (Cell(1, 1),), step=True).apply(state)
    assert out.lines[0].startswith("A moves 5 ft to [1, 1]") and "(Step; 2 actions left)" in out.lines[0]
    turn = out.state.encounter.turn  # type: ignore[union-attr]
    assert turn is not None and turn.actions == 2


def test_a_step_refuses_two_squares_and_difficult_terrain() -> None:
    state = started("pf2e", FIELD, B=GUARD)
    with pytest.raises(Refused, match="one square"):
        MoveToken("A", (Cell(2, 0),), step=True).apply(state)
    with pytest.raises(Refused, match="difficult terrain"):
        MoveToken("A", (Cell(1, 0),), step=True).apply(state)
    with pytest.raises(Refused, match="PF2e action"):
        MoveToken("A", (Cell(1, 1),), step=True).apply(started("dnd5e-2014", FIELD))


def test_a_prone_creature_crawls_one_square_or_is_told_to_stand() -> None:
    state = started("pf2e", FIELD, A={"conditions": ("prone",)}, B=GUARD)
    with pytest.raises(Refused, match=r"prone: Stand or Crawl"):
        MoveToken("A", (Cell(0, 2),)).apply(state)
    token = state.scene.token("A")
    assert token is not None
    crawl = planner_for(state, token).plan((), Cell(1, 1))
    assert crawl.legal and crawl.action == "crawl" and crawl.feet == 5
    # a Crawl is a move action within B's reach: Reactive Strike is warned of
    assert [w.token_id for w in crawl.warnings] == ["B"]
    out = MoveToken("A", (Cell(1, 1),)).apply(state)
    moved = out.state.scene.token("A")
    assert moved is not None and moved.cell == Cell(1, 1) and moved.has_condition("prone")
    assert "Crawl" in out.lines[0]
