"""Tool-bar icons for the table features (areas, attacks, reach, threat, cover, turns), painted like
`desktop.look.icons` on a 32×32 canvas."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

INK = QColor("#e8e6df")
OUTLINE = QColor("#111111")


def _area(p: QPainter) -> None:
    fill = QColor("#e8663c")
    fill.setAlpha(150)
    p.setPen(QPen(QColor("#ff9a70"), 1.6))
    p.setBrush(fill)
    path = QPainterPath(QPointF(6, 26))
    path.arcTo(QRectF(-16, 4, 44, 44), 90, -90)
    path.closeSubpath()
    p.drawPath(path)
    p.setPen(QPen(OUTLINE, 1))
    p.setBrush(INK)
    p.drawEllipse(QPointF(6, 26), 2.6, 2.6)


def _attack(p: QPainter) -> None:
    p.setPen(QPen(OUTLINE, 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawLine(QPointF(7, 25), QPointF(25, 7))
    p.setPen(QPen(INK, 2.6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawLine(QPointF(7, 25), QPointF(25, 7))
    p.setPen(QPen(QColor("#e0b85a"), 3.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawLine(QPointF(8, 18), QPointF(14, 24))
    p.setBrush(QColor("#d0413b"))
    p.setPen(QPen(OUTLINE, 1))
    p.drawEllipse(QPointF(25, 25), 4, 4)


def _reach(p: QPainter) -> None:
    c = QColor("#5fd3ff")
    fill = QColor(c)
    fill.setAlpha(90)
    p.setPen(QPen(c, 1.5, Qt.PenStyle.DashLine))
    p.setBrush(fill)
    p.drawRect(QRectF(5, 5, 22, 22))
    p.setPen(QPen(OUTLINE, 1))
    p.setBrush(QColor("#2f7fd8"))
    p.drawEllipse(QRectF(11, 11, 10, 10))


def _threat(p: QPainter) -> None:
    c = QColor("#ff5a4e")
    fill = QColor(c)
    fill.setAlpha(90)
    p.setPen(QPen(c, 1.5))
    p.setBrush(fill)
    p.drawRect(QRectF(3, 8, 16, 16))
    p.drawRect(QRectF(13, 4, 16, 16))
    p.setPen(QPen(OUTLINE, 1))
    p.setBrush(QColor("#d0413b"))
    p.drawEllipse(QRectF(8, 13, 6, 6))
    p.drawEllipse(QRectF(18, 9, 6, 6))


def _cover(p: QPainter) -> None:
    p.setPen(QPen(OUTLINE, 1))
    p.setBrush(QColor("#2f7fd8"))
    p.drawEllipse(QRectF(3, 20, 8, 8))
    p.setBrush(QColor("#d0413b"))
    p.drawEllipse(QRectF(21, 4, 8, 8))
    p.setPen(QPen(QColor("#46d17a"), 2))
    p.drawLine(QPointF(7, 24), QPointF(25, 8))
    p.setPen(QPen(QColor("#ff4d4d"), 2, Qt.PenStyle.DashLine))
    p.drawLine(QPointF(7, 24), QPointF(14, 4))
    p.setPen(QPen(INK, 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawLine(QPointF(8, 10), QPointF(16, 10))


def _next(p: QPainter) -> None:
    p.setPen(QPen(OUTLINE, 1.2))
    p.setBrush(INK)
    p.drawPolygon(QPolygonF([QPointF(8, 7), QPointF(22, 16), QPointF(8, 25)]))
    p.drawRect(QRectF(23, 7, 3.5, 18))


def _initiative(p: QPainter) -> None:
    for i, colour in enumerate(("#2f7fd8", "#d0413b", "#2f7fd8")):
        y = 6 + i * 8
        p.setPen(QPen(OUTLINE, 1))
        p.setBrush(QColor(colour))
        p.drawEllipse(QRectF(5, y, 6, 6))
        p.setPen(QPen(INK, 2.4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawLine(QPointF(15, y + 3), QPointF(27 - i * 3, y + 3))


TABLE_PAINTERS: dict[str, Callable[[QPainter], None]] = {
    "area": _area,
    "attack": _attack,
    "reach": _reach,
    "threat": _threat,
    "cover": _cover,
    "next-turn": _next,
    "initiative": _initiative,
}
