"""The initiative strip of the Player Screen: the round, then the creatures the players see in initiative
order, the one whose turn it is lit — painted along the TV's edge that is "up" for the seats its map is
turned to, and turned with it (a TV lying flat, read from the far side, has its strip on the far edge)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

THICKNESS = 46
BACK = QColor("#111214")
TEXT = QColor("#eeeeee")
ROUND = QColor("#f0d9a0")
CURRENT = QColor("#7a5214")
RULE = QColor("#333333")


class InitiativeStrip(QWidget):
    """See the module docstring. `entries` are the names as shown (``"▶ "`` before the current one)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playerStrip")
        self.round_text = ""
        self.entries: list[str] = []
        self.current: int | None = None
        self.rotation = 0
        self._font = QFont()
        self._font.setPixelSize(22)
        self._bold = QFont(self._font)
        self._bold.setBold(True)
        self._fit()

    def set_entries(self, round_text: str, names: list[str], current: int | None) -> None:
        self.round_text, self.current = round_text, current
        self.entries = [("▶ " if i == current else "") + n for i, n in enumerate(names)]
        self.update()

    def set_rotation(self, degrees: int) -> None:
        self.rotation = degrees % 360
        self._fit()
        self.update()

    def _fit(self) -> None:
        if self.rotation in (90, 270):
            self.setFixedWidth(THICKNESS)
            self.setMaximumHeight(16777215)
            self.setMinimumHeight(0)
            self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        else:
            self.setFixedHeight(THICKNESS)
            self.setMaximumWidth(16777215)
            self.setMinimumWidth(0)
            self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(THICKNESS, 400) if self.rotation in (90, 270) else QSize(400, THICKNESS)

    def boxes(self) -> list[QRectF]:
        """Each entry's box in strip space (along the reading direction), after the round's."""
        metrics = QFontMetricsF(self._font)
        x = QFontMetricsF(self._bold).horizontalAdvance(self.round_text) + 24 if self.round_text else 0.0
        out = []
        for text in self.entries:
            w = metrics.horizontalAdvance(text) + self._font.pixelSize() * 1.2
            out.append(QRectF(x, 0, w, THICKNESS))
            x += w
        return out

    def _shrink_to(self, length: float) -> None:
        """The largest print (22 px down to 13 px) at which every name fits along the edge."""
        for px in range(22, 12, -1):
            self._font.setPixelSize(px)
            self._bold.setPixelSize(px)
            boxes = self.boxes()
            if not boxes or boxes[-1].right() <= length:
                return

    def paintEvent(self, event: Any) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), BACK)
        w, h = self.width(), self.height()
        if self.rotation == 180:
            p.translate(w, h)
            p.rotate(180)
        elif self.rotation == 90:
            p.translate(w, 0)
            p.rotate(90)
        elif self.rotation == 270:
            p.translate(0, h)
            p.rotate(-90)
        length = h if self.rotation in (90, 270) else w
        self._shrink_to(length)
        if self.round_text:
            p.setFont(self._bold)
            p.setPen(ROUND)
            width = QFontMetricsF(self._bold).horizontalAdvance(self.round_text) + 24
            p.drawText(QRectF(0, 0, width, THICKNESS), Qt.AlignmentFlag.AlignCenter, self.round_text)
        p.setFont(self._font)
        for i, (box, text) in enumerate(zip(self.boxes(), self.entries, strict=True)):
            if box.left() > length:
                break
            if i == self.current:
                p.fillRect(box, CURRENT)
            p.setPen(RULE)
            p.drawLine(box.topRight(), box.bottomRight())
            p.setPen(TEXT)
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        p.end()
