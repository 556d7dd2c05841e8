"""D&D 5e d20 tests other than attacks: saving throws, ability checks (abilities, skills, Perception),
contests, passive checks and group checks (PHB "Ability Checks" / "Saving Throws"; the playtest text
"Ability Checks"; 2024 "D20 Tests").

* Ability modifier = floor((score − 10) / 2) (8–9 → −1, 10–11 → +0, 12–13 → +1 …).
* A save uses the token's ``saves`` total for that ability, else the ability modifier; an ability check
  (``str`` … ``cha``) the ability modifier alone (a save total is not a check); a skill or Perception
  uses the token's ``skills`` total, else the modifier of the skill's ability. A missing ability score is a
  `MissingStatistic`.
* Advantage/disadvantage: the conditions table (`rules.systems.dnd5e.conditions`) plus the GM's
  ``advantage`` / ``disadvantage``; any mix cancels. With two dice, normal uses the first, advantage the
  higher, disadvantage the lower.
* 2024 exhaustion: −2 × level on every d20 test.
* Success iff total ≥ DC; a natural 20 or 1 is not special for checks and saves. An automatic failure
  (paralyzed, stunned, unconscious or petrified on a Strength or Dexterity save) fails whatever the roll.
* Contest: the higher total wins; a tie keeps things as they were (no winner).
* Passive check: 10 + modifier, +5 with advantage, −5 with disadvantage.
* Group check: the group succeeds when at least half of its members succeed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.messages import msg
from rules.model.scene import Token
from rules.systems.dnd5e.advantage import ADVANTAGE, DISADVANTAGE, Reason, choose_d20, mode_of, save_reasons
from rules.systems.dnd5e.conditions import (
    ABILITY_NAMES,
    CHECK,
    SAVE,
    automatic_failures,
    d20_penalty,
    roll_reasons,
)
from rules.systems.dnd5e.editions import Edition
from rules.systems.hooks.checks import MissingStatistic as MissingStatistic
from rules.systems.modifiers import Modifier, ModifierRow, RowGroup, signed

ABILITIES: tuple[str, ...] = ("str", "dex", "con", "int", "wis", "cha")
_ABILITY_ALIASES = {full.lower(): short for short, full in ABILITY_NAMES.items()}

#: 5e skills and their abilities (PHB "Skills").
SKILL_ABILITY: dict[str, str] = {
    "acrobatics": "dex",
    "animal-handling": "wis",
    "arcana": "int",
    "athletics": "str",
    "deception": "cha",
    "history": "int",
    "insight": "wis",
    "intimidation": "cha",
    "investigation": "int",
    "medicine": "wis",
    "nature": "int",
    "perception": "wis",
    "performance": "cha",
    "persuasion": "cha",
    "religion": "int",
    "sleight-of-hand": "dex",
    "stealth": "dex",
    "survival": "wis",
}


def normalise(stat: str) -> str:
    """``Dexterity`` → ``dex``, ``Sleight of Hand`` → ``sleight-of-hand``."""
    key = "-".join(stat.strip().lower().replace("_", " ").split())
    return _ABILITY_ALIASES.get(key, key)


def is_known(stat: str) -> bool:
    key = normalise(stat)
    return key in ABILITIES or key in SKILL_ABILITY


def ability_modifier(score: int) -> int:
    return (score - 10) // 2


def ability_mod(token: Token, ability: str) -> int:
    score = token.ability_score(ability)
    if score is None:
        raise MissingStatistic(token.id, ability, "abilities")
    return ability_modifier(score)


def _listed(table: tuple[tuple[str, int], ...], key: str) -> int | None:
    for name, value in table:
        if normalise(name) == key:
            return value
    return None


def save_modifier(token: Token, ability: str) -> int:
    key = normalise(ability)
    listed = _listed(token.saves, key)
    return listed if listed is not None else ability_mod(token, key)


def check_ability(stat: str) -> str:
    """The ability a check on `stat` uses (an ability itself, or a skill's)."""
    key = normalise(stat)
    if key in ABILITIES:
        return key
    return SKILL_ABILITY.get(key, "int")


def check_modifier(token: Token, stat: str) -> int:
    """An ability check's modifier: the ability modifier for an ability; the ``skills`` total (else the
    skill's ability modifier) for a skill or Perception."""
    key = normalise(stat)
    if key in ABILITIES:
        return ability_mod(token, key)
    listed = _listed(token.skills, key)
    if listed is not None:
        return listed
    if key not in SKILL_ABILITY:
        raise MissingStatistic(token.id, key, "skills")
    return ability_mod(token, SKILL_ABILITY[key])


def dice_pair(d20: int | Sequence[int]) -> tuple[int, int]:
    """``[first, second]`` or one die (used as both). Raises `ValueError` outside 1–20."""
    pair = (d20, d20) if isinstance(d20, int) else (tuple(d20) * 2 if len(d20) == 1 else tuple(d20))
    if len(pair) != 2:
        raise ValueError(f"a d20 roll is one die or [first, second], not {d20!r}")
    for v in pair:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 20:
            raise ValueError(f"a d20 shows 1 to 20, not {v!r}")
    return int(pair[0]), int(pair[1])


@dataclass(frozen=True, slots=True)
class TestResult:
    """A 5e d20 test (check or save) of one creature."""

    token_id: str
    kind: str  # "check" or "save"
    stat: str
    mode: str
    reasons: tuple[Reason, ...]
    automatic_failures: tuple[str, ...]
    d20: tuple[int, int]
    d20_used: int
    modifier: int
    penalty: int
    bonus: int
    dc: int | None
    #: The GM's situational bonuses (Bless, a cover the map doesn't draw), counted in `bonus`.
    extras: tuple[Modifier, ...] = ()

    @property
    def total(self) -> int:
        return self.d20_used + self.modifier + self.penalty + self.bonus

    @property
    def success(self) -> bool:
        if self.automatic_failures:
            return False
        return self.dc is not None and self.total >= self.dc

    # ---- what every system's check answers (`rules.systems.hooks.checks.CheckOutcome`)

    @property
    def natural(self) -> int:
        return self.d20_used

    @property
    def dice(self) -> tuple[int, ...]:
        return self.d20

    @property
    def succeeded(self) -> bool:
        return self.success

    @property
    def word(self) -> str:
        if self.dc is None:
            return "rolled"
        return "success" if self.success else "failure"

    def _die_text(self) -> str:
        d1, d2 = self.d20
        return (
            f"d20 {d1}" if self.mode == "normal" else f"d20 {d1} and {d2} with {self.mode}: {self.d20_used}"
        )

    def groups(self) -> tuple[RowGroup, ...]:
        """The modifier (the statistic, exhaustion, the GM's bonuses), the roll mode and its reasons
        (automatic failures included), and the roll."""
        mods = [ModifierRow(stat_label(self.stat), "untyped", self.modifier)]
        if self.penalty:
            mods.append(ModifierRow("exhaustion", "untyped", self.penalty, source="−2 per level"))
        mods += [ModifierRow(m.label, "untyped", m.value, source=m.source) for m in self.extras]
        other = self.bonus - sum(m.value for m in self.extras)
        if other:
            mods.append(ModifierRow("situational", "untyped", other))
        reasons = [ModifierRow(r.kind, text=r.kind, source=r.text) for r in self.reasons]
        if len({r.kind for r in self.reasons}) == 2:
            reasons.append(ModifierRow("cancel out", source="advantage and disadvantage: roll normally"))
        reasons += [ModifierRow("automatic failure", source=why) for why in self.automatic_failures]
        d1, d2 = self.d20
        die = str(d1) if self.mode == "normal" else f"{d1}, {d2} → {self.d20_used}"
        against = "" if self.dc is None else str(msg(" vs DC {dc}", dc=self.dc))
        return (
            RowGroup("Modifier", signed(self.modifier + self.penalty + self.bonus), tuple(mods)),
            RowGroup("Roll mode", self.mode, tuple(reasons)),
            RowGroup("Roll", f"{self.total}{against}", (ModifierRow("d20", text=die),)),
        )

    def log_rows(self) -> list[str]:
        rows = [self._die_text(), f"{signed(self.modifier)} {stat_label(self.stat)}"]
        if self.penalty:
            rows.append(f"{signed(self.penalty)} exhaustion")
        rows += [
            f"{signed(m.value)} {m.label} ({m.source})" if m.source else f"{signed(m.value)} {m.label}"
            for m in self.extras
        ]
        rows += [r.render() for r in self.reasons]
        if len({r.kind for r in self.reasons}) == 2:
            rows.append("advantage and disadvantage cancel out")
        rows += [f"automatic failure: {why}" for why in self.automatic_failures]
        return rows

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "mode": self.mode,
            "reasons": [r.render() for r in self.reasons] + list(self.automatic_failures),
            "d20_used": self.d20_used,
            "total": self.total,
        }
        if self.dc is not None:
            out["success"] = self.success
        return out


def stat_label(stat: str) -> str:
    """``Dexterity``, ``Sleight Of Hand``."""
    key = normalise(stat)
    return ABILITY_NAMES.get(key, key.replace("-", " ").title())


def statistic(token: Token, raw: str, field: str, *, saves_only: bool = False) -> str:
    """The canonical name of `raw` (an ability, Perception, a 5e skill, or a skill the token lists);
    `ValueError` naming `field` otherwise."""
    key = normalise(raw)
    if saves_only:
        if key not in ABILITIES:
            raise ValueError(f"{field!r} must be one of {', '.join(ABILITIES)}, got {raw!r}")
        return key
    listed = any(normalise(n) == key for n, _v in token.skills)
    if not is_known(key) and not listed:
        raise ValueError(
            f"{field!r} {raw!r} is not an ability, perception or a 5e skill (nor one {token.id} lists)"
        )
    return key


def gm_reasons(advantage: bool, disadvantage: bool) -> list[Reason]:
    out = []
    if advantage:
        out.append(Reason(ADVANTAGE, "from the GM"))
    if disadvantage:
        out.append(Reason(DISADVANTAGE, "from the GM"))
    return out


def d20_test(
    token: Token,
    kind: str,
    stat: str,
    d20: int | Sequence[int],
    dc: int | None,
    *,
    edition: Edition,
    advantage: bool = False,
    disadvantage: bool = False,
    extra_reasons: Sequence[Reason] = (),
    bonus: int = 0,
    extras: Sequence[Modifier] = (),
) -> TestResult:
    """`token` makes a `kind` (``check`` or ``save``) on `stat` against `dc` (see the module docstring).
    `bonus` is a situational bonus (cover on a Dex save) and `extras` the GM's bonuses, added to it; a
    squeezing creature has disadvantage on Dexterity saves (`rules.systems.dnd5e.movement_actions`).
    Raises `MissingStatistic`, `ValueError`."""
    if kind not in (CHECK, SAVE):
        raise ValueError(f"a d20 test is a check or a save, not {kind!r}")
    key = normalise(stat)
    if kind == SAVE and key not in ABILITIES:
        raise ValueError(f"a 5e saving throw names an ability (str … cha), not {stat!r}")
    first, second = dice_pair(d20)
    modifier = save_modifier(token, key) if kind == SAVE else check_modifier(token, key)
    ability = key if kind == SAVE else check_ability(key)
    reasons = roll_reasons(token, kind, edition, ability=ability, who=token.id)
    reasons += list(extra_reasons) + gm_reasons(advantage, disadvantage)
    if kind == SAVE:
        reasons += save_reasons(token, key)
    mode = mode_of(reasons)
    fails = automatic_failures(token, kind, edition, ability=ability)
    return TestResult(
        token_id=token.id,
        kind=kind,
        stat=key,
        mode=mode,
        reasons=tuple(reasons),
        automatic_failures=tuple(fails),
        d20=(first, second),
        d20_used=choose_d20(mode, first, second),
        modifier=modifier,
        penalty=d20_penalty(token, edition),
        bonus=bonus + sum(m.value for m in extras),
        dc=dc,
        extras=tuple(extras),
    )


def save(
    token: Token, ability: str, d20: int | Sequence[int], dc: int, *, edition: Edition, **kw: Any
) -> TestResult:
    return d20_test(token, SAVE, ability, d20, dc, edition=edition, **kw)


def check(
    token: Token, stat: str, d20: int | Sequence[int], dc: int | None, *, edition: Edition, **kw: Any
) -> TestResult:
    return d20_test(token, CHECK, stat, d20, dc, edition=edition, **kw)


@dataclass(frozen=True, slots=True)
class ContestResult:
    a: TestResult
    b: TestResult

    @property
    def winner(self) -> str | None:
        """``a``, ``b``, or None on a tie (things stay as they were)."""
        if self.a.total > self.b.total:
            return "a"
        if self.b.total > self.a.total:
            return "b"
        return None

    def to_json(self) -> dict[str, Any]:
        return {"a_total": self.a.total, "b_total": self.b.total, "winner": self.winner}


def contest(a: TestResult, b: TestResult) -> ContestResult:
    return ContestResult(a, b)


def passive(
    token: Token, stat: str, *, edition: Edition, advantage: bool = False, disadvantage: bool = False
) -> int:
    """10 + the check modifier, +5 with advantage, −5 with disadvantage (conditions included; 2024
    exhaustion applies as to any d20 test)."""
    key = normalise(stat)
    reasons = roll_reasons(token, CHECK, edition, ability=check_ability(key), who=token.id)
    reasons += gm_reasons(advantage, disadvantage)
    mode = mode_of(reasons)
    shift = 5 if mode == ADVANTAGE else -5 if mode == DISADVANTAGE else 0
    return 10 + check_modifier(token, key) + shift + d20_penalty(token, edition)


def group_success(results: Sequence[TestResult]) -> bool:
    """A group check succeeds when at least half the group succeeds."""
    if not results:
        raise ValueError("a group check needs at least one creature")
    return 2 * sum(1 for r in results if r.success) >= len(results)
