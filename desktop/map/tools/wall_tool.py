"""Drawing walls: a polyline whose points snap to grid corners (Ctrl: to half squares too).

Click to place points, double-click / Enter / right-click to finish (one command for the whole polyline),
Backspace removes the last point, Escape drops the polyline. Press-drag-release draws one segment and keeps
going from its end. Kinds: wall, door, window, low wall. Clicking the middle of a door (when not drawing)
opens or closes it.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPointF, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QComboBox, QGraphicsItem, QHBoxLayout, QLabel

from desktop.i18n import QT_TRANSLATE_NOOP
from desktop.look.style import CELL, WALL_COLOURS
from desktop.map.grid_coords import from_scene, to_scene
from desktop.map.items import Z_TOOL_PREVIEW
from desktop.map.items.preview_items import PolylineItem
from desktop.map.tools.base import PreviewTool, ToolEvent
from desktop.map.tools.select_tool import DOOR_TOLERANCE, toggle_door_command
from rules.geometry.coords import Point
from rules.model.scene import Wall
from rules.play.edits import AddWalls

if TYPE_CHECKING:
    from desktop.map.view import MapView

KIND_LABELS = {"wall": "Wall", "door": "Door", "window": "Window", "low": "Low wall"}


class WallTool(PreviewTool):
    #: The window's map view (more of it than `ToolHost`: its pop-up setting, its parent widget).
    view: MapView

    name = "wall"
    label = QT_TRANSLATE_NOOP("Tools", "Draw walls")
    cursor = Qt.CursorShape.CrossCursor
    has_options = True

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.kind = "wall"
        self.points: list[Point] = []
        self.hover: Point | None = None
        self._press: tuple[Point, QPointF] | None = None
        self.preview = PolylineItem(WALL_COLOURS["wall"], CELL * 0.08, Z_TOOL_PREVIEW)

    def hint(self) -> str:
        return QCoreApplication.translate(
            "WallTool",
            "Click corners to draw · double-click/Enter/right-click: finish · Backspace: undo point · "
            "Ctrl: half squares · click a door to open/close it",
        )

    def preview_items(self) -> tuple[QGraphicsItem, ...]:
        return (self.preview,)

    def end_gesture(self) -> None:
        self.finish()  # leaving the tool keeps the polyline drawn so far

    def set_kind(self, kind: str) -> None:
        self.kind = kind
        self.preview.set_style(
            WALL_COLOURS[kind], Qt.PenStyle.DashLine if kind == "low" else Qt.PenStyle.SolidLine
        )
        box = self._options_row.findChild(QComboBox, "wallKind") if self._options_row is not None else None
        if box is not None and box.currentData() != kind:
            box.setCurrentIndex(box.findData(kind))

    def fill_options(self, lay: QHBoxLayout) -> None:
        kind = QComboBox()
        kind.setObjectName("wallKind")
        for k, text in KIND_LABELS.items():
            kind.addItem(text, k)
        kind.setToolTip(
            QCoreApplication.translate(
                "WallTool",
                "Wall: blocks movement, sight, effects · Door: a wall while closed · "
                "Window: blocks movement and effects, not sight · Low wall: blocks nothing, gives cover",
            )
        )
        kind.currentIndexChanged.connect(lambda _i: self.set_kind(str(kind.currentData())))
        lay.addWidget(QLabel(QCoreApplication.translate("WallTool", "Kind")))
        lay.addWidget(kind)

    # ---- snapping

    def snap(self, pos: QPointF, fine: bool) -> Point:
        p = from_scene(pos)
        step = 0.5 if fine else 1.0
        return Point(round(p.x / step) * step, round(p.y / step) * step)

    # ---- mouse

    def press(self, ev: ToolEvent) -> bool:
        if ev.button == Qt.MouseButton.RightButton:
            if self.points:
                self.finish()
                return True
            return False
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        point = self.snap(ev.scene_pos, ev.ctrl)
        if not self.points:
            index = self.map_scene.walls_layer.wall_at(ev.scene_pos, DOOR_TOLERANCE)
            near_corner = (
                abs(from_scene(ev.scene_pos).x - point.x) + abs(from_scene(ev.scene_pos).y - point.y) < 0.25
            )
            walls = self.doc.scene.walls
            if index is not None and walls[index].kind == "door" and not near_corner:
                self.doc.execute(toggle_door_command(walls, index))
                return True
        self._press = (point, QPointF(ev.view_pos))
        if not self.points:
            self.points = [point]
        elif point != self.points[-1]:
            self.points.append(point)
        self._redraw()
        return True

    def move(self, ev: ToolEvent) -> bool:
        self.hover = self.snap(ev.scene_pos, ev.ctrl)
        self._redraw()
        return bool(self.points)

    def release(self, ev: ToolEvent) -> bool:
        if ev.button != Qt.MouseButton.LeftButton or self._press is None:
            return False
        start, _view = self._press
        self._press = None
        point = self.snap(ev.scene_pos, ev.ctrl)
        if point != start and self.points and point != self.points[-1]:
            self.points.append(point)  # press-drag-release: one segment, keep drawing from its end
        self._redraw()
        return True

    def double_click(self, ev: ToolEvent) -> bool:
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        self.finish()
        return True

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.points:
            self.finish()
            return True
        if event.key() == Qt.Key.Key_Backspace and self.points:
            self.points.pop()
            self._redraw()
            return True
        return False

    def cancel(self) -> bool:
        if not self.points:
            return False
        self.points = []
        self._redraw()
        return True

    def finish(self) -> bool:
        """Commit the polyline drawn so far as one command. True when walls were added."""
        pts = self.points
        self.points = []
        self._press = None
        self._redraw()
        segments = tuple(Wall(a, b, self.kind) for a, b in itertools.pairwise(pts) if a != b)
        if not segments:
            return False
        n = len(segments)
        what = KIND_LABELS[self.kind].lower()
        self.doc.execute(AddWalls(segments, log=f"Drew {n} {what} segment{'s' if n != 1 else ''}"))
        return True

    def _redraw(self) -> None:
        pts = list(self.points)
        if pts and self.hover is not None and self.hover != pts[-1]:
            pts.append(self.hover)
        elif not pts and self.hover is not None:
            pts = [self.hover]
        self.preview.set_points([to_scene(p) for p in pts])
