"""PF2e healing and the numbers its conditions change (Player Core 410–411; rules.md "Conditions that change
the numbers"), the hooks behind `rules.systems.healing` and `rules.systems.effective_stats`:

* healing from 0 HP to 1 or more: the creature loses unconscious and wakes; if it was dying it loses
  dying, and losing dying gives wounded 1 or raises wounded by 1 (「瀕死状態0になると瀕死状態は失われる…
  ヒット・ポイントが1以上になると、君は気絶状態を自動的に失い、目覚める」). Doomed is unchanged.
* drained N: the maximum HP is reduced by the creature's level (minimum 1; 1 when no level is given) × N.
* immobilized, grabbed, restrained, paralyzed, petrified, unconscious (dying included): speed 0 (they
  can't use move actions); encumbered: −10 ft (never below 5 ft).
"""

from __future__ import annotations

from rules.model.scene import Token
from rules.systems.effective_stats import base_max_hp
from rules.systems.pf2e import conditions, dying
from rules.systems.pf2e import damage as pf2e_damage

CANT_MOVE: tuple[str, ...] = (
    "immobilized",
    "grabbed",
    "restrained",
    "paralyzed",
    "petrified",
    "unconscious",
    "dying",
    "dead",
)


def max_hp(token: Token) -> int | None:
    """The HP maximum after drained."""
    base = base_max_hp(token)
    if base is None:
        return None
    drained = token.condition_value("drained")
    if drained:
        return max(0, base - max(1, token.level or 1) * drained)
    return base


def speed(token: Token, mode: str = "walk") -> int:
    """The speed for `mode` after the conditions that stop movement or encumber."""
    feet = token.speed_of(mode)
    if conditions.speed_zero(token) or any(token.has_condition(c) for c in CANT_MOVE):
        return 0
    if token.has_condition("encumbered") and feet > 0:
        feet = max(5, feet - 10)
    return feet


def healed(before: Token, after: Token, hp_before: int) -> tuple[Token, list[str]]:
    """Healed from 0 HP: dying ends (wounded rises) and the creature wakes."""
    lines: list[str] = []
    if hp_before > 0:
        return after, lines
    if dying.dying_value(after):
        after = dying.set_dying(after, 0)
        lines.append(f"{before.label} is no longer dying; wounded {after.condition_value('wounded')}")
    if after.has_condition("unconscious"):
        after = after.without_condition("unconscious")
        lines.append(f"{before.label} wakes up")
    return after, lines


def lose_hp(token: Token, amount: int) -> Token:
    """HP lost by the damage rules (0 HP: dying and unconscious)."""
    return pf2e_damage.take_damage(token, amount)
