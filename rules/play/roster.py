"""Who takes part in the running encounter: creatures join it mid-fight or leave it, as undoable commands.

* `AddToEncounter(token_ids, rolls, dice)`: creatures placed (or forgotten) after initiative was rolled join
  the order. Each rolls initiative exactly as at the start of the encounter (`rules.play.turns
  .roll_initiative`: d20 + the system's initiative modifier; a d20 rolled at the table and typed in is used
  as rolled; 5e 2024 surprised creatures roll with disadvantage) and takes its place by initiative: before
  the first creature of the order that comes after it (a lower initiative, or an equal one that the system's
  tie-break puts later); on a tie with creatures already there it goes after them (they were there first).
  Several join at once, in their own initiative order. Whoever's turn it is keeps it; the round does not
  change. A newcomer placed after the current creature acts this round; one placed before it acts from the
  next round. It has its reaction from the moment it joins.
* `RemoveFromEncounter(token_ids)`: creatures leave the order (they fled, or were added by mistake); their
  token stays on the map with its conditions. Their delay, readied action and used reaction are forgotten.
  When the creature whose turn it is leaves, its turn ends there, without its end-of-turn rules (it is no
  longer in the fight), and the next creature of the order begins its turn (start-of-turn rules included;
  after the last place a new round begins). When nobody is left, the encounter ends.

Both refuse with a reason: no encounter running, an unknown token, a creature already in (or not in) the
order. The free-mode movement of a creature that joins is forgotten (its turns are the encounter's now).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from rules.dice import DieSource, fresh_source
from rules.messages import msg
from rules.model.encounter import Combatant, Encounter
from rules.model.state import GameState
from rules.play.command import Outcome, Refused, logged
from rules.play.turns import begin_turn, in_the_fight, roll_initiative

NO_ENCOUNTER = "No encounter is running: Roll Initiative starts one"
UNKNOWN_TOKEN = "There is no creature with the id {id} on the map"
ALREADY_IN = "{name} is already in the encounter"
NOT_IN = "{name} is not in the encounter"
NOBODY = "Choose at least one creature"
JOINS = "{name} joins the encounter: initiative {total} ({d20}{modifier}), {when}"
ACTS_THIS_ROUND = "acts this round after {before}"
ACTS_NEXT_ROUND = "acts from round {round}"
LEAVES = "{name} leaves the encounter"
LEAVES_ON_TURN = "{name} leaves the encounter during its turn"
NOBODY_LEFT = "Nobody is left in the initiative order: the encounter ends"


def _rng() -> DieSource:
    return fresh_source()


def _encounter(state: GameState) -> Encounter:
    if state.encounter is None:
        raise Refused(str(msg(NO_ENCOUNTER)))
    return state.encounter


def _name(state: GameState, token_id: str) -> str:
    tok = state.scene.token(token_id)
    return tok.label if tok is not None else token_id


def _ids(token_ids: Sequence[str]) -> tuple[str, ...]:
    """The ids once each, in the given order."""
    return tuple(dict.fromkeys(token_ids))


def _comes_after(a: Combatant, b: Combatant) -> bool:
    """`a` acts after `b`: a lower initiative, or an equal one the system's tie-break puts later."""
    return (-a.initiative, a.tiebreak) > (-b.initiative, b.tiebreak)


def insert_by_initiative(order: Sequence[Combatant], new: Combatant) -> tuple[tuple[Combatant, ...], int]:
    """`order` with `new` before the first combatant that acts after it (see the module docstring), and
    the index it took."""
    at = next((i for i, c in enumerate(order) if _comes_after(c, new)), len(order))
    return (*order[:at], new, *order[at:]), at


def add_to_encounter(
    state: GameState, token_ids: Sequence[str], rng: DieSource, rolls: Mapping[str, int] | None = None
) -> tuple[GameState, list[str]]:
    """See `AddToEncounter`. Raises `Refused`."""
    enc = _encounter(state)
    ids = _ids(token_ids)
    if not ids:
        raise Refused(str(msg(NOBODY)))
    present = {c.token_id for c in enc.order}
    for tid in ids:
        if state.scene.token(tid) is None:
            raise Refused(str(msg(UNKNOWN_TOKEN, id=tid)))
        if tid in present:
            raise Refused(str(msg(ALREADY_IN, name=_name(state, tid))))
    newcomers = roll_initiative(state.scene, rng, token_ids=ids, rolls=rolls)
    current = enc.current_id
    order = enc.order
    for c in newcomers:
        order, _at = insert_by_initiative(order, c)
    index = next(i for i, c in enumerate(order) if c.token_id == current) if current is not None else 0
    lines: list[str] = []
    for c in newcomers:
        at = next(i for i, x in enumerate(order) if x.token_id == c.token_id)
        if at > index:
            when = msg(ACTS_THIS_ROUND, before=_name(state, order[at - 1].token_id))
        else:
            when = msg(ACTS_NEXT_ROUND, round=enc.round + 1)
        lines.append(
            str(
                msg(
                    JOINS,
                    name=_name(state, c.token_id),
                    total=c.initiative,
                    d20=c.d20,
                    modifier=f"{c.modifier:+d}",
                    when=when,
                )
            )
        )
    state = replace(state, encounter=replace(enc, order=order, index=index), free=state.free.reset(ids))
    return state, lines


def _forget(enc: Encounter, gone: set[str]) -> Encounter:
    """The encounter's notes about the creatures in `gone` dropped (delay, and their turn ledgers: readied
    action, used reaction)."""
    return replace(
        enc,
        order=tuple(c for c in enc.order if c.token_id not in gone),
        delayed=enc.delayed - gone,
        ledgers=tuple(led for led in enc.ledgers if led.token_id not in gone),
    )


def _next_after(state: GameState, enc: Encounter, gone: set[str]) -> tuple[int, int]:
    """The place (in the order without `gone`) and round of the creature whose turn comes after the current
    one's: the next still in the fight (`rules.play.turns.in_the_fight`), else simply the next place."""
    n = len(enc.order)
    places = [((enc.index + k) % n, enc.round + (enc.index + k) // n) for k in range(1, n + 1)]
    places = [(i, r) for i, r in places if enc.order[i].token_id not in gone]
    fighting = [(i, r) for i, r in places if in_the_fight(state.scene, enc.order[i].token_id)]
    i, rnd = (fighting or places)[0]
    kept = [c.token_id for c in enc.order if c.token_id not in gone]
    return kept.index(enc.order[i].token_id), rnd


def remove_from_encounter(
    state: GameState, token_ids: Sequence[str], rng: DieSource
) -> tuple[GameState, list[str]]:
    """See `RemoveFromEncounter`. Raises `Refused`."""
    enc = _encounter(state)
    ids = _ids(token_ids)
    if not ids:
        raise Refused(str(msg(NOBODY)))
    present = [c.token_id for c in enc.order]
    for tid in ids:
        if tid not in present:
            raise Refused(str(msg(NOT_IN, name=_name(state, tid))))
    gone = set(ids)
    current = enc.current_id
    lines = [
        str(
            msg(LEAVES_ON_TURN if tid == current and enc.turn is not None else LEAVES, name=_name(state, tid))
        )
        for tid in ids
    ]
    kept = _forget(enc, gone)
    if not kept.order:
        return replace(state, encounter=None), [*lines, str(msg(NOBODY_LEFT))]
    if current not in gone:
        index = next(i for i, c in enumerate(kept.order) if c.token_id == current)
        return replace(state, encounter=replace(kept, index=index)), lines
    index, rnd = _next_after(state, enc, gone)
    state = replace(state, encounter=replace(kept, index=index, round=rnd))
    state, more = begin_turn(state, rng)
    return state, [*lines, *more]


@dataclass(frozen=True, slots=True)
class AddToEncounter:
    """Creatures join the running encounter (see the module docstring). `rolls` are d20s rolled at the
    table, as (token id, d20); the others are rolled with `dice`, once (undo and redo never roll again)."""

    token_ids: tuple[str, ...]
    rolls: tuple[tuple[str, int], ...] = ()
    dice: DieSource = field(default_factory=_rng, compare=False)
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Add to encounter"))

    def apply(self, state: GameState) -> Outcome:
        after, lines = add_to_encounter(state, self.token_ids, self.dice, dict(self.rolls))
        return logged(after, *lines)


@dataclass(frozen=True, slots=True)
class RemoveFromEncounter:
    """Creatures leave the running encounter (see the module docstring). `dice` roll the start of the next
    creature's turn when the current creature leaves."""

    token_ids: tuple[str, ...]
    dice: DieSource = field(default_factory=_rng, compare=False)
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Remove from encounter"))

    def apply(self, state: GameState) -> Outcome:
        after, lines = remove_from_encounter(state, self.token_ids, self.dice)
        return logged(after, *lines)


def not_in_encounter(state: GameState, token_ids: Sequence[str]) -> tuple[str, ...]:
    """The tokens of `token_ids` on the map and not in the running encounter's order (all of them on the
    map when no encounter runs): the ones Add to Encounter can take."""
    enc = state.encounter
    present = {c.token_id for c in enc.order} if enc is not None else set()
    return tuple(t for t in _ids(token_ids) if state.scene.token(t) is not None and t not in present)


def in_encounter(state: GameState, token_ids: Sequence[str]) -> tuple[str, ...]:
    """The tokens of `token_ids` that are in the running encounter's order."""
    enc = state.encounter
    present = {c.token_id for c in enc.order} if enc is not None else set()
    return tuple(t for t in _ids(token_ids) if t in present)


__all__ = [
    "AddToEncounter",
    "RemoveFromEncounter",
    "add_to_encounter",
    "in_encounter",
    "insert_by_initiative",
    "not_in_encounter",
    "remove_from_encounter",
]
