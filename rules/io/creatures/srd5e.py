"""The 5e SRD monster JSON of the 5e-bits API data set (``5e-SRD-Monsters.json``, 2014 and 2024 files):
a list of monsters (or one monster object).

Read: ``armor_class[0].value``, ``hit_points``, ``speed`` (``"40 ft."`` strings; ``hover``), ability scores,
``proficiencies`` (``saving-throw-dex`` → save total, ``skill-stealth`` → skill total), damage
immunities / resistances / vulnerabilities (damage types named in each entry; qualified entries such as
"bludgeoning … from nonmagical attacks" are noted as text, and a resistance to nonmagical B/P/S is kept
qualified: a magical attack gets past it), condition immunities, ``senses``,
``challenge_rating``, ``proficiency_bonus``, ``xp``. An action with ``attack_bonus`` is an attack: its
``damage`` entries (a "choose one" entry takes its first option and notes the others) and its description's
``reach N ft.`` / ``range N/M ft.`` (a "Melee or Ranged" attack becomes a melee and a ``(ranged)`` attack).
Everything else — traits, other actions, reactions, legendary actions — is kept as text; reactions are
also listed by name. The edition is ``dnd5e-2024`` for entries whose ``url`` is under ``/api/2024/``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from rules.io.creatures._common import JSON, Reader, attacks_with_reach, slug_words
from rules.io.creatures.srd_abilities import ability_spell, named_spells, uses_of
from rules.io.srd_text import DAMAGE_TYPES
from rules.model.creature import ABILITIES, SIZE_ALIASES, SPEED_KINDS, Creature, Sense, TextAbility, parse_cr
from rules.model.resistance import nonmagical
from rules.model.scene import Attack
from rules.model.spell import Spell, SpellUses

ABILITY_FIELDS = {
    "str": "strength",
    "dex": "dexterity",
    "con": "constitution",
    "int": "intelligence",
    "wis": "wisdom",
    "cha": "charisma",
}
_FEET = re.compile(r"(\d+)\s*ft")
_REACH = re.compile(r"reach\s+(\d+)\s*ft", re.IGNORECASE)
_RANGE = re.compile(r"range\s+(\d+)(?:\s*/\s*(\d+))?\s*ft", re.IGNORECASE)


def is_srd5e(doc: JSON) -> bool:
    def one(m: JSON) -> bool:
        return isinstance(m, dict) and "challenge_rating" in m and "hit_points" in m

    if isinstance(doc, list):
        return bool(doc) and all(one(m) for m in doc[:3])
    return one(doc)


def import_monsters(
    doc: JSON, source: str, edition: str | None = None, notes: list[str] | None = None
) -> list[Creature]:
    """Every monster; `notes` (when given) collects where the data's fields and their text disagree."""
    monsters = doc if isinstance(doc, list) else [doc]
    return [
        import_monster(m, source, f"[{i}]" if isinstance(doc, list) else "", edition, notes)
        for i, m in enumerate(monsters)
    ]


def _feet(r: Reader, value: JSON, path: str) -> int:
    if isinstance(value, str):
        m = _FEET.search(value)
        return int(m.group(1)) if m else 0
    if isinstance(value, bool):
        return 0
    return max(r.need_int(value, path, 0), 0)


def _types_in(text: str) -> list[str]:
    lowered = text.lower()
    return [t for t in DAMAGE_TYPES if re.search(rf"\b{t}\b", lowered)]


def import_monster(
    doc: JSON, source: str, path: str = "", edition: str | None = None, notes_out: list[str] | None = None
) -> Creature:
    r = Reader(source, path)
    m = r.obj(doc, "")
    name = r.str_(m.get("name"), "name").strip() or r.str_(m.get("index"), "index") or "Unnamed monster"
    url = r.str_(m.get("url"), "url")
    system = edition or ("dnd5e-2024" if "/2024/" in url else "dnd5e-2014")
    size_text = r.str_(m.get("size"), "size", "Medium").lower()
    if size_text not in SIZE_ALIASES:
        raise r.fail("size", f"{size_text!r} is not a size (Tiny … Gargantuan)")
    ac_list = r.lst(m.get("armor_class"), "armor_class")
    ac: int | None = None
    ac_notes: list[str] = []
    if isinstance(m.get("armor_class"), (int, float)):
        ac = r.int_(m["armor_class"], "armor_class")
    for i, entry in enumerate(ac_list):
        eo = r.obj(entry, f"armor_class[{i}]")
        value = r.int_(eo.get("value"), f"armor_class[{i}].value")
        if ac is None:
            ac = value
        elif value is not None:
            ac_notes.append(f"AC {value} ({r.str_(eo.get('type'), f'armor_class[{i}].type')})")
    hp = r.int_(m.get("hit_points"), "hit_points")
    speed_o = r.obj(m.get("speed"), "speed")
    speed = _feet(r, speed_o.get("walk"), "speed.walk") if "walk" in speed_o else 0
    speeds = tuple(
        (k, _feet(r, speed_o.get(k), f"speed.{k}"))
        for k in SPEED_KINDS
        if _feet(r, speed_o.get(k), f"speed.{k}") > 0
    )
    notes: list[str] = list(ac_notes)
    if speed_o.get("hover") is True:
        notes.append("Hover")
    scores = {k: r.need_int(m.get(f), f, 10) for k, f in ABILITY_FIELDS.items()}
    for k, v in scores.items():
        if not 0 <= v <= 100:
            raise r.fail(ABILITY_FIELDS[k], f"{v} is not an ability score")
    saves: list[tuple[str, int]] = []
    skills: list[tuple[str, int]] = []
    for i, p in enumerate(r.lst(m.get("proficiencies"), "proficiencies")):
        po = r.obj(p, f"proficiencies[{i}]")
        index = r.str_(r.dig(po, "proficiency", "index"), f"proficiencies[{i}].proficiency.index")
        value = r.int_(po.get("value"), f"proficiencies[{i}].value")
        if value is None:
            continue
        if index.startswith("saving-throw-") and index[13:] in ABILITIES:
            saves.append((index[13:], value))
        elif index.startswith("skill-"):
            skills.append((index[6:], value))

    def type_entries(key: str) -> list[str]:
        out: list[str] = []
        for i, entry in enumerate(r.lst(m.get(key), key)):
            text = entry if isinstance(entry, str) else r.str_(r.dig(entry, "name"), f"{key}[{i}].name")
            found = _types_in(text)
            if found and text.strip().lower() not in found:
                notes.append(f"{key.replace('_', ' ').capitalize()}: {text}")
            if key == "damage_resistances" and "nonmagical" in text.lower():
                # "bludgeoning, piercing, and slashing from nonmagical attacks": a magical attack gets past
                # it (`rules.model.resistance`); a further qualifier (silvered, adamantine) stays in the note
                found = nonmagical(found)
            out.extend(found)
        return out

    immunities = type_entries("damage_immunities")
    for i, c in enumerate(r.lst(m.get("condition_immunities"), "condition_immunities")):
        text = c if isinstance(c, str) else r.str_(r.dig(c, "index"), f"condition_immunities[{i}].index")
        if text:
            immunities.append(text.lower())
    resistances = type_entries("damage_resistances")
    vulnerabilities = type_entries("damage_vulnerabilities")

    senses: list[Sense] = []
    for key, value in r.obj(m.get("senses"), "senses").items():
        if key == "passive_perception":
            continue
        rng = _feet(r, value, f"senses.{key}")
        senses.append(Sense(key.lower(), rng or None))

    cr_raw = m.get("challenge_rating")
    cr: float | None = None
    if cr_raw is not None:
        try:
            cr = parse_cr(cr_raw)
        except (ValueError, ZeroDivisionError):
            raise r.fail("challenge_rating", f"{cr_raw!r:.40} is not a challenge rating") from None

    texts: list[TextAbility] = []
    built: list[tuple[str, Attack, int | None]] = []
    reactions: list[str] = []
    spells: list[Spell] = []
    spell_dc: int | None = None
    spell_attack: int | None = None
    caster_level: int | None = None
    slots: list[tuple[int, int]] = []
    notes_found: list[str] = []
    for key, kind in (
        ("special_abilities", "trait"),
        ("actions", "action"),
        ("bonus_actions", "bonus"),
        ("reactions", "reaction"),
        ("legendary_actions", "legendary"),
    ):
        for i, a in enumerate(r.lst(m.get(key), key)):
            ap = f"{key}[{i}]"
            ao = r.obj(a, ap)
            aname = r.str_(ao.get("name"), f"{ap}.name").strip().rstrip(".") or "Unnamed"
            desc = r.str_(ao.get("desc"), f"{ap}.desc").strip()
            if kind == "reaction":
                reactions.append(aname)
            if kind == "action" and ao.get("attack_bonus") is not None:
                built.extend(_attacks(r, ap, aname, ao, desc))
                if re.search(r"\bHit:.*\.\s+\S", desc):  # riders after the damage
                    texts.append(TextAbility(aname, desc, "attack"))
                continue
            if isinstance(ao.get("spellcasting"), dict):
                sc = ao["spellcasting"]
                spell_dc = r.int_(sc.get("dc"), f"{ap}.spellcasting.dc") or spell_dc
                spell_attack = r.int_(sc.get("modifier"), f"{ap}.spellcasting.modifier") or spell_attack
                caster_level = r.int_(sc.get("level"), f"{ap}.spellcasting.level") or caster_level
                for lv, n in (sc.get("slots") or {}).items():
                    if str(lv).isdigit() and isinstance(n, int):
                        slots.append((int(lv), n))
                wanted = [
                    (str(x.get("name", "")), _spell_uses(x))
                    for x in sc.get("spells") or []
                    if isinstance(x, dict)
                ]
                spells.extend(named_spells(wanted, _lookup(system), name, notes_found))
            else:
                spells.extend(_abilities(ao, aname, desc, system, notes_found))
            texts.append(TextAbility(aname, desc, kind))

    attacks, creature_reach = attacks_with_reach(built, 5, "properties")
    if notes_out is not None:
        notes_out.extend(f"{name}: {n}" for n in notes_found)

    languages = r.str_(m.get("languages"), "languages").strip()
    if languages:
        notes.append(f"Languages: {languages}")
    alignment = r.str_(m.get("alignment"), "alignment").strip()
    ctype = r.str_(m.get("type"), "type").lower()
    subtype = r.str_(m.get("subtype"), "subtype").lower()
    xp = r.int_(m.get("xp"), "xp")
    prof = r.int_(m.get("proficiency_bonus"), "proficiency_bonus")
    return r.build(
        lambda: Creature(
            name=name,
            system=system,
            size=SIZE_ALIASES[size_text],
            speed=speed,
            speeds=speeds,
            senses=tuple(senses),
            ac=ac,
            hp=None if hp is None else max(hp, 0),
            saves=tuple(dict(saves).items()),
            abilities=tuple(scores.items()),
            skills=tuple(dict(skills).items()),
            immunities=tuple(dict.fromkeys(immunities)),
            resistances=tuple((t, 0) for t in dict.fromkeys(resistances)),
            vulnerabilities=tuple(dict.fromkeys(vulnerabilities)),
            attacks=tuple(attacks),
            reach=creature_reach,
            reactions=tuple(dict.fromkeys(reactions)),
            cr=cr,
            proficiency_bonus=prof,
            traits=tuple(dict.fromkeys(t for t in (ctype, subtype, alignment.lower()) if t)),
            type=ctype.split()[-1] if ctype.startswith("swarm") else ctype,
            xp=xp,
            initiative_bonus=(scores["dex"] - 10) // 2,
            abilities_text=tuple(texts),
            spells=tuple(spells),
            spell_dc=spell_dc,
            spell_attack=spell_attack,
            spell_slots=tuple(sorted(dict(slots).items())),
            level=caster_level,
            source="SRD 5.2" if system == "dnd5e-2024" else "SRD 5.1",
            license="CC-BY-4.0",
            notes="\n".join(notes),
        )
    )


def _lookup(system: str) -> Callable[[str], Spell | None]:
    """A spell of the bundled list of `system`, by name."""
    from rules.io.bundled_spells import find_bundled

    return lambda name: find_bundled(system, name)


def _spell_uses(entry: dict[str, JSON]) -> SpellUses:
    """A 5e-bits spell list entry's ``usage``: ``at will``, ``per day`` (``times``); none: a spell slot."""
    usage = entry.get("usage") or {}
    kind = str(usage.get("type") or "")
    if kind == "per day" and isinstance(usage.get("times"), int) and usage["times"] > 0:
        return SpellUses("per-day", count=usage["times"])
    if kind == "at will" or entry.get("level") == 0:
        return SpellUses("at-will")
    return SpellUses("slot")


#: "Fire Breath. The dragon exhales fire …": one of several breath weapons in one action.
_BREATH_PART = re.compile(r"(?:^|[.:]\s+)([A-Z][a-z]+ Breath)\.\s+")


def _abilities(ao: dict[str, JSON], name: str, desc: str, system: str, notes: list[str]) -> list[Spell]:
    """An action with a saving throw as abilities: one, or one per breath weapon when the action offers
    several ("The dragon uses one of the following breath weapons. Fire Breath. … Sleep Breath. …"), each
    with the action's uses."""
    parts = list(_BREATH_PART.finditer(desc))
    if len(parts) < 2:
        one = _ability(ao, name, desc, system, notes)
        return [] if one is None else [one]
    out: list[Spell] = []
    for i, m in enumerate(parts):
        end = parts[i + 1].start() if i + 1 < len(parts) else len(desc)
        piece = desc[m.end() : end]
        found = _ability({k: v for k, v in ao.items() if k != "dc"}, m.group(1), piece, system, notes)
        if found is not None:
            uses = _ability(ao, name, desc[: parts[0].start()] + piece, system, [])
            out.append(replace(found, uses=uses.uses if uses is not None else found.uses, name=m.group(1)))
    return out


def _ability(ao: dict[str, JSON], name: str, desc: str, system: str, notes: list[str]) -> Spell | None:
    """An action with a saving throw as an ability (5e-bits ``dc`` and ``usage`` compared with the text)."""
    dc: dict[str, JSON] = ao["dc"] if isinstance(ao.get("dc"), dict) else {}
    usage: dict[str, JSON] = ao["usage"] if isinstance(ao.get("usage"), dict) else {}
    kind = str(usage.get("type") or "")
    uses_type = {"recharge on roll": "RECHARGE_ON_ROLL", "per day": "PER_DAY"}.get(kind)
    param = usage.get("min_value") if kind == "recharge on roll" else usage.get("times")
    uses = uses_of(name, uses_type, param if isinstance(param, int) else None)
    data_save = (dc.get("dc_type") or {}).get("index") if dc else None
    success = dc.get("success_type") if dc else None
    return ability_spell(
        name,
        desc,
        edition=system,
        uses=uses,
        data_dc=dc.get("dc_value") if dc else None,
        data_save=data_save,
        data_success=success if success in ("half", "none") else None,
        notes=notes,
    )


def _attacks(
    r: Reader, ap: str, name: str, ao: dict[str, JSON], desc: str
) -> list[tuple[str, Attack, int | None]]:
    bonus = r.need_int(ao.get("attack_bonus"), f"{ap}.attack_bonus", 0)
    parts: list[str] = []
    for j, dmg in enumerate(r.lst(ao.get("damage"), f"{ap}.damage")):
        dp = f"{ap}.damage[{j}]"
        do = r.obj(dmg, dp)
        if "from" in do:
            options = r.lst(r.dig(do, "from", "options"), f"{dp}.from.options")
            if not options:
                continue
            do = r.obj(options[0], f"{dp}.from.options[0]")
            dp = f"{dp}.from.options[0]"
        formula = r.str_(do.get("damage_dice"), f"{dp}.damage_dice").replace(" ", "")
        dtype = r.str_(r.dig(do, "damage_type", "index"), f"{dp}.damage_type.index").lower()
        if formula:
            parts.append(f"{formula} {slug_words(dtype)}".strip() if dtype else formula)
    damage = " plus ".join(parts)
    lowered = desc.lower()
    reach_m = _REACH.search(desc)
    range_m = _RANGE.search(desc)
    melee = "melee" in lowered.split("attack")[0] if "attack" in lowered else range_m is None
    ranged = "ranged" in lowered.split("attack")[0] if "attack" in lowered else range_m is not None
    out: list[tuple[str, Attack, int | None]] = []
    pair = None
    if range_m:
        normal = int(range_m.group(1))
        long = int(range_m.group(2)) if range_m.group(2) else normal
        pair = (normal, max(long, normal)) if normal > 0 else None
    if melee or pair is None:
        reach = int(reach_m.group(1)) if reach_m else 5
        out.append((name, Attack(name, bonus, damage), reach))
    if ranged and pair is not None:
        rname = f"{name} (ranged)" if out else name
        out.append((rname, Attack(rname, bonus, damage, (), None, (), pair), None))
    return out
