"""Limits on every count and size a scene file may hold, far beyond what a real map needs.

A scene file is input from anyone: the loader refuses (with `SceneError` naming the JSON path, exit 2 on
the command line) a file past any of these limits instead of spending gigabytes or hours on it. The
largest real maps (a 120×120 dungeon with 40 tokens, a 300×300 Dungeondraft export with 20 000 wall
segments) stay well inside them. The same table is in docs/limits.md.

==========================  ==============  ===========================================================
limit                       value           what it bounds
==========================  ==============  ===========================================================
`MAX_SCENE_FILE_BYTES`      320 MB          a plain scene JSON file (room for inline ``data:`` pictures)
`MAX_GRID_SIDE`             1000 cells      grid width and height (``rules.model.scene.MAX_GRID_SIDE``)
`MAX_TOKENS`                5 000           ``tokens``
`MAX_WALLS`                 100 000         ``walls`` (segments; doors and windows count)
`MAX_TERRAIN`               250 000         ``terrain`` entries (and each must lie on the grid)
`MAX_LIGHTS`                10 000          ``lights``
`MAX_ITEMS_PER_TOKEN`       200             each list or table the engine reads from a token (attacks, …)
`MAX_ID_CHARS`              200             a token id
`MAX_TEXT_CHARS`            1 000 000       any other string, except picture references (fog: 167 000)
`MAX_PICTURE_REF_CHARS`     300 000 000     a picture reference (a ``data:`` URI holds the picture)
`MAX_JSON_DEPTH`            64              nesting of objects and lists anywhere (unknown keys too)
`MAX_INT_DIGITS`            100             digits of any whole number anywhere (unknown keys too)
`MAX_REACH_FEET`            1 000 ft        a token's ``reach`` (the ``reach`` query grows with feet²)
`MAX_SPEED_FEET`            10 000 ft       a token's ``speed`` and each of its ``speeds``
`MAX_STAT`                  1 000 000 000   any other whole-number game value (hp, ac, bonus, …)
`MAX_COORD`                 1 000 000       a wall end or light position, in cells from the origin
`MAX_LIGHT_FEET`            100 000 ft      a light's range, bright and dim radius
`MAX_PIXELS_PER_CELL`       100 000         a map picture's pixels per cell
==========================  ==============  ===========================================================

`check_document` checks the raw JSON (counts, depth, digits, string lengths) before anything is built,
so a hostile file is refused cheaply; `check_scene` checks the built `Scene`'s values (terrain on the
grid, reach, speeds, game values, coordinates). `rules.io.scene_json.scene_from_json` calls both.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from rules.errors import SceneError

MAX_SCENE_FILE_BYTES = 320 * 1024 * 1024
MAX_GRID_SIDE = 1000
MAX_TOKENS = 5_000
#: 100 000 segments: the first movement query of such a map builds its step tables in about 1.3 s on a
#: 2-core machine (200 000 took 2.7 s; real maps, up to a 300×300 Dungeondraft export, hold ~20 000).
MAX_WALLS = 100_000
#: 250 000 entries, every square of a 500×500 grid: such a map opens in about 1.5 s (a million entries
#: took 5 s and more just to read, as every entry is a value of its own).
MAX_TERRAIN = 250_000
MAX_LIGHTS = 10_000
MAX_ITEMS_PER_TOKEN = 200
MAX_ID_CHARS = 200
MAX_TEXT_CHARS = 1_000_000
MAX_PICTURE_REF_CHARS = 300_000_000
MAX_JSON_DEPTH = 64
MAX_INT_DIGITS = 100
MAX_REACH_FEET = 1_000
MAX_SPEED_FEET = 10_000
MAX_STAT = 1_000_000_000
MAX_COORD = 1_000_000.0
MAX_LIGHT_FEET = 100_000.0
MAX_PIXELS_PER_CELL = 100_000.0

_MAX_INT = 10**MAX_INT_DIGITS
_SECTION_LIMITS = {
    "tokens": MAX_TOKENS,
    "walls": MAX_WALLS,
    "terrain": MAX_TERRAIN,
    "lights": MAX_LIGHTS,
}
#: The lists and tables of a token the engine reads (unknown keys are bounded by size and depth only).
_TOKEN_LISTS = (
    "conditions", "immunities", "weaknesses", "resistances", "vulnerabilities", "attacks", "saves",
    "reactions", "skills", "abilities", "persistent", "speeds", "senses",
)  # fmt: skip
_NAMES = {"tokens": "tokens", "walls": "wall segments", "terrain": "terrain entries", "lights": "lights"}


def _fail(source: str, path: str, message: str) -> SceneError:
    return SceneError(message, path, source)


def _child(path: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path and path != "$" else str(key)


def check_document(doc: Mapping[str, Any], source: str = "") -> None:
    """Refuse a raw scene document past a count, depth, digit or length limit (see the table above)."""
    for key, limit in _SECTION_LIMITS.items():
        value = doc.get(key)
        if isinstance(value, list) and len(value) > limit:
            raise _fail(source, key, f"has {len(value)} {_NAMES[key]}, more than the limit of {limit}")
    tokens = doc.get("tokens")
    if isinstance(tokens, list):
        for i, tok in enumerate(tokens):
            if not isinstance(tok, dict):
                continue
            tid = tok.get("id")
            if isinstance(tid, str) and len(tid) > MAX_ID_CHARS:
                raise _fail(
                    source,
                    f"tokens[{i}].id",
                    f"is {len(tid)} characters, more than the {MAX_ID_CHARS} allowed",
                )
            for k in _TOKEN_LISTS:
                v = tok.get(k)
                if isinstance(v, (list, dict)) and len(v) > MAX_ITEMS_PER_TOKEN:
                    raise _fail(
                        source,
                        f"tokens[{i}].{k}",
                        f"has {len(v)} entries, more than the limit of {MAX_ITEMS_PER_TOKEN}",
                    )
    _walk(doc, source)


def _picture_ref(path: str) -> bool:
    return path == "background.image" or (path.startswith("tokens[") and path.endswith("].image"))


def _trail_path(trail: Any) -> str:
    """The JSON path of a trail ``(parent trail, key)`` (built only when something is refused)."""
    keys: list[Any] = []
    while trail is not None:
        trail, key = trail
        keys.append(key)
    path = "$"
    for key in reversed(keys):
        path = _child(path, key)
    return path


#: Longest text a plain terrain or wall entry may hold as its kind (the kinds are short words).
_PLAIN_KIND_CHARS = 64


def plain_terrain(entry: Any) -> bool:
    """True for a terrain entry of the plain shape ``{"cell": [x, y], "kind": "…"}`` with whole numbers
    inside the digit limit and a short kind (nothing else: no unknown keys). Such an entry is within every
    limit of `check_document`; the loader reads it without its general checks (`rules.io.scene_json`)."""
    if type(entry) is not dict or len(entry) != 2:
        return False
    cell = entry.get("cell")
    kind = entry.get("kind")
    if type(cell) is not list or len(cell) != 2 or type(kind) is not str or len(kind) > _PLAIN_KIND_CHARS:
        return False
    x, y = cell
    return type(x) is int and type(y) is int and -_MAX_INT < x < _MAX_INT and -_MAX_INT < y < _MAX_INT


def plain_wall(entry: Any) -> bool:
    """True for a wall entry of the plain shape ``{"a": [x, y], "b": [x, y]}`` with an optional short
    ``kind`` and an optional true/false ``open`` (nothing else), every coordinate a number within
    ``MAX_COORD`` of the origin. Such an entry is within every limit (`plain_terrain`)."""
    if type(entry) is not dict:
        return False
    a = entry.get("a")
    b = entry.get("b")
    if type(a) is not list or type(b) is not list or len(a) != 2 or len(b) != 2:
        return False
    keys = 2
    kind = entry.get("kind")
    if kind is not None:
        if type(kind) is not str or len(kind) > _PLAIN_KIND_CHARS:
            return False
        keys += 1
    is_open = entry.get("open")
    if is_open is not None:
        if type(is_open) is not bool:
            return False
        keys += 1
    if len(entry) != keys:
        return False
    for v in (a[0], a[1], b[0], b[1]):
        t = type(v)
        if (t is not float and t is not int) or not -MAX_COORD <= v <= MAX_COORD:
            return False
    return True


def _odd_terrain(entries: list[Any]) -> dict[int, Any]:
    """The entries of a terrain list that are not plain (`plain_terrain`), by index (inlined: a big map
    has 100 000s of entries)."""
    m, most = _MAX_INT, _PLAIN_KIND_CHARS
    rest: dict[int, Any] = {}
    for i, e in enumerate(entries):
        if type(e) is dict and len(e) == 2:
            cell = e.get("cell")
            kind = e.get("kind")
            if type(cell) is list and len(cell) == 2 and type(kind) is str and len(kind) <= most:
                x, y = cell
                if type(x) is int and type(y) is int and -m < x < m and -m < y < m:
                    continue
        rest[i] = e
    return rest


def _odd_walls(entries: list[Any]) -> dict[int, Any]:
    """The entries of a wall list that are not plain (`plain_wall`), by index."""
    return {i: e for i, e in enumerate(entries) if not plain_wall(e)}


_BULK = {"terrain": _odd_terrain, "walls": _odd_walls}


def _walk(doc: Any, source: str) -> None:
    """Depth, whole-number digits and string lengths everywhere (iterative: no recursion limit).

    Paths are kept as cheap ``(parent, key)`` trails and spelled out only for an error: this runs over
    every value of a big map on each load."""
    stack: list[tuple[Any, Any, int]] = [(doc, None, 0)]
    max_int, max_text = _MAX_INT, MAX_TEXT_CHARS
    while stack:
        value, trail, depth = stack.pop()
        if depth >= MAX_JSON_DEPTH:  # the document itself is the first level
            raise _fail(source, _trail_path(trail), f"is nested more than {MAX_JSON_DEPTH} levels deep")
        is_dict = type(value) is dict or isinstance(value, dict)
        items: Any = value.items() if is_dict else enumerate(value)
        for key, v in items:
            if is_dict and type(key) is str and len(key) > max_text:
                raise _fail(
                    source, _trail_path(trail), f"has a key of {len(key)} characters, more than {max_text}"
                )
            t = type(v)
            if t is str:
                if len(v) > max_text:
                    where = _trail_path((trail, key))
                    limit = MAX_PICTURE_REF_CHARS if _picture_ref(where) else max_text
                    if len(v) > limit:
                        raise _fail(source, where, f"is {len(v)} characters, more than the {limit} allowed")
            elif t is int:
                if not -max_int < v < max_int:
                    raise _fail(
                        source,
                        _trail_path((trail, key)),
                        f"the number is too large (a whole number of more than {MAX_INT_DIGITS} digits)",
                    )
            elif t is list and depth == 0 and key in _BULK:
                # the map's long lists: entries of the plain shape the loader reads (`plain_terrain`,
                # `plain_wall`) hold nothing past a limit; only the others are walked, by their index
                rest = _BULK[key](v)
                if rest:
                    stack.append((rest, (trail, key), depth + 1))
            elif t is dict or t is list:
                stack.append((v, (trail, key), depth + 1))
            elif t is float or t is bool or v is None:
                continue
            elif isinstance(v, (dict, list)):  # subclasses (a caller's own mappings)
                stack.append((v, (trail, key), depth + 1))
            elif isinstance(v, int) and not isinstance(v, bool) and not -max_int < v < max_int:
                raise _fail(
                    source,
                    _trail_path((trail, key)),
                    f"the number is too large (a whole number of more than {MAX_INT_DIGITS} digits)",
                )


def _number_text(value: float) -> str:
    """A number as a person writes it: whole numbers in full, others with the digits that tell them apart
    from a limit (``-1000000.5``, never ``-1e+06``)."""
    if not math.isfinite(value):
        return str(value)
    if float(value).is_integer() and abs(value) < 1e18:
        return str(int(value))
    if abs(value) < 1e15:
        return f"{value:.6f}".rstrip("0").rstrip(".")
    return f"{value:.6g}"


def _bound(source: str, path: str, value: float | None, lo: float, hi: float, unit: str = "") -> None:
    if value is None:
        return
    if not (lo <= value <= hi) or (isinstance(value, float) and not math.isfinite(value)):
        shown, low, high = _number_text(value), _number_text(lo), _number_text(hi)
        raise _fail(source, path, f"{shown}{unit} is outside the allowed range {low}..{high}{unit}")


def check_scene(scene: Any, source: str = "") -> None:
    """Refuse a built `rules.model.scene.Scene` whose values pass the limits of the table above (paths as in
    the file). Typed `Any`: `rules.model.scene` calls this module, never the other way round."""
    grid = scene.grid
    w, h, m = grid.width, grid.height, MAX_COORD
    terrain_ok = all(0 <= t.cell[0] < w and 0 <= t.cell[1] < h for t in scene.terrain)
    walls_ok = all(
        -m <= wall.a[0] <= m and -m <= wall.a[1] <= m and -m <= wall.b[0] <= m and -m <= wall.b[1] <= m
        for wall in scene.walls
    )  # the common case, at a big map's size; the loops below find and name the first bad value
    for i, t in enumerate(() if terrain_ok else scene.terrain):
        x, y = t.cell
        if not (0 <= x < grid.width and 0 <= y < grid.height):
            raise _fail(
                source,
                f"terrain[{i}].cell",
                f"[{x}, {y}] is outside the {grid.width}×{grid.height} grid (cells 0..{grid.width - 1}, "
                f"0..{grid.height - 1})",
            )
    for i, wall in enumerate(() if walls_ok else scene.walls):
        for end, p in (("a", wall.a), ("b", wall.b)):
            _bound(source, f"walls[{i}].{end}[0]", p.x, -MAX_COORD, MAX_COORD)
            _bound(source, f"walls[{i}].{end}[1]", p.y, -MAX_COORD, MAX_COORD)
    for i, lt in enumerate(scene.lights):
        where = f"lights[{i}]"
        _bound(source, f"{where}.at[0]", lt.position.x, -MAX_COORD, MAX_COORD)
        _bound(source, f"{where}.at[1]", lt.position.y, -MAX_COORD, MAX_COORD)
        for name in ("range", "bright", "dim"):
            _bound(source, f"{where}.{name}", getattr(lt, name, None), 0, MAX_LIGHT_FEET, " ft")
    bg = scene.background
    if bg is not None:
        _bound(source, "background.pixels_per_cell", bg.pixels_per_cell, 0, MAX_PIXELS_PER_CELL)
        _bound(source, "background.offset[0]", bg.offset.x, -MAX_STAT, MAX_STAT)
        _bound(source, "background.offset[1]", bg.offset.y, -MAX_STAT, MAX_STAT)
    for i, tok in enumerate(scene.tokens):
        check_token(tok, f"tokens[{i}]", source)


def check_token(tok: Any, where: str, source: str) -> None:
    _bound(source, f"{where}.reach", tok.reach, 0, MAX_REACH_FEET, " ft")
    _bound(source, f"{where}.speed", tok.speed, 0, MAX_SPEED_FEET, " ft")
    for name in (
        "ac", "hp", "max_hp", "temp_hp", "initiative_bonus", "level", "perception",
        "proficiency_bonus", "hero_points", "elevation",
    ):  # fmt: skip
        value = getattr(tok, name, None)
        if isinstance(value, int):
            _bound(source, f"{where}.{name}", value, -MAX_STAT, MAX_STAT)
    tables = (
        ("speeds", MAX_SPEED_FEET), ("saves", MAX_STAT), ("skills", MAX_STAT), ("abilities", MAX_STAT),
        ("weaknesses", MAX_STAT), ("resistances", MAX_STAT),
    )  # fmt: skip
    for table, hi in tables:
        for key, value in getattr(tok, table, ()) or ():
            if isinstance(value, int):
                _bound(source, f"{where}.{table}.{key}", value, -MAX_STAT, hi)
    for k, a in enumerate(getattr(tok, "attacks", ()) or ()):
        at = f"{where}.attacks[{k}]"
        _bound(source, f"{at}.bonus", a.bonus, -MAX_STAT, MAX_STAT)
        _bound(source, f"{at}.range_increment", a.range_increment, 1, MAX_STAT, " ft")
        if a.range is not None:
            _bound(source, f"{at}.range", a.range[1], 1, MAX_STAT, " ft")
