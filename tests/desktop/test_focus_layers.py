"""With areas, reach and the movement overlay all on, the layers that aren't the focus are faded (issue 13
item 15): the area tool puts the areas in focus; a selected creature puts its movement and reach in focus."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from desktop.look.style import CELL
from desktop.map.items.area_item import AreaItem
from desktop.map.items.reach_item import ReachItem
from desktop.map.scene import FADED_OPACITY
from tests.desktop.helpers import move, press, release


def _place_burst(window) -> None:  # type: ignore[no-untyped-def]
    window.map_scene.select_ids([])
    window.set_tool("area")
    window.tool.set_shape("burst")
    window.tool.set_feet(10)
    pos = window.view.mapFromScene(QPointF(14 * CELL, 6 * CELL))
    move(window.view, pos, buttons=Qt.MouseButton.NoButton)
    press(window.view, pos)
    release(window.view, pos)


def _opacities(window, kind: type) -> set[float]:  # type: ignore[no-untyped-def]
    return {round(i.opacity(), 3) for i in window.map_scene.items() if type(i) is kind and i.isVisible()}


def test_layers_out_of_focus_are_faded(window) -> None:  # type: ignore[no-untyped-def]
    _place_burst(window)
    scene = window.map_scene
    if not window.table.act_reach.isChecked():
        window.table.act_reach.trigger()
    # the area tool: areas in focus, the others faded
    assert _opacities(window, AreaItem) == {1.0}
    assert scene.overlay_item.opacity() == FADED_OPACITY
    # the select tool with a creature selected: its movement and reach in focus, the areas faded
    window.set_tool("select")
    scene.select_ids(["brann"])
    assert scene.overlay_item.opacity() == 1.0
    assert _opacities(window, AreaItem) == {FADED_OPACITY}
    assert _opacities(window, ReachItem) <= {1.0}
    # nothing selected: nothing faded
    scene.select_ids([])
    assert _opacities(window, AreaItem) == {1.0}
    # an area placed while a creature is selected comes in faded
    scene.select_ids(["brann"])
    window.doc.undo()
    window.doc.redo()
    assert _opacities(window, AreaItem) == {FADED_OPACITY}
