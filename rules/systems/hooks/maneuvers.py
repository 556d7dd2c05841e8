"""Maneuvers (grapple, shove, trip, disarm, escape, tumble through): who may, which dice, and what happens
(`ManeuverRules`), answered alike by every system (`ManeuverResolution`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.messages import Message
from rules.model.scene import Scene, Token
from rules.systems.forced_movement import ForcedMove
from rules.systems.modifiers import Modifier


@dataclass(frozen=True, slots=True)
class Change:
    """One condition change an outcome asks the app to make: add or remove `condition` on `token_id`."""

    token_id: str
    condition: str
    add: bool = True

    def phrase(self) -> str:
        return f"{self.token_id} {self.condition}" if self.add else f"{self.token_id} released"


@dataclass(frozen=True, slots=True)
class ManeuverResolution:
    """A resolved maneuver in terms every system shares: the title and rows the result dialog and the log
    show (creatures named by their labels), the result in words and whether it succeeded, the conditions it
    changes, a push (the legal path traced by `rules.systems.forced_movement`) of `push_feet`, the damage
    it deals (`damage` a formula whose roll the command carries; `damage_type`), notes to add to the
    effects, whether it counts as an attack on the actor's turn (else it takes `actions`), whether the
    actor may move through the target's space (``passes`` True/False; None when the maneuver isn't
    about that), and the system's own outcome (`outcome.to_json()` is the query's answer)."""

    title: str
    rows: tuple[str, ...]
    result: str
    success: bool
    changes: tuple[Change, ...] = ()
    push: ForcedMove | None = None
    push_feet: int = 0
    damage: str | None = None
    damage_type: str = ""
    notes: tuple[str, ...] = ()
    attack: bool = False
    actions: int = 1
    passes: bool | None = None
    outcome: Any = None


class ManeuverRules(ABC):
    """How a system resolves maneuvers."""

    #: The token menu's maneuvers, in menu order: (key, label).
    maneuver_choices: tuple[tuple[str, str], ...]
    #: The maneuvers the `Maneuver` command and the query know (their action keys).
    maneuver_actions: tuple[str, ...]
    #: Shove's choices (5e ``push`` / ``prone``; one in PF2e, which pushes).
    shove_choices: tuple[str, ...]

    @abstractmethod
    def maneuver_rolls(self, key: str, actor: str, target: str) -> tuple[tuple[str, str, int], ...]:
        """The dice maneuver `key` needs, as (key, words for the roll, sides of the die); the keys are the
        fields of the command and the query (``d20``, ``target_d20``, ``damage``)."""

    @abstractmethod
    def maneuver_dc(self, actor: Token, target: Token, action: str) -> Message | None:
        """What `actor`'s `action` on `target` is rolled against, in words, before any die is rolled (PF2e
        ``Fortitude DC 17``; 5e 2024 ``Strength or Dexterity save, DC 13``; 2014 ``a contest``), or None
        when a statistic it needs isn't listed."""

    @abstractmethod
    def maneuver_problem(self, actor: Token, target: Token, action: str) -> str | None:
        """Why `actor` can't try `action` on `target` (sizes, a free hand …), or None."""

    @abstractmethod
    def maneuver(
        self,
        scene: Scene,
        actor: Token,
        target: Token,
        action: str,
        *,
        d20: Sequence[int] = (),
        target_d20: Sequence[int] = (),
        shove: str = "push",
        attack_number: int = 1,
        bonuses: Sequence[Modifier] = (),
    ) -> ManeuverResolution:
        """Resolve `action` with the dice given (those `maneuver_rolls` names). Raises
        `rules.systems.hooks.checks.MissingStatistic` and `ValueError` (a die missing or out of range)."""
