"""`GridRules`: each system's grid data, the scene options a system lets vary, and the systems carrying it."""

from __future__ import annotations

import dataclasses

import pytest

from rules.model.grid_rules import SYSTEM_GRIDS, GridRules
from rules.model.scene import CANNOT_ACT, Options, new_scene
from rules.systems import SYSTEM_NAMES, system_for


def test_every_system_has_its_grid_and_carries_it() -> None:
    assert set(SYSTEM_GRIDS) == set(SYSTEM_NAMES)
    for name in SYSTEM_NAMES:
        assert system_for(name).grid == SYSTEM_GRIDS[name]


def test_pf2e_prices_diagonals_one_way_whatever_the_options() -> None:
    scene = new_scene("pf2e", 4, 4)
    odd = scene.edit(options=Options("five", False, "touch"))
    assert odd.rules.diagonals == "alternating" and odd.rules.flanking
    assert odd.rules.reach_exception and odd.rules.fixed_templates


def test_5e_options_choose_the_count_flanking_and_method() -> None:
    scene = new_scene("dnd5e-2024", 4, 4).edit(options=Options("alternating", True, "token"))
    assert (scene.rules.diagonals, scene.rules.flanking, scene.rules.area_method) == (
        "alternating",
        True,
        "token",
    )
    assert not scene.rules.reach_exception and scene.rules.corner_cover


def test_only_2024_has_emanations() -> None:
    assert "emanation" in new_scene("dnd5e-2024", 2, 2).rules.area_shapes
    assert "emanation" not in new_scene("dnd5e-2014", 2, 2).rules.area_shapes
    assert "burst" in new_scene("pf2e", 2, 2).rules.area_shapes


def test_the_cant_act_set_is_the_scenes() -> None:
    assert SYSTEM_GRIDS["dnd5e-2024"].cant_threaten == CANNOT_ACT
    assert SYSTEM_GRIDS["pf2e"].cant_threaten == CANNOT_ACT | {"restrained"}


def test_grid_rules_are_frozen() -> None:
    rules: GridRules = SYSTEM_GRIDS["pf2e"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.diagonals = "five"  # type: ignore[misc]


def test_systems_carry_their_table_defaults() -> None:
    pf2e, five = system_for("pf2e"), system_for("dnd5e-2014")
    assert (pf2e.default_speed, pf2e.default_dc, pf2e.default_area_save) == (25, 20, "reflex")
    assert (five.default_speed, five.default_dc, five.default_area_save) == (30, 15, "dex")
    assert pf2e.default_reach("tiny") == 0 and five.default_reach("tiny") == 5
    assert pf2e.band_text(2) == "Stride 2" and five.band_text(2) == "Dash"
    assert pf2e.attack_penalty(2, False) == -5 and pf2e.attack_penalty(3, True) == -8
    assert five.attack_penalty(3, False) == 0


def test_movement_data_differs_by_system_not_by_name() -> None:
    pf2e, old, new = (new_scene(name, 2, 2).rules for name in ("pf2e", "dnd5e-2014", "dnd5e-2024"))
    assert pf2e.terrain_adds and not old.terrain_adds and not new.terrain_adds
    assert pf2e.step_action and not old.step_action
    assert len({pf2e.creature_passage, old.creature_passage, new.creature_passage}) == 3
    assert new.obscured_states and not pf2e.obscured_states
    assert system_for("pf2e").flanking_effect != system_for("dnd5e-2024").flanking_effect
