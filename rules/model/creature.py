"""Creatures: the statistics a token reads (the stat block), apart from the token's own state.

A `Creature` holds everything the rules read about a kind of creature: size, speeds, senses, AC, HP, saves,
Perception, ability scores, skills, immunities / weaknesses / resistances / vulnerabilities, attacks (the
scene's `Attack`, reach written as a ``reach N`` trait or property when it differs from the creature's
reach), reactions, level / CR / proficiency bonus, traits and XP. Abilities the engine doesn't model are kept
as text (`abilities_text`), never dropped. Creating one validates it and raises `CreatureError` naming the
field (``attacks[1].damage: …``).

Three JSON shapes:

* **creature JSON** (`creature_to_json` / `creature_from_json`): the creature itself, as stored in the
  bestiary, the user's library and a scene's ``creatures`` table.
* **token fields** (`creature_token_fields`): the query protocol's token fields the creature gives a token
  (``size``, ``speed``, ``reach``, ``ac``, ``hp``, ``max_hp``, ``attacks``, ``saves``, ``skills``, …).
* **scene link**: a scene may hold ``"creatures": {creature_id: entry}`` (`creature_table_entry`: the token
  fields and the rest of the creature) and tokens that say ``"creature": creature_id`` plus their own state
  (``hp``, ``conditions``, ``cell`` …). The scene reader resolves each such token to flat token JSON — the
  creature's fields with the token's own on top — so every part of the engine keeps reading flat `Token`
  fields, and saving writes back only what differs (`rules.model.creature_table`). Several tokens may share
  one creature.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules import dice
from rules.errors import SceneError
from rules.geometry.coords import SIZE_SQUARES, SIZES, Cell
from rules.scene import SYSTEMS, Attack, Token, attack_to_json, scene_from_json

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


def _cr_json(cr: float) -> int | float:
    return int(cr) if float(cr).is_integer() else cr


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


# ------------------------------------------------------------------------------------------- token fields


def _pairs(pairs: Iterable[tuple[str, int]]) -> dict[str, int]:
    return dict(pairs)


def creature_token_fields(c: Creature) -> dict[str, JSON]:
    """The query protocol's token fields this creature gives a token (no ``id``, ``cell`` or ``side``)."""
    out: dict[str, JSON] = {"name": c.name, "size": c.size, "pc": c.pc, "speed": c.speed, "reach": c.reach}
    if c.ac is not None:
        out["ac"] = c.ac
    if c.hp is not None:
        out["hp"] = c.hp
        out["max_hp"] = c.hp
    out["attacks"] = [attack_to_json(a, c.system) for a in c.attacks]
    if c.saves:
        out["saves"] = _pairs(c.saves)
    if c.skills:
        out["skills"] = _pairs(c.skills)
    if c.is_pf2e:
        if c.perception is not None:
            out["perception"] = c.perception
        if c.level is not None:
            out["level"] = c.level
    else:
        if c.abilities:
            out["abilities"] = _pairs(c.abilities)
        if c.proficiency_bonus is not None:
            out["proficiency_bonus"] = c.proficiency_bonus
        if c.level is not None:
            out["level"] = c.level
        if c.cr is not None:
            out["cr"] = _cr_json(c.cr)
        if c.xp is not None:
            out["xp"] = c.xp
    if c.speeds:
        out["speeds"] = _pairs(c.speeds)
    if c.senses:
        if c.is_pf2e:
            out["senses"] = [s.type if s.range is None else f"{s.type} {s.range}" for s in c.senses]
        else:
            out["senses"] = {s.type: s.range or 0 for s in c.senses}
    out["immunities"] = list(c.immunities)
    if c.is_pf2e:
        out["weaknesses"] = _pairs(c.weaknesses)
        out["resistances"] = _pairs(c.resistances)
    else:
        out["resistances"] = [k for k, _ in c.resistances]
        out["vulnerabilities"] = list(c.vulnerabilities)
    if c.reactions:
        out["reactions"] = list(c.reactions)
    if c.initiative_bonus is not None:
        out["initiative_bonus"] = c.initiative_bonus
    if c.image:
        out["image"] = c.image
    return out


def creature_to_token(
    c: Creature, token_id: str, cell: Sequence[int] = (0, 0), side: str | None = None
) -> dict[str, JSON]:
    """A complete scene token for `c` (``id``, ``cell``, ``side`` and the creature's fields)."""
    out: dict[str, JSON] = {
        "id": token_id,
        "cell": [int(cell[0]), int(cell[1])],
        "side": side or ("party" if c.pc else "enemies"),
    }
    out.update(creature_token_fields(c))
    return out


# --------------------------------------------------------------------------------------- creature JSON

_CREATURE_KEYS = (
    "name",
    "system",
    "size",
    "speed",
    "speeds",
    "senses",
    "ac",
    "hp",
    "saves",
    "perception",
    "abilities",
    "ability_mods",
    "skills",
    "immunities",
    "weaknesses",
    "resistances",
    "vulnerabilities",
    "attacks",
    "reach",
    "reactions",
    "level",
    "cr",
    "proficiency_bonus",
    "traits",
    "type",
    "xp",
    "pc",
    "initiative_bonus",
    "abilities_text",
    "image",
    "source",
    "license",
    "notes",
)


def creature_to_json(c: Creature, *, compact: bool = False) -> dict[str, JSON]:
    """The creature as creature JSON; `compact` leaves out empty and default fields."""
    out: dict[str, JSON] = {
        "name": c.name,
        "system": c.system,
        "size": c.size,
        "speed": c.speed,
        "speeds": _pairs(c.speeds),
        "senses": [
            {k: v for k, v in (("type", s.type), ("range", s.range), ("acuity", s.acuity)) if v is not None}
            for s in c.senses
        ],
        "ac": c.ac,
        "hp": c.hp,
        "saves": _pairs(c.saves),
        "perception": c.perception,
        "abilities": _pairs(c.abilities),
        "ability_mods": _pairs(c.ability_mods),
        "skills": _pairs(c.skills),
        "immunities": list(c.immunities),
        "weaknesses": _pairs(c.weaknesses),
        "resistances": _pairs(c.resistances),
        "vulnerabilities": list(c.vulnerabilities),
        "attacks": [_attack_json(a) for a in c.attacks],
        "reach": c.reach,
        "reactions": list(c.reactions),
        "level": c.level,
        "cr": None if c.cr is None else _cr_json(c.cr),
        "proficiency_bonus": c.proficiency_bonus,
        "traits": list(c.traits),
        "type": c.type,
        "xp": c.xp,
        "pc": c.pc,
        "initiative_bonus": c.initiative_bonus,
        "abilities_text": [
            {k: v for k, v in (("name", t.name), ("text", t.text), ("kind", t.kind)) if v}
            for t in c.abilities_text
        ],
        "image": c.image,
        "source": c.source,
        "license": c.license,
        "notes": c.notes,
    }
    if compact:
        default_speed = 25 if c.is_pf2e else 30
        out = {
            k: v
            for k, v in out.items()
            if k in ("name", "system") or (not _empty(v) and not (k == "speed" and v == default_speed))
        }
    return out


def _empty(v: JSON) -> bool:
    return v is None or v is False or (isinstance(v, (str, list, dict)) and not v)


def _attack_json(a: Attack) -> dict[str, JSON]:
    out: dict[str, JSON] = {"name": a.name, "bonus": a.bonus, "damage": a.damage}
    if a.traits:
        out["traits"] = list(a.traits)
    if a.properties:
        out["properties"] = list(a.properties)
    if a.range_increment is not None:
        out["range_increment"] = a.range_increment
    if a.range is not None:
        out["range"] = list(a.range)
    return out


class _Reader:
    """Strict reading of creature JSON; every failure is a `SceneError` with the JSON path."""

    def __init__(self, source: str, base: str) -> None:
        self.source = source
        self.base = base

    def fail(self, path: str, message: str) -> SceneError:
        full = f"{self.base}.{path}" if self.base and path else (self.base or path)
        return SceneError(message, full, self.source)

    def int_(self, value: JSON, path: str) -> int:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, f"expected a whole number, got {value!r:.40}")
        return value

    def opt_int(self, value: JSON, path: str) -> int | None:
        return None if value is None else self.int_(value, path)

    def str_(self, value: JSON, path: str) -> str:
        if not isinstance(value, str):
            raise self.fail(path, f"expected a string, got {value!r:.40}")
        return value

    def strs(self, value: JSON, path: str) -> tuple[str, ...]:
        if value is None:
            return ()
        if not isinstance(value, list):
            raise self.fail(path, "expected a list of strings")
        return tuple(self.str_(v, f"{path}[{i}]") for i, v in enumerate(value))

    def pairs(self, value: JSON, path: str) -> tuple[tuple[str, int], ...]:
        if value is None:
            return ()
        if isinstance(value, list):  # 5e-style list of types
            return tuple((self.str_(v, f"{path}[{i}]"), 0) for i, v in enumerate(value))
        if not isinstance(value, dict):
            raise self.fail(path, "expected an object of numbers")
        return tuple((str(k), self.int_(v, f"{path}.{k}")) for k, v in value.items())

    def obj(self, value: JSON, path: str) -> dict[str, JSON]:
        if not isinstance(value, dict):
            raise self.fail(path, "expected an object")
        return value

    def lst(self, value: JSON, path: str) -> list[JSON]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(path, "expected a list")
        return value


def creature_from_json(doc: JSON, source: str = "", base: str = "") -> Creature:
    """Read creature JSON (as written by `creature_to_json`). Raises `SceneError` naming the field."""
    r = _Reader(source, base)
    d = r.obj(doc, "")
    if "name" not in d:
        raise r.fail("name", "missing")
    system = r.str_(d.get("system", ""), "system")
    if system not in SYSTEMS:
        raise r.fail("system", f"{system!r} is not one of {', '.join(SYSTEMS)}")
    pf2e = system == "pf2e"
    senses: list[Sense] = []
    raw_senses = d.get("senses")
    if isinstance(raw_senses, dict):  # token shape {"darkvision": 60}
        for k, v in raw_senses.items():
            senses.append(Sense(str(k), r.opt_int(v, f"senses.{k}") or None))
    else:
        for i, s in enumerate(r.lst(raw_senses, "senses")):
            if isinstance(s, str):
                senses.append(Sense(s))
                continue
            so = r.obj(s, f"senses[{i}]")
            senses.append(
                Sense(
                    r.str_(so.get("type", ""), f"senses[{i}].type"),
                    r.opt_int(so.get("range"), f"senses[{i}].range"),
                    None if so.get("acuity") is None else r.str_(so["acuity"], f"senses[{i}].acuity"),
                )
            )
    attacks: list[Attack] = []
    for i, a in enumerate(r.lst(d.get("attacks"), "attacks")):
        ao = r.obj(a, f"attacks[{i}]")
        rng = ao.get("range")
        pair: tuple[int, int] | None = None
        if rng is not None:
            items = r.lst(rng, f"attacks[{i}].range")
            if len(items) not in (1, 2):
                raise r.fail(f"attacks[{i}].range", "expected [normal, long]")
            pair = (r.int_(items[0], f"attacks[{i}].range[0]"), r.int_(items[-1], f"attacks[{i}].range[1]"))
        attacks.append(
            Attack(
                name=r.str_(ao.get("name", ""), f"attacks[{i}].name"),
                bonus=r.int_(ao.get("bonus", 0), f"attacks[{i}].bonus"),
                damage=r.str_(ao.get("damage", "") or "", f"attacks[{i}].damage"),
                traits=r.strs(ao.get("traits"), f"attacks[{i}].traits"),
                range_increment=r.opt_int(ao.get("range_increment"), f"attacks[{i}].range_increment"),
                properties=r.strs(ao.get("properties"), f"attacks[{i}].properties"),
                range=pair,
            )
        )
    texts: list[TextAbility] = []
    for i, t in enumerate(r.lst(d.get("abilities_text"), "abilities_text")):
        to = r.obj(t, f"abilities_text[{i}]")
        texts.append(
            TextAbility(
                r.str_(to.get("name", ""), f"abilities_text[{i}].name"),
                r.str_(to.get("text", ""), f"abilities_text[{i}].text"),
                r.str_(to.get("kind", ""), f"abilities_text[{i}].kind"),
            )
        )
    cr = d.get("cr")
    cr_value: float | None = None
    if cr is not None:
        try:
            cr_value = parse_cr(cr)
        except (ValueError, ZeroDivisionError):
            raise r.fail("cr", f"{cr!r:.40} is not a challenge rating") from None
    pc = d.get("pc", False)
    if not isinstance(pc, bool):
        raise r.fail("pc", "expected true or false")
    size = r.str_(d.get("size", "medium"), "size")
    try:
        return Creature(
            name=r.str_(d["name"], "name"),
            system=system,
            size=SIZE_ALIASES.get(size.lower(), size),
            speed=r.int_(d.get("speed", 25 if pf2e else 30), "speed"),
            speeds=r.pairs(d.get("speeds"), "speeds"),
            senses=tuple(senses),
            ac=r.opt_int(d.get("ac"), "ac"),
            hp=r.opt_int(d.get("hp"), "hp"),
            saves=r.pairs(d.get("saves"), "saves"),
            perception=r.opt_int(d.get("perception"), "perception"),
            abilities=r.pairs(d.get("abilities"), "abilities"),
            ability_mods=r.pairs(d.get("ability_mods"), "ability_mods"),
            skills=r.pairs(d.get("skills"), "skills"),
            immunities=r.strs(d.get("immunities"), "immunities"),
            weaknesses=r.pairs(d.get("weaknesses"), "weaknesses"),
            resistances=r.pairs(d.get("resistances"), "resistances"),
            vulnerabilities=r.strs(d.get("vulnerabilities"), "vulnerabilities"),
            attacks=tuple(attacks),
            reach=r.int_(d.get("reach", 5), "reach"),
            reactions=r.strs(d.get("reactions"), "reactions"),
            level=r.opt_int(d.get("level"), "level"),
            cr=cr_value,
            proficiency_bonus=r.opt_int(d.get("proficiency_bonus"), "proficiency_bonus"),
            traits=r.strs(d.get("traits"), "traits"),
            type=r.str_(d.get("type", "") or "", "type"),
            xp=r.opt_int(d.get("xp"), "xp"),
            pc=pc,
            initiative_bonus=r.opt_int(d.get("initiative_bonus"), "initiative_bonus"),
            abilities_text=tuple(texts),
            image=None if d.get("image") is None else r.str_(d["image"], "image"),
            source=r.str_(d.get("source", "") or "", "source"),
            license=r.str_(d.get("license", "") or "", "license"),
            notes=r.str_(d.get("notes", "") or "", "notes"),
        )
    except CreatureError as exc:
        raise r.fail(exc.field, exc.detail) from None


# ------------------------------------------------------------------------------------------- scene link


def creature_table_entry(c: Creature) -> dict[str, JSON]:
    """`c` as an entry of a scene's ``creatures`` table (`rules.model.creature_table`): its token fields,
    plus the rest of the creature (game, traits, abilities as text …) for the app's stat block."""
    entry = creature_to_json(c, compact=True)
    entry.update(creature_token_fields(c))
    return entry


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


def creature_from_token(token: Mapping[str, JSON], system: str, source: str = "") -> Creature:
    """A creature from a scene token's statistics (its state — id, cell, side, current HP, conditions —
    left behind; a numbered name such as ``Goblin 2`` loses its number). Raises `SceneError`."""
    name = str(token.get("name") or token.get("id") or "Creature")
    words = name.rsplit(" ", 1)
    if len(words) == 2 and words[1].isdigit():
        name = words[0]
    doc: dict[str, JSON] = {k: v for k, v in token.items() if k in _CREATURE_KEYS}
    doc.update({"name": name, "system": system})
    if token.get("max_hp") is not None:
        doc["hp"] = token["max_hp"]
    senses = token.get("senses")
    if isinstance(senses, list):
        parsed: list[JSON] = []
        for s in senses:
            text = str(s).strip()
            head, _, tail = text.rpartition(" ")
            parsed.append({"type": head, "range": int(tail)} if head and tail.isdigit() else {"type": text})
        doc["senses"] = parsed
    if isinstance(token.get("resistances"), list):
        doc["resistances"] = {str(t): 0 for t in token["resistances"]}
    default_reach = 0 if (system == "pf2e" and token.get("size") == "tiny") else 5
    doc.setdefault("reach", default_reach)
    doc.setdefault("speed", 25 if system == "pf2e" else 30)
    return creature_from_json(doc, source, "")


def token_from_creature(
    c: Creature, token_id: str, cell: Sequence[int] = (0, 0), side: str | None = None, name: str | None = None
) -> Token:
    """A scene `Token` of `c` (read through the scene loader, so it is exactly what a saved scene holds)."""
    raw = creature_to_token(c, token_id, (0, 0), side)
    if name:
        raw["name"] = name
    n = SIZE_SQUARES[c.size]
    doc = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": c.system,
        "grid": {"width": n, "height": n},
        "tokens": [raw],
    }
    token = scene_from_json(doc).tokens[0]
    return replace(token, cell=Cell(int(cell[0]), int(cell[1])))
