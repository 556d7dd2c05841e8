"""Creatures: the statistics a token reads (the stat block), apart from the token's own state.

A `Creature` holds everything the rules read about a kind of creature: size, speeds, senses, AC, HP, saves,
Perception, ability scores, skills, immunities / weaknesses / resistances / vulnerabilities, attacks (the
scene's `Attack`, reach written as a ``reach N`` trait or property when it differs from the creature's
reach), reactions, level / CR / proficiency bonus, traits and XP. Abilities the engine doesn't model are kept
as text (`abilities_text`), never dropped. Creating one validates it and raises `CreatureError` naming the
field (``attacks[1].damage: …``).

Its JSON (`rules.io.creature_json`) has three shapes:

* **creature JSON** (`creature_to_json` / `creature_from_json`): the creature itself, as stored in the
  bestiary, the user's library and a scene's ``creatures`` table.
* **token fields** (`creature_token_fields`): the query protocol's token fields the creature gives a token
  (``size``, ``speed``, ``reach``, ``ac``, ``hp``, ``max_hp``, ``attacks``, ``saves``, ``skills``, …).
* **scene link**: a scene may hold ``"creatures": {creature_id: entry}`` (`creature_table_entry`: the token
  fields and the rest of the creature) and tokens that say ``"creature": creature_id`` plus their own state
  (``hp``, ``conditions``, ``cell`` …). The scene reader resolves each such token to flat token JSON — the
  creature's fields with the token's own on top — so every part of the engine keeps reading flat `Token`
  fields, and saving writes back only what differs (`rules.io.creature_table`). Several tokens may share
  one creature.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rules import dice
from rules.geometry.coords import SIZES
from rules.model.scene import SYSTEMS, Attack
from rules.model.spell import Spell

JSON = Any

SPEED_KINDS: tuple[str, ...] = ("fly", "swim", "climb", "burrow")
PF2E_SAVES: tuple[str, ...] = ("fortitude", "reflex", "will")
ABILITIES: tuple[str, ...] = ("str", "dex", "con", "int", "wis", "cha")
#: Sizes as Foundry and other tools abbreviate them.
SIZE_ALIASES: dict[str, str] = {
    "tiny": "tiny",
    "sm": "small",
    "small": "small",
    "med": "medium",
    "medium": "medium",
    "lg": "large",
    "large": "large",
    "huge": "huge",
    "grg": "gargantuan",
    "gargantuan": "gargantuan",
}
MAX_STAT = 10_000
MAX_HP = 1_000_000
MAX_FEET = 10_000


class CreatureError(ValueError):
    """A creature's statistics are invalid. `field` names the bad field (``attacks[0].bonus``)."""

    def __init__(self, field_name: str, message: str) -> None:
        self.field = field_name
        self.detail = message
        super().__init__(f"{field_name}: {message}" if field_name else message)


@dataclass(frozen=True, slots=True)
class Sense:
    """A sense: ``darkvision``, ``scent`` (PF2e imprecise 30 ft), ``blindsight`` 60 ft (5e)."""

    type: str
    range: int | None = None
    acuity: str | None = None

    def describe(self) -> str:
        text = self.type.replace("-", " ")
        if self.acuity and self.acuity != "precise":
            text += f" ({self.acuity})"
        elif self.acuity == "precise" and self.type not in ("darkvision", "low-light-vision"):
            text += " (precise)"
        if self.range:
            text += f" {self.range} ft."
        return text


@dataclass(frozen=True, slots=True)
class TextAbility:
    """An ability kept as text: `kind` is ``action``, ``reaction``, ``free``, ``passive``, ``legendary``,
    ``lair``, ``spell``, ``feature`` … (free text); `text` is plain text (HTML removed by the importers)."""

    name: str
    text: str = ""
    kind: str = ""


@dataclass(frozen=True, slots=True)
class Creature:
    """A creature's statistics. Maps are tuples of ``(key, value)`` pairs so the value stays hashable."""

    name: str
    system: str
    size: str = "medium"
    speed: int = 25
    speeds: tuple[tuple[str, int], ...] = ()
    senses: tuple[Sense, ...] = ()
    ac: int | None = None
    hp: int | None = None
    saves: tuple[tuple[str, int], ...] = ()
    perception: int | None = None
    #: 5e ability scores (``str`` … ``cha``).
    abilities: tuple[tuple[str, int], ...] = ()
    #: PF2e attribute modifiers (``str`` … ``cha``).
    ability_mods: tuple[tuple[str, int], ...] = ()
    skills: tuple[tuple[str, int], ...] = ()
    immunities: tuple[str, ...] = ()
    weaknesses: tuple[tuple[str, int], ...] = ()
    resistances: tuple[tuple[str, int], ...] = ()
    vulnerabilities: tuple[str, ...] = ()
    attacks: tuple[Attack, ...] = ()
    reach: int = 5
    reactions: tuple[str, ...] = ()
    level: int | None = None
    cr: float | None = None
    proficiency_bonus: int | None = None
    traits: tuple[str, ...] = ()
    type: str = ""
    xp: int | None = None
    pc: bool = False
    initiative_bonus: int | None = None
    abilities_text: tuple[TextAbility, ...] = ()
    #: Spells and abilities the engine can cast (`rules.model.spell`): a breath weapon is an ability.
    spells: tuple[Spell, ...] = ()
    #: The DC and attack modifier of its spells (an ability's own DC wins).
    spell_dc: int | None = None
    spell_attack: int | None = None
    #: Spell slots by level as (level, number): a token of the creature starts with them unspent.
    spell_slots: tuple[tuple[int, int], ...] = ()
    image: str | None = None
    source: str = ""
    license: str = ""
    notes: str = ""

    def __post_init__(self) -> None:
        validate(self)

    # ---- derived

    @property
    def is_pf2e(self) -> bool:
        return self.system == "pf2e"

    def speed_of(self, kind: str) -> int:
        if kind in ("walk", "land", ""):
            return self.speed
        return dict(self.speeds).get(kind, 0)

    def ability_modifier(self, ability: str) -> int | None:
        """5e: from the score; PF2e: the stored modifier; None when unknown."""
        if self.is_pf2e:
            return dict(self.ability_mods).get(ability)
        score = dict(self.abilities).get(ability)
        return None if score is None else (score - 10) // 2

    def challenge(self) -> str:
        """``Level 3`` (PF2e), ``CR 1/4`` (5e), or ``Level 5`` for a 5e character."""
        if self.is_pf2e or self.cr is None:
            return "" if self.level is None else f"Level {self.level}"
        return f"CR {format_cr(self.cr)}"


# --------------------------------------------------------------------------------------------- validation


def _check_int(value: object, name: str, lo: int | None = None, hi: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CreatureError(name, f"expected a whole number, got {value!r}")
    if lo is not None and value < lo:
        raise CreatureError(name, f"{value} is less than {lo}")
    if hi is not None and value > hi:
        raise CreatureError(name, f"{value} is more than {hi}")


def _check_pairs(pairs: object, name: str, lo: int = -MAX_STAT, hi: int = MAX_STAT) -> None:
    if not isinstance(pairs, tuple):
        raise CreatureError(name, "expected a tuple of (name, value) pairs")
    seen: set[str] = set()
    for i, pair in enumerate(pairs):
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str) and pair[0]):
            raise CreatureError(f"{name}[{i}]", f"expected a (name, value) pair, got {pair!r}")
        if pair[0] in seen:
            raise CreatureError(f"{name}.{pair[0]}", "listed twice")
        seen.add(pair[0])
        _check_int(pair[1], f"{name}.{pair[0]}", lo, hi)


def _check_strings(values: object, name: str) -> None:
    if not isinstance(values, tuple) or not all(isinstance(v, str) and v for v in values):
        raise CreatureError(name, "expected a tuple of non-empty strings")


def validate(c: Creature) -> None:
    """Raise `CreatureError` for the first invalid field of `c`."""
    if not isinstance(c.name, str) or not c.name.strip():
        raise CreatureError("name", "is empty")
    if c.system not in SYSTEMS:
        raise CreatureError("system", f"{c.system!r} is not one of {', '.join(SYSTEMS)}")
    if c.size not in SIZES:
        raise CreatureError("size", f"{c.size!r} is not one of {', '.join(SIZES)}")
    _check_int(c.speed, "speed", 0, MAX_FEET)
    _check_pairs(c.speeds, "speeds", 0, MAX_FEET)
    for kind, _ in c.speeds:
        if kind not in SPEED_KINDS:
            raise CreatureError(f"speeds.{kind}", f"is not one of {', '.join(SPEED_KINDS)}")
    for i, s in enumerate(c.senses):
        if not isinstance(s, Sense) or not s.type:
            raise CreatureError(f"senses[{i}]", "expected a sense with a type")
        if s.range is not None:
            _check_int(s.range, f"senses[{i}].range", 0, MAX_FEET)
    if c.ac is not None:
        _check_int(c.ac, "ac", -MAX_STAT, MAX_STAT)
    if c.hp is not None:
        _check_int(c.hp, "hp", 0, MAX_HP)
    _check_pairs(c.saves, "saves")
    valid_saves = PF2E_SAVES if c.is_pf2e else ABILITIES
    for key, _ in c.saves:
        if key not in valid_saves:
            raise CreatureError(f"saves.{key}", f"is not one of {', '.join(valid_saves)}")
    if c.perception is not None:
        _check_int(c.perception, "perception", -MAX_STAT, MAX_STAT)
    _check_pairs(c.abilities, "abilities", 0, 100)
    _check_pairs(c.ability_mods, "ability_mods", -50, 50)
    for name, pairs in (("abilities", c.abilities), ("ability_mods", c.ability_mods)):
        for key, _ in pairs:
            if key not in ABILITIES:
                raise CreatureError(f"{name}.{key}", f"is not one of {', '.join(ABILITIES)}")
    _check_pairs(c.skills, "skills")
    _check_strings(c.immunities, "immunities")
    _check_pairs(c.weaknesses, "weaknesses", 0, MAX_STAT)
    _check_pairs(c.resistances, "resistances", 0, MAX_STAT)
    _check_strings(c.vulnerabilities, "vulnerabilities")
    names: set[str] = set()
    for i, a in enumerate(c.attacks):
        where = f"attacks[{i}]"
        if not isinstance(a, Attack) or not a.name.strip():
            raise CreatureError(f"{where}.name", "is empty")
        if a.name.lower() in names:
            raise CreatureError(f"{where}.name", f"{a.name!r} is used by an earlier attack")
        names.add(a.name.lower())
        _check_int(a.bonus, f"{where}.bonus", -MAX_STAT, MAX_STAT)
        if a.damage:
            try:
                dice.parse(a.damage)
            except dice.DiceSyntaxError as exc:
                raise CreatureError(
                    f"{where}.damage", f"{a.damage!r} is not a damage formula ({exc.short})"
                ) from None
        if a.range_increment is not None:
            _check_int(a.range_increment, f"{where}.range_increment", 1, MAX_FEET)
        if a.range is not None and not (0 < a.range[0] <= a.range[1] <= MAX_FEET):
            raise CreatureError(f"{where}.range", f"{list(a.range)} is not [normal, long] in feet")
    _check_int(c.reach, "reach", 0, MAX_FEET)
    _check_strings(c.reactions, "reactions")
    if c.level is not None:
        _check_int(c.level, "level", -1, 100)
    if c.cr is not None and (not isinstance(c.cr, (int, float)) or not math.isfinite(c.cr) or c.cr < 0):
        raise CreatureError("cr", f"{c.cr!r} is not a challenge rating (0, 1/8, 1/4, 1/2, 1 … 30)")
    if c.proficiency_bonus is not None:
        _check_int(c.proficiency_bonus, "proficiency_bonus", 0, 50)
    _check_strings(c.traits, "traits")
    if c.xp is not None:
        _check_int(c.xp, "xp", 0, 10_000_000)
    if c.initiative_bonus is not None:
        _check_int(c.initiative_bonus, "initiative_bonus", -MAX_STAT, MAX_STAT)
    for i, t in enumerate(c.abilities_text):
        if not isinstance(t, TextAbility) or not t.name:
            raise CreatureError(f"abilities_text[{i}]", "expected an ability with a name")
    for i, sp in enumerate(c.spells):
        if not isinstance(sp, Spell):
            raise CreatureError(f"spells[{i}]", "expected a spell")
    if c.spell_dc is not None:
        _check_int(c.spell_dc, "spell_dc", 0, MAX_STAT)
    if c.spell_attack is not None:
        _check_int(c.spell_attack, "spell_attack", -MAX_STAT, MAX_STAT)
    for i, slot in enumerate(c.spell_slots):
        if not (isinstance(slot, tuple) and len(slot) == 2):
            raise CreatureError(f"spell_slots[{i}]", "expected a (level, number) pair")
        _check_int(slot[0], f"spell_slots[{i}]", 1, 10)
        _check_int(slot[1], f"spell_slots.{slot[0]}", 0, 1000)


# ------------------------------------------------------------------------------------------------ helpers


def format_cr(cr: float) -> str:
    for value, text in ((0.125, "1/8"), (0.25, "1/4"), (0.5, "1/2")):
        if cr == value:
            return text
    return str(int(cr)) if float(cr).is_integer() else str(cr)


def parse_cr(value: object) -> float:
    """``"1/4"``, ``0.25``, ``3`` → a CR number; raises ValueError otherwise."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a challenge rating")
    if isinstance(value, (int, float)):
        result = float(value)
    elif isinstance(value, str):
        text = value.strip()
        if "/" in text:
            num, _, den = text.partition("/")
            result = int(num) / int(den)
        else:
            result = float(text)
    else:
        raise ValueError(f"{value!r} is not a challenge rating")
    if not math.isfinite(result) or result < 0 or result > 100:
        raise ValueError(f"{value!r} is not a challenge rating")
    return result


def proficiency_for_cr(cr: float) -> int:
    """5e proficiency bonus by challenge rating (CR 0–4 +2, 5–8 +3, …)."""
    return 2 + (max(math.ceil(cr), 1) - 1) // 4


def proficiency_for_level(level: int) -> int:
    """5e proficiency bonus by character level."""
    return 2 + (max(level, 1) - 1) // 4


def attack_reach(attack: Attack, creature_reach: int) -> int | None:
    """A melee attack's reach (a ``reach N`` trait sets it, a bare ``reach`` adds 5 ft); None for ranged."""
    if attack.is_ranged:
        return None
    value = attack.trait_value("reach")
    if value is None:
        return creature_reach
    digits = "".join(ch for ch in value.split()[0] if ch.isdigit()) if value.strip() else ""
    return int(digits) if digits else creature_reach + 5


def unique_token_ids(base: str, count: int, taken: Iterable[str]) -> list[str]:
    """`count` new token ids from `base` (``goblin-1``, ``goblin-2`` …) not in `taken`."""
    slug = "".join(ch if ch.isalnum() else "-" for ch in base.lower()).strip("-") or "creature"
    used = set(taken)
    out: list[str] = []
    n = 1
    while len(out) < count:
        candidate = f"{slug}-{n}"
        if candidate not in used:
            out.append(candidate)
            used.add(candidate)
        n += 1
    return out
