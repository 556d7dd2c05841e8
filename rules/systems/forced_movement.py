"""Forced movement on the grid: a creature pushed straight away from another (Shove), square by square.

The direction is the one of the eight grid directions nearest to the line from the pusher's centre to the
pushed creature's centre (so it moves directly away). Each 5-ft square of the push must be a legal step for
the pushed creature (on the grid, no wall crossed, no impassable square: `rules.geometry.movement.step_legal`)
and end where no other creature stands; the push stops before the first square that isn't, and says why.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.geometry.coords import Cell
from rules.model.scene import Scene, Token

_DIRS: tuple[tuple[int, int], ...] = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


@dataclass(frozen=True, slots=True)
class ForcedMove:
    """A push of `token_id` by up to `feet`: the cells its top-left passes (the last is where it ends),
    how far it really moved, and why it stopped short (None when it went the whole way)."""

    token_id: str
    feet: int
    direction: tuple[int, int]
    path: tuple[Cell, ...]
    moved_feet: int
    stopped_by: str | None

    @property
    def destination(self) -> Cell:
        return self.path[-1]


def away_direction(pusher: Token, pushed: Token) -> tuple[int, int]:
    """The grid direction nearest to the line from `pusher`'s centre to `pushed`'s centre."""
    a, b = pusher.centre(), pushed.centre()
    dx, dy = b.x - a.x, b.y - a.y
    if dx == 0 and dy == 0:
        return (1, 0)
    angle = math.atan2(dy, dx)
    index = round(angle / (math.pi / 4)) % 8
    return _DIRS[index]


def _occupied(scene: Scene, mover: Token, cell: Cell) -> str | None:
    n = mover.side_squares
    mine = {Cell(cell.x + i, cell.y + j) for j in range(n) for i in range(n)}
    for other in scene.tokens:
        if other.id == mover.id or other.elevation != mover.elevation:
            continue
        if mine & set(other.squares()):
            return other.id
    return None


def push(scene: Scene, pusher: Token, pushed: Token, feet: int) -> ForcedMove:
    """Push `pushed` straight away from `pusher` by up to `feet` (a multiple of 5), see the module
    docstring. Diagonal squares count 5 ft each here (forced movement moves a number of squares)."""
    from rules.geometry.movement import step_legal

    if feet < 0 or feet % 5:
        raise ValueError(f"a push is a multiple of 5 ft, not {feet}")
    direction = away_direction(pusher, pushed)
    path = [pushed.cell]
    stopped: str | None = None
    for _ in range(feet // 5):
        here = path[-1]
        there = Cell(here.x + direction[0], here.y + direction[1])
        problem = step_legal(scene, pushed, here, there)
        if problem is None:
            who = _occupied(scene, pushed, there)
            if who is not None:
                problem = f"{who} is in the way"
        if problem is not None:
            stopped = problem
            break
        path.append(there)
    return ForcedMove(pushed.id, feet, direction, tuple(path), 5 * (len(path) - 1), stopped)
