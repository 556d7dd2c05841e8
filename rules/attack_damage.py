"""Typed damage for an attack's result, and turning rolled (or typed-in) dice into damage entries.

The systems' ``damage_formula`` (`rules.systems.pf2e.strike.damage_formula`,
`rules.systems.dnd5e.attack.damage_formula`) is the query protocol's text, with the damage types removed.
To apply the damage through immunities, weaknesses and resistances the app needs the types, so this module
builds the same formula with each part keeping its type:

* PF2e critical success: every part doubled, ``(1d8+4)*2 slashing``; the fatal die replaces the weapon's dice
  of the first part and adds one more die of that size; deadly adds its dice (1 / 2 / 3 at 1–2 / 3 / 4+
  weapon dice). The extra dice are of the first part's type and are not doubled. A single-part formula
  renders (types removed) exactly as the system's ``damage_formula``; with several parts the total is the
  same (each part doubled instead of the whole sum).
* D&D 5e critical hit: every dice group doubled, modifiers once (``2d8+3 slashing``).
* A miss (PF2e failure or worse) has no damage: None.

`entries_from_roll` turns a roll into one `DamageEntry` per part (a part without a type is ``untyped``;
a negative part counts 0). PF2e: a Strike deals at least 1 damage in total (Player Core), so with
``minimum_one`` a total below 1 becomes 1 on the first part. `entries_from_totals` does the same for totals
typed in from physical dice, one per part.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import dice
from rules.dice import DamagePart, Formula
from rules.model.scene import Attack
from rules.systems import system_for
from rules.systems.damage import DamageEntry

UNTYPED = "untyped"


def typed_damage(system: str, attack: Attack, hit: bool, critical: bool) -> Formula | None:
    """The attack's damage with types for a result (see the module docstring); None on a miss or when
    the attack has no damage. Raises `dice.DiceSyntaxError` for bad notation."""
    if not attack.damage.strip() or not hit:
        return None
    formula = dice.parse(attack.damage)
    if not critical:
        return formula
    return system_for(system).critical_damage(formula, attack)


def _type(part: DamagePart) -> str:
    return (part.type or UNTYPED).lower()


def entries_from_roll(result: dice.RollResult, *, minimum_one: bool = False) -> tuple[DamageEntry, ...]:
    """One entry per rolled part (see the module docstring)."""
    return entries_from_totals(result.formula, [p.total for p in result.parts], minimum_one=minimum_one)


def entries_from_totals(
    formula: Formula, totals: Sequence[int], *, minimum_one: bool = False
) -> tuple[DamageEntry, ...]:
    """One entry per part from totals rolled at the table. Raises `ValueError` when the count differs."""
    if len(totals) != len(formula.parts):
        raise ValueError(f"the formula has {len(formula.parts)} parts, got {len(totals)} totals")
    amounts = [max(0, int(t)) for t in totals]
    if minimum_one and amounts and sum(amounts) < 1:
        amounts[0] = 1
    return tuple(DamageEntry(a, _type(p)) for a, p in zip(amounts, formula.parts, strict=True))


def roll_damage(
    formula: Formula | str, rng: dice.DieSource, *, minimum_one: bool = False
) -> tuple[dice.RollResult, tuple[DamageEntry, ...]]:
    """Roll a formula and split it into typed entries."""
    result = dice.roll(formula, rng)
    return result, entries_from_roll(result, minimum_one=minimum_one)


def describe_entries(entries: Sequence[DamageEntry]) -> str:
    """``9 slashing + 3 fire``."""
    return " + ".join(f"{e.amount} {e.type}" for e in entries) if entries else "no damage"
