"""The table features of the main window, in one place: placed areas, reach and threat, cover and flanking
lines, the attack dialog, the initiative, areas and log docks, and the actions and shortcuts that reach
them.

`TableFeatures` attaches to a window that has a document, a map scene and a map view. It owns the overlay
controllers (each keeps its items in line with the document) and the docks, and offers its actions for the
window's menus and tool bars:

=====================  ==============  =========================================================
action                 shortcut        what it does
=====================  ==============  =========================================================
Attack…                K               attack dialog: the selected creature (or whose turn it is)
                                       against the hovered creature (or the other selected one)
Show Reach             R               the selected creature's reach squares
Show Enemy Threat      Shift+R         every enemy's threatened squares
Cover && Flanking      L               cover lines and flanking to the hovered creature
Roll Initiative        Ctrl+I          roll (or take typed d20s) and start round 1
Next Turn              N               end this turn, begin the next
Previous Turn          Shift+N         back one turn (a correction)
End Encounter          —               drop the initiative order
Roll Saves for Area…   —               the selected area's saves (areas dock)
=====================  ==============  =========================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from desktop.dice import app_dice
from desktop.docks.areas_dock import AreasDock
from desktop.docks.dice_box import DiceBoxDock
from desktop.docks.initiative_dock import InitiativeDock
from desktop.docks.log_dock import LogDock
from desktop.docks.scenes_dock import ScenesDock
from desktop.document import Document
from desktop.look.icons import icon
from desktop.look.table_icons import TABLE_PAINTERS
from desktop.map.items.area_item import AreasLayer
from desktop.map.items.cover_item import TargetingOverlay
from desktop.map.items.entrance_item import EntranceItem
from desktop.map.items.reach_item import ReachOverlay
from desktop.map.scene import MapScene
from desktop.map.view import MapView
from rules.dice import DieSource
from rules.model.state import GameState
from rules.play.roster import in_encounter, not_in_encounter

if TYPE_CHECKING:
    from desktop.dialogs.attack_dialog import AttackDialog


def table_icon(name: str) -> QIcon:
    """An icon of `desktop.look.table_icons` (registered in `desktop.look.icons`); empty if unknown."""
    return icon(name) if name in TABLE_PAINTERS else QIcon()


class TableFeatures(QObject):
    def __init__(
        self,
        window: QMainWindow,
        doc: Document,
        map_scene: MapScene,
        view: MapView,
        dice: DieSource | None = None,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.doc = doc
        self.map_scene = map_scene
        self.view = view
        self.dice: DieSource = dice if dice is not None else app_dice()
        self.areas_layer = AreasLayer(doc, map_scene)
        self.reach = ReachOverlay(doc, map_scene, map_scene.selected_ids)
        self.targeting = TargetingOverlay(doc, map_scene, map_scene.selected_ids)
        self.initiative_dock = InitiativeDock(doc, map_scene, view, window, self.dice)
        self.areas_dock = AreasDock(doc, self.areas_layer, window, self.dice)
        self.log_dock = LogDock(doc, window)
        self.dice_box = DiceBoxDock(doc, window, self.dice)
        self.scenes_dock = ScenesDock(doc, window)
        self.entrance = EntranceItem(doc, map_scene)
        doc.changed.connect(self._scene_switched)
        self.attack_dialog: AttackDialog | None = None
        view.hover_cell_changed.connect(self.targeting.set_hover_cell)
        map_scene.selection_ids_changed.connect(self._on_selection)
        doc.changed.connect(lambda _o, _n: self.update_actions())
        doc.reset.connect(self._on_reset)
        self._make_actions()
        self.update_actions()

    def _scene_switched(self, old: GameState, new: GameState) -> None:
        """The GM moved to another scene of the campaign: show the whole new map."""
        before = old.campaign.current if old.campaign is not None else None
        after = new.campaign.current if new.campaign is not None else None
        if before != after and before is not None and hasattr(self.view, "fit"):
            self.view.fit()

    # ---- actions

    def _action(
        self, text: str, slot: Callable[..., object], shortcut: str = "", tip: str = "", icon_name: str = ""
    ) -> QAction:
        act = QAction(text, self.window)
        if shortcut:
            act.setShortcut(QKeySequence(shortcut))
        if icon_name:
            act.setIcon(table_icon(icon_name))
        keys = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        tip = tip or text.replace("&", "").rstrip("…")
        act.setToolTip(f"{tip} ({keys})" if keys else tip)
        act.setStatusTip(tip)
        act.triggered.connect(slot)
        self.window.addAction(act)
        return act

    def _make_actions(self) -> None:
        self.act_attack = self._action(
            self.tr("&Attack…"),
            lambda: self.open_attack(),
            "K",
            self.tr(
                "Attack: the selected creature against the one under the mouse — every modifier, roll, damage"
            ),
            "attack",
        )
        self.act_reach = self._action(
            self.tr("Show &Reach"),
            self.reach.set_show_reach,
            "R",
            self.tr("Shade the selected creature's reach"),
            "reach",
        )
        self.act_reach.setCheckable(True)
        self.act_reach.setChecked(True)
        self.act_threat = self._action(
            self.tr("Show Enemy &Threat"),
            self.reach.set_show_threat,
            "Shift+R",
            self.tr("Shade every square an enemy threatens with a melee attack"),
            "threat",
        )
        self.act_threat.setCheckable(True)
        self.act_cover = self._action(
            self.tr("&Cover && Flanking Lines"),
            self.targeting.set_enabled,
            "L",
            self.tr("With a creature selected, hover another: cover lines, cover degree and flanking"),
            "cover",
        )
        self.act_cover.setCheckable(True)
        self.act_cover.setChecked(True)
        self.act_start = self._action(
            self.tr("Roll &Initiative"),
            self.start_encounter,
            "Ctrl+I",
            self.tr(
                "Roll initiative for everyone (typed d20s in the Initiative dock count) and start round 1"
            ),
            "initiative",
        )
        self.act_next = self._action(
            self.tr("&Next Turn"),
            self.initiative_dock.next_turn,
            "N",
            self.tr("End this turn and start the next (movement, diagonals, MAP and reaction reset)"),
            "next-turn",
        )
        self.act_previous = self._action(
            self.tr("&Previous Turn"),
            self.initiative_dock.previous_turn,
            "Shift+N",
            self.tr("Back one turn (a correction)"),
        )
        self.act_end = self._action(
            self.tr("&End Encounter"), self.initiative_dock.end, tip=self.tr("Drop the initiative order")
        )
        self.act_join = self._action(
            self.tr("Add to Encounter…"),
            lambda: self.initiative_dock.add_to_encounter(self.map_scene.selected_ids()),
            tip=self.tr("Creatures on the map join the running encounter: they roll initiative (or type it)"),
        )
        self.act_leave = self._action(
            self.tr("Remove from Encounter"),
            lambda: self.initiative_dock.remove_from_encounter(self._leaving()),
            tip=self.tr("The selected creatures leave the initiative order (they stay on the map)"),
        )
        self.act_saves = self._action(
            self.tr("Roll &Saves for Area…"),
            lambda: self.areas_dock.roll_saves(),
            tip=self.tr("Every creature in the selected area rolls its save; damage goes through the rules"),
        )

    def view_actions(self) -> list[QAction]:
        """Toggles for the View menu (overlays and docks)."""
        return [
            self.act_reach,
            self.act_threat,
            self.act_cover,
            self.initiative_dock.toggleViewAction(),
            self.areas_dock.toggleViewAction(),
            self.log_dock.toggleViewAction(),
            self.dice_box.toggleViewAction(),
            self.scenes_dock.toggleViewAction(),
        ]

    def encounter_actions(self) -> list[QAction]:
        return [self.act_start, self.act_next, self.act_previous, self.act_join, self.act_leave, self.act_end]

    def _leaving(self) -> list[str]:
        """The selected creatures on the map, else the creature selected in the initiative order."""
        ids = self.map_scene.selected_ids()
        if ids:
            return ids
        sel = self.initiative_dock.selected_id()
        return [sel] if sel else []

    def combat_actions(self) -> list[QAction]:
        return [self.act_attack, self.act_saves]

    def toolbar_actions(self) -> list[QAction]:
        return [self.act_attack, self.act_reach, self.act_threat, self.act_next]

    def install_docks(self, beside: QWidget | None = None) -> None:
        """Put the docks in the window: initiative and areas on the right (tabbed with `beside`, the
        inspector), the log at the bottom."""
        w = self.window
        # the right column runs the full height; the log sits under the map only
        w.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.initiative_dock)
        w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.areas_dock)
        w.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.log_dock)
        if beside is not None and hasattr(beside, "isFloating"):
            w.tabifyDockWidget(beside, self.areas_dock)  # type: ignore[arg-type]
            beside.raise_()
            w.resizeDocks([beside, self.initiative_dock], [380, 520], Qt.Orientation.Vertical)  # type: ignore[list-item]
        w.resizeDocks([self.log_dock], [150], Qt.Orientation.Vertical)

    def update_actions(self) -> None:
        enc = self.doc.encounter
        running = enc is not None and bool(enc.order)
        self.act_start.setEnabled(enc is None and bool(self.doc.scene.tokens))
        self.act_next.setEnabled(running)
        self.act_previous.setEnabled(running and enc is not None and (enc.round > 1 or enc.index > 0))
        self.act_end.setEnabled(enc is not None)
        state = self.doc.state
        self.act_join.setEnabled(
            enc is not None and bool(not_in_encounter(state, [t.id for t in state.scene.tokens]))
        )
        self.act_leave.setEnabled(enc is not None and bool(in_encounter(state, self._leaving())))
        self.act_saves.setEnabled(self.areas_dock.current_id() is not None)
        self.act_attack.setEnabled(self.attacker_id() is not None)

    def _on_selection(self, _ids: list[str]) -> None:
        self.reach.refresh()
        self.targeting.refresh()
        self.update_actions()

    # ---- attacks

    def attacker_id(self) -> str | None:
        """The selected creature when one is selected (the first of two), else whose turn it is."""
        ids = self.map_scene.selected_ids()
        enc = self.doc.encounter
        if len(ids) == 2 and enc is not None and enc.current_id in ids:
            return enc.current_id
        if ids:
            return ids[0]
        if (
            enc is not None
            and enc.current_id is not None
            and self.doc.scene.token(enc.current_id) is not None
        ):
            return enc.current_id
        return None

    def target_id(self, attacker: str | None) -> str | None:
        """The hovered creature, or the other of two selected ones."""
        pair = self.targeting.attacker_target()
        if pair is not None and pair[0].id == attacker:
            return pair[1].id
        ids = [i for i in self.map_scene.selected_ids() if i != attacker]
        return ids[0] if ids else None

    def open_attack(self, attacker: str | None = None, target: str | None = None) -> AttackDialog | None:
        from desktop.dialogs.attack_dialog import AttackDialog  # read when first opened

        attacker = attacker or self.attacker_id()
        if attacker is None:
            return None
        target = target or self.target_id(attacker)
        if self.attack_dialog is not None:
            self.attack_dialog.close()
        dialog = AttackDialog(self.doc, attacker, target, self.window, self.dice)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.destroyed.connect(lambda _o=None: self._dialog_closed())
        self.attack_dialog = dialog
        dialog.show()
        return dialog

    def _dialog_closed(self) -> None:
        self.attack_dialog = None

    def _on_reset(self) -> None:
        """Another scene was opened: dialogs about the old one close."""
        if self.attack_dialog is not None:
            self.attack_dialog.close()
        if self.areas_dock.dialog is not None:
            self.areas_dock.dialog.close()
            self.areas_dock.dialog = None

    # ---- encounter

    def start_encounter(self) -> None:
        self.show_dock(self.initiative_dock)
        self.initiative_dock.start()

    def show_dock(self, dock: QDockWidget) -> None:
        """Bring `dock` to front (through the window's side strips when it has them)."""
        shower = getattr(self.window, "show_dock", None)
        if callable(shower):
            shower(dock)
        else:
            dock.show()
            dock.raise_()
