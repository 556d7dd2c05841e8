"""`MapScene`: the QGraphicsScene that mirrors the document, layer by layer.

The static layers (map picture, terrain, grid, walls) are painted by `drawBackground`, which the map view
caches (`QGraphicsView.CacheBackground`): panning scrolls the cached picture. Everything that moves or
changes often is a QGraphicsItem above it: the movement overlay, one `TokenItem` per token, the tools'
previews. On every `Document.changed` only the layers whose part of the scene changed are rebuilt (and only
their background is invalidated), and token items are added, removed or re-synced by token id. Selection is
Qt's item selection on the token items (view state, not model state).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, QTimer, Signal
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem

from desktop.document import Document
from desktop.i18n import engine_text
from desktop.look.style import CELL, VIEW_BACKGROUND
from desktop.map.images import load_image
from desktop.map.items.area_item import AreaItem, AreaMarksItem
from desktop.map.items.background_layer import BackgroundLayer
from desktop.map.items.grid_layer import GridLayer
from desktop.map.items.layer import MapLayer
from desktop.map.items.overlay_item import MovementOverlayItem
from desktop.map.items.reach_item import ReachItem, ThreatItem
from desktop.map.items.terrain_layer import TerrainLayer
from desktop.map.items.token_item import TokenItem, stacking
from desktop.map.items.token_labels import short_labels
from desktop.map.items.walls_layer import WallsLayer
from rules.model.scene import Background, Scene, Token
from rules.model.state import GameState
from rules.play.moves import budget_for
from rules.play.planner import footprint_bands, overlay_bands
from rules.systems import system_for

MARGIN_CELLS = 4
#: Opacity of the overlays that aren't the focus (see `MapScene.faded_kinds`).
FADED_OPACITY = 0.35


class MapScene(QGraphicsScene):
    #: The selected token ids changed (in selection order is not kept; sorted by the scene's token order).
    selection_ids_changed = Signal(list)
    #: The movement overlay's bands or visibility changed (the view's legend follows it).
    overlay_changed = Signal()
    #: A carried token's preview square changed, or a token was picked up or put down (emitted once per
    #: turn of the event loop, however many tokens moved: a group drag moves several).
    carried_moved = Signal()

    def __init__(self, doc: Document) -> None:
        super().__init__()
        self.doc = doc
        self._tool_focus = ""
        self.setBackgroundBrush(VIEW_BACKGROUND)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.background_layer = BackgroundLayer()
        self.terrain_layer = TerrainLayer()
        self.grid_layer = GridLayer()
        self.walls_layer = WallsLayer()
        #: painted bottom to top into the cached background
        self.layers: tuple[MapLayer, ...] = (
            self.background_layer,
            self.terrain_layer,
            self.grid_layer,
            self.walls_layer,
        )
        for layer in self.layers:
            layer.bind(self._layer_changed)
        self.overlay_item = MovementOverlayItem()
        self.addItem(self.overlay_item)
        self.token_items: dict[str, TokenItem] = {}
        #: (system, every token's id and label) the short labels were last worked out for.
        self._labels_key: object = None
        self._show_overlay = True
        self._overlay_key: object = None
        self._overlay_scene: Scene | None = None
        self._suspend_overlay = False
        self._carried_pending = False
        doc.changed.connect(self._on_changed)
        self.selectionChanged.connect(self._on_selection_changed)
        self._sync(None, doc.state)

    # ---- model → items

    def _on_changed(self, old: GameState, new: GameState) -> None:
        self._sync(old, new)

    def _sync(self, old: GameState | None, new: GameState) -> None:
        scene = new.scene
        prev = old.scene if old is not None else None
        if prev is None or prev.grid != scene.grid:
            self.grid_layer.set_grid(scene.grid)
        if prev is None or prev.background != scene.background or prev.grid != scene.grid:
            image = self._image(scene.background.image) if scene.background is not None else None
            self.background_layer.set_scene_data(scene.grid, scene.background, image)
            self.walls_layer.set_map_rect(self.background_layer.bounds())
            self._update_scene_rect()
        if prev is None or prev.terrain is not scene.terrain:
            self.terrain_layer.set_codes(scene.terrain_codes())
        if prev is None or prev.walls is not scene.walls:
            self.walls_layer.set_walls(scene.walls)
        if prev is None or prev.tokens is not scene.tokens:
            self._sync_tokens(scene)
        self.refresh_overlay()

    def _sync_tokens(self, scene: Scene) -> None:
        wanted = {t.id: t for t in scene.tokens}
        selection_lost = False
        for tid in list(self.token_items):
            if tid not in wanted:
                item = self.token_items.pop(tid)
                selection_lost |= item.isSelected()
                self.removeItem(item)
        for order, token in enumerate(scene.tokens):
            found = self.token_items.get(token.id)
            if found is None:
                item = TokenItem(token, self._portrait(token))
                self.token_items[token.id] = item
                self.addItem(item)
                item.setZValue(stacking(token, order))
                continue
            item = found
            # a token value that is the same object is unchanged (a move replaces one token, keeps the rest)
            if item.carried or (
                item.token is not token and (item.token != token or item.token.image != token.image)
            ):
                item.sync(token, self._portrait(token))
                item.set_preview_cell(None)
            item.setZValue(item.zValue() if item.carried else stacking(token, order))
        # the short labels depend on every token's label: worked out again only when one of those changed
        labels_key = (scene.system, tuple((t.id, t.label) for t in scene.tokens))
        if labels_key != self._labels_key:
            self._labels_key = labels_key
            death_saves = system_for(scene).has_death_saves
            for tid, text in short_labels({t.id: t.label for t in scene.tokens}).items():
                self.token_items[tid].set_short_label(text)
                self.token_items[tid].set_death_saves_shown(death_saves)
                self.token_items[tid].set_system(scene.system)
        if selection_lost:
            self._on_selection_changed()

    def _update_scene_rect(self) -> None:
        """The grid and the whole map picture (which may reach past the grid), with a margin."""
        g = self.doc.scene.grid
        m = MARGIN_CELLS * CELL
        rect = QRectF(0, 0, g.width * CELL, g.height * CELL).united(self.background_layer.image_rect())
        self.setSceneRect(rect.adjusted(-m, -m, m, m))

    def preview_background(self, background: Background | None) -> None:
        """Show the map picture placed by `background` without changing the document (the calibration
        dialog's live preview); None shows the document's own again."""
        scene = self.doc.scene
        shown = background if background is not None else scene.background
        image = self._image(shown.image) if shown is not None else None
        self.background_layer.set_scene_data(scene.grid, shown, image)
        self.walls_layer.set_map_rect(self.background_layer.bounds())

    def background_image(self) -> QImage | None:
        """The decoded map picture of the document, or None (no picture, or it is missing)."""
        bg = self.doc.scene.background
        return self._image(bg.image) if bg is not None else None

    # ---- carried tokens

    def token_carried(self) -> None:
        """A token item's preview square changed (`TokenItem.set_preview_cell`): emit `carried_moved` once
        the current event is handled. (Nothing may follow carried tokens through `QGraphicsScene.changed`:
        while that signal is connected, Qt repaints every changed item whole, so a fog picture changing in
        a few squares would repaint the whole map.)"""
        if not self._carried_pending:
            self._carried_pending = True
            QTimer.singleShot(0, self._emit_carried)

    def _emit_carried(self) -> None:
        if self._carried_pending:
            self._carried_pending = False
            self.carried_moved.emit()

    def flush_carried(self) -> None:
        """Emit a pending `carried_moved` now (the view calls this after a mouse event, so what follows the
        carried tokens changes before the view paints, in one repaint)."""
        self._emit_carried()

    # ---- static layers (the cached background)

    def _layer_changed(self, rect: QRectF | None) -> None:
        """A static layer changed inside `rect` (None: anywhere). The views cache the background, so the
        cached pixels must be thrown away: `invalidate` with an empty rectangle invalidates nothing in a
        view's background cache (Qt maps the rectangle to the viewport and finds no overlap), so the
        whole cache is reset when no rectangle is given."""
        if rect is not None and not rect.isEmpty():
            self.invalidate(rect, QGraphicsScene.SceneLayer.BackgroundLayer)
            return
        for view in self.views():
            view.resetCachedContent()
        self.update()

    def add_layer(self, layer: MapLayer) -> None:
        """Paint `layer` into the cached background above the others (the light layer of the GM view)."""
        self.layers = (*self.layers, layer)
        layer.bind(self._layer_changed)
        self._layer_changed(None)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        rect = QRectF(rect)
        painter.fillRect(rect, VIEW_BACKGROUND)
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        for layer in self.layers:
            if layer.visible:
                painter.save()
                layer.paint_layer(painter, rect, lod)
                painter.restore()

    def set_grid_visible(self, visible: bool) -> None:
        self.grid_layer.set_visible(visible)

    def set_show_walls_outside(self, show: bool) -> None:
        """Draw the walls that lie outside the map (they always count for the rules)."""
        self.walls_layer.set_show_outside(show)

    def _image(self, ref: str) -> QImage | None:
        return load_image(ref, self.doc.images, self.doc.base_dir)

    def _portrait(self, token: Token) -> QImage | None:
        return self._image(token.image) if token.image else None

    # ---- selection

    def selected_ids(self) -> list[str]:
        chosen = {i.token_id for i in self.selectedItems() if isinstance(i, TokenItem)}
        return [t.id for t in self.doc.scene.tokens if t.id in chosen]

    def select_ids(self, ids: list[str] | set[str], add: bool = False) -> None:
        wanted = set(ids)
        self.blockSignals(True)
        try:
            for tid, item in self.token_items.items():
                if tid in wanted:
                    item.setSelected(True)
                elif not add:
                    item.setSelected(False)
        finally:
            self.blockSignals(False)
        self._on_selection_changed()

    def token_item_at(self, pos: QPointF) -> TokenItem | None:
        """The topmost token whose disc is under `pos` (scene coordinates)."""
        for item in self.items(pos):
            if isinstance(item, TokenItem) and item.shape().contains(item.mapFromScene(pos)):
                return item
        return None

    def _on_selection_changed(self) -> None:
        self.refresh_overlay()
        self._apply_focus()
        self.selection_ids_changed.emit(self.selected_ids())

    # ---- focus: fade the layers the GM isn't working with

    def set_tool_focus(self, tool_name: str) -> None:
        """The current tool (its name) decides, with the selection, which layers are the focus."""
        self._tool_focus = tool_name
        self._apply_focus()

    def faded_kinds(self) -> frozenset[str]:
        """Which kinds of overlay are drawn faded now: with the area tool, everything but the areas; with
        a creature selected, the areas (its movement and reach are the focus); otherwise nothing."""
        if self._tool_focus == "area":
            return frozenset({"movement", "reach"})
        if self.selected_ids():
            return frozenset({"areas"})
        return frozenset()

    def _apply_focus(self) -> None:
        faded = self.faded_kinds()
        for item in self.items():
            self._fade(item, faded)

    @staticmethod
    def _kind_of(item: QGraphicsItem) -> str | None:
        if isinstance(item, MovementOverlayItem):
            return "movement"
        if isinstance(item, (AreaItem, AreaMarksItem)):
            return "areas"
        if isinstance(item, (ReachItem, ThreatItem)):
            return "reach"
        return None

    def _fade(self, item: QGraphicsItem, faded: frozenset[str]) -> None:
        kind = self._kind_of(item)
        if kind is not None:
            focus = FADED_OPACITY if kind in faded else 1.0
            if hasattr(item, "focus_opacity"):  # an area: its own highlight dims it too
                item.focus_opacity = focus
                focus *= float(getattr(item, "highlight_opacity", 1.0))
            item.setOpacity(focus)

    def addItem(self, item: QGraphicsItem) -> None:
        super().addItem(item)
        self._fade(item, self.faded_kinds())

    # ---- movement overlay

    @property
    def show_overlay(self) -> bool:
        return self._show_overlay

    def set_show_overlay(self, show: bool) -> None:
        self._show_overlay = show
        self.refresh_overlay()

    def suspend_overlay(self, suspend: bool) -> None:
        """Hide the overlay while a drag is in progress (the path preview says it all)."""
        self._suspend_overlay = suspend
        self.overlay_item.setVisible(not suspend)
        self.overlay_changed.emit()

    def overlay_legend(self) -> list[tuple[int, str]]:
        """What the movement overlay's colours mean now, as (band, words) for the bands it shows, in the
        rule system's words (PF2e "Stride 1", "Stride 2" …; 5e "Move", "Dash"). Empty when the overlay
        shows nothing."""
        if self._suspend_overlay or not self.overlay_item.isVisible():
            return []
        system = system_for(self.doc.scene)
        shown = sorted(set(self.overlay_item.bands.values()))
        out = []
        for band in shown:
            english = system.band_text(band)
            words = engine_text(english, self.doc.scene.system)  # the reader's language
            out.append((band, english[:1].upper() + english[1:] if words == english else words))
        return out

    def refresh_overlay(self) -> None:
        ids = self.selected_ids()
        state = self.doc.state
        if not self._show_overlay or len(ids) != 1:
            key: object = None
        else:
            token = state.scene.token(ids[0])
            key = (
                None
                if token is None
                else (id(state.scene), token.id, state.free.of(token.id), state.encounter)
            )
        if key == self._overlay_key:
            return
        self._overlay_key = key
        self._overlay_scene = state.scene  # keeps id() in the key unique while the key lives
        if key is None:
            self.overlay_item.set_bands({})
            self.overlay_changed.emit()
            return
        token = state.scene.token(ids[0])
        assert token is not None
        bands = overlay_bands(state.scene, token, budget_for(state, token))
        self.overlay_item.set_bands(footprint_bands(bands, token.side_squares))
        self.overlay_changed.emit()
