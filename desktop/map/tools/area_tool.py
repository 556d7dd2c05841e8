"""The area tool: aim an area of effect, see exactly the squares and creatures the engine includes, place it.

Shapes are the scene's system's (`rules.geometry.areas.shapes_for`). How the origin snaps:

* burst, sphere, cylinder: the grid corner nearest the mouse;
* cube (5e): centred on the mouse, its top-left corner on the nearest grid corner;
* emanation: the creature under the mouse, or the selected one;
* cone and line: from a creature — the selected one, or the one you press on — starting where the engine
  says (`default_origin`: a corner or an edge midpoint of its space; a line from its edge or corner), or
  from the grid corner you press on away from any creature (Alt forces a corner). The mouse aims; Shift
  snaps the direction to 45°.

Gestures: hover shows the preview; a click places bursts, spheres, cylinders, cubes and emanations. For a
cone or a line: with one creature selected, hovering aims from it, a first click locks the aim from it and a
second click places (so a click made while picking the tool never drops an area by surprise); otherwise
press on a creature or a corner and drag to aim, release to place (a click without a drag keeps aiming
until the next click). The preview's caption stays inside the view (it flips to the left or above near an
edge). ``[`` / ``]`` shrink and grow the area by 5 ft. Right click or Escape cancels.

The preview is one `AreaItem` updated in place: a mouse move that doesn't change the spec costs nothing, and
one that does costs one `resolve_area` plus a path rebuild.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGraphicsItem,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
)

from desktop.i18n import QT_TRANSLATE_NOOP, engine_text
from desktop.look.style import CELL, LABEL_DIM
from desktop.map.grid_coords import from_scene, nearest_corner
from desktop.map.items.area_item import AreaItem
from desktop.map.items.label_item import LabelItem, LabelLine
from desktop.map.tools.base import PreviewTool, ToolEvent
from rules.geometry.areas import AreaResult, AreaSpec, default_origin, shapes_for
from rules.geometry.coords import Point
from rules.model.areas import PlacedArea, describe, next_area_id, next_colour
from rules.model.scene import Token
from rules.play.table import PlaceArea

if TYPE_CHECKING:
    from desktop.map.view import MapView

SHAPE_LABELS: dict[str, str] = {
    "burst": QT_TRANSLATE_NOOP("AreaTool", "Burst"),
    "emanation": QT_TRANSLATE_NOOP("AreaTool", "Emanation"),
    "cone": QT_TRANSLATE_NOOP("AreaTool", "Cone"),
    "line": QT_TRANSLATE_NOOP("AreaTool", "Line"),
    "sphere": QT_TRANSLATE_NOOP("AreaTool", "Sphere"),
    "cylinder": QT_TRANSLATE_NOOP("AreaTool", "Cylinder"),
    "cube": QT_TRANSLATE_NOOP("AreaTool", "Cube"),
}
DEFAULT_FEET: dict[str, int] = {
    "burst": 20,
    "sphere": 20,
    "cylinder": 20,
    "cube": 15,
    "cone": 15,
    "line": 60,
    "emanation": 10,
}
AIMED = ("cone", "line")


def _tr(text: str) -> str:
    """The area tool's words in the app's language."""
    return QCoreApplication.translate("AreaTool", text)


def aim_direction(frm: Point, to: Point, snap: bool) -> float | None:
    """Degrees from `frm` to `to` (0 = east, 90 = south), whole degrees or, with `snap`, a multiple of 45."""
    dx, dy = to.x - frm.x, to.y - frm.y
    if math.hypot(dx, dy) < 0.2:
        return None
    deg = math.degrees(math.atan2(dy, dx)) % 360.0
    step = 45.0 if snap else 1.0
    return float(round(deg / step) * step % 360.0)


class _Signals(QObject):
    placed = Signal(str)
    #: The template being aimed changed: its squares with line of effect (None: nothing aimed) and its
    #: colour's name (the Player Screen draws it on the squares the players know).
    aimed = Signal(object, str)


class AreaTool(PreviewTool):
    #: The window's map view (more of it than `ToolHost`: its pop-up setting, its parent widget).
    view: MapView

    name = "area"
    label = QT_TRANSLATE_NOOP("Tools", "Area")
    cursor = Qt.CursorShape.CrossCursor
    has_options = True

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.signals = _Signals()
        self.shape = shapes_for(self.doc.scene.system)[0]
        self.feet = DEFAULT_FEET[self.shape]
        #: The height (ft) of an area placed on a corner (`AreaSpec.elevation`).
        self.elevation = 0
        self.width = 5
        self.include_self = False
        self.rounds: int | None = None
        self.area_label = ""
        self.preview = AreaItem(next_colour(self.doc.areas), preview=True)
        self.info = LabelItem()
        self.spec: AreaSpec | None = None
        self.result: AreaResult | None = None
        # a cone or line gesture: the creator (token id) or a corner, and whether it was a drag
        self.anchor_token: str | None = None
        self.anchor_corner: Point | None = None
        self.aiming = False
        self._pressed_at: QPointF | None = None
        self._last_pos: QPointF | None = None
        self._last_shift = False
        self._shape_box: QComboBox | None = None
        self._feet_box: QSpinBox | None = None
        self._width_box: QSpinBox | None = None
        self._self_box: QCheckBox | None = None
        self.doc.changed.connect(self._on_doc_changed)
        self.doc.reset.connect(self._on_reset)

    def hint(self) -> str:
        if self.shape in AIMED:
            return QCoreApplication.translate(
                "AreaTool",
                "Cone/line: select the creator and aim with the mouse, or press on a creature or corner"
                " and drag · Shift: 45° · click to aim, click again to place · [ ] size · Esc: cancel",
            )
        if self.shape == "emanation":
            return QCoreApplication.translate(
                "AreaTool",
                "Hover a creature (or select one) and click to place its emanation · [ ] size · Esc: cancel",
            )
        return QCoreApplication.translate(
            "AreaTool", "Move to a grid corner and click to place · [ ] size · Esc: cancel"
        )

    # ---- lifecycle

    def preview_items(self) -> tuple[QGraphicsItem, ...]:
        return (self.preview, self.preview.marks, self.info)

    def activate(self) -> None:
        # the movement overlay would hide the squares the area covers
        self.map_scene.suspend_overlay(True)
        super().activate()
        self._sync_shapes()

    def deactivate(self) -> None:
        super().deactivate()
        self.map_scene.suspend_overlay(False)
        self.signals.aimed.emit(None, "")

    def _on_reset(self) -> None:
        self.cancel()
        self._sync_shapes()

    def _on_doc_changed(self, old: object, new: object) -> None:
        self._sync_shapes()
        if self.preview.scene() is not None and self._last_pos is not None:
            self.spec = None  # the board changed: resolve again
            self._update(self._last_pos, self._last_shift)

    # ---- options

    def fill_options(self, lay: QHBoxLayout) -> None:
        shape = QComboBox()
        shape.setObjectName("areaShape")
        shape.setToolTip(QCoreApplication.translate("AreaTool", "The shapes of this scene's rule system"))
        feet = QSpinBox()
        feet.setObjectName("areaFeet")
        feet.setRange(5, 1000)
        feet.setSingleStep(5)
        feet.setSuffix(QCoreApplication.translate("AreaTool", " ft"))
        feet.setToolTip(
            QCoreApplication.translate("AreaTool", "Radius, length or side ([ and ] change it by 5 ft)")
        )
        width = QSpinBox()
        width.setObjectName("areaWidth")
        width.setRange(5, 200)
        width.setSingleStep(5)
        width.setSuffix(QCoreApplication.translate("AreaTool", " ft wide"))
        width.setToolTip(QCoreApplication.translate("AreaTool", "Width of a line"))
        include = QCheckBox(QCoreApplication.translate("AreaTool", "Include creator"))
        include.setObjectName("areaIncludeSelf")
        include.setToolTip(
            QCoreApplication.translate(
                "AreaTool", "A cone, line or emanation affects its creator only when it chooses to"
            )
        )
        rounds = QSpinBox()
        rounds.setObjectName("areaRounds")
        rounds.setRange(0, 1000)
        rounds.setSpecialValueText(QCoreApplication.translate("AreaTool", "until removed"))
        rounds.setSuffix(QCoreApplication.translate("AreaTool", " rounds"))
        rounds.setToolTip(
            QCoreApplication.translate(
                "AreaTool", "How long the area stays on the map (counts down at its creator's turn)"
            )
        )
        height = QSpinBox()
        height.setObjectName("areaElevation")
        height.setRange(-1000, 1000)
        height.setSingleStep(5)
        height.setPrefix(QCoreApplication.translate("AreaTool", "at "))
        height.setSuffix(QCoreApplication.translate("AreaTool", " ft up"))
        height.setToolTip(
            QCoreApplication.translate(
                "AreaTool",
                "The height of the area's origin above the ground: only creatures within its vertical extent "
                "are in it (an emanation or a creature's cone follows the creature's height)",
            )
        )
        name = QLineEdit()
        name.setObjectName("areaLabel")
        name.setPlaceholderText(QCoreApplication.translate("AreaTool", "Label (e.g. Fireball)"))
        name.setMaximumWidth(160)
        lay.addWidget(QLabel(QCoreApplication.translate("AreaTool", "Shape")))
        lay.addWidget(shape)
        lay.addWidget(feet)
        lay.addWidget(width)
        lay.addWidget(include)
        lay.addWidget(height)
        lay.addWidget(QLabel(QCoreApplication.translate("AreaTool", "Lasts")))
        lay.addWidget(rounds)
        lay.addWidget(name)
        self._shape_box, self._feet_box = shape, feet
        self._width_box, self._self_box = width, include
        self._sync_shapes()
        feet.setValue(self.feet)
        width.setValue(self.width)
        shape.currentIndexChanged.connect(lambda _i: self.set_shape(str(shape.currentData())))
        feet.valueChanged.connect(self.set_feet)
        width.valueChanged.connect(self.set_width)
        include.toggled.connect(self.set_include_self)
        rounds.valueChanged.connect(lambda v: setattr(self, "rounds", v or None))
        height.valueChanged.connect(lambda v: setattr(self, "elevation", int(v)))
        self._elevation_box = height
        name.textChanged.connect(lambda t: setattr(self, "area_label", t.strip()))
        self._update_option_visibility()

    def _sync_shapes(self) -> None:
        shapes = shapes_for(self.doc.scene.system)
        if self.shape not in shapes:
            self.shape = shapes[0]
            self.feet = DEFAULT_FEET[self.shape]
            if self._feet_box is not None:
                self._feet_box.setValue(self.feet)
        box = self._shape_box
        if box is None:
            return
        current = [box.itemData(i) for i in range(box.count())]
        if current != list(shapes):
            box.blockSignals(True)
            box.clear()
            for s in shapes:
                box.addItem(_tr(SHAPE_LABELS[s]), s)
            box.blockSignals(False)
        box.blockSignals(True)
        box.setCurrentIndex(max(0, box.findData(self.shape)))
        box.blockSignals(False)
        self._update_option_visibility()

    def _update_option_visibility(self) -> None:
        if self._width_box is not None:
            self._width_box.setVisible(self.shape == "line")
        if self._self_box is not None:
            self._self_box.setVisible(self.shape in ("cone", "line", "emanation"))

    def set_shape(self, shape: str) -> None:
        if shape not in shapes_for(self.doc.scene.system) or shape == self.shape:
            return
        self.cancel()
        self.shape = shape
        self.feet = DEFAULT_FEET[shape]
        if self._feet_box is not None:
            self._feet_box.blockSignals(True)
            self._feet_box.setValue(self.feet)
            self._feet_box.blockSignals(False)
        if self._shape_box is not None and self._shape_box.currentData() != shape:
            self._shape_box.blockSignals(True)
            self._shape_box.setCurrentIndex(self._shape_box.findData(shape))
            self._shape_box.blockSignals(False)
        self._update_option_visibility()
        self.view.show_message(self.hint())
        self._refresh()

    def set_feet(self, feet: int) -> None:
        self.feet = max(5, int(feet))
        if self._feet_box is not None and self._feet_box.value() != self.feet:
            self._feet_box.blockSignals(True)
            self._feet_box.setValue(self.feet)
            self._feet_box.blockSignals(False)
        self._refresh()

    def set_width(self, width: int) -> None:
        self.width = max(5, int(width))
        self._refresh()

    def set_include_self(self, on: bool) -> None:
        self.include_self = bool(on)
        self._refresh()

    def _refresh(self) -> None:
        self.spec = None
        if self._last_pos is not None:
            self._update(self._last_pos, self._last_shift)

    # ---- where the area goes

    def _selected_token(self) -> Token | None:
        ids = self.map_scene.selected_ids()
        return self.doc.scene.token(ids[0]) if len(ids) == 1 else None

    def _token_at(self, pos: QPointF) -> Token | None:
        item = self.map_scene.token_item_at(pos)
        return self.doc.scene.token(item.token_id) if item is not None else None

    def creator(self) -> Token | None:
        """The creature a cone or line comes from: the gesture's, else the selected one."""
        if self.anchor_token is not None:
            return self.doc.scene.token(self.anchor_token)
        if self.anchor_corner is not None:
            return None
        return self._selected_token()

    def spec_at(self, pos: QPointF, snap: bool = False) -> AreaSpec | None:
        """The area the mouse at scene point `pos` describes now (None when it describes none), at the
        height of the options' "at … ft up" (an area placed on a corner; a creature's area keeps its
        creature's height: `rules.geometry.elevation`)."""
        spec = self._spec_at(pos, snap)
        if spec is None or spec.token_id is not None or not self.elevation:
            return spec
        return replace(spec, elevation=self.elevation)

    def _spec_at(self, pos: QPointF, snap: bool = False) -> AreaSpec | None:
        shape, feet, system = self.shape, self.feet, self.doc.scene.system
        if shape in ("burst", "sphere", "cylinder"):
            return AreaSpec(shape, feet, origin=nearest_corner(pos))
        if shape == "cube":
            half = feet / 5 * CELL / 2
            return AreaSpec(shape, feet, origin=nearest_corner(pos - QPointF(half, half)))
        if shape == "emanation":
            token = self._token_at(pos) or self._selected_token()
            if token is None:
                return None
            return AreaSpec(shape, feet, token_id=token.id, include_self=self.include_self)
        mouse = from_scene(pos)
        creator = self.creator()
        if creator is not None:
            direction = aim_direction(creator.centre(), mouse, snap)
            if direction is None:
                return None
            origin = default_origin(creator, shape, direction, system)
            return AreaSpec(
                shape,
                feet,
                origin=origin,
                direction=direction,
                width=self.width,
                token_id=creator.id,
                include_self=self.include_self,
            )
        if self.anchor_corner is None:
            return None
        direction = aim_direction(self.anchor_corner, mouse, snap)
        if direction is None:
            return None
        return AreaSpec(shape, feet, origin=self.anchor_corner, direction=direction, width=self.width)

    def _update(self, pos: QPointF, snap: bool) -> None:
        self._last_pos, self._last_shift = QPointF(pos), snap
        spec = self.spec_at(pos, snap)
        if spec == self.spec and spec is not None:
            self._place_info(pos)
            return
        self.spec = spec
        scene = self.doc.scene
        self.result = self.preview.resolve(scene, spec)
        self.preview.marks.set_label("")
        self._describe(pos)
        self._announce()

    def _announce(self) -> None:
        cells = self.result.affected_cells if self.result is not None and self.spec is not None else None
        self.signals.aimed.emit(cells, self.preview.colour.name())

    def _describe(self, pos: QPointF) -> None:
        spec, result = self.spec, self.result
        if spec is None:
            self.info.set_lines([])
            return
        if result is None:
            why = self.preview.error
            shown = (
                engine_text(why, self.doc.scene.system)
                if why
                else QCoreApplication.translate("AreaTool", "Can't place here")
            )
            self.info.set_lines([LabelLine(shown, LABEL_DIM)])
            self._place_info(pos)
            return
        scene = self.doc.scene
        colour = self.preview.colour
        head = engine_text(describe(spec), scene.system)
        if spec.direction is not None:
            head += f" · {spec.direction:g}°"
        lines = [LabelLine(head, colour, big=True)]
        n_blocked = len(result.blocked)
        squares = QCoreApplication.translate("AreaTool", "{n} squares").format(n=len(result.cells))
        if n_blocked:
            squares += QCoreApplication.translate("AreaTool", " · {n} blocked by walls").format(n=n_blocked)
        lines.append(LabelLine(squares, LABEL_DIM))
        names = [scene.token(t).label for t in result.tokens if scene.token(t) is not None]  # type: ignore[union-attr]
        if names:
            shown = ", ".join(names[:6]) + (f" +{len(names) - 6}" if len(names) > 6 else "")
            lines.append(
                LabelLine(
                    QCoreApplication.translate("AreaTool", "{n} inside: {names}").format(
                        n=len(names), names=shown
                    )
                )
            )
        else:
            lines.append(LabelLine(QCoreApplication.translate("AreaTool", "No creature inside"), LABEL_DIM))
        self.info.set_lines(lines, colour)
        self._place_info(pos)

    def _place_info(self, pos: QPointF) -> None:
        self.info.place(pos, pos, self.view)  # flipped left / above near the view's edges

    # ---- mouse

    def move(self, ev: ToolEvent) -> bool:
        self._update(ev.scene_pos, ev.shift)
        return True

    def press(self, ev: ToolEvent) -> bool:
        if ev.button == Qt.MouseButton.RightButton:
            self.cancel()
            return True
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        if self.shape not in AIMED:
            self._update(ev.scene_pos, ev.shift)
            self.place()
            return True
        if self.aiming:
            self._update(ev.scene_pos, ev.shift)
            self.place()
            return True
        selected = self._selected_token()
        under = self._token_at(ev.scene_pos)
        if selected is not None and not ev.alt and (under is None or under.id == selected.id):
            # hover-aiming from the selected creator: this click locks the aim (the next one places)
            self.anchor_token, self.anchor_corner = selected.id, None
        elif under is not None and not ev.alt:
            self.anchor_token, self.anchor_corner = under.id, None
        else:
            self.anchor_token, self.anchor_corner = None, nearest_corner(ev.scene_pos)
        self.aiming = True
        self._pressed_at = QPointF(ev.view_pos)
        self.spec = None
        self._update(ev.scene_pos, ev.shift)
        return True

    def release(self, ev: ToolEvent) -> bool:
        if ev.button != Qt.MouseButton.LeftButton or not self.aiming or self._pressed_at is None:
            return False
        pressed, self._pressed_at = self._pressed_at, None
        dragged = (QPointF(ev.view_pos) - pressed).manhattanLength() >= self.view.drag_distance()
        if dragged:
            self._update(ev.scene_pos, ev.shift)
            self.place()
        return True

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_BracketRight:
            self.set_feet(self.feet + 5)
            return True
        if event.key() == Qt.Key.Key_BracketLeft:
            self.set_feet(self.feet - 5)
            return True
        return False

    def cancel(self) -> bool:
        had = self.aiming or self.spec is not None
        self.aiming = False
        self.anchor_token = self.anchor_corner = None
        self._pressed_at = None
        self.spec = None
        self.result = None
        self.preview.resolve(self.doc.scene, None)
        self.info.set_lines([])
        self._announce()
        return had

    # ---- placing

    def place(self) -> PlacedArea | None:
        """Put the previewed area on the map (one undoable command)."""
        spec, result = self.spec, self.result
        if spec is None or result is None:
            if self.preview.error:
                self.view.show_message(self.preview.error)
            return None
        area = PlacedArea(
            id=next_area_id(self.doc.areas),
            spec=spec,
            label=self.area_label,
            colour=next_colour(self.doc.areas),
            rounds_left=self.rounds,
            duration=self.rounds,
        )
        self.doc.execute(PlaceArea(area, result.tokens))
        self.aiming = False
        self.anchor_token = self.anchor_corner = None
        self.preview.set_colour(next_colour(self.doc.areas))
        self.signals.placed.emit(area.id)
        self.view.show_message(f"Placed {area.title}: {len(result.tokens)} creature(s) inside")
        return area
