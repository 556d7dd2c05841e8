"""Carrying a token: the preview while dragging and the one command on release.

`MoveDrag` starts when a token is picked up. Every mouse move puts the token on the cell under the cursor
and asks a `MovePlanner` (the rules engine) for the path through the waypoints (5e the cheapest; PF2e the
fewest Strides, then the cheapest, as the movement overlay counts them), its cost, the Strides or move/Dash
it takes and the reactions it provokes; the path item and a label show it.
Release commits one `MoveToken` command — or, when the engine says no, snaps the token back and explains
why in the status bar. Shift-release (or Shift-click while carrying) drops a waypoint and keeps carrying.
Escape or a right click cancels. Holding Alt is the GM's free move: no rules, nothing spent. Holding Ctrl
while carrying makes the move a PF2e Step (one square, one action, no Reactive Strike:
`MovePlanner.plan_step`); a plain one-square drag that a creature could react to asks Step or Stride when the
"Offer Step for single 5-ft moves" setting is on (`ask_step`). A prone PF2e creature's drag is a Crawl.

A path onto a PF2e narrow surface or uneven ground (`rules.play.footing.balance_steps`) shows "Balance DC N"
on each such square and in the label; the release rolls the Balance check's d20 (asking the player who rolls
their own dice, `ask_or_roll`) and the engine applies it (`MoveToken.balance_d20`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPointF
from PySide6.QtGui import QColor

from desktop.dice import app_dice, ask_or_roll
from desktop.i18n import engine_text
from desktop.look.style import FREE_MOVE, ILLEGAL, LABEL_DIM, WARNING, band_colour
from desktop.map.grid_coords import cell_at, cell_rect
from desktop.map.items.label_item import LabelItem, LabelLine
from desktop.map.items.path_item import PathItem, PathPicture
from desktop.map.items.token_item import TokenItem
from rules.geometry.coords import Cell
from rules.model.scene import Token
from rules.play.footing import balance_steps
from rules.play.moves import MoveToken, budget_for
from rules.play.moves import move_log as move_log  # the log line moved to the engine
from rules.play.planner import MovePlan, MovePlanner, reaction_warnings

if TYPE_CHECKING:
    from desktop.map.view import MapView


def cell_text(cell: Cell) -> str:
    return f"[{cell.x}, {cell.y}]"


def ask_step(view: MapView, token_label: str, reactions: str) -> bool:
    """Ask the GM whether a one-square move is a Step (True) or a Stride. Without popups (tests, the
    screenshot run) the answer is Stride; tests replace this function."""
    if not view.popup_menus:
        return False
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(view)
    box.setWindowTitle(QCoreApplication.translate("MoveDrag", "Step or Stride?"))
    box.setText(
        QCoreApplication.translate("MoveDrag", "Move {token_label} one square as a Step?").format(
            token_label=token_label
        )
    )
    box.setInformativeText(
        QCoreApplication.translate(
            "MoveDrag", "A Stride here lets {reactions} react; a Step triggers no Reactive Strike."
        ).format(reactions=reactions)
    )
    step = box.addButton(QCoreApplication.translate("MoveDrag", "Step"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QCoreApplication.translate("MoveDrag", "Stride"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(step)
    box.exec()
    return box.clickedButton() is step


class MoveDrag:
    def __init__(self, view: MapView, item: TokenItem, grab: tuple[int, int]) -> None:
        self.view = view
        self.doc = view.doc
        self.item = item
        self.grab = grab  # which square of the space the mouse holds, relative to the top-left
        token = item.token
        self.token_id = token.id
        from rules.play.mounts import riders, without_riders

        carried = riders(self.doc.scene, token.id)
        #: The riders of a dragged mount move with it (`rules.play.mounts`): their items follow the preview.
        self.rider_items: list[TokenItem] = [
            view.map_scene.token_items[r.id] for r in carried if r.id in view.map_scene.token_items
        ]
        plan_scene = without_riders(self.doc.scene, token.id) if carried else self.doc.scene
        self.planner = MovePlanner(
            plan_scene, token, budget_for(self.doc.state, token), self.doc.state.reactions_used
        )
        self.waypoints: list[Cell] = []
        self.target: Cell = token.cell
        self.free = False
        self.step = False  # Ctrl held: a PF2e Step
        self.sneak = False  # armed from the Actions menu: a PF2e Sneak (`rules.play.actions.Sneak`)
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

    def update(self, scene_pos: QPointF, free: bool, step: bool = False) -> None:
        target = self.target_for(scene_pos)
        if target == self.target and free == self.free and step == self.step:
            return
        self.target = target
        self.free = free
        self.step = step
        self._refresh()

    def _plan(self, exhaustive: bool = False) -> MovePlan:
        if self.step:
            if self.waypoints:
                plan = self.planner.plan_step(self.target)
                return replace(plan, legal=False, problem="a Step has no waypoints (release Ctrl)")
            return self.planner.plan_step(self.target)
        return self.planner.plan(self.waypoints, self.target, exhaustive=exhaustive)

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
            self._carry(self.target)
            self.path_item.set_picture(
                PathPicture(token.side_squares, (), free=True, end=self.target, origin=token.cell)
            )
            self.label.set_lines(
                [
                    LabelLine(QCoreApplication.translate("MoveDrag", "Free move"), FREE_MOVE, big=True),
                    LabelLine(
                        QCoreApplication.translate("MoveDrag", "GM: no rules, nothing spent"), LABEL_DIM
                    ),
                ],
                FREE_MOVE,
            )
            self._place_label()
            return
        plan = self._plan()
        self.plan = plan
        self._carry(self.target, illegal=not plan.legal)
        needs = balance_steps(self.planner.scene, self.planner.token, plan.path) if plan.legal else ()
        marks = tuple(
            (plan.path[i], QCoreApplication.translate("MoveDrag", "Balance DC {dc}").format(dc=square.dc))
            for i, square in needs
        )
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
                balance=marks,
            )
        )
        scene = self.doc.scene
        lines, colour = label_lines(plan, scene.rules.diagonals == "alternating", scene.system)
        if needs:
            dc = max(square.dc or 0 for _i, square in needs)
            lines.append(
                LabelLine(
                    QCoreApplication.translate(
                        "MoveDrag",
                        "Balance DC {dc}: an Acrobatics check on the narrow surface or uneven ground",
                    ).format(dc=dc),
                    WARNING,
                )
            )
        self.label.set_lines(lines, colour)
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
                self.plan = None if self.free else self._plan()
            if self.free:
                if self.target == token.cell:
                    return False
                self.doc.execute(MoveToken(token.id, (self.target,), free=True))
                return True
            plan = self.plan
            if plan is not None and not plan.legal:
                plan = self._plan(exhaustive=True)
            if plan is None or not plan.moved:
                if plan is not None and not plan.legal and plan.target != token.cell:
                    self.view.show_message(self._cant(token, plan))
                return False
            if not plan.legal:
                self.view.show_message(self._cant(token, plan))
                return False
            if self.sneak:
                from rules.play.actions import Sneak

                what = QCoreApplication.translate("MoveDrag", "Sneak")
                d20 = ask_or_roll(self.doc.scene, token.id, what, app_dice(), None).randint(1, 20)
                return self.doc.execute(Sneak(token.id, (*self.waypoints, self.target), d20)) is not None
            step = plan.action == "step" or self._offer_step(token, plan)
            if step:
                step_d20: int | None = None
                if balance_steps(self.doc.scene, token, (token.cell, self.target)):
                    what = QCoreApplication.translate("MoveDrag", "Balance (Acrobatics)")
                    step_d20 = ask_or_roll(self.doc.scene, token.id, what, app_dice(), None).randint(1, 20)
                stepped = MoveToken(token.id, (self.target,), step=True, balance_d20=step_d20)
                return self.doc.execute(stepped) is not None
            # the engine plans the move again from the same stops and records it (rules.play.moves)
            balance_d20: int | None = None
            if balance_steps(self.doc.scene, token, plan.path):
                what = QCoreApplication.translate("MoveDrag", "Balance (Acrobatics)")
                balance_d20 = ask_or_roll(self.doc.scene, token.id, what, app_dice(), None).randint(1, 20)
            move = MoveToken(token.id, (*self.waypoints, self.target), balance_d20=balance_d20)
            if self.doc.execute(move) is None:
                return False
            if plan.warnings:
                warned = "; ".join(engine_text(w.text, self.doc.scene.system) for w in plan.warnings)
                self.view.show_message(
                    QCoreApplication.translate("MoveDrag", "Careful: {warnings}").format(warnings=warned)
                )
            return True
        finally:
            self._cleanup()

    def _cant(self, token: Token, plan: MovePlan) -> str:
        why = engine_text(plan.problem or "", self.doc.scene.system)
        return QCoreApplication.translate("MoveDrag", "Can't move {name} there: {why}").format(
            name=token.label, why=why
        )

    def _offer_step(self, token: Token, plan: MovePlan) -> bool:
        """A plain one-square PF2e Stride that a creature could react to: ask whether it is a Step (the
        setting "Offer Step for single 5-ft moves")."""
        from desktop.settings import offer_step

        if (
            plan.action != "stride"
            or self.waypoints
            or len(plan.path) != 2
            or plan.budget.stride_feet is None
        ):
            return False
        if not self.planner.plan_step(self.target).legal or not offer_step():
            return False
        scene = self.planner.scene
        found = reaction_warnings(scene, token, plan.path, self.planner.reactions_used)
        if not found:
            return False
        names = ", ".join(dict.fromkeys(t.label for w in found if (t := scene.token(w.token_id)) is not None))
        return ask_step(self.view, token.label, names or QCoreApplication.translate("MoveDrag", "a creature"))

    def cancel(self) -> None:
        self._cleanup()
        self.view.show_message(QCoreApplication.translate("MoveDrag", "Move cancelled"))

    def _carry(self, cell: Cell | None, illegal: bool = False) -> None:
        """Show the token (and a mount's riders, on its top-left square) at `cell` (None: back home)."""
        self.item.set_preview_cell(cell, illegal=illegal)
        for rider in self.rider_items:
            rider.set_preview_cell(cell, illegal=illegal)
            if cell is not None:
                rider.setZValue(self.item.zValue() + 1)

    def _cleanup(self) -> None:
        scene = self.view.map_scene
        self._carry(None)
        scene.removeItem(self.path_item)
        scene.removeItem(self.label)
        scene.suspend_overlay(False)


def label_lines(
    plan: MovePlan, alternating: bool | None = None, system: str = ""
) -> tuple[list[LabelLine], QColor | None]:
    """The carried token's label: the feet, what the move takes and leaves, the diagonal rule's note and the
    reactions it provokes, in the app's language (the engine's words in `system`'s terms)."""

    def words(text: str) -> str:
        return engine_text(text, system)

    feet = QCoreApplication.translate("MoveDrag", "{feet} ft").format(feet=plan.feet)
    lines: list[LabelLine] = []
    last_band = next((b for b in reversed(plan.bands) if b), 1)
    if not plan.legal:
        if plan.moved:
            lines.append(LabelLine(feet, ILLEGAL, big=True))
        lines.append(
            LabelLine(
                "✗ "
                + (
                    words(plan.problem)
                    if plan.problem
                    else QCoreApplication.translate("MoveDrag", "can't move there")
                ),
                ILLEGAL,
            )
        )
        return lines, ILLEGAL
    if not plan.moved:
        lines.append(LabelLine(feet, big=True))
        lines.append(LabelLine(words(plan.left_after()), LABEL_DIM))
        return lines, None
    colour = band_colour(last_band)
    lines.append(LabelLine(feet, colour, big=True))
    lines.append(LabelLine(f"{words(plan.strides_text())} · {words(plan.left_after())}", colour))
    note = plan.diagonal_note(alternating)  # the engine's words: "2nd diagonal this turn: 10 ft"
    if note:
        lines.append(LabelLine(words(note), LABEL_DIM))
    for w in plan.warnings:
        lines.append(LabelLine("⚠ " + words(w.text), WARNING))
    return lines, colour
