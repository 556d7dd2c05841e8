"""A screen-sized label bubble (the same size at every zoom) for path costs and ruler distances."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QStyleOptionGraphicsItem, QWidget

from desktop.look.style import LABEL_BG, LABEL_FG
from desktop.map.items import Z_LABELS


@dataclass(frozen=True, slots=True)
class LabelLine:
    text: str
    colour: QColor | None = None
    big: bool = False


class LabelItem(QGraphicsItem):
    """Lines of text in a rounded box, anchored by its top-left corner a little right/below `pos`."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        # a drag moves the bubble on every mouse move and changes its words less often: keep its picture
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(Z_LABELS)
        self._lines: list[LabelLine] = []
        self._font = QFont()
        self._font.setPixelSize(12)
        self._big = QFont()
        self._big.setPixelSize(16)
        self._big.setBold(True)
        self._rect = QRectF()
        self._accent: QColor | None = None
        self._size = (0.0, 0.0)
        self._flip = (False, False)

    def set_lines(self, lines: list[LabelLine], accent: QColor | None = None) -> None:
        self.prepareGeometryChange()
        self._lines = lines
        self._accent = accent
        width = 0.0
        height = 0.0
        for line in lines:
            m = QFontMetricsF(self._big if line.big else self._font)
            width = max(width, m.horizontalAdvance(line.text))
            height += m.height()
        self._size = (width + 16, height + 10)
        self._rect = self._box(self._flip) if lines else QRectF()
        self.update()

    def _box(self, flip: tuple[bool, bool]) -> QRectF:
        w, h = self._size
        x = -14 - w if flip[0] else 14
        y = -h - 4 if flip[1] else 14
        return QRectF(x, y, w, h)

    def text(self) -> str:
        return "\n".join(line.text for line in self._lines)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self._lines:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(self._accent or QColor(255, 255, 255, 60), 1.5))
        painter.setBrush(LABEL_BG)
        painter.drawRoundedRect(self._rect, 6, 6)
        y = self._rect.top() + 5
        for line in self._lines:
            font = self._big if line.big else self._font
            m = QFontMetricsF(font)
            painter.setFont(font)
            painter.setPen(line.colour or LABEL_FG)
            painter.drawText(
                QRectF(self._rect.left() + 8, y, self._rect.width() - 16, m.height()),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                line.text,
            )
            y += m.height()

    def place(self, right: QPointF, left: QPointF, view: QGraphicsView | None = None) -> None:
        """Put the bubble right of scene point `right` (below it), or left of `left` / above when that would
        leave the visible part of `view`."""
        flip = (False, False)
        if view is not None and self._lines:
            w, h = self._size
            vp = view.viewport().rect()
            at = view.mapFromScene(right)
            flip = (at.x() + 14 + w > vp.right() - 4, at.y() + 14 + h > vp.bottom() - 4)
        if flip != self._flip:
            self.prepareGeometryChange()
            self._flip = flip
            self._rect = self._box(flip)
        self.setPos(left if flip[0] else right)
