"""Visibility states from the rules (query-protocol.md "Light and visibility"; Player Core "Detecting
creatures", "Light"; PHB "Vision and Light", blindsight / darkvision / truesight) and the fast sight masks."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from rules.cli import answer
from rules.geometry.sight import spaces_have_line
from rules.geometry.vision import party_seen, seen_mask, sight_mask, visibility
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene


def scene(
    system: str,
    *,
    ambient: str = "darkness",
    lights: list[Any] | None = None,
    walls: list[Any] | None = None,
    viewer: dict[str, Any] | None = None,
    target: dict[str, Any] | None = None,
    size: int = 20,
) -> Scene:
    v = {"id": "v", "cell": [2, 10], "side": "party", **(viewer or {})}
    t = {"id": "t", "cell": [8, 10], "side": "enemy", **(target or {})}
    return scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": system,
            "grid": {"width": size, "height": size},
            "options": {"ambient": ambient},
            "lights": lights or [],
            "walls": walls or [],
            "tokens": [v, t],
        }
    )


def state(s: Scene) -> str:
    return visibility(s, s.token("v"), s.token("t"))  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------------- PF2e


@pytest.mark.parametrize(
    ("ambient", "senses", "expected"),
    [
        ("bright", [], "observed"),
        ("dim", [], "concealed"),
        ("dim", ["low-light-vision"], "observed"),
        ("dim", ["darkvision"], "observed"),
        ("darkness", [], "hidden"),
        ("darkness", ["low-light-vision"], "hidden"),
        ("darkness", ["darkvision"], "observed"),
        ("darkness", ["greater-darkvision"], "observed"),
    ],
)
def test_pf2e_light_and_senses(ambient: str, senses: list[str], expected: str) -> None:
    assert state(scene("pf2e", ambient=ambient, viewer={"senses": senses})) == expected


def test_pf2e_cannot_see_is_undetected() -> None:
    assert state(scene("pf2e", ambient="bright", viewer={"conditions": ["blinded"]})) == "undetected"
    assert state(scene("pf2e", ambient="bright", target={"conditions": ["invisible"]})) == "undetected"
    wall = [{"a": [5, 0], "b": [5, 20], "kind": "wall"}]
    assert state(scene("pf2e", ambient="bright", walls=wall)) == "undetected"
    window = [{"a": [5, 0], "b": [5, 20], "kind": "window"}]
    assert state(scene("pf2e", ambient="bright", walls=window)) == "observed"
    # an invisible creature the viewer has located (Seek) is hidden
    located = {"conditions": ["invisible", "hidden"]}
    assert state(scene("pf2e", ambient="bright", target=located)) == "hidden"


def test_pf2e_target_conditions_win_when_worse() -> None:
    assert state(scene("pf2e", ambient="bright", target={"conditions": ["concealed"]})) == "concealed"
    assert state(scene("pf2e", ambient="bright", target={"conditions": ["hidden"]})) == "hidden"
    assert state(scene("pf2e", ambient="darkness", target={"conditions": ["concealed"]})) == "hidden"
    assert state(scene("pf2e", ambient="bright", viewer={"conditions": ["dazzled"]})) == "concealed"


def test_pf2e_light_on_any_square_of_a_large_target() -> None:
    lights = [{"at": [10, 10], "bright": 5, "dim": 5}]
    s = scene("pf2e", lights=lights, target={"cell": [8, 8], "size": "large"})  # squares 8–9: [9,9] is lit
    assert state(s) == "observed"


# -------------------------------------------------------------------------------------------------- 5e


@pytest.mark.parametrize(
    ("ambient", "senses", "expected"),
    [
        ("bright", {}, "seen"),
        ("dim", {}, "lightly-obscured"),
        ("dim", {"darkvision": 60}, "seen"),
        ("dim", {"darkvision": 10}, "lightly-obscured"),  # 25 ft away, out of range
        ("darkness", {}, "heavily-obscured"),
        ("darkness", {"darkvision": 60}, "lightly-obscured"),
        ("darkness", {"darkvision": 20}, "heavily-obscured"),
        ("darkness", {"blindsight": 30}, "seen"),
        ("darkness", {"truesight": 120}, "seen"),
        ("dim", {"truesight": 120}, "lightly-obscured"),  # truesight sees darkness, not through dimness
        ("darkness", {"tremorsense": 60}, "heavily-obscured"),
    ],
)
@pytest.mark.parametrize("system", ["dnd5e-2014", "dnd5e-2024"])
def test_5e_light_and_senses(system: str, ambient: str, senses: dict[str, int], expected: str) -> None:
    assert state(scene(system, ambient=ambient, viewer={"senses": senses})) == expected


def test_5e_unseen() -> None:
    assert state(scene("dnd5e-2024", ambient="bright", viewer={"conditions": ["blinded"]})) == "unseen"
    assert state(scene("dnd5e-2024", ambient="bright", target={"conditions": ["invisible"]})) == "unseen"
    assert state(scene("dnd5e-2024", ambient="bright", target={"conditions": ["hidden"]})) == "unseen"
    wall = [{"a": [5, 0], "b": [5, 20], "kind": "wall"}]
    assert state(scene("dnd5e-2024", ambient="bright", walls=wall)) == "unseen"
    # blindsight works blind and finds the invisible; truesight sees the invisible but not when blind
    bs = {"senses": {"blindsight": 30}, "conditions": ["blinded"]}
    assert state(scene("dnd5e-2014", ambient="bright", viewer=bs)) == "seen"
    far = {"senses": {"blindsight": 10}, "conditions": ["blinded"]}
    assert state(scene("dnd5e-2014", ambient="bright", viewer=far)) == "unseen"
    ts = {"senses": {"truesight": 60}}
    assert (
        state(scene("dnd5e-2014", ambient="bright", viewer=ts, target={"conditions": ["invisible"]}))
        == "seen"
    )
    blind_ts = {"senses": {"truesight": 60}, "conditions": ["blinded"]}
    assert state(scene("dnd5e-2014", ambient="bright", viewer=blind_ts)) == "unseen"
    assert state(scene("dnd5e-2014", ambient="bright", viewer=bs, walls=wall)) == "unseen"


def test_5e_obscurement_conditions() -> None:
    assert state(scene("dnd5e-2014", ambient="bright", target={"conditions": ["lightly-obscured"]})) == (
        "lightly-obscured"
    )
    assert state(scene("dnd5e-2014", ambient="dim", target={"conditions": ["heavily-obscured"]})) == (
        "heavily-obscured"
    )


def test_visibility_query_and_errors() -> None:
    s = scene("pf2e", ambient="dim")
    assert answer(s, {"q": "visibility", "viewer": "v", "target": "t"}) == {"state": "concealed"}
    assert "unknown token" in answer(s, {"q": "visibility", "viewer": "v", "target": "zz"})["error"]
    assert "missing field" in answer(s, {"q": "visibility", "viewer": "v"})["error"]
    assert "bad value" in answer(s, {"q": "visibility", "viewer": "v", "target": "v"})["error"]


# ----------------------------------------------------------------------------------------------- masks


def _room_scene() -> Scene:
    walls = [
        {"a": [0, 6], "b": [12, 6]},
        {"a": [12, 6], "b": [12, 14]},
        {"a": [12, 14], "b": [0, 14]},
        {"a": [6, 6], "b": [6, 9]},  # a screen inside the room
        {"a": [12, 9], "b": [12, 11], "kind": "door", "open": True},
        {"a": [3, 16], "b": [7, 19], "kind": "wall"},
    ]
    # the open door sits on top of the wall segment 9–11: remove that piece of the wall
    walls[1] = {"a": [12, 6], "b": [12, 9]}
    walls.append({"a": [12, 11], "b": [12, 14]})
    return scene("pf2e", ambient="bright", walls=walls, viewer={"cell": [2, 10]}, size=24)


def test_sight_mask_agrees_with_exact_line_of_sight() -> None:
    s = _room_scene()
    v = s.token("v")
    assert v is not None
    mask = sight_mask(s, v)
    disagreements = []
    for y in range(s.grid.height):
        for x in range(s.grid.width):
            exact = spaces_have_line(s, v.cell, 1, (x, y), 1, "sight")
            if bool(mask[y, x]) != exact:
                disagreements.append((x, y, exact))
    # the display rule judges from the centre: it may miss a sliver seen only from the edge of the viewer's
    # space, but never shows a cell the exact rule hides
    assert all(exact for _, _, exact in disagreements), disagreements
    assert len(disagreements) <= 12
    assert mask[10, 8] and not mask[3, 3]  # inside the room, and beyond the north wall
    assert mask[10, 16]  # through the open door


def test_seen_mask_needs_light_or_darkvision() -> None:
    lights = [{"at": [4, 11], "bright": 10, "dim": 10}]
    s = scene("pf2e", lights=lights, viewer={"cell": [2, 10]})
    v = s.token("v")
    assert v is not None
    seen = seen_mask(s, v)
    assert seen[10, 3] and not seen[10, 15]
    dv = scene("pf2e", lights=lights, viewer={"cell": [2, 10], "senses": ["darkvision"]})
    assert seen_mask(dv, dv.token("v"))[10, 15]  # type: ignore[arg-type]
    five = scene("dnd5e-2014", lights=lights, viewer={"cell": [2, 10], "senses": {"darkvision": 30}})
    m = seen_mask(five, five.token("v"))  # type: ignore[arg-type]
    assert m[10, 8] and not m[10, 9]  # 30 ft reaches [8,10]; [9,10] is 35 ft away
    blind = scene("pf2e", ambient="bright", viewer={"conditions": ["blinded"]})
    assert not seen_mask(blind, blind.token("v")).any()  # type: ignore[arg-type]


def test_party_seen_is_the_union_of_party_members() -> None:
    s = _room_scene()
    union = party_seen(s)
    v = s.token("v")
    assert v is not None
    assert np.array_equal(union, seen_mask(s, v))  # the target is an enemy: not part of the party
