"""Coordinates on the square grid.

Cell ``[x, y]`` covers the unit square ``[x, x+1] × [y, y+1]``; x grows right, y grows **down**.
Points use the same units with corner ``(0, 0)`` the top-left corner of cell ``[0, 0]``; the centre of
cell ``[x, y]`` is ``(x + 0.5, y + 0.5)``. One square is 5 feet. Directions are degrees with 0 = east,
90 = south (y down), 180 = west, 270 = north.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

FEET_PER_SQUARE = 5

SIZES: tuple[str, ...] = ("tiny", "small", "medium", "large", "huge", "gargantuan")
SIZE_SQUARES: dict[str, int] = {"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3, "gargantuan": 4}
SIZE_RANK: dict[str, int] = {name: i for i, name in enumerate(SIZES)}

#: The eight one-square steps ``(dx, dy)``, clockwise from east (y grows down); even index = orthogonal,
#: odd index = diagonal, index k points at 45°·k.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
)


class Cell(NamedTuple):
    """A grid square, by its integer column and row. Immutable (a tuple), ordered by x then y."""

    x: int
    y: int

    def offset(self, dx: int, dy: int) -> Cell:
        return Cell(self.x + dx, self.y + dy)

    @property
    def centre(self) -> Point:
        return Point(self.x + 0.5, self.y + 0.5)


class Point(NamedTuple):
    """A point in corner coordinates (grid intersections are whole numbers)."""

    x: float
    y: float


def side_squares(size: str) -> int:
    """Side of a creature's square space, in squares."""
    return SIZE_SQUARES[size]


def footprint(cell: tuple[int, int], size: str) -> list[Cell]:
    """Every square of a space whose top-left square is `cell`, row by row."""
    n = SIZE_SQUARES[size]
    x0, y0 = cell
    return [Cell(x0 + i, y0 + j) for j in range(n) for i in range(n)]


def iter_footprint(x0: int, y0: int, n: int) -> Iterator[Cell]:
    for j in range(n):
        for i in range(n):
            yield Cell(x0 + i, y0 + j)


def space_centre(cell: tuple[int, int], size: str) -> Point:
    """Centre point of a space (for Large: a grid corner)."""
    n = SIZE_SQUARES[size]
    return Point(cell[0] + n / 2, cell[1] + n / 2)


def space_bounds(cell: tuple[int, int], size: str) -> tuple[int, int, int, int]:
    """``(x0, y0, x1, y1)`` corner coordinates of a space."""
    n = SIZE_SQUARES[size]
    return cell[0], cell[1], cell[0] + n, cell[1] + n
