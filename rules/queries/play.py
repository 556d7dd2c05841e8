"""The `play` query (query-protocol.md "A whole turn: `play`"): an encounter run on a copy of the scene, one
step after another, through the same play-layer commands the app executes (`rules.play`), on one
`rules.play.history.History`.

The encounter begins in the order given (`rules.play.turns.BeginInOrder`: round 1, the first creature's
turn begun, its start-of-turn rules run). Each step becomes one command (or a few, executed as one step:
an attack and its damage), for the creature whose turn it is unless the step names an ``actor``:

========================  ===============================================================================
step                      command
========================  ===============================================================================
``move``                  `MoveToken` (at most the economy's `move_actions`: PF2e one Stride, 5e no Dash)
``step``                  `MoveToken` with ``step`` (PF2e Step)
``stand`` …               `BasicAction` (``stand``, ``drop-prone``, ``take-cover``, ``raise-shield``,
                          ``dash``, ``disengage``, ``dodge``, ``hide``)
``strike`` / ``attack``   `AttackRoll`, then `ApplyDamage` on a hit (PF2e doubles the amounts on a
                          critical hit; 5e uses ``critical_damage`` when given)
``offhand``               `AttackRoll` with ``offhand`` (5e two-weapon fighting), then its damage
``help``                  `Help` · ``prepare-aid``: `PrepareAid` · ``aid``: `Aid` (with ``modifier``)
``seek`` / ``search``     `Seek`
``ready``                 `Ready` · ``delay``: `Delay` · ``return``: `ReturnFromDelay` (see below)
``cast``                  `Cast` from the ``cast`` query's fields (`cast_command`) with `PayForSpell`
``end-turn``              `NextTurn` with the rolls given (``persistent_rolls``, ``flat_checks``,
                          ``next_d20``)
========================  ===============================================================================

A step the rules refuse (`Refused`) changes nothing and answers ``{"ok": false, "refused": reason}``.
A step that is malformed (a missing field, a bad value, an unknown token) is a query error, as in every
query. Dice are never rolled: a roll the rules need that the step doesn't give refuses the step, naming the
field (`NoDice`).

``return`` comes right after an ``end-turn`` and before any step of the creature whose turn began: that
turn is put back (the history undoes the end-turn) and the end-turn runs again as `ReturnFromDelay`, so
the delaying creature takes its turn just before that creature.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.dice import NoDice, ScriptedDice
from rules.errors import QueryError
from rules.geometry.coords import Cell
from rules.model.scene import Scene
from rules.model.state import GameState
from rules.play.actions import Aid, Help, PrepareAid, Seek
from rules.play.basic_actions import BasicAction
from rules.play.command import Command, Refused
from rules.play.economy import economy_of, ledger_for, payment_for
from rules.play.flight import Fall, Fly
from rules.play.footing import KeepFooting
from rules.play.history import History
from rules.play.moves import MODES, MoveToken
from rules.play.spell_resolution import CastResult
from rules.play.table import ApplyDamage, AttackRoll
from rules.play.turns import BeginInOrder, Delay, NextTurn, Ready, ReturnFromDelay, UseReadied
from rules.queries import _fields as f
from rules.queries import query
from rules.queries.cast import cast_command
from rules.systems import system_for
from rules.systems.damage import DamageEntry
from rules.systems.object_damage import critical_immune
from rules.systems.turn_rolls import TurnRolls

#: Steps that are one of the system's basic actions (`BasicAction`).
BASIC_KINDS: tuple[str, ...] = (
    "stand",
    "drop-prone",
    "take-cover",
    "raise-shield",
    "dash",
    "disengage",
    "dodge",
)
#: Steps a creature may take outside its turn only as its readied action (an attack is any reaction).
READIED_KINDS: frozenset[str] = frozenset(
    {"move", "step", *BASIC_KINDS, "hide", "seek", "search", "help", "prepare-aid", "fly"}
)
#: Every step kind.
KINDS: tuple[str, ...] = (
    "move",
    "step",
    *BASIC_KINDS,
    "hide",
    "seek",
    "search",
    "strike",
    "attack",
    "offhand",
    "help",
    "prepare-aid",
    "aid",
    "ready",
    "delay",
    "return",
    "cast",
    "end-turn",
    "fly",
    "fall",
)


class StepRefused(Exception):
    """A step the rules refuse, with the sentence saying which rule."""


@dataclass
class Run:
    """One `play` query being run: the history and what the last turn-ending step was."""

    history: History
    #: The history position before the last ``end-turn`` and that step's fields, while no step has followed.
    last_end: tuple[int, Mapping[str, Any]] | None = None
    answers: list[dict[str, Any]] = field(default_factory=list)
    #: The log lines of the commands the current step executed.
    lines: list[str] = field(default_factory=list)
    #: The step is a creature's readied action outside its turn: its commands cost nothing of a turn,
    #: the reaction (`UseReadied`) is spent with the first of them.
    readied: str | None = None

    #: Set for the whole step (the commands' own costs are not charged).
    free: bool = False

    @property
    def state(self) -> GameState:
        return self.history.state

    def execute(self, *commands: Command) -> list[object]:
        """Execute `commands` as one step: all or nothing (a readied action's reaction first, see
        `readied`). Returns each command's detail."""
        readied = self.readied
        lead: tuple[Command, ...] = () if readied is None else (UseReadied(readied),)
        self.readied = None  # the reaction goes with the step's first commands
        done = 0
        details: list[object] = []
        texts: list[str] = []
        try:
            for command in (*lead, *commands):
                entry = self.history.execute(command)
                details.append(entry.detail)
                texts.append(entry.log)
                done += 1
        except Refused as exc:
            for _ in range(done):
                self.history.undo()
            self.readied = readied
            raise StepRefused(str(exc)) from None
        for text in texts:
            self.lines += [line.strip() for line in text.split("\n") if line.strip()]
        return details[len(lead) :]


# ------------------------------------------------------------------------------------------- fields


def _cell(step: Mapping[str, Any], name: str) -> Cell:
    value = f.require(dict(step), name)
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise QueryError("bad value", f"{name!r} must be a cell [x, y], got {f.show(value)}")
    return Cell(value[0], value[1])


def _text(step: Mapping[str, Any], name: str, default: str | None = None) -> str:
    value = step.get(name, default)
    if value is None:
        raise QueryError("missing field", f"the {step.get('do')!s} step needs {name!r}")
    if not isinstance(value, str):
        raise QueryError("bad value", f"{name!r} must be text, got {f.show(value)}")
    return value


def _token_id(state: GameState, step: Mapping[str, Any], name: str) -> str:
    tid = _text(step, name)
    if state.scene.token(tid) is None:
        raise QueryError("unknown token", f"no token with id {tid!r} ({name})")
    return tid


def _d20s(state: GameState, step: Mapping[str, Any], name: str = "d20") -> tuple[int, ...]:
    """A d20 as the scene's system rolls it: PF2e one die; 5e ``[first, second]`` (one die counts twice)."""
    raw = f.require(dict(step), name)
    values = raw if isinstance(raw, list) else [raw]
    if not values or len(values) > 2:
        raise QueryError("bad value", f"{name!r} must be a d20 or [first, second], got {f.show(raw)}")
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 20:
            raise QueryError("bad value", f"{name!r} must hold d20 results from 1 to 20, got {f.show(raw)}")
        out.append(v)
    if system_for(state.scene).attack_d20s == 1:
        return (out[0],)
    return tuple(out) if len(out) == 2 else (out[0], out[0])


def _damage(step: Mapping[str, Any], name: str) -> tuple[DamageEntry, ...]:
    raw = step.get(name)
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise QueryError("bad value", f"{name!r} must be a list of {{'amount', 'type'}}, got {f.show(raw)}")
    out: list[DamageEntry] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise QueryError("bad value", f"{name}[{i}] must be {{'amount', 'type'}}, got {f.show(item)}")
        amount = f.integer(item, "amount", lo=0)
        kind = item.get("type")
        if not isinstance(kind, str) or not kind.strip():
            raise QueryError("bad value", f"{name}[{i}].type must be a damage type, got {f.show(kind)}")
        out.append(DamageEntry(amount, kind.strip().lower()))
    return tuple(out)


def _typed_ints(step: Mapping[str, Any], name: str) -> dict[str, int]:
    raw = step.get(name)
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise QueryError("bad value", f"{name!r} must be an object {{type: number}}, got {f.show(raw)}")
    return {str(k): f.integer(raw, str(k), lo=0) for k in raw}


def _end_rolls(step: Mapping[str, Any]) -> TurnRolls:
    return TurnRolls.given(
        persistent=_typed_ints(step, "persistent_rolls"),
        flat_checks=_typed_ints(step, "flat_checks"),
        affliction_saves=_typed_ints(step, "affliction_saves"),
        affliction_damage=_typed_ints(step, "affliction_damage"),
    )


def _start_rolls(step: Mapping[str, Any]) -> TurnRolls | None:
    raw = step.get("next_d20")
    if raw is None:
        return None
    return TurnRolls(d20=f.integer(dict(step), "next_d20", lo=1))


# -------------------------------------------------------------------------------------------- steps


StepFn = Callable[[Run, Mapping[str, Any], str], dict[str, Any] | None]


def _move(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    to = _cell(step, "to")
    actions = economy_of(run.state).move_actions
    mode = _text(step, "mode", "walk")
    if mode not in MODES:
        raise QueryError("bad value", f"'mode' must be one of {', '.join(MODES)}, got {f.show(mode)}")
    balance = _balance_d20(step)
    dice = NoDice("hazardous terrain")
    run.execute(MoveToken(actor, (to,), max_actions=actions, mode=mode, balance_d20=balance, dice=dice))
    return None


def _balance_d20(step: Mapping[str, Any]) -> int | None:
    """The d20 of the Balance check a PF2e walk onto a narrow surface or uneven ground makes
    (``balance_d20``; `rules.play.footing`), or None when not given."""
    if step.get("balance_d20") is None:
        return None
    die = f.integer(dict(step), "balance_d20", lo=1)
    if die > 20:
        raise QueryError("bad value", f"'balance_d20' must be a d20 result from 1 to 20, got {die}")
    return die


def _keep_footing(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    """PF2e: the Reflex save to keep footing on a narrow surface or uneven ground (`rules.play.footing`),
    with the given ``d20`` (and ``damage_rolls`` for a fall's damage when it has dice)."""
    q = dict(step)
    d20 = f.integer(q, "d20", lo=1)
    rolls = q.get("damage_rolls") or []
    if not isinstance(rolls, list) or not all(isinstance(r, int) and not isinstance(r, bool) for r in rolls):
        raise QueryError("bad value", f"'damage_rolls' must be a list of die results, got {f.show(rolls)}")
    dice = ScriptedDice(list(rolls)) if rolls else NoDice("falling damage ('damage_rolls')")
    run.execute(KeepFooting(actor, d20, rng=dice))
    return None


def _fly(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    to = _cell(step, "to") if step.get("to") is not None else None
    height = f.integer(dict(step), "elevation", lo=0) if step.get("elevation") is not None else None
    run.execute(Fly(actor, to, height, free=run.free))
    return None


def _fall(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    q = dict(step)
    feet = f.integer(q, "feet", lo=0) if q.get("feet") is not None else None
    reaction = _text(step, "reaction") if q.get("reaction") is not None else None
    d20 = f.integer(q, "d20", lo=1) if q.get("d20") is not None else None
    rolls = q.get("damage_rolls") or []
    if not isinstance(rolls, list) or not all(isinstance(r, int) and not isinstance(r, bool) for r in rolls):
        raise QueryError("bad value", f"'damage_rolls' must be a list of die results, got {f.show(rolls)}")
    run.execute(
        Fall(
            actor,
            feet,
            reaction,
            d20,
            f.integer(q, "modifier", 0),
            f.integer(q, "dc", 15),
            f.integer(q, "fallen", 0, lo=0),
            dice=ScriptedDice(list(rolls)) if rolls else NoDice("falling damage ('damage_rolls')"),
        )
    )
    return None


def _step(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    balance = _balance_d20(step)
    run.execute(
        MoveToken(
            actor, (_cell(step, "to"),), step=True, balance_d20=balance, dice=NoDice("hazardous terrain")
        )
    )
    return None


def _basic(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    kind = str(step["do"])
    run.execute(BasicAction(actor, kind, dice=NoDice(kind), free=run.free))
    return None


def _hide(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    dice = _d20s(run.state, step)
    run.execute(BasicAction(actor, "hide", dice=ScriptedDice(list(dice)), free=run.free))
    token = run.state.scene.token(actor)
    return {"hidden": token is not None and token.has_condition("hidden")}


def _seek(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    run.execute(Seek(actor, _d20s(run.state, step), free=run.free))
    return None


def _attack(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    state = run.state
    target = _token_id(state, step, "target")
    name = _text(step, "attack")
    attacker = state.scene.token(actor)
    if attacker is not None and attacker.attack(name) is None:
        known = ", ".join(a.name for a in attacker.attacks) or "none"
        raise QueryError("bad value", f"{actor} has no attack named {name!r} (its attacks: {known})")
    dice = _d20s(state, step)
    damage = _damage(step, "damage")
    critical_damage = _damage(step, "critical_damage")
    offhand = step["do"] == "offhand"
    mark = len(run.history.applied())
    (result,) = run.execute(AttackRoll(actor, target, name, dice, offhand=offhand))
    hit = bool(getattr(result, "hit", False))
    critical = bool(getattr(result, "critical", False))
    if hit and damage:
        entries = damage
        token = run.state.scene.token(target)
        if token is not None and critical_immune(token):
            pass  # a critical hit deals it normal damage
        elif critical and critical_damage:
            entries = critical_damage
        elif critical and system_for(state.scene).critical_doubles_total:
            entries = tuple(DamageEntry(e.amount * 2, e.type) for e in damage)
        block = f.boolean(dict(step), "shield_block")
        if token is not None and token.hp is not None:
            try:
                command = ApplyDamage(
                    target, entries, critical=critical, source=f"{name} hit", shield_block=block
                )
                run.execute(command)
            except StepRefused:
                while len(run.history.applied()) > mark:
                    run.history.undo()
                raise
    to_json = getattr(result, "to_json", None)
    return {"result": to_json()} if callable(to_json) else None


def _help(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    ally = _token_id(run.state, step, "ally")
    target = _token_id(run.state, step, "target") if step.get("target") is not None else None
    run.execute(Help(actor, ally, target_id=target, free=run.free))
    return None


def _prepare_aid(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    run.execute(PrepareAid(actor, _token_id(run.state, step, "ally"), free=run.free))
    return None


def _aid(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    ally = _token_id(run.state, step, "ally")
    (d20,) = _d20s(run.state, step)[:1]
    modifier = f.integer(dict(step), "modifier") if step.get("modifier") is not None else None
    (report,) = run.execute(Aid(actor, ally, d20, modifier=modifier))
    outcome = getattr(report, "outcome", None)
    if isinstance(outcome, dict):
        return {"result": outcome}
    total = getattr(outcome, "total", None)
    degree = getattr(outcome, "degree", None)
    return {"result": {"total": total, "degree": degree}} if degree is not None else None


def _ready(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    trigger = _text(step, "trigger", "")
    action = _text(step, "action", "")
    run.execute(
        Ready(
            actor,
            trigger,
            NoDice("the end of the turn"),
            action=action,
            end=_end_rolls(step),
            start=_start_rolls(step),
        )
    )
    return None


def _delay(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    enc = run.state.encounter
    if enc is not None and enc.current_id != actor:
        raise StepRefused(f"only the creature whose turn begins can Delay, not {actor}")
    run.execute(Delay(NoDice("the next turn's start"), rolls=_end_rolls(step), start=_start_rolls(step)))
    return None


def _return(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    if run.last_end is None:
        raise StepRefused(
            f"{actor} can return from Delay only at the end of another creature's turn: right after an "
            "end-turn step, before the next creature acts (Player Core 416: Delay)"
        )
    enc = run.state.encounter
    if enc is None or actor not in enc.delayed:
        raise StepRefused(f"{actor} is not delaying")
    mark, ending = run.last_end
    undone = 0
    while len(run.history.applied()) > mark:
        run.history.undo()
        undone += 1
    try:
        run.execute(ReturnFromDelay(actor, NoDice("the end of the turn"), end=_end_rolls(ending)))
    except StepRefused:
        for _ in range(undone):
            run.history.redo()
        raise
    return None


def _cast(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    """The ``cast`` query's fields as the play layer's `Cast` command, executed in one step with the
    `PayForSpell` that spends the spell's cost from the caster's turn (`rules.play.economy.payment_for`);
    the answer's ``result`` is what the ``cast`` query answers."""
    fields = {k: v for k, v in step.items() if k not in ("do", "actor")}
    fields["caster"] = actor
    command = cast_command(run.state.scene, fields)
    _paid, detail = run.execute(payment_for(run.state, command, free=run.free), command)
    return {"result": detail.to_json()} if isinstance(detail, CastResult) else None


def _end_turn(run: Run, step: Mapping[str, Any], actor: str) -> dict[str, Any] | None:
    mark = len(run.history.applied())
    run.execute(NextTurn(NoDice("the turn"), end=_end_rolls(step), start=_start_rolls(step)))
    run.last_end = (mark, step)
    return None


STEPS: dict[str, StepFn] = {
    "move": _move,
    "step": _step,
    **{k: _basic for k in BASIC_KINDS},
    "hide": _hide,
    "seek": _seek,
    "search": _seek,
    "strike": _attack,
    "attack": _attack,
    "offhand": _attack,
    "help": _help,
    "prepare-aid": _prepare_aid,
    "aid": _aid,
    "ready": _ready,
    "delay": _delay,
    "return": _return,
    "cast": _cast,
    "end-turn": _end_turn,
    "fly": _fly,
    "fall": _fall,
    "keep-footing": _keep_footing,
}


# ------------------------------------------------------------------------------------------- answer


def _token_answer(state: GameState, token_id: str) -> dict[str, Any]:
    token = state.scene.token(token_id)
    if token is None:
        return {"cell": None, "hp": None, "temp_hp": 0, "state": "gone", "conditions": [], "elevation": 0}
    return {
        "cell": [token.cell.x, token.cell.y],
        "hp": token.hp,
        "temp_hp": token.temp_hp,
        "state": system_for(state.scene).state_of(token),
        "conditions": sorted(token.conditions),
        "elevation": token.elevation,
    }


def _turn_answer(state: GameState) -> dict[str, Any]:
    enc = state.encounter
    if enc is None or enc.current_id is None:
        return {"token": None, "round": state.round}
    tid = enc.current_id
    out: dict[str, Any] = {"token": tid, "round": enc.round}
    token = state.scene.token(tid)
    if token is not None:
        out.update(economy_of(state).remaining(ledger_for(state, tid), token))
    return out


def _ids(scene: Scene, q: dict[str, Any], name: str) -> list[str]:
    raw = f.require(q, name)
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise QueryError("bad value", f"{name!r} must be a list of token ids, got {f.show(raw)}")
    for tid in raw:
        if scene.token(tid) is None:
            raise QueryError("unknown token", f"no token with id {tid!r} ({name})")
    return list(raw)


def run_steps(scene: Scene, order: list[str], steps: list[Any]) -> tuple[GameState, list[dict[str, Any]]]:
    """Run `steps` (see the module docstring) from an encounter begun in `order`; the state after them and
    one answer per step."""
    run = Run(History(GameState(scene)))
    try:
        run.execute(BeginInOrder(order, NoDice("the first creature's start of turn")))
    except StepRefused as exc:
        raise QueryError("missing field", f"the encounter can't begin: {exc}") from None
    for i, step in enumerate(steps):
        if not isinstance(step, dict):
            raise QueryError("bad value", f"steps[{i}] must be an object with 'do', got {f.show(step)}")
        kind = step.get("do")
        if kind is None:
            raise QueryError("missing field", f"steps[{i}] needs 'do' (one of {', '.join(KINDS)})")
        if not isinstance(kind, str) or kind not in STEPS:
            raise QueryError("bad value", f"steps[{i}].do {f.show(kind)} is not one of {', '.join(KINDS)}")
        enc = run.state.encounter
        current = enc.current_id if enc is not None else None
        actor = _token_id(run.state, step, "actor") if step.get("actor") is not None else current
        if actor is None:
            raise QueryError("bad value", f"steps[{i}]: no creature's turn is running")
        last_end = run.last_end
        run.lines = []
        run.readied, run.free = None, False
        off_turn = enc is not None and actor != current and enc.in_order(actor)
        if off_turn and kind in READIED_KINDS:
            run.readied, run.free = actor, True  # a readied action, taken as a reaction
        try:
            extra = STEPS[kind](run, step, actor)
        except StepRefused as exc:
            run.last_end = last_end  # a refused step changes nothing
            run.answers.append({"ok": False, "refused": str(exc)})
            continue
        if kind != "end-turn" and actor == current:
            run.last_end = None  # the creature whose turn began has acted: its turn can't be put back
        answer: dict[str, Any] = {"ok": True, "log": run.lines}
        if extra:
            answer.update(extra)
        run.answers.append(answer)
    return run.state, run.answers


@query("play")
def play(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    """See the module docstring and query-protocol.md "A whole turn: `play`"."""
    order = _ids(scene, q, "order")
    if not order:
        raise QueryError("bad value", "'order' must list at least one token")
    steps = f.require(q, "steps")
    if not isinstance(steps, list):
        raise QueryError("bad value", f"'steps' must be a list of steps, got {f.show(steps)}")
    report = _ids(scene, q, "report") if q.get("report") is not None else [t.id for t in scene.tokens]
    state, answers = run_steps(scene, order, steps)
    return {
        "steps": answers,
        "turn": _turn_answer(state),
        "tokens": {tid: _token_answer(state, tid) for tid in sorted(report)},
    }
