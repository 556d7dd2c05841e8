"""The movement overlay: the selected token's reachable squares, shaded by Stride (PF2e) or move/Dash (5e).

`set_bands` takes ``{cell: band}`` (band 1, 2, 3 = the Stride or move/Dash that reaches it) computed from the
engine's reachable set; paths and outlines are built once per change, not per frame.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from desktop.look.style import band_colour
from desktop.map.items import Z_OVERLAY
from desktop.map.items.bounded import BoundedItem
from desktop.map.items.cell_paths import cells_path, outline_segments
from rules.geometry.coords import Cell


class MovementOverlayItem(BoundedItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_OVERLAY)
        self._layers: list[tuple[QColor, QPainterPath, list[QLineF]]] = []
        self._bands: dict[Cell, int] = {}

    @property
    def bands(self) -> dict[Cell, int]:
        return self._bands

    def set_bands(self, bands: dict[Cell, int]) -> None:
        self.prepareGeometryChange()
        self._bands = bands
        self._layers = []
        bounds = QRectF()
        by_band: dict[int, set[Cell]] = {}
        for cell, band in bands.items():
            by_band.setdefault(band, set()).add(cell)
        cumulative: set[Cell] = set()
        for band in sorted(by_band):
            cells = by_band[band]
            cumulative |= cells
            colour = band_colour(band)
            path = cells_path(cells)
            # outline of everything reachable up to this band: nested rings, one per Stride
            self._layers.append((colour, path, outline_segments(cumulative)))
            bounds = bounds.united(path.boundingRect())
        self.set_bounds(bounds.adjusted(-2, -2, 2, 2))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for colour, path, _ in self._layers:
            fill = QColor(colour)
            fill.setAlpha(48)
            painter.fillPath(path, fill)
        for colour, _, outline in self._layers:
            pen = QPen(colour, 2)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawLines(outline)
