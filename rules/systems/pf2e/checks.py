"""PF2e checks and saves by statistic: the creature's modifier, its conditions, situational bonuses, the
degree of success; and a statistic's DC.

* The base modifier is the token's total: ``saves`` (``fortitude``/``reflex``/``will``), ``perception`` or
  ``skills`` (``athletics`` …). It is listed as one untyped modifier labelled with the statistic.
* Conditions add their typed modifiers (`rules.systems.pf2e.conditions.statistic_modifiers`); situational
  bonuses from the GM (``circumstance`` +1 from Aid, ``status`` +1 from bless …) and cover against an area
  are typed modifiers too; all are stacked by `rules.systems.modifiers.stack`.
* Degree: `rules.systems.pf2e.degrees.degree` (±10 from the DC, then a natural 20 / 1 shifts one step).
* A DC derived from a statistic is 10 + the same stacked modifier (Player Core "Saving Throws": a save DC is
  10 + the total save modifier), so the target's penalties lower it.

A statistic the token doesn't list raises `MissingStatistic` (the query answers ``missing field``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.messages import msg
from rules.model.scene import Token
from rules.systems.hooks.checks import MissingStatistic as MissingStatistic
from rules.systems.modifiers import (
    Breakdown,
    Modifier,
    ModifierRow,
    RowGroup,
    breakdown_lines,
    rows_of,
    signed,
    stack,
)
from rules.systems.pf2e.conditions import SAVE_ABILITY, SKILL_ABILITY, statistic_modifiers
from rules.systems.pf2e.degrees import check_d20, degree

SAVES: tuple[str, ...] = ("fortitude", "reflex", "will")
_SAVE_ALIASES = {"fort": "fortitude", "ref": "reflex"}
LABELS: dict[str, str] = {
    "fortitude": "Fortitude",
    "reflex": "Reflex",
    "will": "Will",
    "perception": "Perception",
}


#: Words of the degrees of success.
DEGREE_WORDS: dict[str, str] = {
    "critical-success": "critical success",
    "success": "success",
    "failure": "failure",
    "critical-failure": "critical failure",
}


def normalise(stat: str) -> str:
    """``Reflex`` → ``reflex``, ``fort`` → ``fortitude``, ``Sleight of Hand`` → ``sleight-of-hand``."""
    key = "-".join(stat.strip().lower().replace("_", " ").split())
    return _SAVE_ALIASES.get(key, key)


def is_known(stat: str) -> bool:
    key = normalise(stat)
    return key in SAVES or key == "perception" or key in SKILL_ABILITY or key.endswith("-lore")


def base_modifier(token: Token, stat: str) -> int:
    """The token's listed total for `stat`. Raises `MissingStatistic`."""
    key = normalise(stat)
    if key in SAVE_ABILITY:
        for name, value in token.saves:
            if normalise(name) == key:
                return value
        raise MissingStatistic(token.id, key, "saves")
    if key == "perception":
        if token.perception is not None:
            return token.perception
        listed = [v for n, v in token.skills if normalise(n) == key]
        if not listed:
            raise MissingStatistic(token.id, key, "perception")
        return listed[0]
    for name, value in token.skills:
        if normalise(name) == key:
            return value
    raise MissingStatistic(token.id, key, "skills")


def _condition_stat(key: str) -> str:
    """The statistic the conditions table knows for `key` (a Lore is an Int skill)."""
    return "lore" if key.endswith("-lore") else key


def modifiers(
    token: Token,
    stat: str,
    *,
    bonuses: Sequence[Modifier] = (),
    dc: bool = False,
) -> list[Modifier]:
    """Every modifier of `token`'s `stat` before stacking: its total, its conditions, then `bonuses`."""
    key = normalise(stat)
    base = base_modifier(token, key)
    label = LABELS.get(key, key.replace("-", " ").capitalize())
    mods = [Modifier(label + (" DC" if dc else ""), "untyped", base, token.label)]
    mods += statistic_modifiers(token, _condition_stat(key) + ("-dc" if dc else ""))
    mods += bonuses
    return mods


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A PF2e check (or save) of one creature: the die, the breakdown, the DC and the degree."""

    token_id: str
    stat: str
    d20: int
    modifiers: Breakdown
    dc: int
    degree: str

    @property
    def total(self) -> int:
        return self.d20 + self.modifiers.total

    # ---- what every system's check answers (`rules.systems.hooks.checks.CheckOutcome`)

    @property
    def natural(self) -> int:
        return self.d20

    @property
    def dice(self) -> tuple[int, ...]:
        return (self.d20,)

    @property
    def mode(self) -> str:
        return "normal"

    @property
    def succeeded(self) -> bool:
        return self.degree in ("success", "critical-success")

    @property
    def word(self) -> str:
        return DEGREE_WORDS.get(self.degree, self.degree)

    def groups(self) -> tuple[RowGroup, ...]:
        """The modifier's rows, then the roll against the DC."""
        die = ModifierRow("d20", text=str(self.d20), source=_natural(self.d20))
        roll = (die, ModifierRow("modifier", value=self.modifiers.total))
        return (
            RowGroup("Modifier", signed(self.modifiers.total), rows_of(self.modifiers)),
            RowGroup("Roll", str(msg("{total} vs DC {dc}", total=self.total, dc=self.dc)), roll),
        )

    def log_rows(self) -> list[str]:
        return [f"d20 {self.d20}", *breakdown_lines(self.modifiers)]

    def to_json(self) -> dict[str, Any]:
        return {"modifiers": self.modifiers.to_json(), "total": self.total, "degree": self.degree}


def _natural(d20: int) -> str:
    return "natural 20" if d20 == 20 else "natural 1" if d20 == 1 else ""


def check(
    token: Token,
    stat: str,
    d20: int,
    dc: int,
    *,
    bonuses: Sequence[Modifier] = (),
) -> CheckResult:
    """`token` rolls `d20` on `stat` (a save, Perception or a skill) against `dc`."""
    check_d20(d20)
    breakdown = stack(modifiers(token, stat, bonuses=bonuses))
    return CheckResult(token.id, normalise(stat), d20, breakdown, dc, degree(d20, breakdown.total, dc))


def statistic(token: Token, raw: str, field: str, *, saves_only: bool = False) -> str:
    """The canonical name of `raw` (a save, Perception, a PF2e skill, a Lore, or a skill the token lists);
    `ValueError` naming `field` otherwise."""
    key = normalise(raw)
    if saves_only:
        if key not in SAVES:
            raise ValueError(f"{field!r} must be fortitude, reflex or will, got {raw!r}")
        return key
    listed = any(normalise(n) == key for n, _v in token.skills)
    if not is_known(key) and not listed:
        raise ValueError(
            f"{field!r} {raw!r} is not perception, a save or a PF2e skill (nor one {token.id} lists)"
        )
    return key


def stat_name(stat: str) -> str:
    """``Reflex``, ``Perception``, ``Sleight Of Hand``."""
    key = normalise(stat)
    return LABELS.get(key, key.replace("-", " ").title())


def statistic_dc(token: Token, stat: str) -> tuple[int, Breakdown]:
    """10 + `token`'s stacked `stat` modifier, its conditions included, and the breakdown."""
    breakdown = stack(modifiers(token, stat, dc=True))
    return 10 + breakdown.total, breakdown


def best_of(token: Token, stats: Sequence[str]) -> tuple[str, Breakdown]:
    """The statistic among `stats` with the highest stacked modifier (the first on a tie). Statistics the
    token doesn't list are skipped; when it lists none, raises the first `MissingStatistic`."""
    best: tuple[str, Breakdown] | None = None
    first_missing: MissingStatistic | None = None
    for s in stats:
        try:
            b = stack(modifiers(token, s))
        except MissingStatistic as exc:
            first_missing = first_missing or exc
            continue
        if best is None or b.total > best[1].total:
            best = (normalise(s), b)
    if best is None:
        assert first_missing is not None
        raise first_missing
    return best


#: Aid's usual DC (Player Core "Aid").
AID_DC = 15


def aid_modifier(deg: str, rank: str = "trained", helper: str = "") -> Modifier | None:
    """The circumstance modifier an Aid of degree `deg` gives the aided creature's check or attack: critical
    success +2 (+3 for a master, +4 for a legendary helper), success +1, critical failure −1; none on a
    failure."""
    if deg == "critical-success":
        value = {"master": 3, "legendary": 4}.get(rank, 2)
    elif deg == "success":
        value = 1
    elif deg == "critical-failure":
        value = -1
    else:
        return None
    return Modifier("Aid", "circumstance", value, helper or "Aid")
