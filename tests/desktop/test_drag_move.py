"""Dragging tokens on the real map view: the model, the log and the cost agree with the rules engine."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from rules.geometry.coords import Cell
from rules.geometry.movement import path_cost, shortest_path
from rules.io.scene_json import scene_to_json
from tests.desktop.helpers import drag, move, press, release, view_point


def _token_point(window, token_id: str):  # type: ignore[no-untyped-def]
    t = window.doc.scene.token(token_id)
    return view_point(window.view, t.cell, t.side_squares)


def test_drag_moves_token_and_model_log_cost_agree_with_engine(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    before = doc.scene
    brann = before.token("brann")
    target = Cell(8, 15)
    expected = shortest_path(before, brann, target)
    assert expected is not None

    drag(window.view, _token_point(window, "brann"), view_point(window.view, target))

    moved = doc.scene.token("brann")
    assert moved.cell == target
    assert doc.free.of("brann").movement_spent == expected.feet
    assert doc.free.of("brann").diagonals == expected.diagonals
    assert f"moves {expected.feet} ft to [8, 15]" in doc.log[-1]
    # the engine prices the committed path the same and finds it legal
    again = path_cost(before, brann, expected.path)
    assert again.legal and again.feet == expected.feet
    assert doc.undo_label() == "Move token"
    # nothing else changed
    others = [t for t in doc.scene.tokens if t.id != "brann"]
    assert others == [t for t in before.tokens if t.id != "brann"]


def test_stride_count_is_in_the_log(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    brann = doc.scene.token("brann")
    target = Cell(11, 12)  # out of the entry room, into the corridor: more than one Stride
    expected = shortest_path(doc.scene, brann, target)
    assert expected is not None and expected.feet > brann.speed
    drag(window.view, _token_point(window, "brann"), view_point(window.view, target))
    assert doc.scene.token("brann").cell == target
    assert "2 Strides" in doc.log[-1]
    assert doc.free.of("brann").actions_used == 2


def test_illegal_drop_on_occupied_square_is_refused(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    before = scene_to_json(doc.scene)
    mira = doc.scene.token("mira")
    drag(window.view, _token_point(window, "brann"), view_point(window.view, mira.cell))
    assert scene_to_json(doc.scene) == before
    assert not doc.can_undo()
    message = window.statusBar().currentMessage()
    assert "Can't move Brann there" in message and "Mira" in message
    item = window.map_scene.token_items["brann"]
    assert not item.carried
    assert item.pos().toPoint() == view_independent_pos(doc.scene.token("brann"))


def test_illegal_drop_on_impassable_and_too_far(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    before = scene_to_json(doc.scene)
    drag(window.view, _token_point(window, "brann"), view_point(window.view, (15, 9)))  # a pillar
    assert "impassable" in window.statusBar().currentMessage()
    drag(window.view, _token_point(window, "brann"), view_point(window.view, (30, 22)))  # far away
    assert "too far" in window.statusBar().currentMessage()
    assert scene_to_json(doc.scene) == before
    assert window.map_scene.token_items["brann"].pos().toPoint() == view_independent_pos(
        doc.scene.token("brann")
    )


def view_independent_pos(token):  # type: ignore[no-untyped-def]
    from desktop.map.grid_coords import cell_rect

    return cell_rect(token.cell).topLeft().toPoint()


def test_escape_cancels_a_drag(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    view = window.view
    start = _token_point(window, "brann")
    end = view_point(view, (7, 9))
    press(view, start)
    move(view, view_point(view, (6, 10)))
    move(view, end)
    assert window.map_scene.token_items["brann"].carried
    QTest.keyClick(view, Qt.Key.Key_Escape)
    release(view, end)
    assert doc.scene.token("brann").cell == Cell(5, 11)
    assert not doc.can_undo()
    assert not window.map_scene.token_items["brann"].carried


def test_right_click_cancels_a_drag(window) -> None:  # type: ignore[no-untyped-def]
    view = window.view
    press(view, _token_point(window, "brann"))
    move(view, view_point(view, (7, 9)))
    press(view, view_point(view, (7, 9)), Qt.MouseButton.RightButton)
    release(view, view_point(view, (7, 9)))
    assert window.doc.scene.token("brann").cell == Cell(5, 11)
    assert not window.doc.can_undo()


def test_shift_click_adds_waypoints(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    view = window.view
    before = doc.scene
    brann = before.token("brann")
    shift = Qt.KeyboardModifier.ShiftModifier
    waypoint = Cell(2, 16)
    target = Cell(7, 16)
    press(view, _token_point(window, "brann"))
    move(view, view_point(view, (4, 14)))
    move(view, view_point(view, waypoint))
    release(view, view_point(view, waypoint), mods=shift)  # drop a waypoint, keep carrying
    assert window.tool.drag is not None and window.tool.drag.waypoints == [waypoint]
    move(view, view_point(view, target), buttons=Qt.MouseButton.NoButton)
    press(view, view_point(view, target))
    release(view, view_point(view, target))
    assert doc.scene.token("brann").cell == target
    first = shortest_path(before, brann, waypoint)
    second = shortest_path(before, replace(brann, cell=waypoint), target, first.diagonals)
    assert doc.free.of("brann").movement_spent == first.feet + second.feet
    assert "via [2, 16]" in doc.log[-1]


def test_diagonal_parity_carries_over_between_moves(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    view = window.view
    # one diagonal (5 ft), then another diagonal: the second costs 10 ft under PF2e's alternating count
    drag(view, _token_point(window, "brann"), view_point(view, (6, 12)))
    assert doc.free.of("brann").movement_spent == 5 and doc.free.of("brann").diagonals == 1
    drag(view, _token_point(window, "brann"), view_point(view, (7, 13)))
    assert doc.free.of("brann").movement_spent == 15
    assert "moves 10 ft" in doc.log[-1]


def test_alt_is_a_free_move_that_ignores_the_rules(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    alt = Qt.KeyboardModifier.AltModifier
    target = Cell(31, 10)  # in the vault behind a closed door, far away
    drag(window.view, _token_point(window, "brann"), view_point(window.view, target), mods=alt)
    assert doc.scene.token("brann").cell == target
    assert doc.free.of("brann") is None  # nothing spent
    assert "free move" in doc.log[-1]


def test_moving_away_from_the_ogre_warns_of_reactive_strike(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    view = window.view
    # put Brann next to the ogre (a free move), then walk away from it
    drag(
        view, _token_point(window, "brann"), view_point(view, (19, 15)), mods=Qt.KeyboardModifier.AltModifier
    )
    drag(view, _token_point(window, "brann"), view_point(view, (19, 19)))
    assert doc.scene.token("brann").cell == Cell(19, 19)
    assert "Ogre" in window.statusBar().currentMessage()
    assert "Reactive Strike" in window.statusBar().currentMessage()


def test_an_edit_during_a_drag_is_respected(window) -> None:  # type: ignore[no-untyped-def]
    from rules.play.edits import PaintTerrain

    doc = window.doc
    view = window.view
    press(view, _token_point(window, "brann"))
    move(view, view_point(view, (6, 11)))
    move(view, view_point(view, (7, 11)))
    # the GM paints impassable terrain on the target while the token is in the air
    doc.execute(PaintTerrain((Cell(7, 11),), "impassable"))
    release(view, view_point(view, (7, 11)))
    assert doc.scene.token("brann").cell == Cell(5, 11)
    assert "impassable" in window.statusBar().currentMessage()
