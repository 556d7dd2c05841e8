"""The undoable commands of the map picture: import, calibrate, fit the grid, remove (no Qt here).

Each builder returns one `SetBackground` command (one undo step), or None when it would change nothing.
The picture's size in pixels is passed in (the app reads it from the decoded picture); the grid is fitted
to the picture by `desktop.map.calibration.fitted_grid` when asked, never shrinking below what stands on it.
"""

from __future__ import annotations

from desktop.map.calibration import Calibration, fitted_grid
from rules.geometry.coords import Point
from rules.io.images import embedded_ref
from rules.model.scene import Background, Grid, Scene
from rules.play.edits import SetBackground


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _grid_text(grid: Grid) -> str:
    return f"{grid.width} × {grid.height} squares"


def import_command(
    scene: Scene,
    name: str,
    data: bytes,
    size: tuple[int, int],
    pixels_per_cell: float,
    fit_grid: bool,
    title: str = "",
) -> SetBackground:
    """Embed `data` as ``embedded:NAME`` and put it under the grid at `pixels_per_cell`, offset 0.

    `name` must be a safe image name the document does not use yet (`Document.unused_image_name`).
    """
    calibration = Calibration(pixels_per_cell, Point(0.0, 0.0))
    background = Background(embedded_ref(name), pixels_per_cell, calibration.offset)
    grid = fitted_grid(scene, size[0], size[1], calibration) if fit_grid else None
    log = f"Map picture {title or name}: {size[0]} × {size[1]} px, {_num(pixels_per_cell)} px per square"
    if grid is not None and grid != scene.grid:
        log += f"; grid {_grid_text(grid)}"
    return SetBackground(background, grid, ((name, data),), label="Import map picture", log=log)


def calibrate_command(
    scene: Scene, size: tuple[int, int], calibration: Calibration, fit_grid: bool
) -> SetBackground | None:
    """Rescale and move the scene's picture; None when there is no picture or nothing would change."""
    old = scene.background
    if old is None:
        return None
    background = Background(old.image, calibration.pixels_per_cell, calibration.offset, dict(old.extra))
    grid = fitted_grid(scene, size[0], size[1], calibration) if fit_grid else None
    new_grid = grid if grid is not None else scene.grid
    if background == old and new_grid == scene.grid:
        return None
    ox, oy = calibration.offset_pixels
    log = (
        f"Grid calibrated: {_num(calibration.pixels_per_cell)} px per square, "
        f"offset {_num(ox)}, {_num(oy)} px"
    )
    if new_grid != scene.grid:
        log += f"; grid {_grid_text(new_grid)}"
    return SetBackground(background, grid, label="Calibrate grid", log=log)


def fit_grid_command(scene: Scene, size: tuple[int, int]) -> SetBackground | None:
    """Resize the grid to the picture as it is placed now; None when it already fits (or no picture)."""
    bg = scene.background
    if bg is None:
        return None
    grid = fitted_grid(scene, size[0], size[1], Calibration.of(bg))
    if grid == scene.grid:
        return None
    log = f"Grid fitted to the picture: {_grid_text(grid)}"
    return SetBackground(bg, grid, label="Fit grid to picture", log=log)


def remove_command(scene: Scene) -> SetBackground | None:
    """Take the picture away (the grid stays); None when there is none."""
    if scene.background is None:
        return None
    return SetBackground(None, label="Remove map picture", log="Map picture removed")
