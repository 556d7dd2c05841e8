"""The drag explains a diagonal that costs 10 ft because of an earlier move this turn (issue 13 item 12):
the alternating count runs across the whole turn, so after one diagonal the next costs 10 ft. The words
come from the engine (`MovePlan.diagonal_note`)."""

from __future__ import annotations

from rules.geometry.coords import Cell
from rules.play.planner import MovePlanner, ledger_after
from tests.rules.ascii_maps import ascii_scene

BOARD = """
    A.....
    ......
    ......
    ......
"""


def _plan(system: str, spent: tuple[int, int, int], target: Cell, **options: object):  # type: ignore[no-untyped-def]
    scene = ascii_scene(BOARD, system, options=options)
    mover = scene.token("A")
    assert mover is not None
    return MovePlanner(scene, mover, ledger_after(scene, mover, *spent)).plan([], target)


def test_the_second_diagonal_of_the_turn_is_explained() -> None:
    plan = _plan("pf2e", (5, 1, 1), Cell(1, 1))  # one diagonal already this turn
    assert plan.legal and plan.steps == (10,)
    assert plan.diagonal_note() == "2nd diagonal this turn: 10 ft"


def test_no_note_when_the_count_is_even_or_the_move_is_straight() -> None:
    assert _plan("pf2e", (0, 0, 0), Cell(1, 1)).diagonal_note() is None  # 1st diagonal: 5 ft
    assert _plan("pf2e", (10, 2, 1), Cell(1, 1)).diagonal_note() is None  # 3rd: 5 ft
    assert _plan("pf2e", (5, 1, 1), Cell(3, 0)).diagonal_note() is None  # no diagonal in this move


def test_later_even_diagonals_and_the_5e_counts() -> None:
    plan = _plan("pf2e", (15, 3, 2), Cell(1, 1))
    assert plan.steps == (10,) and plan.diagonal_note() == "4th diagonal this turn: 10 ft"
    # 5e five-foot count: every diagonal 5 ft, nothing to explain
    five = _plan("dnd5e-2014", (5, 1, 0), Cell(1, 1))
    assert five.steps == (5,) and five.diagonal_note(alternating=False) is None
    # 5e with the alternating option: the same carry-over
    alt = _plan("dnd5e-2014", (5, 1, 0), Cell(1, 1), diagonals="alternating")
    assert alt.steps == (10,) and alt.diagonal_note(alternating=True) == "2nd diagonal this turn: 10 ft"


def test_in_japanese_the_note_has_the_number_without_an_english_ending() -> None:
    from rules.i18n import engine_catalogue, translate_text

    pf2e = engine_catalogue("ja", "pf2e")
    second = _plan("pf2e", (5, 1, 1), Cell(1, 1)).diagonal_note()
    fourth = _plan("pf2e", (15, 3, 2), Cell(1, 1)).diagonal_note()
    assert second is not None and fourth is not None
    assert translate_text(second, pf2e) == "このターン2回目の斜め移動：10フィート"
    assert translate_text(fourth, pf2e) == "このターン4回目の斜め移動：10フィート"
