"""Commands for the table: placing and removing areas, the initiative order and turns, attacks, damage and
saves. Each is a frozen value with a ``label`` (Undo/Redo menus) and ``apply(state) -> state``; the engine
(`rules.tracker`, `rules.encounter`, the rule systems) computes everything, the commands only carry the
numbers and dice that went in.

Commands that roll dice or learn something while applying (a turn change rolls a recovery check; damage
finds the HP afterwards) fill their ``log`` when applied: the document reads ``log`` after ``apply``, and redo
restores the stored state without applying again, so each command is applied at most once per execute.
Dice come from the command's `dice` (a seeded or scripted `DieSource`), never from global state.

The running encounter and the placed areas live in the scene (`rules.encounter_store`, `rules.placed_areas`),
so undo/redo and saving handle them like any other part of the scene.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from desktop.commands import DocState
from desktop.explain import (
    attack_headline,
    damage_lines,
    dnd_attack_lines,
    outcome_word,
    pf2e_attack_lines,
    save_line,
)
from rules import tracker
from rules.dice import DieSource, RollResult
from rules.encounter import GameState, start_encounter
from rules.encounter_store import game_state, store
from rules.placed_areas import PlacedArea, add_area, area_by_id, remove_area
from rules.saves import SaveResult
from rules.scene import Scene
from rules.systems import system_for
from rules.systems.damage import DamageEntry


def _rng() -> DieSource:
    return random.Random()


@dataclass(frozen=True, slots=True)
class _Log:
    """The log lines a command found while applying (filled once, by `apply`)."""

    lines: list[str] = field(default_factory=list)

    def set(self, lines: Sequence[str]) -> None:
        self.lines[:] = list(lines)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def _scene_state(state: DocState, scene: Scene, reset: Sequence[str] = ()) -> DocState:
    """The document state with a new scene; `reset` tokens' free-mode movement is forgotten."""
    turn = state.turn.reset(reset) if reset else state.turn
    return replace(state, scene=scene, turn=turn)


def _engine(state: DocState) -> GameState:
    return game_state(state.scene)


# ----------------------------------------------------------------------------------------------- areas


@dataclass(frozen=True, slots=True)
class PlaceArea:
    area: PlacedArea
    affected: tuple[str, ...] = ()
    merge_key: object | None = None
    _log: _Log = field(default_factory=_Log, compare=False, repr=False)

    @property
    def label(self) -> str:
        return f"Place {self.area.title}"

    @property
    def log(self) -> str:
        return self._log.text

    def apply(self, state: DocState) -> DocState:
        scene = state.scene
        names = [scene.token(t).label for t in self.affected if scene.token(t) is not None]  # type: ignore[union-attr]
        text = f"Placed {self.area.title}"
        if self.area.rounds_left is not None:
            text += f" for {self.area.rounds_left} round{'s' if self.area.rounds_left != 1 else ''}"
        text += f": {len(names)} creature{'s' if len(names) != 1 else ''} inside" + (
            f" ({', '.join(names)})" if names else ""
        )
        self._log.set([text])
        return replace(state, scene=add_area(scene, self.area))


@dataclass(frozen=True, slots=True)
class RemoveArea:
    area_id: str
    merge_key: object | None = None
    _log: _Log = field(default_factory=_Log, compare=False, repr=False)

    @property
    def label(self) -> str:
        return "Remove area"

    @property
    def log(self) -> str:
        return self._log.text

    def apply(self, state: DocState) -> DocState:
        area = area_by_id(state.scene, self.area_id)
        if area is None:
            return state
        self._log.set([f"Removed {area.title}"])
        return replace(state, scene=remove_area(state.scene, self.area_id))


@dataclass(frozen=True, slots=True)
class UpdateArea:
    """Replace an area (its label, duration, colour…)."""

    area: PlacedArea
    what: str = "area"
    merge_key: object | None = None
    log: str = ""

    @property
    def label(self) -> str:
        return f"Edit {self.what}"

    def apply(self, state: DocState) -> DocState:
        if area_by_id(state.scene, self.area.id) is None:
            return state
        return replace(state, scene=add_area(state.scene, self.area))


# ------------------------------------------------------------------------------------------ encounters


@dataclass(frozen=True, slots=True)
class EncounterCommand:
    """A turn-order change: `step` is a pure function of the engine state and the dice that returns the new
    state and its log lines (`rules.tracker`). The movement the free mode tracked for the creatures whose
    turn ends or begins is forgotten (their turn state is the encounter's)."""

    label: str
    step: Callable[[GameState, DieSource], tuple[GameState, list[str]]]
    dice: DieSource = field(default_factory=_rng, compare=False)
    merge_key: object | None = None
    _log: _Log = field(default_factory=_Log, compare=False, repr=False)

    @property
    def log(self) -> str:
        return self._log.text

    def apply(self, state: DocState) -> DocState:
        before = _engine(state)
        after, lines = self.step(before, self.dice)
        self._log.set(lines)
        touched = {c.token_id for c in (after.encounter.order if after.encounter else ())}
        if before.encounter is not None:
            touched |= {c.token_id for c in before.encounter.order}
        return _scene_state(state, store(after), sorted(touched))


def start_encounter_command(
    token_ids: Sequence[str] | None = None,
    rolls: Sequence[tuple[str, int]] = (),
    dice: DieSource | None = None,
) -> EncounterCommand:
    """Roll initiative for `token_ids` (all tokens when None); `rolls` are d20s typed in at the table."""
    ids = None if token_ids is None else tuple(token_ids)
    typed = dict(rolls)

    def step(gs: GameState, rng: DieSource) -> tuple[GameState, list[str]]:
        new, lines = start_encounter(gs.scene, rng, token_ids=ids, rolls=typed)
        return new, lines

    return EncounterCommand("Start encounter", step, dice or _rng())


def next_turn_command(dice: DieSource | None = None) -> EncounterCommand:
    return EncounterCommand("Next turn", tracker.next_turn, dice or _rng())


def previous_turn_command() -> EncounterCommand:
    return EncounterCommand("Previous turn", lambda gs, _rng: tracker.previous_turn(gs))


def end_encounter_command() -> EncounterCommand:
    def step(gs: GameState, _rng: DieSource) -> tuple[GameState, list[str]]:
        if gs.encounter is None:
            return gs, []
        return replace(gs, encounter=None), [f"Encounter ends after {gs.encounter.round} round(s)"]

    return EncounterCommand("End encounter", step)


def reorder_command(token_ids: Sequence[str]) -> EncounterCommand:
    ids = tuple(token_ids)

    def step(gs: GameState, _rng: DieSource) -> tuple[GameState, list[str]]:
        new = tracker.reorder(gs, ids)
        names = ", ".join(_name(gs.scene, t) for t in ids)
        return new, [f"Initiative order changed: {names}"]

    return EncounterCommand("Reorder initiative", step)


def delay_command(dice: DieSource | None = None) -> EncounterCommand:
    return EncounterCommand("Delay", tracker.delay, dice or _rng())


def return_from_delay_command(token_id: str, dice: DieSource | None = None) -> EncounterCommand:
    return EncounterCommand(
        "Return from delay", lambda gs, rng: tracker.return_from_delay(gs, token_id, rng), dice or _rng()
    )


def ready_command(token_id: str, trigger: str) -> EncounterCommand:
    return EncounterCommand("Ready an action", lambda gs, _rng: tracker.ready(gs, token_id, trigger))


def reaction_command(token_id: str) -> EncounterCommand:
    return EncounterCommand("Use reaction", lambda gs, _rng: tracker.use_reaction(gs, token_id))


def set_initiative_command(token_id: str, d20: int) -> EncounterCommand:
    """Correct a creature's d20 for initiative (its place in the order stays; drag to move it)."""

    def step(gs: GameState, _rng: DieSource) -> tuple[GameState, list[str]]:
        enc = gs.encounter
        if enc is None:
            return gs, []
        order = tuple(replace(c, d20=d20) if c.token_id == token_id else c for c in enc.order)
        return replace(gs, encounter=replace(enc, order=order)), [
            f"{_name(gs.scene, token_id)}'s initiative roll set to {d20}"
        ]

    return EncounterCommand("Set initiative", step)


def _name(scene: Scene, token_id: str) -> str:
    t = scene.token(token_id)
    return t.label if t is not None else token_id


# ------------------------------------------------------------------------------------- attacks, damage


def current_attack_number(gs: GameState, token_id: str) -> int:
    """The number of `token_id`'s next attack this turn (1 off its turn or without an encounter)."""
    return gs.encounter.attack_number(token_id) if gs.encounter is not None else 1


@dataclass(frozen=True, slots=True)
class AttackRoll:
    """One attack roll with the given d20(s) (PF2e one die; 5e ``[first, second]``). The engine resolves it
    against the board; the attack counts toward the attacker's multiple attack penalty on its turn."""

    attacker_id: str
    target_id: str
    attack_name: str
    d20: tuple[int, ...]
    nonlethal: bool | None = None
    attack_number: int | None = None
    merge_key: object | None = None
    _log: _Log = field(default_factory=_Log, compare=False, repr=False)

    @property
    def label(self) -> str:
        return "Attack roll"

    @property
    def log(self) -> str:
        return self._log.text

    def apply(self, state: DocState) -> DocState:
        gs = _engine(state)
        scene = gs.scene
        attacker, target = scene.token(self.attacker_id), scene.token(self.target_id)
        if attacker is None or target is None:
            return state
        attack = attacker.attack(self.attack_name)
        if attack is None:
            return state
        number = self.attack_number or current_attack_number(gs, attacker.id)
        result: Any = system_for(scene).attack(
            scene, attacker, target, attack, self.d20, attack_number=number, nonlethal=self.nonlethal
        )
        head = attack_headline(attacker, target, attack.name, number, scene.is_pf2e)
        body = pf2e_attack_lines(result) if scene.is_pf2e else dnd_attack_lines(result)
        self._log.set([f"{head}: {outcome_word(result)}", *("  " + b for b in body)])
        return replace(state, scene=store(tracker.record_attack(gs, attacker.id)))


@dataclass(frozen=True, slots=True)
class DealDamage:
    """Damage through the target's system (save, immunity/weakness/resistance, temp HP, 0 HP)."""

    target_id: str
    entries: tuple[DamageEntry, ...]
    critical: bool = False
    nonlethal: bool = False
    save: str | None = None
    roll: RollResult | None = field(default=None, compare=False)
    source: str = ""
    merge_key: object | None = None
    _log: _Log = field(default_factory=_Log, compare=False, repr=False)

    @property
    def label(self) -> str:
        return "Apply damage"

    @property
    def log(self) -> str:
        return self._log.text

    def apply(self, state: DocState) -> DocState:
        scene = state.scene
        target = scene.token(self.target_id)
        if target is None or target.hp is None:
            return state
        outcome, after = system_for(scene).damage(
            target, self.entries, critical=self.critical, nonlethal=self.nonlethal, save=self.save
        )
        lines = damage_lines(target, self.entries, outcome, self.roll)
        head = lines.pop()
        if self.source:
            head = f"{self.source}: {head}"
        self._log.set([head, *("  " + line.strip() for line in lines)])
        return replace(state, scene=scene.replace_token(after))


@dataclass(frozen=True, slots=True)
class AreaSaves:
    """Every affected creature's save against an area and the damage each takes (one undo step). `area`,
    when given, replaces the placed area in the same step (it remembers the save, DC and damage)."""

    area_title: str
    results: tuple[SaveResult, ...]
    entries: tuple[DamageEntry, ...]
    roll: RollResult | None = field(default=None, compare=False)
    area: PlacedArea | None = None
    merge_key: object | None = None
    _log: _Log = field(default_factory=_Log, compare=False, repr=False)

    @property
    def label(self) -> str:
        return f"Saves against {self.area_title}"

    @property
    def log(self) -> str:
        return self._log.text

    def apply(self, state: DocState) -> DocState:
        scene = state.scene
        system = system_for(scene)
        dmg = ", ".join(f"{e.amount} {e.type}" for e in self.entries) or "no damage"
        rolled = f" ({self.roll.render()})" if self.roll is not None else ""
        lines = [f"Saves against {self.area_title}: {dmg}{rolled}"]
        for r in self.results:
            target = scene.token(r.token_id)
            if target is None:
                continue
            lines.append("  " + save_line(target, r, scene.system))
            if target.hp is None or not self.entries:
                continue
            outcome, after = system.damage(target, self.entries, save=r.outcome)
            text = f"    {target.label} takes {outcome.total}: HP {target.hp} → {outcome.hp}"
            if target.temp_hp or outcome.temp_hp:
                text += f", temp HP {target.temp_hp} → {outcome.temp_hp}"
            lines.append(text + f" ({outcome.state})")
            scene = scene.replace_token(after)
        if self.area is not None and area_by_id(scene, self.area.id) is not None:
            scene = add_area(scene, self.area)
        self._log.set(lines)
        return replace(state, scene=scene)
