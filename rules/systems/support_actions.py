"""Defensive and support actions as conditions on tokens, with pure functions to apply and end them.

The attack, cover and save code reads the conditions; these functions only put them on and take them off.

PF2e (Player Core basic actions):

* **Take Cover** (``took-cover``): standard cover becomes greater (+4); otherwise the creature has standard
  cover (+2) (`rules.geometry.cover.took_cover_degree`). It lasts until the creature moves from its place,
  uses an attack action, falls unconscious, or ends it (`take_cover_ends`).
* **Raise a Shield** (``raised-shield``, or ``raised-shield N`` for a shield whose bonus isn't +2): the
  shield's circumstance bonus to AC until the start of the creature's next turn (`start_of_turn`).
  **Shield Block** (`shield_block`): the damage is reduced by the shield's hardness; the shield and the
  creature each take the rest.
* **Aid** is a check (`rules.systems.pf2e.checks.aid_modifier`, the `Aid` command of `rules.play.actions`).

D&D 5e (2014 and 2024 PHB actions):

* **Dodge** (``dodging``): until the start of the creature's next turn, attack rolls against it have
  disadvantage if it can see the attacker, and it has advantage on Dexterity saves; lost while it is
  incapacitated or its speed is 0 (`dodge_applies`).
* **Disengage** (``disengaged``): its movement doesn't provoke opportunity attacks for the rest of the turn
  (`rules.systems.reactions`); ends at the end of its turn (`end_of_turn`).
* **Help** (``helped``): the helped creature has advantage on its next ability check or, helping an attack,
  the first attack roll against the target before the helper's next turn (`help_reason`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.messages import msg
from rules.model.scene import Token
from rules.systems.base import RuleSystem
from rules.systems.modifiers import Modifier
from rules.systems.registry import system_for

TOOK_COVER = "took-cover"
RAISED_SHIELD = "raised-shield"
DODGING = "dodging"
DISENGAGED = "disengaged"
HELPED = "helped"

#: What ends Take Cover (「現在の場所から移動するか、攻撃アクションを使用するか、気絶状態になるか、
#: フリー・アクションでこの効果を終了する」).
TAKE_COVER_ENDS: frozenset[str] = frozenset({"move", "attack", "unconscious", "dismiss"})
RAISED_SHIELD_BONUS = 2


# ------------------------------------------------------------------------------------------- PF2e


def take_cover(token: Token) -> Token:
    """The token after Take Cover (``took-cover``)."""
    return token if token.has_condition(TOOK_COVER) else token.with_condition(TOOK_COVER)


def take_cover_ends(token: Token, event: str) -> Token:
    """The token after `event` (``move``, ``attack``, ``unconscious``, ``dismiss``, or anything else,
    which changes nothing): Take Cover ends on the first four."""
    if event in TAKE_COVER_ENDS and token.has_condition(TOOK_COVER):
        return token.without_condition(TOOK_COVER)
    return token


def raise_shield(token: Token, bonus: int = RAISED_SHIELD_BONUS) -> Token:
    """The token after Raise a Shield: ``raised-shield`` (``raised-shield N`` for a bonus other than +2)."""
    if bonus < 1:
        raise ValueError(f"a shield's circumstance bonus is at least 1, not {bonus}")
    return token.with_condition(RAISED_SHIELD, None if bonus == RAISED_SHIELD_BONUS else bonus)


def shield_bonus(token: Token) -> Modifier | None:
    """The AC modifier of a raised shield (+2 circumstance, or the ``raised-shield N`` value), or None."""
    if not token.has_condition(RAISED_SHIELD):
        return None
    value = token.condition_value(RAISED_SHIELD) if _valued(token, RAISED_SHIELD) else RAISED_SHIELD_BONUS
    return Modifier("shield", "circumstance", value, "raised shield")


def _valued(token: Token, name: str) -> bool:
    return any(c.split()[0].lower() == name and len(c.split()) > 1 for c in token.conditions)


@dataclass(frozen=True, slots=True)
class ShieldBlock:
    """Shield Block: the damage the creature takes and the damage its shield takes (both after hardness)."""

    creature_damage: int
    shield_damage: int
    prevented: int


def shield_block(damage: int, hardness: int) -> ShieldBlock:
    """Shield Block against `damage` physical damage with a shield of `hardness`: the damage is reduced by
    the hardness; the creature and the shield each take any remaining damage."""
    if damage < 0 or hardness < 0:
        raise ValueError("damage and hardness are not negative")
    rest = max(0, damage - hardness)
    return ShieldBlock(rest, rest, damage - rest)


# ------------------------------------------------------------------------------------------- D&D 5e


def dodge(token: Token) -> Token:
    """The token after the Dodge action (``dodging``)."""
    return token if token.has_condition(DODGING) else token.with_condition(DODGING)


def dodge_applies(dodger: Token, *, sees_attacker: bool, speed: int | None = None) -> bool:
    """Does Dodge protect `dodger` against an attacker now? It must be dodging, see the attacker, not be
    incapacitated and not have a speed of 0."""
    if not dodger.has_condition(DODGING):
        return False
    names = dodger.condition_names()
    if names & {"incapacitated", "paralyzed", "petrified", "stunned", "unconscious"}:
        return False
    if speed is not None and speed <= 0:
        return False
    return sees_attacker


def disengage(token: Token) -> Token:
    """The token after the Disengage action (``disengaged``)."""
    return token if token.has_condition(DISENGAGED) else token.with_condition(DISENGAGED)


def help_ally(token: Token) -> Token:
    """The helped creature (``helped``): advantage on its next ability check or attack roll."""
    return token if token.has_condition(HELPED) else token.with_condition(HELPED)


def help_reason(token: Token) -> str | None:
    """The advantage reason a ``helped`` creature's next check or attack roll has, or None."""
    return "advantage: helped (the Help action)" if token.has_condition(HELPED) else None


def help_used(token: Token) -> Token:
    """The helped creature after the roll the Help was for."""
    return token.without_condition(HELPED) if token.has_condition(HELPED) else token


# ------------------------------------------------------------------------------------ turn boundaries


def start_of_turn(token: Token) -> Token:
    """What ends at the start of the creature's own turn: a raised shield (PF2e) and Dodge (5e)."""
    for name in (RAISED_SHIELD, DODGING):
        if token.has_condition(name):
            token = token.without_condition(name)
    return token


def end_of_turn(token: Token) -> Token:
    """What ends at the end of the creature's own turn: Disengage (5e)."""
    return token.without_condition(DISENGAGED) if token.has_condition(DISENGAGED) else token


def at_turn(system: str | RuleSystem, token: Token, moment: str) -> tuple[Token, tuple[str, ...]]:
    """Everything these actions, reactions and surprise change at the ``start`` or ``end`` of the
    creature's own turn, with one log line each — the one call for the encounter's turn steps:

    * start: a raised shield is lowered, Dodge ends, the creature's reaction comes back
      (``reaction-used``, `rules.systems.reactions.start_of_turn`);
    * end: Disengage ends; 5e 2014 surprise ends after the creature's first turn
      (`rules.systems.initiative.end_of_turn`)."""
    from rules.systems import initiative, reactions

    if moment not in ("start", "end"):
        raise ValueError(f"moment is 'start' or 'end', not {moment!r}")
    name = token.label
    lines: list[str] = []
    if moment == "start":
        if token.has_condition(RAISED_SHIELD):
            lines.append(str(msg("{name} lowers its shield", name=name)))
        if token.has_condition(DODGING):
            lines.append(str(msg("{name} stops Dodging", name=name)))
        if token.has_condition("reaction-used"):
            lines.append(str(msg("{name} has its reaction again", name=name)))
        token = reactions.start_of_turn(start_of_turn(token))
    else:
        if token.has_condition(DISENGAGED):
            lines.append(f"{name}'s Disengage ends")
        if system_for(system).surprise_stops_first_turn and token.has_condition(initiative.SURPRISED):
            lines.append(f"{name} is no longer surprised")
            token = initiative.end_of_turn(token)
        token = end_of_turn(token)
    return token, tuple(lines)
