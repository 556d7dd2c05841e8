"""Reactions to movement (issue 16 §4): PF2e Reactive Strike, D&D 5e opportunity attacks."""

from __future__ import annotations

from rules.model.scene import Cell, Scene, Token
from rules.systems.reactions import (
    action_reactions,
    can_react,
    is_single_step,
    movement_reactions,
    reaction_used,
    start_of_turn,
)
from rules.systems.support_actions import disengage
from tests.rules.ascii_maps import ascii_scene, wall

RS = {"reactions": ["Reactive Strike"]}
AWAY = [Cell(1, 1), Cell(0, 1)]  # A leaves b's reach to the west
ALONG = [Cell(1, 1), Cell(1, 2)]  # A stays adjacent to b


def tok(scene: Scene, tid: str) -> Token:
    t = scene.token(tid)
    assert t is not None
    return t


def ids(scene: Scene, path: list[Cell], mover: str = "A", **kw: object) -> list[str]:
    return [r.token_id for r in movement_reactions(scene, tok(scene, mover), path, **kw)]  # type: ignore[arg-type]


MAP = """
    ....
    .Ab.
    ....
"""


def test_pf2e_reactive_strike_when_leaving_a_square_in_reach_even_staying_in_reach() -> None:
    s = ascii_scene(MAP, tokens={"b": RS})
    assert ids(s, AWAY) == ["b"]
    assert ids(s, ALONG) == ["b"]
    # Without Reactive Strike nobody reacts.
    assert ids(ascii_scene(MAP), AWAY) == []


def test_pf2e_step_and_forced_movement_never_trigger() -> None:
    s = ascii_scene(MAP, tokens={"b": RS})
    assert ids(s, AWAY, kind="step") == []
    assert ids(s, AWAY, kind="forced") == []
    assert ids(s, AWAY, kind="teleport") == []


def test_only_creatures_that_can_act_react() -> None:
    for cond in ("unconscious", "paralyzed", "stunned", "confused"):
        s = ascii_scene(MAP, tokens={"b": {**RS, "conditions": [cond]}})
        assert ids(s, AWAY) == [], cond
    down = ascii_scene(MAP, tokens={"b": {**RS, "hp": 0}})
    assert ids(down, AWAY) == []
    s = ascii_scene(MAP, tokens={"b": RS})
    assert ids(s, AWAY, reactions_used={"b"}) == []
    used = s.replace_token(reaction_used(tok(s, "b")))
    assert not can_react(used, tok(used, "b"))
    assert can_react(s, start_of_turn(tok(used, "b")))


def test_5e_opportunity_attack_only_when_leaving_reach() -> None:
    s = ascii_scene(MAP, "dnd5e-2014")
    assert ids(s, AWAY) == ["b"]
    assert ids(s, ALONG) == []


def test_5e_disengage_forced_movement_and_teleport_provoke_nothing() -> None:
    s = ascii_scene(MAP, "dnd5e-2024")
    moved = s.replace_token(disengage(tok(s, "A")))
    assert ids(moved, AWAY) == []
    assert ids(s, AWAY, kind="forced") == []
    assert ids(s, AWAY, kind="teleport") == []


def test_5e_the_reactor_must_see_the_mover() -> None:
    blind = ascii_scene(MAP, "dnd5e-2014", tokens={"b": {"conditions": ["blinded"]}})
    assert ids(blind, AWAY) == []
    invisible = ascii_scene(MAP, "dnd5e-2014", tokens={"A": {"conditions": ["invisible"]}})
    assert ids(invisible, AWAY) == []
    hidden = ascii_scene(MAP, "dnd5e-2024", tokens={"A": {"conditions": ["hidden"]}})
    assert ids(hidden, AWAY) == []
    out = ascii_scene(MAP, "dnd5e-2014", tokens={"b": {"conditions": ["incapacitated"]}})
    assert ids(out, AWAY) == []


def test_allies_never_react() -> None:
    s = ascii_scene(MAP, "dnd5e-2014", sides={"b": "party"})
    assert ids(s, AWAY) == []


def test_a_flyer_high_above_leaves_no_ground_reach() -> None:
    # A flies 20 ft up: it is out of b's 5-ft reach the whole way, so leaving triggers nothing.
    s = ascii_scene(MAP, "dnd5e-2014", tokens={"A": {"elevation": 20}})
    assert ids(s, AWAY) == []
    pf = ascii_scene(MAP, tokens={"A": {"elevation": 20}, "b": RS})
    assert ids(pf, AWAY) == []


def test_pf2e_actions_in_place_within_reach() -> None:
    s = ascii_scene(MAP, tokens={"b": RS})
    assert [r.token_id for r in action_reactions(s, tok(s, "A"), "stand")] == ["b"]
    assert [r.token_id for r in action_reactions(s, tok(s, "A"), "ranged-attack")] == ["b"]
    assert action_reactions(s, tok(s, "A"), "strike") == ()
    far = ascii_scene("A..b", tokens={"b": RS})
    assert action_reactions(far, tok(far, "A"), "stand") == ()
    five = ascii_scene(MAP, "dnd5e-2014")
    assert action_reactions(five, tok(five, "A"), "stand") == ()


def test_a_single_step_is_a_legal_pf2e_step_only() -> None:
    s = ascii_scene(MAP, tokens={"b": RS})
    a = tok(s, "A")
    assert is_single_step(s, a, AWAY)
    assert not is_single_step(s, a, [Cell(1, 1), Cell(0, 1), Cell(0, 0)])  # two squares is a Stride
    assert is_single_step(s, a, [Cell(1, 1), Cell(0, 0)])  # first diagonal: 5 ft
    assert not is_single_step(s, a, [Cell(1, 1), Cell(0, 0)], diagonals_before=1)  # a 10-ft diagonal
    rough = ascii_scene("....\n~Ab.\n....", tokens={"b": RS})
    assert not is_single_step(rough, tok(rough, "A"), AWAY)  # no Step into difficult terrain
    walled = ascii_scene(MAP, tokens={"b": RS}, walls=[wall((1, 0), (1, 3))])
    assert not is_single_step(walled, tok(walled, "A"), AWAY)
    slow = ascii_scene(MAP, tokens={"A": {"speed": 5}})
    assert not is_single_step(slow, tok(slow, "A"), AWAY)
    assert not is_single_step(ascii_scene(MAP, "dnd5e-2014"), a, AWAY)


def test_the_drag_plan_warns_for_a_stride_but_not_for_a_single_step() -> None:
    from rules.play.planner import MovePlanner, ledger_after, reaction_warnings

    s = ascii_scene(MAP, tokens={"b": RS})
    a = tok(s, "A")
    step = MovePlanner(s, a, ledger_after(s, a)).plan([], Cell(0, 1))
    assert step.legal and step.warnings == ()
    stride = MovePlanner(s, a, ledger_after(s, a)).plan([], Cell(0, 0))  # 5 ft diagonal: also a Step
    assert stride.warnings == ()
    far = MovePlanner(s, a, ledger_after(s, a)).plan([Cell(0, 1)], Cell(0, 0))  # two squares: a Stride
    assert [w.token_id for w in far.warnings] == ["b"]
    # The drag's warnings follow the reaction rules: a blinded 5e creature makes no opportunity attack.
    blind = ascii_scene(MAP, "dnd5e-2014", tokens={"b": {"conditions": ["blinded"]}})
    assert reaction_warnings(blind, tok(blind, "A"), AWAY) == ()
