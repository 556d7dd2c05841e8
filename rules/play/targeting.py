"""What the table shows between an attacker and a target before anyone rolls: the distance as the attack
measures it, the cover and the flanking, with the words for them — the facts the attack dialog and the
targeting overlay draw, so neither measures anything itself.

* `feet` is the attack's distance (`rules.systems.board.distance`): between the nearest squares of the two
  spaces in the scene's diagonal count, elevation counted like a third axis (a token 20 ft up is 20 ft
  from one below it).
* `cover` is the geometry's answer with its lines (`rules.geometry.cover.cover`: PF2e the one centre line,
  5e the four corner lines), `flank` the flanking lines (`rules.geometry.flanking.flanking`); what they do
  to the roll is the system's (`RuleSystem.flanking_effect`, its attack).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.geometry.cover import CoverResult, cover
from rules.geometry.flanking import FlankResult, flanking
from rules.messages import msg
from rules.model.scene import Scene, Token
from rules.systems import board, system_for

#: Each cover degree in words (PF2e and 5e names).
DEGREE_TEXT: dict[str, str] = {
    "none": "No cover",
    "lesser": "Lesser cover",
    "standard": "Standard cover",
    "greater": "Greater cover",
    "blocked": "No line of effect",
    "half": "Half cover",
    "three-quarters": "Three-quarters cover",
    "total": "Total cover",
}


@dataclass(frozen=True, slots=True)
class Targeting:
    """The facts between one attacker and one target (see the module docstring)."""

    attacker: Token
    target: Token
    feet: int
    cover: CoverResult
    flank: FlankResult


def targeting(scene: Scene, attacker: Token, target: Token) -> Targeting:
    """Distance (the attack's, elevation counted), cover and flanking between two tokens."""
    return Targeting(
        attacker,
        target,
        board.distance(scene, attacker, target),
        cover(scene, target, attacker=attacker),
        flanking(scene, attacker, target),
    )


def cover_text(result: CoverResult) -> str:
    """``Standard cover · +2 AC``."""
    text = str(msg(DEGREE_TEXT.get(result.degree, result.degree)))
    if result.ac_bonus:
        text += " · " + str(msg("+{n} AC", n=result.ac_bonus))
    return text


def flank_text(scene: Scene, result: FlankResult) -> str:
    """``Flanked with Mira · off-guard −2 AC`` (the partners by name, the effect the system's)."""
    names = ", ".join(t.label if (t := scene.token(i)) is not None else i for i in result.with_ids)
    effect = system_for(scene).flanking_effect
    return str(msg("Flanked with {names} · {effect}", names=names, effect=effect))


__all__ = ["DEGREE_TEXT", "Targeting", "cover_text", "flank_text", "targeting"]
