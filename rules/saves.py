"""Saving throws against an area: the save's modifiers (with cover from the area's origin) and the result.

Names: PF2e ``fortitude``, ``reflex``, ``will``; D&D 5e ``str``, ``dex``, ``con``, ``int``, ``wis``,
``cha``. Common spellings are accepted (``Reflex``, ``ref``, ``dexterity``). A token's modifier comes from
its ``saves`` (the scene's ``"saves": {"reflex": 8}``); `save_modifier` is None when the token lists none.

Cover against an area (rules.md "Cover" and "Areas"), judged from the area's origin point to the target:

* PF2e: standard cover gives +2 and greater cover (standard with Take Cover) +4 circumstance to **Reflex**
  saves; lesser cover doesn't apply against areas.
* D&D 5e: half cover +2 and three-quarters cover +5 to **Dexterity** saves. Total cover means the area
  doesn't reach the creature at all (its squares are blocked), so no save is rolled.

Conditions count (rules.md "Conditions that change the numbers"): PF2e typed modifiers from the conditions
table (frightened, sickened, clumsy to Reflex, drained to Fortitude, stupefied to Will …); 5e 2024
exhaustion −2 per level, and a 5e automatic failure (paralyzed, stunned, unconscious, petrified on Strength
and Dexterity saves) fails whatever the roll.

Results: PF2e gives a degree of success (`rules.systems.pf2e.degrees.degree`: natural 20 / 1 shift it) to
pass as a basic save's degree to ``damage``; 5e gives ``success`` iff ``d20 + modifiers ≥ DC`` (a natural
20 or 1 is not special for saving throws) and ``failure`` otherwise, passed as ``save`` for half damage.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.geometry.coords import Point
from rules.messages import msg
from rules.model.scene import Scene, Token
from rules.systems import system_for
from rules.systems.modifiers import Breakdown, Modifier, ModifierRow, RowGroup, rows_of, signed, stack
from rules.systems.roll_modes import check_d20

PF2E_SAVES: tuple[str, ...] = ("fortitude", "reflex", "will")
DND_SAVES: tuple[str, ...] = ("str", "dex", "con", "int", "wis", "cha")
_ALIASES: dict[str, str] = {
    "fort": "fortitude",
    "fortitude": "fortitude",
    "ref": "reflex",
    "reflex": "reflex",
    "will": "will",
    "str": "str",
    "strength": "str",
    "dex": "dex",
    "dexterity": "dex",
    "con": "con",
    "constitution": "con",
    "int": "int",
    "intelligence": "int",
    "wis": "wis",
    "wisdom": "wis",
    "cha": "cha",
    "charisma": "cha",
}
SAVE_LABELS: dict[str, str] = {
    "fortitude": "Fortitude",
    "reflex": "Reflex",
    "will": "Will",
    "str": "Strength",
    "dex": "Dexterity",
    "con": "Constitution",
    "int": "Intelligence",
    "wis": "Wisdom",
    "cha": "Charisma",
}


def save_names(system: str) -> tuple[str, ...]:
    return system_for(system).save_names


def normalise_save(name: str) -> str | None:
    """The canonical save name, or None when `name` isn't one."""
    return _ALIASES.get(name.strip().lower().rstrip("."))


def save_modifier(token: Token, save: str) -> int | None:
    """The token's listed modifier for `save` (any spelling), or None."""
    want = normalise_save(save)
    for name, value in token.saves:
        if normalise_save(name) == want:
            return value
    return None


def cover_against_area(scene: Scene, target: Token, origin: Point, save: str) -> Modifier | None:
    """The cover modifier to `save` against an area from `origin` (see the module docstring), or None."""
    canonical = normalise_save(save)
    if canonical != system_for(scene).cover_save:
        return None
    from rules.geometry.cover import cover

    result = cover(scene, target, origin=origin)
    if result.ac_bonus <= 0:
        return None
    return Modifier(
        "cover",
        "circumstance",
        result.ac_bonus,
        str(msg("{degree} cover from the area's origin", degree=result.degree)),
    )


@dataclass(frozen=True, slots=True)
class SaveResult:
    """One creature's save: the die, the modifiers, the DC, and the outcome (PF2e degree, 5e
    ``success``/``failure``), which is also the value to pass as the damage's save."""

    token_id: str
    save: str
    d20: int
    modifiers: Breakdown
    dc: int
    outcome: str

    @property
    def total(self) -> int:
        return self.d20 + self.modifiers.total

    def groups(self) -> tuple[RowGroup, ...]:
        """The breakdown for people: the save's typed modifiers (its own, conditions, cover), then the roll
        against the DC and its outcome."""
        natural = "natural 20" if self.d20 == 20 else "natural 1" if self.d20 == 1 else ""
        roll = (
            ModifierRow("d20", text=str(self.d20), source=natural),
            ModifierRow("modifier", value=self.modifiers.total),
            ModifierRow("result", text=self.outcome.replace("-", " ")),
        )
        return (
            RowGroup(
                f"{SAVE_LABELS.get(self.save, self.save)} save",
                signed(self.modifiers.total),
                rows_of(self.modifiers),
            ),
            RowGroup("Roll", str(msg("{total} vs DC {dc}", total=self.total, dc=self.dc)), roll),
        )


def _condition_modifiers(scene: Scene, target: Token, canonical: str) -> list[Modifier]:
    """Conditions on the save (`RuleSystem.save_condition_modifiers`): PF2e typed modifiers
    (`rules.systems.pf2e.conditions`); 5e 2024 exhaustion (−2 per level, untyped)."""
    return system_for(scene).save_condition_modifiers(target, canonical)


def automatic_failure(scene: Scene, target: Token, save: str) -> list[str]:
    """Why `target` automatically fails `save` (5e: paralyzed, stunned, unconscious or petrified on a
    Strength or Dexterity save; `RuleSystem.automatic_save_failures`); empty in PF2e."""
    return system_for(scene).automatic_save_failures(target, normalise_save(save) or save)


def save_modifiers(
    scene: Scene, target: Token, save: str, *, base: int | None = None, origin: Point | None = None
) -> Breakdown:
    """The save's modifiers: the token's own as the system reads it (`RuleSystem.save_modifier`: 5e an
    unlisted save is the ability modifier), or `base` when given, 0 when neither; and cover from an area's
    `origin`."""
    canonical = normalise_save(save) or save
    own = base if base is not None else system_for(scene).save_modifier(target, canonical)
    mods = [Modifier(f"{SAVE_LABELS.get(canonical, canonical)} save", "untyped", own or 0, target.label)]
    mods += _condition_modifiers(scene, target, canonical)
    if origin is not None:
        c = cover_against_area(scene, target, origin, canonical)
        if c is not None:
            mods.append(c)
    return stack(mods)


def resolve_save(
    scene: Scene,
    target: Token,
    save: str,
    dc: int,
    d20: int,
    *,
    base: int | None = None,
    origin: Point | None = None,
) -> SaveResult:
    """The result of `target`'s `save` against `dc` with a d20 of `d20` (see the module docstring)."""
    check_d20(d20)
    mods = save_modifiers(scene, target, save, base=base, origin=origin)
    canonical = normalise_save(save) or save
    outcome = system_for(scene).save_outcome(target, canonical, d20, mods.total, dc)
    return SaveResult(target.id, canonical, d20, mods, dc, outcome)
