"""Areas of effect: the template (a set of cells), line of effect from the area's origin, affected tokens.

Everything is in grid units (1 square = 5 ft); directions are degrees with 0 = east and 90 = south (y grows
down). `area_cells` gives the template with walls ignored; `resolve_area` adds line of effect and tokens.

Boundary rules (rules.md "Areas"), shape by shape:

PF2e (always the alternating 5/10 count; difficult terrain never changes an area):

* **burst** from grid corner ``(X, Y)``: a cell is in iff the count from the corner to the cell's *far*
  corner is ≤ the radius (5/10/15/20/25/30 ft → 4/12/24/44/68/96 squares).
* **emanation** from a creature's space: every cell whose count from the nearest square of the space is
  ≤ the radius (no 10-ft reach exception); the own space only with ``include_self``.
* **cone**, aimed straight (0/90/180/270): the origin ``(X, Ym)`` is the midpoint of the edge of the
  creator's space (X must lie on a grid line). Aimed east, cell ``[x, y]`` is in iff
  ``|y+0.5−Ym| ≤ x+0.5−X`` (boundary included) and ``5·(max(a,b) + ⌊min(a,b)/2⌋) ≤ L`` with ``a = x−X+1``,
  ``b = ⌊|y+0.5−Ym|⌋``; the other axes are rotations of this. Any other direction: the origin is a grid
  corner and a cell is in iff its centre lies within ±45° of the direction (boundary included) and the
  cell is in the burst of the same radius from that corner (aimed diagonally this is one quadrant of
  the burst). The creator's own squares are never part of a cone.
* **line**: the centreline runs from the origin; each cell it passes through is taken, in order. Where it
  passes exactly through a grid corner it steps diagonally (the two side cells are not taken). A
  centreline running exactly along a grid line takes the cells on its clockwise side (the side reached by
  turning the direction +90°; for an eastward line, the south side); a line starting on a grid line
  enters the cell on the side it moves to. Steps are priced like movement (first cell 5 ft, straight
  steps 5 ft, diagonal steps 5/10 alternating) and the line stops before its length is exceeded. Width
  W gives W/5 lanes, lane k starting k squares (5 ft) to the clockwise side of the origin, each priced
  on its own.

D&D 5e (``area_method`` from the scene's options, or `AreaSpec.method`):

* ``"half"``: a square is in iff the shape covers at least half of it (exactly half counts; 1e-9
  tolerance). ``"touch"``: iff the shape covers a positive area of it (an edge or corner touch is not
  enough). Areas are computed exactly: analytically for circles and cubes, with shapely for cone and
  line polygons (only for squares on the polygon's boundary).
* shapes: ``sphere``/``cylinder`` = circle of radius R around the corner; ``cube`` = axis-aligned square of
  side S whose top-left corner is given; ``cone`` = isosceles triangle from the origin, length L, width d
  at distance d; ``line`` = rectangle of length L and width W (default 5) centred on the centreline.
* ``"token"``: sphere/cylinder of radius R at corner (X, Y) = cells ``[X−n, X+n) × [Y−n, Y+n)`` with
  n = ⌊R/5⌋; cube = ``[X, X+n) × [Y, Y+n)`` with n = ⌊S/5⌋ (a corner that is not a grid intersection is
  rounded to the nearest one). Cone and line snap the direction to the nearest axis or diagonal (ties
  toward the smaller multiple of 45°). Cone: rows k = 1…⌊L/5⌋ of k squares; along an axis, row k is the
  k-th column (row) of cells ahead of the origin, centred on the origin, the odd square on the
  clockwise side; aimed diagonally from corner (X, Y) (rounded), row k aimed NE is the cells
  ``[X+i, Y−1−j]`` with ``i + j = k − 1`` (rotated for the other diagonals). Line: ⌊L/5⌋ squares from the
  first square the line enters (as for the PF2e line), ⌊W/5⌋ abreast: extra lanes are shifted one square
  to the clockwise side (aimed diagonally: one square toward the axis 45° clockwise of the direction).
* ``emanation`` (2024 rules only): as in PF2e but counted in the scene's diagonal mode (five-foot count:
  N/5 squares in every direction); ``area_method`` does not apply.

Line of effect: a cell is **blocked** iff the segment from the area's origin point to the cell's centre
is blocked per `rules.geometry.sight` (crossing a wall blocks, including through a vertex shared by two
segments of a wall; touching a wall's free end or running along a wall does not). The origin point is the
corner of a burst/sphere/cylinder, the top-left corner of a cube, the origin of a cone or line, and the
centre of the creator's space for an emanation. A token is affected iff any square of its space is in the
cells and not blocked. The creator of a cone, line, cube or emanation (`AreaSpec.token_id`) is left out
of the tokens unless ``include_self``; a sphere's or burst's origin is inside its area, so no one is left
out of those.

Cells off the grid are clipped: `cells` and `blocked` only list squares of the grid. A PF2e line that
leaves the grid keeps being priced as if the grid went on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import shapely

from rules.errors import QueryError
from rules.geometry.coords import DIRECTIONS, Cell, Point
from rules.geometry.distance import ALTERNATING
from rules.geometry.sight import EPS, crossed_walls, wall_index
from rules.model.area_spec import ALL_SHAPES as ALL_SHAPES  # the values live in rules.model
from rules.model.area_spec import AreaSpec as AreaSpec
from rules.model.grid_rules import SYSTEM_GRIDS
from rules.model.scene import AREA_METHODS, Scene, Token

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

PF2E_SHAPES: tuple[str, ...] = ("burst", "emanation", "cone", "line")
DND5E_SHAPES: tuple[str, ...] = ("sphere", "cylinder", "cube", "cone", "line", "emanation")
#: Shapes whose point of origin is outside the area: their creator is affected only with include_self.
CREATOR_OUTSIDE: tuple[str, ...] = ("cone", "line", "cube", "emanation")
#: Largest length, radius or width accepted, in feet (the largest grid is 1000 squares = 5000 ft).
MAX_FEET = 10_000
#: Tolerance for "exactly half", "on the boundary" and "exactly through a corner".
TOL = 1e-9

_SQRT_HALF = math.sqrt(0.5)
_OCTANT_UNITS: tuple[tuple[float, float], ...] = (
    (1.0, 0.0),
    (_SQRT_HALF, _SQRT_HALF),
    (0.0, 1.0),
    (-_SQRT_HALF, _SQRT_HALF),
    (-1.0, 0.0),
    (-_SQRT_HALF, -_SQRT_HALF),
    (0.0, -1.0),
    (_SQRT_HALF, -_SQRT_HALF),
)


# ------------------------------------------------------------------------------------------------ values


@dataclass(frozen=True, slots=True)
class AreaResult:
    """The answer for one area: template cells, those without line of effect, affected token ids (all
    sorted: cells by x then y, ids by code point), and the origin point used for line of effect."""

    cells: tuple[Cell, ...]
    blocked: tuple[Cell, ...]
    tokens: tuple[str, ...]
    origin: Point

    @property
    def affected_cells(self) -> tuple[Cell, ...]:
        """Cells of the area that have line of effect."""
        blocked = set(self.blocked)
        return tuple(c for c in self.cells if c not in blocked)


# -------------------------------------------------------------------------------------------- directions


def octant(direction: float) -> int | None:
    """Index 0…7 of the multiple of 45° that `direction` is (within 1e-9°), else None. 0 = east, 2 = south."""
    d = direction % 360.0
    k = round(d / 45.0)
    if abs(d - 45.0 * k) <= TOL:
        return k % 8
    return None


def unit_vector(direction: float) -> tuple[float, float]:
    """Unit vector of a direction in degrees (0 = east, 90 = south); exact for multiples of 45°.

    Computed from the angle's offset within its 45° octant and mapped by exact sign/swap operations, so
    turning the direction by a multiple of 90° or mirroring it across an axis (exactly representable
    angles) turns or mirrors the vector exactly.
    """
    k = octant(direction)
    if k is not None:
        return _OCTANT_UNITS[k]
    d = direction % 360.0
    quadrant = int(d // 90.0) % 4
    rest = d - 90.0 * quadrant
    if rest <= 45.0:
        c, s = math.cos(math.radians(rest)), math.sin(math.radians(rest))
    else:
        c, s = math.sin(math.radians(90.0 - rest)), math.cos(math.radians(90.0 - rest))
    for _ in range(quadrant):
        c, s = -s, c
    return c, s


def nearest_octant(direction: float) -> int:
    """The nearest axis or diagonal (0…7); a direction exactly between two goes to the smaller multiple."""
    d = direction % 360.0
    k = math.floor(d / 45.0)
    rest = d - 45.0 * k
    return (k + (1 if rest > 22.5 + TOL else 0)) % 8


def shapes_for(system: str) -> tuple[str, ...]:
    """The area shapes a rule system has (its grid data, `rules.model.grid_rules`)."""
    return SYSTEM_GRIDS[system].area_shapes


# ---------------------------------------------------------------------------------------- spec checking


def _field_name(shape: str) -> str:
    return "origin" if shape in ("cone", "line") else "corner"


def _bad(message: str) -> QueryError:
    return QueryError("bad value", message)


def _nearest(v: float) -> int:
    """The nearest whole number, halves rounded up."""
    return math.floor(v + 0.5)


def _is_whole(v: float) -> bool:
    return abs(v - round(v)) <= TOL


def _check(scene: Scene, spec: AreaSpec) -> None:
    shapes = shapes_for(scene.system)
    if spec.shape not in ALL_SHAPES:
        raise _bad(f"{spec.shape!r} is not an area shape; {scene.system} has {', '.join(shapes)}")
    if spec.shape not in shapes:
        raise _bad(f"{scene.system} has no {spec.shape!r} area; its shapes are {', '.join(shapes)}")
    if not 0 <= spec.feet <= MAX_FEET:
        raise _bad(f"'feet' must be between 0 and {MAX_FEET}, got {spec.feet}")
    if spec.method is not None and spec.method not in AREA_METHODS:
        raise _bad(f"area method must be one of {', '.join(AREA_METHODS)}, got {spec.method!r}")
    if spec.shape in ("cone", "line") and spec.direction is None:
        raise QueryError("missing field", f"a {spec.shape} needs 'direction'")
    if spec.direction is not None and not math.isfinite(spec.direction):
        raise _bad(f"'direction' must be a number of degrees, got {spec.direction!r}")
    if spec.shape == "line":
        if not 0 < spec.width <= MAX_FEET:
            raise _bad(f"'width' must be between 1 and {MAX_FEET}, got {spec.width}")
        if spec.width % 5 and (scene.rules.fixed_templates or _method(scene, spec) == "token"):
            raise _bad(f"'width' must be a multiple of 5 ft here, got {spec.width}")
    if spec.shape == "emanation" and spec.token_id is None:
        raise QueryError("missing field", "an emanation needs 'token' (the creature it comes from)")
    if spec.shape not in ("emanation", "cone", "line") and spec.origin is None:
        raise QueryError("missing field", f"a {spec.shape} needs 'corner'")
    if spec.origin is not None and not (math.isfinite(spec.origin.x) and math.isfinite(spec.origin.y)):
        raise _bad(f"{_field_name(spec.shape)!r} must be a point, got {list(spec.origin)}")
    if (
        spec.shape == "burst"
        and spec.origin is not None
        and not (_is_whole(spec.origin.x) and _is_whole(spec.origin.y))
    ):
        raise _bad(f"a burst starts at a grid corner (whole numbers), got {list(spec.origin)}")


def _method(scene: Scene, spec: AreaSpec) -> str:
    return spec.method if spec.method is not None else scene.options.area_method


def _creator(scene: Scene, spec: AreaSpec) -> Token | None:
    if spec.token_id is None:
        return None
    tok = scene.token(spec.token_id)
    if tok is None:
        shown = spec.token_id if len(spec.token_id) <= 60 else spec.token_id[:59] + "…"
        raise QueryError("unknown token", f"no token with id {shown!r} in this scene")
    return tok


def default_origin(token: Token, shape: str, direction: float, system: str) -> Point:
    """Where a cone or line starts when only its creator is given.

    A PF2e cone aimed neither straight nor diagonally starts at the corner of the space on the side it
    is aimed at; otherwise the origin is where the ray from the space's centre leaves the space (aimed
    straight: the midpoint of that edge; aimed diagonally: that corner).
    """
    n = token.side_squares
    cx, cy = token.centre()
    ux, uy = unit_vector(direction)
    half = n / 2
    if shape == "cone" and SYSTEM_GRIDS[system].fixed_templates and octant(direction) is None:
        return Point(cx + math.copysign(half, ux), cy + math.copysign(half, uy))
    t = half / max(abs(ux), abs(uy))
    x, y = cx + t * ux, cy + t * uy
    return Point(float(round(x)) if _is_whole(x) else x, float(round(y)) if _is_whole(y) else y)


def area_origin(scene: Scene, spec: AreaSpec) -> Point:
    """The origin point used for line of effect (see the module rules). Raises `QueryError`."""
    _check(scene, spec)
    return _origin(scene, spec, _creator(scene, spec))


def _origin(scene: Scene, spec: AreaSpec, creator: Token | None) -> Point:
    if spec.shape == "emanation":
        assert creator is not None  # checked
        return creator.centre()
    if spec.origin is not None:
        return Point(float(spec.origin.x), float(spec.origin.y))
    if spec.shape in ("cone", "line") and creator is not None and spec.direction is not None:
        return default_origin(creator, spec.shape, spec.direction, scene.system)
    raise QueryError(
        "missing field", f"a {spec.shape} needs {_field_name(spec.shape)!r} (or its creator's 'token')"
    )


# -------------------------------------------------------------------------------------- counting helpers


def _alternating(a: IntArray, b: IntArray) -> IntArray:
    hi = np.maximum(a, b)
    lo = np.minimum(a, b)
    result: IntArray = 5 * (hi + lo // 2)
    return result


def _count(a: IntArray, b: IntArray, mode: str) -> IntArray:
    if mode == ALTERNATING:
        return _alternating(a, b)
    result: IntArray = 5 * np.maximum(a, b)
    return result


def _window(x0: int, x1: int, y0: int, y1: int, scene: Scene) -> tuple[IntArray, IntArray]:
    """Flattened x and y of every cell in ``[x0, x1) × [y0, y1)`` that is on the grid."""
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, scene.grid.width), min(y1, scene.grid.height)
    if x1 <= x0 or y1 <= y0:
        empty: IntArray = np.zeros(0, dtype=np.int64)
        return empty, empty
    gx, gy = np.meshgrid(np.arange(x0, x1, dtype=np.int64), np.arange(y0, y1, dtype=np.int64), indexing="ij")
    return gx.ravel(), gy.ravel()


def _pairs(x: IntArray, y: IntArray) -> IntArray:
    out: IntArray = np.stack([x, y], axis=1).astype(np.int64) if len(x) else np.zeros((0, 2), dtype=np.int64)
    return out


def _cells_from_list(cells: list[tuple[int, int]]) -> IntArray:
    if not cells:
        return np.zeros((0, 2), dtype=np.int64)
    return np.array(cells, dtype=np.int64).reshape(-1, 2)


# ----------------------------------------------------------------------------------------------- PF2e


def _burst(scene: Scene, corner: Point, feet: int) -> IntArray:
    """Cells whose far corner is within `feet` of grid corner ``(X, Y)`` (alternating count)."""
    cx, cy = round(corner.x), round(corner.y)
    r = feet // 5 + 1
    x, y = _window(cx - r, cx + r, cy - r, cy + r, scene)
    dx = np.where(x >= cx, x + 1 - cx, cx - x)
    dy = np.where(y >= cy, y + 1 - cy, cy - y)
    ok = _alternating(dx, dy) <= feet
    return _pairs(x[ok], y[ok])


def _emanation(scene: Scene, token: Token, feet: int, mode: str, include_self: bool) -> IntArray:
    """Cells within `feet` of the nearest square of the token's space (count in `mode`)."""
    n = token.side_squares
    x0, y0 = token.cell
    r = feet // 5 + 1
    x, y = _window(x0 - r, x0 + n + r, y0 - r, y0 + n + r, scene)
    dx = np.maximum(np.maximum(x0 - x, x - (x0 + n - 1)), 0)
    dy = np.maximum(np.maximum(y0 - y, y - (y0 + n - 1)), 0)
    ok = _count(dx, dy, mode) <= feet
    if not include_self:
        ok &= (dx > 0) | (dy > 0)
    return _pairs(x[ok], y[ok])


def _pf2e_cone(scene: Scene, origin: Point, direction: float, feet: int) -> IntArray:
    k = octant(direction)
    ox, oy = origin
    r = feet // 5 + 2
    fx, fy = math.floor(ox), math.floor(oy)
    if k is not None and k % 2 == 0:
        ux, uy = DIRECTIONS[k]
        along_coord = ox if ux else oy
        if not _is_whole(along_coord):
            raise _bad(
                f"a cone aimed at {direction:g}° starts on the edge of the creator's space: its "
                f"{'x' if ux else 'y'} must be a whole number, got {list(origin)}"
            )
        x, y = _window(fx - r, fx + r + 1, fy - r, fy + r + 1, scene)
        wx = x + 0.5 - ox
        wy = y + 0.5 - oy
        along = wx * ux + wy * uy
        across = np.abs(wy * ux - wx * uy)
        a = np.rint(along + 0.5).astype(np.int64)
        b = np.floor(across + TOL).astype(np.int64)
        ok = (across <= along + TOL) & (a >= 1) & (_alternating(a, b) <= feet)
        return _pairs(x[ok], y[ok])
    if not (_is_whole(ox) and _is_whole(oy)):
        raise _bad(
            f"a cone aimed at {direction:g}° starts at a grid corner (whole numbers), got {list(origin)}"
        )
    cells = _burst(scene, origin, feet)
    if not len(cells):
        return cells
    ux_f, uy_f = unit_vector(direction)
    wx = cells[:, 0] + 0.5 - round(ox)
    wy = cells[:, 1] + 0.5 - round(oy)
    dot = wx * ux_f + wy * uy_f
    cross = np.abs(wx * uy_f - wy * ux_f)
    ok = dot >= cross - TOL * np.hypot(wx, wy)
    result: IntArray = cells[ok]
    return result


def _start_index(o: float, u: float, side: float) -> int:
    """First cell index along one axis for a ray starting at coordinate `o` with component `u`; on a grid
    line the ray enters the side it moves to, or (moving along the line) the clockwise `side`."""
    r = round(o)
    if abs(o - r) > TOL:
        return math.floor(o)
    if u > 0 or (u == 0 and side > 0):
        return int(r)
    return int(r) - 1


def _lane(ox: float, oy: float, ux: float, uy: float, feet: int, scene: Scene) -> list[tuple[int, int]]:
    """Cells of one 5-ft lane of a PF2e line (see the module rules), priced like movement."""
    if feet < 5:
        return []
    cx = _start_index(ox, ux, -uy)
    cy = _start_index(oy, uy, ux)
    sx = 1 if ux > 0 else -1 if ux < 0 else 0
    sy = 1 if uy > 0 else -1 if uy < 0 else 0
    w, h = scene.grid.width, scene.grid.height
    cells = [(cx, cy)]
    cost = 5
    diagonals = 0
    while True:
        # a straight ray that is off the grid and moving away never comes back
        if (cx < 0 and sx <= 0) or (cx >= w and sx >= 0) or (cy < 0 and sy <= 0) or (cy >= h and sy >= 0):
            break
        tx = ((cx + 1 if sx > 0 else cx) - ox) / ux if sx else math.inf
        ty = ((cy + 1 if sy > 0 else cy) - oy) / uy if sy else math.inf
        if sx and sy and abs(tx - ty) <= TOL * max(1.0, abs(tx)):
            cost += 10 if diagonals % 2 else 5
            diagonals += 1
            cx += sx
            cy += sy
        elif tx < ty:
            cost += 5
            cx += sx
        else:
            cost += 5
            cy += sy
        if cost > feet:
            break
        cells.append((cx, cy))
    return cells


def _pf2e_line(scene: Scene, origin: Point, direction: float, feet: int, width: int) -> IntArray:
    ux, uy = unit_vector(direction)
    px, py = -uy, ux  # clockwise side (y down)
    found: list[tuple[int, int]] = []
    for k in range(max(1, width // 5)):
        found.extend(_lane(origin.x + k * px, origin.y + k * py, ux, uy, feet, scene))
    return _cells_from_list(found)


# -------------------------------------------------------------------------------------- 5e half / touch


def _circle_quadrant(a: FloatArray, b: FloatArray, r: float) -> FloatArray:
    """Area of the circle of radius r (centre at 0) inside ``[0, a] × [0, b]`` for a, b ≥ 0."""
    a = np.minimum(a, r)
    b = np.minimum(b, r)

    def g(t: FloatArray) -> FloatArray:  # ∫_0^t sqrt(r² − s²) ds
        root = np.sqrt(np.maximum(r * r - t * t, 0.0))
        out: FloatArray = 0.5 * (t * root + r * r * np.arcsin(np.clip(t / r, -1.0, 1.0)))
        return out

    t_star = np.sqrt(np.maximum(r * r - b * b, 0.0))
    t1 = np.minimum(a, t_star)
    result: FloatArray = b * t1 + g(a) - g(t1)
    return result


def _circle_signed(x: FloatArray, y: FloatArray, r: float) -> FloatArray:
    result: FloatArray = np.sign(x) * np.sign(y) * _circle_quadrant(np.abs(x), np.abs(y), r)
    return result


def _circle_cover(x: IntArray, y: IntArray, centre: Point, r: float) -> FloatArray:
    """Exact area of each unit square ``[x, x+1] × [y, y+1]`` covered by the circle."""
    x0: FloatArray = x.astype(np.float64) - centre.x
    y0: FloatArray = y.astype(np.float64) - centre.y
    x1: FloatArray = x0 + 1.0
    y1: FloatArray = y0 + 1.0
    result: FloatArray = (
        _circle_signed(x1, y1, r)
        - _circle_signed(x0, y1, r)
        - _circle_signed(x1, y0, r)
        + _circle_signed(x0, y0, r)
    )
    return result


def _polygon_cover(x: IntArray, y: IntArray, verts: list[tuple[float, float]]) -> FloatArray:
    """Exact area of each unit square covered by a convex polygon: squares entirely inside (1) or outside
    (0) are decided by half-plane tests, the rest with shapely."""
    vx = np.array([v[0] for v in verts])
    vy = np.array([v[1] for v in verts])
    ex = np.roll(vx, -1) - vx
    ey = np.roll(vy, -1) - vy
    signed = float(np.sum(vx * np.roll(vy, -1) - np.roll(vx, -1) * vy))
    area = np.zeros(len(x), dtype=np.float64)
    if abs(signed) <= TOL or not len(x):
        return area
    orient = 1.0 if signed > 0 else -1.0
    corners_x = np.stack([x, x + 1, x, x + 1], axis=1).astype(np.float64)  # (n, 4)
    corners_y = np.stack([y, y, y + 1, y + 1], axis=1).astype(np.float64)
    # (n, 4, edges): positive inside
    vals = orient * (
        ex[None, None, :] * (corners_y[:, :, None] - vy[None, None, :])
        - ey[None, None, :] * (corners_x[:, :, None] - vx[None, None, :])
    )
    inside = (vals >= -TOL).all(axis=(1, 2))
    outside = (vals <= TOL).all(axis=1).any(axis=1)
    area[inside] = 1.0
    mid = ~inside & ~outside
    if mid.any():
        poly = shapely.Polygon(verts)
        boxes = shapely.box(x[mid], y[mid], x[mid] + 1, y[mid] + 1)
        area[mid] = shapely.area(shapely.intersection(boxes, poly))
    return area


def _select(x: IntArray, y: IntArray, cover: FloatArray, method: str) -> IntArray:
    ok = cover >= 0.5 - TOL if method == "half" else cover > TOL
    return _pairs(x[ok], y[ok])


def _bbox_cells(scene: Scene, xs: list[float], ys: list[float]) -> tuple[IntArray, IntArray]:
    return _window(math.floor(min(xs)), math.ceil(max(xs)), math.floor(min(ys)), math.ceil(max(ys)), scene)


def _dnd_geometric(scene: Scene, spec: AreaSpec, origin: Point, method: str) -> IntArray:
    shape = spec.shape
    length = spec.feet / 5
    ox, oy = origin
    if shape in ("sphere", "cylinder"):
        if length <= 0:
            return _cells_from_list([])
        x, y = _bbox_cells(scene, [ox - length, ox + length], [oy - length, oy + length])
        return _select(x, y, _circle_cover(x, y, origin, length), method)
    if shape == "cube":
        x, y = _bbox_cells(scene, [ox, ox + length], [oy, oy + length])
        cover_x = np.clip(np.minimum(x + 1.0, ox + length) - np.maximum(x, ox), 0.0, None)
        cover_y = np.clip(np.minimum(y + 1.0, oy + length) - np.maximum(y, oy), 0.0, None)
        return _select(x, y, cover_x * cover_y, method)
    assert spec.direction is not None
    ux, uy = unit_vector(spec.direction)
    px, py = -uy, ux
    if shape == "cone":
        hw = length / 2
        verts = [
            (ox, oy),
            (ox + length * ux + hw * px, oy + length * uy + hw * py),
            (ox + length * ux - hw * px, oy + length * uy - hw * py),
        ]
    else:  # line
        hw = spec.width / 10
        verts = [
            (ox + hw * px, oy + hw * py),
            (ox + length * ux + hw * px, oy + length * uy + hw * py),
            (ox + length * ux - hw * px, oy + length * uy - hw * py),
            (ox - hw * px, oy - hw * py),
        ]
    x, y = _bbox_cells(scene, [v[0] for v in verts], [v[1] for v in verts])
    return _select(x, y, _polygon_cover(x, y, verts), method)


# ------------------------------------------------------------------------------------------ 5e tokens


def _dnd_token(scene: Scene, spec: AreaSpec, origin: Point) -> IntArray:
    shape = spec.shape
    n = spec.feet // 5
    cx, cy = _nearest(origin.x), _nearest(origin.y)
    if shape in ("sphere", "cylinder"):
        x, y = _window(cx - n, cx + n, cy - n, cy + n, scene)
        return _pairs(x, y)
    if shape == "cube":
        x, y = _window(cx, cx + n, cy, cy + n, scene)
        return _pairs(x, y)
    assert spec.direction is not None
    k = nearest_octant(spec.direction)
    sx, sy = DIRECTIONS[k]
    cells: list[tuple[int, int]] = []
    if shape == "cone":
        if k % 2 == 0:
            cells = _token_cone_straight(origin, sx, sy, n)
        else:
            for row in range(1, n + 1):
                for i in range(row):
                    j = row - 1 - i
                    cells.append((cx + i if sx > 0 else cx - 1 - i, cy + j if sy > 0 else cy - 1 - j))
        return _cells_from_list(cells)
    # line
    ux, uy = _OCTANT_UNITS[k]
    start_x = _start_index(origin.x, ux, -uy)
    start_y = _start_index(origin.y, uy, ux)
    lane_dx, lane_dy = DIRECTIONS[(k + 2) % 8] if k % 2 == 0 else DIRECTIONS[(k + 1) % 8]
    for lane in range(spec.width // 5):
        bx, by = start_x + lane * lane_dx, start_y + lane * lane_dy
        cells.extend((bx + t * sx, by + t * sy) for t in range(n))
    return _cells_from_list(cells)


def _token_cone_straight(origin: Point, sx: int, sy: int, n: int) -> list[tuple[int, int]]:
    """Token-method cone aimed along an axis: row k is k squares centred on the origin, the odd one on
    the clockwise side."""
    along, across = (origin.x, origin.y) if sx else (origin.y, origin.x)
    step = sx or sy
    first = math.ceil(along - TOL) if step > 0 else math.floor(along + TOL) - 1
    # clockwise side of the across axis: east → +y, south → −x, west → −y, north → +x
    cw = (1 if sx > 0 else -1) if sx else (-1 if sy > 0 else 1)
    cells: list[tuple[int, int]] = []
    for row in range(1, n + 1):
        a = first + step * (row - 1)
        low = across - row / 2
        s = math.ceil(low - TOL) if cw > 0 else math.floor(low + TOL)
        for b in range(s, s + row):
            cells.append((a, b) if sx else (b, a))
    return cells


# -------------------------------------------------------------------------------------------- templates


def _template(scene: Scene, spec: AreaSpec, origin: Point, creator: Token | None) -> IntArray:
    shape = spec.shape
    if shape == "emanation":
        assert creator is not None
        mode = scene.rules.diagonals
        return _emanation(scene, creator, spec.feet, mode, spec.include_self)
    if scene.rules.fixed_templates:
        assert spec.direction is not None or shape == "burst"
        if shape == "burst":
            return _burst(scene, origin, spec.feet)
        assert spec.direction is not None
        if shape == "cone":
            cells = _pf2e_cone(scene, origin, spec.direction, spec.feet)
            if creator is not None and len(cells):
                x0, y0 = creator.cell
                n = creator.side_squares
                own = (
                    (cells[:, 0] >= x0)
                    & (cells[:, 0] < x0 + n)
                    & (cells[:, 1] >= y0)
                    & (cells[:, 1] < y0 + n)
                )
                cells = cells[~own]
            return cells
        return _pf2e_line(scene, origin, spec.direction, spec.feet, spec.width)
    method = _method(scene, spec)
    if method == "token":
        return _dnd_token(scene, spec, origin)
    return _dnd_geometric(scene, spec, origin, method)


def _clip_sort(scene: Scene, cells: IntArray) -> IntArray:
    if not len(cells):
        return np.zeros((0, 2), dtype=np.int64)
    x, y = cells[:, 0], cells[:, 1]
    on = (x >= 0) & (x < scene.grid.width) & (y >= 0) & (y < scene.grid.height)
    kept: IntArray = np.unique(cells[on], axis=0)  # sorted by x, then y
    return kept


def _as_cells(cells: IntArray) -> tuple[Cell, ...]:
    return tuple(map(Cell._make, cells.tolist()))


def _template_sorted(scene: Scene, spec: AreaSpec) -> tuple[IntArray, Point, Token | None]:
    _check(scene, spec)
    creator = _creator(scene, spec)
    origin = _origin(scene, spec, creator)
    return _clip_sort(scene, _template(scene, spec, origin, creator)), origin, creator


def area_cells(scene: Scene, spec: AreaSpec) -> tuple[Cell, ...]:
    """The area's template (walls ignored), clipped to the grid, sorted by x then y.

    Raises `QueryError` (``bad value``, ``missing field``, ``unknown token``) for a spec the scene can't
    have: a shape its system lacks, a missing origin or creator, a burst off a grid corner, …
    """
    cells, _, _ = _template_sorted(scene, spec)
    return _as_cells(cells)


# ------------------------------------------------------------------------------------- line of effect


def _sign(v: FloatArray, tol: FloatArray) -> npt.NDArray[np.int8]:
    out: npt.NDArray[np.int8] = np.where(v > tol, 1, np.where(v < -tol, -1, 0)).astype(np.int8)
    return out


def blocked_mask(scene: Scene, origin: Point, cells: IntArray) -> BoolArray:
    """For each cell (rows of ``[x, y]``), whether the segment from `origin` to its centre has no line of
    effect: exactly `rules.geometry.sight.effect_blocked`, vectorised over (segment, nearby wall) pairs."""
    n = len(cells)
    blocked = np.zeros(n, dtype=bool)
    index = wall_index(scene, "effect")
    if index.tree is None or n == 0:
        return blocked
    px, py = float(origin.x), float(origin.y)
    qx = cells[:, 0] + 0.5
    qy = cells[:, 1] + 0.5
    # the same candidate walls as sight's scalar test: bounding boxes within EPS of the segment's
    boxes = shapely.box(
        np.minimum(qx, px) - EPS, np.minimum(qy, py) - EPS, np.maximum(qx, px) + EPS, np.maximum(qy, py) + EPS
    )
    seg, wall = np.asarray(index.tree.query(boxes), dtype=np.int64)
    if not len(seg):
        return blocked
    w = index.coords[wall]
    ax, ay, bx, by = w[:, 0], w[:, 1], w[:, 2], w[:, 3]
    sqx, sqy = qx[seg], qy[seg]
    dx = sqx - px
    dy = sqy - py
    length2 = dx * dx + dy * dy
    tol_seg = EPS * np.maximum(1.0, np.sqrt(length2))
    wl = np.sqrt((bx - ax) ** 2 + (by - ay) ** 2)
    tol_wall = EPS * np.maximum(1.0, wl)
    o1 = _sign(dx * (ay - py) - dy * (ax - px), tol_seg)
    o2 = _sign(dx * (by - py) - dy * (bx - px), tol_seg)
    o3 = _sign((bx - ax) * (py - ay) - (by - ay) * (px - ax), tol_wall)
    o4 = _sign((bx - ax) * (sqy - ay) - (by - ay) * (sqx - ax), tol_wall)
    live = length2 > EPS * EPS
    proper = (o1 * o2 < 0) & (o3 * o4 < 0) & live
    blocked[seg[proper]] = True
    # A wall end on the segment's interior may block together with another wall at that vertex: such
    # cells (rare) are decided by the exact scalar rule over the same candidate walls.
    safe = np.where(live, length2, 1.0)
    ta = ((ax - px) * dx + (ay - py) * dy) / safe
    tb = ((bx - px) * dx + (by - py) * dy) / safe
    touch = live & (
        ((o1 == 0) & (o2 != 0) & (ta > EPS) & (ta < 1 - EPS))
        | ((o2 == 0) & (o1 != 0) & (tb > EPS) & (tb < 1 - EPS))
    )
    maybe = np.zeros(n, dtype=bool)
    maybe[seg[touch]] = True
    maybe &= ~blocked
    if maybe.any():
        p = Point(px, py)
        for i in np.flatnonzero(maybe).tolist():
            cand = wall[seg == i].tolist()
            if crossed_walls(index, p, Point(float(qx[i]), float(qy[i])), cand):
                blocked[i] = True
    return blocked


# ---------------------------------------------------------------------------------------------- resolve


def _token_boxes(scene: Scene) -> tuple[tuple[str, int, int, int], ...]:
    def build() -> tuple[tuple[str, int, int, int], ...]:
        return tuple((t.id, t.cell.x, t.cell.y, t.side_squares) for t in scene.tokens)

    result: tuple[tuple[str, int, int, int], ...] = scene.cached("area_token_boxes", build)
    return result


def _on_effect_wall(scene: Scene, p: Point) -> bool:
    index = wall_index(scene, "effect")
    tol = 1e-9
    for i in index.candidates(p, p):
        ax, ay, bx, by = index.coords[i]
        cross = (bx - ax) * (p.y - ay) - (by - ay) * (p.x - ax)
        length = math.hypot(bx - ax, by - ay)
        if (
            abs(cross) <= tol * max(1.0, length)
            and min(ax, bx) - tol <= p.x <= max(ax, bx) + tol
            and (min(ay, by) - tol <= p.y <= max(ay, by) + tol)
        ):
            return True
    return False


def _effect_origin(scene: Scene, origin: Point, creator: Token | None) -> Point:
    """The point line of effect is traced from. **Ruling**: when a creator's cone or line starts exactly on
    an effect-blocking wall (the creature stands against it), the origin counts as being on the creator's
    side of that wall, so aiming into the wall affects nothing beyond it; otherwise the origin itself."""
    if creator is None or not _on_effect_wall(scene, origin):
        return origin
    cx, cy = creator.centre()
    dx, dy = cx - origin.x, cy - origin.y
    length = math.hypot(dx, dy)
    if length == 0:
        return origin
    step = 1e-6 / length
    return Point(origin.x + dx * step, origin.y + dy * step)


def resolve_area(scene: Scene, spec: AreaSpec) -> AreaResult:
    """The area's template, the cells of it without line of effect from its origin, and the affected
    tokens (see the module rules). Raises `QueryError` like `area_cells`."""
    cells, origin, creator = _template_sorted(scene, spec)
    mask = blocked_mask(scene, _effect_origin(scene, origin, creator), cells)
    open_cells = {(x, y) for x, y in cells[~mask].tolist()}
    leave_out = (
        creator.id
        if creator is not None and spec.shape in CREATOR_OUTSIDE and not spec.include_self
        else None
    )
    tokens: list[str] = []
    if open_cells:
        xs = [c[0] for c in open_cells]
        ys = [c[1] for c in open_cells]
        minx, maxx, miny, maxy = min(xs), max(xs), min(ys), max(ys)
        for tid, tx, ty, n in _token_boxes(scene):
            if tid == leave_out or tx > maxx or ty > maxy or tx + n <= minx or ty + n <= miny:
                continue
            if any((tx + i, ty + j) in open_cells for j in range(n) for i in range(n)):
                tokens.append(tid)
    if tokens and (spec.elevation or any(t.elevation for t in scene.tokens)):
        from rules.geometry.elevation import in_area_levels

        found = [t for t in (scene.token(tid) for tid in tokens) if t is not None]
        tokens = [t.id for t in found if in_area_levels(t, spec.shape, spec.feet, spec.elevation, creator)]
    tokens.sort()
    return AreaResult(
        cells=_as_cells(cells),
        blocked=_as_cells(cells[mask]),
        tokens=tuple(tokens),
        origin=origin,
    )
