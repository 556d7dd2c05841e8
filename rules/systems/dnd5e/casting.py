"""D&D 5e casting decisions (`rules.systems.casting.CastingRules`), for the 2014 and 2024 rules.

PHB 2014 / 2024 "Spellcasting", rules.md "Spells":

* **Level.** A spell is cast with a slot of its level or higher (up to 9th); a lower level is refused. A
  cantrip has no slot: it is always cast at level 0, and its damage grows with the caster's level (the
  token's ``level``): one die becomes 2 at 5th level, 3 at 11th, 4 at 17th ("This spell's damage increases by
  1d10 when you reach 5th level (2d10), 11th level (3d10), and 17th level (4d10)"). A creature ability never
  changes level.
* **Higher levels.** "The damage increases by 1d6 for each slot level above 3rd": the interval of
  `rules.model.spell.Heighten`; a table of damage by slot level is a list of fixed entries.
* **Cost.** The casting time: ``action`` (default), ``bonus``, ``reaction`` or a longer time.
* **Saves.** The target's saving throw as the ``save`` query makes it (`rules.systems.dnd5e.checks.d20_test`:
  its listed save or ability modifier, advantage and disadvantage, automatic failures, 2024 exhaustion),
  with cover against Dexterity saves: half cover +2, three-quarters +5 (not for a spell that ignores cover,
  such as Sacred Flame). A failed save takes the rolled damage; a success half of it (rounded down) or none,
  as the spell's save says (``success``: ``half`` by default).
* **Spell attacks.** The system's attack (`RuleSystem.attack`) with the caster's spell attack bonus: a ranged
  spell attack within the spell's range (no long range), a touch spell a melee attack; advantage and
  disadvantage, cover and criticals as for any attack. A hit takes the damage, a critical hit the damage
  rolled with twice the dice (the caller's ``critical_damage``), a miss none. Effects are keyed ``hit``
  (also on a critical) and ``miss``.
* **Damage.** The share, then immunity, resistance, vulnerability, temporary HP and 0 HP
  (`rules.systems.dnd5e.damage`).
* **Concentration.** Damage to a concentrating creature calls for a Constitution save, DC 10 or half the
  damage taken, whichever is higher; the 2024 rules cap the DC at 30 (`concentration_dc`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.errors import QueryError
from rules.messages import Message, msg
from rules.model.scene import Attack, Scene, Token
from rules.model.spell import DND_OUTCOMES, CastForm, Spell, heightened
from rules.systems.casting import FULL, HALF, NONE, AttackResult, CastRefused, Cost, TargetRoll
from rules.systems.damage import DamageEntry, DamageOutcome
from rules.systems.dnd5e import checks
from rules.systems.dnd5e import damage as dnd_damage
from rules.systems.dnd5e.editions import Edition

MAX_SLOT = 9
#: Character levels at which a cantrip's dice grow: (level, dice multiplier).
CANTRIP_STEPS: tuple[tuple[int, int], ...] = ((17, 4), (11, 3), (5, 2))
COVER_SAVE_BONUS: dict[str, int] = {"half": 2, "three-quarters": 5}
ABILITY_WORDS: dict[str, str] = {
    "str": "Strength",
    "dex": "Dexterity",
    "con": "Constitution",
    "int": "Intelligence",
    "wis": "Wisdom",
    "cha": "Charisma",
}


def cantrip_multiplier(level: int | None) -> int:
    """A cantrip's dice multiplier at character level `level` (1 below 5th level or without one)."""
    for at, times in CANTRIP_STEPS:
        if level is not None and level >= at:
            return times
    return 1


def concentration_dc(damage: int, *, cap: int | None) -> int:
    """The Constitution save to keep concentrating after taking `damage`: 10 or half the damage (rounded
    down), whichever is higher, at most `cap` (2024: 30)."""
    dc = max(10, damage // 2)
    return dc if cap is None else min(dc, cap)


@dataclass(frozen=True, slots=True)
class DnD5eCasting:
    edition: Edition
    outcomes: tuple[str, ...] = DND_OUTCOMES
    uses_ranks: bool = False
    highest_level: int = MAX_SLOT

    def level_label(self, level: int) -> Message:
        return msg("level {level}", level=level)

    def cast_level(self, spell: Spell, asked: int | None, caster: Token) -> int:
        """The slot level (see the module docstring). Raises `CastRefused`."""
        if spell.kind == "ability":
            if asked not in (None, spell.level):
                raise CastRefused(f"{spell.name} is an ability: it isn't cast with a spell slot")
            return spell.level
        if asked is None:
            return spell.level
        if spell.is_cantrip:
            if asked != 0:
                raise CastRefused(f"{spell.name} is a cantrip: it takes no spell slot (level 0), not {asked}")
            return 0
        if asked > MAX_SLOT:
            raise CastRefused(f"spell slots go up to level {MAX_SLOT}, not {asked}")
        if asked < spell.level:
            raise CastRefused(
                f"{spell.name} is a level {spell.level} spell: it can't be cast with a level {asked} slot"
            )
        return asked

    def form(self, spell: Spell, level: int, caster: Token) -> CastForm:
        times = cantrip_multiplier(caster.level) if spell.is_cantrip else 1
        return heightened(spell, level, dice_times=times)

    def cost(self, spell: Spell) -> Cost:
        return Cost(casting_time=spell.casting_time or "action")

    def cover_bonus(self, degree: str) -> int:
        return COVER_SAVE_BONUS.get(degree, 0)

    def save(
        self,
        scene: Scene,
        target: Token,
        spell: Spell,
        dc: int,
        d20: Sequence[int],
        *,
        cover: str = "none",
    ) -> TargetRoll:
        assert spell.save is not None
        stat = spell.save.stat
        if stat not in checks.ABILITIES:
            raise QueryError("bad value", f"{spell.name}'s save {stat!r} isn't a 5e saving throw (str … cha)")
        bonus = self.cover_bonus(cover) if stat == "dex" and not spell.ignores_cover else 0
        try:
            result = checks.save(
                target,
                stat,
                tuple(d20),
                dc,
                edition=self.edition,
                bonus=bonus,
            )
        except checks.MissingStatistic as exc:
            raise QueryError(
                "missing field", f"token {exc.token_id!r} has no {exc.stat!r} (its {exc.field!r} field)"
            ) from None
        outcome = "success" if result.success else "failure"
        share = FULL if outcome == "failure" else spell.save.share("success") or HALF
        words = f"{ABILITY_WORDS[stat]} save d20 {result.d20_used} → {result.total} vs DC {dc}: {outcome}"
        why = [r.render() for r in result.reasons] + list(result.automatic_failures)
        if bonus:
            why.append(f"+{bonus} {cover} cover")
        return TargetRoll(
            outcome=outcome,
            share=share,
            total=result.total,
            fields={"save_total": result.total, "success": result.success},
            lines=(words + (f" ({', '.join(why)})" if why else ""),),
        )

    def spell_weapon(self, spell: Spell, bonus: int) -> Attack:
        ranged = not spell.touch and spell.range is not None and spell.range > 5
        rng = (spell.range, spell.range) if ranged and spell.range is not None else None
        return Attack(spell.name, bonus, "", (), None, ("magical",), rng)

    def attack_roll(self, result: AttackResult) -> TargetRoll:
        hit, critical = result.hit, result.critical
        return TargetRoll(
            outcome="hit" if hit else "miss",
            share=FULL if hit else NONE,
            critical=critical and hit,
            total=result.total,
            fields={"hit": hit, "critical": critical and hit},
            lines=tuple(result.explain()),
        )

    def unrolled(self, spell: Spell) -> TargetRoll:
        return TargetRoll(outcome="failure", share=FULL)

    def damage(
        self, target: Token, entries: Sequence[DamageEntry], roll: TargetRoll
    ) -> tuple[DamageOutcome, Token]:
        if roll.share == NONE:
            entries = [DamageEntry(0, e.type) for e in entries]
        save = "success" if roll.share == HALF else None
        return dnd_damage.damage(target, entries, save=save, critical=roll.critical)

    def concentration_dc(self, damage: int) -> int:
        return concentration_dc(damage, cap=30 if self.edition.year >= 2024 else None)
