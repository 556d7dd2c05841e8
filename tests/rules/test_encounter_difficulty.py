"""Encounter difficulty against the published tables and their worked examples."""

from __future__ import annotations

import pytest

from rules.systems.encounter_difficulty import (
    XP_BY_CR,
    dnd5e_2014_difficulty,
    dnd5e_2024_difficulty,
    encounter_multiplier,
    pf2e_budgets,
    pf2e_creature_xp,
    pf2e_difficulty,
    scene_difficulty,
    xp_for_cr,
)

# ------------------------------------------------------------------------------------------------ PF2e


@pytest.mark.parametrize(
    ("delta", "xp"),
    [(-5, 0), (-4, 10), (-3, 15), (-2, 20), (-1, 30), (0, 40), (1, 60), (2, 80), (3, 120), (4, 160)],
)
def test_pf2e_creature_xp_by_level_difference(delta: int, xp: int) -> None:
    assert pf2e_creature_xp(5 + delta, 5) == xp


def test_pf2e_budgets_scale_per_character() -> None:
    assert dict(pf2e_budgets(4)) == {"trivial": 40, "low": 60, "moderate": 80, "severe": 120, "extreme": 160}
    assert dict(pf2e_budgets(5)) == {"trivial": 50, "low": 75, "moderate": 100, "severe": 150, "extreme": 200}
    assert dict(pf2e_budgets(3)) == {"trivial": 30, "low": 45, "moderate": 60, "severe": 90, "extreme": 120}


def test_pf2e_ratings() -> None:
    # Two on-level creatures are a moderate encounter for four level-3 PCs (80 XP).
    d = pf2e_difficulty(3, 4, [3, 3])
    assert (d.xp, d.rating) == (80, "moderate")
    # One creature 2 levels above + one 2 below: 80 + 20 = 100 → still moderate (below severe 120).
    assert pf2e_difficulty(5, 4, [7, 3]).rating == "moderate"
    assert pf2e_difficulty(5, 4, [8]).rating == "severe"  # +3 = 120
    assert pf2e_difficulty(5, 4, [9]).rating == "extreme"  # +4 = 160
    assert pf2e_difficulty(1, 4, [0]).rating == "trivial"  # 30 XP, below low 60
    assert pf2e_difficulty(1, 4, [1, 0]).rating == "low"  # 70 XP
    d = pf2e_difficulty(1, 4, [10])
    assert d.beyond is False and d.rating == "extreme" and d.notes
    assert pf2e_difficulty(1, 4, [5, 5]).beyond is True
    # Six PCs: moderate budget 120; three on-level creatures are exactly moderate.
    assert pf2e_difficulty(4, 6, [4, 4, 4]).rating == "moderate"


# ------------------------------------------------------------------------------------------- 5e 2014


def test_xp_by_cr() -> None:
    assert (xp_for_cr(0.25), xp_for_cr(1), xp_for_cr(17), xp_for_cr(30)) == (50, 200, 18000, 155000)
    with pytest.raises(ValueError):
        xp_for_cr(31)


@pytest.mark.parametrize(
    ("monsters", "party", "multiplier"),
    [
        (1, 4, 1),
        (2, 4, 1.5),
        (3, 4, 2),
        (6, 4, 2),
        (7, 4, 2.5),
        (10, 4, 2.5),
        (11, 4, 3),
        (15, 4, 4),
        (1, 2, 1.5),
        (15, 2, 5),
        (1, 6, 0.5),
        (3, 6, 1.5),
    ],
)
def test_encounter_multiplier(monsters: int, party: int, multiplier: float) -> None:
    assert encounter_multiplier(monsters, party) == multiplier


def test_dmg_2014_example() -> None:
    """DMG p. 82: a party of four 3rd-level characters (thresholds 300/600/900/1600) against a bugbear
    (CR 1, 200 XP) and three hobgoblins (CR 1/2, 100 XP each): 500 XP × 2 = 1000 → hard."""
    d = dnd5e_2014_difficulty([3, 3, 3, 3], [XP_BY_CR[1], XP_BY_CR[0.5], XP_BY_CR[0.5], XP_BY_CR[0.5]])
    assert dict(d.thresholds) == {"easy": 300, "medium": 600, "hard": 900, "deadly": 1600}
    assert (d.base_xp, d.multiplier, d.xp, d.rating) == (500, 2.0, 1000, "hard")
    assert dnd5e_2014_difficulty([1, 1, 1, 1], [XP_BY_CR[0.125]]).rating == "trivial"  # 25 < 100
    assert dnd5e_2014_difficulty([1, 1, 1, 1], [XP_BY_CR[2]]).rating == "deadly"  # 450 ≥ 400
    # Mixed levels sum per character: levels 1 and 5 → easy 25 + 250.
    assert dict(dnd5e_2014_difficulty([1, 5], [10]).thresholds)["easy"] == 275
    with pytest.raises(ValueError):
        dnd5e_2014_difficulty([], [10])


# ------------------------------------------------------------------------------------------- 5e 2024


def test_dmg_2024_budget() -> None:
    """DMG 2024: four level-1 characters have budgets low 200 / moderate 300 / high 400."""
    d = dnd5e_2024_difficulty([1, 1, 1, 1], [XP_BY_CR[0.25]] * 4)
    assert dict(d.thresholds) == {"low": 200, "moderate": 300, "high": 400}
    assert (d.xp, d.rating, d.multiplier) == (200, "low", 1.0)
    assert dnd5e_2024_difficulty([5] * 4, [XP_BY_CR[5], XP_BY_CR[5]]).rating == "moderate"  # 3600 ≥ 3000
    assert dnd5e_2024_difficulty([20], [XP_BY_CR[30]]).beyond is True
    assert dnd5e_2024_difficulty([3, 3], [XP_BY_CR[0]]).rating == "trivial"


def test_scene_difficulty() -> None:
    assert scene_difficulty("pf2e", [], [(1, None, None)]) is None
    d = scene_difficulty("pf2e", [3, 3, 3, 3], [(3, None, None), (3, None, None)])
    assert d is not None and d.rating == "moderate"
    d = scene_difficulty(
        "dnd5e-2014",
        [3, 3, 3, 3],
        [(None, 1.0, None), (None, 0.5, None), (None, None, 100), (None, 0.5, None)],
    )
    assert d is not None and d.rating == "hard"
    d = scene_difficulty("dnd5e-2024", [1, 1, 1, 1], [(None, 0.25, None)] * 4)
    assert d is not None and d.rating == "low" and d.describe() == "Low (200 XP)"


def _scene(system: str, tokens: list[dict[str, object]]) -> object:
    from rules.io.scene_json import scene_from_json

    return scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": system,
            "grid": {"width": 20, "height": 20},
            "tokens": tokens,
        }
    )


def test_difficulty_of_the_map() -> None:
    from rules.systems.encounter_difficulty import difficulty_for_scene, difficulty_text

    pcs = [{"id": f"pc{i}", "cell": [i, 0], "side": "party", "pc": True, "level": 3} for i in range(4)]
    foes = [
        {"id": "ogre", "cell": [5, 5], "side": "enemies", "level": 3, "hp": 50},
        {"id": "ogre2", "cell": [8, 5], "side": "enemies", "level": 3, "hp": 50},
        {"id": "dead", "cell": [11, 5], "side": "enemies", "level": 9, "hp": 0},
        {"id": "ally", "cell": [14, 5], "side": "party", "level": 9},
    ]
    scene = _scene("pf2e", pcs + foes)
    d = difficulty_for_scene(scene)  # type: ignore[arg-type]
    assert d is not None and (d.xp, d.rating) == (80, "moderate")
    assert difficulty_text(scene).startswith("Encounter: Moderate (80 XP")  # type: ignore[arg-type]
    assert "give the PCs a level" in difficulty_text(
        _scene("pf2e", [{"id": "a", "cell": [0, 0], "pc": True}])
    )  # type: ignore[arg-type]
    five = [{"id": f"pc{i}", "cell": [i, 0], "side": "party", "pc": True, "level": 3} for i in range(4)]
    five += [{"id": "bugbear", "cell": [5, 5], "side": "enemies", "cr": 1}]
    five += [{"id": f"hob{i}", "cell": [8 + i, 8], "side": "enemies", "xp": 100} for i in range(3)]
    d = difficulty_for_scene(_scene("dnd5e-2014", five))  # type: ignore[arg-type]
    assert d is not None and (d.xp, d.rating) == (1000, "hard")
