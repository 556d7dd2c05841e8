"""Property tests for the movement engine on random small maps.

The fast engine (precomputed step tables, A* with a tie-break walk) is checked against a slow reference
written here: Dijkstra over (cell, parity) that prices every step with `MoveContext.price_step` (the direct,
table-free step rules), then enumerates *all* optimal paths and picks the lexicographically smallest.
Wall tables are checked against brute-force line-of-effect segment tests, and the exact segment test
against fractions.
"""

from __future__ import annotations

import heapq
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString

from rules.cli import answer
from rules.geometry.coords import SIZE_SQUARES, Cell
from rules.geometry.distance import offset_feet
from rules.geometry.movement import (
    DIRECTIONS,
    grid_tables,
    move_context,
    path_cost,
    point_on_segment,
    reachable,
    segments_touch,
    shortest_path,
)
from rules.geometry.sight import _build_index, crossed_walls
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene, Token

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SYSTEMS = ("pf2e", "dnd5e-2014", "dnd5e-2024")
KINDS = ("difficult", "greater-difficult", "hazardous", "impassable")
SIZES = ("tiny", "small", "medium", "large")


@st.composite
def scenes(draw: st.DrawFn) -> Scene:
    """A random map up to 6×6 with terrain, walls on a half grid, a mover "A" and up to 3 other tokens."""
    system = draw(st.sampled_from(SYSTEMS))
    w = draw(st.integers(2, 6))
    h = draw(st.integers(2, 6))
    cells = [(x, y) for y in range(h) for x in range(w)]
    terrain = draw(st.lists(st.tuples(st.sampled_from(cells), st.sampled_from(KINDS)), max_size=w * h // 2))
    half = st.integers(-1, 2 * max(w, h) + 1).map(lambda v: v / 2)
    walls = draw(
        st.lists(
            st.tuples(
                half, half, half, half, st.sampled_from(("wall", "door", "window", "low")), st.booleans()
            ),
            max_size=4,
        )
    )
    tokens: list[dict[str, Any]] = []
    for i in range(draw(st.integers(1, 4))):
        size = draw(st.sampled_from(SIZES))
        n = SIZE_SQUARES[size]
        if n > w or n > h:
            size, n = "medium", 1
        x = draw(st.integers(0, w - n))
        y = draw(st.integers(0, h - n))
        tokens.append(
            {
                "id": "A" if i == 0 else f"t{i}",
                "cell": [x, y],
                "size": size,
                "side": draw(st.sampled_from(("party", "enemies"))),
                "conditions": draw(st.sampled_from(([], ["unconscious"]))),
            }
        )
    options: dict[str, Any] = {}
    if system != "pf2e":
        options["diagonals"] = draw(st.sampled_from(("five", "alternating")))
    doc = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": system,
        "options": options,
        "grid": {"width": w, "height": h},
        "terrain": [{"cell": list(c), "kind": k} for c, k in terrain],
        "walls": [
            {"a": [ax, ay], "b": [bx, by], "kind": kind, **({"open": op} if kind == "door" else {})}
            for ax, ay, bx, by, kind, op in walls
        ],
        "tokens": tokens,
    }
    return scene_from_json(doc, "<random>")


def mover(scene: Scene) -> Token:
    a = scene.token("A")
    assert a is not None
    return a


Key = tuple[int, int]  # (feet, steps)
State = tuple[Cell, int]  # (top-left, parity)


def reference_search(scene: Scene, token: Token, diagonals_before: int) -> dict[State, Key]:
    """Dijkstra over (cell, parity) with (feet, steps) keys, pricing each step with `price_step`."""
    ctx = move_context(scene, token)
    parity = diagonals_before & 1 if ctx.alternating else 0
    start: State = (token.cell, parity)
    dist: dict[State, Key] = {start: (0, 0)}
    heap: list[tuple[Key, State]] = [((0, 0), start)]
    while heap:
        key, state = heapq.heappop(heap)
        if key > dist[state]:
            continue
        cell, par = state
        for dx, dy in DIRECTIONS:
            to = cell.offset(dx, dy)
            price, new_par, problem = ctx.price_step(cell, to, par)
            if problem is not None:
                continue
            new_key = (key[0] + price, key[1] + 1)
            nxt = (to, new_par)
            if nxt not in dist or new_key < dist[nxt]:
                dist[nxt] = new_key
                heapq.heappush(heap, (new_key, nxt))
    return dist


def reference_path(
    scene: Scene, token: Token, goal: Cell, diagonals_before: int
) -> tuple[int, list[Cell]] | None:
    """The optimal (feet, path) by brute force: every optimal path, then the smallest cell list."""
    ctx = move_context(scene, token)
    if goal == token.cell:
        return 0, [goal]
    if not ctx.can_end(goal, token.cell):
        return None
    dist = reference_search(scene, token, diagonals_before)
    ends = [(key, state) for state, key in dist.items() if state[0] == goal]
    if not ends:
        return None
    best = min(key for key, _ in ends)

    def paths_to(state: State) -> list[list[Cell]]:
        key = dist[state]
        if key == (0, 0):
            return [[state[0]]]
        found: list[list[Cell]] = []
        cell, _ = state
        for dx, dy in DIRECTIONS:
            prev = cell.offset(-dx, -dy)
            for par in (0, 1):
                before = (prev, par)
                if before not in dist:
                    continue
                price, new_par, problem = ctx.price_step(prev, cell, par)
                if (
                    problem is None
                    and new_par == state[1]
                    and (dist[before][0] + price, dist[before][1] + 1) == key
                ):
                    found.extend([*p, cell] for p in paths_to(before))
        return found

    all_paths = [p for key, state in ends if key == best for p in paths_to(state)]
    return best[0], min(all_paths)


@SETTINGS
@given(scenes(), st.integers(0, 3))
def test_shortest_paths_match_the_brute_force_reference(scene: Scene, diagonals_before: int) -> None:
    token = mover(scene)
    for y in range(scene.grid.height):
        for x in range(scene.grid.width):
            goal = Cell(x, y)
            found = shortest_path(scene, token, goal, diagonals_before)
            expected = reference_path(scene, token, goal, diagonals_before)
            if expected is None:
                assert found is None, goal
                continue
            assert found is not None, goal
            assert (found.feet, list(found.path)) == expected, goal


@SETTINGS
@given(scenes(), st.integers(0, 3), st.integers(0, 40))
def test_capped_paths_from_one_search_field_match_the_reference(
    scene: Scene, diagonals_before: int, cap: int
) -> None:
    """A capped search (a drag's mouse moves) answers every target from one field: the same path as the
    reference within the cap, None beyond it — and the field is searched once for all the targets."""
    token = mover(scene)
    ctx = move_context(scene, token)
    for y in range(scene.grid.height):
        for x in range(scene.grid.width):
            goal = Cell(x, y)
            found = shortest_path(scene, token, goal, diagonals_before, max_feet=cap)
            expected = reference_path(scene, token, goal, diagonals_before)
            if expected is None or expected[0] > cap:
                assert found is None, goal
                continue
            assert found is not None, goal
            assert (found.feet, list(found.path)) == expected, goal
    assert len(ctx._fields) <= 1


@SETTINGS
@given(scenes(), st.integers(0, 3), st.integers(0, 60))
def test_reachable_agrees_with_shortest_path(scene: Scene, diagonals_before: int, budget: int) -> None:
    token = mover(scene)
    cells = reachable(scene, token, budget, diagonals_before)
    assert cells[token.cell] == 0
    for y in range(scene.grid.height):
        for x in range(scene.grid.width):
            goal = Cell(x, y)
            found = shortest_path(scene, token, goal, diagonals_before)
            if found is not None and found.feet <= budget:
                assert cells.get(goal) == found.feet, goal
            else:
                assert goal not in cells, goal


@SETTINGS
@given(scenes(), st.integers(0, 3))
def test_a_returned_path_is_legal_and_priced_the_same_by_path_cost(
    scene: Scene, diagonals_before: int
) -> None:
    token = mover(scene)
    ctx = move_context(scene, token)
    for y in range(scene.grid.height):
        for x in range(scene.grid.width):
            found = shortest_path(scene, token, (x, y), diagonals_before)
            if found is None:
                continue
            priced = path_cost(scene, token, found.path, diagonals_before)
            assert priced.legal, priced.problem
            assert priced.feet == found.feet
            assert priced.steps == found.steps
            assert priced.diagonals == found.diagonals
            mode = "alternating" if ctx.alternating else "five"
            dx, dy = x - token.cell.x, y - token.cell.y
            assert found.feet >= offset_feet(dx, dy, mode, diagonals_before)
            assert len(found.path) - 1 >= max(abs(dx), abs(dy))


@SETTINGS
@given(scenes(), st.data())
def test_path_cost_steps_add_up_and_problems_name_a_step(scene: Scene, data: st.DataObject) -> None:
    token = mover(scene)
    moves = data.draw(st.lists(st.sampled_from(DIRECTIONS), max_size=6))
    path = [token.cell]
    for dx, dy in moves:
        path.append(path[-1].offset(dx, dy))
    result = path_cost(scene, token, path)
    assert len(result.steps) == len(moves)
    assert result.feet == sum(result.steps)
    assert all(s >= 5 for s in result.steps)
    assert result.legal == (result.problem is None)
    if result.problem is not None:
        number = int(result.problem.split()[1])
        assert 1 <= number <= len(moves)


@SETTINGS
@given(scenes(), st.data())
def test_distance_is_symmetric_and_adjacent_is_five(scene: Scene, data: st.DataObject) -> None:
    places: list[Any] = [t.id for t in scene.tokens]
    places += [[x, y] for y in range(scene.grid.height) for x in range(scene.grid.width)]
    a = data.draw(st.sampled_from(places))
    b = data.draw(st.sampled_from(places))
    ab = answer(scene, {"q": "distance", "from": a, "to": b})
    ba = answer(scene, {"q": "distance", "from": b, "to": a})
    assert ab == ba
    assert ab["feet"] >= 0 and ab["feet"] % 5 == 0
    if isinstance(a, list) and isinstance(b, list) and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1:
        assert ab == {"feet": 5}


# ------------------------------------------------------------------------------------ wall geometry


def _exact_touch(
    p1: tuple[float, float], p2: tuple[float, float], q1: tuple[float, float], q2: tuple[float, float]
) -> bool:
    """Closed-segment intersection in exact rational arithmetic (the oracle)."""
    a, b, c, d = ((Fraction(x), Fraction(y)) for x, y in (p1, p2, q1, q2))

    def orient(
        u: tuple[Fraction, Fraction], v: tuple[Fraction, Fraction], w: tuple[Fraction, Fraction]
    ) -> int:
        det = (v[0] - u[0]) * (w[1] - u[1]) - (v[1] - u[1]) * (w[0] - u[0])
        return (det > 0) - (det < 0)

    def on(u: tuple[Fraction, Fraction], v: tuple[Fraction, Fraction], w: tuple[Fraction, Fraction]) -> bool:
        return min(u[0], v[0]) <= w[0] <= max(u[0], v[0]) and min(u[1], v[1]) <= w[1] <= max(u[1], v[1])

    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    return (
        (o1 == 0 and on(a, b, c))
        or (o2 == 0 and on(a, b, d))
        or (o3 == 0 and on(c, d, a))
        or (o4 == 0 and on(c, d, b))
    )


coordinate = st.one_of(
    st.integers(-4, 8).map(lambda v: v / 2),
    st.integers(-40, 80).map(lambda v: v / 10),  # not dyadic: the float filter must fall back to exact
    st.floats(-2, 6, allow_nan=False),
)
point = st.tuples(coordinate, coordinate)


@settings(max_examples=600, deadline=None)
@given(point, point, point, point)
def test_segments_touch_is_exact(p1: Any, p2: Any, q1: Any, q2: Any) -> None:
    assert segments_touch(*p1, *p2, *q1, *q2) == _exact_touch(p1, p2, q1, q2)


quarter = st.integers(-8, 24).map(lambda v: v / 4)


@settings(max_examples=400, deadline=None)
@given(
    st.tuples(quarter, quarter),
    st.tuples(quarter, quarter),
    st.tuples(quarter, quarter),
    st.tuples(quarter, quarter),
)
def test_segments_touch_agrees_with_shapely(p1: Any, p2: Any, q1: Any, q2: Any) -> None:
    assume(p1 != p2 and q1 != q2)
    expected = LineString([p1, p2]).intersects(LineString([q1, q2]))
    assert segments_touch(*p1, *p2, *q1, *q2) == expected


def test_a_touching_point_made_of_inexact_decimals_is_judged_exactly() -> None:
    # 0.1 + 0.2 != 0.3 in floats: the wall (0.1, 0.2)–(0.3, 0.4) lies on y = x + 0.1 in exact arithmetic
    # only as far as the floats say; the oracle decides, and the engine must agree.
    for p in [(0.2, 0.3), (0.15, 0.25), (0.3, 0.4)]:
        q = (p[0] + 1.0, p[1] - 1.0)
        assert segments_touch(*p, *q, 0.1, 0.2, 0.3, 0.4) == _exact_touch(p, q, (0.1, 0.2), (0.3, 0.4))


@SETTINGS
@given(scenes())
def test_wall_tables_match_brute_force_segment_tests(scene: Scene) -> None:
    """rules.md "Walls and corners": a step is blocked when its centre segment crosses a blocking wall by
    the line-of-effect test (`crossed_walls` on every blocking wall), or, for a diagonal, when a blocking
    wall touches the corner point it passes through."""
    g = grid_tables(scene)
    w, h = g.width, g.height
    blocking = [wl for wl in scene.walls if wl.blocks_movement]
    index = _build_index(blocking)
    for cy in range(h + 1):
        for cx in range(w + 1):
            on_wall = any(point_on_segment(cx, cy, wl.a.x, wl.a.y, wl.b.x, wl.b.y) for wl in blocking)
            if 0 < cx < w and 0 < cy < h:  # interior corners are the ones diagonals pass through
                assert (cy * (w + 1) + cx in g.corner_wall) == on_wall
    for y in range(h):
        for x in range(w):
            for d, (dx, dy) in enumerate(DIRECTIONS):
                if not (0 <= x + dx < w and 0 <= y + dy < h):
                    continue
                crossed = bool(crossed_walls(index, (x + 0.5, y + 0.5), (x + dx + 0.5, y + dy + 0.5)))
                corner = (y + max(dy, 0)) * (w + 1) + x + max(dx, 0)
                cut = bool(d & 1) and any(
                    point_on_segment(corner % (w + 1), corner // (w + 1), wl.a.x, wl.a.y, wl.b.x, wl.b.y)
                    for wl in blocking
                )
                assert bool(g.wall_step[(y * w + x) * 8 + d]) == (crossed or cut), (x, y, d)
