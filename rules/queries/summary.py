"""The `summary` query."""

from __future__ import annotations

from typing import Any

from rules.model.scene import Scene
from rules.queries import query


@query("summary")
def summary(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    return {
        "system": scene.system,
        "grid": {"width": scene.grid.width, "height": scene.grid.height},
        "walls": len(scene.walls),
        "doors": sum(1 for w in scene.walls if w.kind == "door"),
        "terrain": len(scene.terrain),
        "tokens": len(scene.tokens),
    }
