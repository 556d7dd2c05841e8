"""Counting squares: the alternating (5/10) and five-foot diagonal counts, and distance between spaces.

Alternating count (PF2e always; D&D 5e with ``diagonals: "alternating"``): the first diagonal in a turn
costs 5 ft, the second 10 ft, and so on. An offset ``(dx, dy)`` walked in a straight line costs
``5 * (max + floor(min / 2))`` squares' worth with no diagonal taken before. Five-foot count: every step
is 5 ft, so the offset costs ``5 * max(|dx|, |dy|)``.
"""

from __future__ import annotations

ALTERNATING = "alternating"
FIVE = "five"
DIAGONAL_MODES = (ALTERNATING, FIVE)


def offset_feet(dx: int, dy: int, mode: str, diagonals_before: int = 0) -> int:
    """Cost in feet of the offset ``(dx, dy)`` with no obstacles.

    With the alternating count and an odd `diagonals_before`, the first diagonal costs 10 ft.
    """
    ax, ay = abs(dx), abs(dy)
    hi, lo = (ax, ay) if ax >= ay else (ay, ax)
    if mode == FIVE:
        return 5 * hi
    extra = (lo + (diagonals_before & 1)) // 2
    return 5 * (hi + extra)


def gap(a0: int, a1: int, b0: int, b1: int) -> int:
    """Number of whole squares strictly between two closed integer intervals ``[a0, a1]`` and ``[b0, b1]``,
    as a signed offset in squares between their nearest members (0 when they overlap)."""
    if a1 < b0:
        return b0 - a1
    if b1 < a0:
        return a0 - b1
    return 0


def space_offset(a: tuple[int, int], a_side: int, b: tuple[int, int], b_side: int) -> tuple[int, int]:
    """Offset in squares between the nearest squares of two square spaces (top-left + side)."""
    dx = gap(a[0], a[0] + a_side - 1, b[0], b[0] + b_side - 1)
    dy = gap(a[1], a[1] + a_side - 1, b[1], b[1] + b_side - 1)
    return dx, dy


def space_distance(a: tuple[int, int], a_side: int, b: tuple[int, int], b_side: int, mode: str) -> int:
    """Distance in feet between two spaces: the count from the nearest square of one to the nearest square of
    the other (adjacent = 5 ft, overlapping = 0)."""
    dx, dy = space_offset(a, a_side, b, b_side)
    return offset_feet(dx, dy, mode)


def offset_in_reach(dx: int, dy: int, feet: int, mode: str, pf2e: bool) -> bool:
    """Is a square at offset (dx, dy) squares from the nearest square of the space within `feet`?"""
    if dx == 0 and dy == 0:
        return True
    if feet <= 0:
        return False
    if pf2e and feet == 10 and max(abs(dx), abs(dy)) <= 2:
        return True
    return offset_feet(dx, dy, mode) <= feet
