"""QGraphicsItems of the map: one adapter per model object or one cached painter per layer."""

from __future__ import annotations

#: Stacking order of the map layers.
Z_BACKGROUND = 0.0
Z_TERRAIN = 10.0
Z_OVERLAY = 15.0
Z_GRID = 20.0
Z_WALLS = 30.0
Z_TOOL_PREVIEW = 40.0
Z_TOKENS = 50.0
Z_TOKEN_CARRIED = 58.0
Z_PATH = 60.0
Z_RULER = 70.0
Z_LABELS = 80.0
