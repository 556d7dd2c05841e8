"""5e monster abilities and spellcasting read from the SRD stat blocks' text, as spells (`rules.model.spell`).

* **Abilities with a save** (a dragon's breath weapon, a wing attack, a swarm's bites): the text is read by
  `rules.io.srd_text.read_ability_text` — the save and its DC, the area ("in a 60-foot cone", "a 90-foot
  line that is 10 feet wide", "within 10 feet of the dragon": an emanation, which the 2014 rules don't have),
  the damage on a failed save and whether a success halves it, the conditions a failure gives; the uses
  come from the data (``RECHARGE_ON_ROLL`` 5 → Recharge 5–6, ``PER_DAY`` 3 → 3/day; 5e-bits ``usage``) or
  the name ("Fire Breath (Recharge 5–6)"). Structured fields that disagree with the text are reported and
  the text is used. What can't be read is kept as text with the reason (a save after a hit, who is affected
  only in words).
* **Spellcasting** (2014 "spell save DC 14, +6 to hit with spell attacks"; 2024 the Spellcasting action with
  "- **At Will:** Command, Detect Magic" and "- **1/Day Each:** Fireball"): the creature's spell DC and
  attack, and each named spell taken from the bundled SRD list of the edition (at will or N per day;
  5e-bits lists slots by level and the caster level). A spell the list doesn't have is reported.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from rules.io.srd_text import AbilityReading, clean, read_ability_text
from rules.model.spell import (
    DamagePart,
    Spell,
    SpellArea,
    SpellEffect,
    SpellError,
    SpellSave,
    SpellUses,
)

#: "each creature within 10 feet of the dragon": an area around the creature.
_AROUND = re.compile(
    r"each\s+(?:creature|other\s+creature|enemy)\s+(?:of\s+\w+\s+choice\s+)?(?:that\s+is\s+)?within\s+"
    r"(?P<feet>\d+)\s+(?:feet|ft\.?)\s+of\s+(?:it|itself|the\s+[\w\s]+?|(?:him|her|them)(?:self|selves)?)\b",
    re.IGNORECASE,
)
_RECHARGE_NAME = re.compile(r"\(Recharge\s+(\d)(?:\s*[-–]\s*6)?\)", re.IGNORECASE)
_PER_DAY_NAME = re.compile(r"\((\d+)/Day\)", re.IGNORECASE)
_ONE_TARGET = re.compile(
    r"\b(?:one|a|the)\s+(?:creature|target|humanoid)\b[^.]*\b(?:within|it\s+can\s+see|that\s+it\s+can)", re.I
)

Lookup = Callable[[str], Spell | None]


def uses_of(name: str, uses_type: str | None, uses_param: int | None) -> SpellUses:
    """An ability's uses from the data (open5e ``uses_type`` / ``uses_param``; 5e-bits usage mapped to the
    same words) or from its name."""
    kind = (uses_type or "").upper()
    if kind in ("RECHARGE_ON_ROLL", "RECHARGE") and uses_param and 2 <= uses_param <= 6:
        return SpellUses("recharge", recharge=int(uses_param))
    if kind == "PER_DAY" and uses_param:
        return SpellUses("per-day", count=int(uses_param))
    m = _RECHARGE_NAME.search(name)
    if m is not None:
        return SpellUses("recharge", recharge=int(m.group(1)))
    m = _PER_DAY_NAME.search(name)
    if m is not None:
        return SpellUses("per-day", count=int(m.group(1)))
    return SpellUses("at-will")


def ability_spell(
    name: str,
    desc: str,
    *,
    edition: str,
    uses: SpellUses,
    data_dc: int | None = None,
    data_save: str | None = None,
    data_success: str | None = None,
    notes: list[str] | None = None,
) -> Spell | None:
    """A monster ability with a saving throw as a spell of kind ``ability`` (None: its text has no save).
    `data_*` are the data set's structured fields, compared with the text; `notes` gets the disagreements."""
    reading = read_ability_text(desc)
    if reading is None:
        return None
    found: list[str] = [] if notes is None else notes
    clean_name = _RECHARGE_NAME.sub("", _PER_DAY_NAME.sub("", name)).strip()
    for what, data, words in (
        ("DC", data_dc, reading.dc),
        ("save", data_save, reading.save),
        ("save success", data_success, reading.success),
    ):
        if data is not None and data != words:
            found.append(
                f"{clean_name}: {what}: the data say {data!r}, the text says {words!r} (the text is used)"
            )
    return _build(clean_name, desc, reading, edition=edition, uses=uses)


def _build(name: str, desc: str, r: AbilityReading, *, edition: str, uses: SpellUses) -> Spell:
    text = clean(desc)
    reasons = list(r.problems)
    area: SpellArea | None = None
    if r.area is not None:
        shape, feet, width = r.area
        area = SpellArea(shape, feet, width)
    else:
        around = _AROUND.search(text)
        if around is not None:
            if edition == "dnd5e-2014":
                reasons.append("it affects the creatures around it, an emanation the 2014 rules don't have")
            else:
                area = SpellArea("emanation", int(around.group("feet")))
    targets = 1
    if area is None and not _ONE_TARGET.search(text) and re.search(r"\beach\b", text, re.I):
        reasons.append("whom it affects is only in its text")
    if area is not None and area.shape == "emanation" and edition == "dnd5e-2014":
        reasons.append("it affects the creatures around it, an emanation the 2014 rules don't have")
        area = None
    parts: list[DamagePart] = []
    for formula, kind in r.damage:
        try:
            parts.append(DamagePart(formula, kind))
        except SpellError:
            reasons.append(f"its damage {formula!r} isn't dice notation")
    if re.search(r"damage\s+of\s+the\s+type\s+chosen|\(DM's\s+choice\)|type\s+of\s+\w+\s+choice", text, re.I):
        reasons.append("its damage type is chosen (the DM's choice)")
    if not parts and not r.conditions and not reasons:
        reasons.append("no damage, and what a failed save does is only in its text")
    assert r.save is not None
    try:
        return Spell(
            name=name,
            level=0,
            kind="ability",
            area=area,
            targets=targets,
            save=SpellSave(r.save, shares=(("success", r.success),)),
            damage=tuple(parts),
            effects=(("failure", tuple(SpellEffect(c) for c in r.conditions)),) if r.conditions else (),
            uses=uses,
            dc=r.dc,
            text=text,
            reason="; ".join(dict.fromkeys(reasons)),
        )
    except SpellError as exc:
        return Spell(name, 0, kind="ability", text=text, uses=uses, reason=f"its data can't be read ({exc})")


# ----------------------------------------------------------------------------------------- spellcasting

_DC = re.compile(
    r"spell\s+save\s+DC\s+(?P<dc>\d+)(?:,\s*(?P<attack>[+-]\d+)\s+to\s+hit\s+with\s+spell\s+attacks)?", re.I
)
_LIST_LINE = re.compile(r"^\s*-\s*(?:\*\*(?P<bold>[^*]+?):?\*\*:?|(?P<plain>[^:]+):)\s*(?P<names>.+)$")


def spellcasting_numbers(desc: str) -> tuple[int | None, int | None]:
    """The spell save DC and spell attack bonus a Spellcasting text gives."""
    m = _DC.search(desc)
    if m is None:
        return None, None
    return int(m.group("dc")), int(m.group("attack")) if m.group("attack") else None


def spell_list(desc: str, lookup: Lookup, owner: str, notes: list[str]) -> list[Spell]:
    """The spells of a 2024 Spellcasting action (``- **At Will:** A, B`` / ``- **1/Day Each:** C``), each
    from the bundled list with its uses; a name the list lacks is noted."""
    out: list[Spell] = []
    for line in desc.splitlines():
        m = _LIST_LINE.match(line)
        if m is None:
            continue
        head = (m.group("bold") or m.group("plain") or "").strip().lower()
        if "at will" in head:
            uses = SpellUses("at-will")
        else:
            per = re.match(r"(\d+)/day", head)
            if per is None:
                continue
            uses = SpellUses("per-day", count=int(per.group(1)))
        for raw in re.split(r",\s*", m.group("names")):
            name = re.sub(r"\s*\(.*?\)\s*", " ", raw).replace("*", "").strip()
            if not name:
                continue
            found = lookup(name)
            if found is None:
                notes.append(f"{owner}: the spell {name!r} isn't in the bundled list")
                continue
            out.append(replace(found, uses=uses))
    return out


def named_spells(
    names: Sequence[tuple[str, SpellUses]], lookup: Lookup, owner: str, notes: list[str]
) -> list[Spell]:
    """Spells by name (5e-bits ``spellcasting.spells``) from the bundled list, with their uses."""
    out: list[Spell] = []
    for name, uses in names:
        found = lookup(name)
        if found is None:
            notes.append(f"{owner}: the spell {name!r} isn't in the bundled list")
            continue
        out.append(replace(found, uses=uses))
    return out
