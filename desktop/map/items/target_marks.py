"""Marks on the creatures a spell being aimed reaches: a ring on each target (its colour says its cover)
and a crossed ring on each creature the engine leaves out, each with a short caption (the engine's reason:
"no line of effect", a cover degree). The words come from the caller; this item only draws them."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from desktop.look.style import CELL, LABEL_BG, LABEL_FG
from desktop.map.items import Z_TOKENS
from desktop.map.items.bounded import BoundedItem

Z_TARGET_MARKS = Z_TOKENS + 5.0
TARGET = QColor("#46d17a")
COVERED = QColor("#f2c14e")
LEFT_OUT = QColor("#ff5a4e")


@dataclass(frozen=True, slots=True)
class TargetMark:
    """One creature's mark: its space (scene rectangle), colour, caption and whether it is left out."""

    rect: QRectF
    colour: QColor
    caption: str
    left_out: bool = False


class TargetMarksItem(BoundedItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_TARGET_MARKS)
        self.marks: tuple[TargetMark, ...] = ()
        self._font = QFont()
        self._font.setPixelSize(13)
        self._font.setBold(True)

    def set_marks(self, marks: tuple[TargetMark, ...]) -> None:
        if marks == self.marks:
            return
        self.prepareGeometryChange()
        self.marks = marks
        rect = QRectF()
        for m in marks:
            rect = rect.united(m.rect.adjusted(-CELL, -CELL * 0.3, CELL, CELL * 0.9))
        self.set_bounds(rect)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        t = painter.worldTransform()
        scale = math.hypot(t.m11(), t.m12()) or 1.0
        for m in self.marks:
            r = m.rect.adjusted(-CELL * 0.04, -CELL * 0.04, CELL * 0.04, CELL * 0.04)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(0, 0, 0, 190), CELL * 0.12))
            painter.drawEllipse(r)
            painter.setPen(QPen(m.colour, CELL * 0.07))
            painter.drawEllipse(r)
            if m.left_out:
                inset = r.width() * 0.2
                painter.drawLine(r.topLeft() + QPointF(inset, inset), r.bottomRight() - QPointF(inset, inset))
            if m.caption:
                self._caption(painter, QPointF(r.center().x(), r.bottom()), m, scale)

    def _caption(self, painter: QPainter, anchor: QPointF, m: TargetMark, scale: float) -> None:
        painter.save()
        painter.translate(anchor)
        painter.scale(1 / scale, 1 / scale)  # the same size on screen at every zoom
        painter.setFont(self._font)
        metrics = QFontMetricsF(self._font)
        w = metrics.horizontalAdvance(m.caption) + 10
        h = metrics.height() + 4
        box = QRectF(-w / 2, 4, w, h)
        painter.setPen(QPen(m.colour, 1.5))
        painter.setBrush(LABEL_BG)
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(LABEL_FG)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, m.caption)
        painter.restore()
