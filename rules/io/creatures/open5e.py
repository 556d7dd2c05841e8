"""The open5e SRD creature fixtures (``Creature.json``, ``CreatureAction.json``,
``CreatureActionAttack.json``, ``CreatureTrait.json`` of one folder: ``../shared/srd-data/srd-2024/`` for
SRD 5.2, ``srd-2014/`` for SRD 5.1) as `Creature` values, with the data's known faults
(``../shared/srd-data/SOURCES.md``) worked around:

* **Size** is the hit die's ("Hit Points … 1d4 − 1": a d4 is Tiny, d6 Small, d8 Medium, d10 Large, d12 Huge,
  d20 Gargantuan), because the data has no Tiny creature and gives "Medium or Small" stat blocks as small; a
  size that differs from the data's is reported.
* **Attacks** are read from each action's rules text — "Melee Attack Roll: +4, reach 5 ft. 5 (1d6 + 2)
  Slashing damage", "Ranged Attack Roll: +4, range 80/320 ft.", "Melee or Ranged Attack Roll: +4, reach 5 ft.
  or range 20/60 ft." (two attacks), damage parts joined by "plus" or "and"; a part "if the attack roll had
  Advantage" or that depends on a choice is left in the text — and compared with the ``CreatureActionAttack``
  rows (to-hit, reach, range, dice), whose damage types are mostly missing. What follows the damage (a
  grapple, a save) stays text on the stat block.
* **Proficiency bonus and XP** from the challenge rating (the data has them for one creature).
* **Abilities** with a save (breath weapons …) and the Spellcasting action become spells
  (`rules.io.creatures.srd_abilities`); every other action, bonus action, reaction, legendary action and
  trait is kept as text. ``legendary_action_cost`` is read only on legendary actions.
* Damage vulnerabilities are empty for every creature in this data set: none are imported (noted).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.io.creatures._common import Reader, attacks_with_reach
from rules.io.creatures.srd_abilities import ability_spell, spell_list, spellcasting_numbers, uses_of
from rules.io.srd_text import DAMAGE_PHRASE, clean
from rules.model.creature import SPEED_KINDS, Creature, Sense, TextAbility, parse_cr, proficiency_for_cr
from rules.model.scene import Attack
from rules.model.spell import Spell

JSON = Any

HIT_DIE_SIZE: dict[int, str] = {4: "tiny", 6: "small", 8: "medium", 10: "large", 12: "huge", 20: "gargantuan"}
#: XP by challenge rating (SOURCES.md; the DMG's table).
XP_BY_CR: dict[float, int] = {
    0: 10, 0.125: 25, 0.25: 50, 0.5: 100, 1: 200, 2: 450, 3: 700, 4: 1100, 5: 1800, 6: 2300, 7: 2900, 8: 3900,
    9: 5000, 10: 5900, 11: 7200, 12: 8400, 13: 10000, 14: 11500, 15: 13000, 16: 15000, 17: 18000, 18: 20000,
    19: 22000, 20: 25000, 21: 33000, 22: 41000, 23: 50000, 24: 62000, 25: 75000, 26: 90000, 27: 105000,
    28: 120000, 29: 135000, 30: 155000,
}  # fmt: skip
#: The largest save bonus in the SRD (a CR 30 creature: +10 ability, +9 proficiency, a little more): a larger
#: one in the data is a data fault.
MAX_PLAUSIBLE_SAVE = 21
ABILITY_NAMES = ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")
KIND_OF_ACTION = {
    "ACTION": "action",
    "BONUS_ACTION": "bonus",
    "REACTION": "reaction",
    "LEGENDARY_ACTION": "legendary",
}
_FT = r"(?:ft\.?|feet)"
_ATTACK_HEAD = re.compile(
    r"^(?P<kind>Melee or Ranged|Melee|Ranged)\s+(?:Weapon\s+|Spell\s+)?Attack(?:\s+Roll)?:\s*"
    r"(?P<bonus>[+-]\d+)"
    r"(?:\s+to\s+hit)?(?:\s*\([^)]*\))?,\s*(?P<where>(?:reach\s+\d+\s*"
    + _FT
    + r"(?:,?\s+or\s+range\s+[\d/]+\s*"
    + _FT
    + r")?|range\s+[\d/]+\s*"
    + _FT
    + r"))\s*(?:,\s*[^.]*?\.)?\s*(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)
_REACH = re.compile(r"reach\s+(\d+)\s*(?:ft|feet)", re.IGNORECASE)
_RANGE = re.compile(r"range\s+(\d+)(?:\s*/\s*(\d+))?\s*(?:ft|feet)", re.IGNORECASE)


@dataclass
class Read:
    creatures: list[Creature] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def is_open5e_creatures(doc: JSON) -> bool:
    return (
        isinstance(doc, list)
        and bool(doc)
        and isinstance(doc[0], dict)
        and doc[0].get("model") == "api_v2.creature"
    )


def read_attack(name: str, desc: str) -> tuple[list[tuple[str, Attack, int | None]], str]:
    """The attacks an action's text describes, as (name, attack, melee reach), and the rider text after its
    damage ("" when none). Empty when the text is not an attack."""
    text = clean(desc)
    m = _ATTACK_HEAD.match(text)
    if m is None:
        return [], ""
    bonus = int(m.group("bonus"))
    where = m.group("where")
    rest = re.sub(r"^Hit:\s*", "", m.group("rest").strip().lstrip(". "))
    sentence, _, after = rest.partition(". ")
    parts: list[str] = []
    for pm in DAMAGE_PHRASE.finditer(sentence):
        tail = sentence[pm.end() : pm.end() + 60]
        head = sentence[max(0, pm.start() - 4) : pm.start()]
        if re.match(r"\s+if\b|\s+\(\w+'s\s+choice\)|\s+while\b", tail, re.I) or re.search(r"\bor\s*$", head):
            continue
        formula = re.sub(r"\s+", "", pm.group("avg") or pm.group("dice") or pm.group("flat"))
        parts.append(f"{formula} {pm.group('type').lower()}")
    damage = " plus ".join(parts)
    rider = after.strip()
    if len(parts) < len(DAMAGE_PHRASE.findall(sentence)):
        rider = (sentence + ". " + rider).strip()
    kind = m.group("kind").lower()
    out: list[tuple[str, Attack, int | None]] = []
    reach_m = _REACH.search(where)
    range_m = _RANGE.search(where)
    if "melee" in kind:
        out.append((name, Attack(name, bonus, damage), int(reach_m.group(1)) if reach_m else 5))
    if "ranged" in kind and range_m is not None:
        normal = int(range_m.group(1))
        long = int(range_m.group(2)) if range_m.group(2) else normal
        rname = f"{name} (ranged)" if out else name
        out.append((rname, Attack(rname, bonus, damage, (), None, (), (normal, max(normal, long))), None))
    return out, rider


def _group(rows: Sequence[JSON], key: str = "parent") -> dict[str, list[JSON]]:
    out: dict[str, list[JSON]] = {}
    for row in rows:
        out.setdefault(row["fields"][key], []).append(row)
    return out


def _hit_die(hit_dice: str | None) -> int | None:
    m = re.search(r"\d+\s*d\s*(\d+)", hit_dice or "")
    return int(m.group(1)) if m else None


def import_folder(
    creatures: Sequence[JSON],
    actions: Sequence[JSON],
    attacks: Sequence[JSON],
    traits: Sequence[JSON],
    *,
    system: str,
    source: str,
    lookup: Callable[[str], Spell | None] = lambda _name: None,
) -> Read:
    """Every creature of the four fixture files (see the module docstring). `lookup` finds a spell of the
    bundled list by name (for Spellcasting)."""
    out = Read()
    by_parent = _group(actions)
    rows_by_action = _group(attacks)
    traits_by_parent = _group(traits)
    book = "SRD 5.2" if system == "dnd5e-2024" else "SRD 5.1"
    for i, rec in enumerate(creatures):
        r = Reader(source, f"[{i}].fields")
        f = rec["fields"]
        out.creatures.append(
            _creature(
                r,
                rec["pk"],
                f,
                by_parent.get(rec["pk"], []),
                rows_by_action,
                traits_by_parent.get(rec["pk"], []),
                system=system,
                book=book,
                notes=out.notes,
                lookup=lookup,
            )
        )
    return out


def _creature(
    r: Reader,
    pk: str,
    f: Mapping[str, JSON],
    actions: Sequence[JSON],
    rows_by_action: Mapping[str, list[JSON]],
    traits: Sequence[JSON],
    *,
    system: str,
    book: str,
    notes: list[str],
    lookup: Callable[[str], Spell | None],
) -> Creature:
    name = str(f["name"])
    die = _hit_die(f.get("hit_dice"))
    size = HIT_DIE_SIZE.get(die or 0, str(f.get("size") or "medium").lower())
    if size != str(f.get("size") or "").lower():
        notes.append(
            f"{name}: size: the data say {f.get('size')!r}, its hit die d{die} makes it {size} (used)"
        )
    speeds = tuple((k, int(f[k])) for k in SPEED_KINDS if f.get(k))
    senses = tuple(
        Sense(kind, int(f[f"{kind}_range"]))
        for kind in ("darkvision", "blindsight", "tremorsense", "truesight", "telepathy")
        if f.get(f"{kind}_range")
    )
    abilities = tuple(
        (a[:3], int(f[f"ability_score_{a}"])) for a in ABILITY_NAMES if int(f[f"ability_score_{a}"]) >= 1
    )
    if len(abilities) < len(ABILITY_NAMES):
        bad = [
            f"{a[:3]} {f[f'ability_score_{a}']}" for a in ABILITY_NAMES if int(f[f"ability_score_{a}"]) < 1
        ]
        notes.append(f"{name}: ability scores {', '.join(bad)} are not scores (left out)")
    saves = tuple(
        (a[:3], int(f[f"saving_throw_{a}"]))
        for a in ABILITY_NAMES
        if f.get(f"saving_throw_{a}") is not None and abs(int(f[f"saving_throw_{a}"])) <= MAX_PLAUSIBLE_SAVE
    )
    if len(saves) < sum(1 for a in ABILITY_NAMES if f.get(f"saving_throw_{a}") is not None):
        bad = [
            f"{a[:3]} {f[f'saving_throw_{a}']:+d}"
            for a in ABILITY_NAMES
            if f.get(f"saving_throw_{a}") is not None
            and abs(int(f[f"saving_throw_{a}"])) > MAX_PLAUSIBLE_SAVE
        ]
        notes.append(f"{name}: saves {', '.join(bad)} are beyond any SRD stat block (left out)")
    skills = tuple(
        (k[len("skill_bonus_") :].replace("_", "-"), int(v))
        for k, v in sorted(f.items())
        if k.startswith("skill_bonus_") and v is not None
    )
    cr = parse_cr(f.get("challenge_rating") or 0)
    pb = f.get("proficiency_bonus") or proficiency_for_cr(cr)
    xp = f.get("experience_points_integer") or XP_BY_CR.get(cr)
    texts: list[TextAbility] = []
    built: list[tuple[str, Attack, int | None]] = []
    spells: list[Spell] = []
    reactions: list[str] = []
    spell_dc: int | None = None
    spell_attack: int | None = None
    for t in sorted(traits, key=lambda x: x["pk"]):
        tf = t["fields"]
        texts.append(TextAbility(str(tf["name"]), clean(str(tf["desc"] or "")), "trait"))
        if tf["name"].lower().startswith("spellcasting"):
            spell_dc, spell_attack = spellcasting_numbers(tf["desc"] or "")
    order = {"ACTION": 0, "BONUS_ACTION": 1, "REACTION": 2, "LEGENDARY_ACTION": 3}
    for a in sorted(
        actions,
        key=lambda x: (order.get(x["fields"]["action_type"], 9), x["fields"]["order_in_statblock"] or 0),
    ):
        af = a["fields"]
        aname = str(af["name"]).strip()
        desc = str(af["desc"] or "")
        kind = KIND_OF_ACTION.get(str(af["action_type"]), "action")
        if kind == "reaction":
            reactions.append(aname)
        if aname.lower() == "spellcasting":
            dc, attack = spellcasting_numbers(desc)
            spell_dc, spell_attack = dc or spell_dc, attack or spell_attack
            spells += spell_list(desc, lookup, name, notes)
            texts.append(TextAbility(aname, clean(desc), kind))
            continue
        read, rider = read_attack(aname, desc) if kind == "action" else ([], "")
        if read:
            _compare(name, aname, read, rows_by_action.get(a["pk"], []), notes)
            built.extend(read)
            if rider:
                texts.append(TextAbility(aname, clean(desc), "attack"))
            continue
        uses = uses_of(aname, af.get("uses_type"), af.get("uses_param"))
        ability = ability_spell(aname, desc, edition=system, uses=uses, notes=notes)
        if ability is not None:
            spells.append(ability)
        label = kind
        if kind == "legendary" and af.get("legendary_action_cost", 1) not in (None, 1):
            label = f"legendary ({af['legendary_action_cost']} actions)"
        texts.append(TextAbility(aname, clean(desc), label))
    attacks_out, reach = attacks_with_reach(built, 5, "properties")
    ctype = str(f.get("type") or "").lower()
    alignment = str(f.get("alignment") or "").lower()
    immunities = [str(x).lower() for x in (f.get("damage_immunities") or [])]
    immunities += [str(x).lower() for x in (f.get("condition_immunities") or [])]
    note_lines = []
    if f.get("hover"):
        note_lines.append("Hover")
    if f.get("languages_desc"):
        note_lines.append(f"Languages: {f['languages_desc']}")
    if f.get("armor_detail"):
        note_lines.append(f"Armor: {f['armor_detail']}")
    return r.build(
        lambda: Creature(
            name=name,
            system=system,
            size=size,
            speed=int(f.get("walk") or 0),
            speeds=speeds,
            senses=senses,
            ac=int(f["armor_class"]),
            hp=int(f["hit_points"]),
            saves=saves,
            abilities=abilities,
            skills=skills,
            immunities=tuple(dict.fromkeys(immunities)),
            resistances=tuple((str(x).lower(), 0) for x in dict.fromkeys(f.get("damage_resistances") or [])),
            vulnerabilities=tuple(
                str(x).lower() for x in dict.fromkeys(f.get("damage_vulnerabilities") or [])
            ),
            attacks=attacks_out,
            reach=reach,
            reactions=tuple(dict.fromkeys(reactions)),
            cr=cr,
            proficiency_bonus=int(pb),
            traits=tuple(dict.fromkeys(t for t in (ctype, alignment) if t)),
            type=ctype,
            xp=None if xp is None else int(xp),
            initiative_bonus=f.get("initiative_bonus")
            if f.get("initiative_bonus") is not None
            else (int(f["ability_score_dexterity"]) - 10) // 2,
            abilities_text=tuple(texts),
            spells=tuple(spells),
            spell_dc=spell_dc,
            spell_attack=spell_attack,
            source=book,
            license="CC-BY-4.0",
            notes="\n".join(note_lines),
        )
    )


def _compare(
    creature: str,
    action: str,
    read: Sequence[tuple[str, Attack, int | None]],
    rows: Sequence[JSON],
    notes: list[str],
) -> None:
    """The text's attack against the data's structured row (to-hit, reach, range, first dice)."""
    if not rows:
        notes.append(f"{creature}: {action}: no structured attack row (read from the text)")
        return
    row = rows[0]["fields"]
    _, attack, reach = read[0]
    if row.get("to_hit_mod") is not None and row["to_hit_mod"] != attack.bonus:
        notes.append(
            f"{creature}: {action}: to-hit: the data say {row['to_hit_mod']}, the text says {attack.bonus}"
        )
    if row.get("reach") and reach is not None and row["reach"] != reach:
        notes.append(f"{creature}: {action}: reach: the data say {row['reach']}, the text says {reach}")
    dice = f"{row.get('damage_die_count')}{(row.get('damage_die_type') or '').lower()}"
    first = attack.damage.split(" ")[0] if attack.damage else ""
    if row.get("damage_die_count") and not first.startswith(dice):
        notes.append(f"{creature}: {action}: damage dice: the data say {dice}, the text says {first!r}")
