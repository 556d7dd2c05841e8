"""Narrow surfaces and uneven ground (`FootingRules`): the squares that need Balance, the Balance check a
move onto them makes and the Reflex save to keep one's footing there (PF2e Player Core 423; D&D 5e has no
such rule and treats the squares as plain floor)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from rules.model.scene import Scene, TerrainCell, Token
from rules.systems.hooks.checks import CheckOutcome

#: What a Balance check does to the move (`BalanceResult.effect`).
BALANCE_EFFECTS: tuple[str, ...] = ("normal", "difficult", "stay", "fall")


@dataclass(frozen=True, slots=True)
class BalanceResult:
    """A Balance check against a square's DC and what it does to the move: ``normal`` (it moves on),
    ``difficult`` (it moves on, the Balance squares costing as difficult terrain), ``stay`` (it stops before
    the square, the movement action spent) or ``fall`` (it falls there and its turn ends)."""

    check: CheckOutcome
    effect: str


@dataclass(frozen=True, slots=True)
class FootingSave:
    """The Reflex save of a creature hit (or failing a save) on a Balance square: `falls` on a failure (a
    narrow surface: it falls off; uneven ground: it falls prone)."""

    check: CheckOutcome
    falls: bool


class FootingRules(ABC):
    """How a system treats narrow surfaces and uneven ground (`rules.model.scene.BALANCE_KINDS`)."""

    #: Narrow surfaces and uneven ground need Balance (PF2e): the terrain painter offers them, a move onto
    #: them makes the check, a creature on them is off-guard and must keep its footing when hit.
    balance_terrain: bool

    @abstractmethod
    def footing(self, scene: Scene, token: Token) -> TerrainCell | None:
        """The narrow surface or uneven ground `token` stands on (the highest DC under its space), or None:
        none there, the creature is off the ground, or the system has no such rule."""

    @abstractmethod
    def balance(self, token: Token, square: TerrainCell, d20: int) -> BalanceResult:
        """The Balance check (Acrobatics) of `token` moving onto `square` with `d20`. Raises
        `rules.systems.hooks.checks.MissingStatistic` without an Acrobatics modifier, `ValueError` in a
        system without Balance."""

    @abstractmethod
    def keep_footing(self, token: Token, square: TerrainCell, d20: int) -> FootingSave:
        """The Reflex save against `square`'s Balance DC of `token`, hit by an attack or failing a save on
        it, with `d20`. Raises `MissingStatistic` without a Reflex save, `ValueError` without the rule."""
