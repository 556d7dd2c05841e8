"""True scale for miniatures: how many of a screen's pixels make one inch of glass, kept per screen.

A GM who lays a TV flat on the table wants one grid square to be exactly one inch (or another size) so the
miniatures stand on the squares. The screen's size gives it: `pixels_per_inch(diagonal, width, height)` is
the pixel diagonal over the diagonal in inches (a 43-inch 16:9 screen at 1920×1080: 2203 px / 43 in =
51.2 px per inch). A drawn ruler measured against a real one gives it too: `ruler_pixels_per_inch`.

The answer is kept per screen, in the app's settings (`desktop.settings.app_settings`) under
``player_screen/ppi/<name>_<width>x<height>`` (the screen's name and pixel size), and survives restarts.
`square_pixels(ppi, square_inches, device_ratio)` is the square's size in the window's logical pixels.
"""

from __future__ import annotations

import math
import re

from PySide6.QtGui import QScreen

from desktop.settings import app_settings

CM_PER_INCH = 2.54
KEY = "player_screen/ppi/"
SQUARE_KEY = "player_screen/square_inches"


def pixels_per_inch(diagonal_inches: float, width_px: int, height_px: int) -> float:
    """Pixels per inch of a screen `diagonal_inches` across with `width_px` × `height_px` pixels (square
    pixels: the aspect is the pixel size's)."""
    if diagonal_inches <= 0 or width_px <= 0 or height_px <= 0:
        raise ValueError("a screen's diagonal and pixel size must be positive")
    return math.hypot(width_px, height_px) / diagonal_inches


def ruler_pixels_per_inch(ruler_px: float, measured_inches: float) -> float:
    """Pixels per inch from a ruler `ruler_px` pixels long that measures `measured_inches` on the glass."""
    if ruler_px <= 0 or measured_inches <= 0:
        raise ValueError("the ruler and its measured length must be positive")
    return ruler_px / measured_inches


def inches(value: float, unit: str) -> float:
    """`value` in ``"in"`` or ``"cm"`` as inches."""
    return value / CM_PER_INCH if unit == "cm" else value


def square_pixels(ppi: float, square_inches: float = 1.0, device_ratio: float = 1.0) -> float:
    """One grid square in logical pixels: `ppi` counts the screen's own (device) pixels."""
    return ppi * square_inches / max(device_ratio, 1e-6)


def screen_key(name: str, width: int, height: int) -> str:
    clean = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-") or "screen"
    return f"{clean}_{width}x{height}"


def key_of(screen: QScreen) -> str:
    size = screen.size() * screen.devicePixelRatio()
    return screen_key(screen.name(), size.width(), size.height())


def saved_ppi(key: str) -> float | None:
    value = app_settings().value(KEY + key)
    try:
        ppi = float(str(value)) if value is not None else None
    except (TypeError, ValueError):
        return None
    return ppi if ppi is not None and ppi > 0 else None


def save_ppi(key: str, ppi: float) -> None:
    store = app_settings()
    store.setValue(KEY + key, float(ppi))
    store.sync()


def saved_square_inches() -> float:
    value = app_settings().value(SQUARE_KEY, 1.0)
    try:
        size = float(str(value))
    except (TypeError, ValueError):
        return 1.0
    return size if size > 0 else 1.0


def save_square_inches(size: float) -> None:
    store = app_settings()
    store.setValue(SQUARE_KEY, float(size))
    store.sync()
