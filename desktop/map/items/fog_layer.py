"""Fog of war on the map: one picture with a pixel per square, scaled up to the grid.

`FogItem` draws it. In the GM view the fog is translucent (the GM sees everything; the shade says what the
players know): unknown squares dark, explored squares lightly shaded, squares the party sees now clear. The
player view draws the same masks opaque: unknown squares black, explored ones dimmed.

`FogController` keeps the GM view's fog item up to date: on every document change, and while a token is
dragged (the carried tokens' preview squares count, so the party's sight follows the drag), it recomputes
what the party sees (`rules.geometry.vision.party_seen`, cached per token position so a drag step costs one
token). When a change at the tip of the history shows the party new squares it folds them into the scene's
fog (`RememberFog`, merged into one undo step with the remembering before it) so the memory is saved with
the scene; after an undo it doesn't, so undo never fights the memory.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QObject, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QImage, QPainter, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.look.style import CELL
from rules.geometry.coords import Cell
from rules.geometry.vision import party_seen
from rules.model.fog import Fog
from rules.model.scene import Scene

BoolMap = npt.NDArray[np.bool_]

#: Z value: above the map, terrain, grid and walls, below tool previews and tokens.
Z_FOG = 35.0

#: (unknown, explored) alphas: GM view and player view.
GM_ALPHA = (150, 70)
PLAYER_ALPHA = (255, 150)


def fog_masks(scene: Scene) -> tuple[BoolMap, BoolMap, bool]:
    """(visible now, explored or visible, fog on) for a scene; with fog off both masks are all true."""
    h, w = scene.grid.height, scene.grid.width
    fog = scene.fog
    if fog is None or not fog.enabled:
        full = np.ones((h, w), dtype=bool)
        return full, full, False
    visible = party_seen(scene)
    return visible, fog.resized(w, h).mask() | visible, True


def fog_image(visible: BoolMap, known: BoolMap, alphas: tuple[int, int]) -> QImage:
    """A picture with one pixel per square: black at `alphas[0]` where unknown, `alphas[1]` where explored
    but not seen now, clear where seen now (premultiplied ARGB)."""
    h, w = visible.shape
    alpha = np.where(visible, 0, np.where(known, alphas[1], alphas[0])).astype(np.uint32)
    pixels = np.ascontiguousarray(alpha << 24)  # premultiplied black: colour channels 0
    image = QImage(pixels.data, w, h, w * 4, QImage.Format.Format_ARGB32_Premultiplied)
    return image.copy()  # own the pixels


class FogItem(QGraphicsItem):
    """The fog picture over the grid (see the module docstring)."""

    def __init__(self, alphas: tuple[int, int] = GM_ALPHA) -> None:
        super().__init__()
        self.alphas = alphas
        self._image: QImage | None = None
        self._pixmap: QPixmap | None = None
        self._rect = QRectF()
        self.setZValue(Z_FOG)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    def set_masks(self, visible: BoolMap | None, known: BoolMap | None) -> None:
        """Show fog for these masks; None hides the fog (fog off)."""
        if visible is None or known is None:
            if self._image is not None:
                self._image = None
                self._pixmap = None
                self.update()
            return
        h, w = visible.shape
        rect = QRectF(0, 0, w * CELL, h * CELL)
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect
        self._image = fog_image(visible, known, self.alphas)
        self._pixmap = QPixmap.fromImage(self._image)
        self.update()

    @property
    def image(self) -> QImage | None:
        return self._image

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._pixmap is None:
            return
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        painter.drawPixmap(self._rect, self._pixmap, QRectF(self._pixmap.rect()))


class FogController(QObject):
    """Keeps a `FogItem` in a `MapScene` in step with the document and with tokens being dragged."""

    #: The party's sight was recomputed: (visible, known, fog on).
    updated = Signal(object, object, bool)

    def __init__(self, doc: object, map_scene: object, item: FogItem) -> None:
        super().__init__()
        self.doc = doc
        self.map_scene = map_scene
        self.item = item
        self.remember = True
        self._carried: tuple[tuple[str, Cell], ...] = ()
        self._pending = False
        doc.changed.connect(self._on_doc_changed)  # type: ignore[attr-defined]
        # the scene repaints while a token is carried: follow the preview squares
        map_scene.changed.connect(self._on_scene_changed)  # type: ignore[attr-defined]
        self.refresh()

    def carried(self) -> tuple[tuple[str, Cell], ...]:
        out = []
        for tid, it in getattr(self.map_scene, "token_items", {}).items():
            if getattr(it, "carried", False):
                pos = it.pos()
                out.append((tid, Cell(round(pos.x() / CELL), round(pos.y() / CELL))))
        return tuple(out)

    def preview_scene(self) -> Scene:
        scene: Scene = self.doc.scene  # type: ignore[attr-defined]
        if not self._carried:
            return scene
        for tid, cell in self._carried:
            tok = scene.token(tid)
            if tok is not None and tok.cell != cell and scene.grid.contains(cell.x, cell.y):
                scene = scene.replace_token(replace(tok, cell=cell))
        return scene

    def refresh(self) -> None:
        self._pending = False
        visible, known, on = fog_masks(self.preview_scene())
        if on:
            self.item.set_masks(visible, known)
        else:
            self.item.set_masks(None, None)
        self.updated.emit(visible, known, on)

    def _on_scene_changed(self, _rects: object) -> None:
        carried = self.carried()
        if carried != self._carried:
            self._carried = carried
            self.refresh()

    def _on_doc_changed(self, _old: object, _new: object) -> None:
        self._carried = self.carried()
        self.refresh()
        if self.remember and not self._pending:
            self._pending = True
            QTimer.singleShot(0, self._remember)

    def _remember(self) -> None:
        """Fold what the party sees into the saved fog, at the tip of the history only."""
        self._pending = False
        doc = self.doc
        scene: Scene = doc.scene  # type: ignore[attr-defined]
        fog = scene.fog
        if fog is None or not fog.enabled or doc.can_redo():  # type: ignore[attr-defined]
            return
        if fog.resized(scene.grid.width, scene.grid.height).remember(party_seen(scene)) is fog:
            return
        from desktop.map.tools.fog_tool import RememberFog

        doc.execute(RememberFog())  # type: ignore[attr-defined]


__all__ = ["GM_ALPHA", "PLAYER_ALPHA", "Fog", "FogController", "FogItem", "fog_image", "fog_masks"]
