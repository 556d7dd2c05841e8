"""The conditions box as text (`rules.systems.condition_text`): known conditions in their spelling, values,
PF2e persistent damage, suggestions for misspellings, and what the token already had."""

from __future__ import annotations

import pytest

from rules.model.scene import PersistentDamage
from rules.systems.condition_text import ConditionTextError, conditions_text, read_conditions


def test_known_conditions_are_read_in_their_spelling() -> None:
    read = read_conditions("pf2e", " Frightened  2, prone,Off Guard , wounded 1")
    assert read.conditions == ("frightened 2", "prone", "off-guard", "wounded 1")
    assert read.persistent == ()
    assert read_conditions("dnd5e-2024", "Exhaustion 2, grappled").conditions == ("exhaustion 2", "grappled")
    assert read_conditions("pf2e", "").conditions == ()


def test_the_engines_own_marks_are_conditions_too() -> None:
    assert read_conditions("pf2e", "took-cover, raised-shield, unnoticed").conditions == (
        "took-cover",
        "raised-shield",
        "unnoticed",
    )
    assert read_conditions("dnd5e-2014", "dodging, disengaged, stable, dead").conditions == (
        "dodging",
        "disengaged",
        "stable",
        "dead",
    )


def test_a_misspelt_condition_is_refused_with_what_was_meant() -> None:
    with pytest.raises(ConditionTextError) as err:
        read_conditions("pf2e", "prone, frightend 1")
    assert str(err.value) == "Unknown condition “frightend 1”: did you mean “frightened 1”?"
    with pytest.raises(ConditionTextError, match="did you mean “grappled”"):
        read_conditions("dnd5e-2014", "grapled")
    with pytest.raises(ConditionTextError) as err:
        read_conditions("pf2e", "on fire")
    assert str(err.value) == "Unknown condition “on fire”"
    with pytest.raises(ConditionTextError, match="whole number"):
        read_conditions("pf2e", "frightened -1")


def test_pf2e_persistent_damage_is_written_with_its_formula_and_type() -> None:
    read = read_conditions("pf2e", "1d6 persistent fire, frightened 1, 2 Persistent Bleed")
    assert read.conditions == ("frightened 1",)
    assert read.persistent == (PersistentDamage("1d6", "fire"), PersistentDamage("2", "bleed"))
    assert (
        conditions_text(read.conditions, read.persistent)
        == "frightened 1, 1d6 persistent fire, 2 persistent bleed"
    )
    with pytest.raises(ConditionTextError, match="fier is not a damage type — did you mean fire"):
        read_conditions("pf2e", "1d6 persistent fier")
    with pytest.raises(ConditionTextError, match="bad dice notation"):
        read_conditions("pf2e", "1d persistent fire")
    with pytest.raises(ConditionTextError, match="write the damage and its type"):
        read_conditions("pf2e", "persistent damage")


def test_5e_has_no_persistent_damage() -> None:
    with pytest.raises(ConditionTextError, match=r"D&D 5e \(2024\) has no persistent damage"):
        read_conditions("dnd5e-2024", "1d6 persistent fire")


def test_what_the_token_already_had_stays_even_when_unknown() -> None:
    read = read_conditions("pf2e", "blessed by Iomedae, prone", keep=("blessed by Iomedae",))
    assert read.conditions == ("blessed by Iomedae", "prone")
    with pytest.raises(ConditionTextError):
        read_conditions("pf2e", "blessed by Iomedae, cursed", keep=("blessed by Iomedae",))


def test_a_condition_named_twice_keeps_the_last_value() -> None:
    assert read_conditions("pf2e", "frightened 1, frightened 3").conditions == ("frightened 3",)
