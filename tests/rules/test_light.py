"""Light levels from the rules (query-protocol.md "Light and visibility", rules.md "Areas")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from rules.cli import answer
from rules.geometry.areas import AreaSpec, area_cells
from rules.geometry.coords import Cell, Point
from rules.geometry.light import BRIGHT, DARKNESS, DIM, light_at, light_map
from rules.io.scene_json import scene_from_json
from rules.model.scene import Light, Scene


def make(
    system: str = "pf2e",
    *,
    ambient: str = "darkness",
    lights: list[Any] | None = None,
    walls: list[Any] | None = None,
    tokens: list[Any] | None = None,
    size: int = 20,
    method: str | None = None,
) -> Scene:
    options: dict[str, Any] = {"ambient": ambient}
    if method:
        options["area_method"] = method
    return scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": system,
            "grid": {"width": size, "height": size},
            "options": options,
            "lights": lights or [],
            "walls": walls or [],
            "tokens": tokens or [],
        }
    )


def lit_cells(s: Scene, level: int) -> set[Cell]:
    m = light_map(s)
    ys, xs = np.nonzero(m >= level)
    return {Cell(int(x), int(y)) for x, y in zip(xs, ys, strict=True)}


@pytest.mark.parametrize("feet", [5, 10, 15, 20, 30])
def test_pf2e_light_is_the_burst_of_its_radius(feet: int) -> None:
    s = make(lights=[{"at": [10, 10], "bright": feet, "dim": feet}])
    burst = set(area_cells(s, AreaSpec("burst", feet, origin=Point(10, 10))))
    assert lit_cells(s, BRIGHT) == burst
    # Player Core burst sizes: 5/10/15/20/30 ft → 4/12/24/44/96 squares
    assert len(burst) == {5: 4, 10: 12, 15: 24, 20: 44, 30: 96}[feet]


@pytest.mark.parametrize("method", ["half", "touch", "token"])
def test_5e_light_is_the_sphere_under_the_area_method(method: str) -> None:
    s = make("dnd5e-2014", lights=[{"at": [10, 10], "bright": 10, "dim": 20}], method=method)
    bright = set(area_cells(s, AreaSpec("sphere", 10, origin=Point(10, 10))))
    dim = set(area_cells(s, AreaSpec("sphere", 20, origin=Point(10, 10))))
    assert lit_cells(s, BRIGHT) == bright
    assert lit_cells(s, DIM) == dim | bright
    assert not (lit_cells(s, DIM) - dim - bright)


def test_dim_ring_between_bright_and_dim_radius() -> None:
    s = make(lights=[{"at": [10, 10], "bright": 20, "dim": 40}])  # a torch
    assert light_at(s, (10, 10)) == "bright"
    assert light_at(s, (13, 10)) == "bright"  # far corner 4 squares away = 20 ft
    assert light_at(s, (14, 10)) == "dim"  # 25 ft
    assert light_at(s, (17, 10)) == "dim"  # 40 ft
    assert light_at(s, (18, 10)) == "darkness"  # 45 ft


def test_ambient_is_the_floor_and_brightest_wins() -> None:
    s = make(
        ambient="dim",
        lights=[{"at": [5, 5], "bright": 5, "dim": 10}, {"at": [6, 5], "bright": 10, "dim": 10}],
    )
    assert light_at(s, (15, 15)) == "dim"
    assert light_at(s, (7, 5)) == "bright"  # only the second light reaches it bright
    bright = make(ambient="bright", lights=[])
    assert (light_map(bright) == BRIGHT).all()


def test_walls_block_light_windows_and_open_doors_do_not() -> None:
    wall = {"a": [12, 0], "b": [12, 20], "kind": "wall"}
    lights = [{"at": [10, 10], "bright": 20, "dim": 20}]
    assert light_at(make(lights=lights, walls=[wall]), (13, 10)) == "darkness"
    assert light_at(make(lights=lights, walls=[{**wall, "kind": "window"}]), (13, 10)) == "bright"
    assert light_at(make(lights=lights, walls=[{**wall, "kind": "door", "open": True}]), (13, 10)) == "bright"
    assert (
        light_at(make(lights=lights, walls=[{**wall, "kind": "door", "open": False}]), (13, 10)) == "darkness"
    )
    assert light_at(make(lights=lights, walls=[{**wall, "kind": "low"}]), (13, 10)) == "bright"


def test_light_reaches_a_cell_when_any_part_of_it_is_in_sight() -> None:
    # the wall ends at y = 10.2: the centre line of cell [12, 10] is blocked but its lower part is in sight
    wall = {"a": [11, 0], "b": [11, 10.2], "kind": "wall"}
    s = make(lights=[{"at": [9, 9], "bright": 30, "dim": 30}], walls=[wall])
    assert light_at(s, (12, 10)) == "bright"
    assert light_at(s, (12, 7)) == "darkness"


def test_token_light_is_an_emanation_with_its_own_space() -> None:
    tok = {"id": "torch", "cell": [5, 5], "size": "large", "light": {"bright": 5, "dim": 10}}
    s = make(tokens=[tok])
    spec = AreaSpec("emanation", 5, token_id="torch", include_self=True)
    assert lit_cells(s, BRIGHT) == set(area_cells(s, spec))
    spec10 = AreaSpec("emanation", 10, token_id="torch", include_self=True)
    assert lit_cells(s, DIM) == set(area_cells(s, spec10))


def test_token_light_moves_with_the_token() -> None:
    tok = {"id": "t", "cell": [2, 2], "light": {"bright": 10, "dim": 10}}
    s = make(tokens=[tok])
    assert light_at(s, (3, 3)) == "bright"
    moved = s.replace_token(replace(s.tokens[0], cell=Cell(15, 15)))
    assert light_at(moved, (3, 3)) == "darkness"
    assert light_at(moved, (16, 16)) == "bright"


def test_uvtt_light_ruling_half_bright() -> None:
    lt = Light.from_uvtt(Point(10, 10), 4)
    assert (lt.bright, lt.dim) == (10.0, 20.0)


def test_pf2e_light_off_corner_counts_from_the_exact_point() -> None:
    # in the middle of square [10, 10]: 5 ft lights only that square (its neighbours' far corners are 1.5
    # squares away: 7.5 ft); 10 ft lights the 3×3 block around it, like an emanation from that square
    five = make(lights=[{"at": [10.5, 10.5], "bright": 5, "dim": 5}])
    assert lit_cells(five, BRIGHT) == {Cell(10, 10)}
    ten = make(lights=[{"at": [10.5, 10.5], "bright": 10, "dim": 10}])
    assert lit_cells(ten, BRIGHT) == {Cell(x, y) for x in (9, 10, 11) for y in (9, 10, 11)}
    # 15 ft: far corners 2.5 squares straight (12.5 ft) are in, (2.5, 2.5) counts 5 × (2.5 + 1) = 17.5: out
    fifteen = make(lights=[{"at": [10.5, 10.5], "bright": 15, "dim": 15}])
    lit = lit_cells(fifteen, BRIGHT)
    assert Cell(12, 10) in lit and Cell(12, 11) in lit and Cell(12, 12) not in lit and len(lit) == 21


def test_darkness_everywhere_without_lights() -> None:
    s = make()
    assert (light_map(s) == DARKNESS).all()


def test_light_query_and_its_errors() -> None:
    s = make(lights=[{"at": [10, 10], "bright": 10, "dim": 20}])
    assert answer(s, {"q": "light", "cell": [10, 10]}) == {"light": "bright"}
    assert answer(s, {"q": "light", "cell": [12, 10]}) == {"light": "dim"}  # far corner 15 ft away
    assert answer(s, {"q": "light", "cell": [14, 10]}) == {"light": "darkness"}  # 25 ft
    bad = answer(s, {"q": "light", "cell": [40, 1]})
    assert "error" in bad and "outside" in bad["error"]
    missing = answer(s, {"q": "light"})
    assert "error" in missing and "cell" in missing["error"]


def test_display_light_map_agrees_with_the_exact_one() -> None:
    walls = [
        {"a": [6, 2], "b": [6, 9]},
        {"a": [6, 11], "b": [6, 18]},
        {"a": [12, 4], "b": [15, 7]},
        {"a": [2, 14], "b": [9, 14], "kind": "window"},
    ]
    lights = [{"at": [4, 10], "bright": 20, "dim": 40}, {"at": [13.5, 12.2], "bright": 10, "dim": 30}]
    tokens = [{"id": "t", "cell": [9, 3], "light": {"bright": 20, "dim": 40}}]
    for system in ("pf2e", "dnd5e-2014"):
        s = make(system, lights=lights, walls=walls, tokens=tokens)
        fast, exact = light_map(s), light_map(s, exact=True)
        differ = int((fast != exact).sum())
        assert differ <= 6, differ  # the display rule misses at most a few slivers
        assert (exact[:, 7:10] == DARKNESS).any() and (exact[:, :6] >= DIM).any()


def test_one_cell_answer_is_the_exact_map() -> None:
    from rules.geometry.light import cell_light

    walls = [
        {"a": [6, 2], "b": [6, 9]},
        {"a": [12, 4], "b": [15, 7]},
        {"a": [2, 14], "b": [9, 14], "kind": "window"},
    ]
    lights = [{"at": [4, 10], "bright": 10, "dim": 30}, {"at": [13.5, 12.2], "bright": 10, "dim": 25}]
    tokens = [{"id": "t", "cell": [9, 3], "size": "large", "light": {"bright": 10, "dim": 20}}]
    for system in ("pf2e", "dnd5e-2014", "dnd5e-2024"):
        s = make(system, ambient="dim", lights=lights, walls=walls, tokens=tokens)
        exact = light_map(s, exact=True)
        for y in range(s.grid.height):
            for x in range(s.grid.width):
                assert cell_light(s, (x, y)) == exact[y, x], (system, x, y)
