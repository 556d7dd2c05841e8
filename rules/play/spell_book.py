"""A caster's spells as the table sees them: what each spell is at the levels it can be cast at, what is left
to pay for it, the lasting spells the caster keeps up, and the edits of a creature's spells and uses.

`spell_book(state, caster_id)` answers the app's spell list (and anything else that lists spells, such as an
action bar) without deciding anything itself:

* each spell's **levels** — the level (rank) it is cast at by default and every higher one the system
  allows (`RuleSystem.casting.cast_level`: a cantrip and an ability have one; a spell is heightened up to
  the caster's highest tracked slot level, or the system's highest level when the caster tracks no slots),
  each with its form there (`casting.form`: heightened damage, targets and area; a scaled cantrip) and
  whether the caster can pay for it now (`rules.play.cast.spend_uses`: a slot of that level, a Focus Point,
  a use left today, a recharged ability — the refusal sentence when not);
* what is left of its **uses** in words (slots of its level, Focus Points, uses today, recharge);
* its **cost** (PF2e actions, 5e casting time) and a one-line **summary** (area or targets, range, save or
  attack, damage).

`kept_up(state, caster_id)` lists the lasting spells the caster keeps up (5e concentration, PF2e sustained
spells and anything else that still gives an effect or an area), for ending (`EndSpell`) or sustaining
(`SustainSpell`) them.

Commands: `GiveSpells` (a creature learns spells: from the compendium, or an ability), `RemoveSpell`,
`SetSpellUses` (slots, Focus Points and uses spent, set by hand), `RestoreUses` (a rest or daily
preparations: everything spent comes back) and `SustainSpell` (PF2e: every effect of a sustained spell is
sustained this turn).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.errors import QueryError
from rules.messages import msg, nmsg
from rules.model import effects as fx
from rules.model.active_spells import ActiveSpell, active_of
from rules.model.scene import Token
from rules.model.spell import CastForm, Spell, SpellUsesLeft, damage_formula
from rules.model.state import GameState
from rules.play.cast import spend_uses
from rules.play.command import Outcome, Refused, logged
from rules.play.effects import put_token
from rules.systems import system_for
from rules.systems.casting import CastRefused

# ------------------------------------------------------------------------------------------------ words


def level_text(spell: Spell, level: int, *, ranks: bool) -> str:
    """``Cantrip``, ``Level 3`` / ``Rank 3``, ``Ability``."""
    if spell.kind == "ability":
        return str(msg("Ability"))
    if spell.is_cantrip and not ranks:
        return str(msg("Cantrip"))
    if spell.is_cantrip:
        return str(msg("Cantrip (rank {n})", n=level))
    return str(msg("Rank {n}", n=level)) if ranks else str(msg("Level {n}", n=level))


def form_summary(spell: Spell, form: CastForm, dc: int | None, attack: int | None) -> str:
    """One line: the area or the number of targets, the range, the save or attack, the damage."""
    parts: list[str] = []
    if form.area is not None:
        parts.append(form.area.text)
    elif form.targets == 0:
        parts.append(str(msg("self")))
    else:
        parts.append(str(nmsg("{n} target", "{n} targets", n=form.targets)))
    if spell.touch:
        parts.append(str(msg("touch")))
    elif spell.range is not None:
        parts.append(str(msg("range {feet} ft", feet=spell.range)))
    if spell.save is not None:
        save = spell.save.stat.capitalize() if len(spell.save.stat) > 3 else spell.save.stat.upper()
        basic = str(msg("basic ")) if spell.save.basic else ""
        parts.append(
            str(msg("{basic}{save} save DC {dc}", basic=basic, save=save, dc=dc))
            if dc is not None
            else str(msg("{basic}{save} save", basic=basic, save=save))
        )
    elif spell.attack:
        parts.append(
            str(msg("spell attack {bonus:+d}", bonus=attack))
            if attack is not None
            else str(msg("spell attack"))
        )
    formula = damage_formula(form.damage)
    if formula:
        parts.append(formula)
    return " · ".join(parts)


def uses_text(caster: Token, spell: Spell, level: int, *, ranks: bool = False) -> str:
    """What is left to pay for `spell` at `level` (empty when nothing is tracked); `ranks`: PF2e words."""
    uses = caster.spell_uses
    kind = spell.uses.kind if spell.uses is not None else ("at-will" if spell.is_cantrip else "slot")
    if spell.kind == "ability" and kind == "slot":
        kind = "at-will"
    if kind == "slot":
        left = uses.slots_left(level)
        if left is None:
            return ""
        most = next(m for lv, m, _u in uses.slots if lv == level)
        if ranks:
            return str(msg("{left} of {most} rank {level} slots left", left=left, most=most, level=level))
        return str(msg("{left} of {most} level {level} slots left", left=left, most=most, level=level))
    if kind == "focus":
        if uses.focus is None:
            return ""
        left = uses.focus_left or 0
        return str(
            nmsg(
                "{left} of {n} Focus Point left",
                "{left} of {n} Focus Points left",
                left=left,
                n=uses.focus[0],
            )
        )
    if kind == "per-day" and spell.uses is not None:
        left = spell.uses.count - uses.spent_of(spell.name)
        return str(msg("{left} of {most} left today", left=max(0, left), most=spell.uses.count))
    if kind == "recharge" and spell.uses is not None:
        if uses.spent_of(spell.name):
            return str(msg("{recharge}: spent", recharge=spell.uses.text))
        return str(msg("{recharge}: ready", recharge=spell.uses.text))
    if kind == "at-will" and spell.kind == "ability":
        return str(msg("at will"))
    return ""


# ------------------------------------------------------------------------------------------------ rows


@dataclass(frozen=True, slots=True)
class LevelChoice:
    """One level (rank) a spell can be cast at: its words, its form there, and whether it can be paid for
    now (`why_not`: the refusal sentence when not)."""

    level: int
    label: str
    form: CastForm
    summary: str
    uses: str
    available: bool
    why_not: str = ""


@dataclass(frozen=True, slots=True)
class SpellRow:
    """One spell or ability of a caster (see the module docstring)."""

    spell: Spell
    level_label: str
    levels: tuple[LevelChoice, ...]
    cost: str
    #: A spent recharge ability (the table rolls its recharge).
    spent_recharge: bool = False
    #: It can't be cast at all (its data, such as a missing DC); the reason.
    problem: str = ""

    @property
    def name(self) -> str:
        return self.spell.name

    @property
    def default(self) -> LevelChoice | None:
        return self.levels[0] if self.levels else None

    def choice(self, level: int) -> LevelChoice | None:
        return next((c for c in self.levels if c.level == level), None)

    @property
    def available(self) -> bool:
        return any(c.available for c in self.levels) and not self.problem

    @property
    def sort_level(self) -> int:
        return self.spell.level if self.spell.kind == "spell" else -1


def _top_level(caster: Token, spell: Spell, highest: int) -> int:
    """The highest level `spell` is offered at: the caster's highest slot level that has slots (spells paid
    with slots), else the system's highest level."""
    kind = spell.uses.kind if spell.uses is not None else "slot"
    if kind == "slot" and caster.spell_uses.slots:
        tracked = [lv for lv, most, _u in caster.spell_uses.slots if most > 0]
        return max([spell.level, *tracked])
    return highest


def spell_row(state: GameState, caster: Token, spell: Spell) -> SpellRow:
    """`spell` of `caster` as the spell list shows it (see the module docstring)."""
    system = system_for(state.scene)
    rules = system.casting
    ranks = rules.uses_ranks
    cost = rules.cost(spell).text
    dc = spell.dc if spell.dc is not None else caster.spell_dc
    attack = spell.attack_bonus if spell.attack_bonus is not None else caster.spell_attack
    problem = ""
    if spell.save is not None and dc is None:
        problem = str(msg("{who} has no spell DC (the DC of {spell})", who=caster.label, spell=spell.name))
    elif spell.attack and attack is None:
        problem = str(
            msg("{who} has no spell attack (the attack of {spell})", who=caster.label, spell=spell.name)
        )
    try:
        first = rules.cast_level(spell, None, caster)
    except CastRefused as exc:
        return SpellRow(spell, spell.name, (), cost, problem=str(exc))
    levels = [first]
    if spell.kind == "spell" and not spell.is_cantrip:
        for lv in range(first + 1, _top_level(caster, spell, rules.highest_level) + 1):
            try:
                levels.append(rules.cast_level(spell, lv, caster))
            except CastRefused:
                break
    choices: list[LevelChoice] = []
    for lv in levels:
        form = rules.form(spell, lv, caster)
        try:
            spend_uses(caster, spell, lv)
            available, why = True, ""
        except Refused as exc:
            available, why = False, str(exc)
        choices.append(
            LevelChoice(
                lv,
                level_text(spell, lv, ranks=ranks),
                form,
                form_summary(spell, form, dc, attack),
                uses_text(caster, spell, lv, ranks=ranks),
                available and not problem,
                why or problem,
            )
        )
    spent = (
        spell.uses is not None
        and spell.uses.kind == "recharge"
        and bool(caster.spell_uses.spent_of(spell.name))
    )
    return SpellRow(spell, level_text(spell, first, ranks=ranks), tuple(choices), cost, spent, problem)


def spell_book(state: GameState, caster_id: str) -> tuple[SpellRow, ...]:
    """The caster's spells and abilities, abilities first, then by level and name. Raises `QueryError`
    for an unknown caster."""
    caster = state.token(caster_id)
    if caster is None:
        raise QueryError("unknown token", f"no token with id {caster_id!r} in this scene")
    rows = [spell_row(state, caster, s) for s in caster.spells]
    return tuple(sorted(rows, key=lambda r: (r.sort_level, r.name.lower())))


# -------------------------------------------------------------------------------------- lasting spells


@dataclass(frozen=True, slots=True)
class KeptUp:
    """A lasting spell the caster keeps up: its words and whether it can be sustained (PF2e)."""

    active: ActiveSpell
    text: str
    sustainable: bool


def _alive(state: GameState, active: ActiveSpell) -> bool:
    """Still doing something: concentration, a timed effect left, its area on the map, or conditions it
    gave outside an encounter."""
    if active.concentration or active.given:
        return True
    if active.area_id is not None and state.area(active.area_id) is not None:
        return True
    enc = state.encounter
    return enc is not None and any(e.id in active.effect_ids for e in enc.timed)


def _sustained_ids(state: GameState, active: ActiveSpell) -> tuple[str, ...]:
    enc = state.encounter
    if enc is None:
        return ()
    return tuple(e.id for e in enc.timed if e.id in active.effect_ids and e.ends.kind == "sustained")


def kept_up(state: GameState, caster_id: str) -> tuple[KeptUp, ...]:
    """The lasting spells `caster_id` keeps up (see the module docstring)."""
    caster = state.token(caster_id)
    who = caster.label if caster is not None else caster_id
    out: list[KeptUp] = []
    for active in active_of(state.spells, caster_id):
        if not _alive(state, active):
            continue
        sustainable = bool(_sustained_ids(state, active))
        if active.concentration:
            text = str(msg("{who} is concentrating on {spell}", who=who, spell=active.spell))
        elif sustainable:
            text = str(msg("{who} is sustaining {spell}", who=who, spell=active.spell))
        else:
            text = str(msg("{who} keeps {spell} up", who=who, spell=active.spell))
        out.append(KeptUp(active, text, sustainable))
    return tuple(out)


# ------------------------------------------------------------------------------------------- commands


def _token(state: GameState, token_id: str) -> Token:
    token = state.token(token_id)
    if token is None:
        raise Refused(str(msg("no token with id {id}", id=token_id)))
    return token


@dataclass(frozen=True, slots=True)
class GiveSpells:
    """`token_id` gains `spells` (a spell it already has by that name is replaced)."""

    token_id: str
    spells: tuple[Spell, ...]
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Give spells"))

    def apply(self, state: GameState) -> Outcome:
        token = _token(state, self.token_id)
        if not self.spells:
            raise Refused(str(msg("no spell to give")))
        names = {s.name.lower() for s in self.spells}
        kept = tuple(s for s in token.spells if s.name.lower() not in names)
        state, ended = put_token(state, replace(token, spells=(*kept, *self.spells)))
        text = msg("{who} now has {spells}", who=token.label, spells=", ".join(s.name for s in self.spells))
        return logged(state, str(text), *ended)


@dataclass(frozen=True, slots=True)
class RemoveSpell:
    token_id: str
    spell: str
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Remove {spell}", spell=self.spell))

    def apply(self, state: GameState) -> Outcome:
        token = _token(state, self.token_id)
        found = token.spell(self.spell)
        if found is None:
            raise Refused(str(msg("{who} has no spell named {spell}", who=token.label, spell=self.spell)))
        spells = tuple(s for s in token.spells if s is not found)
        uses = token.spell_uses.with_spent(found.name, 0)
        state, ended = put_token(state, replace(token, spells=spells, spell_uses=uses))
        return logged(
            state, str(msg("{who} no longer has {spell}", who=token.label, spell=found.name)), *ended
        )


@dataclass(frozen=True, slots=True)
class SetSpellUses:
    """Set what `token_id` has of its slots, Focus Points and limited uses (the GM's hand edit)."""

    token_id: str
    uses: SpellUsesLeft
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Edit spell uses"))

    def apply(self, state: GameState) -> Outcome:
        token = _token(state, self.token_id)
        if token.spell_uses == self.uses:
            return Outcome(state)
        state, ended = put_token(state, replace(token, spell_uses=self.uses))
        return logged(
            state, str(msg("{who}'s spell slots and uses are set by hand", who=token.label)), *ended
        )


def restored(uses: SpellUsesLeft) -> SpellUsesLeft:
    """Every slot, Focus Point and limited use back."""
    return SpellUsesLeft(
        slots=tuple((lv, most, 0) for lv, most, _u in uses.slots),
        focus=None if uses.focus is None else (uses.focus[0], 0),
    )


@dataclass(frozen=True, slots=True)
class RestoreUses:
    """A rest or daily preparations: `token_id` gets every slot, Focus Point and use back."""

    token_id: str
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Restore spell uses"))

    def apply(self, state: GameState) -> Outcome:
        token = _token(state, self.token_id)
        after = restored(token.spell_uses)
        if after == token.spell_uses:
            raise Refused(str(msg("{who} has spent nothing", who=token.label)))
        state, ended = put_token(state, replace(token, spell_uses=after))
        return logged(state, str(msg("{who} regains every spell slot and use", who=token.label)), *ended)


@dataclass(frozen=True, slots=True)
class SustainSpell:
    """PF2e Sustain: every sustained effect of `caster_id`'s `spell` lasts through this turn."""

    caster_id: str
    spell: str
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Sustain {spell}", spell=self.spell))

    def apply(self, state: GameState) -> Outcome:
        caster = _token(state, self.caster_id)
        active = next((a for a in active_of(state.spells, caster.id) if a.spell == self.spell), None)
        if active is None:
            raise Refused(str(msg("{who} keeps no such spell up", who=caster.label)))
        ids = _sustained_ids(state, active)
        if not ids:
            raise Refused(str(msg("{spell} has nothing to sustain", spell=self.spell)))
        enc = state.encounter
        assert enc is not None
        timed = enc.timed
        for effect_id in ids:
            timed = fx.sustain(timed, effect_id)
        state = replace(state, encounter=replace(enc, timed=timed))
        return logged(state, str(msg("{who} sustains {spell}", who=caster.label, spell=self.spell)))
