"""Scene limits (issue 14, item 2): every count and size has a documented limit (`rules.limits`), refused
with a `SceneError` naming the JSON path (exit 2 on the command line), and a hypothesis test feeds the
loaders scenes with extreme sizes and numbers: only `SceneError` may come out, and what loads is within
the limits."""

from __future__ import annotations

import copy
import json
import math
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import limits
from rules.errors import SceneError
from rules.io.loading import load_path, parse_json_bytes
from rules.io.scene_json import scene_from_json
from rules.model.scene import MAX_GRID_SIDE, Scene
from tests.rules.cli_runs import run_rules


def base_doc() -> dict[str, Any]:
    return {
        "format": "fivefoot.scene",
        "version": 1,
        "system": "pf2e",
        "grid": {"width": 10, "height": 8},
        "terrain": [{"cell": [3, 4], "kind": "difficult"}],
        "walls": [{"a": [5, 0], "b": [5, 6], "kind": "wall"}],
        "lights": [{"position": [2, 2], "range": 4}],
        "tokens": [
            {"id": "valeros", "cell": [2, 3], "size": "medium", "side": "party", "reach": 5, "speed": 25,
             "ac": 18, "hp": 20, "attacks": [{"name": "sword", "bonus": 9, "damage": "1d8+4 slashing"}]},
        ],
    }  # fmt: skip


def refused(doc: dict[str, Any]) -> SceneError:
    with pytest.raises(SceneError) as caught:
        scene_from_json(doc, "hostile.json")
    return caught.value


def test_the_documented_limits_agree() -> None:
    assert limits.MAX_GRID_SIDE == MAX_GRID_SIDE
    table = limits.__doc__ or ""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "limits.md").read_text(encoding="utf-8")
    for name in dir(limits):
        if name.startswith("MAX_"):
            assert f"`{name}`" in table and f"`{name}`" in docs, name


@pytest.mark.parametrize("cell", [[30_000, 0], [0, 30_000], [2**31, 2**31], [-1, 0], [10, 0]])
def test_terrain_outside_the_grid_is_refused(cell: list[int]) -> None:
    doc = base_doc()
    doc["terrain"].append({"cell": cell, "kind": "difficult"})
    err = refused(doc)
    assert err.path == "terrain[1].cell" and "outside the 10×8 grid" in str(err)


@pytest.mark.parametrize("reach", [1_005, 10**6, 10**9, 10**99])
def test_reach_has_a_maximum(reach: int) -> None:
    doc = base_doc()
    doc["tokens"][0]["reach"] = reach
    err = refused(doc)
    assert err.path == "tokens[0].reach" and "0..1000 ft" in str(err)


def test_a_reach_at_the_maximum_is_fine() -> None:
    doc = base_doc()
    doc["tokens"][0]["reach"] = limits.MAX_REACH_FEET
    assert scene_from_json(doc).tokens[0].reach == limits.MAX_REACH_FEET


@pytest.mark.parametrize(
    ("section", "limit", "item"),
    [
        ("tokens", limits.MAX_TOKENS, {"id": "x", "cell": [0, 0]}),
        ("walls", limits.MAX_WALLS, {"a": [0, 0], "b": [1, 0]}),
        ("terrain", limits.MAX_TERRAIN, {"cell": [0, 0], "kind": "difficult"}),
        ("lights", limits.MAX_LIGHTS, {"position": [0, 0]}),
    ],
)
def test_counts_over_their_limit_are_refused_before_anything_is_built(
    section: str, limit: int, item: dict[str, Any]
) -> None:
    doc = base_doc()
    doc[section] = [item] * (limit + 1)
    started = time.perf_counter()
    err = refused(doc)
    assert time.perf_counter() - started < 1.0
    assert err.path == section and f"more than the limit of {limit}" in str(err)


@pytest.mark.parametrize(
    ("where", "value", "path"),
    [
        (("name",), "n" * (limits.MAX_TEXT_CHARS + 1), "name"),
        (("tokens", 0, "id"), "i" * (limits.MAX_ID_CHARS + 1), "tokens[0].id"),
        (("tokens", 0, "conditions"), ["frightened 1"] * 201, "tokens[0].conditions"),
        (("tokens", 0, "attacks"), [{"name": "a"}] * 201, "tokens[0].attacks"),
        (("custom",), 10**101, "custom"),
        (("tokens", 0, "notes"), {"deep": 10**150}, "tokens[0].notes.deep"),
        (("tokens", 0, "hp"), 10**12, "tokens[0].hp"),
        (("tokens", 0, "speed"), 10**6, "tokens[0].speed"),
        (("tokens", 0, "attacks", 0, "bonus"), -(10**10), "tokens[0].attacks[0].bonus"),
        (("walls", 0, "a"), [1e7, 0], "walls[0].a[0]"),
        (("lights", 0, "range"), 1e9, "lights[0].range"),
    ],
)
def test_sizes_and_numbers_over_their_limits_name_the_field(
    where: tuple[Any, ...], value: Any, path: str
) -> None:
    doc = base_doc()
    target: Any = doc
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    err = refused(doc)
    assert err.path == path, str(err)
    assert str(err).startswith("hostile.json: " + path)


def test_deep_nesting_in_unknown_keys_is_refused() -> None:
    doc = base_doc()
    nested: Any = 1
    for _ in range(limits.MAX_JSON_DEPTH + 5):
        nested = [nested]
    doc["custom"] = nested
    assert "nested more than" in str(refused(doc))


def test_a_long_inline_picture_is_not_a_long_string() -> None:
    doc = base_doc()
    doc["background"] = {"image": "data:image/png;base64," + "A" * (limits.MAX_TEXT_CHARS * 3)}
    assert scene_from_json(doc).background is not None


def test_the_command_refuses_a_huge_reach_with_exit_2_quickly(tmp_path: Path) -> None:
    doc = base_doc()
    doc["tokens"][0]["reach"] = 10**6
    path = tmp_path / "reach.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    started = time.perf_counter()
    run = run_rules(path, ['{"q": "reach", "token": "valeros"}'], timeout=60)
    assert time.perf_counter() - started < 30
    assert run.returncode == 2 and run.stdout == ""
    assert "tokens[0].reach" in run.stderr and "Traceback" not in run.stderr


def test_the_command_refuses_far_apart_terrain_and_many_tokens(tmp_path: Path) -> None:
    doc = base_doc()
    doc["terrain"] = [{"cell": [0, 0], "kind": "difficult"}, {"cell": [30_000, 30_000], "kind": "difficult"}]
    path = tmp_path / "far.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    run = run_rules(path, ['{"q": "summary"}'])
    assert run.returncode == 2 and "terrain[1].cell" in run.stderr
    doc = base_doc()
    doc["tokens"] = [{"id": f"t{i}", "cell": [0, 0]} for i in range(100_000)]
    path.write_text(json.dumps(doc), encoding="utf-8")
    started = time.perf_counter()
    run = run_rules(path, ['{"q": "summary"}'])
    assert run.returncode == 2 and "more than the limit of 5000" in run.stderr
    assert time.perf_counter() - started < 30


# ----------------------------------------------------------------------------------- hypothesis

EXTREME_NUMBERS = st.one_of(
    st.sampled_from(
        [0, -1, 1, 2**31, -(2**31), 2**63, 10**99, 10**100, 10**101, -(10**101), 1e308, -1e308, 1e-300,
         math.inf, -math.inf, math.nan, 0.5, 999, 1000, 1001, limits.MAX_REACH_FEET + 1, limits.MAX_STAT + 1]
    ),
    st.integers(min_value=-(10**120), max_value=10**120),
    st.floats(allow_nan=True, allow_infinity=True),
)  # fmt: skip
NUMBER_PLACES: list[tuple[Any, ...]] = [
    ("grid", "width"), ("grid", "height"), ("terrain", 0, "cell", 0), ("terrain", 0, "cell", 1),
    ("walls", 0, "a", 0), ("walls", 0, "b", 1), ("lights", 0, "position", 0), ("lights", 0, "range"),
    ("tokens", 0, "cell", 0), ("tokens", 0, "reach"), ("tokens", 0, "speed"), ("tokens", 0, "hp"),
    ("tokens", 0, "ac"), ("tokens", 0, "max_hp"), ("tokens", 0, "temp_hp"),
    ("tokens", 0, "attacks", 0, "bonus"),
    ("tokens", 0, "attacks", 0, "range_increment"), ("tokens", 0, "id"), ("version",), ("custom",),
    ("background",),
]  # fmt: skip
COUNT_PLACES = {"tokens": limits.MAX_TOKENS, "walls": limits.MAX_WALLS, "lights": limits.MAX_LIGHTS}


def _set(doc: dict[str, Any], where: tuple[Any, ...], value: Any) -> None:
    target: Any = doc
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value


def _within_limits(scene: Scene) -> None:
    assert 1 <= scene.grid.width <= limits.MAX_GRID_SIDE and 1 <= scene.grid.height <= limits.MAX_GRID_SIDE
    assert len(scene.tokens) <= limits.MAX_TOKENS and len(scene.walls) <= limits.MAX_WALLS
    for t in scene.terrain:
        assert scene.grid.contains(t.cell.x, t.cell.y)
    for tok in scene.tokens:
        assert 0 <= tok.reach <= limits.MAX_REACH_FEET and 0 <= tok.speed <= limits.MAX_SPEED_FEET
        for value in (tok.hp, tok.ac, tok.max_hp, tok.temp_hp):
            assert value is None or abs(value) <= limits.MAX_STAT
    for w in scene.walls:
        assert all(math.isfinite(c) and abs(c) <= limits.MAX_COORD for c in (w.a.x, w.a.y, w.b.x, w.b.y))


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    changes=st.lists(st.tuples(st.sampled_from(NUMBER_PLACES), EXTREME_NUMBERS), min_size=1, max_size=4),
    counts=st.dictionaries(
        st.sampled_from(sorted(COUNT_PLACES)), st.sampled_from([0, 1, 50, "limit+1"]), max_size=2
    ),
    via_text=st.booleans(),
)
def test_extreme_sizes_and_numbers_give_a_scene_within_limits_or_a_scene_error(
    changes: list[tuple[tuple[Any, ...], Any]], counts: dict[str, Any], via_text: bool
) -> None:
    doc = base_doc()
    for where, value in changes:
        _set(doc, where, value)
    for section, n in counts.items():
        items = doc[section][:1] or [copy.deepcopy(base_doc()[section][0])]
        size = COUNT_PLACES[section] + 1 if n == "limit+1" else n
        if section == "tokens":
            doc[section] = [{**items[0], "id": f"t{i}"} for i in range(size)] if size <= 50 else items * size
        else:
            doc[section] = items * size
    try:
        if via_text:
            data = json.dumps(doc).encode()
            scene = scene_from_json(parse_json_bytes(data, "x.json"), "x.json")
        else:
            scene = scene_from_json(doc, "x.json")
    except SceneError as exc:
        assert str(exc).startswith("x.json")
        return
    _within_limits(scene)


@settings(max_examples=40, deadline=None)
@given(digits=st.integers(min_value=4000, max_value=6000), place=st.sampled_from(NUMBER_PLACES))
def test_integers_python_will_not_convert_are_scene_errors(
    tmp_path_factory, digits: int, place: tuple[Any, ...]
) -> None:  # type: ignore[no-untyped-def]
    doc = base_doc()
    _set(doc, place, 123454321)
    text = json.dumps(doc).replace("123454321", "7" * digits)
    path = tmp_path_factory.mktemp("big") / "big.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SceneError) as caught:
        load_path(path)
    assert str(path) in str(caught.value)
    assert "digits" in str(caught.value) or place in (("background",),)


def _nested(levels: int) -> Any:
    """A value with `levels` levels of lists inside the document (itself the first level)."""
    value: Any = 1
    for _ in range(levels):
        value = [value]
    return value


def test_the_depth_limit_is_the_documented_one() -> None:
    doc = base_doc()
    doc["custom"] = _nested(limits.MAX_JSON_DEPTH - 1)  # the document + 63 lists: 64 levels
    scene_from_json(doc, "deep.json")
    doc["custom"] = _nested(limits.MAX_JSON_DEPTH)  # 65 levels
    assert f"nested more than {limits.MAX_JSON_DEPTH}" in str(refused(doc))


def test_a_coordinate_just_past_the_limit_is_written_in_full() -> None:
    doc = base_doc()
    doc["walls"] = [{"a": [-1_000_000.5, 0], "b": [5, 6]}]
    message = str(refused(doc))
    assert "-1000000.5 is outside the allowed range -1000000..1000000" in message, message


def test_queries_echo_short_names_and_huge_numbers_by_size(tmp_path: Path) -> None:
    scene = tmp_path / "s.json"
    doc = base_doc()
    doc["tokens"] = [{"id": "a", "cell": [0, 0], "hp": 10, "max_hp": 10}]
    scene.write_text(json.dumps(doc))
    lines = [
        json.dumps({"q": "reach", "token": "x" * 60_000}),
        '{"q": "start-turn", "token": "a", "d20": 1' + "0" * 5000 + "}",
    ]
    done = run_rules(scene, lines)
    assert done.returncode == 0, done.stderr
    unknown, huge = (json.loads(line)["error"] for line in done.stdout.splitlines())
    assert unknown.startswith("unknown token:") and len(unknown) < 200
    assert huge.startswith("bad value:") and "digits" in huge and len(huge) < 200
