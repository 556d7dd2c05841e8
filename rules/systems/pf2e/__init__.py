"""Pathfinder 2e (Player Core): degrees of success, typed modifiers, MAP, range increments, Strikes,
damage with immunity/weakness/resistance, dying/wounded/doomed/recovery, and persistent damage.

Modules: `degrees` (degree of success, flat checks), `strike` (attack modifiers, AC, damage formula),
`damage` (basic saves, IWR, temporary HP), `dying` (knocked out, dying, recovery checks), `persistent`
(end-of-turn persistent damage), `system` (the `RuleSystem` that reads the board).
"""

from __future__ import annotations

from rules.systems.pf2e.degrees import DEGREES, degree, flat_check
from rules.systems.pf2e.strike import (
    StrikeResult,
    damage_formula,
    multiple_attack_penalty,
    range_penalty,
    strike,
)

__all__ = [
    "DEGREES",
    "StrikeResult",
    "damage_formula",
    "degree",
    "flat_check",
    "multiple_attack_penalty",
    "range_penalty",
    "strike",
]
