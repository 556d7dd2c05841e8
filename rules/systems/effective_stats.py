"""A creature's speed and maximum HP after the conditions that change them (rules.md "Conditions that
change the numbers"), asked of its system (`HealingRules.max_hp`, `.speed`: `rules.systems.pf2e.healing`,
`rules.systems.dnd5e.healing`). Readers of speed (movement, turn budgets) and of maximum HP (healing caps)
use these.

The 5e exhaustion level is the token's ``exhaustion`` or the condition ``exhaustion N`` (2024 rules), the
higher (`exhaustion_level`); six levels kill (`EXHAUSTION_DEATH`, `rules.systems.dnd5e.damage`).

The `system` argument is a system name (``pf2e``, ``dnd5e-2014``, ``dnd5e-2024``) or a
`rules.systems.RuleSystem`.
"""

from __future__ import annotations

from rules.model.scene import Token
from rules.systems.base import RuleSystem
from rules.systems.registry import system_for

EXHAUSTION_DEATH = 6


def exhaustion_level(token: Token) -> int:
    """The 5e exhaustion level: the token's ``exhaustion`` or an ``exhaustion N`` condition, the higher."""
    return max(token.exhaustion, token.condition_value("exhaustion"))


def base_max_hp(token: Token) -> int | None:
    return token.max_hp if token.max_hp is not None else token.hp


def effective_max_hp(token: Token, system: str | RuleSystem) -> int | None:
    """The HP maximum after exhaustion (2014) or drained (PF2e); None when the token tracks no HP."""
    return system_for(system).max_hp(token)


def effective_speed(token: Token, system: str | RuleSystem, mode: str = "walk") -> int:
    """The creature's speed in feet for a movement mode (``walk`` by default) after its conditions."""
    return system_for(system).speed(token, mode)
