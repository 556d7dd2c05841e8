"""Facts from the board for the rule systems: distance, reach, cover, flanking, sight.

Geometry answers facts; the systems decide what they mean. This module only asks the geometry modules
(`rules.geometry.distance`, `.elevation`, `.reach`, `.cover`, `.flanking`, `.sight`) and turns their answers
into small values.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.geometry import cover as geometry_cover
from rules.geometry import flanking as geometry_flanking
from rules.geometry import sight
from rules.geometry.distance import space_distance
from rules.geometry.elevation import token_distance
from rules.geometry.reach import attack_reach, within_reach
from rules.model.scene import CANNOT_ACT, Attack, Scene, Token

#: 5e: conditions that make a creature incapacitated (or worse): `rules.model.scene.CANNOT_ACT`.
INCAPACITATING_5E = CANNOT_ACT


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
        return token_distance(a, b, scene.options.diagonals)
    return space_distance(a.cell, a.side_squares, b.cell, b.side_squares, scene.options.diagonals)


def melee_reach(attacker: Token, attack: Attack) -> int:
    """The attack's reach in feet (`rules.geometry.reach.attack_reach`: the creature's reach, +5 ft for a bare
    ``reach`` trait/property; a trait with a number, ``reach 15 ft``, gives that reach outright)."""
    return attack_reach(attacker, attack)


def in_reach(scene: Scene, attacker: Token, target: Token, feet: int) -> bool:
    return within_reach(scene, attacker, target, feet)


def cover(scene: Scene, attacker: Token, target: Token) -> CoverFact:
    """Cover of `target` against `attacker` (system degree names), from the board alone: Take Cover
    (``took-cover``) is left to the system, which applies it to this degree (`strike.effective_cover`)."""
    if target.has_condition("took-cover"):
        target = target.without_condition("took-cover")
    result = geometry_cover.cover(scene, target, attacker=attacker)
    return CoverFact(str(result.degree))


def flanking(scene: Scene, attacker: Token, target: Token) -> FlankFact:
    result = geometry_flanking.flanking(scene, attacker, target)
    return FlankFact(bool(result.flanking), tuple(result.with_ids))


def can_see(scene: Scene, viewer: Token, target: Token) -> bool:
    return bool(sight.can_see(scene, viewer, target))


def hostile(a: Token, b: Token) -> bool:
    """Tokens on different sides are hostile."""
    return a.side != b.side
