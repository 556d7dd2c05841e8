"""Dragging several selected tokens at once: a GM placement (no movement rules), one command on release."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF

from desktop.map.grid_coords import cell_at
from desktop.map.items.token_item import TokenItem
from rules.geometry.coords import Cell
from rules.play.edits import PlaceTokens

if TYPE_CHECKING:
    from desktop.map.view import MapView


class GroupDrag:
    def __init__(self, view: MapView, items: list[TokenItem], press: QPointF) -> None:
        self.view = view
        self.items = items
        self.start = cell_at(press)
        self.offset = (0, 0)

    def update(self, scene_pos: QPointF) -> None:
        c = cell_at(scene_pos)
        dx, dy = c.x - self.start.x, c.y - self.start.y
        g = self.view.doc.scene.grid
        # keep every token on the grid
        for item in self.items:
            t = item.token
            n = t.side_squares
            dx = min(max(dx, -t.cell.x), g.width - n - t.cell.x)
            dy = min(max(dy, -t.cell.y), g.height - n - t.cell.y)
        self.offset = (dx, dy)
        for item in self.items:
            t = item.token
            item.set_preview_cell(Cell(t.cell.x + dx, t.cell.y + dy))

    def commit(self) -> bool:
        dx, dy = self.offset
        for item in self.items:
            item.set_preview_cell(None)
        if (dx, dy) == (0, 0):
            return False
        moves = tuple((i.token_id, Cell(i.token.cell.x + dx, i.token.cell.y + dy)) for i in self.items)
        names = ", ".join(i.token.label for i in self.items)
        self.view.doc.execute(
            PlaceTokens(moves, log=f"{names} are placed {_offset_text(dx, dy)} (free move)")
        )
        return True

    def cancel(self) -> None:
        for item in self.items:
            item.set_preview_cell(None)


def _offset_text(dx: int, dy: int) -> str:
    parts = []
    if dx:
        parts.append(f"{abs(dx)} square{'s' if abs(dx) != 1 else ''} {'east' if dx > 0 else 'west'}")
    if dy:
        parts.append(f"{abs(dy)} square{'s' if abs(dy) != 1 else ''} {'south' if dy > 0 else 'north'}")
    return " and ".join(parts)
