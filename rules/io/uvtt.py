"""Universal VTT import (``.dd2vtt`` from Dungeondraft, ``.uvtt``, ``.df2vtt``) → a FiveFoot scene.

What the importer does (spec/query-protocol.md "Universal VTT import"; the quirks of real files are in
shared/sample-maps/SOURCES.md):

- **Coordinates** are grid cells. Every point (walls, portal bounds, light positions) has
  ``resolution.map_origin`` subtracted, so a cropped export lands on the picture. Points are not clipped
  or clamped: walls outside the map stay (only coordinates beyond ±`MAX_COORD` cells are refused).
- **Grid** = ``resolution.map_size``: ``x`` is the width, ``y`` the height, each 1..1000. A whole number
  written as a float (``33.0``) is fine; a fractional size is rounded up so the grid covers the map.
- **Walls**: each polyline of ``line_of_sight`` and ``objects_line_of_sight`` (absent in format 0.2)
  becomes one ``wall`` segment per pair of consecutive points. Zero-length segments and duplicates (the
  same two endpoints in either order, compared to 1e-6 cell) are dropped, and so is a wall segment lying
  exactly on a door (the door wins, so opening it opens the gap).
- **Doors**: each portal becomes one ``door`` segment between its two ``bounds`` points (their order does
  not matter; ``rotation`` and ``position`` are not needed), open when ``closed`` is false (default
  closed). A zero-length portal is dropped; a portal listed twice gives one door.
- **Lights** keep position (origin subtracted), ``range`` (cells), ``intensity``, ``color`` (AARRGGBB,
  normalised to 8 lower-case hex digits; 6 digits get ``ff`` alpha) and ``shadows``.
- **Picture**: base64 (a ``data:`` prefix is allowed) of a PNG or WebP (JPEG is accepted too), sniffed by
  its magic bytes. It becomes ``Background("embedded:map.<ext>", pixels_per_cell=pixels_per_grid)`` and
  its bytes go into the `Document`'s image set (see `rules.io.images`). In format 1.0 files ``image`` may
  be a file path: it is kept as the background's path reference (relative to the UVTT file), unread.
  Limits: 200 MB decoded, 100 megapixels (read from the header without decoding).
- ``environment`` (its ``baked_lighting`` and ``ambient_light``) and the format version are kept under the
  scene's extra key ``"uvtt"``.

Every bad input raises `SceneError` naming the file and the JSON path of the bad field
(``resolution.map_size.x: expected a number, got the string '10'``).
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rules.errors import SceneError
from rules.geometry.coords import Point
from rules.io.document import Document
from rules.io.images import (
    MAX_IMAGE_BYTES,
    ImageError,
    check_image,
    embedded_ref,
)
from rules.io.json_reader import JsonReader, decode_json
from rules.io.reading import file_error
from rules.io.safe_read import read_regular_file
from rules.io.scene_json import FORMAT, scene_from_json
from rules.limits import MAX_WALLS
from rules.model.scene import FORMAT_VERSION, MAX_GRID_SIDE, Scene
from rules.model.state import GameState

UVTT_SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")
#: Largest UVTT file read: a 200 MB picture is about 267 MB of base64, plus the geometry.
MAX_FILE_BYTES = 300 * 1024 * 1024
#: The scene's own limit on wall segments (`rules.limits.MAX_WALLS`): an import past it could not be saved.
MAX_SEGMENTS = MAX_WALLS
MAX_COORD = 1_000_000.0
#: A base64 string longer than this cannot decode to at most MAX_IMAGE_BYTES (with room for line breaks).
_MAX_BASE64_CHARS = (MAX_IMAGE_BYTES // 3 + 1) * 4 * 21 // 20
_MAX_PATH_CHARS = 4096
_DEDUP_DIGITS = 6
_HEX_COLOUR = re.compile(r"#?([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})")

JSON = Any


# ------------------------------------------------------------------------------------------- entry points


def load(path: str | Path, system: str = "pf2e") -> Scene:
    """Import a UVTT file as a scene (`load_document` for its picture too). Raises `SceneError`."""
    return load_document(path, system).scene


def load_document(path: str | Path, system: str = "pf2e") -> Document:
    """Import a UVTT file: the scene plus its embedded picture. Raises `SceneError` naming the file."""
    p = Path(path)
    source = str(p)
    try:
        data = read_regular_file(p, MAX_FILE_BYTES)
    except OSError as exc:
        raise file_error(exc, source, "map file") from None
    return loads(data, source, system, name=p.stem)


def loads(data: bytes, source: str = "", system: str = "pf2e", name: str = "") -> Document:
    """Import the bytes of a UVTT file (UTF-8 JSON, a byte-order mark allowed)."""
    if len(data) > MAX_FILE_BYTES:
        raise SceneError(f"is more than {MAX_FILE_BYTES // (1024 * 1024)} MB", "", source)
    doc = decode_json(data, source, hint="is this really a Universal VTT file?")
    return document_from_uvtt(doc, source, system, name=name)


def scene_from_uvtt(doc: JSON, source: str = "", system: str = "pf2e") -> Scene:
    """The scene of a decoded UVTT document (`document_from_uvtt` for its picture too)."""
    return document_from_uvtt(doc, source, system).scene


# ------------------------------------------------------------------------------------------- reading


class _Reader(JsonReader):
    """`JsonReader` with the importer's points (``{x, y}`` or ``[x, y]``, within ±`MAX_COORD`) and grid
    sides; long values are cut short in messages."""

    def __init__(self, source: str) -> None:
        super().__init__(source, shown_chars=40)

    def coord(self, value: JSON, path: str) -> float:
        x = self.number(value, path)
        if abs(x) > MAX_COORD:
            raise self.fail(path, f"{x:g} is too far from the map (the limit is ±{MAX_COORD:g} cells)")
        return x

    def point(self, value: JSON, path: str) -> Point:
        """``{"x": …, "y": …}`` (or ``[x, y]``)."""
        if isinstance(value, list):
            if len(value) != 2:
                raise self.fail(path, f"expected a point {{x, y}}, got a list of {len(value)}")
            return Point(self.coord(value[0], f"{path}[0]"), self.coord(value[1], f"{path}[1]"))
        o = self.obj(value, path)
        x = self.coord(self.require(o, "x", f"{path}.x", "a number"), f"{path}.x")
        y = self.coord(self.require(o, "y", f"{path}.y", "a number"), f"{path}.y")
        return Point(x, y)

    def side(self, value: JSON, path: str) -> int:
        x = self.number(value, path)
        n = round(x) if abs(x - round(x)) < 1e-6 else math.ceil(x)
        if n < 1:
            raise self.fail(path, f"{x:g} is less than 1 cell")
        if n > MAX_GRID_SIDE:
            raise self.fail(path, f"{x:g} is more than {MAX_GRID_SIDE} cells")
        return int(n)


def _key(a: Point, b: Point) -> tuple[tuple[float, float], tuple[float, float]]:
    """The same segment in either direction gives the same key (endpoints rounded to 1e-6 cell)."""
    p = (round(a.x, _DEDUP_DIGITS), round(a.y, _DEDUP_DIGITS))
    q = (round(b.x, _DEDUP_DIGITS), round(b.y, _DEDUP_DIGITS))
    return (p, q) if p <= q else (q, p)


def _polyline_segments(
    r: _Reader, doc: dict[str, JSON], key: str, origin: Point
) -> Iterator[tuple[Point, Point]]:
    if doc.get(key) is None:  # absent in format 0.2, or written as null
        return
    for i, line in enumerate(r.lst(doc[key], key)):
        points = r.lst(line, f"{key}[{i}]")
        prev: Point | None = None
        for j, raw in enumerate(points):
            pt = r.point(raw, f"{key}[{i}][{j}]")
            here = Point(pt.x - origin.x, pt.y - origin.y)
            if prev is not None:
                yield prev, here
            prev = here


def _colour(r: _Reader, value: JSON, path: str) -> str:
    if not isinstance(value, str) or not _HEX_COLOUR.fullmatch(value):
        raise r.fail(path, f"expected a colour of 8 hex digits (AARRGGBB), got {r.kind(value)}")
    digits = value.lstrip("#").lower()
    return digits if len(digits) == 8 else "ff" + digits


def _point_json(p: Point) -> list[float]:
    return [p.x, p.y]


# ------------------------------------------------------------------------------------------- import


def document_from_uvtt(doc: JSON, source: str = "", system: str = "pf2e", name: str = "") -> Document:
    """Build the scene and its image set from a decoded UVTT document (see the module docstring).

    Raises `SceneError` naming `source` and the JSON path of the first bad field.
    """
    r = _Reader(source)
    d = r.obj(doc, "$")
    version: float | None = None
    if d.get("format") is not None:
        version = r.number(d["format"], "format")

    res = r.obj(
        r.require(d, "resolution", "resolution", "an object with map_origin, map_size, pixels_per_grid"),
        "resolution",
    )
    origin = Point(0.0, 0.0)
    if res.get("map_origin") is not None:
        origin = r.point(res["map_origin"], "resolution.map_origin")
    size = r.obj(
        r.require(res, "map_size", "resolution.map_size", "an object {x, y} in cells"), "resolution.map_size"
    )
    width = r.side(
        r.require(size, "x", "resolution.map_size.x", "the width in cells"), "resolution.map_size.x"
    )
    height = r.side(
        r.require(size, "y", "resolution.map_size.y", "the height in cells"), "resolution.map_size.y"
    )
    ppg: float | None = None
    if res.get("pixels_per_grid") is not None:
        ppg = r.number(res["pixels_per_grid"], "resolution.pixels_per_grid")
        if ppg <= 0:
            raise r.fail("resolution.pixels_per_grid", f"{ppg:g} is not more than 0")

    # Doors first, so that a wall lying exactly on a door can give way to it.
    doors: list[dict[str, JSON]] = []
    door_keys: set[tuple[tuple[float, float], tuple[float, float]]] = set()
    portals = d.get("portals")
    for i, raw in enumerate(r.lst(portals, "portals") if portals is not None else []):
        path = f"portals[{i}]"
        portal = r.obj(raw, path)
        bounds = r.lst(
            r.require(portal, "bounds", f"{path}.bounds", "the door's two end points"), f"{path}.bounds"
        )
        if len(bounds) != 2:
            raise r.fail(f"{path}.bounds", f"expected 2 points, got {len(bounds)}")
        a0 = r.point(bounds[0], f"{path}.bounds[0]")
        b0 = r.point(bounds[1], f"{path}.bounds[1]")
        is_open = False
        if portal.get("closed") is not None:
            is_open = not r.boolean(portal["closed"], f"{path}.closed")
        a = Point(a0.x - origin.x, a0.y - origin.y)
        b = Point(b0.x - origin.x, b0.y - origin.y)
        k = _key(a, b)
        if k[0] == k[1] or k in door_keys:
            continue
        door_keys.add(k)
        doors.append({"a": _point_json(a), "b": _point_json(b), "kind": "door", "open": is_open})

    walls: list[dict[str, JSON]] = []
    wall_keys: set[tuple[tuple[float, float], tuple[float, float]]] = set()
    count = len(doors)
    for key in ("line_of_sight", "objects_line_of_sight"):
        for a, b in _polyline_segments(r, d, key, origin):
            count += 1
            if count > MAX_SEGMENTS:
                raise r.fail(
                    key, f"more than {MAX_SEGMENTS} wall segments; this is not a map FiveFoot can use"
                )
            k = _key(a, b)
            if k[0] == k[1] or k in wall_keys or k in door_keys:
                continue
            wall_keys.add(k)
            walls.append({"a": _point_json(a), "b": _point_json(b), "kind": "wall"})

    lights: list[dict[str, JSON]] = []
    raw_lights = d.get("lights")
    for i, raw in enumerate(r.lst(raw_lights, "lights") if raw_lights is not None else []):
        path = f"lights[{i}]"
        lt = r.obj(raw, path)
        pos = r.point(r.require(lt, "position", f"{path}.position", "a point {x, y}"), f"{path}.position")
        rng = r.number(lt.get("range", 0), f"{path}.range")
        if rng < 0:
            raise r.fail(f"{path}.range", f"{rng:g} is less than 0")
        intensity = r.number(lt.get("intensity", 1), f"{path}.intensity")
        colour = _colour(r, lt.get("color", "ffffffff"), f"{path}.color")
        shadows = r.boolean(lt.get("shadows", True), f"{path}.shadows")
        lights.append(
            {
                "position": _point_json(Point(pos.x - origin.x, pos.y - origin.y)),
                "range": rng,
                "intensity": intensity,
                "color": colour,
                "shadows": shadows,
            }
        )

    images: dict[str, bytes] = {}
    background: dict[str, JSON] | None = None
    image = d.get("image")
    if image is not None and image != "":
        if not isinstance(image, str):
            raise r.fail("image", f"expected base64 picture data or a file path, got {r.kind(image)}")
        ref, data, pixel_width = _picture(r, image, version)
        if data is not None:
            images[ref.removeprefix("embedded:")] = data
        if ppg is None:
            ppg = pixel_width / width if pixel_width else 70.0
        background = {"image": ref, "pixels_per_cell": ppg, "offset": [0, 0]}

    uvtt_info: dict[str, JSON] = {"format": version}
    environment = d.get("environment")
    if isinstance(environment, dict):
        env: dict[str, JSON] = {}
        if isinstance(environment.get("baked_lighting"), bool):
            env["baked_lighting"] = environment["baked_lighting"]
        ambient = environment.get("ambient_light")
        if isinstance(ambient, str) and _HEX_COLOUR.fullmatch(ambient):
            env["ambient_light"] = _colour(r, ambient, "environment.ambient_light")
        uvtt_info["environment"] = env
    scene_doc: dict[str, JSON] = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "system": system,
        "grid": {"width": width, "height": height},
        "walls": walls + doors,
        "tokens": [],
        "terrain": [],
        "lights": lights,
        "uvtt": uvtt_info,
    }
    if name:
        scene_doc["name"] = name
    if background is not None:
        scene_doc["background"] = background
    return Document(GameState(scene_from_json(scene_doc, source)), images)


def _picture(r: _Reader, image: str, version: float | None) -> tuple[str, bytes | None, int]:
    """(reference, embedded bytes or None for a path, pixel width or 0) of the ``image`` field."""
    text = image
    if text.startswith("data:") and ";base64," in text[:100]:
        text = text.split(",", 1)[1]
    if len(text) > _MAX_BASE64_CHARS:
        mb = MAX_IMAGE_BYTES // (1024 * 1024)
        raise r.fail("image", f"the embedded picture is larger than the {mb} MB limit")
    data: bytes | None = None
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        try:
            data = base64.b64decode("".join(text.split()), validate=True)
        except (binascii.Error, ValueError):
            data = None
    if data is not None and len(data) >= 8:
        try:
            info = check_image(data)
        except ImageError as exc:
            if not _looks_like_path(image, version):
                raise r.fail("image", str(exc)) from None
        else:
            return embedded_ref("map" + info.extension), data, info.width
    if _looks_like_path(image, version):
        return image, None, 0
    raise r.fail("image", "neither base64 PNG/WebP picture data nor a file path")


def _looks_like_path(image: str, version: float | None) -> bool:
    """A short string with a character base64 never uses (``.``, ``\\``, ``:``) or from format ≥ 1."""
    if len(image) > _MAX_PATH_CHARS or image.startswith(("embedded:", "data:")):
        return False
    if any(ord(c) < 32 for c in image):
        return False
    return any(c in image for c in ".\\:") or (version is not None and version >= 1.0)
