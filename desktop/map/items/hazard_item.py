"""A hazard or trap on a map: its squares outlined, a warning sign on its first square, its name as the tool
tip. The GM map draws every hazard (`rules.play.hazards.visible_hazards(players=False)`): a hidden one with a
dashed outline, a spent one greyed; the Player Screen draws only what the projection gives it
(`rules.play.projection.ShownHazard`: noticed, armed, the squares the party knows), always solid."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from desktop.look.style import CELL
from desktop.map.items import Z_OVERLAY, Z_TOKENS
from rules.geometry.coords import Cell

#: Above terrain and areas' fill, under the walls and the tokens.
Z_HAZARD = Z_OVERLAY + 2.0
#: Its warning sign: above the tokens, under the target marks.
Z_SIGN = Z_TOKENS + 3.0
EDGE = QColor(255, 70, 40)
FILL = QColor(255, 70, 40, 45)
SPENT = QColor(150, 150, 150)
SIGN = QColor(255, 200, 40)


def cells_path(cells: Sequence[Cell]) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for c in cells:
        path.addRect(QRectF(c.x * CELL, c.y * CELL, CELL, CELL))
    return path.simplified()


class HazardItem(QGraphicsItem):
    """`cells` outlined (dashed when `hidden`, grey when `spent`) with a warning triangle."""

    def __init__(
        self, hazard_id: str, name: str, cells: Sequence[Cell], *, hidden: bool = False, spent: bool = False
    ) -> None:
        super().__init__()
        self.hazard_id = hazard_id
        self.cells = tuple(cells)
        self.hidden = hidden
        self.spent = spent
        self.path = cells_path(self.cells)
        self.setZValue(Z_HAZARD)
        self.setToolTip(name)
        first = min(self.cells, key=lambda c: (c.y, c.x))
        #: The warning sign in its first square's corner, above the tokens (a creature may stand there).
        self.sign = HazardSign(first, spent=spent)
        self.sign.setToolTip(name)

    def add_to(self, scene: QGraphicsScene) -> None:
        scene.addItem(self)
        scene.addItem(self.sign)

    def remove_from(self, scene: QGraphicsScene) -> None:
        for item in (self, self.sign):
            if item.scene() is scene:
                scene.removeItem(item)

    def key(self) -> tuple[object, ...]:
        return (self.hazard_id, self.toolTip(), self.cells, self.hidden, self.spent)

    def boundingRect(self) -> QRectF:
        return self.path.boundingRect().adjusted(-4, -4, 4, 4)

    def shape(self) -> QPainterPath:
        return self.path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        edge = SPENT if self.spent else EDGE
        pen = QPen(edge, 4)
        pen.setCosmetic(False)
        if self.hidden:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        fill = QColor(SPENT if self.spent else FILL)
        fill.setAlpha(45)
        painter.setBrush(QBrush(fill))
        painter.drawPath(self.path)


class HazardSign(QGraphicsItem):
    """A small warning triangle in the top-left corner of a hazard's first square."""

    def __init__(self, cell: Cell, *, spent: bool = False) -> None:
        super().__init__()
        self.spent = spent
        self._rect = QRectF(cell.x * CELL + 3, cell.y * CELL + 3, CELL * 0.34, CELL * 0.3)
        self.setZValue(Z_SIGN)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        box = self._rect
        triangle = QPolygonF(
            [
                QPointF(box.center().x(), box.top()),
                QPointF(box.right(), box.bottom()),
                QPointF(box.left(), box.bottom()),
            ]
        )
        dark = QColor(30, 20, 10)
        painter.setPen(QPen(dark, 1.5))
        painter.setBrush(QBrush(SPENT if self.spent else SIGN))
        painter.drawPolygon(triangle)
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(6, int(box.height() * 0.7)))
        painter.setFont(font)
        painter.setPen(dark)
        painter.drawText(box.adjusted(0, box.height() * 0.25, 0, 0), Qt.AlignmentFlag.AlignCenter, "!")
