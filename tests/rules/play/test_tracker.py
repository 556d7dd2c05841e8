"""The initiative tracker on top of the engine's encounter: turns, reordering, Delay, Ready, reactions, the
per-turn state that a new turn resets, and storing the encounter in the scene file."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules.dice import ScriptedDice
from rules.geometry.areas import AreaSpec
from rules.geometry.coords import Point
from rules.io.state_json import (
    encounter_from_json,
    encounter_to_json,
    state_from_document,
    state_from_json,
    state_to_document,
)
from rules.model.areas import PlacedArea
from rules.model.effects import END, Effect, Ends
from rules.model.state import GameState
from rules.play.economy import ledger_for
from rules.play.moves import record_move
from rules.play.turns import (
    delay,
    has_reaction,
    next_turn,
    previous_turn,
    ready,
    record_attack,
    reorder,
    return_from_delay,
    start_encounter,
    use_reaction,
)
from rules.systems.pf2e.strike import multiple_attack_penalty
from tests.rules.ascii_maps import ascii_scene

BOARD = """
    A..b
    B..c
"""
TOKENS = {
    "A": {"initiative_bonus": 3, "hp": 20},
    "B": {"initiative_bonus": 1, "hp": 20},
    "b": {"initiative_bonus": 2, "hp": 10},
    "c": {"initiative_bonus": 0, "hp": 10},
}
#: d20s for A, B, b, c in scene order: A 18+3=21, B 5+1=6, b 12+2=14, c 9+0=9 → A, b, c, B
ROLLS = {"A": 18, "B": 5, "b": 12, "c": 9}


def started(system: str = "pf2e") -> GameState:
    scene = ascii_scene(BOARD, system, tokens=TOKENS)
    state, _ = start_encounter(GameState(scene), ScriptedDice([]), rolls=ROLLS)
    return state


def order(state: GameState) -> list[str]:
    assert state.encounter is not None
    return [c.token_id for c in state.encounter.order]


def current(state: GameState) -> str | None:
    assert state.encounter is not None
    return state.encounter.current_id


def test_start_orders_by_the_engines_initiative() -> None:
    state = started()
    assert order(state) == ["A", "b", "c", "B"]
    assert current(state) == "A"


def test_a_new_turn_resets_movement_diagonals_attacks_and_reaction() -> None:
    state = started()
    state = record_move(state, "A", 15, 3, actions=1)
    state = record_attack(state, "A")
    state = record_attack(state, "A")
    enc = state.encounter
    assert enc is not None and enc.turn is not None
    assert (enc.turn.movement_spent, enc.turn.diagonals, enc.turn.attacks, enc.turn.actions) == (15, 3, 2, 0)
    assert enc.attack_number("A") == 3
    assert enc.diagonals_before("A") == 3
    state, _ = use_reaction(state, "A")
    assert not has_reaction(state, "A")
    # a full round later it's A's turn again: everything is fresh
    for _ in range(4):
        state, _ = next_turn(state, ScriptedDice([]))
    enc = state.encounter
    assert enc is not None and enc.turn is not None and current(state) == "A" and enc.round == 2
    assert (enc.turn.movement_spent, enc.turn.diagonals, enc.turn.attacks, enc.turn.actions) == (0, 0, 0, 3)
    assert enc.attack_number("A") == 1
    assert has_reaction(state, "A")


def test_attacks_off_turn_dont_count_toward_the_penalty() -> None:
    state = record_attack(started(), "b")
    assert state.encounter is not None
    assert state.encounter.attack_number("b") == 1
    assert state.encounter.turn is not None and state.encounter.turn.attacks == 0


def test_5e_the_first_attack_takes_the_action_and_extra_attack_allows_more() -> None:
    state = record_attack(started("dnd5e-2014"), "A")
    assert state.encounter is not None and state.encounter.turn is not None
    assert state.encounter.turn.attacks == 1 and state.encounter.turn.actions == 0  # the Attack action
    assert record_attack(state, "A") == state  # one attack per Attack action: nothing more counts
    twice = started("dnd5e-2014")
    fighter = twice.scene.token("A")
    assert fighter is not None
    twice = twice.with_scene(twice.scene.replace_token(replace(fighter, attacks_per_action=2)))
    twice = record_attack(record_attack(twice, "A"), "A")
    assert twice.encounter is not None and twice.encounter.turn is not None
    assert (twice.encounter.turn.attacks, twice.encounter.turn.attacks_left) == (2, 0)


def test_previous_turn_goes_back_with_a_fresh_turn_and_no_earlier_than_the_start() -> None:
    state = started()
    same, lines = previous_turn(state)
    assert same is state and lines == []
    state, _ = next_turn(state, ScriptedDice([]))
    state = record_move(state, "b", 10, 1)
    back, lines = previous_turn(state)
    assert current(back) == "A" and lines
    assert back.encounter is not None and back.encounter.turn is not None
    assert back.encounter.turn.token_id == "A" and back.encounter.turn.movement_spent == 0
    # from the first place of round 2 back to the last of round 1
    for _ in range(3):
        state, _ = next_turn(state, ScriptedDice([]))
    assert current(state) == "A" and state.encounter is not None and state.encounter.round == 2
    back, _ = previous_turn(state)
    assert current(back) == "B" and back.encounter is not None and back.encounter.round == 1


def test_reorder_keeps_whoever_is_acting() -> None:
    state, _ = next_turn(started(), ScriptedDice([]))
    assert current(state) == "b"
    moved = reorder(state, ["b", "B", "A", "c"])
    assert order(moved) == ["b", "B", "A", "c"] and current(moved) == "b"
    with pytest.raises(ValueError):
        reorder(state, ["A", "b", "c"])
    with pytest.raises(ValueError):
        reorder(state, ["A", "b", "c", "c"])


def test_delay_and_return_puts_the_creature_after_the_turn_that_just_ended() -> None:
    state = started()
    state, lines = delay(state, ScriptedDice([]))  # A delays; b's turn
    assert current(state) == "b" and state.encounter is not None and "A" in state.encounter.delayed
    assert lines[0].endswith("delays")
    state, _ = next_turn(state, ScriptedDice([]))  # c's turn
    state, lines = return_from_delay(state, "A", ScriptedDice([]))  # after c: A, then B
    assert order(state) == ["b", "c", "A", "B"]
    assert current(state) == "A" and state.encounter is not None and "A" not in state.encounter.delayed
    assert state.encounter.round == 1
    state, _ = next_turn(state, ScriptedDice([]))
    assert current(state) == "B"


def test_a_creature_that_delays_a_whole_round_acts_in_its_old_place() -> None:
    state, _ = delay(started(), ScriptedDice([]))
    for _ in range(3):
        state, lines = next_turn(state, ScriptedDice([]))
    assert current(state) == "A" and state.encounter is not None and "A" not in state.encounter.delayed
    assert any("delayed a whole round" in line for line in lines)


def test_5e_has_no_delay() -> None:
    with pytest.raises(ValueError):
        delay(started("dnd5e-2024"), ScriptedDice([]))


def test_ready_spends_the_systems_actions_and_the_reaction_uses_it() -> None:
    pf, lines = ready(started(), "A", "when a foe comes near")
    assert pf.encounter is not None and current(pf) == "b"  # PF2e: then its turn ends
    assert any("turn ends (Ready)" in line for line in lines)
    assert ledger_for(pf, "A").actions == 1  # PF2e Ready: 2 of 3 actions
    assert pf.encounter.readied == (("A", "when a foe comes near"),)
    used, lines = use_reaction(pf, "A")
    assert used.encounter is not None and used.encounter.readied == ()
    assert not has_reaction(used, "A")
    assert "readied action" in lines[0]
    five, _ = ready(started("dnd5e-2014"), "A", "")
    assert five.encounter is not None and five.encounter.turn is not None and five.encounter.turn.actions == 0


def test_a_readied_action_lapses_at_the_creatures_next_turn() -> None:
    state, _ = ready(started(), "A", "x")  # PF2e: b's turn begins
    for _ in range(3):
        state, lines = next_turn(state, ScriptedDice([]))
    assert state.encounter is not None and state.encounter.readied == ()
    assert any("lapses" in line for line in lines)


def test_next_turn_counts_placed_areas_down() -> None:
    state = started()
    owned = PlacedArea("wall-of-fire", AreaSpec("emanation", 10, token_id="b"), rounds_left=1)
    free = PlacedArea("cloud", AreaSpec("burst", 10, origin=Point(2, 1)), rounds_left=1)
    state = replace(state, areas=(owned, free))
    state, lines = next_turn(state, ScriptedDice([]))  # b's turn starts: its area ends
    assert [a.id for a in state.areas] == ["cloud"]
    assert any("ends" in line for line in lines)
    for _ in range(3):  # ... c, B, then A in round 2: the ownerless one ends with the new round
        state, _ = next_turn(state, ScriptedDice([]))
    assert state.areas == ()


# ------------------------------------------------------------------------------------------ storing


def test_the_encounter_round_trips_through_the_scene_file() -> None:
    state = started()
    state = record_move(record_attack(state, "A"), "A", 10, 1)
    state, _ = ready(state, "A", "trigger")
    enc = state.encounter
    assert enc is not None
    enc = replace(
        enc.with_ledger(replace(ledger_for(state, "c"), reactions=0)),
        timed=(Effect("e1", "b", "frightened", 2, Ends.at_turn("b", END), source="Demoralize"),),
        delayed=frozenset({"B"}),
    )
    state = replace(state, encounter=enc)
    assert enc.reactions_used == {"c"} and enc.readied == (("A", "trigger"),)
    assert encounter_from_json(json.loads(json.dumps(encounter_to_json(enc)))) == enc
    again = json.loads(json.dumps(state_to_document(state)))
    assert state_from_document(again).state == state


def test_ending_the_encounter_drops_it_from_the_file() -> None:
    doc = state_to_document(started())
    assert "encounter" in doc
    gone = state_to_document(replace(started(), encounter=None))
    assert "encounter" not in gone


def test_a_damaged_encounter_is_reported_not_raised() -> None:
    read = state_from_json({"encounter": {"order": [{"token": 3}]}}, ascii_scene(BOARD))
    assert read.state.encounter is None
    assert len(read.problems) == 1 and "order[0].token" in read.problems[0]


def test_the_penalty_the_tracker_shows_is_the_engines() -> None:
    state = record_attack(started(), "A")
    assert state.encounter is not None
    nxt = multiple_attack_penalty(state.encounter.attack_number("A"), False)
    assert nxt is not None and nxt.value == -5


def test_log_in_the_scene_file() -> None:
    state = GameState(ascii_scene(BOARD), log=("one", "two\n  detail"))
    doc = json.loads(json.dumps(state_to_document(state)))
    assert doc["log"] == ["one", "two\n  detail"]
    assert state_from_document(doc).state.log == ("one", "two\n  detail")
