"""Pathbuilder 2e "Export JSON" (``{"success": true, "build": {…}}``): a player character.

Pathbuilder exports proficiency ranks and ability scores; the totals are computed as Pathbuilder (and the
Player Core) does, with a proficiency rank value P (0 untrained, 2 trained, 4 expert, 6 master,
8 legendary) adding ``P + level`` when P > 0:

* AC: ``acTotal.acTotal`` (Pathbuilder's own total; a shield's bonus applies only when raised).
* HP: ``ancestryhp + bonushp + (classhp + bonushpPerLevel + Con modifier) × level``.
* Perception: rank + Wisdom; saves: rank + Con / Dex / Wis + resilient rune of worn armour; skills: rank
  + the skill's ability; lores: rank + Intelligence.
* Speed: ``speed + speedBonus``; size from ``size`` (0 tiny … 5 gargantuan) or ``sizeName``.
* Strikes: ``attack`` when the export has it, else weapon rank + Str (Dex for ranged, the better for
  finesse) + potency rune; damage: dice from the striking rune (1/2/3/4) of the weapon's die +
  ``damageBonus`` when present, else Str (melee and thrown) + weapon specialisation (2/3/4 at expert/
  master/legendary, doubled by greater weapon specialisation).
"""

from __future__ import annotations

from rules.errors import CreatureImportError
from rules.io.creatures._common import JSON, Reader
from rules.model.creature import SIZE_ALIASES, Creature, Sense, TextAbility
from rules.model.scene import Attack
from rules.systems import system_for

#: Pathbuilder 2e builds Pathfinder 2e characters.
SYSTEM = "pf2e"
SIZES_BY_NUMBER = ("tiny", "small", "medium", "large", "huge", "gargantuan")
#: Pathbuilder's sixteen skills and their key abilities (lores are listed apart in an export).
SKILL_ABILITY = {k: a for k, a in system_for(SYSTEM).skill_abilities.items() if k != "lore"}
STRIKING_DICE = {"": 1, "striking": 2, "greaterstriking": 3, "majorstriking": 4}
RESILIENT = {"": 0, "resilient": 1, "greaterresilient": 2, "majorresilient": 3}
DAMAGE_LETTERS = {"b": "bludgeoning", "p": "piercing", "s": "slashing"}
#: Common weapons: damage type, traits, range increment (None: melee; thrown melee weapons stay melee).
WEAPONS: dict[str, tuple[str, tuple[str, ...], int | None]] = {
    "fist": ("bludgeoning", ("agile", "finesse", "nonlethal", "unarmed"), None),
    "jaws": ("piercing", ("unarmed",), None),
    "claw": ("slashing", ("agile", "finesse", "unarmed"), None),
    "dagger": ("piercing", ("agile", "finesse", "thrown 10", "versatile s"), None),
    "spear": ("piercing", ("thrown 20",), None),
    "longspear": ("piercing", ("reach",), None),
    "club": ("bludgeoning", ("thrown 10",), None),
    "staff": ("bludgeoning", ("two-hand d8",), None),
    "mace": ("bludgeoning", ("shove",), None),
    "light mace": ("bludgeoning", ("agile", "finesse", "shove"), None),
    "morningstar": ("bludgeoning", ("versatile p",), None),
    "sickle": ("slashing", ("agile", "finesse", "trip"), None),
    "longsword": ("slashing", ("versatile p",), None),
    "shortsword": ("piercing", ("agile", "finesse", "versatile s"), None),
    "rapier": ("piercing", ("deadly d8", "disarm", "finesse"), None),
    "scimitar": ("slashing", ("forceful", "sweep"), None),
    "greatsword": ("slashing", ("versatile p",), None),
    "greataxe": ("slashing", ("sweep",), None),
    "battle axe": ("slashing", ("sweep",), None),
    "warhammer": ("bludgeoning", ("shove",), None),
    "maul": ("bludgeoning", ("shove",), None),
    "flail": ("bludgeoning", ("disarm", "sweep", "trip"), None),
    "glaive": ("slashing", ("deadly d8", "forceful", "reach"), None),
    "halberd": ("piercing", ("reach", "versatile s"), None),
    "guisarme": ("slashing", ("reach", "trip"), None),
    "whip": ("slashing", ("disarm", "finesse", "nonlethal", "reach", "trip"), None),
    "trident": ("piercing", ("thrown 20",), None),
    "kukri": ("slashing", ("agile", "finesse", "trip"), None),
    "starknife": ("piercing", ("agile", "deadly d6", "finesse", "thrown 20"), None),
    "gauntlet": ("bludgeoning", ("agile", "free-hand"), None),
    "javelin": ("piercing", ("thrown",), 30),
    "dart": ("piercing", ("agile", "thrown"), 20),
    "shortbow": ("piercing", ("deadly d10",), 60),
    "longbow": ("piercing", ("deadly d10", "volley 30"), 100),
    "composite shortbow": ("piercing", ("deadly d10", "propulsive"), 60),
    "composite longbow": ("piercing", ("deadly d10", "propulsive", "volley 30"), 100),
    "crossbow": ("piercing", (), 120),
    "heavy crossbow": ("piercing", (), 120),
    "hand crossbow": ("piercing", (), 60),
    "sling": ("bludgeoning", ("propulsive",), 50),
}


def is_pathbuilder(doc: JSON) -> bool:
    return isinstance(doc, dict) and isinstance(doc.get("build"), dict)


def _mod(score: int) -> int:
    return (score - 10) // 2


def import_build(doc: JSON, source: str) -> Creature:
    """A Pathbuilder export → the character as a `Creature` (``pc`` true)."""
    r = Reader(source)
    d = r.obj(doc, "")
    if d.get("success") is False:
        raise r.fail("success", "the export says it did not succeed (success: false)")
    b = r.obj(d.get("build"), "build")
    name = r.str_(b.get("name"), "build.name").strip() or "Unnamed character"
    level = r.need_int(b.get("level"), "build.level", 1)
    if not 1 <= level <= 30:
        raise r.fail("build.level", f"{level} is not a character level (1–20)")
    scores_o = r.obj(b.get("abilities"), "build.abilities")
    scores = {k: r.need_int(scores_o.get(k), f"build.abilities.{k}", 10) for k in SKILL_ABILITY.values()}
    scores.update({k: r.need_int(scores_o.get(k), f"build.abilities.{k}", 10) for k in ("str", "con")})
    mods = {k: _mod(v) for k, v in scores.items()}
    profs_o = r.obj(b.get("proficiencies"), "build.proficiencies")

    def rank(key: str) -> int:
        return r.need_int(profs_o.get(key), f"build.proficiencies.{key}", 0)

    def prof(value: int) -> int:
        return value + level if value > 0 else 0

    attrs = r.obj(b.get("attributes"), "build.attributes")
    ancestry_hp = r.need_int(attrs.get("ancestryhp"), "build.attributes.ancestryhp", 0)
    class_hp = r.need_int(attrs.get("classhp"), "build.attributes.classhp", 0)
    bonus_hp = r.need_int(attrs.get("bonushp"), "build.attributes.bonushp", 0)
    bonus_per_level = r.need_int(attrs.get("bonushpPerLevel"), "build.attributes.bonushpPerLevel", 0)
    hp = ancestry_hp + bonus_hp + (class_hp + bonus_per_level + mods["con"]) * level
    speed = r.need_int(attrs.get("speed"), "build.attributes.speed", 25) + r.need_int(
        attrs.get("speedBonus"), "build.attributes.speedBonus", 0
    )

    size = "medium"
    size_name = b.get("sizeName")
    if isinstance(size_name, str) and size_name.lower() in SIZE_ALIASES:
        size = SIZE_ALIASES[size_name.lower()]
    else:
        number = r.int_(b.get("size"), "build.size")
        if number is not None:
            if not 0 <= number < len(SIZES_BY_NUMBER):
                raise r.fail("build.size", f"{number} is not a size (0 tiny … 5 gargantuan)")
            size = SIZES_BY_NUMBER[number]

    ac_o = r.obj(b.get("acTotal"), "build.acTotal")
    ac = r.int_(ac_o.get("acTotal"), "build.acTotal.acTotal")
    if ac is None:
        ac = 10 + sum(
            r.need_int(ac_o.get(k), f"build.acTotal.{k}", 0)
            for k in ("acProfBonus", "acAbilityBonus", "acItemBonus")
        )
    notes: list[str] = []
    shield = ac_o.get("shieldBonus")
    try:
        shield_bonus = r.int_(shield, "build.acTotal.shieldBonus")
    except CreatureImportError:  # newer exports: null or free text
        shield_bonus = None
    if shield_bonus:
        notes.append(f"Shield raised: +{shield_bonus} AC ({ac + shield_bonus})")

    resilient = 0
    for i, armor in enumerate(r.lst(b.get("armor"), "build.armor")):
        ao = r.obj(armor, f"build.armor[{i}]")
        if ao.get("worn") is False:
            continue
        res = ao.get("res")
        if isinstance(res, str):
            resilient = max(resilient, RESILIENT.get(res.replace(" ", "").lower(), 0))
        elif res is not None:
            resilient = max(resilient, r.need_int(res, f"build.armor[{i}].res", 0))

    perception = prof(rank("perception")) + mods["wis"]
    saves = (
        ("fortitude", prof(rank("fortitude")) + mods["con"] + resilient),
        ("reflex", prof(rank("reflex")) + mods["dex"] + resilient),
        ("will", prof(rank("will")) + mods["wis"] + resilient),
    )
    skills: list[tuple[str, int]] = [(k, prof(rank(k)) + mods[a]) for k, a in SKILL_ABILITY.items()]
    for i, lore in enumerate(r.lst(b.get("lores"), "build.lores")):
        items = r.lst(lore, f"build.lores[{i}]")
        if len(items) >= 2:
            lname = r.str_(items[0], f"build.lores[{i}][0]").strip().lower()
            lrank = r.need_int(items[1], f"build.lores[{i}][1]", 0)
            if lname:
                skills.append((f"{lname} lore", prof(lrank) + mods["int"]))

    specials = [s.lower() for s in r.strs(b.get("specials"), "build.specials")]
    feats: list[str] = []
    for i, feat in enumerate(r.lst(b.get("feats"), "build.feats")):
        if isinstance(feat, list) and feat:
            feats.append(r.str_(feat[0], f"build.feats[{i}][0]"))
        elif isinstance(feat, str):
            feats.append(feat)
    senses: list[Sense] = []
    for special, sense in (
        ("greater darkvision", "greater-darkvision"),
        ("darkvision", "darkvision"),
        ("low-light vision", "low-light-vision"),
    ):
        if special in specials and not (
            sense == "darkvision" and any(x.type == "greater-darkvision" for x in senses)
        ):
            senses.append(Sense(sense))
    spec = 0
    if "weapon specialization" in specials:
        spec = 1
    if "greater weapon specialization" in specials:
        spec = 2

    attacks: list[Attack] = []
    runes: list[str] = []
    for i, weapon in enumerate(r.lst(b.get("weapons"), "build.weapons")):
        wp = f"build.weapons[{i}]"
        wo = r.obj(weapon, wp)
        wname = r.str_(wo.get("name"), f"{wp}.name").strip() or f"Weapon {i + 1}"
        display = r.str_(wo.get("display"), f"{wp}.display").strip() or wname
        known = WEAPONS.get(wname.lower())
        dtype, traits, increment = known if known else ("", (), None)
        letter = r.str_(wo.get("damageType"), f"{wp}.damageType").strip().lower()
        if letter:
            dtype = DAMAGE_LETTERS.get(letter, letter)
        category = r.str_(wo.get("prof"), f"{wp}.prof", "simple").lower()
        wrank = rank(category) if category in profs_o else 0
        pot = r.need_int(wo.get("pot"), f"{wp}.pot", 0)
        ranged = increment is not None
        finesse = "finesse" in traits
        if ranged:
            ability = mods["dex"]
        elif finesse:
            ability = max(mods["str"], mods["dex"])
        else:
            ability = mods["str"]
        attack = r.int_(wo.get("attack"), f"{wp}.attack")
        if attack is None:
            attack = prof(wrank) + ability + pot
        striking = r.str_(wo.get("str"), f"{wp}.str").replace(" ", "").lower()
        count = STRIKING_DICE.get(striking, 1)
        die = r.str_(wo.get("die"), f"{wp}.die", "d4").strip().lower() or "d4"
        if not die.startswith("d") or not die[1:].isdigit():
            raise r.fail(f"{wp}.die", f"{die!r} is not a die (d4, d6, …)")
        bonus = r.int_(wo.get("damageBonus"), f"{wp}.damageBonus")
        if bonus is None:
            bonus = 0
            if not ranged or "thrown" in traits:
                bonus += mods["str"]
            elif "propulsive" in traits and mods["str"] > 0:
                bonus += mods["str"] // 2
            if spec and wrank >= 4:
                bonus += {4: 2, 6: 3, 8: 4}.get(min(wrank, 8), 0) * spec
        damage = f"{count}{die}" + (f"{bonus:+d}" if bonus else "") + (f" {dtype}" if dtype else "")
        attacks.append(Attack(wname, attack, damage, traits, increment))
        if display != wname:
            runes.append(f"{wname}: {display}")

    reactions = [
        f for f in feats if f.lower() in ("shield block", "attack of opportunity", "reactive strike")
    ]
    texts: list[TextAbility] = []
    heritage = r.str_(b.get("heritage"), "build.heritage")
    ancestry = r.str_(b.get("ancestry"), "build.ancestry")
    cls = r.str_(b.get("class"), "build.class")
    background = r.str_(b.get("background"), "build.background")
    texts.append(
        TextAbility(
            "Character",
            f"{ancestry} ({heritage}) {cls} {level}; background {background}".replace(" ()", ""),
            "character",
        )
    )
    if feats:
        texts.append(TextAbility("Feats", ", ".join(feats), "feats"))
    if specials:
        texts.append(
            TextAbility("Class features", ", ".join(r.strs(b.get("specials"), "build.specials")), "features")
        )
    for i, caster in enumerate(r.lst(b.get("spellCasters"), "build.spellCasters")):
        cp = f"build.spellCasters[{i}]"
        co = r.obj(caster, cp)
        cname = r.str_(co.get("name"), f"{cp}.name") or "Spells"
        tradition = r.str_(co.get("magicTradition"), f"{cp}.magicTradition")
        ability_key = r.str_(co.get("ability"), f"{cp}.ability", "cha").lower()
        crank = r.need_int(co.get("proficiency"), f"{cp}.proficiency", 0)
        spell_attack = prof(crank) + mods.get(ability_key, 0)
        lines = [f"DC {10 + spell_attack}, attack {spell_attack:+d}"]
        for j, group in enumerate(r.lst(co.get("spells"), f"{cp}.spells")):
            go = r.obj(group, f"{cp}.spells[{j}]")
            rank_no = r.need_int(go.get("spellLevel"), f"{cp}.spells[{j}].spellLevel", 0)
            names = r.strs(go.get("list"), f"{cp}.spells[{j}].list")
            if names:
                lines.append(f"{'cantrips' if rank_no == 0 else f'rank {rank_no}'}: {', '.join(names)}")
        texts.append(
            TextAbility(f"{cname} spells ({tradition})".replace(" ()", ""), "\n".join(lines), "spell")
        )
    if runes:
        texts.append(TextAbility("Weapons", "\n".join(runes), "items"))
    languages = r.strs(b.get("languages"), "build.languages")
    if languages:
        notes.append("Languages: " + ", ".join(languages))

    return r.build(
        lambda: Creature(
            name=name,
            system=SYSTEM,
            size=size,
            speed=max(speed, 0),
            senses=tuple(senses),
            ac=ac,
            hp=max(hp, 0),
            saves=saves,
            perception=perception,
            ability_mods=tuple((k, mods[k]) for k in ("str", "dex", "con", "int", "wis", "cha")),
            skills=tuple(dict(skills).items()),
            attacks=_unique(attacks),
            reach=0 if size == "tiny" else 5,
            reactions=tuple(reactions),
            level=level,
            traits=tuple(t.lower() for t in (ancestry, heritage, "humanoid") if t and t != "Not set"),
            type="humanoid",
            pc=True,
            initiative_bonus=perception,
            abilities_text=tuple(texts),
            source="Pathbuilder 2e",
            notes="\n".join(notes),
        )
    )


def _unique(attacks: list[Attack]) -> tuple[Attack, ...]:
    seen: dict[str, int] = {}
    out: list[Attack] = []
    for a in attacks:
        key = a.name.lower()
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:
            a = Attack(f"{a.name} ({seen[key]})", a.bonus, a.damage, a.traits, a.range_increment)
        out.append(a)
    return tuple(out)
