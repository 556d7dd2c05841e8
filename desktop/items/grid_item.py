"""The 5-ft grid: one item that draws only the lines inside the exposed rectangle.

Thin cosmetic lines (one device pixel at any zoom); every fifth line slightly stronger; minor lines are
left out when a square is smaller than 6 screen pixels, so a zoomed-out 120×120 map stays readable and fast.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from rules.scene import Grid

from desktop.items import Z_GRID
from desktop.style import CELL, GRID_LINE, GRID_LINE_MAJOR


class GridItem(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_GRID)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self._width = 0
        self._height = 0
        self._minor = QPen(GRID_LINE, 0)
        self._major = QPen(GRID_LINE_MAJOR, 0)
        self._minor.setCosmetic(True)
        self._major.setCosmetic(True)

    def set_grid(self, grid: Grid) -> None:
        if (grid.width, grid.height) != (self._width, self._height):
            self.prepareGeometryChange()
            self._width, self._height = grid.width, grid.height
            self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self._width * CELL, self._height * CELL)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())  # type: ignore[attr-defined]
        square_px = CELL * lod
        rect = option.exposedRect.intersected(self.boundingRect())  # type: ignore[attr-defined]
        if rect.isEmpty():
            return
        x0 = max(0, math.floor(rect.left() / CELL))
        x1 = min(self._width, math.ceil(rect.right() / CELL))
        y0 = max(0, math.floor(rect.top() / CELL))
        y1 = min(self._height, math.ceil(rect.bottom() / CELL))
        top, bottom = y0 * CELL, y1 * CELL
        left, right = x0 * CELL, x1 * CELL
        minor: list[QLineF] = []
        major: list[QLineF] = []
        step = 1 if square_px >= 6 else 5
        for x in range(x0, x1 + 1):
            if x % step:
                continue
            line = QLineF(x * CELL, top, x * CELL, bottom)
            (major if x % 5 == 0 or x in (0, self._width) else minor).append(line)
        for y in range(y0, y1 + 1):
            if y % step:
                continue
            line = QLineF(left, y * CELL, right, y * CELL)
            (major if y % 5 == 0 or y in (0, self._height) else minor).append(line)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        if minor:
            painter.setPen(self._minor)
            painter.drawLines(minor)
        if major:
            painter.setPen(self._major)
            painter.drawLines(major)
