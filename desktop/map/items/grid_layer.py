"""The 5-ft grid: one item that draws only the lines inside the exposed rectangle, in device pixels.

Thin translucent lines (one device pixel at any zoom); every fifth line stronger; minor lines are left out
when a square is smaller than 12 screen pixels. Semi-transparent 1-pixel vertical lines are slow for Qt's
raster engine (one span per scanline per line), so the vertical lines are drawn as one 1-pixel-tall image
stretched down the visible area, and the horizontal lines as thin filled rectangles: a full 1920×1080 frame
of a 120×120 grid costs about a millisecond.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRect, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QTransform

from desktop.look.style import CELL, GRID_ACCENT, GRID_ACCENT_MAJOR, GRID_LINE, GRID_LINE_MAJOR
from desktop.map.items.layer import MapLayer
from rules.model.scene import Grid

MINOR_MIN_PX = 12.0


def _premultiplied(c: QColor) -> int:
    a = c.alpha()
    return (a << 24) | ((c.red() * a // 255) << 16) | ((c.green() * a // 255) << 8) | (c.blue() * a // 255)


class GridLayer(MapLayer):
    def __init__(self) -> None:
        super().__init__()
        self._width = 0
        self._height = 0
        self._minor = _premultiplied(GRID_LINE)
        self._major = _premultiplied(GRID_LINE_MAJOR)
        self._colours = (QColor(GRID_LINE), QColor(GRID_LINE_MAJOR))
        self._accent_users: set[str] = set()

    def set_accent(self, user: str, on: bool) -> None:
        """Draw the grid in a bright colour while any `user` asks for it (calibrating against a grid printed
        on the map picture, whose dark lines would hide the app's own)."""
        before = bool(self._accent_users)
        if on:
            self._accent_users.add(user)
        else:
            self._accent_users.discard(user)
        accent = bool(self._accent_users)
        if accent == before:
            return
        minor, major = (GRID_ACCENT, GRID_ACCENT_MAJOR) if accent else (GRID_LINE, GRID_LINE_MAJOR)
        self._colours = (QColor(minor), QColor(major))
        self._minor, self._major = _premultiplied(minor), _premultiplied(major)
        self.changed()

    @property
    def accent(self) -> bool:
        return bool(self._accent_users)

    def set_grid(self, grid: Grid) -> None:
        if (grid.width, grid.height) != (self._width, self._height):
            self._width, self._height = grid.width, grid.height
            self.changed()

    def bounds(self) -> QRectF:
        return QRectF(0, 0, self._width * CELL, self._height * CELL)

    def lines_in(
        self, rect: QRectF, square_px: float
    ) -> tuple[list[tuple[int, bool]], list[tuple[int, bool]]]:
        """Grid line indexes (x lines, y lines) inside `rect` (scene units), each with "is major"."""
        step = 1 if square_px >= MINOR_MIN_PX else 5
        x0 = max(0, math.floor(rect.left() / CELL))
        x1 = min(self._width, math.ceil(rect.right() / CELL))
        y0 = max(0, math.floor(rect.top() / CELL))
        y1 = min(self._height, math.ceil(rect.bottom() / CELL))
        xs = [
            (x, x % 5 == 0 or x in (0, self._width))
            for x in range(x0, x1 + 1)
            if x % step == 0 or x == self._width
        ]
        ys = [
            (y, y % 5 == 0 or y in (0, self._height))
            for y in range(y0, y1 + 1)
            if y % step == 0 or y == self._height
        ]
        return xs, ys

    def paint_layer(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        t: QTransform = painter.worldTransform()
        quarter = t.isRotating() and abs(t.m11()) < 1e-9 and abs(t.m22()) < 1e-9
        if t.isRotating() and not quarter:
            return  # only the Player Screen turns, in 90° steps
        rect = exposed.intersected(self.bounds())
        if rect.isEmpty():
            return
        xs, ys = self.lines_in(rect, CELL * lod)
        area = t.mapRect(rect).toAlignedRect()
        if area.isEmpty():
            return
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        minor_colour, major_colour = self._colours
        if quarter:
            # turned a quarter (the Player Screen at a side seat): the map's columns run across the screen
            for x, is_major in xs:
                py = round(t.map(QPointF(x * CELL, 0)).y())
                colour = major_colour if is_major else minor_colour
                painter.fillRect(QRect(area.left(), py, area.width(), 1), colour)
            for y, is_major in ys:
                px = round(t.map(QPointF(0, y * CELL)).x())
                colour = major_colour if is_major else minor_colour
                painter.fillRect(QRect(px, area.top(), 1, area.height()), colour)
            painter.restore()
            return
        # vertical lines: one row of pixels, stretched over the visible height
        row = QImage(area.width() + 1, 1, QImage.Format.Format_ARGB32_Premultiplied)
        row.fill(0)
        for x, major in xs:
            px = round(t.map(QPointF(x * CELL, 0)).x()) - area.left()
            if 0 <= px <= area.width():
                row.setPixel(px, 0, self._major if major else self._minor)
        painter.drawImage(QRect(area.left(), area.top(), row.width(), area.height()), row)
        # horizontal lines: thin rectangles
        for y, is_major in ys:
            py = round(t.map(QPointF(0, y * CELL)).y())
            painter.fillRect(
                QRect(area.left(), py, area.width(), 1), major_colour if is_major else minor_colour
            )
        painter.restore()
