"""Encounter difficulty from the published tables.

* **PF2e** (Player Core / GM Core, "Building Encounters"): each creature is worth XP by its level relative to
  the party's level (−4: 10 … +4: 160); the budget for four characters is trivial 40, low 60, moderate 80,
  severe 120, extreme 160, adjusted per character beyond (or short of) four by 10 / 15 / 20 / 30 / 40.
* **D&D 5e 2014** (DMG p. 82): the party's XP thresholds (easy / medium / hard / deadly, summed over the
  characters by level), compared with the monsters' XP × the multiplier for their number (1, 1.5, 2, 2.5, 3,
  4; one step up for a party of fewer than three, one step down — down to ×0.5 — for six or more).
* **D&D 5e 2024** (DMG 2024 "Combat Encounters"): the XP budget per character by level for low, moderate
  and high difficulty, summed over the party, compared with the monsters' total XP (no multiplier).

Monster XP by challenge rating is the same table in both 5e editions (`XP_BY_CR`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.messages import msg

if TYPE_CHECKING:
    from rules.model.scene import Scene

PF2E_XP_BY_DELTA: dict[int, int] = {-4: 10, -3: 15, -2: 20, -1: 30, 0: 40, 1: 60, 2: 80, 3: 120, 4: 160}
PF2E_BUDGETS: tuple[tuple[str, int, int], ...] = (
    ("trivial", 40, 10),
    ("low", 60, 15),
    ("moderate", 80, 20),
    ("severe", 120, 30),
    ("extreme", 160, 40),
)

XP_BY_CR: dict[float, int] = {
    0: 10,
    0.125: 25,
    0.25: 50,
    0.5: 100,
    1: 200,
    2: 450,
    3: 700,
    4: 1100,
    5: 1800,
    6: 2300,
    7: 2900,
    8: 3900,
    9: 5000,
    10: 5900,
    11: 7200,
    12: 8400,
    13: 10000,
    14: 11500,
    15: 13000,
    16: 15000,
    17: 18000,
    18: 20000,
    19: 22000,
    20: 25000,
    21: 33000,
    22: 41000,
    23: 50000,
    24: 62000,
    25: 75000,
    26: 90000,
    27: 105000,
    28: 120000,
    29: 135000,
    30: 155000,
}

#: DMG 2014 XP thresholds by character level: easy, medium, hard, deadly.
DND2014_THRESHOLDS: dict[int, tuple[int, int, int, int]] = {
    1: (25, 50, 75, 100),
    2: (50, 100, 150, 200),
    3: (75, 150, 225, 400),
    4: (125, 250, 375, 500),
    5: (250, 500, 750, 1100),
    6: (300, 600, 900, 1400),
    7: (350, 750, 1100, 1700),
    8: (450, 900, 1400, 2100),
    9: (550, 1100, 1600, 2400),
    10: (600, 1200, 1900, 2800),
    11: (800, 1600, 2400, 3600),
    12: (1000, 2000, 3000, 4500),
    13: (1100, 2200, 3400, 5100),
    14: (1250, 2500, 3800, 5700),
    15: (1400, 2800, 4300, 6400),
    16: (1600, 3200, 4800, 7200),
    17: (2000, 3900, 5900, 8800),
    18: (2100, 4200, 6300, 9500),
    19: (2400, 4900, 7300, 10900),
    20: (2800, 5700, 8500, 12700),
}
#: The ratings and the budget's labels as words for people (message ids).
RATING_WORDS = {
    "trivial": "Trivial",
    "low": "Low",
    "moderate": "Moderate",
    "severe": "Severe",
    "extreme": "Extreme",
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
    "deadly": "Deadly",
    "high": "High",
}
LABEL_WORDS = {
    "trivial": "trivial",
    "low": "low",
    "moderate": "moderate",
    "severe": "severe",
    "extreme": "extreme",
    "easy": "easy",
    "medium": "medium",
    "hard": "hard",
    "deadly": "deadly",
    "high": "high",
}

DND2014_LABELS = ("easy", "medium", "hard", "deadly")
#: The multipliers in order; the index for a number of monsters is `_multiplier_index`.
DND2014_MULTIPLIERS: tuple[float, ...] = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0)

#: DMG 2024 XP budget per character by level: low, moderate, high.
DND2024_BUDGET: dict[int, tuple[int, int, int]] = {
    1: (50, 75, 100),
    2: (100, 150, 200),
    3: (150, 225, 400),
    4: (250, 375, 500),
    5: (500, 750, 1100),
    6: (600, 1000, 1400),
    7: (750, 1300, 1700),
    8: (1000, 1700, 2100),
    9: (1300, 2000, 2600),
    10: (1600, 2300, 3100),
    11: (1900, 2900, 4100),
    12: (2200, 3700, 4700),
    13: (2600, 4200, 5400),
    14: (2900, 4900, 6200),
    15: (3300, 5400, 7800),
    16: (3800, 6100, 9800),
    17: (4500, 7200, 11700),
    18: (5000, 8700, 14200),
    19: (5500, 10700, 17200),
    20: (6400, 13200, 22000),
}
DND2024_LABELS = ("low", "moderate", "high")


@dataclass(frozen=True, slots=True)
class Difficulty:
    """An encounter's rating.

    `xp` is what is compared with the thresholds (5e 2014: the adjusted XP, monsters' XP × `multiplier`);
    `base_xp` the plain sum of the creatures' XP; `thresholds` the party's thresholds in order, lowest
    first; `rating` the highest threshold `xp` reaches, or the level below the first (``trivial``) when it
    reaches none; `beyond` is true when `xp` exceeds the highest threshold."""

    system: str
    xp: int
    base_xp: int
    thresholds: tuple[tuple[str, int], ...]
    rating: str
    multiplier: float = 1.0
    beyond: bool = False
    #: Creatures left out (PF2e: more than 4 levels below the party count for nothing; above +4 is off the
    #: table — counted as 160 XP and reported here).
    notes: tuple[str, ...] = ()

    def describe(self) -> str:
        rating = str(msg(RATING_WORDS.get(self.rating, self.rating.capitalize())))
        if self.multiplier != 1.0:
            return str(
                msg(
                    "{rating} ({xp} XP = {base} × {times:g})",
                    rating=rating,
                    xp=self.xp,
                    base=self.base_xp,
                    times=self.multiplier,
                )
            )
        return str(msg("{rating} ({xp} XP)", rating=rating, xp=self.xp))


def _rate(xp: int, thresholds: Sequence[tuple[str, int]], below: str) -> tuple[str, bool]:
    rating = below
    for label, value in thresholds:
        if xp >= value:
            rating = label
    return rating, bool(thresholds) and xp > thresholds[-1][1]


def pf2e_creature_xp(creature_level: int, party_level: int) -> int:
    """XP of one creature (or hazard) for a party of `party_level` (below −4: 0; above +4: 160)."""
    delta = creature_level - party_level
    if delta < -4:
        return 0
    return PF2E_XP_BY_DELTA[min(delta, 4)]


def pf2e_budgets(party_size: int) -> tuple[tuple[str, int], ...]:
    """The XP budgets for a party of `party_size` characters (four is the base)."""
    if party_size < 1:
        raise ValueError("a party has at least one character")
    return tuple((label, max(base + (party_size - 4) * adjust, 0)) for label, base, adjust in PF2E_BUDGETS)


def pf2e_difficulty(party_level: int, party_size: int, creature_levels: Sequence[int]) -> Difficulty:
    """PF2e encounter rating: the creatures' XP total against the budgets. Below the low budget the
    encounter is ``trivial``; from low up it is the highest budget reached."""
    notes: list[str] = []
    total = 0
    for lvl in creature_levels:
        delta = lvl - party_level
        if delta > 4:
            notes.append(f"a level-{lvl} creature is more than 4 levels above the party")
        total += pf2e_creature_xp(lvl, party_level)
    budgets = pf2e_budgets(party_size)
    rating, beyond = _rate(total, budgets[1:], "trivial")
    return Difficulty("pf2e", total, total, budgets, rating, beyond=beyond, notes=tuple(notes))


def xp_for_cr(cr: float) -> int:
    """5e XP of a monster by challenge rating (both editions)."""
    if cr not in XP_BY_CR:
        raise ValueError(f"{cr!r} is not a challenge rating")
    return XP_BY_CR[cr]


def _multiplier_index(monsters: int, party_size: int) -> int:
    if monsters <= 1:
        index = 1
    elif monsters == 2:
        index = 2
    elif monsters <= 6:
        index = 3
    elif monsters <= 10:
        index = 4
    elif monsters <= 14:
        index = 5
    else:
        index = 6
    if party_size < 3:
        index += 1
    elif party_size >= 6:
        index -= 1
    return index


def encounter_multiplier(monsters: int, party_size: int = 4) -> float:
    """DMG 2014 encounter multiplier for `monsters` monsters and a party of `party_size`."""
    if monsters < 1:
        return 1.0
    return DND2014_MULTIPLIERS[_multiplier_index(monsters, party_size)]


def _levels(levels: Sequence[int]) -> None:
    if not levels:
        raise ValueError("a party has at least one character")
    for lvl in levels:
        if not 1 <= lvl <= 20:
            raise ValueError(f"character level {lvl} is not 1–20")


def dnd5e_2014_difficulty(character_levels: Sequence[int], monster_xp: Sequence[int]) -> Difficulty:
    """DMG 2014: adjusted XP (sum × multiplier) against the party's summed thresholds."""
    _levels(character_levels)
    thresholds = tuple(
        (label, sum(DND2014_THRESHOLDS[lvl][i] for lvl in character_levels))
        for i, label in enumerate(DND2014_LABELS)
    )
    base = sum(monster_xp)
    multiplier = encounter_multiplier(len(monster_xp), len(character_levels))
    adjusted = int(base * multiplier)
    rating, beyond = _rate(adjusted, thresholds, "trivial")
    return Difficulty("dnd5e-2014", adjusted, base, thresholds, rating, multiplier, beyond)


def dnd5e_2024_difficulty(character_levels: Sequence[int], monster_xp: Sequence[int]) -> Difficulty:
    """DMG 2024: the monsters' XP against the party's summed budgets (low / moderate / high)."""
    _levels(character_levels)
    thresholds = tuple(
        (label, sum(DND2024_BUDGET[lvl][i] for lvl in character_levels))
        for i, label in enumerate(DND2024_LABELS)
    )
    total = sum(monster_xp)
    rating, beyond = _rate(total, thresholds, "trivial")
    return Difficulty("dnd5e-2024", total, total, thresholds, rating, 1.0, beyond)


def scene_difficulty(
    system: str, party: Sequence[int], foes: Sequence[tuple[int | None, float | None, int | None]]
) -> Difficulty | None:
    """Difficulty for a scene: `party` the characters' levels; `foes` each ``(level, cr, xp)`` (PF2e reads
    the level; 5e the XP, else the CR). None when there is no party or no foe the tables can price."""
    if not party or not foes:
        return None
    if system == "pf2e":
        levels = [lvl for lvl, _, _ in foes if lvl is not None]
        if not levels:
            return None
        party_level = round(sum(party) / len(party))
        return pf2e_difficulty(party_level, len(party), levels)
    xps: list[int] = []
    for _, cr, xp in foes:
        if xp is not None:
            xps.append(xp)
        elif cr is not None and cr in XP_BY_CR:
            xps.append(XP_BY_CR[cr])
    if not xps:
        return None
    levels_5e = [min(max(lvl, 1), 20) for lvl in party]
    if system == "dnd5e-2024":
        return dnd5e_2024_difficulty(levels_5e, xps)
    return dnd5e_2014_difficulty(levels_5e, xps)


def difficulty_for_scene(scene: Scene) -> Difficulty | None:
    """The difficulty of the creatures on the map for the party on it: the party is the player characters
    (``pc`` tokens, by their ``level``); the foes are the other creatures on a side no PC is on that are
    still up (HP above 0), priced by ``level`` (PF2e) or the token's ``xp`` / ``cr`` (5e). None when the
    map has no PC with a level or no foe the tables can price."""
    party_sides = {t.side for t in scene.tokens if t.pc}
    party = [t.level for t in scene.tokens if t.pc and t.level is not None]
    foes: list[tuple[int | None, float | None, int | None]] = []
    for t in scene.tokens:
        if t.pc or t.side in party_sides or (t.hp is not None and t.hp <= 0):
            continue
        cr = t.extra.get("cr")
        xp = t.extra.get("xp")
        cr_value = float(cr) if isinstance(cr, (int, float)) and not isinstance(cr, bool) else None
        xp_value = xp if isinstance(xp, int) and not isinstance(xp, bool) and xp >= 0 else None
        foes.append((t.level, cr_value, xp_value))
    return scene_difficulty(scene.system, party, foes)


def difficulty_text(scene: Scene) -> str:
    """One line for the encounter dock: ``Encounter: Moderate (80 XP; budget low 60 · moderate 80 …)``."""
    d = difficulty_for_scene(scene)
    if d is None:
        pcs = [t for t in scene.tokens if t.pc]
        if not pcs:
            return str(msg("Encounter difficulty: no player characters on the map"))
        if all(t.level is None for t in pcs):
            return str(msg("Encounter difficulty: give the PCs a level"))
        return str(msg("Encounter difficulty: no foes with a level, CR or XP"))
    budget = " · ".join(f"{msg(LABEL_WORDS.get(label, label))} {value}" for label, value in d.thresholds)
    text = str(msg("Encounter: {difficulty}; {budget}", difficulty=d.describe(), budget=budget))
    if d.beyond:
        text += " — " + str(msg("beyond the table"))
    return text
