"""The `area` query through the JSON-lines command: answer shape, sorting, clipping and errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.cli import answer
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene
from tests.rules.cli_runs import rules_answers


def doc(system: str = "pf2e", **extra: Any) -> dict[str, Any]:
    d: dict[str, Any] = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": system,
        "grid": {"width": 12, "height": 12},
        "tokens": [
            {"id": "caster", "cell": [5, 5], "size": "medium", "side": "party"},
            {"id": "a", "cell": [6, 5], "size": "medium", "side": "enemies"},
            {"id": "Z", "cell": [4, 4], "size": "medium", "side": "enemies"},
            {"id": "B", "cell": [5, 7], "size": "medium", "side": "enemies"},
        ],
        "walls": [{"a": [0, 7], "b": [12, 7]}],
    }
    d.update(extra)
    return d


def ask(s: Scene, **q: Any) -> dict[str, Any]:
    return answer(s, {"q": "area", **q})


def test_answer_lists_cells_blocked_and_tokens_sorted() -> None:
    s = scene_from_json(doc())
    out = ask(s, id=7, shape="emanation", token="caster", feet=10)
    assert list(out) == ["id", "cells", "blocked", "tokens"]
    assert out["id"] == 7
    cells = out["cells"]
    assert cells == sorted(cells) and all(isinstance(c, list) and len(c) == 2 for c in cells)
    assert len(cells) == 20
    # the wall along y = 7 cuts off the row below it; B stands there
    assert out["blocked"] == [[4, 7], [5, 7], [6, 7]]
    # sorted by code point: upper case first
    assert out["tokens"] == ["Z", "a"]
    with_self = ask(s, shape="emanation", token="caster", feet=10, include_self=True)
    assert with_self["tokens"] == ["Z", "a", "caster"]


def test_answer_is_clipped_to_the_grid() -> None:
    s = scene_from_json(doc())
    out = ask(s, shape="burst", corner=[0, 0], feet=10)
    assert out["cells"] == [[0, 0], [0, 1], [1, 0]]


def test_cone_and_line_take_their_creator_from_token() -> None:
    s = scene_from_json(doc())
    by_token = ask(s, shape="cone", token="caster", direction=0, feet=15)
    by_origin = ask(s, shape="cone", origin=[6, 5.5], direction=0, feet=15)
    assert by_token["cells"] == by_origin["cells"]
    assert by_origin["tokens"] == ["a"]
    line = ask(s, shape="line", origin=[5.5, 5.5], direction=0, feet=20, token="caster")
    assert line["cells"] == [[5, 5], [6, 5], [7, 5], [8, 5]] and line["tokens"] == ["a"]
    line_self = ask(
        s, shape="line", origin=[5.5, 5.5], direction=0, feet=20, token="caster", include_self=True
    )
    assert line_self["tokens"] == ["a", "caster"]


def test_5e_shapes() -> None:
    s = scene_from_json(doc("dnd5e-2024", options={"area_method": "token"}))
    assert len(ask(s, shape="sphere", corner=[6, 6], feet=10)["cells"]) == 16
    assert len(ask(s, shape="cylinder", corner=[6, 6], feet=10)["cells"]) == 16
    assert ask(s, shape="cube", corner=[1, 1], feet=10)["cells"] == [[1, 1], [1, 2], [2, 1], [2, 2]]
    assert len(ask(s, shape="cone", origin=[6, 6], direction=0, feet=15)["cells"]) == 6
    assert len(ask(s, shape="line", origin=[0, 2], direction=0, feet=30, width=10)["cells"]) == 12
    assert len(ask(s, shape="emanation", token="caster", feet=5)["cells"]) == 8


@pytest.mark.parametrize(
    ("system", "query", "prefix"),
    [
        ("dnd5e-2014", {"shape": "burst", "corner": [3, 3], "feet": 10}, "bad value"),
        ("dnd5e-2024", {"shape": "burst"}, "bad value"),
        ("dnd5e-2014", {"shape": "emanation", "token": "caster", "feet": 10}, "bad value"),
        ("pf2e", {"shape": "sphere", "corner": [3, 3], "feet": 10}, "bad value"),
        ("pf2e", {"shape": "cube", "corner": [3, 3], "feet": 10}, "bad value"),
        ("pf2e", {"shape": "hexagon", "corner": [3, 3], "feet": 10}, "bad value"),
        ("pf2e", {"shape": 5, "corner": [3, 3], "feet": 10}, "bad value"),
        ("pf2e", {"corner": [3, 3], "feet": 10}, "missing field"),
        ("pf2e", {"shape": "burst", "feet": 10}, "missing field"),
        ("pf2e", {"shape": "burst", "corner": [3, 3]}, "missing field"),
        ("pf2e", {"shape": "burst", "corner": [3, 3], "feet": -5}, "bad value"),
        ("pf2e", {"shape": "burst", "corner": [3, 3], "feet": "ten"}, "bad value"),
        ("pf2e", {"shape": "burst", "corner": [3.5, 3], "feet": 10}, "bad value"),
        ("pf2e", {"shape": "burst", "corner": "here", "feet": 10}, "bad value"),
        ("pf2e", {"shape": "emanation", "feet": 10}, "missing field"),
        ("pf2e", {"shape": "emanation", "token": "nobody", "feet": 10}, "unknown token"),
        ("pf2e", {"shape": "cone", "token": "nobody", "direction": 0, "feet": 10}, "unknown token"),
        ("pf2e", {"shape": "cone", "origin": [6, 5.5], "feet": 10}, "missing field"),
        ("pf2e", {"shape": "cone", "direction": 0, "feet": 10}, "missing field"),
        ("pf2e", {"shape": "cone", "origin": [6, 5.5], "direction": "east", "feet": 10}, "bad value"),
        ("pf2e", {"shape": "line", "origin": [6, 5.5], "direction": 0, "feet": 10, "width": 0}, "bad value"),
        ("pf2e", {"shape": "line", "origin": [6, 5.5], "direction": 0, "feet": 10, "width": 7}, "bad value"),
        ("pf2e", {"shape": "emanation", "token": "caster", "feet": 10, "include_self": "yes"}, "bad value"),
    ],
)
def test_errors(system: str, query: dict[str, Any], prefix: str) -> None:
    out = ask(scene_from_json(doc(system)), id="e", **query)
    assert out["id"] == "e"
    assert set(out) == {"id", "error"}
    assert out["error"].startswith(prefix + ": ")


def test_command_line(tmp_path: Path) -> None:
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(doc()), encoding="utf-8")
    queries = [
        {"q": "area", "id": 1, "shape": "burst", "corner": [5, 5], "feet": 5},
        {"q": "area", "id": 2, "shape": "sphere", "corner": [5, 5], "feet": 5},
    ]
    first, second = rules_answers(path, queries)
    assert first == {
        "id": 1,
        "cells": [[4, 4], [4, 5], [5, 4], [5, 5]],
        "blocked": [],
        "tokens": ["Z", "caster"],
    }
    assert second["id"] == 2 and second["error"].startswith("bad value: ")
