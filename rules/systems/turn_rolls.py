"""The dice a creature's start or end of turn needs, given at the table or rolled by a die source.

`TurnRolls` carries the results the GM typed in (a recovery check or death save, each persistent damage's
rolled amount and its flat check, by damage type). What is not given is rolled with `rng` when there is
one (the encounter rolls for the GM); without `rng` a missing roll raises `MissingRoll` naming it (the
query command answers ``missing field``: queries never roll dice).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules import dice
from rules.dice import DieSource


class MissingRoll(ValueError):
    """A roll the rules need was neither given nor rollable. `field` names the query field to give."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class TurnRolls:
    """Rolls for one start or end of turn (see the module docstring).

    * `d20`: the recovery check (PF2e, while dying) or death saving throw (5e, at 0 HP).
    * `persistent`: (damage type, rolled amount) for each persistent damage, before immunity, weakness and
      resistance; a persistent damage whose formula has no dice (``2``) needs no roll.
    * `flat_checks`: (damage type, d20) of the DC 15 flat check that ends each persistent damage.
    * `spend_hero_points`: PF2e, a dying creature spends all its hero points to avoid death instead of
      attempting the recovery check.
    """

    d20: int | None = None
    persistent: tuple[tuple[str, int], ...] = ()
    flat_checks: tuple[tuple[str, int], ...] = ()
    rng: DieSource | None = None
    spend_hero_points: bool = False
    #: (affliction name, d20) of each save against an ongoing affliction, and (name, rolled damage) of its
    #: stage's damage (PF2e end of turn).
    affliction_saves: tuple[tuple[str, int], ...] = ()
    affliction_damage: tuple[tuple[str, int], ...] = ()

    @staticmethod
    def given(
        d20: int | None = None,
        persistent: Mapping[str, int] | None = None,
        flat_checks: Mapping[str, int] | None = None,
        *,
        rng: DieSource | None = None,
        spend_hero_points: bool = False,
        affliction_saves: Mapping[str, int] | None = None,
        affliction_damage: Mapping[str, int] | None = None,
    ) -> TurnRolls:
        """Build from mappings keyed by damage type (lower-cased)."""
        return TurnRolls(
            d20,
            tuple((k.lower(), v) for k, v in (persistent or {}).items()),
            tuple((k.lower(), v) for k, v in (flat_checks or {}).items()),
            rng,
            spend_hero_points,
            tuple((affliction_saves or {}).items()),
            tuple((affliction_damage or {}).items()),
        )

    def need_d20(self, what: str) -> int:
        """The turn's d20 (`d20`, else rolled), for `what` (``recovery check``, ``death saving throw``)."""
        if self.d20 is not None:
            return self.d20
        if self.rng is not None:
            return self.rng.randint(1, 20)
        raise MissingRoll("d20", f"the {what} needs 'd20'")

    def persistent_amount(self, damage_type: str, formula: str) -> tuple[int, str]:
        """The rolled amount of one persistent damage and how it came about (``4``, ``1d6: 4``).
        Raises `MissingRoll` when it has dice and no roll was given nor can be rolled; a bad formula raises
        `dice.DiceSyntaxError`."""
        parsed = dice.parse(formula)
        given = dict(self.persistent)
        key = damage_type.lower()
        if key in given:
            return max(0, given[key]), f"{formula} rolled {given[key]}"
        if not parsed.dice():
            total = max(0, dice.roll(parsed).total)
            return total, f"{formula}"
        if self.rng is not None:
            rolled = dice.roll(parsed, self.rng)
            return max(0, rolled.total), rolled.render()
        raise MissingRoll(
            "persistent_rolls",
            f"the {formula} persistent {damage_type} damage needs its roll in 'persistent_rolls'",
        )

    def affliction_save(self, name: str) -> int:
        """The d20 of the save against affliction `name` (given, else rolled)."""
        given = {k.lower(): v for k, v in self.affliction_saves}
        if name.lower() in given:
            return given[name.lower()]
        if self.rng is not None:
            return self.rng.randint(1, 20)
        raise MissingRoll("affliction_saves", f"the save against {name} needs its d20 in 'affliction_saves'")

    def affliction_amount(self, name: str, formula: str) -> tuple[int, str]:
        """The rolled damage of affliction `name`'s stage (given, else rolled)."""
        given = {k.lower(): v for k, v in self.affliction_damage}
        if name.lower() in given:
            return max(0, given[name.lower()]), f"{formula} rolled {given[name.lower()]}"
        parsed = dice.parse(formula)
        if not parsed.dice():
            return max(0, dice.roll(parsed).total), formula
        if self.rng is not None:
            rolled = dice.roll(parsed, self.rng)
            return max(0, rolled.total), rolled.render()
        raise MissingRoll("affliction_damage", f"{name}'s {formula} needs its roll in 'affliction_damage'")

    def flat_check(self, damage_type: str) -> int:
        given = dict(self.flat_checks)
        key = damage_type.lower()
        if key in given:
            return given[key]
        if self.rng is not None:
            return self.rng.randint(1, 20)
        raise MissingRoll(
            "flat_checks", f"the persistent {damage_type} damage needs its DC 15 flat check in 'flat_checks'"
        )
