"""A bar of an exact length in logical pixels, with a tick at each end, to measure with a real ruler when
calibrating true scale (`desktop.player.calibration_dialog`; shown on the TV by `PlayerWindow.show_ruler`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

MARGIN = 10


class RulerBar(QWidget):
    """The bar; its ticks stand `length` pixels apart (from the left edge of one to the left edge of the
    other)."""

    def __init__(self, parent: QWidget | None = None, length: int = 400) -> None:
        super().__init__(parent)
        self.length = length
        self.setFixedSize(self.sizeHint())

    def sizeHint(self) -> QSize:
        return QSize(self.length + 2 * MARGIN + 2, 46)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: Any) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), QColor("#fbfbf6"))
        y = self.height() // 2
        p.fillRect(MARGIN, y - 1, self.length, 2, QColor("#111"))
        for x in (MARGIN, MARGIN + self.length):
            p.fillRect(x, y - 14, 2, 28, QColor("#111"))
        p.end()
