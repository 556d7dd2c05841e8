"""Ruling: a creator standing against a wall who aims a cone or line into it affects nothing beyond the
wall; aimed away from the wall, the wall behind it changes nothing."""

from __future__ import annotations

from typing import Any

from rules.geometry.areas import AreaSpec, resolve_area
from rules.geometry.coords import Point
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene


def scene(walls: list[dict[str, Any]]) -> Scene:
    return scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": "pf2e",
            "grid": {"width": 20, "height": 20},
            "walls": walls,
            "tokens": [
                {"id": "caster", "cell": [5, 5], "size": "medium", "side": "party"},
                {"id": "east", "cell": [7, 5], "size": "medium", "side": "enemies"},
                {"id": "west", "cell": [3, 5], "size": "medium", "side": "enemies"},
            ],
        }
    )


WALL_EAST_OF_CASTER = [{"a": [6, 0], "b": [6, 20], "kind": "wall"}]


def test_cone_into_the_wall_the_creator_touches_is_fully_blocked() -> None:
    s = scene(WALL_EAST_OF_CASTER)
    result = resolve_area(s, AreaSpec("cone", 15, origin=Point(6, 5.5), direction=0, token_id="caster"))
    assert result.cells  # the template is still there (walls ignored)
    assert set(result.blocked) == set(result.cells)
    assert result.tokens == ()


def test_line_into_the_wall_is_blocked_but_away_from_it_is_not() -> None:
    s = scene(WALL_EAST_OF_CASTER)
    into = resolve_area(s, AreaSpec("line", 30, origin=Point(6, 5.5), direction=0, token_id="caster"))
    assert set(into.blocked) == set(into.cells) and "east" not in into.tokens
    away = resolve_area(s, AreaSpec("line", 30, origin=Point(5, 5.5), direction=180, token_id="caster"))
    assert away.blocked == () and "west" in away.tokens


def test_same_cone_without_the_wall_reaches_the_enemy() -> None:
    s = scene([])
    result = resolve_area(s, AreaSpec("cone", 15, origin=Point(6, 5.5), direction=0, token_id="caster"))
    assert result.blocked == () and "east" in result.tokens
