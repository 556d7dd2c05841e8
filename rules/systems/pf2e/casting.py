"""PF2e casting decisions (`rules.systems.casting.CastingRules`).

Player Core "Spells" (ja: pf2e-player-core-playing-the-game), rules.md "Spells":

* **Rank.** A spell is cast at its rank or heightened to a higher one; a lower rank is refused. A cantrip
  (``level`` 0) is always cast at half the caster's level rounded up (at least 1) — "a cantrip is
  automatically heightened to half your level rounded up" — and its heightening counts from rank 1, a
  cantrip's lowest rank. A creature ability never heightens. Ranks go up to 10.
* **Heightening.** "Heightened (+N)": the listed increase once for every N ranks above the spell's rank;
  "Heightened (Nth)": the entry replaces the spell's values from that rank on
  (`rules.model.spell.heightened`).
* **Cost.** The spell's actions (2 when not given); a variable cost such as "1 to 3" keeps both ends.
* **Saves.** The target's save (`rules.systems.pf2e.checks.check`, the same as the ``save`` query): its
  listed total, its conditions, and cover against Reflex saves (standard +2, greater +4 circumstance; lesser
  cover doesn't help saves). A **basic save** deals critical success none, success half, failure the roll,
  critical failure double. A save that isn't basic deals the roll on a failure and double on a critical
  failure, and nothing on a success or critical success — unless the spell says what an outcome deals
  (`rules.model.spell.SpellSave.shares`).
* **Spell attacks.** The system's Strike resolution (`RuleSystem.attack`) with the caster's spell attack
  modifier: a ranged spell attack has no range increments (its one increment is the spell's range), a
  touch spell is a melee attack within reach. Critical success double damage (and a critical hit),
  success the roll, failure none. The attack's effects are keyed by its degree.
* **Damage.** The share scales each type (as a basic save's degree does), then immunity, weakness,
  resistance, temporary HP and dying (`rules.systems.pf2e.damage`).

Ruling: the conditions table reads a spell attack as a ranged attack (``attack-ranged``), so clumsy also
applies to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.errors import QueryError
from rules.messages import Message, msg
from rules.model.scene import Attack, Scene, Token
from rules.model.spell import PF2E_OUTCOMES, CastForm, Spell, heightened
from rules.systems.casting import DOUBLE, FULL, HALF, NONE, AttackResult, CastRefused, Cost, TargetRoll
from rules.systems.damage import DamageEntry, DamageOutcome
from rules.systems.modifiers import Modifier, breakdown_lines
from rules.systems.pf2e import checks
from rules.systems.pf2e import damage as pf2e_damage
from rules.systems.pf2e.degrees import CRITICAL_FAILURE, CRITICAL_SUCCESS, FAILURE, SUCCESS

MAX_RANK = 10
#: Basic save: what each degree leaves of the damage.
BASIC: dict[str, str] = {CRITICAL_SUCCESS: NONE, SUCCESS: HALF, FAILURE: FULL, CRITICAL_FAILURE: DOUBLE}
#: A save that isn't basic, unless the spell says otherwise.
NOT_BASIC: dict[str, str] = {CRITICAL_SUCCESS: NONE, SUCCESS: NONE, FAILURE: FULL, CRITICAL_FAILURE: DOUBLE}
#: A spell attack's degree (the caster's).
ATTACK: dict[str, str] = {CRITICAL_SUCCESS: DOUBLE, SUCCESS: FULL, FAILURE: NONE, CRITICAL_FAILURE: NONE}
#: A share as the basic-save degree the damage steps scale by.
SHARE_DEGREE: dict[str, str | None] = {
    NONE: CRITICAL_SUCCESS,
    HALF: SUCCESS,
    FULL: None,
    DOUBLE: CRITICAL_FAILURE,
}
COVER_SAVE_BONUS: dict[str, int] = {"standard": 2, "greater": 4}
DEGREE_WORDS: dict[str, str] = {
    CRITICAL_SUCCESS: "critical success",
    SUCCESS: "success",
    FAILURE: "failure",
    CRITICAL_FAILURE: "critical failure",
}


@dataclass(frozen=True, slots=True)
class Pf2eCasting:
    outcomes: tuple[str, ...] = PF2E_OUTCOMES
    uses_ranks: bool = True
    highest_level: int = MAX_RANK

    def level_label(self, level: int) -> Message:
        return msg("rank {level}", level=level)

    def cast_level(self, spell: Spell, asked: int | None, caster: Token) -> int:
        """The rank (see the module docstring). Raises `CastRefused`."""
        if spell.kind == "ability":
            if asked not in (None, spell.level):
                raise CastRefused(f"{spell.name} is an ability: it isn't heightened")
            return spell.level
        lowest = self.lowest_rank(spell, caster)
        if asked is None:
            return lowest
        if asked > MAX_RANK:
            raise CastRefused(f"a spell's rank is at most {MAX_RANK}, not {asked}")
        if spell.is_cantrip:
            if asked < 1:
                raise CastRefused(f"a cantrip is cast at rank 1 or higher, not {asked}")
            return asked
        if asked < spell.level:
            raise CastRefused(f"{spell.name} is a rank {spell.level} spell: it can't be cast at rank {asked}")
        return asked

    def lowest_rank(self, spell: Spell, caster: Token) -> int:
        """A cantrip: half the caster's level rounded up (1 without a level); otherwise the spell's rank."""
        if spell.is_cantrip:
            return max(1, -(-(caster.level or 1) // 2))
        return spell.level

    def form(self, spell: Spell, level: int, caster: Token) -> CastForm:
        return heightened(spell, level, base=1 if spell.is_cantrip else spell.level)

    def cost(self, spell: Spell) -> Cost:
        actions = 2 if spell.actions is None else spell.actions
        return Cost(actions=actions, actions_max=spell.actions_max)

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
        if stat not in checks.SAVES:
            raise QueryError(
                "bad value", f"{spell.name}'s save {stat!r} isn't a PF2e save (fortitude, reflex, will)"
            )
        bonuses: list[Modifier] = []
        bonus = self.cover_bonus(cover) if stat == "reflex" and not spell.ignores_cover else 0
        if bonus:
            source = str(msg("{degree} cover from the spell's origin", degree=cover))
            bonuses.append(Modifier("cover", "circumstance", bonus, source))
        try:
            result = checks.check(target, stat, d20[0], dc, bonuses=bonuses)
        except checks.MissingStatistic as exc:
            raise QueryError(
                "missing field", f"token {exc.token_id!r} has no {exc.stat!r} (its {exc.field!r} field)"
            ) from None
        table = BASIC if spell.save.basic else NOT_BASIC
        share = spell.save.share(result.degree) or table[result.degree]
        words = f"{checks.LABELS.get(stat, stat)} save d20 {result.d20} → {result.total} vs DC {dc}: "
        words += DEGREE_WORDS[result.degree]
        return TargetRoll(
            outcome=result.degree,
            share=share,
            total=result.total,
            fields={"save_total": result.total, "degree": result.degree},
            lines=(words, *("  " + t for t in breakdown_lines(result.modifiers))),
        )

    def spell_weapon(self, spell: Spell, bonus: int) -> Attack:
        ranged = not spell.touch and spell.range is not None and spell.range > 0
        return Attack(spell.name, bonus, "", ("attack", "magical"), spell.range if ranged else None)

    def attack_roll(self, result: AttackResult) -> TargetRoll:
        degree = str(result.to_json()["degree"])
        return TargetRoll(
            outcome=degree,
            share=ATTACK[degree],
            critical=degree == CRITICAL_SUCCESS,
            total=result.total,
            fields={"degree": degree},
            lines=tuple(result.explain()),
        )

    def unrolled(self, spell: Spell) -> TargetRoll:
        return TargetRoll(outcome=FAILURE, share=FULL)

    def damage(
        self, target: Token, entries: Sequence[DamageEntry], roll: TargetRoll
    ) -> tuple[DamageOutcome, Token]:
        return pf2e_damage.damage(
            target, entries, basic_save=SHARE_DEGREE[roll.share], critical=roll.critical
        )

    def concentration_dc(self, damage: int) -> int | None:
        """PF2e has no concentration saves: a sustained spell ends when it isn't sustained."""
        return None


PF2E_CASTING = Pf2eCasting()
