"""Fog of war on the map: one picture with a pixel per square, scaled up to the grid.

`FogItem` draws it. In the GM view the fog is translucent (the GM sees everything; the shade says what the
players know): unknown squares dark, explored squares lightly shaded, squares the party sees now clear. The
player view draws the same masks opaque: unknown squares black, explored ones dimmed.

`FogController` keeps the GM view's fog item up to date: on every document change, and while a token is
dragged (the carried tokens' preview squares count, so the party's sight follows the drag), it recomputes
what the party sees (`rules.geometry.vision.party_seen`, cached per token position so a drag step costs one
token). It only draws: the engine remembers what the party has seen inside the command that changed it
(`rules.play.fog.explore`).
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QObject, QRectF, Qt, Signal
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


#: Squares per side of the tiles a change of the fog (or of the light) is repainted by.
TILE = 16


def changed_tiles(changed: BoolMap, tile: int = TILE) -> list[QRectF]:
    """Scene rectangles of the `tile`-square tiles holding a true square of `changed` (``[y, x]``), runs of
    neighbouring tiles in a row joined: what to repaint when those squares changed."""
    h, w = changed.shape
    th, tw = -(-h // tile), -(-w // tile)
    padded = np.zeros((th * tile, tw * tile), dtype=bool)
    padded[:h, :w] = changed
    tiles: BoolMap = np.any(padded.reshape(th, tile, tw, tile), axis=(1, 3))
    out: list[QRectF] = []
    size = tile * CELL
    for ty in np.flatnonzero(tiles.any(axis=1)).tolist():
        xs = np.flatnonzero(tiles[ty]).tolist()
        start = prev = xs[0]
        for tx in [*xs[1:], -2]:
            if tx == prev + 1:
                prev = tx
                continue
            out.append(QRectF(start * size, ty * size, (prev - start + 1) * size, size))
            start = prev = tx
    return out


def fog_alpha(visible: BoolMap, known: BoolMap, alphas: tuple[int, int]) -> npt.NDArray[np.uint32]:
    """Each square's fog alpha: `alphas[0]` where unknown, `alphas[1]` where explored but not seen now, 0
    where seen now."""
    return np.where(visible, 0, np.where(known, alphas[1], alphas[0])).astype(np.uint32)


def fog_image(visible: BoolMap, known: BoolMap, alphas: tuple[int, int]) -> QImage:
    """A picture with one pixel per square: black at `alphas[0]` where unknown, `alphas[1]` where explored
    but not seen now, clear where seen now (premultiplied ARGB)."""
    return _image_of(fog_alpha(visible, known, alphas))


def _image_of(alpha: npt.NDArray[np.uint32]) -> QImage:
    h, w = alpha.shape
    pixels = np.ascontiguousarray(alpha << 24)  # premultiplied black: colour channels 0
    image = QImage(pixels.data, w, h, w * 4, QImage.Format.Format_ARGB32_Premultiplied)
    return image.copy()  # own the pixels


class FogItem(QGraphicsItem):
    """The fog picture over the grid (see the module docstring).

    New masks repaint only the squares whose shade changed (a drag step that shows the party a few new
    squares repaints their box, not the view), and painting draws only the part of the picture under the
    exposed rectangle."""

    def __init__(self, alphas: tuple[int, int] = GM_ALPHA) -> None:
        super().__init__()
        self.alphas = alphas
        self._alpha: npt.NDArray[np.uint32] | None = None
        self._image: QImage | None = None
        self._pixmap: QPixmap | None = None
        self._rect = QRectF()
        self.setZValue(Z_FOG)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def set_masks(self, visible: BoolMap | None, known: BoolMap | None) -> None:
        """Show fog for these masks; None hides the fog (fog off)."""
        if visible is None or known is None:
            if self._image is not None:
                self._image = None
                self._pixmap = None
                self._alpha = None
                self.update()
            return
        h, w = visible.shape
        rect = QRectF(0, 0, w * CELL, h * CELL)
        alpha = fog_alpha(visible, known, self.alphas)
        old = self._alpha
        dirty: QRectF | None = rect
        changed: list[QRectF] = []
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect
        elif old is not None and old.shape == alpha.shape:
            changed = changed_tiles(alpha != old)
            if not changed:
                return  # the same fog
            dirty = None
        self._alpha = alpha
        self._image = _image_of(alpha)
        self._pixmap = QPixmap.fromImage(self._image)
        if dirty is not None:
            self.update(dirty)
        else:
            for tile in changed:
                self.update(tile)

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
        part = option.exposedRect.intersected(self._rect)
        x0, y0 = max(0, math.floor(part.left() / CELL)), max(0, math.floor(part.top() / CELL))
        x1 = min(self._pixmap.width(), math.ceil(part.right() / CELL))
        y1 = min(self._pixmap.height(), math.ceil(part.bottom() / CELL))
        if x1 <= x0 or y1 <= y0:
            return
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        painter.drawPixmap(
            QRectF(x0 * CELL, y0 * CELL, (x1 - x0) * CELL, (y1 - y0) * CELL),
            self._pixmap,
            QRectF(x0, y0, x1 - x0, y1 - y0),
        )


class FogController(QObject):
    """Keeps a `FogItem` in a `MapScene` in step with the document and with tokens being dragged."""

    #: The party's sight was recomputed: (visible, known, fog on).
    updated = Signal(object, object, bool)

    def __init__(self, doc: object, map_scene: object, item: FogItem) -> None:
        super().__init__()
        self.doc = doc
        self.map_scene = map_scene
        self.item = item
        self._carried: tuple[tuple[str, Cell], ...] = ()
        doc.changed.connect(self._on_doc_changed)  # type: ignore[attr-defined]
        # follow the preview squares of carried tokens (`MapScene.carried_moved`; a scene without it, such
        # as a bare QGraphicsScene in a test, has no carried tokens)
        moved = getattr(map_scene, "carried_moved", None)
        if moved is not None:
            moved.connect(self._on_carried_moved)
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
        visible, known, on = fog_masks(self.preview_scene())
        if on:
            self.item.set_masks(visible, known)
        else:
            self.item.set_masks(None, None)
        self.updated.emit(visible, known, on)

    def _on_carried_moved(self) -> None:
        carried = self.carried()
        if carried != self._carried:
            self._carried = carried
            self.refresh()

    def _on_doc_changed(self, _old: object, _new: object) -> None:
        self._carried = self.carried()
        self.refresh()


__all__ = ["GM_ALPHA", "PLAYER_ALPHA", "Fog", "FogController", "FogItem", "fog_image", "fog_masks"]
