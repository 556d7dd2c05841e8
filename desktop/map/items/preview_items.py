"""Small transient items the tools draw while a gesture is in progress (nothing here is model state)."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.look.style import CELL
from desktop.map.items import Z_RULER, Z_TOOL_PREVIEW
from desktop.map.items.cell_paths import cells_path, outline_segments
from rules.geometry.coords import Cell


class CellsPreviewItem(QGraphicsItem):
    """Highlighted cells: the terrain brush's footprint, the rectangle being painted."""

    def __init__(self, colour: QColor) -> None:
        super().__init__()
        self.setZValue(Z_TOOL_PREVIEW)
        self._colour = QColor(colour)
        self._path = QPainterPath()
        self._outline: list[QLineF] = []
        self._cells: frozenset[Cell] = frozenset()

    def set_colour(self, colour: QColor) -> None:
        self._colour = QColor(colour)
        self.update()

    def set_cells(self, cells: Iterable[Cell]) -> None:
        new = frozenset(cells)
        if new == self._cells:
            return
        self.prepareGeometryChange()
        self._cells = new
        self._path = cells_path(new)
        self._outline = outline_segments(set(new))
        self.update()

    @property
    def cells(self) -> frozenset[Cell]:
        return self._cells

    def boundingRect(self) -> QRectF:
        return self._path.boundingRect().adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        fill = QColor(self._colour)
        fill.setAlpha(min(140, fill.alpha()))
        painter.fillPath(self._path, fill)
        pen = QPen(self._colour.lighter(140), 2)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.drawLines(self._outline)


class PolylineItem(QGraphicsItem):
    """A polyline with vertex handles: the wall being drawn, the measuring ruler."""

    def __init__(self, colour: QColor, width: float = CELL * 0.08, z: float = Z_RULER) -> None:
        super().__init__()
        self.setZValue(z)
        self._colour = QColor(colour)
        self._width = width
        self._points: list[QPointF] = []
        self._style = Qt.PenStyle.SolidLine
        self._endpoint_rects: list[QRectF] = []

    def set_style(self, colour: QColor, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> None:
        self._colour = QColor(colour)
        self._style = style
        self.update()

    def set_points(self, points: list[QPointF], spaces: list[QRectF] | None = None) -> None:
        self.prepareGeometryChange()
        self._points = list(points)
        self._endpoint_rects = list(spaces or [])
        self.update()

    @property
    def points(self) -> list[QPointF]:
        return self._points

    def boundingRect(self) -> QRectF:
        rect = QPolygonF(self._points).boundingRect()
        for r in self._endpoint_rects:
            rect = rect.united(r)
        pad = self._width + CELL * 0.2
        return rect.adjusted(-pad, -pad, pad, pad)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self._points:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for r in self._endpoint_rects:
            painter.setPen(QPen(self._colour, 2.5, Qt.PenStyle.DashLine))
            fill = QColor(self._colour)
            fill.setAlpha(40)
            painter.setBrush(fill)
            painter.drawRect(r)
        if len(self._points) > 1:
            painter.setPen(
                QPen(QColor(0, 0, 0, 170), self._width + 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            )
            painter.drawPolyline(QPolygonF(self._points))
            painter.setPen(
                QPen(
                    self._colour, self._width, self._style, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin
                )
            )
            painter.drawPolyline(QPolygonF(self._points))
        radius = CELL * 0.08
        painter.setPen(QPen(QColor(0, 0, 0, 200), 1.5))
        painter.setBrush(self._colour)
        for p in self._points:
            painter.drawEllipse(p, radius, radius)


class MarqueeItem(QGraphicsItem):
    """The rubber band of a box selection."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_RULER)
        self._rect = QRectF()

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self._rect = rect.normalized()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pen = QPen(QColor("#9cc8ff"), 1, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(QColor(120, 170, 255, 40))
        painter.drawRect(self._rect)
