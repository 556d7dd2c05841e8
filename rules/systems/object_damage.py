"""What stands between a blow and a creature's hit points, as pure functions: immunity to critical hits,
an object's hardness, a raised shield's Shield Block.

* **Immunity to critical hits** (PF2e Player Core 408: 「2倍のダメージではなく通常のダメージを受ける」; 5e
  adamantine armor and the like: "any critical hit against you becomes a normal hit"): a creature whose
  ``immunities`` list ``critical hits`` takes a critical hit's damage as a normal hit's (`critical_immune`).
* **Hardness** (PF2e Player Core 410 「硬度という値を持ち、アイテムはダメージから硬度を差し引いた残りのダメー
  ジを受ける」): an object's (a token's ``hardness``) damage is reduced by its hardness; **Ruling**: the
  reduction comes off the damage entries in order, before immunity, weakness and resistance (`harden`).
* **Shield Block** (PF2e, a reaction while the shield is raised, against physical damage): the damage is
  reduced by the shield's hardness; the shield and the creature each take the rest; a shield at half its HP
  or fewer is broken (`shield_block`, `rules.systems.support_actions.shield_block`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.model.scene import Token
from rules.systems.damage import DamageEntry

CRITICAL_IMMUNITY: frozenset[str] = frozenset({"critical hits", "critical-hits", "crits"})
PHYSICAL: frozenset[str] = frozenset({"bludgeoning", "piercing", "slashing", "physical"})


def critical_immune(token: Token) -> bool:
    """The creature is immune to critical hits (its ``immunities``)."""
    return any(i.lower() in CRITICAL_IMMUNITY for i in token.immunities)


def harden(entries: Sequence[DamageEntry], hardness: int) -> tuple[DamageEntry, ...]:
    """`entries` less `hardness` in all, taken off in order (see the module docstring)."""
    left = max(0, hardness)
    out: list[DamageEntry] = []
    for e in entries:
        cut = min(left, max(0, e.amount))
        left -= cut
        out.append(replace(e, amount=e.amount - cut))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Blocked:
    """A Shield Block: the damage the creature still takes, the shield after it, and words."""

    entries: tuple[DamageEntry, ...]
    token: Token
    prevented: int
    shield_damage: int
    text: str


def shield_block(token: Token, entries: Sequence[DamageEntry]) -> Blocked:
    """Block the physical part of `entries` with the token's raised shield. Raises `ValueError` when it has
    no shield raised, or the shield is broken."""
    from rules.systems.support_actions import RAISED_SHIELD
    from rules.systems.support_actions import shield_block as block

    shield = token.shield
    if shield is None or not token.has_condition(RAISED_SHIELD):
        raise ValueError(f"{token.label} has no raised shield to block with (Shield Block needs it raised)")
    if shield.broken or shield.hp <= 0:
        raise ValueError(f"{token.label}'s shield is broken: it can't Shield Block")
    physical = sum(e.amount for e in entries if e.type.lower() in PHYSICAL)
    if physical <= 0:
        raise ValueError("Shield Block stops physical damage (bludgeoning, piercing, slashing) only")
    result = block(physical, shield.hardness)
    kept = harden([e for e in entries if e.type.lower() in PHYSICAL], result.prevented)
    rest = tuple(e for e in entries if e.type.lower() not in PHYSICAL)
    hp = max(0, shield.hp - result.shield_damage)
    after = replace(token, shield=replace(shield, hp=hp, max_hp=shield.max_hp or shield.hp))
    state = (
        "destroyed" if hp == 0 else "broken" if after.shield is not None and after.shield.broken else "whole"
    )
    text = (
        f"{token.label} blocks with its shield: hardness {shield.hardness} stops {result.prevented}, the "
        f"shield takes {result.shield_damage} (HP {hp}, {state})"
    )
    return Blocked((*kept, *rest), after, result.prevented, result.shield_damage, text)


#: A condition that marks a temporary immunity: ``immune-to-<effect>`` (``immune-to-demoralize``), usually
#: a timed effect of the encounter (`rules.model.effects`) lasting as the granting rule says.
IMMUNE_PREFIX = "immune-to-"


def immunity_condition(effect: str) -> str:
    """The condition name of a temporary immunity to `effect` (Player Core 408 「一時的耐性」)."""
    return IMMUNE_PREFIX + "-".join(effect.lower().split())


def temporarily_immune(token: Token, effect: str) -> bool:
    """The creature is temporarily immune to `effect` (its ``immune-to-…`` condition): the effect does
    nothing to it again until the immunity ends (it doesn't end what the effect already did)."""
    return token.has_condition(immunity_condition(effect))
