"""Map pictures made by the tests: a battle map with a grid printed on it, as QImage or file bytes."""

from __future__ import annotations

import random

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen


def encode(image: QImage, fmt: str = "PNG") -> bytes:
    """The bytes of `image` saved as `fmt` (PNG, JPEG, WEBP)."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, fmt)
    return bytes(data.data())


def plain_picture(width: int, height: int, colour: str = "#556677") -> QImage:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    return image


def printed_grid_picture(
    width: int,
    height: int,
    pixels_per_cell: float,
    offset_px: tuple[float, float] = (0.0, 0.0),
    seed: int = 7,
    scenery: bool = True,
) -> QImage:
    """A dungeon-ish battle map whose printed grid lines lie at ``offset + k * pixels_per_cell``.

    With `scenery` it has flagstones, a room, a pool and some rubble, so a screenshot looks like a map.
    """
    rng = random.Random(seed)
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#6d6253"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    ppc = pixels_per_cell
    ox, oy = offset_px
    if scenery:
        # flagstones: one slightly different shade per printed square
        y = oy - ppc
        while y < height:
            x = ox - ppc
            while x < width:
                shade = rng.randint(-14, 14)
                p.fillRect(QRectF(x, y, ppc, ppc), QColor(112 + shade, 100 + shade, 84 + shade))
                x += ppc
            y += ppc
        # a walled room
        room = QRectF(ox + 3 * ppc, oy + 2 * ppc, 7 * ppc, 5 * ppc)
        p.setPen(QPen(QColor("#2b2620"), ppc * 0.35))
        p.setBrush(QColor(150, 128, 96))
        p.drawRect(room)
        # a pool
        p.setPen(QPen(QColor("#23465c"), ppc * 0.08))
        p.setBrush(QColor(58, 110, 140))
        p.drawEllipse(QRectF(ox + 12 * ppc, oy + 6 * ppc, 4.5 * ppc, 3 * ppc))
        # rubble
        p.setPen(Qt.PenStyle.NoPen)
        for _ in range(60):
            cx = rng.uniform(0, width)
            cy = rng.uniform(0, height)
            r = rng.uniform(0.05, 0.18) * ppc
            p.setBrush(QColor(70 + rng.randint(0, 30), 64, 56))
            p.drawEllipse(QPointF(cx, cy), r, r)
    # the printed grid
    p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    p.setPen(QPen(QColor(20, 16, 12, 200), 2))
    x = ox
    while x < width:
        p.drawLine(QPointF(x, 0), QPointF(x, height))
        x += ppc
    y = oy
    while y < height:
        p.drawLine(QPointF(0, y), QPointF(width, y))
        y += ppc
    p.end()
    return image
