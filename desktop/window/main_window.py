"""The main window, map first: the map view in the middle, tools and tool options on top, the initiative,
inspector, areas (and player-screen preview, table panel) sharing the right side as tabs, the compendium and
log sharing the left (collapsed at first), a strip at each edge that shows or hides them
(`desktop.window.dock_sides`), menus with every command and its shortcut (Help ▸ Keyboard Shortcuts reads
them: `desktop.window.shortcuts`), the status bar with the cell under the cursor, the zoom and the round.
The table features (areas, reach, cover, attacks, initiative) come from `desktop.window.table.TableFeatures`.
Quit closes every window of the app, the Player Screen included."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QToolBar,
    QWidget,
)

from desktop.docks.action_bar import ActionBar, ActionBarHandlers
from desktop.docks.compendium_dock import CompendiumFeatures
from desktop.docks.inspector import InspectorDock
from desktop.document import Document
from desktop.i18n import engine_text
from desktop.look.icons import icon
from desktop.look.style import TERRAIN_LABELS
from desktop.look.theme import fit_toolbar, style_status_bar, style_toolbar
from desktop.map.drops import dropped_paths
from desktop.map.grid_coords import cell_at
from desktop.map.scene import MapScene
from desktop.map.tools import TOOL_SPECS, Tool
from desktop.map.view import MapView
from desktop.player.screen import PlayerScreenFeatures
from desktop.table.features import TableHostFeatures
from desktop.window.action_menu import ActionMenus, add_maneuvers_menu, add_skills_menu
from desktop.window.campaign_files import map_opener
from desktop.window.dock_sides import DockSides
from desktop.window.file_controller import FileController
from desktop.window.footing import FootingPrompts
from desktop.window.hazards import HazardFeatures
from desktop.window.layout_memory import LayoutMemory
from desktop.window.pictures import MapPictures
from desktop.window.shortcuts import shortcuts_html
from desktop.window.spells import SpellCasting
from desktop.window.table import TableFeatures
from rules.geometry.coords import Cell
from rules.io.srd_attribution import SRD_ATTRIBUTIONS
from rules.model.scene import new_scene
from rules.play.edits import (
    ResetMovement,
    delete_command,
    duplicate_command,
    end_turn_command,
)
from rules.systems import DEFAULT_SYSTEM, system_for

if TYPE_CHECKING:
    from desktop.dialogs.token_form import TokenForm

APP_NAME = "FiveFoot"


class MainWindow(QMainWindow):
    def __init__(
        self, doc: Document | None = None, autosave: bool = True, remember_layout: bool | None = None
    ) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.doc = doc if doc is not None else Document(new_scene(DEFAULT_SYSTEM, 30, 20))
        self.map_scene = MapScene(self.doc)
        self.view = MapView(self.map_scene, self)
        self.view.setObjectName("mapView")
        self.view.token_menus = ActionMenus(self.doc)  # the rules' entries of the tokens' context menu
        self.setCentralWidget(self.view)
        self.files = FileController(self, self.doc, autosave=autosave)
        self.inspector = InspectorDock(self.doc, self.map_scene, self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.inspector)
        self.table = TableFeatures(self, self.doc, self.map_scene, self.view)
        self.table.scenes_dock.open_map = map_opener(
            self,
            lambda: self.doc.scene.system,
            lambda: set(self.doc.images),
            lambda: self.files.ask_open_path(),
        )
        self.table.install_docks(self.inspector)
        self.inspector.dice_source = lambda: self.table.dice  # heal and temp HP: the app's one die source
        self.pictures = MapPictures(self, self.doc, self.map_scene, self.view, self.files)
        self.setAcceptDrops(True)
        self.token_form: TokenForm | None = None

        self.tools: dict[str, Tool] = {spec.name: spec.factory(self.view) for spec in TOOL_SPECS}
        self.tool_actions: dict[str, QAction] = {}
        self._options = QStackedWidget()
        self._option_pages: dict[str, int] = {}
        self._make_actions()
        self._make_menus()
        self._make_toolbars()
        self._make_status_bar()
        self._make_action_bar()
        self.compendium = CompendiumFeatures.install(self)
        self.player_screen = PlayerScreenFeatures.install(self)
        self.table_host = TableHostFeatures.install(self, resume=autosave)
        self.spells = SpellCasting.install(self)  # spell lists, the spell tool, the saves table
        self.hazards = HazardFeatures.install(self)  # placing traps, drawing them, offering their triggers
        self.footing = FootingPrompts.install(self)  # PF2e: the Reflex save to keep footing after a hit
        self._arrange_docks()

        self.doc.title_changed.connect(self._update_title)
        self.doc.history_changed.connect(self._update_history_actions)
        self.doc.logged.connect(self._show_logged)
        self.doc.refused.connect(lambda why: self.statusBar().showMessage(self.engine_text(why), 8000))
        self.doc.reset.connect(self._on_reset)
        self.doc.changed.connect(lambda _o, _n: self._update_round())
        self.view.message.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self.files.message.connect(lambda text: self.statusBar().showMessage(text, 6000))
        self.pictures.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.files.recent_changed.connect(self._fill_recent_menu)
        self.view.hover_cell_changed.connect(self._show_cell)
        self.view.zoom_changed.connect(self._show_zoom)
        self.view.add_token_requested.connect(self.add_token_at)
        self.view.edit_token_requested.connect(self.edit_token)
        self.view.attack_requested.connect(lambda a, t: self.table.open_attack(a, t))
        self.view.join_encounter_requested.connect(self.table.initiative_dock.add_to_encounter)
        self.view.leave_encounter_requested.connect(self.table.initiative_dock.remove_from_encounter)
        self.view.files_dropped.connect(self._files_dropped)
        area_tool = self.tools.get("area")
        if area_tool is not None and hasattr(area_tool, "signals"):
            area_tool.signals.placed.connect(self._area_placed)
        self.map_scene.selection_ids_changed.connect(lambda _ids: self._update_selection_actions())
        self.set_tool("select")
        self._update_title()
        self._update_history_actions()
        self._update_selection_actions()
        self._update_round()
        self.resize(1400, 900)
        #: the panels' layout is kept between sessions (not by a headless or test window unless asked)
        self.remember_layout = autosave if remember_layout is None else remember_layout
        self.layout_memory = LayoutMemory(self)
        if self.remember_layout:
            self.layout_memory.restore()
            self.sides.sync()

    # ---- docks

    def _arrange_docks(self) -> None:
        """Map first (issue 23, item 7): the initiative, inspector, areas and player-screen preview share the
        right side as tabs, the compendium and the log the left side, which starts collapsed to its strip;
        a strip at each edge hides and shows them (`desktop.window.dock_sides`)."""
        right, left = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea
        preview = self.player_screen.preview
        titles = {  # the docks' titles (their tabs) in the app's language
            self.table.initiative_dock: self.tr("Initiative"),
            self.inspector: self.tr("Inspector"),
            self.table.areas_dock: self.tr("Areas"),
            preview: self.tr("Player Screen"),
            self.table_host.panel: self.tr("Table"),
            self.compendium.dock: self.tr("Compendium"),
            self.table.log_dock: self.tr("Log"),
        }
        for dock, title in titles.items():
            dock.setWindowTitle(title)
        self.sides = DockSides.arrange(
            self,
            [
                (
                    right,
                    [
                        (self.table.initiative_dock, self.tr("Initiative")),
                        (self.inspector, self.tr("Inspector")),
                        (self.table.areas_dock, self.tr("Areas")),
                        (preview, self.tr("Player Screen")),
                        (self.table_host.panel, self.tr("Table")),
                    ],
                ),
                (
                    left,
                    [
                        (self.compendium.dock, self.tr("Compendium")),
                        (self.table.log_dock, self.tr("Log")),
                        (self.table.dice_box, self.tr("Dice")),
                        (self.table.scenes_dock, self.tr("Scenes")),
                    ],
                ),
            ],
            front=[self.inspector, self.compendium.dock],
            hidden=[preview, self.table_host.panel],
            collapsed=[left],
        )
        self.resizeDocks([self.inspector], [370], Qt.Orientation.Horizontal)

    def show_dock(self, dock: QDockWidget) -> None:
        """Bring `dock` to front, opening its side if it was collapsed to its strip."""
        self.sides.show_dock(dock)

    # ---- actions

    def _action(
        self,
        text: str,
        slot: Callable[..., object],
        shortcut: QKeySequence | QKeySequence.StandardKey | str | list[QKeySequence] | None = None,
        tip: str = "",
        icon_name: str = "",
    ) -> QAction:
        act = QAction(text, self)
        if shortcut is not None:
            if isinstance(shortcut, list):
                act.setShortcuts(shortcut)
            else:
                act.setShortcut(QKeySequence(shortcut))
        if icon_name:
            act.setIcon(icon(icon_name))
        keys = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        tip = tip or text.replace("&", "").rstrip("…")
        act.setToolTip(f"{tip} ({keys})" if keys else tip)
        act.setStatusTip(tip)
        act.triggered.connect(slot)
        self.addAction(act)
        return act

    def _make_actions(self) -> None:
        f = self.files
        self.act_new = self._action(
            self.tr("&New…"),
            self.new_scene_dialog,
            QKeySequence.StandardKey.New,
            self.tr("New scene: empty map or demo"),
        )
        self.act_open = self._action(
            self.tr("&Open…"),
            lambda: f.open(),
            QKeySequence.StandardKey.Open,
            self.tr("Open a scene or a Universal VTT map"),
        )
        self.act_save = self._action(
            self.tr("&Save"), lambda: f.save(), QKeySequence.StandardKey.Save, self.tr("Save the scene")
        )
        self.act_save_as = self._action(
            self.tr("Save &As…"),
            lambda: f.save_as(),
            QKeySequence.StandardKey.SaveAs,
            self.tr("Save the scene under a new name"),
        )
        quit_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit) or [QKeySequence("Ctrl+Q")]
        self.act_quit = self._action(self.tr("&Quit"), self.close, quit_keys)
        self.act_quit.setObjectName("actQuit")  # the compendium's imports go just above it
        self.act_undo = self._action(
            self.tr("&Undo"), self.doc.undo, QKeySequence.StandardKey.Undo, icon_name="undo"
        )
        self.act_redo = self._action(
            self.tr("&Redo"),
            self.doc.redo,
            [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")],
            icon_name="redo",
        )
        self.act_delete = self._action(
            self.tr("&Delete"),
            self.delete_selection,
            QKeySequence.StandardKey.Delete,
            self.tr("Delete the selected tokens"),
        )
        self.act_duplicate = self._action(
            self.tr("D&uplicate"),
            self.duplicate_selection,
            "Ctrl+D",
            self.tr("Duplicate the selected tokens"),
        )
        self.act_select_all = self._action(
            self.tr("Select &All Tokens"), self.select_all, QKeySequence.StandardKey.SelectAll
        )
        self.act_add_token = self._action(
            self.tr("Add &Token…"),
            lambda: self.add_token_at(None),
            "Ctrl+T",
            self.tr("Add a token at the centre of the view"),
            "token",
        )
        self.act_settings = self._action(
            self.tr("Scene &Settings…"),
            self.scene_settings_dialog,
            "Ctrl+,",
            self.tr("System, diagonal rule, flanking, area method, ambient light"),
        )
        self.act_preferences = self._action(
            self.tr("Se&ttings…"),
            self.preferences_dialog,
            None,
            self.tr("App settings: centre the map on the active creature"),
        )
        self.act_end_turn = self._action(
            self.tr("&End Turn of Selection"),
            self.end_turn_selection,
            "E",
            self.tr("Reset the selected tokens' movement this turn"),
        )
        self.act_new_round = self._action(
            self.tr("New &Round"), self.new_round, "Ctrl+R", self.tr("Everyone's movement resets")
        )
        self.act_check = self._action(
            self.tr("&Check or Save…"),
            self.open_check_dialog,
            "Ctrl+K",
            self.tr("A check or save, a group check, a contest or a passive value, with conditions applied"),
        )
        self.act_zoom_in = self._action(
            self.tr("Zoom &In"),
            self.view.zoom_in,
            # Ctrl++ is typed Ctrl+Shift+= on most keyboards: every spelling of it zooms
            [QKeySequence(k) for k in ("Ctrl+=", "Ctrl++", "Ctrl+Shift+=", "Ctrl+Shift++")],
        )
        self.act_zoom_out = self._action(self.tr("Zoom &Out"), self.view.zoom_out, QKeySequence("Ctrl+-"))
        self.act_fit = self._action(
            self.tr("&Fit Map"), self.view.fit, "Ctrl+0", self.tr("Show the whole map"), "fit"
        )
        self.act_actual = self._action(self.tr("&Actual Size"), self.view.actual_size, "Ctrl+1")
        self.act_overlay = self._action(
            self.tr("&Movement Overlay"),
            self.map_scene.set_show_overlay,
            "O",
            self.tr("Shade the squares the selected token can reach (by Stride or move/Dash)"),
            "overlay",
        )
        self.act_overlay.setCheckable(True)
        self.act_overlay.setChecked(True)
        self.act_grid = self._action(
            self.tr("&Grid"), self.map_scene.set_grid_visible, "G", self.tr("Show the 5-ft grid"), "grid"
        )
        self.act_grid.setCheckable(True)
        self.act_grid.setChecked(True)
        self.act_walls_outside = self._action(
            self.tr("&Walls Outside the Map"),
            self.map_scene.set_show_walls_outside,
            None,
            self.tr("Draw the walls an imported map keeps beyond its edge (they always count for the rules)"),
        )
        self.act_walls_outside.setCheckable(True)
        self.act_walls_outside.setChecked(False)
        self.act_shortcuts = self._action(
            self.tr("&Keyboard Shortcuts"), self.show_shortcuts, QKeySequence.StandardKey.HelpContents
        )
        self.act_about = self._action(self.tr("&About FiveFoot"), self.show_about)
        group = QActionGroup(self)
        group.setExclusive(True)
        for spec in TOOL_SPECS:
            tip = QCoreApplication.translate("Tools", spec.tooltip)
            act = self._action(
                QCoreApplication.translate("Tools", spec.label),
                lambda _c=False, n=spec.name: self.set_tool(n),
                spec.shortcut,
                tip.split("\n")[0],
                spec.icon,
            )
            act.setToolTip(tip)
            act.setCheckable(True)
            group.addAction(act)
            self.tool_actions[spec.name] = act

    def _make_menus(self) -> None:
        bar = self.menuBar()
        m = bar.addMenu(self.tr("&File"))
        m.setObjectName("menuFile")
        m.addActions([self.act_new, self.act_open])
        self.recent_menu = m.addMenu(self.tr("Open &Recent"))
        self._fill_recent_menu()
        m.addSeparator()
        m.addActions([self.act_save, self.act_save_as])
        m.addSeparator()
        m.addAction(self.pictures.act_import)
        m.addSeparator()
        m.addAction(self.act_quit)
        m = bar.addMenu(self.tr("&Edit"))
        m.setObjectName("menuEdit")
        m.addActions([self.act_undo, self.act_redo])
        m.addSeparator()
        m.addActions([self.act_add_token, self.act_duplicate, self.act_delete, self.act_select_all])
        m.addSeparator()
        m.addAction(self.act_settings)
        m.addAction(self.act_preferences)
        m = bar.addMenu(self.tr("&View"))
        m.setObjectName("menuView")
        m.addActions([self.act_zoom_in, self.act_zoom_out, self.act_fit, self.act_actual])
        m.addSeparator()
        m.addActions([self.act_overlay, self.act_grid, self.act_walls_outside])
        m.addActions(self.table.view_actions()[:3])
        m.addSeparator()
        m.addAction(self.inspector.toggleViewAction())
        m.addActions(self.table.view_actions()[3:])
        m.addSeparator()
        self.act_reset_layout = m.addAction(self.tr("Reset Panel Layout"))
        self.act_reset_layout.setToolTip(self.tr("Put the side panels back where they start: the map first"))
        self.act_reset_layout.triggered.connect(self._reset_layout)
        m = bar.addMenu(self.tr("&Map"))
        m.setObjectName("menuMap")
        m.addAction(self.pictures.act_import)
        m.addSeparator()
        m.addActions([self.tool_actions["calibrate"], self.pictures.act_calibrate, self.pictures.act_fit])
        m.addSeparator()
        m.addAction(self.pictures.act_remove)
        self.map_menu = m
        m = bar.addMenu(self.tr("&Tools"))
        m.setObjectName("menuTools")
        m.addActions(list(self.tool_actions.values()))
        m = bar.addMenu(self.tr("E&ncounter"))
        m.setObjectName("menuEncounter")
        m.addActions(self.table.encounter_actions())
        m.addSeparator()
        m.addActions(self.table.combat_actions())
        m.addAction(self.act_check)
        m.addSeparator()
        m.addActions([self.act_end_turn, self.act_new_round])
        m = bar.addMenu(self.tr("&Help"))
        m.setObjectName("menuHelp")
        m.addActions([self.act_shortcuts, self.act_about])

    def _make_toolbars(self) -> None:
        tb = QToolBar(self.tr("Main"))
        tb.setObjectName("mainToolBar")
        tb.setMovable(False)
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        style_toolbar(tb)
        self.addToolBar(tb)
        for spec in TOOL_SPECS:
            if spec.toolbar:
                tb.addAction(self.tool_actions[spec.name])
        tb.addSeparator()
        tb.addAction(self.act_add_token)
        tb.addAction(self.act_overlay)
        tb.addAction(self.table.act_reach)
        tb.addSeparator()
        tb.addAction(self.table.act_attack)
        tb.addAction(self.table.act_start)
        tb.addAction(self.table.act_next)
        tb.addSeparator()
        for act in (self.act_undo, self.act_redo, self.act_fit):
            tb.addAction(act)
        self.main_toolbar = tb
        self._toolbar_fitter = fit_toolbar(tb)  # icons only when the window is too narrow for the texts
        opts = QToolBar(self.tr("Tool options"))
        opts.setObjectName("toolOptionsBar")
        opts.setMovable(False)
        style_toolbar(opts)
        self._tool_label = QLabel()
        self._tool_label.setStyleSheet("font-weight: bold; padding: 0 8px;")
        opts.addWidget(self._tool_label)
        opts.addWidget(self._options)
        empty = QWidget()
        self._option_pages["__none__"] = self._options.addWidget(empty)
        for name, tool in self.tools.items():
            w = tool.options_widget()
            if w is not None:
                self._option_pages[name] = self._options.addWidget(w)
        self.addToolBarBreak()
        self.addToolBar(opts)
        self.options_toolbar = opts

    def _make_action_bar(self) -> None:
        """The action bar (turn HUD) under the map, for the selected creature or the current one
        (`desktop.docks.action_bar`): its buttons go through the same dialogs and commands as the menus."""
        handlers = ActionBarHandlers(
            strike=lambda tid: self.table.open_attack(tid),
            ready=lambda _tid: self.table.initiative_dock.ready(),
            delay=lambda _tid: self.table.initiative_dock.delay(),
            end_turn=self.end_turn_of,
            message=lambda text: self.statusBar().showMessage(text, 8000),
            skills=lambda menu, tid: add_skills_menu(
                menu, self.doc, tid, None, self, free=lambda: self.action_bar.free, flat=True
            ),
            maneuvers=lambda menu, tid: add_maneuvers_menu(menu, self.doc, tid, parent=self, flat=True),
            spells=lambda tid: self.spells.open_spell_list(tid),
        )
        self.action_bar = ActionBar(self.doc, handlers, self)
        style_toolbar(self.action_bar)
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, self.action_bar)
        self.map_scene.selection_ids_changed.connect(self.action_bar.follow_selection)

    def end_turn_of(self, token_id: str) -> None:
        """End `token_id`'s turn: the next turn when it is the current creature of the encounter (the
        end-of-turn prompt first, when it needs rolls); in free mode its movement resets."""
        enc = self.doc.encounter
        if enc is not None and enc.current_id == token_id:
            self.table.initiative_dock.next_turn()
            return
        command = end_turn_command(self.doc.scene, [token_id])
        if command is not None:
            self.doc.execute(command)

    def _make_status_bar(self) -> None:
        sb = self.statusBar()
        style_status_bar(sb)
        self.cell_label = QLabel("—")
        self.cell_label.setMinimumWidth(260)
        self.cell_label.setToolTip(self.tr("The square under the mouse (one square is 5 feet)"))
        self.zoom_label = QLabel()
        self.zoom_label.setMinimumWidth(80)
        self.zoom_label.setToolTip(self.tr("Zoom (Ctrl+wheel or Ctrl +/−; Ctrl+0 fits the map)"))
        self.round_label = QLabel()
        self.round_label.setMinimumWidth(120)
        for w in (self.round_label, self.cell_label, self.zoom_label):
            sb.addPermanentWidget(w)
        for w in (self.cell_label, self.zoom_label):  # they change on every mouse move / zoom step
            w.setFixedSize(w.minimumWidth(), w.sizeHint().height())

    @staticmethod
    def _set_steady_text(label: QLabel, text: str) -> None:
        """Show `text` in a status-bar label of fixed size, widening it only when the text needs more room:
        a label of fixed size changing its text asks no new layout of the window (a drag over the map
        changes the square under the mouse on every move)."""
        need = label.fontMetrics().horizontalAdvance(text) + 14
        if need > label.width():
            label.setFixedWidth(need)
        label.setText(text)

    # ---- tools

    def set_tool(self, name: str) -> None:
        tool = self.tools[name]
        self.view.set_tool(tool)
        self.tool_actions[name].setChecked(True)
        self._options.setCurrentIndex(self._option_pages.get(name, self._option_pages["__none__"]))
        self._tool_label.setText(tool.shown_label())
        hint = tool.hint()
        if hint:
            self.statusBar().showMessage(hint, 8000)

    def use_tool(self, tool: Tool, label: str, like: str) -> None:
        """Make a tool that isn't on the tool bar current (the spell tool, started by a spell list): the
        tool bar shows the tool it is `like` as checked, the options bar is empty, the label says `label`."""
        self.view.set_tool(tool)
        self.tool_actions[like].setChecked(True)
        self._options.setCurrentIndex(self._option_pages["__none__"])
        self._tool_label.setText(label)
        hint = tool.hint()
        if hint:
            self.statusBar().showMessage(hint, 10000)

    @property
    def tool(self) -> Tool:
        assert self.view.tool is not None
        return self.view.tool

    # ---- edits

    def delete_selection(self) -> None:
        command = delete_command(self.doc.scene, self.map_scene.selected_ids())
        if command is not None:
            self.doc.execute(command)

    def duplicate_selection(self) -> None:
        command = duplicate_command(self.doc.scene, self.map_scene.selected_ids())
        if command is not None:
            self.doc.execute(command)
            self.map_scene.select_ids([t.id for t in command.tokens])

    def select_all(self) -> None:
        self.map_scene.select_ids([t.id for t in self.doc.scene.tokens])

    def end_turn_selection(self) -> None:
        """Free mode: forget the selection's movement. With initiative running and whoever's turn it is
        selected, this is the next turn."""
        enc = self.doc.encounter
        ids = self.map_scene.selected_ids()
        if enc is not None and enc.current_id in ids:
            self.table.initiative_dock.next_turn()
            return
        command = end_turn_command(self.doc.scene, ids)
        if command is not None:
            self.doc.execute(command)

    def new_round(self) -> None:
        if self.doc.encounter is not None:
            self.statusBar().showMessage(
                self.tr("Initiative is running: Next Turn (N) moves through the round"), 8000
            )
            return
        self.doc.execute(ResetMovement(None, log=f"Round {self.doc.free.round + 1} begins: movement resets"))

    def open_check_dialog(self) -> None:
        """The check dialog for the selected creature (`desktop.dialogs.check_dialog`)."""
        from desktop.dialogs.check_dialog import CheckDialog

        ids = self.map_scene.selected_ids()
        dialog = CheckDialog(self.doc, next(iter(ids), None), self, self.table.dice)
        self.check_dialog = dialog
        dialog.show()

    def _area_placed(self, area_id: str) -> None:
        self.table.areas_dock.select(area_id)

    def add_token_at(self, cell: Cell | None) -> TokenForm:
        """Open the quick token form for `cell` (default: the centre of the view)."""
        from desktop.dialogs.token_form import TokenForm  # the dialogs are read when first opened

        if cell is None:
            cell = cell_at(self.view.mapToScene(self.view.viewport().rect().center()))
        g = self.doc.scene.grid
        cell = Cell(min(max(cell.x, 0), g.width - 1), min(max(cell.y, 0), g.height - 1))
        entries = [(e.book, e.creature) for e in self.compendium.dock.entries]
        sides = sorted({t.side for t in self.doc.scene.tokens})
        form = TokenForm(self.doc.scene.system, cell, sides, self, entries)
        form.accepted.connect(lambda: self._add_from_form(form))
        self.token_form = form
        form.open()
        return form

    def _add_from_form(self, form: TokenForm) -> None:
        command = form.command(self.doc.scene)
        if command is None:
            self.statusBar().showMessage(self.tr("No free square near there for the new token"), 8000)
            return
        self.doc.execute(command)
        self.map_scene.select_ids([t.id for t in command.tokens])

    def edit_token(self, token_id: str) -> None:
        self.map_scene.select_ids([token_id])
        self.show_dock(self.inspector)
        self.inspector.focus_name()

    # ---- dialogs

    def new_scene_dialog(self) -> None:
        from desktop.dialogs.new_scene import NewSceneDialog

        dialog = NewSceneDialog(self)
        if dialog.exec() != NewSceneDialog.DialogCode.Accepted:
            return
        demo = dialog.wants_demo()
        if demo is not None:
            self.files.open_demo(demo)
        else:
            self.files.new_scene(dialog.scene())

    def scene_settings_dialog(self) -> None:
        from desktop.dialogs.scene_settings import SceneSettingsDialog

        dialog = SceneSettingsDialog(self.doc.scene, self)
        if dialog.exec() == SceneSettingsDialog.DialogCode.Accepted:
            command = dialog.command()
            if command is not None:
                self.doc.execute(command)

    def preferences_dialog(self) -> None:
        from desktop.dialogs.settings_dialog import SettingsDialog

        SettingsDialog(self).exec()
        self.view.setFocus()

    def show_shortcuts(self) -> None:
        """Every shortcut, read from the menus (`desktop.window.shortcuts`)."""
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Keyboard shortcuts"), shortcuts_html(self))
        box.setParent(self, box.windowFlags())
        self.shortcuts_box = box
        box.open()

    def about_text(self) -> str:
        """The About box: what FiveFoot is, and the SRD attribution sentences word for word (never
        translated: `rules.io.srd_attribution`)."""
        head = self.tr(
            "<b>FiveFoot</b> — a battle map for Pathfinder 2e and D&D 5e that counts the squares for you."
        )
        srd = self.tr("The bundled D&D 5e spells and creatures:")
        quoted = "".join(f"<p>{html.escape(text)}</p>" for text in SRD_ATTRIBUTIONS)
        return f"<p>{head}</p><p>{srd}</p>{quoted}"

    def show_about(self) -> None:
        box = QMessageBox(QMessageBox.Icon.NoIcon, self.tr("About FiveFoot"), self.about_text())
        box.setObjectName("aboutBox")
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setParent(self, box.windowFlags())
        self.about_box = box
        box.open()

    # ---- status and title

    def _update_title(self) -> None:
        self.setWindowTitle(f"{self.doc.display_name()}[*] — {APP_NAME}")
        self.setWindowModified(self.doc.dirty)

    def _update_history_actions(self) -> None:
        undo, redo = self.doc.undo_label(), self.doc.redo_label()
        self.act_undo.setEnabled(undo is not None)
        self.act_redo.setEnabled(redo is not None)
        self.act_undo.setText(f"&Undo {undo}" if undo else "&Undo")
        self.act_redo.setText(f"&Redo {redo}" if redo else "&Redo")
        self.act_undo.setIconText("Undo")
        self.act_redo.setIconText("Redo")
        self.act_undo.setToolTip(f"Undo {undo} (Ctrl+Z)" if undo else "Nothing to undo")
        self.act_redo.setToolTip(f"Redo {redo} (Ctrl+Shift+Z)" if redo else "Nothing to redo")

    def _update_selection_actions(self) -> None:
        has = bool(self.map_scene.selected_ids())
        for act in (self.act_delete, self.act_duplicate, self.act_end_turn):
            act.setEnabled(has)

    def _update_round(self) -> None:
        scene = self.doc.scene
        system = system_for(scene).label
        enc = self.doc.encounter
        if enc is None:
            self.round_label.setText(
                self.tr("{system} · Round {round}").format(system=system, round=self.doc.free.round)
            )
            self.round_label.setToolTip(
                self.tr("No initiative: movement resets with End Turn (E) or New Round")
            )
            self.act_new_round.setEnabled(True)
            return
        who = enc.current_id
        tok = scene.token(who) if who is not None else None
        name = tok.label if tok is not None else (who or "")
        text = self.tr("{system} · Round {round} · {name}").format(system=system, round=enc.round, name=name)
        self.round_label.setMinimumWidth(
            max(120, self.round_label.fontMetrics().horizontalAdvance(text) + 14)
        )
        self.round_label.setText(text)
        layout = self.statusBar().layout()
        if layout is not None:
            layout.activate()  # place the wider label now, not on the next event loop pass
        self.round_label.setToolTip(self.tr("Initiative is running (see the Initiative dock)"))
        self.act_new_round.setEnabled(False)

    def _show_cell(self, cell: Cell | None) -> None:
        if cell is None:
            self._set_steady_text(self.cell_label, "—")
            return
        text = self.tr("Square [{x}, {y}]").format(x=cell.x, y=cell.y)
        kind = self.doc.scene.terrain_map().get(cell)
        if kind:
            text += f" · {TERRAIN_LABELS[kind].lower()}"
        square = self.doc.scene.balance_at(cell) if system_for(self.doc.scene).balance_terrain else None
        if square is not None:
            text += " " + self.tr("DC {dc}").format(dc=square.dc)
        band = self.map_scene.overlay_item.bands.get(cell)
        if band:
            text += f" · {self.engine_text(system_for(self.doc.scene).band_text(band))}"
        self._set_steady_text(self.cell_label, text)

    def _show_logged(self, text: str) -> None:
        """A new log entry in the status bar: its lines (a roll's breakdown) on one line."""
        lines = [line.strip() for line in self.engine_text(text).splitlines() if line.strip()]
        self.statusBar().showMessage(" · ".join(lines[:3]) + (" …" if len(lines) > 3 else ""), 8000)

    def engine_text(self, text: str) -> str:
        """English text the engine wrote (a log entry, a refusal) in the app's language, in the words of
        the scene's rule system."""
        return engine_text(text, self.doc.scene.system)

    def _show_zoom(self, factor: float) -> None:
        self._set_steady_text(self.zoom_label, self.tr("Zoom {percent:.0f}%").format(percent=factor * 100))

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.files.recent()
        for path in files:
            act = self.recent_menu.addAction(path.name)
            act.setToolTip(str(path))
            act.triggered.connect(self._opener(path))
        self.recent_menu.setEnabled(bool(files))

    def _opener(self, path: Path) -> Callable[[], None]:
        def run() -> None:
            self.files.open(path)

        return run

    def _on_reset(self) -> None:
        if self.view.tool is not None:
            self.view.tool.cancel()
        self.map_scene.select_ids([])
        self._update_round()

    # ---- dropped files

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_paths(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if dropped_paths(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        """A dropped scene opens (unsaved-changes prompt first), a dropped picture becomes the map. Handled
        after the drop returns, so that the source application is not kept waiting by a dialog."""
        paths = dropped_paths(event.mimeData())
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        self._files_dropped(paths)

    def _files_dropped(self, paths: list[Path]) -> None:
        QTimer.singleShot(0, lambda: self.pictures.open_paths(paths))

    def _reset_layout(self) -> None:
        self.layout_memory.reset()
        self.sides.sync()
        self.statusBar().showMessage(self.tr("Panels back to the map-first layout"), 6000)

    # ---- closing

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.maybe_save():
            event.ignore()
            return
        self.tool.cancel()
        if self.remember_layout:
            self.layout_memory.save()
        self.files.shutdown()
        self.table_host.shutdown()
        self._close_other_windows()
        event.accept()

    def _close_other_windows(self) -> None:
        """Quit closes every window of this GM window: the Player Screen (a window of its own, on the TV)
        and the dialogs it opened (check, attack, saves …), so nothing stays on screen and the app ends."""
        self.player_screen.close()
        for w in QApplication.topLevelWidgets():
            if w is self or not w.isVisible():
                continue
            parent = w.parentWidget()
            while parent is not None and parent is not self:
                parent = parent.parentWidget()
            if parent is self:
                w.close()

    def open_path(self, path: Path) -> bool:
        return self.files.open(path, ask=False)
