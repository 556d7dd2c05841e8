"""Creatures joining and leaving a running encounter (`rules.play.roster`): their place by initiative, whose
turn it stays, the newcomer's turn, undo, and the refusals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.model.scene import Token
from rules.model.state import GameState
from rules.model.turn_ledger import TurnLedger
from rules.play.command import Refused
from rules.play.history import History
from rules.play.roster import (
    AddToEncounter,
    RemoveFromEncounter,
    in_encounter,
    insert_by_initiative,
    not_in_encounter,
)
from rules.play.turns import NextTurn, StartEncounter
from tests.rules.play.helpers import started


def _with(state: GameState, *tokens: Token) -> GameState:
    return state.with_scene(state.scene.edit(tokens=(*state.scene.tokens, *tokens)))


def _order(state: GameState) -> list[str]:
    assert state.encounter is not None
    return [c.token_id for c in state.encounter.order]


def _turn(state: GameState) -> tuple[int, str | None]:
    assert state.encounter is not None
    return state.encounter.round, state.encounter.current_id


def _next(state: GameState, dice: list[int] | None = None) -> GameState:
    return NextTurn(ScriptedDice(dice or [])).apply(state).state


OGRE = Token("E", Cell(1, 1), hp=30, max_hp=30, ac=17, initiative_bonus=2, name="Ogre")


def test_a_creature_placed_mid_encounter_joins_by_initiative_and_takes_its_turn() -> None:
    state = _with(started(), OGRE)  # order A 20, B 15, C 10, D 5; A's turn in round 1
    state = _next(state)  # B's turn
    out = AddToEncounter(("E",), (("E", 10),), ScriptedDice([])).apply(state)
    after = out.state
    # 10 + 2 = 12: between B (15) and C (10); B keeps its turn, the round stays
    assert _order(after) == ["A", "B", "E", "C", "D"]
    assert _turn(after) == (1, "B")
    assert out.lines == ("Ogre joins the encounter: initiative 12 (10+2), acts this round after B",)
    after = _next(after)
    assert _turn(after) == (1, "E")
    assert after.encounter is not None and after.encounter.turn is not None
    assert after.encounter.turn.token_id == "E" and after.encounter.turn.actions == 3  # a fresh PF2e turn
    assert _turn(_next(after)) == (1, "C")


def test_a_newcomer_ahead_of_the_current_turn_acts_from_the_next_round() -> None:
    state = _next(_next(_with(started(), OGRE)))  # C's turn
    out = AddToEncounter(("E",), (("E", 19),), ScriptedDice([])).apply(state)
    assert _order(out.state) == ["E", "A", "B", "C", "D"]
    assert _turn(out.state) == (1, "C")
    assert out.lines[0].endswith("acts from round 2")
    after = _next(_next(out.state))  # D, then round 2 begins with the ogre
    assert _turn(after) == (2, "E")


def test_several_join_at_once_and_roll_their_initiative_with_the_dice() -> None:
    imp = Token("F", Cell(2, 1), hp=8, max_hp=8, ac=14, initiative_bonus=0, name="Imp")
    state = _with(started(), OGRE, imp)
    # the ogre rolls 3 (5: after D's 5, a tie that goes after those already there), the imp rolls 18
    out = AddToEncounter(("E", "F"), (), ScriptedDice([3, 18])).apply(state)
    assert _order(out.state) == ["A", "F", "B", "C", "D", "E"]
    assert _turn(out.state) == (1, "A")
    assert len(out.lines) == 2


def test_add_is_one_undoable_step_that_never_rolls_again() -> None:
    history = History(_with(started(), OGRE))
    before = history.state
    history.execute(AddToEncounter(("E",), (), ScriptedDice([11])))
    assert "E" in _order(history.state)
    joined = history.state
    history.undo()
    assert history.state == before
    history.redo()
    assert history.state == joined
    assert history.state.log[-1].startswith("Ogre joins the encounter: initiative 13")


def test_add_refuses_without_an_encounter_twice_or_for_an_unknown_token() -> None:
    state = _with(started(), OGRE)
    with pytest.raises(Refused, match="already in the encounter"):
        AddToEncounter(("A",), (), ScriptedDice([])).apply(state)
    with pytest.raises(Refused, match="no creature with the id Z"):
        AddToEncounter(("Z",), (), ScriptedDice([])).apply(state)
    with pytest.raises(Refused, match="No encounter is running"):
        AddToEncounter(("E",), (), ScriptedDice([])).apply(replace(state, encounter=None))
    with pytest.raises(Refused, match="at least one"):
        AddToEncounter((), (), ScriptedDice([])).apply(state)


def test_remove_keeps_whose_turn_it_is_and_forgets_the_creatures_notes() -> None:
    state = _next(started())  # B's turn
    assert state.encounter is not None
    spent = replace(state.encounter.ledger("A") or TurnLedger("A"), reactions=0)
    state = replace(state, encounter=state.encounter.with_ledger(spent))
    assert "A" in state.encounter.reactions_used
    out = RemoveFromEncounter(("A",)).apply(state)
    assert _order(out.state) == ["B", "C", "D"]
    assert _turn(out.state) == (1, "B")
    assert out.state.encounter is not None and "A" not in out.state.encounter.reactions_used
    assert out.state.scene.token("A") is not None  # still on the map
    assert out.lines == ("A leaves the encounter",)
    # the round still ends after D and A no longer has turns
    assert _turn(_next(_next(_next(out.state)))) == (2, "B")


def test_removing_the_creature_whose_turn_it_is_begins_the_next_turn() -> None:
    state = _next(_next(_next(started())))  # D's turn, the last place of round 1
    out = RemoveFromEncounter(("D",), ScriptedDice([])).apply(state)
    assert _order(out.state) == ["A", "B", "C"]
    assert _turn(out.state) == (2, "A")
    assert out.lines[0] == "D leaves the encounter during its turn"
    assert "Round 2: A's turn" in out.lines
    assert out.state.encounter is not None and out.state.encounter.turn is not None
    assert out.state.encounter.turn.token_id == "A"
    mid = RemoveFromEncounter(("B",)).apply(_next(started()))  # B's turn in round 1 → C's
    assert _turn(mid.state) == (1, "C")


def test_removing_everyone_ends_the_encounter() -> None:
    out = RemoveFromEncounter(("A", "B", "C", "D")).apply(started())
    assert out.state.encounter is None
    assert out.lines[-1] == "Nobody is left in the initiative order: the encounter ends"


def test_remove_refuses_a_creature_not_in_the_order() -> None:
    state = _with(started(), OGRE)
    with pytest.raises(Refused, match="Ogre is not in the encounter"):
        RemoveFromEncounter(("E",)).apply(state)


def test_joined_creature_can_leave_and_join_again() -> None:
    state = _with(started(), OGRE)
    state = AddToEncounter(("E",), (("E", 1),), ScriptedDice([])).apply(state).state
    assert in_encounter(state, ["E", "A", "Z"]) == ("E", "A")
    state = RemoveFromEncounter(("E",)).apply(state).state
    assert not_in_encounter(state, ["E", "A", "Z"]) == ("E",)
    state = AddToEncounter(("E",), (("E", 20),), ScriptedDice([])).apply(state).state
    assert _order(state) == ["E", "A", "B", "C", "D"]  # 20 + 2 = 22, ahead of A's 20


def test_insert_by_initiative_goes_after_equal_creatures_already_there() -> None:
    start = StartEncounter(rolls=(("A", 20), ("B", 15), ("C", 10), ("D", 5)), dice=ScriptedDice([]))
    state = start.apply(GameState(started().scene)).state
    assert state.encounter is not None
    order = state.encounter.order
    newcomer = replace(order[2], token_id="E")  # the same initiative and tie-break as C
    placed, at = insert_by_initiative(order, newcomer)
    assert at == 3 and [c.token_id for c in placed] == ["A", "B", "C", "E", "D"]
