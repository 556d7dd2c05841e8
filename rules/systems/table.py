"""What the table (the app's dialogs and menus) asks a rule system, as values every system answers alike.

* `CheckRow`: one creature's check, save or passive value in words and numbers (the check dialog's row).
* `ContestOutcome`: a contest of two creatures (5e), its two rows and the winner.
* `ActionSpec` / `ActionResult`: the token menu's common actions (`RuleSystem.actions`,
  `RuleSystem.resolve_action`): what the creature can do now, and what one did (changed tokens, log lines).
* `CreatureSheet`: which fields a creature of the system has (the creature editor enables only those).

The actions both systems share (climb up, descend, fall to the ground) are built here; the differing ones
live in each system's ``table.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.model.scene import Token

#: Feet one "climb up" or "descend" action moves a token.
ELEVATION_STEP = 5


@dataclass(frozen=True, slots=True)
class CheckRow:
    """One creature's line of a check: its total (None when the statistic is missing), the outcome in
    words, whether it succeeded (None when nothing was rolled), and the breakdown or reasons as text."""

    token_id: str
    label: str
    total: int | None
    outcome: str
    success: bool | None
    detail: str


@dataclass(frozen=True, slots=True)
class ContestOutcome:
    """A contest: both creatures' rows, the winner (``a``, ``b`` or None for a tie) and a sentence saying
    so (or why there was no contest: `rows` is then empty)."""

    rows: tuple[CheckRow, ...]
    winner: str | None
    summary: str


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """One entry of the token menu's actions: its key (for `RuleSystem.resolve_action`) and its words."""

    key: str
    label: str


@dataclass(frozen=True, slots=True)
class ActionResult:
    """What an action did: the tokens it changed (their new values) and the log lines (the first is the
    headline)."""

    tokens: tuple[Token, ...]
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CreatureSheet:
    """The fields a creature of a system has.

    `ability_mods`: abilities are written as modifiers (PF2e attribute modifiers), not scores.
    `range_increments`: a ranged attack has a range increment (PF2e), not normal/long ranges.
    How the books lay a stat block out: `trait_badges` (size and traits as badges, not an italic "Medium
    humanoid" line), `saves_with_ac` (the saves follow AC, abbreviated as `save_short`), `resistance_values`
    (a resistance has an amount, not only a damage type).
    """

    ability_label: str
    ability_mods: bool
    range_increments: bool
    has_perception: bool
    has_weaknesses: bool
    has_vulnerabilities: bool
    has_cr: bool
    trait_badges: bool
    saves_with_ac: bool
    resistance_values: bool
    save_short: tuple[tuple[str, str], ...] = ()


def signed(value: int) -> str:
    """``+2`` or ``−1`` (a real minus sign)."""
    return f"+{value}" if value >= 0 else f"−{-value}"


def elevation_actions(token: Token) -> list[ActionSpec]:
    """The actions every system offers at the end of the menu: climb up; descend and fall when aloft."""
    out = [ActionSpec("up", f"Fly / climb up {ELEVATION_STEP} ft")]
    if token.elevation > 0:
        out.append(ActionSpec("down", f"Descend {ELEVATION_STEP} ft"))
        out.append(ActionSpec("fall", f"Fall {token.elevation} ft to the ground"))
    return out


def change_elevation(token: Token, key: str) -> ActionResult:
    """``up`` or ``down`` by `ELEVATION_STEP` (never below the ground)."""
    step = ELEVATION_STEP if key == "up" else -ELEVATION_STEP
    new = replace(token, elevation=max(0, token.elevation + step))
    return ActionResult((new,), (f"{token.label} is now {new.elevation} ft up",))


def missing_row(token: Token, stat: str, field: str) -> CheckRow:
    """The row of a creature that lists no value for the statistic."""
    return CheckRow(token.id, token.label, None, "—", None, f"no {stat} listed ({field})")
