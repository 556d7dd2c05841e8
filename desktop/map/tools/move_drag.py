"""Carrying a token: the preview while dragging and the one command on release.

`MoveDrag` starts when a token is picked up. Every mouse move puts the token on the cell under the cursor
and asks a `MovePlanner` (the rules engine) for the path through the waypoints (5e the cheapest; PF2e the
fewest Strides, then the cheapest, as the movement overlay counts them), its cost, the Strides or move/Dash
it takes and the reactions it provokes; the path item and a label show it.
Release commits one `MoveToken` command — or, when the engine says no, snaps the token back and explains
why in the status bar. Shift-release (or Shift-click while carrying) drops a waypoint and keeps carrying.
Escape or a right click cancels. Holding Alt is the GM's free move: no rules, nothing spent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from desktop.look.style import FREE_MOVE, ILLEGAL, LABEL_DIM, WARNING, band_colour
from desktop.map.grid_coords import cell_at, cell_rect
from desktop.map.items.label_item import LabelItem, LabelLine
from desktop.map.items.path_item import PathItem, PathPicture
from desktop.map.items.token_item import TokenItem
from rules.geometry.coords import Cell
from rules.play.moves import MoveToken, budget_for
from rules.play.moves import move_log as move_log  # the log line moved to the engine
from rules.turn_movement import MovePlan, MovePlanner

if TYPE_CHECKING:
    from desktop.map.view import MapView


def cell_text(cell: Cell) -> str:
    return f"[{cell.x}, {cell.y}]"


class MoveDrag:
    def __init__(self, view: MapView, item: TokenItem, grab: tuple[int, int]) -> None:
        self.view = view
        self.doc = view.doc
        self.item = item
        self.grab = grab  # which square of the space the mouse holds, relative to the top-left
        token = item.token
        self.token_id = token.id
        self.planner = MovePlanner(
            self.doc.scene, token, budget_for(self.doc.state, token), self.doc.state.reactions_used
        )
        self.waypoints: list[Cell] = []
        self.target: Cell = token.cell
        self.free = False
        self.plan: MovePlan | None = None
        self.path_item = PathItem()
        self.label = LabelItem()
        view.map_scene.addItem(self.path_item)
        view.map_scene.addItem(self.label)
        view.map_scene.suspend_overlay(True)
        self._refresh()

    # ---- updates

    def target_for(self, scene_pos: QPointF) -> Cell:
        """Top-left cell under the cursor (keeping the held square under it), clamped to the grid."""
        c = cell_at(scene_pos)
        n = self.item.side_squares
        g = self.doc.scene.grid
        x = min(max(0, c.x - self.grab[0]), max(0, g.width - n))
        y = min(max(0, c.y - self.grab[1]), max(0, g.height - n))
        return Cell(x, y)

    def update(self, scene_pos: QPointF, free: bool) -> None:
        target = self.target_for(scene_pos)
        if target == self.target and free == self.free:
            return
        self.target = target
        self.free = free
        self._refresh()

    def add_waypoint(self) -> bool:
        last = self.waypoints[-1] if self.waypoints else self.item.token.cell
        if self.free or self.target == last or self.plan is None or not self.plan.legal:
            return False
        self.waypoints.append(self.target)
        self._refresh()
        return True

    def _refresh(self) -> None:
        token = self.item.token
        if self.free:
            self.plan = None
            self.item.set_preview_cell(self.target)
            self.path_item.set_picture(
                PathPicture(token.side_squares, (), free=True, end=self.target, origin=token.cell)
            )
            self.label.set_lines(
                [
                    LabelLine("Free move", FREE_MOVE, big=True),
                    LabelLine("GM: no rules, nothing spent", LABEL_DIM),
                ],
                FREE_MOVE,
            )
            self._place_label()
            return
        plan = self.planner.plan(self.waypoints, self.target)
        self.plan = plan
        self.item.set_preview_cell(self.target, illegal=not plan.legal)
        self.path_item.set_picture(
            PathPicture(
                side=token.side_squares,
                path=plan.path,
                bands=plan.bands,
                waypoints=tuple(self.waypoints),
                warnings=tuple(w.cell for w in plan.warnings),
                legal=plan.legal,
                end=self.target if plan.moved or not plan.legal else None,
                origin=token.cell,
            )
        )
        scene = self.doc.scene
        self.label.set_lines(*label_lines(plan, scene.rules.diagonals == "alternating"))
        self._place_label()

    def _place_label(self) -> None:
        rect = cell_rect(self.target, self.item.side_squares)
        self.label.place(rect.topRight(), rect.topLeft(), self.view)

    # ---- endings

    def commit(self) -> bool:
        """Drop the token. True when a command was executed."""
        token = self.item.token
        try:
            if self.doc.scene is not self.planner.scene:
                # the map changed under the carried token (an undo, another window's edit): plan again
                current = self.doc.scene.token(self.token_id)
                if current is None:
                    return False
                self.planner = MovePlanner(
                    self.doc.scene,
                    current,
                    budget_for(self.doc.state, current),
                    self.doc.state.reactions_used,
                )
                token = current
                self.plan = None if self.free else self.planner.plan(self.waypoints, self.target)
            if self.free:
                if self.target == token.cell:
                    return False
                self.doc.execute(MoveToken(token.id, (self.target,), free=True))
                return True
            plan = self.plan
            if plan is not None and not plan.legal:
                plan = self.planner.plan(self.waypoints, self.target, exhaustive=True)
            if plan is None or not plan.moved:
                if plan is not None and not plan.legal and plan.target != token.cell:
                    self.view.show_message(f"Can't move {token.label} there: {plan.problem}")
                return False
            if not plan.legal:
                self.view.show_message(f"Can't move {token.label} there: {plan.problem}")
                return False
            # the engine plans the move again from the same stops and records it (rules.play.moves)
            if self.doc.execute(MoveToken(token.id, (*self.waypoints, self.target))) is None:
                return False
            if plan.warnings:
                self.view.show_message("Careful: " + "; ".join(w.text for w in plan.warnings))
            return True
        finally:
            self._cleanup()

    def cancel(self) -> None:
        self._cleanup()
        self.view.show_message("Move cancelled")

    def _cleanup(self) -> None:
        scene = self.view.map_scene
        self.item.set_preview_cell(None)
        scene.removeItem(self.path_item)
        scene.removeItem(self.label)
        scene.suspend_overlay(False)


def label_lines(plan: MovePlan, alternating: bool | None = None) -> tuple[list[LabelLine], QColor | None]:
    lines: list[LabelLine] = []
    last_band = next((b for b in reversed(plan.bands) if b), 1)
    if not plan.legal:
        if plan.moved:
            lines.append(LabelLine(f"{plan.feet} ft", ILLEGAL, big=True))
        lines.append(LabelLine("✗ " + (plan.problem or "can't move there"), ILLEGAL))
        return lines, ILLEGAL
    if not plan.moved:
        lines.append(LabelLine("0 ft", big=True))
        lines.append(LabelLine(plan.left_after(), LABEL_DIM))
        return lines, None
    colour = band_colour(last_band)
    lines.append(LabelLine(f"{plan.feet} ft", colour, big=True))
    lines.append(LabelLine(f"{plan.strides_text()} · {plan.left_after()}", colour))
    note = plan.diagonal_note(alternating)  # the engine's words: "2nd diagonal this turn: 10 ft"
    if note:
        lines.append(LabelLine(note, LABEL_DIM))
    for w in plan.warnings:
        lines.append(LabelLine("⚠ " + w.text, WARNING))
    return lines, colour
