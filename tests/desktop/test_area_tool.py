"""The area tool, driven with the mouse: what it highlights and lists is exactly the engine's answer."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from desktop.map.items.area_item import AreasLayer
from desktop.map.tools.area_tool import AreaTool
from rules.geometry.areas import AreaSpec, default_origin, resolve_area, shapes_for
from rules.geometry.coords import Point
from tests.desktop.helpers import move, press, release, view_point
from tests.desktop.table_helpers import corner_point, make_view
from tests.rules.ascii_maps import ascii_scene, wall

NONE = Qt.MouseButton.NoButton
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier
NO_MOD = Qt.KeyboardModifier.NoModifier

# A room split by a wall at x = 6 from y = 0 to y = 5; creatures on both sides.
ROOM = """
    ............
    ...a....c...
    ..A.........
    ....b.......
    ............
    ......B.....
    ............
"""
WALLS = [wall((6, 0), (6, 5))]


def setup(
    qtbot: Any, system: str = "pf2e", picture: str = ROOM, walls: list[Any] | None = None
) -> tuple[Any, ...]:
    scene = ascii_scene(picture, system, walls=WALLS if walls is None else walls)
    doc, map_scene, view = make_view(qtbot, scene)
    layer = AreasLayer(doc, map_scene)
    tool = AreaTool(view)
    tool.options_widget()
    view.set_tool(tool)
    return doc, map_scene, view, layer, tool


def test_burst_placed_by_mouse_is_the_engines_area(qtbot: Any) -> None:
    doc, _ms, view, layer, tool = setup(qtbot)
    tool.set_feet(15)
    pos = corner_point(view, 5.1, 2.9)  # nearest corner (5, 3)
    move(view, pos, buttons=NONE)
    expected = resolve_area(doc.scene, AreaSpec("burst", 15, origin=Point(5, 3)))
    assert tool.spec == AreaSpec("burst", 15, origin=Point(5.0, 3.0))
    assert tool.preview.cells == expected.cells
    assert tool.preview.blocked == expected.blocked and expected.blocked  # the wall cuts some squares off
    assert tool.preview.tokens == expected.tokens
    assert "c" not in expected.tokens  # behind the wall
    text = tool.info.text()
    assert f"{len(expected.cells)} squares" in text and f"{len(expected.blocked)} blocked" in text
    press(view, pos)
    release(view, pos)
    (area,) = doc.areas
    assert area.spec == tool.spec
    item = layer.item(area.id)
    assert item is not None
    assert (
        item.cells == expected.cells and item.blocked == expected.blocked and item.tokens == expected.tokens
    )
    assert doc.log[-1].startswith("Placed 15-ft burst")
    doc.undo()
    assert doc.areas == () and layer.item(area.id) is None
    doc.redo()
    assert [a.id for a in doc.areas] == [area.id]


def test_cone_aimed_from_the_selected_creature_snaps_to_45_with_shift(qtbot: Any) -> None:
    doc, map_scene, view, _layer, tool = setup(qtbot)
    tool.set_shape("cone")
    map_scene.select_ids(["A"])
    a = doc.scene.token("A")
    assert a is not None
    # aim roughly south-east (about 40°): Shift snaps to 45°
    move(view, corner_point(view, 7.0, 6.6), buttons=NONE, mods=SHIFT)
    spec = tool.spec
    assert spec is not None and spec.direction == 45.0 and spec.token_id == "A"
    assert spec.origin == default_origin(a, "cone", 45.0, "pf2e")
    assert tool.preview.cells == resolve_area(doc.scene, spec).cells
    # aimed straight east: the origin is the midpoint of the creator's east edge
    move(view, corner_point(view, 9.0, 3.3), buttons=NONE, mods=SHIFT)
    spec = tool.spec
    assert spec is not None and spec.direction == 0.0 and spec.origin == Point(3.0, 2.5)
    result = resolve_area(doc.scene, spec)
    assert tool.preview.cells == result.cells and tool.preview.tokens == result.tokens
    assert "A" not in result.tokens  # the creator is left out
    pos = corner_point(view, 9.0, 3.3)
    press(view, pos, mods=SHIFT)
    release(view, pos, mods=SHIFT)
    assert list(doc.areas) == [] and tool.aiming  # the first click only locks the aim (issue 13)
    press(view, pos, mods=SHIFT)
    release(view, pos, mods=SHIFT)
    (area,) = doc.areas
    assert area.spec == spec


def test_line_by_dragging_from_a_creature(qtbot: Any) -> None:
    doc, _ms, view, layer, tool = setup(qtbot)
    tool.set_shape("line")
    tool.set_feet(20)
    b = doc.scene.token("B")
    assert b is not None
    start = view_point(view, tuple(b.cell))
    press(view, start, mods=SHIFT)
    move(view, corner_point(view, 11.5, 5.6), mods=SHIFT)
    move(view, corner_point(view, 11.6, 5.4), mods=SHIFT)
    release(view, corner_point(view, 11.6, 5.4), mods=SHIFT)
    (area,) = doc.areas
    assert area.spec.direction == 0.0 and area.spec.token_id == "B"
    assert area.spec.origin == default_origin(b, "line", 0.0, "pf2e")
    expected = resolve_area(doc.scene, area.spec)
    assert len(expected.cells) == 4  # 20 ft straight: 4 squares
    item = layer.item(area.id)
    assert item is not None and item.cells == expected.cells


def test_cone_from_a_corner_with_alt(qtbot: Any) -> None:
    doc, map_scene, view, _layer, tool = setup(qtbot)
    tool.set_shape("cone")
    map_scene.select_ids([])
    press(view, corner_point(view, 8.05, 6.0), mods=ALT)
    move(view, corner_point(view, 11.0, 3.0))
    release(view, corner_point(view, 11.0, 3.0))
    (area,) = doc.areas
    assert area.spec.origin == Point(8.0, 6.0) and area.spec.token_id is None
    assert area.spec.direction == 315.0


def test_emanation_follows_the_creature_under_the_mouse(qtbot: Any) -> None:
    doc, _ms, view, layer, tool = setup(qtbot)
    tool.set_shape("emanation")
    tool.set_feet(10)
    pos = view_point(view, (4, 3))
    move(view, pos, buttons=NONE)
    spec = AreaSpec("emanation", 10, token_id="b")
    assert tool.spec == spec
    assert tool.preview.cells == resolve_area(doc.scene, spec).cells
    press(view, pos)
    release(view, pos)
    (area,) = doc.areas
    assert area.spec == spec
    assert "b" not in (layer.item(area.id).tokens if layer.item(area.id) else ())  # type: ignore[union-attr]


def test_5e_shapes_sphere_and_cube(qtbot: Any) -> None:
    doc, _ms, view, layer, tool = setup(qtbot, "dnd5e-2014")
    box = tool.options_widget().findChild(type(tool._shape_box), "areaShape")  # type: ignore[arg-type]
    assert box is not None
    assert [box.itemData(i) for i in range(box.count())] == list(shapes_for("dnd5e-2014"))
    tool.set_shape("sphere")
    tool.set_feet(10)
    move(view, corner_point(view, 3.1, 3.1), buttons=NONE)
    assert tool.preview.cells == resolve_area(doc.scene, AreaSpec("sphere", 10, origin=Point(3, 3))).cells
    tool.set_shape("cube")
    tool.set_feet(15)
    # the cube is centred on the mouse: its top-left corner is 1.5 squares up and left, rounded
    move(view, corner_point(view, 9.4, 3.4), buttons=NONE)
    assert tool.spec == AreaSpec("cube", 15, origin=Point(8.0, 2.0))
    press(view, corner_point(view, 9.4, 3.4))
    release(view, corner_point(view, 9.4, 3.4))
    (area,) = doc.areas
    assert layer.item(area.id).cells == resolve_area(doc.scene, area.spec).cells  # type: ignore[union-attr]


def test_shape_list_follows_the_scenes_system(qtbot: Any) -> None:
    _doc, _ms, _view, _layer, tool = setup(qtbot, "dnd5e-2024")
    box = tool._shape_box
    assert box is not None
    assert "emanation" in [box.itemData(i) for i in range(box.count())]
    assert "burst" not in [box.itemData(i) for i in range(box.count())]


def test_escape_and_right_click_cancel(qtbot: Any) -> None:
    doc, _ms, view, _layer, tool = setup(qtbot)
    move(view, corner_point(view, 3.0, 3.0), buttons=NONE)
    assert tool.preview.cells
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert tool.preview.cells == () and tool.info.text() == ""
    tool.set_shape("cone")
    press(view, corner_point(view, 8.0, 6.0), mods=ALT)
    move(view, corner_point(view, 10.0, 6.0))
    assert tool.aiming and tool.preview.cells
    press(view, corner_point(view, 10.0, 6.0), button=Qt.MouseButton.RightButton)
    assert not tool.aiming and tool.preview.cells == ()
    assert doc.areas == ()


@pytest.mark.parametrize(("key", "feet"), [(Qt.Key.Key_BracketRight, 25), (Qt.Key.Key_BracketLeft, 15)])
def test_brackets_change_the_size(qtbot: Any, key: Qt.Key, feet: int) -> None:
    doc, _ms, view, _layer, tool = setup(qtbot)
    move(view, corner_point(view, 5.0, 3.0), buttons=NONE)
    QTest.keyClick(view, key)
    assert tool.feet == feet and tool.spec is not None and tool.spec.feet == feet
    assert tool.preview.cells == resolve_area(doc.scene, tool.spec).cells


def test_placed_areas_redraw_when_creatures_move(qtbot: Any) -> None:
    doc, _ms, view, layer, tool = setup(qtbot)
    tool.set_shape("emanation")
    tool.set_feet(5)
    pos = view_point(view, (2, 2))
    move(view, pos, buttons=NONE)
    press(view, pos)
    release(view, pos)
    (area,) = doc.areas
    from dataclasses import replace

    from rules.geometry.coords import Cell
    from rules.play.edits import PlaceTokens

    doc.execute(PlaceTokens((("A", Cell(9, 6)),)))
    item = layer.item(area.id)
    assert item is not None
    assert item.cells == resolve_area(doc.scene, area.spec).cells
    assert Cell(10, 6) in item.cells
    assert replace(area) == area


ROOT = Path(__file__).resolve().parents[2]


def cli_area(scene_file: Path, query: dict[str, Any]) -> dict[str, Any]:
    """Ask `fivefoot-rules` (``python -m rules``) the same question, as a user could."""
    proc = subprocess.run(
        [sys.executable, "-m", "rules", str(scene_file)],
        input=json.dumps(query) + "\n",
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    answer: dict[str, Any] = json.loads(proc.stdout)
    return answer


def spec_query(spec: AreaSpec) -> dict[str, Any]:
    q: dict[str, Any] = {"q": "area", "shape": spec.shape, "feet": spec.feet}
    if spec.origin is not None:
        q["origin" if spec.shape in ("cone", "line") else "corner"] = [spec.origin.x, spec.origin.y]
    if spec.direction is not None:
        q["direction"] = spec.direction
    if spec.shape == "line":
        q["width"] = spec.width
    if spec.token_id is not None:
        q["token"] = spec.token_id
    return q


def test_demo_burst_cone_and_line_match_the_rules_command(qtbot: Any, tmp_path: Path) -> None:
    from rules.io.scene_json import load_scene_file

    demo = ROOT / "assets" / "demo-pf2e.json"
    scene = load_scene_file(demo)
    doc, map_scene, view = make_view(qtbot, scene)
    layer = AreasLayer(doc, map_scene)
    tool = AreaTool(view)
    tool.options_widget()
    view.set_tool(tool)
    first = scene.tokens[0]
    gestures = [
        ("burst", 20, None, corner_point(view, first.cell.x + 8.1, first.cell.y - 2.9), NO_MOD),
        ("cone", 30, first.id, corner_point(view, first.cell.x + 6.3, first.cell.y - 3.9), NO_MOD),
        ("line", 60, first.id, corner_point(view, first.cell.x + 9.0, first.cell.y + 0.6), SHIFT),
    ]
    for shape, feet, creator, pos, mods in gestures:
        tool.set_shape(shape)
        tool.set_feet(feet)
        map_scene.select_ids([creator] if creator else [])
        move(view, pos, buttons=NONE, mods=mods)
        for _ in range(2 if creator else 1):  # aimed from the selected creator: click to aim, click to place
            press(view, pos, mods=mods)
            release(view, pos, mods=mods)
    placed = doc.areas
    assert [a.spec.shape for a in placed] == ["burst", "cone", "line"]
    for area in placed:
        answer = cli_area(demo, spec_query(area.spec))
        item = layer.item(area.id)
        assert item is not None
        assert [list(c) for c in item.cells] == answer["cells"]
        assert [list(c) for c in item.blocked] == answer["blocked"]
        assert list(item.tokens) == answer["tokens"]
