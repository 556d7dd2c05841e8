"""D&D 5e start and end of a creature's turn for one token: ``(token, rolls) -> (token, log lines)``.

Start of turn (2014 PHB "Death Saving Throws"; 2024 "Death Saving Throws"): a creature marked ``pc`` that
starts its turn at 0 HP, neither stable nor dead, makes a death saving throw (d20, no modifiers): 10 or
more is a success, else a failure; a 1 counts as two failures; a 20 regains 1 HP (it wakes and the counts
reset). Three successes: stable (the counts reset, still unconscious); three failures: dead
(`rules.systems.dnd5e.damage.death_save`). A creature dead of exhaustion 6 has no turn.

Fast healing and regeneration heal at the start of the turn, before the death save
(`rules.systems.regeneration`: regeneration only at 1 HP or more, not after the damage that stops it).

End of turn: nothing changes by the system's own rules (effects that end at the end of a turn are
`rules.model.effects`; 5e frightened doesn't wear off by itself).
"""

from __future__ import annotations

from rules.model.scene import Token
from rules.systems import regeneration
from rules.systems.dnd5e import damage as dnd_damage
from rules.systems.turn_rolls import TurnRolls

Lines = tuple[str, ...]


def makes_death_save(token: Token) -> bool:
    return (
        token.pc
        and token.hp is not None
        and token.hp <= 0
        and dnd_damage.state_of(token) != "dead"
        and not token.has_condition("stable")
    )


def start_of_turn(token: Token, rolls: TurnRolls, system: str = "dnd5e-2014") -> tuple[Token, Lines]:
    """See the module docstring."""
    if dnd_damage.state_of(token) == "dead":
        return token, ()
    token, healed = regeneration.start_of_turn(token, system, needs_hp=True)
    token = token.without_condition(regeneration.OFF)  # it stops for one start of turn only
    if not makes_death_save(token):
        return token, healed
    result = dnd_damage.death_save(token, rolls.need_d20("death saving throw"))
    return result.token, (*healed, result.text)


def end_of_turn(token: Token, rolls: TurnRolls) -> tuple[Token, Lines]:
    """See the module docstring."""
    return token, ()
