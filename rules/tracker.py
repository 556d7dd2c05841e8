"""The initiative tracker's moves on top of `rules.encounter`: next and previous turn, reordering, PF2e
Delay, Ready, reactions, counting attacks, and ticking placed areas.

All functions are pure: a `GameState` in, a new one (and log lines) out.

* `next_turn`: the engine's `end_turn` (end-of-turn effects, next creature, start-of-turn effects, a fresh
  turn: movement, diagonal parity, attacks for the multiple attack penalty and actions reset, the new
  creature's reaction back). Then: a creature reached while still delaying has delayed a whole round and
  simply takes its turn (PF2e: "your next turn occurs at your original position"); a creature's readied
  action lapses when its next turn starts; placed areas count down (`rules.placed_areas.tick_areas`).
* `previous_turn`: a correction, not a rule. It goes back one place in the order (to the last creature of
  the previous round from the first place; nothing before round 1's first turn) and gives that creature a
  fresh turn, with its reaction back, **without** running start-of-turn effects again (no second recovery
  check). Use undo to take back what a turn change did to the scene.
* `reorder`: a new order of the same creatures; whoever's turn it is keeps it.
* `delay` (PF2e only): the current creature leaves the order (end-of-turn effects happen now) and the next
  turn begins. `return_from_delay`: after the current turn ends, the delayer comes back right after the
  creature whose turn just ended (its initiative is now just before the next creature's) and takes its turn.
* `ready`: spends the actions the system's Ready costs (PF2e 2 actions, 5e the action) and notes the
  trigger; `use_reaction` spends a creature's reaction (and its readied action, if any).
* `record_attack`: counts an attack made on the attacker's own turn (PF2e: 1 action and the multiple attack
  penalty; 5e: only the count). Off-turn attacks (reactions) don't count toward the penalty.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.dice import DieSource
from rules.encounter import Encounter, GameState, TurnState, end_turn
from rules.placed_areas import tick_areas
from rules.systems import system_for

PF2E_READY_ACTIONS = 2
DND_READY_ACTIONS = 1


def _enc(state: GameState) -> Encounter:
    if state.encounter is None:
        raise ValueError("no encounter is running")
    return state.encounter


def _label(state: GameState, token_id: str) -> str:
    tok = state.scene.token(token_id)
    return tok.label if tok is not None else token_id


def _after_turn_change(state: GameState, new_round: bool) -> tuple[GameState, list[str]]:
    enc = _enc(state)
    lines: list[str] = []
    current = enc.current_id
    if current is not None and current in enc.delayed:
        enc = replace(enc, delayed=enc.delayed - {current})
        lines.append(f"{_label(state, current)} delayed a whole round and takes its turn in its old place")
    if current is not None and any(t == current for t, _ in enc.readied):
        enc = replace(enc, readied=tuple(r for r in enc.readied if r[0] != current))
        lines.append(f"{_label(state, current)}'s readied action lapses")
    state = replace(state, encounter=enc)
    scene, ended = tick_areas(state.scene, current, new_round, (c.token_id for c in enc.order))
    for area in ended:
        lines.append(f"{area.title} ends")
    return replace(state, scene=scene), lines


def next_turn(state: GameState, rng: DieSource) -> tuple[GameState, list[str]]:
    """End the current turn and begin the next one (see the module docstring)."""
    before = _enc(state)
    if not before.order:
        return state, []
    state, lines = end_turn(state, rng)
    after = _enc(state)
    state, more = _after_turn_change(state, after.round != before.round)
    return state, lines + more


def previous_turn(state: GameState) -> tuple[GameState, list[str]]:
    """Go back one turn (a correction; see the module docstring)."""
    enc = _enc(state)
    if not enc.order or (enc.round <= 1 and enc.index == 0):
        return state, []
    index, rnd = enc.index - 1, enc.round
    if index < 0:
        index, rnd = len(enc.order) - 1, rnd - 1
    tid = enc.order[index].token_id
    tok = state.scene.token(tid)
    turn = None if tok is None else TurnState.fresh(tid, system_for(state.scene).turn_budget(tok))
    enc = replace(enc, index=index, round=rnd, turn=turn, reactions_used=enc.reactions_used - {tid})
    return replace(state, encounter=enc), [f"Back to round {rnd}: {_label(state, tid)}'s turn (turn reset)"]


def reorder(state: GameState, token_ids: Sequence[str]) -> GameState:
    """The same combatants in the order `token_ids`. Raises `ValueError` when the ids differ."""
    enc = _enc(state)
    by_id = {c.token_id: c for c in enc.order}
    if sorted(token_ids) != sorted(by_id) or len(set(token_ids)) != len(token_ids):
        raise ValueError("a new order must list the same creatures once each")
    current = enc.current_id
    order = tuple(by_id[t] for t in token_ids)
    index = list(token_ids).index(current) if current is not None else 0
    return replace(state, encounter=replace(enc, order=order, index=index))


def can_delay(state: GameState) -> bool:
    """PF2e has Delay; 5e doesn't."""
    return state.scene.is_pf2e and state.encounter is not None and bool(state.encounter.order)


def delay(state: GameState, rng: DieSource) -> tuple[GameState, list[str]]:
    """The current creature Delays (PF2e); the next turn begins."""
    if not state.scene.is_pf2e:
        raise ValueError(f"{state.scene.system} has no Delay")
    enc = _enc(state)
    tid = enc.current_id
    if tid is None:
        return state, []
    state = replace(state, encounter=replace(enc, delayed=enc.delayed | {tid}))
    state, lines = end_turn(state, rng)
    # end_turn ran the next creature's start of turn; the delayer stays flagged.
    after = _enc(state)
    state, more = _after_turn_change(state, after.round != enc.round)
    return state, [f"{_label(state, tid)} delays", *lines, *more]


def return_from_delay(state: GameState, token_id: str, rng: DieSource) -> tuple[GameState, list[str]]:
    """After the current turn ends, `token_id` comes back from Delay and takes its turn."""
    enc = _enc(state)
    if token_id not in enc.delayed:
        raise ValueError(f"{token_id} is not delaying")
    current = enc.current_id
    rest = [c for c in enc.order if c.token_id != token_id]
    mover = next(c for c in enc.order if c.token_id == token_id)
    pos = next(i for i, c in enumerate(rest) if c.token_id == current) if current != token_id else 0
    order = (*rest[: pos + 1], mover, *rest[pos + 1 :])
    enc = replace(enc, order=order, index=pos, delayed=enc.delayed - {token_id})
    state = replace(state, encounter=enc)
    state, lines = end_turn(state, rng)
    after = _enc(state)
    state, more = _after_turn_change(state, after.round != enc.round)
    return state, [f"{_label(state, token_id)} returns from delaying", *lines, *more]


def ready(state: GameState, token_id: str, trigger: str) -> tuple[GameState, list[str]]:
    """`token_id` Readies an action for `trigger` on its own turn (spends the Ready's actions)."""
    enc = _enc(state)
    cost = PF2E_READY_ACTIONS if state.scene.is_pf2e else DND_READY_ACTIONS
    turn = enc.turn
    if turn is not None and turn.token_id == token_id:
        turn = replace(turn, actions=max(0, turn.actions - cost))
    readied = (*tuple(r for r in enc.readied if r[0] != token_id), (token_id, trigger))
    state = replace(state, encounter=replace(enc, turn=turn, readied=readied))
    what = f": {trigger}" if trigger else ""
    return state, [f"{_label(state, token_id)} readies an action{what}"]


def use_reaction(state: GameState, token_id: str) -> tuple[GameState, list[str]]:
    """Spend `token_id`'s reaction (its readied action goes with it)."""
    enc = _enc(state)
    readied = [r for r in enc.readied if r[0] == token_id]
    enc = replace(
        enc,
        reactions_used=enc.reactions_used | {token_id},
        readied=tuple(r for r in enc.readied if r[0] != token_id),
    )
    what = "its reaction"
    if readied:
        what = f"its readied action ({readied[0][1]})" if readied[0][1] else "its readied action"
    return replace(state, encounter=enc), [f"{_label(state, token_id)} uses {what}"]


def record_attack(state: GameState, token_id: str) -> GameState:
    """Count an attack by `token_id` (see the module docstring); nothing without an encounter."""
    enc = state.encounter
    if enc is None or enc.turn is None or enc.turn.token_id != token_id:
        return state
    t = enc.turn
    actions = max(0, t.actions - 1) if state.scene.is_pf2e else t.actions
    return replace(state, encounter=replace(enc, turn=replace(t, actions=actions, attacks=t.attacks + 1)))


def record_move(state: GameState, token_id: str, feet: int, diagonals: int, actions: int = 0) -> GameState:
    """Add a move's feet and diagonal steps to `token_id`'s turn (when it is its turn); PF2e Strides and
    Steps spend `actions`."""
    enc = state.encounter
    if enc is None or enc.turn is None or enc.turn.token_id != token_id:
        return state
    t = enc.turn
    t = replace(
        t,
        movement_spent=t.movement_spent + feet,
        diagonals=t.diagonals + diagonals,
        actions=max(0, t.actions - actions),
    )
    return replace(state, encounter=replace(enc, turn=t))
