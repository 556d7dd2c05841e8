"""The select/move tool: click to select, drag a token to move it by the rules, box-select, open doors.

- Click a token: select it (Ctrl-click toggles, Shift-click adds). Drag it: `MoveDrag` (rules preview, one
  move command on release). Drag one of several selected tokens: move them all (GM placement).
- While carrying: Shift-release or Shift-click drops a waypoint; Alt is the GM's free move; Ctrl (pressed
  after the drag began) a PF2e Step; Escape or a right click cancels.
- Drag on empty floor: box selection. Click a door: open or close it. Double-click a token: edit it.
- Right click: a context menu (edit, the system's actions — the host's `token_menus`, which the window fills
  from `desktop.window.action_menu` —, duplicate, delete, end turn; add a token here; door and wall
  actions).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtWidgets import QInputDialog, QMenu

from desktop.i18n import QT_TRANSLATE_NOOP
from desktop.look.style import CELL
from desktop.map.grid_coords import cell_at
from desktop.map.items.preview_items import MarqueeItem
from desktop.map.items.token_item import TokenItem
from desktop.map.tools.base import Tool, ToolEvent
from desktop.map.tools.group_drag import GroupDrag
from desktop.map.tools.move_drag import MoveDrag
from rules.geometry.coords import Cell
from rules.model.scene import MAX_TOKEN_NUMBER, Wall
from rules.play.campaign import SetEntrance, as_campaign
from rules.play.command import Command
from rules.play.edits import DeleteWalls, ReplaceWall, delete_command, duplicate_command, end_turn_command
from rules.play.numbers import NumberTokens, SetTokenNumber
from rules.play.roster import in_encounter, not_in_encounter

if TYPE_CHECKING:
    from desktop.document import Document
    from desktop.map.view import MapView

DOOR_TOLERANCE = CELL * 0.16


def toggle_door_command(walls: tuple[Wall, ...], index: int) -> ReplaceWall:
    """Open a closed door or close an open one (one undoable command)."""
    wall = walls[index]
    opened = not wall.open
    mid = ((wall.a.x + wall.b.x) / 2, (wall.a.y + wall.b.y) / 2)
    verb = "opened" if opened else "closed"
    return ReplaceWall(
        index,
        replace(wall, open=opened),
        label="Open door" if opened else "Close door",
        log=f"Door at ({mid[0]:g}, {mid[1]:g}) {verb}",
    )


class SelectTool(Tool):
    #: The window's map view (more of it than `ToolHost`: its pop-up setting, its parent widget).
    view: MapView

    name = "select"
    label = QT_TRANSLATE_NOOP("Tools", "Select / move")

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.drag: MoveDrag | None = None
        #: the token whose next drag is a PF2e Sneak (armed from the Actions menu)
        self.sneak_for: str | None = None
        self.group: GroupDrag | None = None
        self._pending: tuple[TokenItem, QPointF, QPointF] | None = None
        self._pending_empty: tuple[QPointF, QPointF, int | None, bool] | None = None
        self._marquee: MarqueeItem | None = None
        self._marquee_from: QPointF | None = None

    def hint(self) -> str:
        return QCoreApplication.translate(
            "SelectTool",
            "Drag a token to move it · Shift-click: waypoint · Alt: free move · Ctrl: Step · Esc: cancel · "
            "Click a door to open/close · Right-click for more",
        )

    # ---- mouse

    def press(self, ev: ToolEvent) -> bool:
        if ev.button == Qt.MouseButton.RightButton:
            if self.cancel():
                return True
            self._context_menu(ev)
            return True
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        if self.drag is not None:
            return True  # carrying after a Shift-release: the release decides
        scene = self.map_scene
        item = scene.token_item_at(ev.scene_pos)
        if item is not None:
            if ev.ctrl:
                item.setSelected(not item.isSelected())
                return True
            if ev.shift:
                item.setSelected(True)
            elif not item.isSelected():
                scene.select_ids([item.token_id])
            self._pending = (item, ev.scene_pos, QPointF(ev.view_pos))
            return True
        wall = scene.walls_layer.wall_at(ev.scene_pos, DOOR_TOLERANCE)
        self._pending_empty = (ev.scene_pos, QPointF(ev.view_pos), wall, ev.ctrl or ev.shift)
        return True

    def move(self, ev: ToolEvent) -> bool:
        if self.drag is not None:
            self.drag.update(ev.scene_pos, ev.alt, ev.ctrl)
            return True
        if self.group is not None:
            self.group.update(ev.scene_pos)
            return True
        left = bool(ev.buttons & Qt.MouseButton.LeftButton)
        if self._pending is not None and left:
            item, press_scene, press_view = self._pending
            if (QPointF(ev.view_pos) - press_view).manhattanLength() >= self.view.drag_distance():
                self._pending = None
                self._start_drag(item, press_scene, ev)
            return True
        if self._pending_empty is not None and left:
            press_scene, press_view, _wall, _add = self._pending_empty
            if (
                self._marquee is None
                and (QPointF(ev.view_pos) - press_view).manhattanLength() >= self.view.drag_distance()
            ):
                self._marquee = MarqueeItem()
                self._marquee_from = press_scene
                self.map_scene.addItem(self._marquee)
            if self._marquee is not None and self._marquee_from is not None:
                self._marquee.set_rect(QRectF(self._marquee_from, ev.scene_pos))
            return True
        self._hover_door(ev)
        return False

    def _start_drag(self, item: TokenItem, press_scene: QPointF, ev: ToolEvent) -> None:
        ids = self.map_scene.selected_ids()
        if len(ids) > 1 and item.token_id in ids:
            items = [self.map_scene.token_items[i] for i in ids]
            self.group = GroupDrag(self.view, items, press_scene)
            self.group.update(ev.scene_pos)
            return
        held = cell_at(press_scene)
        grab = (held.x - item.token.cell.x, held.y - item.token.cell.y)
        n = item.side_squares
        grab = (min(max(grab[0], 0), n - 1), min(max(grab[1], 0), n - 1))
        self.drag = MoveDrag(self.view, item, grab)
        self.drag.sneak = self.sneak_for == item.token_id
        self.sneak_for = None
        self.drag.update(ev.scene_pos, ev.alt, ev.ctrl)

    def release(self, ev: ToolEvent) -> bool:
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        if self.drag is not None:
            self.drag.update(ev.scene_pos, ev.alt, ev.ctrl)
            if ev.shift and not ev.alt:
                if not self.drag.add_waypoint() and self.drag.plan is not None and not self.drag.plan.legal:
                    self.view.show_message(f"No waypoint there: {self.drag.plan.problem}")
                return True
            drag, self.drag = self.drag, None
            drag.commit()
            return True
        if self.group is not None:
            group, self.group = self.group, None
            group.commit()
            return True
        if self._pending is not None:
            self._pending = None
            return True
        if self._marquee is not None and self._marquee_from is not None:
            rect = QRectF(self._marquee_from, ev.scene_pos).normalized()
            add = self._pending_empty[3] if self._pending_empty else False
            ids = [
                tid
                for tid, item in self.map_scene.token_items.items()
                if rect.intersects(item.sceneBoundingRect().adjusted(8, 8, -8, -8))
            ]
            self.map_scene.select_ids(ids, add=add)
            self.map_scene.removeItem(self._marquee)
            self._marquee = None
            self._marquee_from = None
            self._pending_empty = None
            return True
        if self._pending_empty is not None:
            _pos, _view, wall, add = self._pending_empty
            self._pending_empty = None
            walls = self.doc.scene.walls
            if wall is not None and walls[wall].kind == "door":
                self.doc.execute(toggle_door_command(walls, wall))
                return True
            if not add:
                self.map_scene.select_ids([])
            return True
        return False

    def double_click(self, ev: ToolEvent) -> bool:
        item = self.map_scene.token_item_at(ev.scene_pos)
        if item is not None and ev.button == Qt.MouseButton.LeftButton:
            self.map_scene.select_ids([item.token_id])
            self.view.edit_token_requested.emit(item.token_id)
            return True
        return False

    def cancel(self) -> bool:
        if self.drag is not None:
            drag, self.drag = self.drag, None
            drag.cancel()
            return True
        if self.group is not None:
            group, self.group = self.group, None
            group.cancel()
            return True
        if self._marquee is not None:
            self.map_scene.removeItem(self._marquee)
            self._marquee = None
            self._pending_empty = None
            return True
        self._pending = None
        self._pending_empty = None
        return False

    # ---- hover

    def _hover_door(self, ev: ToolEvent) -> None:
        walls_layer = self.map_scene.walls_layer
        index = walls_layer.wall_at(ev.scene_pos, DOOR_TOLERANCE)
        walls = self.doc.scene.walls
        is_door = (
            index is not None
            and walls[index].kind == "door"
            and self.map_scene.token_item_at(ev.scene_pos) is None
        )
        walls_layer.set_highlight(index if is_door else None)
        self.view.viewport().setCursor(Qt.CursorShape.PointingHandCursor if is_door else self.cursor)

    # ---- context menu

    def _arm_sneak(self, token_id: str) -> Callable[[], None]:
        def arm() -> None:
            self.sneak_for = token_id
            self.view.show_message(
                "Sneak: drag the creature (up to half its Speed); its Stealth is rolled there"
            )

        return arm

    def _context_menu(self, ev: ToolEvent) -> None:
        scene = self.map_scene
        doc = self.doc
        menu = QMenu(self.view)
        item = scene.token_item_at(ev.scene_pos)
        if item is not None:
            before = scene.selected_ids()
            if len(before) == 1 and before[0] != item.token_id:
                # one creature selected, right-click another: attack it
                attacker, target = before[0], item.token_id
                a = doc.scene.token(attacker)
                menu.addAction(
                    f"Attack {item.token.label} with {a.label if a else attacker}…",
                    lambda: self.view.attack_requested.emit(attacker, target),
                )
                if self.view.token_menus is not None:  # Trip, Shove… on it
                    self.view.token_menus.add_maneuvers(menu, attacker, target, self.view)
                menu.addSeparator()
            if not item.isSelected():
                scene.select_ids([item.token_id])
            ids = scene.selected_ids()
            label = item.token.label if len(ids) == 1 else f"{len(ids)} tokens"
            menu.addAction(
                f"Edit {item.token.label}…", lambda: self.view.edit_token_requested.emit(item.token_id)
            )
            if len(ids) == 1 and item.token.attacks:
                menu.addAction(
                    f"Attack with {item.token.label}…",
                    lambda: self.view.attack_requested.emit(item.token_id, None),
                )
            if len(ids) == 1 and self.view.token_menus is not None:
                # the system's actions, maneuvers, Aid, Sneak…, resolved by the engine
                self.view.token_menus.add_actions(
                    menu, item.token_id, self.view, self._arm_sneak(item.token_id)
                )
                self.view.token_menus.add_spells(menu, item.token_id)
            self._encounter_entries(menu, ids, label)
            self._number_entries(menu, ids)
            menu.addAction(f"Duplicate {label}", lambda: _run(doc, duplicate_command(doc.scene, ids)))
            menu.addAction(
                f"End turn for {label} (reset movement)", lambda: _run(doc, end_turn_command(doc.scene, ids))
            )
            menu.addSeparator()
            menu.addAction(f"Delete {label}", lambda: _run(doc, delete_command(doc.scene, ids)))
        else:
            wall = scene.walls_layer.wall_at(ev.scene_pos, DOOR_TOLERANCE)
            cell = ev.cell
            if doc.scene.grid.contains(cell.x, cell.y):
                menu.addAction(
                    f"Add token at [{cell.x}, {cell.y}]…", lambda: self.view.add_token_requested.emit(cell)
                )
                _entrance_entry(menu, doc, cell)
            if wall is not None:
                w = doc.scene.walls[wall]
                menu.addSeparator()
                if w.kind == "door":
                    menu.addAction(
                        "Close door" if w.open else "Open door",
                        lambda: doc.execute(toggle_door_command(doc.scene.walls, wall)),
                    )
                kinds = menu.addMenu(QCoreApplication.translate("SelectTool", "Change wall kind"))
                for kind in ("wall", "door", "window", "low"):
                    act = kinds.addAction(kind.capitalize(), _change_kind(self, wall, kind))
                    act.setCheckable(True)
                    act.setChecked(kind == w.kind)
                menu.addAction(
                    f"Delete {w.kind}",
                    lambda: doc.execute(
                        DeleteWalls((wall,), label=f"Delete {w.kind}", log=f"A {w.kind} is removed")
                    ),
                )
        if self.view.token_menus is not None and doc.scene.grid.contains(ev.cell.x, ev.cell.y):
            self.view.token_menus.add_square(menu, ev.cell)  # hazards on the square, Place Hazard Here…
        self.view.show_context_menu(menu, ev.global_pos)

    def _number_entries(self, menu: QMenu, ids: list[str]) -> None:
        """The numbers on the miniatures' bases: set one token's, or number a selection 1, 2, 3…"""
        doc = self.doc
        menu.addSeparator()
        if len(ids) == 1:
            token = doc.scene.token(ids[0])
            if token is None:
                return
            menu.addAction(
                QCoreApplication.translate("SelectTool", "Base Number…"), lambda: self._ask_number(ids[0])
            )
            if token.number is not None:
                menu.addAction(
                    QCoreApplication.translate("SelectTool", "Clear Base Number"),
                    lambda: _run(doc, SetTokenNumber(ids[0], None)),
                )
            return
        # in reading order on the map, so the numbers run the way the table reads them
        ordered = sorted(ids, key=lambda i: (t.cell.y, t.cell.x) if (t := doc.scene.token(i)) else (0, 0))
        menu.addAction(
            QCoreApplication.translate("SelectTool", "Number Bases 1–{n}").format(n=len(ids)),
            lambda: _run(doc, NumberTokens(tuple(ordered), 1)),
        )

    def _ask_number(self, token_id: str) -> None:
        token = self.doc.scene.token(token_id)
        if token is None:
            return
        number, ok = QInputDialog.getInt(
            self.view,
            QCoreApplication.translate("SelectTool", "Base Number"),
            QCoreApplication.translate("SelectTool", "The number on {name}'s miniature:").format(
                name=token.label
            ),
            token.number if token.number is not None else 1,
            0,
            MAX_TOKEN_NUMBER,
        )
        if ok:
            _run(self.doc, SetTokenNumber(token_id, number))

    def _encounter_entries(self, menu: QMenu, ids: list[str], label: str) -> None:
        """With an encounter running: Add to Encounter… for the chosen creatures outside the order, Remove
        from Encounter for those in it (`rules.play.roster`)."""
        state = self.doc.state
        if state.encounter is None:
            return
        outside = list(not_in_encounter(state, ids))
        inside = list(in_encounter(state, ids))
        menu.addSeparator()
        if outside:
            who = label if len(outside) == len(ids) else str(len(outside))
            act = menu.addAction(
                QCoreApplication.translate("SelectTool", "Add {who} to Encounter…").format(who=who),
                lambda: self.view.join_encounter_requested.emit(outside),
            )
            act.setObjectName("menuJoinEncounter")
        if inside:
            who = label if len(inside) == len(ids) else str(len(inside))
            act = menu.addAction(
                QCoreApplication.translate("SelectTool", "Remove {who} from Encounter").format(who=who),
                lambda: self.view.leave_encounter_requested.emit(inside),
            )
            act.setObjectName("menuLeaveEncounter")
        menu.addSeparator()


def _change_kind(tool: SelectTool, index: int, kind: str) -> Callable[[], None]:
    def run() -> None:
        w = tool.doc.scene.walls[index]
        if w.kind != kind:
            tool.doc.execute(
                ReplaceWall(
                    index,
                    replace(w, kind=kind, open=False),
                    label=f"Make {kind}",
                    log=f"A {w.kind} becomes a {kind}",
                )
            )

    return run


def _run(doc: Document, command: Command | None) -> None:
    if command is not None:
        doc.execute(command)


__all__ = ["SelectTool", "toggle_door_command"]


def _entrance_entry(menu: QMenu, doc: Document, cell: Cell) -> None:
    """ "Mark as the party's entrance" / "Remove from the entrance" for the square (`SetEntrance`)."""
    entrance = as_campaign(doc.state).current_slot.entrance
    where = f"[{cell.x}, {cell.y}]"
    if cell in entrance:
        text = QCoreApplication.translate("SelectTool", "Remove {cell} from the party's entrance")
        cells = tuple(c for c in entrance if c != cell)
    else:
        text = QCoreApplication.translate("SelectTool", "Mark {cell} as the party's entrance")
        cells = (*entrance, cell)
    menu.addAction(text.format(cell=where), lambda: doc.execute(SetEntrance(cells)))
