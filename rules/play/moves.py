"""Moving tokens: the turn's budget for a token in a `GameState`, planning a move, and `MoveToken`.

`MoveToken(token_id, waypoints)` is an intent: the stops of a drag (Shift-dropped waypoints, then the
square released on). The engine plans the move again from them (`rules.play.planner.MovePlanner`: 5e the
cheapest legs, PF2e the fewest Strides), refuses it (`Refused`, with the planner's reason) when it is not
legal this turn, and otherwise moves the token and records the feet, diagonal steps (their parity) and
actions in the one ledger that applies: the encounter's turn ledger on the token's own turn, else free mode's
ledger (`rules.model.encounter.FreeMovement`). A free move (the GM's) places the token without any rule.
A creature that moves by the rules from its place ends its Take Cover (`rules.systems.support_actions`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.geometry.coords import Cell
from rules.model.scene import Token
from rules.model.state import GameState
from rules.play.command import Outcome, Refused, logged
from rules.play.effects import put_token
from rules.play.planner import Budget, MovePlan, MovePlanner, encounter_budget, turn_budget
from rules.systems.support_actions import TOOK_COVER, take_cover_ends


def budget_for(state: GameState, token: Token) -> Budget:
    """The token's budget now: the running encounter's turn ledger on its own turn (actions left, movement
    spent, diagonal parity), else free mode's ledger."""
    turn = state.encounter.own_turn(token.id) if state.encounter is not None else None
    if turn is None:
        return turn_budget(state.scene, token, state.free.of(token.id))
    return encounter_budget(state.scene, token, turn)


def planner_for(state: GameState, token: Token) -> MovePlanner:
    """A planner for `token` in `state` (a drag keeps one while the state doesn't change)."""
    return MovePlanner(state.scene, token, budget_for(state, token), state.reactions_used)


def plan_move(state: GameState, token: Token, stops: Sequence[Cell]) -> MovePlan:
    """The move through `stops` (waypoints, then the end square); searched exhaustively when illegal, so
    the problem is exact."""
    if not stops:
        raise Refused("a move needs at least the square it ends on")
    planner = planner_for(state, token)
    plan = planner.plan(stops[:-1], stops[-1])
    if not plan.legal:
        plan = planner.plan(stops[:-1], stops[-1], exhaustive=True)
    return plan


def cell_text(cell: Cell) -> str:
    return f"[{cell.x}, {cell.y}]"


def move_log(label: str, plan: MovePlan) -> str:
    via = f" via {', '.join(cell_text(c) for c in plan.waypoints)}" if plan.waypoints else ""
    return (
        f"{label} moves {plan.feet} ft to {cell_text(plan.path[-1])}{via} "
        f"({plan.strides_text()}; {plan.left_after()})"
    )


def record_move(state: GameState, token_id: str, feet: int, diagonals: int, actions: int = 0) -> GameState:
    """Add a move's feet, diagonal steps and actions to the ledger that applies (see the module)."""
    enc = state.encounter
    turn = enc.own_turn(token_id) if enc is not None else None
    if enc is not None and turn is not None:
        turn = replace(
            turn,
            movement_spent=turn.movement_spent + feet,
            diagonals=turn.diagonals + diagonals,
            actions=max(0, turn.actions - actions),
        )
        return replace(state, encounter=replace(enc, turn=turn))
    spent = state.free.of(token_id).plus(feet, diagonals, actions)
    return replace(state, free=state.free.with_spent(token_id, spent))


@dataclass(frozen=True, slots=True)
class MoveToken:
    """Move `token_id` through `waypoints` (the last one is where it ends); see the module."""

    token_id: str
    waypoints: tuple[Cell, ...]
    free: bool = False
    merge_key: object | None = None
    #: PF2e Step: one square, one action, no Reactive Strike (`MovePlanner.plan_step`); no waypoints
    step: bool = False

    @property
    def label(self) -> str:
        return "Free move" if self.free else "Step" if self.step else "Move token"

    def apply(self, state: GameState) -> Outcome:
        token = state.scene.token(self.token_id)
        if token is None:
            raise Refused(f"no token with id {self.token_id!r}")
        if not self.waypoints:
            raise Refused("a move needs at least the square it ends on")
        end = self.waypoints[-1]
        if self.free:
            if end == token.cell:
                return Outcome(state)
            scene = state.scene.replace_token(replace(token, cell=end))
            return logged(state.with_scene(scene), f"{token.label} is placed at {cell_text(end)} (free move)")
        if self.step:
            plan = planner_for(state, token).plan_step(end)
        else:
            plan = plan_move(state, token, self.waypoints)
        if not plan.legal:
            raise Refused(f"Can't {'Step' if self.step else 'move'} {token.label} there: {plan.problem}")
        if not plan.moved:
            return Outcome(state, (), plan)
        moved = take_cover_ends(replace(token, cell=plan.path[-1]), "move")
        state, ended = put_token(state, moved)
        state = record_move(state, token.id, plan.feet, plan.diagonals, plan.actions)
        lines = [move_log(token.label, plan)]
        if token.has_condition(TOOK_COVER) and not moved.has_condition(TOOK_COVER):
            lines.append(f"{token.label} moved: Take Cover ends")
        return Outcome(state, (*lines, *ended), plan)
