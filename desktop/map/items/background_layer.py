"""The map picture under the grid (or a plain floor when the scene has none), a static map layer.

Large map pictures are drawn from a small pyramid of pre-scaled copies (full, 1/2, 1/4, 1/8) chosen by the
current zoom, so a zoomed-out 120×120 map does not resample a huge image every frame.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPixmap

from desktop.look.style import CELL, FLOOR
from desktop.map.items.layer import MapLayer
from rules.model.scene import Background, Grid


class BackgroundLayer(MapLayer):
    def __init__(self) -> None:
        super().__init__()
        self._grid_rect = QRectF()
        self._image_rect = QRectF()
        self._levels: list[QPixmap] = []
        self._image_key: int | None = None

    def set_scene_data(self, grid: Grid, background: Background | None, image: QImage | None) -> None:
        """Show `image` placed by `background` (None: no picture). Placing the same picture again (a
        calibration, its live preview) only moves it: the scaled copies are kept."""
        self._grid_rect = QRectF(0, 0, grid.width * CELL, grid.height * CELL)
        self._image_rect = QRectF()
        if background is None or image is None or image.isNull():
            self._levels = []
            self._image_key = None
            self.changed()
            return
        scale = CELL / background.pixels_per_cell
        ox, oy = background.offset
        self._image_rect = QRectF(-ox * CELL, -oy * CELL, image.width() * scale, image.height() * scale)
        if image.cacheKey() != self._image_key or not self._levels:
            self._image_key = image.cacheKey()
            level = QPixmap.fromImage(image)
            self._levels = [level]
            while level.width() > 512 and level.height() > 512 and len(self._levels) < 4:
                level = level.scaled(
                    level.width() // 2,
                    level.height() // 2,
                    Qt.AspectRatioMode.IgnoreAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                )
                self._levels.append(level)
        self.changed()

    @property
    def has_image(self) -> bool:
        return bool(self._levels)

    def bounds(self) -> QRectF:
        return self._grid_rect.united(self._image_rect)

    def paint_layer(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.fillRect(self._grid_rect.intersected(exposed), FLOOR)
        if not self._levels:
            return
        full = self._levels[0]
        # Screen pixels per source pixel at full resolution; pick the smallest level still >= 1:1.
        screen_per_source = lod * self._image_rect.width() / max(1, full.width())
        index = 0
        while index + 1 < len(self._levels) and screen_per_source * (2 ** (index + 1)) <= 1.0:
            index += 1
        pix = self._levels[index]
        sx = pix.width() / self._image_rect.width()
        sy = pix.height() / self._image_rect.height()
        target = exposed.intersected(self._image_rect)
        if target.isEmpty():
            return
        source = QRectF(
            (target.left() - self._image_rect.left()) * sx,
            (target.top() - self._image_rect.top()) * sy,
            target.width() * sx,
            target.height() * sy,
        )
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, screen_per_source * 2**index < 2.5)
        painter.drawPixmap(target, pix, source)

    def image_origin(self) -> QPointF:
        return self._image_rect.topLeft()

    def image_rect(self) -> QRectF:
        """Where the picture lies, in scene units (empty when there is none)."""
        return QRectF(self._image_rect) if self._levels else QRectF()
