"""Vertical play: token elevation as a third grid axis for distance, reach, range, areas, cover and flanking.

Both systems count height like a third grid axis with their own diagonal count (rules.md "Distance and
movement"; issue 16):

* A token stands with the bottom of its space at ``elevation`` feet and fills a cube: a creature of side
  *n* squares is *n* squares tall (**Ruling**: tiny to medium 5 ft, large 10 ft, …). Its vertical squares
  are ``floor(elevation / 5)`` up to ``floor(elevation / 5) + n − 1`` (**Ruling**: an elevation that isn't a
  multiple of 5 ft counts in the 5-ft level it lies in).
* The offset between two spaces is ``(dx, dy, dz)``: the squares between their nearest squares along each
  axis (0 when they overlap on that axis). Its cost is that of the 2-D offset ``(a, b)`` where ``a ≥ b ≥ c``
  are the axis offsets sorted: a step may change all three axes at once and counts as one diagonal, so the
  path is ``c`` steps diagonal on three axes, ``b − c`` on two and ``a − b`` straight — ``b`` diagonals in
  all. PF2e (alternating 5/10): ``5 · (a + ⌊b/2⌋)``; 5e five-foot count: ``5 · a``.
* Reach and range use that count, including the PF2e 10-ft reach exception (2 squares in every direction,
  up and down included).

Areas (**Ruling**): an area's cells are its template on the map; its vertical extent is measured from the
area's origin height (``elevation`` of the area, default 0 ft; an emanation's creator's space): a burst,
sphere, cylinder or cone of R ft reaches the R/5 levels above and the R/5 below its origin point (which
lies on a level boundary, as its corner does on the map), an emanation R ft above the top and below the
bottom of its creator's space, a cube of S ft from its origin height up to S ft above it, a line only the
5-ft level it runs in. A creature in the area's cells is affected only when its
vertical squares come within that extent.

Cover (**Ruling**): walls and impassable cells are taken to be as tall as any fight (they block at every
height); a creature gives cover only if its vertical squares overlap the levels spanned by the attacker and
the target, from the lower one's bottom to the higher one's top (a flyer passing 30 ft above two creatures on
the ground doesn't cover one from the other; a creature on the ground between an archer on the ground and a
flyer does). From an area's origin the span runs from the ground to the target.

Flanking: PF2e reach and 5e adjacency count elevation like every other distance; the line between the
flankers is judged on the map.

Flyers: a token whose 5-ft levels don't overlap the mover's (one flies above the other) isn't in its way
(`blocks_ground`; `rules.geometry.movement`); a mover off the ground ignores difficult and hazardous ground
but not impassable cells; a flyer is in melee reach of a ground creature only if the 3-D count allows it,
and the squares it reaches on the ground (`rules.geometry.reach.reach_cells`) count its height.
"""

from __future__ import annotations

from rules.geometry.distance import FIVE, gap, offset_feet, offset_in_reach
from rules.model.scene import Token

SQUARE_FT = 5


def level(elevation: int) -> int:
    """The 5-ft level an elevation in feet lies in (``floor(elevation / 5)``; negative for below ground)."""
    return elevation // SQUARE_FT


def vertical_squares(token: Token) -> tuple[int, int]:
    """The first and last 5-ft level the token's space fills (inclusive)."""
    lo = level(token.elevation)
    return lo, lo + token.side_squares - 1


def vertical_offset(a: Token, b: Token) -> int:
    """Squares between the nearest levels of two tokens (0 when their heights overlap), signed like `gap`."""
    a0, a1 = vertical_squares(a)
    b0, b1 = vertical_squares(b)
    return gap(a0, a1, b0, b1)


def fold(dx: int, dy: int, dz: int) -> tuple[int, int]:
    """The 2-D offset that costs what the 3-D offset costs: the largest and the middle axis offset."""
    a, b, _ = sorted((abs(dx), abs(dy), abs(dz)), reverse=True)
    return a, b


def offset_feet_3d(dx: int, dy: int, dz: int, mode: str, diagonals_before: int = 0) -> int:
    """Cost in feet of the offset ``(dx, dy, dz)`` squares in the diagonal count `mode` (see the module)."""
    if mode == FIVE:
        return SQUARE_FT * max(abs(dx), abs(dy), abs(dz))
    a, b = fold(dx, dy, dz)
    return offset_feet(a, b, mode, diagonals_before)


def space_offset_3d(a: Token, b: Token) -> tuple[int, int, int]:
    """Offset in squares between the nearest squares of two tokens' spaces, elevation included."""
    n, m = a.side_squares, b.side_squares
    dx = gap(a.cell.x, a.cell.x + n - 1, b.cell.x, b.cell.x + m - 1)
    dy = gap(a.cell.y, a.cell.y + n - 1, b.cell.y, b.cell.y + m - 1)
    return dx, dy, vertical_offset(a, b)


def token_distance(a: Token, b: Token, mode: str) -> int:
    """Feet between two tokens counting elevation (adjacent = 5 ft, overlapping = 0)."""
    dx, dy, dz = space_offset_3d(a, b)
    return offset_feet_3d(dx, dy, dz, mode)


def in_reach_3d(a: Token, b: Token, feet: int, mode: str, pf2e: bool) -> bool:
    """Is any square of `b`'s space within `feet` of `a`'s space, elevation counted (the PF2e 10-ft reach
    exception included: 2 squares in every direction)?"""
    dx, dy, dz = space_offset_3d(a, b)
    x, y = fold(dx, dy, dz)
    return offset_in_reach(x, y, feet, mode, pf2e)


def overlaps_levels(token: Token, lo: int, hi: int) -> bool:
    """Does the token's space fill any 5-ft level from `lo` to `hi` (inclusive)?"""
    t0, t1 = vertical_squares(token)
    return t0 <= hi and lo <= t1


def levels_between(a: Token, b: Token) -> tuple[int, int]:
    """The levels spanned by two tokens, from the lowest of either to the highest of either."""
    a0, a1 = vertical_squares(a)
    b0, b1 = vertical_squares(b)
    return min(a0, b0), max(a1, b1)


def blocks_ground(mover: Token, other: Token) -> bool:
    """Does `other`'s space stand in the way of `mover` at the mover's height? False for a flyer above the
    mover (or a mover flying over it): their levels don't overlap."""
    m0, m1 = vertical_squares(mover)
    return overlaps_levels(other, m0, m1)


def area_levels(
    shape: str, feet: int, origin_elevation: int, creator: Token | None = None
) -> tuple[int, int]:
    """The 5-ft levels an area reaches (inclusive; see the module's ruling on areas)."""
    up = feet // SQUARE_FT
    if shape == "emanation" and creator is not None:
        lo, hi = vertical_squares(creator)
        return lo - up, hi + up
    base = level(origin_elevation)
    if shape == "cube":
        return base, base + max(up - 1, 0)
    if shape == "line":
        return base, base
    # The origin point lies on the boundary between level base − 1 and level base.
    return base - up, base + max(up - 1, 0)


def in_area_levels(
    token: Token, shape: str, feet: int, origin_elevation: int, creator: Token | None = None
) -> bool:
    """Is the token within the vertical extent of the area (see the module's ruling)?"""
    lo, hi = area_levels(shape, feet, origin_elevation, creator)
    return overlaps_levels(token, lo, hi)


def any_elevation(*tokens: Token) -> bool:
    """True when any token stands off the ground (the flat fast paths apply otherwise)."""
    return any(t.elevation != 0 for t in tokens)
