"""Foundry VTT pf2e actors (NPC, also a character's basic numbers): pack source JSON or "Export Data".

Read: ``system.attributes`` (AC, HP, speed + ``otherSpeeds``, immunities / weaknesses / resistances),
``system.perception`` (modifier and senses; older files: ``attributes.perception`` / ``traits.senses``),
``system.saves``, ``system.skills`` (+ lore items), ``system.abilities`` (modifiers), ``system.traits``
(size, traits, rarity), ``system.details`` (level, publication) and the ``melee`` items (Strikes: bonus,
``damageRolls`` with persistent damage, traits, range increment). Everything else (actions, reactions,
spellcasting, equipment, attack effects such as Grab) is kept as text.

Reach: a Strike's ``reach-N`` trait is its reach. The creature's own reach is the smallest reach among its
melee Strikes (a Strike without the trait reaches 5 ft, 0 ft for a Tiny creature); a Strike whose reach then
differs from the creature's gets an explicit ``reach N`` trait, so every Strike reaches exactly as printed.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from rules.errors import SpellImportError
from rules.io.creatures._common import JSON, Reader, attacks_with_reach, plain_text
from rules.io.creatures.pf2e_abilities import ability_from_markup
from rules.io.spells.foundry_pf2e import import_spell
from rules.model.creature import SIZE_ALIASES, SPEED_KINDS, Creature, Sense, TextAbility
from rules.model.scene import Attack
from rules.model.spell import Spell, SpellUses

CREATURE_TYPES = (
    "aberration",
    "animal",
    "astral",
    "beast",
    "celestial",
    "construct",
    "dragon",
    "dream",
    "elemental",
    "ethereal",
    "fey",
    "fiend",
    "fungus",
    "giant",
    "humanoid",
    "monitor",
    "ooze",
    "petitioner",
    "plant",
    "shade",
    "spirit",
    "time",
    "undead",
)
DEFAULT_ICON = "systems/pf2e/icons/"
_VALUED = re.compile(r"^([a-z][a-z-]*?)-(d\d+|\d+|[a-z])$")
_IWR_ALIASES = {"all-damage": "all", "physical": "physical"}


def is_foundry_pf2e(doc: JSON) -> bool:
    if not isinstance(doc, dict) or not isinstance(doc.get("system"), dict):
        return False
    stats = doc.get("_stats")
    if isinstance(stats, dict) and stats.get("systemId") in ("pf2e", "dnd5e"):
        return bool(stats.get("systemId") == "pf2e")
    size = Reader.dig(doc, "system", "traits", "size")
    if isinstance(size, dict):
        return True
    items = doc.get("items")
    return isinstance(items, list) and any(isinstance(i, dict) and i.get("type") == "melee" for i in items)


def trait_text(trait: str) -> str:
    """Foundry slug → the engine's trait text: ``deadly-d8`` → ``deadly d8``, ``reach-20`` → ``reach 20``."""
    m = _VALUED.match(trait)
    return f"{m.group(1)} {m.group(2)}" if m else trait


def _damage(r: Reader, rolls: JSON, path: str) -> str:
    parts: list[str] = []
    for i, roll in enumerate(r.lst(rolls, path)):
        ro = r.obj(roll, f"{path}[{i}]")
        formula = r.str_(ro.get("damage"), f"{path}[{i}].damage").strip()
        if not formula:
            continue
        dtype = r.str_(ro.get("damageType"), f"{path}[{i}].damageType").strip().lower()
        category = r.str_(ro.get("category"), f"{path}[{i}].category").strip().lower()
        words = []
        if category == "persistent" or (dtype == "bleed" and not category):
            words.append("persistent")
        elif category == "splash":
            words.append("splash")
        if dtype and dtype != "untyped":
            words.append(dtype)
        parts.append(" ".join([formula.replace(" ", ""), *words]))
    return " plus ".join(parts)


def _iwr_name(text: str) -> str:
    return _IWR_ALIASES.get(text.lower(), text.lower())


def import_actor(doc: JSON, source: str, base_dir: Path | None = None, path: str = "") -> Creature:
    """One Foundry pf2e actor document → a `Creature`."""
    r = Reader(source, path)
    d = r.obj(doc, "")
    name = r.str_(d.get("name"), "name").strip() or "Unnamed creature"
    s = r.obj(d.get("system"), "system")
    attrs = r.obj(s.get("attributes"), "system.attributes")
    details = r.obj(s.get("details"), "system.details")
    traits_o = r.obj(s.get("traits"), "system.traits")

    level = r.int_(r.dig(details, "level", "value"), "system.details.level.value")
    size_raw = r.dig(traits_o, "size", "value")
    size_text = r.str_(size_raw, "system.traits.size.value", "med").lower()
    if size_text not in SIZE_ALIASES:
        raise r.fail(
            "system.traits.size.value", f"{size_text!r} is not a size (tiny, sm, med, lg, huge, grg)"
        )
    size = SIZE_ALIASES[size_text]
    trait_list = [t.lower() for t in r.strs(traits_o.get("value"), "system.traits.value")]
    rarity = r.str_(traits_o.get("rarity"), "system.traits.rarity", "common").lower()
    if rarity and rarity != "common":
        trait_list.insert(0, rarity)
    ctype = next((t for t in trait_list if t in CREATURE_TYPES), "")

    ac = r.int_(r.dig(attrs, "ac", "value"), "system.attributes.ac.value")
    hp_o = r.obj(attrs.get("hp"), "system.attributes.hp")
    hp = r.int_(hp_o.get("max"), "system.attributes.hp.max")
    if hp is None:
        hp = r.int_(hp_o.get("value"), "system.attributes.hp.value")

    speed_o = r.obj(attrs.get("speed"), "system.attributes.speed")
    speed = r.need_int(speed_o.get("value"), "system.attributes.speed.value", 25)
    speeds: list[tuple[str, int]] = []
    notes: list[str] = []
    for i, other in enumerate(r.lst(speed_o.get("otherSpeeds"), "system.attributes.speed.otherSpeeds")):
        op = f"system.attributes.speed.otherSpeeds[{i}]"
        oo = r.obj(other, op)
        kind = r.str_(oo.get("type"), f"{op}.type").lower()
        value = r.need_int(oo.get("value"), f"{op}.value", 0)
        if kind in SPEED_KINDS and all(k != kind for k, _ in speeds):
            speeds.append((kind, max(value, 0)))
        elif kind:
            notes.append(f"{kind} speed {value} feet")
    for key in ("details", "special"):
        extra = r.str_(speed_o.get(key), f"system.attributes.speed.{key}").strip()
        if extra:
            notes.append(f"Speed: {extra}")

    # Perception and senses (current files: system.perception; older: attributes.perception, traits.senses)
    perception_o = r.obj(s.get("perception"), "system.perception")
    perception = r.int_(perception_o.get("mod"), "system.perception.mod")
    if perception is None:
        perception = r.int_(r.dig(attrs, "perception", "value"), "system.attributes.perception.value")
    senses: list[Sense] = []
    for i, sense in enumerate(r.lst(perception_o.get("senses"), "system.perception.senses")):
        sp = f"system.perception.senses[{i}]"
        so = r.obj(sense, sp)
        stype = r.str_(so.get("type"), f"{sp}.type").strip().lower()
        if stype:
            senses.append(
                Sense(
                    stype,
                    r.int_(so.get("range"), f"{sp}.range"),
                    r.str_(so.get("acuity"), f"{sp}.acuity") or None,
                )
            )
    old_senses = r.dig(traits_o, "senses", "value")
    if not senses and isinstance(old_senses, str):
        for part in old_senses.split(","):
            words = part.strip().lower()
            if words:
                m = re.search(r"(\d+)\s*(feet|ft)", words)
                senses.append(Sense(re.split(r"[ (]", words)[0], int(m.group(1)) if m else None))
    p_details = r.str_(perception_o.get("details"), "system.perception.details").strip()
    if p_details:
        notes.append(f"Perception: {p_details}")

    saves: list[tuple[str, int]] = []
    saves_o = r.obj(s.get("saves"), "system.saves")
    for key in ("fortitude", "reflex", "will"):
        save = r.int_(r.dig(saves_o, key, "value"), f"system.saves.{key}.value")
        if save is not None:
            saves.append((key, save))
    all_saves = r.str_(r.dig(attrs, "allSaves", "value"), "system.attributes.allSaves.value").strip()
    if all_saves:
        notes.append(f"Saves: {all_saves}")

    skills: list[tuple[str, int]] = []
    for key, value in r.obj(s.get("skills"), "system.skills").items():
        sk = r.obj(value, f"system.skills.{key}")
        total = r.int_(sk.get("base", sk.get("value")), f"system.skills.{key}.base")
        if total is not None:
            skills.append((str(key).lower(), total))
        for j, special in enumerate(r.lst(sk.get("special"), f"system.skills.{key}.special")):
            spo = r.obj(special, f"system.skills.{key}.special[{j}]")
            label = r.str_(spo.get("label"), f"system.skills.{key}.special[{j}].label")
            base = r.int_(spo.get("base"), f"system.skills.{key}.special[{j}].base")
            notes.append(f"{key.capitalize()} {base:+d} {label}".strip() if base is not None else label)

    ability_mods: list[tuple[str, int]] = []
    for key, value in r.obj(s.get("abilities"), "system.abilities").items():
        if key in ("str", "dex", "con", "int", "wis", "cha"):
            mod = r.int_(r.dig(value, "mod"), f"system.abilities.{key}.mod")
            if mod is not None:
                ability_mods.append((key, mod))

    texts: list[TextAbility] = []
    immunities = [
        _iwr_name(t) for t in r.strs(attrs.get("immunities"), "system.attributes.immunities") if t.strip()
    ]
    weaknesses: list[tuple[str, int]] = []
    resistances: list[tuple[str, int]] = []
    for key, target in (("weaknesses", weaknesses), ("resistances", resistances)):
        for i, entry in enumerate(r.lst(attrs.get(key), f"system.attributes.{key}")):
            ep = f"system.attributes.{key}[{i}]"
            eo = r.obj(entry, ep)
            wtype = _iwr_name(r.str_(eo.get("type"), f"{ep}.type"))
            value = r.need_int(eo.get("value"), f"{ep}.value", 0)
            if not wtype or any(k == wtype for k, _ in target):
                continue
            target.append((wtype, max(value, 0)))
            exceptions = r.strs(eo.get("exceptions"), f"{ep}.exceptions")
            double = r.strs(eo.get("doubleVs"), f"{ep}.doubleVs")
            if exceptions or double:
                qualifiers: list[str] = []
                if exceptions:
                    qualifiers.append("except " + ", ".join(exceptions))
                if double:
                    qualifiers.append("double resistance vs. " + ", ".join(double))
                texts.append(
                    TextAbility(f"{key[:-2].capitalize()} {wtype} {value}", "; ".join(qualifiers), "defense")
                )

    hp_details = r.str_(hp_o.get("details"), "system.attributes.hp.details").strip()
    if hp_details:
        notes.append(f"HP: {hp_details}")

    # ---- items: Strikes, actions, spells, equipment
    strikes: list[tuple[str, Attack, int | None]] = []
    reactions: list[str] = []
    gear: list[str] = []
    spells: dict[str, list[str]] = {}
    castable: list[Spell] = []
    spell_dc: int | None = None
    spell_attack: int | None = None
    items = r.lst(d.get("items"), "items")
    for i, item in enumerate(items):
        ip = f"items[{i}]"
        io = r.obj(item, ip)
        itype = r.str_(io.get("type"), f"{ip}.type")
        iname = r.str_(io.get("name"), f"{ip}.name").strip() or "Unnamed"
        isys = r.obj(io.get("system"), f"{ip}.system")
        desc = plain_text(r.str_(r.dig(isys, "description", "value"), f"{ip}.system.description.value"))
        if itype == "melee":
            straits = [t.lower() for t in r.strs(r.dig(isys, "traits", "value"), f"{ip}.system.traits.value")]
            traits = [trait_text(t) for t in straits]
            bonus = r.need_int(r.dig(isys, "bonus", "value"), f"{ip}.system.bonus.value", 0)
            damage = _damage(r, isys.get("damageRolls"), f"{ip}.system.damageRolls")
            rng = isys.get("range")
            increment = None
            if isinstance(rng, dict):
                increment = r.int_(rng.get("increment"), f"{ip}.system.range.increment")
            elif rng is not None and not isinstance(rng, dict):
                increment = r.int_(rng, f"{ip}.system.range")
            for t in traits:
                word, _, arg = t.partition(" ")
                if increment is None and word in ("range-increment", "range", "thrown") and arg.isdigit():
                    increment = int(arg)
            if increment is not None and increment <= 0:
                increment = None
            effects = r.strs(r.dig(isys, "attackEffects", "value"), f"{ip}.system.attackEffects.value")
            if effects:
                texts.append(
                    TextAbility(iname, "plus " + ", ".join(e.replace("-", " ") for e in effects), "strike")
                )
            own_reach: int | None = None
            if increment is None:
                for t in traits:
                    word, _, arg = t.partition(" ")
                    if word == "reach" and arg.isdigit():
                        own_reach = int(arg)
                traits = [t for t in traits if not (t.startswith("reach ") and t[6:].isdigit())]
            strikes.append((iname, Attack(iname, bonus, damage, tuple(traits), increment), own_reach))
            continue
        if itype == "action":
            kind = r.str_(r.dig(isys, "actionType", "value"), f"{ip}.system.actionType.value").lower()
            actions = r.int_(r.dig(isys, "actions", "value"), f"{ip}.system.actions.value")
            if kind == "reaction":
                reactions.append(iname)
            label = kind if not actions else f"{kind} ({actions})"
            texts.append(TextAbility(iname, desc, label or "ability"))
            html = r.str_(r.dig(isys, "description", "value"), f"{ip}.system.description.value")
            ability = ability_from_markup(iname, html, actions if kind == "action" else 0)
            if ability is not None:
                castable.append(ability)
        elif itype in ("spellcastingEntry",):
            texts.append(TextAbility(iname, desc, "spellcasting"))
            entry_dc = r.int_(r.dig(isys, "spelldc", "dc"), f"{ip}.system.spelldc.dc")
            entry_attack = r.int_(r.dig(isys, "spelldc", "value"), f"{ip}.system.spelldc.value")
            spell_dc = spell_dc if spell_dc is not None else entry_dc
            spell_attack = spell_attack if spell_attack is not None else entry_attack
        elif itype == "spell":
            entry = r.str_(r.dig(isys, "location", "value"), f"{ip}.system.location.value")
            spells.setdefault(entry, []).append(iname)
            try:
                found = import_spell(io, source, f"{ip}.")
                if re.search(r"\(at will\)", iname, re.I):
                    found = replace(found, uses=SpellUses("at-will"))
                castable.append(found)
            except SpellImportError as exc:
                notes.append(f"{iname}: {exc.detail}")
        elif itype in (
            "weapon",
            "armor",
            "equipment",
            "consumable",
            "shield",
            "treasure",
            "backpack",
            "ammo",
        ):
            qty = r.int_(isys.get("quantity"), f"{ip}.system.quantity")
            gear.append(iname if not qty or qty == 1 else f"{iname} ({qty})")
        elif itype == "lore":
            mod = r.int_(r.dig(isys, "mod", "value"), f"{ip}.system.mod.value")
            if mod is not None:
                skills.append((f"{iname.lower()}", mod))
        elif itype in ("effect", "condition"):
            continue
        else:
            texts.append(TextAbility(iname, desc, itype))
    for spell_names in spells.values():
        texts.append(TextAbility("Spells", ", ".join(spell_names), "spell"))
    if gear:
        texts.append(TextAbility("Items", ", ".join(gear), "items"))

    attacks, creature_reach = attacks_with_reach(strikes, 0 if size == "tiny" else 5, "traits")

    publication = r.obj(details.get("publication"), "system.details.publication")
    title = r.str_(publication.get("title"), "system.details.publication.title")
    if not title:
        title = r.str_(r.dig(details, "source", "value"), "system.details.source.value")
    license_text = r.str_(publication.get("license"), "system.details.publication.license")
    image = _image(r, d, base_dir)
    pc = r.str_(d.get("type"), "type") == "character"

    return r.build(
        lambda: Creature(
            name=name,
            system="pf2e",
            size=size,
            speed=max(speed, 0),
            speeds=tuple(speeds),
            senses=tuple(senses),
            ac=ac,
            hp=None if hp is None else max(hp, 0),
            saves=tuple(saves),
            perception=perception,
            ability_mods=tuple(ability_mods),
            skills=tuple(dict(skills).items()),
            immunities=tuple(dict.fromkeys(immunities)),
            weaknesses=tuple(weaknesses),
            resistances=tuple(resistances),
            attacks=tuple(attacks),
            reach=creature_reach,
            reactions=tuple(dict.fromkeys(reactions)),
            level=level,
            traits=tuple(dict.fromkeys(trait_list)),
            type=ctype,
            pc=pc,
            initiative_bonus=perception,
            abilities_text=tuple(texts),
            spells=tuple(castable),
            spell_dc=spell_dc,
            spell_attack=spell_attack,
            image=image,
            source=title,
            license=license_text,
            notes="\n".join(notes),
        )
    )


def _image(r: Reader, d: dict[str, JSON], base_dir: Path | None) -> str | None:
    """The actor's portrait when the file names one that exists next to it (not Foundry's default icons)."""
    candidates = [d.get("img"), Reader.dig(d, "prototypeToken", "texture", "src")]
    for c in candidates:
        if not isinstance(c, str) or not c or c.startswith(DEFAULT_ICON) or "://" in c:
            continue
        if base_dir is None:
            continue
        p = Path(c)
        target = p if p.is_absolute() else base_dir / p
        try:
            if target.is_file():
                return str(target.resolve())
        except OSError:
            continue
    return None
