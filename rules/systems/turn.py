"""Start and end of a creature's turn by its system's rules: the pure functions the encounter calls.

``start_of_turn(system, token, rolls)`` and ``end_of_turn(system, token, rolls)`` return the token after
the rules and one log line per thing that happened. `rolls` is a `rules.systems.turn_rolls.TurnRolls`:
results given at the table, and a die source for the rest (``TurnRolls(rng=random.Random())``).

* PF2e (`rules.systems.pf2e.turn`): start — recovery check while dying (or hero points spent to avoid
  death); end — persistent damage through IWR, then a DC 15 flat check per persistent damage, then
  frightened −1.
* D&D 5e (`rules.systems.dnd5e.turn`): start — death saving throw at 0 HP; end — nothing.

Durations (effects ending at the start or end of a turn, after N rounds, on a save, when not sustained)
are `rules.model.effects.tick`, called by the encounter at the same two moments. `at_moment` does both for
a whole scene, in the order of the PF2e turn steps (Player Core 435–436), which 5e shares:

* start of a creature's turn: effects tick (rounds count down, "until the start of its turn" ends), the
  tokens' conditions follow; then the creature's own start-of-turn rules (recovery check, death save);
* end of its turn: effects tick ("until the end of its turn" ends, sustained effects not sustained end),
  conditions follow; then its end-of-turn rules (persistent damage, flat checks, frightened −1); then
  the effects giving its conditions follow what those rules did (`rules.model.effects.follow_token`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.model.effects import Effect, TurnMoment, apply_to_token, follow_token, tick
from rules.model.scene import Scene, Token
from rules.systems.base import RuleSystem
from rules.systems.registry import system_for
from rules.systems.turn_rolls import MissingRoll, TurnRolls

__all__ = ["MissingRoll", "TurnRolls", "at_moment", "end_of_turn", "start_of_turn"]

Lines = tuple[str, ...]


def start_of_turn(system: str | RuleSystem, token: Token, rolls: TurnRolls) -> tuple[Token, Lines]:
    """The system's start-of-turn rules (`TurnRules.turn_started`)."""
    return system_for(system).turn_started(token, rolls)


def end_of_turn(
    system: str | RuleSystem, token: Token, rolls: TurnRolls, *, negatives_done: bool = False
) -> tuple[Token, Lines]:
    """The system's end-of-turn rules (`TurnRules.turn_ended`). `negatives_done`: the negative
    end-of-turn effects already happened this turn (PF2e Delay)."""
    return system_for(system).turn_ended(token, rolls, negatives_done=negatives_done)


def at_moment(
    scene: Scene,
    effects: Sequence[Effect],
    moment: TurnMoment,
    rolls: TurnRolls,
    *,
    negatives_done: bool = False,
) -> tuple[Scene, tuple[Effect, ...], Lines]:
    """The scene and effects after the start or end of `moment.creature`'s turn (see the module
    docstring), with the log lines; `negatives_done` (an end of turn after a PF2e Delay): the persistent
    damage already happened. Effects on creatures no longer in the scene are dropped. Raises
    `MissingRoll` when a needed roll is neither given nor rollable, and `KeyError` for an unknown creature."""
    present = {t.id for t in scene.tokens}
    before = tuple(e for e in effects if e.target in present)
    after, lines = tick(before, moment)
    tokens = tuple(apply_to_token(t, before, after) for t in scene.tokens)
    scene = scene.edit(tokens=tokens)
    token = scene.token(moment.creature)
    if token is None:
        raise KeyError(f"no token with id {moment.creature!r}")
    if moment.at == "start":
        changed, more = start_of_turn(scene.system, token, rolls)
    else:
        changed, more = end_of_turn(scene.system, token, rolls, negatives_done=negatives_done)
    scene = scene.replace_token(changed)
    after, followed = follow_token(after, changed)
    return scene, after, (*lines, *more, *followed)
