"""A scene item whose bounding box follows its content."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsItem


class BoundedItem(QGraphicsItem):
    """Keeps the item's bounds. A subclass calls ``prepareGeometryChange()`` before it changes content that
    moves the bounds, then `set_bounds` with the new box (which also schedules a repaint)."""

    def __init__(self) -> None:
        super().__init__()
        self._bounds = QRectF()

    def set_bounds(self, rect: QRectF) -> None:
        self._bounds = rect
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds
