"""Encounters: initiative, turns, the turn ledger, start/end-of-turn effects, skipping creatures out of the
fight, and the tracker's moves (`rules.play.turns`)."""

from __future__ import annotations

import dataclasses
from dataclasses import replace

import pytest

from rules.dice import ScriptedDice
from rules.geometry.areas import AreaSpec
from rules.geometry.coords import Cell, Point
from rules.model.areas import PlacedArea
from rules.model.effects import Effect, Ends
from rules.model.scene import PersistentDamage
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.economy import ledger_for
from rules.play.effects import EditConditions
from rules.play.moves import MoveToken
from rules.play.table import ApplyDamage
from rules.play.turns import (
    Delay,
    NextTurn,
    PreviousTurn,
    Ready,
    ReturnFromDelay,
    UseReaction,
    has_reaction,
    roll_initiative,
)
from tests.rules.play.helpers import ARENA, scene_from, started


def _next(state: GameState, dice: list[int] | None = None) -> GameState:
    return NextTurn(ScriptedDice(dice or [])).apply(state).state


def _turn(state: GameState) -> tuple[int, str | None]:
    assert state.encounter is not None
    return state.encounter.round, state.encounter.current_id


def test_initiative_orders_by_total_then_system_tiebreak() -> None:
    pf = scene_from(
        ARENA,
        A={"pc": True, "initiative_bonus": 5, "side": "party"},
        B={"initiative_bonus": 5, "side": "enemy"},
        C={"pc": True, "initiative_bonus": 2},
        D={"initiative_bonus": 0},
    )
    order = roll_initiative(pf, ScriptedDice([]), rolls={"A": 10, "B": 10, "C": 18, "D": 1})
    # C 20; A and B tie at 15 → the adversary B first (PF2e); D 1.
    assert [c.token_id for c in order] == ["C", "B", "A", "D"]
    assert [c.initiative for c in order] == [20, 15, 15, 1]


def test_5e_ties_go_to_the_higher_modifier_then_the_given_order() -> None:
    five = scene_from(ARENA, "dnd5e-2014", A={"initiative_bonus": 1}, B={"initiative_bonus": 4}, C={}, D={})
    order = roll_initiative(five, ScriptedDice([]), rolls={"A": 13, "B": 10, "C": 14, "D": 14})
    assert [c.token_id for c in order] == ["B", "A", "C", "D"]
    with pytest.raises(Refused, match="'Z'"):
        roll_initiative(five, ScriptedDice([]), token_ids=["Z"])


def test_rounds_and_turns_cycle() -> None:
    state = started()
    seen = []
    for _ in range(5):
        seen.append(_turn(state))
        state = _next(state)
    assert seen == [(1, "A"), (1, "B"), (1, "C"), (1, "D"), (2, "A")]


def test_dead_and_removed_creatures_are_skipped() -> None:
    state = started(B={"conditions": ("dead",)})
    state = state.with_scene(state.scene.edit(tokens=tuple(t for t in state.scene.tokens if t.id != "C")))
    seen = []
    for _ in range(3):
        state = _next(state)
        seen.append(_turn(state))
    assert seen == [(1, "D"), (2, "A"), (2, "D")]


def test_pf2e_ledger_movement_parity_and_map() -> None:
    state = started(A={"speed": 25})
    enc = state.encounter
    assert enc is not None and enc.turn is not None
    assert (enc.turn.actions, enc.turn.movement) == (3, None)
    # A moves diagonally then east: one Stride of 10 ft (5 + 5: the first diagonal costs 5).
    state = MoveToken("A", (Cell(1, 1), Cell(2, 1))).apply(state).state
    enc = state.encounter
    assert enc is not None and enc.turn is not None
    assert (enc.turn.movement_spent, enc.turn.diagonals, enc.turn.actions) == (10, 1, 2)
    assert enc.diagonals_before("A") == 1
    # The next diagonal of the same turn costs 10 ft (alternating count carries across moves).
    out = MoveToken("A", (Cell(1, 2),)).apply(state)
    assert out.state.encounter is not None and out.state.encounter.turn is not None
    assert out.state.encounter.turn.movement_spent == 20
    state = _next(out.state)
    enc = state.encounter
    assert enc is not None and enc.turn is not None
    assert (enc.turn.token_id, enc.turn.movement_spent, enc.turn.diagonals, enc.turn.attacks) == (
        "B",
        0,
        0,
        0,
    )


def test_5e_turn_budget_and_reactions() -> None:
    state = started("dnd5e-2014", A={"speed": 30}, B={"speed": 25})
    enc = state.encounter
    assert enc is not None and enc.turn is not None
    assert (enc.turn.actions, enc.turn.bonus_actions, enc.turn.movement) == (1, 1, 30)
    state = MoveToken("A", (Cell(0, 1),)).apply(state).state
    assert state.encounter is not None and state.encounter.turn is not None
    assert state.encounter.turn.movement_left == 25
    state = UseReaction("C").apply(state).state
    assert not has_reaction(state, "C")
    assert has_reaction(state, "B")
    # C's reaction comes back at the start of C's own turn.
    state = _next(_next(state))
    assert _turn(state) == (1, "C")
    assert has_reaction(state, "C")


def test_dying_creature_rolls_recovery_at_the_start_of_its_turn() -> None:
    state = started(B={"pc": True, "hp": 0, "conditions": ("dying 1", "unconscious")})
    out = NextTurn(ScriptedDice([10])).apply(state)  # DC 11: failure → dying 2
    assert out.state.scene.token("B").condition_value("dying") == 2  # type: ignore[union-attr]
    assert any("recovery check" in line for line in out.lines)


def test_5e_death_save_at_the_start_of_turn() -> None:
    state = started("dnd5e-2024", B={"pc": True, "hp": 0, "conditions": ("unconscious",)})
    state = _next(state, [1])
    assert state.scene.token("B").death_saves == (0, 2)  # type: ignore[union-attr]


def test_persistent_damage_at_the_end_of_turn_with_flat_check() -> None:
    state = started(A={"persistent": (PersistentDamage("1d6", "fire"),)})
    # A lower persistent fire doesn't replace it; A's turn ends: 4 fire, flat 14 → continues.
    state = ApplyDamage("A", (), persistent=(PersistentDamage("1d4", "fire"),)).apply(state).state
    assert [(p.damage, p.type) for p in state.scene.token("A").persistent] == [("1d6", "fire")]  # type: ignore[union-attr]
    out = NextTurn(ScriptedDice([4, 14])).apply(state)
    assert out.state.scene.token("A").hp == 16  # type: ignore[union-attr]
    assert any("continues" in line for line in out.lines), out.lines
    state = out.state
    for _ in range(3):
        state = _next(state)
    state = _next(state, [2, 15])  # round 2, A's turn ends: 2 fire, flat 15 → it ends
    assert state.scene.token("A").hp == 14  # type: ignore[union-attr]
    assert state.scene.token("A").persistent == ()  # type: ignore[union-attr]


def test_durations_count_down_on_the_owner_turn_and_remove_their_condition() -> None:
    state = started()
    effect = Effect("f", "B", "off-guard", None, Ends.after_rounds(1, "A"), source="scare")
    state = EditConditions("B", ("off-guard",), (effect,)).apply(state).state
    assert state.scene.token("B").has_condition("off-guard")  # type: ignore[union-attr]
    for _ in range(3):
        state = _next(state)
    assert state.scene.token("B").has_condition("off-guard")  # type: ignore[union-attr]
    out = NextTurn(ScriptedDice([])).apply(state)  # round 2, A's turn starts
    assert not out.state.scene.token("B").has_condition("off-guard")  # type: ignore[union-attr]
    assert any("ends" in line for line in out.lines)


def test_turn_advance_ticks_placed_areas() -> None:
    state = started()
    cloud = PlacedArea("area-1", AreaSpec("burst", 10, origin=Point(2, 2)), rounds_left=1, owner="B")
    state = replace(state, areas=(cloud,))
    out = NextTurn(ScriptedDice([])).apply(state)  # B's turn starts: the cloud's last round is over
    assert out.state.areas == ()
    assert "10-ft burst ends" in out.lines


def test_previous_turn_is_a_correction_without_start_of_turn_effects() -> None:
    state = _next(started(B={"pc": True, "hp": 0, "conditions": ("dying 1", "unconscious")}), [15])
    dying = state.scene.token("B").condition_value("dying")  # type: ignore[union-attr]
    state = _next(state)
    state = PreviousTurn().apply(state).state
    assert _turn(state) == (1, "B")
    assert state.scene.token("B").condition_value("dying") == dying  # type: ignore[union-attr]
    with pytest.raises(Refused):
        PreviousTurn().apply(GameState(scene_from(ARENA)))


def test_delay_is_a_pf2e_rule_and_the_delayer_comes_back() -> None:
    state = Delay(ScriptedDice([])).apply(started()).state
    assert _turn(state) == (1, "B")
    assert state.encounter is not None and state.encounter.delayed == frozenset({"A"})
    state = ReturnFromDelay("A", ScriptedDice([])).apply(state).state
    assert _turn(state) == (1, "A")
    assert state.encounter is not None and [c.token_id for c in state.encounter.order] == ["B", "A", "C", "D"]
    with pytest.raises(Refused, match="no Delay"):
        Delay(ScriptedDice([])).apply(started("dnd5e-2014"))


def test_ready_costs_what_the_system_says() -> None:
    for system, left, whose in (("pf2e", 1, "B"), ("dnd5e-2024", 0, "A")):
        state = Ready("A", "when the door opens").apply(started(system)).state
        assert state.encounter is not None and _turn(state) == (1, whose)  # PF2e: then the turn ends
        assert ledger_for(state, "A").actions == left
        assert state.encounter.readied == (("A", "when the door opens"),)


def test_values_are_frozen() -> None:
    state = started()
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.encounter = None  # type: ignore[misc]
    assert state.encounter is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.encounter.round = 9  # type: ignore[misc]
    assert replace(state, encounter=None).encounter is None
