"""Lining the grid up with a map picture: the arithmetic, with no Qt.

How a picture sits under the grid (`rules.model.scene.Background`): ``pixels_per_cell`` picture pixels make
one
square, and ``offset`` (in squares) says where the grid's origin corner is inside the picture, measured
from the picture's top-left corner; the picture is drawn with its top-left corner at grid point
``(-offset.x, -offset.y)``. So picture pixel ``p`` lies at grid coordinate ``p / pixels_per_cell - offset``.

Boundary rules:

- A calibration box spans ``cells`` × ``cells`` printed squares. Its width and height give the square's
  size in pixels; the two are averaged (a grid square is square). Its top-left corner is a printed grid
  corner, so the offset is the fractional part of ``left / pixels_per_cell`` (and the same for ``top``):
  always in ``[0, 1)``. Sizes are rounded to 1/1000 pixel, offsets to 1/10 000 square.
- A picture "fits" a grid of ``ceil(pixels / pixels_per_cell - offset)`` squares each way, where a last
  partial square narrower than `PARTIAL_TOLERANCE` of a square is left off (a hand calibration of a
  70-pixel grid may give 69.9), clamped to 1..`rules.model.scene.MAX_GRID_SIDE`.
- A grid is never made smaller than what stands on it: tokens (their whole space) and painted terrain
  (`content_extent`). Walls may lie anywhere, so they do not count.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from rules.geometry.coords import Point
from rules.model.scene import MAX_GRID_SIDE, Background, Grid, Scene

#: A last partial square narrower than this (in squares) does not get a grid column or row of its own.
PARTIAL_TOLERANCE = 0.05
#: Pixels per square the app accepts (typed, guessed or measured).
MIN_PIXELS_PER_CELL = 4.0
MAX_PIXELS_PER_CELL = 2000.0
#: Pixels per square of a picture whose grid is not known (the most common battle-map export).
DEFAULT_PIXELS_PER_CELL = 70.0


@dataclass(frozen=True, slots=True)
class Calibration:
    """Where a picture sits under the grid: `Background.pixels_per_cell` and `Background.offset`."""

    pixels_per_cell: float
    offset: Point

    @property
    def offset_pixels(self) -> tuple[float, float]:
        """The offset in picture pixels (what the calibration dialog shows)."""
        return (self.offset.x * self.pixels_per_cell, self.offset.y * self.pixels_per_cell)

    @staticmethod
    def of(background: Background) -> Calibration:
        return Calibration(background.pixels_per_cell, background.offset)

    @staticmethod
    def from_pixels(pixels_per_cell: float, offset_x_px: float, offset_y_px: float) -> Calibration:
        """A calibration from the dialog's numbers: square size and offset in picture pixels."""
        if not pixels_per_cell > 0:
            raise ValueError("pixels per square must be more than 0")
        return Calibration(
            pixels_per_cell,
            Point(_tidy(offset_x_px / pixels_per_cell, 4), _tidy(offset_y_px / pixels_per_cell, 4)),
        )


@dataclass(frozen=True, slots=True)
class BoxMeasure:
    """What a dragged box says: the calibration, and how far from square the box was."""

    calibration: Calibration
    #: Square size measured across and down, in pixels.
    width_px: float
    height_px: float

    @property
    def squareness(self) -> float:
        """Smaller side / larger side (1.0: a perfect square)."""
        big = max(self.width_px, self.height_px)
        return min(self.width_px, self.height_px) / big if big > 0 else 0.0


def _tidy(value: float, digits: int) -> float:
    out = round(value, digits)
    return 0.0 if out == 0 else out  # no -0.0


def _frac(value: float) -> float:
    f = value - math.floor(value)
    return 0.0 if f >= 1.0 - 1e-9 else f


def from_box(x0: float, y0: float, x1: float, y1: float, cells: int = 1) -> BoxMeasure:
    """The calibration from a box over `cells` × `cells` printed squares, corners in picture pixels.

    The corners may come in any order. Raises ValueError for an empty box or `cells` < 1.
    """
    if cells < 1:
        raise ValueError("the box must span at least one square")
    left, right = sorted((x0, x1))
    top, bottom = sorted((y0, y1))
    w = (right - left) / cells
    h = (bottom - top) / cells
    if w <= 0 or h <= 0:
        raise ValueError("the box is empty")
    ppc = round((w + h) / 2, 3)
    if ppc <= 0:
        raise ValueError("the box is too small")
    offset = Point(_tidy(_frac(left / ppc), 4) % 1.0, _tidy(_frac(top / ppc), 4) % 1.0)
    return BoxMeasure(Calibration(ppc, offset), w, h)


def picture_point(background: Background, grid_x: float, grid_y: float) -> tuple[float, float]:
    """The picture pixel under grid coordinate (`grid_x`, `grid_y`) (squares)."""
    ppc = background.pixels_per_cell
    return ((grid_x + background.offset.x) * ppc, (grid_y + background.offset.y) * ppc)


def cells_covered(pixels: int, pixels_per_cell: float, offset: float) -> int:
    """Grid squares from the grid's origin to the picture's far edge, one way (see the module docstring)."""
    extent = pixels / pixels_per_cell - offset
    return max(1, min(MAX_GRID_SIDE, math.ceil(extent - PARTIAL_TOLERANCE)))


def picture_grid(width_px: int, height_px: int, calibration: Calibration) -> Grid:
    """The grid the picture fills."""
    ppc = calibration.pixels_per_cell
    return Grid(
        cells_covered(width_px, ppc, calibration.offset.x),
        cells_covered(height_px, ppc, calibration.offset.y),
    )


def content_extent(scene: Scene) -> tuple[int, int]:
    """The smallest grid (width, height) that keeps every token's space and painted square on it."""
    w = h = 1
    for t in scene.tokens:
        n = t.side_squares
        w, h = max(w, t.cell.x + n), max(h, t.cell.y + n)
    for tc in scene.terrain:
        w, h = max(w, tc.cell.x + 1), max(h, tc.cell.y + 1)
    return w, h


def fitted_grid(scene: Scene, width_px: int, height_px: int, calibration: Calibration) -> Grid:
    """`picture_grid`, grown where needed so that nothing on the scene falls off it."""
    want = picture_grid(width_px, height_px, calibration)
    w, h = content_extent(scene)
    return Grid(max(want.width, w), max(want.height, h))


_SIZE_IN_NAME = re.compile(r"(?<![0-9])([1-9][0-9]{0,2})\s*[xX×]\s*([1-9][0-9]{0,2})(?![0-9])")


def guess_pixels_per_cell(file_stem: str, width_px: int, height_px: int) -> float | None:
    """Pixels per square from a grid size written in the file name (``crypt_22x30``, ``Cave [30 x 20]``).

    Battle-map makers often name files after their size in squares. A size counts only when both sides
    give the same square size (within 2 %) between `MIN_PIXELS_PER_CELL` and `MAX_PIXELS_PER_CELL`; the
    last such size in the name wins. None when the name says nothing usable.
    """
    found: float | None = None
    for m in _SIZE_IN_NAME.finditer(file_stem):
        cols, rows = int(m.group(1)), int(m.group(2))
        a, b = width_px / cols, height_px / rows
        if abs(a - b) <= 0.02 * max(a, b) and MIN_PIXELS_PER_CELL <= a <= MAX_PIXELS_PER_CELL:
            found = round((a + b) / 2, 2)
    return found
