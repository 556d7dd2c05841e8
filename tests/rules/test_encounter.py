"""Encounters: initiative, turns, per-turn state, start/end-of-turn effects, and undo/redo history."""

from __future__ import annotations

import dataclasses
from dataclasses import replace

import pytest

from rules.dice import ScriptedDice
from rules.encounter import (
    AddEffect,
    ApplyDamage,
    Effect,
    EndEncounter,
    GameState,
    History,
    MoveToken,
    NextTurn,
    RemoveCondition,
    SetCondition,
    SpendActions,
    StartEncounter,
    add_wall,
    roll_initiative,
    set_terrain,
    start_encounter,
)
from rules.geometry.coords import Cell, Point
from rules.scene import Scene, Token, Wall, new_scene
from rules.systems.damage import DamageEntry


def scene_from(picture: str, system: str = "pf2e", **tokens: dict[str, object]) -> Scene:
    """A scene from an ASCII map: '.' floor, capital letters are tokens (id = the letter)."""
    rows = [r.split() for r in picture.strip().splitlines()]
    scene = new_scene(system, len(rows[0]), len(rows))
    placed = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch.isalpha():
                fields = {"hp": 20, "max_hp": 20, "ac": 15, **tokens.get(ch, {})}
                placed.append(Token(ch, Cell(x, y), **fields))  # type: ignore[arg-type]
    return scene.edit(tokens=tuple(placed))


ARENA = """
A . . B
. . . .
C . . D
"""


def test_initiative_orders_by_total_then_system_tiebreak() -> None:
    pf = scene_from(
        ARENA,
        A={"pc": True, "initiative_bonus": 5, "side": "party"},
        B={"initiative_bonus": 5, "side": "enemy"},
        C={"pc": True, "initiative_bonus": 2},
        D={"initiative_bonus": 0},
    )
    order = roll_initiative(pf, ScriptedDice([]), rolls={"A": 10, "B": 10, "C": 18, "D": 1})
    # C 20; A and B tie at 15 → the adversary B first; D 1.
    assert [c.token_id for c in order] == ["C", "B", "A", "D"]
    assert [c.initiative for c in order] == [20, 15, 15, 1]


def test_5e_ties_go_to_the_higher_modifier_then_the_given_order() -> None:
    five = scene_from(ARENA, "dnd5e-2014", A={"initiative_bonus": 1}, B={"initiative_bonus": 4}, C={}, D={})
    order = roll_initiative(five, ScriptedDice([]), rolls={"A": 13, "B": 10, "C": 14, "D": 14})
    assert [c.token_id for c in order] == ["B", "A", "C", "D"]


def test_initiative_rolls_with_the_injected_dice() -> None:
    s = scene_from(ARENA)
    order = roll_initiative(s, ScriptedDice([3, 19, 7, 12]))
    assert [c.token_id for c in order] == ["B", "D", "C", "A"]
    with pytest.raises(KeyError):
        roll_initiative(s, ScriptedDice([]), token_ids=["Z"])


def _started(system: str = "pf2e", **tokens: dict[str, object]) -> GameState:
    s = scene_from(ARENA, system, **tokens)
    state, lines = start_encounter(s, ScriptedDice([]), rolls={"A": 20, "B": 15, "C": 10, "D": 5})
    assert lines[0].startswith("Initiative:")
    return state


def test_rounds_and_turns_cycle() -> None:
    state = _started()
    seen = []
    for _ in range(5):
        assert state.encounter is not None
        seen.append((state.encounter.round, state.encounter.current_id))
        state = NextTurn(ScriptedDice([])).apply(state)
    assert seen == [(1, "A"), (1, "B"), (1, "C"), (1, "D"), (2, "A")]


def test_pf2e_turn_state_movement_parity_and_map() -> None:
    state = _started()
    enc = state.encounter
    assert enc is not None and enc.turn is not None
    assert (enc.turn.actions, enc.turn.movement) == (3, None)
    state = MoveToken("A", Cell(1, 1), feet=5, diagonals=1).apply(state)
    state = MoveToken("A", Cell(2, 1), feet=5).apply(state)
    state = SpendActions("A", attack=True).apply(state)
    state = SpendActions("A", attack=True).apply(state)
    enc = state.encounter
    assert enc is not None and enc.turn is not None
    assert (enc.turn.movement_spent, enc.turn.diagonals, enc.turn.actions) == (10, 1, 1)
    assert enc.diagonals_before("A") == 1
    assert enc.attack_number("A") == 3
    assert enc.attack_number("B") == 1  # no MAP off-turn
    assert state.scene.token("A").cell == Cell(2, 1)  # type: ignore[union-attr]
    # Moving someone else off their turn doesn't touch this turn's numbers.
    state = MoveToken("B", Cell(3, 1), feet=5, diagonals=1).apply(state)
    assert state.encounter is not None and state.encounter.turn is not None
    assert state.encounter.turn.diagonals == 1
    state = NextTurn(ScriptedDice([])).apply(state)
    enc = state.encounter
    assert enc is not None and enc.turn is not None
    assert (enc.turn.token_id, enc.turn.movement_spent, enc.turn.diagonals, enc.turn.attacks) == (
        "B",
        0,
        0,
        0,
    )


def test_5e_turn_budget_and_reactions() -> None:
    state = _started("dnd5e-2014", A={"speed": 30}, B={"speed": 25})
    enc = state.encounter
    assert enc is not None and enc.turn is not None
    assert (enc.turn.actions, enc.turn.bonus_actions, enc.turn.movement) == (1, 1, 30)
    state = MoveToken("A", Cell(0, 1), feet=10).apply(state)
    assert state.encounter is not None and state.encounter.turn is not None
    assert state.encounter.turn.movement_left == 20
    state = SpendActions("C", reaction=True).apply(state)
    assert state.encounter is not None
    assert not state.encounter.has_reaction(state.scene, "C")
    assert state.encounter.has_reaction(state.scene, "B")
    # C's reaction comes back at the start of C's own turn.
    state = NextTurn(ScriptedDice([])).apply(state)
    state = NextTurn(ScriptedDice([])).apply(state)
    assert state.encounter is not None and state.encounter.current_id == "C"
    assert state.encounter.has_reaction(state.scene, "C")


def test_dying_creature_rolls_recovery_at_the_start_of_its_turn() -> None:
    state = _started(B={"pc": True, "hp": 0, "conditions": ("dying 1", "unconscious")})
    state, lines = NextTurn(ScriptedDice([10])).apply_logged(state)  # DC 11: failure → dying 2
    assert state.scene.token("B").condition_value("dying") == 2  # type: ignore[union-attr]
    assert any("recovery check" in line for line in lines)
    assert state.encounter is not None and state.encounter.turn is not None
    assert state.encounter.turn.actions == 0


def test_5e_death_save_at_the_start_of_turn() -> None:
    state = _started("dnd5e-2024", B={"pc": True, "hp": 0, "conditions": ("unconscious",)})
    state = NextTurn(ScriptedDice([1])).apply(state)
    assert state.scene.token("B").death_saves == (0, 2)  # type: ignore[union-attr]


def test_persistent_damage_at_the_end_of_turn_with_flat_check() -> None:
    state = _started()
    burn = Effect("e1", "A", "persistent fire", damage="1d6 fire", flat_dc=15)
    state = AddEffect(burn).apply(state)
    # A lower persistent fire doesn't replace it; A's turn ends: 4 fire, flat 14 → continues.
    state = AddEffect(Effect("e2", "A", "persistent fire", damage="1d4 fire", flat_dc=15)).apply(state)
    assert state.encounter is not None and [e.id for e in state.encounter.effects] == ["e1"]
    state, lines = NextTurn(ScriptedDice([4, 14])).apply_logged(state)
    assert state.scene.token("A").hp == 16  # type: ignore[union-attr]
    assert state.encounter is not None and [e.id for e in state.encounter.effects] == ["e1"]
    assert any("continues" in line for line in lines)
    # Round 2, A's turn ends again: 2 fire, flat 15 → it ends.
    for _ in range(3):
        state = NextTurn(ScriptedDice([])).apply(state)
    state = NextTurn(ScriptedDice([2, 15])).apply(state)
    assert state.scene.token("A").hp == 14  # type: ignore[union-attr]
    assert state.encounter is not None and state.encounter.effects == ()


def test_durations_count_down_on_the_owner_turn_and_remove_their_condition() -> None:
    state = _started()
    # B is frightened by A's spell lasting 1 round, counted at the start of A's turns.
    state = AddEffect(Effect("f", "B", "scare", rounds=1, owner_id="A", condition="off-guard")).apply(state)
    assert state.scene.token("B").has_condition("off-guard")  # type: ignore[union-attr]
    for _ in range(3):
        state = NextTurn(ScriptedDice([])).apply(state)
    assert state.scene.token("B").has_condition("off-guard")  # type: ignore[union-attr]
    state, lines = NextTurn(ScriptedDice([])).apply_logged(state)  # round 2, A's turn starts
    assert not state.scene.token("B").has_condition("off-guard")  # type: ignore[union-attr]
    assert any("ends" in line for line in lines)


def test_frightened_drops_at_the_end_of_its_turn() -> None:
    state = _started(A={"conditions": ("frightened 2",)})
    state = NextTurn(ScriptedDice([])).apply(state)
    assert state.scene.token("A").condition_value("frightened") == 1  # type: ignore[union-attr]


def test_history_undo_redo_and_log() -> None:
    base = GameState(scene_from(ARENA))
    h: History[GameState] = History(base)
    h = h.do(MoveToken("A", Cell(1, 0), feet=5))
    h = h.do(ApplyDamage("B", (DamageEntry(7, "fire"),)))
    h = h.do(SetCondition("C", "frightened", 2))
    assert h.state.scene.token("B").hp == 13  # type: ignore[union-attr]
    assert h.undo_label == "C is frightened 2"
    assert "takes 7 damage" in h.log()[1]
    h = h.undo().undo()
    assert h.state.scene.token("B").hp == 20  # type: ignore[union-attr]
    assert h.state.scene.token("A").cell == Cell(1, 0)  # type: ignore[union-attr]
    assert h.can_redo and h.redo_label == "Damage B: 7 fire"
    h = h.redo()
    assert h.state.scene.token("B").hp == 13  # type: ignore[union-attr]
    # A new command clears what could be redone.
    h = h.do(RemoveCondition("A", "prone"))
    assert not h.can_redo
    assert len(h.log()) == 3
    h = h.undo().undo().undo().undo()
    assert h.state == base and not h.can_undo
    assert h.undo() is h


def test_redo_restores_the_rolled_result_instead_of_rolling_again() -> None:
    h: History[GameState] = History(GameState(scene_from(ARENA)))
    h = h.do(StartEncounter(rng=ScriptedDice([5, 6, 7, 8])))
    first = h.state
    assert any(line.startswith("Initiative:") for line in h.done[-1].details)
    h = h.undo().redo()
    assert h.state == first
    h = h.do(EndEncounter())
    assert h.state.encounter is None


def test_history_limit_drops_the_oldest() -> None:
    h: History[GameState] = History(GameState(scene_from(ARENA)), limit=2)
    for x in range(1, 4):
        h = h.do(MoveToken("A", Cell(x, 0)))
    assert len(h.done) == 2
    assert h.undo().undo().state.scene.token("A").cell == Cell(1, 0)  # type: ignore[union-attr]


def test_scene_edits_for_walls_and_terrain() -> None:
    h: History[GameState] = History(GameState(scene_from(ARENA)))
    h = h.do(add_wall(Wall(Point(2, 0), Point(2, 3))))
    h = h.do(set_terrain(Cell(1, 1), "difficult"))
    assert len(h.state.scene.walls) == 1
    assert h.state.scene.terrain_map() == {Cell(1, 1): "difficult"}
    assert h.log() == ("Add wall from (2, 0) to (2, 3)", "Paint difficult at [1, 1]")
    h = h.do(set_terrain(Cell(1, 1), None))
    assert h.state.scene.terrain == ()


def test_values_are_frozen() -> None:
    state = _started()
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.encounter = None  # type: ignore[misc]
    assert state.encounter is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.encounter.round = 9  # type: ignore[misc]
    assert replace(state, encounter=None).encounter is None
