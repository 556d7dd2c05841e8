"""Typed modifier stacking (PF2e Player Core "Bonuses" and "Penalties")."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.systems.modifiers import MODIFIER_TYPES, Modifier, stack


def test_only_the_highest_bonus_of_a_type_applies() -> None:
    b = stack([Modifier("a", "item", 1), Modifier("b", "item", 2), Modifier("c", "status", 1)])
    assert [e.applied for e in b.entries] == [False, True, True]
    assert b.total == 3


def test_only_the_worst_penalty_of_a_type_applies() -> None:
    b = stack([Modifier("frightened", "status", -2), Modifier("sickened", "status", -1)])
    assert b.total == -2
    assert [e.applied for e in b.entries] == [True, False]


def test_a_bonus_and_a_penalty_of_one_type_both_apply() -> None:
    b = stack([Modifier("heroism", "status", 1), Modifier("sickened", "status", -2)])
    assert b.total == -1
    assert all(e.applied for e in b.entries)


def test_untyped_modifiers_all_apply() -> None:
    b = stack(
        [
            Modifier("attack bonus", "untyped", 9),
            Modifier("multiple attack penalty", "untyped", -5),
            Modifier("range penalty", "untyped", -2),
            Modifier("volley", "untyped", -2),
        ]
    )
    assert b.total == 0
    assert all(e.applied for e in b.entries)


def test_ties_apply_once_and_keep_the_first() -> None:
    b = stack(
        [
            Modifier("off-guard", "circumstance", -2, "prone"),
            Modifier("off-guard", "circumstance", -2, "flank"),
        ]
    )
    assert b.total == -2
    assert [e.applied for e in b.entries] == [True, False]


def test_zero_is_a_bonus_that_loses_to_a_real_one() -> None:
    b = stack([Modifier("zero", "item", 0), Modifier("rune", "item", 1)])
    assert [e.applied for e in b.entries] == [False, True]


def test_breakdown_json_and_explain() -> None:
    b = stack([Modifier("cover", "circumstance", 2, "standard cover"), Modifier("x", "circumstance", 1)])
    assert b.to_json() == [
        {"label": "cover", "type": "circumstance", "value": 2, "applied": True, "source": "standard cover"},
        {"label": "x", "type": "circumstance", "value": 1, "applied": False, "source": ""},
    ]
    assert "not applied" in b.explain()
    assert stack([]).explain() == "no modifiers"


def test_unknown_type_is_refused_and_values_are_frozen() -> None:
    with pytest.raises(ValueError, match="luck"):
        Modifier("x", "luck", 1)
    m = Modifier("x", "item", 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.value = 3  # type: ignore[misc]


modifiers = st.builds(
    Modifier, st.sampled_from(["a", "b", "c"]), st.sampled_from(MODIFIER_TYPES), st.integers(-10, 10)
)


@given(st.lists(modifiers, max_size=12))
def test_total_is_best_bonus_plus_worst_penalty_per_type(mods: list[Modifier]) -> None:
    expected = sum(m.value for m in mods if m.type == "untyped")
    for t in MODIFIER_TYPES:
        if t == "untyped":
            continue
        values = [m.value for m in mods if m.type == t]
        expected += max([v for v in values if v >= 0], default=0)
        expected += min([v for v in values if v < 0], default=0)
    b = stack(mods)
    assert b.total == expected
    assert len(b.entries) == len(mods)
    # At most one bonus and one penalty per typed type is applied.
    for t in MODIFIER_TYPES:
        if t != "untyped":
            applied = [e.modifier.value for e in b.entries if e.applied and e.modifier.type == t]
            assert sum(1 for v in applied if v >= 0) <= 1
            assert sum(1 for v in applied if v < 0) <= 1
