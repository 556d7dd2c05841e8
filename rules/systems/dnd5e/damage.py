"""D&D 5e damage, 0 HP and death saving throws.

Order (query-protocol.md ``damage``; PHB "Damage Resistance and Vulnerability"):

1. Entries of the same type are added together.
2. A successful save (``save: "success"``) halves each type's total, rounding down.
3. Immunity makes the type 0; resistance halves it (round down); vulnerability doubles it; each at most
   once however many sources there are. ``physical`` and ``all`` work as group names here too. A
   resistance to nonmagical damage (``{"type": "slashing", "unless": "magical"}``, `rules.model.resistance`)
   doesn't apply to damage from a magical attack (``magical``).

`total` is the sum before temporary HP, which absorb damage first.

At 0 HP (2014 and 2024 PHB "Dropping to 0 Hit Points"):

* reduced to 0 from above: if the damage left over after reaching 0 is at least the maximum HP, the
  creature dies (massive damage); otherwise a PC (``pc: true``) falls unconscious and makes death saves,
  any other creature dies;
* nonlethal damage (knocking a creature out) leaves it unconscious and stable instead, whoever it is;
  2024 rules (``knock_out_at_one``): 「代わりにそのクリーチャーのヒット・ポイントを1にまで減らして気絶状態に
  する」 — it is left at 1 HP and unconscious (healing wakes it, `rules.systems.healing`);
* damage while at 0 HP: one death-save failure (two on a critical hit), and death when the damage is at
  least the maximum HP; three failures kill; it ends being stable.

Death save (start of turn at 0 HP): d20 ≥ 10 success, else failure; a 1 is two failures; a 20 regains
1 HP (and ends the saves). Three successes: stable (the counts reset); three failures: dead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial

from rules.model import resistance
from rules.model.scene import Token
from rules.systems.damage import (
    DamageEntry,
    DamageOutcome,
    TypeResult,
    applies,
    group_by_type,
    matching,
    settle,
)
from rules.systems.effective_stats import EXHAUSTION_DEATH, exhaustion_level

DEATH_SAVE_DC = 10


def apply_defences(
    target: Token, entries: Sequence[DamageEntry], *, save: str | None = None, magical: bool = False
) -> list[TypeResult]:
    if save not in (None, "success", "failure"):
        raise ValueError(f"save {save!r} is not 'success' or 'failure'")
    raw = group_by_type((e.type.lower(), e.amount) for e in entries)
    plain: list[str] = []  # the resistances that apply to this damage
    passed: list[str] = []  # those a magical attack gets past
    for key, _value in target.resistances:
        kind, unless = resistance.split_key(key)
        (passed if unless == "magical" and magical else plain).append(kind if unless is None else key)
    out: list[TypeResult] = []
    for t, total in raw:
        amount = total // 2 if save == "success" else total
        immunity = matching(target.immunities, t)
        value = 0 if immunity else amount
        resisted = 0
        resists = any(applies([resistance.split_key(k)[0]], t) for k in plain)
        if value and resists:
            resisted = value - value // 2
            value //= 2
        bypassed = (
            "" if resists else next((k for k in passed if applies([resistance.split_key(k)[0]], t)), "")
        )
        vulnerable = bool(value) and applies(target.vulnerabilities, t)
        if vulnerable:
            value *= 2
        out.append(
            TypeResult(t, total, amount, bool(immunity), 0, resisted, vulnerable, value, immunity, bypassed)
        )
    return out


def is_dead(token: Token) -> bool:
    return token.has_condition("dead")


def kill(token: Token) -> Token:
    t = token.without_condition("unconscious").without_condition("stable").with_condition("dead")
    return replace(t, hp=0, death_saves=(0, 0))


def fall_unconscious(token: Token, *, stable: bool = False) -> Token:
    t = token if token.has_condition("unconscious") else token.with_condition("unconscious")
    if stable and not t.has_condition("stable"):
        t = t.with_condition("stable")
    return replace(t, hp=0, death_saves=(0, 0))


def add_failures(token: Token, n: int) -> Token:
    successes, failures = token.death_saves
    failures = min(3, failures + n)
    t = replace(token.without_condition("stable"), death_saves=(successes, failures))
    return kill(t) if failures >= 3 else t


def take_damage(
    target: Token,
    total: int,
    *,
    critical: bool = False,
    nonlethal: bool = False,
    knock_out_at_one: bool = False,
) -> Token:
    """The target after losing `total` damage (after defences); see the module docstring."""
    if target.hp is None:
        raise ValueError(f"token {target.id!r} has no hp")
    if is_dead(target) or total <= 0:
        return target
    max_hp = target.max_hp if target.max_hp is not None else target.hp
    absorbed = min(target.temp_hp, total)
    loss = total - absorbed
    t = replace(target, temp_hp=target.temp_hp - absorbed)
    if loss <= 0:
        return t
    if target.hp > 0:
        if loss < target.hp:
            return replace(t, hp=target.hp - loss)
        leftover = loss - target.hp
        if nonlethal and knock_out_at_one:
            t = t if t.has_condition("unconscious") else t.with_condition("unconscious")
            return replace(t, hp=1)
        if nonlethal:
            return fall_unconscious(t, stable=True)
        if leftover >= max_hp or not target.pc:
            return kill(t)
        return fall_unconscious(t)
    # Already at 0 HP.
    if not target.pc:
        return t if nonlethal else kill(t)
    if loss >= max_hp:
        return kill(t)
    return add_failures(t, 2 if critical else 1)


def state_of(token: Token) -> str:
    if is_dead(token) or exhaustion_level(token) >= EXHAUSTION_DEATH:
        return "dead"
    if token.has_condition("unconscious") or (token.hp is not None and token.hp <= 0):
        return "unconscious"
    return "ok"


def damage(
    target: Token,
    entries: Sequence[DamageEntry],
    *,
    save: str | None = None,
    critical: bool = False,
    nonlethal: bool = False,
    knock_out_at_one: bool = False,
    magical: bool = False,
) -> tuple[DamageOutcome, Token]:
    if target.hp is None:
        raise ValueError(f"token {target.id!r} has no hp")
    steps = apply_defences(target, entries, save=save, magical=magical)
    take = partial(take_damage, critical=critical, nonlethal=nonlethal, knock_out_at_one=knock_out_at_one)
    return settle(target, steps, take, state_of)


@dataclass(frozen=True, slots=True)
class DeathSaveResult:
    token: Token
    d20: int
    outcome: str  # "success", "failure", "two failures", "regains 1 HP"

    @property
    def text(self) -> str:
        s, f = self.token.death_saves
        tail = (
            "dead"
            if is_dead(self.token)
            else ("stable" if self.token.has_condition("stable") else f"{s}/{f}")
        )
        return f"{self.token.label} death save: {self.d20}, {self.outcome} ({tail})"


def death_save(token: Token, d20: int) -> DeathSaveResult:
    """One death saving throw with the given d20 (see the module docstring)."""
    if not 1 <= d20 <= 20:
        raise ValueError(f"a d20 shows 1 to 20, not {d20}")
    if d20 == 20:
        t = replace(
            token.without_condition("unconscious").without_condition("stable"), hp=1, death_saves=(0, 0)
        )
        return DeathSaveResult(t, d20, "regains 1 HP")
    if d20 == 1:
        return DeathSaveResult(add_failures(token, 2), d20, "two failures")
    if d20 < DEATH_SAVE_DC:
        return DeathSaveResult(add_failures(token, 1), d20, "failure")
    successes, failures = token.death_saves
    successes += 1
    if successes >= 3:
        t = replace(token, death_saves=(0, 0)).with_condition("stable")
        return DeathSaveResult(t, d20, "success")
    return DeathSaveResult(replace(token, death_saves=(successes, failures)), d20, "success")
