"""Measuring with the ruler: feet along waypoints by the scene's diagonal rule (`Scene.rules.diagonals`).

Ruler ends snap to square centres (distances count squares, like movement with no terrain), to grid
corners (for templates from an intersection), or to a token's space (creature distances: from the nearest
square of its space, as the rules measure range). Legs chain the diagonal count, so under the alternating
rule the second diagonal of the whole ruler costs 10 ft even when it is in a later leg. The feet come from
`rules.geometry.distance`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from rules.geometry.distance import offset_feet, space_offset
from rules.model.scene import Scene


@dataclass(frozen=True, slots=True)
class Anchor:
    """A ruler point: a square ``(x, y)``, a corner ``(X, Y)`` or a token's space (top-left + side)."""

    kind: str  # "cell", "corner" or "token"
    x: int
    y: int
    side: int = 1
    token_id: str | None = None

    @property
    def centre(self) -> tuple[float, float]:
        if self.kind == "corner":
            return float(self.x), float(self.y)
        return self.x + self.side / 2, self.y + self.side / 2


@dataclass(frozen=True, slots=True)
class Measurement:
    feet: int
    legs: tuple[int, ...]
    squares: int  # steps counted (each square moved, diagonal or not)
    diagonals: int


def leg_offset(a: Anchor, b: Anchor) -> tuple[int, int]:
    """Offset in squares between two anchors: corner to corner exactly, otherwise between the nearest
    squares of the two spaces (a square is a 1×1 space)."""
    if a.kind == "corner" and b.kind == "corner":
        return b.x - a.x, b.y - a.y
    return space_offset((a.x, a.y), a.side, (b.x, b.y), b.side)


def measure(scene: Scene, anchors: Sequence[Anchor]) -> Measurement:
    mode = scene.rules.diagonals
    diagonals = 0
    squares = 0
    legs: list[int] = []
    for a, b in itertools.pairwise(anchors):
        dx, dy = leg_offset(a, b)
        legs.append(offset_feet(dx, dy, mode, diagonals))
        diagonals += min(abs(dx), abs(dy))
        squares += max(abs(dx), abs(dy))
    return Measurement(sum(legs), tuple(legs), squares, diagonals)
