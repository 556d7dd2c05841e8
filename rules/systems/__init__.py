"""Rule systems behind one interface: `RuleSystem`, chosen by name with `system_for`.

``system_for(scene)`` (or ``system_for("pf2e")``, `rules.systems.registry`) returns the PF2e system or one
of the two D&D 5e editions.
They share the interface and differ in data; what each computes is documented in its package
(`rules.systems.pf2e`, `rules.systems.dnd5e`). Shared pieces: `rules.systems.modifiers` (typed modifiers
and stacking), `rules.systems.damage` (damage entries and results), `rules.systems.board` (facts read off
the board: distance, reach, cover, flanking, sight). The checks both systems make the same way live here:
`attack_distance` (AC, then reach), `damage_formula_errors` and `require_hp`.
"""

from __future__ import annotations

from rules.systems.base import (
    AttackOutcome,
    RuleSystem,
    TurnBudget,
    TurnEvent,
    attack_distance,
    damage_formula_errors,
    require_hp,
)
from rules.systems.dnd5e.system import DND5E_2014_SYSTEM, DND5E_2024_SYSTEM
from rules.systems.pf2e.system import PF2E
from rules.systems.registry import register, system_for

__all__ = [
    "DEFAULT_SYSTEM",
    "SYSTEM_NAMES",
    "AttackOutcome",
    "RuleSystem",
    "TurnBudget",
    "TurnEvent",
    "all_systems",
    "attack_distance",
    "damage_formula_errors",
    "game_choices",
    "in_game",
    "require_hp",
    "same_game",
    "system_for",
]

SYSTEM_NAMES: tuple[str, ...] = ("pf2e", "dnd5e-2014", "dnd5e-2024")
#: The system a new scene starts in when nobody chose one.
DEFAULT_SYSTEM = SYSTEM_NAMES[0]
for _system in (PF2E, DND5E_2014_SYSTEM, DND5E_2024_SYSTEM):
    register(_system)
del _system


def all_systems() -> tuple[RuleSystem, ...]:
    """Every system, in picker order (each has `name`, `title`, `label`, `game`)."""
    return tuple(system_for(n) for n in SYSTEM_NAMES)


def same_game(a: str, b: str) -> bool:
    """Whether systems named `a` and `b` play the same game (a creature of one fits a scene of the other)."""
    return system_for(a).game == system_for(b).game


def game_choices() -> list[tuple[str, str]]:
    """Choices of a filter by game, as (label, key): each game, then its systems when it has several
    (``D&D 5e (any)``, ``D&D 5e (2014)``…). `in_game` tells whether a system matches a key."""
    out: list[tuple[str, str]] = []
    for system in all_systems():
        members = [s for s in all_systems() if s.game == system.game]
        if system is members[0]:
            if len(members) == 1:
                out.append((system.title, system.name))
            else:
                out.append((f"{system.game_title} (any)", system.game))
                out += [(s.title, s.name) for s in members]
    return out


def in_game(key: str, system_name: str) -> bool:
    """Whether the system named `system_name` matches the `game_choices` key `key` (a system or a game)."""
    return key in (system_name, system_for(system_name).game)
