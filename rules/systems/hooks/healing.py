"""Healing, hit points lost, and the numbers conditions change (the maximum HP and speed): the hooks
(`HealingRules`) behind `rules.systems.healing` and `rules.systems.effective_stats`."""

from __future__ import annotations

from abc import ABC, abstractmethod

from rules.model.scene import Token


class HealingRules(ABC):
    """What a system's conditions do to hit points and speed, and what healing wakes."""

    @abstractmethod
    def bloodied(self, token: Token) -> bool:
        """The creature is Bloodied (5e 2024: at half its HP or fewer; the rule has no effect of its own but
        other rules and the token's badge read it). False in systems without the rule."""

    @abstractmethod
    def max_hp(self, token: Token) -> int | None:
        """The HP maximum after conditions (2014 exhaustion, PF2e drained); None when the token tracks
        no HP."""

    @abstractmethod
    def speed(self, token: Token, mode: str = "walk") -> int:
        """The creature's speed in feet for a movement mode after its conditions."""

    @abstractmethod
    def healed(self, before: Token, after: Token, hp_before: int) -> tuple[Token, list[str]]:
        """`after` (the token with its new HP) after the rest of what healing does: PF2e wakes a creature
        healed from 0 HP and ends dying (wounded rises); 5e ends unconsciousness at 0 HP and resets the
        death saves (2024: also wakes a creature knocked out at 1 HP). One line per change."""

    @abstractmethod
    def lose_hp(self, token: Token, amount: int) -> Token:
        """The token after losing `amount` HP by the damage rules (0 HP, dying, death), temporary HP and
        defences left out."""
