"""The light layer of the GM view: where it is bright, dim or dark, and where the lights are.

`LightLayer` shades each square by its light level (`rules.geometry.light.light_map`: ambient light,
placed lights and lights creatures carry, walls casting shadows): darkness deep blue-black, dim light a
lighter shade, bright light clear. Each placed light (imported from a Universal VTT map or placed with the
light tool) is drawn as a small sun in its colour with a solid ring at its bright radius and a dashed ring
at its dim radius. The player view never shows this layer (its darkness comes through the fog: what the
party can't see is unexplored or dimmed).

It is a static layer of the map view's cached background (`desktop.map.items.layer`), painted after the
walls: lights change only with the document, so a drag's repaints (its path, the fog following it) blit
the lights from the cache instead of drawing them. Painting is proportional to what is on screen: only the
part of the shade under the exposed rectangle and only the lights whose rings or sun reach into it (found
by bucket); rings too small to see are left out and suns far out are dots. A document change repaints only
the tiles whose light changed and the boxes of lights that changed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPen

from desktop.look.style import CELL
from desktop.map.items.fog_layer import changed_tiles
from desktop.map.items.layer import MapLayer
from rules.geometry.light import BRIGHT, DIM, light_map
from rules.model.scene import Light, Scene

DARK_ALPHA = 110
DIM_ALPHA = 50


def light_colour(light: Light) -> QColor:
    """The light's colour (Universal VTT ``aarrggbb`` or ``rrggbb`` hex); warm white when unreadable."""
    text = light.color.strip().lstrip("#")
    try:
        if len(text) == 8:
            return QColor(int(text[2:4], 16), int(text[4:6], 16), int(text[6:8], 16))
        if len(text) == 6:
            return QColor(int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))
    except ValueError:
        pass
    return QColor(255, 230, 160)


def shade_image(levels: np.ndarray) -> QImage:
    """One pixel per square: dark where dark, lighter where dim, clear where bright (premultiplied)."""
    h, w = levels.shape
    alpha = np.where(levels >= BRIGHT, 0, np.where(levels >= DIM, DIM_ALPHA, DARK_ALPHA)).astype(np.uint32)
    blue = (alpha * 40 // 255).astype(np.uint32)  # a night-blue tint, premultiplied
    pixels = np.ascontiguousarray((alpha << 24) | blue)
    return QImage(pixels.data, w, h, w * 4, QImage.Format.Format_ARGB32_Premultiplied).copy()


@dataclass(frozen=True, slots=True, eq=False)
class LightMark:
    """How one placed light is drawn: its centre and ring radii in scene units, its colours and the box
    its rings and sun cover."""

    x: float
    y: float
    bright: float  # radius of the solid ring (0: none)
    dim: float  # radius of the dashed ring (0: none)
    colour: QColor
    rect: QRectF

    @staticmethod
    def of(light: Light) -> LightMark:
        x, y = light.position.x * CELL, light.position.y * CELL
        bright = light.bright / 5 * CELL if light.bright > 0 else 0.0
        dim = light.dim / 5 * CELL if light.dim > light.bright else 0.0
        r = max(bright, dim, SUN_REACH) + 2
        return LightMark(x, y, bright, dim, light_colour(light), QRectF(x - r, y - r, 2 * r, 2 * r))


#: Scene units from a light's centre to the tips of its sun's rays.
SUN_REACH = 17.0
#: Lights are sorted into square buckets of this many scene units by their centres; a light whose rings
#: reach farther than one bucket is kept in the `wide` list and tested on its own.
BUCKET = 8 * CELL
#: Below this many screen pixels from centre to ray tips, a light's sun is one dot; a ring smaller than
#: `MIN_RING_PX` is not drawn.
SUN_PX = 6.0
MIN_RING_PX = 2.0


def _ring_meets(mark: LightMark, radius: float, rect: QRectF) -> bool:
    """True when the circle of `radius` around the mark crosses `rect` (not when `rect` lies wholly
    inside it or wholly outside it)."""
    cx, cy = mark.x, mark.y
    nx = min(max(cx, rect.left()), rect.right())
    ny = min(max(cy, rect.top()), rect.bottom())
    near = math.hypot(nx - cx, ny - cy)
    fx = max(abs(cx - rect.left()), abs(cx - rect.right()))
    fy = max(abs(cy - rect.top()), abs(cy - rect.bottom()))
    far = math.hypot(fx, fy)
    return near <= radius + 2 and far >= radius - 2


class LightLayer(MapLayer):
    """The shade and the placed lights (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self._shade: QImage | None = None
        self._levels: np.ndarray | None = None
        self._lights: tuple[Light, ...] | None = None
        self._marks: list[LightMark] = []
        self._buckets: dict[tuple[int, int], list[int]] = {}
        self._wide: list[int] = []
        self._grid_rect = QRectF()
        self._bounds = QRectF()

    def set_scene_data(self, scene: Scene) -> None:
        grid_rect = QRectF(0, 0, scene.grid.width * CELL, scene.grid.height * CELL)
        dirty: QRectF | None = None  # scene rectangle to repaint; None: nothing
        everything = False
        if scene.lights is not self._lights or grid_rect != self._grid_rect:
            old_marks = self._marks
            self._set_lights(scene.lights)
            bounds = QRectF(grid_rect)
            for mark in self._marks:
                bounds = bounds.united(mark.rect)
            if bounds != self._bounds or grid_rect != self._grid_rect:
                self._bounds = bounds
                self._grid_rect = grid_rect
                everything = True
            else:
                before = {(m.x, m.y, m.bright, m.dim, m.colour.rgba()): m for m in old_marks}
                after = {(m.x, m.y, m.bright, m.dim, m.colour.rgba()): m for m in self._marks}
                for key in before.keys() ^ after.keys():
                    mark = before.get(key) or after[key]
                    dirty = mark.rect if dirty is None else dirty.united(mark.rect)
        levels = None if scene.options.ambient == "bright" else np.asarray(light_map(scene))
        tiles: list[QRectF] = []
        old = self._levels
        if levels is None:
            if old is not None:
                everything = True
            self._shade = None
        elif old is None or old.shape != levels.shape:
            self._shade = shade_image(levels)
            everything = True
        elif levels is not old and not np.array_equal(levels, old):
            self._shade = shade_image(levels)
            tiles = changed_tiles(levels != old)
        self._levels = levels
        if everything:
            self.changed()
            return
        for rect in tiles:
            self.changed(rect)
        if dirty is not None:
            self.changed(dirty)

    def _set_lights(self, lights: tuple[Light, ...]) -> None:
        self._lights = lights
        self._marks = [LightMark.of(lt) for lt in lights]
        self._buckets = {}
        self._wide = []
        for i, mark in enumerate(self._marks):
            if max(mark.bright, mark.dim, SUN_REACH) > BUCKET:
                self._wide.append(i)
            else:
                key = (math.floor(mark.x / BUCKET), math.floor(mark.y / BUCKET))
                self._buckets.setdefault(key, []).append(i)

    @property
    def shade(self) -> QImage | None:
        return self._shade

    def bounds(self) -> QRectF:
        return self._bounds

    def marks_in(self, rect: QRectF) -> list[LightMark]:
        """The lights whose drawing reaches into `rect` (scene units), in the scene's order."""
        bx0 = math.floor(rect.left() / BUCKET) - 1
        bx1 = math.floor(rect.right() / BUCKET) + 1
        by0 = math.floor(rect.top() / BUCKET) - 1
        by1 = math.floor(rect.bottom() / BUCKET) + 1
        found = list(self._wide)
        if (bx1 - bx0 + 1) * (by1 - by0 + 1) > len(self._buckets):
            for (bx, by), ids in self._buckets.items():
                if bx0 <= bx <= bx1 and by0 <= by <= by1:
                    found.extend(ids)
        else:
            for by in range(by0, by1 + 1):
                for bx in range(bx0, bx1 + 1):
                    found.extend(self._buckets.get((bx, by), ()))
        marks = self._marks
        return [marks[i] for i in sorted(found) if marks[i].rect.intersects(rect)]

    def paint_layer(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        exposed = exposed.intersected(self._bounds)
        if exposed.isEmpty():
            return
        if self._shade is not None:
            part = exposed.intersected(self._grid_rect)
            if not part.isEmpty():
                x0 = max(0, math.floor(part.left() / CELL))
                y0 = max(0, math.floor(part.top() / CELL))
                x1 = min(self._shade.width(), math.ceil(part.right() / CELL))
                y1 = min(self._shade.height(), math.ceil(part.bottom() / CELL))
                if x1 > x0 and y1 > y0:
                    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
                    painter.drawImage(
                        QRectF(x0 * CELL, y0 * CELL, (x1 - x0) * CELL, (y1 - y0) * CELL),
                        self._shade,
                        QRectF(x0, y0, x1 - x0, y1 - y0),
                    )
        marks = self.marks_in(exposed)
        if not marks:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        dots: dict[int, list[QPointF]] = {}
        suns: list[LightMark] = []
        for mark in marks:
            ring = QColor(mark.colour)
            ring.setAlpha(200)
            if mark.bright * lod >= MIN_RING_PX and _ring_meets(mark, mark.bright, exposed):
                painter.setPen(QPen(ring, 2))
                painter.drawEllipse(QPointF(mark.x, mark.y), mark.bright, mark.bright)
            if mark.dim * lod >= MIN_RING_PX and _ring_meets(mark, mark.dim, exposed):
                painter.setPen(QPen(ring, 1.5, Qt.PenStyle.DashLine))
                painter.drawEllipse(QPointF(mark.x, mark.y), mark.dim, mark.dim)
            if SUN_REACH * lod < SUN_PX:
                dots.setdefault(mark.colour.rgba(), []).append(QPointF(mark.x, mark.y))
            else:
                suns.append(mark)
        for rgba, points in dots.items():
            pen = QPen(QColor.fromRgba(rgba), 3.0)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawPoints(points)
        for mark in suns:
            c = QPointF(mark.x, mark.y)
            painter.setPen(QPen(QColor(60, 40, 0), 1.5))
            painter.setBrush(QBrush(mark.colour.lighter(110)))
            painter.drawEllipse(c, 9, 9)
            painter.setPen(QPen(mark.colour, 2))
            painter.drawLines([QLineF(c + a * 12, c + a * 17) for a in _RAYS])


#: Unit vectors of a sun's eight rays.
_RAYS = tuple(QPointF(math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)) for k in range(8))
