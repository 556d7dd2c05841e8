"""`AreaSpec`: one area of effect as a value (what `rules.geometry.areas.resolve_area` resolves)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.geometry.coords import Point

ALL_SHAPES: tuple[str, ...] = ("burst", "sphere", "cylinder", "cube", "emanation", "cone", "line")


@dataclass(frozen=True, slots=True)
class AreaSpec:
    """One area of effect, for every shape and system.

    `origin` is the shape's point: the corner of a burst, sphere or cylinder, the top-left corner of a
    cube, the origin of a cone or line (None for an emanation, or for a cone or line to start it at the
    creator's space, see `default_origin`). `feet` is the radius, side or length; `direction` (degrees,
    0 = east, 90 = south) is for cones and lines; `width` for lines. `token_id` names the creator (needed
    for an emanation). `method` overrides the scene's 5e ``area_method`` (None = the scene's).
    `elevation` (ft) is the height of the origin: a creature is affected only within the area's vertical
    extent (`rules.geometry.elevation.area_levels`; an emanation follows its creator's height).
    """

    shape: str
    feet: int
    origin: Point | None = None
    direction: float | None = None
    width: int = 5
    token_id: str | None = None
    include_self: bool = False
    method: str | None = None
    elevation: int = 0
