"""Walls, line of effect and line of sight.

Boundary rules (rules.md "Line of effect and sight"):

* A wall polyline **blocks** a segment that crosses it from one side to the other, including through a
  vertex shared by two of its segments (the wall continues on both sides of the segment there).
* A segment that only **touches** a free end of a wall, touches a wall with one of its own end points, or
  **runs along** a wall (collinear overlap) is **not blocked**. These are the rules for effect, sight and
  cover lines; movement uses stricter rules (any contact blocks), see `rules.geometry.movement`.
* Which walls count depends on the purpose: ``effect`` (wall, window, closed door), ``sight`` (wall,
  closed door), ``cover`` (every wall except an open door, low walls included).
* Impassable terrain cells are solid obstacles for cover: adjacent ones merge into one polygon, so a line
  along the seam between two of them is inside the obstacle; a line along the outer boundary or through a
  corner only touches it and is not blocked.

Line of effect between two spaces exists iff some straight segment from a point in the interior of one
space to a point in the interior of the other crosses no effect-blocking wall. It is decided on sample
points of each space (centres of squares, and points a hair inside each corner and edge midpoint), which
finds every gap at least as wide as the inset.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import LineString, Polygon, box

from rules.geometry.coords import Point
from rules.scene import Scene, Token, Wall

EPS = 1e-9
#: How far inside a space's corners and edges the sample points sit.
INSET = 1e-3

PURPOSES = ("effect", "sight", "cover")


def _counts(w: Wall, purpose: str) -> bool:
    if purpose == "effect":
        return w.blocks_effect
    if purpose == "sight":
        return w.blocks_sight
    if purpose == "cover":
        return w.gives_cover
    raise ValueError(f"unknown purpose {purpose!r}")


@dataclass(frozen=True, slots=True)
class WallIndex:
    """The walls that count for one purpose, with an STRtree over them."""

    walls: tuple[Wall, ...]
    coords: np.ndarray  # shape (n, 4): ax, ay, bx, by
    tree: STRtree | None

    def candidates(self, p: Point, q: Point) -> Sequence[int]:
        """Indices of walls whose bounding boxes meet the segment's bounding box."""
        if self.tree is None:
            return ()
        minx, maxx = (p.x, q.x) if p.x <= q.x else (q.x, p.x)
        miny, maxy = (p.y, q.y) if p.y <= q.y else (q.y, p.y)
        found: Sequence[int] = self.tree.query(box(minx - EPS, miny - EPS, maxx + EPS, maxy + EPS))
        return found


def wall_index(scene: Scene, purpose: str) -> WallIndex:
    """The per-scene (cached) index of walls that count for `purpose`."""

    def build() -> WallIndex:
        walls = tuple(
            w for w in scene.walls if _counts(w, purpose) and (abs(w.a.x - w.b.x) > EPS or abs(w.a.y - w.b.y) > EPS)
        )
        coords = np.array([[w.a.x, w.a.y, w.b.x, w.b.y] for w in walls], dtype=float).reshape(-1, 4)
        tree = STRtree([LineString([(w.a.x, w.a.y), (w.b.x, w.b.y)]) for w in walls]) if walls else None
        return WallIndex(walls, coords, tree)

    result: WallIndex = scene.cached(("wall_index", purpose), build)
    return result


def _orient(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


def _sign(v: float, scale: float) -> int:
    tol = EPS * max(1.0, scale)
    if v > tol:
        return 1
    if v < -tol:
        return -1
    return 0


def crossed_walls(index: WallIndex, p: Point, q: Point, candidates: Iterable[int] | None = None) -> list[int]:
    """Indices (into `index.walls`) of walls that block segment p→q under the crossing rules above.

    A wall blocks by crossing it properly; walls meeting at a vertex on the segment block together when
    their rays leave the vertex on both sides of the segment.
    """
    px, py, qx, qy = p.x, p.y, q.x, q.y
    dx, dy = qx - px, qy - py
    length2 = dx * dx + dy * dy
    if length2 <= EPS * EPS:
        return []
    scale = length2**0.5
    blocked: list[int] = []
    # vertex (rounded point) -> [walls with a ray on the left, walls with a ray on the right]
    vertices: dict[tuple[float, float], tuple[list[int], list[int]]] = {}
    idx = index.candidates(p, q) if candidates is None else candidates
    coords = index.coords
    for i in idx:
        ax, ay, bx, by = coords[i]
        wl = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        o1 = _sign(_orient(px, py, qx, qy, ax, ay), scale)
        o2 = _sign(_orient(px, py, qx, qy, bx, by), scale)
        if o1 == 0 and o2 == 0:
            continue  # runs along the segment's line: never blocks
        o3 = _sign(_orient(ax, ay, bx, by, px, py), wl)
        o4 = _sign(_orient(ax, ay, bx, by, qx, qy), wl)
        if o1 * o2 < 0 and o3 * o4 < 0:
            blocked.append(int(i))
            continue
        # Touching cases: a wall end point on the segment's interior makes a vertex event.
        for end_on, ex, ey, other_side in ((o1, ax, ay, o2), (o2, bx, by, o1)):
            if end_on != 0 or other_side == 0:
                continue
            t = ((ex - px) * dx + (ey - py) * dy) / length2
            if t <= EPS or t >= 1 - EPS:
                continue  # at (or beyond) the segment's own end points: a touch, not a crossing
            key = (round(ex, 7), round(ey, 7))
            left, right = vertices.setdefault(key, ([], []))
            (left if other_side > 0 else right).append(int(i))
    for left, right in vertices.values():
        if left and right:
            blocked.extend(left)
            blocked.extend(right)
    return blocked


def segment_blocked(scene: Scene, p: Point, q: Point, purpose: str = "effect") -> bool:
    """True when segment p→q crosses a wall that counts for `purpose` (see module rules)."""
    index = wall_index(scene, purpose)
    if index.tree is None:
        return False
    return bool(crossed_walls(index, p, q))


def effect_blocked(scene: Scene, p: Point, q: Point) -> bool:
    """True when the segment p→q has no line of effect (crosses an effect-blocking wall)."""
    return segment_blocked(scene, p, q, "effect")


# ------------------------------------------------------------------------------------ space sampling


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


def spaces_have_line(
    scene: Scene, a_cell: tuple[int, int], a_side: int, b_cell: tuple[int, int], b_side: int, purpose: str = "effect"
) -> bool:
    """Line of effect (or sight) between two spaces: some sampled interior segment crosses no wall."""
    index = wall_index(scene, purpose)
    if index.tree is None:
        return True
    a_pts = space_samples(a_cell, a_side)
    b_pts = space_samples(b_cell, b_side)
    for p in a_pts:
        for q in b_pts:
            if not crossed_walls(index, p, q):
                return True
    return False


def line_of_effect(scene: Scene, a: Token, b: Token) -> bool:
    """Line of effect between two creatures' spaces."""
    return spaces_have_line(scene, a.cell, a.side_squares, b.cell, b.side_squares, "effect")


def point_has_line_to_space(scene: Scene, p: Point, cell: tuple[int, int], side: int, purpose: str = "effect") -> bool:
    index = wall_index(scene, purpose)
    if index.tree is None:
        return True
    return any(not crossed_walls(index, p, q) for q in space_samples(cell, side))


def can_see(scene: Scene, viewer: Token, target: Token) -> bool:
    """The viewer can see the target: not blinded, target not invisible, and a sight line exists
    (windows and low walls don't block sight)."""
    if viewer.has_condition("blinded") or target.has_condition("invisible"):
        return False
    if viewer.has_condition("unconscious") or viewer.has_condition("dying"):
        return False
    return spaces_have_line(scene, viewer.cell, viewer.side_squares, target.cell, target.side_squares, "sight")


# ------------------------------------------------------------------------------------------ obstacles


def obstacle_union(scene: Scene) -> shapely.Geometry | None:
    """Impassable cells merged into solid polygons (cached), or None when there are none."""

    def build() -> shapely.Geometry | None:
        cells = [t for t, kind in scene.terrain_map().items() if kind == "impassable"]
        if not cells:
            return None
        merged = shapely.unary_union([box(c.x, c.y, c.x + 1, c.y + 1) for c in cells])
        shapely.prepare(merged)
        return merged

    return scene.cached("obstacle_union", build)


def segment_hits_obstacle(scene: Scene, p: Point, q: Point) -> bool:
    """True when segment p→q passes through the interior of an impassable obstacle (touching its boundary,
    running along its outer edge or through a corner does not count)."""
    obstacles = obstacle_union(scene)
    if obstacles is None:
        return False
    line = LineString([(p.x, p.y), (q.x, q.y)])
    if not shapely.intersects(obstacles, line):
        return False
    return bool(shapely.relate_pattern(line, obstacles, "T********"))


def polygon_interior_hit(poly: Polygon, p: Point, q: Point) -> bool:
    """True when segment p→q meets the interior of `poly`."""
    return bool(shapely.relate_pattern(LineString([(p.x, p.y), (q.x, q.y)]), poly, "T********"))
