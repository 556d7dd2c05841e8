"""Picking a hazard's squares on the map (started by Map ▸ Place Hazard…, never from the tool bar).

* **Squares**: a click adds a square (or takes it away again), a drag adds the rectangle it spans; Enter or a
  double click places the hazard on the squares picked (`picked` with the squares and no origin).
* **The ability's area at a point** (a burst-type trap: a fireball rune, a gas vent): the area follows the
  mouse, snapped to the grid corner nearest it (`rules.play.spell_resolution.aim`, the same aim the hazard
  resolves with), and a click places it there (`picked` with the area's squares and its origin).
* **A cone or a line** (a flame jet, a dart volley down a corridor) takes two clicks: the first fixes its
  point of origin (a grid corner), then the area turns to face the mouse (whole degrees; Shift snaps to 45°)
  and the second click places it (`picked` with the squares, the origin and the direction).

Right click or Escape stops (`cancelled`). The tool changes nothing itself: the window executes
`PlaceHazard`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from desktop.i18n import QT_TRANSLATE_NOOP
from desktop.map.grid_coords import from_scene, nearest_corner
from desktop.map.items import Z_TOOL_PREVIEW
from desktop.map.items.hazard_item import EDGE, cells_path
from desktop.map.tools.area_tool import aim_direction
from desktop.map.tools.base import PreviewTool, ToolEvent
from rules.geometry.coords import Cell, Point

if TYPE_CHECKING:
    from desktop.map.tools.base import ToolHost

#: The squares an area placed at a point covers, facing a direction (degrees, 0 = east, 90 = south; None
#: for an area that faces nowhere), or None: it can't be placed there.
AreaAt = Callable[[Point, float | None], tuple[Cell, ...] | None]


def tr(text: str) -> str:
    return QCoreApplication.translate("HazardPickTool", text)


class _Signals(QObject):
    #: The squares picked (tuple of `Cell`), the area's origin (`Point`, or None for picked squares) and
    #: the direction it faces (degrees, or None).
    picked = Signal(object, object, object)
    cancelled = Signal()


class HazardPickTool(PreviewTool):
    name = "hazard"
    label = QT_TRANSLATE_NOOP("Tools", "Hazard squares")
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, view: ToolHost) -> None:
        super().__init__(view)
        self.signals = _Signals()
        self.cells: list[Cell] = []
        self.area_at: AreaAt | None = None
        self.origin: Point | None = None
        #: A cone or a line: placed with two clicks (origin, then the direction it faces).
        self.aimed = False
        #: The direction the area faces (a cone or a line, once its origin is fixed).
        self.direction: float | None = None
        self._origin_fixed = False
        self._drag_from: Cell | None = None
        self._drag_to: Cell | None = None
        self._active = False
        self.preview = QGraphicsPathItem()
        self.preview.setZValue(Z_TOOL_PREVIEW)
        pen = QPen(EDGE, 3)
        pen.setStyle(Qt.PenStyle.DashLine)
        self.preview.setPen(pen)
        fill = QColor(EDGE)
        fill.setAlpha(70)
        self.preview.setBrush(QBrush(fill))

    def start(self, cells: tuple[Cell, ...] = (), area_at: AreaAt | None = None, aimed: bool = False) -> None:
        """Pick squares (starting with `cells`), or place the area `area_at` gives at a point (`aimed`: a
        cone or a line, its origin and then its direction)."""
        self.cells = list(cells)
        self.area_at = area_at
        self.aimed = aimed and area_at is not None
        self.origin = None
        self.direction = None
        self._origin_fixed = False
        self._drag_from = self._drag_to = None
        self._draw()

    def hint(self) -> str:
        if self.aimed and self._origin_fixed:
            return tr(
                "Point where it faces (Shift: 45° steps) and click to place it; right click or Esc stops"
            )
        if self.aimed:
            return tr("Click the point it comes from (a grid corner); right click or Esc stops")
        if self.area_at is not None:
            return tr("Click where the area goes (a grid corner); right click or Esc stops")
        return tr(
            "Click squares or drag a rectangle; Enter or double click places the hazard; right click or "
            "Esc stops"
        )

    def preview_items(self) -> tuple[QGraphicsItem, ...]:
        return (self.preview,)

    # ---- what is shown

    def shown_cells(self) -> tuple[Cell, ...]:
        cells = list(self.cells)
        if self._drag_from is not None and self._drag_to is not None:
            cells += [c for c in _rect(self._drag_from, self._drag_to) if c not in cells]
        return tuple(cells)

    def _draw(self) -> None:
        self.preview.setPath(cells_path(self.shown_cells()))

    def _on_grid(self, cell: Cell) -> bool:
        return self.doc.scene.grid.contains(cell.x, cell.y)

    # ---- gestures

    def move(self, ev: ToolEvent) -> bool:
        if self.area_at is not None:
            if self.aimed and self._origin_fixed and self.origin is not None:
                direction = aim_direction(self.origin, from_scene(ev.scene_pos), ev.shift)
                if direction is not None:
                    self.direction = direction
                cells = self.area_at(self.origin, self.direction)
                self.cells = list(cells or ())
            else:
                corner = nearest_corner(ev.scene_pos)
                # a cone or a line not yet turned faces east (0°) until its origin is fixed
                cells = self.area_at(corner, (self.direction or 0.0) if self.aimed else None)
                self.cells = list(cells or ())
                self.origin = corner if cells else None
            self._draw()
            return True
        if self._drag_from is not None and self._on_grid(ev.cell):
            self._drag_to = ev.cell
            self._draw()
            return True
        return False

    def press(self, ev: ToolEvent) -> bool:
        if ev.button == Qt.MouseButton.RightButton:
            self.stop()
            return True
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        if self.area_at is not None:
            self.move(ev)
            if not self.cells or self.origin is None:
                self.view.show_message(tr("The area can't be placed there"))
            elif self.aimed and not self._origin_fixed:
                self._origin_fixed = True  # the second click places it, facing the mouse
                self.view.show_message(self.hint())
            else:
                self.signals.picked.emit(tuple(self.cells), self.origin, self.direction)
            return True
        if self._on_grid(ev.cell):
            self._drag_from = self._drag_to = ev.cell
        return True

    def release(self, ev: ToolEvent) -> bool:
        if self._drag_from is None or ev.button != Qt.MouseButton.LeftButton:
            return False
        start, end = self._drag_from, self._drag_to or self._drag_from
        self._drag_from = self._drag_to = None
        if start == end:
            self.toggle(start)
        else:
            self.add_rect(start, end)
        return True

    def double_click(self, ev: ToolEvent) -> bool:
        if self.area_at is None and self._on_grid(ev.cell) and ev.cell not in self.cells:
            self.cells.append(ev.cell)
        return self.confirm()

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            return self.confirm()
        return False

    def toggle(self, cell: Cell) -> None:
        if cell in self.cells:
            self.cells.remove(cell)
        elif self._on_grid(cell):
            self.cells.append(cell)
        self._draw()

    def add_rect(self, a: Cell, b: Cell) -> None:
        self.cells += [c for c in _rect(a, b) if c not in self.cells and self._on_grid(c)]
        self._draw()

    def confirm(self) -> bool:
        if self.area_at is not None or not self.cells:
            if not self.cells:
                self.view.show_message(tr("Pick at least one square first"))
            return False
        self.signals.picked.emit(tuple(self.cells), None, None)
        return True

    def activate(self) -> None:
        super().activate()
        self._active = True

    def cancel(self) -> bool:
        """Escape, right click, another tool: stop picking (`cancelled` while the tool is current)."""
        self.cells = []
        self._drag_from = self._drag_to = None
        self._origin_fixed = False
        self.direction = None
        self._draw()
        if self._active:
            self._active = False
            self.signals.cancelled.emit()
        return True

    def stop(self) -> None:
        self.cancel()

    def done(self) -> None:
        """The hazard is placed: leaving the tool now is no cancel."""
        self._active = False


def _rect(a: Cell, b: Cell) -> list[Cell]:
    return [
        Cell(x, y)
        for y in range(min(a.y, b.y), max(a.y, b.y) + 1)
        for x in range(min(a.x, b.x), max(a.x, b.x) + 1)
    ]
