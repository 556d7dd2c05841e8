"""Terrain (difficult, greater difficult, hazardous, impassable): one item, one cached path per kind.

The paths are rebuilt only when the scene's terrain changes; painting fills them with a tint and a hatch
pattern whose lines keep the same screen spacing at every zoom.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from rules.geometry.coords import Cell
from rules.scene import TERRAIN_KINDS

from desktop.items import Z_TERRAIN
from desktop.items.cell_paths import cells_path, outline_segments
from desktop.style import TERRAIN_COLOURS, TERRAIN_HATCH

_HATCH_STYLE: dict[str, Qt.BrushStyle] = {
    "difficult": Qt.BrushStyle.BDiagPattern,
    "greater-difficult": Qt.BrushStyle.DiagCrossPattern,
    "hazardous": Qt.BrushStyle.FDiagPattern,
    "impassable": Qt.BrushStyle.Dense5Pattern,
}


class TerrainItem(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_TERRAIN)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self._paths: list[tuple[str, QPainterPath, list[QLineF]]] = []
        self._bounds = QRectF()

    def set_terrain(self, terrain: dict[Cell, str]) -> None:
        self.prepareGeometryChange()
        by_kind: dict[str, set[Cell]] = {}
        for cell, kind in terrain.items():
            by_kind.setdefault(kind, set()).add(cell)
        self._paths = []
        bounds = QRectF()
        for kind in TERRAIN_KINDS:
            cells = by_kind.get(kind)
            if not cells:
                continue
            path = cells_path(cells)
            self._paths.append((kind, path, outline_segments(cells)))
            bounds = bounds.united(path.boundingRect())
        self._bounds = bounds
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for kind, path, outline in self._paths:
            painter.fillPath(path, TERRAIN_COLOURS[kind])
            painter.fillPath(path, QBrush(TERRAIN_HATCH[kind], _HATCH_STYLE[kind]))
            pen = QPen(TERRAIN_HATCH[kind], 0)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawLines(outline)
