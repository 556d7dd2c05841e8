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
from rules.systems.modifiers import Modifier
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
def test_pf2e_check_row_gives_the_degree_with_the_typed_bonus(d20: int, degree: str) -> None:
    # reflex +9, +1 circumstance from the GM: d20 9 → 19 vs DC 19 is a success, 8 → 18 a failure
    bonus = Modifier("aid", "circumstance", 1, "GM")
    row = PF2E.roll_check(pc(), "save", "reflex", (d20, d20), 19, bonus=bonus)
    assert row.total == d20 + 10
    assert row.outcome == degree
    assert "aid" in row.detail


def test_5e_check_row_takes_the_higher_die_with_advantage() -> None:
    row = DND14.roll_check(fiver(), "save", "dex", (3, 15), 18, advantage=True)
    assert row.total == 19 and row.success is True
    row = DND14.roll_check(fiver(), "save", "dex", (3, 15), 18, disadvantage=True)
    assert row.total == 7 and row.success is False


def test_a_missing_statistic_gives_a_row_without_a_total() -> None:
    row = PF2E.roll_check(pc(skills=()), "check", "athletics", (10, 10), 15)
    assert row.total is None and row.success is None and "athletics" in row.detail


def test_passive_values() -> None:
    assert PF2E.passive(pc(), "perception").total == 16
    # wis 17 → +3; with advantage +5
    assert DND24.passive(fiver(), "perception").total == 13
    assert DND24.passive(fiver(), "perception", advantage=True).total == 18


def test_contests_exist_only_where_the_rules_have_them() -> None:
    a, b = fiver(), fiver(abilities=(("str", 18),))
    out = DND14.contest(a, "str", (12, 12), b, "str", (5, 5))
    assert DND14.has_contests and [r.total for r in out.rows] == [11, 9] and out.winner == "a"
    assert not PF2E.has_contests and PF2E.contest(a, "str", (12, 12), b, "str", (5, 5)).rows == ()


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
