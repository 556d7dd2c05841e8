"""Underwater combat, the shared shape (each system's rules: `rules.systems.pf2e.aquatic`,
`rules.systems.dnd5e.aquatic`). A creature fighting underwater has the ``underwater`` condition.

`Aquatic` is what being underwater does to one attack: the attacker's situational modifier (PF2e, typed),
sources of advantage or disadvantage (5e), whether the target counts as off-guard (PF2e: a creature without
a swim Speed), and a reason the attack can't succeed at all (5e: a ranged weapon beyond its normal range).
"""

from __future__ import annotations

from dataclasses import dataclass

UNDERWATER = "underwater"


@dataclass(frozen=True, slots=True)
class Aquatic:
    modifier: int = 0
    modifier_label: str = ""
    disadvantages: tuple[str, ...] = ()
    target_off_guard: bool = False
    impossible: str | None = None
