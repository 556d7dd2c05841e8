"""Which 1-square steps the movement-blocking walls stop, for every wall at once.

`rules.geometry.movement`'s docstring states the rules; this module computes its per-scene wall tables with
array operations instead of a Python loop per wall and per square (a 20 000-segment Dungeondraft map made
the first path query of a map take seconds):

- the squares near each wall (the same small superset, column by column, as the one-wall loop took);
- a step between two square centres is blocked when the wall crosses it properly (each strictly on both
  sides of the other, with the tolerances of `rules.geometry.sight.crossed_walls`);
- the grid corners a wall touches (exactly: the orientation sign is trusted where it is far from zero and
  decided in exact arithmetic elsewhere) block the diagonal steps through them;
- a step a wall only touches, and that nothing above blocks, is decided by the full line-of-effect test
  (`crossed_walls`, a Python call for each of these few steps);
- the squares whose centre lies on a wall (for the divided-square rule).

The float arithmetic is the one-wall loop's, term by term, so the tables are the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from rules.geometry.coords import DIRECTIONS
from rules.geometry.sight import EPS, WallIndex, crossed_walls

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

#: Walls handled per batch (bounds the temporary arrays: squares near a batch × 8 directions).
BATCH = 20_000
_DX = np.array([d[0] for d in DIRECTIONS], dtype=np.int64)
_DY = np.array([d[1] for d in DIRECTIONS], dtype=np.int64)
_DIAG_TOL = np.array([EPS * (1.4142135623730951 if d & 1 else 1.0) for d in range(8)])


def exact_orient(*values: float) -> int:
    """The orientation of c against the line a→b (1 left, −1 right, 0 on it) in exact integer arithmetic
    (floats are dyadic rationals: scale to a common power of 2)."""
    ratios = [v.as_integer_ratio() for v in values]
    den = max(d for _n, d in ratios)
    ax, ay, bx, by, cx, cy = (n * (den // d) for n, d in ratios)
    exact = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    return (exact > 0) - (exact < 0)


@dataclass(frozen=True, slots=True)
class WallSteps:
    """`wall_step` (per step entry, 1 when a wall blocks it: crossing, touched corner or the full test), the
    grid corners walls touch (keys
    ``Y * (width + 1) + X``), and the squares whose centre lies on a wall with the walls there (by their
    number in the scene, smallest first)."""

    wall_step: npt.NDArray[np.uint8]
    corners: frozenset[int]
    on_centre: dict[int, list[int]]


def _sign(v: FloatArray, tol: FloatArray | float) -> IntArray:
    out: IntArray = (v > tol).astype(np.int64) - (v < -tol).astype(np.int64)
    return out


def _near_cells(coords: FloatArray, w: int, h: int) -> tuple[IntArray, IntArray, IntArray]:
    """(wall row, column, row) of every on-grid square whose closed square may touch each wall: the
    superset `rules.geometry.movement._cells_near_segment` takes, for all walls at once."""
    eps = 1e-7
    ax, ay, bx, by = coords[:, 0], coords[:, 1], coords[:, 2], coords[:, 3]
    x_lo, x_hi = np.minimum(ax, bx), np.maximum(ax, bx)
    c0 = np.maximum(0, np.floor(x_lo - eps)).astype(np.int64)
    c1 = np.minimum(w - 1, np.floor(x_hi + eps)).astype(np.int64)
    ncols = np.maximum(c1 - c0 + 1, 0)
    wall = np.repeat(np.arange(len(coords)), ncols)
    cx = c0[wall] + (np.arange(int(ncols.sum())) - np.repeat(np.cumsum(ncols) - ncols, ncols))
    a_x, a_y, b_x, b_y = ax[wall], ay[wall], bx[wall], by[wall]
    lo, hi = x_lo[wall], x_hi[wall]
    dx = b_x - a_x
    vertical = dx == 0.0
    xl = np.maximum(cx.astype(np.float64), lo)
    xr = np.minimum((cx + 1).astype(np.float64), hi)
    swap = xl > xr
    pinned = np.minimum(np.maximum(xl, lo), hi)
    xl = np.where(swap, pinned, xl)
    xr = np.where(swap, pinned, xr)
    safe = np.where(vertical, 1.0, dx)
    ya = a_y + (xl - a_x) / safe * (b_y - a_y)
    yb = a_y + (xr - a_x) / safe * (b_y - a_y)
    y_lo = np.where(vertical, np.minimum(a_y, b_y), np.minimum(ya, yb))
    y_hi = np.where(vertical, np.maximum(a_y, b_y), np.maximum(ya, yb))
    r0 = np.maximum(0, np.floor(y_lo - eps)).astype(np.int64)
    r1 = np.minimum(h - 1, np.floor(y_hi + eps)).astype(np.int64)
    nrows = np.maximum(r1 - r0 + 1, 0)
    col = np.repeat(np.arange(len(cx)), nrows)
    cy = r0[col] + (np.arange(int(nrows.sum())) - np.repeat(np.cumsum(nrows) - nrows, nrows))
    return wall[col], cx[col], cy


def _orient_zero(
    ax: FloatArray, ay: FloatArray, bx: FloatArray, by: FloatArray, cx: FloatArray, cy: FloatArray
) -> BoolArray:
    """Whether c lies on the line a-b (`rules.geometry.movement._orient` is 0), exactly."""

    ux, uy, vx, vy = bx - ax, by - ay, cx - ax, cy - ay
    left, right = ux * vy, uy * vx
    det = left - right
    scale = np.abs(left) + np.abs(right)
    tol = 1e-12 * scale
    decided = (scale > 1e-250) & ((det > tol) | (det < -tol))
    zero_factors = ((ux == 0.0) | (vy == 0.0)) & ((uy == 0.0) | (vx == 0.0))
    out: BoolArray = ~decided & zero_factors
    for i in np.flatnonzero(~decided & ~zero_factors).tolist():
        out[i] = (
            exact_orient(float(ax[i]), float(ay[i]), float(bx[i]), float(by[i]), float(cx[i]), float(cy[i]))
            == 0
        )
    return out


def wall_steps(
    walls: Sequence[tuple[int, float, float, float, float]], w: int, h: int, index: WallIndex
) -> WallSteps:
    """The wall tables of a grid `w` × `h` for the movement-blocking `walls` (their number in the scene and
    coordinates ``ax, ay, bx, by``); `index` is those walls' line-test index (`crossed_walls`)."""
    wall_step = np.zeros(w * h * 8, dtype=np.uint8)
    touched = np.zeros(w * h * 8, dtype=bool)  # step entries some wall meets without crossing properly
    corner_hit = np.zeros((w + 1) * (h + 1), dtype=bool)
    centre_hits: list[tuple[IntArray, IntArray]] = []
    table = np.array([c for _n, *c in walls], dtype=np.float64).reshape(-1, 4)
    numbers = np.array([n for n, *_c in walls], dtype=np.int64)
    for start in range(0, len(table), BATCH):
        coords = table[start : start + BATCH]
        wall, cx, cy = _near_cells(coords, w, h)
        if not len(wall):
            continue
        ax, ay, bx, by = (coords[wall, k] for k in range(4))
        # squares whose centre lies on the wall (`_near_segment`)
        px, py = cx + 0.5, cy + 0.5
        sdx, sdy = bx - ax, by - ay
        length2 = sdx * sdx + sdy * sdy
        t = np.where(
            length2 == 0.0,
            0.0,
            np.clip(((px - ax) * sdx + (py - ay) * sdy) / np.where(length2 == 0.0, 1.0, length2), 0.0, 1.0),
        )
        on = np.hypot(ax + t * sdx - px, ay + t * sdy - py) <= EPS * np.maximum(1.0, np.sqrt(length2))
        centre_hits.append(((cy * w + cx)[on], numbers[start + wall[on]]))
        # grid corners the wall touches (`point_on_segment`)
        for ox, oy in ((0, 0), (1, 0), (0, 1), (1, 1)):
            qx, qy = (cx + ox).astype(np.float64), (cy + oy).astype(np.float64)
            inside = (
                (qx >= np.minimum(ax, bx))
                & (qx <= np.maximum(ax, bx))
                & (qy >= np.minimum(ay, by))
                & (qy <= np.maximum(ay, by))
            )
            k = np.flatnonzero(inside)
            hit = _orient_zero(ax[k], ay[k], bx[k], by[k], qx[k], qy[k])
            corner_hit[((cy + oy) * (w + 1) + cx + ox)[k[hit]]] = True
        # steps the wall crosses (signs of `crossed_walls`): every near square × the 8 directions
        keep = (np.abs(sdx) > EPS) | (np.abs(sdy) > EPS)  # a point is no wall for line tests
        wall, cx, cy = wall[keep], cx[keep], cy[keep]
        ax, ay, bx, by = ax[keep], ay[keep], bx[keep], by[keep]
        wdx, wdy = bx - ax, by - ay
        tolw = EPS * np.maximum(1.0, np.sqrt(wdx * wdx + wdy * wdy))
        for d in range(8):
            dx, dy = int(_DX[d]), int(_DY[d])
            nx, ny = cx + dx, cy + dy
            ok = (nx >= 0) & (nx < w) & (ny >= 0) & (ny < h)
            px, py = (cx + 0.5)[ok], (cy + 0.5)[ok]
            a_x, a_y, b_x, b_y, w_dx, w_dy = ax[ok], ay[ok], bx[ok], by[ok], wdx[ok], wdy[ok]
            tol = float(_DIAG_TOL[d])
            s1 = _sign(dx * (a_y - py) - dy * (a_x - px), tol)
            s2 = _sign(dx * (b_y - py) - dy * (b_x - px), tol)
            s3 = _sign(w_dx * (py - a_y) - w_dy * (px - a_x), tolw[ok])
            s4 = _sign(w_dx * (py + dy - a_y) - w_dy * (px + dx - a_x), tolw[ok])
            meets = ~((s1 != 0) & (s1 == s2)) & ~((s3 != 0) & (s3 == s4))
            proper = meets & (s1 * s2 < 0) & (s3 * s4 < 0)
            entry = ((cy * w + cx)[ok]) * 8 + d
            back = ((ny * w + nx)[ok]) * 8 + (d + 4) % 8
            wall_step[entry[proper]] = 1
            wall_step[back[proper]] = 1
            touched[entry[meets & ~proper]] = True
    corners = np.flatnonzero(corner_hit)
    # Corners: a diagonal step may not pass through a corner point that a blocking wall touches.
    cxx, cyy = corners % (w + 1), corners // (w + 1)
    inner = (cxx > 0) & (cxx < w) & (cyy > 0) & (cyy < h)
    cxx, cyy = cxx[inner], cyy[inner]
    for sx, sy, d in ((cxx - 1, cyy - 1, 1), (cxx, cyy - 1, 3)):
        dx, dy = DIRECTIONS[d]
        wall_step[(sy * w + sx) * 8 + d] = 1
        wall_step[((sy + dy) * w + sx + dx) * 8 + (d + 4) % 8] = 1
    # steps a wall only touches and nothing blocks yet: the full line-of-effect test
    for e in np.flatnonzero(touched & (wall_step == 0)).tolist():
        if wall_step[e]:
            continue
        pos, d = e >> 3, e & 7
        dx, dy = DIRECTIONS[d]
        x, y = pos % w, pos // w
        if crossed_walls(index, (x + 0.5, y + 0.5), (x + dx + 0.5, y + dy + 0.5)):
            wall_step[e] = 1
            wall_step[((y + dy) * w + x + dx) * 8 + (d + 4) % 8] = 1
    on_centre: dict[int, list[int]] = {}
    for cells, walls_there in centre_hits:
        for cell, number in zip(cells.tolist(), walls_there.tolist(), strict=True):
            on_centre.setdefault(cell, []).append(number)
    for numbers_there in on_centre.values():
        numbers_there.sort()
    return WallSteps(wall_step, frozenset(corners.tolist()), on_centre)
