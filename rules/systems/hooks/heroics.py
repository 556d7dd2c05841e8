"""Hero Points (PF2e), Heroic Inspiration (5e 2024) and inspiration (5e 2014): what a creature spends on a
roll and the app's words for it (`HeroicRules`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from rules.model.scene import Token
from rules.systems.roll_modes import Reason


class NothingToSpend(ValueError):
    """The creature has no Hero Point / inspiration to spend."""


@dataclass(frozen=True, slots=True)
class Spending:
    """What a system's creatures spend on a roll, in the app's words: `reroll` the button that rerolls
    (None when nothing rerolls), `advantage` the box that spends for advantage (None when nothing does),
    `counter` the inspector's field and whether it is a number (`counts`) or yes/no, and `word` how the
    log names what is spent (``a Hero Point``)."""

    reroll: str | None
    advantage: str | None
    counter: str
    counts: bool
    word: str


@dataclass(frozen=True, slots=True)
class Reroll:
    """The creature after spending, the roll it had, the roll it keeps (always the new one), and what it
    spent (``hero point`` / ``heroic inspiration``)."""

    token: Token
    old_roll: int
    kept: int
    spent: str


class HeroicRules(ABC):
    """How a system's creatures spend their heroics on rolls."""

    @property
    @abstractmethod
    def spending(self) -> Spending:
        """The app's words for what is spent."""

    @abstractmethod
    def can_reroll(self, token: Token) -> bool:
        """Whether `token` has something that lets it reroll a d20 now."""

    @abstractmethod
    def spend_reroll(self, token: Token, old_roll: int, new_roll: int) -> Reroll:
        """Spend for a reroll; the new roll is kept. Raises `NothingToSpend`, and `ValueError` where
        nothing rerolls (2014 inspiration gives advantage instead)."""

    @abstractmethod
    def spend_advantage(self, token: Token) -> tuple[Token, Reason]:
        """Spend for advantage on the roll (2014 inspiration). Raises `NothingToSpend`, and `ValueError`
        where spending gives no advantage."""

    def can_avoid_death(self, token: Token) -> bool:
        """The creature may spend its heroics to avoid death instead of the start-of-turn roll (PF2e
        Heroic Recovery: dying, with at least 1 Hero Point — all of them are spent; the engine applies it
        through `rules.systems.turn_rolls.TurnRolls.spend_hero_points`). False where the system has no
        such rule."""
        return False

    def rerolled(self, dice: Sequence[int], mode: str, new_die: int) -> tuple[int, ...]:
        """The dice of a roll after a reroll with `new_die`: with advantage or disadvantage the lower die is
        rolled again (with advantage the one not used, with disadvantage the one used); a roll of one die,
        or a normal roll (whose second die was never looked at), becomes that die."""
        if len(dice) < 2 or mode not in ("advantage", "disadvantage"):
            return (new_die,) * max(1, len(dice))
        out = list(dice)
        out[0 if out[0] <= out[1] else 1] = new_die
        return tuple(out)
