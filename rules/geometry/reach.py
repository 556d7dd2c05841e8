"""Reach: which squares a creature can reach from its space.

A square is within reach when the count from the nearest square of the creature's space to it (in the
scene's diagonal mode, no terrain, walls ignored) is at most the reach. PF2e exception: 10-ft reach reaches
2 squares diagonally (the 5/10 count would make that 15 ft). Reach 0 reaches nothing outside the own space
(a PF2e tiny creature must enter its target's square). The own space is never listed.
"""

from __future__ import annotations

from rules.geometry.coords import Cell
from rules.geometry.distance import offset_feet, space_offset
from rules.scene import Scene, Token


def offset_in_reach(dx: int, dy: int, feet: int, mode: str, pf2e: bool) -> bool:
    """Is a square at offset (dx, dy) squares from the nearest square of the space within `feet`?"""
    if dx == 0 and dy == 0:
        return True
    if feet <= 0:
        return False
    if pf2e and feet == 10 and max(abs(dx), abs(dy)) <= 2:
        return True
    return offset_feet(dx, dy, mode) <= feet


def token_reach(token: Token, extra_feet: int = 0) -> int:
    return token.reach + extra_feet


def reach_cells(scene: Scene, token: Token, feet: int | None = None, *, clip: bool = True) -> list[Cell]:
    """Squares within `feet` (default: the token's reach) of `token`'s space, own space excluded,
    sorted by x then y. With `clip`, only squares on the grid."""
    reach = token.reach if feet is None else feet
    if reach <= 0:
        return []
    n = token.side_squares
    r = reach // 5 + 1
    x0, y0 = token.cell
    mode = scene.options.diagonals
    out: list[Cell] = []
    for x in range(x0 - r, x0 + n + r):
        for y in range(y0 - r, y0 + n + r):
            if x0 <= x < x0 + n and y0 <= y < y0 + n:
                continue
            if clip and not scene.grid.contains(x, y):
                continue
            dx, dy = space_offset((x0, y0), n, (x, y), 1)
            if offset_in_reach(dx, dy, reach, mode, scene.is_pf2e):
                out.append(Cell(x, y))
    out.sort()
    return out


def within_reach(scene: Scene, attacker: Token, target: Token, feet: int | None = None) -> bool:
    """True when any square of `target`'s space is within `feet` (default: attacker's reach) of
    `attacker`'s space, or the spaces overlap (a tiny creature in the target's square)."""
    reach = attacker.reach if feet is None else feet
    dx, dy = space_offset(attacker.cell, attacker.side_squares, target.cell, target.side_squares)
    return offset_in_reach(dx, dy, reach, scene.options.diagonals, scene.is_pf2e)
