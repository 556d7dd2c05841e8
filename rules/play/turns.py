"""The encounter's turns: initiative, start and end of turns, timed effects, and the tracker's moves.

All functions are pure: a `GameState` in, a new one (and log lines) out. The commands at the end wrap them.

**Initiative** (`roll_initiative`): each creature rolls d20 + its system's initiative modifier (PF2e
Perception, 5e Dexterity: the token's ``initiative_bonus``). Highest first. Ties: the system's tie-break key
(PF2e puts creatures that aren't PCs before PCs; 5e the higher modifier first); remaining ties keep the
order the tokens were given (the GM's choice).

**Start of a creature's turn** (`begin_turn`), in this order: the start of its turn by the rules
(`rules.systems.turn.at_moment`): timed effects (`Encounter.timed`, `rules.model.effects`) tick and the
tokens' conditions follow, then the system's start-of-turn rules (PF2e recovery check for a dying creature;
5e death save at 0 HP); then what support actions change (`rules.systems.support_actions.at_turn`: a
raised shield is lowered, Dodge ends, the reaction comes back); then a fresh turn ledger from the system's
`TurnBudget`: PF2e stunned N loses N actions and drops by the number lost (stunned for a duration loses
them all), and a 5e 2014 surprised creature gets no move or action in round 1.

**Next turn** (`next_turn`, the one way a turn ends): the end of the turn by the rules (`at_moment`:
effects ending at the end of the turn end; PF2e persistent damage through IWR, then its DC 15 flat check,
then frightened −1), then `support_actions.at_turn` (Disengage ends; 2014 surprise ends). The dice come
from the command's die source, or from rolls typed at the table (`NextTurn(end=TurnRolls…,
start=TurnRolls…)`; `turn_prompts` says which the next advance needs). Then the next creature in the order
that is still in the fight begins its turn: creatures removed from the map or dead are skipped (a new round
begins after the last place). A creature reached while still delaying has delayed a whole round and takes
its turn in its old place; a creature's readied action lapses when its next turn starts; placed areas count
down (`rules.model.areas.tick_areas`).

* `previous_turn`: a correction, not a rule. It goes back one place (to the last creature of the previous
  round from the first place; nothing before round 1's first turn) and gives that creature a fresh turn with
  its reaction back, **without** running start-of-turn effects again. Undo takes back what a turn did.
* `reorder`: a new order of the same creatures; whoever's turn it is keeps it.
* `delay` (systems with Delay): the current creature leaves the order and the next turn begins.
  `return_from_delay`: after the current turn ends, the delayer comes back right after the creature whose
  turn just ended and takes its turn.
* `ready`: spends the actions the system's Ready costs and notes the trigger; `use_reaction` spends a
  creature's reaction (and its readied action, if any).
* `record_attack`: counts an attack made on the attacker's own turn in its ledger (the multiple attack
  penalty, and the economy's Attack action); off-turn attacks (reactions) don't count.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from rules import dice
from rules.dice import DieSource, fresh_source
from rules.messages import msg
from rules.model.areas import tick_areas
from rules.model.effects import TurnMoment
from rules.model.encounter import Combatant, Encounter
from rules.model.scene import PersistentDamage, Scene, Token
from rules.model.state import GameState
from rules.model.turn_ledger import Readied, TurnLedger
from rules.play.command import Outcome, Refused, logged
from rules.play.economy import charge, charge_reaction, economy_of, ledger_for, reaction_problem
from rules.play.effects import put_token
from rules.systems import RuleSystem, initiative, support_actions, system_for
from rules.systems.economy import Act, NotAllowed
from rules.systems.hooks.turns import EndTurnSave
from rules.systems.turn import at_moment
from rules.systems.turn_rolls import MissingRoll, TurnRolls


def _rng() -> DieSource:
    return fresh_source()


def _system(state: GameState) -> RuleSystem:
    return system_for(state.scene)


def _label(state: GameState, token_id: str) -> str:
    tok = state.scene.token(token_id)
    return tok.label if tok is not None else token_id


def _token(state: GameState, token_id: str) -> Token:
    tok = state.scene.token(token_id)
    if tok is None:
        raise Refused(f"no token with id {token_id!r}")
    return tok


def _put(state: GameState, token: Token) -> GameState:
    return replace(state, scene=state.scene.replace_token(token))


def _enc(state: GameState) -> Encounter:
    if state.encounter is None:
        raise Refused("no encounter is running")
    return state.encounter


def in_the_fight(scene: Scene, token_id: str) -> bool:
    """The creature is on the map and not dead: it takes its turns."""
    tok = scene.token(token_id)
    return tok is not None and not tok.has_condition("dead")


def fresh_turn(system: RuleSystem, token: Token) -> TurnLedger:
    """The ledger of `token` as its turn begins, by the system's turn economy."""
    return system.economy.fresh(token)


def has_reaction(state: GameState, token_id: str) -> bool:
    """The token still has its reaction: it can react (not delaying, able to act; a 5e 2014 surprised
    creature has none until its first turn ends) and hasn't since the start of its last turn."""
    tok = state.scene.token(token_id)
    if tok is None or reaction_problem(state, tok) is not None:
        return False
    return ledger_for(state, token_id).reactions > 0


# ------------------------------------------------------------------------------------------ initiative


def roll_initiative(
    scene: Scene,
    rng: DieSource,
    *,
    token_ids: Sequence[str] | None = None,
    rolls: Mapping[str, int] | None = None,
) -> tuple[Combatant, ...]:
    """Initiative order of the listed tokens (default: all). `rolls` gives d20 results rolled at the
    table (the die the roll used); the others are rolled with `rng`: in 5e 2024 a ``surprised`` creature
    rolls with disadvantage (two d20s, the lower; `rules.systems.initiative.initiative_2024`). Raises
    `Refused` for an unknown token id."""
    system = system_for(scene)
    ids = list(token_ids) if token_ids is not None else [t.id for t in scene.tokens]
    given = dict(rolls or {})
    entries: list[tuple[tuple[int, tuple[int, ...], int], Combatant]] = []
    for i, tid in enumerate(ids):
        tok = scene.token(tid)
        if tok is None:
            raise Refused(f"no token with id {tid!r}")
        modifier = system.initiative_modifier(tok)
        if tid in given:
            d20 = given[tid]
        elif system.surprise_disadvantage and tok.has_condition(initiative.SURPRISED):
            pair = (rng.randint(1, 20), rng.randint(1, 20))
            d20 = initiative.initiative_2024(pair, modifier, surprised=True).d20_used
        else:
            d20 = rng.randint(1, 20)
        c = Combatant(tid, d20, modifier, system.initiative_tiebreak(tok))
        entries.append(((-c.initiative, c.tiebreak, i), c))
    entries.sort(key=lambda e: e[0])
    return tuple(c for _, c in entries)


# ----------------------------------------------------------------------------------------------- turns


def _turn_rules(
    state: GameState,
    token_id: str,
    at: str,
    rolls: TurnRolls | None,
    rng: DieSource,
    *,
    negatives_done: bool = False,
) -> tuple[GameState, list[str]]:
    """The start or end of `token_id`'s turn by the rules (`rules.systems.turn.at_moment`): timed effects
    tick, the system's own rules (recovery check, death save; persistent damage, flat checks, frightened −1)
    with the rolls given and the rest rolled by `rng`; then what support actions and surprise change
    (`rules.systems.support_actions.at_turn`). Raises `Refused` when a roll is missing."""
    enc = _enc(state)
    given = rolls or TurnRolls()
    if given.rng is None and not isinstance(rng, dice.NoDice):
        given = replace(given, rng=rng)
    try:
        scene, timed, lines = at_moment(
            state.scene, enc.timed, TurnMoment(token_id, at), given, negatives_done=negatives_done
        )
    except MissingRoll as exc:
        raise Refused(str(exc)) from None
    except dice.DiceSyntaxError as exc:
        raise Refused(f"a persistent damage on {_label(state, token_id)} has a bad formula: {exc}") from None
    state = replace(state, scene=scene, encounter=replace(enc, timed=timed))
    token, more = support_actions.at_turn(scene.system, _token(state, token_id), at)
    state, ended = put_token(state, token)
    return state, [*lines, *more, *ended]


def _stunned(state: GameState, token: Token, turn: TurnLedger) -> tuple[GameState, TurnLedger, list[str]]:
    """PF2e stunned at the start of the turn: stunned N loses N of the actions regained and drops by the
    number lost (「回復するアクション数を朦朧状態の値だけ減らし、その後、朦朧状態の値を失ったアクション数だけ
    減らす」); stunned for a duration (a timed effect without a value) loses all of them while it lasts.
    `turn` already lost them (the system's `turn_budget`); this lowers the value."""
    if not system_for(state.scene).stunned_costs_actions or not token.has_condition("stunned"):
        return state, turn, []
    enc = _enc(state)
    if any(e.name.lower() == "stunned" and e.value is None for e in enc.timed_on(token.id)):
        return state, replace(turn, actions=0), [f"{token.label} is stunned: it loses all its actions"]
    n = token.condition_value("stunned")
    regained = 3 + (1 if token.has_condition("quickened") else 0)
    if _system(state).turn_budget(token.without_condition("stunned")).actions == 0:
        return state, turn, []  # it can't act for another reason: no actions are regained to lose
    lost = min(n, regained)
    left = n - lost
    state, ended = put_token(state, token.with_condition("stunned", left))
    now = f"stunned {left}" if left else "no longer stunned"
    line = f"{token.label} is stunned {n}: loses {lost} action{'s' if lost != 1 else ''}, {now}"
    return state, turn, [line, *ended]


def begin_turn(
    state: GameState, rng: DieSource, rolls: TurnRolls | None = None
) -> tuple[GameState, list[str]]:
    """Start the turn of the creature at the current index (see the module docstring). `rolls` are the
    start-of-turn rolls given at the table (a recovery check or death save); the rest are rolled by `rng`."""
    enc = _enc(state)
    if not enc.order:
        return state, []
    tid = enc.order[enc.index].token_id
    tok = state.scene.token(tid)
    lines = [f"Round {enc.round}: {tok.label if tok else tid}'s turn"]
    old = enc.ledger(tid)
    if tok is None:
        if old is not None:
            enc = enc.with_ledger(replace(old, begun=False))
        return replace(state, encounter=enc), lines
    if old is not None and old.readied is not None:
        lines.append(f"{tok.label}'s readied action lapses")
    state, more = _turn_rules(state, tid, "start", rolls, rng)
    lines += more
    token = _token(state, tid)
    turn = fresh_turn(_system(state), token)
    state, turn, more = _stunned(state, token, turn)
    lines += more
    if not initiative.can_act(state.scene.system, token, _enc(state).round):
        turn = replace(turn, actions=0, bonus_actions=0, movement=0)
        lines.append(f"{token.label} is surprised: no move or action this turn")
    state = replace(state, encounter=_enc(state).with_ledger(turn))
    return state, lines


def start_encounter(
    state: GameState,
    rng: DieSource,
    *,
    token_ids: Sequence[str] | None = None,
    rolls: Mapping[str, int] | None = None,
) -> tuple[GameState, list[str]]:
    """Roll initiative and begin the first creature's turn in round 1."""
    order = roll_initiative(state.scene, rng, token_ids=token_ids, rolls=rolls)
    rolled = ", ".join(f"{_label(state, c.token_id)} {c.initiative} ({c.d20}{c.modifier:+d})" for c in order)
    lines = [str(msg("Initiative: {order}", order=rolled))]
    state = replace(state, encounter=Encounter(order), free=state.free.reset())
    state, more = begin_turn(state, rng)
    return state, lines + more


def start_in_order(state: GameState, token_ids: Sequence[str], rng: DieSource) -> tuple[GameState, list[str]]:
    """Begin an encounter with the creatures in the order given (no initiative roll: the GM's order, or
    the query command's ``play``), and the first creature's turn in round 1. Raises `Refused` for an unknown
    or repeated token id."""
    if len(set(token_ids)) != len(token_ids):
        raise Refused("an initiative order lists each creature once")
    for tid in token_ids:
        _token(state, tid)
    n = len(token_ids)
    order = tuple(Combatant(tid, 0, n - i) for i, tid in enumerate(token_ids))
    names = ", ".join(_label(state, t) for t in token_ids)
    lines = [str(msg("Initiative (in the order given): {order}", order=names))]
    state = replace(state, encounter=Encounter(order), free=state.free.reset())
    state, more = begin_turn(state, rng)
    return state, lines + more


def _end_of_turn(
    state: GameState, rng: DieSource, rolls: TurnRolls | None = None
) -> tuple[GameState, list[str]]:
    """The end-of-turn rules of the current creature; after it returned from a PF2e Delay, without the
    negative effects that already happened when it Delayed (its persistent damage)."""
    enc = _enc(state)
    tid = enc.order[enc.index].token_id
    lines: list[str] = []
    if state.scene.token(tid) is not None:
        ledger = enc.ledger(tid)
        done = ledger is not None and ledger.delay_done
        state, more = _turn_rules(state, tid, "end", rolls, rng, negatives_done=done)
        lines += more
        state, more = _turn_ends(state, tid, rng)
        lines += more
    return state, lines


def _turn_ends(state: GameState, token_id: str, rng: DieSource) -> tuple[GameState, list[str]]:
    """What the end of its turn does to the creature by the economy's rules, from what it did this turn
    (`rules.systems.economy.TurnEconomy.turn_ends`): PF2e a flyer that didn't Fly falls (its falling damage
    through its system); 5e 2024 ending in another creature's space knocks it prone."""
    from rules.play.flight import fall_to

    token = state.scene.token(token_id)
    if token is None or token.has_condition("dead"):
        return state, []
    end = economy_of(state).turn_ends(state.scene, token, ledger_for(state, token_id))
    lines = list(end.lines)
    if end.token is not None:
        state, ended = put_token(state, end.token)
        lines += ended
        token = end.token
    if end.prone and not token.has_condition("prone"):
        state, ended = put_token(state, token.with_condition("prone"))
        lines += ended
    if end.falls and token.elevation > 0:
        state, more = fall_to(state, token_id, token.elevation, rng)
        lines += more
    return state, lines


def _next_place(state: GameState, enc: Encounter) -> tuple[int, int]:
    """The index and round of the next creature still in the fight (the next place when none is)."""
    n = len(enc.order)
    index, rnd = enc.index, enc.round
    for _ in range(n):
        index += 1
        if index >= n:
            index, rnd = 0, rnd + 1
        if in_the_fight(state.scene, enc.order[index].token_id):
            return index, rnd
    index = enc.index + 1
    return (index, enc.round) if index < n else (0, enc.round + 1)


def _after_turn_change(state: GameState, new_round: bool) -> tuple[GameState, list[str]]:
    enc = _enc(state)
    lines: list[str] = []
    current = enc.current_id
    if current is not None and current in enc.delayed:
        enc = replace(enc, delayed=enc.delayed - {current})
        lines.append(f"{_label(state, current)} delayed a whole round and takes its turn in its old place")
    active = (c.token_id for c in enc.order if in_the_fight(state.scene, c.token_id))
    areas, ended = tick_areas(state.areas, current, new_round, active)
    lines += [f"{area.title} ends" for area in ended]
    return replace(state, encounter=enc, areas=areas), lines


def _advance(
    state: GameState,
    rng: DieSource,
    end: TurnRolls | None = None,
    start: TurnRolls | None = None,
) -> tuple[GameState, list[str]]:
    """End the current turn and begin the next creature's (skipping those out of the fight)."""
    before = _enc(state)
    state, lines = _end_of_turn(state, rng, end)
    enc = _enc(state)
    index, rnd = _next_place(state, enc)
    state = replace(state, encounter=replace(enc, index=index, round=rnd))
    state, more = begin_turn(state, rng, start)
    state, after = _after_turn_change(state, rnd != before.round)
    return state, lines + more + after


def next_turn(
    state: GameState,
    rng: DieSource,
    *,
    end: TurnRolls | None = None,
    start: TurnRolls | None = None,
) -> tuple[GameState, list[str]]:
    """End the current turn and begin the next one (see the module docstring). `end` are the rolls of the
    ending creature's end of turn (persistent damage and flat checks), `start` those of the next
    creature's start of turn (recovery check, death save), as typed at the table; the rest are rolled."""
    if not _enc(state).order:
        return state, []
    return _advance(state, rng, end, start)


def upcoming(state: GameState) -> str | None:
    """The id of the creature whose turn begins at the next turn advance (None without an encounter)."""
    enc = state.encounter
    if enc is None or not enc.order:
        return None
    index, _rnd = _next_place(state, enc)
    return enc.order[index].token_id


@dataclass(frozen=True, slots=True)
class TurnPrompts:
    """What the table may roll for the next turn advance (the end-of-turn dialog asks for these).

    * `ending` / `persistent`: the creature whose turn ends and its persistent damage (PF2e: each one's
      damage roll and DC 15 flat check);
    * `starting` / `start_roll`: the creature whose turn begins and the d20 it needs
      (``recovery check`` while dying, ``death saving throw`` at 0 HP in 5e; empty when none);
    * `saves`: the saves the ending creature attempts (PF2e: one per ongoing affliction, by its name, save
      and DC: `RuleSystem.turn_end_saves`), each d20 given in `TurnRolls.affliction_saves`.

    A creature that returned from a PF2e Delay took its persistent damage and affliction saves when it
    Delayed: its end of turn asks for neither."""

    ending: str | None
    persistent: tuple[PersistentDamage, ...]
    starting: str | None
    start_roll: str
    saves: tuple[EndTurnSave, ...] = ()

    @property
    def any(self) -> bool:
        return bool(self.persistent) or bool(self.start_roll) or bool(self.saves)


def turn_prompts(state: GameState) -> TurnPrompts:
    """See `TurnPrompts`. Reads the board as it is now (the end of the current turn hasn't happened)."""
    enc = state.encounter
    if enc is None or not enc.order:
        return TurnPrompts(None, (), None, "")
    ending = enc.current_id
    tok = state.scene.token(ending) if ending is not None else None
    persistent: tuple[PersistentDamage, ...] = ()
    saves: tuple[EndTurnSave, ...] = ()
    system = system_for(state.scene)
    ledger = enc.ledger(ending) if ending is not None else None
    negatives_done = ledger is not None and ledger.delay_done
    if tok is not None and not negatives_done:
        if system.persistent_damage and not tok.has_condition("dead"):
            persistent = tok.persistent
        saves = system.turn_end_saves(tok)
    starting = upcoming(state)
    nxt = state.scene.token(starting) if starting is not None else None
    roll = ""
    if nxt is not None:
        roll = system.turn_start_roll(nxt)
    return TurnPrompts(ending, persistent, starting, roll, saves)


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
    enc = replace(enc, index=index, round=rnd)
    if tok is not None:
        enc = enc.with_ledger(fresh_turn(_system(state), tok))
    return replace(state, encounter=enc), [f"Back to round {rnd}: {_label(state, tid)}'s turn (turn reset)"]


def reorder(state: GameState, token_ids: Sequence[str]) -> GameState:
    """The same combatants in the order `token_ids`. Raises `Refused` when the ids differ."""
    enc = _enc(state)
    by_id = {c.token_id: c for c in enc.order}
    if sorted(token_ids) != sorted(by_id) or len(set(token_ids)) != len(token_ids):
        raise Refused("a new order must list the same creatures once each")
    current = enc.current_id
    order = tuple(by_id[t] for t in token_ids)
    index = list(token_ids).index(current) if current is not None else 0
    return replace(state, encounter=replace(enc, order=order, index=index))


def knocked_out_move(state: GameState, before: Token, after: Token) -> tuple[GameState, list[str]]:
    """PF2e "Getting Knocked Out": a creature reduced to 0 HP (`before` above 0, `after` at 0 and not dead)
    immediately moves its initiative to directly before the turn in which it happened
    (「即座に、HPが0になったターンの直前に君のイニシアチブの順番を移動させる」); whoever's turn it is keeps
    it. Nothing changes outside PF2e, without an encounter, on the creature's own turn, or when it isn't in
    the order."""
    enc = state.encounter
    if (
        not system_for(state.scene).knock_out_moves_initiative
        or enc is None
        or before.hp is None
        or after.hp is None
        or not (before.hp > 0 >= after.hp)
        or after.has_condition("dead")
    ):
        return state, []
    current = enc.current_id
    ids = [c.token_id for c in enc.order]
    if current is None or after.id == current or after.id not in ids:
        return state, []
    rest = [c for c in enc.order if c.token_id != after.id]
    mover = next(c for c in enc.order if c.token_id == after.id)
    at = next(i for i, c in enumerate(rest) if c.token_id == current)
    order = (*rest[:at], mover, *rest[at:])
    if order == enc.order:
        return state, []
    state = replace(state, encounter=replace(enc, order=order, index=at + 1))
    return state, [f"{after.label}'s initiative moves to directly before {_label(state, current)}'s turn"]


def can_delay(state: GameState) -> bool:
    """The system has Delay (PF2e) and an encounter with creatures is running."""
    return _system(state).has_delay and state.encounter is not None and bool(state.encounter.order)


def delay(
    state: GameState,
    rng: DieSource,
    rolls: TurnRolls | None = None,
    *,
    free: bool = False,
    start: TurnRolls | None = None,
) -> tuple[GameState, list[str]]:
    """The current creature Delays (PF2e "Delay", Player Core 416, l.508–511): only as its turn begins,
    before it has done anything (「トリガー 君のターンが開始される」); it leaves the initiative order and
    can't use reactions until it returns. The negative effects of its turn happen now — its persistent
    damage and the flat checks to end it, with `rolls` as the end of a turn takes them (the economy's
    `delay_effects`) — and not again when it returns. **Ruling**: durations that count at the end of its
    turn tick once, at the end of the turn it takes after returning (a Delay neither shortens nor lengthens
    them). The next creature's turn then begins, without the delayer's end-of-turn rules."""
    if not _system(state).has_delay:
        raise Refused(f"{state.scene.system} has no Delay (a 5e creature Readies an action instead)")
    enc = _enc(state)
    tid = enc.current_id
    if tid is None:
        return state, []
    token = _token(state, tid)
    state = charge(state, tid, Act("delay"), free=free)
    given = rolls or TurnRolls()
    if given.rng is None and not isinstance(rng, dice.NoDice):
        given = replace(given, rng=rng)
    economy = economy_of(state)
    try:
        after, effects = economy.delay_effects(token, given)
    except NotAllowed as exc:
        raise Refused(str(exc)) from None
    except MissingRoll as exc:
        raise Refused(str(exc)) from None
    except dice.DiceSyntaxError as exc:
        raise Refused(f"a persistent damage on {token.label} has a bad formula: {exc}") from None
    state, ended = put_token(state, after)
    enc = _enc(state)
    ledger = replace(ledger_for(state, tid), delay_done=True)
    enc = replace(enc.with_ledger(ledger), delayed=enc.delayed | {tid})
    state = replace(state, encounter=enc)
    lines = [str(msg("{name} delays", name=token.label)), *effects, *ended]
    index, rnd = _next_place(state, enc)
    state = replace(state, encounter=replace(enc, index=index, round=rnd))
    state, more = begin_turn(state, rng, start)
    state, after_lines = _after_turn_change(state, rnd != enc.round)
    return state, [*lines, *more, *after_lines]


def return_from_delay(
    state: GameState, token_id: str, rng: DieSource, end: TurnRolls | None = None
) -> tuple[GameState, list[str]]:
    """`token_id` returns from Delay at the end of the current creature's turn (a free action, Player Core
    416): the current turn ends (its end-of-turn rules, with `end` rolls), then the delayer takes its turn
    right after that creature, its initiative changed for good. Its start-of-turn rules don't run again
    (they ran when its turn first began); it has the actions it Delayed with."""
    enc = _enc(state)
    if token_id not in enc.delayed:
        raise Refused(f"{_label(state, token_id)} is not delaying")
    state, lines = _end_of_turn(state, rng, end)
    enc = _enc(state)
    current = enc.current_id
    rest = [c for c in enc.order if c.token_id != token_id]
    mover = next(c for c in enc.order if c.token_id == token_id)
    pos = next(i for i, c in enumerate(rest) if c.token_id == current) if current != token_id else -1
    order = (*rest[: pos + 1], mover, *rest[pos + 1 :])
    enc = replace(enc, order=order, index=pos + 1, delayed=enc.delayed - {token_id})
    ledger = enc.ledger(token_id)
    token = state.scene.token(token_id)
    if ledger is None and token is not None:
        ledger = fresh_turn(_system(state), token)
    if ledger is not None:
        enc = enc.with_ledger(replace(ledger, begun=True))
    state = replace(state, encounter=enc)
    state, after = _after_turn_change(state, False)
    head = f"{_label(state, token_id)} returns from delaying"
    return state, [*lines, head, f"Round {enc.round}: {_label(state, token_id)}'s turn", *after]


def ready(
    state: GameState,
    token_id: str,
    trigger: str,
    rng: DieSource | None = None,
    *,
    action: str = "",
    end: TurnRolls | None = None,
    free: bool = False,
    start: TurnRolls | None = None,
) -> tuple[GameState, list[str]]:
    """`token_id` Readies an action for `trigger` on its own turn: the system's cost (PF2e two actions,
    5e the action), and the readied action waits for its trigger until the creature's next turn begins. A
    readied PF2e Strike keeps the multiple attack penalty it had when readied (l.540–541). When the system's
    Ready ends the turn (PF2e: 「その後、君のターンは終了する」) the turn ends as `next_turn` would (`end`
    rolls) and the next creature's turn begins."""
    before = ledger_for(state, token_id)
    state = charge(state, token_id, Act("ready"), free=free)
    ledger = ledger_for(state, token_id)
    readied = Readied(trigger, action, attack_number=before.next_attack_number)
    state = state.with_ledger(replace(ledger, readied=readied))
    who = _label(state, token_id)
    if trigger:
        lines = [str(msg("{name} readies an action: {trigger}", name=who, trigger=trigger))]
    else:
        lines = [str(msg("{name} readies an action", name=who))]
    enc = state.encounter
    if economy_of(state).ready_ends_turn and enc is not None and enc.current_id == token_id:
        state, more = _advance(state, rng or _rng(), end, start)
        lines += [f"{_label(state, token_id)}'s turn ends (Ready)", *more]
    return state, lines


def use_reaction(state: GameState, token_id: str) -> tuple[GameState, list[str]]:
    """Mark `token_id`'s reaction as used (the GM's mark; its readied action goes with it)."""
    ledger = ledger_for(state, token_id)
    readied = ledger.readied
    state = state.with_ledger(replace(ledger, reactions=0, readied=None))
    what = "its reaction"
    if readied is not None:
        what = f"its readied action ({readied.trigger})" if readied.trigger else "its readied action"
    return state, [f"{_label(state, token_id)} uses {what}"]


def use_readied(state: GameState, token_id: str) -> tuple[GameState, list[str]]:
    """`token_id` takes its readied action as a reaction (5e Ready; a PF2e readied action): its reaction
    and the readied action are spent. Refused without a readied action waiting, or without a reaction
    (`rules.play.economy.charge_reaction`)."""
    ledger = ledger_for(state, token_id)
    if ledger.readied is None:
        raise Refused(
            str(
                msg(
                    "it isn't {name}'s turn and it has no readied action: outside its turn a creature acts "
                    "only with a reaction",
                    name=_label(state, token_id),
                )
            )
        )
    trigger = ledger.readied.trigger
    state, _readied = charge_reaction(state, token_id)
    who = _label(state, token_id)
    if trigger:
        took = msg("{name} takes its readied action ({trigger}) as its reaction", name=who, trigger=trigger)
    else:
        took = msg("{name} takes its readied action as its reaction", name=who)
    return state, [str(took)]


def record_attack(state: GameState, token_id: str) -> GameState:
    """Count an attack by `token_id` on its own turn (a Strike's action and the multiple attack penalty);
    nothing outside its turn or when its turn has no action left for it (the economy refuses)."""
    try:
        return charge(state, token_id, Act("strike"))
    except Refused:
        return state


def spend_actions(
    state: GameState, token_id: str, actions: int = 1, *, bonus_action: bool = False
) -> GameState:
    """Spend actions (or a bonus action) of the token's own turn without pricing an act (a GM's
    correction); nothing outside its turn."""
    if not state.is_turn_of(token_id) or state.scene.token(token_id) is None:
        return state
    t = ledger_for(state, token_id)
    if bonus_action:
        t = replace(t, bonus_actions=max(0, t.bonus_actions - 1))
    else:
        t = replace(t, actions=max(0, t.actions - actions), actions_used=t.actions_used + actions)
    return state.with_ledger(t)


# -------------------------------------------------------------------------------------------- commands


@dataclass(frozen=True, slots=True)
class EncounterStep:
    """A turn-order change: `step` is a pure function of the state and the dice returning the new state and
    its log lines (the functions above). The free-mode movement of the creatures in the order is forgotten
    (their ledger is the encounter's)."""

    label: str
    step: Callable[[GameState, DieSource], tuple[GameState, list[str]]]
    dice: DieSource = field(default_factory=_rng, compare=False)
    merge_key: object | None = None

    def apply(self, state: GameState) -> Outcome:
        after, lines = self.step(state, self.dice)
        touched = {c.token_id for c in (after.encounter.order if after.encounter else ())}
        if state.encounter is not None:
            touched |= {c.token_id for c in state.encounter.order}
        return logged(replace(after, free=after.free.reset(touched)), *lines)


def StartEncounter(
    token_ids: Sequence[str] | None = None,
    rolls: Sequence[tuple[str, int]] = (),
    dice: DieSource | None = None,
) -> EncounterStep:
    """Roll initiative for `token_ids` (all tokens when None); `rolls` are d20s typed in at the table."""
    ids = None if token_ids is None else tuple(token_ids)
    typed = dict(rolls)

    def step(gs: GameState, rng: DieSource) -> tuple[GameState, list[str]]:
        return start_encounter(gs, rng, token_ids=ids, rolls=typed)

    return EncounterStep("Start encounter", step, dice or _rng())


def BeginInOrder(token_ids: Sequence[str], dice: DieSource | None = None) -> EncounterStep:
    """Start an encounter in the order given (`start_in_order`)."""
    ids = tuple(token_ids)

    def step(gs: GameState, rng: DieSource) -> tuple[GameState, list[str]]:
        return start_in_order(gs, ids, rng)

    return EncounterStep("Start encounter", step, dice or _rng())


def NextTurn(
    dice: DieSource | None = None, *, end: TurnRolls | None = None, start: TurnRolls | None = None
) -> EncounterStep:
    """Advance the turn. `end` / `start` are rolls typed at the table (`rules.systems.turn_rolls`): the
    ending creature's persistent damage and flat checks, the next creature's recovery check or death save.
    Every other roll comes from `dice`, once: undo and redo never roll again."""
    if end is None and start is None:
        return EncounterStep("Next turn", next_turn, dice or _rng())

    def step(gs: GameState, rng: DieSource) -> tuple[GameState, list[str]]:
        return next_turn(gs, rng, end=end, start=start)

    return EncounterStep("Next turn", step, dice or _rng())


def PreviousTurn() -> EncounterStep:
    return EncounterStep("Previous turn", lambda gs, _rng: previous_turn(gs))


def EndEncounter() -> EncounterStep:
    def step(gs: GameState, _rng: DieSource) -> tuple[GameState, list[str]]:
        if gs.encounter is None:
            return gs, []
        ended = msg("Encounter ends after {n} round(s)", n=gs.encounter.round)
        return replace(gs, encounter=None), [str(ended)]

    return EncounterStep("End encounter", step)


def Reorder(token_ids: Sequence[str]) -> EncounterStep:
    ids = tuple(token_ids)

    def step(gs: GameState, _rng: DieSource) -> tuple[GameState, list[str]]:
        new = reorder(gs, ids)
        return new, ["Initiative order changed: " + ", ".join(_label(gs, t) for t in ids)]

    return EncounterStep("Reorder initiative", step)


def Delay(
    dice: DieSource | None = None,
    *,
    rolls: TurnRolls | None = None,
    free: bool = False,
    start: TurnRolls | None = None,
) -> EncounterStep:
    """The current creature Delays (`delay`); `rolls` are its persistent damage and flat checks as typed
    at the table, `start` the next creature's start-of-turn roll; `free` is the GM's override (no check
    that it hasn't acted)."""

    def step(gs: GameState, rng: DieSource) -> tuple[GameState, list[str]]:
        return delay(gs, rng, rolls, free=free, start=start)

    return EncounterStep("Delay", step, dice or _rng())


def ReturnFromDelay(
    token_id: str, dice: DieSource | None = None, *, end: TurnRolls | None = None
) -> EncounterStep:
    """`token_id` returns from Delay as the current turn ends (`return_from_delay`)."""
    return EncounterStep(
        "Return from delay", lambda gs, rng: return_from_delay(gs, token_id, rng, end), dice or _rng()
    )


def Ready(
    token_id: str,
    trigger: str,
    dice: DieSource | None = None,
    *,
    action: str = "",
    end: TurnRolls | None = None,
    free: bool = False,
    start: TurnRolls | None = None,
) -> EncounterStep:
    """`token_id` Readies an action (`ready`); `end` are the rolls of its end of turn when Ready ends it,
    `start` those of the next creature's start."""

    def step(gs: GameState, rng: DieSource) -> tuple[GameState, list[str]]:
        return ready(gs, token_id, trigger, rng, action=action, end=end, free=free, start=start)

    return EncounterStep("Ready an action", step, dice or _rng())


def UseReadied(token_id: str) -> EncounterStep:
    """`token_id` takes its readied action as its reaction (`use_readied`)."""
    return EncounterStep("Readied action", lambda gs, _rng: use_readied(gs, token_id))


def UseReaction(token_id: str) -> EncounterStep:
    return EncounterStep("Use reaction", lambda gs, _rng: use_reaction(gs, token_id))


def SetInitiative(token_id: str, d20: int) -> EncounterStep:
    """Correct a creature's d20 for initiative (its place in the order stays; drag to move it)."""

    def step(gs: GameState, _rng: DieSource) -> tuple[GameState, list[str]]:
        enc = gs.encounter
        if enc is None:
            return gs, []
        order = tuple(replace(c, d20=d20) if c.token_id == token_id else c for c in enc.order)
        return replace(gs, encounter=replace(enc, order=order)), [
            f"{_label(gs, token_id)}'s initiative roll set to {d20}"
        ]

    return EncounterStep("Set initiative", step)
