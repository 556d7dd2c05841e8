"""The area tool as a first-time GM uses it (issue 13 item 8): with a creature selected a first click
doesn't drop a cone by surprise, and the preview's caption stays inside the view near its edges."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt

from rules.geometry.areas import default_origin
from tests.desktop.helpers import move, press, release
from tests.desktop.table_helpers import corner_point
from tests.desktop.test_area_tool import setup

NONE = Qt.MouseButton.NoButton


def test_a_first_click_with_a_creature_selected_aims_and_a_second_places(qtbot: Any) -> None:
    doc, map_scene, view, _layer, tool = setup(qtbot)
    tool.set_shape("cone")
    map_scene.select_ids(["A"])
    pos = corner_point(view, 9.0, 3.3)
    press(view, pos)  # no hover first: the click that comes with picking the tool
    release(view, pos)
    assert list(doc.areas) == []
    assert tool.aiming and tool.creator() is not None and tool.creator().id == "A"  # type: ignore[union-attr]
    move(view, corner_point(view, 9.0, 6.0), buttons=NONE)
    spec = tool.spec
    assert spec is not None and spec.token_id == "A"
    a = doc.scene.token("A")
    assert a is not None and spec.origin == default_origin(a, "cone", spec.direction or 0.0, "pf2e")
    press(view, corner_point(view, 9.0, 6.0))
    release(view, corner_point(view, 9.0, 6.0))
    (area,) = doc.areas
    assert area.spec == spec


def test_a_burst_still_places_on_one_click(qtbot: Any) -> None:
    doc, map_scene, view, _layer, tool = setup(qtbot)
    tool.set_shape("burst")
    map_scene.select_ids(["A"])
    pos = corner_point(view, 5.0, 3.0)
    press(view, pos)
    release(view, pos)
    assert len(doc.areas) == 1


def test_the_caption_stays_inside_the_view(qtbot: Any) -> None:
    _doc, _map_scene, view, _layer, tool = setup(qtbot)
    tool.set_shape("burst")
    tool.set_feet(10)
    viewport = view.viewport().rect()
    for corner in (
        QPoint(viewport.right() - 3, viewport.bottom() - 3),
        QPoint(viewport.left() + 3, viewport.bottom() - 3),
        QPoint(viewport.right() - 3, viewport.top() + 3),
        viewport.center(),
    ):
        move(view, corner, buttons=NONE)
        info = tool.info
        assert info.text(), corner
        # the caption keeps its size on screen: map its box with the item's device transform
        shown = info.deviceTransform(view.viewportTransform()).mapRect(info.boundingRect()).toRect()
        assert viewport.contains(shown), (corner, shown, viewport)
