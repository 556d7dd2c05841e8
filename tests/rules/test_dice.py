"""Dice notation: parsing, rendering, rolling with injected dice, and error positions."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import dice
from rules.dice import DiceSyntaxError, ScriptedDice


@pytest.mark.parametrize(
    ("text", "typed", "plain"),
    [
        ("2d6+4", "2d6+4", "2d6+4"),
        ("1d8+4 slashing plus 1d6 fire", "1d8+4 slashing plus 1d6 fire", "1d8+4+1d6"),
        ("4d6kh3", "4d6kh3", "4d6kh3"),
        ("2d20kl1", "2d20kl1", "2d20kl1"),
        ("(1d8+4)*2", "(1d8+4)*2", "(1d8+4)*2"),
        ("d20 + 5", "1d20+5", "1d20+5"),
        ("1D6 Fire", "1d6 fire", "1d6"),
        ("1d6 persistent bleed", "1d6 persistent bleed", "1d6"),
        ("2d6 fire, 1d4 cold", "2d6 fire plus 1d4 cold", "2d6+1d4"),
        ("1d6 fire + 2 cold", "1d6 fire plus 2 cold", "1d6+2"),
        ("d%", "1d100", "1d100"),
        ("1d4-1", "1d4-1", "1d4-1"),
    ],
)
def test_parse_and_render(text: str, typed: str, plain: str) -> None:
    f = dice.parse(text)
    assert f.render() == typed
    assert f.render(types=False) == plain
    # What renders parses back to the same formula.
    assert dice.parse(f.render()) == f


def test_typed_parts_and_persistent_flag() -> None:
    f = dice.parse("1d8+4 slashing plus 1d6 persistent fire")
    assert [p.type for p in f.parts] == ["slashing", "persistent fire"]
    assert [p.persistent for p in f.parts] == [False, True]
    assert [p.damage_type for p in f.parts] == ["slashing", "fire"]


def test_roll_keeps_every_die_and_term() -> None:
    result = dice.roll("1d8+4 slashing plus 2d6 fire", ScriptedDice([5, 2, 6]))
    assert result.total == 5 + 4 + 2 + 6
    assert result.by_type() == {"slashing": 9, "fire": 8}
    slashing, fire = result.parts
    assert [t.value for t in slashing.terms] == [5, 4]
    assert [t.text for t in slashing.terms] == ["1d8", "4"]
    assert fire.dice[0].rolls == (2, 6)
    assert [d.dice.sides for d in result.dice] == [8, 6]


def test_subtraction_terms_carry_their_sign() -> None:
    result = dice.roll("2d6-3", ScriptedDice([4, 4]))
    assert [t.value for t in result.parts[0].terms] == [8, -3]
    assert result.total == 5


@pytest.mark.parametrize(
    ("text", "rolls", "total", "kept"),
    [
        ("4d6kh3", [3, 6, 1, 5], 14, (True, True, False, True)),
        ("2d20kl1", [17, 4], 4, (False, True)),
        ("2d20kh1", [17, 4], 17, (True, False)),
        ("4d6dl1", [3, 6, 1, 5], 14, (True, True, False, True)),
        ("3d6dh1", [2, 2, 6], 4, (True, True, False)),
        ("2d20k1", [9, 9], 9, (False, True)),
    ],
)
def test_keep_and_drop(text: str, rolls: list[int], total: int, kept: tuple[bool, ...]) -> None:
    result = dice.roll(text, ScriptedDice(rolls))
    assert result.total == total
    assert result.dice[0].rolls == tuple(rolls)
    assert result.dice[0].kept == kept


def test_grouping_and_multiplication() -> None:
    assert dice.roll("(1d8+4)*2", ScriptedDice([6])).total == 20
    assert dice.roll("1d8+4*2", ScriptedDice([6])).total == 14
    assert dice.roll("7/2", ScriptedDice([])).total == 3
    assert dice.roll("-(1d4+1)", ScriptedDice([3])).total == -4


def test_seeded_rolls_repeat_and_leave_global_random_alone() -> None:
    random.seed(99)
    expected_global = [random.random() for _ in range(3)]
    random.seed(99)
    first = dice.roll("10d6+2", random.Random(7))
    second = dice.roll("10d6+2", random.Random(7))
    assert first == second
    assert [random.random() for _ in range(3)] == expected_global


def test_scripted_dice_refuse_impossible_values() -> None:
    with pytest.raises(ValueError, match="doesn't fit"):
        dice.roll("1d6", ScriptedDice([7]))
    with pytest.raises(ValueError, match="no scripted die"):
        dice.roll("2d6", ScriptedDice([1]))


@given(st.integers(1, 30), st.integers(1, 100), st.integers(-20, 20), st.integers(0, 2**32))
def test_totals_stay_within_bounds(count: int, sides: int, bonus: int, seed: int) -> None:
    result = dice.roll(f"{count}d{sides}{bonus:+d}", random.Random(seed))
    group = result.dice[0]
    assert len(group.rolls) == count
    assert all(1 <= r <= sides for r in group.rolls)
    assert count + bonus <= result.total <= count * sides + bonus


@given(st.integers(1, 12), st.integers(2, 20), st.data())
def test_keep_highest_keeps_the_highest(count: int, sides: int, data: st.DataObject) -> None:
    keep = data.draw(st.integers(0, count))
    rolls = data.draw(st.lists(st.integers(1, sides), min_size=count, max_size=count))
    result = dice.roll(f"{count}d{sides}kh{keep}", ScriptedDice(rolls))
    assert result.total == sum(sorted(rolls, reverse=True)[:keep])
    assert sum(result.dice[0].kept) == keep


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("2d6+x", 5),
        ("2d", 3),
        ("(1d8+4", 7),
        ("1d8+4)", 6),
        ("", 1),
        ("4d6kh5", 6),
        ("1d8++", 6),
        ("5d0", 3),
        ("2d6 kh3", 7),
        ("1d6 fire plus", 14),
        ("3d6 & 2", 5),
    ],
)
def test_errors_point_at_the_bad_character(text: str, column: int) -> None:
    with pytest.raises(DiceSyntaxError) as info:
        dice.parse(text)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.column == column
    formula_line, caret_line = str(err).splitlines()[1:3]
    assert formula_line == f"  {text}"
    assert caret_line.index("^") - 2 == column - 1
    assert f"column {column}" in err.short


def test_limits_are_notation_errors() -> None:
    with pytest.raises(DiceSyntaxError, match="at most"):
        dice.parse("100000d6")
    with pytest.raises(DiceSyntaxError, match="sides"):
        dice.parse("1d100000")
    with pytest.raises(DiceSyntaxError, match="longer"):
        dice.parse("1+" * 400 + "1")
    with pytest.raises(DiceSyntaxError, match="nested"):
        dice.parse("(" * 60 + "1" + ")" * 60)


def test_double_dice_doubles_only_dice() -> None:
    assert dice.double_dice("1d8+3").render(types=False) == "2d8+3"
    assert dice.double_dice("2d6+1d8+3 slashing plus 1d6 fire").render() == "4d6+2d8+3 slashing plus 2d6 fire"


def test_weapon_dice_and_average() -> None:
    assert dice.weapon_dice("2d8+4 slashing plus 1d6 fire") == dice.Dice(2, 8)
    assert dice.weapon_dice("5 fire") is None
    assert dice.average("2d6+3") == 10.0
    assert dice.average("1d6 fire plus 1d4 cold") == 6.0
    assert dice.parse_die_size("d12") == 12
    with pytest.raises(DiceSyntaxError):
        dice.parse_die_size("12")


def test_results_are_frozen() -> None:
    result = dice.roll("1d6", ScriptedDice([4]))
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.parts[0].dice[0].rolls = (6,)  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        dice.parse("1d6").parts = ()  # type: ignore[misc]
