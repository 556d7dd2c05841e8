"""Movement within one turn: what is left of it, how a move's steps fit in it, and who may react.

Every price comes from `rules.geometry.movement` (step costs, shortest paths, reachable sets) and every
reach from `rules.geometry.reach` / `rules.systems.board`; this module applies the turn's rules to them.

**The budget** (`rules.systems.economy.MoveBudget`): what the creature's turn ledger leaves of its movement,
as the scene's turn economy counts it (`budget_of`: `TurnEconomy.budget`): the Speed, the feet and diagonal
steps already moved this turn (their parity sets the price of the next diagonal under the alternating count)
and the movement actions left. This module has no system branch: it calls the budget's methods.

**Movement counted in actions** (`MoveBudget.stride_feet`, PF2e Strides): each Stride takes an action and
moves up to Speed. The steps of a path are grouped greedily, in path order: a step joins the current Stride
while the Stride's feet stay within Speed; a step costing more than the Speed left in the current Stride
starts a new Stride (a Stride ends on a square; its unused feet are lost). Strides are numbered after the
actions already used this turn; a step whose Stride would be past the actions left, or that alone costs more
than Speed, is not possible this turn (band 0). At Speed 25: 5+5+5+5+5 is one Stride; 15 then 15 is two.
Each move begins a new Stride (the budget keeps no feet of a Stride begun by an earlier move); only the
diagonal parity carries.

Because feet are lost at the end of a Stride, the cheapest path in feet may need more Strides than another
path (three greater-difficult squares in a row, 15 + 15 + 15 ft, take 3 Strides at Speed 25, while a 50-ft
detour of open squares takes 2). **Ruling**: a PF2e move takes the path with the fewest Strides, then the
fewest feet, then the fewest steps (`fewest_strides_path`); the overlay shades each square by that same
fewest number of Strides (`stride_field`), so the overlay and a drag to any square always agree.

**Movement as a pool of feet** (5e move and Dash): feet add to the movement already spent this turn. Up to
Speed is the move (band 1); beyond it, up to one more Speed, needs the Dash action (band 2), possible while
the action is unused or the Dash already taken; farther is not possible this turn (band 0).

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

import heapq
import itertools
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, replace

from rules.geometry.coords import DIRECTIONS, Cell
from rules.geometry.distance import offset_feet
from rules.geometry.movement import (
    DIRECTION_INDEX,
    MoveContext,
    PathResult,
    incapacitated,
    least_per_cell,
    move_context,
    path_cost,
    reachable,
    shortest_path,
)
from rules.geometry.reach import melee_reach as longest_melee_reach
from rules.messages import msg
from rules.model.scene import CANNOT_ACT, Scene, Token
from rules.model.turn_ledger import TurnLedger
from rules.systems import system_for
from rules.systems.economy import MoveBudget
from rules.systems.reactions import can_react

#: PF2e reactions that a creature leaving a square within reach can trigger (lower case; matched as words
#: inside the names the token lists, so "Reactive Strike (polearm)" counts).
PF2E_MOVE_REACTIONS = ("reactive strike", "attack of opportunity")
#: Conditions under which a creature makes no reaction.
CANNOT_REACT: frozenset[str] = CANNOT_ACT


def budget_of(scene: Scene, token: Token, ledger: TurnLedger | None = None, mode: str = "walk") -> MoveBudget:
    """The movement budget of `token` from its turn ledger (a fresh turn when None), by the scene's turn
    economy (`rules.systems.economy.TurnEconomy.budget`)."""
    return system_for(scene).economy.budget(ledger, token, mode)


def ledger_after(
    scene: Scene, token: Token, feet: int = 0, diagonals: int = 0, actions: int = 0
) -> TurnLedger:
    """A fresh turn ledger of `token` after it moved `feet` with `diagonals` diagonal steps taking `actions`
    movement actions (PF2e Strides; 5e 1 is the Dash): what a budget starts from in tests and tools."""
    economy = system_for(scene).economy
    ledger = economy.fresh(token)
    if feet or diagonals or actions:
        ledger = economy.moved(ledger, token, feet, diagonals, actions)
    return ledger


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
    if incapacitated(creature):
        return False
    return can_react(scene, creature)  # the system's rules: rules.systems.reactions


def threat_reach(creature: Token) -> int:
    """The longest melee reach of `creature` (its own reach when it lists no melee attack): the one
    reading, `rules.geometry.reach.melee_reach`."""
    longest = longest_melee_reach(creature)
    return creature.reach if longest is None else longest


def reaction_warnings(
    scene: Scene, mover: Token, path: Sequence[Cell], reactions_used: Set[str] = frozenset()
) -> tuple[ReactionWarning, ...]:
    """Where moving along `path` (the mover's top-left cells, starting where it stands) lets a hostile
    creature react: once per creature, at the first step that triggers it, sorted by step then token id.

    The rules are `rules.systems.reactions.movement_reactions` (a Stride): 5e, a step from a position within
    the reach of a creature that can see the mover to one outside it (not after Disengage); PF2e, any step
    out of a position within the reach of a creature with Reactive Strike. Allies, creatures that can't react
    and those in `reactions_used` (their reaction spent this round) never warn. A path of fewer than 2 cells
    warns of nothing.
    """
    from rules.systems.reactions import movement_reactions

    found = movement_reactions(scene, mover, path, reactions_used=reactions_used)
    return tuple(ReactionWarning(r.step, r.cell, r.token_id, r.text) for r in found)


# ------------------------------------------------------------------------------------ PF2e Stride search


def _state_offsets(ctx: MoveContext) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Offsets of a search state (``top-left index * 2 + diagonal parity``) by direction, from an even and
    from an odd parity: a diagonal flips the parity under the alternating count (always so in PF2e)."""
    w = ctx.width
    flip = [1 if (d & 1 and ctx.alternating) else 0 for d in range(8)]
    off = [dx + dy * w for dx, dy in DIRECTIONS]
    return (
        tuple(off[d] * 2 + flip[d] for d in range(8)),
        tuple(off[d] * 2 - flip[d] for d in range(8)),
    )


def _parity(ctx: MoveContext, diagonals_before: int) -> int:
    return (diagonals_before & 1) if ctx.alternating else 0


def stride_after(strides: int, feet: int, price: int, speed: int) -> tuple[int, int]:
    """The label ``(Strides begun, feet used in the current Stride)`` after a step of `price` feet: the step
    joins the current Stride while its feet stay within `speed`, else it begins the next Stride (the rest of
    the current one is lost). A move starts at ``(0, speed)``: no Stride begun, so the first step begins one.
    This is `MoveBudget.bands`' grouping, one step at a time; a step dearer than `speed` fits no Stride."""
    return (strides, feet + price) if feet + price <= speed else (strides + 1, price)


@dataclass(frozen=True, slots=True)
class StrideField:
    """The fewest Strides from one start to every top-left position within `max_strides` Strides.

    `labels` maps a top-left index (``y * width + x``) to the lexicographically least label
    ``(Strides, feet used in the last Stride)`` over every path there (and both diagonal parities), packed as
    ``strides * (speed + 1) + feet``. The start is included, and so are positions where the mover can't end
    (the caller filters them with `MoveContext.can_end`)."""

    width: int
    speed: int
    labels: Mapping[int, int]

    def label(self, cell: Cell) -> tuple[int, int] | None:
        """``(Strides, feet in the last Stride)`` of the best path to `cell`, or None when out of reach."""
        key = self.labels.get(cell.y * self.width + cell.x)
        return None if key is None else divmod(key, self.speed + 1)


def stride_field(
    scene: Scene,
    token: Token,
    start: Cell,
    diagonals_before: int,
    speed: int,
    stride_feet: int,
    max_strides: int,
) -> StrideField:
    """Fewest Strides of `token` (at Speed `speed`) from top-left `start` to every position, counted from the
    label ``(0, stride_feet)``: `stride_feet` is the feet already used in the current Stride (`speed` when the
    move begins, so its first step begins Stride 1). Paths beginning more than `max_strides` Strides are cut.
    Cached on the scene.

    Step prices and legality are the engine's (`MoveContext`: terrain, walls, corners, creatures, every square
    of a larger mover's space), with the diagonal parity part of the state; a step dearer than `speed` is not
    taken (no Stride holds it).

    A Dijkstra over states (top-left, parity) ordered by the labels ``(s, u)`` compared lexicographically.
    It is exact because one step acts monotonically on labels (`stride_after`): let ``(s1, u1) ≤ (s2, u2)``
    (both ``u ≤ speed``) and a step of ``0 < p ≤ speed``.

    - ``s1 < s2``: the first result has at most ``s1 + 1 ≤ s2`` Strides and the second at least ``s2``. Only
      when both have ``s2`` Strides can they compare otherwise, and then the first began a Stride and is
      ``(s2, p)`` while the second stayed, ``(s2, u2 + p)``, and ``p ≤ u2 + p``.
    - ``s1 = s2, u1 ≤ u2``: if neither begins a Stride, ``u1 + p ≤ u2 + p``; if only the second does, the
      first stays at ``s1`` Strides and the second has ``s1 + 1``; if the first does, ``u1 + p > speed``, so
      ``u2 + p > speed`` and both are ``(s1 + 1, p)``.

    So the results stay ordered, and a step always makes the label larger (``u + p > u``, or one Stride more).
    Dijkstra's argument then holds as for sums of non-negative costs: the least label popped for a state is
    the least over all paths to it, and extending it only by least labels loses nothing. The label of a path
    is the budget's greedy grouping (`MoveBudget.bands`), which is the fewest Strides for that path; so ``s``
    is the fewest Strides of any path."""
    ctx = move_context(scene, token)
    parity = _parity(ctx, diagonals_before)
    key = (
        "turn_movement.strides",
        token.id,
        token.side,
        token.size,
        start,
        parity,
        speed,
        stride_feet,
        max_strides,
    )

    def build() -> StrideField:
        return StrideField(
            ctx.width, speed, _stride_search(ctx, start, parity, speed, stride_feet, max_strides)
        )

    result: StrideField = scene.cached(key, build)
    return result


def _stride_search(
    ctx: MoveContext, start: Cell, parity: int, speed: int, stride_feet: int, max_strides: int
) -> dict[int, int]:
    """The Dijkstra of `stride_field`; returns the least packed label per top-left index."""
    k = speed + 1
    limit = (max_strides + 1) * k  # packed labels below this have at most max_strides Strides
    sd0, sd1 = _state_offsets(ctx)
    c0, c1 = ctx.cost_even, ctx.cost_odd
    s0 = (start.y * ctx.width + start.x) * 2 + parity
    first = min(stride_feet, speed)
    dist: dict[int, int] = {s0: first}
    heap: list[tuple[int, int]] = [(first, s0)]
    pop, push, get = heapq.heappop, heapq.heappush, dist.get
    while heap:
        key, s = pop(heap)
        if key > dist[s]:
            continue
        used = key % k
        begun = key - used + k  # packed (strides + 1, 0)
        b = (s >> 1) * 8
        if s & 1:
            row, sd = c1[b : b + 8], sd1
        else:
            row, sd = c0[b : b + 8], sd0
        for price, step in zip(row, sd, strict=True):
            if price and price <= speed:
                nk = key + price if used + price <= speed else begun + price
                if nk < limit:
                    ns = s + step
                    old = get(ns)
                    if old is None or nk < old:
                        dist[ns] = nk
                        push(heap, (nk, ns))
    return least_per_cell(dist)


def fewest_strides_path(
    ctx: MoveContext,
    start: Cell,
    goal: Cell,
    diagonals_before: int,
    speed: int,
    stride_feet: int,
    max_strides: int,
) -> PathResult | None:
    """The path of the mover from `start` to `goal` with the fewest Strides (counted from ``(0,
    stride_feet)`` as in `stride_field`, at most `max_strides`), then the fewest feet, then the fewest steps;
    None when there is none. Whether the mover may end at `goal` is the caller's question.

    Fewest feet among the fewest Strides can't be told from the labels of `stride_field` (a path with more
    feet in its last Stride may have wasted fewer feet before), so this search keeps the feet used in the
    current Stride in the state: states (top-left, parity, feet in the Stride), labels (Strides, feet, steps)
    compared lexicographically. A step changes the Strides and the feet in the Stride by amounts that depend
    only on the state, and adds its price and one step to every label alike, so it keeps labels in order and
    makes them larger.

    It is an A*: the key of a state adds to its label a lower bound of what is still to come, from the
    obstacle-free count ``h`` to the goal (feet, with the parity): at least ``h`` more feet, and at least
    ``max(0, ceil((h - (speed - u)) / speed))`` more Strides when ``u`` feet of the current Stride are used.
    Both bounds are consistent (a step of ``p`` feet lowers ``h`` by at most ``p``, and the Strides bound
    never drops along a step), and within one state the key is the label plus a constant, so the first goal
    state taken from the queue has the least label. It is slower than `stride_field` (the state is larger),
    so the planner only runs it when the cheapest path in feet doesn't already have the fewest Strides."""
    if start == goal:
        return PathResult(0, (start,), (), 0)
    k = speed + 1
    w = ctx.width
    sd0, sd1 = _state_offsets(ctx)
    c0, c1 = ctx.cost_even, ctx.cost_odd
    stride_unit, feet_unit = 1 << 40, 1 << 20  # label: strides << 40 | feet << 20 | steps
    goal_pos = goal.y * w + goal.x
    gx, gy = goal.x, goal.y
    half = 1 if ctx.alternating else 0

    def key_of(label: int, st: int) -> int:
        ps, used = divmod(st, k)
        y, x = divmod(ps >> 1, w)
        ax, ay = abs(x - gx), abs(y - gy)
        hi, lo = (ax, ay) if ax >= ay else (ay, ax)
        h = 5 * (hi + half * ((lo + (ps & 1)) >> 1))
        more = max(0, (h + used - 1) // speed)
        return label + more * stride_unit + h * feet_unit

    first = ((start.y * w + start.x) * 2 + _parity(ctx, diagonals_before)) * k + min(stride_feet, speed)
    dist: dict[int, int] = {first: 0}
    parent: dict[int, int] = {}
    heap: list[tuple[int, int, int]] = [(key_of(0, first), 0, first)]
    limit = (max_strides + 1) * stride_unit  # keys from here on have too many Strides
    pop, push, get = heapq.heappop, heapq.heappush, dist.get
    while heap:
        _key, label, st = pop(heap)
        if label > dist[st]:
            continue
        ps, used = divmod(st, k)
        if ps >> 1 == goal_pos:
            return _path_of(ctx, st, parent, k)
        strides = label >> 40
        b = (ps >> 1) * 8
        if ps & 1:
            row, sd = c1[b : b + 8], sd1
        else:
            row, sd = c0[b : b + 8], sd0
        for price, step in zip(row, sd, strict=True):
            if not price or price > speed:
                continue
            if used + price <= speed:
                nl, nu = label + price * feet_unit + 1, used + price
            elif strides < max_strides:
                nl, nu = label + stride_unit + price * feet_unit + 1, price
            else:
                continue
            ns = (ps + step) * k + nu
            old = get(ns)
            if old is None or nl < old:
                nkey = key_of(nl, ns)
                if nkey < limit:
                    dist[ns] = nl
                    parent[ns] = st
                    push(heap, (nkey, nl, ns))
    return None


def _path_of(ctx: MoveContext, end: int, parent: Mapping[int, int], k: int) -> PathResult:
    """The path to search state `end` (``((index * 2 + parity) * k + feet``) by its parents, priced."""
    states = [end]
    while states[-1] in parent:
        states.append(parent[states[-1]])
    states.reverse()
    w = ctx.width
    cells = tuple(Cell((st // k >> 1) % w, (st // k >> 1) // w) for st in states)
    steps: list[int] = []
    diagonals = 0
    for i in range(1, len(states)):
        a, b = cells[i - 1], cells[i]
        d = DIRECTION_INDEX[(b.x - a.x, b.y - a.y)]
        table = ctx.cost_odd if (states[i - 1] // k) & 1 else ctx.cost_even
        steps.append(table[(a.y * w + a.x) * 8 + d])
        diagonals += d & 1
    return PathResult(sum(steps), cells, tuple(steps), diagonals)


def _strides_of(steps: Sequence[int], speed: int, start: tuple[int, int]) -> tuple[int, int] | None:
    """The label after `steps` from label `start` (`stride_after`), or None when a step is dearer than
    `speed`."""
    label = start
    for price in steps:
        if price > speed:
            return None
        label = stride_after(label[0], label[1], price, speed)
    return label


# ------------------------------------------------------------------------------------------------- plan


@dataclass(frozen=True, slots=True)
class MovePlan:
    """One planned move: the path through the waypoints, each step's price and band (`MoveBudget.bands`), the
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
    budget: MoveBudget
    #: PF2e: ``stride`` (Strides), ``step`` (one Step, `MovePlanner.plan_step`) or ``crawl`` (prone)
    action: str = "stride"
    #: The scene counts diagonals 5/10 alternately (the parity of the turn's diagonals matters).
    alternating: bool = True

    @property
    def moved(self) -> bool:
        return len(self.path) > 1

    def left_after(self) -> str:
        """What is left of the turn after this move: PF2e the actions; 5e the movement, or the feet left with
        the Dash once the move is past Speed or the Dash was taken."""
        return self.budget.left_after(self.feet, self.actions)

    def diagonal_note(self, alternating: bool | None = None) -> str | None:
        """Why this move's first diagonal costs 10 ft when a previous move this turn left the alternating
        count odd ("2nd diagonal this turn: 10 ft"); None when that doesn't apply. `alternating`: the
        scene's diagonal count alternates (default: the scene's count, as planned)."""
        if not (self.alternating if alternating is None else alternating):
            return None
        before = self.budget.diagonals
        if before % 2 == 0:
            return None
        if not any(a.x != b.x and a.y != b.y for a, b in zip(self.path, self.path[1:], strict=False)):
            return None
        n = before + 1
        # one sentence per English ordinal ending, so that a language without them reads just the number
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        if suffix == "st":
            return str(msg("{n}st diagonal this turn: 10 ft", n=n))
        if suffix == "nd":
            return str(msg("{n}nd diagonal this turn: 10 ft", n=n))
        if suffix == "rd":
            return str(msg("{n}rd diagonal this turn: 10 ft", n=n))
        return str(msg("{n}th diagonal this turn: 10 ft", n=n))

    def strides_text(self) -> str:
        """PF2e: how many Strides (or "Step", "Crawl"); 5e: "Dash" when a step needs it, else "Move"."""
        if self.action != "stride":
            return self.action.capitalize()
        return self.budget.move_words(self.bands, self.actions)


class MovePlanner:
    """Plans moves of one token in one scene (which must not change while the planner is used), as a drag
    asks for them on every mouse move. Its answers depend only on the scene, the token and the budget; it
    only remembers the legs it has searched."""

    def __init__(
        self,
        scene: Scene,
        token: Token,
        budget: MoveBudget | TurnLedger | None = None,
        reactions_used: Set[str] = frozenset(),
    ) -> None:
        self.scene = scene
        self.token = token
        #: creatures whose reaction is already spent this round: they can't react to this move
        self.reactions_used = frozenset(reactions_used)
        if budget is None or isinstance(budget, TurnLedger):
            budget = budget_of(scene, token, budget)
        self.budget: MoveBudget = budget
        #: search cap: twice what the turn allows, so a path a little too long still shows (as illegal)
        self.cap = max(2 * max(self.budget.feet_left, token.speed), 30)
        self._legs: dict[tuple[Cell, Cell, int], PathResult | None] = {}
        self._far: dict[tuple[Cell, Cell, int], PathResult | None] = {}
        self._strided: dict[tuple[Cell, Cell, int, int, int], PathResult] = {}
        self._ctx = move_context(scene, token)

    def _leg(
        self,
        frm: Cell,
        to: Cell,
        diagonals_before: int,
        stride: tuple[int, int],
        exhaustive: bool = False,
    ) -> PathResult | None:
        """The leg from `frm` to `to`. 5e: the cheapest. PF2e: the fewest Strides, then the fewest feet
        (`_fewest_strides`), `stride` being the move's label so far (`stride_after`; ``(0, speed)`` before
        the first step)."""
        cheapest = self._cheapest(frm, to, diagonals_before, exhaustive)
        if cheapest is None or self.budget.stride_feet is None or self.budget.speed <= 0:
            return cheapest
        return self._fewest_strides(frm, to, diagonals_before, stride, cheapest)

    def _fewest_strides(
        self, frm: Cell, to: Cell, diagonals_before: int, stride: tuple[int, int], cheapest: PathResult
    ) -> PathResult:
        """PF2e: the leg with the fewest Strides, then the fewest feet, then the fewest steps, when `to` can
        be reached within the Strides left this turn (`MoveBudget.strides_left`; else `cheapest`, which will
        be shown as too far). The cheapest path in feet is kept when it already has the fewest Strides (the
        usual case: no path has fewer feet); otherwise `fewest_strides_path` finds the path."""
        speed = self.budget.speed
        begun, feet = stride
        bound = self.budget.strides_left - begun
        if bound < 0:
            return cheapest
        field = stride_field(self.scene, self.token, frm, diagonals_before, speed, feet, bound)
        best = field.label(to)
        if best is None:
            return cheapest
        mine = _strides_of(cheapest.steps, speed, (0, feet))
        if mine is not None and mine[0] <= best[0]:
            return cheapest
        key = (frm, to, diagonals_before & 1, feet, best[0])
        if key not in self._strided:
            found = fewest_strides_path(self._ctx, frm, to, diagonals_before, speed, feet, best[0])
            self._strided[key] = cheapest if found is None else found
        return self._strided[key]

    def _cheapest(
        self, frm: Cell, to: Cell, diagonals_before: int, exhaustive: bool = False
    ) -> PathResult | None:
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
        """The move through `waypoints` to `target`, the legs chained with the diagonal count carried over
        (from the turn's earlier moves too). Each leg is the cheapest path in 5e; in PF2e the path with the
        fewest Strides, then the fewest feet (given how the earlier legs left the current Stride), so a move
        without waypoints takes exactly the Strides `overlay_bands` shows for its target. Without `exhaustive`
        (mouse moves) paths are searched up to `cap`; with it (the drop) without limit, to explain a refusal
        exactly.

        Illegal, with the first problem found: a leg has no path (`explain_unreachable`), the Speed is 0, a
        step is not possible this turn (too far), or the engine's `path_cost` refuses the whole path.

        A prone PF2e creature can only Crawl (`plan_step` with ``crawl``: one square); anything else is
        illegal with the reason "prone: Stand or Crawl"."""
        start = self.token.cell
        prone = self.budget.crawls_when_prone and self.token.has_condition("prone")
        if prone and (waypoints or target != start):
            crawl = self.plan_step(target, "crawl")
            if waypoints or not crawl.legal:
                why = "a Crawl moves one square" if waypoints else crawl.problem
                prone_problem = str(msg("prone: Stand or Crawl ({why})", why=str(why)))
                return replace(crawl, legal=False, problem=prone_problem)
            return crawl
        stops = [start, *waypoints, target]
        path: list[Cell] = [start]
        steps: list[int] = []
        diagonals = 0
        problem: str | None = None
        speed = self.budget.speed
        stride = (0, speed)  # PF2e: no Stride begun yet
        for frm, to in itertools.pairwise(stops):
            if frm == to:
                continue
            leg = self._leg(frm, to, self.budget.diagonals + diagonals, stride, exhaustive)
            if leg is None:
                problem = self.explain_unreachable(frm, to, exhaustive)
                break
            path.extend(leg.path[1:])
            steps.extend(leg.steps)
            diagonals += leg.diagonals
            after = _strides_of(leg.steps, speed, stride)
            past = self.budget.strides_left + 1  # a step dearer than the Speed: past the turn, too far
            stride = after if after is not None else (past, speed)
        bands, actions = self.budget.bands(steps)
        feet = sum(steps)
        if problem is None and len(path) > 1 and path[-1] != target:
            problem = "the path does not reach that square"
        if problem is None and self.budget.speed <= 0 and len(path) > 1:
            problem = str(msg("{name} has a Speed of 0", name=self.token.label))
        if problem is None and any(b == 0 for b in bands):
            problem = self._too_far(feet, actions)
        legal = problem is None
        if legal and len(path) > 1:
            # the engine's own verdict on the whole path (waypoints may end legs on allies' squares)
            verdict = path_cost(self.scene, self.token, path, self.budget.diagonals)
            if not verdict.legal:
                legal, problem = False, verdict.problem
        # A single legal PF2e Step (5 ft, not into difficult terrain) triggers no Reactive Strike.
        from rules.systems.reactions import is_single_step

        step = is_single_step(self.scene, self.token, path, self.budget.diagonals)
        warnings = (
            reaction_warnings(self.scene, self.token, path, self.reactions_used)
            if len(path) > 1 and not step
            else ()
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
            alternating=self._ctx.alternating,
        )

    def plan_step(self, target: Cell, action: str = "step") -> MovePlan:
        """PF2e Step (``step``) or Crawl (``crawl``, while prone): one square, 5 ft, one action. The engine's
        `path_cost` with its ``step`` action judges the square (not into difficult terrain, not a diagonal
        that would cost 10 ft); a Speed of at least 10 ft is needed. A Step triggers no Reactive Strike; a
        Crawl is a move action, so it can. Illegal, with the reason, otherwise (5e has no Step)."""
        name = action.capitalize()
        start, b = self.token.cell, self.budget
        path = (start, target) if target != start else (start,)
        problem: str | None = None
        if not self.scene.rules.step_action:
            problem = f"{name} is a PF2e action; this scene is {self.scene.system}"
        elif max(abs(target.x - start.x), abs(target.y - start.y)) != 1:
            problem = str(msg("a {action} moves exactly one square (5 ft)", action=name))
        elif self.token.speed < 10:
            problem = str(
                msg("{who} needs a Speed of at least 10 ft to {action}", who=self.token.label, action=name)
            )
        elif b.actions_left < 1:
            problem = str(msg("{who} has no action left to {action}", who=self.token.label, action=name))
        steps: tuple[int, ...] = ()
        diagonals = int(target.x != start.x and target.y != start.y) if len(path) > 1 else 0
        if problem is None:
            cost = path_cost(self.scene, self.token, path, self.budget.diagonals, "step")
            steps, diagonals = cost.steps, cost.diagonals
            if not cost.legal:
                problem = (cost.problem or "not a legal square").replace("a Step", f"a {name}")
        feet = sum(steps) if steps else 5 * (len(path) - 1)
        warnings: tuple[ReactionWarning, ...] = ()
        if action == "crawl" and problem is None:
            warnings = reaction_warnings(self.scene, self.token, path, self.reactions_used)
        return MovePlan(
            self.token.id,
            start,
            target,
            (),
            path,
            steps or tuple(5 for _ in path[1:]),
            feet,
            diagonals,
            tuple(b.used_actions + 1 for _ in path[1:]),
            1 if len(path) > 1 else 0,
            problem is None,
            problem,
            warnings,
            b,
            action,
            self._ctx.alternating,
        )

    def _too_far(self, feet: int, actions: int) -> str:
        return self.budget.too_far(feet, actions, self.token.label)

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
                        return str(msg("[{x}, {y}] is impassable", x=cell.x, y=cell.y))
            for j in range(n):
                for i in range(n):
                    other = ctx.no_end_cells.get((to.y + j) * ctx.width + to.x + i)
                    if other is not None:
                        return str(msg("can't end a move in {name}'s space", name=other.label))
            return "can't end a move there"
        if exhaustive:
            return "no way through: walls, impassable terrain or creatures block every path"
        crow = offset_feet(to.x - frm.x, to.y - frm.y, self.scene.options.diagonals)
        if crow > self.cap:
            return str(msg("too far: at least {feet} ft", feet=crow))
        return str(msg("no path within {feet} ft", feet=self.cap))


# ---------------------------------------------------------------------------------------------- overlay


def overlay_bands(
    scene: Scene, token: Token, budget: MoveBudget | TurnLedger | None = None
) -> dict[Cell, int]:
    """Top-left cells where the token can still end a move this turn, by band; the token's own cell is left
    out. A drag to any of them (`MovePlanner.plan` without waypoints) is legal and ends in the same band.

    Movement counted in actions (PF2e Strides, `MoveBudget.stride_feet`): the number in the turn of the last
    Stride of the move with the fewest Strides there (`stride_field`: the engine's step prices, diagonal
    parity carried from the turn's earlier moves, a fresh Stride for this move): the Strides already used
    plus that fewest number, at most `MoveBudget.strides_left` of them. Feet left unused at the end of a
    Stride are lost, so this is not ``ceil(feet / Speed)``: three greater-difficult squares in a row (15 ft
    each) take 3 Strides at Speed 25, not 2. Movement as a pool of feet (5e): `MoveBudget.band_of` the
    movement spent plus the cheapest cost there (1 within Speed, 2 with the Dash), within
    `MoveBudget.feet_left`."""
    if budget is None or isinstance(budget, TurnLedger):
        budget = budget_of(scene, token, budget)
    feet = budget.feet_left
    if budget.speed <= 0 or feet <= 0:
        return {}
    out: dict[Cell, int] = {}
    if budget.stride_feet is not None:
        left = budget.strides_left
        if left <= 0:
            return {}
        ctx = move_context(scene, token)
        field = stride_field(scene, token, token.cell, budget.diagonals, budget.speed, budget.speed, left)
        w, k, used = ctx.width, budget.speed + 1, budget.used_actions
        no_end = ctx.no_end
        start = token.cell.y * w + token.cell.x
        for pos, key in field.labels.items():
            if pos != start and pos not in no_end:
                out[Cell(pos % w, pos // w)] = used + key // k
        return out
    for cell, cost in reachable(scene, token, feet, budget.diagonals).items():
        if cell != token.cell:
            out[cell] = budget.band_of(budget.feet_spent + cost)
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
