"""Scene model: validation errors name the JSON path; saving is lossless; values are frozen."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from rules.errors import SceneError
from rules.geometry.coords import Cell, Point
from rules.io.scene_json import load_scene_file, scene_from_json, scene_to_json
from rules.model.scene import Attack, Grid, Options, Scene, TerrainCell, Token, Wall, new_scene


def doc(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": "pf2e",
        "grid": {"width": 10, "height": 8},
        "tokens": [
            {"id": "a", "cell": [1, 1], "size": "medium", "side": "party"},
            {"id": "b", "cell": [3, 3], "size": "large", "side": "enemies"},
            {"id": "c", "cell": [6, 1], "size": "medium", "side": "enemies"},
        ],
    }
    base.update(changes)
    return base


def error_of(d: Any) -> SceneError:
    with pytest.raises(SceneError) as info:
        scene_from_json(d, "test.json")
    return info.value


def test_minimal_scene_gets_defaults_per_system() -> None:
    pf = scene_from_json(doc())
    assert pf.options.diagonals == "alternating" and pf.options.flanking is True
    assert pf.token("a") is not None and pf.token("a").speed == 25  # type: ignore[union-attr]
    five = scene_from_json(doc(system="dnd5e-2014"))
    assert five.options.diagonals == "five" and five.options.flanking is False
    assert five.token("a").speed == 30  # type: ignore[union-attr]


def test_pf2e_is_always_alternating_even_if_written_otherwise() -> None:
    s = scene_from_json(doc(options={"diagonals": "five", "flanking": False}))
    assert s.options.diagonals == "alternating" and s.options.flanking is True


def test_tiny_pf2e_default_reach_is_zero_but_5e_is_five() -> None:
    tiny = {"id": "t", "cell": [0, 0], "size": "tiny", "side": "x"}
    assert scene_from_json(doc(tokens=[tiny])).tokens[0].reach == 0
    assert scene_from_json(doc(system="dnd5e-2024", tokens=[tiny])).tokens[0].reach == 5


def test_bad_size_names_the_json_path_and_the_choices() -> None:
    d = doc()
    d["tokens"][2]["size"] = "enormous"
    err = error_of(d)
    assert err.path == "tokens[2].size"
    assert "'enormous' is not one of tiny, small, medium, large, huge, gargantuan" in str(err)
    assert str(err).startswith("test.json: tokens[2].size:")


@pytest.mark.parametrize(
    ("mutate", "path"),
    [
        (lambda d: d.pop("system"), "system"),
        (lambda d: d.update(system="pf1e"), "system"),
        (lambda d: d.update(grid={"width": 0, "height": 3}), "grid.width"),
        (lambda d: d.update(grid={"width": 5}), "grid.height"),
        (lambda d: d.update(walls=[{"a": [0, 0], "b": "x"}]), "walls[0].b"),
        (lambda d: d.update(walls=[{"a": [0, 0], "b": [1, 1], "kind": "fence"}]), "walls[0].kind"),
        (lambda d: d.update(terrain=[{"cell": [1, 1], "kind": "lava"}]), "terrain[0].kind"),
        (lambda d: d["tokens"][1].update(cell=[9, 7]), "tokens[1].cell"),
        (lambda d: d["tokens"][0].update(hp="lots"), "tokens[0].hp"),
        (lambda d: d["tokens"][1].update(id="a"), "tokens[1].id"),
        (lambda d: d["tokens"][0].update(reactions="Reactive Strike"), "tokens[0].reactions"),
        (lambda d: d["tokens"][2].update(reactions=["Shield Block", 7]), "tokens[2].reactions[1]"),
        (
            lambda d: d["tokens"][0].update(attacks=[{"name": "bow", "range": [80, 20]}]),
            "tokens[0].attacks[0].range",
        ),
        (lambda d: d.update(options={"area_method": "blob"}), "options.area_method"),
        (lambda d: d.update(version=99), "version"),
        (lambda d: d.update(format="other"), "format"),
    ],
)
def test_invalid_fields_are_reported_by_path(mutate: Any, path: str) -> None:
    d = doc()
    mutate(d)
    assert error_of(d).path == path


def test_not_an_object() -> None:
    assert "expected an object" in str(error_of([1, 2]))


def test_round_trip_is_lossless_including_unknown_keys() -> None:
    d = doc(
        system="dnd5e-2024",
        options={"diagonals": "alternating", "flanking": True, "area_method": "touch", "house_rule": 3},
        terrain=[{"cell": [2, 2], "kind": "difficult", "note": "mud"}],
        walls=[{"a": [0, 0.5], "b": [4, 0.5], "kind": "door", "open": True, "colour": "red"}],
        custom={"nested": [1, 2]},
    )
    d["tokens"][0].update(
        {
            "pc": True,
            "ac": 16,
            "hp": 12,
            "max_hp": 20,
            "temp_hp": 3,
            "conditions": ["prone", "frightened 2"],
            "resistances": ["fire"],
            "vulnerabilities": ["cold"],
            "attacks": [
                {
                    "name": "longbow",
                    "bonus": 7,
                    "damage": "1d8+3 piercing",
                    "properties": ["heavy"],
                    "range": [150, 600],
                }
            ],
            "portrait_tint": "#ff0000",
        }
    )
    scene = scene_from_json(d)
    again = scene_from_json(json.loads(json.dumps(scene_to_json(scene))))
    assert again == scene
    out = scene_to_json(again)
    assert out["custom"] == {"nested": [1, 2]}
    assert out["walls"][0]["colour"] == "red"
    assert out["options"]["house_rule"] == 3
    assert out["tokens"][0]["portrait_tint"] == "#ff0000"
    assert out["tokens"][0]["resistances"] == ["fire"]
    assert out["tokens"][0]["attacks"][0]["range"] == [150, 600]


def test_reactions_are_a_list_of_names_saved_only_when_there_are_some() -> None:
    d = doc()
    d["tokens"][0]["reactions"] = ["Reactive Strike", "Shield Block"]
    d["tokens"][1]["reactions"] = []
    scene = scene_from_json(d)
    assert [t.reactions for t in scene.tokens] == [("Reactive Strike", "Shield Block"), (), ()]
    assert all("reactions" not in t.extra for t in scene.tokens)
    out = scene_to_json(scene)
    assert out["tokens"][0]["reactions"] == ["Reactive Strike", "Shield Block"]
    assert "reactions" not in out["tokens"][1] and "reactions" not in out["tokens"][2]
    assert scene_from_json(json.loads(json.dumps(out))) == scene


def test_pf2e_round_trip_keeps_weaknesses_as_objects() -> None:
    d = doc()
    d["tokens"][0].update({"weaknesses": {"fire": 5}, "resistances": {"physical": 3, "all": 1}})
    out = scene_to_json(scene_from_json(d))
    assert out["tokens"][0]["weaknesses"] == {"fire": 5}
    assert out["tokens"][0]["resistances"] == {"physical": 3, "all": 1}


def test_terrain_listed_twice_takes_the_worst_kind() -> None:
    s = scene_from_json(
        doc(terrain=[{"cell": [2, 2], "kind": "impassable"}, {"cell": [2, 2], "kind": "difficult"}])
    )
    assert s.terrain_map()[Cell(2, 2)] == "impassable"


def test_wall_kinds_block_by_purpose() -> None:
    wall, door, window, low = (Wall(Point(0, 0), Point(1, 0), k) for k in ("wall", "door", "window", "low"))
    open_door = Wall(Point(0, 0), Point(1, 0), "door", True)
    assert wall.blocks_movement and wall.blocks_sight and wall.blocks_effect
    assert door.blocks_movement and door.blocks_sight
    assert not open_door.blocks_movement and not open_door.blocks_sight and not open_door.gives_cover
    assert window.blocks_movement and window.blocks_effect and not window.blocks_sight
    assert not low.blocks_movement and not low.blocks_effect and low.gives_cover


def test_conditions_with_values() -> None:
    t = Token("x", Cell(0, 0), conditions=("frightened 2", "prone", "sickened"))
    assert t.condition_value("frightened") == 2
    assert t.condition_value("sickened") == 1
    assert t.condition_value("clumsy") == 0
    assert t.has_condition("prone")
    t2 = t.with_condition("frightened", 1)
    assert t2.condition_value("frightened") == 1 and t.condition_value("frightened") == 2
    assert not t2.with_condition("frightened", 0).has_condition("frightened")


@pytest.mark.parametrize(
    "value",
    [
        Cell(1, 2),
        Point(0.5, 1.5),
        Grid(3, 4),
        Options(),
        TerrainCell(Cell(1, 1), "difficult"),
        Wall(Point(0, 0), Point(1, 0)),
        Attack("sword", 5),
        Token("t", Cell(0, 0)),
        new_scene("pf2e", 5, 5),
    ],
)
def test_value_types_are_immutable(value: object) -> None:
    field_name = value._fields[0] if isinstance(value, tuple) else dataclasses.fields(value)[0].name  # type: ignore[arg-type]
    with pytest.raises((AttributeError, dataclasses.FrozenInstanceError)):
        setattr(value, field_name, 0)


def test_edits_make_new_scenes_and_leave_the_old_one_alone() -> None:
    s = scene_from_json(doc())
    moved = s.replace_token(dataclasses.replace(s.tokens[0], cell=Cell(2, 1)))
    assert s.token("a").cell == Cell(1, 1)  # type: ignore[union-attr]
    assert moved.token("a").cell == Cell(2, 1)  # type: ignore[union-attr]
    assert isinstance(moved, Scene)


def test_load_scene_file_reports_file_problems(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    with pytest.raises(SceneError, match=r"nope\.json: no such file"):
        load_scene_file(missing)
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "fivefoot.scene", ', encoding="utf-8")
    with pytest.raises(SceneError, match=r"broken.json: not valid JSON: .* line 1"):
        load_scene_file(broken)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(doc()), encoding="utf-8")
    assert load_scene_file(good).grid == Grid(10, 8)


def test_huge_and_non_finite_numbers_are_reported_not_crashed_on() -> None:
    huge = doc(walls=[{"a": [10**400, 0], "b": [1, 1]}])
    err = error_of(huge)
    assert err.path == "walls[0].a[0]" and "too large" in str(err)
    nan = doc(walls=[{"a": [float("nan"), 0], "b": [1, 1]}])
    assert error_of(nan).path == "walls[0].a[0]"
    big_grid = doc(grid={"width": 10**400, "height": 5})
    assert error_of(big_grid).path == "grid.width"


def test_a_wall_from_a_point_to_itself_is_dropped() -> None:
    doc = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": "pf2e",
        "grid": {"width": 5, "height": 5},
        "walls": [{"a": [1, 1], "b": [1, 1]}, {"a": [0, 0], "b": [1, 0]}],
    }
    scene = scene_from_json(doc)
    assert [(w.a, w.b) for w in scene.walls] == [((0, 0), (1, 0))]
