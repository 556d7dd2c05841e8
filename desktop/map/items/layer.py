"""Static map layers (map picture, terrain, grid, walls) are painted into the map view's cached background
instead of being QGraphicsItems: the view keeps the rendered background in a pixmap and only scrolls it when
panning, so a 120×120 map pans at blit speed. A layer asks for a repaint with `changed` (the scene invalidates
its background), never repaints itself.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter


class MapLayer:
    def __init__(self) -> None:
        self.visible = True
        self._notify: Callable[[QRectF | None], None] | None = None

    def bind(self, notify: Callable[[QRectF | None], None]) -> None:
        self._notify = notify

    def changed(self, rect: QRectF | None = None) -> None:
        """Ask for a repaint of `rect` (scene units; None: everything)."""
        if self._notify is not None:
            self._notify(rect)

    def set_visible(self, visible: bool) -> None:
        if visible != self.visible:
            self.visible = visible
            self.changed()

    def paint_layer(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        """Paint the part inside `exposed` (scene units); `lod` is screen pixels per scene unit."""
        raise NotImplementedError
