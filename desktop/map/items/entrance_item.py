"""The party's entrance on the GM's map: the squares of the current scene where the party arrives when
the scene is presented (`rules.model.campaign.SceneSlot.entrance`, marked with the map's right-click menu).

`EntranceItem` draws them as green dashed squares with an arrow; it follows the document (the current
scene's slot of the state's campaign) and is never on the Player Screen.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from desktop.document import Document
from desktop.look.style import CELL
from desktop.map.items import Z_OVERLAY
from desktop.map.items.bounded import BoundedItem
from desktop.map.scene import MapScene
from rules.geometry.coords import Cell
from rules.model.state import GameState

ENTRANCE_COLOUR = QColor("#46d17a")


class EntranceItem(BoundedItem):
    def __init__(self, doc: Document, map_scene: MapScene) -> None:
        super().__init__()
        self.setZValue(Z_OVERLAY + 0.7)
        self.doc = doc
        self.cells: tuple[Cell, ...] = ()
        map_scene.addItem(self)
        doc.changed.connect(self._on_changed)
        doc.reset.connect(self.refresh)
        self.refresh()

    def _on_changed(self, old: GameState, new: GameState) -> None:
        if old.campaign is not new.campaign:
            self.refresh()

    def refresh(self) -> None:
        campaign = self.doc.state.campaign
        cells = campaign.current_slot.entrance if campaign is not None else ()
        if cells == self.cells:
            return
        self.prepareGeometryChange()
        self.cells = cells
        rect = QRectF()
        for c in cells:
            rect = rect.united(QRectF(c.x * CELL, c.y * CELL, CELL, CELL))
        self.set_bounds(rect.adjusted(-4, -4, 4, 4))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self.cells:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        fill = QColor(ENTRANCE_COLOUR)
        fill.setAlpha(55)
        pen = QPen(ENTRANCE_COLOUR, 2.0, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        font = QFont()
        font.setPixelSize(int(CELL * 0.5))
        font.setBold(True)
        painter.setFont(font)
        for c in self.cells:
            square = QRectF(c.x * CELL + 2, c.y * CELL + 2, CELL - 4, CELL - 4)
            painter.setPen(pen)
            painter.setBrush(fill)
            painter.drawRect(square)
            painter.setPen(QPen(ENTRANCE_COLOUR.lighter(120)))
            painter.drawText(square, Qt.AlignmentFlag.AlignCenter, "▶")


__all__ = ["ENTRANCE_COLOUR", "EntranceItem"]
