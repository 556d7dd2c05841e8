"""Attack rolls, the GM's situational input to them, and damage: what every system's attack answers alike
(`AttackOutcome`) and the hooks that compute it (`AttackRules`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Protocol

from rules.dice import Formula
from rules.model.scene import Attack, PersistentDamage, Scene, Token
from rules.systems.aquatic import Aquatic
from rules.systems.damage import DamageEntry, DamageOutcome
from rules.systems.modifiers import Modifier, RowGroup
from rules.systems.roll_modes import Reason


class AttackOutcome(Protocol):
    """What every system's attack answer offers, so views never branch on its concrete type."""

    @property
    def total(self) -> int: ...

    @property
    def ac(self) -> int: ...

    @property
    def hit(self) -> bool: ...

    @property
    def critical(self) -> bool: ...

    @property
    def natural(self) -> int:
        """The d20 the result used."""
        ...

    @property
    def dice(self) -> tuple[int, ...]:
        """The d20s rolled (5e two: the mode keeps one)."""
        ...

    @property
    def mode(self) -> str:
        """``normal``, ``advantage`` or ``disadvantage`` (`rules.systems.roll_modes`)."""
        ...

    @property
    def word(self) -> str:
        """The outcome in words (``critical success``, ``hit``)."""
        ...

    @property
    def damage_formula(self) -> str | None: ...

    def explain(self) -> list[str]:
        """Rows saying where every number came from (the log)."""
        ...

    def groups(self, rolled: bool = True) -> tuple[RowGroup, ...]:
        """The breakdown for people, in groups of typed rows (the attack modifier, the roll mode, the
        target's AC, and once `rolled` the roll itself) — what the attack dialog draws."""
        ...

    def to_json(self) -> dict[str, Any]: ...


class AttackRules(ABC):
    """How a system resolves attacks and deals damage."""

    #: d20s rolled for one attack (5e: two, for advantage and disadvantage).
    attack_d20s: int
    #: The name of the action that makes one weapon attack (PF2e ``Strike``, 5e ``Attack``).
    strike_word: str
    #: What flanking does to the target, in words (``off-guard −2 AC``, ``advantage``).
    flanking_effect: str
    #: Damage of a hit is at least this (PF2e 1).
    minimum_damage: int
    #: A critical hit doubles the rolled damage total (PF2e), rather than the dice (5e).
    critical_doubles_total: bool
    #: A damage formula's persistent parts become the target's persistent damage (PF2e).
    persistent_damage: bool
    #: The flat check that ends a persistent damage after the creature takes it (PF2e DC 15).
    persistent_flat_dc: int
    #: An attack may be magical, which matters to resistances (5e: resistance to nonmagical damage).
    magical_attacks: bool

    @property
    @abstractmethod
    def melee_knock_out(self) -> bool:
        """A melee attack may knock its target out instead of dropping it to 0 HP (5e 2024)."""

    @abstractmethod
    def aquatic_attack(self, attacker: Token, target: Token, attack: Attack, distance: int) -> Aquatic:
        """What fighting underwater (the ``underwater`` condition) does to this attack
        (`rules.systems.aquatic`)."""

    @abstractmethod
    def aquatic_resistant(self, token: Token) -> Token:
        """`token` as it takes damage underwater (the resistances being submerged gives)."""

    def flat_check_of(self, result: AttackOutcome) -> tuple[int, str] | None:
        """The flat check the attack needs before it can affect the target, as (DC, why) — PF2e: DC 5
        against a concealed target, DC 11 against a hidden one (Player Core 439); None when it needs none
        (every 5e attack)."""
        return None

    def with_flat_check(self, result: AttackOutcome, d20: int) -> AttackOutcome:
        """`result` after the flat check's `d20` (a failed one loses the attack); unchanged when no flat
        check is needed."""
        return result

    def flat_check_words(self, result: AttackOutcome) -> str | None:
        """The flat check and its die in words for the log and the dialog (None: none needed)."""
        return None

    @abstractmethod
    def attack_penalty(self, attack_number: int, agile: bool) -> int:
        """The penalty of the `attack_number`-th attack this turn (PF2e MAP; 0 in systems without one)."""

    @abstractmethod
    def critical_damage(self, formula: Formula, attack: Attack) -> Formula:
        """The damage formula of a critical hit with `attack` whose normal damage is `formula`."""

    @abstractmethod
    def attack(
        self,
        scene: Scene,
        attacker: Token,
        target: Token,
        attack: Attack,
        d20: Sequence[int],
        *,
        attack_number: int = 1,
        nonlethal: bool | None = None,
    ) -> AttackOutcome:
        """Resolve an attack with the facts of the board. PF2e uses ``d20[0]``; 5e ``[first, second]``.
        Raises `QueryError` (``out of reach``, ``out of range``, ``no line of effect``, ``total cover``,
        ``missing field``)."""

    @abstractmethod
    def with_situational(
        self,
        scene: Scene,
        attacker: Token,
        target: Token,
        attack: Attack,
        result: AttackOutcome,
        *,
        bonuses: Sequence[Modifier] = (),
        reasons: Sequence[Reason] = (),
    ) -> AttackOutcome:
        """`result` with the GM's situational input: `bonuses` (PF2e typed and stacked; 5e flat, their
        `source` saying where a rolled one came from) and `reasons` for advantage or disadvantage. Raises
        `ValueError` for input the system has no rule for (advantage in PF2e)."""

    @abstractmethod
    def damage(
        self,
        target: Token,
        entries: Sequence[DamageEntry],
        *,
        critical: bool = False,
        nonlethal: bool = False,
        save: str | None = None,
        magical: bool = False,
    ) -> tuple[DamageOutcome, Token]:
        """Apply damage; `save` is the outcome of the target's save against it (`SaveRules.damage_save`);
        `magical`: the damage comes from a magical attack (it gets past 5e resistance to nonmagical
        damage)."""

    @abstractmethod
    def split_persistent(
        self, formula: Formula, entries: Sequence[DamageEntry]
    ) -> tuple[tuple[DamageEntry, ...], tuple[PersistentDamage, ...]]:
        """The damage `entries` rolled from `formula` dealt now, and the persistent damage the hit gives
        with its dice kept (PF2e ``1d6 persistent fire``; none in a system without persistent damage)."""

    def persistent_text(self, damage: PersistentDamage) -> str:
        """A persistent damage in words (``1d6 persistent fire``)."""
        return f"{damage.damage} persistent {damage.type}"

    @abstractmethod
    def gain_persistent(self, token: Token, damage: Sequence[PersistentDamage]) -> tuple[Token, list[str]]:
        """`token` with `damage` added to its persistent damage (PF2e: the same type doesn't stack, the
        higher stays), and a line per damage it gained."""
