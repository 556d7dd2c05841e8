"""Saves against areas: the token's modifier, cover from the area's origin, and the outcome."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.geometry.coords import Point
from rules.geometry.cover import cover
from rules.saves import normalise_save, resolve_save, save_modifier, save_names
from rules.systems.pf2e.degrees import degree
from tests.rules.ascii_maps import ascii_scene, wall

OPEN = """
    .....
    ..a..
    .....
"""
SAVES_PF = {"a": {"saves": {"Reflex": 6, "fort": 4, "will": 2}, "hp": 20}}
SAVES_5E = {"a": {"saves": {"dexterity": 3, "wis": -1}, "hp": 20}}


def test_names_and_spellings() -> None:
    assert save_names("pf2e") == ("fortitude", "reflex", "will")
    assert "dex" in save_names("dnd5e-2024")
    assert normalise_save(" Reflex ") == "reflex"
    assert normalise_save("Dexterity") == "dex"
    assert normalise_save("luck") is None


def test_modifier_comes_from_the_tokens_saves() -> None:
    scene = ascii_scene(OPEN, tokens=SAVES_PF)
    a = scene.token("a")
    assert a is not None
    assert save_modifier(a, "reflex") == 6
    assert save_modifier(a, "Fortitude") == 4
    scene5 = ascii_scene(OPEN, "dnd5e-2014", tokens=SAVES_5E)
    a5 = scene5.token("a")
    assert a5 is not None and save_modifier(a5, "dex") == 3 and save_modifier(a5, "con") is None


@given(d20=st.integers(1, 20), dc=st.integers(5, 40))
def test_pf2e_outcome_is_the_engines_degree(d20: int, dc: int) -> None:
    scene = ascii_scene(OPEN, tokens=SAVES_PF)
    a = scene.token("a")
    assert a is not None
    r = resolve_save(scene, a, "reflex", dc, d20, origin=Point(0, 0))
    assert r.outcome == degree(d20, 6, dc)
    assert r.total == d20 + 6


@given(d20=st.integers(1, 20), dc=st.integers(5, 25))
def test_5e_success_is_meeting_the_dc_and_naturals_are_not_special(d20: int, dc: int) -> None:
    scene = ascii_scene(OPEN, "dnd5e-2014", tokens=SAVES_5E)
    a = scene.token("a")
    assert a is not None
    r = resolve_save(scene, a, "dex", dc, d20)
    assert r.outcome == ("success" if d20 + 3 >= dc else "failure")


def test_a_typed_modifier_overrides_the_tokens() -> None:
    scene = ascii_scene(OPEN, tokens=SAVES_PF)
    a = scene.token("a")
    assert a is not None
    assert resolve_save(scene, a, "will", 15, 10, base=9).total == 19


# A short wall between the area's origin (0, 1.5) and the target: it still has line of effect to part of
# the target, so the wall gives cover rather than protection.
WALLED = """
    .....
    ..a..
    .....
"""


@pytest.mark.parametrize(
    ("system", "save", "other", "tokens", "blocker"),
    [
        # PF2e: the one line from (0, 1.5) to the centre (2.5, 1.5) crosses the wall
        ("pf2e", "reflex", "will", SAVES_PF, wall((2, 1.2), (2, 1.8))),
        # 5e: two of the four lines to the square's corners cross it: half cover
        ("dnd5e-2014", "dex", "wis", SAVES_5E, wall((1.5, 1.0), (1.5, 1.3))),
    ],
)
def test_cover_from_the_origin_helps_only_the_right_save(
    system: str, save: str, other: str, tokens: dict[str, dict[str, object]], blocker: dict[str, object]
) -> None:
    scene = ascii_scene(WALLED, system, tokens=tokens, walls=[blocker])
    a = scene.token("a")
    assert a is not None
    origin = Point(0, 1.5)
    facts = cover(scene, a, origin=origin)
    assert facts.ac_bonus > 0  # the map really gives cover
    with_cover = resolve_save(scene, a, save, 20, 10, origin=origin)
    bonus = [m.modifier for m in with_cover.modifiers.entries if m.modifier.label == "cover"]
    assert [m.value for m in bonus] == [facts.ac_bonus]
    assert with_cover.total == 10 + (save_modifier(a, save) or 0) + facts.ac_bonus
    without = resolve_save(scene, a, other, 20, 10, origin=origin)
    assert all(m.modifier.label != "cover" for m in without.modifiers.entries)
    # no origin, no cover
    plain = resolve_save(scene, a, save, 20, 10)
    assert all(m.modifier.label != "cover" for m in plain.modifiers.entries)


def test_bad_d20_is_rejected() -> None:
    scene = ascii_scene(OPEN, tokens=SAVES_PF)
    a = scene.token("a")
    assert a is not None
    with pytest.raises(ValueError):
        resolve_save(scene, a, "reflex", 15, 21)
