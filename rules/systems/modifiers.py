"""Typed modifiers and stacking, as a pure function that returns a breakdown.

PF2e (Player Core "Bonuses" / "Penalties"): modifiers are typed ``ability``, ``proficiency``,
``circumstance``, ``item``, ``status`` or ``untyped``. Within one type only the highest bonus and the
worst penalty apply (a bonus and a penalty of the same type both apply); untyped bonuses and penalties all
apply.

Boundary rules of `stack`:

* A modifier of value 0 counts as a bonus: it applies only when no larger bonus of its type does.
* Ties: among equal best bonuses (or equal worst penalties) of one type, the first listed applies and the
  others are listed with ``applied: False``, so the total never counts the same type twice.
* The order of the breakdown is the order the modifiers were given.

`ModifierRow` / `RowGroup` are what every roll answers for people, whatever its system (Foundry pf2e's
modifier list): groups such as "Attack modifier", "Target AC", "Roll mode", "Roll", each with its total and
its typed rows (label, type, value, applied, source). The dialogs draw them with one renderer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

MODIFIER_TYPES: tuple[str, ...] = ("ability", "proficiency", "circumstance", "item", "status", "untyped")


@dataclass(frozen=True, slots=True)
class Modifier:
    """One number added to a roll or a DC. `label` names the rule, `source` says where it came from."""

    label: str
    type: str
    value: int
    source: str = ""

    def __post_init__(self) -> None:
        if self.type not in MODIFIER_TYPES:
            raise ValueError(f"modifier type {self.type!r} is not one of {', '.join(MODIFIER_TYPES)}")


@dataclass(frozen=True, slots=True)
class Applied:
    """A modifier and whether stacking let it count."""

    modifier: Modifier
    applied: bool

    def to_json(self) -> dict[str, Any]:
        m = self.modifier
        return {
            "label": m.label,
            "type": m.type,
            "value": m.value,
            "applied": self.applied,
            "source": m.source,
        }


@dataclass(frozen=True, slots=True)
class Breakdown:
    """The result of stacking: every modifier with its applied flag, and the total of those applied."""

    entries: tuple[Applied, ...]

    @property
    def total(self) -> int:
        return sum(e.modifier.value for e in self.entries if e.applied)

    @property
    def applied(self) -> tuple[Modifier, ...]:
        return tuple(e.modifier for e in self.entries if e.applied)

    def to_json(self) -> list[dict[str, Any]]:
        return [e.to_json() for e in self.entries]

    def explain(self) -> str:
        """``+9 attack bonus, -5 multiple attack penalty, (-1 status: sickened, not applied)``."""
        parts = []
        for e in self.entries:
            m = e.modifier
            text = f"{m.value:+d} {m.label}" + (f" ({m.source})" if m.source and m.source != m.label else "")
            parts.append(text if e.applied else f"[{text}, not applied]")
        return ", ".join(parts) if parts else "no modifiers"


@dataclass(frozen=True, slots=True)
class ModifierRow:
    """One row of a roll's breakdown: a typed modifier (`type` one of `MODIFIER_TYPES`, `value` its number,
    `applied` whether stacking let it count) or a row that is no number (`type` ``""``: the d20, a reason
    for advantage); `text` is the value in words when it isn't a signed number (``1d4``, ``12, 15 → 15``)."""

    label: str
    type: str = ""
    value: int | None = None
    applied: bool = True
    source: str = ""
    text: str = ""

    @property
    def shown(self) -> str:
        """The value column: `text`, else the signed number, else nothing."""
        if self.text:
            return self.text
        return "" if self.value is None else signed(self.value)

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "type": self.type,
            "value": self.value,
            "applied": self.applied,
            "source": self.source,
            "text": self.shown,
        }


@dataclass(frozen=True, slots=True)
class RowGroup:
    """A titled group of rows and its total in words (``+7``, ``AC 18``, ``advantage``)."""

    title: str
    total: str
    rows: tuple[ModifierRow, ...] = ()


def rows_of(b: Breakdown) -> tuple[ModifierRow, ...]:
    """A breakdown's modifiers as rows (a source equal to the label is left out)."""
    return tuple(
        ModifierRow(
            a.modifier.label,
            a.modifier.type,
            a.modifier.value,
            a.applied,
            a.modifier.source if a.modifier.source != a.modifier.label else "",
        )
        for a in b.entries
    )


def stack(modifiers: Iterable[Modifier]) -> Breakdown:
    """Apply the PF2e stacking rules (see the module docstring) and return the breakdown."""
    mods = tuple(modifiers)
    best_bonus: dict[str, int] = {}
    worst_penalty: dict[str, int] = {}
    for i, m in enumerate(mods):
        if m.type == "untyped":
            continue
        if m.value >= 0:
            j = best_bonus.get(m.type)
            if j is None or m.value > mods[j].value:
                best_bonus[m.type] = i
        else:
            j = worst_penalty.get(m.type)
            if j is None or m.value < mods[j].value:
                worst_penalty[m.type] = i
    chosen = set(best_bonus.values()) | set(worst_penalty.values())
    return Breakdown(tuple(Applied(m, m.type == "untyped" or i in chosen) for i, m in enumerate(mods)))


# ------------------------------------------------------------------------------------------ explaining


def signed(v: int) -> str:
    """``+3``, ``−2`` (a true minus sign), ``+0``."""
    return f"+{v}" if v >= 0 else f"−{-v}"


def modifier_text(a: Applied) -> str:
    """``−5 multiple attack penalty (attack 2 this turn)``; modifiers that don't count are marked."""
    mod = a.modifier
    text = f"{signed(mod.value)} {mod.label}"
    details = [mod.type] if mod.type != "untyped" else []
    if mod.source and mod.source != mod.label:
        details.append(mod.source)
    if details:
        text += f" ({', '.join(details)})"
    if not a.applied:
        text += " — doesn't stack, not applied"
    return text


def breakdown_lines(b: Breakdown) -> list[str]:
    return [modifier_text(a) for a in b.entries]


def sum_text(start: int, b: Breakdown) -> str:
    """``14 +9 −5 = 18`` (applied modifiers only)."""
    parts = [str(start)] + [signed(a.modifier.value) for a in b.entries if a.applied]
    return " ".join(parts) + f" = {start + b.total}"
