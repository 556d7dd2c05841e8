"""The table's commands: an attack resolved once inside its command, damage, areas."""

from __future__ import annotations

import pytest

from rules.geometry.areas import AreaSpec
from rules.geometry.coords import Point
from rules.model.areas import PlacedArea
from rules.model.scene import Attack
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.history import History
from rules.play.table import ApplyDamage, AttackRoll, PlaceArea, RemoveArea
from rules.systems import system_for
from rules.systems.damage import DamageEntry
from tests.rules.play.helpers import scene_from, started

DUEL = """
A B . .
. . . C
"""
SWORD = {"attacks": (Attack("longsword", 9, "1d8+4 slashing"),)}


def test_the_attack_is_resolved_once_and_is_the_systems_answer() -> None:
    state = started("pf2e", DUEL.replace("C", "D").replace(". . . D", "C . . D"), A=SWORD)
    first = AttackRoll("A", "B", "longsword", (12,)).apply(state)
    scene = state.scene
    expected = system_for(scene).attack(scene, scene.token("A"), scene.token("B"), SWORD["attacks"][0], (12,))  # type: ignore[arg-type]
    assert first.detail == expected
    assert first.lines[0] == "A attacks B with longsword: success"
    # the attack counts: the second has the multiple attack penalty, and the Strike took an action
    second = AttackRoll("A", "B", "longsword", (12,)).apply(first.state)
    assert second.lines[0].startswith("A attacks B with longsword (attack 2 this turn)")
    assert second.detail.total == first.detail.total - 5  # type: ignore[attr-defined]
    assert second.state.encounter is not None and second.state.encounter.turn is not None
    assert second.state.encounter.turn.actions == 1


def test_5e_attacks_take_two_dice_and_one_typed_die_is_both() -> None:
    state = GameState(scene_from(DUEL, "dnd5e-2014", A=SWORD))
    one = AttackRoll("A", "B", "longsword", (15,)).apply(state)
    two = AttackRoll("A", "B", "longsword", (15, 15)).apply(state)
    assert one.detail == two.detail and one.lines == two.lines


def test_an_attack_the_rules_forbid_is_refused() -> None:
    state = GameState(scene_from(DUEL, "pf2e", A=SWORD))
    with pytest.raises(Refused, match="out of reach"):
        AttackRoll("A", "C", "longsword", (10,)).apply(state)
    with pytest.raises(Refused, match="no attack named"):
        AttackRoll("A", "B", "axe", (10,)).apply(state)
    with pytest.raises(Refused):
        History(state).execute(AttackRoll("A", "A", "longsword", (10,)))


def test_damage_goes_through_the_system_and_is_logged() -> None:
    state = GameState(scene_from(DUEL, "dnd5e-2024"))
    out = ApplyDamage("B", (DamageEntry(7, "fire"),), source="Fire bolt").apply(state)
    assert out.state.scene.token("B").hp == 13  # type: ignore[union-attr]
    assert out.lines[0].startswith("Fire bolt: B takes 7 damage: HP 20 → 13")


def test_areas_are_placed_and_removed_in_the_state_not_the_scene() -> None:
    state = GameState(scene_from(DUEL))
    cloud = PlacedArea("area-1", AreaSpec("burst", 5, origin=Point(1, 1)), label="Cloud", rounds_left=2)
    out = PlaceArea(cloud, ("A", "B")).apply(state)
    assert out.state.areas == (cloud,) and out.state.scene == state.scene
    assert out.lines == ("Placed Cloud for 2 rounds: 2 creatures inside (A, B)",)
    back = RemoveArea("area-1").apply(out.state)
    assert back.state.areas == () and back.lines == ("Removed Cloud",)
