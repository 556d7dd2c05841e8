"""Movement on the grid: what a step costs, whether it is legal, cheapest paths and the reachable set.

Step costs (rules.md "Distance and movement"):

- Orthogonal steps cost 5 ft. Diagonal steps cost 5 ft each with the five-foot count (5e default) and
  5, 10, 5, 10 … with the alternating count (PF2e always; 5e ``diagonals: "alternating"``). The count
  runs across the whole turn; ``diagonals_before`` (diagonal steps already made this turn) sets its parity,
  so an odd value makes the next diagonal cost 10 ft.
- Terrain is priced by the worst square a step *newly* enters (for a 1-square mover: its destination).
  PF2e adds +5 ft (difficult) or +10 ft (greater difficult), never multiplied by the diagonal. 5e doubles
  the step's own cost (5 → 10; alternating 10 → 20); greater difficult is just difficult, and another
  creature's space counts as difficult where the system says so (features never stack). Hazardous terrain
  costs like open floor. Impassable squares can't be entered.

Legality of one step (each square of a larger creature's space makes its own step, old → new; the step is
legal iff every square's step is):

- Nothing moves off the grid.
- Walls: a square's step is blocked when the segment between the two square centres *crosses* a
  movement-blocking wall (``wall``, ``window``, closed ``door``; open doors and low walls never block) by
  the line-of-effect test of `rules.geometry.sight.crossed_walls`: crossing a wall, or passing through a
  point where blocking walls meet and leave on both sides of the step, blocks; touching a free end of a
  wall or running along one does not (so a door half a square off the grid lines can be walked through
  straight). Grid-aligned walls are crossed properly by every step they stop, so the table is built from
  a fast per-wall sign test and only steps a wall merely touches go through the full cluster test.
- Divided squares (**Ruling**, issue 23): a square whose centre lies on a blocking wall — inside the wall,
  or where two blocking walls meet, not at a wall's free end — is divided by it. Steps into and out of its
  centre each only touch the wall, but together they cross it (in on one side, out on the other), so no
  step may enter such a square (a creature already standing there may leave it). A 45° corner wall through
  square centres, common in Dungeondraft maps, so stops a path exactly as a wall on the grid lines would.
- Corners: a diagonal square step is illegal when either of the two squares beside it (orthogonal
  neighbours of its start) is impassable, or when a blocking wall touches the corner point the step passes
  through (exact test). Creatures' spaces never block a corner.
- Creatures: see `creature_rule` (PF2e, 5e 2014, 5e 2024 differ). No move may *end* with any square in
  another creature's space unless that creature allows it (PF2e tiny creatures; 5e: a tiny mover in a square
  holding fewer than four tiny creatures); the start position is always a legal end. A creature flying
  above the mover (5-ft levels that don't overlap, `rules.geometry.elevation`) is not in its way; a mover
  off the ground (``elevation`` > 0) ignores difficult and hazardous terrain (impassable cells still stop it);
  a creature with the trait ``ignores difficult terrain`` moves over difficult squares as over floor and over
  PF2e greater difficult terrain as over difficult terrain (`ignores_difficult`).
- 5e crawling and squeezing: a prone mover, and a ``squeezing`` one, pays every step's own cost once more
  for each (double; triple in difficult terrain or when crawling while squeezing).

Searches run over (top-left cell × diagonal parity) states, so a path may prefer an orthogonal detour to
keep the next diagonal cheap. Per-scene tables (terrain codes, which 1-square steps a wall blocks, static
step prices per creature size) are built once and cached on the `Scene` with `Scene.cached`; a
`MoveContext` adds the creatures as seen by one mover and is cached per (mover id, side, size, elevation,
prone, squeezing).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from rules.bulk import without_gc
from rules.errors import QueryError
from rules.geometry.coords import DIRECTIONS, SIZE_RANK, SIZE_SQUARES, Cell
from rules.geometry.search_field import SearchField, StateTables, path_states, search_field
from rules.geometry.sight import EPS, WallIndex, _build_index, shared_by_walls
from rules.geometry.wall_steps import exact_orient, wall_steps
from rules.messages import msg
from rules.model.grid_rules import PASS_HOSTILE_2_SIZES, PASS_UNWILLING_3_SIZES
from rules.model.scene import CANNOT_ACT, TERRAIN_BY_CODE, Scene, TerrainCell, Token

DIRECTION_INDEX: dict[tuple[int, int], int] = {d: i for i, d in enumerate(DIRECTIONS)}
#: Direction indexes ordered by the neighbour cell they lead to (x, then y): the path tie-break order.
_BY_CELL: tuple[int, ...] = tuple(sorted(range(8), key=lambda i: DIRECTIONS[i]))

FLOOR, DIFFICULT, GREATER, IMPASSABLE = 0, 1, 2, 3
_KIND_CODE: dict[str, int] = {
    "uneven": FLOOR,
    "narrow": FLOOR,
    "hazardous": FLOOR,
    "difficult": DIFFICULT,
    "greater-difficult": GREATER,
    "impassable": IMPASSABLE,
}
#: Conditions that make a creature incapacitated (5e 2024: others may move through its space).
INCAPACITATING: frozenset[str] = CANNOT_ACT - {"dead", "dying"}
ACTIONS: tuple[str, ...] = ("stride", "step")

_BIG = 1 << 24  # path search keys are feet * _BIG + steps (steps < 2 * 1000 * 1000 < _BIG)


# ------------------------------------------------------------------------------------------------ values


@dataclass(frozen=True, slots=True)
class PathCost:
    """The price of a given path. `steps` prices every step as if it were legal; `feet` is their sum.
    `problem` names the first broken rule and its 1-based step number (None when `legal`)."""

    feet: int
    steps: tuple[int, ...]
    legal: bool
    problem: str | None
    diagonals: int  # diagonal steps in this path


@dataclass(frozen=True, slots=True)
class PathResult:
    """A cheapest legal path: `path` lists top-left cells from the start to the goal, `steps` their prices."""

    feet: int
    path: tuple[Cell, ...]
    steps: tuple[int, ...]
    diagonals: int


@dataclass(frozen=True, slots=True)
class CreatureRule:
    """How another creature's space affects a mover: may it pass, may it end there, is it difficult."""

    passable: bool
    can_end: bool
    difficult: bool
    why: str = ""  # why it can't be passed (for messages)


# ------------------------------------------------------------------------------ exact segment predicates


def _orient(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> int:
    """Sign of the cross product (b - a) × (c - a): 1 left turn, -1 right turn, 0 collinear. Exact:
    the float result is trusted only when it is far from zero, otherwise it is recomputed exactly."""
    ux, uy, vx, vy = bx - ax, by - ay, cx - ax, cy - ay
    left = ux * vy
    right = uy * vx
    det = left - right
    scale = abs(left) + abs(right)
    tol = 1e-12 * scale
    if scale > 1e-250:  # far from underflow, where float products keep their relative precision
        if det > tol:
            return 1
        if det < -tol:
            return -1
    if (ux == 0.0 or vy == 0.0) and (uy == 0.0 or vx == 0.0):
        return 0  # both products have an exactly-zero factor (a float difference is 0 only when exact)
    return exact_orient(ax, ay, bx, by, cx, cy)


def segments_touch(
    x1: float, y1: float, x2: float, y2: float, x3: float, y3: float, x4: float, y4: float
) -> bool:
    """True when the closed segments p1-p2 and p3-p4 share at least one point (crossing, touching an end
    point, or overlapping along a line all count). Exact for any float coordinates."""
    if (
        max(x1, x2) < min(x3, x4)
        or max(x3, x4) < min(x1, x2)
        or max(y1, y2) < min(y3, y4)
        or max(y3, y4) < min(y1, y2)
    ):
        return False
    o1 = _orient(x1, y1, x2, y2, x3, y3)
    o2 = _orient(x1, y1, x2, y2, x4, y4)
    if o1 != 0 and o1 == o2:
        return False
    o3 = _orient(x3, y3, x4, y4, x1, y1)
    o4 = _orient(x3, y3, x4, y4, x2, y2)
    # Collinear segments (all four zero) overlap because their bounding boxes do.
    return not (o3 != 0 and o3 == o4)


def point_on_segment(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> bool:
    """True when point p lies on the closed segment a-b (exact)."""
    if px < min(ax, bx) or px > max(ax, bx) or py < min(ay, by) or py > max(ay, by):
        return False
    return _orient(ax, ay, bx, by, px, py) == 0


def _near_segment(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> bool:
    """True when point p lies on the segment a-b within `EPS` (the tolerance of the line tests in
    `rules.geometry.sight`, which treat such a point as touched: imported walls are written in decimals)."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0.0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(ax + t * dx - px, ay + t * dy - py) <= EPS * max(1.0, math.sqrt(length2))


def _cells_near_segment(
    ax: float, ay: float, bx: float, by: float, w: int, h: int
) -> Iterator[tuple[int, int]]:
    """On-grid cells whose closed square may touch the segment a-b (a small superset)."""
    eps = 1e-7
    x_lo, x_hi = min(ax, bx), max(ax, bx)
    c0 = max(0, math.floor(x_lo - eps))
    c1 = min(w - 1, math.floor(x_hi + eps))
    dx = bx - ax
    for cx in range(c0, c1 + 1):
        if dx == 0.0:
            y_lo, y_hi = min(ay, by), max(ay, by)
        else:
            xl = max(float(cx), x_lo)
            xr = min(float(cx + 1), x_hi)
            if xl > xr:
                xl = xr = min(max(xl, x_lo), x_hi)
            ya = ay + (xl - ax) / dx * (by - ay)
            yb = ay + (xr - ax) / dx * (by - ay)
            y_lo, y_hi = min(ya, yb), max(ya, yb)
        r0 = max(0, math.floor(y_lo - eps))
        r1 = min(h - 1, math.floor(y_hi + eps))
        for cy in range(r0, r1 + 1):
            yield cx, cy


# ---------------------------------------------------------------------------------- per-scene tables


@dataclass(frozen=True, slots=True)
class GridTables:
    """Static per-scene movement data for 1-square steps. Index of cell [x, y] is ``y * width + x``; a step
    entry is ``index * 8 + direction`` (see `DIRECTIONS`)."""

    width: int
    height: int
    kind: bytes  # terrain code per cell: FLOOR, DIFFICULT, GREATER, IMPASSABLE
    wall_step: bytes  # per step entry: 1 when a blocking wall crosses the centre segment or its corner
    corner_wall: frozenset[int]  # corner points (Y * (width + 1) + X) that a blocking wall touches
    split: frozenset[int]  # cells whose centre lies on a blocking wall (not at a free end): never entered
    step_ok: tuple[
        bytes, ...
    ]  # per direction, per cell: 0xFF when a 1-square step is legal ignoring creatures


#: Tables that depend only on grid, terrain and walls, shared between scenes that hold the *same* terrain
#: and wall tuples (moving a token makes a new Scene but keeps those tuples): key → (walls, terrain, store).
_SHARED: dict[tuple[Any, ...], tuple[object, object, dict[Any, Any]]] = {}
_SHARED_MAX = 4


def _shared(scene: Scene, name: Any, build: Callable[[], Any]) -> Any:
    """Memoise static movement data per scene, and across scenes with identical terrain/wall objects."""

    def lookup() -> Any:
        key = (scene.system, scene.options.diagonals, scene.grid.width, scene.grid.height)
        entry = _SHARED.get(key)
        if entry is None or entry[0] is not scene.walls or entry[1] is not scene.terrain:
            if len(_SHARED) >= _SHARED_MAX:
                _SHARED.pop(next(iter(_SHARED)))
            entry = (scene.walls, scene.terrain, {})
            _SHARED[key] = entry
        store = entry[2]
        if name not in store:
            store[name] = build()
        return store[name]

    return scene.cached(("movement", name), lookup)


def movement_walls(scene: Scene) -> WallIndex:
    """The (cached) line-test index of the scene's movement-blocking walls."""
    return shared_by_walls(
        scene, "wall_index:movement", lambda: _build_index(w for w in scene.walls if w.blocks_movement)
    )


def grid_tables(scene: Scene) -> GridTables:
    """The scene's static movement tables (cached)."""
    result: GridTables = _shared(scene, "grid", lambda: _build_grid_tables(scene))
    return result


@without_gc
def _build_grid_tables(scene: Scene) -> GridTables:
    w, h = scene.grid.width, scene.grid.height
    n_cells = w * h
    codes = (
        scene.terrain_codes()
    )  # TERRAIN_BY_CODE: none, hazardous, difficult, greater, impassable, narrow …
    # narrow surfaces and uneven ground cost like floor to plan (their Balance is rules.play.moves')
    kind_of_code = np.array([FLOOR, FLOOR, DIFFICULT, GREATER, IMPASSABLE, FLOOR, FLOOR], dtype=np.uint8)
    kind = kind_of_code[codes].reshape(-1)
    blocking = [(n, w_.a.x, w_.a.y, w_.b.x, w_.b.y) for n, w_ in enumerate(scene.walls) if w_.blocks_movement]
    found = wall_steps(blocking, w, h, movement_walls(scene))
    wall_step = found.wall_step
    corners = found.corners
    on_centre = found.on_centre
    bad = wall_step.astype(bool).reshape(n_cells, 8)  # per top-left index and direction
    # Divided squares: a centre inside a blocking wall, or where blocking walls meet, is on the wall's line;
    # a path through it would enter on one side and leave on the other, so no step may enter the square.
    # A wall that only *ends* at the centre (a free end) divides nothing.
    split: set[int] = set()
    for idx, numbers in on_centre.items():
        px, py = idx % w + 0.5, idx // w + 0.5
        ends = (scene.walls[numbers[0]].a, scene.walls[numbers[0]].b)
        if len(numbers) > 1 or not any(math.hypot(p.x - px, p.y - py) <= EPS for p in ends):
            split.add(idx)
    dxs = np.array([d[0] for d in DIRECTIONS])
    dys = np.array([d[1] for d in DIRECTIONS])
    gy, gx = np.divmod(np.arange(n_cells), w)

    def entering(targets: np.ndarray) -> None:
        """Mark every on-grid step whose destination is a true square of `targets` (``[y, x]``)."""
        flat = targets.reshape(-1)
        for d in range(8):
            sx, sy = gx - dxs[d], gy - dys[d]  # the step into square (x, y) from (x - dx, y - dy)
            hit = flat & (sx >= 0) & (sx < w) & (sy >= 0) & (sy < h)
            bad[(sy * w + sx)[hit], d] = True

    if split:
        divided = np.zeros((h, w), dtype=bool)
        for idx in split:
            divided[idx // w, idx % w] = True
        entering(divided)
    # off the grid
    for d in range(8):
        nx, ny = gx + dxs[d], gy + dys[d]
        bad[:, d] |= (nx < 0) | (nx >= w) | (ny < 0) | (ny >= h)
    # impassable squares: can't be entered, and diagonals can't cut their corners
    impassable = codes == TERRAIN_BY_CODE.index("impassable")
    if impassable.any():
        entering(impassable)
        for d in range(1, 8, 2):
            dx, dy = int(dxs[d]), int(dys[d])
            nx, ny = gx + dx, gy + dy
            ok = (nx >= 0) & (nx < w) & (ny >= 0) & (ny < h)
            # diagonal (dx, dy) from s cuts an impassable square at s + (dx, 0) or s + (0, dy)
            side = np.zeros(n_cells, dtype=bool)
            side[ok] = impassable[gy[ok], nx[ok]] | impassable[ny[ok], gx[ok]]
            bad[side, d] = True
    masks = [np.where(bad[:, d], 0, 0xFF).astype(np.uint8).tobytes() for d in range(8)]
    return GridTables(
        w,
        h,
        kind.tobytes(),
        wall_step.tobytes(),
        frozenset(corners),
        frozenset(split),
        tuple(masks),
    )


def _alternating(scene: Scene) -> bool:
    return scene.rules.diagonals == "alternating"


def _base_costs(alternating: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Step prices with no terrain by direction, for an even and an odd diagonal count so far."""
    even = (5,) * 8
    odd = tuple(10 if (d & 1 and alternating) else 5 for d in range(8))
    return even, odd


def _price(adds: bool, base: int, terrain: int, creature_difficult: bool) -> int:
    """One step's price from its own cost and the worst terrain newly entered: terrain `adds` 5 or 10 ft
    (PF2e), or doubles the step (5e)."""
    if adds:
        return base + (0, 5, 10, 0)[terrain]
    return base * 2 if (terrain in (DIFFICULT, GREATER) or creature_difficult) else base


def _entering_entries(cx: int, cy: int, n: int, w: int, h: int) -> Iterator[tuple[int, int]]:
    """(step entry, direction) of every step of an n×n mover (old space on the grid) that newly enters
    cell [cx, cy]: the cell lies in the new space's leading column (dx ≠ 0) or leading row (dy ≠ 0)."""
    last_x, last_y = w - n, h - n
    span = range(n)
    for d, (dx, dy) in enumerate(DIRECTIONS):
        col_qx = cx - n + 1 if dx == 1 else cx  # new top-left x when c is in the leading column
        row_qy = cy - n + 1 if dy == 1 else cy  # new top-left y when c is in the leading row
        if dx:
            for j in span:
                px, py = col_qx - dx, cy - j - dy
                if 0 <= px <= last_x and 0 <= py <= last_y:
                    yield (py * w + px) * 8 + d, d
        if dy:
            for i in span:
                qx = cx - i
                if dx and qx == col_qx:
                    continue  # the corner, already counted with the column
                px, py = qx - dx, row_qy - dy
                if 0 <= px <= last_x and 0 <= py <= last_y:
                    yield (py * w + px) * 8 + d, d


@dataclass(frozen=True, slots=True)
class SizeTables:
    """Static step prices for an n×n mover by top-left index: ``cost_even`` when the diagonal count so far
    is even, ``cost_odd`` when odd; 0 marks an illegal step (walls, corners, impassable, grid edge)."""

    n: int
    cost_even: bytes
    cost_odd: bytes


def size_tables(scene: Scene, n: int) -> SizeTables:
    result: SizeTables = _shared(scene, ("size", n), lambda: _build_size_tables(scene, n))
    return result


def _shift(data: bytes, offset: int) -> bytes:
    """``out[i] = data[i + offset]``, zero where that falls outside (rows wrap: callers mask those out)."""
    size = len(data)
    if abs(offset) >= size:
        return bytes(size)
    if offset >= 0:
        return data[offset:] + bytes(offset)
    return bytes(-offset) + data[:offset]


def _or(parts: Sequence[bytes]) -> bytes:
    """Bytewise OR of equal-length byte strings (as big integers, so it runs at C speed)."""
    size = len(parts[0])
    acc = 0
    for part in parts:
        acc |= int.from_bytes(part, "big")
    return acc.to_bytes(size, "big")


def _and(parts: Sequence[bytes]) -> bytes:
    """Bytewise AND of equal-length byte strings."""
    size = len(parts[0])
    acc = int.from_bytes(parts[0], "big")
    for part in parts[1:]:
        acc &= int.from_bytes(part, "big")
    return acc.to_bytes(size, "big")


def _build_size_tables(scene: Scene, n: int) -> SizeTables:
    """Whole-grid byte-string arithmetic, one direction at a time (no per-cell Python loop):

    - legality: the AND of the 1-square legality masks of every square of the space (shifted copies);
    - terrain: flags (1 difficult, 2 greater) ORed over the leading column and/or row the step enters,
      translated to prices; positions whose space would leave the grid are masked out.
    """
    g = grid_tables(scene)
    w, h = g.width, g.height
    n_cells = w * h
    even, odd = _base_costs(_alternating(scene))
    adds = scene.rules.terrain_adds
    flags = bytes(g.kind).translate(bytes([0, 1, 2, 0]) + bytes(252))
    column = _or([_shift(flags, j * w) for j in range(n)])  # flags of cells (x, y..y+n-1)
    row = _or([_shift(flags, i) for i in range(n)])  # flags of cells (x..x+n-1, y)
    fits = bytearray(b"\xff") * n_cells  # positions whose n×n space is on the grid
    for y in range(h):
        if y > h - n:
            fits[y * w : (y + 1) * w] = bytes(w)
        elif n > 1:
            fits[y * w + w - n + 1 : (y + 1) * w] = bytes(n - 1)
    cost0 = bytearray(n_cells * 8)
    cost1 = bytearray(n_cells * 8)
    for d, (dx, dy) in enumerate(DIRECTIONS):
        one = g.step_ok[d]
        ok = _and([bytes(fits), *(_shift(one, i + j * w) for j in range(n) for i in range(n))])
        parts = []
        if dx:
            parts.append(_shift(column, (n if dx == 1 else -1) + dy * w))
        if dy:
            parts.append(_shift(row, dx + (n if dy == 1 else -1) * w))
        entered = _or(parts)
        for table, base in ((cost0, even[d]), (cost1, odd[d])):
            prices = bytes(
                _price(adds, base, GREATER if v & 2 else DIFFICULT if v & 1 else FLOOR, False)
                for v in range(4)
            )
            table[d::8] = _and([entered.translate(prices + bytes(252)), ok])
    return SizeTables(n, bytes(cost0), bytes(cost1))


# ------------------------------------------------------------------------------------------- creatures


def incapacitated(token: Token) -> bool:
    return bool(token.condition_names() & INCAPACITATING)


def creature_rule(scene: Scene, mover: Token, other: Token) -> CreatureRule:
    """How `other`'s space affects `mover` (same `side` = allies; different sides = hostile/unwilling).

    - PF2e: a tiny mover, or a tiny `other`, may pass and end there; so may a mover sharing the square of a
      prone creature its size or smaller that is willing (an ally), unconscious, dying or dead (an unconscious
      or dead creature lies prone) (Player Core "Prone and Incapacitated Creatures"); otherwise an ally's
      space may be passed, an unwilling creature's only when 3+ sizes different; never ended in; no extra
      cost.
    - 5e 2014: a non-hostile creature's space may be passed, a hostile one's only when 2+ sizes different;
      every other creature's space is difficult terrain; never ended in.
    - 5e 2024: an ally's, an incapacitated creature's, a tiny creature's, or a 2+ sizes larger creature's
      space may be passed; it is difficult terrain unless the creature is tiny or an ally; never ended in.
    """
    ally = mover.side == other.side
    diff = SIZE_RANK[other.size] - SIZE_RANK[mover.size]
    passage = scene.rules.creature_passage
    if passage == PASS_UNWILLING_3_SIZES:
        if mover.size == "tiny" or other.size == "tiny":
            return CreatureRule(True, True, False)
        down = bool(other.condition_names() & {"unconscious", "dying", "dead"}) or (
            other.hp is not None and other.hp <= 0
        )
        if diff <= 0 and (down or (ally and other.has_condition("prone"))):
            return CreatureRule(True, True, False)
        if ally or abs(diff) >= 3:
            return CreatureRule(True, False, False)
        return CreatureRule(False, False, False, "an unwilling creature less than 3 sizes larger or smaller")
    if passage == PASS_HOSTILE_2_SIZES:
        if ally or abs(diff) >= 2:
            return CreatureRule(True, False, True)
        return CreatureRule(False, False, True, "a hostile creature less than 2 sizes larger or smaller")
    if ally:
        return CreatureRule(True, False, False)
    if other.size == "tiny":
        return CreatureRule(True, False, False)
    if incapacitated(other) or diff >= 2:
        return CreatureRule(True, False, True)
    return CreatureRule(
        False, False, True, "not an ally, incapacitated, tiny, or 2+ sizes larger than the mover"
    )


def _flight_scene(scene: Scene) -> Scene:
    """The scene as a creature in the air moves over it: only impassable cells (solid obstacles taken to be as
    tall as any fight, like walls) remain of the terrain; difficult and hazardous ground doesn't slow it."""

    def build() -> Scene:
        return scene.edit(terrain=tuple(t for t in scene.terrain if t.kind == "impassable"))

    result: Scene = scene.cached("movement.flight_scene", build)
    return result


#: A creature trait: its movement ignores difficult terrain (`ignoring_scene`).
IGNORES_DIFFICULT = "ignores difficult terrain"


def ignores_difficult(token: Token) -> bool:
    """The creature's movement ignores difficult terrain (its trait ``ignores difficult terrain``)."""
    return token.has_trait(IGNORES_DIFFICULT)


def _ignoring_scene(scene: Scene) -> Scene:
    """The scene as a creature that ignores difficult terrain moves over it (rules.md "Distance and
    movement"): difficult squares cost like open floor; where greater difficult terrain adds more than
    difficult (PF2e, `GridRules.terrain_adds`: 「上級移動困難地形を通常の移動困難地形の移動コストで通過でき
    る」, Player Core 423) it costs as difficult terrain, else (5e, where it is just difficult) like floor."""

    def build() -> Scene:
        kept: list[TerrainCell] = []
        for t in scene.terrain:
            if t.kind == "difficult":
                continue
            if t.kind == "greater-difficult":
                if not scene.rules.terrain_adds:
                    continue
                t = replace(t, kind="difficult")
            kept.append(t)
        return scene.edit(terrain=tuple(kept))

    result: Scene = scene.cached("movement.ignoring_scene", build)
    return result


def _same_height(mover: Token, other: Token) -> bool:
    """Does `other` stand in `mover`'s way? Not when one flies above the other (their 5-ft levels don't
    overlap, `rules.geometry.elevation.blocks_ground`)."""
    if not (mover.elevation or other.elevation):
        return True
    from rules.geometry.elevation import blocks_ground

    return blocks_ground(mover, other)


#: D&D 5e: tiny creatures fill 2½ ft, four to a square (rules.md "Coordinates").
TINY_PER_SQUARE_5E = 4


def _tiny_room(scene: Scene, mover: Token) -> frozenset[Cell]:
    """5e: the squares a tiny mover may enter and end in although creatures are there, because they hold
    only tiny creatures, fewer than four (the mover not counted). Empty in PF2e (a tiny creature's square is
    open to everyone, `creature_rule`) and for larger movers."""
    if scene.rules.pass_tiny or mover.size != "tiny":
        return frozenset()
    tiny: dict[Cell, int] = {}
    full: set[Cell] = set()
    for other in scene.tokens:
        if other.id == mover.id or not _same_height(mover, other):
            continue
        for sq in other.squares():
            if other.size == "tiny":
                tiny[sq] = tiny.get(sq, 0) + 1
            else:
                full.add(sq)
    return frozenset(c for c, k in tiny.items() if k < TINY_PER_SQUARE_5E and c not in full)


# --------------------------------------------------------------------------------------------- context


def check_action(scene: Scene, action: str) -> None:
    """Raise a `bad value` QueryError for an unknown action or a Step outside PF2e."""
    if action not in ACTIONS:
        raise QueryError("bad value", f"'action' must be one of {', '.join(ACTIONS)}, got {action!r}")
    if action == "step" and not scene.rules.step_action:
        raise QueryError("bad value", f"the Step action is a PF2e rule; this scene is {scene.system}")


class MoveContext:
    """Everything needed to move one creature around one scene, precomputed: step prices (0 = illegal)
    including the creatures as this mover sees them, and the top-left cells where it can't end.

    It does not depend on the mover's current cell, so a GUI can keep it during a drag; get it with
    `move_context` (cached on the scene per mover id, side and size).
    """

    __slots__ = (
        "_fields",
        "_no_end_mask",
        "_reached",
        "_state_tables",
        "alternating",
        "blocking",
        "cost_even",
        "cost_odd",
        "crawl",
        "creature_difficult",
        "grid",
        "height",
        "n",
        "no_end",
        "no_end_cells",
        "scene",
        "side",
        "size",
        "terrain_adds",
        "token_id",
        "width",
    )

    def __init__(self, scene: Scene, token: Token) -> None:
        self.scene = scene
        self.token_id = token.id
        self.side = token.side
        self.size = token.size
        self.n = n = SIZE_SQUARES[token.size]
        # a flyer ignores the ground's terrain; a creature that ignores difficult terrain ignores it
        ground = _flight_scene(scene) if token.elevation > 0 else scene
        if ignores_difficult(token) and ground is scene:
            ground = _ignoring_scene(scene)
        self.grid = g = grid_tables(ground)
        self.width = w = g.width
        self.height = h = g.height
        self.terrain_adds = scene.rules.terrain_adds
        self.alternating = _alternating(scene)
        tables = size_tables(ground, n)
        #: cell index → a token whose space this mover can't pass (with the reason), entering is illegal
        self.blocking: dict[int, tuple[Token, str]] = {}
        #: cell indexes that are difficult terrain for this mover because a creature stands there (5e)
        self.creature_difficult: set[int] = set()
        #: cell index → a token in whose space this mover can't end
        self.no_end_cells: dict[int, Token] = {}
        shared = _tiny_room(scene, token)
        for other in scene.tokens:
            if other.id == token.id or not _same_height(token, other):
                continue
            rule = creature_rule(scene, token, other)
            for sq in other.squares():
                if sq in shared:  # 5e: a tiny mover fits beside fewer than four tiny creatures
                    continue
                if not (0 <= sq.x < w and 0 <= sq.y < h):
                    continue
                idx = sq.y * w + sq.x
                if not rule.passable and idx not in self.blocking:
                    self.blocking[idx] = (other, rule.why)
                if rule.difficult:
                    self.creature_difficult.add(idx)
                if not rule.can_end and idx not in self.no_end_cells:
                    self.no_end_cells[idx] = other
        if self.blocking or self.creature_difficult:
            even, odd = _base_costs(self.alternating)
            cost0 = bytearray(tables.cost_even)
            cost1 = bytearray(tables.cost_odd)
            for idx in self.creature_difficult:
                for e, d in _entering_entries(idx % w, idx // w, n, w, h):
                    if cost0[e]:
                        cost0[e] = 2 * even[d]
                        cost1[e] = 2 * odd[d]
            for idx in self.blocking:
                for e, _d in _entering_entries(idx % w, idx // w, n, w, h):
                    cost0[e] = 0
                    cost1[e] = 0
            self.cost_even: bytes = bytes(cost0)
            self.cost_odd: bytes = bytes(cost1)
        else:
            self.cost_even = tables.cost_even
            self.cost_odd = tables.cost_odd
        #: 5e: a prone mover crawls and a squeezing one squeezes, each making every foot cost 1 extra (the
        #: step's own cost is added once more for each)
        crawling = token.has_condition("prone") + token.has_condition("squeezing")
        self.crawl = crawling if scene.rules.crawl_costs else 0
        if self.crawl:
            even, odd = _base_costs(self.alternating)
            k = self.crawl
            self.cost_even = bytes(c + k * even[e & 7] if c else 0 for e, c in enumerate(self.cost_even))
            self.cost_odd = bytes(c + k * odd[e & 7] if c else 0 for e, c in enumerate(self.cost_odd))
        self._state_tables: StateTables | None = None
        self._no_end_mask: np.ndarray | None = None
        #: reachable sets answered, by (field start, field cap, feet)
        self._reached: dict[tuple[int, int, int], dict[Cell, int]] = {}
        #: search fields by (start state, cap), most recently used last (`field`)
        self._fields: dict[tuple[int, int], SearchField] = {}
        #: top-left indexes where this mover's space would overlap a space it can't end in
        self.no_end: set[int] = set()
        for idx in self.no_end_cells:
            cx, cy = idx % w, idx // w
            for j in range(n):
                for i in range(n):
                    px, py = cx - i, cy - j
                    if 0 <= px <= w - n and 0 <= py <= h - n:
                        self.no_end.add(py * w + px)

    # ---- helpers

    def _parity(self, diagonals_before: int) -> int:
        return (diagonals_before & 1) if self.alternating else 0

    def _state_steps(self) -> tuple[list[int], list[int], list[int]]:
        """Position offsets and state offsets (state = index * 2 + parity) by direction and parity."""
        w = self.width
        off = [dx + dy * w for dx, dy in DIRECTIONS]
        flip = [1 if (d & 1 and self.alternating) else 0 for d in range(8)]
        sd0 = [off[d] * 2 + flip[d] for d in range(8)]
        sd1 = [off[d] * 2 - flip[d] for d in range(8)]
        return off, sd0, sd1

    def fits(self, cell: tuple[int, int]) -> bool:
        """True when the mover's whole space at top-left `cell` is on the grid."""
        x, y = cell
        return 0 <= x <= self.width - self.n and 0 <= y <= self.height - self.n

    def can_end(self, cell: tuple[int, int], start: tuple[int, int]) -> bool:
        """True when a move from `start` may end with the top-left at `cell` (space on the grid, no
        impassable square, no creature space it can't end in); the start itself always may."""
        if tuple(cell) == tuple(start):
            return True
        if not self.fits(cell):
            return False
        x, y = cell
        w = self.width
        kind = self.grid.kind
        for j in range(self.n):
            for i in range(self.n):
                if kind[(y + j) * w + x + i] == IMPASSABLE:
                    return False
        return (y * w + x) not in self.no_end

    # ---- pricing and legality of single steps (direct, for path-cost and the GUI)

    def price_step(self, frm: Cell, to: Cell, parity: int) -> tuple[int, int, str | None]:
        """(price as if legal, parity after, reason the step is illegal or None) of one step between
        adjacent top-left cells. The price uses the worst on-grid square newly entered."""
        dx, dy = to.x - frm.x, to.y - frm.y
        d = DIRECTION_INDEX[(dx, dy)]
        diagonal = bool(d & 1)
        base = 5
        if diagonal and self.alternating:
            base = 10 if parity else 5
            parity ^= 1
        n, w, h = self.n, self.width, self.height
        kind = self.grid.kind
        entered = [
            (to.x + i, to.y + j)
            for j in range(n)
            for i in range(n)
            if not (frm.x <= to.x + i < frm.x + n and frm.y <= to.y + j < frm.y + n)
        ]
        worst = FLOOR
        crowd = False
        for x, y in entered:
            if 0 <= x < w and 0 <= y < h:
                idx = y * w + x
                k = kind[idx]
                if k in (DIFFICULT, GREATER) and k > worst:
                    worst = k
                if idx in self.creature_difficult:
                    crowd = True
        price = _price(self.terrain_adds, base, worst, crowd) + self.crawl * base
        return price, parity, self._step_problem(frm, to, d, entered)

    def _step_problem(self, frm: Cell, to: Cell, d: int, entered: list[tuple[int, int]]) -> str | None:
        n, w, h = self.n, self.width, self.height
        g = self.grid
        dx, dy = DIRECTIONS[d]
        if not self.fits(to):
            return f"leaves the grid (the {self.size} space at {list(to)} doesn't fit on the {w}×{h} grid)"
        squares = [(frm.x + i, frm.y + j) for j in range(n) for i in range(n)]
        for x, y in squares:  # each square's own step may not end on an impassable square
            if g.kind[(y + dy) * w + x + dx] == IMPASSABLE:
                return str(msg("enters impassable terrain at [{x}, {y}]", x=x + dx, y=y + dy))
        for x, y in squares:  # nor on a square a wall divides
            if (y + dy) * w + x + dx in g.split:
                return str(
                    msg(
                        "enters [{x}, {y}], which a wall divides (the wall runs through its centre)",
                        x=x + dx,
                        y=y + dy,
                    )
                )
        for x, y in squares:
            if not (0 <= x < w and 0 <= y < h):
                continue
            if g.wall_step[(y * w + x) * 8 + d]:
                if d & 1:
                    cx, cy = x + (1 if dx > 0 else 0), y + (1 if dy > 0 else 0)
                    if cy * (w + 1) + cx in g.corner_wall:
                        return str(msg("cuts the corner at ({x}, {y}) where a wall touches it", x=cx, y=cy))
                return str(
                    msg("crosses a wall between [{x}, {y}] and [{x2}, {y2}]", x=x, y=y, x2=x + dx, y2=y + dy)
                )
        if d & 1:
            for x, y in squares:
                for sx, sy in ((x + dx, y), (x, y + dy)):
                    if 0 <= sx < w and 0 <= sy < h and g.kind[sy * w + sx] == IMPASSABLE:
                        return str(msg("cuts the corner of impassable square [{x}, {y}]", x=sx, y=sy))
        for x, y in entered:
            found = self.blocking.get(y * w + x)
            if found is not None:
                other, why = found
                return str(msg("moves through the space of {name} ({why})", name=repr(other.id), why=why))
        return None

    def step_legal(self, frm: tuple[int, int], to: tuple[int, int]) -> str | None:
        """None when the mover's top-left may step from `frm` to the adjacent `to`, else the reason."""
        a, b = Cell(*frm), Cell(*to)
        if max(abs(b.x - a.x), abs(b.y - a.y)) != 1:
            return f"{list(a)} and {list(b)} are not adjacent"
        return self.price_step(a, b, 0)[2]

    # ---- path-cost

    def path_cost(
        self,
        start: tuple[int, int],
        path: Sequence[tuple[int, int]],
        diagonals_before: int = 0,
        action: str = "stride",
    ) -> PathCost:
        """Price a path of top-left cells beginning at `start`; see the module docstring for the rules."""
        check_action(self.scene, action)
        cells = [Cell(int(c[0]), int(c[1])) for c in path]
        if not cells:
            raise QueryError(
                "bad value", f"the path is empty; it must begin with the token's cell {list(start)}"
            )
        if cells[0] != tuple(start):
            raise QueryError(
                "bad value",
                f"the path must begin at the token's cell {list(start)}, not at {list(cells[0])}",
            )
        for k in range(1, len(cells)):
            a, b = cells[k - 1], cells[k]
            if max(abs(b.x - a.x), abs(b.y - a.y)) != 1:
                raise QueryError(
                    "bad value", f"path cells {list(a)} and {list(b)} (step {k}) are not adjacent squares"
                )
        parity = self._parity(diagonals_before)
        steps: list[int] = []
        problem: str | None = None
        diagonals = 0
        for k in range(1, len(cells)):
            a, b = cells[k - 1], cells[k]
            odd_before = parity
            price, parity, reason = self.price_step(a, b, parity)
            diagonal = a.x != b.x and a.y != b.y
            diagonals += diagonal
            steps.append(price)
            if problem is not None:
                continue
            if reason is None and action == "step":
                reason = self._step_action_problem(k, a, b, diagonal, odd_before)
            if reason is not None:
                problem = str(
                    msg(
                        "step {k} ({start} → {end}) {reason}",
                        k=k,
                        start=str(list(a)),
                        end=str(list(b)),
                        reason=reason,
                    )
                )
        if problem is None and len(cells) > 1 and cells[-1] != tuple(start):
            end = cells[-1]
            if not self.can_end(end, start):
                problem = f"step {len(cells) - 1} ends the move {self._end_problem(end)}"
        return PathCost(sum(steps), tuple(steps), problem is None, problem, diagonals)

    def _step_action_problem(self, k: int, a: Cell, b: Cell, diagonal: bool, odd_before: int) -> str | None:
        if k > 1:
            return "is a second square, but a Step moves only 5 feet"
        w, n = self.width, self.n
        for j in range(n):
            for i in range(n):
                x, y = b.x + i, b.y + j
                if a.x <= x < a.x + n and a.y <= y < a.y + n:
                    continue  # not newly entered
                if self.grid.kind[y * w + x] in (DIFFICULT, GREATER):
                    return f"enters difficult terrain at [{x}, {y}], which a Step can't"
        if diagonal and self.alternating and odd_before:
            return "is a diagonal that would cost 10 feet, but a Step moves only 5 feet"
        return None

    def _end_problem(self, end: Cell) -> str:
        w = self.width
        for j in range(self.n):
            for i in range(self.n):
                x, y = end.x + i, end.y + j
                other = self.no_end_cells.get(y * w + x)
                if other is not None:
                    return (
                        f"in the space of {other.id!r}, and a creature can't end its move in another's space"
                    )
        return "where the creature's space can't be"

    # ---- searches

    def reachable(self, start: tuple[int, int], feet: int, diagonals_before: int = 0) -> dict[Cell, int]:
        """Every top-left cell where a stride from `start` of at most `feet` can legally end, at its
        cheapest cost (the start included at 0). Answered from the search field (`field`), so queries of one
        state from one start share a search."""
        w = self.width
        sx, sy = start
        start_pos = sy * w + sx
        if self._no_end_mask is None:
            mask = np.zeros(self.width * self.height, dtype=bool)
            mask[list(self.no_end)] = True
            self._no_end_mask = mask
        leave_out = self._no_end_mask
        if leave_out[start_pos]:  # the start is always a legal end
            leave_out = leave_out.copy()
            leave_out[start_pos] = False
        field = self.field(start_pos, self._parity(diagonals_before), feet)
        key = (field.start, field.cap, feet)
        kept = self._reached.get(key)
        if kept is None:
            positions, costs = field.feet_per_position(feet, leave_out)
            ys, xs = np.divmod(positions, w)
            kept = dict(zip(map(Cell, xs.tolist(), ys.tolist()), costs.tolist(), strict=True))
            if len(self._reached) >= self.FIELDS_KEPT:
                self._reached.pop(next(iter(self._reached)))
            self._reached[key] = kept
        return dict(kept)  # the caller's own copy

    #: search fields kept per context (a drag's legs, the overlay's budget)
    FIELDS_KEPT = 8

    def field(self, start_pos: int, parity: int, cap: int) -> SearchField:
        """The search field (`rules.geometry.search_field`) of this mover from top-left index `start_pos`
        with diagonal `parity`, covering every state within `cap` feet: a kept field of the same start
        with a cap at least as large answers too (keys within a cap don't depend on the cap)."""
        start = start_pos * 2 + parity
        cap = max(0, int(cap))
        fields = self._fields
        found = fields.get((start, cap))
        if found is None:
            found = next((f for (s, c), f in fields.items() if s == start and c >= cap), None)
        if found is None:
            if self._state_tables is None:
                self._state_tables = StateTables.build(
                    self.cost_even, self.cost_odd, self.width, self.alternating
                )
            found = search_field(self._state_tables, start, cap)
            if len(fields) >= self.FIELDS_KEPT:
                fields.pop(next(iter(fields)))
        fields.pop((found.start, found.cap), None)
        fields[(found.start, found.cap)] = found
        return found

    def shortest_path(
        self,
        start: tuple[int, int],
        to: tuple[int, int],
        diagonals_before: int = 0,
        max_feet: int | None = None,
    ) -> PathResult | None:
        """The cheapest legal stride from `start` to end with the top-left at `to`; among equal cost the
        fewest steps, then the lexicographically smallest list of cells. None when there is none."""
        w = self.width
        start_cell, goal = Cell(*start), Cell(*to)
        if start_cell == goal:
            return PathResult(0, (start_cell,), (), 0)
        if not self.can_end(goal, start_cell):
            return None
        target = goal.y * w + goal.x
        if not self._enterable(goal):
            return None  # no legal step ends there
        c0, c1 = self.cost_even, self.cost_odd
        start_pos = start_cell.y * w + start_cell.x
        parity = self._parity(diagonals_before)
        if max_feet is not None:
            # capped (a drag's mouse moves): one search field per start answers every target
            off, sd0, sd1 = self._state_steps()
            states = path_states(
                self.field(start_pos, parity, max_feet),
                target,
                (c0, c1),
                off,
                (sd0, sd1),
                _BY_CELL,
                self.width * self.height,
                self.alternating,
            )
        else:
            states = self._search(start_pos, parity, target, None)
        if states is None:
            return None
        cells = tuple(Cell((s >> 1) % w, (s >> 1) // w) for s in states)
        steps: list[int] = []
        diagonals = 0
        for i in range(1, len(states)):
            s = states[i - 1]
            a, b = cells[i - 1], cells[i]
            d = DIRECTION_INDEX[(b.x - a.x, b.y - a.y)]
            steps.append((c1 if s & 1 else c0)[(s >> 1) * 8 + d])
            diagonals += d & 1
        return PathResult(sum(steps), cells, tuple(steps), diagonals)

    def _enterable(self, goal: Cell) -> bool:
        """True when some legal step ends with the top-left at `goal`."""
        w, h = self.width, self.height
        for d, (dx, dy) in enumerate(DIRECTIONS):
            x, y = goal.x - dx, goal.y - dy
            if 0 <= x < w and 0 <= y < h:
                e = (y * w + x) * 8 + d
                if self.cost_even[e] or self.cost_odd[e]:
                    return True
        return False

    def _search(self, start_pos: int, parity: int, target: int, max_feet: int | None) -> list[int] | None:
        """A* over (index × parity) with keys feet * _BIG + steps and an admissible, consistent heuristic
        (the obstacle-free count and the Chebyshev step count). Returns the states of the chosen path."""
        w = self.width
        alternating = self.alternating
        off, sd0, sd1 = self._state_steps()
        c0, c1 = self.cost_even, self.cost_odd
        tx, ty = target % w, target // w
        big = _BIG
        cap = (max_feet + 1) * big if max_feet is not None else 1 << 62
        half = 1 if alternating else 0  # weight of the alternating count's extra diagonals
        # the heuristic of both parities of a cell, worked out once per cell the search reaches
        known: dict[int, tuple[int, int]] = {}

        def heuristic(pos: int) -> tuple[int, int]:
            y, x = divmod(pos, w)
            ax = x - tx if x >= tx else tx - x
            ay = y - ty if y >= ty else ty - y
            hi, lo = (ax, ay) if ax >= ay else (ay, ax)
            pair = (5 * (hi + half * (lo >> 1)) * big + hi, 5 * (hi + half * ((lo + 1) >> 1)) * big + hi)
            known[pos] = pair
            return pair

        s0 = start_pos * 2 + parity
        dist: dict[int, int] = {s0: 0}
        heap: list[tuple[int, int, int]] = [(heuristic(s0 >> 1)[s0 & 1], 0, s0)]
        pop, push, get, known_h = heapq.heappop, heapq.heappush, dist.get, known.get
        best: int | None = None
        while heap:
            f, g, s = pop(heap)
            if best is not None and f > best:
                break
            if g > dist[s]:
                continue
            pos = s >> 1
            if pos == target:
                if best is None or g < best:
                    best = g
                continue
            b = pos * 8
            row, sd = (c1, sd1) if s & 1 else (c0, sd0)
            for d in range(8):
                k = row[b + d]
                if k:
                    ng = g + k * big + 1
                    if ng >= cap:
                        continue
                    ns = s + sd[d]
                    old = get(ns)
                    if old is None or ng < old:
                        dist[ns] = ng
                        p = ns >> 1
                        h = known_h(p) or heuristic(p)
                        push(heap, (ng + h[ns & 1], ng, ns))
        if best is None:
            return None
        # States on some optimal path: walk optimal edges backwards from the optimal goal states.
        useful: set[int] = {s for s in (target * 2, target * 2 + 1) if dist.get(s) == best}
        stack = list(useful)
        n_cells = self.width * self.height
        while stack:
            v = stack.pop()
            pv, gv = v >> 1, dist[v]
            for d in range(8):
                pu = pv - off[d]
                if not 0 <= pu < n_cells:
                    continue
                pu_par = (v & 1) ^ (1 if (d & 1 and alternating) else 0)
                u = pu * 2 + pu_par
                gu = get(u)
                if gu is None or u in useful:
                    continue
                k = (c1 if pu_par else c0)[pu * 8 + d]
                if k and gu + k * big + 1 == gv:
                    useful.add(u)
                    stack.append(u)
        # Walk forward from the start taking the smallest next cell among optimal continuations.
        path = [s0]
        s = s0
        while not ((s >> 1) == target and dist[s] == best):
            table, sd = (c1, sd1) if s & 1 else (c0, sd0)
            b = (s >> 1) * 8
            for d in _BY_CELL:
                k = table[b + d]
                if not k:
                    continue
                ns = s + sd[d]
                if ns in useful and dist[ns] == dist[s] + k * big + 1:
                    s = ns
                    break
            else:  # pragma: no cover - the optimal DAG always continues
                raise AssertionError("shortest path reconstruction lost its way")
            path.append(s)
        return path


def least_per_cell(labels: dict[int, int]) -> dict[int, int]:
    """Fold search labels keyed by state ``cell index * 2 + parity`` to the least label per cell index."""
    best: dict[int, int] = {}
    for s, label in labels.items():
        pos = s >> 1
        old = best.get(pos)
        if old is None or label < old:
            best[pos] = label
    return best


def move_context(scene: Scene, token: Token) -> MoveContext:
    """The `MoveContext` of `token` in `scene` (cached on the scene)."""
    slow = (token.has_condition("prone"), token.has_condition("squeezing"), ignores_difficult(token))
    key = ("movement.context", token.id, token.side, token.size, token.elevation, slow)
    result: MoveContext = scene.cached(key, lambda: MoveContext(scene, token))
    return result


# ------------------------------------------------------------------------------------------ public API


def path_cost(
    scene: Scene,
    token: Token,
    path: Sequence[tuple[int, int]],
    diagonals_before: int = 0,
    action: str = "stride",
) -> PathCost:
    """Price `path` (top-left cells, starting at the token's cell). Raises ``QueryError("bad value")`` when
    the first cell isn't the token's cell or two consecutive cells aren't adjacent. Speed is no limit."""
    return move_context(scene, token).path_cost(token.cell, path, diagonals_before, action)


def shortest_path(
    scene: Scene,
    token: Token,
    to: tuple[int, int],
    diagonals_before: int = 0,
    action: str = "stride",
    max_feet: int | None = None,
) -> PathResult | None:
    """The cheapest legal path of the token's top-left to `to` (ties: fewest steps, then the
    lexicographically smallest cell list), or None when unreachable, not a legal end, or over `max_feet`.
    With ``action="step"`` (PF2e) only a single legal 5-ft Step (or staying put) qualifies."""
    check_action(scene, action)
    ctx = move_context(scene, token)
    start = token.cell
    goal = Cell(*to)
    if action == "step":
        if goal == start:
            return PathResult(0, (start,), (), 0)
        if max(abs(goal.x - start.x), abs(goal.y - start.y)) != 1:
            return None
        cost = ctx.path_cost(start, [start, goal], diagonals_before, "step")
        if not cost.legal or (max_feet is not None and cost.feet > max_feet):
            return None
        return PathResult(cost.feet, (start, goal), cost.steps, cost.diagonals)
    return ctx.shortest_path(start, goal, diagonals_before, max_feet)


def reachable(
    scene: Scene,
    token: Token,
    feet: int | None = None,
    diagonals_before: int = 0,
    action: str = "stride",
) -> dict[Cell, int]:
    """Every top-left cell where the token can legally end a move of at most `feet` (default: its speed),
    with the cheapest cost; the start is included at 0."""
    check_action(scene, action)
    budget = token.speed if feet is None else feet
    ctx = move_context(scene, token)
    if action == "step":
        out = {token.cell: 0}
        for dx, dy in DIRECTIONS:
            goal = token.cell.offset(dx, dy)
            cost = ctx.path_cost(token.cell, [token.cell, goal], diagonals_before, "step")
            if cost.legal and cost.feet <= budget:
                out[goal] = cost.feet
        return out
    return ctx.reachable(token.cell, budget, diagonals_before)


def step_legal(scene: Scene, token: Token, frm: Cell, to: Cell) -> str | None:
    """None when the token's top-left may step from `frm` to the adjacent `to`, else the reason (creature
    rules included; ending there is not judged)."""
    return move_context(scene, token).step_legal(frm, to)
