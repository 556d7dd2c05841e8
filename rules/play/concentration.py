"""Lasting spells and 5e concentration: ending a spell, and the Constitution save after damage.

5e (PHB 2014 / 2024 "Concentration"): a creature concentrates on one spell at a time — casting another
concentration spell ends the first (`rules.play.cast.Cast`); so does being incapacitated or dying
(`after_damage`). "Whenever you take damage while you are concentrating on a spell, you must make a
Constitution saving throw to maintain your concentration. The DC equals 10 or half the damage you take,
whichever number is higher" — the 2024 rules cap it at 30 (the systems' `casting.concentration_dc`). On a
failure the spell ends (`ConcentrationSave`).

Ending a spell (`end_spell`, the command `EndSpell`) takes back what it gave: its timed effects leave the
encounter and their conditions the tokens (unless another effect still gives them), the conditions it gave
outside an encounter leave their tokens, and its area leaves the map.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.dice import DieSource
from rules.messages import msg
from rules.model import effects as fx
from rules.model.active_spells import ActiveSpell, concentration_of
from rules.model.areas import without_area
from rules.model.spell import Spell, SpellSave
from rules.model.state import GameState
from rules.play.command import Outcome, Refused, logged
from rules.systems import RuleSystem, system_for

#: Conditions under which a creature can't concentrate (5e: incapacitated, or worse).
CANT_CONCENTRATE: tuple[str, ...] = (
    "incapacitated",
    "paralyzed",
    "petrified",
    "stunned",
    "unconscious",
    "dead",
    "dying",
)


def end_spell(state: GameState, active: ActiveSpell, why: str) -> tuple[GameState, list[str]]:
    """`state` without `active` and what it gave (see the module docstring), and the log lines."""
    lines = [str(msg("{spell} ends ({why})", spell=active.spell, why=why))]
    enc = state.encounter
    if enc is not None and active.effect_ids:
        gone = set(active.effect_ids)
        before = enc.timed
        after = tuple(e for e in before if e.id not in gone)
        state = replace(state, encounter=replace(enc, timed=after))
        scene = state.scene
        for tid in {e.target for e in before if e.id in gone}:
            token = scene.token(tid)
            if token is not None:
                scene = scene.replace_token(fx.apply_to_token(token, before, after))
        state = state.with_scene(scene)
    scene = state.scene
    for target, condition in active.given:
        token = scene.token(target)
        if token is not None and condition in token.conditions:
            scene = scene.replace_token(
                replace(token, conditions=tuple(c for c in token.conditions if c != condition))
            )
            lines.append(str(msg("{who} is no longer {condition}", who=token.label, condition=condition)))
    state = state.with_scene(scene)
    if active.area_id is not None and state.area(active.area_id) is not None:
        state = replace(state, areas=without_area(state.areas, active.area_id))
    return replace(state, spells=tuple(s for s in state.spells if s != active)), lines


def concentration_dc(system: RuleSystem, damage: int) -> int | None:
    """The save DC to keep concentrating after `damage` (None in a system without concentration saves)."""
    return system.casting.concentration_dc(damage)


@dataclass(frozen=True, slots=True)
class ConcentrationCheck:
    """A Constitution save a concentrating creature must make: it took `damage` in one step; `dc` keeps
    its `spell` (`ConcentrationSave` rolls it)."""

    token_id: str
    spell: str
    damage: int
    dc: int

    def text(self, who: str) -> str:
        return str(
            msg(
                "{who} took {n} damage: a DC {dc} Constitution save keeps {spell}",
                who=who,
                n=self.damage,
                dc=self.dc,
                spell=self.spell,
            )
        )


def concentration_checks(before: GameState, after: GameState) -> tuple[ConcentrationCheck, ...]:
    """The Constitution saves a step from `before` to `after` calls for: each creature still concentrating
    after it that lost HP or temporary HP in it (in a system with concentration saves)."""
    system = system_for(after.scene)
    out: list[ConcentrationCheck] = []
    for active in [s for s in after.spells if s.concentration]:
        was, now = before.token(active.caster), after.token(active.caster)
        if was is None or now is None or was.hp is None or now.hp is None:
            continue
        if any(now.has_condition(c) for c in CANT_CONCENTRATE):
            continue
        taken = (was.hp - now.hp) + max(0, was.temp_hp - now.temp_hp)
        dc = concentration_dc(system, taken) if taken > 0 else None
        if dc is not None:
            out.append(ConcentrationCheck(now.id, active.spell, taken, dc))
    return tuple(out)


def after_damage(before: GameState, after: GameState) -> tuple[GameState, list[str]]:
    """After a step that dealt damage: concentration ends for a creature that can no longer concentrate
    (incapacitated, unconscious, dead), and each other concentrating creature that took damage is told the
    Constitution save it must make (`ConcentrationSave`; `concentration_checks` gives them as values)."""
    lines: list[str] = []
    state = after
    for active in [s for s in after.spells if s.concentration]:
        now = state.token(active.caster)
        if now is not None and any(now.has_condition(c) for c in CANT_CONCENTRATE):
            state, ended = end_spell(state, active, str(msg("{who} can't concentrate", who=now.label)))
            lines += ended
    for check in concentration_checks(before, state):
        token = state.token(check.token_id)
        lines.append(check.text(token.label if token is not None else check.token_id))
    return state, lines


def checks_after(before: GameState, after: GameState) -> list[str]:
    """The concentration saves `after_damage` would ask for (the state is left as it is)."""
    _state, lines = after_damage(before, after)
    return lines


@dataclass(frozen=True, slots=True)
class EndSpell:
    """End a lasting spell of `caster_id` (its concentration spell, or the one named `spell`)."""

    caster_id: str
    spell: str | None = None
    why: str = "ended by hand"
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("End {spell}", spell=self.spell or "spell"))

    def apply(self, state: GameState) -> Outcome:
        found = next(
            (
                s
                for s in state.spells
                if s.caster == self.caster_id and (self.spell is None or s.spell == self.spell)
            ),
            None,
        )
        if found is None:
            raise Refused(str(msg("{who} keeps no such spell up", who=self.caster_id)))
        state, lines = end_spell(state, found, self.why)
        return logged(state, *lines)


@dataclass(frozen=True, slots=True)
class ConcentrationSave:
    """The Constitution save of a concentrating creature that took `damage`: typed `d20` (one or two dice)
    or rolled from `rng`; a failure ends its concentration spell."""

    token_id: str
    damage: int
    d20: tuple[int, ...] = ()
    rng: DieSource | None = field(default=None, compare=False)
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Concentration save"))

    def apply(self, state: GameState) -> Outcome:
        token = state.token(self.token_id)
        if token is None:
            raise Refused(str(msg("no token with id {id}", id=self.token_id)))
        active = concentration_of(state.spells, token.id)
        if active is None:
            raise Refused(str(msg("{who} isn't concentrating on a spell", who=token.label)))
        system = system_for(state.scene)
        dc = concentration_dc(system, self.damage)
        if dc is None:
            raise Refused(str(msg("{system} has no concentration saves", system=system.label)))
        dice = self.d20
        if not dice:
            if self.rng is None:
                raise Refused(str(msg("roll or type the d20")))
            dice = tuple(self.rng.randint(1, 20) for _ in range(system.attack_d20s))
        if not all(isinstance(d, int) and 1 <= d <= 20 for d in dice):
            raise Refused(str(msg("a d20 shows 1 to 20, not {dice}", dice=str(list(dice)))))
        probe = Spell("Concentration", 0, kind="ability", save=SpellSave("con"))
        roll = system.casting.save(state.scene, token, probe, dc, dice)
        lines = [
            str(msg("{who} keeps concentrating on {spell}?", who=token.label, spell=active.spell))
            + " "
            + roll.lines[0]
        ]
        if roll.outcome == "failure":
            state, ended = end_spell(state, active, str(msg("{who} lost concentration", who=token.label)))
            lines += ["  " + x for x in ended]
        else:
            lines.append("  " + str(msg("{spell} goes on", spell=active.spell)))
        return Outcome(state, tuple(lines), roll)
