"""Checks and saves of one creature, passive values, contests and group checks: what every system answers
alike (`CheckOutcome`) and the hooks that compute it (`CheckRules`).

PF2e rolls one d20 with typed modifiers against a DC and answers a degree of success; D&D 5e rolls a d20
test with advantage and disadvantage (two d20s, ``[first, second]``) and answers success or failure.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from rules.model.scene import Token
from rules.systems.modifiers import Modifier, RowGroup
from rules.systems.roll_modes import Reason
from rules.systems.table import CheckRow


class MissingStatistic(LookupError):
    """The token lists no value for a statistic: `field` is the scene field (``saves``, ``skills``,
    ``perception``, ``abilities``)."""

    def __init__(self, token_id: str, stat: str, field: str) -> None:
        self.token_id = token_id
        self.stat = stat
        self.field = field
        super().__init__(f"token {token_id!r} has no {stat!r} in its {field!r}")


class CheckOutcome(Protocol):
    """One creature's check or save, whatever its system."""

    @property
    def token_id(self) -> str: ...

    @property
    def stat(self) -> str:
        """The statistic rolled, in its canonical name (``reflex``, ``dex``, ``athletics``)."""
        ...

    @property
    def dc(self) -> int | None:
        """The DC (None: a contest's side)."""
        ...

    @property
    def total(self) -> int: ...

    @property
    def natural(self) -> int:
        """The d20 the result used."""
        ...

    @property
    def dice(self) -> tuple[int, ...]:
        """The d20s rolled (5e two, the mode keeping one)."""
        ...

    @property
    def mode(self) -> str:
        """``normal``, ``advantage`` or ``disadvantage`` (`rules.systems.roll_modes`)."""
        ...

    @property
    def succeeded(self) -> bool:
        """Success or better (False without a DC)."""
        ...

    @property
    def word(self) -> str:
        """The outcome in words (``critical success``, ``failure``; ``rolled`` without a DC)."""
        ...

    def groups(self) -> tuple[RowGroup, ...]:
        """The breakdown for people (`rules.systems.modifiers.RowGroup`)."""
        ...

    def log_rows(self) -> list[str]:
        """The rows the log keeps under the headline: the dice, each modifier, the reasons."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The query protocol's answer (``check`` / ``save``)."""
        ...


class CheckRules(ABC):
    """How a system rolls checks and saves."""

    #: Checks have degrees of success and take typed situational bonuses (PF2e).
    uses_degrees: bool
    #: Rolls have advantage and disadvantage (two d20s).
    has_advantage: bool
    #: Two creatures' checks can be contested (5e).
    has_contests: bool
    #: What a passive value is called (``DC``, ``passive``).
    passive_word: str
    #: Each skill's key ability (``athletics``: ``str``).
    skill_abilities: Mapping[str, str]

    @abstractmethod
    def check_statistics(self, kind: str) -> tuple[str, ...]:
        """What a creature rolls for `kind` (``check`` or ``save``)."""

    @property
    def save_names(self) -> tuple[str, ...]:
        """The saves (``fortitude``…, or the abilities)."""
        return self.check_statistics("save")

    @abstractmethod
    def statistic(self, token: Token, raw: str, field: str, *, saves_only: bool = False) -> str:
        """The canonical name of statistic `raw` for `token` (any spelling: ``Reflex``, ``Dexterity``);
        a `ValueError` naming `field` when it is none of the system's (nor one the token lists)."""

    @abstractmethod
    def stat_name(self, stat: str) -> str:
        """A statistic's name for people (``Athletics``, ``Dexterity``, ``Reflex``)."""

    @abstractmethod
    def d20_check(
        self,
        token: Token,
        kind: str,
        stat: str,
        d20: Sequence[int],
        dc: int | None,
        *,
        bonuses: Sequence[Modifier] = (),
        reasons: Sequence[Reason] = (),
    ) -> CheckOutcome:
        """`token`'s `kind` (``check`` / ``save``) on `stat` with the d20(s) against `dc` (None: a contest's
        side), the creature's conditions applied; the GM's `bonuses` (PF2e stacked by type, 5e added) and
        `reasons` for advantage or disadvantage. Raises `MissingStatistic`, and `ValueError` for input the
        system has no rule for (advantage in PF2e, a check without a DC in PF2e)."""

    @abstractmethod
    def passive(
        self, token: Token, stat: str, *, advantage: bool = False, disadvantage: bool = False
    ) -> CheckRow:
        """The creature's passive value of `stat`."""

    def contest_winner(self, a: CheckOutcome, b: CheckOutcome) -> str | None:
        """A contest (`has_contests`): ``a`` or ``b`` — the higher total wins — or None on a tie, which
        keeps things as they were."""
        if a.total == b.total:
            return None
        return "a" if a.total > b.total else "b"

    @abstractmethod
    def group_summary(self, passed: int, rolled: int) -> tuple[str, bool]:
        """A group check's result in words, and whether the group succeeded."""

    @abstractmethod
    def check(self, d20: int, modifier: int, dc: int) -> str:
        """The degree of success of a plain check (PF2e); raises `rules.errors.QueryError` (``bad value``)
        in a system without degrees."""
