"""Spells in effect and hazards, as values of the engine's state (`rules.model.state.GameState`).

An `ActiveSpell` is a lasting spell a creature cast: 5e **concentration** (`concentration` true: a creature
concentrates on one spell at a time, so casting another ends it; taking damage calls for a Constitution save,
`rules.play.concentration`) or any spell whose effects outlast the cast. It remembers what the spell gave so
that ending it takes it all back: the timed effects it added to the encounter (`effect_ids`), the conditions
it gave outside an encounter (`given`, (target, condition) pairs) and the area it left on the map
(`area_id`).

A `Hazard` is an ability bound to squares (`rules.model.spell.Spell`, usually of kind ``ability`` with its own
DC): a trap or a haunt that goes off when a creature ``enter``s one of its `cells`, or ``start``s or
``end``s its turn there (`trigger`). It is `hidden` from the players until noticed; a `once` hazard is spent
(`triggered`) after it goes off. It is resolved through the same cast path as a spell (`rules.play.hazards`).
The file codec of both is `rules.io.state_json`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.geometry.coords import Cell, Point
from rules.model.spell import Spell

TRIGGERS: tuple[str, ...] = ("enter", "start", "end")


@dataclass(frozen=True, slots=True)
class ActiveSpell:
    caster: str
    spell: str
    concentration: bool = False
    level: int = 0
    effect_ids: tuple[str, ...] = ()
    given: tuple[tuple[str, str], ...] = ()
    area_id: str | None = None

    def __post_init__(self) -> None:
        if not self.caster or not self.spell:
            raise ValueError("an active spell needs its caster and its name")

    def describe(self) -> str:
        what = "concentrating on" if self.concentration else "keeping up"
        return f"{self.caster} is {what} {self.spell}"


@dataclass(frozen=True, slots=True)
class Hazard:
    id: str
    name: str
    ability: Spell
    cells: tuple[Cell, ...]
    trigger: str = "enter"
    hidden: bool = True
    once: bool = False
    triggered: bool = False
    #: The DC to notice it (Perception / Wisdom (Perception)), None when it can't be noticed by a check.
    notice_dc: int | None = None
    #: Where its area is placed when it goes off (a burst's corner, a cone's origin); None: it targets the
    #: creature that set it off.
    origin: Point | None = None
    direction: float | None = None

    def __post_init__(self) -> None:
        if not self.id or not self.name:
            raise ValueError("a hazard needs an id and a name")
        if self.trigger not in TRIGGERS:
            raise ValueError(f"a hazard triggers on {', '.join(TRIGGERS)}, not {self.trigger!r}")
        if not self.cells:
            raise ValueError(f"hazard {self.name!r} has no squares")
        if self.ability.save is not None and self.ability.dc is None:
            raise ValueError(f"hazard {self.name!r}: its ability's save needs its own DC")

    @property
    def armed(self) -> bool:
        return not (self.once and self.triggered)

    def covers(self, squares: Iterable[Cell]) -> bool:
        mine = set(self.cells)
        return any(c in mine for c in squares)


def active_of(spells: Iterable[ActiveSpell], caster: str) -> tuple[ActiveSpell, ...]:
    return tuple(s for s in spells if s.caster == caster)


def concentration_of(spells: Iterable[ActiveSpell], caster: str) -> ActiveSpell | None:
    """The spell `caster` concentrates on, or None."""
    for s in spells:
        if s.caster == caster and s.concentration:
            return s
    return None
