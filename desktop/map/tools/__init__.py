"""The map tools, in tool-bar order. Add a tool: write `tools/<name>_tool.py` and add a `ToolSpec` here."""

from __future__ import annotations

from desktop.map.tools.area_tool import AreaTool
from desktop.map.tools.base import Tool, ToolEvent, ToolSpec
from desktop.map.tools.calibrate_tool import CalibrateTool
from desktop.map.tools.measure_tool import MeasureTool
from desktop.map.tools.select_tool import SelectTool
from desktop.map.tools.terrain_tool import TerrainTool
from desktop.map.tools.wall_tool import WallTool

TOOL_SPECS: tuple[ToolSpec, ...] = (
    ToolSpec(
        "select",
        "Select / Move",
        "S",
        "Select and move tokens by the rules (S)\nShift-click: waypoint · Alt: free move · Esc: cancel",
        "select",
        SelectTool,
    ),
    ToolSpec(
        "measure",
        "Measure",
        "M",
        "Measure distances by the scene's diagonal rule (M)\nShift-click: waypoint · Ctrl: corners",
        "measure",
        MeasureTool,
    ),
    ToolSpec(
        "terrain",
        "Terrain",
        "T",
        "Paint difficult, greater difficult, hazardous or impassable terrain (T)\nRight-drag erases",
        "terrain",
        TerrainTool,
    ),
    ToolSpec(
        "wall",
        "Walls",
        "W",
        "Draw walls, doors, windows and low walls snapped to grid corners (W)\nClick a door to open/close it",
        "wall",
        WallTool,
    ),
    ToolSpec(
        "area",
        "Area",
        "A",
        "Place an area of effect: the squares and creatures the rules include (A)\n"
        "Bursts/spheres snap to corners · cones/lines aim from the selected creature (Shift: 45°) · [ ] size",
        "area",
        AreaTool,
    ),
    ToolSpec(
        "calibrate",
        "Calibrate Grid by Dragging",
        "C",
        "Line the grid up with the map picture: drag a box over a square printed on it (C)\n"
        "Span N × N squares for precision · Shift: square box · Esc: cancel",
        "calibrate",
        CalibrateTool,
        toolbar=False,
    ),
)

__all__ = ["TOOL_SPECS", "Tool", "ToolEvent", "ToolSpec"]
