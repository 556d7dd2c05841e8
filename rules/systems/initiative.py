"""Surprise and initiative helpers the encounter can call (pure functions).

* D&D 5e 2014 (PHB "Surprise"): a surprised creature can't move or take an action on its first turn of the
  combat, and can't take a reaction until that turn ends. FiveFoot marks it with the ``surprised`` condition
  (`surprise`); `can_act` and `can_react` read it, and `end_of_turn` removes it after its first turn.
* D&D 5e 2024 (PHB "Surprise"): a surprised creature has disadvantage on its Initiative roll
  (`initiative_2024`); nothing else changes.
* PF2e (Player Core "Initiative"): there is no surprise round; a creature that was Avoiding Notice rolls
  Stealth for initiative, others Perception (`pf2e_initiative_stat`). Delay is a turn move of the
  encounter (`rules.play`), not handled here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.model.scene import Token
from rules.systems.base import RuleSystem
from rules.systems.registry import system_for

SURPRISED = "surprised"


def surprise(token: Token) -> Token:
    """The token marked surprised (5e 2014: no move, action or reaction until its first turn ends)."""
    return token if token.has_condition(SURPRISED) else token.with_condition(SURPRISED)


def can_act(system: str | RuleSystem, token: Token, round_number: int) -> bool:
    """Can the creature move and act on its turn in `round_number`? Not a surprised creature in round 1
    where surprise stops its first turn (`ReactionRules.surprise_stops_first_turn`: 5e 2014); always
    otherwise (other conditions are the conditions tables' business)."""
    stops = system_for(system).surprise_stops_first_turn
    return not (stops and round_number <= 1 and token.has_condition(SURPRISED))


def can_react(system: str | RuleSystem, token: Token) -> bool:
    """No reactions while surprised (until its first turn ends) where surprise stops it (5e 2014)."""
    return not (system_for(system).surprise_stops_first_turn and token.has_condition(SURPRISED))


def end_of_turn(token: Token) -> Token:
    """Surprise ends when the creature's first turn ends."""
    return token.without_condition(SURPRISED) if token.has_condition(SURPRISED) else token


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    """A 5e Initiative roll: the mode, its reasons, the die used and the total."""

    mode: str
    reasons: tuple[str, ...]
    d20_used: int
    total: int


def initiative_2024(
    d20: Sequence[int], modifier: int, *, surprised: bool, advantage: bool = False
) -> InitiativeRoll:
    """A 2024 Initiative roll: disadvantage when surprised; `advantage` from elsewhere (Invisible, a feat)
    cancels it. `d20` is ``[first, second]``."""
    if len(d20) != 2 or any(not 1 <= d <= 20 for d in d20):
        raise ValueError(f"d20 must be [first, second] with values 1 to 20, got {list(d20)!r}")
    reasons: list[str] = []
    if surprised:
        reasons.append("disadvantage: surprised")
    if advantage:
        reasons.append("advantage: from the GM")
    if surprised and not advantage:
        mode, used = "disadvantage", min(d20)
    elif advantage and not surprised:
        mode, used = "advantage", max(d20)
    else:
        mode, used = "normal", d20[0]
    return InitiativeRoll(mode, tuple(reasons), used, used + modifier)


def pf2e_initiative_stat(avoiding_notice: bool) -> str:
    """PF2e: Stealth for a creature that was Avoiding Notice, Perception otherwise."""
    return "stealth" if avoiding_notice else "perception"
