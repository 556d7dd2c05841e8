"""D&D 5e healing and the numbers its conditions change (2014 PHB ch. 9, 2024 "Damage and Healing";
rules.md "Conditions that change the numbers"), the hooks behind `rules.systems.healing` and
`rules.systems.effective_stats`:

* regaining any HP at 0 HP ends the unconsciousness from 0 HP (and being stable) and resets the death
  saving throws to 0 successes and 0 failures;
* 2024: the unconsciousness of a creature knocked out at 1 HP (`rules.systems.dnd5e.damage`, knock-out)
  ends when it regains HP: healing a 2024 creature that is unconscious wakes it;
* exhaustion (the token's ``exhaustion``, or the condition ``exhaustion N``; the higher counts): 2014 halves
  the HP maximum at level 4 (`Edition.exhaustion` ``levels``); speed by `rules.systems.dnd5e.conditions`;
* grappled, restrained, paralyzed, petrified, stunned and unconscious creatures can't move (speed 0).
"""

from __future__ import annotations

from dataclasses import replace

from rules.model.scene import Token
from rules.systems.dnd5e import conditions
from rules.systems.dnd5e import damage as dnd_damage
from rules.systems.dnd5e.editions import Edition
from rules.systems.effective_stats import base_max_hp, exhaustion_level

CANT_MOVE: tuple[str, ...] = ("grappled", "restrained", "paralyzed", "petrified", "stunned", "unconscious")


def max_hp(token: Token, edition: Edition) -> int | None:
    """The HP maximum: halved (round down) at 2014 exhaustion 4 or more."""
    base = base_max_hp(token)
    if base is None:
        return None
    if edition.exhaustion == "levels" and exhaustion_level(token) >= 4:
        return base // 2
    return base


def speed(token: Token, edition: Edition, mode: str = "walk") -> int:
    """The speed for `mode` after the conditions that stop movement and exhaustion."""
    if token.has_condition("dead") or any(token.has_condition(c) for c in CANT_MOVE):
        return 0
    return conditions.speed(token, edition, base=token.speed_of(mode))


def healed(before: Token, after: Token, hp_before: int, edition: Edition) -> tuple[Token, list[str]]:
    """Healed at 0 HP (or, 2024, knocked out at 1 HP): awake, not stable, death saves reset."""
    lines: list[str] = []
    knocked_out = edition.year >= 2024 and after.has_condition("unconscious")
    if hp_before > 0 and not knocked_out:
        return after, lines
    if after.has_condition("unconscious"):
        lines.append(f"{before.label} wakes up")
    if hp_before <= 0 and after.death_saves != (0, 0):
        lines.append(f"{before.label}'s death saving throws reset")
    after = replace(after.without_condition("unconscious").without_condition("stable"), death_saves=(0, 0))
    return after, lines


def lose_hp(token: Token, amount: int) -> Token:
    """HP lost by the damage rules (0 HP: unconscious, death saves; massive damage)."""
    return dnd_damage.take_damage(token, amount)
