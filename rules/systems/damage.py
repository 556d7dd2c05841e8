"""Shared damage values: damage entries, their types, and the per-type result of a damage query.

Type groups (rules.md): "physical" covers bludgeoning, piercing and slashing; "energy" covers the PF2e
energy types; "all" covers every type. A type written ``persistent fire`` is fire for immunities,
weaknesses and resistances (and also matches ``persistent-damage``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rules.messages import msg
from rules.model.scene import Token

PHYSICAL: frozenset[str] = frozenset({"bludgeoning", "piercing", "slashing"})
ENERGY: frozenset[str] = frozenset(
    {"acid", "cold", "electricity", "fire", "sonic", "force", "vitality", "void"}
)


@dataclass(frozen=True, slots=True)
class DamageEntry:
    """One rolled amount of one type (the amount is final: any critical doubling is already in it)."""

    amount: int
    type: str

    def __post_init__(self) -> None:
        if self.amount < 0:
            raise ValueError(f"damage amount {self.amount} is negative")


@dataclass(frozen=True, slots=True)
class TypeResult:
    """What happened to one damage type: the amount in, after the save, and after each defence."""

    type: str
    amount: int
    after_save: int
    immune: bool
    weakness: int
    resistance: int
    vulnerable: bool
    final: int
    #: The immunity that made it 0, as the creature lists it (``fire``, ``all``, ``nonlethal``).
    immunity: str = ""
    #: A resistance the damage got past, as the creature lists it (``slashing unless magical``).
    bypassed: str = ""

    def explain(self) -> str:
        # the steps' words are messages (English here; a view translates the line)
        steps = [f"{self.amount} {self.type}"]
        if self.after_save != self.amount:
            steps.append(str(msg("save → {n}", n=self.after_save)))
        if self.immune:
            immune = msg("immune to {types} → 0", types=self.immunity) if self.immunity else msg("immune → 0")
            steps.append(str(immune))
        if self.bypassed:
            kind, _sep, unless = self.bypassed.partition(" unless ")
            if unless:
                steps.append(str(msg("{unless} — no {kind} resistance", unless=unless, kind=kind)))
            else:
                steps.append(str(msg("no {kind} resistance", kind=kind)))
        if self.weakness:
            steps.append(str(msg("weakness {n}", n=self.weakness)))
        if self.resistance:
            steps.append(str(msg("resistance {n}", n=self.resistance)))
        if self.vulnerable:
            steps.append(str(msg("vulnerable ×2")))
        return ", ".join(steps) + f" = {self.final}"


@dataclass(frozen=True, slots=True)
class DamageOutcome:
    """The answer of a damage query: totals, and the target's values afterwards."""

    total: int
    by_type: tuple[tuple[str, int], ...]
    hp: int
    temp_hp: int
    state: str
    steps: tuple[TypeResult, ...] = ()

    def immune_words(self) -> str:
        """The immunities that made a damage type 0, in words (``immune to fire``; ``immune to all
        (poison)`` when a group or another name covered it); ``""`` when none did."""
        said: list[str] = []
        for s in self.steps:
            if not s.immune or s.amount <= 0:
                continue
            name = s.immunity or s.type
            words = f"immune to {name}" if name == s.type else f"immune to {name} ({s.type})"
            if words not in said:
                said.append(words)
        return ", ".join(said)

    def to_json(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "by_type": dict(self.by_type),
            "hp": self.hp,
            "temp_hp": self.temp_hp,
            "state": self.state,
        }


def settle(
    target: Token,
    steps: Sequence[TypeResult],
    take_damage: Callable[[Token, int], Token],
    state_of: Callable[[Token], str],
) -> tuple[DamageOutcome, Token]:
    """The damage query's answer and the target afterwards, from the per-type results `steps`: their total
    (after every defence, before temporary HP) goes to `take_damage`; `state_of` names the state after."""
    total = sum(s.final for s in steps)
    after = take_damage(target, total)
    outcome = DamageOutcome(
        total=total,
        by_type=tuple((s.type, s.final) for s in steps),
        hp=after.hp if after.hp is not None else 0,
        temp_hp=after.temp_hp,
        state=state_of(after),
        steps=tuple(steps),
    )
    return outcome, after


def base_type(damage_type: str) -> str:
    """``persistent fire`` → ``fire``; lower case."""
    words = damage_type.lower().split()
    if words and words[0] == "persistent" and len(words) > 1:
        words = words[1:]
    return " ".join(words)


def plain_type(damage_type: str) -> str:
    """``persistent fire`` or ``persistent-fire`` → ``fire`` (lower case)."""
    return base_type(damage_type.lower().replace("persistent-", "persistent "))


def type_keys(damage_type: str) -> set[str]:
    """Every immunity/weakness/resistance key that applies to a damage type."""
    t = damage_type.lower().strip()
    base = base_type(t)
    keys = {t, base, "all", "all-damage", "all damage"}
    if base in PHYSICAL:
        keys.add("physical")
    if base in ENERGY:
        keys.add("energy")
    if t != base:
        keys.update({"persistent-damage", "persistent damage", "persistent"})
    return keys


def group_by_type(entries: Iterable[tuple[str, int]]) -> list[tuple[str, int]]:
    """Sum amounts per type, keeping the order in which types first appear."""
    out: dict[str, int] = {}
    for t, amount in entries:
        out[t] = out.get(t, 0) + amount
    return list(out.items())


def best_value(table: Iterable[tuple[str, int]], damage_type: str) -> int:
    """The highest value in a weakness/resistance table that applies to `damage_type` (0 if none)."""
    keys = type_keys(damage_type)
    return max((v for k, v in table if k.lower() in keys), default=0)


def applies(names: Iterable[str], damage_type: str) -> bool:
    keys = type_keys(damage_type)
    return any(n.lower() in keys for n in names)


def matching(names: Iterable[str], damage_type: str) -> str:
    """The first of `names` (immunities …) that applies to `damage_type`, as written; ``""`` if none."""
    keys = type_keys(damage_type)
    return next((n for n in names if n.lower() in keys), "")
