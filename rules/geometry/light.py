"""Light levels on the grid: bright, dim or darkness for every cell.

Rules (query-protocol.md "Light and visibility"):

* The scene's ambient light (`Options.ambient`) is the level wherever no light source reaches.
* A light source lights a cell to R feet when the cell lies in the area a spell of radius R would cover from
  it **and** the cell has line of sight to it. `bright` is the radius of bright light, `dim` the outer
  radius of dim light (dim ≥ bright): a torch, bright 20 / dim 40, gives dim light from 20 to 40 ft.
* The area: a placed light (`Scene.lights`) is a PF2e **burst** / 5e **sphere** (under the scene's
  ``area_method``) from the light's point; a creature's light (`Token.light`) is an **emanation** from its
  space, its own space included (PF2e: alternating count; 5e: the scene's diagonal count).
* Line of sight: some straight segment from the light's point (a creature's light: from a point inside its
  space) to a point inside the cell crosses no sight-blocking wall (walls and closed doors block, windows
  and low walls don't) — the line of sight of rules.md, decided exactly by `rules.geometry.sight`.
* Levels combine: the brightest level any source (or the ambient light) gives wins.

**Ruling — a light at a point that is not a grid corner** (Universal VTT lights sit anywhere): the PF2e burst
rule is counted from the light's exact point — a cell is lit when the offset from the point to the cell's far
corner, in squares (fractional off the corners), counts 5 × (longer + ⌊shorter / 2⌋) ≤ R, which on a corner
is exactly the Player Core burst and around a square's centre is symmetric (a 10-ft light in the middle of a
square lights it and the 8 around it, like the 5e sphere); the 5e sphere is a circle around the exact point
(``half``/``touch``), and the 5e ``token`` method uses the nearest corner as it does for spells. Line of sight
is always judged from the light's exact point.

**Ruling — Universal VTT lights** (`rules.model.scene.Light.from_uvtt`): their `range` (squares) is the
radius of
the light; the inner half is bright light and the rest dim, as VTTs draw the fall-off. A light with radius 0
lights nothing.

`light_map` computes the whole grid at once (numpy, ``uint8`` levels `DARKNESS` < `DIM` < `BRIGHT`, indexed
``[y, x]``). Each source's contribution is cached per set of walls, so moving a token recomputes only the
light that token carries; the map itself is cached on the scene value (`Scene.cached`).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

import numpy as np
import numpy.typing as npt
import shapely

from rules.geometry.areas import _circle_cover, _count, _window
from rules.geometry.coords import Cell, Point
from rules.geometry.sight import (
    INSET,
    point_has_line_to_space,
    segments_blocked,
    space_samples,
    spaces_have_line,
    wall_index,
)
from rules.model.scene import LIGHT_LEVELS, Light, Scene, Token

DARKNESS, DIM, BRIGHT = 0, 1, 2
LEVEL: dict[str, int] = {"darkness": DARKNESS, "dim": DIM, "bright": BRIGHT}
LevelMap = npt.NDArray[np.uint8]
IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
TOL = 1e-9

# Cached contributions of single sources: key → (walls tuple kept alive for the identity check, cells, levels)
_SOURCES: OrderedDict[Hashable, tuple[Any, IntArray, LevelMap]] = OrderedDict()
_SOURCES_MAX = 4096
_STATIC: OrderedDict[Hashable, tuple[Any, Any, LevelMap]] = OrderedDict()


def level_name(level: int) -> str:
    return LIGHT_LEVELS[2 - int(level)]


# ------------------------------------------------------------------------------------------ templates


def _nearest(v: float) -> int:
    return math.floor(v + 0.5)


def in_point_area(scene: Scene, at: Point, feet: float, x: IntArray, y: IntArray) -> npt.NDArray[np.bool_]:
    """Which cells ``[x, y]`` a burst (PF2e) / sphere (5e, scene's ``area_method``) of radius `feet` from
    point `at` covers, walls ignored (see the module's rulings)."""
    if feet <= 0 or len(x) == 0:
        return np.zeros(len(x), dtype=bool)
    method = "burst" if scene.rules.fixed_templates else scene.rules.area_method
    if method == "token":
        cx, cy = _nearest(at.x), _nearest(at.y)
        n = int(feet // 5)
        out: npt.NDArray[np.bool_] = (x >= cx - n) & (x < cx + n) & (y >= cy - n) & (y < cy + n)
        return out
    if method == "burst":
        # the far corner's offset from the light's point, in squares (whole numbers when the light is on a
        # corner, where this is exactly the Player Core burst), counted 5 × (longer + ⌊shorter / 2⌋)
        a = np.maximum(np.abs(x - at.x), np.abs(x + 1 - at.x))
        b = np.maximum(np.abs(y - at.y), np.abs(y + 1 - at.y))
        hi, lo = np.maximum(a, b), np.minimum(a, b)
        out = 5 * (hi + np.floor(lo / 2 + TOL)) <= feet + TOL
        return out
    cover = _circle_cover(x, y, at, feet / 5)
    out = cover >= 0.5 - TOL if method == "half" else cover > TOL
    return out


def point_template(scene: Scene, at: Point, feet: float) -> IntArray:
    """Cells (rows ``[x, y]``) of `in_point_area`, clipped to the grid."""
    if feet <= 0:
        return np.zeros((0, 2), dtype=np.int64)
    r = int(feet // 5) + 2
    x, y = _window(
        math.floor(at.x) - r, math.ceil(at.x) + r, math.floor(at.y) - r, math.ceil(at.y) + r, scene
    )
    ok = in_point_area(scene, at, feet, x, y)
    return np.stack([x[ok], y[ok]], axis=1).astype(np.int64)


def in_emanation(scene: Scene, token: Token, feet: int, x: IntArray, y: IntArray) -> npt.NDArray[np.bool_]:
    """Which cells lie within `feet` of the token's space, its own space included (the scene's count)."""
    n = token.side_squares
    x0, y0 = token.cell
    dx = np.maximum(np.maximum(x0 - x, x - (x0 + n - 1)), 0)
    dy = np.maximum(np.maximum(y0 - y, y - (y0 + n - 1)), 0)
    out: npt.NDArray[np.bool_] = _count(dx, dy, scene.rules.diagonals) <= feet
    return out


def emanation_template(scene: Scene, token: Token, feet: int) -> IntArray:
    """Cells (rows ``[x, y]``) of `in_emanation`, clipped to the grid."""
    n = token.side_squares
    x0, y0 = token.cell
    r = feet // 5 + 1
    x, y = _window(x0 - r, x0 + n + r, y0 - r, y0 + n + r, scene)
    ok = in_emanation(scene, token, feet, x, y)
    return np.stack([x[ok], y[ok]], axis=1).astype(np.int64)


# ------------------------------------------------------------------------------------ the depth buffer

#: Angular resolution of the depth buffer: bins over the "diamond angle" q ∈ [0, 4).
BINS = 2048
#: How far inside a cell's corners its corner samples sit (squares).
CORNER_INSET = 0.05


def _wall_depths(
    ax: np.ndarray, ay: np.ndarray, ex: np.ndarray, ey: np.ndarray, cross_ae: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The depth buffer's entries of wall segments seen from the origin (their start `a` and direction `e`
    relative to it, `cross_ae` = a × e, none of them edge-on): for each bin a segment covers, the segment's
    index, the bin and the distance along the bin's ray to the segment (inf where the ray misses it)."""
    qa = _diamond(ax, ay)
    qb = _diamond(ax + ex, ay + ey)
    d = np.mod(qb - qa + 2.0, 4.0) - 2.0
    start = np.where(d >= 0, qa, qb)
    span = np.abs(d)
    scale = BINS / 4.0
    k0 = np.ceil(start * scale - 1e-9).astype(np.int64)
    k1 = np.floor((start + span) * scale + 1e-9).astype(np.int64)
    counts = np.maximum(k1 - k0 + 1, 0)
    total = int(counts.sum())
    which = np.repeat(np.arange(len(counts)), counts)
    first = np.cumsum(counts) - counts
    kk = (k0[which] + (np.arange(total) - first[which])) % BINS
    denom = _TABLE_X[kk] * ey[which] - _TABLE_Y[kk] * ex[which]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = cross_ae[which] / denom
    return which, kk, np.where(np.isfinite(t) & (t > 0), t, np.inf)


def _diamond(x: npt.NDArray[np.float64], y: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Diamond angle of direction (x, y): monotone in the true angle, 0 east, 1 south, 2 west, 3 north."""
    s = np.abs(x) + np.abs(y)
    t = y / np.where(s == 0, 1.0, s)
    out: npt.NDArray[np.float64] = np.where(x < 0, 2.0 - t, np.where(t < 0, 4.0 + t, t))
    return out


def _direction(q: npt.NDArray[np.float64]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The point on the unit diamond ``|x| + |y| = 1`` at diamond angle q."""
    q = np.mod(q, 4.0)
    f = q - np.floor(q)
    quad = np.floor(q).astype(np.int64) % 4
    ux = np.choose(quad, [1 - f, -f, f - 1, f])
    uy = np.choose(quad, [f, 1 - f, -f, f - 1])
    return ux, uy


_TABLE_X, _TABLE_Y = _direction(np.arange(BINS, dtype=np.float64) * (4.0 / BINS))


class DepthBuffer:
    """For every diamond-angle bin, the distance (in the L1 units of `_direction`) from the origin to the
    nearest sight-blocking wall along that ray."""

    def __init__(self, coords: npt.NDArray[np.float64], ox: float, oy: float) -> None:
        depth = np.full(BINS, np.inf)
        if len(coords):
            ax, ay = coords[:, 0] - ox, coords[:, 1] - oy
            bx, by = coords[:, 2] - ox, coords[:, 3] - oy
            ex, ey = bx - ax, by - ay
            cross_ae = ax * ey - ay * ex
            keep = np.abs(cross_ae) > 1e-12  # walls whose line passes through the origin are seen edge-on
            ax, ay, ex, ey, cross_ae = ax[keep], ay[keep], ex[keep], ey[keep], cross_ae[keep]
            _owners, kk, t = _wall_depths(ax, ay, ex, ey, cross_ae)
            if len(kk):
                np.minimum.at(depth, kk, t)
        self.depth = depth
        # a hair of slack for single precision (relative) and points lying on a wall (absolute)
        self.depth32 = (depth * (1 + 1e-5) + 1e-4).astype(np.float32)
        self.ox, self.oy = ox, oy

    def visible(self, px: npt.NDArray[np.float32], py: npt.NDArray[np.float32]) -> npt.NDArray[np.bool_]:
        """Whether each point is in front of the nearest wall in its direction (either neighbouring bin).
        Single precision (this is the display rule), computed in reused scratch arrays: a whole big map
        per drag step must not allocate (and page in) a dozen fresh arrays."""
        f1, f2, f3, f4, i1, i2, b1, b2 = _scratch(px.shape)
        np.subtract(px, np.float32(self.ox), out=f1)  # dx
        np.subtract(py, np.float32(self.oy), out=f2)  # dy
        np.less(f1, 0, out=b1)  # west half
        np.abs(f1, out=f3)
        np.abs(f2, out=f4)
        np.add(f3, f4, out=f3)  # r = |dx| + |dy|
        np.maximum(f3, np.float32(1e-12), out=f4)
        np.divide(f2, f4, out=f4)  # t = dy / r
        np.less(f4, 0, out=b2)
        np.copyto(f1, f4)  # q = t, + 4 when t < 0, 2 - t in the west half
        np.add(f1, np.float32(4), out=f1, where=b2)
        np.subtract(np.float32(2), f4, out=f2)
        np.copyto(f1, f2, where=b1)
        np.multiply(f1, np.float32(BINS / 4.0), out=f1)
        np.copyto(i1, f1, casting="unsafe")  # floor (q ≥ 0)
        np.greater_equal(i1, BINS, out=b2)
        np.subtract(i1, BINS, out=i1, where=b2)
        np.add(i1, 1, out=i2)
        np.equal(i2, BINS, out=b2)
        np.copyto(i2, 0, where=b2)
        np.take(self.depth32, i1, out=f2)
        np.take(self.depth32, i2, out=f4)
        np.maximum(f2, f4, out=f2)
        out: npt.NDArray[np.bool_] = np.less_equal(f3, f2)
        return out


_SCRATCH: dict[tuple[int, ...], tuple[Any, ...]] = {}


def _scratch(shape: tuple[int, ...]) -> tuple[Any, ...]:
    hit = _SCRATCH.get(shape)
    if hit is None:
        if len(_SCRATCH) > 8:
            _SCRATCH.clear()
        hit = (
            *(np.empty(shape, dtype=np.float32) for _ in range(4)),
            *(np.empty(shape, dtype=np.int32) for _ in range(2)),
            *(np.empty(shape, dtype=bool) for _ in range(2)),
        )
        _SCRATCH[shape] = hit
    return hit


# ------------------------------------------------------------------------------------- line of sight


def _cell_samples(cells: IntArray) -> npt.NDArray[np.float64]:
    """Five points inside each cell: its centre and a hair inside each corner, shape ``(n, 5, 2)``."""
    base = cells.astype(np.float64)[:, None, :]
    offs = np.array(
        [[0.5, 0.5], [INSET, INSET], [1 - INSET, INSET], [INSET, 1 - INSET], [1 - INSET, 1 - INSET]]
    )
    out: npt.NDArray[np.float64] = base + offs[None, :, :]
    return out


def _lit_by_samples(scene: Scene, origins: npt.NDArray[np.float64], cells: IntArray) -> npt.NDArray[np.bool_]:
    """Cells proven to have line of sight by some unblocked segment from one of `origins` to one of the
    cell's sample points (a quick, exact "yes"; False means "not proven")."""
    index = wall_index(scene, "sight")
    n = len(cells)
    if index.tree is None or n == 0:
        return np.ones(n, dtype=bool)
    xs = np.concatenate([cells[:, 0], cells[:, 0] + 1, origins[:, 0]])
    ys = np.concatenate([cells[:, 1], cells[:, 1] + 1, origins[:, 1]])
    region = shapely.box(
        float(xs.min()) - 1e-6, float(ys.min()) - 1e-6, float(xs.max()) + 1e-6, float(ys.max()) + 1e-6
    )
    cand = np.asarray(index.tree.query(region), dtype=np.intp)
    if cand.size == 0:
        return np.ones(n, dtype=bool)
    samples = _cell_samples(cells)  # (n, 5, 2)
    lit = np.zeros(n, dtype=bool)
    for o in origins:
        todo = np.flatnonzero(~lit)
        if todo.size == 0:
            break
        pts = samples[todo].reshape(-1, 2)
        segs = np.column_stack([np.broadcast_to(o, pts.shape), pts])
        ok = ~segments_blocked(index, segs, cand)
        lit[todo[ok.reshape(len(todo), 5).any(axis=1)]] = True
    return lit


def _source_key(scene: Scene, kind: str, *parts: Hashable) -> Hashable:
    o = scene.options
    return (
        id(scene.walls),
        scene.grid.width,
        scene.grid.height,
        scene.system,
        o.area_method,
        o.diagonals,
        kind,
        *parts,
    )


def _memo(scene: Scene, key: Hashable, build: Any) -> tuple[IntArray, LevelMap]:
    hit = _SOURCES.get(key)
    if hit is not None and hit[0] is scene.walls:
        _SOURCES.move_to_end(key)
        return hit[1], hit[2]
    cells, levels = build()
    _SOURCES[key] = (scene.walls, cells, levels)
    while len(_SOURCES) > _SOURCES_MAX:
        _SOURCES.popitem(last=False)
    return cells, levels


def _levels(bright_cells: IntArray, dim_cells: IntArray) -> tuple[IntArray, LevelMap]:
    """Union of the two templates with each cell's level (bright where in the bright template), painted on
    a small local grid (no sorting)."""
    both = [c for c in (bright_cells, dim_cells) if len(c)]
    if not both:
        return np.zeros((0, 2), dtype=np.int64), np.zeros(0, dtype=np.uint8)
    x0 = min(int(c[:, 0].min()) for c in both)
    y0 = min(int(c[:, 1].min()) for c in both)
    x1 = max(int(c[:, 0].max()) for c in both) + 1
    y1 = max(int(c[:, 1].max()) for c in both) + 1
    local = np.zeros((y1 - y0, x1 - x0), dtype=np.uint8)
    if len(dim_cells):
        local[dim_cells[:, 1] - y0, dim_cells[:, 0] - x0] = DIM
    if len(bright_cells):
        local[bright_cells[:, 1] - y0, bright_cells[:, 0] - x0] = BRIGHT
    ys, xs = np.nonzero(local)
    cells = np.stack([xs + x0, ys + y0], axis=1).astype(np.int64)
    levels: LevelMap = local[ys, xs]
    return cells, levels


def _point_levels(scene: Scene, at: Point, bright: float, dim: float) -> tuple[IntArray, LevelMap]:
    """`_levels` of a point light's two templates, from the outer one alone: a template of a larger radius
    holds every cell of a smaller one, so a cell is bright when the bright template holds it too."""
    cells = point_template(scene, at, max(bright, dim))
    if len(cells) == 0:
        return cells, np.zeros(0, dtype=np.uint8)
    in_bright = in_point_area(scene, at, bright, cells[:, 0], cells[:, 1])
    levels: LevelMap = np.where(in_bright, BRIGHT, DIM).astype(np.uint8)
    return cells, levels


def _lit_by_depth(scene: Scene, ox: float, oy: float, cells: IntArray) -> npt.NDArray[np.bool_]:
    """The display rule for a light at a point: a cell is lit when its centre or a point a hair inside one of
    its corners is in front of the nearest sight-blocking wall seen from the point (`DepthBuffer` over the
    walls near the light)."""
    index = wall_index(scene, "sight")
    if index.tree is None or len(cells) == 0:
        return np.ones(len(cells), dtype=bool)
    x0, y0 = cells.min(axis=0)
    x1, y1 = cells.max(axis=0) + 1
    region = shapely.box(min(x0, ox) - 1e-6, min(y0, oy) - 1e-6, max(x1, ox) + 1e-6, max(y1, oy) + 1e-6)
    cand = np.asarray(index.tree.query(region), dtype=np.intp)
    if cand.size == 0:
        return np.ones(len(cells), dtype=bool)
    buf = DepthBuffer(index.coords[cand], ox, oy)
    lo, hi = CORNER_INSET, 1 - CORNER_INSET
    offs = np.array([[0.5, 0.5], [lo, lo], [hi, lo], [lo, hi], [hi, hi]], dtype=np.float32)
    pts = cells.astype(np.float32)[:, None, :] + offs[None, :, :]
    seen = buf.visible(pts[..., 0], pts[..., 1])
    out: npt.NDArray[np.bool_] = np.asarray(seen.any(axis=1), dtype=bool)
    return out


def light_contribution(scene: Scene, light: Light, exact: bool = True) -> tuple[IntArray, LevelMap]:
    """Cells a placed light reaches and the level it gives each (cached per walls). ``exact=False`` judges
    line of sight by the display rule (`_lit_by_depth`), fast enough to light a big map as it opens."""
    at = Point(float(light.position.x), float(light.position.y))

    def build() -> tuple[IntArray, LevelMap]:
        cells, levels = _point_levels(scene, at, light.bright, light.dim)
        if len(cells) == 0:
            return cells, levels
        if not exact:
            ok = _lit_by_depth(scene, at.x, at.y, cells)
            return cells[ok], levels[ok]
        ok = _lit_by_samples(scene, np.array([[at.x, at.y]]), cells)
        for i in np.flatnonzero(~ok).tolist():
            c = (int(cells[i, 0]), int(cells[i, 1]))
            ok[i] = point_has_line_to_space(scene, at, c, 1, "sight")
        return cells[ok], levels[ok]

    kind = "point" if exact else "point-fast"
    return _memo(scene, _source_key(scene, kind, at.x, at.y, light.bright, light.dim), build)


def _fast_key(scene: Scene, light: Light) -> Hashable:
    at = Point(float(light.position.x), float(light.position.y))
    return _source_key(scene, "point-fast", at.x, at.y, light.bright, light.dim)


def _light_all_fast(scene: Scene, lights: tuple[Light, ...]) -> None:
    """Put `light_contribution(scene, light, exact=False)` of every light not yet cached into the cache,
    computed for all of them at once: the same arithmetic as one light at a time (templates, the depth
    buffer over the walls near each light, the five samples of each cell), on arrays that hold every light,
    so opening a map with hundreds of lights costs a few array operations, not hundreds of rounds of them."""
    todo: dict[Hashable, Light] = {}
    for light in lights:
        key = _fast_key(scene, light)
        hit = _SOURCES.get(key)
        if (hit is None or hit[0] is not scene.walls) and key not in todo:
            todo[key] = light
    if len(todo) < 2:
        return  # one light: `light_contribution` computes it as it is asked
    keys = list(todo)
    found = _fast_contributions(scene, list(todo.values()))
    for key, (cells, levels) in zip(keys, found, strict=True):
        _SOURCES[key] = (scene.walls, cells, levels)
    while len(_SOURCES) > _SOURCES_MAX:
        _SOURCES.popitem(last=False)


def _in_point_areas(
    scene: Scene, ax: FloatArray, ay: FloatArray, feet: FloatArray, x: IntArray, y: IntArray
) -> npt.NDArray[np.bool_]:
    """`in_point_area` of cell ``[x[i], y[i]]`` for a light at ``(ax[i], ay[i])`` of radius ``feet[i]``."""
    method = "burst" if scene.rules.fixed_templates else scene.rules.area_method
    if method == "token":
        cx, cy = np.floor(ax + 0.5), np.floor(ay + 0.5)
        n = np.floor_divide(feet, 5).astype(np.int64)
        out: npt.NDArray[np.bool_] = (x >= cx - n) & (x < cx + n) & (y >= cy - n) & (y < cy + n)
    elif method == "burst":
        a = np.maximum(np.abs(x - ax), np.abs(x + 1 - ax))
        b = np.maximum(np.abs(y - ay), np.abs(y + 1 - ay))
        hi, lo = np.maximum(a, b), np.minimum(a, b)
        out = 5 * (hi + np.floor(lo / 2 + TOL)) <= feet + TOL
    else:
        safe = np.where(feet > 0, feet, 5.0)
        cover = _circle_cover(x, y, Point(ax, ay), safe / 5)  # type: ignore[arg-type]
        out = cover >= 0.5 - TOL if method == "half" else cover > TOL
    result: npt.NDArray[np.bool_] = out & (feet > 0)
    return result


def _fast_contributions(scene: Scene, lights: list[Light]) -> list[tuple[IntArray, LevelMap]]:
    """The display-rule contributions of `lights` (see `_light_all_fast`), in their order."""
    w, h = scene.grid.width, scene.grid.height
    n_lights = len(lights)
    ax = np.array([float(lt.position.x) for lt in lights])
    ay = np.array([float(lt.position.y) for lt in lights])
    bright = np.array([float(lt.bright) for lt in lights])
    outer = np.maximum(bright, np.array([float(lt.dim) for lt in lights]))
    # each light's window of cells (`point_template`), clipped to the grid
    r = np.where(outer > 0, np.floor_divide(outer, 5).astype(np.int64) + 2, 0)
    x0 = np.clip(np.floor(ax).astype(np.int64) - r, 0, w)
    x1 = np.clip(np.ceil(ax).astype(np.int64) + r, 0, w)
    y0 = np.clip(np.floor(ay).astype(np.int64) - r, 0, h)
    y1 = np.clip(np.ceil(ay).astype(np.int64) + r, 0, h)
    nx, ny = np.maximum(x1 - x0, 0), np.maximum(y1 - y0, 0)
    nx = np.where(outer > 0, nx, 0)
    sizes = nx * ny
    li = np.repeat(np.arange(n_lights), sizes)
    k = np.arange(int(sizes.sum())) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    cy = np.where(ny[li] > 0, y0[li] + k % np.maximum(ny[li], 1), 0)
    cx = x0[li] + k // np.maximum(ny[li], 1)
    inside = _in_point_areas(scene, ax[li], ay[li], outer[li], cx, cy)
    li, cx, cy = li[inside], cx[inside], cy[inside]
    lit_bright = _in_point_areas(scene, ax[li], ay[li], bright[li], cx, cy)
    levels = np.where(lit_bright, BRIGHT, DIM).astype(np.uint8)
    # line of sight by the depth buffer of each light over the walls near it (`_lit_by_depth`)
    index = wall_index(scene, "sight")
    if index.tree is not None and len(li):
        counts = np.bincount(li, minlength=n_lights)
        has = np.flatnonzero(counts)
        starts = (np.cumsum(counts) - counts)[has]
        bx0 = np.minimum(np.minimum.reduceat(cx, starts), ax[has]) - 1e-6
        by0 = np.minimum(np.minimum.reduceat(cy, starts), ay[has]) - 1e-6
        bx1 = np.maximum(np.maximum.reduceat(cx, starts) + 1, ax[has]) + 1e-6
        by1 = np.maximum(np.maximum.reduceat(cy, starts) + 1, ay[has]) + 1e-6
        box_of, wall_of = index.tree.query(shapely.box(bx0, by0, bx1, by1))
        pair_light = has[box_of]
        depth = _depths(index.coords[wall_of], ax[pair_light], ay[pair_light], pair_light, n_lights)
        ok = _visible_any(depth, ax, ay, li, cx, cy)
        li, cx, cy, levels = li[ok], cx[ok], cy[ok], levels[ok]
    cells = np.stack([cx, cy], axis=1).astype(np.int64)
    bounds = np.searchsorted(li, np.arange(n_lights + 1))
    return [(cells[bounds[i] : bounds[i + 1]], levels[bounds[i] : bounds[i + 1]]) for i in range(n_lights)]


def _depths(
    coords: npt.NDArray[np.float64], ox: FloatArray, oy: FloatArray, owner: IntArray, n_lights: int
) -> npt.NDArray[np.float32]:
    """The `DepthBuffer.depth32` of every light (rows), from (light, wall) pairs: ``coords[i]`` is a wall
    near light ``owner[i]`` at ``(ox[i], oy[i])``."""
    depth = np.full(n_lights * BINS, np.inf)
    ax, ay = coords[:, 0] - ox, coords[:, 1] - oy
    bx, by = coords[:, 2] - ox, coords[:, 3] - oy
    ex, ey = bx - ax, by - ay
    cross_ae = ax * ey - ay * ex
    keep = np.abs(cross_ae) > 1e-12
    ax, ay, ex, ey, cross_ae, owner = ax[keep], ay[keep], ex[keep], ey[keep], cross_ae[keep], owner[keep]
    which, kk, t = _wall_depths(ax, ay, ex, ey, cross_ae)
    if len(kk):
        np.minimum.at(depth, owner[which] * BINS + kk, t)
    out: npt.NDArray[np.float32] = (depth * (1 + 1e-5) + 1e-4).astype(np.float32)
    return out


def _visible_any(
    depth32: npt.NDArray[np.float32], ax: FloatArray, ay: FloatArray, li: IntArray, cx: IntArray, cy: IntArray
) -> npt.NDArray[np.bool_]:
    """Whether the centre or a corner sample of cell ``[cx[i], cy[i]]`` is in front of the nearest wall seen
    from light ``li[i]`` (`DepthBuffer.visible`, the same single-precision steps)."""
    lo, hi = CORNER_INSET, 1 - CORNER_INSET
    offs = np.array([[0.5, 0.5], [lo, lo], [hi, lo], [lo, hi], [hi, hi]], dtype=np.float32)
    px = cx.astype(np.float32)[:, None] + offs[None, :, 0]
    py = cy.astype(np.float32)[:, None] + offs[None, :, 1]
    dx = px - ax.astype(np.float32)[li][:, None]
    dy = py - ay.astype(np.float32)[li][:, None]
    west = dx < 0
    r = np.abs(dx) + np.abs(dy)
    t = dy / np.maximum(r, np.float32(1e-12))
    q = np.where(t < 0, t + np.float32(4), t)
    q = np.where(west, np.float32(2) - t, q).astype(np.float32)
    q = q * np.float32(BINS / 4.0)
    i1 = q.astype(np.int32)
    i1 = np.where(i1 >= BINS, i1 - BINS, i1)
    i2 = i1 + 1
    i2 = np.where(i2 == BINS, 0, i2)
    base = (li * BINS)[:, None]
    near = np.maximum(depth32[base + i1], depth32[base + i2])
    seen: npt.NDArray[np.bool_] = (r <= near).any(axis=1)
    return seen


def token_light_contribution(scene: Scene, token: Token, exact: bool = True) -> tuple[IntArray, LevelMap]:
    """Cells the light a creature carries reaches and the level it gives each (cached per walls and the
    creature's space). With ``exact=False`` (drawing, fog, dragging) line of sight is read off the
    creature's sight mask (`sight_mask`, the display rule of `rules.geometry.vision`) instead of the exact
    search."""
    tl = token.light
    if tl is None:
        return np.zeros((0, 2), dtype=np.int64), np.zeros(0, dtype=np.uint8)
    n = token.side_squares
    if not exact:

        def build_fast() -> tuple[IntArray, LevelMap]:
            cells, levels = _levels(
                emanation_template(scene, token, tl.bright), emanation_template(scene, token, tl.dim)
            )
            ok = sight_mask(scene, token)[cells[:, 1], cells[:, 0]] if len(cells) else np.zeros(0, dtype=bool)
            return cells[ok], levels[ok]

        return _memo(scene, _source_key(scene, "token-fast", token.cell, n, tl.bright, tl.dim), build_fast)

    def build() -> tuple[IntArray, LevelMap]:
        cells, levels = _levels(
            emanation_template(scene, token, tl.bright), emanation_template(scene, token, tl.dim)
        )
        if len(cells) == 0:
            return cells, levels
        own = (cells[:, 0] >= token.cell.x) & (cells[:, 0] < token.cell.x + n)
        own &= (cells[:, 1] >= token.cell.y) & (cells[:, 1] < token.cell.y + n)
        centre = token.centre()
        ok = own.copy()
        rest = np.flatnonzero(~ok)
        ok[rest] = _lit_by_samples(scene, np.array([[centre.x, centre.y]]), cells[rest])
        rest = np.flatnonzero(~ok)
        if len(rest):
            origins = np.array([[p.x, p.y] for p in space_samples(token.cell, n)], dtype=float)
            ok[rest] = _lit_by_samples(scene, origins, cells[rest])
        for i in np.flatnonzero(~ok).tolist():
            c = (int(cells[i, 0]), int(cells[i, 1]))
            ok[i] = spaces_have_line(scene, token.cell, n, c, 1, "sight")
        return cells[ok], levels[ok]

    return _memo(scene, _source_key(scene, "token", token.cell, n, tl.bright, tl.dim), build)


# ----------------------------------------------------------------------------------------------- maps


def static_light_map(scene: Scene, exact: bool = False) -> LevelMap:
    """Ambient light plus the placed lights (not creatures' lights), ``[y, x]`` (exact or display rule)."""

    def build() -> LevelMap:
        out = np.full((scene.grid.height, scene.grid.width), LEVEL[scene.options.ambient], dtype=np.uint8)
        if scene.options.ambient == "bright":
            return out
        if not exact:
            _light_all_fast(scene, scene.lights)
        for light in scene.lights:
            cells, levels = light_contribution(scene, light, exact)
            if len(cells):
                np.maximum.at(out, (cells[:, 1], cells[:, 0]), levels)
        out.setflags(write=False)
        return out

    # shared by every scene value holding the same walls and lights (a token move keeps both)
    key = _source_key(scene, "static", id(scene.lights), scene.options.ambient, exact)
    hit = _STATIC.get(key)
    if hit is not None and hit[0] is scene.walls and hit[1] is scene.lights:
        _STATIC.move_to_end(key)
        return hit[2]
    result = build()
    _STATIC[key] = (scene.walls, scene.lights, result)
    while len(_STATIC) > 16:
        _STATIC.popitem(last=False)
    return result


def light_map(scene: Scene, exact: bool = False) -> LevelMap:
    """Every cell's light level (`DARKNESS`, `DIM`, `BRIGHT`), indexed ``[y, x]`` (cached per scene).

    With ``exact=True`` (the queries) line of sight to every light is the exact rule; by default it is the
    display rule (`_lit_by_depth`, `token_light_contribution`), fast enough to open a big map and to follow
    a drag."""

    def build() -> LevelMap:
        base = static_light_map(scene, exact)
        if scene.options.ambient == "bright":
            return base
        out = base.copy()
        for t in scene.tokens:
            if t.light is None:
                continue
            cells, levels = token_light_contribution(scene, t, exact)
            if len(cells):
                np.maximum.at(out, (cells[:, 1], cells[:, 0]), levels)
        out.setflags(write=False)
        return out

    result: LevelMap = scene.cached(("light.map", exact), build)
    return result


def cell_light(scene: Scene, cell: Cell | tuple[int, int]) -> int:
    """One cell's light level by the exact rule, looking only at that cell: each light whose area holds the
    cell and that would make it brighter is checked for line of sight (the same answer as
    ``light_map(scene, exact=True)``, without lighting the whole map)."""
    x, y = int(cell[0]), int(cell[1])
    best = LEVEL[scene.options.ambient]
    if best == BRIGHT:
        return best
    xs, ys = np.array([x], dtype=np.int64), np.array([y], dtype=np.int64)
    for light in scene.lights:
        at = Point(float(light.position.x), float(light.position.y))
        for level, feet in ((BRIGHT, light.bright), (DIM, light.dim)):
            if level > best and bool(in_point_area(scene, at, feet, xs, ys)[0]):
                if point_has_line_to_space(scene, at, (x, y), 1, "sight"):
                    best = level
                break  # the dim area holds the bright one: no need to look further for this light
        if best == BRIGHT:
            return best
    for t in scene.tokens:
        tl = t.light
        if tl is None:
            continue
        for level, feet in ((BRIGHT, tl.bright), (DIM, tl.dim)):
            if level > best and bool(in_emanation(scene, t, feet, xs, ys)[0]):
                if spaces_have_line(scene, t.cell, t.side_squares, (x, y), 1, "sight"):
                    best = level
                break
        if best == BRIGHT:
            return best
    return best


def light_at(scene: Scene, cell: Cell | tuple[int, int]) -> str:
    """The light level name of one cell (exact rule): ``bright``, ``dim`` or ``darkness``."""
    x, y = int(cell[0]), int(cell[1])
    if not scene.grid.contains(x, y):
        raise ValueError(f"cell [{x}, {y}] is outside the {scene.grid.width}×{scene.grid.height} grid")
    return level_name(cell_light(scene, (x, y)))


def space_light(scene: Scene, token: Token) -> int:
    """The brightest level on any square of a creature's space (its light for being seen; **Ruling**: a
    creature partly in bright light is seen in bright light)."""
    best = -1
    for c in token.squares():
        if scene.grid.contains(c.x, c.y):
            best = max(best, cell_light(scene, c))
            if best == BRIGHT:
                break
    return best if best >= 0 else LEVEL[scene.options.ambient]


# ----------------------------------------------------------------------------------------------- masks

BoolMap = npt.NDArray[np.bool_]
_MASKS: OrderedDict[Hashable, tuple[object, BoolMap]] = OrderedDict()
_MASKS_MAX = 512
_SAMPLES: dict[tuple[int, int], tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]] = {}


def _samples(width: int, height: int) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Sample points of every cell, shape ``(5, height, width)``: centre, then the four inset corners."""
    key = (width, height)
    hit = _SAMPLES.get(key)
    if hit is None:
        gy, gx = np.mgrid[0:height, 0:width].astype(np.float64)
        lo, hi = CORNER_INSET, 1 - CORNER_INSET
        offs = ((0.5, 0.5), (lo, lo), (hi, lo), (lo, hi), (hi, hi))
        xs = np.stack([gx + ox for ox, _ in offs]).astype(np.float32)
        ys = np.stack([gy + oy for _, oy in offs]).astype(np.float32)
        hit = (xs, ys)
        if len(_SAMPLES) > 8:
            _SAMPLES.clear()
        _SAMPLES[key] = hit
    return hit


def sight_mask(scene: Scene, token: Token) -> BoolMap:
    """Cells (``[y, x]``) in sight from the creature's space, ignoring light and senses (the display rule in
    `rules.geometry.vision`'s docstring). Cached per walls and space; do not modify the array."""
    n = token.side_squares
    key = (id(scene.walls), scene.grid.width, scene.grid.height, token.cell, n)
    hit = _MASKS.get(key)
    if hit is not None and hit[0] is scene.walls:
        _MASKS.move_to_end(key)
        return hit[1]
    w, h = scene.grid.width, scene.grid.height
    centre = token.centre()
    buf = DepthBuffer(wall_index(scene, "sight").coords, centre.x, centre.y)
    xs, ys = _samples(w, h)
    centres = buf.visible(xs[0], ys[0])
    mask = centres.copy()
    # corners only matter next to the edge of what the centres show
    edge = np.zeros_like(mask)
    edge[:, 1:] |= centres[:, 1:] != centres[:, :-1]
    edge[:, :-1] |= centres[:, 1:] != centres[:, :-1]
    edge[1:, :] |= centres[1:, :] != centres[:-1, :]
    edge[:-1, :] |= centres[1:, :] != centres[:-1, :]
    todo = edge & ~centres
    if todo.any():
        yy, xx = np.nonzero(todo)
        seen = np.zeros(len(yy), dtype=bool)
        for s in range(1, 5):
            seen |= buf.visible(xs[s][yy, xx], ys[s][yy, xx])
        mask[yy[seen], xx[seen]] = True
    x0, y0 = token.cell
    mask[max(0, y0) : max(0, y0 + n), max(0, x0) : max(0, x0 + n)] = True
    mask.setflags(write=False)
    _MASKS[key] = (scene.walls, mask)
    while len(_MASKS) > _MASKS_MAX:
        _MASKS.popitem(last=False)
    return mask
