"""Moving tokens: the turn's budget for a token in a `GameState`, planning a move, and `MoveToken`.

`MoveToken(token_id, waypoints)` is an intent: the stops of a drag (Shift-dropped waypoints, then the
square released on). The engine plans the move again from them (`rules.play.planner.MovePlanner`: 5e the
cheapest legs, PF2e the fewest Strides), refuses it (`Refused`, with the planner's reason) when it is not
legal this turn, and otherwise moves the token and records the feet, diagonal steps (their parity) and
movement actions in the creature's one turn ledger (`rules.play.economy.record_move`: the encounter's on
its own turn, free mode's outside an encounter). `max_actions` caps the movement actions the move may take
(the query command's ``play`` move: one Stride in PF2e, no Dash in 5e). A free move (the GM's) places the
token without any rule.

A creature that moves by the rules from its place ends its Take Cover (`rules.systems.support_actions`).
Hazardous terrain (`rules.geometry.hazards`) deals its damage, rolled by the command's die source, through
the creature's system each time the move enters it. A walk onto a narrow surface or uneven ground makes the
Balance check of the scene's system (`rules.play.footing`: its d20 `balance_d20` or rolled), which may stop
the move short, price those squares as difficult terrain or make the creature fall.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from rules import dice as dice_rolls
from rules.dice import DieSource, fresh_source
from rules.geometry.coords import Cell
from rules.geometry.hazards import entered
from rules.messages import msg
from rules.model.scene import Token
from rules.model.state import GameState
from rules.play.command import Outcome, Refused
from rules.play.economy import budget_for as economy_budget
from rules.play.economy import record_move as ledger_move
from rules.play.effects import put_token
from rules.play.footing import BalancedMove, balance_move, fall_on
from rules.play.mounts import move_riders, riders, without_riders
from rules.play.planner import MovePlan, MovePlanner
from rules.systems import system_for
from rules.systems.damage import DamageEntry
from rules.systems.economy import MoveBudget
from rules.systems.support_actions import TOOK_COVER, take_cover_ends


def _rng() -> DieSource:
    return fresh_source()


def _token_now(state: GameState, token_id: str) -> Token:
    token = state.scene.token(token_id)
    assert token is not None
    return token


def budget_for(state: GameState, token: Token, mode: str = "walk") -> MoveBudget:
    """The token's movement budget now (`rules.play.economy.budget_for`): its turn ledger on its own turn
    (actions left, movement spent, diagonal parity), free mode's outside an encounter."""
    return economy_budget(state, token, mode)


def planner_for(
    state: GameState, token: Token, max_actions: int | None = None, mode: str = "walk"
) -> MovePlanner:
    """A planner for `token` in `state` (a drag keeps one while the state doesn't change), moving by `mode`
    (``walk``, ``fly``, ``swim``, ``climb``, ``burrow``: that Speed)."""
    budget = budget_for(state, token, mode)
    if max_actions is not None:
        budget = budget.capped(max_actions)
    return MovePlanner(state.scene, token, budget, state.reactions_used)


def plan_move(
    state: GameState,
    token: Token,
    stops: Sequence[Cell],
    max_actions: int | None = None,
    mode: str = "walk",
) -> MovePlan:
    """The move through `stops` (waypoints, then the end square); searched exhaustively when illegal, so
    the problem is exact."""
    if not stops:
        raise Refused("a move needs at least the square it ends on")
    planner = planner_for(state, token, max_actions, mode)
    plan = planner.plan(stops[:-1], stops[-1])
    if not plan.legal:
        plan = planner.plan(stops[:-1], stops[-1], exhaustive=True)
    return plan


def cell_text(cell: Cell) -> str:
    return f"[{cell.x}, {cell.y}]"


CANT_MOVE = "Can't move {name} there: {problem}"
CANT_STEP = "Can't Step {name} there: {problem}"

#: The ways of moving as words for people (a refusal names the Speed a creature lacks).
MODE_WORDS = {
    "walk": msg("walk"),
    "fly": msg("fly"),
    "swim": msg("swim"),
    "climb": msg("climb"),
    "burrow": msg("burrow"),
}

#: The ways a creature moves (the Speed each uses).
MODES: tuple[str, ...] = ("walk", "fly", "swim", "climb", "burrow")


#: The move's log line per way of moving (message ids; ``{to}`` is the square, or `VIA`).
MOVE_LINES: dict[str, str] = {
    "walk": "{name} moves {feet} ft to {to} ({cost}; {left})",
    "fly": "{name} flies {feet} ft to {to} ({cost}; {left})",
    "swim": "{name} swims {feet} ft to {to} ({cost}; {left})",
    "climb": "{name} climbs {feet} ft to {to} ({cost}; {left})",
    "burrow": "{name} burrows {feet} ft to {to} ({cost}; {left})",
}
VIA = "{cell} via {cells}"


def move_log(label: str, plan: MovePlan, mode: str = "walk") -> str:
    end = cell_text(plan.path[-1])
    to = (
        str(msg(VIA, cell=end, cells=", ".join(cell_text(c) for c in plan.waypoints)))
        if plan.waypoints
        else end
    )
    line = msg(
        MOVE_LINES.get(mode, MOVE_LINES["walk"]),
        name=label,
        feet=plan.feet,
        to=to,
        cost=plan.strides_text(),
        left=plan.left_after(),
    )
    return str(line)


def record_move(state: GameState, token_id: str, feet: int, diagonals: int, actions: int = 0) -> GameState:
    """Add a move's feet, diagonal steps and actions to the creature's ledger (see the module)."""
    return ledger_move(state, token_id, feet, diagonals, actions)


def hazard_damage(
    state: GameState, token_id: str, path: Sequence[Cell], rng: DieSource
) -> tuple[GameState, list[str]]:
    """The damage of every hazardous square the move along `path` entered (see the module docstring),
    rolled with `rng` and dealt through the scene's system. Raises `Refused` for a roll not given."""
    token = state.scene.token(token_id)
    if token is None:
        return state, []
    hits = entered(state.scene, replace(token, cell=path[0]), path)
    lines: list[str] = []
    system = system_for(state.scene)
    for hit in hits:
        token = state.scene.token(token_id)
        if token is None or token.hp is None or token.has_condition("dead"):
            break
        try:
            rolled = dice_rolls.roll(hit.damage, rng)
        except ValueError as exc:  # a die the command's source doesn't give (`rules.dice.NoDice`)
            raise Refused(f"hazardous terrain at {cell_text(hit.cell)} ({hit.damage}): {exc}") from None
        entries = [DamageEntry(max(0, amount), kind) for kind, amount in rolled.by_type().items()]
        outcome, after = system.damage(token, entries)
        state, ended = put_token(state, after)
        lines.append(
            f"  {token.label} enters hazardous terrain at {cell_text(hit.cell)}: {rolled.render()}, "
            f"takes {outcome.total} (HP {outcome.hp}, {outcome.state})"
        )
        lines += ["  " + e for e in ended]
    return state, lines


def _turn_ends(state: GameState, token_id: str, left: int) -> GameState:
    """The creature's turn ends after a fall (PF2e Balance, critical failure): the `left` actions it still
    had are spent (the GM ends the turn)."""
    return ledger_move(state, token_id, 0, 0, left) if left > 0 else state


def balanced_plan(plan: MovePlan, balanced: BalancedMove) -> MovePlan:
    """`plan` as its Balance check left it (`rules.play.footing.balance_move`): the path walked, its
    prices and the movement actions spent."""
    path = balanced.path
    diagonals = sum(1 for a, b in itertools.pairwise(path) if a.x != b.x and a.y != b.y)
    bands, _actions = plan.budget.bands(balanced.steps)
    actions = balanced.actions
    cut = path != plan.path
    return replace(
        plan,
        target=path[-1],
        waypoints=() if cut else plan.waypoints,
        path=path,
        steps=balanced.steps,
        feet=balanced.feet,
        diagonals=diagonals,
        bands=bands,
        actions=actions,
    )


@dataclass(frozen=True, slots=True)
class MoveToken:
    """Move `token_id` through `waypoints` (the last one is where it ends); see the module."""

    token_id: str
    waypoints: tuple[Cell, ...]
    free: bool = False
    merge_key: object | None = None
    #: PF2e Step: one square, one action, no Reactive Strike (`MovePlanner.plan_step`); no waypoints
    step: bool = False
    #: The most movement actions the move may take (None: whatever the turn has left).
    max_actions: int | None = None
    #: Which Speed moves it: ``walk`` (its Speed), ``fly``, ``swim``, ``climb`` or ``burrow`` (PF2e: the
    #: Fly, Swim, Climb or Burrow action, one action each up to that Speed; 5e: that speed, the movement
    #: already spent counting against it).
    mode: str = "walk"
    #: A grappled creature dragged along (5e: the mover's speed halved unless it is 2+ sizes smaller); it
    #: keeps its place beside the mover.
    drag: str | None = None
    #: The d20 of the Balance check a walk onto a narrow surface or uneven ground makes
    #: (`rules.play.footing`; the player rolls their own dice); None: rolled from `dice`.
    balance_d20: int | None = None
    #: Rolls hazardous terrain's damage, the Balance check (when not given) and a fall's damage.
    dice: DieSource = field(default_factory=_rng, compare=False)

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
        if self.mode not in MODES:
            raise Refused(f"a creature moves by {', '.join(MODES)}, not {self.mode!r}")
        if self.free:
            if end == token.cell:
                return Outcome(state)
            scene = state.scene.replace_token(replace(token, cell=end))
            return Outcome(
                state.with_scene(scene),
                (str(msg("{name} is placed at {cell} (free move)", name=token.label, cell=cell_text(end))),),
            )
        if token.mounted_on is not None and state.scene.token(token.mounted_on) is not None:
            raise Refused(
                str(
                    msg(
                        "{name} is mounted: it moves with its mount (dismount to move on its own)",
                        name=token.label,
                    )
                )
            )
        ridden = riders(state.scene, token.id)
        order = tuple(t.id for t in state.scene.tokens)
        if ridden:  # the mount's path doesn't step around its riders
            state = state.with_scene(without_riders(state.scene, token.id))
        if self.mode != "walk" and token.speed_of(self.mode) <= 0:
            raise Refused(
                str(
                    msg(
                        "{name} has no {mode} Speed",
                        name=token.label,
                        mode=MODE_WORDS.get(self.mode, self.mode),
                    )
                )
            )
        if self.step:
            if self.mode != "walk":
                raise Refused(str(msg("a Step uses the land Speed only (Player Core 417)")))
            plan = planner_for(state, token).plan_step(end)
        else:
            plan = plan_move(state, token, self.waypoints, self.max_actions, self.mode)
        if not plan.legal:
            raise Refused(
                str(msg(CANT_STEP if self.step else CANT_MOVE, name=token.label, problem=str(plan.problem)))
            )
        if not plan.moved:
            return Outcome(state, (), plan)
        balanced = None
        if self.mode == "walk":
            balanced = balance_move(
                state.scene, token, plan.path, plan.steps, plan.budget.bands, self.balance_d20, self.dice
            )
        if balanced is not None:
            plan = balanced_plan(plan, balanced)
        feet, actions = plan.feet, plan.actions
        dragged_lines: list[str] = []
        if self.drag is not None:
            state, feet, actions, dragged_lines = self._drag(state, token, plan)
        moved = take_cover_ends(replace(token, cell=plan.path[-1]), "move")
        state, ended = put_token(state, moved)
        state = ledger_move(state, token.id, feet, plan.diagonals, actions, self.mode)
        if balanced is not None and balanced.falls_on is not None:  # it fell: its turn ends
            state = _turn_ends(state, token.id, plan.budget.actions_left - actions)
        lines = [move_log(token.label, plan, self.mode), *dragged_lines]
        if balanced is not None:
            lines += balanced.lines
        if token.has_condition(TOOK_COVER) and not moved.has_condition(TOOK_COVER):
            lines.append(str(msg("{name} moved: Take Cover ends", name=token.label)))
        state, hurt = hazard_damage(state, token.id, plan.path, self.dice)
        if balanced is not None and balanced.falls_on is not None:
            state, fell = fall_on(state, token.id, balanced.falls_on, self.dice)
            hurt = [*hurt, *fell]
        if ridden:
            now = {t.id: t for t in (*state.scene.tokens, *ridden)}
            state = state.with_scene(state.scene.edit(tokens=tuple(now[i] for i in order if i in now)))
            state, along = move_riders(state, _token_now(state, token.id))
            hurt = [*hurt, *along]
        return Outcome(state, (*lines, *ended, *hurt), plan)

    def _drag(self, state: GameState, token: Token, plan: MovePlan) -> tuple[GameState, int, int, list[str]]:
        """Drag `drag` along (see the field): the move's feet times the economy's drag factor must fit the
        turn, and the dragged creature must be beside the mover and able to stand where it is pulled to.
        Returns the state with it moved, the feet and actions the move spends, and a log line."""
        from rules.geometry.movement import move_context
        from rules.geometry.reach import within_reach
        from rules.systems.economy import NotAllowed

        assert self.drag is not None
        held = state.scene.token(self.drag)
        if held is None:
            raise Refused(f"no token with id {self.drag!r} to drag")
        if not within_reach(state.scene, token, held, 5):
            raise Refused(f"{held.label} is not beside {token.label}")
        economy = system_for(state.scene).economy
        try:
            factor = economy.drag_factor(token, held)
        except NotAllowed as exc:
            raise Refused(str(exc)) from None
        budget = budget_for(state, token, self.mode)
        if self.max_actions is not None:
            budget = budget.capped(self.max_actions)
        bands, actions = budget.bands([p * factor for p in plan.steps])
        if any(b == 0 for b in bands):
            raise Refused(
                f"Can't drag {held.label} there: dragging it costs {factor} ft a foot, "
                f"{plan.feet * factor} ft of movement"
            )
        end = plan.path[-1]
        to = Cell(held.cell.x + end.x - token.cell.x, held.cell.y + end.y - token.cell.y)
        scene = state.scene.replace_token(replace(token, cell=end))
        if not move_context(scene, held).can_end(to, held.cell):
            raise Refused(f"{held.label} can't be dragged to {cell_text(to)}")
        state, _ended = put_token(state, replace(held, cell=to))
        return state, plan.feet * factor, actions, [f"  {token.label} drags {held.label} to {cell_text(to)}"]
