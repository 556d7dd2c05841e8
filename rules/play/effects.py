"""Conditions with durations and healing as commands: what the condition editor and the heal buttons execute.

* `EditConditions(token_id, conditions, effects, persistent)`: the token's conditions become `conditions`
  (the condition editor's list), its persistent damage `persistent` when given (PF2e: each a dice formula
  and a type, taken at the end of its turns with a DC 15 flat check to end it; refused where the system has
  none or a formula doesn't parse), and `effects` (`rules.model.effects.Effect`, one per condition given a
  duration) join the
  running encounter's timed effects (`rules.model.encounter.Encounter.timed`), which tick at every turn
  boundary (`rules.play.turns`). A new effect for a condition replaces the old effect for the same condition
  on that token; effects whose condition the token no longer has end. Without an encounter there are no
  turns to count, so durations are not kept (the log says so) and the conditions stay until removed.
* `EndEffect(effect_id)`: the GM ends one effect (by hand, or on its successful save); its condition goes
  unless another effect still gives it. `SustainEffect(effect_id)`: a sustained effect is sustained this turn.
* `Heal(token_id, amount)` / `GainTempHp(token_id, amount)`: healing and temporary HP by the system's rules
  (`rules.systems.healing`: capped at max HP, waking, PF2e dying → wounded, 5e death saves reset;
  temporary HP don't stack). `RolledHealing(token_id, formula, temp, dice)`: the same with an amount
  written as a number or dice (``2d8+5``), rolled once by the command's die source (undo and redo never
  roll again) and logged with its dice; `healing_command` checks the text first (a bad formula is a
  `dice.DiceSyntaxError` saying where).

`put_token(state, token)` replaces a token and lets the timed effects follow it (an effect whose condition
the token lost ends); the other commands use it when a rule takes a condition off (Take Cover ending).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from rules import dice
from rules.dice import DieSource, fresh_source
from rules.messages import msg
from rules.model import effects as fx
from rules.model.scene import PersistentDamage, Token
from rules.model.state import GameState
from rules.play.command import Outcome, Refused, logged
from rules.systems import healing, system_for

CONDITIONS_NOW = "{name}: conditions {conditions}"
ROLLED = "rolled {roll}"
NO_TYPE = "an amount of healing has no damage type"
NO_PERSISTENT = "{system} has no persistent damage"
BAD_PERSISTENT = "{name}'s persistent damage {damage} is not a dice formula: {problem}"


def _name(condition: str) -> str:
    return condition.split()[0].lower() if condition.split() else ""


def put_token(state: GameState, token: Token) -> tuple[GameState, tuple[str, ...]]:
    """`state` with `token` in place of the token of the same id; the encounter's timed effects on it
    follow its conditions (`rules.model.effects.follow_token`). Returns the state and the log lines of
    effects that ended."""
    before = state.scene.token(token.id)
    fell: tuple[str, ...] = ()
    if before is not None and system_for(state.scene).economy.drops(before, token):
        fall = system_for(state.scene).economy.fall(token, token.elevation)
        landed = replace(token, elevation=0)
        if fall.prone and not landed.has_condition("prone"):
            landed = landed.with_condition("prone")
        if fall.damage:
            text = msg(
                "{name} can't stay aloft: it falls {feet} ft ({damage} bludgeoning to roll and apply)",
                name=token.label,
                feet=token.elevation,
                damage=fall.damage,
            )
        else:
            text = msg("{name} can't stay aloft: it falls {feet} ft", name=token.label, feet=token.elevation)
        fell = (str(text),)
        token = landed
    state = state.with_scene(state.scene.replace_token(token))
    enc = state.encounter
    if enc is None or not enc.timed_on(token.id):
        return state, fell
    timed, lines = fx.follow_token(enc.timed, token)
    if timed == enc.timed:
        return state, fell
    return replace(state, encounter=replace(enc, timed=timed)), (*fell, *lines)


def _unique(effect: fx.Effect, taken: set[str]) -> fx.Effect:
    if effect.id not in taken:
        return effect
    n = 2
    while f"{effect.id}-{n}" in taken:
        n += 1
    return replace(effect, id=f"{effect.id}-{n}")


def _checked_persistent(state: GameState, token: Token, persistent: Sequence[PersistentDamage]) -> None:
    """Refuse persistent damage where the system has none, or with a formula that isn't dice."""
    if persistent and not system_for(state.scene).persistent_damage:
        raise Refused(str(msg(NO_PERSISTENT, system=system_for(state.scene).title)))
    for p in persistent:
        try:
            dice.parse(p.damage)
        except dice.DiceSyntaxError as exc:
            raise Refused(
                str(msg(BAD_PERSISTENT, name=token.label, damage=p.damage, problem=str(exc).splitlines()[0]))
            ) from None


def edit_conditions(
    state: GameState,
    token_id: str,
    conditions: Sequence[str],
    effects: Sequence[fx.Effect] = (),
    persistent: Sequence[PersistentDamage] | None = None,
) -> tuple[GameState, list[str]]:
    """See `EditConditions`. Raises `Refused` for an unknown token, an effect on another token, or a bad
    persistent damage."""
    token = state.scene.token(token_id)
    if token is None:
        raise Refused(f"no token with id {token_id!r}")
    for e in effects:
        if e.target != token_id:
            other = state.scene.token(e.target)
            raise Refused(
                str(
                    msg(
                        "{effect} is on {other}, not on {name}",
                        effect=e.text,
                        other=other.label if other is not None else e.target,
                        name=token.label,
                    )
                )
            )
    after = replace(token, conditions=tuple(conditions))
    if persistent is not None:
        _checked_persistent(state, token, persistent)
        after = replace(after, persistent=tuple(persistent))
    shown = ", ".join([*after.conditions, *(f"{p.damage} persistent {p.type}" for p in after.persistent)])
    lines = [str(msg(CONDITIONS_NOW, name=token.label, conditions=shown or str(msg("none"))))]
    enc = state.encounter
    if enc is None:
        state = state.with_scene(state.scene.replace_token(after))
        if effects:
            lines.append(
                "no encounter is running: durations aren't counted (the conditions stay until removed)"
            )
        return state, lines
    names = {_name(c) for c in after.conditions}
    renewed = {e.name.lower() for e in effects}
    kept = tuple(
        e
        for e in enc.timed
        if e.target != token_id or (e.name.lower() in names and e.name.lower() not in renewed)
    )
    taken = {e.id for e in kept}
    added: list[fx.Effect] = []
    for e in effects:
        if e.name.lower() not in names:
            continue
        e = _unique(e, taken)
        taken.add(e.id)
        added.append(e)
        lines.append(e.describe())
    state = replace(state, encounter=replace(enc, timed=(*kept, *added)))
    state, ended = put_token(state, after)
    return state, [*lines, *ended]


@dataclass(frozen=True, slots=True)
class EditConditions:
    """The condition editor's result as one step (see the module docstring)."""

    token_id: str
    conditions: tuple[str, ...]
    effects: tuple[fx.Effect, ...] = ()
    #: The token's persistent damage after the edit (None: unchanged).
    persistent: tuple[PersistentDamage, ...] | None = None
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Edit conditions"

    def apply(self, state: GameState) -> Outcome:
        after, lines = edit_conditions(state, self.token_id, self.conditions, self.effects, self.persistent)
        return logged(after, "; ".join(lines))


#: Another name for the same command.
SetEffects = EditConditions


def _timed(state: GameState) -> tuple[fx.Effect, ...]:
    if state.encounter is None:
        raise Refused("no encounter is running")
    return state.encounter.timed


@dataclass(frozen=True, slots=True)
class EndEffect:
    """End one timed effect by hand (or on its successful save): its condition leaves the token unless
    another running effect still gives it."""

    effect_id: str
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "End effect"

    def apply(self, state: GameState) -> Outcome:
        before = _timed(state)
        try:
            after, lines = fx.end(before, self.effect_id)
        except KeyError as exc:
            raise Refused(str(exc.args[0])) from None
        gone = next(e for e in before if e.id == self.effect_id)
        assert state.encounter is not None
        state = replace(state, encounter=replace(state.encounter, timed=after))
        token = state.scene.token(gone.target)
        if token is not None:
            state = state.with_scene(state.scene.replace_token(fx.apply_to_token(token, before, after)))
        return logged(state, *lines)


@dataclass(frozen=True, slots=True)
class SustainEffect:
    """Sustain a sustained effect this turn (it doesn't end at the end of the sustainer's turn): PF2e
    "Sustain" is an action of the sustaining creature on its turn (Player Core 419), charged by the turn
    economy (`rules.play.economy.charge`, ``sustain``); once a turn (an effect already sustained this turn —
    a new one counts as sustained the turn it was made — is refused). `free` is the GM's override."""

    effect_id: str
    merge_key: object | None = None
    free: bool = False

    @property
    def label(self) -> str:
        return "Sustain"

    def apply(self, state: GameState) -> Outcome:
        from rules.play.economy import charge, remaining_text
        from rules.systems.economy import Act

        before = _timed(state)
        try:
            after = fx.sustain(before, self.effect_id)
        except (KeyError, ValueError) as exc:
            raise Refused(str(exc.args[0])) from None
        assert state.encounter is not None
        e = next(x for x in after if x.id == self.effect_id)
        was = next(x for x in before if x.id == self.effect_id)
        sustainer = e.ends.creature
        lines = [str(msg("{effect} is sustained", effect=e.text))]
        if sustainer is not None and state.scene.token(sustainer) is not None and not self.free:
            if was.sustained:
                raise Refused(
                    str(msg("{effect} is already sustained this turn (once a turn)", effect=e.text))
                )
            state = charge(state, sustainer, Act("sustain", name=f"Sustain {e.text}"))
            who = state.scene.token(sustainer)
            assert who is not None
            lines.append(f"  {who.label}: {remaining_text(state, sustainer)}")
        assert state.encounter is not None
        return Outcome(replace(state, encounter=replace(state.encounter, timed=after)), tuple(lines))


def _hp_step(state: GameState, token_id: str, amount: int, temp: bool) -> Outcome:
    token = state.scene.token(token_id)
    if token is None:
        raise Refused(f"no token with id {token_id!r}")
    if token.hp is None:
        raise Refused(str(msg("{name} has no HP to heal", name=token.label)))
    try:
        rule = healing.gain_temp_hp if temp else healing.heal
        after, lines = rule(token, amount, state.scene.system)
    except ValueError as exc:
        raise Refused(str(exc)) from None
    new_state, ended = put_token(state, after)
    return logged(new_state, "; ".join((*lines, *ended)))


@dataclass(frozen=True, slots=True)
class Heal:
    """`token_id` regains `amount` HP by its system's rules (`rules.systems.healing.heal`)."""

    token_id: str
    amount: int
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Heal"

    def apply(self, state: GameState) -> Outcome:
        return _hp_step(state, self.token_id, self.amount, temp=False)


def _rng() -> DieSource:
    return fresh_source()


@dataclass(frozen=True, slots=True)
class RolledHealing:
    """Healing (or temporary HP with `temp`) of `formula` — ``7`` or ``2d8+5`` — rolled with `dice`."""

    token_id: str
    formula: str
    temp: bool = False
    dice: DieSource = field(default_factory=_rng, compare=False)
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Temporary HP" if self.temp else "Heal"

    def apply(self, state: GameState) -> Outcome:
        try:
            rolled = dice.roll(self.formula, self.dice)
        except dice.DiceSyntaxError as exc:
            raise Refused(exc.short) from None
        amount = max(0, rolled.total)
        out = _hp_step(state, self.token_id, amount, temp=self.temp)
        if not rolled.formula.dice():
            return out
        return logged(out.state, f"{out.text} — {msg(ROLLED, roll=rolled.render())!s}")


def healing_command(token_id: str, text: str, *, temp: bool, rng: DieSource) -> RolledHealing:
    """The command for a heal or temp-HP amount typed as ``7`` or ``2d8+5``. Raises
    `dice.DiceSyntaxError` for text that isn't a number or dice (damage types aren't allowed)."""
    formula = dice.parse(text.strip())
    if any(p.damage_type for p in formula.parts):
        raise dice.DiceSyntaxError(text, 0, str(msg(NO_TYPE)))
    return RolledHealing(token_id, text.strip(), temp, rng)


@dataclass(frozen=True, slots=True)
class GainTempHp:
    """`token_id` gains `amount` temporary HP (they don't stack: the higher stays)."""

    token_id: str
    amount: int
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Temporary HP"

    def apply(self, state: GameState) -> Outcome:
        return _hp_step(state, self.token_id, self.amount, temp=True)
