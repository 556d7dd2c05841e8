"""The `cover` and `flanking` queries (query-protocol.md)."""

from __future__ import annotations

from typing import Any

from rules.errors import QueryError
from rules.geometry.cover import cover
from rules.geometry.flanking import flanking
from rules.model.scene import Scene
from rules.queries import _fields as fields
from rules.queries import query


@query("cover")
def cover_query(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    """``{"q": "cover", "attacker": id | "origin": [x, y], "target": id}`` →
    ``{"cover": degree, "ac_bonus": int}``. With both, the origin is where the lines start and the attacker
    is left out of the creatures in between."""
    target = fields.token(scene, q, "target")
    has_origin = q.get("origin") is not None
    has_attacker = q.get("attacker") is not None
    if not has_origin and not has_attacker:
        raise QueryError(
            "missing field", "the cover query needs 'attacker' (a token id) or 'origin' (a point)"
        )
    origin = fields.point(q, "origin") if has_origin else None
    attacker = fields.token(scene, q, "attacker") if has_attacker else None
    if attacker is not None and attacker.id == target.id:
        raise QueryError("bad value", f"'attacker' and 'target' are the same token {target.id!r}")
    result = cover(scene, target, attacker, origin)
    return {"cover": result.degree, "ac_bonus": result.ac_bonus}


@query("flanking")
def flanking_query(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    """``{"q": "flanking", "attacker": id, "target": id}`` → ``{"flanking": bool, "with": [ally ids]}``."""
    attacker = fields.token(scene, q, "attacker")
    target = fields.token(scene, q, "target")
    if attacker.id == target.id:
        raise QueryError("bad value", f"'attacker' and 'target' are the same token {target.id!r}")
    result = flanking(scene, attacker, target)
    return {"flanking": result.flanking, "with": list(result.with_ids)}
