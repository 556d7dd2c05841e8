"""The player screen's "?" marker: a creature the party can't see but knows the space of (PF2e hidden,
`rules.play.projection.ShownMarker`). It draws only what the projection gives — the squares — so nothing
of the creature (its size aside, which its space shows) reaches the players."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.look.style import CELL
from rules.geometry.coords import Cell

FILL = QColor(20, 20, 24, 170)
#: Amber: it reads on a dark map and on black fog, and is no colour the map itself uses for walls.
EDGE = QColor(255, 190, 60, 230)
TEXT = QColor(255, 205, 90)


class HiddenMarkerItem(QGraphicsItem):
    """A dashed disc with a large "?" over the marked squares."""

    def __init__(self, cells: Sequence[Cell]) -> None:
        super().__init__()
        self.cells = tuple(cells)
        xs = [c.x for c in self.cells]
        ys = [c.y for c in self.cells]
        self._rect = QRectF(
            min(xs) * CELL, min(ys) * CELL, (max(xs) - min(xs) + 1) * CELL, (max(ys) - min(ys) + 1) * CELL
        )
        self.setToolTip(
            QCoreApplication.translate(
                "HiddenMarkerItem", "Someone is here: the party knows the square, not what is in it"
            )
        )

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        disc = self._rect.adjusted(CELL * 0.08, CELL * 0.08, -CELL * 0.08, -CELL * 0.08)
        pen = QPen(EDGE, max(2.0, CELL * 0.04))
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(FILL)
        painter.drawEllipse(disc)
        font = QFont()
        font.setBold(True)
        font.setPixelSize(int(disc.height() * 0.62))
        painter.setFont(font)
        painter.setPen(TEXT)
        painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, "?")
