"""A creature's speed and maximum HP after the conditions that change them (rules.md "Conditions that
change the numbers"). Readers of speed (movement, turn budgets) and of maximum HP (healing caps) use these.

D&D 5e exhaustion (the level is the token's ``exhaustion``; 2024 rules also accept the condition
``exhaustion N``; the higher counts):

* 2014: speed halved (round down) at level 2, HP maximum halved (round down) at level 4, speed 0 at 5,
  death at 6.
* 2024: −5 ft speed per level (never below 0), death at 6; the HP maximum doesn't change.

Both editions: grappled, restrained, paralyzed, petrified, stunned and unconscious creatures can't move
(speed 0).

PF2e:

* drained N: the maximum HP is reduced by the creature's level (minimum 1; 1 when no level is given) × N.
* immobilized, grabbed, restrained, paralyzed, petrified, unconscious (dying included): speed 0 (they
  can't use move actions); encumbered: −10 ft (never below 5 ft).

The `system` argument is a system name (``pf2e``, ``dnd5e-2014``, ``dnd5e-2024``) or an object with a
``name`` such as a `rules.systems.RuleSystem`.
"""

from __future__ import annotations

from typing import Protocol

from rules.model.scene import Token

EXHAUSTION_DEATH = 6
CANT_MOVE_5E: tuple[str, ...] = ("grappled", "restrained", "paralyzed", "petrified", "stunned", "unconscious")
CANT_MOVE_PF2E: tuple[str, ...] = (
    "immobilized",
    "grabbed",
    "restrained",
    "paralyzed",
    "petrified",
    "unconscious",
    "dying",
    "dead",
)


class Named(Protocol):
    @property
    def name(self) -> str: ...


def system_name(system: str | Named) -> str:
    """``pf2e``, ``dnd5e-2014`` or ``dnd5e-2024``; raises `ValueError` for anything else."""
    name = system if isinstance(system, str) else system.name
    if name not in ("pf2e", "dnd5e-2014", "dnd5e-2024"):
        raise ValueError(f"unknown rule system {name!r}; the systems are pf2e, dnd5e-2014, dnd5e-2024")
    return name


def exhaustion_level(token: Token) -> int:
    """The 5e exhaustion level: the token's ``exhaustion`` or an ``exhaustion N`` condition, the higher."""
    return max(token.exhaustion, token.condition_value("exhaustion"))


def dies_of_exhaustion(token: Token, system: str | Named) -> bool:
    return system_name(system).startswith("dnd5e") and exhaustion_level(token) >= EXHAUSTION_DEATH


def base_max_hp(token: Token) -> int | None:
    return token.max_hp if token.max_hp is not None else token.hp


def effective_max_hp(token: Token, system: str | Named) -> int | None:
    """The HP maximum after exhaustion (2014) or drained (PF2e); None when the token tracks no HP."""
    name = system_name(system)
    base = base_max_hp(token)
    if base is None:
        return None
    if name == "pf2e":
        drained = token.condition_value("drained")
        if drained:
            return max(0, base - max(1, token.level or 1) * drained)
        return base
    if name == "dnd5e-2014" and exhaustion_level(token) >= 4:
        return base // 2
    return base


def effective_speed(token: Token, system: str | Named, mode: str = "walk") -> int:
    """The creature's speed in feet for a movement mode (``walk`` by default; see the module docstring).
    The conditions' own data decide which conditions stop movement (`rules.systems.pf2e.conditions`,
    `rules.systems.dnd5e.conditions`)."""
    name = system_name(system)
    speed = token.speed_of(mode)
    if token.has_condition("dead"):
        return 0
    if name == "pf2e":
        from rules.systems.pf2e import conditions as pf2e_conditions

        if pf2e_conditions.speed_zero(token) or any(token.has_condition(c) for c in CANT_MOVE_PF2E):
            return 0
        if token.has_condition("encumbered") and speed > 0:
            speed = max(5, speed - 10)
        return speed
    from rules.systems.dnd5e import conditions as dnd_conditions
    from rules.systems.dnd5e.editions import edition

    if any(token.has_condition(c) for c in CANT_MOVE_5E):
        return 0
    return dnd_conditions.speed(token, edition(name), base=speed)
