"""Movement within one turn: what is left of it, how a move's steps fit in it, and who may react.

Every price comes from `rules.geometry.movement` (step costs, shortest paths, reachable sets) and every
reach from `rules.geometry.reach` / `rules.systems.board`; this module applies the turn's rules to them.

**The budget** (`Budget`): the creature's Speed, what it has already `Spent` this turn (feet, diagonal steps
— their parity sets the price of the next diagonal under the alternating count — and actions) and the actions
left. In free mode (no encounter running, or not this creature's turn) `turn_budget` derives it from `Spent`
alone; on the creature's own turn in a running encounter `encounter_budget` reads the encounter's turn state.

**PF2e Strides** (`Budget.bands`): a turn has 3 actions and each Stride takes one and moves up to Speed. The
steps of a path are grouped greedily, in path order: a step joins the current Stride while the Stride's feet
stay within Speed; a step costing more than the Speed left in the current Stride starts a new Stride (a Stride
ends on a square; its unused feet are lost). Strides are numbered after those already used this turn
(``3 - actions_left`` of them); a step whose Stride would be the 4th, or that alone costs more than Speed, is
not possible this turn (band 0). At Speed 25: 5+5+5+5+5 is one Stride; 15 then 15 is two.

**D&D 5e move and Dash**: feet add to the movement already spent this turn. Up to Speed is the move (band 1);
beyond it, up to twice Speed, needs the Dash action (band 2), possible while the action is unused or the Dash
already taken; farther is not possible this turn (band 0).

**Reactions to movement** (`reaction_warnings`): only hostile creatures (another side) that can react: not at
0 HP, not unconscious, dying, dead, paralyzed, petrified, stunned or incapacitated, and not listed as having
used their reaction. D&D 5e: every such creature has an opportunity attack, triggered by the step that takes
the mover out of its reach (moving within reach, or towards it, triggers nothing). PF2e: only creatures that
list Reactive Strike (or the pre-remaster Attack of Opportunity) in their ``reactions``; leaving any square
within their reach triggers it, even a step that stays within reach. The reach is the creature's longest melee
reach (a reach weapon's), measured as `rules.geometry.reach.within_reach` measures it. Each creature warns
once, at the first step that triggers it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence, Set
from dataclasses import dataclass, replace

from rules.encounter import TurnState
from rules.encounter_store import encounter_of
from rules.geometry.coords import Cell
from rules.geometry.distance import offset_feet
from rules.geometry.movement import (
    PathResult,
    incapacitated,
    move_context,
    path_cost,
    reachable,
    shortest_path,
)
from rules.geometry.reach import within_reach
from rules.scene import Scene, Token
from rules.systems.board import hostile, melee_reach

#: Actions in a PF2e turn; each Stride takes one.
PF2E_ACTIONS = 3
#: PF2e reactions that a creature leaving a square within reach can trigger (lower case; matched as words
#: inside the names the token lists, so "Reactive Strike (polearm)" counts).
PF2E_MOVE_REACTIONS = ("reactive strike", "attack of opportunity")
#: Conditions under which a creature makes no reaction.
CANNOT_REACT: frozenset[str] = frozenset(
    {"unconscious", "dying", "dead", "paralyzed", "petrified", "stunned", "incapacitated"}
)


# ----------------------------------------------------------------------------------------------- budget


@dataclass(frozen=True, slots=True)
class Spent:
    """Movement already spent this turn: feet, diagonal steps taken (their parity decides whether the next
    diagonal costs 5 or 10 ft under the alternating count) and actions (PF2e Strides used; D&D 5e 1 once the
    Dash action is taken)."""

    feet: int = 0
    diagonals: int = 0
    actions: int = 0

    def plus(self, feet: int, diagonals: int, actions: int) -> Spent:
        return Spent(self.feet + feet, self.diagonals + diagonals, self.actions + actions)


NOTHING_SPENT = Spent()


@dataclass(frozen=True, slots=True)
class Budget:
    """How far a token may still move this turn.

    `spent` holds the feet and diagonal steps already moved this turn. `actions_left`: PF2e, the actions
    left (each Stride takes one); 5e, 1 while the Dash action can still be taken. `dashed`: 5e, the Dash was
    already taken this turn (movement allowance doubled).
    """

    pf2e: bool
    speed: int
    spent: Spent
    actions_left: int
    dashed: bool = False

    @property
    def used_actions(self) -> int:
        """PF2e: actions already used this turn (``3 - actions_left``, never below 0)."""
        return max(0, PF2E_ACTIONS - self.actions_left)

    @property
    def limit(self) -> int:
        """5e: feet allowed this turn in all (speed, or twice it with a Dash taken or still possible)."""
        return 2 * self.speed if (self.dashed or self.actions_left > 0) else self.speed

    @property
    def feet_left(self) -> int:
        """Feet still possible this turn: PF2e all remaining Strides, 5e movement plus a Dash."""
        if self.pf2e:
            return self.actions_left * self.speed
        return max(0, self.limit - self.spent.feet)

    @property
    def move_left(self) -> int:
        """5e: feet of movement left before a Dash is needed; PF2e: one Stride."""
        if self.pf2e:
            return self.speed if self.actions_left else 0
        if self.dashed:
            return max(0, 2 * self.speed - self.spent.feet)
        return max(0, self.speed - self.spent.feet)

    def bands(self, steps: Sequence[int]) -> tuple[tuple[int, ...], int]:
        """Band of each step and the actions the move takes.

        PF2e: the band is the number in the turn of the Stride that makes the step. Steps are grouped
        greedily: a step whose price would take the current Stride past Speed starts the next Stride. A step
        in a 4th Stride, or costing more than Speed by itself, gets 0 (not possible this turn). The actions
        are the Strides the move spans (counting any started by such a step).

        5e: 1 while the running total (movement already spent plus this move) is within Speed, 2 within the
        turn's `limit` (needs the Dash), else 0. The actions are 1 when the move starts the Dash (a band-2
        step and no Dash taken yet), else 0.
        """
        if self.pf2e:
            out: list[int] = []
            first = self.used_actions + 1
            stride = first
            acc = 0
            for price in steps:
                if acc + price > self.speed:
                    stride += 1
                    acc = 0
                acc += price
                ok = price <= self.speed and stride <= PF2E_ACTIONS
                out.append(stride if ok else 0)
            used = (stride - first + 1) if steps else 0
            return tuple(out), used
        total = self.spent.feet
        out = []
        for price in steps:
            total += price
            out.append(1 if total <= self.speed else 2 if total <= self.limit else 0)
        dash = 1 if (not self.dashed and any(b == 2 for b in out)) else 0
        return tuple(out), dash


def turn_budget(scene: Scene, token: Token, spent: Spent) -> Budget:
    """The budget in free mode (no initiative running, or not this token's turn): `spent` counts the feet,
    diagonals and actions (PF2e Strides; 5e 1 after a Dash) moved since the last "End turn".

    PF2e: 3 actions less the Strides spent. 5e: the Dash is still possible (1) until spent, then taken."""
    if scene.is_pf2e:
        return Budget(True, token.speed, spent, max(0, PF2E_ACTIONS - spent.actions))
    return Budget(False, token.speed, spent, 0 if spent.actions else 1, dashed=spent.actions > 0)


def encounter_budget(scene: Scene, token: Token, turn: TurnState) -> Budget:
    """The budget on `token`'s own turn in a running encounter, from the encounter's `turn` state: its
    movement spent and diagonal steps. PF2e: the actions left (an attack has taken one). 5e: the turn's
    movement (the token's Speed when the turn doesn't say), the Dash possible while the action is unused, and
    taken once more than that movement has been spent."""
    spent = Spent(turn.movement_spent, turn.diagonals, 0)
    if scene.is_pf2e:
        return Budget(True, token.speed, spent, max(0, turn.actions))
    speed = turn.movement if turn.movement is not None else token.speed
    return Budget(False, speed, spent, 1 if turn.actions > 0 else 0, dashed=turn.movement_spent > speed)


def current_budget(scene: Scene, token: Token, free_spent: Spent) -> Budget:
    """The token's budget now: from the encounter stored in the scene on the token's own turn
    (`encounter_budget`), otherwise free mode with `free_spent` (`turn_budget`)."""
    enc = encounter_of(scene)
    turn = enc.turn if enc is not None else None
    if turn is None or turn.token_id != token.id:
        return turn_budget(scene, token, free_spent)
    return encounter_budget(scene, token, turn)


# --------------------------------------------------------------------------------------------- warnings


@dataclass(frozen=True, slots=True)
class ReactionWarning:
    """Moving out of `path[step]` lets `token_id` react (5e opportunity attack, PF2e Reactive Strike)."""

    step: int
    cell: Cell
    token_id: str
    text: str


def reaction_names(creature: Token) -> tuple[str, ...]:
    """The reactions `creature` lists: its ``reactions`` field, else (tokens made before that field existed)
    a list under ``extra["reactions"]``."""
    if creature.reactions:
        return creature.reactions
    raw = creature.extra.get("reactions", [])
    return tuple(str(r) for r in raw) if isinstance(raw, list) else ()


def can_react_to_movement(scene: Scene, creature: Token) -> bool:
    """Whether `creature` has a reaction that moving past it can trigger, and can use it.

    Never at 0 HP or less, nor when unconscious, dying, dead, paralyzed, petrified, stunned or incapacitated.
    5e: every other creature has an opportunity attack. PF2e: only creatures that list Reactive Strike (or the
    pre-remaster Attack of Opportunity) among their reactions, case-insensitively.
    """
    if creature.hp is not None and creature.hp <= 0:
        return False
    if creature.condition_names() & CANNOT_REACT or incapacitated(creature):
        return False
    if scene.is_pf2e:
        names = [name.lower() for name in reaction_names(creature)]
        return any(any(key in name for key in PF2E_MOVE_REACTIONS) for name in names)
    return True


def threat_reach(creature: Token) -> int:
    """The longest melee reach of `creature` (its own reach when it lists no melee attack)."""
    melee = [melee_reach(creature, a) for a in creature.attacks if not a.is_ranged]
    return max(melee) if melee else creature.reach


def reaction_warnings(
    scene: Scene, mover: Token, path: Sequence[Cell], reactions_used: Set[str] = frozenset()
) -> tuple[ReactionWarning, ...]:
    """Where moving along `path` (the mover's top-left cells, starting where it stands) lets a hostile
    creature react: once per creature, at the first step that triggers it, sorted by step then token id.

    5e: a step from a position within the creature's reach to one outside it. PF2e: any step out of a
    position within the reach of a creature with Reactive Strike. Allies, creatures that can't react
    (`can_react_to_movement`) and those in `reactions_used` (their reaction spent this round) never warn. A
    path of fewer than 2 cells warns of nothing.
    """
    if len(path) < 2:
        return ()
    n = mover.side_squares
    xs = [c.x for c in path]
    ys = [c.y for c in path]
    box = (min(xs), min(ys), max(xs) + n, max(ys) + n)
    found: list[ReactionWarning] = []
    for other in scene.tokens:
        if other.id == mover.id or other.id in reactions_used:
            continue
        if not hostile(mover, other) or not can_react_to_movement(scene, other):
            continue
        feet = threat_reach(other)
        r = feet // 5 + 1
        ox, oy, on = other.cell.x, other.cell.y, other.side_squares
        if ox - r > box[2] or oy - r > box[3] or ox + on + r < box[0] or oy + on + r < box[1]:
            continue  # too far from every square of the path
        inside = [within_reach(scene, other, replace(mover, cell=c), feet) for c in path]
        for i in range(len(path) - 1):
            trigger = inside[i] if scene.is_pf2e else (inside[i] and not inside[i + 1])
            if trigger:
                what = "Reactive Strike" if scene.is_pf2e else "opportunity attack"
                verb = "leaves a square in" if scene.is_pf2e else "leaves"
                found.append(ReactionWarning(i, path[i], other.id, f"{verb} {other.label}'s reach ({what})"))
                break
    found.sort(key=lambda w: (w.step, w.token_id))
    return tuple(found)


# ------------------------------------------------------------------------------------------------- plan


@dataclass(frozen=True, slots=True)
class MovePlan:
    """One planned move: the path through the waypoints, each step's price and band (`Budget.bands`), the
    actions it takes, whether it is legal (else `problem` says why) and the reactions it provokes."""

    token_id: str
    start: Cell
    target: Cell
    waypoints: tuple[Cell, ...]
    path: tuple[Cell, ...]
    steps: tuple[int, ...]
    feet: int
    diagonals: int
    bands: tuple[int, ...]
    actions: int
    legal: bool
    problem: str | None
    warnings: tuple[ReactionWarning, ...]
    budget: Budget

    @property
    def moved(self) -> bool:
        return len(self.path) > 1

    def left_after(self) -> str:
        """What is left of the turn after this move: PF2e the actions; 5e the movement, or the feet left with
        the Dash once the move is past Speed or the Dash was taken."""
        b = self.budget
        if b.pf2e:
            left = max(0, b.actions_left - self.actions)
            return f"{left} action{'s' if left != 1 else ''} left"
        spent = b.spent.feet + self.feet
        if spent <= b.speed and not b.dashed:
            return f"{b.speed - spent} ft of movement left"
        return f"{max(0, 2 * b.speed - spent)} ft left with Dash"

    def strides_text(self) -> str:
        """PF2e: how many Strides; 5e: "Dash" when a step needs it, else "Move"."""
        if self.budget.pf2e:
            return f"{self.actions} Stride{'s' if self.actions != 1 else ''}"
        return "Dash" if any(b == 2 for b in self.bands) else "Move"


class MovePlanner:
    """Plans moves of one token in one scene (which must not change while the planner is used), as a drag
    asks for them on every mouse move. Its answers depend only on the scene, the token and the budget; it
    only remembers the legs it has searched."""

    def __init__(
        self, scene: Scene, token: Token, budget: Budget | Spent, reactions_used: Set[str] = frozenset()
    ) -> None:
        self.scene = scene
        self.token = token
        #: creatures whose reaction is already spent this round: they can't react to this move
        self.reactions_used = frozenset(reactions_used)
        self.budget = budget if isinstance(budget, Budget) else turn_budget(scene, token, budget)
        self.spent = self.budget.spent
        #: search cap: twice what the turn allows, so a path a little too long still shows (as illegal)
        self.cap = max(2 * max(self.budget.feet_left, token.speed), 30)
        self._legs: dict[tuple[Cell, Cell, int], PathResult | None] = {}
        self._far: dict[tuple[Cell, Cell, int], PathResult | None] = {}
        self._ctx = move_context(scene, token)

    def _leg(self, frm: Cell, to: Cell, diagonals_before: int, exhaustive: bool = False) -> PathResult | None:
        """Cheapest leg within the search cap; with `exhaustive`, without a cap when the capped search fails
        (slower on a big map: used once, on release, to tell "too far" from "no way through")."""
        key = (frm, to, diagonals_before & 1)
        if key not in self._legs:
            self._legs[key] = shortest_path(
                self.scene, self._at(frm), to, diagonals_before, max_feet=self.cap
            )
        found = self._legs[key]
        if found is None and exhaustive:
            if key not in self._far:
                self._far[key] = shortest_path(self.scene, self._at(frm), to, diagonals_before)
            found = self._far[key]
        return found

    def _at(self, cell: Cell) -> Token:
        return self.token if cell == self.token.cell else replace(self.token, cell=cell)

    def plan(self, waypoints: Sequence[Cell], target: Cell, exhaustive: bool = False) -> MovePlan:
        """The move through `waypoints` to `target`: the cheapest path of each leg, the legs chained with the
        diagonal count carried over (from the turn's earlier moves too). Without `exhaustive` (mouse moves)
        paths are searched up to `cap`; with it (the drop) without limit, to explain a refusal exactly.

        Illegal, with the first problem found: a leg has no path (`explain_unreachable`), the Speed is 0, a
        step is not possible this turn (too far), or the engine's `path_cost` refuses the whole path."""
        start = self.token.cell
        stops = [start, *waypoints, target]
        path: list[Cell] = [start]
        steps: list[int] = []
        diagonals = 0
        problem: str | None = None
        for frm, to in itertools.pairwise(stops):
            if frm == to:
                continue
            leg = self._leg(frm, to, self.spent.diagonals + diagonals, exhaustive)
            if leg is None:
                problem = self.explain_unreachable(frm, to, exhaustive)
                break
            path.extend(leg.path[1:])
            steps.extend(leg.steps)
            diagonals += leg.diagonals
        bands, actions = self.budget.bands(steps)
        feet = sum(steps)
        if problem is None and len(path) > 1 and path[-1] != target:
            problem = "the path does not reach that square"
        if problem is None and self.token.speed <= 0 and len(path) > 1:
            problem = f"{self.token.label} has a Speed of 0"
        if problem is None and any(b == 0 for b in bands):
            problem = self._too_far(feet, actions)
        legal = problem is None
        if legal and len(path) > 1:
            # the engine's own verdict on the whole path (waypoints may end legs on allies' squares)
            verdict = path_cost(self.scene, self.token, path, self.spent.diagonals)
            if not verdict.legal:
                legal, problem = False, verdict.problem
        warnings = (
            reaction_warnings(self.scene, self.token, path, self.reactions_used) if len(path) > 1 else ()
        )
        return MovePlan(
            self.token.id,
            start,
            target,
            tuple(waypoints),
            tuple(path),
            tuple(steps),
            feet,
            diagonals,
            bands,
            actions,
            legal,
            problem,
            warnings,
            self.budget,
        )

    def _too_far(self, feet: int, actions: int) -> str:
        b = self.budget
        if b.pf2e:
            return (
                f"too far: needs {actions} Strides, {self.token.label} has "
                f"{b.actions_left} action{'s' if b.actions_left != 1 else ''} left"
            )
        return f"too far: needs {feet} ft, {self.token.label} has {b.feet_left} ft left even with Dash"

    def explain_unreachable(self, frm: Cell, to: Cell, exhaustive: bool = False) -> str:
        """Why no path ends at `to`: off the map, a space the token can't end in (an impassable square, or
        another creature's space), or (searched without a cap) no way through; without `exhaustive` only that
        there is no path within the search cap (or, when even the straight count exceeds it, too far)."""
        ctx = self._ctx
        if not ctx.fits(to):
            return "that space is off the map"
        if not ctx.can_end(to, self.token.cell):
            terrain = self.scene.terrain_map()
            n = self.token.side_squares
            for j in range(n):
                for i in range(n):
                    cell = Cell(to.x + i, to.y + j)
                    if terrain.get(cell) == "impassable":
                        return f"[{cell.x}, {cell.y}] is impassable"
            for j in range(n):
                for i in range(n):
                    other = ctx.no_end_cells.get((to.y + j) * ctx.width + to.x + i)
                    if other is not None:
                        return f"can't end a move in {other.label}'s space"
            return "can't end a move there"
        if exhaustive:
            return "no way through: walls, impassable terrain or creatures block every path"
        crow = offset_feet(to.x - frm.x, to.y - frm.y, self.scene.options.diagonals)
        return f"too far: at least {crow} ft" if crow > self.cap else f"no path within {self.cap} ft"


# ---------------------------------------------------------------------------------------------- overlay


def overlay_bands(scene: Scene, token: Token, budget: Budget | Spent) -> dict[Cell, int]:
    """Top-left cells the token can still reach this turn (within `Budget.feet_left`), by band; the token's
    own cell is left out.

    PF2e: the Stride of the turn that reaches the cell by its cheapest cost: the Strides already used plus
    ``ceil(cost / Speed)`` (at least 1). This counts feet, not how steps pack into Strides, so a path of
    steps that don't fill each Stride (15 + 15 + 15 ft at Speed 25) can need one Stride more than shown;
    `Budget.bands` gives the exact grouping of one path. 5e: 1 when the movement spent plus the cost is within
    Speed and no Dash was taken, else 2 (needs the Dash)."""
    if not isinstance(budget, Budget):
        budget = turn_budget(scene, token, budget)
    spent = budget.spent
    feet = budget.feet_left
    if token.speed <= 0 or feet <= 0:
        return {}
    costs = reachable(scene, token, feet, spent.diagonals)
    out: dict[Cell, int] = {}
    for cell, cost in costs.items():
        if cell == token.cell:
            continue
        if budget.pf2e:
            out[cell] = budget.used_actions + max(1, math.ceil(cost / token.speed))
        else:
            out[cell] = 1 if spent.feet + cost <= budget.speed and not budget.dashed else 2
    return out


def footprint_bands(bands: dict[Cell, int], side: int) -> dict[Cell, int]:
    """Per-square bands for a creature `side` squares wide: each square takes the best (lowest) band of the
    top-left positions whose space covers it (what a Large creature's overlay shows)."""
    if side == 1:
        return bands
    out: dict[Cell, int] = {}
    for c, band in bands.items():
        for j in range(side):
            for i in range(side):
                sq = Cell(c.x + i, c.y + j)
                old = out.get(sq)
                if old is None or band < old:
                    out[sq] = band
    return out
