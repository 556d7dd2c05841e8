"""Encounters and edits: initiative, rounds and turns, per-turn state, start/end-of-turn effects, and the
command history (undo/redo) with its human-readable log. Pure Python; every value is immutable.

Initiative (`roll_initiative`): each creature rolls d20 + its system's initiative modifier (PF2e
Perception, 5e Dexterity: the token's ``initiative_bonus``). Highest first. Ties: PF2e puts creatures that
aren't PCs before PCs; 5e puts the higher modifier first; remaining ties keep the order the tokens were given
(the GM's choice).

A round runs through the order once; after the last turn the next round begins at the top.

Start of a creature's turn (`begin_turn`), in this order: effects whose duration counts down at the start
of this creature's turn lose a round (ending at 0); the system's start-of-turn rules (PF2e recovery check
for a dying creature, flat DC 10 + dying; 5e death save at 0 HP); effects that deal damage at the start of
the turn; then a fresh `TurnState` from the system's `TurnBudget` (PF2e 3 actions + 1 reaction; 5e action,
bonus action, reaction, movement = speed). A creature's reaction comes back at the start of its own turn.

End of a turn (`end_turn`): effects that deal damage at the end of the turn (PF2e persistent damage) deal it
and then roll their flat check (DC 15: success or better ends the effect); the system's end-of-turn rules
(PF2e frightened −1); effects counting down at the end of this creature's turn lose a round; then the next
creature's turn begins.

Per-turn state: actions, reactions and bonus actions left, movement spent, diagonal steps taken (the parity
of the alternating 5/10 count carries across every move in one turn and resets at the end of it) and the
number of attacks made (for PF2e's multiple attack penalty, which applies only on the creature's own turn).

Commands (`Command`): small objects with a `label` and ``apply(state) -> state``. `History` applies them,
keeps the state before and after each, and undoes by restoring the previous value (so commands never need an
inverse and redo never re-rolls dice). Commands that roll dice or learn something while applying also
implement ``apply_logged(state) -> (state, lines)``; the lines go into the log after the label.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from rules import dice
from rules.dice import DieSource
from rules.geometry.coords import Cell
from rules.scene import Scene, TerrainCell, Token, Wall
from rules.systems import RuleSystem, TurnBudget, system_for
from rules.systems.damage import DamageEntry
from rules.systems.pf2e.degrees import flat_check, succeeded

S = TypeVar("S")

# ------------------------------------------------------------------------------------------ initiative


@dataclass(frozen=True, slots=True)
class Combatant:
    token_id: str
    d20: int
    modifier: int
    tiebreak: tuple[int, ...] = ()

    @property
    def initiative(self) -> int:
        return self.d20 + self.modifier


def roll_initiative(
    scene: Scene,
    rng: DieSource,
    *,
    token_ids: Sequence[str] | None = None,
    rolls: Mapping[str, int] | None = None,
) -> tuple[Combatant, ...]:
    """Initiative order of the listed tokens (default: all). `rolls` gives d20 results rolled at the
    table; the others are rolled with `rng`. Raises `KeyError` for an unknown token id."""
    system = system_for(scene)
    ids = list(token_ids) if token_ids is not None else [t.id for t in scene.tokens]
    given = dict(rolls or {})
    entries: list[tuple[tuple[int, tuple[int, ...], int], Combatant]] = []
    for i, tid in enumerate(ids):
        tok = scene.token(tid)
        if tok is None:
            raise KeyError(f"no token with id {tid!r}")
        d20 = given[tid] if tid in given else rng.randint(1, 20)
        c = Combatant(tid, d20, system.initiative_modifier(tok), system.initiative_tiebreak(tok))
        entries.append(((-c.initiative, c.tiebreak, i), c))
    entries.sort(key=lambda e: e[0])
    return tuple(c for _, c in entries)


# ------------------------------------------------------------------------------------------ turn state


@dataclass(frozen=True, slots=True)
class TurnState:
    """What the creature whose turn it is has left and has done this turn."""

    token_id: str
    actions: int
    bonus_actions: int
    movement: int | None
    movement_spent: int = 0
    diagonals: int = 0
    attacks: int = 0

    @classmethod
    def fresh(cls, token_id: str, budget: TurnBudget) -> TurnState:
        return cls(token_id, budget.actions, budget.bonus_actions, budget.movement)

    @property
    def movement_left(self) -> int | None:
        return None if self.movement is None else max(0, self.movement - self.movement_spent)

    @property
    def next_attack_number(self) -> int:
        return self.attacks + 1


@dataclass(frozen=True, slots=True)
class Effect:
    """Something lasting on a token.

    * `rounds`: rounds left (None: until removed); it counts down at the `tick` (``"start"`` or ``"end"``)
      of `owner_id`'s turn (default: the affected token's own turn) and ends at 0.
    * `condition`: a condition the effect gives; it is removed from the token when the effect ends.
    * `damage`: a formula such as ``1d6 fire`` dealt at `damage_at` (``"start"``/``"end"``) of the
      token's turn; with `flat_dc` a flat check after the damage ends the effect on a success (PF2e
      persistent damage: ``damage_at="end"``, ``flat_dc=15``).
    """

    id: str
    token_id: str
    name: str
    rounds: int | None = None
    tick: str = "start"
    owner_id: str | None = None
    condition: str | None = None
    damage: str | None = None
    damage_at: str = "end"
    flat_dc: int | None = None

    @property
    def counts_on(self) -> str:
        return self.owner_id or self.token_id


@dataclass(frozen=True, slots=True)
class Encounter:
    order: tuple[Combatant, ...]
    round: int = 1
    index: int = 0
    turn: TurnState | None = None
    effects: tuple[Effect, ...] = ()
    reactions_used: frozenset[str] = frozenset()
    #: PF2e Delay: creatures out of the order until they return (`rules.tracker`).
    delayed: frozenset[str] = frozenset()
    #: Readied actions waiting for their trigger: (token id, trigger text) (`rules.tracker`).
    readied: tuple[tuple[str, str], ...] = ()

    @property
    def current_id(self) -> str | None:
        return self.order[self.index].token_id if self.order else None

    def attack_number(self, token_id: str) -> int:
        """The number of the token's next attack: counts only on its own turn (no MAP off-turn)."""
        if self.turn is not None and self.turn.token_id == token_id:
            return self.turn.next_attack_number
        return 1

    def has_reaction(self, scene: Scene, token_id: str) -> bool:
        """The token still has its reaction: it can react and hasn't since the start of its last turn."""
        tok = scene.token(token_id)
        if tok is None or token_id in self.reactions_used:
            return False
        return system_for(scene).turn_budget(tok).reactions > 0

    def diagonals_before(self, token_id: str) -> int:
        if self.turn is not None and self.turn.token_id == token_id:
            return self.turn.diagonals
        return 0


@dataclass(frozen=True, slots=True)
class GameState:
    """What the commands edit: the scene, and the encounter when one is running."""

    scene: Scene
    encounter: Encounter | None = None

    @property
    def system(self) -> RuleSystem:
        return system_for(self.scene)


def _token(state: GameState, token_id: str) -> Token:
    tok = state.scene.token(token_id)
    if tok is None:
        raise KeyError(f"no token with id {token_id!r}")
    return tok


def _put(state: GameState, token: Token) -> GameState:
    return replace(state, scene=state.scene.replace_token(token))


def _need_encounter(state: GameState) -> Encounter:
    if state.encounter is None:
        raise ValueError("no encounter is running")
    return state.encounter


def _damage_from_effect(
    state: GameState, token: Token, effect: Effect, rng: DieSource
) -> tuple[GameState, list[str], bool]:
    """Deal an effect's damage; returns the new state, log lines, and whether the effect ended."""
    assert effect.damage is not None
    rolled = dice.roll(effect.damage, rng)
    entries = [
        DamageEntry(max(0, p.total), (p.part.damage_type or effect.name).lower()) for p in rolled.parts
    ]
    lines: list[str] = []
    if token.hp is not None:
        outcome, after = state.system.damage(token, entries)
        state = _put(state, after)
        lines.append(
            f"{token.label} takes {outcome.total} from {effect.name} ({rolled.render()}): {outcome.state}"
        )
    else:
        lines.append(f"{token.label}: {effect.name} rolls {rolled.render()} (no HP to track)")
    ended = False
    if effect.flat_dc is not None:
        d20 = rng.randint(1, 20)
        ended = succeeded(flat_check(d20, effect.flat_dc))
        verdict = "ends" if ended else "continues"
        lines.append(f"{token.label} flat check {d20} vs DC {effect.flat_dc}: {effect.name} {verdict}")
    return state, lines, ended


def _end_effect(state: GameState, effect: Effect) -> GameState:
    enc = _need_encounter(state)
    state = replace(state, encounter=replace(enc, effects=tuple(e for e in enc.effects if e.id != effect.id)))
    if effect.condition:
        tok = state.scene.token(effect.token_id)
        if tok is not None:
            name = effect.condition.split()[0].lower()
            state = _put(state, tok.without_condition(name))
    return state


def _count_down(state: GameState, token_id: str, tick: str) -> tuple[GameState, list[str]]:
    lines: list[str] = []
    enc = _need_encounter(state)
    for effect in enc.effects:
        if effect.rounds is None or effect.tick != tick or effect.counts_on != token_id:
            continue
        left = effect.rounds - 1
        if left <= 0:
            state = _end_effect(state, effect)
            lines.append(f"{effect.name} on {effect.token_id} ends")
        else:
            cur = _need_encounter(state)
            updated = tuple(replace(e, rounds=left) if e.id == effect.id else e for e in cur.effects)
            state = replace(state, encounter=replace(cur, effects=updated))
    return state, lines


def _effect_damage(state: GameState, token_id: str, when: str, rng: DieSource) -> tuple[GameState, list[str]]:
    lines: list[str] = []
    for effect in _need_encounter(state).effects:
        if effect.token_id != token_id or effect.damage is None or effect.damage_at != when:
            continue
        tok = state.scene.token(token_id)
        if tok is None:
            continue
        state, more, ended = _damage_from_effect(state, tok, effect, rng)
        lines.extend(more)
        if ended:
            state = _end_effect(state, effect)
    return state, lines


def begin_turn(state: GameState, rng: DieSource) -> tuple[GameState, list[str]]:
    """Start the turn of the creature at the current index (see the module docstring)."""
    enc = _need_encounter(state)
    if not enc.order:
        return state, []
    tid = enc.order[enc.index].token_id
    tok = state.scene.token(tid)
    lines = [f"Round {enc.round}: {tok.label if tok else tid}'s turn"]
    if tok is None:
        return replace(state, encounter=replace(enc, turn=None)), lines
    state, more = _count_down(state, tid, "start")
    lines += more
    event = state.system.start_of_turn(_token(state, tid), rng)
    state = _put(state, event.token)
    lines += event.log
    state, more = _effect_damage(state, tid, "start", rng)
    lines += more
    budget = state.system.turn_budget(_token(state, tid))
    enc = _need_encounter(state)
    state = replace(
        state,
        encounter=replace(enc, turn=TurnState.fresh(tid, budget), reactions_used=enc.reactions_used - {tid}),
    )
    return state, lines


def end_turn(state: GameState, rng: DieSource) -> tuple[GameState, list[str]]:
    """End the current turn and begin the next one (a new round after the last creature)."""
    enc = _need_encounter(state)
    if not enc.order:
        return state, []
    tid = enc.order[enc.index].token_id
    lines: list[str] = []
    if state.scene.token(tid) is not None:
        state, more = _effect_damage(state, tid, "end", rng)
        lines += more
        event = state.system.end_of_turn(_token(state, tid), rng)
        state = _put(state, event.token)
        lines += event.log
        state, more = _count_down(state, tid, "end")
        lines += more
    enc = _need_encounter(state)
    index, rnd = enc.index + 1, enc.round
    if index >= len(enc.order):
        index, rnd = 0, rnd + 1
    state = replace(state, encounter=replace(enc, index=index, round=rnd, turn=None))
    state, more = begin_turn(state, rng)
    return state, lines + more


def start_encounter(
    scene: Scene,
    rng: DieSource,
    *,
    token_ids: Sequence[str] | None = None,
    rolls: Mapping[str, int] | None = None,
) -> tuple[GameState, list[str]]:
    """Roll initiative and begin the first creature's turn in round 1."""
    order = roll_initiative(scene, rng, token_ids=token_ids, rolls=rolls)
    lines = [
        "Initiative: " + ", ".join(f"{c.token_id} {c.initiative} ({c.d20}{c.modifier:+d})" for c in order)
    ]
    state = GameState(scene, Encounter(order))
    state, more = begin_turn(state, rng)
    return state, lines + more


def _update_turn(state: GameState, token_id: str, fn: Callable[[TurnState], TurnState]) -> GameState:
    enc = state.encounter
    if enc is None or enc.turn is None or enc.turn.token_id != token_id:
        return state
    return replace(state, encounter=replace(enc, turn=fn(enc.turn)))


# ---------------------------------------------------------------------------------------------- history


class Command(Protocol[S]):
    """An edit: a label for menus and the log, and a pure ``apply``."""

    @property
    def label(self) -> str: ...

    def apply(self, state: S) -> S: ...


@runtime_checkable
class LoggedCommand(Protocol[S]):
    """A command that also reports what happened (dice rolled, outcomes) as log lines."""

    @property
    def label(self) -> str: ...

    def apply_logged(self, state: S) -> tuple[S, tuple[str, ...]]: ...


@dataclass(frozen=True, slots=True)
class HistoryEntry(Generic[S]):
    label: str
    before: S
    after: S
    details: tuple[str, ...] = ()

    def text(self) -> str:
        return "\n".join((self.label, *(f"  {d}" for d in self.details)))


@dataclass(frozen=True, slots=True)
class History(Generic[S]):
    """Undo/redo over immutable states. `do` applies a command and clears the redo list; `undo` restores
    the state before the last command; `redo` restores the state after it (without re-applying, so dice
    are not re-rolled). At most `limit` entries are kept (the oldest are dropped)."""

    state: S
    done: tuple[HistoryEntry[S], ...] = ()
    undone: tuple[HistoryEntry[S], ...] = ()
    limit: int = 500

    def do(self, command: Command[S] | LoggedCommand[S]) -> History[S]:
        if isinstance(command, LoggedCommand):
            after, details = command.apply_logged(self.state)
        else:
            after, details = command.apply(self.state), ()
        entry = HistoryEntry(command.label, self.state, after, tuple(details))
        done = (*self.done, entry)[-self.limit :] if self.limit > 0 else ()
        return replace(self, state=after, done=done, undone=())

    @property
    def can_undo(self) -> bool:
        return bool(self.done)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    @property
    def undo_label(self) -> str | None:
        return self.done[-1].label if self.done else None

    @property
    def redo_label(self) -> str | None:
        return self.undone[-1].label if self.undone else None

    def undo(self) -> History[S]:
        if not self.done:
            return self
        entry = self.done[-1]
        return replace(self, state=entry.before, done=self.done[:-1], undone=(*self.undone, entry))

    def redo(self) -> History[S]:
        if not self.undone:
            return self
        entry = self.undone[-1]
        return replace(self, state=entry.after, done=(*self.done, entry), undone=self.undone[:-1])

    def log(self) -> tuple[str, ...]:
        """The log: one text per applied command, oldest first (undone commands are not in it)."""
        return tuple(e.text() for e in self.done)


# ---------------------------------------------------------------------------------------------- commands


@dataclass(frozen=True, slots=True)
class MoveToken:
    """Move a token's top-left cell to `to`. During its own turn the feet and diagonal steps of the move
    are added to the turn's movement spent and diagonal count."""

    token_id: str
    to: Cell
    feet: int = 0
    diagonals: int = 0

    @property
    def label(self) -> str:
        extra = f" ({self.feet} ft)" if self.feet else ""
        return f"Move {self.token_id} to [{self.to[0]}, {self.to[1]}]{extra}"

    def apply(self, state: GameState) -> GameState:
        tok = _token(state, self.token_id)
        state = _put(state, replace(tok, cell=Cell(*self.to)))
        return _update_turn(
            state,
            self.token_id,
            lambda t: replace(
                t, movement_spent=t.movement_spent + self.feet, diagonals=t.diagonals + self.diagonals
            ),
        )


@dataclass(frozen=True, slots=True)
class EditToken:
    """Replace fields of a token (``hp``, ``conditions``, ``name``…) with the given values."""

    token_id: str
    changes: tuple[tuple[str, Any], ...]
    description: str = ""

    @property
    def label(self) -> str:
        return self.description or f"Edit {self.token_id}: " + ", ".join(
            f"{k} = {v!r}" for k, v in self.changes
        )

    def apply(self, state: GameState) -> GameState:
        tok = _token(state, self.token_id)
        return _put(state, replace(tok, **dict(self.changes)))


@dataclass(frozen=True, slots=True)
class SetCondition:
    """Give a token a condition (with a value for valued ones); value 0 removes it."""

    token_id: str
    name: str
    value: int | None = None

    @property
    def label(self) -> str:
        if self.value == 0:
            return f"{self.token_id} loses {self.name}"
        return f"{self.token_id} is {self.name}" + (f" {self.value}" if self.value is not None else "")

    def apply(self, state: GameState) -> GameState:
        tok = _token(state, self.token_id)
        return _put(state, tok.with_condition(self.name.lower(), self.value))


@dataclass(frozen=True, slots=True)
class RemoveCondition:
    token_id: str
    name: str

    @property
    def label(self) -> str:
        return f"{self.token_id} is no longer {self.name}"

    def apply(self, state: GameState) -> GameState:
        return _put(state, _token(state, self.token_id).without_condition(self.name.lower()))


@dataclass(frozen=True, slots=True)
class ApplyDamage:
    """Apply rolled damage to a token through its system's rules (save, IWR, temp HP, 0 HP)."""

    token_id: str
    entries: tuple[DamageEntry, ...]
    critical: bool = False
    nonlethal: bool = False
    save: str | None = None

    @property
    def label(self) -> str:
        parts = ", ".join(f"{e.amount} {e.type}" for e in self.entries)
        return f"Damage {self.token_id}: {parts}" + (" (critical)" if self.critical else "")

    def apply(self, state: GameState) -> GameState:
        return self.apply_logged(state)[0]

    def apply_logged(self, state: GameState) -> tuple[GameState, tuple[str, ...]]:
        tok = _token(state, self.token_id)
        outcome, after = state.system.damage(
            tok, self.entries, critical=self.critical, nonlethal=self.nonlethal, save=self.save
        )
        line = (
            f"{tok.label} takes {outcome.total} damage: HP {tok.hp} → {outcome.hp}"
            + (f", temp HP {tok.temp_hp} → {outcome.temp_hp}" if tok.temp_hp else "")
            + f" ({outcome.state})"
        )
        return _put(state, after), (line,)


@dataclass(frozen=True, slots=True)
class EditScene:
    """Any other scene edit (walls, terrain, background…) given as a pure function of the scene."""

    description: str
    edit: Callable[[Scene], Scene]

    @property
    def label(self) -> str:
        return self.description

    def apply(self, state: GameState) -> GameState:
        return replace(state, scene=self.edit(state.scene))


def add_wall(wall: Wall) -> EditScene:
    return EditScene(
        f"Add {wall.kind} from ({wall.a.x:g}, {wall.a.y:g}) to ({wall.b.x:g}, {wall.b.y:g})",
        lambda s: s.edit(walls=(*s.walls, wall)),
    )


def remove_wall(index: int) -> EditScene:
    return EditScene(
        f"Remove wall {index}", lambda s: s.edit(walls=tuple(w for i, w in enumerate(s.walls) if i != index))
    )


def set_terrain(cell: Cell, kind: str | None) -> EditScene:
    """Paint one cell (`kind` None clears it)."""

    def edit(s: Scene) -> Scene:
        kept = tuple(t for t in s.terrain if t.cell != cell)
        return s.edit(terrain=kept if kind is None else (*kept, TerrainCell(Cell(*cell), kind)))

    what = (
        f"Clear terrain at [{cell[0]}, {cell[1]}]"
        if kind is None
        else f"Paint {kind} at [{cell[0]}, {cell[1]}]"
    )
    return EditScene(what, edit)


@dataclass(frozen=True, slots=True)
class StartEncounter:
    """Roll initiative (`rolls` holds d20s rolled at the table) and begin round 1."""

    rolls: tuple[tuple[str, int], ...] = ()
    token_ids: tuple[str, ...] | None = None
    rng: DieSource = field(default_factory=random.Random, compare=False)

    @property
    def label(self) -> str:
        return "Start encounter"

    def apply(self, state: GameState) -> GameState:
        return self.apply_logged(state)[0]

    def apply_logged(self, state: GameState) -> tuple[GameState, tuple[str, ...]]:
        new, lines = start_encounter(state.scene, self.rng, token_ids=self.token_ids, rolls=dict(self.rolls))
        return new, tuple(lines)


@dataclass(frozen=True, slots=True)
class NextTurn:
    """End the current turn (end-of-turn effects) and begin the next (start-of-turn effects)."""

    rng: DieSource = field(default_factory=random.Random, compare=False)

    @property
    def label(self) -> str:
        return "End turn"

    def apply(self, state: GameState) -> GameState:
        return self.apply_logged(state)[0]

    def apply_logged(self, state: GameState) -> tuple[GameState, tuple[str, ...]]:
        new, lines = end_turn(state, self.rng)
        return new, tuple(lines)


@dataclass(frozen=True, slots=True)
class EndEncounter:
    @property
    def label(self) -> str:
        return "End encounter"

    def apply(self, state: GameState) -> GameState:
        return replace(state, encounter=None)


@dataclass(frozen=True, slots=True)
class AddEffect:
    """Add an effect; it gives its condition now. In PF2e a second persistent damage of the same type
    replaces the first only when its average is higher (they don't stack)."""

    effect: Effect

    @property
    def label(self) -> str:
        return f"{self.effect.token_id}: {self.effect.name}"

    def apply(self, state: GameState) -> GameState:
        enc = _need_encounter(state)
        e = self.effect
        effects = enc.effects
        if e.damage is not None and e.flat_dc is not None:
            same = [
                old
                for old in effects
                if old.token_id == e.token_id
                and old.damage is not None
                and old.flat_dc is not None
                and _damage_key(old) == _damage_key(e)
            ]
            if same:
                if dice.average(e.damage) <= dice.average(same[0].damage or "0"):
                    return state
                effects = tuple(old for old in effects if old.id != same[0].id)
        state = replace(state, encounter=replace(enc, effects=(*effects, e)))
        if e.condition:
            parts = e.condition.split()
            value = int(parts[1]) if len(parts) > 1 and parts[1].lstrip("-").isdigit() else None
            state = _put(state, _token(state, e.token_id).with_condition(parts[0].lower(), value))
        return state


def _damage_key(effect: Effect) -> str:
    assert effect.damage is not None
    types = [p.damage_type or "" for p in dice.parse(effect.damage).parts]
    return ",".join(types) or effect.name


@dataclass(frozen=True, slots=True)
class RemoveEffect:
    effect_id: str

    @property
    def label(self) -> str:
        return f"Remove effect {self.effect_id}"

    def apply(self, state: GameState) -> GameState:
        enc = _need_encounter(state)
        for e in enc.effects:
            if e.id == self.effect_id:
                return _end_effect(state, e)
        return state


@dataclass(frozen=True, slots=True)
class SpendActions:
    """Spend actions on the token's own turn (an attack also counts toward the multiple attack penalty);
    `reaction` spends its reaction instead, on any turn."""

    token_id: str
    actions: int = 1
    attack: bool = False
    bonus_action: bool = False
    reaction: bool = False
    description: str = ""

    @property
    def label(self) -> str:
        if self.description:
            return self.description
        if self.reaction:
            return f"{self.token_id} uses a reaction"
        what = "attacks" if self.attack else f"spends {self.actions} action{'s' if self.actions != 1 else ''}"
        return f"{self.token_id} {what}"

    def apply(self, state: GameState) -> GameState:
        enc = _need_encounter(state)
        if self.reaction:
            return replace(state, encounter=replace(enc, reactions_used=enc.reactions_used | {self.token_id}))

        def spend(t: TurnState) -> TurnState:
            if self.bonus_action:
                return replace(
                    t, bonus_actions=max(0, t.bonus_actions - 1), attacks=t.attacks + int(self.attack)
                )
            return replace(t, actions=max(0, t.actions - self.actions), attacks=t.attacks + int(self.attack))

        return _update_turn(state, self.token_id, spend)
