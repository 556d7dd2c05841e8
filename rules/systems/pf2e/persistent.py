"""PF2e persistent damage (Player Core "Persistent Damage"; "Step 3: End Your Turn").

* Persistent damage is a condition, not damage taken at once:
  「持続ダメージを受けてもすぐにはダメージを受けない。代わりに自身のターン終了時に指定されたダメージを受け、
  その後、DC15の平目判定で持続ダメージから回復しようと試みる」.
  `rules.systems.pf2e.damage.damage` therefore takes every entry whose type starts with ``persistent``
  (``persistent fire``) out of the damage dealt now and gives it to the target with `add` instead.
* It doesn't stack by type: when a creature would get a second persistent damage of a type it already has,
  the one with the higher damage (the higher average of its formula) stays; on a tie the old one stays.
* At the end of the creature's turn it takes each persistent damage (rolled anew) through immunity →
  weakness → resistance, then attempts a DC 15 flat check for each: success or critical success ends it.
  (`rules.systems.pf2e.turn.end_of_turn` does this; `rules.systems.pf2e.damage.tick` is the one-damage
  version with a die source.)
* `dc` may be lowered to 10 for assisted recovery (`Persistent.dc`).

The token's list (`rules.model.scene.Token.persistent`) holds `rules.model.scene.PersistentDamage` values: a
formula (``1d6``, ``2``, ``(1d6)*2``) and a type without the word ``persistent`` (``fire``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from rules import dice
from rules.model.scene import PersistentDamage, Token
from rules.systems.damage import DamageEntry, DamageOutcome, base_type, plain_type

FLAT_DC = 15
PREFIX = "persistent"


def is_persistent_type(damage_type: str) -> bool:
    """``persistent fire`` (or ``persistent-fire``) is persistent damage; ``fire`` isn't."""
    words = damage_type.lower().replace("-", " ").split()
    return len(words) > 1 and words[0] == PREFIX


def strength(formula: str) -> float:
    """How much damage a persistent damage deals, to compare two of one type: its average. A formula that
    doesn't parse counts as 0 (it never wins against a real one)."""
    try:
        return dice.average(formula)
    except ValueError:
        return 0.0


def merge(current: Sequence[PersistentDamage], new: PersistentDamage) -> tuple[PersistentDamage, ...]:
    """`current` with `new` added: of two of the same type the higher damage stays (the old one on a tie),
    in the old one's place; a new type goes last."""
    key = new.type.lower()
    out: list[PersistentDamage] = []
    placed = False
    for p in current:
        if p.type.lower() == key:
            out.append(new if strength(new.damage) > strength(p.damage) else p)
            placed = True
        else:
            out.append(p)
    if not placed:
        out.append(new)
    return tuple(out)


def add(token: Token, new: Iterable[PersistentDamage]) -> Token:
    """The token with each of `new` added by `merge` (persistent damage doesn't stack by type)."""
    persistent = token.persistent
    for p in new:
        persistent = merge(persistent, PersistentDamage(p.damage, p.type.lower()))
    return token if persistent == token.persistent else replace(token, persistent=persistent)


def split_entries(
    entries: Sequence[DamageEntry],
) -> tuple[list[DamageEntry], list[PersistentDamage]]:
    """Damage dealt now and persistent damage to apply as a condition. An entry's amount is what was rolled
    (doubled or halved already), so the persistent damage it gives is that fixed amount."""
    now: list[DamageEntry] = []
    lasting: list[PersistentDamage] = []
    for e in entries:
        if is_persistent_type(e.type):
            if e.amount > 0:
                lasting.append(PersistentDamage(str(e.amount), plain_type(e.type)))
        else:
            now.append(e)
    return now, lasting


def from_formula(formula: dice.Formula) -> tuple[dice.Formula | None, list[PersistentDamage]]:
    """Split a damage formula (``1d8+4 slashing plus 1d6 persistent fire``) into the part dealt now (None
    when nothing is) and the persistent damages it gives (formula text per part: ``1d6`` fire)."""
    now = tuple(p for p in formula.parts if not p.persistent)
    lasting = [
        PersistentDamage(p.expr.render(), (p.damage_type or "untyped").lower())
        for p in formula.parts
        if p.persistent
    ]
    return (dice.Formula(now, formula.source) if now else None), lasting


def describe(p: PersistentDamage) -> str:
    return f"{p.damage} persistent {p.type}"


# ----------------------------------------------------------------------------------------- older value type


@dataclass(frozen=True, slots=True)
class Persistent:
    """One persistent damage with its flat-check DC: a formula such as ``1d6`` and a type such as ``fire``."""

    formula: str
    type: str
    dc: int = FLAT_DC

    @property
    def key(self) -> str:
        return base_type(self.type)

    def average(self) -> float:
        return dice.average(self.formula)

    def label(self) -> str:
        return f"{self.formula} persistent {self.key}"


def add_persistent(current: Sequence[Persistent], new: Persistent) -> tuple[Persistent, ...]:
    """Add `new`; of two of the same type the one with the higher average stays (the old one on a tie)."""
    out: list[Persistent] = []
    placed = False
    for p in current:
        if p.key == new.key:
            out.append(new if new.average() > p.average() else p)
            placed = True
        else:
            out.append(p)
    if not placed:
        out.append(new)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class PersistentTick:
    """One persistent damage taken at the end of a turn and its flat check."""

    persistent: Persistent
    roll: dice.RollResult
    outcome: DamageOutcome
    flat_d20: int
    ended: bool

    @property
    def text(self) -> str:
        end = "it ends" if self.ended else "it continues"
        return (
            f"takes {self.outcome.total} persistent {self.persistent.key} ({self.roll.render()}); "
            f"flat check {self.flat_d20} vs DC {self.persistent.dc}: {end}"
        )
