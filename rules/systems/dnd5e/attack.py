"""D&D 5e attack rolls from plain facts.

* The mode comes from the reasons (`rules.systems.dnd5e.advantage`); the d20 used is chosen from the two
  dice given.
* A natural 20 always hits and is a critical hit; a natural 1 always misses; otherwise the attack hits when
  ``d20 + bonus`` (2024: minus 2 per exhaustion level) is at least the AC.
* ``ac`` includes cover: half +2, three-quarters +5. Total cover can't be targeted (checked by the caller).
* A hit on a paralyzed or unconscious target by an attacker within 5 ft is a critical hit.
* A critical hit doubles the damage dice, not the modifiers: ``1d8+3`` → ``2d8+3``. A miss has no formula.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules import dice
from rules.errors import QueryError
from rules.messages import msg
from rules.model.scene import Attack, Token
from rules.systems.dnd5e.advantage import Reason, choose_d20, mode_of
from rules.systems.dnd5e.conditions import critical_within_5, d20_penalty
from rules.systems.dnd5e.editions import Edition
from rules.systems.modifiers import Modifier, ModifierRow, RowGroup, signed

COVER_AC: dict[str, int] = {"none": 0, "half": 2, "three-quarters": 5, "total": 0}
AUTO_CRIT_CONDITIONS = ("paralyzed", "unconscious")


@dataclass(frozen=True, slots=True)
class AttackResult:
    mode: str
    reasons: tuple[Reason, ...]
    d20: tuple[int, int]
    d20_used: int
    bonus: int
    penalty: int
    base_ac: int
    cover: str
    hit: bool
    critical: bool
    damage_formula: str | None
    #: The GM's situational bonuses (Bless 1d4 as rolled, a number), added to the roll.
    extras: tuple[Modifier, ...] = ()
    #: The attack's name (the breakdown's source of its bonus).
    attack_name: str = ""

    @property
    def extra(self) -> int:
        return sum(m.value for m in self.extras)

    @property
    def total(self) -> int:
        return self.d20_used + self.bonus + self.penalty + self.extra

    @property
    def ac(self) -> int:
        return self.base_ac + COVER_AC.get(self.cover, 0)

    # ---- the outcome interface every system's attack shares (`rules.systems.base.AttackOutcome`)

    @property
    def natural(self) -> int:
        """The d20 the result used."""
        return self.d20_used

    @property
    def dice(self) -> tuple[int, ...]:
        return self.d20

    @property
    def word(self) -> str:
        """``critical hit``, ``hit`` or ``miss``."""
        return "critical hit" if self.critical else "hit" if self.hit else "miss"

    def groups(self, rolled: bool = True) -> tuple[RowGroup, ...]:
        """The attack bonus (its own, the GM's, exhaustion), the roll mode and its reasons, the target's AC
        with cover, and once `rolled` the dice."""
        bonus = [ModifierRow("attack bonus", "untyped", self.bonus, source=self.attack_name)]
        bonus += [ModifierRow(m.label, "untyped", m.value, source=m.source) for m in self.extras]
        if self.penalty:
            bonus.append(ModifierRow("exhaustion", "untyped", self.penalty, source="2024: −2 per level"))
        reasons = [ModifierRow(r.kind, source=r.text) for r in self.reasons]
        if len({r.kind for r in self.reasons}) == 2:
            reasons.append(ModifierRow("cancel out", source="advantage and disadvantage: roll normally"))
        if not self.reasons:
            reasons.append(ModifierRow("normal", source="no advantage or disadvantage"))
        ac = [ModifierRow("base AC", text=str(self.base_ac), source="the target")]
        if COVER_AC.get(self.cover, 0):
            cover = str(msg("{degree} cover", degree=self.cover))
            ac.append(ModifierRow("cover", "untyped", COVER_AC[self.cover], source=cover))
        modifier = self.bonus + self.penalty + self.extra
        out = [
            RowGroup("Attack bonus", signed(modifier), tuple(bonus)),
            RowGroup("Roll mode", self.mode, tuple(reasons)),
            RowGroup("Target AC", str(self.ac), tuple(ac)),
        ]
        if rolled:
            d1, d2 = self.d20
            die = str(d1) if self.mode == "normal" else f"{d1}, {d2} → {self.d20_used}"
            natural = "natural 20" if self.d20_used == 20 else "natural 1" if self.d20_used == 1 else ""
            dice_row = ModifierRow(
                "d20", text=die, source=natural or (self.mode if self.mode != "normal" else "")
            )
            rows = (dice_row, ModifierRow("attack bonus", value=modifier))
            out.append(RowGroup("Roll", str(self.total), rows))
        return tuple(out)

    def explain(self, bonus_label: str = "attack bonus") -> list[str]:
        """Where every number came from: the dice and advantage, the bonus, the AC and cover, the result."""
        d1, d2 = self.d20
        die = f"d20 {d1}" if self.mode == "normal" else f"d20 {d1} and {d2} with {self.mode}: {self.d20_used}"
        roll = f"{die} {signed(self.bonus)}" + "".join(f" {signed(m.value)}" for m in self.extras)
        if self.penalty:
            roll += f" {signed(self.penalty)}"
        lines = [
            str(msg("Attack roll: {roll}", roll=f"{roll} = {self.total}")),
            f"  {signed(self.bonus)} {bonus_label}",
        ]
        lines += [f"  {signed(m.value)} {m.label} ({m.source})" for m in self.extras]
        if self.penalty:
            lines.append(f"  {signed(self.penalty)} exhaustion")
        lines += [f"  {r.render()}" for r in self.reasons]
        if len({r.kind for r in self.reasons}) == 2:
            lines.append("  advantage and disadvantage cancel out")
        cover = COVER_AC.get(self.cover, 0)
        ac = f"AC {self.ac}: {self.base_ac}"
        if cover:
            ac += f" {signed(cover)} {self.cover} cover"
        lines.append(ac)
        outcome = self.word
        if self.d20_used == 20:
            outcome = str(msg("{outcome} (natural 20)", outcome=outcome))
        elif self.d20_used == 1:
            outcome = str(msg("{outcome} (natural 1)", outcome=outcome))
        lines.append(str(msg("Result: {outcome}", outcome=outcome)))
        return lines

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "mode": self.mode,
            "reasons": [r.render() for r in self.reasons],
            "d20_used": self.d20_used,
            "total": self.total,
            "ac": self.ac,
            "hit": self.hit,
            "critical": self.critical,
            "damage_formula": self.damage_formula,
        }
        if self.extras:
            out["bonuses"] = [{"label": m.label, "value": m.value, "source": m.source} for m in self.extras]
        return out


def damage_formula(damage: str, hit: bool, critical: bool) -> str | None:
    """Types and spaces removed; dice doubled on a critical; None on a miss. Raises `DiceSyntaxError`."""
    if not damage.strip():
        return None
    formula = dice.parse(damage)  # parsed even on a miss, so bad notation is always reported
    if not hit:
        return None
    if critical:
        formula = dice.double_dice(formula)
    return formula.render(types=False)


def attack_roll(
    attacker: Token,
    target: Token,
    attack: Attack,
    d20: Sequence[int],
    *,
    edition: Edition,
    distance: int = 5,
    cover: str = "none",
    reasons: Sequence[Reason] = (),
    extras: Sequence[Modifier] = (),
) -> AttackResult:
    """Resolve one attack roll. `d20` is ``[first, second]`` (one value is used for both); `extras` are
    the GM's flat bonuses, added to the roll."""
    if target.ac is None:
        raise QueryError("missing field", f"token {target.id!r} has no 'ac'")
    first, second = (d20[0], d20[0]) if len(d20) == 1 else (d20[0], d20[1])
    for v in (first, second):
        if not 1 <= v <= 20:
            raise ValueError(f"a d20 shows 1 to 20, not {v}")
    mode = mode_of(reasons)
    used = choose_d20(mode, first, second)
    penalty = d20_penalty(attacker, edition)  # 2024 exhaustion, from the conditions table
    ac = target.ac + COVER_AC.get(cover, 0)
    total = used + attack.bonus + penalty + sum(m.value for m in extras)
    if used == 20:
        hit, critical = True, True
    elif used == 1:
        hit, critical = False, False
    else:
        hit, critical = total >= ac, False
    if hit and distance <= 5 and critical_within_5(target, edition):
        critical = True
    return AttackResult(
        mode=mode,
        reasons=tuple(reasons),
        d20=(first, second),
        d20_used=used,
        bonus=attack.bonus,
        penalty=penalty,
        base_ac=target.ac,
        cover=cover,
        hit=hit,
        critical=critical,
        damage_formula=damage_formula(attack.damage, hit, critical),
        extras=tuple(extras),
        attack_name=attack.name,
    )


def with_extra_reasons(
    result: AttackResult,
    attacker: Token,
    target: Token,
    attack: Attack,
    extra: Sequence[Reason],
    *,
    edition: Edition,
    distance: int,
    bonuses: Sequence[Modifier] = (),
) -> AttackResult:
    """The attack again with more advantage/disadvantage sources (the GM's: Help, Dodge, a spell) and the
    GM's flat `bonuses`; any mix of reasons cancels as always. Same dice, cover and attacker; `distance`
    decides the automatic critical."""
    return attack_roll(
        attacker,
        target,
        attack,
        result.d20,
        edition=edition,
        distance=distance,
        cover=result.cover,
        reasons=[*result.reasons, *extra],
        extras=[*result.extras, *bonuses],
    )
