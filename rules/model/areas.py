"""Areas placed on the map (a fireball's burst, a lingering cloud) as values, and their durations.

A `PlacedArea` is an `AreaSpec` (what the engine resolves, `rules.geometry.areas.resolve_area`) with what the
table needs around it: an id, a label, a colour, a duration in rounds, and optionally the save it calls for
(``damage`` formula, ``save`` name, ``dc``) so "roll saves" can be prefilled. The file codec is
`rules.io.state_json`.

``rounds_left`` None means "until removed". `tick_areas` counts areas down by one: an area counts at the start
of its owner's turn (``owner``, default its creator ``token``) when the owner is in the initiative order,
otherwise when a new round begins. At 0 it is removed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from rules.messages import msg
from rules.model.area_spec import AreaSpec

DEFAULT_COLOUR = "#e8663c"
#: Colours offered for new areas, in turn.
PALETTE: tuple[str, ...] = ("#e8663c", "#3c9be8", "#9b5de5", "#2ec4b6", "#f2c14e", "#e84393")


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


#: The shapes' names as words for people (message ids; `describe` writes them).
SHAPE_WORDS: dict[str, str] = {
    "burst": "burst",
    "emanation": "emanation",
    "cone": "cone",
    "line": "line",
    "sphere": "sphere",
    "cylinder": "cylinder",
    "cube": "cube",
}


def describe(spec: AreaSpec) -> str:
    """``20-ft burst``, ``60-ft line (10 ft wide)``, ``15-ft cone`` (English; a view translates it)."""
    shape = msg(SHAPE_WORDS.get(spec.shape, spec.shape))
    if spec.shape == "line" and spec.width != 5:
        return str(msg("{feet}-ft {shape} ({width} ft wide)", feet=spec.feet, shape=shape, width=spec.width))
    return str(msg("{feet}-ft {shape}", feet=spec.feet, shape=shape))


def area_by_id(areas: Iterable[PlacedArea], area_id: str) -> PlacedArea | None:
    for a in areas:
        if a.id == area_id:
            return a
    return None


def with_area(areas: Sequence[PlacedArea], area: PlacedArea) -> tuple[PlacedArea, ...]:
    """`areas` with `area` added (it replaces an area with the same id, keeping its place)."""
    if any(a.id == area.id for a in areas):
        return tuple(area if a.id == area.id else a for a in areas)
    return (*areas, area)


def without_area(areas: Sequence[PlacedArea], area_id: str) -> tuple[PlacedArea, ...]:
    return tuple(a for a in areas if a.id != area_id)


def next_area_id(areas: Iterable[PlacedArea]) -> str:
    """``area-N`` with N one more than the largest in use."""
    used = {a.id for a in areas}
    n = 1
    for a in used:
        head, _, tail = a.rpartition("-")
        if head == "area" and tail.isdigit():
            n = max(n, int(tail) + 1)
    while f"area-{n}" in used:
        n += 1
    return f"area-{n}"


def next_colour(areas: Sequence[PlacedArea]) -> str:
    """The palette colour after the last area's (the first one when there are none)."""
    if not areas:
        return PALETTE[0]
    last = areas[-1].colour.lower()
    for i, c in enumerate(PALETTE):
        if c == last:
            return PALETTE[(i + 1) % len(PALETTE)]
    return PALETTE[len(areas) % len(PALETTE)]


def tick_areas(
    areas: Sequence[PlacedArea], starting: str | None, new_round: bool, in_order: Iterable[str] = ()
) -> tuple[tuple[PlacedArea, ...], tuple[PlacedArea, ...]]:
    """Count areas down at the start of `starting`'s turn (see the module rules). Returns the areas kept
    and those that ended. `in_order` is the ids in the initiative order; an area whose owner is not in it
    counts at the start of a round (`new_round`)."""
    order = set(in_order)
    kept: list[PlacedArea] = []
    ended: list[PlacedArea] = []
    for a in areas:
        if a.rounds_left is None:
            kept.append(a)
            continue
        owner = a.counts_on
        counts = (owner is not None and owner in order and owner == starting) or (
            (owner is None or owner not in order) and new_round
        )
        if not counts:
            kept.append(a)
        elif a.rounds_left - 1 <= 0:
            ended.append(a)
        else:
            kept.append(replace(a, rounds_left=a.rounds_left - 1))
    return tuple(kept), tuple(ended)
