"""The spell tool: aim one spell of one caster, seeing what the engine answers before anything is cast.

Started by the spell list (`start`: the caster, the spell and the level chosen) — never from the tool bar.
The spell's form at that level (`RuleSystem.casting.form`: heightened area, targets) decides the gesture:

* **an area** — its shape and size are the spell's: a burst, sphere or cylinder snaps to the grid corner
  nearest the mouse, a cube is centred on the mouse, a cone or a line aims from the caster toward the mouse
  (Shift: 45°), an emanation is around the caster. Every mouse move asks the engine
  (`rules.play.cast.Cast.aim`: the same aim the cast resolves) and draws its answer: the squares, the
  targets with their cover, the creatures left out and why (no line of effect, outside the area's height);
  a point out of the spell's range shows the engine's refusal. A click casts it there (`aimed`).
* **targets** — a click on a creature adds it (or removes it again); a creature the engine refuses (out of
  range, no line of effect) is not added and the refusal is shown. When the spell's number of targets is
  reached, or on Enter, the spell is aimed at them.

A change of the board while aiming (a token moved, an undo) asks the engine again. Right click or Escape
stops (`cancelled`). `template_changed` gives the area being aimed (or None) for the
Player Screen. The tool changes nothing: the cast is the saves table's (`aimed` carries the aimed `Cast`,
without dice).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGraphicsItem

from desktop.i18n import QT_TRANSLATE_NOOP
from desktop.look.style import CELL, LABEL_DIM
from desktop.map.grid_coords import cell_rect, from_scene, nearest_corner
from desktop.map.items.area_item import AreaItem
from desktop.map.items.label_item import LabelItem, LabelLine
from desktop.map.items.target_marks import COVERED, LEFT_OUT, TARGET, TargetMark, TargetMarksItem
from desktop.map.tools.area_tool import AIMED, aim_direction
from desktop.map.tools.base import PreviewTool, ToolEvent
from rules.geometry.areas import default_origin
from rules.model.spell import CastForm, Spell
from rules.play.cast import Cast
from rules.play.command import Refused
from rules.play.spell_resolution import CORNER_SHAPES, Aim, Placement
from rules.systems import system_for

if TYPE_CHECKING:
    from desktop.map.tools.base import ToolHost

NO_COVER = ("none", "")


def tr(text: str) -> str:
    return QCoreApplication.translate("SpellAimTool", text)


class _Signals(QObject):
    #: The spell is aimed: the `Cast` (caster, spell, level, placement or targets; no dice).
    aimed = Signal(object)
    #: The GM stopped aiming.
    cancelled = Signal()
    #: The area being aimed (`AreaSpec`) or None.
    template_changed = Signal(object)


class SpellAimTool(PreviewTool):
    name = "spell"
    label = QT_TRANSLATE_NOOP("Tools", "Cast")
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, view: ToolHost) -> None:
        super().__init__(view)
        self.signals = _Signals()
        self.preview = AreaItem("#ff7a2f", preview=True)
        self.marks = TargetMarksItem()
        self.info = LabelItem()
        self.caster_id = ""
        self.spell: Spell | None = None
        self.level: int | None = None
        self.form: CastForm | None = None
        self.target_ids: tuple[str, ...] = ()
        #: The engine's aim for the mouse now (None: nothing aimed, see `problem`).
        self.aim: Aim | None = None
        self.command: Cast | None = None
        self.problem = ""
        self._last_pos: QPointF | None = None
        self._last_shift = False
        self._active = False
        #: The saves table is open: the aim stays as it is until it closes.
        self.held = False
        self.doc.changed.connect(lambda _old, _new: self._on_doc_changed())

    # ---- what is aimed

    def start(self, caster_id: str, spell: Spell, level: int | None) -> None:
        """Aim `spell` of `caster_id` at `level` (None: its own)."""
        self.caster_id, self.spell, self.level = caster_id, spell, level
        self.held = False
        self.target_ids = ()
        self.aim, self.command, self.problem = None, None, ""
        caster = self.doc.scene.token(caster_id)
        self.form = None
        if caster is not None:
            rules = system_for(self.doc.scene).casting
            try:
                cast_at = rules.cast_level(spell, level, caster)
                self.form = rules.form(spell, cast_at, caster)
            except ValueError as exc:
                self.problem = str(exc)
        self._last_pos = None
        if self.form is not None and self.form.area is not None and self.form.area.shape == "emanation":
            self._aim(Placement())
        elif self._active:
            self._draw()  # a new spell while aiming another: nothing of the old one stays

    @property
    def is_area(self) -> bool:
        return self.form is not None and self.form.area is not None

    @property
    def most_targets(self) -> int:
        return max(self.form.targets, 1) if self.form is not None else 1

    def hint(self) -> str:
        name = self.spell.name if self.spell is not None else ""
        if self.is_area:
            return tr("{spell}: aim with the mouse and click to cast · Shift: 45° · Esc: stop").format(
                spell=name
            )
        return tr(
            "{spell}: click up to {n} creatures (click again to remove) · Enter: cast · Esc: stop"
        ).format(spell=name, n=self.most_targets)

    def preview_items(self) -> tuple[QGraphicsItem, ...]:
        return (self.preview, self.preview.marks, self.marks, self.info)

    def activate(self) -> None:
        self.map_scene.suspend_overlay(True)
        super().activate()
        self.preview.marks.setVisible(False)  # the target marks say more than the area's rings
        self._active = True
        self._draw()

    def deactivate(self) -> None:
        self._active = False
        super().deactivate()
        self.map_scene.suspend_overlay(False)
        self.signals.template_changed.emit(None)

    # ---- asking the engine

    def placement_at(self, pos: QPointF, snap: bool = False) -> Placement | None:
        """Where the spell's area goes for the mouse at scene point `pos`."""
        caster = self.doc.scene.token(self.caster_id)
        if self.form is None or self.form.area is None or caster is None:
            return None
        shape, feet = self.form.area.shape, self.form.area.feet
        if shape == "cube":
            half = feet / 5 * CELL / 2
            return Placement(corner=nearest_corner(pos - QPointF(half, half)))
        if shape in CORNER_SHAPES:
            return Placement(corner=nearest_corner(pos))
        if shape in AIMED:
            direction = aim_direction(caster.centre(), from_scene(pos), snap)
            if direction is None:
                return None
            origin = default_origin(caster, shape, direction, self.doc.scene.system)
            return Placement(origin=origin, direction=direction)
        return Placement()

    def _command(self, placement: Placement) -> Cast | None:
        if self.spell is None:
            return None
        return Cast(self.caster_id, self.spell, self.level, placement, self.target_ids)

    def _aim(self, placement: Placement | None) -> None:
        command = self._command(placement) if placement is not None else None
        if command is not None and command == self.command and self.aim is not None:
            return
        self.command, self.aim, self.problem = command, None, ""
        if command is not None:
            try:
                self.aim = command.aim(self.doc.state)
            except Refused as exc:
                self.problem = str(exc)
        self._draw()

    def _draw(self) -> None:
        scene = self.doc.scene
        a = self.aim
        spec = a.area if a is not None else None
        if spec is not None and a is not None and a.area_result is not None:
            self.preview.set_result(scene, spec, a.area_result)
        else:
            self.preview.set_result(scene, None, None)
        self.signals.template_changed.emit(spec)
        marks: list[TargetMark] = []
        lines: list[LabelLine] = []
        if self.spell is not None:
            head = self.spell.name
            if self.form is not None and self.form.area is not None:
                head += " · " + self.form.area.text
            lines.append(LabelLine(head, self.preview.colour, big=True))
        if a is not None:
            for t in a.targets:
                tok = scene.token(t.id)
                if tok is None:
                    continue
                covered = t.cover not in NO_COVER
                caption = tr("{cover} cover").format(cover=t.cover) if covered else tr("target")
                marks.append(
                    TargetMark(cell_rect(tok.cell, tok.side_squares), COVERED if covered else TARGET, caption)
                )
                lines.append(LabelLine(f"✓ {tok.label}" + (f" — {caption}" if covered else "")))
            for tid, why in a.excluded:
                tok = scene.token(tid)
                if tok is None:
                    continue
                marks.append(TargetMark(cell_rect(tok.cell, tok.side_squares), LEFT_OUT, why, True))
                lines.append(LabelLine(f"✗ {tok.label} — {why}", LABEL_DIM))
            if not a.targets:
                lines.append(LabelLine(tr("No creature is affected"), LABEL_DIM))
        if self.problem:
            lines.append(LabelLine(self.problem, LEFT_OUT))
        if not self.is_area and a is None:
            lines.append(LabelLine(tr("Click a creature to target it"), LABEL_DIM))
        self.marks.set_marks(tuple(marks))
        self.info.set_lines(lines, self.preview.colour)
        if self._last_pos is not None:
            self.info.place(self._last_pos, self._last_pos, self.view)  # type: ignore[arg-type]

    def _on_doc_changed(self) -> None:
        """The board changed while aiming (a token moved, a wall, an undo): ask the engine again."""
        if not self._active or self.held or self.spell is None:
            return
        self.command = None
        if self.is_area:
            if self.form is not None and self.form.area is not None and self.form.area.shape == "emanation":
                self._aim(Placement())
            elif self._last_pos is not None:
                self._aim(self.placement_at(self._last_pos, self._last_shift))
        elif self.target_ids:
            self.target_ids = tuple(t for t in self.target_ids if self.doc.scene.token(t) is not None)
            self._aim(Placement()) if self.target_ids else self._clear_aim()

    # ---- mouse and keys

    def move(self, ev: ToolEvent) -> bool:
        if self.held:
            return True
        self._last_pos, self._last_shift = QPointF(ev.scene_pos), ev.shift
        if self.is_area:
            self._aim(self.placement_at(ev.scene_pos, ev.shift))
        else:
            self._draw()
        return True

    def press(self, ev: ToolEvent) -> bool:
        if ev.button == Qt.MouseButton.RightButton:
            self.stop()
            return True
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        if self.held:
            return True
        self._last_pos = QPointF(ev.scene_pos)
        if self.is_area:
            if self.form is not None and self.form.area is not None and self.form.area.shape != "emanation":
                self._aim(self.placement_at(ev.scene_pos, ev.shift))
            self.confirm()
            return True
        item = self.map_scene.token_item_at(ev.scene_pos)
        if item is not None:
            self.toggle_target(item.token_id)
        return True

    def toggle_target(self, token_id: str) -> None:
        """Add `token_id` to the targets (or take it off); the engine refuses one it can't target."""
        if token_id in self.target_ids:
            self.target_ids = tuple(t for t in self.target_ids if t != token_id)
            self.command = None
            self._aim(Placement()) if self.target_ids else self._clear_aim()
            return
        before = self.target_ids
        self.target_ids = (*before, token_id)
        self.command = None
        self._aim(Placement())
        if self.aim is None:
            self.target_ids = before
            self.view.show_message(self.problem)
            if before:
                refusal = self.problem
                self.command = None
                self._aim(Placement())
                self.problem = refusal
                self._draw()
            return
        if len(self.target_ids) >= self.most_targets:
            self.confirm()

    def _clear_aim(self) -> None:
        self.aim, self.command, self.problem = None, None, ""
        self._draw()

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.confirm()
            return True
        return False

    def confirm(self) -> Cast | None:
        """Cast where it is aimed now (`aimed`); nothing when the engine refuses the aim."""
        if self.aim is None or self.command is None:
            if self.problem:
                self.view.show_message(self.problem)
            return None
        command = replace(self.command)
        self.signals.aimed.emit(command)
        return command

    def cancel(self) -> bool:
        """Escape, right click: stop aiming (`cancelled`, while the tool is the current one)."""
        self.aim, self.command, self.target_ids = None, None, ()
        self.preview.set_result(self.doc.scene, None, None)
        self.marks.set_marks(())
        self.info.set_lines([])
        if self._active:
            self._active = False
            self.signals.cancelled.emit()
        return True

    def stop(self) -> None:
        """Stop aiming (right click, Escape)."""
        self.cancel()
