"""D&D 5e advantage and disadvantage, each with the reason it came from.

Any number of sources give one advantage (or disadvantage); having both gives neither ("normal"), however
many of each there are. With two d20 results ``[first, second]``: normal uses the first, advantage the
higher, disadvantage the lower.

`condition_reasons` lists the sources that follow from conditions and distance alone, read from the
conditions table `rules.systems.dnd5e.conditions` (rules.md "Conditions that change the numbers", D&D 5e):

* attacker blinded / target invisible or hidden: disadvantage (can't see the target); attacker invisible or
  hidden / target blinded: advantage (the target can't see the attacker);
* target prone: advantage within 5 ft, disadvantage farther; attacker prone: disadvantage;
* target restrained: advantage; attacker restrained: disadvantage; attacker poisoned: disadvantage;
  attacker frightened: disadvantage (its source assumed in sight);
* target paralyzed, petrified, stunned or unconscious: advantage; target dodging: disadvantage;
* squeezing (2014 and 2024 "squeezing into a smaller space"): the squeezer has disadvantage and attacks
  against it have advantage;
* 2014 only: exhaustion 3+ gives the attacker disadvantage; a Small or Tiny attacker with a heavy weapon has
  disadvantage.

Sources from the board (flanking, hostile creatures near a ranged attacker, long range) are added by
`rules.systems.dnd5e.system`.
"""

from __future__ import annotations

from rules.model.scene import Attack, Token
from rules.systems.dnd5e.conditions import ATTACK, ATTACKED, roll_reasons  # the conditions table
from rules.systems.dnd5e.editions import Edition
from rules.systems.roll_modes import ADVANTAGE, DISADVANTAGE, MODES, NORMAL, Reason, choose_d20, mode_of

__all__ = [
    "ADVANTAGE",
    "ADVANTAGE_AGAINST",
    "DISADVANTAGE",
    "MODES",
    "NORMAL",
    "Reason",
    "choose_d20",
    "condition_reasons",
    "mode_of",
]

ADVANTAGE_AGAINST = ("paralyzed", "petrified", "stunned", "unconscious")


def condition_reasons(
    attacker: Token, target: Token, attack: Attack, *, distance: int, edition: Edition
) -> list[Reason]:
    """Advantage/disadvantage sources from conditions and distance (see the module docstring)."""
    out = roll_reasons(target, ATTACKED, edition, distance=distance, who="target")
    out += roll_reasons(attacker, ATTACK, edition, who="attacker")
    if attacker.has_condition("squeezing"):
        out.append(Reason(DISADVANTAGE, "attacker is squeezing"))
    if target.has_condition("squeezing"):
        out.append(Reason(ADVANTAGE, "target is squeezing"))
    if edition.small_heavy_disadvantage and attack.has("heavy") and attacker.size in ("tiny", "small"):
        out.append(Reason(DISADVANTAGE, f"{attacker.size} creature with a heavy weapon"))
    return out


def save_reasons(token: Token, ability: str) -> list[Reason]:
    """Advantage/disadvantage on a saving throw that come from the board's conditions and not from the
    conditions table: a squeezing creature has disadvantage on Dexterity saves."""
    if ability == "dex" and token.has_condition("squeezing"):
        return [Reason(DISADVANTAGE, "squeezing")]
    return []
