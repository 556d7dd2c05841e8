"""Terrain (difficult, greater difficult, hazardous, impassable): one item for all of it.

The cells of each kind are kept as row runs (rebuilt only when the terrain changes). Painting draws only
the runs inside the exposed rectangle, with a tint and a hatch pattern whose lines keep the same screen
spacing at every zoom. Zoomed far out (a square smaller than 10 screen pixels) the whole layer is one small
image, one pixel per square, stretched over the grid.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from rules.geometry.coords import Cell
from rules.scene import TERRAIN_KINDS

from desktop.items import Z_TERRAIN
from desktop.items.cell_paths import outline_segments, row_runs
from desktop.style import CELL, TERRAIN_COLOURS, TERRAIN_HATCH

_HATCH_STYLE: dict[str, Qt.BrushStyle] = {
    "difficult": Qt.BrushStyle.BDiagPattern,
    "greater-difficult": Qt.BrushStyle.DiagCrossPattern,
    "hazardous": Qt.BrushStyle.FDiagPattern,
    "impassable": Qt.BrushStyle.Dense5Pattern,
}
FAR_PX = 10.0
OUTLINE_PX = 12.0


class TerrainItem(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_TERRAIN)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        #: kind → rows: y → [(x0, x1)] runs (x1 exclusive)
        self._rows: dict[str, dict[int, list[tuple[int, int]]]] = {}
        self._outlines: dict[str, list[QLineF]] = {}
        self._bounds = QRectF()
        self._far: QImage | None = None
        self._far_origin = (0, 0)

    def set_terrain(self, terrain: dict[Cell, str]) -> None:
        self.prepareGeometryChange()
        by_kind: dict[str, set[Cell]] = {}
        for cell, kind in terrain.items():
            by_kind.setdefault(kind, set()).add(cell)
        self._rows = {}
        self._outlines = {}
        for kind in TERRAIN_KINDS:
            cells = by_kind.get(kind)
            if not cells:
                continue
            rows: dict[int, list[tuple[int, int]]] = {}
            for y, x0, x1 in row_runs(cells):
                rows.setdefault(y, []).append((x0, x1))
            self._rows[kind] = rows
            self._outlines[kind] = outline_segments(cells)
        self._far = None
        if terrain:
            xs = [c.x for c in terrain]
            ys = [c.y for c in terrain]
            x0, y0 = min(xs), min(ys)
            self._bounds = QRectF(x0 * CELL, y0 * CELL, (max(xs) - x0 + 1) * CELL, (max(ys) - y0 + 1) * CELL)
            image = QImage(max(xs) - x0 + 1, max(ys) - y0 + 1, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(0)
            for cell, kind in terrain.items():
                c = QColor(TERRAIN_HATCH[kind])
                c.setAlpha(min(255, c.alpha() // 2 + TERRAIN_COLOURS[kind].alpha()))
                image.setPixelColor(cell.x - x0, cell.y - y0, c)
            self._far = image
            self._far_origin = (x0, y0)
        else:
            self._bounds = QRectF()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        lod = option.levelOfDetailFromTransform(painter.worldTransform())  # type: ignore[attr-defined]
        if lod * CELL < FAR_PX and self._far is not None:
            x0, y0 = self._far_origin
            target = QRectF(x0 * CELL, y0 * CELL, self._far.width() * CELL, self._far.height() * CELL)
            painter.drawImage(target, self._far)
            return
        exposed: QRectF = option.exposedRect  # type: ignore[attr-defined]
        ry0 = math.floor(exposed.top() / CELL)
        ry1 = math.ceil(exposed.bottom() / CELL)
        rx0 = math.floor(exposed.left() / CELL)
        rx1 = math.ceil(exposed.right() / CELL)
        painter.setPen(Qt.PenStyle.NoPen)
        for kind, rows in self._rows.items():
            rects = [
                QRectF(max(a, rx0) * CELL, y * CELL, (min(b, rx1) - max(a, rx0)) * CELL, CELL)
                for y in range(ry0, ry1 + 1)
                for a, b in rows.get(y, ())
                if b > rx0 and a < rx1
            ]
            if not rects:
                continue
            painter.setBrush(TERRAIN_COLOURS[kind])
            painter.drawRects(rects)
            painter.setBrush(QBrush(TERRAIN_HATCH[kind], _HATCH_STYLE[kind]))
            painter.drawRects(rects)
            if lod * CELL >= OUTLINE_PX:
                pen = QPen(TERRAIN_HATCH[kind], 0)
                pen.setCosmetic(True)
                painter.setPen(pen)
                painter.drawLines([ln for ln in self._outlines[kind] if exposed.contains(ln.center())])
                painter.setPen(Qt.PenStyle.NoPen)
