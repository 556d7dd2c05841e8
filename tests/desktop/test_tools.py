"""The measure, terrain and wall tools, doors, selection and the context menu, driven with the mouse."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from desktop.map.grid_coords import to_scene
from rules.geometry.coords import Cell, Point
from rules.geometry.distance import space_distance
from tests.desktop.helpers import drag, move, press, release, view_point

SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def test_measure_between_squares_with_waypoint_uses_alternating_diagonals(window) -> None:  # type: ignore[no-untyped-def]
    window.set_tool("measure")
    view = window.view
    tool = window.tool
    # (2, 9) → (3, 10) → (4, 11): two single diagonals in two legs: 5 + 10 under PF2e
    press(view, view_point(view, (2, 9)))
    move(view, view_point(view, (3, 10)))
    release(view, view_point(view, (3, 10)), mods=SHIFT)
    move(view, view_point(view, (4, 11)), buttons=Qt.MouseButton.NoButton)
    press(view, view_point(view, (4, 11)))
    release(view, view_point(view, (4, 11)))
    assert tool.result is not None
    assert tool.result.legs == (5, 10) and tool.result.feet == 15
    assert "15 ft" in tool.bubble.text()


def test_measure_token_to_token_is_the_rules_distance(window) -> None:  # type: ignore[no-untyped-def]
    window.set_tool("measure")
    view = window.view
    scene = window.doc.scene
    brann, ogre = scene.token("brann"), scene.token("ogre")
    drag(view, view_point(view, brann.cell), view_point(view, ogre.cell, 2))
    expected = space_distance(brann.cell, 1, ogre.cell, 2, scene.options.diagonals)
    assert window.tool.result.feet == expected
    assert "Brann → Ogre" in window.tool.bubble.text()
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert window.tool.result is None


def test_measure_5e_counts_every_diagonal_as_5_ft(window) -> None:  # type: ignore[no-untyped-def]
    assert window.files.open_demo("dnd5e")
    window.set_tool("measure")
    view = window.view
    drag(view, view_point(view, (2, 9)), view_point(view, (6, 13)))
    assert window.tool.result.feet == 20


def test_terrain_brush_stroke_is_one_command(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    window.set_tool("terrain")
    view = window.view
    drag(view, view_point(view, (2, 16)), view_point(view, (6, 16)))
    terrain = doc.scene.terrain_map()
    assert all(terrain.get(Cell(x, 16)) == "difficult" for x in range(2, 7))
    assert "5 squares" in doc.log[-1]
    doc.undo()
    assert all(Cell(x, 16) not in doc.scene.terrain_map() for x in range(2, 7))


def test_terrain_rectangle_and_right_drag_erases(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    window.set_tool("terrain")
    tool = window.tool
    tool.set_shape("rect")
    tool.set_kind("impassable")
    view = window.view
    drag(view, view_point(view, (1, 15)), view_point(view, (3, 17)))
    terrain = doc.scene.terrain_map()
    assert sum(1 for c, k in terrain.items() if k == "impassable" and 1 <= c.x <= 3 and 15 <= c.y <= 17) == 9
    press(view, view_point(view, (2, 16)), Qt.MouseButton.RightButton)
    move(view, view_point(view, (3, 16)), buttons=Qt.MouseButton.RightButton)
    release(view, view_point(view, (3, 16)), Qt.MouseButton.RightButton)
    assert Cell(2, 16) not in doc.scene.terrain_map()
    assert Cell(1, 16) in doc.scene.terrain_map()


def test_painted_terrain_changes_the_path_preview(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    window.set_tool("terrain")
    window.tool.set_kind("difficult")
    view = window.view
    drag(view, view_point(view, (6, 11)), view_point(view, (6, 11)))
    window.set_tool("select")
    drag(view, view_point(view, (5, 11)), view_point(view, (6, 11)))
    assert doc.free.of("brann").movement_spent == 10  # 5 + 5 for difficult terrain (PF2e)


def test_draw_wall_polyline_then_it_blocks_movement(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    n_walls = len(doc.scene.walls)
    window.set_tool("wall")
    view = window.view
    for corner in ((6, 9), (6, 13)):
        p = view.mapFromScene(to_scene(corner))
        press(view, p)
        release(view, p)
    QTest.keyClick(view, Qt.Key.Key_Return)
    assert len(doc.scene.walls) == n_walls + 1
    wall = doc.scene.walls[-1]
    assert (wall.a, wall.b, wall.kind) == (Point(6, 9), Point(6, 13), "wall")
    window.set_tool("select")
    drag(view, view_point(view, (5, 11)), view_point(view, (6, 11)))
    # the wall is in the way: Brann walks around it
    assert doc.scene.token("brann").cell == Cell(6, 11)
    assert doc.free.of("brann").movement_spent > 5


def test_click_on_a_door_opens_and_closes_it(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    index = next(i for i, w in enumerate(doc.scene.walls) if w.kind == "door" and (w.a.x, w.a.y) == (29, 8))
    assert not doc.scene.walls[index].open
    view = window.view
    mid = view.mapFromScene(to_scene((29, 9)))
    press(view, mid)
    release(view, mid)
    assert doc.scene.walls[index].open
    assert "opened" in doc.log[-1]
    doc.undo()
    assert not doc.scene.walls[index].open


def test_box_selection_and_group_placement(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    view = window.view
    drag(view, view_point(view, (1, 9), dx=0.1, dy=0.1), view_point(view, (7, 12), dx=0.9, dy=0.9))
    assert set(window.map_scene.selected_ids()) == {"brann", "mira"}
    drag(view, view_point(view, (5, 11)), view_point(view, (5, 13)))
    assert doc.scene.token("brann").cell == Cell(5, 13)
    assert doc.scene.token("mira").cell == Cell(3, 13)
    assert doc.undo_label() == "Move tokens"


def test_ctrl_click_toggles_selection(window) -> None:  # type: ignore[no-untyped-def]
    view = window.view
    press(view, view_point(view, (5, 11)))
    release(view, view_point(view, (5, 11)))
    press(view, view_point(view, (3, 11)), mods=CTRL)
    release(view, view_point(view, (3, 11)), mods=CTRL)
    assert set(window.map_scene.selected_ids()) == {"brann", "mira"}
    press(view, view_point(view, (5, 11)), mods=CTRL)
    release(view, view_point(view, (5, 11)), mods=CTRL)
    assert window.map_scene.selected_ids() == ["mira"]


def test_context_menu_duplicate_and_delete(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    view = window.view
    n = len(doc.scene.tokens)
    p = view_point(view, (20, 14), 2)
    press(view, p, Qt.MouseButton.RightButton)
    release(view, p, Qt.MouseButton.RightButton)
    menu = view.last_context_menu
    actions = {a.text(): a for a in menu.actions()}
    actions["Duplicate Ogre"].trigger()
    assert len(doc.scene.tokens) == n + 1
    copy = doc.scene.tokens[-1]
    assert copy.size == "large" and copy.id == "ogre-2" and copy.name == "Ogre 2"
    actions["Delete Ogre"].trigger()
    assert doc.scene.token("ogre") is None
    menu.close()


def test_quick_form_adds_a_token(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    form = window.add_token_at(Cell(4, 16))
    qtbot.addWidget(form)
    form.name.setText("Wolf 1")
    form.size_box.setCurrentIndex(2)
    form.accept()
    wolf = doc.scene.token("wolf-1")
    assert wolf is not None and wolf.cell == Cell(4, 16) and wolf.name == "Wolf 1"
    assert window.map_scene.selected_ids() == ["wolf-1"]
    assert "Wolf 1 joins the map" in doc.log[-1]
