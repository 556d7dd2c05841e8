"""Fog of war and light tools, and the commands they execute.

* `FogTool`: reveal (left drag) or hide (right drag, or the Hide mode) squares of the fog with a round brush
  or a rectangle. One stroke is one undoable command (`EditFog`).
* `LightTool`: click to place a light with the radii in the tool bar (a torch: bright 20 ft, dim 40 ft);
  click a light to remove it; Shift-click a light to give it the tool bar's radii; right-click a light to
  edit its bright and dim radii in a small dialog (`desktop.dialogs.light_dialog`); click a creature to make
  it carry a light with those radii (click again to put it out).

Commands (engine intents on a `GameState`, undoable through the document): `EditFog` (reveal/hide squares),
`SetFogMode` (fog on/off, reset the memory), `RememberFog` (fold what the party sees now into the fog),
`AddLight`, `RemoveLight`, `ReplaceLight`, `SetTokenLight` and `SetAmbient`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, Qt
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

from desktop.look.style import CELL
from desktop.map.grid_coords import cells_in_rect
from desktop.map.items.preview_items import CellsPreviewItem
from desktop.map.tools.base import PreviewTool, ToolEvent
from rules.geometry.coords import Cell, Point
from rules.geometry.vision import party_seen
from rules.model.fog import Fog, brush_cells
from rules.model.scene import LIGHT_LEVELS, Light, Scene, TokenLight

try:  # the engine's command protocol: apply(GameState) -> Outcome
    from rules.play.command import Refused, logged

    _ENGINE_COMMANDS = True
except ImportError:  # pragma: no cover - the app's older protocol: apply(DocState) -> DocState, log text
    _ENGINE_COMMANDS = False
    Refused = ValueError  # type: ignore[misc,assignment]

if TYPE_CHECKING:
    from desktop.dialogs.light_dialog import LightDialog
    from desktop.map.view import MapView

REVEAL_COLOUR = QColor(255, 255, 160, 110)
HIDE_COLOUR = QColor(20, 20, 40, 150)


def fog_of(scene: Scene) -> Fog:
    """The scene's fog, or a fresh one (on, nothing explored) sized to its grid."""
    if scene.fog is None:
        return Fog.blank(scene.grid.width, scene.grid.height)
    return scene.fog.resized(scene.grid.width, scene.grid.height)


def _result(state: Any, scene: Scene, text: str = "") -> Any:
    """The command's result in the document's protocol: an `Outcome` with the log line (engine
    commands), or the new state (older app commands, whose log is the command's `log`)."""
    if _ENGINE_COMMANDS:
        return logged(state.with_scene(scene), text) if scene is not state.scene else logged(state)
    return replace(state, scene=scene)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ------------------------------------------------------------------------------------------- commands


@dataclass(frozen=True, slots=True)
class EditFog:
    """Reveal (or hide) squares of the fog."""

    cells: tuple[tuple[int, int], ...]
    reveal: bool = True
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Reveal Fog" if self.reveal else "Hide Fog"

    @property
    def log(self) -> str:
        return f"Fog {'revealed' if self.reveal else 'hidden'}: {_plural(len(self.cells), 'square')}"

    def apply(self, state: Any) -> Any:
        fog = fog_of(state.scene)
        new = fog.reveal(self.cells) if self.reveal else fog.hide(self.cells)
        return _result(state, state.scene.edit(fog=new), self.log)


@dataclass(frozen=True, slots=True)
class SetFogMode:
    """``on``, ``off`` or ``reset`` (forget what the party explored)."""

    mode: str
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return {"on": "Fog of War On", "off": "Fog of War Off", "reset": "Reset Fog of War"}[self.mode]

    @property
    def log(self) -> str:
        return self.label

    def apply(self, state: Any) -> Any:
        fog = fog_of(state.scene)
        new = fog.reset() if self.mode == "reset" else fog.with_enabled(self.mode == "on")
        return _result(state, state.scene.edit(fog=new), self.log)


@dataclass(frozen=True, slots=True)
class RememberFog:
    """Fold the squares the party sees now into the fog (its memory of the map)."""

    merge_key: object | None = "fog-remember"
    label: str = "Explore"
    log: str = ""

    def apply(self, state: Any) -> Any:
        scene = state.scene
        fog = fog_of(scene)
        new = fog.remember(party_seen(scene))
        return _result(state, scene.edit(fog=new) if new is not fog else scene)


@dataclass(frozen=True, slots=True)
class AddLight:
    light: Light
    merge_key: object | None = None
    label: str = "Place Light"

    @property
    def log(self) -> str:
        p = self.light.position
        return (
            f"Light placed at ({p.x:g}, {p.y:g}): bright {self.light.bright:g} ft, dim {self.light.dim:g} ft"
        )

    def apply(self, state: Any) -> Any:
        return _result(state, state.scene.edit(lights=(*state.scene.lights, self.light)), self.log)


def _light_list(state: Any, index: int) -> list[Light]:
    lights = list(state.scene.lights)
    if not 0 <= index < len(lights):
        raise Refused(f"there is no light number {index + 1}")
    return lights


@dataclass(frozen=True, slots=True)
class RemoveLight:
    index: int
    merge_key: object | None = None
    label: str = "Remove Light"
    log: str = "Light removed"

    def apply(self, state: Any) -> Any:
        lights = _light_list(state, self.index)
        del lights[self.index]
        return _result(state, state.scene.edit(lights=tuple(lights)), self.log)


@dataclass(frozen=True, slots=True)
class ReplaceLight:
    index: int
    light: Light
    merge_key: object | None = None
    label: str = "Change Light"

    @property
    def log(self) -> str:
        return f"Light changed: bright {self.light.bright:g} ft, dim {self.light.dim:g} ft"

    def apply(self, state: Any) -> Any:
        lights = _light_list(state, self.index)
        lights[self.index] = self.light
        return _result(state, state.scene.edit(lights=tuple(lights)), self.log)


@dataclass(frozen=True, slots=True)
class SetTokenLight:
    """Give a creature a light to carry (a torch: bright 20, dim 40), or take it away (None)."""

    token_id: str
    light: TokenLight | None
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Carry Light" if self.light is not None else "Put Out Light"

    @property
    def log(self) -> str:
        if self.light is None:
            return f"{self.token_id} carries no light"
        return f"{self.token_id} carries a light: bright {self.light.bright} ft, dim {self.light.dim} ft"

    def apply(self, state: Any) -> Any:
        token = state.scene.token(self.token_id)
        if token is None:
            raise Refused(f"there is no token {self.token_id!r}")
        scene = state.scene.replace_token(replace(token, light=self.light))
        return _result(state, scene, self.log)


@dataclass(frozen=True, slots=True)
class SetAmbient:
    level: str
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return f"Ambient Light: {self.level.capitalize()}"

    @property
    def log(self) -> str:
        return self.label

    def apply(self, state: Any) -> Any:
        if self.level not in LIGHT_LEVELS:
            raise Refused(f"ambient light must be one of {', '.join(LIGHT_LEVELS)}")
        options = replace(state.scene.options, ambient=self.level)
        return _result(state, state.scene.edit(options=options), self.log)


# ----------------------------------------------------------------------------------------------- tools


class FogTool(PreviewTool):
    name = "fog"
    label = "Fog of war"
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
        return "Drag to reveal the map to the players · right-drag hides · brush or rectangle in the tool bar"

    def preview_items(self) -> tuple[QGraphicsItem, ...]:
        return (self.preview,)

    def fill_options(self, lay: QHBoxLayout) -> None:
        mode = QComboBox()
        mode.setObjectName("fogMode")
        mode.addItem("Reveal", "reveal")
        mode.addItem("Hide", "hide")
        mode.setToolTip("Left drag reveals or hides (right drag always does the other)")
        mode.currentIndexChanged.connect(lambda _i: setattr(self, "mode", str(mode.currentData())))
        shape = QComboBox()
        shape.setObjectName("fogShape")
        shape.addItem("Brush", "brush")
        shape.addItem("Rectangle", "rect")
        shape.currentIndexChanged.connect(lambda _i: setattr(self, "shape", str(shape.currentData())))
        size = QDoubleSpinBox()
        size.setObjectName("fogSize")
        size.setRange(0.5, 12.0)
        size.setSingleStep(0.5)
        size.setValue(self.size)
        size.setSuffix(" sq")
        size.setToolTip("Brush radius in squares")
        size.valueChanged.connect(lambda v: setattr(self, "size", float(v)))
        for label, widget in (("Fog", mode), ("Shape", shape), ("Radius", size)):
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
    name = "light"
    label = "Lights"
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
        return (
            "Click to place a light (snaps to corners and centres) · click a light to remove it · "
            "Shift-click: set its radii · right-click: edit its radii · click a creature: it carries a light "
            "(again: puts it out)"
        )

    def fill_options(self, lay: QHBoxLayout) -> None:
        for label, attr, name in (("Bright", "bright", "lightBright"), ("Dim", "dim", "lightDim")):
            spin = QSpinBox()
            spin.setObjectName(name)
            spin.setRange(0, 600)
            spin.setSingleStep(5)
            spin.setSuffix(" ft")
            spin.setValue(getattr(self, attr))
            spin.valueChanged.connect(lambda v, a=attr: setattr(self, a, int(v)))
            lay.addWidget(QLabel(label))
            lay.addWidget(spin)
        lay.addWidget(QLabel("(a torch: bright 20 ft, dim 40 ft)"))

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
        from desktop.dialogs.light_dialog import LightDialog

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
