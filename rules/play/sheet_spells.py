"""The spells and abilities on a player's own character panel (`rules.play.character_sheet`).

Built from the creature's own token — its `Token.spells` (`rules.model.spell.Spell`) and what it has spent
of them (`Token.spell_uses`, `SpellUsesLeft`) — which only that creature's player sees; spells its creature
entry lists only as text (``abilities_text`` of kind ``spell``) follow, by name and text. For each spell:

* its level as the system calls it (`CastingRules.level_label`: PF2e ``rank 3``, 5e ``level 3``),
  ``cantrip``, or ``ability`` for a creature's ability (it never heightens and takes no slot);
* what casting it takes (`CastingRules.cost`: PF2e actions, 5e casting time);
* a one-line summary as it is cast at its lowest level by this caster (`CastingRules.cast_level` and
  `form`: a PF2e cantrip at half the caster's level, a 5e cantrip's dice by character level): range (or
  touch), area or number of targets, the save with its DC or the spell attack with its bonus (the spell's
  own numbers win over the caster's ``spell_dc`` / ``spell_attack``), damage, the conditions a failed save
  (or a hit) gives, concentration or sustained;
* the uses it has left, paid as `rules.play.cast.spend_uses` pays (`rules.model.spell.pays_with`): slots of
  its level left of the most (when the caster tracks slots), Focus Points left, uses left today, a recharge
  ability ready or spent; at will. `ready` is False when every cast would be refused for want of uses (a
  spell whose own slots are spent is still ready while a higher slot is left: it can be cast heightened).

The panel also gets the slots left by level and the Focus Points left, since a slot may pay for a spell
of a lower level and the pool is shared.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.messages import Message, msg, nmsg
from rules.model.scene import Scene, Token
from rules.model.spell import Spell, SpellArea, damage_formula, pays_with
from rules.play.creatures import creature_of
from rules.saves import SAVE_LABELS
from rules.systems import system_for
from rules.systems.casting import CastingRules, CastRefused

#: The most spells a panel lists (a sheet, not a spellbook).
MAX_SPELLS = 40
#: The most characters of a spell's rules text the panel carries.
MAX_TEXT = 600
#: The outcomes whose conditions the summary names (a failed save; a spell attack's hit).
EFFECT_OUTCOMES: tuple[str, ...] = ("failure", "hit")


@dataclass(frozen=True, slots=True)
class SheetSpell:
    name: str
    kind: str
    level: int
    level_text: Message
    cost: str
    summary: tuple[Message, ...]
    uses: Message | None
    ready: bool
    text: str
    #: It is a spell attack (the player may roll it: `rules.play.player_intents.roll_modifier`).
    attack: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "level": self.level,
            "level_text": str(self.level_text),
            "cost": self.cost,
            "summary": " · ".join(str(p) for p in self.summary),
            "uses": None if self.uses is None else str(self.uses),
            "ready": self.ready,
            "text": self.text,
            "attack": self.attack,
        }


@dataclass(frozen=True, slots=True)
class SheetSlots:
    """Spell slots of one level: `most` of them, `left` unspent."""

    level: int
    label: Message
    most: int
    left: int

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "label": str(self.label), "max": self.most, "left": self.left}


@dataclass(frozen=True, slots=True)
class SheetSpells:
    """The spell part of a character panel."""

    spells: tuple[SheetSpell, ...] = ()
    slots: tuple[SheetSlots, ...] = ()
    #: Focus Points as (most, left), None when the creature has none.
    focus: tuple[int, int] | None = None
    dc: int | None = None
    attack: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "spells": [s.to_json() for s in self.spells],
            "slots": [s.to_json() for s in self.slots],
            "focus": None if self.focus is None else {"max": self.focus[0], "left": self.focus[1]},
            "spell_dc": self.dc,
            "spell_attack": self.attack,
        }


def _area(area: SpellArea) -> Message:
    if area.shape == "line":
        return msg("{feet}-ft line, {width} ft wide", feet=area.feet, width=area.width)
    return msg("{feet}-ft {shape}", feet=area.feet, shape=area.shape)


def _signed(n: int) -> str:
    return f"{n:+d}"


def summary(spell: Spell, caster: Token, casting: CastingRules) -> tuple[Message, ...]:
    """The spell's one line, as `caster` casts it at its lowest level (see the module docstring)."""
    try:
        form = casting.form(spell, casting.cast_level(spell, None, caster), caster)
        damage, area, targets = form.damage, form.area, form.targets
    except (CastRefused, ValueError):
        damage, area, targets = spell.damage, spell.area, spell.targets
    parts: list[Message] = []
    if spell.touch:
        parts.append(msg("touch"))
    elif spell.range is not None:
        parts.append(msg("range {feet} ft", feet=spell.range))
    if area is not None:
        parts.append(_area(area))
    elif targets == 0:
        parts.append(msg("self"))
    elif targets > 1:
        parts.append(nmsg("{n} target", "{n} targets", n=targets))
    if spell.save is not None:
        save = SAVE_LABELS.get(spell.save.stat, spell.save.stat)
        dc = spell.dc if spell.dc is not None else caster.spell_dc
        if spell.save.basic:
            parts.append(
                msg("basic {save} save", save=save)
                if dc is None
                else msg("basic {save} save DC {dc}", save=save, dc=dc)
            )
        else:
            parts.append(
                msg("{save} save", save=save) if dc is None else msg("{save} save DC {dc}", save=save, dc=dc)
            )
    elif spell.attack:
        bonus = spell.attack_bonus if spell.attack_bonus is not None else caster.spell_attack
        parts.append(
            msg("spell attack") if bonus is None else msg("spell attack {bonus}", bonus=_signed(bonus))
        )
    formula = damage_formula(damage)
    if formula:
        parts.append(msg("{damage} damage", damage=formula))
    for outcome in EFFECT_OUTCOMES:
        given = spell.effects_for(outcome)
        if given:
            words = ", ".join(e.condition for e in given)
            parts.append(
                msg("on a failure: {conditions}", conditions=words)
                if outcome == "failure"
                else msg("on a hit: {conditions}", conditions=words)
            )
            break
    if spell.concentration:
        parts.append(msg("concentration"))
    if spell.sustained:
        parts.append(msg("sustained"))
    return tuple(parts)


def uses_left(spell: Spell, caster: Token, casting: CastingRules) -> tuple[Message | None, bool]:
    """What `caster` has left to pay for `spell` with (None: nothing is tracked), and whether it is enough
    for a cast (`rules.play.cast.spend_uses` would not refuse it)."""
    uses = caster.spell_uses
    kind = pays_with(spell)
    if kind == "slot":
        if spell.level == 0 or not uses.slots:
            return None, True
        label = casting.level_label(spell.level)
        most = next((m for lv, m, _ in uses.slots if lv == spell.level), None)
        left = uses.slots_left(spell.level)
        # a slot of a higher level pays for it too (cast heightened)
        higher = any(lv > spell.level and m > u for lv, m, u in uses.slots)
        if most is None or left is None:
            return msg("no {level} slots", level=label), higher
        text = nmsg(
            "{left} of {most} {level} slot left",
            "{left} of {most} {level} slots left",
            count="most",
            left=left,
            most=most,
            level=label,
        )
        return text, left > 0 or higher
    if kind == "focus":
        if uses.focus is None:
            return None, True
        cost = spell.uses.count if spell.uses is not None else 1
        left = uses.focus_left or 0
        text = nmsg(
            "{left} of {most} Focus Point left",
            "{left} of {most} Focus Points left",
            count="most",
            left=left,
            most=uses.focus[0],
        )
        return text, left >= cost
    if kind == "per-day" and spell.uses is not None:
        left = max(0, spell.uses.count - uses.spent_of(spell.name))
        return msg("{left} of {most} left today", left=left, most=spell.uses.count), left > 0
    if kind == "recharge" and spell.uses is not None:
        roll = "6" if spell.uses.recharge == 6 else f"{spell.uses.recharge}–6"
        if uses.spent_of(spell.name):
            return msg("spent: recharges on a {roll}", roll=roll), False
        return msg("ready (recharge {roll})", roll=roll), True
    return msg("at will"), True


def _level_text(spell: Spell, casting: CastingRules) -> Message:
    if spell.kind == "ability":
        return msg("ability")
    if spell.is_cantrip:
        return msg("cantrip")
    return casting.level_label(spell.level)


def _order(spell: Spell) -> tuple[int, int]:
    """Cantrips first, then by level; abilities last."""
    return (1 if spell.kind == "ability" else 0, spell.level)


def _text(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1].rstrip() + "…"


def sheet_spells(scene: Scene, token: Token) -> SheetSpells:
    """The spell part of `token`'s panel (see the module docstring)."""
    casting = system_for(scene).casting
    spells: list[SheetSpell] = []
    for spell in sorted(token.spells, key=_order):
        uses, ready = uses_left(spell, token, casting)
        spells.append(
            SheetSpell(
                name=spell.name,
                kind=spell.kind,
                level=spell.level,
                level_text=_level_text(spell, casting),
                cost=casting.cost(spell).text,
                summary=summary(spell, token, casting),
                uses=uses,
                ready=ready,
                text=_text(spell.text),
                attack=spell.attack,
            )
        )
    known = {s.name.lower() for s in token.spells}
    entry = creature_of(scene, token)
    abilities = entry.get("abilities_text") if entry is not None else None
    if isinstance(abilities, list):
        for a in abilities:
            if not (isinstance(a, dict) and str(a.get("kind", "")).lower() == "spell" and a.get("name")):
                continue
            name = str(a["name"])
            if name.lower() in known:
                continue
            known.add(name.lower())
            spells.append(
                SheetSpell(name, "spell", 0, msg("spell"), "", (), None, True, _text(str(a.get("text", ""))))
            )
    used = token.spell_uses
    slots = tuple(
        SheetSlots(lv, casting.level_label(lv), most, most - u) for lv, most, u in used.slots if most
    )
    focus = None if used.focus is None else (used.focus[0], used.focus[0] - used.focus[1])
    return SheetSpells(tuple(spells[:MAX_SPELLS]), slots, focus, token.spell_dc, token.spell_attack)
