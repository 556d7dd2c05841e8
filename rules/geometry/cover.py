"""Cover: what stands between an attacker (or an area's origin) and a target, system by system.

The facts come from lines (rules.md "Cover"); each line is checked against

* walls of every kind except open doors (low walls included): blocked only when the line **crosses** the
  wall (see `rules.geometry.sight`): touching a free end, or running along a wall, does not block;
* impassable cells, merged into solids: blocked only when the line passes through the interior (a seam
  between two impassable cells is inside; an outer edge or a corner point is not);
* other creatures' spaces (not the attacker's or the target's): blocked only when the line passes through
  the interior of the space, outside the attacker's and target's spaces; a corner or an edge is not enough.

PF2e: one line from the centre of the attacker's space (or the area's origin) to the centre of the target's
space. A crossed wall or obstacle while line of effect still exists → standard (+2); only creatures → lesser
(+1), or standard when one of them is 2+ sizes larger than both attacker and target (than the target alone
when asked from an origin without an attacker); Take Cover (``took-cover``) upgrades standard to greater
(+4) and gives standard cover otherwise (from creatures only, or none: 「それ以外の場合…標準的な遮蔽」,
against areas too); no line of effect → ``blocked`` (+0). From an origin, lesser is reported as ``none``.

D&D 5e (DMG grid method): ``total`` iff no line of effect between the spaces (from an origin: to no point
of the target's interior); no lines are returned then. Otherwise, for each of the four corners of the
attacker's space (or the origin) and each square of the target, four lines to that square's corners; the
attacker picks the combination with the least cover (ties: fewest blocked lines, then the first corner and
square). Lines blocked by walls (not low) and impassable cells alone give 0 → none, 1–2 → half (+2), 3–4 →
three-quarters (+5); lines blocked by anything (creatures and low walls too) give at most half. The result is
the better (for the target) of the two.

Results are cached per scene; creatures in between are the scene's tokens other than the attacker's and
target's ids, so a moved copy of the attacker or target may be passed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely import STRtree

from rules.geometry.coords import SIZE_RANK, Point
from rules.geometry.sight import (
    Box,
    Obstacles,
    WallIndex,
    box_span,
    cells_hit,
    crossed_walls,
    obstacles,
    open_box_hits,
    open_box_span,
    pair_crossings,
    point_has_line_to_space,
    spaces_have_line,
    wall_index,
)
from rules.model.scene import Scene, Token

PF2E_DEGREES = ("none", "lesser", "standard", "greater", "blocked")
DND_DEGREES = ("none", "half", "three-quarters", "total")
AC_BONUS: dict[str, int] = {
    "none": 0,
    "lesser": 1,
    "standard": 2,
    "greater": 4,
    "blocked": 0,
    "half": 2,
    "three-quarters": 5,
    "total": 0,
}
_DND_BY_LEVEL = ("none", "half", "three-quarters")


@dataclass(frozen=True, slots=True)
class CoverLine:
    """One line examined for cover. `by` says what blocked it: ``"wall"`` (any wall but a low one),
    ``"obstacle"`` (impassable cells), ``"low wall"`` or ``"creature <id>"`` (the first one along the line),
    in that order of precedence; None when the line is clear."""

    a: Point
    b: Point
    blocked: bool
    by: str | None


@dataclass(frozen=True, slots=True)
class CoverResult:
    """The degree of cover (PF2e ``none|lesser|standard|greater|blocked``, 5e ``none|half|three-quarters|
    total``), its AC bonus, and the lines examined (PF2e: the centre line; 5e: the four lines from the
    chosen corner, none for total cover, which is decided by line of effect alone)."""

    degree: str
    ac_bonus: int
    lines: tuple[CoverLine, ...]


# ------------------------------------------------------------------------------------ per-scene context


@dataclass(frozen=True, slots=True, eq=False)
class _Context:
    walls: WallIndex
    obs: Obstacles
    tokens: tuple[Token, ...]
    boxes: tuple[Box, ...]
    tree: STRtree | None
    n_walls: int
    n_cells: int
    boxes_after_walls: np.ndarray  # impassable cells' boxes, then tokens' boxes (the tree's order)
    results: dict[tuple[object, ...], CoverResult] = field(default_factory=dict)


def _token_box(t: Token) -> Box:
    n = t.side_squares
    return (float(t.cell.x), float(t.cell.y), float(t.cell.x + n), float(t.cell.y + n))


def _context(scene: Scene) -> _Context:
    def build() -> _Context:
        walls = wall_index(scene, "cover")
        obs = obstacles(scene)
        tokens = scene.tokens
        boxes = tuple(_token_box(t) for t in tokens)
        cell_boxes = np.array([[c.x, c.y, c.x + 1, c.y + 1] for c in obs.cells], dtype=float).reshape(-1, 4)
        token_boxes = np.array(boxes, dtype=float).reshape(-1, 4)
        geoms = [walls.lines]
        if len(cell_boxes):
            geoms.append(shapely.box(*cell_boxes.T))
        if len(token_boxes):
            geoms.append(shapely.box(*token_boxes.T))
        allg = np.concatenate([np.atleast_1d(g) for g in geoms])
        tree = STRtree(allg) if len(allg) else None
        return _Context(
            walls,
            obs,
            tokens,
            boxes,
            tree,
            len(walls.walls),
            len(obs.cells),
            np.vstack([cell_boxes, token_boxes]),
        )

    result: _Context = scene.cached("cover.context", build)
    return result


@dataclass(slots=True)
class _Facts:
    wall: bool = False
    low: bool = False
    obstacle: bool = False
    creatures: list[tuple[float, Token]] = field(default_factory=list)

    @property
    def hard(self) -> bool:
        return self.wall or self.obstacle

    @property
    def blocked(self) -> bool:
        return self.wall or self.obstacle or self.low or bool(self.creatures)

    def by(self) -> str | None:
        if self.wall:
            return "wall"
        if self.obstacle:
            return "obstacle"
        if self.low:
            return "low wall"
        if self.creatures:
            return f"creature {min(self.creatures, key=lambda c: c[0])[1].id}"
        return None


def _creature_span(p: Point, q: Point, b: Box, excluded: tuple[Box, ...]) -> float | None:
    """Where segment p→q enters the interior of box `b` outside the `excluded` (closed) boxes, or None."""
    span = open_box_span(p, q, b)
    if span is None:
        return None
    pieces = [span]
    for ex in excluded:
        cut = box_span(p, q, ex, closed=True)
        if cut is None:
            continue
        nxt: list[tuple[float, float]] = []
        for lo, hi in pieces:
            if cut[1] <= lo or cut[0] >= hi:
                nxt.append((lo, hi))
                continue
            if cut[0] > lo:
                nxt.append((lo, cut[0]))
            if cut[1] < hi:
                nxt.append((cut[1], hi))
        pieces = [(lo, hi) for lo, hi in nxt if hi - lo > 1e-9]
    return min(lo for lo, _ in pieces) if pieces else None


#: Up to this many lines, GEOS finds exactly what each line meets; more lines go through numpy in bulk.
_FEW_LINES = 2


def _facts_few(
    ctx: _Context,
    segs: list[tuple[Point, Point]],
    arr: np.ndarray,
    skip_ids: frozenset[str],
    skip_boxes: tuple[Box, ...],
) -> list[_Facts]:
    out = [_Facts() for _ in segs]
    assert ctx.tree is not None
    found = ctx.tree.query(shapely.linestrings(arr.reshape(-1, 2, 2)), predicate="intersects")
    n_walls, n_cells = ctx.n_walls, ctx.n_cells
    for row, (p, q) in enumerate(segs):
        hits = found[1][found[0] == row].tolist()
        facts = out[row]
        wall_ids = [h for h in hits if h < n_walls]
        if wall_ids:
            for w in crossed_walls(ctx.walls, p, q, wall_ids):
                if ctx.walls.low[w]:
                    facts.low = True
                else:
                    facts.wall = True
        cells = [ctx.obs.cells[h - n_walls] for h in hits if n_walls <= h < n_walls + n_cells]
        if cells and cells_hit(ctx.obs.cell_set, cells, p, q):
            facts.obstacle = True
        for h in hits:
            if h < n_walls + n_cells:
                continue
            tok = ctx.tokens[h - n_walls - n_cells]
            if tok.id in skip_ids:
                continue
            enter = _creature_span(p, q, ctx.boxes[h - n_walls - n_cells], skip_boxes)
            if enter is not None:
                facts.creatures.append((enter, tok))
    return out


def _facts(
    ctx: _Context,
    segs: list[tuple[Point, Point]],
    skip_ids: frozenset[str],
    skip_boxes: tuple[Box, ...],
    levels: tuple[int, int] | None = None,
) -> list[_Facts]:
    """What each segment meets; with `levels`, only creatures filling one of those 5-ft levels count
    (`rules.geometry.elevation`: walls and impassable cells block at every height)."""
    out = _facts_flat(ctx, segs, skip_ids, skip_boxes)
    if levels is not None:
        from rules.geometry.elevation import overlaps_levels

        for f in out:
            f.creatures = [(e, t) for e, t in f.creatures if overlaps_levels(t, *levels)]
    return out


def _facts_flat(
    ctx: _Context, segs: list[tuple[Point, Point]], skip_ids: frozenset[str], skip_boxes: tuple[Box, ...]
) -> list[_Facts]:
    out = [_Facts() for _ in segs]
    if ctx.tree is None or not segs:
        return out
    arr = np.array([[p[0], p[1], q[0], q[1]] for p, q in segs], dtype=float).reshape(-1, 4)
    if len(segs) <= _FEW_LINES:
        return _facts_few(ctx, segs, arr, skip_ids, skip_boxes)
    li, gi = ctx.tree.query(shapely.linestrings(arr.reshape(-1, 2, 2)))
    if li.size == 0:
        return out
    n_walls, n_cells = ctx.n_walls, ctx.n_cells
    # Walls: proper crossings in bulk; a line with a vertex event is judged whole by `crossed_walls`.
    wm = gi < n_walls
    if wm.any():
        wl, ww = li[wm], gi[wm]
        proper, event, meet = pair_crossings(ctx.walls, arr, wl, ww)
        unsure = set(wl[event].tolist())
        low = ctx.walls.low[ww]
        for row in set(wl[proper & low].tolist()) - unsure:
            out[row].low = True
        for row in set(wl[proper & ~low].tolist()) - unsure:
            out[row].wall = True
        for row in unsure:
            p, q = segs[row]
            for w in crossed_walls(ctx.walls, p, q, ww[(wl == row) & meet].tolist()):
                if ctx.walls.low[w]:
                    out[row].low = True
                else:
                    out[row].wall = True
    # Impassable cells and creatures' spaces: boxes, tested together (through the open interior).
    bm = ~wm
    if bm.any():
        bl, bb = li[bm], gi[bm] - n_walls
        hit, _ = open_box_hits(arr[bl], ctx.boxes_after_walls[bb])
        is_cell = bb < n_cells
        # Cells: through a cell's interior, or along a seam (axis-aligned lines only).
        for row in set(bl[hit & is_cell].tolist()):
            out[row].obstacle = True
        for row in set(bl[is_cell].tolist()):
            p, q = segs[row]
            if not out[row].obstacle and (p[0] == q[0] or p[1] == q[1]):
                cells = [ctx.obs.cells[c] for c in bb[(bl == row) & is_cell].tolist()]
                out[row].obstacle = cells_hit(ctx.obs.cell_set, cells, p, q)
        # Creatures: through the interior of a space, outside the attacker's and target's spaces.
        for row, k in zip(bl[hit & ~is_cell].tolist(), (bb[hit & ~is_cell] - n_cells).tolist(), strict=True):
            tok = ctx.tokens[k]
            if tok.id in skip_ids:
                continue
            p, q = segs[row]
            enter = _creature_span(p, q, ctx.boxes[k], skip_boxes)
            if enter is not None:
                out[row].creatures.append((enter, tok))
    return out


def _pt(p: Point | tuple[float, float]) -> Point:
    return Point(float(p[0]), float(p[1]))


def _line_of_effect(scene: Scene, target: Token, attacker: Token | None, origin: Point | None) -> bool:
    """Line of effect from the origin point (when given) or the attacker's space to the target's space."""
    if origin is not None:
        return point_has_line_to_space(scene, origin, target.cell, target.side_squares)
    assert attacker is not None
    return spaces_have_line(scene, attacker.cell, attacker.side_squares, target.cell, target.side_squares)


def _levels(scene: Scene, target: Token, attacker: Token | None) -> tuple[int, int] | None:
    """The 5-ft levels between attacker and target when any creature is off the ground (None: all of them).
    From an area's origin, the target's levels and the ground (**Ruling**: origins are on the ground)."""
    flat = not scene.cached("cover.any_elevation", lambda: any(t.elevation for t in scene.tokens))
    if flat and not target.elevation and (attacker is None or not attacker.elevation):
        return None
    from rules.geometry.elevation import levels_between, vertical_squares

    if attacker is None:
        lo, hi = vertical_squares(target)
        return min(lo, 0), max(hi, 0)
    return levels_between(attacker, target)


def _line(p: Point, q: Point, f: _Facts) -> CoverLine:
    return CoverLine(_pt(p), _pt(q), f.blocked, f.by())


def _corners(b: Box) -> list[Point]:
    return [Point(b[0], b[1]), Point(b[2], b[1]), Point(b[2], b[3]), Point(b[0], b[3])]


# ----------------------------------------------------------------------------------------------- PF2e


def took_cover_degree(degree: str) -> str:
    """PF2e Take Cover applied to a geometric cover degree: standard becomes greater; otherwise (lesser or
    none) the creature has standard cover (「それ以外の場合…標準的な遮蔽」); greater and blocked stay."""
    if degree == "standard":
        return "greater"
    if degree in ("none", "lesser"):
        return "standard"
    return degree


def _pf2e(
    scene: Scene, ctx: _Context, target: Token, attacker: Token | None, origin: Point | None
) -> CoverResult:
    start = origin if origin is not None else attacker.centre() if attacker is not None else None
    assert start is not None
    end = target.centre()
    skip_ids = frozenset(t.id for t in (target, attacker) if t is not None)
    skip_boxes = tuple(_token_box(t) for t in (attacker, target) if t is not None)
    loe = _line_of_effect(scene, target, attacker, origin)
    if not loe:
        # Every segment between the spaces crosses an effect-blocking wall, the centre line too.
        return CoverResult("blocked", 0, (CoverLine(_pt(start), _pt(end), True, "wall"),))
    f = _facts(ctx, [(start, end)], skip_ids, skip_boxes, _levels(scene, target, attacker))[0]
    line = _line(start, end, f)
    if f.hard or f.low:
        degree = "standard"
    elif f.creatures:
        sizes = [SIZE_RANK[target.size]] + ([SIZE_RANK[attacker.size]] if attacker is not None else [])
        giant = any(SIZE_RANK[c.size] - max(sizes) >= 2 for _, c in f.creatures)
        degree = "standard" if giant else "lesser"
    else:
        degree = "none"
    if target.has_condition("took-cover"):
        degree = took_cover_degree(degree)
    if degree == "lesser" and origin is not None:
        degree = "none"
    return CoverResult(degree, AC_BONUS[degree], (line,))


# ------------------------------------------------------------------------------------------------ 5e


def _level(n: int) -> int:
    return 0 if n == 0 else 1 if n <= 2 else 2


def _dnd(
    scene: Scene, ctx: _Context, target: Token, attacker: Token | None, origin: Point | None
) -> CoverResult:
    if not _line_of_effect(scene, target, attacker, origin):
        return CoverResult("total", 0, ())
    if origin is not None:
        starts = [_pt(origin)]
    else:
        assert attacker is not None
        starts = _corners(_token_box(attacker))
    squares = [(float(c.x), float(c.y), float(c.x + 1), float(c.y + 1)) for c in target.squares()]
    groups: list[list[tuple[Point, Point]]] = [
        [(s, c) for c in _corners(sq)] for s in starts for sq in squares
    ]
    unique: dict[tuple[Point, Point], int] = {}
    for g in groups:
        for seg in g:
            unique.setdefault(seg, len(unique))
    skip_ids = frozenset(t.id for t in (target, attacker) if t is not None)
    skip_boxes = tuple(_token_box(t) for t in (attacker, target) if t is not None)
    facts = _facts(ctx, list(unique), skip_ids, skip_boxes, _levels(scene, target, attacker))
    best: tuple[tuple[int, int, int, int], int] | None = None
    for gi, g in enumerate(groups):
        fs = [facts[unique[seg]] for seg in g]
        hard = sum(1 for f in fs if f.hard)
        anyb = sum(1 for f in fs if f.blocked)
        level = max(_level(hard), min(_level(anyb), 1))
        key = (level, anyb, hard, gi)
        if best is None or key < best[0]:
            best = (key, gi)
    assert best is not None
    gi = best[1]
    lines = tuple(_line(p, q, facts[unique[(p, q)]]) for p, q in groups[gi])
    degree = _DND_BY_LEVEL[best[0][0]]
    return CoverResult(degree, AC_BONUS[degree], lines)


# -------------------------------------------------------------------------------------------- public


def cover(
    scene: Scene, target: Token, attacker: Token | None = None, origin: Point | None = None
) -> CoverResult:
    """The target's cover against `attacker`, or against an area whose origin is `origin` (a point in corner
    coordinates; it replaces the attacker's position when both are given). See the module docstring for
    the rules of each system."""
    if attacker is None and origin is None:
        raise ValueError("cover needs an attacker or an origin")
    ctx = _context(scene)
    key: tuple[object, ...] = (
        target.id,
        target.cell,
        target.size,
        target.has_condition("took-cover"),
        target.elevation,
        None if attacker is None else (attacker.id, attacker.cell, attacker.size, attacker.elevation),
        None if origin is None else (float(origin[0]), float(origin[1])),
    )
    found = ctx.results.get(key)
    if found is not None:
        return found
    if not scene.rules.corner_cover:
        result = _pf2e(scene, ctx, target, attacker, origin)
    else:
        result = _dnd(scene, ctx, target, attacker, origin)
    if len(ctx.results) > 100_000:
        ctx.results.clear()
    ctx.results[key] = result
    return result
