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
* **Aid** (`aid`): a check against DC 15 (usually): critical success +2 circumstance (+3 at master, +4 at
  legendary proficiency), success +1, failure nothing, critical failure −1 circumstance to the ally's check.

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

from rules.model.scene import Token
from rules.systems.modifiers import Modifier
from rules.systems.pf2e.degrees import degree

TOOK_COVER = "took-cover"
RAISED_SHIELD = "raised-shield"
DODGING = "dodging"
DISENGAGED = "disengaged"
HELPED = "helped"

#: What ends Take Cover (「現在の場所から移動するか、攻撃アクションを使用するか、気絶状態になるか、
#: フリー・アクションでこの効果を終了する」).
TAKE_COVER_ENDS: frozenset[str] = frozenset({"move", "attack", "unconscious", "dismiss"})
#: Proficiency ranks, for Aid's critical success.
RANKS: tuple[str, ...] = ("untrained", "trained", "expert", "master", "legendary")
AID_DC = 15  # the usual DC (`rules.systems.pf2e.checks.AID_DC`)
RAISED_SHIELD_BONUS = 2


def _require_system(system: str, action: str, pf2e: bool) -> None:
    if (system == "pf2e") != pf2e:
        where = "PF2e" if pf2e else "D&D 5e"
        raise ValueError(f"{action} is a {where} action; this scene is {system}")


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


@dataclass(frozen=True, slots=True)
class AidResult:
    """The Aid check's degree and what it gives the ally's triggering check (None: nothing)."""

    total: int
    dc: int
    degree: str
    modifier: Modifier | None


def aid_modifier(deg: str, rank: str = "trained") -> Modifier | None:
    """What Aid gives for a degree (`rules.systems.pf2e.checks.aid_modifier`): critical success +2 (+3
    master, +4 legendary), success +1, critical failure −1 circumstance; failure nothing."""
    if rank not in RANKS:
        raise ValueError(f"rank {rank!r} is not one of {', '.join(RANKS)}")
    from rules.systems.pf2e.checks import aid_modifier as pf2e_aid

    return pf2e_aid(deg, rank, f"Aid {deg} ({rank})")


def aid(d20: int, modifier: int, *, rank: str = "trained", dc: int = AID_DC) -> AidResult:
    """Resolve the Aid reaction's check (usually DC 15)."""
    deg = degree(d20, modifier, dc)
    return AidResult(d20 + modifier, dc, deg, aid_modifier(deg, rank))


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


def at_turn(system: str, token: Token, moment: str) -> tuple[Token, tuple[str, ...]]:
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
            lines.append(f"{name} lowers its shield")
        if token.has_condition(DODGING):
            lines.append(f"{name} stops Dodging")
        if token.has_condition("reaction-used"):
            lines.append(f"{name} has its reaction again")
        token = reactions.start_of_turn(start_of_turn(token))
    else:
        if token.has_condition(DISENGAGED):
            lines.append(f"{name}'s Disengage ends")
        if system == "dnd5e-2014" and token.has_condition(initiative.SURPRISED):
            lines.append(f"{name} is no longer surprised")
            token = initiative.end_of_turn(token)
        token = end_of_turn(token)
    return token, tuple(lines)


def apply(system: str, action: str, token: Token) -> Token:
    """Apply one of these actions by name (``take-cover``, ``raise-shield``, ``dodge``, ``disengage``,
    ``help``) for the scene's `system`; raises `ValueError` for another system's action or an unknown one."""
    table = {
        "take-cover": (True, take_cover),
        "raise-shield": (True, raise_shield),
        "dodge": (False, dodge),
        "disengage": (False, disengage),
        "help": (False, help_ally),
    }
    if action not in table:
        raise ValueError(f"unknown action {action!r}; the actions are {', '.join(table)}")
    pf2e, fn = table[action]
    _require_system(system, action, pf2e)
    return fn(token)
