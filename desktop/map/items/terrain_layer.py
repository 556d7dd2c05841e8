"""Terrain (difficult, greater difficult, hazardous, impassable; PF2e narrow surfaces and uneven ground, which
need Balance): one item for all of it.

The cells of each kind are kept as row runs and outline edges in arrays, found for the whole grid at once
from the scene's terrain codes (`rules.model.scene.Scene.terrain_codes`) when the terrain changes, so
opening a big map costs array work, not a loop per square. Painting draws only the runs and edges inside
the exposed rectangle (picked out by array masks), with a tint and a hatch pattern whose lines keep the
same screen spacing at every zoom. The hatch is drawn twice, a dark line beside a bright one, and the
area's outline as a bright line on a dark casing, so it reads on light floors as well as on dark ones.
Zoomed far out (a square smaller than 10 screen pixels) the whole layer is one small image, one pixel per
square, stretched over the grid.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPen

from desktop.look.style import CELL, TERRAIN_CASING, TERRAIN_COLOURS, TERRAIN_HATCH, TERRAIN_OUTLINE
from desktop.map.items.layer import MapLayer
from rules.geometry.coords import Cell
from rules.model.scene import TERRAIN_BY_CODE, TERRAIN_KINDS

_HATCH_STYLE: dict[str, Qt.BrushStyle] = {
    "difficult": Qt.BrushStyle.BDiagPattern,
    "greater-difficult": Qt.BrushStyle.DiagCrossPattern,
    "hazardous": Qt.BrushStyle.FDiagPattern,
    "impassable": Qt.BrushStyle.Dense5Pattern,
    "narrow": Qt.BrushStyle.HorPattern,  # planks along the row: a narrow surface (PF2e Balance)
    "uneven": Qt.BrushStyle.Dense6Pattern,  # scattered dots: uneven ground (PF2e Balance)
}
FAR_PX = 10.0
IntArray = npt.NDArray[np.intp]
OUTLINE_PX = 12.0


def _runs(mask: npt.NDArray[np.bool_]) -> tuple[IntArray, IntArray, IntArray]:
    """``(row, start, end_exclusive)`` of every run of true values along each row of `mask`, in row order."""
    h, w = mask.shape
    padded = np.zeros((h, w + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    step = np.diff(padded, axis=1)
    rows, starts = np.nonzero(step == 1)
    _rows, ends = np.nonzero(step == -1)
    return rows, starts, ends


@dataclass(frozen=True, slots=True)
class KindRuns:
    """One kind's squares as row runs (``y``, ``x0``, ``x1`` exclusive, sorted by ``y``) and its outline:
    horizontal edges (on grid line ``hy``, from ``hx0`` to ``hx1``, sorted by ``hy``) and vertical edges
    (on grid line ``vx``, from ``vy0`` to ``vy1``, sorted by ``vx``)."""

    y: IntArray
    x0: IntArray
    x1: IntArray
    hy: IntArray
    hx0: IntArray
    hx1: IntArray
    vx: IntArray
    vy0: IntArray
    vy1: IntArray

    @staticmethod
    def of(mask: npt.NDArray[np.bool_]) -> KindRuns:
        y, x0, x1 = _runs(mask)
        h, w = mask.shape
        rows = np.zeros((h + 2, w), dtype=bool)
        rows[1:-1] = mask
        hy, hx0, hx1 = _runs(rows[1:] != rows[:-1])  # edge on line y between rows y - 1 and y
        cols = np.zeros((h, w + 2), dtype=bool)
        cols[:, 1:-1] = mask
        vx, vy0, vy1 = _runs((cols[:, 1:] != cols[:, :-1]).T)  # edge on line x between columns x - 1 and x
        return KindRuns(y, x0, x1, hy, hx0, hx1, vx, vy0, vy1)

    def rects(self, rx0: int, ry0: int, rx1: int, ry1: int) -> list[QRectF]:
        """The runs in rows ``ry0..ry1`` that reach into columns ``rx0..rx1``, clipped to them."""
        lo, hi = np.searchsorted(self.y, (ry0, ry1 + 1))
        y, a, b = self.y[lo:hi], self.x0[lo:hi], self.x1[lo:hi]
        keep = (b > rx0) & (a < rx1)
        a = np.maximum(a[keep], rx0)
        b = np.minimum(b[keep], rx1)
        return [
            QRectF(x * CELL, row * CELL, (end - x) * CELL, CELL)
            for row, x, end in zip(y[keep].tolist(), a.tolist(), b.tolist(), strict=True)
        ]

    def lines(self, rx0: int, ry0: int, rx1: int, ry1: int) -> list[QLineF]:
        """The outline edges that reach into the squares ``rx0..rx1`` × ``ry0..ry1``."""
        lo, hi = np.searchsorted(self.hy, (ry0, ry1 + 2))
        hy, a, b = self.hy[lo:hi], self.hx0[lo:hi], self.hx1[lo:hi]
        keep = (b > rx0) & (a < rx1 + 1)
        out = [
            QLineF(x * CELL, line * CELL, end * CELL, line * CELL)
            for line, x, end in zip(hy[keep].tolist(), a[keep].tolist(), b[keep].tolist(), strict=True)
        ]
        lo, hi = np.searchsorted(self.vx, (rx0, rx1 + 2))
        vx, a, b = self.vx[lo:hi], self.vy0[lo:hi], self.vy1[lo:hi]
        keep = (b > ry0) & (a < ry1 + 1)
        out.extend(
            QLineF(line * CELL, y * CELL, line * CELL, end * CELL)
            for line, y, end in zip(vx[keep].tolist(), a[keep].tolist(), b[keep].tolist(), strict=True)
        )
        return out


def far_colours() -> npt.NDArray[np.uint32]:
    """Premultiplied ARGB of each terrain code for the far-out picture (0: clear)."""
    out = np.zeros(len(TERRAIN_BY_CODE), dtype=np.uint32)
    for code, kind in enumerate(TERRAIN_BY_CODE):
        if not kind:
            continue
        c = QColor(TERRAIN_HATCH[kind])
        a = min(255, c.alpha() // 2 + TERRAIN_COLOURS[kind].alpha())
        r, g, b = (v * a // 255 for v in (c.red(), c.green(), c.blue()))
        out[code] = (a << 24) | (r << 16) | (g << 8) | b
    return out


class TerrainLayer(MapLayer):
    def __init__(self) -> None:
        super().__init__()
        #: kind → its squares' runs and outline
        self._runs: dict[str, KindRuns] = {}
        self._codes: npt.NDArray[np.uint8] | None = None
        self._bounds = QRectF()
        self._far: QImage | None = None

    def set_terrain(self, terrain: dict[Cell, str]) -> None:
        """Show `terrain` (each listed cell's kind) on a grid just big enough to hold it."""
        w = max((c.x for c in terrain), default=-1) + 1
        h = max((c.y for c in terrain), default=-1) + 1
        codes = np.zeros((max(h, 0), max(w, 0)), dtype=np.uint8)
        lookup = {kind: code for code, kind in enumerate(TERRAIN_BY_CODE)}
        for cell, kind in terrain.items():
            if cell.x >= 0 and cell.y >= 0:
                codes[cell.y, cell.x] = lookup[kind]
        self.set_codes(codes)

    def set_codes(self, codes: npt.NDArray[np.uint8]) -> None:
        """Show the terrain of `codes` (`rules.model.scene.Scene.terrain_codes`: ``[y, x]``, 0 none)."""
        if codes is self._codes:
            return
        self._codes = codes
        self._runs = {}
        for code, kind in enumerate(TERRAIN_BY_CODE):
            if kind and kind in TERRAIN_KINDS:
                mask = codes == code
                if mask.any():
                    self._runs[kind] = KindRuns.of(mask)
        ys, xs = np.nonzero(codes)
        if len(xs):
            x0, y0 = int(xs.min()), int(ys.min())
            x1, y1 = int(xs.max()) + 1, int(ys.max()) + 1
            self._bounds = QRectF(x0 * CELL, y0 * CELL, (x1 - x0) * CELL, (y1 - y0) * CELL)
            pixels = np.ascontiguousarray(far_colours()[codes])
            h, w = codes.shape
            self._far = QImage(pixels.data, w, h, w * 4, QImage.Format.Format_ARGB32_Premultiplied).copy()
        else:
            self._bounds = QRectF()
            self._far = None
        self.changed()

    def bounds(self) -> QRectF:
        return self._bounds

    def paint_layer(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        if self._bounds.isEmpty() or not exposed.intersects(self._bounds):
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        if lod * CELL < FAR_PX and self._far is not None:
            part = exposed.intersected(self._bounds)
            x0, y0 = math.floor(part.left() / CELL), math.floor(part.top() / CELL)
            x1, y1 = math.ceil(part.right() / CELL), math.ceil(part.bottom() / CELL)
            painter.drawImage(
                QRectF(x0 * CELL, y0 * CELL, (x1 - x0) * CELL, (y1 - y0) * CELL),
                self._far,
                QRectF(x0, y0, x1 - x0, y1 - y0),
            )
            return
        ry0 = math.floor(exposed.top() / CELL)
        ry1 = math.ceil(exposed.bottom() / CELL)
        rx0 = math.floor(exposed.left() / CELL)
        rx1 = math.ceil(exposed.right() / CELL)
        painter.setPen(Qt.PenStyle.NoPen)
        for kind, runs in self._runs.items():
            rects = runs.rects(rx0, ry0, rx1, ry1)
            if not rects:
                continue
            painter.setBrush(TERRAIN_COLOURS[kind])
            painter.drawRects(rects)
            # the hatch: a dark line one pixel beside each bright one (brush patterns are in device pixels)
            origin = painter.brushOrigin()
            painter.setBrushOrigin(QPointF(origin.x() + 1, origin.y()))
            painter.setBrush(QBrush(TERRAIN_CASING, _HATCH_STYLE[kind]))
            painter.drawRects(rects)
            painter.setBrushOrigin(origin)
            painter.setBrush(QBrush(TERRAIN_HATCH[kind], _HATCH_STYLE[kind]))
            painter.drawRects(rects)
            if lod * CELL >= OUTLINE_PX:
                lines = runs.lines(rx0, ry0, rx1, ry1)
                casing = QPen(TERRAIN_CASING, 4.0)
                casing.setCosmetic(True)
                painter.setPen(casing)
                painter.drawLines(lines)
                pen = QPen(TERRAIN_OUTLINE[kind], 2.0)
                pen.setCosmetic(True)
                painter.setPen(pen)
                painter.drawLines(lines)
                painter.setPen(Qt.PenStyle.NoPen)
