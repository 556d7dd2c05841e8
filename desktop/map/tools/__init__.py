"""The map tools, in tool-bar order. Add a tool: write `tools/<name>_tool.py` and add a `ToolSpec` here.

A spec's label and tooltip are English marked for the "Tools" context; the window translates them when it
makes the tool's action (`QCoreApplication.translate("Tools", spec.label)`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from desktop.i18n import QT_TRANSLATE_NOOP
from desktop.map.tools.area_tool import AreaTool
from desktop.map.tools.base import Tool, ToolEvent
from desktop.map.tools.calibrate_tool import CalibrateTool
from desktop.map.tools.measure_tool import MeasureTool
from desktop.map.tools.select_tool import SelectTool
from desktop.map.tools.terrain_tool import TerrainTool
from desktop.map.tools.wall_tool import WallTool

if TYPE_CHECKING:
    from desktop.map.view import MapView


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """One tool of the tool bar and the Tools menu: its name, words, key, icon and how it is made."""

    name: str
    label: str
    shortcut: str
    tooltip: str
    icon: str
    #: Makes the tool for the window's map view (the tool bar's tools use more of it than `ToolHost`).
    factory: Callable[[MapView], Tool]
    #: False: the tool is in the menus only (a set-up tool the table rarely needs), not the tool bar.
    toolbar: bool = True


TOOL_SPECS: tuple[ToolSpec, ...] = (
    ToolSpec(
        "select",
        QT_TRANSLATE_NOOP("Tools", "Select / Move"),
        "S",
        QT_TRANSLATE_NOOP(
            "Tools",
            "Select and move tokens by the rules (S)\nShift-click: waypoint · Alt: free move · Esc: cancel",
        ),
        "select",
        SelectTool,
    ),
    ToolSpec(
        "measure",
        QT_TRANSLATE_NOOP("Tools", "Measure"),
        "M",
        QT_TRANSLATE_NOOP(
            "Tools",
            "Measure distances by the scene's diagonal rule (M)\nShift-click: waypoint · Ctrl: corners",
        ),
        "measure",
        MeasureTool,
    ),
    ToolSpec(
        "terrain",
        QT_TRANSLATE_NOOP("Tools", "Terrain"),
        "T",
        QT_TRANSLATE_NOOP(
            "Tools",
            "Paint difficult, greater difficult, hazardous or impassable terrain (T)\nRight-drag erases",
        ),
        "terrain",
        TerrainTool,
    ),
    ToolSpec(
        "wall",
        QT_TRANSLATE_NOOP("Tools", "Walls"),
        "W",
        QT_TRANSLATE_NOOP(
            "Tools",
            "Draw walls, doors, windows and low walls snapped to grid corners (W)\n"
            "Click a door to open/close it",
        ),
        "wall",
        WallTool,
    ),
    ToolSpec(
        "area",
        QT_TRANSLATE_NOOP("Tools", "Area"),
        "A",
        QT_TRANSLATE_NOOP(
            "Tools",
            "Place an area of effect: the squares and creatures the rules include (A)\n"
            "Bursts/spheres snap to corners · cones/lines aim from the selected creature (Shift: 45°)"
            " · [ ] size",
        ),
        "area",
        AreaTool,
    ),
    ToolSpec(
        "calibrate",
        QT_TRANSLATE_NOOP("Tools", "Calibrate Grid by Dragging"),
        "C",
        QT_TRANSLATE_NOOP(
            "Tools",
            "Line the grid up with the map picture: drag a box over a square printed on it (C)\n"
            "Span N × N squares for precision · Shift: square box · Esc: cancel",
        ),
        "calibrate",
        CalibrateTool,
        toolbar=False,
    ),
)

__all__ = ["TOOL_SPECS", "Tool", "ToolEvent", "ToolSpec"]
