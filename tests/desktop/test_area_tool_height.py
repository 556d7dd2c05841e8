"""The area tool places an area at a height (its "at … ft up" option → `AreaSpec.elevation`): only the
creatures within the area's vertical extent are in it, as the engine resolves it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox

from desktop.map.items.area_item import AreasLayer
from desktop.map.tools.area_tool import AreaTool
from rules.geometry.areas import AreaSpec, resolve_area
from rules.geometry.coords import Point
from tests.desktop.helpers import move, press, release
from tests.desktop.table_helpers import corner_point, make_view
from tests.rules.ascii_maps import ascii_scene

NONE = Qt.MouseButton.NoButton
PICTURE = """
    ........
    ..a.b...
    ........
    ........
"""


def test_a_burst_at_40_ft_up_catches_the_flyer_not_the_walker(qtbot: Any) -> None:
    scene = ascii_scene(PICTURE, "pf2e", tokens={"b": {"elevation": 40, "speeds": {"fly": 30}}})
    doc, map_scene, view = make_view(qtbot, scene)
    AreasLayer(doc, map_scene)
    tool = AreaTool(view)
    options = tool.options_widget()
    view.set_tool(tool)
    tool.set_feet(10)
    height = options.findChild(QSpinBox, "areaElevation")
    assert height is not None
    pos = corner_point(view, 4.0, 2.0)
    move(view, pos, buttons=NONE)
    on_ground = tool.spec
    assert on_ground is not None and on_ground.elevation == 0
    assert "a" in tool.preview.tokens and "b" not in tool.preview.tokens
    height.setValue(40)
    move(view, corner_point(view, 4.05, 2.0), buttons=NONE)
    assert tool.spec == AreaSpec("burst", 10, origin=Point(4.0, 2.0), elevation=40)
    expected = resolve_area(doc.scene, tool.spec)
    assert tool.preview.tokens == expected.tokens and "b" in expected.tokens and "a" not in expected.tokens
    press(view, pos)
    release(view, pos)
    (area,) = doc.areas
    assert area.spec.elevation == 40
