"""The path preview of a token being carried: route, Stride colours, waypoints, warnings, end space."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from desktop.look.style import CELL, FREE_MOVE, ILLEGAL, WARNING, band_colour
from desktop.map.grid_coords import cell_rect, space_centre
from desktop.map.items import Z_PATH
from desktop.map.items.bounded import BoundedItem
from rules.geometry.coords import Cell

#: The colour of a Balance square's tag on the path (PF2e narrow surfaces, uneven ground).
BALANCE_TAG = QColor(140, 210, 255)


@dataclass(frozen=True, slots=True)
class PathPicture:
    """What to draw. `bands[i]` colours step i (path[i] → path[i+1]); 0 = beyond what the turn allows."""

    side: int
    path: tuple[Cell, ...]
    bands: tuple[int, ...] = ()
    waypoints: tuple[Cell, ...] = ()
    warnings: tuple[Cell, ...] = ()
    legal: bool = True
    free: bool = False
    end: Cell | None = None
    origin: Cell | None = None
    extra: dict[str, object] = field(default_factory=dict)
    #: Squares of the path that need Balance (PF2e narrow surfaces, uneven ground) with their tag ("Balance
    #: DC 15"), drawn on the square.
    balance: tuple[tuple[Cell, str], ...] = ()


class PathItem(BoundedItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_PATH)
        self._picture: PathPicture | None = None

    @property
    def picture(self) -> PathPicture | None:
        return self._picture

    def set_picture(self, picture: PathPicture | None) -> None:
        self.prepareGeometryChange()
        self._picture = picture
        bounds = QRectF()
        if picture is not None:
            cells = [
                *picture.path,
                *([picture.end] if picture.end else []),
                *([picture.origin] if picture.origin else []),
            ]
            for c in cells:
                bounds = bounds.united(cell_rect(c, picture.side))
        self.set_bounds(bounds.adjusted(-CELL * 0.3, -CELL * 0.3, CELL * 0.3, CELL * 0.3))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pic = self._picture
        if pic is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        n = pic.side
        if pic.origin is not None:
            ghost = cell_rect(pic.origin, n).adjusted(CELL * 0.08, CELL * 0.08, -CELL * 0.08, -CELL * 0.08)
            painter.setPen(QPen(QColor(255, 255, 255, 150), 2.5, Qt.PenStyle.DashLine))
            painter.setBrush(QColor(255, 255, 255, 25))
            painter.drawEllipse(ghost)
        centres = [space_centre(c, n) for c in pic.path]
        width = CELL * 0.09
        if pic.free and pic.origin is not None and pic.end is not None:
            pen = QPen(FREE_MOVE, width, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawLine(space_centre(pic.origin, n), space_centre(pic.end, n))
        elif len(centres) > 1:
            # dark casing, then each step in its Stride colour
            painter.setPen(
                QPen(QColor(0, 0, 0, 170), width + 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            )
            painter.drawPolyline(QPolygonF(centres))
            for i in range(len(centres) - 1):
                band = pic.bands[i] if i < len(pic.bands) else 1
                colour = band_colour(band) if band > 0 else ILLEGAL
                painter.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
                painter.drawLine(QLineF(centres[i], centres[i + 1]))
            # step dots
            for i, c in enumerate(centres[1:]):
                band = pic.bands[i] if i < len(pic.bands) else 1
                painter.setPen(QPen(QColor(0, 0, 0, 180), 1.5))
                painter.setBrush(band_colour(band) if band > 0 else ILLEGAL)
                r = CELL * 0.07
                painter.drawEllipse(c, r, r)
        for wp in pic.waypoints:
            c = space_centre(wp, n)
            r = CELL * 0.16
            diamond = QPolygonF(
                [c + QPointF(0, -r), c + QPointF(r, 0), c + QPointF(0, r), c + QPointF(-r, 0)]
            )
            painter.setPen(QPen(QColor(0, 0, 0, 200), 2))
            painter.setBrush(QColor("#ffffff"))
            painter.drawPolygon(diamond)
        for w in pic.warnings:
            c = space_centre(w, n) + QPointF(CELL * 0.22, -CELL * 0.22)
            r = CELL * 0.15
            painter.setPen(QPen(QColor(0, 0, 0, 220), 2))
            painter.setBrush(WARNING)
            painter.drawEllipse(c, r, r)
            painter.setPen(QPen(QColor(0, 0, 0), 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            painter.drawLine(c + QPointF(0, -r * 0.5), c + QPointF(0, r * 0.15))
            painter.drawPoint(c + QPointF(0, r * 0.5))
        for cell, tag in pic.balance:
            self._paint_tag(painter, cell_rect(cell, n), tag)
        if pic.end is not None:
            rect = cell_rect(pic.end, n).adjusted(2, 2, -2, -2)
            last_band = next((b for b in reversed(pic.bands) if b), 1) if pic.bands else 1
            colour = FREE_MOVE if pic.free else (band_colour(last_band) if pic.legal else ILLEGAL)
            painter.setPen(QPen(colour, 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(rect)
            if not pic.legal and not pic.free:
                m = CELL * 0.2
                painter.setPen(QPen(ILLEGAL, 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
                painter.drawLine(rect.topLeft() + QPointF(m, m), rect.bottomRight() - QPointF(m, m))
                painter.drawLine(rect.topRight() + QPointF(-m, m), rect.bottomLeft() + QPointF(m, -m))

    def _paint_tag(self, painter: QPainter, square: QRectF, tag: str) -> None:
        """A small dark tag with `tag` ("Balance DC 15") across the top of `square` (the carried token covers
        its middle), its font shrunk until the words fit the square."""
        font = painter.font()
        font.setBold(True)
        size = CELL * 0.2
        while size > 6:
            font.setPixelSize(int(size))
            if QFontMetricsF(font).horizontalAdvance(tag) <= square.width() - 6:
                break
            size -= 1
        painter.setFont(font)
        height = QFontMetricsF(font).height() + 2
        box = QRectF(square.left() + 1, square.top() + 1, square.width() - 2, height)
        painter.setPen(QPen(BALANCE_TAG, 1.2))
        painter.setBrush(QColor(10, 20, 35, 225))
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(BALANCE_TAG)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, tag)
