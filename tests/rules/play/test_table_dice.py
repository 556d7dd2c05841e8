"""The table's dice in the engine: who rolls their own dice (saved with the token, undoable) and the dice
box's rolls (kept in the history; secret GM rolls never reach the players' projection or log)."""

from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.io import fivefoot_file
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.history import History
from rules.play.projection import player_projection
from rules.play.table_dice import RollDice, SetOwnDice
from rules.play.table_events import table_events
from tests.rules.play.helpers import scene_from


def _state() -> GameState:
    return GameState(scene_from("A . B", "pf2e", A={"pc": True, "name": "Amiri"}, B={"name": "Goblin"}))


def test_own_dice_is_one_undoable_step_and_survives_saving() -> None:
    history = History(_state())
    history.execute(SetOwnDice(("A",), True))
    tok = history.state.scene.token("A")
    assert tok is not None and tok.own_dice
    assert not history.state.scene.token("B").own_dice  # type: ignore[union-attr]
    assert "Amiri roll their own dice" in history.state.log[-1]
    reopened = fivefoot_file.loads(fivefoot_file.dumps(history.state)).state
    assert reopened.scene.token("A").own_dice  # type: ignore[union-attr]
    assert not reopened.scene.token("B").own_dice  # type: ignore[union-attr]
    history.undo()
    assert not history.state.scene.token("A").own_dice  # type: ignore[union-attr]


def test_own_dice_refuses_an_unknown_token() -> None:
    with pytest.raises(Refused, match="no token 'Z'"):
        SetOwnDice(("Z",), True).apply(_state())


def test_a_roll_with_a_target_says_success_and_is_kept_in_the_history() -> None:
    out = RollDice("1D20+2>=15", who="A", dice=ScriptedDice([13])).apply(_state())
    assert out.state.rolls[-1].total == 15
    assert out.state.rolls[-1].success is True
    assert out.lines == ("Amiri rolls 1d20+2>=15: 1d20[13]+2 = 15 — success (target >=15)",)


def test_typed_dice_are_used_face_by_face_and_checked() -> None:
    out = RollDice("2D6+3", given=(6, 5), dice=ScriptedDice([])).apply(_state())
    assert out.state.rolls[-1].total == 14
    with pytest.raises(Refused, match="don't fit"):
        RollDice("2D6+3", given=(7, 1)).apply(_state())
    with pytest.raises(Refused, match="column 3"):
        RollDice("2d+3").apply(_state())


def test_a_secret_roll_never_reaches_the_players() -> None:
    start = _state()
    public = RollDice("1d20", who="A", dice=ScriptedDice([11])).apply(start).state
    secret = RollDice("1d100<=30", secret=True, dice=ScriptedDice([17])).apply(public).state
    assert len(secret.rolls) == 2  # the GM keeps both
    view = player_projection(secret)
    assert [r.expression for r in view.rolls] == ["1d20"]
    assert "1d100" not in str(view.to_json())
    said = [str(m) for m in table_events(player_projection(public), view)]
    assert said == []  # the secret roll changed nothing the players know
    first = [str(m) for m in table_events(player_projection(start), player_projection(public))]
    assert first == ["Amiri rolls 1d20: 11"]


def test_undoing_a_roll_says_nothing_new_to_the_players() -> None:
    history = History(_state())
    before = player_projection(history.state)
    history.execute(RollDice("1d6", dice=ScriptedDice([4])))
    rolled = player_projection(history.state)
    assert [str(m) for m in table_events(before, rolled)] == ["GM rolls 1d6: 4"]
    history.undo()
    assert table_events(rolled, player_projection(history.state)) == ()


def test_the_roll_history_survives_saving_and_bad_rolls_are_reported() -> None:
    state = RollDice("1d20>=10", secret=True, dice=ScriptedDice([12])).apply(_state()).state
    reopened = fivefoot_file.loads(fivefoot_file.dumps(state)).state
    assert reopened.rolls == state.rolls
    from rules.io.state_json import state_from_json

    read = state_from_json(
        {"rolls": [{"expression": "1d6", "total": "x"}, {"expression": "1d4", "total": 2}]}, state.scene
    )
    assert [r.expression for r in read.state.rolls] == ["1d4"]
    assert read.problems == ("rolls[0].total: expected a whole number, got the string 'x'",)
