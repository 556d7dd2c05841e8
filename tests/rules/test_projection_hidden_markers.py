"""The player projection marks a PF2e hidden creature's space with a "?" (the party knows where it is)
and leaves no trace of an undetected, unnoticed or GM-only one (issue 23, item 10). The marker is built
from what the players may know: its squares, nothing else of the creature."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from rules.geometry.coords import Cell
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene
from rules.play.projection import player_projection


def _scene(system: str = "pf2e") -> Scene:
    doc: dict[str, Any] = {
        "format": "fivefoot.scene",
        "version": 2,
        "system": system,
        "grid": {"width": 12, "height": 8},
        "fog": {"enabled": True, "width": 12, "height": 8, "explored": ""},
        "tokens": [
            {"id": "hero", "name": "Valeros", "cell": [1, 1], "side": "party", "pc": True, "hp": 20},
            {
                "id": "sneak",
                "name": "Goblin Sneak",
                "cell": [4, 2],
                "side": "enemies",
                "conditions": ["hidden"],
            },
            {
                "id": "ogre",
                "name": "Ogre Boss",
                "cell": [8, 4],
                "size": "large",
                "side": "enemies",
                "conditions": ["hidden", "frightened 1"],
            },
            {
                "id": "lurker",
                "name": "Lurker",
                "cell": [6, 6],
                "side": "enemies",
                "conditions": ["undetected"],
            },
            {"id": "scout", "name": "Scout", "cell": [2, 6], "side": "enemies", "conditions": ["unnoticed"]},
            {
                "id": "spy",
                "name": "Spy",
                "cell": [3, 3],
                "side": "enemies",
                "conditions": ["hidden"],
                "gm_only": True,
            },
            {
                "id": "ghost",
                "name": "Ghost",
                "cell": [5, 5],
                "side": "enemies",
                "conditions": ["invisible", "hidden"],
            },
        ],
    }
    return scene_from_json(doc)


def test_hidden_creatures_are_question_marks_on_their_space() -> None:
    view = player_projection(_scene())
    assert {t.id for t in view.tokens} == {"hero"}
    spaces = [m.cells for m in view.markers]
    assert spaces == [  # in board order (top to bottom), never the scene's token order
        (Cell(4, 2),),
        (Cell(8, 4), Cell(9, 4), Cell(8, 5), Cell(9, 5)),  # a large creature's whole space
    ]


def test_the_marker_says_nothing_else_of_the_creature() -> None:
    data = json.dumps(player_projection(_scene()).to_json())
    for secret in ("sneak", "Goblin", "Ogre", "frightened", "Lurker", "Spy", "Scout", "Ghost", "hidden"):
        assert secret not in data
    assert '"markers": [[[4, 2]]' in data


def test_undetected_unnoticed_and_gm_only_leave_no_trace() -> None:
    view = player_projection(_scene())
    marked = {c for m in view.markers for c in m.cells}
    assert Cell(6, 6) not in marked and Cell(2, 6) not in marked and Cell(3, 3) not in marked
    assert Cell(5, 5) not in marked  # invisible as well as hidden: no trace (the remote view's rule)


def test_hidden_in_5e_keeps_the_creature_off_the_view() -> None:
    view = player_projection(_scene("dnd5e-2024"))
    assert view.markers == ()
    assert {t.id for t in view.tokens} == {"hero"}


def test_a_hidden_pc_is_shown_to_its_own_party() -> None:
    scene = _scene()
    hero = scene.token("hero")
    assert hero is not None
    scene = scene.replace_token(replace(hero, conditions=("hidden",)))
    view = player_projection(scene)
    assert view.token("hero") is not None
    assert all(Cell(1, 1) not in m.cells for m in view.markers)
