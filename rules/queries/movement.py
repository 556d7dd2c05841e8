"""The movement queries: `distance`, `path-cost`, `path`, `reachable` and `reach`.

Answers follow spec/query-protocol.md: cell lists are sorted by x then y; `reachable` cells are
``[x, y, feet]``; `path` answers ``{"feet": null, "path": null}`` when no legal path exists. A cell outside
the grid where a cell of the grid is expected (`to`, a `distance` place) is a `bad value`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.errors import QueryError
from rules.geometry.coords import Cell
from rules.geometry.distance import space_distance
from rules.geometry.movement import ACTIONS, path_cost, reachable, shortest_path
from rules.geometry.reach import reach_cells
from rules.model.scene import Scene, Token
from rules.queries import _fields as f
from rules.queries import query


def _diagonals_before(q: dict[str, Any]) -> int:
    return f.integer(q, "diagonals_before", 0, lo=0)


def _action(q: dict[str, Any]) -> str:
    return f.choice(q, "action", ACTIONS, "stride")


@query("distance")
def distance(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    """Feet between the nearest squares of two places (system count, no terrain, walls ignored). A token's
    elevation counts like a third axis; a cell is on the ground (`rules.geometry.elevation`)."""
    a, a_side, a_tok = f.place(scene, q, "from")
    b, b_side, b_tok = f.place(scene, q, "to")
    for cell, tok, name in ((a, a_tok, "from"), (b, b_tok, "to")):
        if tok is None:
            f.in_grid(scene, cell, name)
    if (a_tok is not None and a_tok.elevation) or (b_tok is not None and b_tok.elevation):
        from rules.geometry.distance import gap, space_offset
        from rules.geometry.elevation import offset_feet_3d, vertical_squares

        za = vertical_squares(a_tok) if a_tok is not None else (0, 0)
        zb = vertical_squares(b_tok) if b_tok is not None else (0, 0)
        dx, dy = space_offset(a, a_side, b, b_side)
        dz = gap(za[0], za[1], zb[0], zb[1])
        return {"feet": offset_feet_3d(dx, dy, dz, scene.options.diagonals)}
    return {"feet": space_distance(a, a_side, b, b_side, scene.options.diagonals)}


@query("path-cost")
def path_cost_query(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    tok = f.token(scene, q, "token")
    raw = f.require(q, "path")
    if not isinstance(raw, list):
        raise QueryError("bad value", f"'path' must be a list of cells [x, y], got {raw!r}")
    cells = [f.as_cell(c, f"path[{i}]") for i, c in enumerate(raw)]
    cost = path_cost(scene, tok, cells, _diagonals_before(q), _action(q))
    out = {"feet": cost.feet, "steps": list(cost.steps), "legal": cost.legal, "problem": cost.problem}
    return {**out, **_balance(scene, tok, cells)}


@query("path")
def path_query(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    tok = f.token(scene, q, "token")
    to = f.in_grid(scene, f.cell(q, "to"), "to")
    found = shortest_path(scene, tok, to, _diagonals_before(q), _action(q))
    if found is None:
        return {"feet": None, "path": None}
    return {"feet": found.feet, "path": [[c.x, c.y] for c in found.path], **_balance(scene, tok, found.path)}


def _balance(scene: Scene, tok: Token, path: Sequence[Cell]) -> dict[str, Any]:
    """PF2e: the steps of the path onto a narrow surface or uneven ground, which need Balance
    (`rules.play.footing.balance_steps`), as ``{"balance": [{"step", "cell", "kind", "dc"}]}``; nothing when
    none do (always so in 5e)."""
    from rules.play.footing import balance_steps

    found = balance_steps(scene, tok, path)
    if not found:
        return {}
    return {
        "balance": [{"step": i, "cell": [s.cell.x, s.cell.y], "kind": s.kind, "dc": s.dc} for i, s in found]
    }


@query("reachable")
def reachable_query(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    tok = f.token(scene, q, "token")
    feet = f.integer(q, "feet", tok.speed, lo=0)
    costs = reachable(scene, tok, feet, _diagonals_before(q), _action(q))
    return {"cells": [[c.x, c.y, costs[c]] for c in sorted(costs)]}


@query("reach")
def reach_query(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    tok = f.token(scene, q, "token")
    feet = f.integer(q, "feet", tok.reach, lo=0)
    return {"cells": [[c.x, c.y] for c in reach_cells(scene, tok, feet)]}
