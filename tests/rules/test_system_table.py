"""What the table asks a rule system (`rules.systems.table`): names for pickers, games, checks, contests,
passives, the token menu's actions, conditions and creature sheets — so the app never compares names."""

from __future__ import annotations

import random

import pytest

from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.model.scene import Token
from rules.systems import (
    SYSTEM_NAMES,
    all_systems,
    game_choices,
    in_game,
    same_game,
    system_for,
)
from rules.systems.base import MissingStatistic
from rules.systems.modifiers import Modifier
from rules.systems.roll_modes import ADVANTAGE, DISADVANTAGE, Reason
from tests.rules.ascii_maps import ascii_scene

PF2E, DND14, DND24 = (system_for(n) for n in SYSTEM_NAMES)


def pc(**kw: object) -> Token:
    base: dict[str, object] = {
        "saves": (("fortitude", 7), ("reflex", 9), ("will", 5)),
        "perception": 6,
        "skills": (("stealth", 10),),
    }
    base.update(kw)
    return Token("hero", Cell(0, 0), **base)  # type: ignore[arg-type]


def fiver(**kw: object) -> Token:
    abilities = (("str", 8), ("dex", 14), ("con", 12), ("int", 10), ("wis", 17), ("cha", 9))
    base: dict[str, object] = {"abilities": abilities, "proficiency_bonus": 2, "saves": (("dex", 4),)}
    base.update(kw)
    return Token("pip", Cell(0, 0), **base)  # type: ignore[arg-type]


def test_every_system_is_listed_once_with_a_distinct_title() -> None:
    names = [s.name for s in all_systems()]
    assert names == list(SYSTEM_NAMES)
    assert len({s.title for s in all_systems()}) == len(names)
    assert PF2E.game != DND14.game and DND14.game == DND24.game


def test_games_group_the_editions() -> None:
    keys = [k for _label, k in game_choices()]
    assert set(SYSTEM_NAMES) <= set(keys)
    assert DND14.game in keys  # "any edition" of the game with two systems
    assert in_game(DND14.game, DND24.name) and not in_game(DND14.game, PF2E.name)
    assert in_game(DND24.name, DND24.name) and not in_game(DND24.name, DND14.name)
    assert same_game(DND14.name, DND24.name) and not same_game(PF2E.name, DND14.name)


@pytest.mark.parametrize(("d20", "degree"), [(20, "critical success"), (9, "success"), (8, "failure")])
def test_pf2e_check_gives_the_degree_with_the_typed_bonus(d20: int, degree: str) -> None:
    # reflex +9, +1 circumstance from the GM: d20 9 → 19 vs DC 19 is a success, 8 → 18 a failure
    bonus = Modifier("aid", "circumstance", 1, "GM")
    result = PF2E.d20_check(pc(), "save", "reflex", (d20,), 19, bonuses=[bonus])
    assert result.total == d20 + 10
    assert result.word == degree and result.succeeded == (degree != "failure")
    modifier = result.groups()[0]
    assert [(r.label, r.type, r.value) for r in modifier.rows] == [
        ("Reflex", "untyped", 9),
        ("aid", "circumstance", 1),
    ]
    with pytest.raises(ValueError, match="5e rules"):
        PF2E.d20_check(pc(), "save", "reflex", (d20,), 19, reasons=[Reason(ADVANTAGE, "Help")])


def test_5e_check_takes_the_higher_die_with_advantage() -> None:
    help_ = [Reason(ADVANTAGE, "Help")]
    result = DND14.d20_check(fiver(), "save", "dex", (3, 15), 18, reasons=help_)
    assert result.total == 19 and result.succeeded and result.mode == "advantage" and result.natural == 15
    mode = next(g for g in result.groups() if g.title == "Roll mode")
    assert mode.total == "advantage" and [(r.label, r.source) for r in mode.rows] == [("advantage", "Help")]
    result = DND14.d20_check(fiver(), "save", "dex", (3, 15), 18, reasons=[Reason(DISADVANTAGE, "fog")])
    assert result.total == 7 and not result.succeeded


def test_a_missing_statistic_is_named() -> None:
    with pytest.raises(MissingStatistic) as caught:
        PF2E.d20_check(pc(skills=()), "check", "athletics", (10,), 15)
    assert (caught.value.stat, caught.value.field) == ("athletics", "skills")


def test_passive_values() -> None:
    assert PF2E.passive(pc(), "perception").total == 16
    # wis 17 → +3; with advantage +5
    assert DND24.passive(fiver(), "perception").total == 13
    assert DND24.passive(fiver(), "perception", advantage=True).total == 18


def test_contests_exist_only_where_the_rules_have_them() -> None:
    a, b = fiver(), fiver(abilities=(("str", 18),))
    ra = DND14.d20_check(a, "check", "str", (12, 12), None)
    rb = DND14.d20_check(b, "check", "str", (5, 5), None)
    assert DND14.has_contests and (ra.total, rb.total) == (11, 9) and DND14.contest_winner(ra, rb) == "a"
    assert DND14.contest_winner(ra, ra) is None and ra.word == "rolled"
    assert not PF2E.has_contests


def test_group_summary_needs_half_in_5e() -> None:
    assert DND14.group_summary(2, 4) == ("The group succeeds: 2 of 4 succeed (at least half needed)", True)
    assert DND14.group_summary(1, 4)[1] is False


def test_menu_actions_follow_the_system_and_the_token() -> None:
    pf_keys = [a.key for a in PF2E.actions(pc())]
    dnd_keys = [a.key for a in DND14.actions(fiver(conditions=("prone",)))]
    assert "take-cover" in pf_keys and "dodge" not in pf_keys and "squeeze" not in pf_keys
    assert "dodge" in dnd_keys and "stand" in dnd_keys and "drop-prone" not in dnd_keys
    assert "fall" not in pf_keys and "fall" in [a.key for a in PF2E.actions(pc(elevation=20))]


def test_resolving_an_action_of_another_system_is_refused() -> None:
    scene = ascii_scene("A.", system="pf2e")
    token = scene.tokens[0]
    with pytest.raises(ValueError, match="dodge"):
        PF2E.resolve_action(scene, token, "dodge", random.Random(1))


def test_a_5e_fall_rolls_its_dice_and_lands_prone() -> None:
    scene = ascii_scene("A.", system="dnd5e-2024", tokens={"A": {"elevation": 20, "hp": 30}})
    token = scene.tokens[0]
    result = DND24.resolve_action(scene, token, "fall", ScriptedDice([4, 5]))
    landed = result.tokens[0]
    assert landed.elevation == 0 and landed.has_condition("prone")
    assert landed.hp == 21 and "9 bludgeoning" in result.lines[0]


def test_condition_lists_and_creature_sheets_differ_in_data() -> None:
    pf = dict(PF2E.condition_choices())
    dnd = dict(DND14.condition_choices())
    assert pf["frightened"] is True and "frightened" in dnd and dnd["frightened"] is False
    assert dnd["exhaustion"] is True
    assert PF2E.sheet.has_perception and not DND14.sheet.has_perception
    assert PF2E.blank_creature().system == PF2E.name and DND24.blank_creature().system == DND24.name
    assert set(PF2E.save_names) == {"fortitude", "reflex", "will"} and "dex" in DND14.save_names


def test_the_roll_a_turn_starts_with() -> None:
    assert PF2E.turn_start_roll(pc(hp=0, conditions=("dying 1", "unconscious"))) == "recovery check"
    assert PF2E.turn_start_roll(pc(hp=10)) == ""
    assert DND24.turn_start_roll(fiver(hp=0, pc=True)) == "death saving throw"
    assert DND24.turn_start_roll(fiver(hp=0, pc=True, conditions=("stable",))) == ""


def test_maneuver_dice_follow_the_edition() -> None:
    assert [k for k, _w, _s in DND14.maneuver_rolls("grapple", "A", "B")] == ["d20", "target_d20"]
    assert [k for k, _w, _s in DND24.maneuver_rolls("shove-prone", "A", "B")] == ["target_d20"]
    assert [s for _k, _w, s in PF2E.maneuver_rolls("trip", "A", "B")] == [20, 6]
    assert [k for k, _l in PF2E.maneuver_choices] != [k for k, _l in DND14.maneuver_choices]


def test_edition_flags() -> None:
    assert DND24.surprise_disadvantage and not DND14.surprise_disadvantage
    assert DND24.melee_knock_out and not DND14.melee_knock_out and not PF2E.melee_knock_out
    assert PF2E.stunned_costs_actions and PF2E.knock_out_moves_initiative and PF2E.persistent_damage
    assert not (DND14.stunned_costs_actions or DND14.knock_out_moves_initiative or DND14.persistent_damage)
    assert (PF2E.cover_save, DND14.cover_save) == ("reflex", "dex")
