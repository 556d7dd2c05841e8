"""PF2e damage: basic saves, immunity → weakness → resistance, temporary HP, and what 0 HP means.

Order (query-protocol.md ``damage``, Player Core "Damage Rolls"):

1. Entries of the same type are added together.
2. A basic save scales each type's total: critical success 0, success half, failure full, critical failure
   double. Halving rounds down but never takes 1 or more damage below 1.
3. Immunity to the type (or ``all``; immunity to ``nonlethal`` against nonlethal damage) makes it 0.
4. Weakness: the highest applicable value is added (only when some damage of that type remains).
5. Resistance: the highest applicable value is subtracted, not below 0. ``all`` resistance applies to each
   type separately; ``physical`` covers bludgeoning, piercing and slashing.

`total` is the sum after step 5 and before temporary HP; massive damage (total ≥ 2 × max HP in one blow)
kills outright. Temporary HP are lost first. Then `rules.systems.pf2e.dying` decides what 0 HP means; a
creature that is already dying gets dying +1 (+2 on a critical) when it takes damage (total > 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from rules import dice
from rules.model.scene import Token
from rules.systems.damage import (
    DamageEntry,
    DamageOutcome,
    TypeResult,
    best_value,
    group_by_type,
    matching,
    settle,
)
from rules.systems.pf2e import dying, persistent
from rules.systems.pf2e import persistent as persistent_rules
from rules.systems.pf2e.degrees import (
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    DEGREES,
    FAILURE,
    SUCCESS,
    flat_check,
    succeeded,
)


def halve(amount: int) -> int:
    """Half, rounded down, but 1 or more never becomes less than 1."""
    if amount <= 0:
        return 0
    return max(1, amount // 2)


def basic_save_amount(amount: int, deg: str | None) -> int:
    if deg is None or deg == FAILURE:
        return amount
    if deg == CRITICAL_SUCCESS:
        return 0
    if deg == SUCCESS:
        return halve(amount)
    if deg == CRITICAL_FAILURE:
        return amount * 2
    raise ValueError(f"basic save degree {deg!r} is not one of {', '.join(DEGREES)}")


def apply_defences(
    target: Token,
    entries: Sequence[DamageEntry],
    *,
    basic_save: str | None = None,
    nonlethal: bool = False,
) -> list[TypeResult]:
    """Steps 1–5 of the module docstring, one result per damage type in order of appearance."""
    raw = group_by_type((e.type.lower(), e.amount) for e in entries)
    results: list[TypeResult] = []
    nonlethal_immune = nonlethal and any(
        i.lower() in ("nonlethal", "nonlethal attacks") for i in target.immunities
    )
    for t, total in raw:
        amount = basic_save_amount(total, basic_save)
        immunity = "nonlethal" if nonlethal_immune else matching(target.immunities, t)
        value = 0 if immunity else amount
        weak = best_value(target.weaknesses, t) if value > 0 else 0
        value += weak
        resist = min(value, best_value(target.resistances, t)) if value > 0 else 0
        value -= resist
        results.append(TypeResult(t, total, amount, bool(immunity), weak, resist, False, value, immunity))
    return results


def take_damage(
    target: Token,
    total: int,
    *,
    critical: bool = False,
    nonlethal: bool = False,
) -> Token:
    """The target after losing `total` damage (after defences): temp HP first, then HP, then 0 HP rules."""
    if target.hp is None:
        raise ValueError(f"token {target.id!r} has no hp")
    if dying.is_dead(target):
        return target
    max_hp = target.max_hp if target.max_hp is not None else target.hp
    if total > 0 and total >= 2 * max_hp:
        return dying.kill(replace(target, temp_hp=max(0, target.temp_hp - total)))
    absorbed = min(target.temp_hp, total)
    hp_after = max(0, target.hp - (total - absorbed))
    t = replace(target, temp_hp=target.temp_hp - absorbed, hp=hp_after)
    if total <= 0:
        return t
    if dying.dying_value(t) > 0:
        return dying.worsen_dying(t, critical=critical)
    if hp_after == 0:
        return dying.knock_out(t, critical=critical, nonlethal=nonlethal)
    return t


def deal(
    target: Token,
    entries: Sequence[DamageEntry],
    *,
    basic_save: str | None = None,
    critical: bool = False,
    nonlethal: bool = False,
) -> tuple[DamageOutcome, Token]:
    """Deal every entry now (persistent damage taken at the end of a turn comes this way)."""
    if target.hp is None:
        raise ValueError(f"token {target.id!r} has no hp")
    steps = apply_defences(target, entries, basic_save=basic_save, nonlethal=nonlethal)
    return settle(target, steps, partial(take_damage, critical=critical, nonlethal=nonlethal), dying.state_of)


def damage(
    target: Token,
    entries: Sequence[DamageEntry],
    *,
    basic_save: str | None = None,
    critical: bool = False,
    nonlethal: bool = False,
) -> tuple[DamageOutcome, Token]:
    """The damage query's answer and the target token afterwards. Persistent damage (``persistent fire``)
    is not dealt now: the basic save scales it like the rest, then it becomes the target's persistent
    damage (`rules.systems.pf2e.persistent`), taken at the end of its turn; the answer counts the rest."""
    if target.hp is None:
        raise ValueError(f"token {target.id!r} has no hp")
    scaled = [
        DamageEntry(basic_save_amount(e.amount, basic_save), e.type)
        if persistent.is_persistent_type(e.type)
        else e
        for e in entries
    ]
    now, lasting = persistent.split_entries(scaled)
    outcome, after = deal(target, now, basic_save=basic_save, critical=critical, nonlethal=nonlethal)
    if lasting and not dying.is_dead(after):
        after = persistent.add(after, lasting)
    return outcome, after


def tick(
    token: Token, persistent: persistent_rules.Persistent, rng: dice.DieSource
) -> tuple[Token, persistent_rules.PersistentTick]:
    """Roll and apply one persistent damage (through IWR, `deal`), then roll its flat check (both with
    `rng`)."""
    rolled = dice.roll(persistent.formula, rng)
    amount = max(0, rolled.total)
    outcome, after = deal(token, [DamageEntry(amount, f"persistent {persistent.key}")])
    flat = rng.randint(1, 20)
    ended = succeeded(flat_check(flat, persistent.dc))
    return after, persistent_rules.PersistentTick(persistent, rolled, outcome, flat, ended)
