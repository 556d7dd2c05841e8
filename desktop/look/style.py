"""Colours, pens and sizes shared by the map items, in one place so the look stays consistent."""

from __future__ import annotations

import hashlib

from PySide6.QtGui import QColor

#: Scene units per grid square. The map picture is scaled so that `pixels_per_cell` image pixels = CELL.
CELL = 70.0

FLOOR = QColor("#3b3a36")
VIEW_BACKGROUND = QColor("#1e1f22")
GRID_LINE = QColor(0, 0, 0, 85)
GRID_LINE_MAJOR = QColor(0, 0, 0, 130)
#: The grid while it is being lined up with a grid printed on the map picture.
GRID_ACCENT = QColor(86, 200, 255, 200)
GRID_ACCENT_MAJOR = QColor(120, 220, 255, 240)

SIDE_COLOURS: dict[str, QColor] = {
    "party": QColor("#2f7fd8"),
    "pcs": QColor("#2f7fd8"),
    "players": QColor("#2f7fd8"),
    "allies": QColor("#3aa56b"),
    "ally": QColor("#3aa56b"),
    "enemies": QColor("#d0413b"),
    "enemy": QColor("#d0413b"),
    "foes": QColor("#d0413b"),
    "monsters": QColor("#d0413b"),
    "neutral": QColor("#9a9a92"),
}
_PALETTE = ("#8e5bd0", "#d98a2b", "#2fb3b0", "#c24f9a", "#7e9a2f", "#5a6fd6")


def side_colour(side: str) -> QColor:
    """A fixed colour for the well-known side names, a stable one from a palette for the others."""
    known = SIDE_COLOURS.get(side.lower())
    if known is not None:
        return QColor(known)
    digest = hashlib.sha1(side.encode("utf-8")).digest()
    return QColor(_PALETTE[digest[0] % len(_PALETTE)])


TERRAIN_COLOURS: dict[str, QColor] = {
    "difficult": QColor(214, 160, 60, 40),
    "greater-difficult": QColor(200, 95, 30, 60),
    "hazardous": QColor(220, 40, 60, 55),
    "impassable": QColor(10, 10, 12, 120),
    "narrow": QColor(60, 150, 230, 45),
    "uneven": QColor(150, 120, 70, 55),
}
TERRAIN_HATCH: dict[str, QColor] = {
    "difficult": QColor(250, 205, 90, 200),
    "greater-difficult": QColor(250, 140, 60, 150),
    "hazardous": QColor(255, 90, 100, 160),
    "impassable": QColor(120, 120, 128, 150),
    "narrow": QColor(110, 195, 255, 210),
    "uneven": QColor(205, 170, 110, 200),
}
#: Dark lines beside the hatch and under the outline, so terrain reads on light map pictures too.
TERRAIN_CASING = QColor(24, 18, 10, 190)
#: The bright outline of each kind's area (over `TERRAIN_CASING`).
TERRAIN_OUTLINE: dict[str, QColor] = {
    "difficult": QColor(255, 205, 80),
    "greater-difficult": QColor(255, 140, 50),
    "hazardous": QColor(255, 80, 95),
    "impassable": QColor(160, 160, 170),
    "narrow": QColor(120, 200, 255),
    "uneven": QColor(215, 180, 120),
}
TERRAIN_LABELS: dict[str, str] = {
    "difficult": "Difficult",
    "greater-difficult": "Greater difficult",
    "hazardous": "Hazardous",
    "impassable": "Impassable",
    "narrow": "Narrow surface",
    "uneven": "Uneven ground",
}

WALL_COLOURS: dict[str, QColor] = {
    "wall": QColor("#f2ede1"),
    "door": QColor("#e0a040"),
    "window": QColor("#7fd0ff"),
    "low": QColor("#c8c0a8"),
}
WALL_CASING = QColor(20, 18, 16)  # opaque: translucent wide pens are slow in the raster engine

#: Colours of Strides 1/2/3 (PF2e) and move/Dash (5e) on paths and the movement overlay.
BAND_COLOURS: dict[int, QColor] = {
    1: QColor("#3ec46d"),
    2: QColor("#f0c030"),
    3: QColor("#f07830"),
}
ILLEGAL = QColor("#ff4646")
WARNING = QColor("#ffb020")
FREE_MOVE = QColor("#c070ff")
RULER = QColor("#56c8ff")
SELECTION = QColor("#ffe066")
HOVER = QColor(255, 255, 255, 60)

LABEL_BG = QColor(18, 18, 22, 215)
LABEL_FG = QColor("#f4f4f0")
LABEL_DIM = QColor("#b8b8b0")


def band_colour(band: int) -> QColor:
    return QColor(BAND_COLOURS.get(band, ILLEGAL))


def hp_colour(fraction: float) -> QColor:
    if fraction > 0.5:
        return QColor("#45c35a")
    if fraction > 0.25:
        return QColor("#e8b923")
    return QColor("#e0403a")
