"""The `light`, `fog` and `visibility` queries (query-protocol.md "Light and visibility")."""

from __future__ import annotations

from typing import Any

from rules.errors import QueryError
from rules.geometry.light import light_at
from rules.geometry.vision import visibility
from rules.model.scene import Scene
from rules.play.fog import fog_cells
from rules.queries import _fields as fields
from rules.queries import query


@query("light")
def light_query(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    """``{"q": "light", "cell": [x, y]}`` → ``{"light": "bright" | "dim" | "darkness"}``."""
    cell = fields.in_grid(scene, fields.cell(q, "cell"), "cell")
    return {"light": light_at(scene, cell)}


@query("fog")
def fog_query(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    """``{"q": "fog"}`` → ``{"enabled": bool, "explored": [[x, y]…], "visible": [[x, y]…]}``: the squares
    the party has explored (saved with the scene) and the squares it sees now (`rules.play.fog.fog_cells`)."""
    return fog_cells(scene)


@query("visibility")
def visibility_query(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    """``{"q": "visibility", "viewer": id, "target": id}`` → ``{"state": …}`` (PF2e observed / concealed /
    hidden / undetected; 5e seen / lightly-obscured / heavily-obscured / unseen)."""
    viewer = fields.token(scene, q, "viewer")
    target = fields.token(scene, q, "target")
    if viewer.id == target.id:
        raise QueryError("bad value", f"'viewer' and 'target' are the same token {target.id!r}")
    return {"state": visibility(scene, viewer, target)}
