"""Creature JSON: a `Creature` (`rules.model.creature`) to and from its three JSON shapes.

* **creature JSON** (`creature_to_json` / `creature_from_json`): the creature itself, as stored in the
  bestiary, the user's library and a scene's ``creatures`` table;
* **token fields** (`creature_token_fields`, `creature_to_token`): the query protocol's token fields the
  creature gives a token;
* **scene link** (`creature_table_entry`): an entry of a scene's ``creatures`` table
  (`rules.io.creature_table`).

`creature_from_json` reads with the one `rules.io.json_reader.JsonReader`: a bad field is a `SceneError`
naming its JSON path. `token_from_creature` makes the `Token` the scene reader would make of the creature.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.errors import SceneError
from rules.io.json_reader import JsonReader
from rules.io.scene_json import attack_to_json, token_from_json
from rules.io.spell_json import spell_to_json, spells_from_json
from rules.model import resistance
from rules.model.creature import SIZE_ALIASES, Creature, CreatureError, Sense, TextAbility, parse_cr
from rules.model.scene import SYSTEMS, Attack, Token

JSON = Any


def _cr_json(cr: float) -> int | float:
    return int(cr) if float(cr).is_integer() else cr


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
        out["resistances"] = [resistance.to_json(k) for k, _ in c.resistances]
        out["vulnerabilities"] = list(c.vulnerabilities)
    if c.reactions:
        out["reactions"] = list(c.reactions)
    if c.initiative_bonus is not None:
        out["initiative_bonus"] = c.initiative_bonus
    if c.spell_dc is not None:
        out["spell_dc"] = c.spell_dc
    if c.spell_attack is not None:
        out["spell_attack"] = c.spell_attack
    if c.spells:
        out["spells"] = [spell_to_json(sp) for sp in c.spells]
    if c.spell_slots:
        out["spell_uses"] = {"slots": {str(lv): {"max": n, "used": 0} for lv, n in c.spell_slots}}
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
    "spells",
    "spell_dc",
    "spell_attack",
    "spell_slots",
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
        "spells": [spell_to_json(sp) for sp in c.spells],
        "spell_dc": c.spell_dc,
        "spell_attack": c.spell_attack,
        "spell_slots": {str(lv): n for lv, n in c.spell_slots},
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
    if a.magical:
        out["magical"] = True
    return out


def _flag(r: JsonReader, value: JSON, path: str) -> bool:
    """An optional true/false field (absent is false)."""
    return False if value is None else r.boolean(value, path)


def _read_pairs(r: JsonReader, value: JSON, path: str) -> tuple[tuple[str, int], ...]:
    """`JsonReader.pairs` (absent: none), where a 5e list of damage types may hold a resistance with its
    exception, ``{"type", "unless"}`` (`rules.model.resistance`)."""
    if not isinstance(value, list):
        return r.pairs(value, path, optional=True)
    out: list[tuple[str, int]] = []
    for i, v in enumerate(value):
        if isinstance(v, dict):
            try:
                out.append((resistance.from_json(v), 0))
            except ValueError as exc:
                raise r.fail(f"{path}[{i}]", str(exc)) from None
        else:
            out.append((r.string(v, f"{path}[{i}]"), 0))
    return tuple(out)


def creature_from_json(doc: JSON, source: str = "", base: str = "") -> Creature:
    """Read creature JSON (as written by `creature_to_json`). Raises `SceneError` naming the field."""
    r = JsonReader(source, base=base, shown_chars=40)
    d = r.obj(doc, "")
    if "name" not in d:
        raise r.fail("name", "missing")
    system = r.string(d.get("system", ""), "system")
    if system not in SYSTEMS:
        raise r.fail("system", f"{system!r} is not one of {', '.join(SYSTEMS)}")
    pf2e = system == "pf2e"
    senses: list[Sense] = []
    raw_senses = d.get("senses")
    if isinstance(raw_senses, dict):  # token shape {"darkvision": 60}
        for k, v in raw_senses.items():
            senses.append(Sense(str(k), r.opt_int(v, f"senses.{k}") or None))
    else:
        for i, s in enumerate(r.lst(raw_senses, "senses", optional=True)):
            if isinstance(s, str):
                senses.append(Sense(s))
                continue
            so = r.obj(s, f"senses[{i}]")
            senses.append(
                Sense(
                    r.string(so.get("type", ""), f"senses[{i}].type"),
                    r.opt_int(so.get("range"), f"senses[{i}].range"),
                    None if so.get("acuity") is None else r.string(so["acuity"], f"senses[{i}].acuity"),
                )
            )
    attacks: list[Attack] = []
    for i, a in enumerate(r.lst(d.get("attacks"), "attacks", optional=True)):
        ao = r.obj(a, f"attacks[{i}]")
        rng = ao.get("range")
        pair: tuple[int, int] | None = None
        if rng is not None:
            items = r.lst(rng, f"attacks[{i}].range")
            if len(items) not in (1, 2):
                raise r.fail(f"attacks[{i}].range", "expected [normal, long]")
            pair = (
                r.integer(items[0], f"attacks[{i}].range[0]"),
                r.integer(items[-1], f"attacks[{i}].range[1]"),
            )
        attacks.append(
            Attack(
                name=r.string(ao.get("name", ""), f"attacks[{i}].name"),
                bonus=r.integer(ao.get("bonus", 0), f"attacks[{i}].bonus"),
                damage=r.string(ao.get("damage", "") or "", f"attacks[{i}].damage"),
                traits=r.strings(ao.get("traits"), f"attacks[{i}].traits", optional=True),
                range_increment=r.opt_int(ao.get("range_increment"), f"attacks[{i}].range_increment"),
                properties=r.strings(ao.get("properties"), f"attacks[{i}].properties", optional=True),
                range=pair,
                magical=_flag(r, ao.get("magical"), f"attacks[{i}].magical"),
            )
        )
    texts: list[TextAbility] = []
    for i, t in enumerate(r.lst(d.get("abilities_text"), "abilities_text", optional=True)):
        to = r.obj(t, f"abilities_text[{i}]")
        texts.append(
            TextAbility(
                r.string(to.get("name", ""), f"abilities_text[{i}].name"),
                r.string(to.get("text", ""), f"abilities_text[{i}].text"),
                r.string(to.get("kind", ""), f"abilities_text[{i}].kind"),
            )
        )
    cr = d.get("cr")
    cr_value: float | None = None
    if cr is not None:
        try:
            cr_value = parse_cr(cr)
        except (ValueError, ZeroDivisionError):
            raise r.fail("cr", f"{cr!r:.40} is not a challenge rating") from None
    pc = r.boolean(d.get("pc", False), "pc")
    size = r.string(d.get("size", "medium"), "size")
    try:
        return Creature(
            name=r.string(d["name"], "name"),
            system=system,
            size=SIZE_ALIASES.get(size.lower(), size),
            speed=r.integer(d.get("speed", 25 if pf2e else 30), "speed"),
            speeds=_read_pairs(r, d.get("speeds"), "speeds"),
            senses=tuple(senses),
            ac=r.opt_int(d.get("ac"), "ac"),
            hp=r.opt_int(d.get("hp"), "hp"),
            saves=_read_pairs(r, d.get("saves"), "saves"),
            perception=r.opt_int(d.get("perception"), "perception"),
            abilities=_read_pairs(r, d.get("abilities"), "abilities"),
            ability_mods=_read_pairs(r, d.get("ability_mods"), "ability_mods"),
            skills=_read_pairs(r, d.get("skills"), "skills"),
            immunities=r.strings(d.get("immunities"), "immunities", optional=True),
            weaknesses=_read_pairs(r, d.get("weaknesses"), "weaknesses"),
            resistances=_read_pairs(r, d.get("resistances"), "resistances"),
            vulnerabilities=r.strings(d.get("vulnerabilities"), "vulnerabilities", optional=True),
            attacks=tuple(attacks),
            reach=r.integer(d.get("reach", 5), "reach"),
            reactions=r.strings(d.get("reactions"), "reactions", optional=True),
            level=r.opt_int(d.get("level"), "level"),
            cr=cr_value,
            proficiency_bonus=r.opt_int(d.get("proficiency_bonus"), "proficiency_bonus"),
            traits=r.strings(d.get("traits"), "traits", optional=True),
            type=r.string(d.get("type", "") or "", "type"),
            xp=r.opt_int(d.get("xp"), "xp"),
            pc=pc,
            initiative_bonus=r.opt_int(d.get("initiative_bonus"), "initiative_bonus"),
            abilities_text=tuple(texts),
            spells=spells_from_json(d.get("spells") or [], f"{base}.spells" if base else "spells", source),
            spell_dc=r.opt_int(d.get("spell_dc"), "spell_dc"),
            spell_attack=r.opt_int(d.get("spell_attack"), "spell_attack"),
            spell_slots=tuple(
                (int(k), v)
                for k, v in _read_pairs(r, d.get("spell_slots"), "spell_slots")
                if str(k).isdigit()
            ),
            image=None if d.get("image") is None else r.string(d["image"], "image"),
            source=r.string(d.get("source", "") or "", "source"),
            license=r.string(d.get("license", "") or "", "license"),
            notes=r.string(d.get("notes", "") or "", "notes"),
        )
    except CreatureError as exc:
        raise r.fail(exc.field, exc.detail) from None


# ------------------------------------------------------------------------------------------- scene link


def creature_table_entry(c: Creature) -> dict[str, JSON]:
    """`c` as an entry of a scene's ``creatures`` table (`rules.io.creature_table`): its token fields,
    plus the rest of the creature (game, traits, abilities as text …) for the app's stat block."""
    entry = creature_to_json(c, compact=True)
    entry.update(creature_token_fields(c))
    return entry


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
        try:
            doc["resistances"] = {resistance.from_json(t): 0 for t in token["resistances"]}
        except ValueError as exc:
            raise SceneError(str(exc), "resistances", source) from None
    default_reach = 0 if (system == "pf2e" and token.get("size") == "tiny") else 5
    doc.setdefault("reach", default_reach)
    doc.setdefault("speed", 25 if system == "pf2e" else 30)
    return creature_from_json(doc, source, "")


def token_from_creature(
    c: Creature, token_id: str, cell: Sequence[int] = (0, 0), side: str | None = None, name: str | None = None
) -> Token:
    """A scene `Token` of `c`, read by the scene reader's token reader (so it is exactly what a saved scene
    holds)."""
    raw = creature_to_token(c, token_id, cell, side)
    if name:
        raw["name"] = name
    return token_from_json(raw, c.system)
