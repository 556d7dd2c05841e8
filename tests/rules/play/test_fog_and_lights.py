"""The engine remembers what the party explores inside the command that changed its sight (one step), and
the fog and light commands are the engine's (issue 21 item 1)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.cli import answer
from rules.geometry.coords import Cell, Point
from rules.geometry.vision import party_seen
from rules.io.scene_json import scene_from_json
from rules.model.scene import Light, Scene, TokenLight
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.edits import ChangeSettings, PlaceTokens, ReplaceWall
from rules.play.fog import EditFog, SetFogMode
from rules.play.history import History
from rules.play.lights import AddLight, RemoveLight, ReplaceLight, SetAmbient, SetTokenLight
from rules.play.moves import MoveToken


def room(*, fog: bool = True, ambient: str = "bright") -> Scene:
    """Two rooms of 6×8 joined by a closed door at x = 6; the hero west, a goblin east."""
    doc: dict[str, Any] = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": "pf2e",
        "grid": {"width": 12, "height": 8},
        "options": {"ambient": ambient},
        "walls": [
            {"a": [6, 0], "b": [6, 3]},
            {"a": [6, 3], "b": [6, 5], "kind": "door", "open": False},
            {"a": [6, 5], "b": [6, 8]},
        ],
        "tokens": [
            {"id": "hero", "cell": [1, 3], "side": "party", "pc": True, "speed": 25},
            {"id": "gob", "cell": [9, 3], "side": "enemy"},
        ],
    }
    if fog:
        doc["fog"] = {"enabled": True, "width": 12, "height": 8, "explored": ""}
    return scene_from_json(doc)


def explored(state: GameState, x: int, y: int) -> bool:
    fog = state.scene.fog
    return fog is not None and fog.is_explored(x, y)


def test_a_move_remembers_what_the_party_sees_in_the_same_step() -> None:
    history = History(GameState(room()))
    assert not explored(history.state, 1, 1)
    history.execute(MoveToken("hero", (Cell(2, 3),)))
    state = history.state
    assert (party_seen(state.scene) & ~state.scene.fog.mask()).sum() == 0
    assert explored(state, 0, 0) and explored(state, 5, 7) and not explored(state, 9, 3)  # the door is shut
    assert len(history.applied()) == 1
    history.undo()
    assert not explored(history.state, 0, 0)  # one undo takes the move and what it showed


def test_opening_a_door_shows_the_room_beyond() -> None:
    history = History(GameState(room()))
    history.execute(PlaceTokens((("hero", Cell(5, 3)),)))
    assert not explored(history.state, 9, 3)
    door = next(i for i, w in enumerate(history.state.scene.walls) if w.kind == "door")
    opened = replace(history.state.scene.walls[door], open=True)
    history.execute(ReplaceWall(door, opened))
    assert explored(history.state, 9, 3)


def test_a_light_and_the_ambient_light_change_what_is_seen() -> None:
    history = History(GameState(room(ambient="darkness")))
    history.execute(PlaceTokens((("hero", Cell(2, 3)),)))
    assert not explored(history.state, 0, 0)  # dark: the hero (no darkvision) sees nothing
    history.execute(AddLight(Light(Point(1.0, 1.0), bright=10.0, dim=10.0)))
    assert explored(history.state, 0, 0) and not explored(history.state, 5, 7)
    history.execute(SetAmbient("bright"))
    assert explored(history.state, 5, 7)
    assert len(history.applied()) == 3


def test_a_hidden_square_stays_hidden_until_the_party_looks_again() -> None:
    history = History(GameState(room()))
    history.execute(PlaceTokens((("hero", Cell(2, 3)),)))
    history.execute(EditFog(((1, 1),), reveal=False))
    assert not explored(history.state, 1, 1)  # a fog edit changes no sight: the GM's word stands
    scene = history.state.scene
    history.execute(ChangeSettings(scene.system, scene.options, "renamed"))
    assert not explored(history.state, 1, 1)
    history.execute(PlaceTokens((("hero", Cell(3, 3)),)))
    assert explored(history.state, 1, 1)


def test_fog_off_remembers_nothing_and_switching_it_on_remembers_at_once() -> None:
    history = History(GameState(room()))
    history.execute(SetFogMode("off"))
    history.execute(PlaceTokens((("hero", Cell(2, 3)),)))
    assert not explored(history.state, 0, 0)
    history.execute(SetFogMode("on"))
    assert explored(history.state, 0, 0)
    history.execute(SetFogMode("reset"))
    fog = history.state.scene.fog
    assert fog is not None and fog.mask().sum() == party_seen(history.state.scene).sum()
    with pytest.raises(Refused, match="on, off or reset"):
        SetFogMode("maybe").apply(history.state)


def test_a_scene_without_fog_stays_without() -> None:
    history = History(GameState(room(fog=False)))
    history.execute(PlaceTokens((("hero", Cell(2, 3)),)))
    assert history.state.scene.fog is None


def test_light_commands_refuse_what_the_reader_would_refuse() -> None:
    state = GameState(room())
    with pytest.raises(Refused, match="outer radius"):
        AddLight(Light(Point(1.0, 1.0), bright=20.0, dim=10.0)).apply(state)
    with pytest.raises(Refused, match="negative"):
        AddLight(Light(Point(1.0, 1.0), bright=-5.0, dim=10.0)).apply(state)
    with pytest.raises(Refused, match="no light number 1"):
        RemoveLight(0).apply(state)
    with pytest.raises(Refused, match="no light number 3"):
        ReplaceLight(2, Light(Point(1.0, 1.0), bright=5.0, dim=10.0)).apply(state)
    with pytest.raises(Refused, match="ambient light must be one of bright, dim, darkness"):
        SetAmbient("twilight").apply(state)
    with pytest.raises(Refused, match="no token 'nobody'"):
        SetTokenLight("nobody", TokenLight(20, 40)).apply(state)
    lit = SetTokenLight("hero", TokenLight(20, 40)).apply(state)
    assert lit.state.scene.token("hero").light == TokenLight(20, 40)  # type: ignore[union-attr]
    assert lit.lines == ("hero carries a light: bright 20 ft, dim 40 ft",)


def test_the_fog_query_answers_explored_and_visible_squares() -> None:
    history = History(GameState(room()))
    history.execute(PlaceTokens((("hero", Cell(2, 3)),)))
    history.execute(PlaceTokens((("hero", Cell(1, 1)),)))
    scene = history.state.scene
    got = answer(scene, {"q": "fog"})
    assert got["enabled"] is True
    seen = {(x, y) for y, x in zip(*party_seen(scene).nonzero(), strict=True)}
    assert {tuple(c) for c in got["visible"]} == seen
    assert {tuple(c) for c in got["explored"]} == {
        (x, y)
        for x in range(12)
        for y in range(8)
        if scene.fog.is_explored(x, y)  # type: ignore[union-attr]
    }
    assert [9, 3] not in got["explored"] and [0, 0] in got["explored"]
    none = answer(room(fog=False), {"q": "fog"})
    assert none["enabled"] is False and none["explored"] == [] and [1, 3] in none["visible"]
