"""The move planner chains and groups the engine's answers: Strides, move/Dash, reactions, overlay bands."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.geometry.coords import Cell
from rules.geometry.movement import path_cost, reachable, shortest_path
from rules.play.planner import MovePlanner, ledger_after, overlay_bands, reaction_warnings
from rules.systems.dnd5e.economy import FeetBudget
from rules.systems.pf2e.economy import StrideBudget
from tests.desktop.helpers import ascii_scene

OPEN = """
A.........
..........
..........
..........
..........
..........
"""


def test_pf2e_strides_group_steps_greedily_by_speed() -> None:
    budget = StrideBudget(25)
    bands, strides = budget.bands([5, 5, 5, 5, 5, 10, 5])
    assert bands == (1, 1, 1, 1, 1, 2, 2) and strides == 2
    # a Stride ends on a square: 15 + 15 doesn't fit in 25, so it takes two Strides
    assert budget.bands([15, 15]) == ((1, 2), 2)
    # after two Strides this turn, a third is the last one
    later = StrideBudget(25, 50, 0, actions_left=1, used=2)
    assert later.bands([10, 10, 10]) == ((3, 3, 0), 2)


def test_5e_move_then_dash_then_too_far() -> None:
    budget = FeetBudget(30, 30, 20)
    bands, dash = budget.bands([5, 5, 5, 30, 10])
    assert bands == (1, 1, 2, 0, 0)
    assert dash == 1
    assert budget.move_left == 10 and budget.feet_left == 40
    # without the action for a Dash, the move is all there is
    spent_action = FeetBudget(30, 30, 20, dash_possible=False)
    assert spent_action.bands([5, 5, 5]) == ((1, 1, 0), 0)


def test_plan_matches_engine_shortest_path() -> None:
    scene = ascii_scene(
        """
        A.........
        .~~~~.....
        .~##~.....
        ..........
        """
    )
    token = scene.token("A")
    plan = MovePlanner(scene, token, ledger_after(scene, token)).plan([], Cell(4, 3))
    expected = shortest_path(scene, token, Cell(4, 3))
    assert expected is not None
    assert plan.legal and plan.path == expected.path and plan.feet == expected.feet
    assert plan.steps == expected.steps


def test_waypoints_chain_the_diagonal_count() -> None:
    scene = ascii_scene(OPEN)
    token = scene.token("A")
    plan = MovePlanner(scene, token, ledger_after(scene, token)).plan([Cell(1, 1)], Cell(2, 2))
    # two single diagonals through a waypoint: 5 then 10 ft, as one straight move would be
    assert plan.steps == (5, 10) and plan.feet == 15
    direct = path_cost(scene, token, [Cell(0, 0), Cell(1, 1), Cell(2, 2)])
    assert plan.feet == direct.feet


def test_parity_from_earlier_moves_this_turn() -> None:
    scene = ascii_scene(OPEN)
    token = scene.token("A")
    fresh = MovePlanner(scene, token, ledger_after(scene, token)).plan([], Cell(1, 1))
    after_one = MovePlanner(scene, token, ledger_after(scene, token, 5, 1, 1)).plan([], Cell(1, 1))
    assert fresh.feet == 5 and after_one.feet == 10


def test_too_far_and_unreachable_are_refused_with_a_reason() -> None:
    scene = ascii_scene(
        """
        A..#....
        ...#....
        ...#..b.
        ...#....
        """
    )
    token = replace(scene.token("A"), speed=5)
    scene = scene.replace_token(token)
    planner = MovePlanner(scene, token, ledger_after(scene, token))
    far = planner.plan([], Cell(2, 3))
    assert not far.legal and "too far" in (far.problem or "")
    walled = planner.plan([], Cell(6, 0), exhaustive=True)
    assert not walled.legal and "no way through" in (walled.problem or "")
    occupied = planner.plan([], Cell(6, 2))
    assert not occupied.legal and "b" in (occupied.problem or "")
    rock = planner.plan([], Cell(3, 0))
    assert not rock.legal and "impassable" in (rock.problem or "")


def test_5e_leaving_reach_warns_of_an_opportunity_attack() -> None:
    scene = ascii_scene(
        """
        ......
        .Ab...
        ......
        ......
        """,
        system="dnd5e-2014",
    )
    mover = scene.token("A")
    away = [Cell(1, 1), Cell(0, 1)]
    warnings = reaction_warnings(scene, mover, away)
    assert [(w.step, w.token_id) for w in warnings] == [(0, "b")]
    # moving around it, staying within 5 ft, provokes nothing
    around = [Cell(1, 1), Cell(1, 2), Cell(2, 2)]
    assert reaction_warnings(scene, mover, around) == ()


def test_incapacitated_5e_creature_makes_no_opportunity_attack() -> None:
    scene = ascii_scene(".Ab.\n....", system="dnd5e-2014", tokens={"b": {"conditions": ["unconscious"]}})
    assert reaction_warnings(scene, scene.token("A"), [Cell(1, 0), Cell(0, 0)]) == ()


def test_pf2e_only_creatures_with_reactive_strike_react() -> None:
    picture = """
        ......
        .Ab...
        ......
        """
    plain = ascii_scene(picture)
    assert reaction_warnings(plain, plain.token("A"), [Cell(1, 1), Cell(0, 1)]) == ()
    fighter = ascii_scene(picture, tokens={"b": {"reactions": ["Reactive Strike"]}})
    # PF2e: leaving any square within reach triggers it, even a step that stays adjacent
    warnings = reaction_warnings(fighter, fighter.token("A"), [Cell(1, 1), Cell(1, 2)])
    assert [w.token_id for w in warnings] == ["b"]


def test_reach_weapon_extends_the_threat() -> None:
    scene = ascii_scene(
        ".......\n.A.b...\n.......",
        system="dnd5e-2014",
        tokens={"b": {"attacks": [{"name": "glaive", "bonus": 5, "properties": ["reach"]}]}},
    )
    warnings = reaction_warnings(scene, scene.token("A"), [Cell(1, 1), Cell(0, 1)])
    assert [w.token_id for w in warnings] == ["b"]


def test_overlay_bands_follow_reachable_costs() -> None:
    scene = ascii_scene(
        """
        A.........~~
        ..........~~
        ............
        """
    )
    token = scene.token("A")
    bands = overlay_bands(scene, token, ledger_after(scene, token))
    costs = reachable(scene, token, 75)
    assert set(bands) == set(costs) - {token.cell}
    planner = MovePlanner(scene, token, ledger_after(scene, token))
    for c, band in bands.items():
        assert costs[c] <= band * 25  # a Stride moves at most Speed
        assert planner.plan([], c).actions == band  # what a drag there takes


def test_budget_comes_from_the_running_encounter_on_the_tokens_turn() -> None:
    from rules.model.encounter import Combatant, Encounter
    from rules.model.state import GameState
    from rules.model.turn_ledger import TurnLedger
    from rules.play.moves import MoveToken, budget_for

    scene = ascii_scene(OPEN + "B.........\n")
    turn = TurnLedger("A", actions=2, movement_spent=15, diagonals=1, attacks=1, actions_used=1)
    enc = Encounter((Combatant("A", 10, 0), Combatant("B", 5, 0)), ledgers=(turn,))
    state = GameState(scene, enc)
    a = budget_for(state, state.scene.token("A"))
    assert (a.actions_left, a.feet_spent, a.diagonals) == (2, 15, 1)  # the attack took an action
    b = budget_for(state, state.scene.token("B"))  # not its turn: a fresh turn's movement
    assert (b.actions_left, b.feet_spent) == (3, 0)
    moved = MoveToken("A", (Cell(1, 1),)).apply(state).state  # the engine prices it: 10 ft, 1 Stride
    after = moved.encounter
    assert after is not None and after.turn is not None
    assert (after.turn.movement_spent, after.turn.diagonals, after.turn.actions) == (25, 2, 1)
    assert budget_for(moved, moved.scene.token("A")).feet_spent == 25  # the encounter's count is the one read


def test_overlay_5e_move_and_dash() -> None:
    scene = ascii_scene("A" + "." * 14, system="dnd5e-2014")
    token = scene.token("A")
    bands = overlay_bands(scene, token, ledger_after(scene, token, 10, 0, 0))
    assert bands[Cell(4, 0)] == 1  # 20 ft more: 30 in all
    assert bands[Cell(5, 0)] == 2  # 25 ft more needs the Dash
    assert Cell(11, 0) not in bands  # 55 + 10 > 60


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 9), st.integers(0, 5), st.integers(0, 9), st.integers(0, 5), st.integers(0, 3))
def test_plan_cost_equals_engine_price_of_its_path(wx: int, wy: int, tx: int, ty: int, before: int) -> None:
    scene = ascii_scene(
        """
        A.........
        ..~~......
        ..~~..=...
        ......=...
        ....#.....
        ..........
        """
    )
    token = scene.token("A")
    planner = MovePlanner(scene, token, ledger_after(scene, token, 0, before, 0))
    plan = planner.plan([Cell(wx, wy)], Cell(tx, ty), exhaustive=True)
    if plan.moved:
        priced = path_cost(scene, token, plan.path, before)
        assert priced.feet == plan.feet
        assert priced.steps == plan.steps
