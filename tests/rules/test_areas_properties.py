"""Properties of every area shape (hypothesis): areas only grow with their size; they turn and mirror with
the grid; nothing behind a closed ring of walls is affected; the vectorised line of effect agrees with the
scalar one; walls never change the template."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from itertools import pairwise

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules.geometry.areas import AreaSpec, _effect_origin, area_cells, area_origin, resolve_area
from rules.geometry.coords import Cell, Point
from rules.geometry.sight import effect_blocked
from rules.model.scene import Grid, Options, Scene, Token, Wall, default_options

N = 24  # the grid is N × N, so turning or mirroring about its centre maps it onto itself

COMBOS: list[tuple[str, str, str]] = [
    ("pf2e", "burst", "half"),
    ("pf2e", "emanation", "half"),
    ("pf2e", "cone", "half"),
    ("pf2e", "line", "half"),
    *[("dnd5e-2014", shape, method) for shape in ("sphere", "cylinder", "cube", "cone", "line")
      for method in ("half", "touch", "token")],
    ("dnd5e-2024", "emanation", "half"),
]  # fmt: skip
#: Combinations whose rule has no clockwise tie-break, so mirroring the grid mirrors the area.
MIRROR_SAFE = {
    (system, shape, method)
    for system, shape, method in COMBOS
    if not (shape == "line" and (system == "pf2e" or method == "token"))
    and (shape, method) != ("cone", "token")
}

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def make_scene(
    system: str, method: str, tokens: tuple[Token, ...] = (), walls: tuple[Wall, ...] = ()
) -> Scene:
    options: Options = replace(default_options(system), area_method=method)
    return Scene(system=system, grid=Grid(N, N), options=options, tokens=tokens, walls=walls)


quarter = st.integers(8 * 4, 16 * 4).map(lambda k: k / 4)  # points on a quarter-square lattice
whole = st.integers(8, 16).map(float)
# dyadic degrees: turning (+90) and mirroring (180 − d) are exact in floating point
directions = st.integers(0, 360 * 8 - 1).map(lambda k: k / 8)


@st.composite
def areas(
    draw: st.DrawFn, combos: list[tuple[str, str, str]] | None = None
) -> tuple[str, str, AreaSpec, Token | None]:
    system, shape, method = draw(st.sampled_from(combos or COMBOS))
    feet = draw(st.sampled_from([0, 5, 10, 15, 20, 25, 30, 40]))
    creator: Token | None = None
    origin: Point | None = None
    direction: float | None = None
    width = 5
    include_self = draw(st.booleans())
    if shape in ("emanation", "cone", "line") and (shape == "emanation" or draw(st.booleans())):
        size = draw(st.sampled_from(["medium", "large", "huge"]))
        creator = Token("c", Cell(draw(st.integers(9, 13)), draw(st.integers(9, 13))), size=size)
    corner_only = shape == "burst" or method == "token"
    if shape in ("cone", "line"):
        direction = draw(directions)
        if shape == "line":
            width = draw(st.sampled_from([5, 10, 15]))
        if creator is None:
            if system == "pf2e" and shape == "cone":
                origin = Point(draw(whole), draw(whole))
                if draw(st.booleans()):  # a straight cone from an edge midpoint
                    direction = float(draw(st.sampled_from([0, 90, 180, 270])))
                    origin = (
                        Point(origin.x, origin.y + 0.5)
                        if direction in (0, 180)
                        else Point(origin.x + 0.5, origin.y)
                    )
            else:
                origin = (
                    Point(draw(whole), draw(whole)) if corner_only else Point(draw(quarter), draw(quarter))
                )
    elif shape != "emanation":
        origin = Point(draw(whole), draw(whole)) if corner_only else Point(draw(quarter), draw(quarter))
    spec = AreaSpec(shape, feet, origin, direction, width, creator.id if creator else None, include_self)
    return system, method, spec, creator


def other_tokens() -> st.SearchStrategy[tuple[Token, ...]]:
    one = st.builds(
        lambda i, x, y, size: Token(f"t{i}", Cell(x, y), size=size),
        st.integers(0, 99),
        st.integers(0, N - 4),
        st.integers(0, N - 4),
        st.sampled_from(["tiny", "medium", "large"]),
    )
    return st.lists(one, max_size=5, unique_by=lambda t: t.id).map(tuple)


half_lattice = st.integers(0, 2 * N).map(lambda k: k / 2)


def random_walls() -> st.SearchStrategy[tuple[Wall, ...]]:
    """Polylines and loose segments on a half-square lattice: plenty of shared vertices, walls along grid
    lines and walls ending exactly on lines of effect."""
    point = st.builds(Point, half_lattice, half_lattice)
    polyline = st.lists(point, min_size=2, max_size=5).map(
        lambda pts: tuple(Wall(a, b) for a, b in pairwise(pts) if a != b)
    )
    return st.lists(polyline, max_size=6).map(lambda lines: tuple(w for line in lines for w in line))


# ------------------------------------------------------------------------------------------ transforms


def turn_point(p: Point) -> Point:
    """Quarter turn clockwise on screen (y down) about the grid's centre."""
    c = N / 2
    return Point(c - (p.y - c), c + (p.x - c))


def turn_cell(cell: Cell) -> Cell:
    return Cell(N - 1 - cell.y, cell.x)


def mirror_point(p: Point) -> Point:
    return Point(N - p.x, p.y)


def mirror_cell(cell: Cell) -> Cell:
    return Cell(N - 1 - cell.x, cell.y)


def turn_token(t: Token) -> Token:
    n = t.side_squares
    return replace(t, cell=Cell(N - t.cell.y - n, t.cell.x))


def mirror_token(t: Token) -> Token:
    return replace(t, cell=Cell(N - t.cell.x - t.side_squares, t.cell.y))


def turn_spec(spec: AreaSpec) -> AreaSpec:
    origin = spec.origin
    if origin is not None:
        # a cube is given by its top-left corner, which after the turn was its bottom-left one
        origin = turn_point(Point(origin.x, origin.y + spec.feet / 5) if spec.shape == "cube" else origin)
    direction = None if spec.direction is None else spec.direction + 90
    return replace(spec, origin=origin, direction=direction)


def mirror_spec(spec: AreaSpec) -> AreaSpec:
    origin = spec.origin
    if origin is not None:
        origin = mirror_point(Point(origin.x + spec.feet / 5, origin.y) if spec.shape == "cube" else origin)
    direction = None if spec.direction is None else 180 - spec.direction
    return replace(spec, origin=origin, direction=direction)


def with_creator(creator: Token | None, others: tuple[Token, ...]) -> tuple[Token, ...]:
    return ((creator,) if creator else ()) + others


# ------------------------------------------------------------------------------------------- properties


@SETTINGS
@given(areas(), st.sampled_from([5, 10, 20]))
def test_an_area_only_grows_with_its_size(area: tuple[str, str, AreaSpec, Token | None], more: int) -> None:
    system, method, spec, creator = area
    s = make_scene(system, method, with_creator(creator, ()))
    small = set(area_cells(s, spec))
    large = set(area_cells(s, replace(spec, feet=spec.feet + more)))
    assert small <= large


@SETTINGS
@given(areas(), other_tokens(), random_walls())
def test_turning_the_grid_turns_the_area(
    area: tuple[str, str, AreaSpec, Token | None], others: tuple[Token, ...], walls: tuple[Wall, ...]
) -> None:
    system, method, spec, creator = area
    s = make_scene(system, method, with_creator(creator, others), walls)
    turned_walls = tuple(Wall(turn_point(w.a), turn_point(w.b)) for w in walls)
    turned_tokens = tuple(turn_token(t) for t in with_creator(creator, others))
    t = make_scene(system, method, turned_tokens, turned_walls)
    before = resolve_area(s, spec)
    after = resolve_area(t, turn_spec(spec))
    assert set(after.cells) == {turn_cell(c) for c in before.cells}
    assume(spec.shape != "cube")  # a cube's line of effect starts at its top-left corner, which turns away
    assert set(after.blocked) == {turn_cell(c) for c in before.blocked}
    assert after.tokens == before.tokens
    assert after.origin == turn_point(before.origin)


@SETTINGS
@given(areas(sorted(MIRROR_SAFE)), other_tokens(), random_walls())
def test_mirroring_the_grid_mirrors_the_area(
    area: tuple[str, str, AreaSpec, Token | None], others: tuple[Token, ...], walls: tuple[Wall, ...]
) -> None:
    system, method, spec, creator = area
    s = make_scene(system, method, with_creator(creator, others), walls)
    mirrored = make_scene(
        system,
        method,
        tuple(mirror_token(t) for t in with_creator(creator, others)),
        tuple(Wall(mirror_point(w.a), mirror_point(w.b)) for w in walls),
    )
    before = resolve_area(s, spec)
    after = resolve_area(mirrored, mirror_spec(spec))
    assert set(after.cells) == {mirror_cell(c) for c in before.cells}
    assume(spec.shape != "cube")  # its line of effect starts at its top-left corner
    assert set(after.blocked) == {mirror_cell(c) for c in before.blocked}
    assert after.tokens == before.tokens


@st.composite
def rings(draw: st.DrawFn) -> tuple[int, int, int, int, tuple[Wall, ...]]:
    x0, y0 = draw(st.integers(1, N - 6)), draw(st.integers(1, N - 6))
    x1, y1 = draw(st.integers(x0 + 2, min(N - 1, x0 + 10))), draw(st.integers(y0 + 2, min(N - 1, y0 + 10)))
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]
    if draw(st.booleans()):
        walls = tuple(Wall(Point(*a), Point(*b)) for a, b in pairwise(corners))
    else:  # the same ring made of one-square segments
        pts = [(x, y0) for x in range(x0, x1)] + [(x1, y) for y in range(y0, y1)]
        pts += [(x, y1) for x in range(x1, x0, -1)] + [(x0, y) for y in range(y1, y0 - 1, -1)]
        walls = tuple(Wall(Point(*a), Point(*b)) for a, b in pairwise(pts))
    return x0, y0, x1, y1, walls


@SETTINGS
@given(areas(), rings(), st.booleans())
def test_nothing_on_the_other_side_of_a_closed_ring_is_affected(
    area: tuple[str, str, AreaSpec, Token | None],
    ring: tuple[int, int, int, int, tuple[Wall, ...]],
    inside: bool,
) -> None:
    system, method, spec, creator = area
    x0, y0, x1, y1, walls = ring
    # a token in every corner of the ring, inside and outside
    guests = (Token("in", Cell(x0, y0)), Token("out", Cell(x0 - 1, y0 - 1)))
    s = make_scene(system, method, with_creator(creator, guests), walls)
    origin = area_origin(s, spec)
    strictly_inside = x0 < origin.x < x1 and y0 < origin.y < y1
    on_or_inside = x0 <= origin.x <= x1 and y0 <= origin.y <= y1
    assume(strictly_inside if inside else not on_or_inside)
    r = resolve_area(s, spec)

    def in_ring(c: Cell) -> bool:
        return x0 <= c.x < x1 and y0 <= c.y < y1

    open_cells = set(r.cells) - set(r.blocked)
    assert all(in_ring(c) == inside for c in open_cells)
    assert ("out" if inside else "in") not in r.tokens


@SETTINGS
@given(areas(), random_walls())
def test_vectorised_line_of_effect_matches_the_scalar_rule(
    area: tuple[str, str, AreaSpec, Token | None], walls: tuple[Wall, ...]
) -> None:
    system, method, spec, creator = area
    s = make_scene(system, method, with_creator(creator, ()), walls)
    r = resolve_area(s, spec)
    blocked = set(r.blocked)
    # the point line of effect is traced from: the origin, or just on the creator's side of a wall the
    # creator's cone or line starts on (the ruling of `rules.geometry.areas._effect_origin`)
    maker = s.token(spec.token_id) if spec.token_id is not None else None
    frm = _effect_origin(s, r.origin, maker) if r.origin is not None else None
    for c in r.cells:
        assert frm is not None
        assert (c in blocked) == effect_blocked(s, frm, c.centre), c


@SETTINGS
@given(areas(), other_tokens(), random_walls())
def test_answers_are_sorted_on_the_grid_and_walls_never_change_the_template(
    area: tuple[str, str, AreaSpec, Token | None], others: tuple[Token, ...], walls: tuple[Wall, ...]
) -> None:
    system, method, spec, creator = area
    s = make_scene(system, method, with_creator(creator, others), walls)
    r = resolve_area(s, spec)
    assert list(r.cells) == sorted(set(r.cells))
    assert list(r.blocked) == sorted(set(r.blocked)) and set(r.blocked) <= set(r.cells)
    assert all(0 <= c.x < N and 0 <= c.y < N for c in r.cells)
    assert list(r.tokens) == sorted(set(r.tokens))
    assert r.cells == area_cells(make_scene(system, method, with_creator(creator, others)), spec)
    # a token is affected iff one of its squares is open
    open_cells = set(r.cells) - set(r.blocked)
    leave_out = (
        creator is not None and spec.shape in ("cone", "line", "cube", "emanation") and not spec.include_self
    )
    for t in with_creator(creator, others):
        expected = any(sq in open_cells for sq in t.squares()) and not (leave_out and t.id == "c")
        assert (t.id in r.tokens) == expected


def test_specs_are_plain_frozen_values() -> None:
    spec = AreaSpec("burst", 10, Point(3, 3))
    assert dataclasses.is_dataclass(spec) and hash(spec) == hash(AreaSpec("burst", 10, Point(3, 3)))


def test_a_cone_starting_on_a_wall_reaches_only_the_creators_side() -> None:
    """The case hypothesis found: a 5-ft cone aimed south from a creature whose corner point (12, 12) lies
    on a slanting wall. Line of effect is traced from the creature's side of the wall, so the square beyond
    the wall is blocked although the origin itself touches the wall."""
    from rules.geometry.coords import Cell, Point

    creator = Token(id="c", cell=Cell(12, 11))
    wall = Wall(Point(9.5, 15.0), Point(14.5, 9.0))
    s = make_scene("pf2e", "half", (creator,), (wall,))
    spec = AreaSpec(shape="cone", feet=5, direction=90.125, token_id="c")
    r = resolve_area(s, spec)
    assert r.origin == Point(12.0, 12.0)
    beyond = Cell(11, 12)  # its centre (11.5, 12.5) is on the far side of the wall's line
    assert beyond in r.cells and beyond in r.blocked
    assert not effect_blocked(s, r.origin, beyond.centre)  # from the bare point on the wall: not crossed
    assert effect_blocked(s, _effect_origin(s, r.origin, creator), beyond.centre)
