"""The light layer of the GM view: where it is bright, dim or dark, and where the lights are.

`LightLayerItem` shades each square by its light level (`rules.geometry.light.light_map`: ambient light,
placed lights and lights creatures carry, walls casting shadows): darkness deep blue-black, dim light a
lighter shade, bright light clear. Each placed light (imported from a Universal VTT map or placed with the
light tool) is drawn as a small sun in its colour with a solid ring at its bright radius and a dashed ring
at its dim radius. The player view never shows this layer (its darkness comes through the fog: what the
party can't see is unexplored or dimmed).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.look.style import CELL
from rules.geometry.light import BRIGHT, DIM, light_map
from rules.model.scene import Light, Scene

#: Above terrain and grid, below walls' handles? Walls are at 30; lights sit just under the fog (35).
Z_LIGHT = 33.0
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


class LightLayerItem(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_LIGHT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._shade: QImage | None = None
        self._lights: tuple[Light, ...] = ()
        self._grid_rect = QRectF()
        self._bounds = QRectF()

    def set_scene_data(self, scene: Scene) -> None:
        self.prepareGeometryChange()
        self._grid_rect = QRectF(0, 0, scene.grid.width * CELL, scene.grid.height * CELL)
        self._lights = scene.lights
        bounds = QRectF(self._grid_rect)
        for lt in scene.lights:
            r = max(lt.dim, lt.bright) / 5 * CELL + 8
            c = QPointF(lt.position.x * CELL, lt.position.y * CELL)
            bounds = bounds.united(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))
        self._bounds = bounds
        if scene.options.ambient == "bright":
            self._shade = None
        else:
            self._shade = shade_image(np.asarray(light_map(scene)))
        self.update()

    @property
    def shade(self) -> QImage | None:
        return self._shade

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._shade is not None:
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
            painter.drawImage(self._grid_rect, self._shade)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for lt in self._lights:
            colour = light_colour(lt)
            c = QPointF(lt.position.x * CELL, lt.position.y * CELL)
            ring = QColor(colour)
            ring.setAlpha(200)
            if lt.bright > 0:
                painter.setPen(QPen(ring, 2))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                r = lt.bright / 5 * CELL
                painter.drawEllipse(c, r, r)
            if lt.dim > lt.bright:
                pen = QPen(ring, 1.5, Qt.PenStyle.DashLine)
                painter.setPen(pen)
                r = lt.dim / 5 * CELL
                painter.drawEllipse(c, r, r)
            painter.setPen(QPen(QColor(60, 40, 0), 1.5))
            painter.setBrush(QBrush(colour.lighter(110)))
            painter.drawEllipse(c, 9, 9)
            painter.setPen(QPen(colour, 2))
            for k in range(8):
                a = k * np.pi / 4
                painter.drawLine(
                    QPointF(c.x() + 12 * np.cos(a), c.y() + 12 * np.sin(a)),
                    QPointF(c.x() + 17 * np.cos(a), c.y() + 17 * np.sin(a)),
                )
