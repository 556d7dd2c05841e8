"""Surprise (5e 2014: no acting in round 1; 2024: disadvantage on initiative) and PF2e initiative stat."""

from __future__ import annotations

import pytest

from rules.model.scene import Cell, Token
from rules.systems import initiative as ini
from rules.systems.reactions import can_react
from tests.rules.ascii_maps import ascii_scene


def test_2014_surprised_creatures_lose_their_first_turn_and_reactions() -> None:
    t = ini.surprise(Token("t", Cell(0, 0)))
    assert not ini.can_act("dnd5e-2014", t, 1)
    assert not ini.can_react("dnd5e-2014", t)
    after = ini.end_of_turn(t)
    assert ini.can_act("dnd5e-2014", after, 2) and ini.can_react("dnd5e-2014", after)
    # 2024 and PF2e: surprise doesn't take the turn.
    assert ini.can_act("dnd5e-2024", t, 1) and ini.can_act("pf2e", t, 1)


def test_2014_surprised_creatures_make_no_opportunity_attacks() -> None:
    s = ascii_scene(".Ab.", "dnd5e-2014", tokens={"b": {"conditions": ["surprised"]}})
    b = s.token("b")
    assert b is not None and not can_react(s, b)


@pytest.mark.parametrize(
    ("surprised", "advantage", "mode", "used"),
    [
        (True, False, "disadvantage", 4),
        (False, False, "normal", 15),
        (True, True, "normal", 15),
        (False, True, "advantage", 15),
    ],
)
def test_2024_surprise_is_disadvantage_on_initiative(
    surprised: bool, advantage: bool, mode: str, used: int
) -> None:
    r = ini.initiative_2024([15, 4], 3, surprised=surprised, advantage=advantage)
    assert (r.mode, r.d20_used, r.total) == (mode, used, used + 3)


def test_initiative_roll_validates_dice() -> None:
    with pytest.raises(ValueError, match="first, second"):
        ini.initiative_2024([21, 3], 0, surprised=False)


def test_pf2e_initiative_stat() -> None:
    assert ini.pf2e_initiative_stat(True) == "stealth"
    assert ini.pf2e_initiative_stat(False) == "perception"
