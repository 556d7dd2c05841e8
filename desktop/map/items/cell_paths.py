"""Turning sets of cells into few QPainterPath rectangles (runs along each row) for fast filling."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QPainterPath

from desktop.look.style import CELL
from rules.geometry.coords import Cell


def row_runs(cells: Iterable[Cell]) -> list[tuple[int, int, int]]:
    """``(y, x_start, x_end_exclusive)`` runs of horizontally adjacent cells."""
    rows: dict[int, list[int]] = {}
    for c in cells:
        rows.setdefault(c.y, []).append(c.x)
    runs: list[tuple[int, int, int]] = []
    for y, xs in rows.items():
        xs.sort()
        start = prev = xs[0]
        for x in xs[1:]:
            if x == prev + 1:
                prev = x
                continue
            if x == prev:
                continue
            runs.append((y, start, prev + 1))
            start = prev = x
        runs.append((y, start, prev + 1))
    return runs


def cells_path(cells: Iterable[Cell]) -> QPainterPath:
    path = QPainterPath()
    for y, x0, x1 in row_runs(cells):
        path.addRect(QRectF(x0 * CELL, y * CELL, (x1 - x0) * CELL, CELL))
    return path


def outline_segments(cells: set[Cell]) -> list[QLineF]:
    """The edges between a cell of `cells` and a cell outside it: the region's outline."""
    lines: list[QLineF] = []
    for c in cells:
        x, y = c.x * CELL, c.y * CELL
        if Cell(c.x, c.y - 1) not in cells:
            lines.append(QLineF(x, y, x + CELL, y))
        if Cell(c.x, c.y + 1) not in cells:
            lines.append(QLineF(x, y + CELL, x + CELL, y + CELL))
        if Cell(c.x - 1, c.y) not in cells:
            lines.append(QLineF(x, y, x, y + CELL))
        if Cell(c.x + 1, c.y) not in cells:
            lines.append(QLineF(x + CELL, y, x + CELL, y + CELL))
    return lines
