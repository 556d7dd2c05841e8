"""The play layer's second-creature actions: `Maneuver` (apply, undo, MAP), Aid, Help, Point Out, Seek."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.model.scene import Attack
from rules.model.state import GameState
from rules.play.actions import ActionReport, Aid, Help, Maneuver, PointOut, PrepareAid, Seek, Sneak
from rules.play.command import Refused
from rules.play.economy import ledger_for
from rules.play.history import History
from rules.play.table import AttackRoll
from rules.play.turns import next_turn
from tests.rules.play.helpers import scene_from, started

LINE = """
A B . . .
. . . . .
. . . . C
"""
FIGHTER = {"name": "Kyra", "skills": (("athletics", 8), ("acrobatics", 4), ("stealth", 6))}
GOBLIN = {
    "name": "Goblin",
    "saves": (("fortitude", 7), ("reflex", 5), ("will", 3)),
    "skills": (("athletics", 6),),
}


def pf2e_state() -> GameState:
    return started("pf2e", LINE, A=FIGHTER, B=GOBLIN, C={"name": "Ogre"})


def test_a_trip_knocks_the_target_prone_and_undo_restores_exactly() -> None:
    state = pf2e_state()
    history = History(state)
    history.execute(Maneuver("A", "B", "trip", (7,)))  # 7 + 8 = 15 vs Reflex DC 15
    after = history.state
    b = after.scene.token("B")
    assert b is not None and b.has_condition("prone")
    assert history.undo() is not None
    assert history.state == state
    history.redo()
    assert history.state == after


def test_the_log_and_report_name_creatures_and_show_the_breakdown() -> None:
    out = Maneuver("A", "B", "trip", (7,)).apply(pf2e_state())
    report = out.detail
    assert isinstance(report, ActionReport)
    assert report.result == "success" and report.success
    assert out.lines[0] == "Kyra tries to Trip Goblin with Athletics: success"
    text = "\n".join(out.lines)
    assert "Goblin is prone" in text
    assert "vs Reflex DC 15" in text
    assert " B " not in f" {text} " and "t prone" not in text


def test_maneuvers_with_the_attack_trait_count_toward_map_and_take_an_action() -> None:
    state = pf2e_state()
    first = Maneuver("A", "B", "trip", (7,)).apply(state)  # success
    turn = first.state.encounter.turn  # type: ignore[union-attr]
    assert turn is not None and turn.actions == 2 and turn.attacks == 1
    # the same die a second time takes −5: 7 + 8 − 5 = 10 vs 15, a failure
    undo_prone = first.state.with_scene(
        first.state.scene.replace_token(first.state.scene.token("B").without_condition("prone"))  # type: ignore[union-attr]
    )
    second = Maneuver("A", "B", "trip", (7,)).apply(undo_prone)
    assert second.detail.result == "failure"  # type: ignore[union-attr]
    assert second.lines[0].startswith("Kyra tries to Trip Goblin (2nd attack)")
    assert any("multiple attack penalty" in line for line in second.lines)
    # Tumble Through has no attack trait: no MAP count, but an action
    tumble = Maneuver("A", "B", "tumble-through", (10,)).apply(state)
    t2 = tumble.state.encounter.turn  # type: ignore[union-attr]
    assert t2 is not None and t2.attacks == 0 and t2.actions == 2
    assert "  Kyra's movement ends before Goblin's space" in tumble.lines  # 10 + 4 = 14 vs Reflex DC 15


def test_a_critical_trip_deals_its_damage_and_needs_the_roll() -> None:
    state = pf2e_state()
    with pytest.raises(Refused, match="damage roll"):
        Maneuver("A", "B", "trip", (17,)).apply(state)
    out = Maneuver("A", "B", "trip", (17,), damage_roll=4).apply(state)
    b = out.state.scene.token("B")
    assert b is not None and b.hp == 16 and b.has_condition("prone")
    assert out.detail.result == "critical success"  # type: ignore[union-attr]


def test_shove_pushes_along_the_legal_path_and_grapple_grabs_then_escape_releases() -> None:
    state = pf2e_state()
    shoved = Maneuver("A", "B", "shove", (9,)).apply(state)  # 17 vs Fortitude DC 17: success, 5 ft
    b = shoved.state.scene.token("B")
    assert b is not None and b.cell == Cell(2, 0)
    assert any("Goblin is pushed 5 ft to [2, 0]" in line for line in shoved.lines)
    grabbed = Maneuver("A", "B", "grapple", (9,)).apply(state)
    assert grabbed.state.scene.token("B").has_condition("grabbed")  # type: ignore[union-attr]
    # not on Kyra's turn: Escape is an action, not a reaction
    with pytest.raises(Refused, match="not Goblin's"):
        Maneuver("B", "A", "escape", (12,)).apply(grabbed.state)
    # on its turn the Goblin escapes: its Athletics 6 + 11 = 17 vs Kyra's Athletics DC 18 fails; 12 → 18
    goblins_turn, _ = next_turn(grabbed.state, ScriptedDice([]))
    escaped = Maneuver("B", "A", "escape", (12,)).apply(goblins_turn)
    assert not escaped.state.scene.token("B").has_condition("grabbed")  # type: ignore[union-attr]
    turn = escaped.state.encounter.turn  # type: ignore[union-attr]
    assert turn is not None and turn.actions == 2 and turn.attacks == 1  # Escape has the attack trait


def test_refusals_name_the_creatures() -> None:
    state = pf2e_state()
    with pytest.raises(Refused, match="Ogre is not within Kyra's reach"):
        Maneuver("A", "C", "trip", (10,)).apply(state)
    with pytest.raises(Refused, match="maneuvers are"):
        Maneuver("A", "B", "headbutt", (10,)).apply(state)


def test_5e_2014_shove_prone_is_a_contest_and_a_tie_fails() -> None:
    a = {"name": "Brann", "abilities": (("str", 16), ("dex", 10)), "skills": (("athletics", 5),)}
    b = {"name": "Orc", "abilities": (("str", 14), ("dex", 12))}
    state = GameState(scene_from(LINE, "dnd5e-2014", A=a, B=b))
    won = Maneuver("A", "B", "shove", (10,), (10,), shove="prone").apply(state)  # 15 vs 12
    assert won.state.scene.token("B").has_condition("prone")  # type: ignore[union-attr]
    assert won.lines[0] == "Brann tries to Shove (knock prone) Orc: success"
    tie = Maneuver("A", "B", "shove", (7,), (10,), shove="prone").apply(state)  # 12 vs 12
    assert not tie.state.scene.token("B").has_condition("prone")  # type: ignore[union-attr]
    assert "a tie" in "\n".join(tie.lines)


def test_5e_2024_grapple_is_the_targets_save() -> None:
    a = {"name": "Brann", "abilities": (("str", 16),), "proficiency_bonus": 2}
    b = {"name": "Orc", "abilities": (("str", 12), ("dex", 10))}
    state = GameState(scene_from(LINE, "dnd5e-2024", A=a, B=b))
    with pytest.raises(Refused, match="target's save"):
        Maneuver("A", "B", "grapple").apply(state)
    held = Maneuver("A", "B", "grapple", target_d20=(10,)).apply(state)  # 11 vs DC 13: fails the save
    assert held.state.scene.token("B").has_condition("grappled")  # type: ignore[union-attr]
    assert any("DC 13" in line for line in held.lines)


def test_aid_needs_its_preparation_uses_the_reaction_and_the_allys_next_attack_reads_it() -> None:
    state = pf2e_state()
    with pytest.raises(Refused, match="hasn't prepared to Aid"):
        Aid("A", "C", 7, skill="athletics").apply(state)
    prepared = PrepareAid("A", "C").apply(state).state  # an action on Kyra's turn
    assert ledger_for(prepared, "A").actions == 2 and ledger_for(prepared, "A").aiding == ("C",)
    out = Aid("A", "C", 7, skill="athletics").apply(prepared)  # 7 + 8 = 15 vs 15: success, +1
    assert "A" in out.state.reactions_used
    again = PrepareAid("A", "C").apply(out.state).state
    with pytest.raises(Refused, match="already used its reaction"):
        Aid("A", "C", 7).apply(again)
    # the Ogre's next attack roll gets the +1 circumstance bonus, once
    ogre, goblin = out.state.scene.token("C"), out.state.scene.token("B")
    assert ogre is not None and goblin is not None
    club = (Attack("club", 5, "1d6+2 bludgeoning"),)
    scene = out.state.scene.replace_token(replace(ogre, attacks=club))
    near = out.state.with_scene(scene.replace_token(replace(goblin, cell=Cell(4, 1))))
    first = AttackRoll("C", "B", "club", (10,), free=True).apply(near)
    assert first.detail.attack_bonus == 6  # type: ignore[union-attr]
    second = AttackRoll("C", "B", "club", (10,), free=True).apply(first.state)
    assert second.detail.attack_bonus == 5  # type: ignore[union-attr]


def test_help_point_out_seek_and_sneak() -> None:
    helped = Help("A", "B").apply(GameState(scene_from(LINE, "dnd5e-2014")))
    supports = ledger_for(helped.state, "A").supports
    assert [(s.kind, s.ally, s.roll) for s in supports] == [("help", "B", "check")]
    state = pf2e_state()
    hidden_ogre = state.with_scene(
        state.scene.replace_token(state.scene.token("C").with_condition("undetected"))
    )  # type: ignore[union-attr]
    pointed = PointOut("A", "C").apply(hidden_ogre)
    assert pointed.state.scene.token("C").has_condition("hidden")  # type: ignore[union-attr]
    assert pointed.lines[0] == "Kyra Points Out Ogre: undetected → hidden"
    assert pointed.lines[1] == "  Kyra: 2 actions left · reaction ready"  # what the action left
    with pytest.raises(Refused, match="not undetected"):
        PointOut("A", "B").apply(state)
    sought = Seek("A", (10,)).apply(state)
    assert "finds nobody new" in sought.lines[0]
    with pytest.raises(Refused, match="hidden or undetected"):
        Sneak("A", (Cell(0, 1),), 10).apply(state)
    with pytest.raises(Refused, match="half its Speed"):
        Sneak("C", (Cell(0, 2),), 10).apply(hidden_ogre)  # 20 ft of Speed 25
    with pytest.raises(Refused, match="not Ogre's"):
        Sneak("C", (Cell(3, 2),), 10).apply(hidden_ogre)  # Kyra's turn
    snuck = Sneak("C", (Cell(3, 2),), 10, free=True).apply(hidden_ogre)  # 5 ft, no observer: undetected
    assert snuck.state.scene.token("C").cell == Cell(3, 2)  # type: ignore[union-attr]
    assert snuck.lines[0].startswith("Ogre Sneaks 5 ft to [3, 2]")
