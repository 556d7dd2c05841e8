"""Helping an ally and the stealth actions: Aid / Help, Point Out, Seek / Search, Sneak (`StealthRules`).
The shared values (`Observation`, `StealthResult`) are `rules.systems.stealth`'s."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from rules.model.scene import Scene, Token
from rules.systems.modifiers import Breakdown
from rules.systems.stealth import StealthResult


@dataclass(frozen=True, slots=True)
class AidOutcome:
    """An Aid (PF2e): the helper's check (its die, modifiers, total, DC and degree) and the circumstance
    modifier it gives the ally's next check or attack (None on a plain failure)."""

    d20: int
    modifiers: Breakdown
    total: int
    dc: int
    degree: str
    value: int | None


class StealthRules(ABC):
    """How a system helps allies and finds hidden creatures."""

    #: How a creature helps an ally (``aid``, ``point-out``; ``help``).
    support_actions: tuple[str, ...]
    #: A hidden creature may Sneak (PF2e).
    has_sneak: bool
    #: Seek (PF2e) or Search (5e), as the log says it (``Seeks`` / ``Searches``).
    seek_verb: str
    #: Conditions of a creature the observers can't see but whose space they know (PF2e hidden: the
    #: player view marks the space with a "?"); a creature with another hiding condition vanishes.
    located_conditions: tuple[str, ...]

    @abstractmethod
    def seek(self, scene: Scene, seeker: Token, d20: Sequence[int]) -> StealthResult:
        """`seeker` looks for hidden creatures with its Perception roll (PF2e one d20, 5e one or two).
        Raises `LookupError` for a missing statistic."""

    @abstractmethod
    def sneak_feet(self, token: Token) -> int:
        """How far one Sneak moves (0 in a system without Sneak)."""

    @abstractmethod
    def sneak(self, scene: Scene, sneaker: Token, d20: int) -> StealthResult:
        """The Stealth check of a Sneak that ended where `sneaker` stands (`has_sneak`)."""

    @abstractmethod
    def attack_reveals(self, attacker: Token) -> Token:
        """The attacker after it attacks, hit or miss: it is no longer hidden (PF2e: nor undetected; an
        invisible creature stays hidden)."""

    @abstractmethod
    def point_out(self, pointer: Token, target: Token) -> Token:
        """`target` after `pointer` Points it Out (``point-out`` in `support_actions`)."""

    @abstractmethod
    def aid(
        self, helper: Token, skill: str, d20: int, dc: int, rank: str, *, modifier: int | None = None
    ) -> AidOutcome:
        """Aid (``aid`` in `support_actions`): `helper`'s check (`d20` + its `skill`, or + `modifier` when
        the table gives one) and what it gives. Raises
        `rules.systems.hooks.checks.MissingStatistic`."""
