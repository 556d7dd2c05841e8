"""Foundry VTT dnd5e actors (NPC and character; pack source JSON or "Export Data", system 3.x–4.x).

Foundry stores inputs and derives the stat block, so the importer derives it the same way:

* Proficiency bonus: NPC by CR, character by total class levels.
* AC: ``attributes.ac.calc`` ``flat``/``natural`` → ``ac.flat``; ``default`` → equipped body armour
  (light: + Dex; medium: + Dex up to 2 or the armour's ``dex`` cap; heavy: no Dex), else 10 + Dex, plus an
  equipped shield; ``mage``/``draconic`` 13 + Dex; ``unarmoredMonk`` / ``unarmoredBarb`` 10 + Dex + Wis /
  Con; plus active effects that add to ``system.attributes.ac.bonus`` (Fighting Style: Defense).
* HP: ``hp.max``, else ``hp.value``.
* Attacks: every item with an ``attack`` activity (or, in older files, ``actionType`` mwak/rwak). Bonus =
  ability modifier (the activity's ability; default Str, Dex for ranged, the better for finesse) +
  proficiency (when proficient; characters by their weapon proficiencies) + magical bonus + the activity's
  flat bonus + the actor's melee/ranged attack bonus. Damage = the weapon's base damage + the ability
  modifier (+ magical bonus), then the activity's extra parts. A melee weapon reaches ``range.reach``, else
  ``range.value``, else 10 ft with the reach property, else 5 ft; a thrown melee weapon also gets a ranged
  ``(thrown)`` attack with its range.
* Saves listed are the proficient ones (others use the ability modifier); skills with proficiency.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from rules.errors import SpellImportError
from rules.io.creatures._common import JSON, Reader, attacks_with_reach, plain_text
from rules.io.creatures.foundry_pf2e import _image
from rules.io.spells.foundry_dnd5e import import_feat_ability, import_spell
from rules.model.creature import (
    ABILITIES,
    SIZE_ALIASES,
    SPEED_KINDS,
    Creature,
    Sense,
    TextAbility,
    parse_cr,
    proficiency_for_cr,
    proficiency_for_level,
)
from rules.model.resistance import nonmagical
from rules.model.scene import Attack
from rules.model.spell import Spell
from rules.systems.encounter_difficulty import XP_BY_CR

SKILLS = {
    "acr": "acrobatics",
    "ani": "animal-handling",
    "arc": "arcana",
    "ath": "athletics",
    "dec": "deception",
    "his": "history",
    "ins": "insight",
    "itm": "intimidation",
    "inv": "investigation",
    "med": "medicine",
    "nat": "nature",
    "prc": "perception",
    "prf": "performance",
    "per": "persuasion",
    "rel": "religion",
    "slt": "sleight-of-hand",
    "ste": "stealth",
    "sur": "survival",
}
SKILL_ABILITY = {
    "acr": "dex",
    "ani": "wis",
    "arc": "int",
    "ath": "str",
    "dec": "cha",
    "his": "int",
    "ins": "wis",
    "itm": "cha",
    "inv": "int",
    "med": "wis",
    "nat": "int",
    "prc": "wis",
    "prf": "cha",
    "per": "cha",
    "rel": "int",
    "slt": "dex",
    "ste": "dex",
    "sur": "wis",
}
PROPERTIES = {
    "fin": "finesse",
    "lgt": "light",
    "hvy": "heavy",
    "rch": "reach",
    "thr": "thrown",
    "two": "two-handed",
    "ver": "versatile",
    "amm": "ammunition",
    "lod": "loading",
    "mgc": "magical",
    "sil": "silvered",
    "ada": "adamantine",
    "spc": "special",
    "ret": "returning",
}
SENSES = ("darkvision", "blindsight", "tremorsense", "truesight")
BYPASS = {"mgc": "nonmagical", "sil": "non-silvered", "ada": "non-adamantine"}
GETS_PAST = {"sil": "silvered", "ada": "adamantine"}


def is_foundry_dnd5e(doc: JSON) -> bool:
    if not isinstance(doc, dict) or not isinstance(doc.get("system"), dict):
        return False
    stats = doc.get("_stats")
    if isinstance(stats, dict) and stats.get("systemId") in ("pf2e", "dnd5e"):
        return bool(stats.get("systemId") == "dnd5e")
    size = Reader.dig(doc, "system", "traits", "size")
    return isinstance(size, str) and isinstance(Reader.dig(doc, "system", "abilities"), dict)


def _mod(score: int) -> int:
    return (score - 10) // 2


def _int_text(r: Reader, value: JSON, path: str) -> int:
    """A Foundry bonus field: ``""``, ``"+1"``, ``"2"`` or a number; formulas it can't read count 0."""
    if isinstance(value, str):
        text = value.replace(" ", "")
        return int(text) if re.fullmatch(r"[+-]?\d{1,6}", text) else 0
    return r.need_int(value, path, 0)


def import_actor(
    doc: JSON, source: str, base_dir: Path | None = None, path: str = "", edition: str | None = None
) -> Creature:
    """One Foundry dnd5e actor → a `Creature`. `edition` (``dnd5e-2014``/``dnd5e-2024``) overrides the
    actor's ``source.rules``."""
    r = Reader(source, path)
    d = r.obj(doc, "")
    name = r.str_(d.get("name"), "name").strip() or "Unnamed creature"
    actor_type = r.str_(d.get("type"), "type", "npc")
    is_pc = actor_type == "character"
    s = r.obj(d.get("system"), "system")
    attrs = r.obj(s.get("attributes"), "system.attributes")
    details = r.obj(s.get("details"), "system.details")
    traits_o = r.obj(s.get("traits"), "system.traits")
    items = [r.obj(it, f"items[{i}]") for i, it in enumerate(r.lst(d.get("items"), "items"))]

    rules_text = r.str_(r.dig(s, "source", "rules"), "system.source.rules")
    system = edition or ("dnd5e-2024" if rules_text == "2024" else "dnd5e-2014")

    scores: dict[str, int] = {}
    save_prof: dict[str, float] = {}
    abil_o = r.obj(s.get("abilities"), "system.abilities")
    for key in ABILITIES:
        ao = r.obj(abil_o.get(key), f"system.abilities.{key}")
        scores[key] = r.need_int(ao.get("value"), f"system.abilities.{key}.value", 10)
        if not 0 <= scores[key] <= 100:
            raise r.fail(f"system.abilities.{key}.value", f"{scores[key]} is not an ability score")
        save_prof[key] = float(r.need_int(ao.get("proficient"), f"system.abilities.{key}.proficient", 0))
    mods = {k: _mod(v) for k, v in scores.items()}

    level: int | None = None
    cr: float | None = None
    classes: list[str] = []
    if is_pc:
        total = 0
        for i, it in enumerate(items):
            if it.get("type") == "class":
                lv = r.need_int(r.dig(it, "system", "levels"), f"items[{i}].system.levels", 1)
                total += max(lv, 0)
                classes.append(f"{r.str_(it.get('name'), f'items[{i}].name')} {lv}")
        level = min(max(total, 1), 20)
        prof = proficiency_for_level(level)
    else:
        raw_cr = details.get("cr")
        if raw_cr is not None and raw_cr != "":
            try:
                cr = parse_cr(raw_cr)
            except (ValueError, ZeroDivisionError):
                raise r.fail("system.details.cr", f"{raw_cr!r:.40} is not a challenge rating") from None
        prof = proficiency_for_cr(cr or 0)
    prof_override = r.int_(r.dig(attrs, "prof"), "system.attributes.prof")
    if isinstance(prof_override, int) and 0 < prof_override < 20:
        prof = prof_override

    # ---- size, type, speeds, senses (a character's race item fills what the actor leaves null)
    size_text = r.str_(traits_o.get("size"), "system.traits.size", "med").lower()
    if size_text not in SIZE_ALIASES:
        raise r.fail("system.traits.size", f"{size_text!r} is not a size (tiny, sm, med, lg, huge, grg)")
    size = SIZE_ALIASES[size_text]
    race = next((it for it in items if it.get("type") == "race"), None)
    movement = r.obj(attrs.get("movement"), "system.attributes.movement")
    race_movement = r.obj(r.dig(race, "system", "movement"), "items[race].system.movement")

    def move(kind: str) -> int:
        value = r.int_(movement.get(kind), f"system.attributes.movement.{kind}")
        if value is None:
            value = r.int_(race_movement.get(kind), f"items[race].system.movement.{kind}")
        return max(value or 0, 0)

    walk = movement.get("walk")
    speed = move("walk") if walk is not None or race_movement else 30
    speeds = tuple((k, move(k)) for k in SPEED_KINDS if move(k) > 0)
    notes: list[str] = []
    if movement.get("hover") is True:
        notes.append("Hover")
    senses_o = r.obj(attrs.get("senses"), "system.attributes.senses")
    race_senses = r.obj(r.dig(race, "system", "senses"), "items[race].system.senses")
    senses: list[Sense] = []
    for kind in SENSES:
        rng = r.int_(senses_o.get(kind), f"system.attributes.senses.{kind}")
        if rng is None:
            rng = r.int_(race_senses.get(kind), f"items[race].system.senses.{kind}")
        if rng:
            senses.append(Sense(kind, rng))
    special_senses = r.str_(senses_o.get("special"), "system.attributes.senses.special").strip()
    if special_senses:
        notes.append(f"Senses: {special_senses}")

    type_o = details.get("type")
    ctype = ""
    trait_list: list[str] = []
    if isinstance(type_o, dict):
        ctype = r.str_(type_o.get("value"), "system.details.type.value").lower()
        if ctype == "custom":
            ctype = r.str_(type_o.get("custom"), "system.details.type.custom").lower()
        subtype = r.str_(type_o.get("subtype"), "system.details.type.subtype")
        swarm = r.str_(type_o.get("swarm"), "system.details.type.swarm")
        trait_list = [t.lower() for t in (ctype, subtype) if t]
        if swarm:
            trait_list.append(f"swarm of {SIZE_ALIASES.get(swarm, swarm)}")
    elif isinstance(type_o, str):
        ctype = type_o.lower()
        trait_list = [ctype] if ctype else []
    if is_pc:
        ctype = ctype or "humanoid"
        if race is not None:
            trait_list.insert(0, r.str_(race.get("name"), "items[race].name").lower())

    # ---- defences
    def type_list(key: str) -> list[str]:
        return [t.lower() for t in r.strs(r.dig(traits_o, key, "value"), f"system.traits.{key}.value")]

    immunities = type_list("di") + type_list("ci")
    resistances = type_list("dr")
    vulnerabilities = type_list("dv")
    for key, label in (("di", "immunity"), ("dr", "resistance"), ("dv", "vulnerability")):
        bypasses = r.strs(r.dig(traits_o, key, "bypasses"), f"system.traits.{key}.bypasses")
        custom = r.str_(r.dig(traits_o, key, "custom"), f"system.traits.{key}.custom").strip()
        if key == "dr" and "mgc" in bypasses:
            # Foundry's bypasses qualify the physical types: resistance to nonmagical B/P/S is kept as such
            # (a magical attack gets past it: `rules.model.resistance`)
            resistances = nonmagical(resistances)
            others = [b for b in bypasses if b != "mgc"]
            if others:
                words = " or ".join(GETS_PAST.get(b, b) for b in others)
                notes.append(
                    "Damage resistance to nonmagical bludgeoning, piercing and slashing: "
                    f"{words} attacks get past it too"
                )
            bypasses = []
        if bypasses:
            words = " or ".join(BYPASS.get(b, b) for b in bypasses)
            notes.append(f"Damage {label}: bludgeoning, piercing and slashing only from {words} attacks")
        if custom:
            notes.append(f"Damage {label}: {custom}")

    # ---- AC
    dex = mods["dex"]
    ac_o = r.obj(attrs.get("ac"), "system.attributes.ac")
    calc = r.str_(ac_o.get("calc"), "system.attributes.ac.calc", "default")
    flat = r.int_(ac_o.get("flat"), "system.attributes.ac.flat")
    ac: int
    if calc in ("flat", "natural") and flat is not None:
        ac = flat
    elif calc in ("mage", "draconic"):
        ac = 13 + dex
    elif calc == "unarmoredMonk":
        ac = 10 + dex + mods["wis"]
    elif calc == "unarmoredBarb":
        ac = 10 + dex + mods["con"]
    else:
        body: int | None = None
        shield = 0
        for i, it in enumerate(items):
            if it.get("type") != "equipment":
                continue
            isys = r.obj(it.get("system"), f"items[{i}].system")
            if isys.get("equipped") is False:
                continue
            kind = r.str_(r.dig(isys, "type", "value"), f"items[{i}].system.type.value")
            armor_o = r.obj(isys.get("armor"), f"items[{i}].system.armor")
            value = r.need_int(armor_o.get("value"), f"items[{i}].system.armor.value", 0)
            magic = r.need_int(armor_o.get("magicalBonus"), f"items[{i}].system.armor.magicalBonus", 0)
            if kind == "shield":
                shield = max(shield, value + magic)
            elif kind in ("light", "medium", "heavy", "natural"):
                cap = r.int_(armor_o.get("dex"), f"items[{i}].system.armor.dex")
                if kind == "heavy":
                    dex_part = 0
                elif kind == "medium":
                    dex_part = min(dex, 2 if cap is None else cap)
                else:
                    dex_part = dex if cap is None else min(dex, cap)
                body = max(body or 0, value + magic + dex_part)
        ac = 10 + dex if body is None else body
        if calc == "custom" and flat is not None:
            ac = flat
        ac += shield
    ac += _effect_bonus(r, d, items, "system.attributes.ac.bonus")
    hp_o = r.obj(attrs.get("hp"), "system.attributes.hp")
    hp = r.int_(hp_o.get("max"), "system.attributes.hp.max")
    if hp is None:
        hp = r.int_(hp_o.get("value"), "system.attributes.hp.value")

    saves = tuple((k, mods[k] + math.floor(prof * save_prof[k])) for k in ABILITIES if save_prof[k] > 0)
    skills: list[tuple[str, int]] = []
    for key, sk in r.obj(s.get("skills"), "system.skills").items():
        if key not in SKILLS:
            continue
        so = r.obj(sk, f"system.skills.{key}")
        mult = r.num(so.get("value"), f"system.skills.{key}.value") or 0.0
        if mult > 0:
            ability = r.str_(so.get("ability"), f"system.skills.{key}.ability") or SKILL_ABILITY[key]
            skills.append((SKILLS[key], mods.get(ability, 0) + math.floor(prof * mult)))

    # ---- items: attacks, features, spells
    bonuses = r.obj(s.get("bonuses"), "system.bonuses")
    weapon_profs = {
        w.lower() for w in r.strs(r.dig(traits_o, "weaponProf", "value"), "system.traits.weaponProf.value")
    }
    built: list[tuple[str, Attack, int | None]] = []
    reactions: list[str] = []
    texts: list[TextAbility] = []
    spells: list[str] = []
    legendary = r.int_(r.dig(s, "resources", "legact", "max"), "system.resources.legact.max")
    if legendary:
        notes.append(f"Legendary actions: {legendary} per round")
    castable: list[Spell] = []
    for i, it in enumerate(items):
        ip = f"items[{i}]"
        itype = r.str_(it.get("type"), f"{ip}.type")
        iname = r.str_(it.get("name"), f"{ip}.name").strip() or "Unnamed"
        isys = r.obj(it.get("system"), f"{ip}.system")
        desc = plain_text(r.str_(r.dig(isys, "description", "value"), f"{ip}.system.description.value"))
        activities = [
            r.obj(a, f"{ip}.system.activities[{j}]")
            for j, a in enumerate(r.lst(isys.get("activities"), f"{ip}.system.activities"))
        ]
        attack_act = next((a for a in activities if a.get("type") == "attack"), None)
        old_action = r.str_(isys.get("actionType"), f"{ip}.system.actionType")
        activation = ""
        for a in activities:
            activation = r.str_(r.dig(a, "activation", "type"), f"{ip}.system.activities.activation.type")
            if activation:
                break
        if not activation:
            activation = r.str_(r.dig(isys, "activation", "type"), f"{ip}.system.activation.type")
        if itype == "spell":
            spells.append(iname)
            try:
                castable.append(import_spell(it, source, f"{ip}."))
            except SpellImportError as exc:
                notes.append(f"{iname}: {exc.detail}")
            continue
        if itype == "feat":
            feat_ability = import_feat_ability(it, source, f"{ip}.")
            if feat_ability is not None:
                castable.append(feat_ability)
        if itype in ("weapon", "feat") and (attack_act is not None or old_action in ("mwak", "rwak")):
            built.extend(
                _attacks(r, ip, iname, isys, attack_act, old_action, mods, prof, is_pc, weapon_profs, bonuses)
            )
            if itype == "feat" and desc:
                texts.append(TextAbility(iname, desc, activation or "action"))
            continue
        if itype in ("feat", "weapon"):
            if activation == "reaction":
                reactions.append(iname)
            texts.append(TextAbility(iname, desc, activation or "passive"))
        elif itype in ("class", "subclass", "race", "background"):
            texts.append(TextAbility(iname, "", itype))
    if spells:
        texts.append(TextAbility("Spells", ", ".join(spells), "spell"))
    if classes:
        texts.insert(0, TextAbility("Classes", ", ".join(classes), "class"))

    attacks, creature_reach = attacks_with_reach(built, 5, "properties")

    xp = r.int_(r.dig(details, "xp", "value"), "system.details.xp.value") if not is_pc else None
    if not xp and cr is not None:
        xp = XP_BY_CR.get(cr)
    init_bonus = dex + _int_text(r, r.dig(attrs, "init", "bonus"), "system.attributes.init.bonus")
    src = r.obj(s.get("source"), "system.source")
    return r.build(
        lambda: Creature(
            name=name,
            system=system,
            size=size,
            speed=speed,
            speeds=speeds,
            senses=tuple(senses),
            ac=ac,
            hp=None if hp is None else max(hp, 0),
            saves=saves,
            abilities=tuple(scores.items()),
            skills=tuple(dict(skills).items()),
            immunities=tuple(dict.fromkeys(immunities)),
            resistances=tuple((t, 0) for t in dict.fromkeys(resistances)),
            vulnerabilities=tuple(dict.fromkeys(vulnerabilities)),
            attacks=tuple(attacks),
            reach=creature_reach,
            reactions=tuple(dict.fromkeys(reactions)),
            level=level,
            cr=cr,
            proficiency_bonus=prof,
            traits=tuple(dict.fromkeys(t for t in trait_list if t)),
            type=ctype,
            xp=xp,
            pc=is_pc,
            initiative_bonus=init_bonus,
            abilities_text=tuple(texts),
            spells=tuple(castable),
            image=_image(r, d, base_dir),
            source=r.str_(src.get("book"), "system.source.book") or "SRD 5.1",
            license=r.str_(src.get("license"), "system.source.license"),
            notes="\n".join(notes),
        )
    )


def _effect_bonus(r: Reader, d: dict[str, JSON], items: list[dict[str, JSON]], key: str) -> int:
    """Sum of enabled active effects adding (mode 2) to `key`, on the actor and transferred from items."""
    effects = list(r.lst(d.get("effects"), "effects"))
    for i, it in enumerate(items):
        for e in r.lst(it.get("effects"), f"items[{i}].effects"):
            if isinstance(e, dict) and e.get("transfer", True) is not False:
                effects.append(e)
    total = 0
    for j, e in enumerate(effects):
        if not isinstance(e, dict) or e.get("disabled") is True:
            continue
        for k, change in enumerate(r.lst(e.get("changes"), f"effects[{j}].changes")):
            if isinstance(change, dict) and change.get("key") == key and change.get("mode") in (2, "2"):
                total += _int_text(r, change.get("value"), f"effects[{j}].changes[{k}].value")
    return total


def _attacks(
    r: Reader,
    ip: str,
    name: str,
    isys: dict[str, JSON],
    act: dict[str, JSON] | None,
    old_action: str,
    mods: dict[str, int],
    prof: int,
    is_pc: bool,
    weapon_profs: set[str],
    bonuses: dict[str, JSON],
) -> list[tuple[str, Attack, int | None]]:
    """The attack (and a thrown weapon's ranged attack) of one item: (name, attack, melee reach)."""
    props = [p.lower() for p in r.strs(isys.get("properties"), f"{ip}.system.properties")]
    words = [PROPERTIES.get(p, p) for p in props]
    atk = r.obj(act.get("attack"), f"{ip}.activity.attack") if act else {}
    kind = r.str_(r.dig(atk, "type", "value"), f"{ip}.activity.attack.type.value")
    if not kind:
        kind = "ranged" if old_action == "rwak" else "melee"
    ability = r.str_(atk.get("ability"), f"{ip}.activity.attack.ability") or r.str_(
        isys.get("ability"), f"{ip}.system.ability"
    )
    if ability not in ABILITIES and ability != "none":
        if kind == "ranged":
            ability = "dex"
        elif "fin" in props:
            ability = "dex" if mods["dex"] > mods["str"] else "str"
        else:
            ability = "str"
    mod = mods.get(ability, 0)
    wtype = r.str_(r.dig(isys, "type", "value"), f"{ip}.system.type.value")
    proficient_raw = isys.get("proficient")
    if proficient_raw is None:
        base_item = r.str_(r.dig(isys, "type", "baseItem"), f"{ip}.system.type.baseItem").lower()
        proficient = (
            not is_pc or wtype in ("natural", "") or wtype[:3] in weapon_profs or base_item in weapon_profs
        )
    else:
        proficient = r.need_int(proficient_raw, f"{ip}.system.proficient", 1) > 0
    magic = r.need_int(isys.get("magicalBonus"), f"{ip}.system.magicalBonus", 0)
    group = "rwak" if kind == "ranged" else "mwak"
    flat = atk.get("flat") is True
    extra = _int_text(r, atk.get("bonus"), f"{ip}.activity.attack.bonus")
    if flat:
        bonus = extra
    else:
        bonus = mod + (prof if proficient else 0) + magic + extra
        bonus += _int_text(r, r.dig(bonuses, group, "attack"), f"system.bonuses.{group}.attack")

    parts: list[str] = []
    damage_o = r.obj(isys.get("damage"), f"{ip}.system.damage")
    include_base = True if act is None else r.dig(act, "damage", "includeBase") is not False
    base = damage_o.get("base")
    if include_base and isinstance(base, dict):
        part = _part(r, base, f"{ip}.system.damage.base", mod, magic, add_mod=True)
        if part:
            parts.append(part)
    elif isinstance(damage_o.get("parts"), list):  # dnd5e 3.x: [["1d6 + @mod", "slashing"], …]
        for j, p in enumerate(damage_o["parts"]):
            if isinstance(p, list) and p and isinstance(p[0], str):
                formula = _formula_text(p[0], mod) + (f"+{magic}" if magic and j == 0 else "")
                dtype = p[1] if len(p) > 1 and isinstance(p[1], str) else ""
                parts.append(f"{formula} {dtype}".strip())
    if act is not None:
        for j, p in enumerate(r.lst(r.dig(act, "damage", "parts"), f"{ip}.activity.damage.parts")):
            part = _part(
                r, r.obj(p, f"{ip}.activity.damage.parts[{j}]"), f"{ip}.activity.damage.parts[{j}]", mod, 0
            )
            if part:
                parts.append(part)
    damage = " plus ".join(parts)

    rng = r.obj(isys.get("range"), f"{ip}.system.range")
    normal = r.int_(rng.get("value"), f"{ip}.system.range.value")
    long = r.int_(rng.get("long"), f"{ip}.system.range.long")
    reach_value = r.int_(rng.get("reach"), f"{ip}.system.range.reach")
    shown = [w for w in words if w not in ("reach", "thrown", "ammunition", "magical")]
    out: list[tuple[str, Attack, int | None]] = []
    if kind == "ranged":
        pair = _range_pair(normal, long)
        out.append((name, Attack(name, bonus, damage, (), None, tuple(shown), pair), None))
        return out
    reach = reach_value or normal or (10 if "rch" in props else 5)
    if "thr" in props and normal and reach_value is None:
        reach = 10 if "rch" in props else 5
    out.append((name, Attack(name, bonus, damage, (), None, tuple(shown), None), max(reach, 0)))
    if "thr" in props and normal:
        pair = _range_pair(normal, long)
        out.append(
            (
                f"{name} (thrown)",
                Attack(f"{name} (thrown)", bonus, damage, (), None, tuple(shown), pair),
                None,
            )
        )
    return out


def _range_pair(normal: int | None, long: int | None) -> tuple[int, int] | None:
    if not normal or normal <= 0:
        return None
    return (normal, max(long or normal, normal))


def _formula_text(text: str, mod: int) -> str:
    text = text.replace("@mod", str(mod)).replace(" ", "")
    return text.replace("+-", "-").replace("+0", "") if text.endswith("+0") else text.replace("+-", "-")


def _part(r: Reader, p: dict[str, JSON], path: str, mod: int, magic: int, add_mod: bool = False) -> str:
    custom = r.obj(p.get("custom"), f"{path}.custom")
    types = r.strs(p.get("types"), f"{path}.types")
    dtype = types[0].lower() if types else ""
    if custom.get("enabled") is True:
        formula = _formula_text(r.str_(custom.get("formula"), f"{path}.custom.formula"), mod)
        return f"{formula} {dtype}".strip() if formula else ""
    number = r.int_(p.get("number"), f"{path}.number")
    denom = r.int_(p.get("denomination"), f"{path}.denomination")
    bonus_text = r.str_(p.get("bonus"), f"{path}.bonus").replace(" ", "")
    flat = 0
    if bonus_text == "@mod":
        flat += mod
    elif bonus_text:
        if re.fullmatch(r"[+-]?\d{1,6}", bonus_text):
            flat += int(bonus_text)
        else:
            flat += 0
    if add_mod:
        flat += mod + magic
    if not number or not denom:
        if not flat:
            return ""
        return f"{flat} {dtype}".strip()
    text = f"{number}d{denom}" + (f"{flat:+d}" if flat else "")
    return f"{text} {dtype}".strip()
