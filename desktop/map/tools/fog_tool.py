"""Fog of war and light tools: they turn strokes and clicks into the engine's fog and light commands.

* `FogTool`: reveal (left drag) or hide (right drag, or the Hide mode) squares of the fog with a round brush
  or a rectangle. One stroke is one undoable command (`EditFog`).
* `LightTool`: click to place a light with the radii in the tool bar (a torch: bright 20 ft, dim 40 ft);
  click a light to remove it; Shift-click a light to give it the tool bar's radii; right-click a light to
  edit its bright and dim radii in a small dialog (`desktop.map.tools.light_dialog`); click a creature to make
  it carry a light with those radii (click again to put it out).

The tools execute the engine's commands (`rules.play.fog`: `EditFog`; `rules.play.lights`: `AddLight`,
`RemoveLight`, `ReplaceLight`, `SetTokenLight`); the engine remembers what the party sees by itself.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QGraphicsItem,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from desktop.i18n import QT_TRANSLATE_NOOP
from desktop.look.style import CELL
from desktop.map.grid_coords import cells_in_rect
from desktop.map.items.preview_items import CellsPreviewItem
from desktop.map.tools.base import PreviewTool, ToolEvent
from rules.geometry.coords import Cell, Point
from rules.model.fog import brush_cells
from rules.model.scene import Light, TokenLight
from rules.play.fog import EditFog, fog_of
from rules.play.lights import AddLight, RemoveLight, ReplaceLight, SetTokenLight

if TYPE_CHECKING:
    from desktop.map.tools.light_dialog import LightDialog
    from desktop.map.view import MapView

REVEAL_COLOUR = QColor(255, 255, 160, 110)
HIDE_COLOUR = QColor(20, 20, 40, 150)


# ----------------------------------------------------------------------------------------------- tools


class FogTool(PreviewTool):
    #: The window's map view (more of it than `ToolHost`: its pop-up setting, its parent widget).
    view: MapView

    name = "fog"
    label = QT_TRANSLATE_NOOP("Tools", "Fog of war")
    cursor = Qt.CursorShape.CrossCursor
    has_options = True

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.mode = "reveal"
        self.shape = "brush"
        self.size = 2.0  # brush radius in squares
        self._stroke: set[Cell] | None = None
        self._reveal = True
        self._start: Cell | None = None
        self.preview = CellsPreviewItem(REVEAL_COLOUR)

    def hint(self) -> str:
        return QCoreApplication.translate(
            "FogTool",
            "Drag to reveal the map to the players · right-drag hides · brush or rectangle in the tool bar",
        )

    def preview_items(self) -> tuple[QGraphicsItem, ...]:
        return (self.preview,)

    def fill_options(self, lay: QHBoxLayout) -> None:
        mode = QComboBox()
        mode.setObjectName("fogMode")
        mode.addItem(QCoreApplication.translate("FogTool", "Reveal to players"), "reveal")
        mode.addItem(QCoreApplication.translate("FogTool", "Hide from players"), "hide")
        mode.setToolTip(
            QCoreApplication.translate(
                "FogTool", "Left drag reveals or hides (right drag always does the other)"
            )
        )
        mode.currentIndexChanged.connect(lambda _i: setattr(self, "mode", str(mode.currentData())))
        shape = QComboBox()
        shape.setObjectName("fogShape")
        shape.addItem(QCoreApplication.translate("FogTool", "Brush"), "brush")
        shape.addItem(QCoreApplication.translate("FogTool", "Rectangle"), "rect")
        shape.currentIndexChanged.connect(lambda _i: setattr(self, "shape", str(shape.currentData())))
        size = QDoubleSpinBox()
        size.setObjectName("fogSize")
        size.setRange(0.5, 12.0)
        size.setSingleStep(0.5)
        size.setValue(self.size)
        size.setSuffix(QCoreApplication.translate("FogTool", " sq"))
        size.setToolTip(QCoreApplication.translate("FogTool", "Brush radius in squares"))
        size.valueChanged.connect(lambda v: setattr(self, "size", float(v)))
        for label, widget in (
            (QCoreApplication.translate("FogTool", "Fog"), mode),
            (QCoreApplication.translate("FogTool", "Shape"), shape),
            (QCoreApplication.translate("FogTool", "Radius"), size),
        ):
            lay.addWidget(QLabel(label))
            lay.addWidget(widget)

    def _brush(self, pos: QPointF) -> set[Cell]:
        g = self.doc.scene.grid
        cells = brush_cells(pos.x() / CELL, pos.y() / CELL, self.size)
        return {Cell(x, y) for x, y in cells if g.contains(x, y)}

    def press(self, ev: ToolEvent) -> bool:
        if ev.button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return False
        right = ev.button == Qt.MouseButton.RightButton
        self._reveal = (self.mode == "reveal") != right
        self.preview.set_colour(REVEAL_COLOUR if self._reveal else HIDE_COLOUR)
        self._start = ev.cell
        self._stroke = self._brush(ev.scene_pos) if self.shape == "brush" else {ev.cell}
        self.preview.set_cells(self._stroke)
        return True

    def move(self, ev: ToolEvent) -> bool:
        if self._stroke is None:
            return False
        g = self.doc.scene.grid
        if self.shape == "rect" and self._start is not None:
            self._stroke = {c for c in cells_in_rect(self._start, ev.cell) if g.contains(c.x, c.y)}
        else:
            self._stroke |= self._brush(ev.scene_pos)
        self.preview.set_cells(self._stroke)
        return True

    def release(self, ev: ToolEvent) -> bool:
        if self._stroke is None:
            return False
        self.move(ev)
        cells = tuple(sorted((c.x, c.y) for c in self._stroke))
        self._stroke = None
        self.preview.set_cells([])
        if cells:
            fog = fog_of(self.doc.scene)
            new = fog.reveal(cells) if self._reveal else fog.hide(cells)
            if new != fog or self.doc.scene.fog is None:
                self.doc.execute(EditFog(cells, self._reveal))
        return True

    def cancel(self) -> bool:
        if self._stroke is None:
            return False
        self._stroke = None
        self.preview.set_cells([])
        return True


class LightTool(PreviewTool):
    #: The window's map view (more of it than `ToolHost`: its pop-up setting, its parent widget).
    view: MapView

    name = "light"
    label = QT_TRANSLATE_NOOP("Tools", "Lights")
    cursor = Qt.CursorShape.CrossCursor
    has_options = True
    #: How near (squares) a click must be to a light to pick it.
    PICK = 0.4

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.bright = 20
        self.dim = 40
        #: The open light dialog (right-click on a light), if any.
        self.dialog: LightDialog | None = None

    def hint(self) -> str:
        return QCoreApplication.translate(
            "LightTool",
            "Click to place a light (snaps to corners and centres) · click a light to remove it · "
            "Shift-click: set its radii · right-click: edit its radii · click a creature: it carries a light "
            "(again: puts it out)",
        )

    def fill_options(self, lay: QHBoxLayout) -> None:
        for label, attr, name in (
            (QCoreApplication.translate("LightTool", "Bright"), "bright", "lightBright"),
            (QCoreApplication.translate("LightTool", "Dim"), "dim", "lightDim"),
        ):
            spin = QSpinBox()
            spin.setObjectName(name)
            spin.setRange(0, 600)
            spin.setSingleStep(5)
            spin.setSuffix(QCoreApplication.translate("LightTool", " ft"))
            spin.setValue(getattr(self, attr))
            spin.valueChanged.connect(lambda v, a=attr: setattr(self, a, int(v)))
            lay.addWidget(QLabel(label))
            lay.addWidget(spin)
        lay.addWidget(QLabel(QCoreApplication.translate("LightTool", "(a torch: bright 20 ft, dim 40 ft)")))

    def light_at(self, pos: QPointF) -> int | None:
        x, y = pos.x() / CELL, pos.y() / CELL
        best: tuple[float, int] | None = None
        for i, lt in enumerate(self.doc.scene.lights):
            d = math.hypot(lt.position.x - x, lt.position.y - y)
            if d <= self.PICK and (best is None or d < best[0]):
                best = (d, i)
        return None if best is None else best[1]

    def edit_light(self, index: int) -> LightDialog:
        """The light dialog for light `index` (bright and dim radii); OK changes it in one undoable step."""
        from desktop.map.tools.light_dialog import LightDialog

        parent = self.view if isinstance(self.view, QWidget) else None
        dialog = LightDialog(self.doc.scene.lights[index], parent)

        def done() -> None:
            if dialog.changed():
                self.doc.execute(ReplaceLight(index, dialog.light()))

        dialog.accepted.connect(done)
        self.dialog = dialog
        dialog.open()
        return dialog

    def press(self, ev: ToolEvent) -> bool:
        if ev.button == Qt.MouseButton.RightButton:  # right-click a light: edit its radii
            picked = self.light_at(ev.scene_pos)
            if picked is None:
                return False
            self.edit_light(picked)
            return True
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        found = self.light_at(ev.scene_pos)
        bright, dim = float(self.bright), float(max(self.dim, self.bright))
        item = self.map_scene.token_item_at(ev.scene_pos) if found is None else None
        if item is not None:  # a creature: it takes up (or puts out) a light with the tool bar's radii
            token = self.doc.scene.token(item.token_id)
            if token is not None:
                carried = None if token.light is not None else TokenLight(int(bright), int(dim))
                self.doc.execute(SetTokenLight(token.id, carried))
            return True
        if found is not None:
            if ev.shift:
                old = self.doc.scene.lights[found]
                self.doc.execute(ReplaceLight(found, replace(old, bright=bright, dim=dim)))
            else:
                self.doc.execute(RemoveLight(found))
            return True
        # snap to the nearest half square: corners, edge midpoints and centres
        x = round(ev.scene_pos.x() / CELL * 2) / 2
        y = round(ev.scene_pos.y() / CELL * 2) / 2
        self.doc.execute(AddLight(Light(Point(x, y), bright=bright, dim=dim)))
        return True
