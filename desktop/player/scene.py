"""The Player Screen's map: the projection drawn (`PlayerScene`) and a view of it with no controls
(`PlayerMapView`), turned in 90° steps, darkened outside a reveal and hidden behind the curtain.

Everything the scene draws comes from one engine function, `rules.play.projection.player_projection`: the
map picture and grid, the party's creatures and the creatures they see (with the number on each
miniature's base and, for the party's foes, a health estimate instead of hit points), a "?" on the space
of a creature they know the place of but can't see (PF2e hidden), areas of effect, and the fog (unknown
squares black, explored squares dimmed). Never walls as lines, doors, lights, undetected or GM-only tokens,
or notes. The template the GM is aiming (`PlayerScene.set_aiming`) is drawn on the squares the players know.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import (
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from desktop.look.style import CELL
from desktop.map.images import load_image
from desktop.map.items.background_layer import BackgroundLayer
from desktop.map.items.fog_layer import PLAYER_ALPHA, FogItem
from desktop.map.items.grid_layer import GridLayer
from desktop.map.items.hazard_item import HazardItem
from desktop.map.items.hidden_marker import HiddenMarkerItem
from desktop.map.items.token_item import TokenItem, stacking
from desktop.map.items.token_labels import short_labels
from rules.geometry.coords import Cell
from rules.model.campaign import presented_state
from rules.model.scene import Background, Grid, Token
from rules.play.projection import PlayerView, ShownToken, Template, player_projection, project_template

Z_AREAS = 20.0
Z_AIMING = 22.0
#: A spell's template on the Player Screen (aimed: dashed; cast: solid).
TEMPLATE_COLOUR = "#ff7a2f"
#: Above the areas and the fog (the party knows the square even in the dark), under the tokens.
Z_MARKERS = 45.0
BLACK = QColor(0, 0, 0)
#: The curtain: a neutral screen with nothing of the map on it.
CURTAIN = QColor(24, 25, 29)


def health_words(key: str) -> str:
    """The words of a health estimate (`rules.play.projection.HEALTH_WORDS`) in the reader's language."""
    words = {
        "unhurt": QCoreApplication.translate("PlayerScene", "Unhurt"),
        "hurt": QCoreApplication.translate("PlayerScene", "Hurt"),
        "bloodied": QCoreApplication.translate("PlayerScene", "Bloodied"),
        "near-death": QCoreApplication.translate("PlayerScene", "Near death"),
        "down": QCoreApplication.translate("PlayerScene", "Down"),
    }
    return words.get(key, key)


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
        number=shown.number,
    )


def _area_colour(text: str) -> QColor:
    c = QColor(text)
    if not c.isValid():
        c = QColor(255, 120, 40)
    c.setAlpha(90)
    return c


def _cells_path(cells: tuple[Cell, ...] | list[Cell]) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for c in cells:
        path.addRect(QRectF(c.x * CELL, c.y * CELL, CELL, CELL))
    return path.simplified()


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
        #: The hazards the party has noticed (the projection's: a hidden one leaves no trace).
        self.hazard_items: list[HazardItem] = []
        self.aiming_item: QGraphicsPathItem | None = None
        self._view: PlayerView | None = None
        #: The spell area the GM is aiming or has just cast (the projection keeps what players may know).
        self.template: Template | None = None
        self.template_item: QGraphicsPathItem | None = None
        self._grid: Grid | None = None
        self._background: Background | None = None
        #: The state last projected (states are immutable: the same object needs no new projection).
        self._projected: object = None
        #: `hold`: a projection asked for waits until `release` (or until the projection is read).
        self._held = False
        self._stale = False
        doc.changed.connect(self._on_changed)
        self.refresh()

    @property
    def view_value(self) -> PlayerView | None:
        """What the players are shown (projected now if a held projection is waiting)."""
        if self._stale:
            self._project()
        return self._view

    def hold(self) -> None:
        """Project nothing until `release`: the launch opens the GM's map first (nothing shows the Player
        Screen before its first frame). Reading `view_value` meanwhile still gets the current projection."""
        self._held = True

    def release(self) -> None:
        """End `hold`: project now if anything changed meanwhile."""
        self._held = False
        if self._stale:
            self._project()

    def _on_changed(self, _old: object, _new: object) -> None:
        if self.doc.state is not self._projected:  # opening a file sends `reset`, then `changed`
            self.refresh()

    def set_template(self, template: Template | None) -> None:
        """Show the spell area being aimed (dashed) or just cast (solid); None takes it away. Only the
        template is projected again (the mouse moves it many times a second)."""
        if template == self.template:
            return
        self.template = template
        view = self.view_value
        if view is None:
            self.refresh()
            return
        shown = project_template(self.doc.state.scene, template, view.known)
        self._view = view = replace(view, template=shown)
        self._sync_template(view)
        self.projected.emit(view)

    def _sync_template(self, view: PlayerView) -> None:
        if self.template_item is not None:
            self.removeItem(self.template_item)
            self.template_item = None
        shown = view.template
        if shown is None:
            return
        item = QGraphicsPathItem(_cells_path(shown.cells))
        colour = QColor(TEMPLATE_COLOUR)
        colour.setAlpha(120 if shown.cast else 70)
        item.setBrush(QBrush(colour))
        pen = QPen(QColor(TEMPLATE_COLOUR), 4 if shown.cast else 3)
        if not shown.cast:
            pen.setStyle(Qt.PenStyle.DashLine)
        item.setPen(pen)
        item.setZValue(Z_AREAS + 1)
        item.setToolTip(shown.label)
        self.addItem(item)
        self.template_item = item

    def refresh(self) -> None:
        """Project the document's state again (or, held, when released)."""
        self._projected = self.doc.state
        if self._held:
            self._stale = True
            return
        self._project()

    def _project(self) -> None:
        self._stale = False
        state = presented_state(self.doc.state)  # a campaign: the scene presented, not the one prepared
        view = player_projection(state, self.template)
        self._view = view
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
        self._sync_hazards(view)
        self._sync_markers(view)
        self._sync_template(view)
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
                item.set_readable(True)
                self.token_items[shown.id] = item
                self.addItem(item)
            elif item.token != token:
                item.sync(token, portrait)
            item.set_health((shown.health, health_words(shown.health)) if shown.health else None)
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

    def _sync_hazards(self, view: PlayerView) -> None:
        for item in self.hazard_items:
            item.remove_from(self)
        self.hazard_items = [HazardItem(h.id, h.name, h.cells) for h in view.hazards]
        for item in self.hazard_items:
            item.add_to(self)

    def _sync_areas(self, view: PlayerView) -> None:
        for item in self.area_items:
            self.removeItem(item)
        self.area_items = []
        for area in view.areas:
            item = QGraphicsPathItem(_cells_path(area.cells))
            colour = _area_colour(area.colour)
            item.setBrush(QBrush(colour))
            edge = QColor(colour)
            edge.setAlpha(220)
            item.setPen(QPen(edge, 3))
            item.setZValue(Z_AREAS)
            self.addItem(item)
            self.area_items.append(item)

    def set_aiming(self, cells: list[Cell] | tuple[Cell, ...] | None, colour: str = "#ff7828") -> None:
        """The template the GM is aiming, on the squares the players know (None: nothing aimed)."""
        if self.aiming_item is not None:
            self.removeItem(self.aiming_item)
            self.aiming_item = None
        view = self.view_value
        if not cells or view is None:
            return
        known = view.known
        shown = [
            c for c in cells if 0 <= c.y < known.shape[0] and 0 <= c.x < known.shape[1] and known[c.y, c.x]
        ]
        if not shown:
            return
        item = QGraphicsPathItem(_cells_path(shown))
        fill = _area_colour(colour)
        fill.setAlpha(70)
        item.setBrush(QBrush(fill))
        edge = QColor(colour)
        edge.setAlpha(230)
        item.setPen(QPen(edge, 4, Qt.PenStyle.DashLine))
        item.setZValue(Z_AIMING)
        self.addItem(item)
        self.aiming_item = item

    def drawBackground(self, painter: QPainter, rect: QRectF | Any) -> None:
        rect = QRectF(rect)
        painter.fillRect(rect, BLACK)
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        for layer in (self.background_layer, self.grid_layer):
            painter.save()
            layer.paint_layer(painter, rect, lod)
            painter.restore()


class PlayerMapView(QGraphicsView):
    """A view of the player scene with no controls of its own: placed, zoomed and turned by its owner.
    `reveal` darkens all but a rectangle of the map; `curtain` paints the neutral screen over everything."""

    #: The view was resized (its owner places it again).
    resized = Signal()

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
        self.rotation = 0
        self.scale_value = 1.0
        self.reveal: QRectF | None = None
        self.curtain = False
        #: Keep this scene rectangle fitted in the view whenever it is resized (the GM's preview).
        self.auto_fit: QRectF | None = None

    @property
    def rotated(self) -> bool:
        return self.rotation == 180

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        if self.auto_fit is not None:
            self.fit_rect(self.auto_fit)
        self.resized.emit()

    def apply(self, scale: float, centre: QPointF, rotation: int | None = None) -> None:
        if rotation is not None:
            self.rotation = rotation
        self.scale_value = scale
        t = QTransform()
        t.scale(scale, scale)
        if self.rotation:
            t.rotate(self.rotation)
        scene = self.scene()
        if scene is None:  # the scene is going away with the window
            return
        # a scene rectangle big enough that any centre can be reached (the map's own edges are no limit)
        rect = scene.sceneRect()
        pad = max(self.viewport().width(), self.viewport().height()) / max(scale, 1e-3)
        self.setSceneRect(rect.adjusted(-pad, -pad, pad, pad))
        self.setTransform(t)
        self.centerOn(centre)

    def centre(self) -> QPointF:
        return self.mapToScene(self.viewport().rect().center())

    def fit_rect(self, rect: QRectF) -> None:
        if rect.isEmpty() or self.viewport().width() <= 0:
            return
        vw, vh = self.viewport().width(), self.viewport().height()
        if self.rotation in (90, 270):
            vw, vh = vh, vw
        scale = min(vw / rect.width(), vh / rect.height()) * 0.98
        self.apply(scale, rect.center())

    def set_masks(self, reveal: QRectF | None, curtain: bool) -> None:
        if reveal != self.reveal or curtain != self.curtain:
            self.reveal, self.curtain = reveal, curtain
            self.viewport().update()

    def drawForeground(self, painter: QPainter, rect: QRectF | Any) -> None:
        if self.reveal is not None:
            outside = QPainterPath()
            outside.addRect(QRectF(rect).united(self.reveal.adjusted(-1, -1, 1, 1)))
            inside = QPainterPath()
            inside.addRect(self.reveal)
            painter.fillPath(outside.subtracted(inside), BLACK)
        if self.curtain:
            painter.save()
            painter.resetTransform()
            painter.fillRect(QRectF(self.viewport().rect()), CURTAIN)
            painter.restore()
