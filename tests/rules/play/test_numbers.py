"""Base numbers on tokens (issue 26 item 3): set and cleared by undoable commands, saved in the scene file,
shown in the player projection with a health estimate for the creatures the party fights."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.geometry.coords import Cell
from rules.io.scene_json import scene_from_json, scene_to_json
from rules.model.scene import Grid, Scene, Token
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.history import History
from rules.play.numbers import NumberTokens, SetTokenNumber
from rules.play.projection import health_estimate, player_projection


def _state() -> GameState:
    tokens = (
        Token("hero", Cell(1, 1), side="party", pc=True, name="Valeros", hp=20, max_hp=30),
        Token("g1", Cell(4, 1), side="enemy", name="Goblin", hp=6, max_hp=6),
        Token("g2", Cell(5, 1), side="enemy", name="Goblin", hp=6, max_hp=6),
    )
    return GameState(Scene(system="pf2e", grid=Grid(8, 4), tokens=tokens))


def test_set_number_is_one_undoable_step_and_round_trips_through_the_file() -> None:
    history = History(_state())
    history.execute(SetTokenNumber("g1", 3))
    scene = history.state.scene
    assert scene.token("g1").number == 3 and scene.token("g2").number is None
    saved = scene_to_json(scene)
    assert [t.get("number") for t in saved["tokens"]] == [None, 3, None]
    assert scene_from_json(saved).token("g1").number == 3
    history.undo()
    assert history.state.scene.token("g1").number is None


def test_number_several_tokens_and_clear_one() -> None:
    history = History(_state())
    history.execute(NumberTokens(("g1", "g2"), 4))
    assert [history.state.scene.token(t).number for t in ("g1", "g2")] == [4, 5]
    history.execute(SetTokenNumber("g2", None))
    assert history.state.scene.token("g2").number is None
    assert "Goblin has no base number" in history.state.log[-1]


@pytest.mark.parametrize("number", [-1, 10_000])
def test_numbers_past_the_limits_are_refused(number: int) -> None:
    with pytest.raises(Refused, match="from 0 to 9999"):
        SetTokenNumber("g1", number).apply(_state())


def test_a_file_with_a_bad_number_is_refused_with_where() -> None:
    doc = scene_to_json(_state().scene)
    doc["tokens"][1]["number"] = "three"
    with pytest.raises(Exception, match=r"tokens\[1\]\.number"):
        scene_from_json(doc)


@pytest.mark.parametrize(
    ("hp", "max_hp", "word"),
    [
        (30, 30, "unhurt"),
        (29, 30, "hurt"),
        (16, 30, "hurt"),
        (15, 30, "bloodied"),
        (8, 30, "bloodied"),
        (7, 30, "near-death"),
        (1, 30, "near-death"),
        (0, 30, "down"),
        (5, None, None),
        (None, 30, None),
    ],
)
def test_health_estimate(hp: int | None, max_hp: int | None, word: str | None) -> None:
    assert health_estimate(hp, max_hp) == word


def test_projection_gives_numbers_and_estimates_but_exact_hp_only_for_the_party() -> None:
    state = _state()
    hurt = replace(state.scene.token("g1"), hp=1, number=7)
    state = state.with_scene(state.scene.replace_token(hurt))
    view = player_projection(state)
    hero, g1, g2 = (view.token(t) for t in ("hero", "g1", "g2"))
    assert hero.hp == 20 and hero.health is None
    assert g1.hp is None and g1.max_hp is None and g1.health == "near-death" and g1.number == 7
    assert g2.health == "unhurt" and g2.number is None
    js = view.to_json()
    assert js["tokens"][1]["number"] == 7 and js["tokens"][1]["health"] == "near-death"
    assert js["tokens"][1]["hp"] is None
