"""Areas placed on the map (a fireball's burst, a lingering cloud): values, their JSON, and scene edits.

A `PlacedArea` is an `AreaSpec` (what the engine resolves, `rules.geometry.areas.resolve_area`) with what the
table needs around it: an id, a label, a colour, a duration in rounds, and optionally the save it calls for
(``damage`` formula, ``save`` name, ``dc``) so "roll saves" can be prefilled.

Storage: the scene's ``extra["areas"]`` holds a JSON list, one object per area in placing order::

    {"id": "area-1", "label": "Fireball", "colour": "#e8663c", "shape": "burst", "feet": 20,
     "origin": [12, 7], "direction": null, "width": 5, "token": null, "include_self": false,
     "method": null, "rounds_left": null, "duration": null, "damage": "6d6 fire", "save": "reflex",
     "dc": 21}

``origin`` is the shape's point (the corner of a burst, sphere or cylinder, the top-left corner of a cube, the
origin of a cone or line); an emanation has none and follows its creator (``token``). Keys with null values
may be left out. Unknown keys of an area object are ignored.

Boundary rules:

* `read_areas` never raises: an entry that isn't a valid area is skipped and reported in
  `AreasRead.problems` (``areas[2].feet: must be a whole number ≥ 0, got 'x'``), so a damaged file still
  opens. Whether a shape exists in the scene's system is *not* checked here: `resolve_area` says so when the
  area is drawn (a scene switched from PF2e to 5e keeps its bursts, which then don't resolve).
* ``rounds_left`` None means "until removed". `tick_areas` counts areas down by one: an area counts at the
  start of its owner's turn (``owner``, default its creator ``token``) when the owner is in the initiative
  order, otherwise when a new round begins. At 0 it is removed.
* Every edit returns a new `Scene`; the scene's other fields (tokens, walls…) are the same objects, so views
  that compare them by identity don't redraw.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.geometry.areas import ALL_SHAPES, AreaSpec
from rules.geometry.coords import Point
from rules.scene import AREA_METHODS, Scene

EXTRA_KEY = "areas"
DEFAULT_COLOUR = "#e8663c"
#: Colours offered for new areas, in turn.
PALETTE: tuple[str, ...] = ("#e8663c", "#3c9be8", "#9b5de5", "#2ec4b6", "#f2c14e", "#e84393")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True, slots=True)
class PlacedArea:
    """One area on the map. `rounds_left`/`duration` are None for an area that lasts until removed."""

    id: str
    spec: AreaSpec
    label: str = ""
    colour: str = DEFAULT_COLOUR
    rounds_left: int | None = None
    duration: int | None = None
    owner: str | None = None
    damage: str = ""
    save: str | None = None
    dc: int | None = None

    @property
    def counts_on(self) -> str | None:
        """Whose turn start counts the area down (None: the start of each round)."""
        return self.owner or self.spec.token_id

    @property
    def title(self) -> str:
        """The label, or a description such as ``20-ft burst``."""
        return self.label or describe(self.spec)


@dataclass(frozen=True, slots=True)
class AreasRead:
    areas: tuple[PlacedArea, ...]
    problems: tuple[str, ...] = ()


def describe(spec: AreaSpec) -> str:
    """``20-ft burst``, ``60-ft line (10 ft wide)``, ``15-ft cone``."""
    text = f"{spec.feet}-ft {spec.shape}"
    if spec.shape == "line" and spec.width != 5:
        text += f" ({spec.width} ft wide)"
    return text


# ------------------------------------------------------------------------------------------------ JSON


def _num(v: float) -> int | float:
    return int(v) if float(v).is_integer() else v


def area_to_json(area: PlacedArea) -> dict[str, Any]:
    s = area.spec
    out: dict[str, Any] = {"id": area.id}
    if area.label:
        out["label"] = area.label
    out["colour"] = area.colour
    out["shape"] = s.shape
    out["feet"] = s.feet
    if s.origin is not None:
        out["origin"] = [_num(s.origin.x), _num(s.origin.y)]
    if s.direction is not None:
        out["direction"] = _num(s.direction)
    if s.width != 5:
        out["width"] = s.width
    if s.token_id is not None:
        out["token"] = s.token_id
    if s.include_self:
        out["include_self"] = True
    if s.method is not None:
        out["method"] = s.method
    if area.rounds_left is not None:
        out["rounds_left"] = area.rounds_left
    if area.duration is not None:
        out["duration"] = area.duration
    if area.owner is not None:
        out["owner"] = area.owner
    if area.damage:
        out["damage"] = area.damage
    if area.save is not None:
        out["save"] = area.save
    if area.dc is not None:
        out["dc"] = area.dc
    return out


class _Bad(ValueError):
    pass


def _int(raw: Mapping[str, Any], key: str, path: str, lo: int, default: int | None = None) -> int | None:
    v = raw.get(key)
    if v is None:
        return default
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not float(v).is_integer() or v < lo:
        raise _Bad(f"{path}.{key}: must be a whole number ≥ {lo}, got {v!r}")
    return int(v)


def _str(raw: Mapping[str, Any], key: str, path: str) -> str | None:
    v = raw.get(key)
    if v is None:
        return None
    if not isinstance(v, str):
        raise _Bad(f"{path}.{key}: must be text, got {v!r}")
    return v


def _finite(v: Any, path: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise _Bad(f"{path}: must be a number, got {v!r}")
    return float(v)


def area_from_json(raw: Any, path: str = "area") -> PlacedArea:
    """One area from its JSON object. Raises `ValueError` naming the bad field (``areas[0].feet: …``)."""
    if not isinstance(raw, Mapping):
        raise _Bad(f"{path}: must be an object, got {raw!r}")
    area_id = _str(raw, "id", path)
    if not area_id:
        raise _Bad(f"{path}.id: an area needs an id")
    shape = _str(raw, "shape", path)
    if shape not in ALL_SHAPES:
        raise _Bad(f"{path}.shape: must be one of {', '.join(ALL_SHAPES)}, got {shape!r}")
    feet = _int(raw, "feet", path, 0)
    if feet is None:
        raise _Bad(f"{path}.feet: missing")
    origin: Point | None = None
    o = raw.get("origin", raw.get("corner"))
    if o is not None:
        if not isinstance(o, Sequence) or isinstance(o, str) or len(o) != 2:
            raise _Bad(f"{path}.origin: must be [x, y], got {o!r}")
        origin = Point(_finite(o[0], f"{path}.origin[0]"), _finite(o[1], f"{path}.origin[1]"))
    direction = None if raw.get("direction") is None else _finite(raw["direction"], f"{path}.direction")
    width = _int(raw, "width", path, 1, 5)
    assert width is not None
    token = _str(raw, "token", path)
    include_self = raw.get("include_self", False)
    if not isinstance(include_self, bool):
        raise _Bad(f"{path}.include_self: must be true or false, got {include_self!r}")
    method = _str(raw, "method", path)
    if method is not None and method not in AREA_METHODS:
        raise _Bad(f"{path}.method: must be one of {', '.join(AREA_METHODS)}, got {method!r}")
    if shape in ("cone", "line") and direction is None:
        raise _Bad(f"{path}.direction: a {shape} needs a direction")
    if shape == "emanation" and token is None:
        raise _Bad(f"{path}.token: an emanation needs its creature")
    if origin is None and shape not in ("emanation", "cone", "line"):
        raise _Bad(f"{path}.origin: a {shape} needs its corner")
    if origin is None and shape in ("cone", "line") and token is None:
        raise _Bad(f"{path}.origin: a {shape} needs an origin or its creator")
    colour = _str(raw, "colour", path) or DEFAULT_COLOUR
    if not _COLOUR.match(colour):
        raise _Bad(f"{path}.colour: must be #rrggbb, got {colour!r}")
    spec = AreaSpec(
        shape=shape,
        feet=feet,
        origin=origin,
        direction=direction,
        width=width,
        token_id=token,
        include_self=include_self,
        method=method,
    )
    return PlacedArea(
        id=area_id,
        spec=spec,
        label=_str(raw, "label", path) or "",
        colour=colour,
        rounds_left=_int(raw, "rounds_left", path, 0),
        duration=_int(raw, "duration", path, 1),
        owner=_str(raw, "owner", path),
        damage=_str(raw, "damage", path) or "",
        save=_str(raw, "save", path),
        dc=_int(raw, "dc", path, 0),
    )


def areas_from_json(raw: Any) -> AreasRead:
    """Every valid area of a JSON list; invalid entries (and repeated ids) are reported, not raised."""
    if raw is None:
        return AreasRead(())
    if not isinstance(raw, list):
        return AreasRead((), (f"{EXTRA_KEY}: must be a list, got {type(raw).__name__}",))
    areas: list[PlacedArea] = []
    problems: list[str] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        try:
            area = area_from_json(item, f"{EXTRA_KEY}[{i}]")
        except ValueError as exc:
            problems.append(str(exc))
            continue
        if area.id in seen:
            problems.append(f"{EXTRA_KEY}[{i}].id: {area.id!r} is used twice")
            continue
        seen.add(area.id)
        areas.append(area)
    return AreasRead(tuple(areas), tuple(problems))


# ---------------------------------------------------------------------------------------- scene access


def read_areas(scene: Scene) -> AreasRead:
    """The scene's placed areas and any problems reading them (cached on the scene value)."""
    result: AreasRead = scene.cached(("placed_areas",), lambda: areas_from_json(scene.extra.get(EXTRA_KEY)))
    return result


def areas_of(scene: Scene) -> tuple[PlacedArea, ...]:
    return read_areas(scene).areas


def area_by_id(scene: Scene, area_id: str) -> PlacedArea | None:
    for a in areas_of(scene):
        if a.id == area_id:
            return a
    return None


def with_areas(scene: Scene, areas: Iterable[PlacedArea]) -> Scene:
    """A copy of the scene whose areas are `areas` (the key is dropped when there are none)."""
    extra = {k: v for k, v in scene.extra.items() if k != EXTRA_KEY}
    listed = [area_to_json(a) for a in areas]
    if listed:
        extra[EXTRA_KEY] = listed
    return scene.edit(extra=extra)


def next_area_id(scene: Scene) -> str:
    """``area-N`` with N one more than the largest in use."""
    used = {a.id for a in areas_of(scene)}
    n = 1
    for a in used:
        head, _, tail = a.rpartition("-")
        if head == "area" and tail.isdigit():
            n = max(n, int(tail) + 1)
    while f"area-{n}" in used:
        n += 1
    return f"area-{n}"


def next_colour(scene: Scene) -> str:
    """The palette colour after the last area's (the first one for an empty scene)."""
    areas = areas_of(scene)
    if not areas:
        return PALETTE[0]
    last = areas[-1].colour.lower()
    for i, c in enumerate(PALETTE):
        if c == last:
            return PALETTE[(i + 1) % len(PALETTE)]
    return PALETTE[len(areas) % len(PALETTE)]


def add_area(scene: Scene, area: PlacedArea) -> Scene:
    """Add `area` (it replaces an area with the same id, keeping its place)."""
    areas = list(areas_of(scene))
    for i, a in enumerate(areas):
        if a.id == area.id:
            areas[i] = area
            return with_areas(scene, areas)
    return with_areas(scene, [*areas, area])


def remove_area(scene: Scene, area_id: str) -> Scene:
    return with_areas(scene, [a for a in areas_of(scene) if a.id != area_id])


def replace_area(scene: Scene, area: PlacedArea) -> Scene:
    return add_area(scene, area)


def tick_areas(
    scene: Scene, starting: str | None, new_round: bool, in_order: Iterable[str] = ()
) -> tuple[Scene, tuple[PlacedArea, ...]]:
    """Count areas down at the start of `starting`'s turn (see the module rules). Returns the new scene
    and the areas that ended. `in_order` is the ids in the initiative order; an area whose owner is not in
    it counts at the start of a round (`new_round`)."""
    order = set(in_order)
    kept: list[PlacedArea] = []
    ended: list[PlacedArea] = []
    changed = False
    for a in areas_of(scene):
        if a.rounds_left is None:
            kept.append(a)
            continue
        owner = a.counts_on
        counts = (owner is not None and owner in order and owner == starting) or (
            (owner is None or owner not in order) and new_round
        )
        if not counts:
            kept.append(a)
            continue
        changed = True
        left = a.rounds_left - 1
        if left <= 0:
            ended.append(a)
        else:
            kept.append(replace(a, rounds_left=left))
    if not changed:
        return scene, ()
    return with_areas(scene, kept), tuple(ended)
