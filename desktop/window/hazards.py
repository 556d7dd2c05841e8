"""Hazards and traps in the main window (issue 25, item 4): placing them, drawing them, and offering the GM
each one a step sets off.

* **Placing**: Map ▸ Place Hazard… (or a square's context menu ▸ Place Hazard Here…) opens the form
  (`desktop.dialogs.hazard_form`: name, ability, trigger, once, hidden, notice DC); then its squares are
  picked on the map (`desktop.map.tools.hazard_tool`: click squares or drag a rectangle, Enter places it; or
  the ability's area placed at a point). `PlaceHazard` is one undo step.
* **Drawing**: every hazard on the GM map (`visible_hazards(players=False)`: a hidden one dashed, a spent one
  grey); the Player Screen draws only the projection's (noticed, armed: `desktop.player.scene`).
* **A hazard's square menu**: Notice (`NoticeHazard`: the players see it from now on), Trigger Now… (its
  saves table), Remove (`RemoveHazard`).
* **Triggers**: after every step the app executes (`Document.executed`: the history entry's before, after,
  command and detail), `rules.play.hazards.set_off` says which hazards it set off; each one is offered in a
  small non-modal prompt ("Spike Pit goes off on Brann (entered it)" — Resolve… / Ignore). Resolve opens the
  hazard's saves table (`desktop.dialogs.hazard_dialog`, the casting table: saves typed or rolled per row,
  the damage once) and executes one `TriggerHazard`. Undo and redo set nothing off; undoing the step that
  set a hazard off takes its prompt away.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QMenu, QVBoxLayout, QWidget

from desktop.map.items.hazard_item import HazardItem
from desktop.map.tools.hazard_tool import HazardPickTool
from desktop.widgets.menus import runner
from rules.geometry.coords import Cell, Point
from rules.model.active_spells import Hazard
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.hazards import (
    HazardTrigger,
    NoticeHazard,
    PlaceHazard,
    RemoveHazard,
    aim_hazard,
    set_off,
    visible_hazards,
)
from rules.play.history import Entry

if TYPE_CHECKING:
    from desktop.dialogs.hazard_dialog import HazardDialog
    from desktop.dialogs.hazard_form import HazardDraft, HazardForm

#: The GM window (`desktop.window.main_window.MainWindow`), named by its role: importing it here would make
#: an import cycle (the window installs this feature).
MainWindow = Any


def hazard_id(state: GameState, name: str) -> str:
    """An id no hazard of `state` has, from `name` ("Spike Pit" → ``spike-pit``, ``spike-pit-2``…)."""
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "hazard"
    taken = {h.id for h in state.hazards}
    n, wanted = 1, base
    while wanted in taken:
        n += 1
        wanted = f"{base}-{n}"
    return wanted


class HazardPrompt(QDialog):
    """A hazard a step set off, offered to the GM: Resolve… (its saves table) or Ignore. Non-modal."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hazardPrompt")
        self.setWindowTitle(self.tr("A hazard goes off"))
        self.setModal(False)
        self.label = QLabel(text)
        self.label.setObjectName("hazardPromptText")
        self.label.setWordWrap(True)
        buttons = QDialogButtonBox()
        self.resolve_button = buttons.addButton(self.tr("Resolve…"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.resolve_button.setObjectName("hazardResolve")
        self.ignore_button = buttons.addButton(self.tr("Ignore"), QDialogButtonBox.ButtonRole.RejectRole)
        self.ignore_button.setObjectName("hazardIgnore")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.label)
        lay.addWidget(buttons)


class HazardFeatures(QObject):
    def __init__(self, win: MainWindow) -> None:
        super().__init__(win)
        self.win = win
        self.doc = win.doc
        self.tool = HazardPickTool(win.view)
        self.items: dict[str, HazardItem] = {}
        self.form: HazardForm | None = None
        self._draft: HazardDraft | None = None
        #: The prompts of the hazards set off and not answered yet, and the saves tables open.
        self.prompts: list[tuple[HazardPrompt, HazardTrigger]] = []
        #: The step that set off each prompt's hazard (undoing it takes the prompt away).
        self._steps: dict[int, Entry] = {}
        self.dialogs: list[HazardDialog] = []
        self.act_place = QAction(self.tr("Place &Hazard…"), win)
        self.act_place.setObjectName("actPlaceHazard")
        self.act_place.setToolTip(self.tr("Place a trap or hazard: its ability, its trigger, its squares"))
        self.act_place.triggered.connect(lambda: self.open_form(None))
        win.map_menu.addSeparator()
        win.map_menu.addAction(self.act_place)
        menus = win.view.token_menus
        if menus is not None and hasattr(menus, "square_entries"):
            menus.square_entries = self.square_entries
        self.tool.signals.picked.connect(self._picked)
        self.tool.signals.cancelled.connect(self._stopped)
        self.doc.changed.connect(lambda _o, _n: self._on_changed())
        self.doc.executed.connect(self._after_step)
        self.sync()

    @classmethod
    def install(cls, win: MainWindow) -> HazardFeatures:
        return cls(win)

    # ---- the GM map's layer

    def sync(self) -> None:
        """One item per hazard on the GM map (all of them, hidden ones dashed)."""
        state = self.doc.state
        wanted = {h.id: h for h in visible_hazards(state, players=False)}
        scene = self.win.map_scene
        for hid in list(self.items):
            h = wanted.get(hid)
            item = self.items[hid]
            if h is None or item.key() != (h.id, h.name, h.cells, h.hidden, not h.armed):
                self.items.pop(hid).remove_from(scene)
        for hid, h in wanted.items():
            if hid not in self.items:
                item = HazardItem(h.id, h.name, h.cells, hidden=h.hidden, spent=not h.armed)
                self.items[hid] = item
                item.add_to(scene)

    def _on_changed(self) -> None:
        self.sync()
        applied = self.doc.applied()
        for prompt, _trigger in list(self.prompts):
            step = self._steps.get(id(prompt))
            if step is not None and not any(e is step for e in applied):
                prompt.reject()  # the step that set it off was undone

    # ---- placing

    def open_form(self, cell: Cell | None) -> HazardForm:
        """The hazard form; its OK picks the squares (starting with `cell`, the square right-clicked)."""
        from desktop.dialogs.hazard_form import HazardForm  # read when first opened

        form = HazardForm(self.doc.scene, self.win)
        self.form = form
        form.accepted.connect(lambda: self._form_done(form, cell))
        form.show()
        return form

    def _form_done(self, form: HazardForm, cell: Cell | None) -> None:
        draft = form.draft
        if draft is None:
            return
        self.start_picking(draft, cell)

    def start_picking(self, draft: HazardDraft, cell: Cell | None = None) -> None:
        """Pick `draft`'s squares on the map (or place its area at a point)."""
        self._draft = draft
        area_at = None
        if draft.as_area:

            def area_at(point: Point, direction: float | None) -> tuple[Cell, ...] | None:
                probe = self._hazard(draft, (Cell(int(point.x), int(point.y)),), point, direction)
                try:
                    aimed = aim_hazard(self.doc.state, probe, None)
                except Refused:
                    return None
                result = aimed.area_result
                if result is None:
                    return None
                grid = self.doc.scene.grid
                cells = tuple(c for c in result.cells if grid.contains(c.x, c.y))
                return cells or None

        area = draft.ability.area
        aimed = draft.as_area and area is not None and area.shape in ("cone", "line")
        self.tool.start((cell,) if cell is not None and not draft.as_area else (), area_at, aimed)
        self.win.use_tool(self.tool, self.tr("Place {name}").format(name=draft.name), "select")

    def _hazard(
        self,
        draft: HazardDraft,
        cells: tuple[Cell, ...],
        origin: Point | None,
        direction: float | None = None,
    ) -> Hazard:
        return Hazard(
            id=hazard_id(self.doc.state, draft.name),
            name=draft.name,
            ability=draft.ability,
            cells=cells,
            trigger=draft.trigger,
            hidden=draft.hidden,
            once=draft.once,
            notice_dc=draft.notice_dc,
            origin=origin,
            direction=direction,
        )

    def _picked(self, cells: object, origin: object, direction: object = None) -> None:
        draft = self._draft
        if draft is None or not isinstance(cells, tuple) or not cells:
            return
        point = origin if isinstance(origin, Point) else None
        facing = float(direction) if isinstance(direction, (int, float)) else None
        try:
            hazard = self._hazard(draft, cells, point, facing)
        except ValueError as exc:
            self.win.statusBar().showMessage(str(exc), 8000)
            return
        if self.doc.execute(PlaceHazard(hazard)) is None:
            return
        self._draft = None
        self.tool.done()
        self.win.set_tool("select")

    def _stopped(self) -> None:
        self._draft = None
        if self.win.view.tool is self.tool:
            self.win.set_tool("select")

    # ---- a square's menu

    def square_entries(self, menu: QMenu, cell: Cell) -> None:
        """Each hazard on `cell` (Notice, Trigger Now…, Remove) and Place Hazard Here…."""
        menu.addSeparator()
        for h in self.doc.state.hazards:
            if cell not in h.cells:
                continue
            sub = menu.addMenu(self.tr("Hazard: {name}").format(name=h.name))
            sub.setObjectName(f"menuHazard-{h.id}")
            act = sub.addAction(self.tr("Notice (show it to the players)"), runner(self.notice, h.id))
            act.setObjectName("menuHazardNotice")
            act.setEnabled(h.hidden)
            act = sub.addAction(self.tr("Trigger Now…"), runner(self.trigger_now, h.id, cell))
            act.setObjectName("menuHazardTrigger")
            act.setEnabled(h.armed)
            act = sub.addAction(self.tr("Remove"), runner(self.remove, h.id))
            act.setObjectName("menuHazardRemove")
        act = menu.addAction(self.tr("Place Hazard Here…"), lambda: self.open_form(cell))
        act.setObjectName("menuPlaceHazard")

    def notice(self, hid: str) -> None:
        self.doc.execute(NoticeHazard(hid))

    def remove(self, hid: str) -> None:
        self.doc.execute(RemoveHazard(hid))

    def trigger_now(self, hid: str, cell: Cell | None = None) -> HazardDialog | None:
        """The hazard's saves table now (the GM's call): on the creature standing on `cell` (or on any of its
        squares) when its ability has no area."""
        state = self.doc.state
        hazard = state.hazard(hid)
        if hazard is None:
            return None
        by = None
        if hazard.ability.area is None:
            squares = {cell} if cell is not None else set(hazard.cells)
            on = [t for t in state.scene.tokens if squares & set(t.squares())]
            if not on:
                on = [t for t in state.scene.tokens if hazard.covers(t.squares())]
            if not on:
                self.win.statusBar().showMessage(
                    self.tr("{name}: no creature stands on it to set it off").format(name=hazard.name), 8000
                )
                return None
            by = on[0].id
        return self.open_dialog(hazard, by)

    # ---- triggers

    def _after_step(self, entry: object) -> None:
        if not isinstance(entry, Entry):
            return
        for trigger in set_off(entry.before, entry.after, entry.command, entry.detail):
            prompt = self.offer(trigger)
            self._steps[id(prompt)] = entry

    def offer(self, trigger: HazardTrigger) -> HazardPrompt:
        """The non-modal prompt for `trigger` (Resolve… / Ignore); the status bar says it too."""
        state = self.doc.state
        hazard = state.hazard(trigger.hazard_id)
        token = state.token(trigger.token_id)
        name = hazard.name if hazard is not None else trigger.hazard_id
        who = token.label if token is not None else trigger.token_id
        how = {
            "enter": self.tr("{name} goes off on {who} (entered it)"),
            "start": self.tr("{name} goes off on {who} (started its turn on it)"),
            "end": self.tr("{name} goes off on {who} (ended its turn on it)"),
        }
        text = how.get(trigger.moment, how["enter"]).format(name=name, who=who)
        prompt = HazardPrompt(text, self.win)
        self.prompts.append((prompt, trigger))
        prompt.accepted.connect(lambda: self._resolve(prompt, trigger))
        prompt.finished.connect(lambda _r: self._forget(prompt))
        self.win.statusBar().showMessage(text, 10000)
        prompt.show()
        return prompt

    def _forget(self, prompt: HazardPrompt) -> None:
        self.prompts = [(p, t) for p, t in self.prompts if p is not prompt]
        self._steps.pop(id(prompt), None)
        prompt.deleteLater()

    def _resolve(self, prompt: HazardPrompt, trigger: HazardTrigger) -> None:
        hazard = self.doc.state.hazard(trigger.hazard_id)
        if hazard is None or not hazard.armed:
            self.win.statusBar().showMessage(self.tr("That hazard is gone or spent"), 8000)
            return
        self.open_dialog(hazard, trigger.token_id)

    def open_dialog(self, hazard: Hazard, by: str | None) -> HazardDialog:
        """The hazard's saves table (the casting table), set off by `by`."""
        from desktop.dialogs.hazard_dialog import HazardDialog  # read when first opened

        dialog = HazardDialog(self.doc, hazard, by, self.win, self.win.table.dice)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.dialogs.append(dialog)
        dialog.finished.connect(lambda _r: self.dialogs.remove(dialog) if dialog in self.dialogs else None)
        dialog.show()
        return dialog
