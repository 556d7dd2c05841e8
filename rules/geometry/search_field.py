"""One movement search from a start, answering every target inside its cap: the search field.

A drag asks for the cheapest path to the square under the cursor on every mouse move, and the overlay asks
for every square within a budget. Both are answered from one field per (mover, start, diagonal parity,
cap): the least key ``feet * BIG + steps`` (fewest feet, then fewest steps) of every search state
``top-left index * 2 + parity`` whose feet stay within the cap. A target outside the field is out of reach
within the cap, so an unreachable square costs a look-up, not a search of the whole cap.

The field is computed by Dial's algorithm over the feet, vectorised with numpy: step prices are positive,
so the states first settled at ``L`` feet (the frontier) have their final feet and fewest steps when every
smaller level is done; the frontier is expanded in all eight directions at once, and each improved state is
put in the bucket of its new feet. A state reached at the same feet by several frontiers keeps the fewest
steps (the least packed key). This is the same order as the A* it replaces
(`rules.geometry.movement.MoveContext.shortest_path` without a cap), so paths are the same: the cheapest,
then the fewest steps, then the lexicographically smallest list of cells (`path_states`).
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

#: Keys are ``feet * BIG + steps`` (steps < 2 * 1000 * 1000 < BIG).
BIG_BITS = 24
BIG = 1 << BIG_BITS
STEP_MASK = BIG - 1
UNREACHED = np.iinfo(np.int64).max

Int64Array = npt.NDArray[np.int64]
IntArray = npt.NDArray[np.intp]
UInt8Array = npt.NDArray[np.uint8]


@dataclass(frozen=True, slots=True)
class StateTables:
    """A mover's step prices as arrays: ``prices[state, d]`` is the price of direction `d` from search
    state ``index * 2 + parity`` (0: illegal), ``offsets[parity, d]`` the state a step leads to, minus the
    state it leaves."""

    prices: UInt8Array  # (2 * cells, 8)
    offsets: Int64Array  # (2, 8)

    @staticmethod
    def build(cost_even: bytes, cost_odd: bytes, width: int, alternating: bool) -> StateTables:
        from rules.geometry.coords import DIRECTIONS

        n = len(cost_even) // 8
        even = np.frombuffer(cost_even, dtype=np.uint8).reshape(n, 8)
        odd = np.frombuffer(cost_odd, dtype=np.uint8).reshape(n, 8)
        prices = np.stack([even, odd], axis=1).reshape(2 * n, 8)
        off = np.array([dx + dy * width for dx, dy in DIRECTIONS], dtype=np.int64)
        flip = np.array([1 if (d & 1 and alternating) else 0 for d in range(8)], dtype=np.int64)
        offsets = np.stack([off * 2 + flip, off * 2 - flip])
        return StateTables(prices, offsets)


@dataclass(frozen=True, slots=True)
class SearchField:
    """The least key of every state within `cap` feet of `start` (a state index), `UNREACHED` elsewhere."""

    start: int
    cap: int
    keys: Int64Array

    def key(self, state: int) -> int:
        return int(self.keys[state])

    def feet_per_position(
        self, most: int | None = None, leave_out: npt.NDArray[np.bool_] | None = None
    ) -> tuple[IntArray, IntArray]:
        """The top-left indexes reached within `most` feet (default: the cap) and not marked in `leave_out`
        (per index), and the fewest feet to each (either parity)."""
        keys = self.keys.reshape(-1, 2).min(axis=1)
        limit = UNREACHED if most is None else ((most + 1) << BIG_BITS)
        ok = keys < limit
        if leave_out is not None:
            ok &= ~leave_out
        reached = np.flatnonzero(ok)
        return reached, keys[reached] >> BIG_BITS


def search_field(tables: StateTables, start: int, cap: int) -> SearchField:
    """Dial's algorithm from search state `start` over every state whose feet stay within `cap`."""
    prices, offsets = tables.prices, tables.offsets
    keys: Int64Array = np.full(len(prices), UNREACHED, dtype=np.int64)
    keys[start] = 0
    buckets: dict[int, list[Int64Array]] = {0: [np.array([start], dtype=np.int64)]}
    levels = [0]
    while levels:
        level = heapq.heappop(levels)
        parts = buckets.pop(level)
        frontier = parts[0] if len(parts) == 1 else _distinct(np.concatenate(parts))
        current = keys[frontier]
        settled = (current >> BIG_BITS) == level  # the rest was improved to fewer feet since
        if not settled.all():
            frontier, current = frontier[settled], current[settled]
            if not len(frontier):
                continue
        step = prices[frontier].astype(np.int64)  # (k, 8)
        feet = step + level
        ok = (step > 0) & (feet <= cap)
        nxt = (frontier[:, None] + offsets[frontier & 1])[ok]
        new = ((feet << BIG_BITS) + ((current & STEP_MASK) + 1)[:, None])[ok]
        better = new < keys[nxt]
        nxt, new = _distinct_best(nxt[better], new[better])
        if not len(nxt):
            continue
        keys[nxt] = new
        new_feet = new >> BIG_BITS
        distinct = set(new_feet.tolist())
        if len(distinct) == 1:
            groups = [(distinct.pop(), nxt)]
        else:
            groups = [(f, nxt[new_feet == f]) for f in distinct]
        for f, chosen in groups:
            bucket = buckets.get(f)
            if bucket is None:
                buckets[f] = [chosen]
                heapq.heappush(levels, f)
            else:
                bucket.append(chosen)
    keys.setflags(write=False)
    return SearchField(start, cap, keys)


def _distinct(states: Int64Array) -> Int64Array:
    """The distinct values of `states`, sorted."""
    states = np.sort(states)
    if len(states) < 2:
        return states
    keep = np.empty(len(states), dtype=bool)
    keep[0] = True
    np.not_equal(states[1:], states[:-1], out=keep[1:])
    return states[keep]


def _distinct_best(states: Int64Array, new: Int64Array) -> tuple[Int64Array, Int64Array]:
    """Each distinct state of `states` once, with its least key of `new`."""
    if len(states) < 2:
        return states, new
    order = np.lexsort((new, states))  # by state, then key
    states, new = states[order], new[order]
    keep = np.empty(len(states), dtype=bool)
    keep[0] = True
    np.not_equal(states[1:], states[:-1], out=keep[1:])
    return states[keep], new[keep]


def path_states(
    field: SearchField,
    target: int,
    prices: Sequence[bytes],
    offsets: Sequence[int],
    state_steps: Sequence[Sequence[int]],
    by_cell: Sequence[int],
    cells: int,
    alternating: bool,
) -> list[int] | None:
    """The states of the chosen path from the field's start to top-left index `target`, or None when the
    target is outside the field. Among the cheapest paths (fewest feet, then fewest steps) it takes, from the
    start, the smallest next cell (`by_cell` order) that still lies on one of them.

    `prices` are the cost tables by parity (``index * 8 + direction``), `offsets` the index offset of each
    direction, `state_steps` the state offsets by parity and direction."""
    keys = field.keys
    ends = [s for s in (target * 2, target * 2 + 1) if keys[s] != UNREACHED]
    if not ends:
        return None
    best = min(int(keys[s]) for s in ends)
    # States on some optimal path: walk optimal edges backwards from the optimal goal states.
    useful: set[int] = {s for s in ends if keys[s] == best}
    stack = list(useful)
    while stack:
        v = stack.pop()
        pv, gv = v >> 1, int(keys[v])
        for d in range(8):
            pu = pv - offsets[d]
            if not 0 <= pu < cells:
                continue
            pu_par = (v & 1) ^ (1 if (d & 1 and alternating) else 0)
            u = pu * 2 + pu_par
            if u in useful:
                continue
            gu = int(keys[u])
            if gu == UNREACHED:
                continue
            k = prices[pu_par][pu * 8 + d]
            if k and gu + k * BIG + 1 == gv:
                useful.add(u)
                stack.append(u)
    # Walk forward from the start taking the smallest next cell among optimal continuations.
    s = field.start
    path = [s]
    while not ((s >> 1) == target and keys[s] == best):
        table, sd = prices[s & 1], state_steps[s & 1]
        b = (s >> 1) * 8
        here = int(keys[s])
        for d in by_cell:
            k = table[b + d]
            if not k:
                continue
            ns = s + sd[d]
            if ns in useful and keys[ns] == here + k * BIG + 1:
                s = ns
                break
        else:  # pragma: no cover - the optimal DAG always continues
            raise AssertionError("path reconstruction lost its way")
        path.append(s)
    return path
