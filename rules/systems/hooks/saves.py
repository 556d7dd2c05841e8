"""Saves against an area or an effect: which save, its DC, how it changes the damage, cover, conditions and
the outcome (`SaveRules`). The save's modifiers are stacked by `rules.saves`."""

from __future__ import annotations

from abc import ABC, abstractmethod

from rules.model.scene import Token
from rules.systems.modifiers import Modifier


class SaveRules(ABC):
    """How a system rolls saves and what they do to damage."""

    #: The save an area calls for until the GM sets one (``reflex``, ``dex``).
    default_area_save: str
    #: The DC offered for an area's save until the GM sets one.
    default_dc: int
    #: How an area's save changes its damage, in a sentence.
    area_save_rule: str
    #: The save cover helps against (``reflex``, ``dex``).
    cover_save: str
    #: The damage query's field for the save's outcome and its values (PF2e ``basic_save`` and the four
    #: degrees; 5e ``save``: ``success`` halves, ``failure``).
    damage_save: tuple[str, tuple[str, ...]]

    @abstractmethod
    def save_condition_modifiers(self, token: Token, save: str) -> list[Modifier]:
        """The modifiers the creature's conditions put on `save` (a canonical save name)."""

    @abstractmethod
    def save_modifier(self, token: Token, save: str) -> int | None:
        """The creature's own modifier to `save` (a canonical save name) before conditions and cover, as the
        ``save`` query reads it; None when the creature has no value for it."""

    @abstractmethod
    def automatic_save_failures(self, token: Token, save: str) -> list[str]:
        """Why `token` fails `save` whatever it rolls (5e: paralyzed, stunned … on Strength and Dexterity
        saves); empty when nothing makes it fail."""

    @abstractmethod
    def save_outcome(self, token: Token, save: str, d20: int, modifier: int, dc: int) -> str:
        """The outcome of a save of `d20` + `modifier` against `dc`, also the value to pass to the damage
        (`damage_save`): PF2e a degree of success, 5e ``success`` or ``failure``."""
