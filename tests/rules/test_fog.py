"""Fog of war memory (rules.model.fog) and its place in the scene file."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from rules.errors import SceneError
from rules.geometry.coords import Cell
from rules.geometry.vision import party_seen
from rules.io.scene_json import fog_from_json, fog_to_json, scene_from_json, scene_to_json
from rules.model.fog import Fog, brush_cells, rect_cells
from rules.model.scene import Scene


def room(fog: object = None) -> Scene:
    doc = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": "pf2e",
        "grid": {"width": 12, "height": 8},
        "options": {"ambient": "bright"},
        "walls": [{"a": [6, 0], "b": [6, 8], "kind": "wall"}],
        "tokens": [
            {"id": "hero", "cell": [1, 3], "side": "party", "pc": True},
            {"id": "gob", "cell": [9, 3], "side": "enemy"},
        ],
    }
    if fog is not None:
        doc["fog"] = fog
    return scene_from_json(doc)


def test_remember_keeps_what_was_seen() -> None:
    s = room()
    fog = Fog.blank(12, 8)
    seen = party_seen(s)
    assert seen[3, 1] and not seen[3, 9]  # the wall hides the east half
    fog = fog.remember(seen)
    assert fog.is_explored(5, 0) and not fog.is_explored(7, 0)
    # the hero is moved east of the wall: the west half stays explored
    moved = s.replace_token(replace(s.tokens[0], cell=Cell(9, 6)))
    fog2 = fog.remember(party_seen(moved))
    assert fog2.is_explored(0, 0) and fog2.is_explored(11, 7)
    assert fog.remember(seen) is fog  # nothing new: the same value


def test_reveal_hide_reset_and_switch() -> None:
    fog = Fog.blank(10, 10)
    fog = fog.reveal(rect_cells(7, 2, 2, 4))
    assert fog.explored_count == 6 * 3
    assert fog.is_explored(2, 2) and fog.is_explored(7, 4) and not fog.is_explored(8, 4)
    fog = fog.hide(brush_cells(5.0, 3.0, 1.0))  # centres within 1 square of the corner (5, 3)
    assert not fog.is_explored(4, 2) and not fog.is_explored(5, 3) and fog.is_explored(7, 3)
    assert fog.reveal([(-1, 0), (50, 50)]) is fog  # off the grid: nothing changes
    off = fog.with_enabled(False)
    assert not off.enabled and off.explored == fog.explored
    assert fog.reset().explored_count == 0 and fog.reset().enabled


def test_brush_always_paints_the_square_under_it() -> None:
    assert brush_cells(3.2, 4.9, 0.1) == [(3, 4)]
    assert len(brush_cells(5.0, 5.0, 1.0)) == 4


def test_json_round_trip_and_scene_file_key() -> None:
    fog = Fog.blank(12, 8).reveal(rect_cells(0, 0, 3, 2))
    doc = fog_to_json(fog)
    assert set(doc) == {"enabled", "width", "height", "explored"}
    assert fog_from_json(json.loads(json.dumps(doc)), 12, 8) == fog
    s = room(doc)
    assert s.fog == fog
    out = scene_to_json(s)
    assert out["fog"] == doc and "fog" not in s.extra
    assert scene_from_json(out).fog == fog
    assert "fog" not in scene_to_json(room())


def test_resized_grid_crops_or_pads() -> None:
    fog = Fog.blank(4, 4).reveal([(3, 3), (0, 0)])
    small = fog_from_json(fog_to_json(fog), 2, 2)
    assert small.width == 2 and small.is_explored(0, 0) and small.explored_count == 1
    big = fog.resized(6, 5)
    assert big.is_explored(3, 3) and big.explored_count == 2


@pytest.mark.parametrize(
    ("raw", "where"),
    [
        ([], "fog"),
        ({"enabled": "yes"}, "fog.enabled"),
        ({"width": 0}, "fog.width"),
        ({"explored": "@@@"}, "fog.explored"),
        ({"explored": 5}, "fog.explored"),
        ({"width": 2, "height": 2, "explored": "AAAA"}, "fog.explored"),
    ],
)
def test_bad_fog_names_the_field(raw: object, where: str) -> None:
    with pytest.raises(SceneError) as err:
        room(raw)
    assert err.value.path == where


def test_mask_is_read_only() -> None:
    m = Fog.blank(3, 3).reveal([(1, 1)]).mask()
    assert m[1, 1] and m.sum() == 1
    with pytest.raises(ValueError):
        m[0, 0] = True
    assert np.array_equal(Fog.from_mask(m).mask(), m)
