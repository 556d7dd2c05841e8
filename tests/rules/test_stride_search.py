"""The movement overlay and the drag agree, square by square, and both take the fewest Strides.

An independent brute force (a Dijkstra with plain tuples over every (square, diagonal parity, feet used in
the current Stride), pricing each step with `MoveContext.price_step`, the engine's direct step rules) gives
for every square the fewest PF2e Strides and, among those paths, the fewest feet. The overlay
(`overlay_bands`) must show exactly those Strides, and a drag there (`MovePlanner.plan`) must be legal, take
those Strides and those feet, and be a path the engine prices the same. Random small maps hold floor,
difficult, greater-difficult and impassable squares, walls on grid lines, an ally and an enemy, and a medium,
tiny or large mover.
"""

from __future__ import annotations

import heapq

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.geometry.coords import DIRECTIONS, Cell
from rules.geometry.movement import move_context, path_cost
from rules.model.scene import Scene, Token
from rules.play.planner import (
    MovePlanner,
    budget_of,
    fewest_strides_path,
    ledger_after,
    overlay_bands,
    stride_field,
)
from rules.systems.pf2e.economy import TURN_ACTIONS
from tests.rules.ascii_maps import ascii_scene, wall

Label = tuple[int, int]  # (Strides, feet)


def brute_force(
    scene: Scene, mover: Token, speed: int, diagonals_before: int, strides: int
) -> dict[Cell, Label]:
    """Fewest (Strides, feet) to every square where the mover may end, at most `strides` Strides; a Stride
    holds steps while its feet stay within `speed`, a step that doesn't fit begins the next one."""
    ctx = move_context(scene, mover)
    first = (mover.cell, diagonals_before & 1, speed)  # no Stride begun: the first step begins one
    best: dict[tuple[Cell, int, int], Label] = {first: (0, 0)}
    queue: list[tuple[Label, tuple[Cell, int, int]]] = [((0, 0), first)]
    out: dict[Cell, Label] = {}
    while queue:
        label, state = heapq.heappop(queue)
        if best[state] < label:
            continue
        cell, parity, used = state
        if cell != mover.cell and ctx.can_end(cell, mover.cell) and (cell not in out or label < out[cell]):
            out[cell] = label
        for dx, dy in DIRECTIONS:
            nxt = Cell(cell.x + dx, cell.y + dy)
            if not ctx.fits(nxt):
                continue
            price, after, problem = ctx.price_step(cell, nxt, parity)
            if problem is not None or price > speed:
                continue
            if used + price <= speed:
                new, now = (label[0], label[1] + price), used + price
            else:
                new, now = (label[0] + 1, label[1] + price), price
            key = (nxt, after, now)
            if new[0] <= strides and (key not in best or new < best[key]):
                best[key] = new
                heapq.heappush(queue, (new, key))
    return out


@st.composite
def maps(draw: st.DrawFn, system: str = "pf2e") -> tuple[Scene, int, int]:
    """A random map with its mover "A" at [0, 0], and the turn's diagonals and Strides used so far."""
    width, height = draw(st.integers(3, 7)), draw(st.integers(2, 5))
    size = draw(st.sampled_from(["medium", "medium", "tiny", "large"]))
    rows = [[draw(st.sampled_from("......~~^^#")) for _ in range(width)] for _ in range(height)]
    own = [(0, 0), (1, 0), (0, 1), (1, 1)] if size == "large" else [(0, 0)]
    for x, y in own:
        rows[y][x] = "."
    rows[0][0] = "A"
    for letter in "Bc":  # an ally and an enemy, maybe
        x, y = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
        if rows[y][x] == "." and (x, y) not in own and draw(st.booleans()):
            rows[y][x] = letter
    walls = []
    for _ in range(draw(st.integers(0, 4))):
        x, y = draw(st.integers(0, width)), draw(st.integers(0, height))
        dx, dy = draw(st.sampled_from([(1, 0), (0, 1)]))
        walls.append(wall((x, y), (x + dx, y + dy)))
    speed = draw(st.sampled_from([5, 10, 15, 20, 25, 30]))
    scene = ascii_scene(
        "\n".join("".join(r) for r in rows),
        system,
        sizes={"A": size},
        tokens={"A": {"speed": speed}},
        walls=walls,
    )
    return scene, draw(st.integers(0, 3)), draw(st.integers(0, TURN_ACTIONS))


@settings(max_examples=150)
@given(maps())
def test_overlay_and_drag_take_the_fewest_strides_then_the_fewest_feet(case: tuple[Scene, int, int]) -> None:
    scene, diagonals, used = case
    mover = scene.token("A")
    assert mover is not None
    budget = budget_of(scene, mover, ledger_after(scene, mover, 0, diagonals, used))
    truth = brute_force(scene, mover, mover.speed, diagonals, TURN_ACTIONS - used)
    bands = overlay_bands(scene, mover, budget)
    assert bands == {cell: used + strides for cell, (strides, _feet) in truth.items()}
    planner = MovePlanner(scene, mover, budget)
    for y in range(scene.grid.height):
        for x in range(scene.grid.width):
            cell = Cell(x, y)
            if cell == mover.cell:
                continue
            plan = planner.plan([], cell, exhaustive=True)
            if cell not in truth:
                assert not plan.legal
                continue
            assert plan.legal, plan.problem
            assert (plan.actions, plan.feet) == truth[cell]
            assert plan.bands[-1] == bands[cell]
            priced = path_cost(scene, mover, plan.path, diagonals)
            assert priced.legal and priced.steps == plan.steps


@settings(max_examples=60)
@given(maps(), st.data())
def test_fewest_strides_path_matches_the_field_from_any_stride_label(
    case: tuple[Scene, int, int], data: st.DataObject
) -> None:
    """From a Stride already partly used (a leg after a waypoint), the path search and the field agree."""
    scene, diagonals, _used = case
    mover = scene.token("A")
    assert mover is not None
    speed = mover.speed
    feet = data.draw(st.sampled_from(range(0, speed + 1, 5)))
    field = stride_field(scene, mover, mover.cell, diagonals, speed, feet, 2)
    ctx = move_context(scene, mover)
    for y in range(scene.grid.height):
        for x in range(scene.grid.width):
            cell = Cell(x, y)
            label = field.label(cell)
            found = fewest_strides_path(ctx, mover.cell, cell, diagonals, speed, feet, 2)
            assert (found is None) == (label is None)
            if found is None or label is None:
                continue
            strides, last = 0, feet
            for price in found.steps:
                assert price <= speed
                strides, last = (strides, last + price) if last + price <= speed else (strides + 1, price)
            assert (strides, last) >= label and strides == label[0]
            assert found.path[0] == mover.cell and found.path[-1] == cell


@settings(max_examples=60)
@given(st.sampled_from(["dnd5e-2014", "dnd5e-2024"]).flatmap(maps), st.integers(0, 40), st.booleans())
def test_5e_overlay_and_drag_agree(case: tuple[Scene, int, int], feet: int, dashed: bool) -> None:
    """5e keeps the cheapest path: every square the overlay shows is a legal drag ending in the same band
    (move or Dash), and every other square is not."""
    scene, diagonals, _used = case
    mover = scene.token("A")
    assert mover is not None
    budget = budget_of(scene, mover, ledger_after(scene, mover, feet, diagonals, int(dashed)))
    bands = overlay_bands(scene, mover, budget)
    planner = MovePlanner(scene, mover, budget)
    for y in range(scene.grid.height):
        for x in range(scene.grid.width):
            cell = Cell(x, y)
            if cell == mover.cell:
                continue
            plan = planner.plan([], cell, exhaustive=True)
            assert plan.legal == (cell in bands), (cell, plan.problem)
            if plan.legal:
                assert plan.bands[-1] == bands[cell]
