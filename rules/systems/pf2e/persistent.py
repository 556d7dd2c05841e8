"""PF2e persistent damage (Player Core "Persistent Damage", conditions appendix).

At the end of its turn a creature takes each of its persistent damages (rolled anew, through the usual
immunity → weakness → resistance), then attempts a DC 15 flat check to end each one (a success or critical
success ends it). Persistent damage of one type doesn't stack: when a creature would get a second one of the
same type, the one with the higher average stays. `dc` may be lowered to 10 for assisted recovery.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules import dice
from rules.scene import Token
from rules.systems.damage import DamageEntry, DamageOutcome, base_type
from rules.systems.pf2e import damage as pf2e_damage
from rules.systems.pf2e.degrees import flat_check, succeeded

FLAT_DC = 15


@dataclass(frozen=True, slots=True)
class Persistent:
    """One persistent damage: a formula such as ``1d6`` and a type such as ``fire``."""

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


def tick(token: Token, persistent: Persistent, rng: dice.DieSource) -> tuple[Token, PersistentTick]:
    """Roll and apply one persistent damage, then roll its flat check (both with `rng`)."""
    rolled = dice.roll(persistent.formula, rng)
    amount = max(0, rolled.total)
    outcome, after = pf2e_damage.damage(token, [DamageEntry(amount, f"persistent {persistent.key}")])
    flat = rng.randint(1, 20)
    ended = succeeded(flat_check(flat, persistent.dc))
    return after, PersistentTick(persistent, rolled, outcome, flat, ended)
