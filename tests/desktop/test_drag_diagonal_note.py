"""The drag caption explains the alternating count carried over from an earlier move this turn (issue 13
item 12): "2nd diagonal this turn: 10 ft", worded by the engine (`MovePlan.diagonal_note`)."""

from __future__ import annotations

from tests.desktop.helpers import drag, move, press, release, view_point


def test_second_move_of_the_turn_says_why_its_diagonal_costs_10_ft(window) -> None:  # type: ignore[no-untyped-def]
    view = window.view
    drag(view, view_point(view, (5, 11)), view_point(view, (6, 12)))  # 1st diagonal: 5 ft
    assert window.doc.scene.token("brann").cell == (6, 12)
    press(view, view_point(view, (6, 12)))
    move(view, view_point(view, (6, 12), dx=0.8, dy=0.8))
    move(view, view_point(view, (7, 13)))
    caption = window.tool.drag.label.text()
    assert "10 ft" in caption.splitlines()[0]
    assert "2nd diagonal this turn: 10 ft" in caption
    release(view, view_point(view, (7, 13)))
    # a straight move after that says nothing about diagonals
    press(view, view_point(view, (7, 13)))
    move(view, view_point(view, (7, 13), dx=0.9))
    move(view, view_point(view, (8, 13)))
    assert "diagonal" not in window.tool.drag.label.text()
    release(view, view_point(view, (8, 13)))
