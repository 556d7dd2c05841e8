"""Movement within a turn: PF2e Strides, 5e move and Dash, the budget, overlay bands, reactions to movement.

Expected bands are worked out by hand from the rules: PF2e diagonals cost 5/10 alternating (the parity carried
over from earlier moves), difficult terrain +5 and greater difficult +10 (not doubled by a diagonal); each
Stride moves up to Speed and a step costing more than the Speed left in a Stride starts the next Stride. 5e:
5 ft per square, difficult terrain doubles, Speed for the move and up to twice it with the Dash.
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.geometry.coords import Cell
from rules.geometry.movement import path_cost, shortest_path
from rules.model.encounter import Combatant, Encounter
from rules.model.scene import Scene, Token
from rules.model.state import GameState
from rules.model.turn_ledger import FreeTurns, TurnLedger
from rules.play.moves import budget_for
from rules.play.planner import (
    MovePlanner,
    ReactionWarning,
    StrideField,
    budget_of,
    can_react_to_movement,
    footprint_bands,
    ledger_after,
    overlay_bands,
    reaction_warnings,
    threat_reach,
)
from rules.systems.pf2e.economy import StrideBudget
from tests.rules.ascii_maps import ascii_scene


def steps_of(
    scene: Scene, letter: str, path: list[tuple[int, int]], diagonals_before: int = 0
) -> tuple[int, ...]:
    token = scene.token(letter)
    assert token is not None
    priced = path_cost(scene, token, path, diagonals_before)
    assert priced.legal, priced.problem
    return priced.steps


def token(scene: Scene, letter: str) -> Token:
    found = scene.token(letter)
    assert found is not None
    return found


def pf2e_fresh(speed: int = 25) -> StrideBudget:
    return StrideBudget(speed)


# ---------------------------------------------------------------------------------------- PF2e Strides

DIAGONAL = """
    A....
    .....
    .....
    .....
"""
DOWN_RIGHT = [(0, 0), (1, 1), (2, 2), (3, 3), (4, 3)]  # three diagonals, then one square east


def test_pf2e_three_diagonals_and_a_step_fit_one_stride_on_even_parity() -> None:
    scene = ascii_scene(DIAGONAL)
    steps = steps_of(scene, "A", DOWN_RIGHT)
    assert steps == (5, 10, 5, 5)  # 25 ft: exactly one Stride at Speed 25
    assert pf2e_fresh().bands(steps) == ((1, 1, 1, 1), 1)


def test_pf2e_odd_parity_from_an_earlier_move_pushes_the_last_step_into_a_second_stride() -> None:
    scene = ascii_scene(DIAGONAL)
    steps = steps_of(scene, "A", DOWN_RIGHT, diagonals_before=1)
    assert steps == (10, 5, 10, 5)  # the first diagonal is the turn's second: 10 ft
    # 10 + 5 + 10 = 25 fills the first Stride; the last 5 ft need a second one
    assert pf2e_fresh().bands(steps) == ((1, 1, 1, 2), 2)


def test_pf2e_a_step_costing_more_than_the_stride_has_left_starts_a_new_stride() -> None:
    scene = ascii_scene("A....~.")
    steps = steps_of(scene, "A", [(x, 0) for x in range(7)])
    assert steps == (5, 5, 5, 5, 10, 5)  # difficult terrain: +5
    # 20 ft into the first Stride, the 10-ft step doesn't fit in the 5 ft left: those 5 ft are lost
    assert pf2e_fresh().bands(steps) == ((1, 1, 1, 1, 2, 2), 2)


def test_pf2e_difficult_step_that_exactly_fills_the_stride_stays_in_it() -> None:
    scene = ascii_scene("A...~..")
    steps = steps_of(scene, "A", [(x, 0) for x in range(7)])
    assert steps == (5, 5, 5, 10, 5, 5)
    assert pf2e_fresh().bands(steps) == ((1, 1, 1, 1, 2, 2), 2)


def test_pf2e_diagonal_into_difficult_terrain_is_not_doubled() -> None:
    scene = ascii_scene(
        """
        A...
        .~..
        ..~.
        """
    )
    steps = steps_of(scene, "A", [(0, 0), (1, 1), (2, 2)])
    assert steps == (10, 15)  # 5 + 5 difficult, then 10 (second diagonal) + 5 difficult
    # 10 + 15 = 25: one Stride
    assert pf2e_fresh().bands(steps) == ((1, 1), 1)


def test_pf2e_greater_difficult_squares_take_a_stride_each_and_a_fourth_is_out_of_reach() -> None:
    scene = ascii_scene("A^^^^")
    steps = steps_of(scene, "A", [(x, 0) for x in range(5)])
    assert steps == (15, 15, 15, 15)
    assert pf2e_fresh().bands(steps[:3]) == ((1, 2, 3), 3)
    bands, strides = pf2e_fresh().bands(steps)
    assert bands == (1, 2, 3, 0) and strides == 4  # no 4th action in a turn


def test_pf2e_strides_are_numbered_after_those_already_used_this_turn() -> None:
    scene = ascii_scene("A......")
    budget = budget_of(scene, token(scene, "A"), ledger_after(scene, token(scene, "A"), 25, 0, 1))
    assert budget.actions_left == 2 and budget.used_actions == 1
    bands, strides = budget.bands([5] * 6)
    assert bands == (2, 2, 2, 2, 2, 3) and strides == 2
    assert budget.feet_left == 50 and budget.move_left == 25


def test_pf2e_step_dearer_than_speed_is_never_possible() -> None:
    bands, _ = pf2e_fresh(speed=10).bands([15])
    assert bands == (0,)


def test_pf2e_no_steps_take_no_action() -> None:
    assert pf2e_fresh().bands([]) == ((), 0)


@given(
    st.sampled_from([5, 10, 15, 20, 25, 30, 40]),
    st.lists(st.sampled_from([5, 10, 15, 20]), max_size=20),
    st.integers(0, 3),
)
def test_pf2e_stride_grouping_properties(speed: int, steps: list[int], actions_used: int) -> None:
    budget = StrideBudget(speed, actions_left=3 - actions_used, used=actions_used)
    bands, strides = budget.bands(steps)
    assert len(bands) == len(steps)
    # replay the rule: a Stride holds steps while its feet stay within Speed
    stride, acc = actions_used + 1, 0
    for price, band in zip(steps, bands, strict=True):
        if acc + price > speed:
            stride, acc = stride + 1, 0
        acc += price
        assert acc <= speed or price > speed
        assert band == (stride if price <= speed and stride <= 3 else 0)
    assert strides == (stride - actions_used if steps else 0)
    for k in set(bands) - {0}:
        assert sum(p for p, b in zip(steps, bands, strict=True) if b == k) <= speed


# ------------------------------------------------------------------------------------------- 5e move/Dash


def test_5e_move_up_to_speed_then_dash_up_to_twice_speed() -> None:
    scene = ascii_scene("A" + "." * 14, "dnd5e-2014")
    budget = budget_of(scene, token(scene, "A"), ledger_after(scene, token(scene, "A")))
    assert (budget.speed, budget.limit, budget.feet_left, budget.move_left) == (30, 60, 60, 30)
    bands, dash = budget.bands([5] * 13)
    assert bands == (1,) * 6 + (2,) * 6 + (0,)  # 30 ft move, 30 ft more with the Dash, 65 ft is too far
    assert dash == 1
    assert budget.bands([5] * 6) == ((1,) * 6, 0)  # within Speed: no Dash


def test_5e_difficult_terrain_doubles_and_counts_toward_the_dash() -> None:
    scene = ascii_scene("A.~~....", "dnd5e-2014")
    steps = steps_of(scene, "A", [(x, 0) for x in range(8)])
    assert steps == (5, 10, 10, 5, 5, 5, 5)
    budget = budget_of(scene, token(scene, "A"), ledger_after(scene, token(scene, "A"), 5, 0, 0))
    # running total after 5 ft already spent: 10 20 30 | 35 40 45 50
    assert budget.bands(steps) == ((1, 1, 1, 2, 2, 2, 2), 1)


def test_5e_after_the_dash_is_taken_movement_runs_to_twice_speed_without_another() -> None:
    scene = ascii_scene("A" + "." * 14, "dnd5e-2014")
    budget = budget_of(scene, token(scene, "A"), ledger_after(scene, token(scene, "A"), 35, 0, 1))
    assert budget.dashed and budget.actions_left == 0
    assert budget.feet_left == 25 and budget.move_left == 25
    assert budget.bands([5] * 6) == ((2, 2, 2, 2, 2, 0), 0)


def test_5e_without_the_action_there_is_no_dash() -> None:
    scene = ascii_scene("A......", "dnd5e-2014")
    turn = TurnLedger("A", actions=0, bonus_actions=1, movement=30, movement_spent=20)
    budget = budget_of(scene, token(scene, "A"), turn)
    assert budget.limit == 30 and budget.feet_left == 10
    assert budget.bands([5, 5, 5]) == ((1, 1, 0), 0)


def test_5e_encounter_turn_after_a_dash_has_twice_the_movement() -> None:
    scene = ascii_scene("A......", "dnd5e-2014")
    turn = TurnLedger("A", actions=0, bonus_actions=1, movement=60, movement_spent=35, used=("dash",))
    budget = budget_of(scene, token(scene, "A"), turn)
    assert budget.dashed and budget.move_left == 25


def test_budget_comes_from_the_encounter_only_on_the_tokens_own_turn() -> None:
    scene = ascii_scene("A....\nB....")
    turn = TurnLedger("A", actions=2, movement_spent=15, diagonals=1, actions_used=1)
    enc = Encounter((Combatant("A", 10, 0), Combatant("B", 5, 0)), ledgers=(turn,))
    free = FreeTurns(1, (ledger_after(scene, token(scene, "A"), 99, 0, 0),))
    state = GameState(scene, enc, free=free)
    a = budget_for(state, token(scene, "A"))
    assert (a.actions_left, a.feet_spent, a.diagonals) == (2, 15, 1)
    b = budget_for(state, token(scene, "B"))
    assert (b.actions_left, b.feet_spent) == (3, 0)  # not its turn: a fresh turn's movement
    alone = GameState(scene, free=FreeTurns(1, (ledger_after(scene, token(scene, "B"), 10, 0, 1),)))
    free_b = budget_for(alone, token(scene, "B"))
    assert (free_b.actions_left, free_b.feet_spent) == (2, 10)  # free mode: one Stride used


# ---------------------------------------------------------------------------------------- overlay bands


def test_pf2e_overlay_counts_strides_not_feet_over_speed() -> None:
    # 15 ft per greater-difficult square: each takes a Stride of its own at Speed 25 (15 + 15 > 25), so the
    # third is 45 ft away but 3 Strides, not ceil(45 / 25) = 2; the floor square after it fits the 3rd Stride
    scene = ascii_scene("A^^^.")
    a = token(scene, "A")
    assert overlay_bands(scene, a, ledger_after(scene, a)) == {
        Cell(1, 0): 1,
        Cell(2, 0): 2,
        Cell(3, 0): 3,
        Cell(4, 0): 3,
    }
    planner = MovePlanner(scene, a, ledger_after(scene, a))
    plan = planner.plan([], Cell(3, 0))
    assert plan.steps == (15, 15, 15) and plan.actions == 3 and plan.legal
    # one Stride already used: two left, numbered 2 and 3
    assert overlay_bands(scene, a, ledger_after(scene, a, 0, 0, 1)) == {Cell(1, 0): 2, Cell(2, 0): 3}
    later = MovePlanner(scene, a, ledger_after(scene, a, 0, 0, 1)).plan([], Cell(3, 0))
    assert not later.legal and later.bands == (2, 3, 0)


def test_pf2e_overlay_numbers_strides_after_those_used_this_turn() -> None:
    scene = ascii_scene("A" + "." * 11)
    a = token(scene, "A")
    bands = overlay_bands(scene, a, ledger_after(scene, a, 5, 0, 1))  # one Stride used: two left, 25 ft each
    assert bands == {Cell(x, 0): 2 if x <= 5 else 3 for x in range(1, 11)}  # [11, 0] is 55 ft away


# Cheapest in feet to [4, 0] is 40 ft: [1, 0] 5, diagonal to [2, 1] 5, diagonal into the greater-difficult
# [3, 0] 10 + 10, into the difficult [4, 0] 10, grouped 5 + 5 | 20 | 10 = 3 Strides at Speed 25. Straight
# along the top row is 45 ft, 5 + 15 | 15 + 10 = 2 Strides.
DETOUR = """
    A.^^~
    .^.^#
"""


def test_pf2e_drag_takes_the_fewest_strides_then_the_fewest_feet() -> None:
    scene = ascii_scene(DETOUR)
    a = token(scene, "A")
    cheapest = shortest_path(scene, a, Cell(4, 0))
    assert cheapest is not None and cheapest.feet == 40
    assert pf2e_fresh().bands(cheapest.steps) == ((1, 1, 2, 3), 3)
    plan = MovePlanner(scene, a, ledger_after(scene, a)).plan([], Cell(4, 0))
    assert plan.path == tuple(Cell(x, 0) for x in range(5))
    assert plan.steps == (5, 15, 15, 10) and plan.feet == 45
    assert plan.bands == (1, 1, 2, 2) and plan.actions == 2 and plan.legal
    assert overlay_bands(scene, a, ledger_after(scene, a))[Cell(4, 0)] == 2
    # with a single Stride left the detour is too far: nothing fits, whatever the path
    assert Cell(4, 0) not in overlay_bands(scene, a, ledger_after(scene, a, 0, 0, 2))
    assert not MovePlanner(scene, a, ledger_after(scene, a, 0, 0, 2)).plan([], Cell(4, 0)).legal


def test_pf2e_a_leg_after_a_waypoint_continues_the_stride_it_is_in() -> None:
    scene = ascii_scene(DETOUR)
    plan = MovePlanner(scene, token(scene, "A"), ledger_after(scene, token(scene, "A"))).plan(
        [Cell(1, 0)], Cell(4, 0)
    )
    # from [1, 0] with 5 ft of the first Stride used, straight on is 15 | 15 + 10 (2 Strides in all); the
    # diagonal way 5 + 20 | 10 would be cheaper for a fresh Stride but fills this one: 5 + 5 | 20 | 10
    assert plan.steps == (5, 15, 15, 10) and plan.actions == 2


def test_pf2e_the_fewest_strides_follow_the_diagonal_parity_of_the_turn() -> None:
    scene = ascii_scene("A..\n...", tokens={"A": {"speed": 5}})
    a = token(scene, "A")
    # Speed 5: the first diagonal of the turn (5 ft) is one Stride; after an odd number of diagonals it costs
    # 10 ft, which no 5-ft Stride holds, so [1, 1] takes two orthogonal Strides
    assert overlay_bands(scene, a, ledger_after(scene, a, 0, 0, 0))[Cell(1, 1)] == 1
    assert overlay_bands(scene, a, ledger_after(scene, a, 0, 1, 0))[Cell(1, 1)] == 2
    plan = MovePlanner(scene, a, ledger_after(scene, a, 0, 1, 0)).plan([], Cell(1, 1))
    assert plan.legal and plan.steps == (5, 5) and plan.actions == 2 and plan.diagonals == 0


def test_5e_overlay_move_and_dash() -> None:
    scene = ascii_scene("A" + "." * 14, "dnd5e-2014")
    bands = overlay_bands(scene, token(scene, "A"), ledger_after(scene, token(scene, "A"), 10, 0, 0))
    assert bands[Cell(4, 0)] == 1  # 20 ft more: 30 in all
    assert bands[Cell(5, 0)] == 2  # 25 ft more needs the Dash
    assert Cell(11, 0) not in bands  # 55 + 10 > 60


def test_5e_overlay_bands_are_the_drags_bands_once_the_dash_is_taken() -> None:
    # the Dash already taken (free mode) with 10 ft moved: up to Speed is still the move, as a drag shows it
    scene = ascii_scene("A" + "." * 14, "dnd5e-2014")
    a = token(scene, "A")
    budget = budget_of(scene, a, ledger_after(scene, a, 10, 0, 1))
    bands = overlay_bands(scene, a, budget)
    assert bands[Cell(4, 0)] == 1 and bands[Cell(5, 0)] == 2 and Cell(11, 0) not in bands
    assert MovePlanner(scene, a, budget).plan([], Cell(4, 0)).bands[-1] == 1


def test_no_speed_or_nothing_left_shows_nothing() -> None:
    scene = ascii_scene("A....", tokens={"A": {"speed": 0}})
    assert overlay_bands(scene, token(scene, "A"), ledger_after(scene, token(scene, "A"))) == {}
    scene = ascii_scene("A....")
    assert overlay_bands(scene, token(scene, "A"), ledger_after(scene, token(scene, "A"), 75, 0, 3)) == {}


def test_footprint_bands_give_each_square_the_best_band_covering_it() -> None:
    tops = {Cell(0, 0): 2, Cell(1, 0): 1}
    assert footprint_bands(tops, 1) == tops
    assert footprint_bands(tops, 2) == {
        Cell(0, 0): 2,
        Cell(0, 1): 2,
        Cell(1, 0): 1,
        Cell(1, 1): 1,
        Cell(2, 0): 1,
        Cell(2, 1): 1,
    }


# ------------------------------------------------------------------------------------ reaction warnings

BESIDE = """
    ......
    .Ab...
    ......
    ......
"""
AWAY = [Cell(1, 1), Cell(0, 1)]  # out of b's 5-ft reach
AROUND = [Cell(1, 1), Cell(1, 2), Cell(2, 2)]  # every square adjacent to b


def warned(
    scene: Scene, path: list[Cell], reactions_used: frozenset[str] = frozenset()
) -> list[tuple[int, str]]:
    found = reaction_warnings(scene, token(scene, "A"), path, reactions_used)
    return [(w.step, w.token_id) for w in found]


def test_5e_leaving_an_enemys_reach_provokes_an_opportunity_attack() -> None:
    scene = ascii_scene(BESIDE, "dnd5e-2014")
    (warning,) = reaction_warnings(scene, token(scene, "A"), AWAY)
    assert (warning.step, warning.cell, warning.token_id) == (0, Cell(1, 1), "b")
    assert "opportunity attack" in warning.text


def test_5e_moving_within_reach_or_into_it_provokes_nothing() -> None:
    scene = ascii_scene(BESIDE, "dnd5e-2014")
    assert warned(scene, AROUND) == []
    assert warned(scene, [Cell(0, 3), Cell(1, 2)]) == []  # coming closer


def test_5e_the_step_that_leaves_is_the_one_warned_about_once() -> None:
    scene = ascii_scene(BESIDE, "dnd5e-2014")
    # around b, then away, then back and away again: one warning, where the first leaving starts
    path = [Cell(1, 1), Cell(1, 2), Cell(0, 3), Cell(1, 2), Cell(0, 3)]
    assert warned(scene, path) == [(1, "b")]


def test_an_ally_never_warns() -> None:
    scene = ascii_scene(BESIDE, "dnd5e-2014", sides={"b": "party"})
    assert warned(scene, AWAY) == []


@pytest.mark.parametrize(
    "fields",
    [
        {"conditions": ["unconscious"]},
        {"conditions": ["incapacitated"]},
        {"conditions": ["paralyzed"]},
        {"conditions": ["stunned"]},
        {"hp": 0, "max_hp": 10},
    ],
)
def test_a_creature_that_cannot_act_makes_no_opportunity_attack(fields: dict[str, object]) -> None:
    scene = ascii_scene(BESIDE, "dnd5e-2014", tokens={"b": fields})
    assert not can_react_to_movement(scene, token(scene, "b"))
    assert warned(scene, AWAY) == []


def test_a_creature_whose_reaction_is_spent_does_not_warn() -> None:
    scene = ascii_scene(BESIDE, "dnd5e-2014")
    assert warned(scene, AWAY, reactions_used=frozenset({"b"})) == []
    assert warned(scene, AWAY, reactions_used=frozenset({"x"})) == [(0, "b")]


def test_5e_reach_weapon_threatens_farther() -> None:
    scene = ascii_scene(
        """
        .......
        .A.b...
        .......
        """,
        "dnd5e-2014",
        tokens={"b": {"attacks": [{"name": "glaive", "bonus": 5, "properties": ["reach"]}]}},
    )
    assert threat_reach(token(scene, "b")) == 10
    assert warned(scene, [Cell(1, 1), Cell(0, 1)]) == [(0, "b")]


def test_ranged_attacks_do_not_extend_the_threat() -> None:
    scene = ascii_scene(
        BESIDE,
        "dnd5e-2014",
        tokens={"b": {"attacks": [{"name": "longbow", "bonus": 5, "range": [150, 600]}]}},
    )
    assert threat_reach(token(scene, "b")) == 5


def test_pf2e_creature_without_reactive_strike_does_not_react() -> None:
    scene = ascii_scene(BESIDE)
    assert not can_react_to_movement(scene, token(scene, "b"))
    assert warned(scene, AWAY) == []


def test_pf2e_reactive_strike_triggers_on_leaving_any_square_within_reach() -> None:
    scene = ascii_scene(BESIDE, tokens={"b": {"reactions": ["Reactive Strike"]}})
    (warning,) = reaction_warnings(scene, token(scene, "A"), AROUND)  # stays adjacent: still a move out
    assert warning.step == 0 and "Reactive Strike" in warning.text
    assert warned(scene, AWAY) == [(0, "b")]
    assert warned(scene, [Cell(0, 3), Cell(1, 2)]) == []  # entering reach, stopping there: nothing left


def test_pf2e_attack_of_opportunity_counts_case_insensitively() -> None:
    scene = ascii_scene(BESIDE, tokens={"b": {"reactions": ["attack OF opportunity"]}})
    assert warned(scene, AWAY) == [(0, "b")]
    other = ascii_scene(BESIDE, tokens={"b": {"reactions": ["Shield Block"]}})
    assert warned(other, AWAY) == []


def test_pf2e_reactions_written_under_extra_by_older_code_still_count() -> None:
    scene = ascii_scene(BESIDE)
    b = replace(token(scene, "b"), extra={"reactions": ["Reactive Strike"]})
    scene = scene.replace_token(b)
    assert can_react_to_movement(scene, b)
    assert warned(scene, AWAY) == [(0, "b")]


def test_warnings_come_in_path_order_one_per_creature() -> None:
    scene = ascii_scene(
        """
        c.....
        .A.b..
        ......
        """,
        "dnd5e-2014",
    )
    # leaves c's reach on the first step, then b's on the third (out of [2, 2], its last square near b)
    path = [Cell(1, 1), Cell(2, 1), Cell(2, 2), Cell(1, 2), Cell(0, 2)]
    assert warned(scene, path) == [(0, "c"), (2, "b")]


def test_a_path_that_does_not_move_warns_of_nothing() -> None:
    scene = ascii_scene(BESIDE, "dnd5e-2014")
    assert warned(scene, [Cell(1, 1)]) == []


# --------------------------------------------------------------------------------------------- planner


def test_planner_prices_chained_legs_and_groups_them_into_strides() -> None:
    scene = ascii_scene(
        """
        A......
        .......
        .......
        """
    )
    planner = MovePlanner(scene, token(scene, "A"), ledger_after(scene, token(scene, "A")))
    plan = planner.plan([Cell(1, 1)], Cell(2, 2))
    # two single diagonals through a waypoint still alternate: 5 then 10
    assert plan.steps == (5, 10) and plan.feet == 15 and plan.diagonals == 2
    assert plan.legal and plan.bands == (1, 1) and plan.actions == 1
    assert plan.strides_text() == "1 Stride" and plan.left_after() == "2 actions left"


def test_planner_refuses_a_move_beyond_the_turn() -> None:
    scene = ascii_scene("A" + "." * 19, tokens={"A": {"speed": 5}})
    plan = MovePlanner(scene, token(scene, "A"), ledger_after(scene, token(scene, "A"))).plan([], Cell(4, 0))
    assert not plan.legal and plan.bands == (1, 2, 3, 0)
    assert plan.problem is not None and "too far" in plan.problem


def test_planner_reports_the_reactions_its_path_provokes() -> None:
    scene = ascii_scene(BESIDE, "dnd5e-2014")
    plan = MovePlanner(scene, token(scene, "A"), ledger_after(scene, token(scene, "A"))).plan([], Cell(0, 1))
    assert plan.legal and [w.token_id for w in plan.warnings] == ["b"]
    assert plan.strides_text() == "Move" and plan.left_after() == "25 ft of movement left"


@pytest.mark.parametrize(
    "value",
    [
        TurnLedger("A"),
        StrideBudget(25),
        ReactionWarning(0, Cell(0, 0), "b", "leaves"),
        StrideField(5, 25, {}),
    ],
)
def test_value_types_are_frozen(value: object) -> None:
    field = dataclasses.fields(value)[0].name  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, field, 1)


def test_planner_skips_creatures_whose_reaction_is_spent() -> None:
    from rules.io.scene_json import scene_from_json
    from rules.play.planner import MovePlanner

    scene = scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": "pf2e",
            "grid": {"width": 12, "height": 12},
            "tokens": [
                {"id": "hero", "cell": [5, 5], "side": "party"},
                {"id": "ogre", "cell": [6, 5], "side": "enemies", "reactions": ["Reactive Strike"]},
            ],
        }
    )
    hero = scene.token("hero")
    assert hero is not None
    fresh = MovePlanner(scene, hero, None).plan([], Cell(2, 5))
    assert [w.token_id for w in fresh.warnings] == ["ogre"]
    spent = MovePlanner(scene, hero, None, reactions_used={"ogre"}).plan([], Cell(2, 5))
    assert spent.path == fresh.path and spent.warnings == ()
