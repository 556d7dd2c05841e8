"""The player screen: a second top-level window for a TV or projector showing the map as the party knows it.

Everything it draws comes from one engine function, `rules.play.projection.player_projection` (the
projection a remote player client could receive): the map picture and grid, the party's creatures and the
creatures they see, a "?" on the space of a creature they know the place of but can't see (PF2e hidden),
areas of effect, the initiative order of the creatures shown, and the fog (unknown squares black, explored
squares dimmed). Never walls as lines, doors, lights, undetected or GM-only tokens, or notes.

* `PlayerScene`: a QGraphicsScene rebuilt from the projection whenever the document changes (players see
  tokens where they are, not where the GM is dragging them).
* `PlayerWindow`: the window. It follows the GM view's pan and zoom or stays fixed on the known part of the
  map (a toggle), can be turned 180° for a screen lying on the table, and goes full screen on a chosen screen.
* `PlayerScreenFeatures.install(main_window)`: adds the GM-side pieces — the fog drawn translucent over the
  map and the light layer (`desktop.map.items.fog_layer`, `desktop.map.items.light_layer`), the fog and light
  tools (`desktop.map.tools.fog_tool`), View ▸ Player Screen, a preview dock showing the player scene, and the
  fog and ambient light settings.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QBrush,
    QColor,
    QGuiApplication,
    QKeySequence,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QMenu,
    QPushButton,
    QSplitter,
    QStyleOptionGraphicsItem,
    QVBoxLayout,
    QWidget,
)

from desktop.look.style import CELL
from desktop.map.images import load_image
from desktop.map.items.background_layer import BackgroundLayer
from desktop.map.items.fog_layer import PLAYER_ALPHA, FogController, FogItem
from desktop.map.items.grid_layer import GridLayer
from desktop.map.items.hidden_marker import HiddenMarkerItem
from desktop.map.items.light_layer import LightLayer
from desktop.map.items.token_item import TokenItem, stacking
from desktop.map.items.token_labels import short_labels
from desktop.map.tools.fog_tool import FogTool, LightTool
from desktop.player.roll_log import PlayerRollLog
from rules.model.campaign import presented_state
from rules.model.scene import LIGHT_LEVELS, Background, Grid, Token
from rules.play.fog import SetFogMode
from rules.play.lights import SetAmbient
from rules.play.projection import PlayerView, ShownToken, player_projection

Z_AREAS = 20.0
#: Above the areas and the fog (the party knows the square even in the dark), under the tokens.
Z_MARKERS = 45.0
BLACK = QColor(0, 0, 0)


def _token(shown: ShownToken) -> Token:
    return Token(
        id=shown.id,
        cell=shown.cell,
        size=shown.size,
        side=shown.side,
        pc=shown.pc,
        name=shown.name,
        image=shown.image,
        hp=shown.hp,
        max_hp=shown.max_hp,
        conditions=shown.conditions,
    )


def _area_colour(text: str) -> QColor:
    c = QColor(text)
    if not c.isValid():
        c = QColor(255, 120, 40)
    c.setAlpha(90)
    return c


class PlayerScene(QGraphicsScene):
    """The projection drawn: map picture and grid in the background, areas, tokens and the opaque fog."""

    #: The projection was redrawn.
    projected = Signal(object)

    def __init__(self, doc: Any) -> None:
        super().__init__()
        self.doc = doc
        self.setBackgroundBrush(BLACK)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.background_layer = BackgroundLayer()
        self.grid_layer = GridLayer()
        self.fog_item = FogItem(PLAYER_ALPHA)
        self.addItem(self.fog_item)
        self.token_items: dict[str, TokenItem] = {}
        self.area_items: list[QGraphicsPathItem] = []
        self.marker_items: list[HiddenMarkerItem] = []
        self.view_value: PlayerView | None = None
        self._grid: Grid | None = None
        self._background: Background | None = None
        doc.changed.connect(self._on_changed)
        self.refresh()

    def _on_changed(self, _old: object, _new: object) -> None:
        self.refresh()

    def refresh(self) -> None:
        state = presented_state(self.doc.state)  # a campaign: the scene presented, not the one prepared
        view = player_projection(state)
        self.view_value = view
        scene = state.scene
        if scene.grid != self._grid or scene.background != self._background:
            self._grid, self._background = scene.grid, scene.background
            image = None
            if scene.background is not None:
                image = load_image(scene.background.image, self.doc.images, self.doc.base_dir)
            self.background_layer.set_scene_data(scene.grid, scene.background, image)
            self.grid_layer.set_grid(scene.grid)
            m = 2 * CELL
            self.setSceneRect(
                QRectF(0, 0, scene.grid.width * CELL, scene.grid.height * CELL).adjusted(-m, -m, m, m)
            )
            for v in self.views():
                v.resetCachedContent()
        self._sync_tokens(view)
        self._sync_areas(view)
        self._sync_markers(view)
        if view.fog:
            self.fog_item.set_masks(view.visible, view.known)
        else:
            self.fog_item.set_masks(None, None)
        self.update()
        self.projected.emit(view)

    def _sync_tokens(self, view: PlayerView) -> None:
        wanted = {t.id: t for t in view.tokens}
        for tid in list(self.token_items):
            if tid not in wanted:
                self.removeItem(self.token_items.pop(tid))
        for order, shown in enumerate(view.tokens):
            token = _token(shown)
            item = self.token_items.get(shown.id)
            portrait = load_image(shown.image, self.doc.images, self.doc.base_dir) if shown.image else None
            if item is None:
                item = TokenItem(token, portrait)
                item.setFlag(item.GraphicsItemFlag.ItemIsSelectable, False)
                item.setAcceptHoverEvents(False)
                self.token_items[shown.id] = item
                self.addItem(item)
            elif item.token != token:
                item.sync(token, portrait)
            item.setZValue(stacking(_token(shown), order))
        # distinct among the tokens shown only: a label never hints at a creature the players can't see
        for tid, text in short_labels({t.id: t.name for t in view.tokens}).items():
            self.token_items[tid].set_short_label(text)

    def _sync_markers(self, view: PlayerView) -> None:
        """A "?" on the space of each creature the party knows the place of but can't see."""
        if [m.cells for m in view.markers] == [i.cells for i in self.marker_items]:
            return
        for item in self.marker_items:
            self.removeItem(item)
        self.marker_items = []
        for marker in view.markers:
            item = HiddenMarkerItem(marker.cells)
            item.setZValue(Z_MARKERS)
            self.addItem(item)
            self.marker_items.append(item)

    def _sync_areas(self, view: PlayerView) -> None:
        for item in self.area_items:
            self.removeItem(item)
        self.area_items = []
        for area in view.areas:
            path = QPainterPath()
            path.setFillRule(Qt.FillRule.WindingFill)
            for c in area.cells:
                path.addRect(QRectF(c.x * CELL, c.y * CELL, CELL, CELL))
            item = QGraphicsPathItem(path.simplified())
            colour = _area_colour(area.colour)
            item.setBrush(QBrush(colour))
            edge = QColor(colour)
            edge.setAlpha(220)
            item.setPen(QPen(edge, 3))
            item.setZValue(Z_AREAS)
            self.addItem(item)
            self.area_items.append(item)

    def drawBackground(self, painter: QPainter, rect: QRectF | Any) -> None:
        rect = QRectF(rect)
        painter.fillRect(rect, BLACK)
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        for layer in (self.background_layer, self.grid_layer):
            painter.save()
            layer.paint_layer(painter, rect, lod)
            painter.restore()


class PlayerMapView(QGraphicsView):
    """A view of the player scene with no interaction: panned and zoomed by the window."""

    def __init__(self, scene: PlayerScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setInteractive(False)
        self.rotated = False
        self.scale_value = 1.0
        #: Keep this scene rectangle fitted in the view whenever it is resized (the GM's preview).
        self.auto_fit: QRectF | None = None

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        if self.auto_fit is not None:
            self.fit_rect(self.auto_fit)

    def apply(self, scale: float, centre: QPointF) -> None:
        self.scale_value = scale
        t = QTransform()
        t.scale(scale, scale)
        if self.rotated:
            t.rotate(180)
        self.setTransform(t)
        self.centerOn(centre)

    def fit_rect(self, rect: QRectF) -> None:
        if rect.isEmpty() or self.viewport().width() <= 0:
            return
        vw, vh = self.viewport().width(), self.viewport().height()
        scale = min(vw / rect.width(), vh / rect.height()) * 0.98
        self.apply(scale, rect.center())


class PlayerWindow(QWidget):
    """The player screen window (see the module docstring)."""

    def __init__(self, scene: PlayerScene, gm_view: QGraphicsView | None = None) -> None:
        super().__init__(None, Qt.WindowType.Window)
        self.setObjectName("playerWindow")
        # the GM window's Quit closes it; it never keeps the app running on its own
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        self.setWindowTitle("FiveFoot — Player Screen")
        self.player_scene = scene
        self.gm_view = gm_view
        self.view = PlayerMapView(scene, self)
        self.view.setObjectName("playerMapView")
        self.initiative = QListWidget()
        self.initiative.setObjectName("playerInitiative")
        self.initiative.setMaximumWidth(240)
        self.initiative.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.initiative.setStyleSheet(
            "QListWidget { background: #111; color: #eee; font-size: 18px; border: none; }"
            "QListWidget::item:selected { background: #604010; }"
        )
        self.round_label = QLabel()
        self.round_label.setStyleSheet("color: #ddd; font-size: 16px; padding: 4px;")
        side = QWidget()
        side_lay = QVBoxLayout(side)
        side_lay.setContentsMargins(0, 0, 0, 0)
        side_lay.addWidget(self.round_label)
        side_lay.addWidget(self.initiative, 1)
        self.rolls = PlayerRollLog()  # the dice box's public rolls (never a secret GM roll)
        side_lay.addWidget(self.rolls)
        self.side_panel = side
        split = QSplitter()
        split.addWidget(self.view)
        split.addWidget(side)
        split.setStretchFactor(0, 1)

        self.follow = QCheckBox("Follow GM view")
        self.follow.setObjectName("playerFollow")
        self.follow.setChecked(True)
        self.rotate = QCheckBox("Rotate 180°")
        self.rotate.setObjectName("playerRotate")
        self.screens = QComboBox()
        self.screens.setObjectName("playerScreens")
        self.fullscreen = QPushButton("Full Screen")
        self.fullscreen.setObjectName("playerFullScreen")
        self.fullscreen.setCheckable(True)
        bar = QWidget()
        self.controls = bar
        bar_lay = QHBoxLayout(bar)
        bar_lay.setContentsMargins(6, 2, 6, 2)
        for w in (self.follow, self.rotate, QLabel("Screen"), self.screens, self.fullscreen):
            bar_lay.addWidget(w)
        bar_lay.addStretch(1)
        bar.setStyleSheet(
            "QWidget { background: #222; color: #ddd; } QComboBox, QPushButton { color: black; }"
        )
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(bar)
        lay.addWidget(split, 1)
        self.setStyleSheet("PlayerWindow, QSplitter { background: black; }")

        self.fill_screens()
        self.follow.toggled.connect(lambda _on: self.sync_view())
        self.rotate.toggled.connect(self.set_rotated)
        self.fullscreen.toggled.connect(self.set_full_screen)
        scene.projected.connect(self._on_projected)
        if gm_view is not None:
            # bound slots: Qt drops the connections when this window goes away
            gm_view.horizontalScrollBar().valueChanged.connect(self._gm_moved)
            gm_view.verticalScrollBar().valueChanged.connect(self._gm_moved)
            zoom = getattr(gm_view, "zoom_changed", None)
            if zoom is not None:
                zoom.connect(self._gm_moved)
        self._on_projected(scene.view_value)
        self.resize(1280, 760)

    # ---- screens

    def fill_screens(self) -> None:
        self.screens.clear()
        for i, screen in enumerate(QGuiApplication.screens()):
            g = screen.geometry()
            self.screens.addItem(f"{i + 1}: {screen.name()} ({g.width()}×{g.height()})", i)
        if self.screens.count() > 1:
            self.screens.setCurrentIndex(1)  # a second screen is most likely the TV

    def set_full_screen(self, on: bool) -> None:
        if on:
            screens = QGuiApplication.screens()
            i = int(self.screens.currentData() or 0)
            if 0 <= i < len(screens):
                handle = self.windowHandle()
                if handle is not None:
                    handle.setScreen(screens[i])
                self.setGeometry(screens[i].geometry())
            self.controls.setVisible(False)
            self.showFullScreen()
        else:
            self.controls.setVisible(True)
            self.showNormal()
        QTimer.singleShot(0, self.sync_view)

    def keyPressEvent(self, event: Any) -> None:
        if event.key() == Qt.Key.Key_Escape and self.fullscreen.isChecked():
            self.fullscreen.setChecked(False)
            return
        super().keyPressEvent(event)

    # ---- view

    def set_rotated(self, on: bool) -> None:
        self.view.rotated = on
        self.sync_view()

    def _gm_moved(self, *_args: object) -> None:
        if self.follow.isChecked():
            self.sync_view()

    def sync_view(self) -> None:
        """Follow the GM view (same zoom, same centre) or fit the part of the map the players know."""
        gm = self.gm_view
        campaign = self.player_scene.doc.state.campaign
        preparing = campaign is not None and campaign.preparing  # the GM's view is on another map
        if self.follow.isChecked() and gm is not None and not preparing:
            centre = gm.mapToScene(gm.viewport().rect().center())
            self.view.apply(gm.transform().m11(), QPointF(centre))
            return
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
            rect = self.player_scene.sceneRect()
        self.view.fit_rect(rect)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        QTimer.singleShot(0, self.sync_view)

    def _on_projected(self, view: PlayerView | None) -> None:
        self.initiative.clear()
        if view is None:
            return
        for entry in view.initiative:
            self.initiative.addItem(("▶ " if entry.current else "   ") + entry.name)
            if entry.current:
                self.initiative.setCurrentRow(self.initiative.count() - 1)
        self.round_label.setText(f"Round {view.round}" if view.round is not None else "")
        self.rolls.show_view(view)
        self.side_panel.setVisible(bool(view.initiative) or bool(view.rolls))
        if not self.follow.isChecked():
            self.sync_view()


class PlayerScreenFeatures:
    """The GM window's side of the player screen (see the module docstring)."""

    def __init__(self, win: QMainWindow) -> None:
        self.win = win
        doc = win.doc  # type: ignore[attr-defined]
        map_scene = win.map_scene  # type: ignore[attr-defined]
        view = win.view  # type: ignore[attr-defined]
        self.doc = doc
        # GM view: light layer and translucent fog
        self.light_layer = LightLayer()
        map_scene.add_layer(self.light_layer)
        self.fog_item = FogItem()
        map_scene.addItem(self.fog_item)
        self.fog = FogController(doc, map_scene, self.fog_item)
        doc.changed.connect(lambda _o, _n: self._sync_lights())
        self._sync_lights()
        # the player scene, its window (made on demand) and the preview dock
        self.player_scene = PlayerScene(doc)
        self.window: PlayerWindow | None = None
        self.preview = QDockWidget("Player Screen Preview", win)
        self.preview.setObjectName("playerPreviewDock")
        self.preview_view = PlayerMapView(self.player_scene)
        self.preview_view.setObjectName("playerPreviewView")
        self.preview_view.setMinimumSize(240, 160)
        self.preview.setWidget(self.preview_view)
        win.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.preview)
        self.preview.hide()
        self.player_scene.projected.connect(lambda _v: self._fit_preview())
        self.preview.visibilityChanged.connect(lambda _v: self._fit_preview())
        self._install_tools(win, view)
        self._install_actions(win)

    @classmethod
    def install(cls, win: QMainWindow) -> PlayerScreenFeatures:
        return cls(win)

    def close(self) -> None:
        """Close the player screen window (the GM window is closing: Quit ends the whole app)."""
        if self.window is not None:
            self.window.close()

    # ---- GM layers

    def _sync_lights(self) -> None:
        self.light_layer.set_scene_data(self.doc.scene)

    def _fit_preview(self) -> None:
        if not self.preview.isVisible():
            return
        rect = QRectF(0, 0, self.doc.scene.grid.width * CELL, self.doc.scene.grid.height * CELL)
        self.preview_view.auto_fit = rect
        self.preview_view.fit_rect(rect)

    # ---- tools and actions

    def _install_tools(self, win: Any, view: Any) -> None:
        group: QActionGroup | None = None
        select = win.tool_actions.get("select")
        if select is not None:
            group = select.actionGroup()
        self.tool_actions: list[QAction] = []
        for tool, shortcut, tip in (
            (FogTool(view), "F", "Reveal or hide the map to the players (F)\nRight-drag hides"),
            (LightTool(view), "Shift+L", "Place, change or remove lights (Shift+L)"),
        ):
            win.tools[tool.name] = tool
            act = QAction(tool.label, win)
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

    def _menu(self, title: str) -> QMenu | None:
        for act in self.win.menuBar().actions():
            if act.text().replace("&", "") == title and act.menu() is not None:
                menu = act.menu()
                return menu if isinstance(menu, QMenu) else None
        return None

    def _install_actions(self, win: QMainWindow) -> None:
        self.act_player = QAction("&Player Screen", win)
        self.act_player.setObjectName("actPlayerScreen")
        self.act_player.setShortcut(QKeySequence("Ctrl+Shift+P"))
        self.act_player.setStatusTip("Open the player screen: a second window for the TV or projector")
        self.act_player.triggered.connect(self.open_player_screen)
        self.act_preview = self.preview.toggleViewAction()
        self.act_preview.setText("Player Screen Pre&view")
        self.act_fog = QAction("&Fog of War", win)
        self.act_fog.setCheckable(True)
        self.act_fog.setStatusTip("Hide what the party hasn't seen from the player screen")
        self.act_fog.triggered.connect(lambda on: self.doc.execute(SetFogMode("on" if on else "off")))
        self.act_fog_reset = QAction("&Reset Fog of War", win)
        self.act_fog_reset.triggered.connect(lambda: self.doc.execute(SetFogMode("reset")))
        self.act_lights = QAction("Show &Lights", win)
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
        view_menu = self._menu("View")
        if view_menu is not None:
            view_menu.addSeparator()
            view_menu.addActions(
                [self.act_player, self.act_preview, self.act_fog, self.act_fog_reset, self.act_lights]
            )
            amb = view_menu.addMenu("&Ambient Light")
            amb.addActions(list(self.ambient_actions.values()))
        tools_menu = self._menu("Tools")
        if tools_menu is not None:
            tools_menu.addActions(self.tool_actions)
        win.addAction(self.act_player)
        self.doc.changed.connect(lambda _o, _n: self._sync_actions())
        self._sync_actions()

    def _sync_actions(self) -> None:
        scene = self.doc.scene
        self.act_fog.setChecked(scene.fog is not None and scene.fog.enabled)
        act = self.ambient_actions.get(scene.options.ambient)
        if act is not None:
            act.setChecked(True)

    def open_player_screen(self) -> PlayerWindow:
        """Show the player screen. A map that never had fog of war gets it switched on (undoable): the
        players should see what their characters see, not the whole dungeon. Opening a window is not an
        edit: a scene that was unmodified stays unmodified."""
        if self.doc.scene.fog is None:
            self.doc.execute(SetFogMode("on"), edit=False)
        if self.window is None:
            self.window = PlayerWindow(self.player_scene, getattr(self.win, "view", None))
        self.window.show()
        if QGuiApplication.platformName() != "offscreen":  # the offscreen platform can't raise windows
            self.window.raise_()
        QTimer.singleShot(0, self.window.sync_view)
        return self.window
