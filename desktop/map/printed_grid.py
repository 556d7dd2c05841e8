"""The grid printed on a map picture, found by `rules.io.grid_detect` (Qt-free) from a `QImage`.

`printed_grid` converts the picture to grey levels once and remembers the answer per image (by
`QImage.cacheKey`), so the import dialog and the calibration tool can both ask without repeating the work.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QImage

from desktop.map.calibration import MAX_PIXELS_PER_CELL, MIN_PIXELS_PER_CELL
from rules.io.grid_detect import GridGuess, detect_grid

_FOUND: dict[int, GridGuess | None] = {}
_FOUND_MAX = 8


def grey_array(image: QImage) -> np.ndarray:
    """The picture's grey levels as a ``(height, width)`` uint8 array (a copy)."""
    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    h, w, stride = grey.height(), grey.width(), grey.bytesPerLine()
    data = np.frombuffer(grey.constBits(), dtype=np.uint8, count=h * stride)
    return data.reshape(h, stride)[:, :w].copy()


def printed_grid(image: QImage) -> GridGuess | None:
    """The square grid printed on `image`, or None (no picture, no clear grid, or a square size the app
    doesn't accept)."""
    if image.isNull() or image.width() < 2 or image.height() < 2:
        return None
    key = image.cacheKey()
    if key in _FOUND:
        return _FOUND[key]
    found = detect_grid(grey_array(image))
    if found is not None and not MIN_PIXELS_PER_CELL <= found.pixels_per_cell <= MAX_PIXELS_PER_CELL:
        found = None
    if len(_FOUND) >= _FOUND_MAX:
        _FOUND.pop(next(iter(_FOUND)))
    _FOUND[key] = found
    return found
