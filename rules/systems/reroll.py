"""Hero Points (PF2e), Heroic Inspiration (5e 2024) and inspiration (5e 2014): pure functions that spend
them.

* PF2e (Player Core "Hero Points"): spend 1 Hero Point to reroll a check — a fortune effect: the new roll is
  kept even when it is worse. Or, when the creature would die (or at the start of its turn while dying),
  spend all its Hero Points (at least 1) to avoid death: it loses the dying condition, stays unconscious at
  0 HP, and its wounded condition doesn't increase from losing dying this way.
* 5e 2024 (Rules Glossary "Heroic Inspiration"): expend it to reroll any die immediately after rolling it;
  the new roll must be used.
* 5e 2014 (PHB "Inspiration"): expend it when making an attack roll, saving throw or ability check to have
  advantage on that roll (2014 inspiration doesn't reroll; `inspiration_advantage`).

A creature with nothing to spend raises `NothingToSpend`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.model.scene import Token
from rules.systems.dnd5e.advantage import ADVANTAGE, Reason


class NothingToSpend(ValueError):
    """The creature has no Hero Point / inspiration to spend."""


@dataclass(frozen=True, slots=True)
class Reroll:
    """The creature after spending, the roll it had, the roll it keeps (always the new one), and what it
    spent (``hero point`` / ``heroic inspiration``)."""

    token: Token
    old_roll: int
    kept: int
    spent: str


def _check_die(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 20:
        raise ValueError(f"a d20 shows 1 to 20, not {value!r}")
    return value


def can_reroll(token: Token, system: str) -> bool:
    """Whether `token` has something that lets it reroll a d20 test in `system`."""
    if system == "pf2e":
        return (token.hero_points or 0) > 0
    if system == "dnd5e-2024":
        return token.inspiration
    return False


def reroll(token: Token, system: str, old_roll: int, new_roll: int) -> Reroll:
    """Spend one Hero Point (PF2e) or Heroic Inspiration (2024) to reroll; the new roll is kept. Raises
    `NothingToSpend`, and `ValueError` for 2014 (whose inspiration gives advantage instead)."""
    _check_die(old_roll)
    _check_die(new_roll)
    if system == "pf2e":
        points = token.hero_points or 0
        if points <= 0:
            raise NothingToSpend(f"{token.label} has no Hero Points")
        return Reroll(replace(token, hero_points=points - 1), old_roll, new_roll, "hero point")
    if system == "dnd5e-2024":
        if not token.inspiration:
            raise NothingToSpend(f"{token.label} has no Heroic Inspiration")
        return Reroll(replace(token, inspiration=False), old_roll, new_roll, "heroic inspiration")
    if system == "dnd5e-2014":
        raise ValueError("2014 inspiration gives advantage on the roll, not a reroll (inspiration_advantage)")
    raise ValueError(f"unknown rule system {system!r}")


def inspiration_advantage(token: Token) -> tuple[Token, Reason]:
    """5e 2014: expend inspiration for advantage on an attack roll, save or ability check."""
    if not token.inspiration:
        raise NothingToSpend(f"{token.label} has no inspiration")
    return replace(token, inspiration=False), Reason(ADVANTAGE, f"{token.label} spends inspiration")


def avoid_death(token: Token) -> Token:
    """PF2e: spend all Hero Points (at least 1) to avoid death (see the module docstring)."""
    points = token.hero_points or 0
    if points <= 0:
        raise NothingToSpend(f"{token.label} has no Hero Points to avoid death")
    out = token.without_condition("dying").without_condition("dead")
    if not out.has_condition("unconscious"):
        out = out.with_condition("unconscious")
    hp = 0 if token.hp is not None else None
    return replace(out, hero_points=0, hp=hp)
