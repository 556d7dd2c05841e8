"""Converting between grid coordinates (cells, corner points) and QGraphicsScene coordinates.

One grid square is `CELL` scene units; corner point (X, Y) is at scene (X·CELL, Y·CELL), so cell [x, y]
covers the scene rectangle from (x·CELL, y·CELL) to ((x+1)·CELL, (y+1)·CELL).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF

from desktop.look.style import CELL
from rules.geometry.coords import Cell, Point


def cell_at(pos: QPointF) -> Cell:
    """The cell containing scene point `pos` (a point on a grid line belongs to the cell right/below)."""
    return Cell(math.floor(pos.x() / CELL), math.floor(pos.y() / CELL))


def nearest_corner(pos: QPointF) -> Point:
    return Point(float(round(pos.x() / CELL)), float(round(pos.y() / CELL)))


def cell_rect(cell: tuple[int, int], side: int = 1) -> QRectF:
    return QRectF(cell[0] * CELL, cell[1] * CELL, side * CELL, side * CELL)


def space_centre(cell: tuple[int, int], side: int = 1) -> QPointF:
    return QPointF((cell[0] + side / 2) * CELL, (cell[1] + side / 2) * CELL)


def to_scene(p: tuple[float, float]) -> QPointF:
    return QPointF(p[0] * CELL, p[1] * CELL)


def from_scene(pos: QPointF) -> Point:
    return Point(pos.x() / CELL, pos.y() / CELL)


def cells_in_rect(a: Cell, b: Cell) -> list[Cell]:
    """Every cell of the rectangle spanned by two corner cells (inclusive), row by row."""
    x0, x1 = sorted((a.x, b.x))
    y0, y1 = sorted((a.y, b.y))
    return [Cell(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
