"""Terrain (difficult, greater difficult, hazardous, impassable): one item for all of it.

The cells of each kind are kept as row runs (rebuilt only when the terrain changes). Painting draws only
the runs inside the exposed rectangle, with a tint and a hatch pattern whose lines keep the same screen
spacing at every zoom. The hatch is drawn twice, a dark line beside a bright one, and the area's outline
as a bright line on a dark casing, so it reads on light floors as well as on dark ones. Zoomed far out (a
square smaller than 10 screen pixels) the whole layer is one small image, one pixel per square, stretched
over the grid.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPen

from desktop.look.style import CELL, TERRAIN_CASING, TERRAIN_COLOURS, TERRAIN_HATCH, TERRAIN_OUTLINE
from desktop.map.items.cell_paths import outline_segments, row_runs
from desktop.map.items.layer import MapLayer
from rules.geometry.coords import Cell
from rules.model.scene import TERRAIN_KINDS

_HATCH_STYLE: dict[str, Qt.BrushStyle] = {
    "difficult": Qt.BrushStyle.BDiagPattern,
    "greater-difficult": Qt.BrushStyle.DiagCrossPattern,
    "hazardous": Qt.BrushStyle.FDiagPattern,
    "impassable": Qt.BrushStyle.Dense5Pattern,
}
FAR_PX = 10.0
OUTLINE_PX = 12.0


class TerrainLayer(MapLayer):
    def __init__(self) -> None:
        super().__init__()
        #: kind → rows: y → [(x0, x1)] runs (x1 exclusive)
        self._rows: dict[str, dict[int, list[tuple[int, int]]]] = {}
        #: kind → rows: y → outline segments in or on the top of row y
        self._outlines: dict[str, dict[int, list[QLineF]]] = {}
        self._bounds = QRectF()
        self._far: QImage | None = None
        self._far_origin = (0, 0)

    def set_terrain(self, terrain: dict[Cell, str]) -> None:
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
            by_row: dict[int, list[QLineF]] = {}
            for line in outline_segments(cells):
                by_row.setdefault(int(min(line.y1(), line.y2()) // CELL), []).append(line)
            self._outlines[kind] = by_row
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
        self.changed()

    def bounds(self) -> QRectF:
        return self._bounds

    def paint_layer(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        if self._bounds.isEmpty() or not exposed.intersects(self._bounds):
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        if lod * CELL < FAR_PX and self._far is not None:
            x0, y0 = self._far_origin
            target = QRectF(x0 * CELL, y0 * CELL, self._far.width() * CELL, self._far.height() * CELL)
            painter.drawImage(target, self._far)
            return
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
            # the hatch: a dark line one pixel beside each bright one (brush patterns are in device pixels)
            origin = painter.brushOrigin()
            painter.setBrushOrigin(QPointF(origin.x() + 1, origin.y()))
            painter.setBrush(QBrush(TERRAIN_CASING, _HATCH_STYLE[kind]))
            painter.drawRects(rects)
            painter.setBrushOrigin(origin)
            painter.setBrush(QBrush(TERRAIN_HATCH[kind], _HATCH_STYLE[kind]))
            painter.drawRects(rects)
            if lod * CELL >= OUTLINE_PX:
                lines = [ln for y in range(ry0, ry1 + 1) for ln in self._outlines[kind].get(y, ())]
                casing = QPen(TERRAIN_CASING, 4.0)
                casing.setCosmetic(True)
                painter.setPen(casing)
                painter.drawLines(lines)
                pen = QPen(TERRAIN_OUTLINE[kind], 2.0)
                pen.setCosmetic(True)
                painter.setPen(pen)
                painter.drawLines(lines)
                painter.setPen(Qt.PenStyle.NoPen)
