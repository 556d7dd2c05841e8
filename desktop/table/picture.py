"""The map picture as the players may see it: drawn onto the grid, every square they don't know black.

The GM's picture shows the whole dungeon; a player's device must never receive the parts the party hasn't
explored (the bytes would be there for anyone to look at). `masked_picture` draws the picture the way the
map view places it (`Background.pixels_per_cell`, `Background.offset` in squares) onto an image of the grid
at `cell_px` pixels a square (at most `MAX_SIDE` pixels a side), paints the unknown squares black and
encodes it as JPEG. It uses only `QImage` and `QPainter` on an image, which Qt allows off the GUI thread.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from rules.model.scene import Background

MAX_SIDE = 4096
MAX_CELL_PX = 64
JPEG_QUALITY = 82


def cell_pixels(width: int, height: int, background: Background) -> int:
    """Pixels a square in the players' picture: the picture's own resolution, at most `MAX_CELL_PX`, and
    small enough that the grid fits in `MAX_SIDE`."""
    fit = MAX_SIDE // max(1, width, height)
    return max(4, min(MAX_CELL_PX, round(background.pixels_per_cell), fit))


def masked_picture(
    image: QImage, background: Background, width: int, height: int, known: npt.NDArray[np.bool_]
) -> bytes:
    """JPEG bytes of the grid-sized picture with the squares not in `known` (``[y, x]``) black."""
    px = cell_pixels(width, height, background)
    out = QImage(width * px, height * px, QImage.Format.Format_RGB32)
    out.fill(QColor(0, 0, 0))
    painter = QPainter(out)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    scale = px / background.pixels_per_cell
    ox, oy = background.offset
    target = QRectF(-ox * px, -oy * px, image.width() * scale, image.height() * scale)
    painter.drawImage(target, image)
    black = QColor(0, 0, 0)
    for y in range(height):
        row = known[y] if y < known.shape[0] else np.zeros(width, dtype=bool)
        x = 0
        while x < width:
            if x < row.shape[0] and row[x]:
                x += 1
                continue
            start = x
            while x < width and not (x < row.shape[0] and row[x]):
                x += 1
            painter.fillRect(start * px, y * px, (x - start) * px, px, black)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    out.save(buffer, "JPEG", JPEG_QUALITY)  # type: ignore[call-overload]  # the stubs say bytes; PySide takes str
    buffer.close()
    return bytes(data.data())
