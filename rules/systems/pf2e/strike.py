"""PF2e Strikes: attack modifiers, the target's AC, the degree and the damage formula.

Everything here takes plain values (tokens, the d20, the distance, the cover degree, whether the attacker
flanks); `rules.systems.pf2e.system` reads those facts off the board.

Attack roll (Player Core "Attack Rolls", rules.md "Conditions that change the numbers"):

* the attack's listed ``bonus`` is one untyped modifier, ``attack bonus``;
* multiple attack penalty (untyped): 2nd attack −5, 3rd and later −10; agile −4 / −8;
* range penalty (untyped): none within the first range increment, −2 per further increment; more than 6
  increments is out of range; volley N: −2 (untyped) against a target within N ft;
* conditions from the table in `rules.systems.pf2e.conditions` (statistic ``attack-melee``,
  ``attack-finesse`` or ``attack-ranged``): frightened N / sickened N: −N status; clumsy N: −N status to
  ranged and finesse attacks; enfeebled N: −N status to other melee attacks; prone attacker: −2
  circumstance;
* a nonlethal attack with a lethal weapon, or a lethal one with a nonlethal weapon: −2 circumstance.

Target AC (statistic ``ac`` of the conditions table): off-guard −2 circumstance (condition
``off-guard``/``flat-footed``, prone, grabbed, restrained, paralyzed, confused, unconscious, dying, or flanked
by the attacker for a melee attack); unconscious/dying −4 status; frightened, sickened, clumsy −N status;
fatigued −1 status; cover +1 lesser / +2 standard / +4 greater circumstance; a raised shield
(``raised-shield``, `rules.systems.support_actions`) +2 circumstance, not stacking with cover. Take Cover
(``took-cover``) turns standard cover into greater and gives standard cover otherwise. Stacking:
`rules.systems.modifiers.stack`.

Seeing the target (Player Core "Concealed", "Hidden", "Undetected"; `rules.geometry.vision`): a concealed
target needs a DC 5 flat check and a hidden one a DC 11 flat check before the roll (an undetected one: the
attacker also picks the square, DC 11); the answer reports it as ``flat_check`` ``{"dc", "reason"}`` (null
when none is needed), beside the unchanged roll.

Thrown and propulsive change only the damage bonus, which the attack's ``damage`` already includes; a thrown
weapon with a ``range_increment`` is a ranged (Dexterity) attack. Rolled Strike damage is at least 1
(`roll_strike_damage`).

Damage formula (types and spaces removed): success ``1d8+4``; critical success ``(1d8+4)*2`` then, not
doubled, ``+NdX`` for deadly dX (N = 1 for 1–2 weapon dice, 2 for 3, 3 for 4 or more) and, for fatal dY,
the weapon dice inside the doubled part become dY and ``+1dY`` is added; failures have no formula.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules import dice
from rules.errors import QueryError
from rules.messages import msg
from rules.model.scene import Attack, Token
from rules.systems.condition_words import condition_word
from rules.systems.modifiers import (
    Breakdown,
    Modifier,
    ModifierRow,
    RowGroup,
    breakdown_lines,
    rows_of,
    signed,
    stack,
    sum_text,
)
from rules.systems.pf2e.conditions import CONDITIONS, statistic_modifiers
from rules.systems.pf2e.degrees import CRITICAL_SUCCESS, FAILURE, SUCCESS, degree

MAX_RANGE_INCREMENTS = 6
#: Conditions that make a creature off-guard (from the conditions table).
OFF_GUARD_CONDITIONS: tuple[str, ...] = tuple(
    name for name, d in CONDITIONS.items() if d.off_guard or "off-guard" in d.implies
)
COVER_BONUS: dict[str, int] = {"none": 0, "lesser": 1, "standard": 2, "greater": 4, "blocked": 0}


def is_ranged(attack: Attack) -> bool:
    return attack.range_increment is not None


def multiple_attack_penalty(attack_number: int, agile: bool) -> Modifier | None:
    """The MAP for the `attack_number`-th attack this turn (1-based), by the weapon used now."""
    if attack_number < 1:
        raise ValueError("attack_number starts at 1")
    if attack_number == 1:
        return None
    step = 1 if attack_number == 2 else 2
    value = -(4 if agile else 5) * step
    source = f"attack {attack_number} this turn" + (", agile" if agile else "")
    return Modifier("multiple attack penalty", "untyped", value, source)


def range_increments(distance: int, increment: int) -> int:
    """Which range increment `distance` falls in (1 = the first; distance 0 counts as the first)."""
    if increment <= 0:
        raise ValueError("a range increment is positive")
    return max(1, math.ceil(distance / increment))


def range_penalty(distance: int, increment: int) -> Modifier | None:
    """−2 per increment beyond the first; more than `MAX_RANGE_INCREMENTS` raises ``out of range``."""
    n = range_increments(distance, increment)
    if n > MAX_RANGE_INCREMENTS:
        raise QueryError(
            "out of range",
            f"the target is {distance} ft away, beyond {MAX_RANGE_INCREMENTS} range increments "
            f"of {increment} ft ({MAX_RANGE_INCREMENTS * increment} ft)",
        )
    if n == 1:
        return None
    return Modifier(
        "range penalty", "untyped", -2 * (n - 1), f"{distance} ft: range increment {n} of {increment} ft"
    )


def volley_distance(attack: Attack) -> int | None:
    """The N of a ``volley N`` trait (``volley 30 ft`` → 30), or None."""
    value = attack.trait_value("volley")
    if value is None:
        return None
    digits = "".join(ch for ch in value.split()[0] if ch.isdigit()) if value.strip() else ""
    return int(digits) if digits else 30


def attack_modifiers(
    attacker: Token,
    attack: Attack,
    *,
    attack_number: int = 1,
    distance: int = 5,
    nonlethal: bool | None = None,
) -> list[Modifier]:
    """Every modifier of the attack roll, before stacking (see the module docstring)."""
    ranged = is_ranged(attack)
    finesse = attack.has("finesse")
    mods = [Modifier("attack bonus", "untyped", attack.bonus, attack.name)]
    mapm = multiple_attack_penalty(attack_number, attack.has("agile"))
    if mapm is not None:
        mods.append(mapm)
    if ranged:
        assert attack.range_increment is not None
        rp = range_penalty(distance, attack.range_increment)
        if rp is not None:
            mods.append(rp)
        volley = volley_distance(attack)
        if volley is not None and distance <= volley:
            mods.append(Modifier("volley", "untyped", -2, str(msg("target within {feet} ft", feet=volley))))
    stat = "attack-ranged" if ranged else "attack-finesse" if finesse else "attack-melee"
    mods.extend(statistic_modifiers(attacker, stat, who="attacker"))  # the conditions table
    weapon_nonlethal = attack.has("nonlethal")
    if nonlethal is not None and nonlethal != weapon_nonlethal:
        what = (
            "nonlethal attack with a lethal weapon" if nonlethal else "lethal attack with a nonlethal weapon"
        )
        mods.append(Modifier("nonlethal", "circumstance", -2, what))
    return mods


def effective_cover(target: Token, cover: str, ranged: bool) -> str:
    """Apply Take Cover (``took-cover``) to the geometric cover degree: standard becomes greater, lesser or
    none becomes standard (`rules.geometry.cover.took_cover_degree`), against melee and ranged alike."""
    if not target.has_condition("took-cover"):
        return cover
    from rules.geometry.cover import took_cover_degree

    return took_cover_degree(cover)


def ac_modifiers(
    target: Token,
    *,
    cover: str = "none",
    ranged: bool = False,
    flanked_by: tuple[str, ...] | None = None,
) -> list[Modifier]:
    """Modifiers to the target's AC against this attack, before stacking. `flanked_by` (the attacker's
    flanking partners) is given only when the attack is a melee attack by a flanker."""
    mods = statistic_modifiers(target, "ac", who="target")  # the conditions table
    if flanked_by is not None:
        partners = ", ".join(flanked_by)
        mods.append(
            Modifier(
                "off-guard",
                "circumstance",
                -2,
                str(msg("flanked (with {names})", names=partners)) if partners else "flanked",
            )
        )
    from rules.systems.support_actions import shield_bonus  # Raise a Shield (``raised-shield``)

    shield = shield_bonus(target)
    if shield is not None:
        mods.append(shield)
    degree_name = effective_cover(target, cover, ranged)
    bonus = COVER_BONUS.get(degree_name, 0)
    if bonus:
        source = f"{degree_name} cover" + (" (took cover)" if degree_name != cover else "")
        mods.append(Modifier("cover", "circumstance", bonus, source))
    return mods


def deadly_dice(weapon_dice_count: int) -> int:
    """Deadly adds 1 die at 1–2 weapon dice, 2 at 3 (greater striking), 3 at 4+ (major striking)."""
    if weapon_dice_count >= 4:
        return 3
    if weapon_dice_count == 3:
        return 2
    return 1


def damage_formula(damage: str, deg: str, attack: Attack) -> str | None:
    """The damage formula for a Strike's degree (see the module docstring); None below a success.

    Raises `dice.DiceSyntaxError` when the attack's damage isn't dice notation.
    """
    if not damage.strip():
        return None
    formula = dice.parse(damage)  # parsed even on a miss, so bad notation is always reported
    if deg not in (SUCCESS, CRITICAL_SUCCESS):
        return None
    if deg == SUCCESS:
        return formula.render(types=False)
    weapon = dice.weapon_dice(formula)
    fatal = attack.trait_value("fatal")
    fatal_size = dice.parse_die_size(fatal) if fatal else None
    doubled = formula
    if fatal_size is not None and weapon is not None:
        size = weapon.sides
        doubled = formula.map_dice(
            lambda d: dice.Dice(d.count, fatal_size, d.keep) if d.sides == size else d, parts=[0]
        )
    text = f"({doubled.render(types=False)})*2"
    deadly = attack.trait_value("deadly")
    if deadly:
        n = deadly_dice(weapon.count if weapon is not None else 1)
        text += f"+{n}d{dice.parse_die_size(deadly)}"
    if fatal_size is not None:
        text += f"+1d{fatal_size}"
    return text


#: Flat check DC before a Strike by how the attacker perceives the target.
FLAT_CHECK_DC: dict[str, int] = {"concealed": 5, "hidden": 11, "undetected": 11}


@dataclass(frozen=True, slots=True)
class FlatCheck:
    dc: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"dc": self.dc, "reason": self.reason}


def flat_check_for(visibility: str) -> FlatCheck | None:
    """The flat check a Strike against a target in this visibility state needs (None when observed)."""
    dc = FLAT_CHECK_DC.get(visibility)
    if dc is None:
        return None
    reason = f"target is {visibility}"
    if visibility == "undetected":
        reason += " (the attacker picks a square)"
    return FlatCheck(dc, reason)


#: Degrees of success in words.
DEGREE_TEXT: dict[str, str] = {
    "critical-success": "critical success",
    "success": "success",
    "failure": "failure",
    "critical-failure": "critical failure",
}


@dataclass(frozen=True, slots=True)
class StrikeResult:
    d20: int
    modifiers: Breakdown
    base_ac: int
    ac_breakdown: Breakdown
    degree: str
    damage_formula: str | None
    flat_check: FlatCheck | None = None
    #: The flat check's d20, once rolled (None: not rolled, or none needed).
    flat_d20: int | None = None

    @property
    def flat_failed(self) -> bool:
        """The flat check was rolled and failed: the Strike doesn't affect the target (Player Core 439)."""
        return (
            self.flat_check is not None and self.flat_d20 is not None and self.flat_d20 < self.flat_check.dc
        )

    def with_flat(self, d20: int) -> StrikeResult:
        """The Strike after its flat check: a failed one (`d20` below the DC) loses the Strike — a failure
        whatever the attack roll, no damage (「君がこの判定に失敗した場合、君の攻撃は…効果を及ぼさない」);
        the action and the multiple attack penalty are spent all the same. No flat check needed: as it was."""
        if self.flat_check is None:
            return self
        if not 1 <= d20 <= 20:
            raise ValueError(f"a flat check is a d20 (1–20), not {d20}")
        after = replace(self, flat_d20=d20)
        if d20 < self.flat_check.dc:
            return replace(after, degree=FAILURE, damage_formula=None)
        return after

    @property
    def attack_bonus(self) -> int:
        return self.modifiers.total

    @property
    def total(self) -> int:
        return self.d20 + self.attack_bonus

    @property
    def ac(self) -> int:
        return self.base_ac + self.ac_breakdown.total

    # ---- the outcome interface every system's attack shares (`rules.systems.base.AttackOutcome`)

    @property
    def hit(self) -> bool:
        return self.degree in (SUCCESS, CRITICAL_SUCCESS)

    @property
    def critical(self) -> bool:
        return self.degree == CRITICAL_SUCCESS

    @property
    def natural(self) -> int:
        """The d20 the result used."""
        return self.d20

    @property
    def dice(self) -> tuple[int, ...]:
        return (self.d20,)

    @property
    def mode(self) -> str:
        return "normal"

    @property
    def word(self) -> str:
        """``critical success``, ``failure``… (``failure (flat check failed)`` when the flat check lost
        it)."""
        word = DEGREE_TEXT.get(self.degree, self.degree)
        return str(msg("{degree} (flat check failed)", degree=word)) if self.flat_failed else word

    def flat_words(self) -> str | None:
        """The flat check in words (``flat check DC 5 (target is concealed): d20 3, failed — the Strike
        misses``); None when none is needed."""
        fc = self.flat_check
        if fc is None:
            return None
        if self.flat_d20 is None:
            return str(msg("flat check DC {dc} ({reason}): not rolled", dc=fc.dc, reason=fc.reason))
        if self.flat_failed:
            return str(
                msg(
                    "flat check DC {dc} ({reason}): d20 {d20}, failed — the Strike misses",
                    dc=fc.dc,
                    reason=fc.reason,
                    d20=self.flat_d20,
                )
            )
        return str(
            msg(
                "flat check DC {dc} ({reason}): d20 {d20}, passed",
                dc=fc.dc,
                reason=fc.reason,
                d20=self.flat_d20,
            )
        )

    def groups(self, rolled: bool = True) -> tuple[RowGroup, ...]:
        """The attack modifier's typed rows, the target's AC (its base and typed rows), and once `rolled`
        the d20 (and the flat check the Strike needs first)."""
        ac_rows = (
            ModifierRow("base AC", text=str(self.base_ac), source="the target"),
            *rows_of(self.ac_breakdown),
        )
        out = [
            RowGroup("Attack modifier", signed(self.attack_bonus), rows_of(self.modifiers)),
            RowGroup("Target AC", str(self.ac), ac_rows),
        ]
        if rolled:
            natural = "natural 20" if self.d20 == 20 else "natural 1" if self.d20 == 1 else ""
            rows = [
                ModifierRow("d20", text=str(self.d20), source=natural),
                ModifierRow("attack modifier", value=self.attack_bonus),
            ]
            if self.flat_check is not None:
                fc = self.flat_check
                if self.flat_d20 is None:
                    rows.append(
                        ModifierRow("flat check", text=str(msg("DC {dc}", dc=fc.dc)), source=fc.reason)
                    )
                else:
                    verdict = "failed: the Strike misses" if self.flat_failed else "passed"
                    rows.append(
                        ModifierRow(
                            "flat check",
                            text=str(msg("d20 {d20} vs DC {dc}", d20=self.flat_d20, dc=fc.dc)),
                            source=f"{fc.reason}; {verdict}",
                        )
                    )
            out.append(RowGroup("Roll", str(self.total), tuple(rows)))
        return tuple(out)

    def explain(self) -> list[str]:
        """Where every number came from: the roll and its modifiers, the AC and its modifiers, the degree."""
        mods = " ".join(signed(m.value) for m in self.modifiers.applied)
        lines = [str(msg("Attack roll: {roll}", roll=f"d20 {self.d20} {mods} = {self.total}"))]
        lines += ["  " + t for t in breakdown_lines(self.modifiers)]
        lines.append(str(msg("AC {ac}: {sum}", ac=self.ac, sum=sum_text(self.base_ac, self.ac_breakdown))))
        lines += ["  " + t for t in breakdown_lines(self.ac_breakdown)]
        flat = self.flat_words()
        if flat is not None and self.flat_d20 is not None:
            lines.append(flat[0].upper() + flat[1:])
        lines.append(str(msg("Result: {outcome}", outcome=self.word)))
        return lines

    def to_json(self) -> dict[str, Any]:
        return {
            "modifiers": self.modifiers.to_json(),
            "attack_bonus": self.attack_bonus,
            "total": self.total,
            "ac": self.ac,
            "ac_modifiers": self.ac_breakdown.to_json(),
            "degree": self.degree,
            "damage_formula": self.damage_formula,
            "flat_check": None if self.flat_check is None else self.flat_check.to_json(),
        }


def strike(
    attacker: Token,
    target: Token,
    attack: Attack,
    d20: int,
    *,
    attack_number: int = 1,
    distance: int = 5,
    cover: str = "none",
    flanked_by: tuple[str, ...] | None = None,
    nonlethal: bool | None = None,
    visibility: str = "observed",
    seen_as: str = "observed",
    footing: str | None = None,
) -> StrikeResult:
    """Resolve one Strike from plain facts (`visibility`: how the attacker perceives the target; `seen_as`:
    how the target perceives the attacker — hidden or undetected makes the target off-guard to it;
    `footing`: the words of the narrow surface or uneven ground the target stands on, which makes it
    off-guard, `rules.systems.pf2e.footing`).
    `flanked_by` is ignored for ranged attacks (flanking makes
    the target off-guard only to melee attacks). The target needs an ``ac``."""
    if target.ac is None:
        raise QueryError("missing field", f"token {target.id!r} has no 'ac'")
    ranged = is_ranged(attack)
    mods = stack(
        attack_modifiers(
            attacker, attack, attack_number=attack_number, distance=distance, nonlethal=nonlethal
        )
    )
    ac_list = ac_modifiers(target, cover=cover, ranged=ranged, flanked_by=None if ranged else flanked_by)
    if seen_as in ("hidden", "undetected"):
        ac_list.append(
            Modifier(
                "off-guard",
                "circumstance",
                -2,
                str(msg("attacker {condition} to the target", condition=condition_word(seen_as))),
            )
        )
    if footing is not None:
        ac_list.append(Modifier("off-guard", "circumstance", -2, footing))
    ac_mods = stack(ac_list)
    ac = target.ac + ac_mods.total
    deg = degree(d20, mods.total, ac)
    formula = damage_formula(attack.damage, deg, attack)
    return StrikeResult(d20, mods, target.ac, ac_mods, deg, formula, flat_check_for(visibility))


def roll_strike_damage(formula: str, rng: dice.DieSource) -> tuple[dice.RollResult, int]:
    """Roll a Strike's damage formula; the damage is at least 1 after penalties (Player Core)."""
    rolled = dice.roll(formula, rng)
    return rolled, max(1, rolled.total)


def with_situational(
    result: StrikeResult,
    attack: Attack,
    bonuses: Sequence[Modifier] = (),
    ac_bonuses: Sequence[Modifier] = (),
) -> StrikeResult:
    """The Strike with the GM's situational modifiers added (Aid, bless, Raise a Shield…): typed and
    stacked with the rest (`rules.systems.modifiers.stack`), the degree and damage formula found again."""
    mods = stack([*(e.modifier for e in result.modifiers.entries), *bonuses])
    ac_mods = stack([*(e.modifier for e in result.ac_breakdown.entries), *ac_bonuses])
    deg = degree(result.d20, mods.total, result.base_ac + ac_mods.total)
    formula = damage_formula(attack.damage, deg, attack)
    return replace(result, modifiers=mods, ac_breakdown=ac_mods, degree=deg, damage_formula=formula)
