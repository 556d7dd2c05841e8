"""Flanking (rules.md "Flanking" and "Conditions that change the numbers").

Two creatures flank an enemy when the segment between their centres passes through opposite sides or
opposite corners of the enemy's space: it meets both the left and the right edge, or both the top and the
bottom edge, of the space. Edges are closed, so meeting an edge at a corner counts; the test is exact
(coordinates are compared as fractions). Both must be hostile to the enemy (a different side) and allies of
each other (the same side).

* PF2e (always on): each flanker can act and can make a melee attack (`can_flank`), has the enemy within
  its melee reach (its own reach, +5 ft when one of its melee attacks has the ``reach`` trait; the largest
  counts) and has line of effect to it (a wall between them breaks flanking). The line joins the centres of
  the two spaces.
* D&D 5e (only with the optional rule, ``options.flanking``): each flanker is not incapacitated, can see the
  enemy, and has a square adjacent to it (within 5 ft, diagonals included). A Large or larger flanker counts
  if any one of its adjacent squares works: the line then starts at that square's centre.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.geometry.coords import Cell, Point
from rules.geometry.distance import space_offset
from rules.geometry.reach import (  # who can threaten and how far: one home, rules.geometry.reach
    DND_INCAPACITATED as DND_INCAPACITATED,
)
from rules.geometry.reach import PF2E_CANT_FLANK as PF2E_CANT_FLANK
from rules.geometry.reach import can_flank, melee_reach, within_reach
from rules.geometry.sight import can_see, line_of_effect
from rules.model.scene import Scene, Token


@dataclass(frozen=True, slots=True)
class FlankResult:
    """Whether the attacker flanks the target; the allies it flanks with (sorted by code point); one line
    (between the two flankers' centres, or their qualifying squares' centres in 5e) per ally, same order."""

    flanking: bool
    with_ids: tuple[str, ...]
    lines: tuple[tuple[Point, Point], ...]


NO_FLANK = FlankResult(False, (), ())


def _meets_vertical(
    p: tuple[Fraction, Fraction], q: tuple[Fraction, Fraction], x: Fraction, y0: Fraction, y1: Fraction
) -> bool:
    (px, py), (qx, qy) = p, q
    if px == qx:
        return px == x and max(min(py, qy), y0) <= min(max(py, qy), y1)
    t = (x - px) / (qx - px)
    if not 0 <= t <= 1:
        return False
    y = py + t * (qy - py)
    return y0 <= y <= y1


def through_opposite_sides(p: Point, q: Point, cell: tuple[int, int], side: int) -> bool:
    """True when segment p→q meets both the left and right edges, or both the top and bottom edges, of the
    square space at `cell` with `side` squares (closed edges: corners count)."""
    fp = (Fraction(p[0]), Fraction(p[1]))
    fq = (Fraction(q[0]), Fraction(q[1]))
    x0, y0 = Fraction(cell[0]), Fraction(cell[1])
    x1, y1 = x0 + side, y0 + side
    if _meets_vertical(fp, fq, x0, y0, y1) and _meets_vertical(fp, fq, x1, y0, y1):
        return True
    # Top and bottom edges: the same test with x and y swapped.
    sp, sq = (fp[1], fp[0]), (fq[1], fq[0])
    return _meets_vertical(sp, sq, y0, x0, x1) and _meets_vertical(sp, sq, y1, x0, x1)


def _flank_points(scene: Scene, flanker: Token, enemy: Token) -> list[Point]:
    """The points a flanker's flanking line may start from (empty when it can't flank `enemy`)."""
    if flanker.id == enemy.id or flanker.side == enemy.side or not can_flank(scene, flanker):
        return []
    if scene.rules.flank_by_reach:
        reach = melee_reach(flanker)
        if reach is None or not within_reach(scene, flanker, enemy, reach):
            return []
        if not line_of_effect(scene, flanker, enemy):
            return []
        return [flanker.centre()]
    if not can_see(scene, flanker, enemy):
        return []
    if flanker.elevation or enemy.elevation:
        from rules.geometry.elevation import vertical_offset

        if abs(vertical_offset(flanker, enemy)) > 1:  # not adjacent counting elevation
            return []
    out: list[Point] = []
    for sq in flanker.squares():
        dx, dy = space_offset(sq, 1, enemy.cell, enemy.side_squares)
        if max(abs(dx), abs(dy)) == 1:
            out.append(Cell(sq.x, sq.y).centre)
    return out


def flanking(scene: Scene, attacker: Token, target: Token) -> FlankResult:
    """Does `attacker` flank `target` together with an ally, and with which ones? Allies are the scene's
    other tokens on the attacker's side (the attacker and target are matched by id, so a moved copy of a
    scene token may be passed). With 5e and ``options.flanking`` false, never."""
    if not scene.rules.flanking:
        return NO_FLANK
    mine = _flank_points(scene, attacker, target)
    if not mine:
        return NO_FLANK
    with_ids: list[str] = []
    lines: list[tuple[Point, Point]] = []
    allies = sorted(
        (t for t in scene.tokens if t.side == attacker.side and t.id not in (attacker.id, target.id)),
        key=lambda t: t.id,
    )
    for ally in allies:
        found = _flank_line(mine, _flank_points(scene, ally, target), target)
        if found is not None:
            with_ids.append(ally.id)
            lines.append(found)
    return FlankResult(bool(with_ids), tuple(with_ids), tuple(lines))


def _flank_line(mine: list[Point], theirs: list[Point], target: Token) -> tuple[Point, Point] | None:
    for p in mine:
        for q in theirs:
            if through_opposite_sides(p, q, target.cell, target.side_squares):
                return (p, q)
    return None
