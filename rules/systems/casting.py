"""The casting hook every rule system offers (`RuleSystem.casting`): the decisions a spell's resolution
leaves to the system, behind one small interface (`CastingRules`), and the values they answer with.

The systems' answers (`rules.systems.pf2e.casting`, `rules.systems.dnd5e.casting`):

* `level_label` — what the system calls a spell's level (PF2e ``rank 3``, 5e ``level 3``);
* `cast_level` — the level (rank) a spell is cast at: a higher one may be asked for, a lower one is refused;
* `form` — the spell at that level: heightening, and how a cantrip scales (PF2e: a cantrip is cast at half
  the caster's level rounded up and heightens from rank 1; 5e: a cantrip's dice ×2, ×3, ×4 at character
  level 5, 11, 17);
* `cost` — what casting it takes (PF2e actions; 5e the casting time), for the turn economy;
* `save` — one target's saving throw against the spell (the system's check, the cover bonus for the save
  cover helps, conditions), and the share of the damage its outcome leaves;
* `spell_weapon`, `attack_roll` — a spell attack as an `Attack` the system's own attack resolves
  (`RuleSystem.attack`: range, cover, conditions), and the share its outcome leaves;
* `damage` — the rolled damage of one target scaled by its share, then the system's damage steps (IWR,
  temporary HP, the target's state);
* `concentration_dc` — the save a concentrating creature makes when it takes damage (5e), or None;
* `uses_ranks`, `highest_level` — what a spell's level is called (PF2e rank) and how high it goes.

The shared resolution of a cast (targets, range, cover, effects) is `rules.play.cast`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rules.messages import Message
from rules.model.scene import Attack, Scene, Token
from rules.model.spell import CastForm, Spell
from rules.systems.damage import DamageEntry, DamageOutcome

#: What a target's outcome leaves of the rolled damage.
NONE, HALF, FULL, DOUBLE = "none", "half", "full", "double"


class CastRefused(ValueError):
    """A cast the rules don't allow (a level below the spell's, a shape the system lacks …): the message
    says why. The query answers it as ``bad value``."""


@dataclass(frozen=True, slots=True)
class Cost:
    """What casting takes: PF2e `actions` (`actions_max` for a variable cost); 5e `casting_time`
    (``action``, ``bonus``, ``reaction`` or a longer time as text)."""

    actions: int | None = None
    actions_max: int | None = None
    casting_time: str | None = None

    @property
    def text(self) -> str:
        if self.actions is not None:
            if self.actions_max not in (None, self.actions):
                return f"{self.actions} to {self.actions_max} actions"
            return f"{self.actions} action" + ("s" if self.actions != 1 else "")
        return {"action": "an action", "bonus": "a bonus action", "reaction": "a reaction"}.get(
            self.casting_time or "action", self.casting_time or "an action"
        )


@dataclass(frozen=True, slots=True)
class TargetRoll:
    """One target's roll against a spell: the `outcome` its effects are keyed by (a PF2e degree; 5e
    ``success`` / ``failure`` for a save, ``hit`` / ``miss`` for an attack; ``failure`` when nothing is
    rolled), the `share` of the damage it takes, whether it is a `critical` hit, the query's answer fields
    (`fields`: ``save_total``, ``degree``, ``success``, ``hit``, ``critical``) and the log's words."""

    outcome: str
    share: str
    critical: bool = False
    total: int | None = None
    fields: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    lines: tuple[str, ...] = ()


class AttackResult(Protocol):
    """What the casting rules read of a system's attack answer (`rules.systems.base.AttackOutcome`)."""

    @property
    def total(self) -> int: ...

    @property
    def hit(self) -> bool: ...

    @property
    def critical(self) -> bool: ...

    @property
    def word(self) -> str: ...

    def explain(self) -> list[str]: ...

    def to_json(self) -> dict[str, Any]: ...


class CastingRules(Protocol):
    """A system's casting decisions (see the module docstring)."""

    @property
    def outcomes(self) -> tuple[str, ...]:
        """The outcomes a save's effects are keyed by (PF2e the four degrees; 5e success, failure)."""
        ...

    @property
    def uses_ranks(self) -> bool:
        """A spell's level is called its rank (PF2e); 5e says level."""
        ...

    @property
    def highest_level(self) -> int:
        """The highest level (rank) a spell can be cast at (PF2e 10, 5e 9)."""
        ...

    def level_label(self, level: int) -> Message:
        """What the system calls a spell's level `level` (1 or more) for people: PF2e ``rank 3``, 5e
        ``level 3`` (a character sheet, a slot)."""
        ...

    def cast_level(self, spell: Spell, asked: int | None, caster: Token) -> int:
        """The level `spell` is cast at. Raises `CastRefused` for a level the rules don't allow."""
        ...

    def form(self, spell: Spell, level: int, caster: Token) -> CastForm:
        """`spell` cast at `level` by `caster` (heightening, cantrip scaling)."""
        ...

    def cost(self, spell: Spell) -> Cost:
        """What casting `spell` takes."""
        ...

    def cover_bonus(self, degree: str) -> int:
        """The bonus a cover degree gives to the save cover helps against an area or a spell."""
        ...

    def save(
        self,
        scene: Scene,
        target: Token,
        spell: Spell,
        dc: int,
        d20: Sequence[int],
        *,
        cover: str = "none",
    ) -> TargetRoll:
        """`target`'s save against `spell` (cover `cover` from the spell's origin). Raises `QueryError`
        (``missing field`` for a save the target doesn't list, ``bad value`` for a save the system lacks)."""
        ...

    def spell_weapon(self, spell: Spell, bonus: int) -> Attack:
        """The spell attack as an `Attack` the system's attack resolves (`RuleSystem.attack`: range, cover,
        conditions): `bonus` to hit, ranged within the spell's range, or melee (touch)."""
        ...

    def attack_roll(self, result: AttackResult) -> TargetRoll:
        """The target's roll from the system's attack result: its outcome and the damage share."""
        ...

    def unrolled(self, spell: Spell) -> TargetRoll:
        """A target of a spell with neither save nor attack: it takes the damage and the failure effects."""
        ...

    def damage(
        self, target: Token, entries: Sequence[DamageEntry], roll: TargetRoll
    ) -> tuple[DamageOutcome, Token]:
        """The rolled damage scaled by `roll.share`, then the system's damage steps."""
        ...

    def concentration_dc(self, damage: int) -> int | None:
        """The save DC to keep concentrating after taking `damage` (None: the system has no such save)."""
        ...
