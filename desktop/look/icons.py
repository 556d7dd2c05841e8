"""Tool-bar icons drawn with QPainter (no image files to ship, crisp at any size)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from desktop.look.table_icons import TABLE_PAINTERS

INK = QColor("#e8e6df")
ACCENT = QColor("#56c8ff")


def _select(p: QPainter) -> None:
    arrow = QPolygonF(
        [
            QPointF(8, 5),
            QPointF(8, 25),
            QPointF(13, 20),
            QPointF(17, 28),
            QPointF(20, 26),
            QPointF(16, 19),
            QPointF(23, 19),
        ]
    )
    p.setPen(QPen(QColor("#111"), 1.5))
    p.setBrush(INK)
    p.drawPolygon(arrow)


def _measure(p: QPainter) -> None:
    p.save()
    p.translate(16, 16)
    p.rotate(-35)
    p.setPen(QPen(QColor("#111"), 1.5))
    p.setBrush(QColor("#e0b85a"))
    p.drawRect(QRectF(-13, -4.5, 26, 9))
    p.setPen(QPen(QColor("#222"), 1.2))
    for i in range(-10, 12, 4):
        p.drawLine(QPointF(i, -4.5), QPointF(i, -1 if i % 8 else 0.5))
    p.restore()


def _terrain(p: QPainter) -> None:
    p.setPen(QPen(QColor("#111"), 1.5))
    p.setBrush(QColor(214, 160, 60))
    p.drawRect(QRectF(5, 5, 22, 22))
    p.save()
    p.setClipRect(QRectF(5, 5, 22, 22))
    p.setPen(QPen(QColor(250, 225, 150), 1.6))
    for k in range(-22, 24, 6):
        p.drawLine(QPointF(5 + k, 27), QPointF(27 + k, 5))
    p.restore()
    p.setPen(QPen(QColor("#111"), 1.5))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QRectF(5, 5, 22, 22))


def _wall(p: QPainter) -> None:
    p.setPen(
        QPen(QColor("#111"), 7, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    )
    path = QPainterPath(QPointF(6, 26))
    path.lineTo(6, 8)
    path.lineTo(26, 8)
    path.lineTo(26, 20)
    p.drawPath(path)
    p.setPen(QPen(INK, 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    p.drawPath(path)
    for pt in (QPointF(6, 26), QPointF(6, 8), QPointF(26, 8), QPointF(26, 20)):
        p.setPen(QPen(QColor("#111"), 1))
        p.setBrush(ACCENT)
        p.drawEllipse(pt, 2.5, 2.5)


def _token(p: QPainter) -> None:
    p.setPen(QPen(QColor("#2f7fd8"), 3))
    p.setBrush(QColor("#1d3f66"))
    p.drawEllipse(QRectF(4, 4, 20, 20))
    p.setPen(QPen(QColor("#111"), 1))
    p.setBrush(QColor("#3ec46d"))
    p.drawEllipse(QRectF(17, 17, 12, 12))
    p.setPen(QPen(QColor("#fff"), 2))
    p.drawLine(QPointF(23, 19.5), QPointF(23, 26.5))
    p.drawLine(QPointF(19.5, 23), QPointF(26.5, 23))


def _overlay(p: QPainter) -> None:
    for r, colour in ((13, "#f07830"), (9, "#f0c030"), (5, "#3ec46d")):
        c = QColor(colour)
        c.setAlpha(170)
        p.setPen(QPen(QColor(colour), 1.5))
        p.setBrush(c)
        p.drawRect(QRectF(16 - r, 16 - r, 2 * r, 2 * r))


def _grid(p: QPainter) -> None:
    p.setPen(QPen(INK, 1.2))
    for i in range(5, 30, 6):
        p.drawLine(QPointF(i, 4), QPointF(i, 28))
        p.drawLine(QPointF(4, i), QPointF(28, i))


def _arrow(p: QPainter, mirror: bool) -> None:
    p.save()
    if mirror:
        p.translate(32, 0)
        p.scale(-1, 1)
    path = QPainterPath(QPointF(25, 25))
    path.cubicTo(QPointF(26, 12), QPointF(18, 8), QPointF(9, 12))
    p.setPen(QPen(QColor("#111"), 6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawPath(path)
    p.setPen(QPen(INK, 3.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawPath(path)
    head = QPolygonF([QPointF(4, 12), QPointF(12, 5), QPointF(13, 18)])
    p.setPen(QPen(QColor("#111"), 1.2))
    p.setBrush(INK)
    p.drawPolygon(head)
    p.restore()


def _fit(p: QPainter) -> None:
    p.setPen(QPen(INK, 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    for sx, sy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        cx, cy = 16 - sx * 11, 16 - sy * 11
        p.drawPolyline(QPolygonF([QPointF(cx, cy + sy * 7), QPointF(cx, cy), QPointF(cx + sx * 7, cy)]))
    p.setPen(QPen(QColor("#111"), 1))
    p.setBrush(QColor("#6b655a"))
    p.drawRect(QRectF(10, 11, 12, 10))


def _calibrate(p: QPainter) -> None:
    # a map picture with a grid square boxed in
    p.setPen(QPen(QColor("#111"), 1.2))
    p.setBrush(QColor("#8a7a5c"))
    p.drawRect(QRectF(3, 3, 26, 26))
    p.setPen(QPen(QColor(30, 24, 16, 160), 1))
    for i in (9.5, 16, 22.5):
        p.drawLine(QPointF(i, 3), QPointF(i, 29))
        p.drawLine(QPointF(3, i), QPointF(29, i))
    p.setPen(QPen(ACCENT, 2.4))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QRectF(9.5, 9.5, 13, 13))


_PAINTERS: dict[str, Callable[[QPainter], None]] = {
    "undo": lambda p: _arrow(p, False),
    "redo": lambda p: _arrow(p, True),
    "fit": _fit,
    "select": _select,
    "measure": _measure,
    "terrain": _terrain,
    "wall": _wall,
    "token": _token,
    "overlay": _overlay,
    "grid": _grid,
    "calibrate": _calibrate,
    **TABLE_PAINTERS,  # area, attack, reach, threat, cover, next-turn, initiative
}


def icon(name: str) -> QIcon:
    """A 32×32 (and 64×64) icon by name; an empty icon for an unknown name."""
    paint = _PAINTERS.get(name)
    result = QIcon()
    if paint is None:
        return result
    for size in (32, 64):
        pix = QPixmap(size, size)
        pix.fill(Qt.GlobalColor.transparent)
        p = QPainter(pix)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.scale(size / 32, size / 32)
        paint(p)
        p.end()
        result.addPixmap(pix)
    return result
