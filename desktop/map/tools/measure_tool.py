"""The measuring tool: a ruler with waypoints, snapping to squares, corners (Ctrl) or tokens.

Press and drag to measure; release to finish (the ruler stays until the next measurement or Escape).
Shift-release or Shift-click adds a waypoint and keeps measuring; a plain click (no drag) starts a ruler
that follows the mouse until the next click. Starting or ending on a token measures from/to its space.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtWidgets import QGraphicsItem

from desktop.i18n import QT_TRANSLATE_NOOP
from desktop.look.style import LABEL_DIM, RULER
from desktop.map.grid_coords import cell_at, cell_rect, nearest_corner, to_scene
from desktop.map.items.label_item import LabelItem, LabelLine
from desktop.map.items.preview_items import PolylineItem
from desktop.map.tools.base import PreviewTool, ToolEvent
from rules.play.measure import Anchor, Measurement, measure

if TYPE_CHECKING:
    from desktop.map.view import MapView


class MeasureTool(PreviewTool):
    #: The window's map view (more of it than `ToolHost`: its pop-up setting, its parent widget).
    view: MapView

    name = "measure"
    label = QT_TRANSLATE_NOOP("Tools", "Measure")
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.anchors: list[Anchor] = []
        self.end: Anchor | None = None
        self.active = False
        self.corners = False
        self._pressed_at: QPointF | None = None
        self.line = PolylineItem(RULER)
        self.bubble = LabelItem()
        self.result: Measurement | None = None

    def hint(self) -> str:
        return (
            "Drag to measure · Shift-click: waypoint · Ctrl: snap to corners · starts/ends on tokens · "
            "Esc: clear"
        )

    def preview_items(self) -> tuple[QGraphicsItem, ...]:
        return (self.line, self.bubble)

    def end_gesture(self) -> None:
        self.clear()

    # ---- snapping

    def anchor_at(self, pos: QPointF) -> Anchor:
        if self.corners:
            c = nearest_corner(pos)
            return Anchor("corner", int(c.x), int(c.y))
        item = self.map_scene.token_item_at(pos)
        if item is not None:
            t = item.token
            return Anchor("token", t.cell.x, t.cell.y, t.side_squares, t.id)
        cell = cell_at(pos)
        return Anchor("cell", cell.x, cell.y)

    # ---- mouse

    def press(self, ev: ToolEvent) -> bool:
        if ev.button == Qt.MouseButton.RightButton:
            if self.active:
                self.active = False
                self._redraw()
            else:
                self.clear()
            return True
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        if not self.active:
            self.corners = ev.ctrl
            self.anchors = [self.anchor_at(ev.scene_pos)]
            self.end = self.anchors[0]
            self.active = True
            self._pressed_at = QPointF(ev.view_pos)
            self._redraw()
        return True

    def move(self, ev: ToolEvent) -> bool:
        if not self.active:
            return False
        end = self.anchor_at(ev.scene_pos)
        if end != self.end:
            self.end = end
            self._redraw()
        return True

    def release(self, ev: ToolEvent) -> bool:
        if ev.button != Qt.MouseButton.LeftButton or not self.active:
            return False
        self.end = self.anchor_at(ev.scene_pos)
        pressed, self._pressed_at = self._pressed_at, None
        clicked = (
            pressed is not None
            and (QPointF(ev.view_pos) - pressed).manhattanLength() < self.view.drag_distance()
        )
        if ev.shift:
            if self.end != self.anchors[-1]:
                self.anchors.append(self.end)
        elif clicked and len(self.anchors) == 1:
            pass  # a click starts a ruler that follows the mouse
        else:
            if self.end != self.anchors[-1]:
                self.anchors.append(self.end)
            self.active = False
        self._redraw()
        return True

    def cancel(self) -> bool:
        if not self.anchors:
            return False
        self.clear()
        return True

    def clear(self) -> None:
        self.anchors = []
        self.end = None
        self.active = False
        self.result = None
        self.line.set_points([])
        self.bubble.set_lines([])

    # ---- drawing

    def points(self) -> list[Anchor]:
        pts = list(self.anchors)
        if self.active and self.end is not None and (not pts or self.end != pts[-1]):
            pts.append(self.end)
        return pts

    def _redraw(self) -> None:
        pts = self.points()
        if not pts:
            self.clear()
            return
        scene = self.doc.scene
        self.result = measure(scene, pts)
        spaces = [cell_rect((a.x, a.y), a.side) for a in pts if a.kind == "token"]
        self.line.set_points([to_scene(a.centre) for a in pts], spaces)
        lines = [LabelLine(f"{self.result.feet} ft", RULER, big=True)]
        if len(self.result.legs) > 1:
            lines.append(LabelLine(" + ".join(f"{f}" for f in self.result.legs) + " ft", LABEL_DIM))
        rule = "5/10 diagonals" if scene.options.diagonals == "alternating" else "5-ft diagonals"
        lines.append(LabelLine(f"{self.result.squares} squares · {rule}", LABEL_DIM))
        first, last = pts[0], pts[-1]
        ends = [scene.token(a.token_id) for a in (first, last) if a.token_id is not None]
        if len(pts) > 1 and len(ends) == 2 and ends[0] is not None and ends[1] is not None:
            lines.append(LabelLine(f"{ends[0].label} → {ends[1].label}", LABEL_DIM))
        self.bubble.set_lines(lines, RULER)
        end_rect: QRectF = (
            cell_rect((last.x, last.y), last.side)
            if last.kind != "corner"
            else QRectF(to_scene(last.centre), to_scene(last.centre))
        )
        self.bubble.place(end_rect.topRight(), end_rect.topLeft(), self.view)
