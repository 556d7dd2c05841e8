"""The dice box's notation (`rules.dice.parse_roll` / `roll_expression`): Japanese tables' ``2D6+3`` and
``1D20>=15``, full-width input, keep-highest advantage, and clear errors."""

from __future__ import annotations

import pytest

from rules import dice
from rules.dice import DiceSyntaxError, ScriptedDice


@pytest.mark.parametrize("text", ["2D6+3", "2d6+3", "２Ｄ６＋３", " 2D6 + 3 "])
def test_upper_lower_and_full_width_d_read_the_same(text: str) -> None:
    rolled = dice.roll_expression(text, ScriptedDice([4, 5]))
    assert rolled.total == 12
    assert rolled.success is None
    assert rolled.expression.render() == "2d6+3"


@pytest.mark.parametrize(
    ("text", "die", "success"),
    [
        ("1D20>=15", 15, True),
        ("1D20>=15", 14, False),
        ("1d20 >= 15", 20, True),
        ("１Ｄ２０＞＝１５", 15, True),
        ("1d20≥15", 3, False),
        ("1D100<=40", 40, True),
        ("1D100<=40", 41, False),
        ("1d20>10", 10, False),
        ("1d20<10", 9, True),
        ("1d20=7", 7, True),
    ],
)
def test_a_target_gives_success_or_failure(text: str, die: int, success: bool) -> None:
    sides = 100 if "100" in text else 20
    assert dice.roll_expression(text, ScriptedDice([die])).success is success
    assert dice.parse_roll(text).formula.dice()[0].sides == sides


def test_a_target_counts_the_modifier_and_can_be_negative() -> None:
    assert dice.roll_expression("1d20+5>=15", ScriptedDice([10])).success is True
    assert dice.roll_expression("1d4-3>=-1", ScriptedDice([1])).success is False
    assert dice.parse_roll("1d4-3>=-1").target == (">=", -1)


def test_keep_highest_is_advantage_and_4d6kh3_drops_the_lowest() -> None:
    adv = dice.roll_expression("2d20kh1", ScriptedDice([3, 17]))
    assert adv.total == 17
    stat = dice.roll_expression("4D6KH3", ScriptedDice([1, 6, 4, 5]))
    assert stat.total == 15
    assert "~1" in stat.result.render()


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("1d20>=", 7, "number to compare"),
        ("1d20>=x", 7, "whole number"),
        (">=15", 1, "before '>='"),
        ("2d+1>=5", 3, "sides"),
        ("1d20>=1234567", 7, "too large"),
    ],
)
def test_bad_expressions_say_what_and_where(text: str, column: int, words: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        dice.parse_roll(text)
    assert caught.value.column == column
    assert words in caught.value.short


def test_plain_parse_still_refuses_a_comparison() -> None:
    with pytest.raises(DiceSyntaxError):
        dice.parse("1d20>=15")
