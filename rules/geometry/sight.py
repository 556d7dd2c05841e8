"""Walls, line of effect and line of sight.

Boundary rules (rules.md "Line of effect and sight"):

* A wall polyline **blocks** a segment that crosses it from one side to the other, including through a
  vertex shared by two of its segments (walls meeting at a point on the segment block together when they
  leave that point on both sides of the segment). A segment that runs along a stretch of wall and leaves it
  on the other side from where it came also crosses it.
* A segment that only **touches** a free end of a wall, touches a wall with one of its own end points, or
  **runs along** a wall (collinear overlap) without crossing it is **not blocked**. These are the rules for
  effect, sight and cover lines; movement uses stricter rules (any contact blocks), see
  `rules.geometry.movement`.
* Which walls count depends on the purpose: ``effect`` (wall, window, closed door), ``sight`` (wall,
  closed door), ``cover`` (every wall except an open door, low walls included).
* Impassable terrain cells are solid obstacles for cover: adjacent ones form one solid, so a line along the
  seam between two of them is inside the obstacle; a line along the outer boundary, or through a corner
  point only, touches it and is not blocked. Impassable cells never block line of effect or sight.

Line of effect between two spaces exists iff some straight segment from a point in the interior of one
space to a point in the interior of the other crosses no effect-blocking wall (sight likewise with
sight-blocking walls). `spaces_have_line` decides this exactly up to a tolerance of about 1e-5 squares:

1. the segment between the centres: unblocked means yes;
2. quick proofs of "no": the two spaces lie in different rooms (faces enclosed by walls), or a connected
   chain of walls cuts the convex hull of the two spaces from one side to the other (`_chain_separates`);
3. segments between sample points of the two spaces;
4. an exhaustive search over the critical lines: any unblocked segment can be slid and turned until its
   line passes through a wall end point (or a point where a wall meets a space's edge or the hull of the
   two spaces), and between two such events nothing changes; so it tries every line through one critical
   point aimed at another one, the directions between those, and lines nudged 1e-6 to either side.

Line of effect from a point (an area's origin) to a space works the same way with rays from the point.
Wall indexes, the wall graph, rooms and line-of-effect answers are cached per set of walls, so they survive
token moves (which make a new `Scene` holding the same walls tuple).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import LineString, Polygon, box

from rules.bulk import without_gc
from rules.geometry.coords import Cell, Point
from rules.model.scene import Scene, Token, Wall

EPS = 1e-9
#: How far inside a space's corners and edges the sample points sit.
INSET = 1e-3
#: The exhaustive search draws its segments between points at least this deep inside the two spaces.
DEPTH = 1e-5
#: Sideways nudge of a critical line off its critical point.
NUDGE = 1e-6
#: Two vertex events closer than this (in squares) are the same vertex.
SAME_POINT = 1e-7

PURPOSES = ("effect", "sight", "cover")

Box = tuple[float, float, float, float]
T = TypeVar("T")
P = TypeVar("P")


def _counts(w: Wall, purpose: str) -> bool:
    if purpose == "effect":
        return w.blocks_effect
    if purpose == "sight":
        return w.blocks_sight
    if purpose == "cover":
        return w.gives_cover
    raise ValueError(f"unknown purpose {purpose!r}")


# ------------------------------------------------------------------------------ caches shared by walls

_SHARED: OrderedDict[tuple[int, str], tuple[tuple[Wall, ...], Any]] = OrderedDict()
_SHARED_MAX = 24


def shared_by_walls(scene: Scene, key: str, build: Callable[[], T]) -> T:
    """Memoise data that depends only on the scene's walls, shared by every scene holding the very same
    walls tuple (a token move makes a new `Scene` but keeps its walls)."""
    walls = scene.walls
    k = (id(walls), key)
    hit = _SHARED.get(k)
    if hit is not None and hit[0] is walls:
        _SHARED.move_to_end(k)
        value: T = hit[1]
        return value
    value = build()
    _SHARED[k] = (walls, value)
    while len(_SHARED) > _SHARED_MAX:
        _SHARED.popitem(last=False)
    return value


# --------------------------------------------------------------------------------------------- walls


@dataclass(frozen=True, slots=True, eq=False)
class WallIndex:
    """The walls that count for one purpose, with an STRtree over them.

    `coords` is an ``(n, 4)`` array ``ax, ay, bx, by``; `lines` the same walls as shapely LineStrings (the
    tree's geometries); `low` marks low walls. Zero-length walls are left out.
    """

    walls: tuple[Wall, ...]
    coords: np.ndarray
    tree: STRtree | None
    lines: np.ndarray
    low: np.ndarray
    pycoords: tuple[tuple[float, float, float, float], ...] = field(repr=False)

    def candidates(self, p: Point, q: Point) -> Sequence[int]:
        """Indices of walls whose bounding boxes meet the segment's bounding box."""
        if self.tree is None:
            return ()
        minx, maxx = (p[0], q[0]) if p[0] <= q[0] else (q[0], p[0])
        miny, maxy = (p[1], q[1]) if p[1] <= q[1] else (q[1], p[1])
        found: Sequence[int] = self.tree.query(box(minx - EPS, miny - EPS, maxx + EPS, maxy + EPS))
        return found

    def meeting(self, p: Point, q: Point) -> np.ndarray:
        """Indices of walls that meet segment p→q at all (touching included): the only ones that can block."""
        if self.tree is None:
            return np.empty(0, dtype=np.intp)
        found: np.ndarray = self.tree.query(_segment_geom(p, q), predicate="intersects")
        return found


def _segment_geom(p: Point | tuple[float, float], q: Point | tuple[float, float]) -> shapely.Geometry:
    if p[0] == q[0] and p[1] == q[1]:
        return shapely.points(p[0], p[1])
    return shapely.linestrings([[p[0], p[1]], [q[0], q[1]]])


@without_gc
def _build_index(walls: Iterable[Wall]) -> WallIndex:
    """The index of `walls`, built with array operations (a big map holds 100 000s of segments): the
    coordinates are read in one pass, zero-length walls dropped by a mask, the lines and the tree made by
    shapely's vectorised constructors."""
    given = tuple(walls)
    coords = np.array([(*w.a, *w.b) for w in given], dtype=float).reshape(-1, 4)
    keep = (np.abs(coords[:, 0] - coords[:, 2]) > EPS) | (np.abs(coords[:, 1] - coords[:, 3]) > EPS)
    if keep.all():
        kept = given
    else:
        kept = tuple(w for w, k in zip(given, keep.tolist(), strict=True) if k)
        coords = coords[keep]
    lines = shapely.linestrings(coords.reshape(-1, 2, 2)) if kept else np.empty(0, dtype=object)
    tree = STRtree(lines) if kept else None
    low = np.array([w.kind == "low" for w in kept], dtype=bool)
    pycoords = tuple(map(tuple, coords.tolist()))
    return WallIndex(kept, coords, tree, lines, low, pycoords)


def wall_index(scene: Scene, purpose: str) -> WallIndex:
    """The (cached) index of the scene's walls that count for `purpose`."""
    if purpose not in PURPOSES:
        raise ValueError(f"unknown purpose {purpose!r}")
    return shared_by_walls(
        scene, f"wall_index:{purpose}", lambda: _build_index(w for w in scene.walls if _counts(w, purpose))
    )


def _sign(v: float, tol: float) -> int:
    if v > tol:
        return 1
    if v < -tol:
        return -1
    return 0


def crossed_walls(
    index: WallIndex,
    p: Point | tuple[float, float],
    q: Point | tuple[float, float],
    candidates: Iterable[int] | None = None,
) -> list[int]:
    """Indices (into `index.walls`) of walls that block segment p→q under the crossing rules above.

    A wall blocks by crossing the segment properly (each strictly on both sides of the other). Walls whose
    end points lie on the segment's interior make vertex events; events at one point, or joined by walls
    running along the segment, form a cluster, and a cluster blocks when its walls leave the segment on both
    sides (the segment passes through the wall there). Events at the segment's own end points don't count.
    """
    px, py, qx, qy = float(p[0]), float(p[1]), float(q[0]), float(q[1])
    dx, dy = qx - px, qy - py
    length2 = dx * dx + dy * dy
    if length2 <= EPS * EPS:
        return []
    scale = math.sqrt(length2)
    tol = EPS * max(1.0, scale)
    blocked: list[int] = []
    events: list[tuple[float, int, int]] = []  # (t, side, wall)
    runs: list[tuple[float, float, int]] = []  # (t0, t1, wall) walls lying along the segment
    idx = index.candidates(Point(px, py), Point(qx, qy)) if candidates is None else candidates
    coords = index.pycoords
    for raw in idx:
        i = int(raw)
        ax, ay, bx, by = coords[i]
        s1 = _sign(dx * (ay - py) - dy * (ax - px), tol)
        s2 = _sign(dx * (by - py) - dy * (bx - px), tol)
        if s1 == 0 and s2 == 0:
            ta = ((ax - px) * dx + (ay - py) * dy) / length2
            tb = ((bx - px) * dx + (by - py) * dy) / length2
            lo, hi = (ta, tb) if ta <= tb else (tb, ta)
            if hi > EPS and lo < 1 - EPS:
                runs.append((lo, hi, i))
            continue
        wdx, wdy = bx - ax, by - ay
        tolw = EPS * max(1.0, math.sqrt(wdx * wdx + wdy * wdy))
        s3 = _sign(wdx * (py - ay) - wdy * (px - ax), tolw)
        s4 = _sign(wdx * (qy - ay) - wdy * (qx - ax), tolw)
        if s1 * s2 < 0 and s3 * s4 < 0:
            blocked.append(i)
            continue
        for s_end, ex, ey, s_other in ((s1, ax, ay, s2), (s2, bx, by, s1)):
            if s_end != 0 or s_other == 0:
                continue
            t = ((ex - px) * dx + (ey - py) * dy) / length2
            if t <= EPS or t >= 1 - EPS:
                continue  # at (or beyond) the segment's own end points: a touch, not a crossing
            events.append((t, s_other, i))
    if events:
        blocked.extend(_blocking_clusters(events, runs, SAME_POINT / scale))
    return blocked


def _blocking_clusters(
    events: list[tuple[float, int, int]], runs: list[tuple[float, float, int]], same: float
) -> list[int]:
    """Group vertex events into clusters (one point, or a stretch of walls running along the segment) and
    return the walls of the clusters whose walls leave the segment on both sides."""
    intervals: list[tuple[float, float, list[int]]] = []
    for lo, hi, i in sorted(runs):
        if intervals and lo <= intervals[-1][1] + same:
            last = intervals[-1]
            intervals[-1] = (last[0], max(last[1], hi), [*last[2], i])
        else:
            intervals.append((lo, hi, [i]))
    clusters: dict[tuple[str, int], tuple[set[int], list[int]]] = {}
    points: list[tuple[float, tuple[str, int]]] = []
    for t, side, i in sorted(events):
        key: tuple[str, int] | None = None
        for n, (lo, hi, _) in enumerate(intervals):
            if lo - same <= t <= hi + same:
                key = ("run", n)
                break
        if key is None:
            key = points[-1][1] if points and t - points[-1][0] <= same else ("at", len(points))
            points.append((t, key))
        if key not in clusters:
            clusters[key] = (set(), list(intervals[key[1]][2]) if key[0] == "run" else [])
        sides, members = clusters[key]
        sides.add(side)
        members.append(i)
    out: list[int] = []
    for sides, members in clusters.values():
        if len(sides) == 2:
            out.extend(members)
    return out


def segment_blocked(scene: Scene, p: Point, q: Point, purpose: str = "effect") -> bool:
    """True when segment p→q crosses a wall that counts for `purpose` (see module rules)."""
    index = wall_index(scene, purpose)
    if index.tree is None:
        return False
    near = index.meeting(p, q)
    return bool(near.size) and bool(crossed_walls(index, p, q, near))


def effect_blocked(scene: Scene, p: Point, q: Point) -> bool:
    """True when the segment p→q has no line of effect (crosses an effect-blocking wall)."""
    return segment_blocked(scene, p, q, "effect")


def _orientations(
    ax: np.ndarray,
    ay: np.ndarray,
    bx: np.ndarray,
    by: np.ndarray,
    px: np.ndarray,
    py: np.ndarray,
    qx: np.ndarray,
    qy: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The tests of `crossed_walls`, vectorised over walls ``a→b`` and segments ``p→q`` (broadcast together):
    ``live`` (the segment is longer than EPS); ``s1``, ``s2`` (the side of the segment each wall end lies on:
    -1, 0 or 1); ``s3``, ``s4`` (the side of the wall each segment end lies on); ``event`` (exactly one wall
    end lies on the segment's interior, the other off its line: a vertex event; not masked by ``live``)."""
    dx, dy = qx - px, qy - py
    length2 = dx * dx + dy * dy
    live = length2 > EPS * EPS
    safe2 = np.where(live, length2, 1.0)
    tol = EPS * np.maximum(1.0, np.sqrt(safe2))
    o1 = dx * (ay - py) - dy * (ax - px)
    o2 = dx * (by - py) - dy * (bx - px)
    s1 = (o1 > tol).astype(np.int8) - (o1 < -tol)
    s2 = (o2 > tol).astype(np.int8) - (o2 < -tol)
    wdx, wdy = bx - ax, by - ay
    tolw = EPS * np.maximum(1.0, np.sqrt(wdx * wdx + wdy * wdy))
    o3 = wdx * (py - ay) - wdy * (px - ax)
    o4 = wdx * (qy - ay) - wdy * (qx - ax)
    s3 = (o3 > tolw).astype(np.int8) - (o3 < -tolw)
    s4 = (o4 > tolw).astype(np.int8) - (o4 < -tolw)
    ta = ((ax - px) * dx + (ay - py) * dy) / safe2
    tb = ((bx - px) * dx + (by - py) * dy) / safe2
    event = ((s1 == 0) & (s2 != 0) & (ta > EPS) & (ta < 1 - EPS)) | (
        (s2 == 0) & (s1 != 0) & (tb > EPS) & (tb < 1 - EPS)
    )
    return live, s1, s2, s3, s4, event


def segments_blocked(index: WallIndex, segs: np.ndarray, candidates: np.ndarray | None = None) -> np.ndarray:
    """Vectorised `crossed_walls`: for an ``(m, 4)`` array of segments ``px, py, qx, qy``, a boolean array
    telling which are blocked by the `candidates` walls (default: all walls of the index)."""
    m = len(segs)
    out = np.zeros(m, dtype=bool)
    if m == 0 or index.tree is None:
        return out
    cand = np.arange(len(index.walls)) if candidates is None else np.asarray(candidates, dtype=np.intp)
    if cand.size == 0:
        return out
    w = index.coords[cand]
    ax, ay, bx, by = w[:, 0][None, :], w[:, 1][None, :], w[:, 2][None, :], w[:, 3][None, :]
    px, py, qx, qy = segs[:, 0:1], segs[:, 1:2], segs[:, 2:3], segs[:, 3:4]
    live, s1, s2, s3, s4, event = _orientations(ax, ay, bx, by, px, py, qx, qy)
    proper = (s1 * s2 < 0) & (s3 * s4 < 0)
    out = np.asarray(proper.any(axis=1) & live[:, 0], dtype=bool)
    unsure = np.nonzero(event.any(axis=1) & ~out & live[:, 0])[0]
    for i in unsure:
        row = segs[i]
        out[i] = bool(crossed_walls(index, (row[0], row[1]), (row[2], row[3]), cand))
    return out


def pair_crossings(
    index: WallIndex, segs: np.ndarray, seg_idx: np.ndarray, wall_idx: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For pairs (segment ``segs[seg_idx[k]]``, wall ``wall_idx[k]``): whether the wall crosses the segment
    properly; whether it makes a vertex event (an end point on the segment's interior) that `crossed_walls`
    must judge together with the segment's other walls; and whether the two may meet at all (the walls to
    hand to `crossed_walls`)."""
    w = index.coords[wall_idx]
    ax, ay, bx, by = w[:, 0], w[:, 1], w[:, 2], w[:, 3]
    sg = segs[seg_idx]
    px, py, qx, qy = sg[:, 0], sg[:, 1], sg[:, 2], sg[:, 3]
    live, s1, s2, s3, s4, event = _orientations(ax, ay, bx, by, px, py, qx, qy)
    proper = np.asarray((s1 * s2 < 0) & (s3 * s4 < 0) & live, dtype=bool)
    event = np.asarray(live & event, dtype=bool)
    meet = np.asarray((s1 * s2 <= 0) & (s3 * s4 <= 0), dtype=bool)
    return proper, event, meet


def open_box_hits(segs: np.ndarray, boxes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For rows of segments ``x0, y0, x1, y1`` and boxes ``x0, y0, x1, y1`` (paired row by row): whether
    the segment passes through the box's open interior, and the parameter where it enters."""
    t0 = np.zeros(len(segs))
    t1 = np.ones(len(segs))
    inside = np.ones(len(segs), dtype=bool)
    for axis in (0, 1):
        s = segs[:, axis]
        d = segs[:, axis + 2] - s
        lo, hi = boxes[:, axis], boxes[:, axis + 2]
        flat = d == 0.0
        safe = np.where(flat, 1.0, d)
        a, c = (lo - s) / safe, (hi - s) / safe
        inside &= ~flat | ((s > lo) & (s < hi))
        t0 = np.where(flat, t0, np.maximum(t0, np.minimum(a, c)))
        t1 = np.where(flat, t1, np.minimum(t1, np.maximum(a, c)))
    hit = np.asarray(inside & (t1 - t0 > EPS), dtype=bool)
    return hit, t0


# ------------------------------------------------------------------------------------------ rooms


@dataclass(slots=True, eq=False)
class _Rooms:
    """Faces enclosed by walls of one purpose, to prove quickly that two places can't see each other."""

    faces: np.ndarray
    tree: STRtree | None
    memo: dict[tuple[float, ...], int | None] = field(default_factory=dict)


OUTSIDE = -1


def _rooms(scene: Scene, purpose: str) -> _Rooms:
    def build() -> _Rooms:
        index = wall_index(scene, purpose)
        if index.tree is None:
            return _Rooms(np.empty(0, dtype=object), None)
        noded = shapely.node(shapely.multilinestrings(index.lines))
        faces = shapely.get_parts(shapely.polygonize(shapely.get_parts(noded)))
        faces = faces[~shapely.is_empty(faces)] if len(faces) else faces
        if len(faces) == 0:
            return _Rooms(faces, None)
        shapely.prepare(faces)
        return _Rooms(faces, STRtree(faces))

    return shared_by_walls(scene, f"rooms:{purpose}", build)


def _room_of(rooms: _Rooms, key: tuple[float, ...]) -> int | None:
    """The face that holds a box ``(x0, y0, x1, y1)`` or a point ``(x, y)`` whole; `OUTSIDE` when it meets no
    face's interior; None when it straddles walls."""
    if rooms.tree is None:
        return OUTSIDE
    try:
        return rooms.memo[key]
    except KeyError:
        pass
    geom = shapely.box(*key) if len(key) == 4 else shapely.points(key[0], key[1])
    hits = rooms.tree.query(geom, predicate="intersects")
    result: int | None = OUTSIDE
    for f in hits:
        face = rooms.faces[f]
        if len(key) == 4:
            if shapely.contains(face, geom):
                result = int(f)
                break
            if shapely.relate_pattern(face, geom, "T********"):
                result = None
        elif shapely.contains_properly(face, geom):
            result = int(f)
            break
        else:
            result = None  # on a wall
    if len(rooms.memo) > 100_000:
        rooms.memo.clear()
    rooms.memo[key] = result
    return result


# ------------------------------------------------------------------------------- the line search


def space_samples(cell: tuple[int, int], side: int) -> list[Point]:
    """Sample points in the interior of a square space: its centre first, then each square's centre, then
    points a hair inside the corners and edge midpoints of the space."""
    x0, y0 = cell
    n = side
    pts: list[Point] = [Point(x0 + n / 2, y0 + n / 2)]
    for j in range(n):
        for i in range(n):
            c = Point(x0 + i + 0.5, y0 + j + 0.5)
            if c not in pts:
                pts.append(c)
    lo, hi = INSET, n - INSET
    for fx in (lo, n / 2, hi):
        for fy in (lo, n / 2, hi):
            pt = Point(x0 + fx, y0 + fy)
            if pt not in pts:
                pts.append(pt)
    return pts


def _box_of(cell: tuple[int, int], side: int) -> Box:
    return (float(cell[0]), float(cell[1]), float(cell[0] + side), float(cell[1] + side))


def _corners(b: Box) -> list[tuple[float, float]]:
    return [(b[0], b[1]), (b[2], b[1]), (b[2], b[3]), (b[0], b[3])]


def _chords(base: np.ndarray, u: np.ndarray, b: Box) -> tuple[np.ndarray, np.ndarray]:
    """Parameter interval ``(t0, t1)`` of the lines ``base + t·u`` inside the closed box `b` (empty when
    ``t1 < t0``)."""
    t0 = np.full(len(base), -np.inf)
    t1 = np.full(len(base), np.inf)
    for axis, lo, hi in ((0, b[0], b[2]), (1, b[1], b[3])):
        p = base[:, axis]
        d = u[:, axis]
        flat = np.abs(d) < 1e-15
        safe = np.where(flat, 1.0, d)
        a = (lo - p) / safe
        c = (hi - p) / safe
        lo_t = np.where(flat, np.where((p >= lo) & (p <= hi), -np.inf, np.inf), np.minimum(a, c))
        hi_t = np.where(flat, np.where((p >= lo) & (p <= hi), np.inf, -np.inf), np.maximum(a, c))
        t0 = np.maximum(t0, lo_t)
        t1 = np.minimum(t1, hi_t)
    return t0, t1


def _shrunk(b: Box) -> Box:
    return (b[0] + DEPTH, b[1] + DEPTH, b[2] - DEPTH, b[3] - DEPTH)


def _critical_points(
    index: WallIndex, cand: np.ndarray, region: shapely.Geometry, boxes: Sequence[Box]
) -> np.ndarray:
    """End points of the candidate walls clipped to `region`, and where they meet the boxes' edges; points
    strictly inside a box are dropped."""
    lines = index.lines[cand]
    parts = [shapely.get_coordinates(shapely.intersection(lines, region))]
    for b in boxes:
        ring = shapely.linestrings([*_corners(b), (b[0], b[1])])
        parts.append(shapely.get_coordinates(shapely.intersection(lines, ring)))
    pts = np.vstack(parts) if parts else np.empty((0, 2))
    if len(pts) == 0:
        return pts
    pts = np.unique(np.round(pts, 9), axis=0)
    keep = np.ones(len(pts), dtype=bool)
    for b in boxes:
        keep &= ~(
            (pts[:, 0] > b[0] + EPS)
            & (pts[:, 0] < b[2] - EPS)
            & (pts[:, 1] > b[1] + EPS)
            & (pts[:, 1] < b[3] - EPS)
        )
    out: np.ndarray = pts[keep]
    return out


def _directions(points: np.ndarray, targets: np.ndarray, full_turn: bool) -> tuple[np.ndarray, np.ndarray]:
    """For each point, the angles towards every target and the angles halfway between consecutive ones
    (modulo π for lines, 2π for rays). Returns (point index, angle) arrays."""
    period = 2 * math.pi if full_turn else math.pi
    d = targets[None, :, :] - points[:, None, :]
    valid = (np.abs(d[..., 0]) > EPS) | (np.abs(d[..., 1]) > EPS)
    ang = np.mod(np.arctan2(d[..., 1], d[..., 0]), period)
    ang = np.where(valid, ang, np.nan)
    ang.sort(axis=1)
    counts = valid.sum(axis=1)
    rows, cols = np.nonzero(~np.isnan(ang))
    exact = ang[rows, cols]
    nxt = cols + 1
    has_next = nxt < counts[rows]
    mids = (ang[rows[has_next], cols[has_next]] + ang[rows[has_next], nxt[has_next]]) / 2
    have = np.nonzero(counts > 0)[0]
    first = ang[have, 0]
    last = ang[have, counts[have] - 1]
    wrap = np.mod((first + period + last) / 2, period)
    idx = np.concatenate([rows, rows[has_next], have])
    angles = np.concatenate([exact, mids, wrap])
    return idx, angles


def _any_unblocked(index: WallIndex, segs: np.ndarray, cand: np.ndarray, chunk: int = 4096) -> bool:
    for start in range(0, len(segs), chunk):
        part = segs[start : start + chunk]
        if not segments_blocked(index, part, cand).all():
            return True
    return False


def _hull(labelled: list[tuple[tuple[float, float], int]]) -> list[tuple[tuple[float, float], int]]:
    """Convex hull (monotone chain) keeping collinear boundary points; each point carries label bits
    (1 = first place, 2 = second place), merged where both places share a point."""
    merged: dict[tuple[float, float], int] = {}
    for pt, bit in labelled:
        merged[pt] = merged.get(pt, 0) | bit
    pts = sorted(merged)

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for pt in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], pt) < 0:
            lower.pop()
        lower.append(pt)
    upper: list[tuple[float, float]] = []
    for pt in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], pt) < 0:
            upper.pop()
        upper.append(pt)
    ring = lower[:-1] + upper[:-1]
    return [(pt, merged[pt]) for pt in ring]


Seg = tuple[float, float, float, float]
_Graph = tuple[tuple[tuple[int, Seg], ...], ...]


def _bridges(ring: list[tuple[tuple[float, float], int]]) -> tuple[Seg, Seg] | None:
    """The two hull edges joining the first place to the second (a single point where they share a
    corner); None when the hull is degenerate."""
    n = len(ring)
    start = next((i for i, (_, bits) in enumerate(ring) if bits == 1), None)
    if start is None or n < 3:
        return None
    ring = ring[start:] + ring[:start]
    first = next((i for i, (_, bits) in enumerate(ring) if bits & 2), None)
    if first is None:
        return None
    last = first
    while last + 1 < n and ring[last + 1][1] & 2:
        last += 1
    if any(bits & 2 for _, bits in ring[last + 1 :]):
        return None  # the second place shows up twice around the hull: not two bridges
    f_pt, f_bits = ring[first]
    l_pt, l_bits = ring[last]
    b1 = (f_pt, f_pt) if f_bits & 1 else (ring[first - 1][0], f_pt)
    nxt = ring[(last + 1) % n][0]
    b2 = (l_pt, l_pt) if l_bits & 1 else (l_pt, nxt)
    return (b1[0][0], b1[0][1], b1[1][0], b1[1][1]), (b2[0][0], b2[0][1], b2[1][0], b2[1][1])


def _seg_meet(p: Seg, q: Seg) -> bool:
    """Closed segments (or points) p and q have a common point (within EPS)."""
    p1x, p1y, p2x, p2y = p
    q1x, q1y, q2x, q2y = q
    tq = EPS * max(1.0, math.hypot(q2x - q1x, q2y - q1y))
    tp = EPS * max(1.0, math.hypot(p2x - p1x, p2y - p1y))
    d1 = _sign((q2x - q1x) * (p1y - q1y) - (q2y - q1y) * (p1x - q1x), tq)
    d2 = _sign((q2x - q1x) * (p2y - q1y) - (q2y - q1y) * (p2x - q1x), tq)
    d3 = _sign((p2x - p1x) * (q1y - p1y) - (p2y - p1y) * (q1x - p1x), tp)
    d4 = _sign((p2x - p1x) * (q2y - p1y) - (p2y - p1y) * (q2x - p1x), tp)
    if d1 == 0 and d2 == 0 and d3 == 0 and d4 == 0:
        return (
            max(p1x, p2x) >= min(q1x, q2x) - EPS
            and max(q1x, q2x) >= min(p1x, p2x) - EPS
            and max(p1y, p2y) >= min(q1y, q2y) - EPS
            and max(q1y, q2y) >= min(p1y, p2y) - EPS
        )
    return d1 * d2 <= 0 and d3 * d4 <= 0


def _contact(p: Seg, q: Seg) -> Seg | None:
    """Where two walls meet: a point (as a zero-length segment) or, for collinear overlapping walls, the
    overlap; None when they don't meet."""
    if not _seg_meet(p, q):
        return None
    p1x, p1y, p2x, p2y = p
    q1x, q1y, q2x, q2y = q
    dx, dy = p2x - p1x, p2y - p1y
    ex, ey = q2x - q1x, q2y - q1y
    den = dx * ey - dy * ex
    if abs(den) <= EPS * max(1.0, math.hypot(dx, dy) * math.hypot(ex, ey)):
        # Collinear (or a degenerate touch): the overlap along p.
        l2 = dx * dx + dy * dy
        ta = ((q1x - p1x) * dx + (q1y - p1y) * dy) / l2
        tb = ((q2x - p1x) * dx + (q2y - p1y) * dy) / l2
        lo, hi = max(0.0, min(ta, tb)), min(1.0, max(ta, tb))
        if hi < lo:
            lo = hi = min(max(ta, 0.0), 1.0)
        return (p1x + lo * dx, p1y + lo * dy, p1x + hi * dx, p1y + hi * dy)
    t = ((q1x - p1x) * ey - (q1y - p1y) * ex) / den
    t = min(max(t, 0.0), 1.0)
    x, y = p1x + t * dx, p1y + t * dy
    return (x, y, x, y)


def _wall_graph(scene: Scene, purpose: str) -> _Graph:
    """For each wall of the purpose's index, the walls it meets and where (cached per set of walls)."""

    def build() -> tuple[tuple[tuple[int, Seg], ...], ...]:
        index = wall_index(scene, purpose)
        links: list[list[tuple[int, Seg]]] = [[] for _ in index.walls]
        if index.tree is None:
            return ()
        left, right = index.tree.query(index.lines, predicate="intersects")
        for i, j in zip(left.tolist(), right.tolist(), strict=True):
            if i >= j:
                continue
            where = _contact(index.pycoords[i], index.pycoords[j])
            if where is not None:
                links[i].append((j, where))
                links[j].append((i, where))
        return tuple(tuple(x) for x in links)

    return shared_by_walls(scene, f"wall_graph:{purpose}", build)


class _Corridor:
    """The convex hull of two places (or a point and a place) with its two bridges, for the chain proof."""

    def __init__(
        self,
        ring: list[tuple[tuple[float, float], int]],
        boxes: Sequence[Box],
        avoid: tuple[float, float] | None,
    ) -> None:
        pts = [pt for pt, _ in ring]
        n = len(pts)
        area = sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n))
        sign = 1.0 if area > 0 else -1.0
        # Each edge as (ux, uy, ex, ey, tol): a point x is inside when sign * cross(e, x - u) >= -tol.
        self.edges = [
            (pts[i][0], pts[i][1], pts[(i + 1) % n][0] - pts[i][0], pts[(i + 1) % n][1] - pts[i][1])
            for i in range(n)
        ]
        self.sign = sign
        self.bridges = _bridges(ring)
        self.boxes = tuple(boxes)
        self.avoid = avoid

    def _side(self, e: tuple[float, float, float, float], x: float, y: float) -> float:
        ux, uy, ex, ey = e
        return self.sign * (ex * (y - uy) - ey * (x - ux))

    def contains(self, x: float, y: float) -> bool:
        return all(self._side(e, x, y) >= -EPS * max(1.0, math.hypot(e[2], e[3])) for e in self.edges)

    def clip(self, s: Seg) -> tuple[float, float] | None:
        """Parameter interval ``(t0, t1)`` ⊂ [0, 1] of segment `s` inside the hull (its edges count, within
        a tolerance), or None when it misses the hull."""
        ax, ay, bx, by = s
        t0, t1 = 0.0, 1.0
        for e in self.edges:
            tol = EPS * max(1.0, math.hypot(e[2], e[3]))
            c0 = self._side(e, ax, ay)
            c1 = self._side(e, bx, by) - c0
            if abs(c1) <= 1e-15:
                if c0 < -tol:
                    return None
                continue
            bound = (-tol - c0) / c1
            if c1 > 0:
                t0 = max(t0, bound)
            else:
                t1 = min(t1, bound)
            if t1 < t0:
                return None
        return t0, t1

    def piece(self, w: Seg) -> Seg | None:
        """The part of wall `w` inside the hull, when it can be part of a separating chain: not entering a
        place's interior, not lying along the hull's boundary, not touching the avoided point."""
        span = self.clip(w)
        if span is None:
            return None
        t0, t1 = span
        ax, ay, bx, by = w
        dx, dy = bx - ax, by - ay
        piece = (ax + t0 * dx, ay + t0 * dy, ax + t1 * dx, ay + t1 * dy)
        p, q = (piece[0], piece[1]), (piece[2], piece[3])
        for b in self.boxes:
            if open_box_span(p, q, b) is not None:
                return None
        if abs(piece[2] - piece[0]) > EPS or abs(piece[3] - piece[1]) > EPS:
            for e in self.edges:
                tol = EPS * max(1.0, math.hypot(e[2], e[3]))
                if abs(self._side(e, p[0], p[1])) <= tol and abs(self._side(e, q[0], q[1])) <= tol:
                    return None
        if self.avoid is not None and _seg_meet(piece, (*self.avoid, *self.avoid)):
            return None
        return piece

    def contact_inside(self, c: Seg) -> bool:
        if c[0] == c[2] and c[1] == c[3]:
            return self.contains(c[0], c[1])
        return self.clip(c) is not None


def _chain_separates(index: WallIndex, graph: _Graph, start: Iterable[int], corridor: _Corridor) -> bool:
    """A quick, sound proof that no segment joins the two places: some walls, clipped to the hull, kept out
    of the places' interiors (and off a point segments must start from) and not lying along the hull's
    boundary, form a connected chain from one bridge of the hull to the other. Such a chain cuts the hull in
    two, one place on each side, so every segment from one place to the other crosses it from side to side
    and the crossing rules block it. Any such chain meets the segment between the centres, so the search
    starts from the walls (`start`) that meet that segment."""
    bridges = corridor.bridges
    if bridges is None:
        return False
    s1, s2 = bridges
    seen: set[int] = set()
    for w0 in start:
        w0 = int(w0)
        if w0 in seen:
            continue
        seen.add(w0)
        stack = [w0]
        at1 = at2 = False
        while stack:
            w = stack.pop()
            piece = corridor.piece(index.pycoords[w])
            if piece is None:
                continue
            at1 = at1 or _seg_meet(piece, s1)
            at2 = at2 or _seg_meet(piece, s2)
            if at1 and at2:
                return True
            for nb, where in graph[w]:
                if nb not in seen and corridor.contact_inside(where):
                    seen.add(nb)
                    stack.append(nb)
    return False


def _quick_proofs(
    index: WallIndex,
    rooms: _Rooms,
    graph: _Graph,
    centres: tuple[tuple[float, float], tuple[float, float]],
    places: tuple[tuple[float, ...], tuple[float, ...]],
    labelled: list[tuple[tuple[float, float], int]],
    boxes: Sequence[Box],
    avoid: tuple[float, float] | None,
) -> bool | tuple[shapely.Geometry, np.ndarray]:
    """Steps 1 and 2 of the module docstring for two places (each a box, or a point as for `_room_of`):
    True or False when the segment between their `centres`, their rooms or a chain of walls settles it;
    otherwise their convex hull (of the `labelled` points, see `_hull`; `boxes` and `avoid` as for
    `_Corridor`) and the walls that meet it, for the search."""
    c1, c2 = centres
    near = index.meeting(Point(*c1), Point(*c2))
    if near.size == 0 or not crossed_walls(index, c1, c2, near):
        return True
    r1, r2 = _room_of(rooms, places[0]), _room_of(rooms, places[1])
    if r1 is not None and r2 is not None and r1 != r2:
        return False
    ring = _hull(labelled)
    if _chain_separates(index, graph, near.tolist(), _Corridor(ring, boxes, avoid)):
        return False
    hull = shapely.polygons([pt for pt, _ in ring])
    cand = index.tree.query(hull, predicate="intersects") if index.tree is not None else np.empty(0, np.intp)
    if cand.size == 0:
        return True
    return hull, cand


def _search_spaces(index: WallIndex, rooms: _Rooms, graph: _Graph, a: Box, b: Box) -> bool:
    if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
        return True  # overlapping spaces share interior points
    ca = ((a[0] + a[2]) / 2, (a[1] + a[3]) / 2)
    cb = ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
    labelled = [(pt, 1) for pt in _corners(a)] + [(pt, 2) for pt in _corners(b)]
    quick = _quick_proofs(index, rooms, graph, (ca, cb), (a, b), labelled, (a, b), None)
    if isinstance(quick, bool):
        return quick
    hull, cand = quick
    sa = np.array(space_samples((int(a[0]), int(a[1])), int(a[2] - a[0])), dtype=float)
    sb = np.array(space_samples((int(b[0]), int(b[1])), int(b[2] - b[0])), dtype=float)
    pairs = np.hstack([np.repeat(sa, len(sb), axis=0), np.tile(sb, (len(sa), 1))])
    if _any_unblocked(index, pairs, cand):
        return True
    crit = _critical_points(index, cand, hull, (a, b))
    if len(crit) == 0:
        return False
    targets = np.vstack([crit, np.array(_corners(a) + _corners(b), dtype=float)])
    idx, ang = _directions(crit, targets, full_turn=False)
    u = np.column_stack([np.cos(ang), np.sin(ang)])
    n = np.column_stack([-u[:, 1], u[:, 0]])
    base0 = crit[idx]
    base = np.vstack([base0, base0 + NUDGE * n, base0 - NUDGE * n])
    u = np.vstack([u, u, u])
    a_in, b_in = _shrunk(a), _shrunk(b)
    ta0, ta1 = _chords(base, u, a_in)
    tb0, tb1 = _chords(base, u, b_in)
    ok = (ta1 > ta0) & (tb1 > tb0)
    if not ok.any():
        return False
    base, u = base[ok], u[ok]
    ta0, ta1, tb0, tb1 = ta0[ok], ta1[ok], tb0[ok], tb1[ok]
    forward = ta1 <= tb0
    s = np.where(forward, ta1, ta0)
    e = np.where(forward, tb0, tb1)
    segs = np.column_stack([base + s[:, None] * u, base + e[:, None] * u])
    return _any_unblocked(index, segs, cand)


def _search_point(index: WallIndex, rooms: _Rooms, graph: _Graph, o: tuple[float, float], b: Box) -> bool:
    if b[0] <= o[0] <= b[2] and b[1] <= o[1] <= b[3]:
        return True  # inside the space or on its edge: a short step into the interior crosses nothing
    cb = ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
    labelled = [(o, 1)] + [(pt, 2) for pt in _corners(b)]
    quick = _quick_proofs(index, rooms, graph, (o, cb), (o, b), labelled, (b,), o)
    if isinstance(quick, bool):
        return quick
    hull, cand = quick
    sb = np.array(space_samples((int(b[0]), int(b[1])), int(b[2] - b[0])), dtype=float)
    segs = np.hstack([np.tile(np.array(o, dtype=float), (len(sb), 1)), sb])
    if _any_unblocked(index, segs, cand):
        return True
    crit = _critical_points(index, cand, hull, (b,))
    targets = np.vstack([crit.reshape(-1, 2), np.array(_corners(b), dtype=float)])
    origin = np.array([o], dtype=float)
    _, ang = _directions(origin, targets, full_turn=True)
    u = np.column_stack([np.cos(ang), np.sin(ang)])
    base = np.repeat(origin, len(u), axis=0)
    t0, t1 = _chords(base, u, _shrunk(b))
    ok = (t1 > t0) & (t1 > 0)
    if not ok.any():
        return False
    t0 = np.maximum(t0[ok], 0.0)
    segs = np.column_stack([base[ok], base[ok] + t0[:, None] * u[ok]])
    return _any_unblocked(index, segs, cand)


def _memoised(
    scene: Scene,
    purpose: str,
    key: tuple[Any, ...],
    search: Callable[[WallIndex, _Rooms, _Graph, P, Box], bool],
    first: P,
    second: Box,
) -> bool:
    """``search(index, rooms, graph, first, second)`` for the walls of `purpose`, remembered under `key` per
    set of walls."""
    memo: dict[tuple[Any, ...], bool] = shared_by_walls(scene, f"line_memo:{purpose}", dict)
    found = memo.get(key)
    if found is not None:
        return found
    value = search(
        wall_index(scene, purpose), _rooms(scene, purpose), _wall_graph(scene, purpose), first, second
    )
    if len(memo) > 200_000:
        memo.clear()
    memo[key] = value
    return value


def spaces_have_line(
    scene: Scene,
    a_cell: tuple[int, int],
    a_side: int,
    b_cell: tuple[int, int],
    b_side: int,
    purpose: str = "effect",
) -> bool:
    """Line of effect (or sight, with ``purpose="sight"``) between two square spaces: some segment from the
    interior of one to the interior of the other crosses no wall that counts (see the module docstring).
    Overlapping spaces always have it."""
    index = wall_index(scene, purpose)
    a = _box_of(a_cell, a_side)
    b = _box_of(b_cell, b_side)
    if index.tree is None:
        return True
    key = (a, b) if a <= b else (b, a)
    return _memoised(scene, purpose, key, _search_spaces, key[0], key[1])


def line_of_effect(scene: Scene, a: Token, b: Token) -> bool:
    """Line of effect between two creatures' spaces."""
    return spaces_have_line(scene, a.cell, a.side_squares, b.cell, b.side_squares, "effect")


def point_has_line_to_space(
    scene: Scene, p: Point, cell: tuple[int, int], side: int, purpose: str = "effect"
) -> bool:
    """Line of effect (or sight) from point `p` (an area's origin) to a space: some segment from `p` to a
    point in the space's interior crosses no wall that counts. A segment starting on a wall is not blocked
    by it."""
    index = wall_index(scene, purpose)
    if index.tree is None:
        return True
    b = _box_of(cell, side)
    o = (float(p[0]), float(p[1]))
    return _memoised(scene, purpose, ("point", *o, b), _search_point, o, b)


def can_see(scene: Scene, viewer: Token, target: Token) -> bool:
    """The viewer can see the target: the viewer isn't blinded (nor unconscious or dying, which see
    nothing), the target is not invisible, and a sight line exists between the spaces (windows and low
    walls don't block sight; impassable cells never do)."""
    if viewer.has_condition("blinded") or target.has_condition("invisible"):
        return False
    if viewer.has_condition("unconscious") or viewer.has_condition("dying"):
        return False
    return spaces_have_line(
        scene, viewer.cell, viewer.side_squares, target.cell, target.side_squares, "sight"
    )


# ------------------------------------------------------------------------------------------ obstacles


@dataclass(frozen=True, slots=True, eq=False)
class Obstacles:
    """The scene's impassable cells: a set, and an STRtree over their unit squares (same order as `cells`)."""

    cells: tuple[Cell, ...]
    cell_set: frozenset[Cell]
    tree: STRtree | None


def obstacles(scene: Scene) -> Obstacles:
    """The scene's impassable cells (cached)."""

    def build() -> Obstacles:
        cells = tuple(sorted(c for c, kind in scene.terrain_map().items() if kind == "impassable"))
        if not cells:
            return Obstacles((), frozenset(), None)
        boxes = shapely.box(*np.array([[c.x, c.y, c.x + 1, c.y + 1] for c in cells], dtype=float).T)
        return Obstacles(cells, frozenset(cells), STRtree(boxes))

    result: Obstacles = scene.cached("sight.obstacles", build)
    return result


def obstacle_union(scene: Scene) -> shapely.Geometry | None:
    """Impassable cells merged into solid polygons (cached), or None when there are none."""

    def build() -> shapely.Geometry | None:
        cells = obstacles(scene).cells
        if not cells:
            return None
        merged = shapely.unary_union([box(c.x, c.y, c.x + 1, c.y + 1) for c in cells])
        shapely.prepare(merged)
        return merged

    return scene.cached("obstacle_union", build)


def open_box_span(p: tuple[float, float], q: tuple[float, float], b: Box) -> tuple[float, float] | None:
    """Parameter interval ``(t0, t1)`` ⊂ [0, 1] of segment p→q strictly inside box `b`, or None when the
    segment misses the box's interior (touching an edge or a corner only)."""
    return box_span(p, q, b, closed=False)


def box_span(
    p: tuple[float, float], q: tuple[float, float], b: Box, *, closed: bool
) -> tuple[float, float] | None:
    """Parameter interval ``(t0, t1)`` ⊂ [0, 1] of segment p→q inside box `b`, or None.

    Open (``closed=False``): strictly inside, for more than EPS; touching an edge or a corner only is a
    miss. Closed: the box's edges count, so a touch gives an interval of one point (``t0 == t1``)."""
    t0, t1 = 0.0, 1.0
    for axis in (0, 1):
        lo, hi = b[axis], b[axis + 2]
        s = p[axis]
        d = q[axis] - s
        if d == 0.0:
            if not ((lo <= s <= hi) if closed else (lo < s < hi)):
                return None
            continue
        a, c = (lo - s) / d, (hi - s) / d
        if a > c:
            a, c = c, a
        t0 = max(t0, a)
        t1 = min(t1, c)
        if (t1 < t0) if closed else (t1 - t0 <= EPS):
            return None
    return t0, t1


def cells_hit(
    cell_set: frozenset[Cell], candidates: Iterable[Cell], p: tuple[float, float], q: tuple[float, float]
) -> bool:
    """True when segment p→q passes through the interior of the solid formed by `cell_set`, looking at the
    `candidates` cells (those that meet the segment): through a cell's interior, or along the seam between
    two impassable cells for a positive length."""
    horizontal = q[1] == p[1] and float(p[1]).is_integer()
    vertical = q[0] == p[0] and float(p[0]).is_integer()
    for c in candidates:
        if open_box_span(p, q, (c.x, c.y, c.x + 1, c.y + 1)) is not None:
            return True
        if vertical and c.x == p[0] and Cell(c.x - 1, c.y) in cell_set:
            lo, hi = (p[1], q[1]) if p[1] <= q[1] else (q[1], p[1])
            if min(hi, c.y + 1) - max(lo, c.y) > EPS:
                return True
        if horizontal and c.y == p[1] and Cell(c.x, c.y - 1) in cell_set:
            lo, hi = (p[0], q[0]) if p[0] <= q[0] else (q[0], p[0])
            if min(hi, c.x + 1) - max(lo, c.x) > EPS:
                return True
    return False


def segment_hits_obstacle(scene: Scene, p: Point, q: Point) -> bool:
    """True when segment p→q passes through the interior of an impassable obstacle (adjacent impassable
    cells form one solid, so the seam between two of them is inside). Touching the outer boundary, running
    along an outer edge or passing through a corner point does not count."""
    obs = obstacles(scene)
    if obs.tree is None:
        return False
    hits = obs.tree.query(_segment_geom(p, q), predicate="intersects")
    return cells_hit(obs.cell_set, (obs.cells[int(i)] for i in hits), p, q)


def polygon_interior_hit(poly: Polygon, p: Point, q: Point) -> bool:
    """True when segment p→q meets the interior of `poly`."""
    return bool(shapely.relate_pattern(LineString([(p.x, p.y), (q.x, q.y)]), poly, "T********"))
