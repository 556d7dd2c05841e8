"""The `area` query: an area's template cells, the cells without line of effect, and the affected tokens.

Fields (query-protocol.md): ``shape``; ``feet``; ``corner`` (burst, sphere, cylinder, cube) or ``origin``
(cone, line; either name is accepted for any shape); ``direction`` (cone, line); ``width`` (line, default 5);
``token`` (the creator: required for an emanation, optional for cones and lines, which then may leave out
``origin``); ``include_self`` (default false); ``elevation`` (ft, the origin's height, default 0:
creatures outside the area's vertical extent are not affected, see `rules.geometry.elevation`). Answer
``{"cells", "blocked", "tokens"}``, cells sorted by x then y, ids by code point; cells off the grid are
clipped away.
"""

from __future__ import annotations

from typing import Any

from rules.errors import QueryError
from rules.geometry.areas import ALL_SHAPES, AreaSpec, resolve_area, shapes_for
from rules.model.scene import Scene
from rules.queries import _fields as f
from rules.queries import query


def spec_from_query(scene: Scene, q: dict[str, Any]) -> AreaSpec:
    """Read an ``area`` query into an `AreaSpec`, raising `QueryError` (``missing field``, ``bad value``,
    ``unknown token``). Shape checks come first, so a shape the system lacks is a ``bad value`` even when
    its other fields are missing."""
    shape = f.require(q, "shape")
    shapes = shapes_for(scene.system)
    if not isinstance(shape, str) or shape not in ALL_SHAPES:
        raise QueryError(
            "bad value", f"{shape!r} is not an area shape; {scene.system} has {', '.join(shapes)}"
        )
    if shape not in shapes:
        raise QueryError(
            "bad value", f"{scene.system} has no {shape!r} area; its shapes are {', '.join(shapes)}"
        )
    feet = f.integer(q, "feet", lo=0)
    token_id: str | None = None
    if shape == "emanation" or q.get("token") is not None:
        token_id = f.token(scene, q, "token").id
    primary, secondary = ("origin", "corner") if shape in ("cone", "line") else ("corner", "origin")
    origin = None
    if q.get(primary) is not None:
        origin = f.point(q, primary)
    elif q.get(secondary) is not None:
        origin = f.point(q, secondary)
    elif shape not in ("emanation", "cone", "line") or (shape in ("cone", "line") and token_id is None):
        raise QueryError("missing field", f"a {shape} needs {primary!r}")
    direction = f.number(q, "direction") if shape in ("cone", "line") else None
    width = f.integer(q, "width", 5, lo=1) if shape == "line" else 5
    return AreaSpec(
        shape=shape,
        feet=feet,
        origin=origin,
        direction=direction,
        width=width,
        token_id=token_id,
        include_self=f.boolean(q, "include_self", False),
        elevation=f.integer(q, "elevation", 0),
    )


@query("area")
def area(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    result = resolve_area(scene, spec_from_query(scene, q))
    return {
        "cells": [[c.x, c.y] for c in result.cells],
        "blocked": [[c.x, c.y] for c in result.blocked],
        "tokens": list(result.tokens),
    }
