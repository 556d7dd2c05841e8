"""Reading query fields with protocol errors (`missing field`, `bad value`, `unknown token`)."""

from __future__ import annotations

import math
from typing import Any

from rules.errors import QueryError
from rules.geometry.coords import Cell, Point
from rules.model.scene import Scene, Token

_MISSING = object()
#: Coordinates and amounts beyond this are refused as bad values (a grid side is at most 1000 squares).
LIMIT = 10**9


def show(value: Any, limit: int = 60) -> str:
    """`repr` of a query value for an error message, shortened (a whole number too long to print is named
    by its size)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _plain_number(v: Any) -> bool:
    """A JSON number the engine can use: not a bool, finite, and within ±LIMIT."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return False
    if isinstance(v, int):
        return -LIMIT <= v <= LIMIT
    return math.isfinite(v) and -LIMIT <= v <= LIMIT


def require(q: dict[str, Any], name: str) -> Any:
    if name not in q or q[name] is None:
        raise QueryError("missing field", f"the {q.get('q', '?')!s} query needs {name!r}")
    return q[name]


def integer(q: dict[str, Any], name: str, default: Any = _MISSING, *, lo: int | None = None) -> int:
    value = require(q, name) if default is _MISSING else q.get(name, default)
    if value is None and default is not _MISSING:
        value = default
    if not _plain_number(value) or (isinstance(value, float) and not value.is_integer()):
        raise QueryError("bad value", f"{name!r} must be a whole number, got {show(value)}")
    if lo is not None and value < lo:
        raise QueryError("bad value", f"{name!r} must be at least {lo}, got {value!r}")
    return int(value)


def number(q: dict[str, Any], name: str, default: Any = _MISSING) -> float:
    value = require(q, name) if default is _MISSING else q.get(name, default)
    if not _plain_number(value):
        raise QueryError("bad value", f"{name!r} must be a number, got {show(value)}")
    return float(value)


def boolean(q: dict[str, Any], name: str, default: bool = False) -> bool:
    value = q.get(name, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise QueryError("bad value", f"{name!r} must be true or false, got {value!r}")
    return value


def choice(q: dict[str, Any], name: str, options: tuple[str, ...], default: str | None = None) -> str:
    value = q.get(name, default) if default is not None else require(q, name)
    if value not in options:
        raise QueryError("bad value", f"{name!r} must be one of {', '.join(options)}, got {value!r}")
    return str(value)


def as_cell(value: Any, name: str) -> Cell:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(_plain_number(v) for v in value)
        or not all(float(v).is_integer() for v in value)
    ):
        raise QueryError("bad value", f"{name!r} must be a cell [x, y] of whole numbers, got {show(value)}")
    return Cell(int(value[0]), int(value[1]))


def as_point(value: Any, name: str) -> Point:
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(_plain_number(v) for v in value):
        raise QueryError("bad value", f"{name!r} must be a point [x, y], got {show(value)}")
    return Point(float(value[0]), float(value[1]))


def cell(q: dict[str, Any], name: str) -> Cell:
    return as_cell(require(q, name), name)


def point(q: dict[str, Any], name: str) -> Point:
    return as_point(require(q, name), name)


def token(scene: Scene, q: dict[str, Any], name: str) -> Token:
    token_id = require(q, name)
    if not isinstance(token_id, str):
        raise QueryError("bad value", f"{name!r} must be a token id (a string), got {show(token_id)}")
    found = scene.token(token_id)
    if found is None:
        raise QueryError("unknown token", f"no token with id {show(token_id)} in this scene")
    return found


def place(scene: Scene, q: dict[str, Any], name: str) -> tuple[Cell, int, Token | None]:
    """A place: a token id (its space) or a cell. Returns (top-left cell, side in squares, token)."""
    value = require(q, name)
    if isinstance(value, str):
        tok = token(scene, q, name)
        return tok.cell, tok.side_squares, tok
    c = as_cell(value, name)
    return c, 1, None


def in_grid(scene: Scene, c: Cell, name: str) -> Cell:
    if not scene.grid.contains(c.x, c.y):
        raise QueryError(
            "bad value", f"{name!r} {list(c)} is outside the {scene.grid.width}×{scene.grid.height} grid"
        )
    return c


def needs_stat(tok: Token, stat: str) -> int:
    value = getattr(tok, stat)
    if value is None:
        raise QueryError("missing field", f"token {tok.id!r} has no {stat!r}")
    return int(value)
