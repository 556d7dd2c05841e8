"""Flying, falling and the ground, from the rule texts: PF2e Fly and falling (Player Core 419, 421),
Arrest a Fall and Grab an Edge (419), hazardous terrain and ignoring difficult terrain (423); 5e flying
creatures that fall (2014 PHB l.67), falling damage, other speeds (l.56), and 2024's creature that ends its
turn in another's space (l.550)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import NoDice, ScriptedDice
from rules.geometry.coords import Cell
from rules.model.scene import TerrainCell
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.economy import ledger_for
from rules.play.effects import EditConditions
from rules.play.flight import Fall, Fly
from rules.play.moves import MoveToken
from rules.play.turns import next_turn
from tests.rules.play.helpers import scene_from, started

SKY = """
A . . . .
. . . . .
. . . . B
"""


def _tok(state: GameState, tid: str):  # type: ignore[no-untyped-def]
    token = state.scene.token(tid)
    assert token is not None
    return token


def flyer(system: str = "pf2e", **more: object) -> GameState:
    return started(system, SKY.replace("B", "B"), A={"speeds": (("fly", 30),), "pc": True, **more})


# ------------------------------------------------------------------------------------------------ PF2e


def test_pf2e_flying_up_costs_double_in_one_fly_action() -> None:
    """Fly: 「上方への移動の際には、移動困難地形の移動ルールを用いる」 — 15 ft up costs 30 ft of a 30-ft
    Fly."""
    state = flyer()
    up = Fly("A", elevation=15).apply(state).state
    assert _tok(up, "A").elevation == 15 and ledger_for(up, "A").actions == 2
    with pytest.raises(Refused, match="more than one Fly action"):
        Fly("A", elevation=20).apply(state)  # 40 ft of flying
    across = Fly("A", Cell(2, 0), elevation=10).apply(state).state  # 10 across + 20 to rise 10
    assert _tok(across, "A").cell == Cell(2, 0) and _tok(across, "A").elevation == 10
    down = Fly("A", elevation=0).apply(up).state  # 15 ft down: 10 ft of Speed
    assert _tok(down, "A").elevation == 0 and ledger_for(down, "A").actions == 1


def test_pf2e_a_flyer_that_didnt_fly_falls_at_the_end_of_its_turn() -> None:
    """「ラウンド中に“飛行”アクションを使用しなかった場合、ターン終了時に空中にいたなら君は落下する」; falling
    20 ft deals 10 bludgeoning and lands prone (l.699)."""
    aloft = flyer(elevation=20)
    ended, lines = next_turn(aloft, NoDice())
    a = _tok(ended, "A")
    assert a.elevation == 0 and a.hp == 10 and a.has_condition("prone")
    assert any("didn't Fly" in line for line in lines)
    hovering = Fly("A").apply(aloft).state  # Fly 0 ft: it hovers
    kept, _ = next_turn(hovering, NoDice())
    assert _tok(kept, "A").elevation == 20 and _tok(kept, "A").hp == 20


def test_pf2e_arrest_a_fall_and_grab_an_edge() -> None:
    aloft = flyer(elevation=40)
    arrested = Fall("A", reaction="arrest", d20=12, modifier=5).apply(aloft).state  # 17 vs 15
    a = _tok(arrested, "A")
    assert (a.elevation, a.hp, a.has_condition("prone")) == (0, 20, False)
    assert "A" in arrested.reactions_used
    failed = Fall("A", reaction="arrest", d20=2, modifier=5).apply(aloft).state  # 7: a failure
    assert _tok(failed, "A").hp == 0  # 40 ft: 20 damage
    grabbed = Fall("A", reaction="grab", d20=20, modifier=5, dc=15, fallen=30).apply(aloft).state
    g = _tok(grabbed, "A")
    assert g.elevation == 10 and g.hp == 20  # critical success: as a fall 30 ft shorter, 0 ft
    plain = Fall("A").apply(aloft).state
    assert _tok(plain, "A").hp == 0 and _tok(plain, "A").elevation == 0


def test_pf2e_hazardous_terrain_deals_its_damage_when_entered() -> None:
    state = started("pf2e", SKY, A={"hp": 20})
    scene = state.scene.edit(terrain=(TerrainCell(Cell(1, 0), "hazardous", "1d6 fire"),))
    state = state.with_scene(scene)
    burnt = MoveToken("A", (Cell(2, 0),), dice=ScriptedDice([4])).apply(state)
    assert _tok(burnt.state, "A").hp == 16 and any("hazardous terrain at [1, 0]" in x for x in burnt.lines)
    with pytest.raises(Refused, match="hazardous terrain"):
        MoveToken("A", (Cell(2, 0),), dice=NoDice()).apply(state)
    around = MoveToken("A", (Cell(0, 1),), dice=NoDice()).apply(state)  # not entered: no roll asked
    assert _tok(around.state, "A").hp == 20


def test_ignoring_difficult_terrain_is_a_creature_trait() -> None:
    """Player Core 423: ignoring difficult terrain, greater difficult terrain costs as difficult."""
    pf = scene_from("A . . . .", "pf2e")
    pf = pf.edit(terrain=(TerrainCell(Cell(1, 0), "greater-difficult"),))
    walker = MoveToken("A", (Cell(2, 0),)).apply(GameState(pf)).detail
    assert walker.steps == (15, 5)  # type: ignore[attr-defined]
    nimble = pf.replace_token(replace(_tok(GameState(pf), "A"), traits=("ignores difficult terrain",)))
    plan = MoveToken("A", (Cell(2, 0),)).apply(GameState(nimble)).detail
    assert plan.steps == (10, 5)  # type: ignore[attr-defined]
    five = scene_from("A ~ .", "dnd5e-2014")
    light = five.replace_token(replace(_tok(GameState(five), "A"), traits=("ignores difficult terrain",)))
    assert MoveToken("A", (Cell(2, 0),)).apply(GameState(light)).detail.steps == (5, 5)  # type: ignore[attr-defined]


# --------------------------------------------------------------------------------------------------- 5e


def test_5e_a_flyer_knocked_prone_falls_unless_it_hovers() -> None:
    state = flyer("dnd5e-2014", elevation=30)
    out = EditConditions("A", ("prone",)).apply(state)
    a = _tok(out.state, "A")
    assert a.elevation == 0 and any("falls 30 ft" in x and "3d6" in x for x in out.lines)
    hover = flyer("dnd5e-2014", elevation=30, traits=("hover",))
    assert _tok(EditConditions("A", ("prone",)).apply(hover).state, "A").elevation == 30


def test_5e_flying_spends_movement_foot_for_foot_and_other_speeds_count_what_was_moved() -> None:
    state = flyer("dnd5e-2014")  # walking speed 25, fly 30
    up = Fly("A", elevation=20).apply(state).state
    assert ledger_for(up, "A").movement_spent == 20
    with pytest.raises(Refused, match="more than one move allows"):
        Fly("A", elevation=35).apply(up)  # 15 more: 35 of 30
    walked = MoveToken("A", (Cell(4, 0),)).apply(state).state  # 20 ft walked
    flown = MoveToken("A", (Cell(2, 0),), mode="fly").apply(walked)  # 10 of the 30 - 20 left
    assert "flies 10 ft" in flown.lines[0]
    with pytest.raises(Refused, match="no burrow Speed"):
        MoveToken("A", (Cell(1, 0),), mode="burrow").apply(state)


def test_5e_falling_damage_is_rolled() -> None:
    state = flyer("dnd5e-2024", elevation=25)
    out = Fall("A", dice=ScriptedDice([3, 4])).apply(state).state
    a = _tok(out, "A")
    assert (a.elevation, a.hp, a.has_condition("prone")) == (0, 13, True)
    with pytest.raises(Refused, match="PF2e reactions"):
        Fall("A", reaction="arrest", d20=10).apply(state)


def test_2024_ending_a_turn_in_anothers_space_knocks_prone() -> None:
    state = started("dnd5e-2024", "A B", A={"side": "party"}, B={"side": "party"})
    a = _tok(state, "A")
    crowded = state.with_scene(state.scene.replace_token(replace(a, cell=Cell(1, 0))))
    after, lines = next_turn(crowded, NoDice())
    assert _tok(after, "A").has_condition("prone") and any("space" in x for x in lines)
    old = started("dnd5e-2014", "A B", A={"side": "party"}, B={"side": "party"})
    old = old.with_scene(old.scene.replace_token(replace(_tok(old, "A"), cell=Cell(1, 0))))
    assert not _tok(next_turn(old, NoDice())[0], "A").has_condition("prone")


# ------------------------------------------------------------------------------------ jumps and drags


def test_pf2e_leap_by_speed_and_5e_jumps_by_strength() -> None:
    """Leap (Player Core 417): 10 ft with Speed 15+, 15 ft with 30+; 5e: the Strength score after a 10-ft
    run-up, half standing; both land on a square the jumper may end in, over what lies between."""
    from rules.play.flight import Jump

    state = started("pf2e", "A . . . . B", A={"speed": 25})
    state = state.with_scene(state.scene.edit(terrain=(TerrainCell(Cell(1, 0), "greater-difficult"),)))
    leapt = Jump("A", Cell(2, 0)).apply(state).state
    assert _tok(leapt, "A").cell == Cell(2, 0) and ledger_for(leapt, "A").actions == 2
    with pytest.raises(Refused, match="can jump 10 ft"):
        Jump("A", Cell(3, 0)).apply(state)
    slow = started("pf2e", "A . . . . B", A={"speed": 10})
    with pytest.raises(Refused, match="can't jump"):
        Jump("A", Cell(1, 0)).apply(slow)
    strong = started("dnd5e-2014", "A . . . . . B", A={"speed": 30, "abilities": (("str", 16),)})
    with pytest.raises(Refused, match="can jump 8 ft"):  # standing: half of 16
        Jump("A", Cell(2, 0)).apply(strong)
    ran = MoveToken("A", (Cell(2, 0),)).apply(strong).state  # a 10-ft run-up
    far = Jump("A", Cell(5, 0)).apply(ran).state  # 15 ft of 16
    assert _tok(far, "A").cell == Cell(5, 0) and ledger_for(far, "A").movement_left == 5


def test_5e_dragging_a_grappled_creature_halves_the_speed() -> None:
    """2014 l.133: the speed is halved unless the grappled creature is two or more sizes smaller."""
    state = started("dnd5e-2014", "A B .\n. . .\n. . .", A={"speed": 30}, B={"conditions": ("grappled",)})
    left = MoveToken("A", (Cell(0, 2),), drag="B").apply(state)  # 10 ft of movement, 20 ft spent
    assert _tok(left.state, "B").cell == Cell(1, 2) and ledger_for(left.state, "A").movement_spent == 20
    with pytest.raises(Refused, match="2 ft a foot"):
        MoveToken("A", (Cell(0, 2),), drag="B", max_actions=0).apply(
            state.with_ledger(replace(ledger_for(state, "A"), movement_spent=15))
        )
    free_b = state.with_scene(state.scene.replace_token(replace(_tok(state, "B"), conditions=())))
    with pytest.raises(Refused, match="isn't grappled"):
        MoveToken("A", (Cell(0, 2),), drag="B").apply(free_b)
    pf = started("pf2e", "A B .\n. . .\n. . .", B={"conditions": ("grabbed",)})
    with pytest.raises(Refused, match="can't drag"):
        MoveToken("A", (Cell(0, 2),), drag="B").apply(pf)
