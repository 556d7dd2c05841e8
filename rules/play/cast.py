"""Casting a spell or using an ability as one step: `Cast`.

`Cast.apply` aims the spell and resolves it with `rules.play.spell_resolution` (the path the ``cast`` query
takes), with the dice the command carries — typed at the table (``saves``, ``attack_d20``, ``damage``) or
rolled from its `DieSource` (every d20 a target needs; the damage once for every target; a 5e critical
hit's damage with the dice doubled, once) — then, in one undo step:

* the targets' HP, temporary HP and state (the systems' damage: IWR per target);
* the conditions each target's outcome gives: with durations in a running encounter (timed effects,
  `rules.model.effects`: the spell's duration, or the effect's own — "until the end of your next turn"
  counts the turn being played; a repeated save; PF2e sustained), or on the tokens until removed outside
  one;
* the uses spent (`rules.model.spell.SpellUsesLeft` on the caster's token: a slot of the level cast when the
  caster tracks slots, a Focus Point, one of an ability's uses per day, a recharge ability spent until it
  recharges); a cast the uses don't allow is refused;
* a lasting spell becomes an `ActiveSpell`; a 5e concentration spell ends the caster's earlier one first
  (`rules.play.concentration.end_spell`);
* one log entry explaining every target (its roll, cover, damage, HP, conditions) and every creature left
  out and why; damage to a concentrating creature adds the Constitution save it must make
  (`rules.play.concentration.checks_after`).

The turn economy is not spent here: `cost` tells what casting takes (PF2e actions, 5e casting time) for the
turn ledger to spend, and ``free`` marks a cast that takes nothing from it (a reaction handled elsewhere, an
item, the GM's fiat). `detail` is the `CastResult`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from rules import dice
from rules.dice import DieSource
from rules.errors import QueryError
from rules.messages import msg
from rules.model import effects as fx
from rules.model.active_spells import ActiveSpell, concentration_of
from rules.model.areas import PlacedArea, with_area
from rules.model.scene import Token
from rules.model.spell import Lasting, Spell, SpellEffect, SpellUsesLeft, pays_with
from rules.model.state import GameState
from rules.play.command import Outcome, Refused
from rules.play.effects import edit_conditions, put_token
from rules.play.footing import FootingCheck, footing_check
from rules.play.spell_resolution import Aim, CastResult, Placement, Rolls, aim, explain, resolve
from rules.systems import system_for
from rules.systems.casting import Cost
from rules.systems.damage import DamageEntry


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "spell"


# ------------------------------------------------------------------------------------------------ uses


def spend_uses(caster: Token, spell: Spell, level: int) -> tuple[SpellUsesLeft, str]:
    """The caster's uses after paying for `spell` at `level`, and the words for the log (empty when nothing
    is tracked). Raises `Refused` when nothing is left to pay with."""
    uses = caster.spell_uses
    kind = pays_with(spell)
    if kind == "slot" and level > 0 and uses.slots:
        left = uses.slots_left(level)
        if not left:
            raise Refused(
                str(msg("{who} has no level {level} spell slot left", who=caster.label, level=level))
            )
        after = uses.with_slot_used(level)
        return after, str(msg("level {level} slot spent ({left} left)", level=level, left=left - 1))
    if kind == "focus" and uses.focus is not None:
        cost = spell.uses.count if spell.uses is not None else 1
        left = uses.focus_left or 0
        if left < cost:
            raise Refused(str(msg("{who} has no Focus Point left", who=caster.label)))
        return uses.with_focus_used(cost), str(msg("Focus Point spent ({left} left)", left=left - cost))
    if kind == "per-day" and spell.uses is not None:
        spent = uses.spent_of(spell.name)
        if spent >= spell.uses.count:
            raise Refused(str(msg("{spell} is used up for the day", spell=spell.name)))
        text = str(msg("{n} of {most} uses today", n=spent + 1, most=spell.uses.count))
        return uses.with_spent(spell.name, spent + 1), text
    if kind == "recharge":
        if uses.spent_of(spell.name):
            raise Refused(str(msg("{spell} hasn't recharged", spell=spell.name)))
        return uses.with_spent(spell.name, 1), str(msg("spent until it recharges"))
    return uses, ""


# --------------------------------------------------------------------------------------------- durations


def ends_for(lasting: Lasting | None, state: GameState, caster: str, target: str, save: str) -> fx.Ends:
    """How a condition a spell gives ends, as the timed effects count it (see the module docstring)."""
    if lasting is None or lasting.kind in ("instant", "hand"):
        return fx.Ends.by_hand()
    if lasting.kind == "rounds":
        return fx.Ends.after_rounds(lasting.count, caster)
    if lasting.kind == "sustained":
        return fx.Ends.when_not_sustained(caster)
    if lasting.kind == "save":
        return fx.Ends.on_save(lasting.save or save)
    who = caster if lasting.who == "caster" else target
    count = lasting.count
    enc = state.encounter
    if lasting.at == fx.END and enc is not None and enc.current_id == who:
        count += 1  # the turn being played ends first
    return fx.Ends.at_turn(who, lasting.at, count)


def _effect(state: GameState, a: Aim, target: str, given: SpellEffect, save_words: str) -> fx.Effect:
    spell = a.spell
    lasting = given.lasts or spell.duration
    if spell.sustained and given.lasts is None:
        lasting = Lasting("sustained")
    return fx.Effect(
        id=f"{_slug(spell.name)}-{target}-{_slug(given.name)}",
        target=target,
        name=given.name,
        value=given.value,
        ends=ends_for(lasting, state, a.caster.id, target, save_words),
        source=f"{spell.name} ({a.caster.label})",
    )


# ------------------------------------------------------------------------------------------------ dice


def roll_missing(state: GameState, a: Aim, rolls: Rolls, rng: DieSource | None) -> Rolls:
    """`rolls` with every d20 and damage roll the cast needs and the table didn't type, rolled from `rng`.
    Raises `Refused` when something is missing and there is nothing to roll it with."""
    system = system_for(state.scene)
    per_roll = 1 if system.attack_d20s == 1 else 2

    def d20s() -> tuple[int, ...]:
        assert rng is not None
        return tuple(rng.randint(1, 20) for _ in range(per_roll))

    saves = dict(rolls.saves)
    attacks = dict(rolls.attack_d20)
    for t in a.targets:
        table = saves if a.spell.save is not None else attacks if a.spell.attack else None
        if table is None or t.id in table:
            continue
        if rng is None:
            raise Refused(str(msg("roll or type {who}'s d20", who=t.id)))
        table[t.id] = d20s()
    damage = rolls.damage
    if a.form.damage and damage is None:
        if rng is None:
            raise Refused(str(msg("roll or type the damage ({formula})", formula=a.damage_formula or "")))
        damage = tuple(DamageEntry(max(0, dice.roll(p.formula, rng).total), p.type) for p in a.form.damage)
    critical = rolls.critical_damage
    if a.spell.attack and a.form.damage and critical is None and rng is not None and system.attack_d20s == 2:
        critical = tuple(
            DamageEntry(max(0, dice.roll(dice.double_dice(p.formula), rng).total), p.type)
            for p in a.form.damage
        )
    return Rolls(saves, attacks, damage, critical)


# ---------------------------------------------------------------------------------------------- command


def footing_after_cast(state: GameState, result: CastResult) -> tuple[FootingCheck, ...]:
    """The Reflex saves to keep footing a cast calls for (`rules.play.footing`): each target on a narrow
    surface or uneven ground that a spell attack hit or that failed its save."""
    out: list[FootingCheck] = []
    for t in result.targets:
        fields = t.roll.fields
        if fields.get("hit"):
            why = "hit"
        elif "save_total" in fields and t.roll.outcome in ("failure", "critical-failure"):
            why = "failed"
        else:
            continue
        check = footing_check(state.scene, t.id, why)
        if check is not None:
            out.append(check)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Cast:
    """Cast `spell` (the caster's, or any spell object such as a bundled SRD one) — see the module
    docstring. `saves` / `attack_d20` are typed d20s by target id (PF2e one die; 5e one or two), `damage`
    the typed damage, `rng` rolls the rest."""

    caster_id: str
    spell: Spell
    level: int | None = None
    placement: Placement = field(default_factory=Placement)
    target_ids: tuple[str, ...] = ()
    saves: tuple[tuple[str, tuple[int, ...]], ...] = ()
    attack_d20: tuple[tuple[str, tuple[int, ...]], ...] = ()
    damage: tuple[DamageEntry, ...] | None = None
    critical_damage: tuple[DamageEntry, ...] | None = None
    rng: DieSource | None = field(default=None, compare=False)
    #: Takes nothing from the turn's actions (see the module docstring).
    free: bool = False
    #: Spend the caster's slot, Focus Point or use (off: a spell from an item or the GM's fiat).
    spend: bool = True
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Cast {spell}", spell=self.spell.name))

    def cost(self, state: GameState) -> Cost:
        """What casting takes in this system (PF2e actions, 5e casting time); nothing when `free`."""
        return Cost(actions=0) if self.free else system_for(state.scene).casting.cost(self.spell)

    def aim(self, state: GameState) -> Aim:
        """The spell aimed on `state` (targets with their cover and reasons, the level and form), for
        previews. Raises `Refused`."""
        caster = state.token(self.caster_id)
        if caster is None:
            raise Refused(str(msg("no token with id {id}", id=self.caster_id)))
        try:
            return aim(
                state.scene,
                caster,
                self.spell,
                level=self.level,
                placement=self.placement,
                target_ids=self.target_ids,
            )
        except QueryError as exc:
            raise Refused(exc.message) from None

    def apply(self, state: GameState) -> Outcome:
        for who, dice_ in (*self.saves, *self.attack_d20):
            if not dice_ or not all(isinstance(d, int) and 1 <= d <= 20 for d in dice_):
                raise Refused(
                    str(msg("{who}'s d20 must show 1 to 20, not {dice}", who=who, dice=str(list(dice_))))
                )
        aimed = self.aim(state)
        caster = aimed.caster
        uses, uses_text = (
            (caster.spell_uses, "") if not self.spend else spend_uses(caster, self.spell, aimed.level)
        )
        rolls = roll_missing(
            state,
            aimed,
            Rolls(dict(self.saves), dict(self.attack_d20), self.damage, self.critical_damage),
            self.rng,
        )
        try:
            result = resolve(state.scene, aimed, rolls)
        except QueryError as exc:
            raise Refused(exc.message) from None
        lines = list(explain(result))
        if uses_text:
            lines.append("  " + str(msg("{who}: {uses}", who=caster.label, uses=uses_text)))
        state, more = self._apply_result(state, aimed, result, uses)
        lines += more
        due = footing_after_cast(state, result)
        for check in due:
            standing = state.scene.token(check.token_id)
            lines.append("  " + check.text(standing.label if standing is not None else check.token_id))
        return Outcome(state, tuple(lines), result, due)

    def _apply_result(
        self, state: GameState, a: Aim, result: CastResult, uses: SpellUsesLeft
    ) -> tuple[GameState, list[str]]:
        from rules.play.concentration import after_damage, end_spell

        lines: list[str] = []
        before = state
        caster = state.token(a.caster.id)
        assert caster is not None
        if a.spell.concentration:
            earlier = concentration_of(state.spells, caster.id)
            if earlier is not None:
                state, ended_spell = end_spell(
                    state, earlier, str(msg("{who} casts {spell}", who=caster.label, spell=a.spell.name))
                )
                lines += ended_spell
        caster = state.token(caster.id)
        assert caster is not None
        if uses != caster.spell_uses:
            state, _ = put_token(state, replace(caster, spell_uses=uses))
        save_words = ""
        if a.spell.save is not None and a.dc is not None:
            save_words = f"{a.spell.save.stat} DC {a.dc}"
        effect_ids: list[str] = []
        given: list[tuple[str, str]] = []
        for t in result.targets:
            now = state.token(t.id)
            if now is None:
                continue
            hp_after = replace(
                now,
                hp=t.after.hp,
                temp_hp=t.after.temp_hp,
                death_saves=t.after.death_saves,
                persistent=t.after.persistent,
            )
            hp_after = replace(
                hp_after, conditions=_merged(now.conditions, t.before.conditions, t.after.conditions)
            )
            state, ended = put_token(state, hp_after)
            lines += ["  " + x for x in ended]
            if t.given and state.encounter is not None:
                effects = [_effect(state, a, t.id, g, save_words) for g in t.given if g.name not in ("dead",)]
                token = state.token(t.id)
                assert token is not None
                state, more = edit_conditions(state, t.id, token.conditions, effects)
                lines += ["  " + x for x in more[1:]]
                effect_ids += [e.id for e in effects]
            given += [(t.id, g.condition) for g in t.given]
        area_id: str | None = None
        lasting = a.spell.duration is not None and a.spell.duration.kind not in ("instant",)
        if a.area is not None and lasting:
            area_id = f"{_slug(a.spell.name)}-{caster.id}"
            n = 2
            while state.area(area_id) is not None:
                area_id = f"{_slug(a.spell.name)}-{caster.id}-{n}"
                n += 1
            rounds = (
                a.spell.duration.count
                if a.spell.duration is not None and a.spell.duration.kind == "rounds"
                else None
            )
            placed = PlacedArea(
                area_id, a.area, label=a.spell.name, rounds_left=rounds, duration=rounds, owner=caster.id
            )
            state = replace(state, areas=with_area(state.areas, placed))
        if a.spell.concentration or (lasting and (effect_ids or area_id or given)):
            active = ActiveSpell(
                caster.id,
                a.spell.name,
                concentration=a.spell.concentration,
                level=a.level,
                effect_ids=tuple(effect_ids),
                given=tuple(given) if state.encounter is None else (),
                area_id=area_id,
            )
            state = replace(state, spells=(*state.spells, active))
            if a.spell.concentration:
                lines.append(
                    "  " + str(msg("{who} is concentrating on {spell}", who=caster.label, spell=a.spell.name))
                )
        state, more = after_damage(before, state)
        lines += ["  " + x for x in more]
        return state, lines


def _merged(now: Sequence[str], before: Sequence[str], after: Sequence[str]) -> tuple[str, ...]:
    """The token's conditions with what the cast changed (`before` → `after`) applied to what it has `now`."""
    gone = {c for c in before if c not in after}
    added = [c for c in after if c not in before]
    names = {c.split()[0] for c in added}
    kept = [c for c in now if c not in gone and c.split()[0] not in names]
    return tuple(dict.fromkeys([*kept, *added]))


def cast_rolls(saves: Mapping[str, Sequence[int]]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Typed d20s as the command's field (``{"goblin": [14]}`` → ``(("goblin", (14,)),)``)."""
    return tuple((k, tuple(v)) for k, v in sorted(saves.items()))
