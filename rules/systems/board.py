"""Facts from the board for the rule systems: distance, reach, cover, flanking, sight.

Geometry answers facts; the systems decide what they mean. This module only asks the geometry modules and
turns their answers into small values. `rules.geometry.cover`, `.flanking` and `.sight` are imported
lazily inside the functions; while one of them is not installed yet, the answer falls back to "no cover"
(or "blocked" when there is no line of effect), "not flanking" and "can see" (unless blinded/invisible).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from rules.geometry.distance import space_distance
from rules.scene import Attack, Scene, Token

INCAPACITATING_5E = ("incapacitated", "paralyzed", "petrified", "stunned", "unconscious", "dead")


@dataclass(frozen=True, slots=True)
class CoverFact:
    """The cover geometry found: a system degree name (PF2e none/lesser/standard/greater/blocked, 5e
    none/half/three-quarters/total)."""

    degree: str


@dataclass(frozen=True, slots=True)
class FlankFact:
    flanking: bool
    with_ids: tuple[str, ...] = ()


def distance(scene: Scene, a: Token, b: Token) -> int:
    """Feet between the nearest squares of two spaces, in the scene's diagonal count (adjacent = 5),
    elevation counted like a third axis (`rules.geometry.elevation`)."""
    if a.elevation or b.elevation:
        from rules.geometry.elevation import token_distance

        return token_distance(a, b, scene.options.diagonals)
    return space_distance(a.cell, a.side_squares, b.cell, b.side_squares, scene.options.diagonals)


def melee_reach(attacker: Token, attack: Attack) -> int:
    """The attack's reach in feet: the creature's reach, +5 ft for a bare ``reach`` trait/property; a trait
    with a number (``reach 15 ft``, as in monster stat blocks) gives that reach outright."""
    value = attack.trait_value("reach")
    if value is None:
        return attacker.reach
    digits = "".join(ch for ch in value.split()[0] if ch.isdigit()) if value.strip() else ""
    if digits:
        return int(digits)
    return attacker.reach + 5


def in_reach(scene: Scene, attacker: Token, target: Token, feet: int) -> bool:
    from rules.geometry.reach import within_reach

    return within_reach(scene, attacker, target, feet)


def _geometry(name: str) -> ModuleType | None:
    """``rules.geometry.<name>``, or None while that module doesn't exist yet."""
    try:
        return importlib.import_module(f"rules.geometry.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"rules.geometry.{name}":
            raise
        return None


def cover(scene: Scene, attacker: Token, target: Token) -> CoverFact:
    """Cover of `target` against `attacker` (system degree names), from the board alone: Take Cover
    (``took-cover``) is left to the system, which applies it to this degree (`strike.effective_cover`)."""
    module = _geometry("cover")
    if module is None:
        return CoverFact(_fallback_cover(scene, attacker, target))
    if target.has_condition("took-cover"):
        target = target.without_condition("took-cover")
    result = module.cover(scene, target, attacker=attacker)
    return CoverFact(str(result.degree))


def _fallback_cover(scene: Scene, attacker: Token, target: Token) -> str:
    module = _geometry("sight")
    if module is None or module.line_of_effect(scene, attacker, target):
        return "none"
    return "blocked" if scene.is_pf2e else "total"


def flanking(scene: Scene, attacker: Token, target: Token) -> FlankFact:
    module = _geometry("flanking")
    if module is None:
        return FlankFact(False)
    result = module.flanking(scene, attacker, target)
    return FlankFact(bool(result.flanking), tuple(result.with_ids))


def can_see(scene: Scene, viewer: Token, target: Token) -> bool:
    module = _geometry("sight")
    if module is None:
        return not (viewer.has_condition("blinded") or target.has_condition("invisible"))
    return bool(module.can_see(scene, viewer, target))


def hostile(a: Token, b: Token) -> bool:
    """Tokens on different sides are hostile."""
    return a.side != b.side
