"""The rule systems by name: `system_for(scene_or_name)` is the one way to a scene's `RuleSystem`.

`rules.systems` registers each system as it is imported (the package imports its systems first), so the
shared modules of `rules.systems` (reactions, healing, stealth …) find the scene's system here without
importing the systems' packages: they call its hooks and never ask which system it is.
"""

from __future__ import annotations

from rules.model.scene import Scene
from rules.systems.base import RuleSystem

_SYSTEMS: dict[str, RuleSystem] = {}


def register(system: RuleSystem) -> RuleSystem:
    """Make `system` known by its name (`RuleSystem.name`)."""
    _SYSTEMS[system.name] = system
    return system


def system_for(scene_or_name: Scene | str | RuleSystem) -> RuleSystem:
    """The rule system of a scene, or by name (``pf2e``, ``dnd5e-2014``, ``dnd5e-2024``); a system is
    returned as it is. Raises `ValueError` for an unknown name."""
    if isinstance(scene_or_name, RuleSystem):
        return scene_or_name
    name = scene_or_name if isinstance(scene_or_name, str) else scene_or_name.system
    try:
        return _SYSTEMS[name]
    except KeyError:
        known = ", ".join(_SYSTEMS)
        raise ValueError(f"unknown rule system {name!r}; the systems are {known}") from None


def registered() -> tuple[RuleSystem, ...]:
    """Every registered system, in the order registered."""
    return tuple(_SYSTEMS.values())
