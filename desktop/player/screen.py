"""The Player Screen: a second top-level window for the TV or projector at the table, steered from the GM's.

* `desktop.player.scene`: `PlayerScene` (the projection drawn) and `PlayerMapView` (a view of it).
* `desktop.player.window`: `PlayerWindow`, the TV's window: the map and the table information, no controls.
* `desktop.player.steering`: `TvSteering`, where the TV looks and how it moves.
* `desktop.player.frame`: the TV's frame on the GM map, dragged to move and pulled to zoom the players' view.
* `desktop.player.panel`: the GM's Player Screen panel (with the preview).
* `PlayerScreenFeatures.install(main_window)` (here): puts it together on the GM side — the fog drawn
  translucent over the map and the light layer (`desktop.map.items.fog_layer`, `light_layer`), the fog and
  light tools (`desktop.map.tools.fog_tool`), View ▸ Player Screen with every control of the TV (open,
  full screen, follow my view / the active creature / stay, push my view, fit the known map, lock,
  curtain, show only an area, rotation, true scale and its calibration, touch), the panel, and the fog and
  ambient light settings.

Following: in ``"gm"`` mode the TV takes the GM view's centre and zoom as it pans; in ``"creature"`` mode it
centres on the creature whose turn it is whenever the players can see that creature (a creature hidden
from them is never followed: the view would give it away). A locked TV follows nothing.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QDockWidget, QGraphicsView, QMainWindow, QMenu

from desktop.look.style import CELL
from desktop.map.items.fog_layer import FogController, FogItem
from desktop.map.items.light_layer import LightLayer
from desktop.map.tools.fog_tool import FogTool, LightTool
from desktop.player import choices, true_scale
from desktop.player.frame import TvFrameController, TvFrameItem
from desktop.player.panel import PlayerPanel
from desktop.player.scene import PlayerMapView, PlayerScene
from desktop.player.steering import ROTATIONS, TvSteering
from desktop.player.touch import PingItem
from desktop.player.window import PlayerWindow
from desktop.widgets.menus import menu_named
from rules.model.campaign import presented_state
from rules.model.scene import LIGHT_LEVELS
from rules.play.fog import SetFogMode
from rules.play.lights import SetAmbient

__all__ = ["PlayerMapView", "PlayerScene", "PlayerScreenFeatures", "PlayerWindow"]


class PlayerScreenFeatures:
    """The GM window's side of the player screen (see the module docstring)."""

    def __init__(self, win: QMainWindow) -> None:
        self.win = win
        doc = win.doc  # type: ignore[attr-defined]
        map_scene = win.map_scene  # type: ignore[attr-defined]
        view = win.view  # type: ignore[attr-defined]
        self.doc = doc
        self.gm_view: QGraphicsView = view
        # GM view: light layer and translucent fog
        self.light_layer = LightLayer()
        map_scene.add_layer(self.light_layer)
        self.fog_item = FogItem()
        map_scene.addItem(self.fog_item)
        self.fog = FogController(doc, map_scene, self.fog_item)
        doc.changed.connect(lambda _o, _n: self._sync_lights())
        self._sync_lights()
        # where the TV looks, its frame on the GM map
        self.steering = TvSteering(win)
        self.frame_item = TvFrameItem(self.steering)
        self.frame_item.setVisible(False)
        map_scene.addItem(self.frame_item)
        self.frame = TvFrameController(view, self.frame_item, self.steering)
        self.frame.message.connect(lambda text: win.statusBar().showMessage(text, 8000))
        # the player scene, its window (made on demand) and the GM's panel with the preview
        self.player_scene = PlayerScene(doc)
        self.window: PlayerWindow | None = None
        self.preview = QDockWidget(win.tr("Player Screen"), win)
        self.preview.setObjectName("playerPreviewDock")
        self.preview_view = PlayerMapView(self.player_scene)
        self.preview_view.setObjectName("playerPreviewView")
        self.preview_view.setMinimumSize(240, 160)
        self._install_actions(win)
        self.panel = PlayerPanel(self, self.preview_view)
        self.preview.setWidget(self.panel)
        win.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.preview)
        self.preview.hide()
        self.preview_view.resized.connect(self._fit_preview)
        self.player_scene.projected.connect(lambda _v: self._fit_preview())
        self.preview.visibilityChanged.connect(lambda _v: self._fit_preview())
        self._install_tools(win, view)
        # the template the GM is aiming, on the TV too
        area_tool = getattr(win, "tools", {}).get("area")
        if area_tool is not None and hasattr(area_tool, "signals"):
            area_tool.signals.aimed.connect(self.player_scene.set_aiming)
        # following
        view.horizontalScrollBar().valueChanged.connect(self._gm_moved)
        view.verticalScrollBar().valueChanged.connect(self._gm_moved)
        zoom = getattr(view, "zoom_changed", None)
        if zoom is not None:
            zoom.connect(self._gm_moved)
        doc.changed.connect(lambda _o, _n: self._follow_creature())
        doc.reset.connect(self._scene_opened)
        # through the panel (a QObject): the connection ends when the window goes away
        self.panel.steering_changed.connect(self._steering_changed)
        self.steering.changed.connect(self.panel.steering_changed)
        self._restore_choices()
        self._steering_changed()

    @classmethod
    def install(cls, win: QMainWindow) -> PlayerScreenFeatures:
        return cls(win)

    def hold_until_painted(self) -> None:
        """The launch: project the Player Screen only once the GM's map has painted its first frame (unless
        the preview, put back by the remembered layout, or the TV's window shows it already)."""
        if self.window is not None or not self.preview.isHidden():
            return
        from desktop.widgets.first_paint import after_first_paint

        self.player_scene.hold()
        after_first_paint(self.gm_view.viewport(), self.player_scene.release)

    def close(self) -> None:
        """Close the player screen window (the GM window is closing: Quit ends the whole app)."""
        if self.window is not None:
            self.window.close()

    # ---- GM layers

    def _sync_lights(self) -> None:
        self.light_layer.set_scene_data(self.doc.scene)

    def _fit_preview(self) -> None:
        """The preview shows what the TV shows: its place, turn, curtain and reveal, scaled to fit."""
        if not self.preview.isVisible():
            return
        s = self.steering
        vp = self.preview_view.viewport()
        k = min(vp.width() / s.viewport.width(), vp.height() / s.viewport.height())
        self.preview_view.apply(s.scale * k, s.centre, s.rotation)

    # ---- steering

    def gm_centre(self) -> QPointF:
        v = self.gm_view
        return QPointF(v.mapToScene(v.viewport().rect().center()))

    def gm_scale(self) -> float:
        return float(self.gm_view.transform().m11())

    def _preparing(self) -> bool:
        """The GM works on another scene than the one the players see (a campaign): the TV doesn't
        follow the GM's view of a map the players aren't shown."""
        campaign = self.doc.state.campaign
        return campaign is not None and campaign.preparing

    def _gm_moved(self, *_args: object) -> None:
        s = self.steering
        if s.mode == "gm" and not s.locked and not self._preparing():
            s.set_view(self.gm_centre(), self.gm_scale())

    def _follow_creature(self) -> None:
        s = self.steering
        if s.mode != "creature" or s.locked:
            return
        encounter = presented_state(self.doc.state).encounter  # the presented scene's
        view = self.player_scene.view_value
        if encounter is None or view is None or encounter.current_id is None:
            return
        shown = view.token(encounter.current_id)
        if shown is None:  # the players can't see it: following it would give it away
            return
        n = shown.side_squares
        s.set_view(QPointF((shown.cell.x + n / 2) * CELL, (shown.cell.y + n / 2) * CELL))

    def _scene_opened(self) -> None:
        """Another scene was opened: a TV that stays where it was put shows what the players know of it."""
        s = self.steering
        self.player_scene.refresh()  # `reset` comes before `changed`: project the new scene first
        if s.mode == "fixed" and not s.locked:
            self.fit_known()
        else:
            self._follow_creature()

    def push_my_view(self) -> None:
        """The TV shows what the GM's view shows (its zoom too, unless true scale holds it) and stays."""
        self.steering.set_mode("fixed")
        self.steering.set_view(self.gm_centre(), self.gm_scale())

    def fit_known(self) -> None:
        """The TV shows the whole part of the map the players know, and stays."""
        view = self.player_scene.view_value
        rect = QRectF()
        if view is not None:
            ys, xs = view.known.nonzero()
            if len(xs):
                rect = QRectF(
                    xs.min() * CELL,
                    ys.min() * CELL,
                    (xs.max() - xs.min() + 1) * CELL,
                    (ys.max() - ys.min() + 1) * CELL,
                )
        if rect.isEmpty():
            g = presented_state(self.doc.state).scene.grid
            rect = QRectF(0, 0, g.width * CELL, g.height * CELL)
        s = self.steering
        vw, vh = s.viewport.width(), s.viewport.height()
        if s.rotation in (90, 270):
            vw, vh = vh, vw
        s.set_mode("fixed")
        scale = min(vw / rect.width(), vh / rect.height()) * 0.98
        s.set_view(rect.center(), None if s.scale_fixed else scale)

    def set_mode(self, mode: str) -> None:
        self.steering.set_mode(mode)
        if mode == "gm":
            self._gm_moved()
        elif mode == "creature":
            self._follow_creature()

    def _restore_choices(self) -> None:
        rotation, touch, scale = choices.remembered()
        self.steering.set_rotation(rotation)
        self.steering.set_touch(touch)
        if scale:
            self.apply_true_scale(True, quiet=True)
        self._kept = (self.steering.rotation, self.steering.touch, self.steering.true_scale)

    def _steering_changed(self) -> None:
        s = self.steering
        kept = getattr(self, "_kept", None)
        if kept is not None and kept != (s.rotation, s.touch, s.true_scale):  # not on every pan
            self._kept = (s.rotation, s.touch, s.true_scale)
            choices.remember(s)
        self.preview_view.set_masks(s.reveal, s.curtain)
        self._fit_preview()
        for mode, act in self.mode_actions.items():
            act.setChecked(mode == s.mode)
        for degrees, act in self.rotation_actions.items():
            act.setChecked(degrees == s.rotation)
        for act, on in (
            (self.act_lock, s.locked),
            (self.act_curtain, s.curtain),
            (self.act_true_scale, s.true_scale),
            (self.act_touch, s.touch),
        ):
            if act.isChecked() != on:
                act.setChecked(on)
        self.act_clear_reveal.setEnabled(s.reveal is not None)

    # ---- screens and true scale

    def screen_index(self) -> int:
        return int(self.panel.screens.currentData() or 0)

    def target_screen(self) -> Any:
        screens = QGuiApplication.screens()
        i = self.screen_index()
        return screens[i] if 0 <= i < len(screens) else QGuiApplication.primaryScreen()

    def screen_key(self) -> str:
        screen = self.target_screen()
        return true_scale.key_of(screen) if screen is not None else "screen"

    def apply_true_scale(self, on: bool, quiet: bool = False) -> bool:
        """Switch true scale on with the chosen screen's calibration (False: it has none yet)."""
        if not on:
            self.steering.set_true_scale(False)
            return True
        ppi = true_scale.saved_ppi(self.screen_key())
        if ppi is None:
            self.steering.set_true_scale(False)
            if quiet:
                return False
            self.win.statusBar().showMessage(
                self.win.tr(
                    "Calibrate the Player Screen first (View ▸ Player Screen ▸ Calibrate True Scale…)"
                ),
                8000,
            )
            return False
        screen = self.target_screen()
        ratio = float(screen.devicePixelRatio()) if screen is not None else 1.0
        px = true_scale.square_pixels(ppi, true_scale.saved_square_inches(), ratio)
        self.steering.set_true_scale(True, px)
        return True

    def calibrate(self) -> Any:
        """Open the calibration dialog for the chosen screen; on OK keep its answer and turn true scale on."""
        from desktop.player.calibration_dialog import CalibrationDialog

        screen = self.target_screen()
        dialog = CalibrationDialog(self.win, screen, self.window)
        dialog.accepted.connect(lambda: self._calibrated(dialog))
        dialog.ruler_shown.connect(self._show_ruler)
        dialog.open()
        return dialog

    def _show_ruler(self, length: int | None) -> None:
        if self.window is not None:
            self.window.show_ruler(length)

    def _calibrated(self, dialog: Any) -> None:
        true_scale.save_ppi(self.screen_key(), dialog.ppi())
        true_scale.save_square_inches(dialog.square_inches())
        self.apply_true_scale(True)

    # ---- tools and actions

    def _install_tools(self, win: Any, view: Any) -> None:
        group: QActionGroup | None = None
        select = win.tool_actions.get("select")
        if select is not None:
            group = select.actionGroup()
        self.tool_actions: list[QAction] = []
        for tool, shortcut, tip in (
            (
                FogTool(view),
                "F",
                QCoreApplication.translate(
                    "Tools", "Reveal or hide the map to the players (F)\nRight-drag hides"
                ),
            ),
            (
                LightTool(view),
                "Shift+L",
                QCoreApplication.translate("Tools", "Place, change or remove lights (Shift+L)"),
            ),
        ):
            win.tools[tool.name] = tool
            act = QAction(tool.shown_label(), win)
            act.setCheckable(True)
            act.setShortcut(QKeySequence(shortcut))
            act.setToolTip(tip)
            act.setStatusTip(tip.split("\n")[0])
            act.triggered.connect(lambda _c=False, n=tool.name: win.set_tool(n))
            if group is not None:
                group.addAction(act)
            win.addAction(act)
            win.tool_actions[tool.name] = act
            self.tool_actions.append(act)
            options = getattr(win, "_options", None)
            pages = getattr(win, "_option_pages", None)
            page = tool.options_widget()
            if options is not None and pages is not None and page is not None:
                pages[tool.name] = options.addWidget(page)
        toolbar = getattr(win, "main_toolbar", None)
        if toolbar is not None:
            # right after the last tool already in the main tool bar
            actions = toolbar.actions()
            tools = [i for i, a in enumerate(actions) if a in win.tool_actions.values()]
            after = actions[tools[-1] + 1] if tools and tools[-1] + 1 < len(actions) else None
            for act in self.tool_actions:
                if after is None:
                    toolbar.addAction(act)
                else:
                    toolbar.insertAction(after, act)
        tools_menu = self._menu("menuTools")
        if tools_menu is not None:
            tools_menu.addActions(self.tool_actions)

    def _menu(self, name: str) -> QMenu | None:
        """The window's menu named `name` (``menuTools``…: by name, not by its title in the app's
        language)."""
        return menu_named(self.win.menuBar(), name)

    def _act(self, text: str, tip: str, slot: Any = None, checkable: bool = False, name: str = "") -> QAction:
        act = QAction(text, self.win)
        act.setStatusTip(tip)
        act.setToolTip(tip)
        act.setCheckable(checkable)
        if name:
            act.setObjectName(name)
        if slot is not None:
            (act.toggled if checkable else act.triggered).connect(slot)
        return act

    def _install_actions(self, win: QMainWindow) -> None:
        tr = win.tr
        self.act_player = self._act(
            tr("&Open Player Screen"),
            tr("Open the player screen: a second window for the TV or projector"),
            lambda: self.open_player_screen(),
            name="actPlayerScreen",
        )
        self.act_player.setShortcut(QKeySequence("Ctrl+Shift+P"))
        self.act_preview = self.preview.toggleViewAction()
        self.act_preview.setText(tr("Player Screen &Panel"))
        self.act_full = self._act(
            tr("&Full Screen on the TV"),
            tr("Show the player screen full screen on the chosen screen (Escape on the TV leaves it)"),
            self.set_full_screen,
            checkable=True,
            name="actPlayerFullScreen",
        )
        self.mode_actions: dict[str, QAction] = {}
        modes = QActionGroup(win)
        for mode, text, tip in (
            ("fixed", tr("&Stay Where Put"), tr("The players' view stays where you put it (drag its frame)")),
            ("gm", tr("Follow &My View"), tr("The players' view follows your own pan and zoom")),
            (
                "creature",
                tr("Follow the &Active Creature"),
                tr("The players' view centres on the creature whose turn it is (when the players see it)"),
            ),
        ):
            act = self._act(text, tip, checkable=True)
            act.triggered.connect(lambda _c=False, m=mode: self.set_mode(m))
            modes.addAction(act)
            self.mode_actions[mode] = act
        self.act_push = self._act(
            tr("&Push My View"), tr("Show the players what your view shows now"), self.push_my_view
        )
        self.act_push.setShortcut(QKeySequence("Ctrl+Shift+V"))
        self.act_fit = self._act(
            tr("Show the &Known Map"), tr("Fit the part of the map the players know"), self.fit_known
        )
        self.act_lock = self._act(
            tr("&Lock the Players' View"),
            tr("Nothing moves the players' view by accident: no dragging, following or touch"),
            self.steering.set_locked,
            checkable=True,
        )
        self.act_curtain = self._act(
            tr("&Curtain"),
            tr("The players see a neutral screen while you prepare"),
            self.steering.set_curtain,
            checkable=True,
            name="actPlayerCurtain",
        )
        self.act_curtain.setShortcut(QKeySequence("Ctrl+Shift+B"))
        self.act_reveal = self._act(
            tr("Show &Only an Area…"),
            tr("Drag a rectangle on the map: the players see only that area"),
            self._arm_reveal,
        )
        self.act_clear_reveal = self._act(
            tr("Show the &Whole View"),
            tr("Take the reveal rectangle away"),
            lambda: self.steering.set_reveal(None),
        )
        self.frame.reveal_drawn.connect(
            lambda _r: win.statusBar().showMessage(tr("The players see only that area"), 6000)
        )
        self.rotation_actions: dict[int, QAction] = {}
        turns = QActionGroup(win)
        for degrees in ROTATIONS:
            act = self._act(
                tr("Turned {degrees}°").format(degrees=degrees),
                tr("Turn the players' view for the seats around a screen lying flat"),
                checkable=True,
            )
            act.triggered.connect(lambda _c=False, d=degrees: self.steering.set_rotation(d))
            turns.addAction(act)
            self.rotation_actions[degrees] = act
        self.act_true_scale = self._act(
            tr("&True Scale"),
            tr("One grid square is one inch on the TV (calibrate the screen first)"),
            checkable=True,
            name="actPlayerTrueScale",
        )
        self.act_true_scale.triggered.connect(lambda on: self.apply_true_scale(on))
        self.act_calibrate = self._act(
            tr("&Calibrate True Scale…"),
            tr("Give the TV's size so a grid square is exactly one inch (or another size) on it"),
            lambda: self.calibrate(),
        )
        self.act_touch = self._act(
            tr("Players May &Touch"),
            tr("Touch on the TV pans, zooms, pings and measures"),
            self.steering.set_touch,
            checkable=True,
        )
        self.act_frame = self._act(
            tr("Show the TV &Frame on My Map"),
            tr("Draw where the players' view is on your map"),
            lambda on: self._show_frame(),
            checkable=True,
        )
        self.act_frame.setChecked(True)
        self.act_fog = QAction(tr("&Fog of War"), win)
        self.act_fog.setCheckable(True)
        self.act_fog.setStatusTip(tr("Hide what the party hasn't seen from the player screen"))
        self.act_fog.triggered.connect(lambda on: self.doc.execute(SetFogMode("on" if on else "off")))
        self.act_fog_reset = QAction(tr("&Reset Fog of War"), win)
        self.act_fog_reset.triggered.connect(lambda: self.doc.execute(SetFogMode("reset")))
        self.act_lights = QAction(tr("Show &Lights"), win)
        self.act_lights.setCheckable(True)
        self.act_lights.setChecked(True)
        self.act_lights.toggled.connect(self.light_layer.set_visible)
        self.ambient_actions: dict[str, QAction] = {}
        ambient_group = QActionGroup(win)
        for level in LIGHT_LEVELS:
            act = QAction(level.capitalize(), win)
            act.setCheckable(True)
            act.triggered.connect(lambda _c=False, lv=level: self.doc.execute(SetAmbient(lv)))
            ambient_group.addAction(act)
            self.ambient_actions[level] = act
        view_menu = self._menu("menuView")
        if view_menu is not None:
            view_menu.addSeparator()
            tv = view_menu.addMenu(tr("&Player Screen"))
            tv.addActions([self.act_player, self.act_full, self.act_preview, self.act_frame])
            tv.addSeparator()
            tv.addActions(list(self.mode_actions.values()))
            tv.addSeparator()
            tv.addActions([self.act_push, self.act_fit, self.act_lock])
            tv.addSeparator()
            tv.addActions([self.act_curtain, self.act_reveal, self.act_clear_reveal])
            tv.addSeparator()
            tv.addActions(list(self.rotation_actions.values()))
            tv.addSeparator()
            tv.addActions([self.act_true_scale, self.act_calibrate, self.act_touch])
            view_menu.addActions([self.act_fog, self.act_fog_reset, self.act_lights])
            amb = view_menu.addMenu(tr("&Ambient Light"))
            amb.addActions(list(self.ambient_actions.values()))
        for act in (self.act_player, self.act_push, self.act_curtain):
            win.addAction(act)
        self.doc.changed.connect(lambda _o, _n: self._sync_actions())
        self._sync_actions()

    def _arm_reveal(self) -> None:
        self.frame.arming_reveal = True
        self.win.statusBar().showMessage(
            self.win.tr("Drag a rectangle on the map: the players see only that"), 8000
        )

    def _show_frame(self) -> None:
        on = self.act_frame.isChecked() and self.window is not None and self.window.isVisible()
        self.frame_item.setVisible(on)

    def _sync_actions(self) -> None:
        scene = self.doc.scene
        self.act_fog.setChecked(scene.fog is not None and scene.fog.enabled)
        act = self.ambient_actions.get(scene.options.ambient)
        if act is not None:
            act.setChecked(True)

    def set_full_screen(self, on: bool) -> None:
        window = self.window if self.window is not None else self.open_player_screen()
        if window.isFullScreen() != on:
            window.go_full_screen(on, self.screen_index())

    def open_player_screen(self) -> PlayerWindow:
        """Show the player screen. A map that never had fog of war gets it switched on (undoable): the
        players should see what their characters see, not the whole dungeon. Opening a window is not an
        edit: a scene that was unmodified stays unmodified."""
        if self.doc.scene.fog is None:
            self.doc.execute(SetFogMode("on"), edit=False)
        if self.window is None:
            self.window = PlayerWindow(self.player_scene, self.steering)
            self.window.full_screen_changed.connect(self._full_screen_changed)
            self.window.touch.pinged.connect(self._pinged)
            self.window.shown.connect(lambda _on: self._show_frame())
            if self.steering.mode == "gm":
                self._gm_moved()
        self.window.show()
        if QGuiApplication.platformName() != "offscreen":  # the offscreen platform can't raise windows
            self.window.raise_()
        QTimer.singleShot(0, self.window.apply_steering)
        self._show_frame()
        return self.window

    def _pinged(self, at: QPointF) -> None:
        """A player tapped the TV: the GM's map shows the ping too."""
        self.gm_view.scene().addItem(PingItem(at))
        words = self.win.tr("A player pinged [{x}, {y}]").format(x=int(at.x() // CELL), y=int(at.y() // CELL))
        self.win.statusBar().showMessage(words, 5000)

    def _full_screen_changed(self, on: bool) -> None:
        if self.act_full.isChecked() != on:
            self.act_full.blockSignals(True)
            self.act_full.setChecked(on)
            self.act_full.blockSignals(False)
