"""Start and end of a creature's turn by its system's rules: the pure functions the encounter calls.

``start_of_turn(system, token, rolls)`` and ``end_of_turn(system, token, rolls)`` return the token after
the rules and one log line per thing that happened. `rolls` is a `rules.systems.turn_rolls.TurnRolls`:
results given at the table, and a die source for the rest (``TurnRolls(rng=random.Random())``).

* PF2e (`rules.systems.pf2e.turn`): start — recovery check while dying (or hero points spent to avoid
  death); end — persistent damage through IWR, then a DC 15 flat check per persistent damage, then
  frightened −1.
* D&D 5e (`rules.systems.dnd5e.turn`): start — death saving throw at 0 HP; end — nothing.

Durations (effects ending at the start or end of a turn, after N rounds, on a save, when not sustained)
are `rules.model.effects.tick`, called by the encounter at the same two moments.
"""

from __future__ import annotations

from rules.scene import Token
from rules.systems.dnd5e import turn as dnd_turn
from rules.systems.effective_stats import Named, system_name
from rules.systems.pf2e import turn as pf2e_turn
from rules.systems.turn_rolls import MissingRoll, TurnRolls

__all__ = ["MissingRoll", "TurnRolls", "end_of_turn", "start_of_turn"]

Lines = tuple[str, ...]


def start_of_turn(system: str | Named, token: Token, rolls: TurnRolls) -> tuple[Token, Lines]:
    if system_name(system) == "pf2e":
        return pf2e_turn.start_of_turn(token, rolls)
    return dnd_turn.start_of_turn(token, rolls)


def end_of_turn(system: str | Named, token: Token, rolls: TurnRolls) -> tuple[Token, Lines]:
    if system_name(system) == "pf2e":
        return pf2e_turn.end_of_turn(token, rolls)
    return dnd_turn.end_of_turn(token, rolls)
