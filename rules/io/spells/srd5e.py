"""The SRD 5e spell data sets as `Spell` values, each checked against its rules text.

* **SRD 5.1** (2014 rules): the 5e-bits ``5e-SRD-Spells-2014.json`` (a list of spells with ``index``,
  ``level``, ``range`` text, ``dc`` {``dc_type``, ``dc_success``}, ``area_of_effect`` {``type``, ``size``},
  ``damage`` {``damage_type``, ``damage_at_slot_level`` / ``damage_at_character_level``}, ``attack_type``,
  ``desc`` / ``higher_level`` paragraphs): structured, read first; the text fills what it lacks (a second
  damage type, a 2014 "line 100 feet long and 5 feet wide" width, conditions) and is compared with it.
* **SRD 5.2** (2024 rules): the open5e ``Spell.json`` fixtures (``api_v2.spell`` records: ``fields.level``,
  ``range_text``, ``saving_throw_ability``, ``attack_roll``, ``damage_roll``, ``damage_types``,
  ``shape_type`` / ``shape_size``, ``concentration``, ``duration``, ``desc``, ``higher_level``) with the
  ``SpellCastingOption.json`` rows of the same folder. Its structured fields are partly wrong
  (``../shared/srd-data/SOURCES.md``), so the rules text (`rules.io.srd_text`) is read for every
  spell and the fields are only compared with it.

Where the two disagree the text wins and the disagreement is recorded (`Imported.disagreements`, printed by
``assets/spells_build.py``). A spell with a save, an attack or an area whose save or attack, area or targets
and damage could all be read is structured; otherwise `Spell.reason` says what is text only. A spell with
none of those (Mage Hand) is kept as text with the reason "no save, attack, area or damage".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.io.spell_json import lasting_from_text
from rules.io.srd_text import (
    ABILITY_WORDS,
    SHAPE_NAMED,
    Reading,
    clean,
    read_conditions,
    read_spell_text,
)
from rules.model.spell import (
    MAX_FEET,
    DamagePart,
    Heighten,
    HeightenLevel,
    Lasting,
    Spell,
    SpellArea,
    SpellEffect,
    SpellError,
    SpellSave,
    SpellUses,
    damage_formula,
    heightened,
    times_dice,
)

JSON = Any

CASTING_TIMES: dict[str, str] = {"action": "action", "bonus-action": "bonus", "reaction": "reaction"}
NOTHING = "no save, attack, area or damage: its effect is in its text"


@dataclass
class Imported:
    """Spells read from a data set, and where its structured fields and its text disagree."""

    spells: list[Spell] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)


def range_of(text: str) -> tuple[int | None, bool, str]:
    """A range's words: ``150 feet`` → (150, False, ""); ``Touch`` → (None, True, ""); ``Self`` / ``Self
    (15-foot cone)`` → (None, False, ""); ``1 mile`` → 5280 ft; ``Sight``, ``Unlimited``, ``Special`` → no
    limit, with a note."""
    words = text.strip().lower()
    if words.startswith("touch"):
        return None, True, ""
    if words.startswith("self") or not words:
        return None, False, ""
    m = re.match(r"(\d+)\s*(feet|foot|ft|miles?)", words)
    if m is not None:
        n = int(m.group(1))
        return (n * 5280 if m.group(2).startswith("mile") else n), False, ""
    return None, False, f"range {text.strip()!r}"


def casting_time_of(text: str) -> str:
    t = text.strip().lower()
    if t in CASTING_TIMES:
        return CASTING_TIMES[t]
    if t.startswith("1 action") or t == "1action":
        return "action"
    if "bonus" in t:
        return "bonus"
    if "reaction" in t:
        return "reaction"
    m = re.match(r"(\d+)\s*(minute|hour)s?", t.replace("minutes", "minute").replace("hours", "hour"))
    if m is not None:
        n = int(m.group(1))
        return f"{n} {m.group(2)}" + ("s" if n != 1 else "")
    return t or "action"


def _effects(r: Reading, save_name: str) -> tuple[tuple[str, tuple[SpellEffect, ...]], ...]:
    if not r.conditions:
        return ()
    lasts: Lasting | None = None
    if r.lasts == "save":
        lasts = Lasting("save", save=f"{save_name} save")
    elif r.lasts == "your next turn":
        lasts = Lasting("turn", 1, "end", "caster")
    elif r.lasts == "its next turn":
        lasts = Lasting("turn", 1, "end", "target")
    return (("failure", tuple(SpellEffect(c, lasts) for c in r.conditions)),)


def build(
    *,
    name: str,
    index: str,
    level: int,
    range_text: str,
    casting_time: str,
    duration: str,
    concentration: bool,
    desc: str,
    higher: str,
    source: str,
    structured_save: str | None,
    structured_success: str | None,
    structured_attack: bool,
    structured_area: tuple[str, int] | None,
    structured_damage: Sequence[tuple[str, str]],
    slot_table: dict[int, str] | None,
    cantrip_table: dict[int, str] | None,
    prefer_data: bool,
    ritual: bool = False,
    extra: dict[str, JSON] | None = None,
    disagreements: list[str] | None = None,
) -> Spell:
    """One 5e spell from its structured fields and its text. `prefer_data` (SRD 5.1, 5e-bits): the
    structured fields are used and the text fills what they lack; otherwise (SRD 5.2, open5e) the text is
    used and the fields are only compared with it. Every disagreement goes to `disagreements`."""
    notes: list[str] = [] if disagreements is None else disagreements
    text = clean(desc)
    r = read_spell_text(desc, higher, level=level)
    reasons = list(r.problems)
    if not text:
        reasons.append("the data set has no rules text for it")

    def differ(what: str, data: object, words: object, used: str) -> None:
        notes.append(f"{name}: {what}: the data say {data!r}, the text says {words!r} (the {used} is used)")

    def pick(what: str, data: Any, words: Any) -> Any:
        if data is None or data == words:
            if data is None and words is not None and prefer_data:
                notes.append(f"{name}: {what}: only the text says {words!r} (used)")
            return words
        if words is None:
            if not prefer_data:
                differ(what, data, words, "text")
                return None
            return data
        differ(what, data, words, "data" if prefer_data else "text")
        return data if prefer_data else words

    rng, touch, range_note = range_of(range_text)
    if range_note:
        reasons.append(f"{range_note} is not a distance")
    save = pick("save", structured_save, r.save)
    data_success = structured_success if structured_success in ("half", "none") else None
    success = (data_success if prefer_data and data_success else None) or r.success or data_success
    success = success or ("half" if r.damage or structured_damage else "none")
    if r.success and data_success and r.success != data_success:
        differ("save success", data_success, r.success, "data" if prefer_data else "text")
    attack = bool(pick("spell attack", structured_attack or None, True if r.attack else None))
    # ---- area: a text area of the data's shape but another size wins (the data may hold a height)
    text_area = None if r.area is None else (r.area[0], r.area[1])
    if prefer_data and structured_area is not None and text_area is not None:
        if structured_area[0] == text_area[0] and structured_area[1] != text_area[1]:
            differ("area", structured_area, text_area, "text")
            chosen = text_area
        else:
            chosen = pick("area", structured_area, text_area)
    else:
        chosen = pick("area", structured_area, text_area)
    area: SpellArea | None = None
    if chosen is not None:
        width = r.area[2] if r.area is not None and r.area[0] == "line" else 5
        if int(chosen[1]) > MAX_FEET:
            reasons.append(f"its area ({chosen[1]} ft) is larger than any map")
        else:
            area = SpellArea(str(chosen[0]), int(chosen[1]), width)
    if area is None and not prefer_data and SHAPE_NAMED.search(text):
        reasons.append("its text names its area without the area's size")
    # ---- damage: the text's parts when they agree with the data's (they add a second type)
    text_parts = [(f, t) for f, t in r.damage]
    data_parts = [(f.replace(" ", ""), t) for f, t in structured_damage]
    parts_raw = text_parts
    if data_parts and text_parts != data_parts and text_parts[:1] != data_parts[:1]:
        if (
            prefer_data
            and len(data_parts) == 1
            and "+" in data_parts[0][0]
            and _sum_raw(text_parts) == data_parts[0][0]
        ):
            notes.append(
                f"{name}: damage: the data sum the types ({data_parts[0][0]}); the text's parts are used"
            )
        else:
            parts_raw = data_parts if prefer_data else text_parts
            differ("damage", data_parts, text_parts, "data" if prefer_data else "text")
    elif data_parts and not text_parts:
        differ("damage", data_parts, text_parts, "data" if prefer_data else "text")
        parts_raw = data_parts if prefer_data else []
    parts: list[DamagePart] = []
    for f, t in parts_raw:
        try:
            parts.append(DamagePart(f, t))
        except SpellError:
            reasons.append(f"its damage {f!r} isn't dice notation (it adds the caster's modifier)")
    if not parts and re.search(r"\d+d\d+[^.]*\bdamage\b", text, re.I) and not reasons and not prefer_data:
        reasons.append("its damage isn't in words the reader knows")
    if re.search(
        r"\b(?:for\s+each|each)\s+(?:ray|beam|dart)\b|\bcreates?\s+(?:two|three|four)\s+beams\b|"
        r"\bthree\s+(?:glowing\s+)?darts\b|\bthree\s+(?:fiery\s+)?rays\b",
        text + " " + clean(higher),
        re.I,
    ):
        reasons.append("it makes several rays, beams or darts the caster divides among targets (a roll each)")
    # ---- heightening: the text's steps; a 5e-bits table checked against them, or kept when the text has none
    heighten: Heighten | None = None
    if re.search(r"\(your\s+choice\)\s+increases", clean(higher), re.I):
        reasons.append("at higher levels the caster chooses which damage increases")
    if level > 0 and (r.heighten_damage or r.heighten_targets):
        heighten = Heighten(
            every=1,
            damage=tuple(DamagePart(f, t) for f, t in r.heighten_damage),
            targets=r.heighten_targets,
        )
    if level > 0 and slot_table and len(parts) == 1:
        want = {lv: f.replace(" ", "") for lv, f in slot_table.items() if lv >= level}
        if want.get(level) not in (None, parts[0].formula):
            differ("damage", want.get(level), parts[0].formula, "text")
        probe = Spell(name, level, damage=tuple(parts), heighten=heighten)
        got = {lv: _sum(heightened(probe, lv).damage) for lv in want}
        if got != want:
            if heighten is not None and heighten.damage and not prefer_data:
                notes.append(
                    f"{name}: damage by slot level: the data say {want}, "
                    f"the text's steps give {got} (the text is used)"
                )
            else:
                if heighten is not None and heighten.damage:
                    notes.append(
                        f"{name}: damage by slot level: the text's steps give {got}, "
                        f"the data say {want} (the data are used)"
                    )
                kind = parts[0].type
                heighten = Heighten(
                    levels=tuple(
                        HeightenLevel(lv, damage=(DamagePart(f, kind),))
                        for lv, f in sorted(want.items())
                        if lv > level
                    ),
                    every=1 if heighten is not None and heighten.targets else 0,
                    targets=heighten.targets if heighten is not None else 0,
                )
    if level == 0 and parts:
        table = cantrip_table or {}
        for lv, f in sorted(table.items()):
            times = {1: 1, 5: 2, 11: 3, 17: 4}.get(lv)
            if times and f.replace(" ", "") != times_dice(parts[0].formula, times):
                reasons.append(
                    f"its damage at character level {lv} ({f}) isn't ×{times} of {parts[0].formula}"
                )
                break
    if save is not None and not r.conditions and r.save is None:
        # 2014 text the reader's save phrases miss ("a saving throw of Wisdom or be paralyzed")
        r.conditions = read_conditions(" ".join(x for x in _split(text) if "saving throw" in x.lower()))
    # ---- what's left as text
    has_roll = save is not None or attack or area is not None
    if not has_roll and not parts and text:
        reasons.append(NOTHING)
    elif save is None and not attack and not parts:
        reasons.append("no save, attack or damage: its effect in the area is in its text")
    elif not has_roll and parts:
        reasons.append("damage without a save, an attack or an area: when it is dealt is in its text")
    elif save is None and not attack and parts:
        reasons.append("its damage has no save or attack: when it is dealt is in its text")
    if attack and not parts and not reasons:
        reasons.append("a spell attack whose damage isn't read")
    if save is not None and not parts and not r.conditions and not reasons:
        reasons.append("no damage, and what a failed save does is only in its text")
    if save is not None and attack:
        reasons.append("a spell attack and a save in one spell (two rolls per target)")
        attack = False
    effects = _effects(r, ABILITY_WORDS_INV.get(save or "", "the"))
    try:
        return Spell(
            name=name,
            level=level,
            range=rng,
            touch=touch,
            casting_time=casting_time_of(casting_time),
            area=area,
            targets=r.targets or 1,
            save=SpellSave(save, shares=(("success", success),)) if save else None,
            attack=attack,
            damage=tuple(parts),
            heighten=heighten,
            effects=effects,
            concentration=concentration,
            duration=lasting_from_text(duration),
            uses=SpellUses("slot") if level > 0 else SpellUses("at-will"),
            ignores_cover=bool(
                re.search(
                    r"gains?\s+no\s+benefit\s+from\s+(?:Half\s+Cover\s+or\s+Three-Quarters\s+)?cover",
                    text,
                    re.I,
                )
            ),
            traits=("ritual",) if ritual else (),
            index=index,
            text="\n\n".join(x for x in (clean(desc), clean(higher)) if x),
            source=source,
            license="CC-BY-4.0",
            reason="; ".join(dict.fromkeys(reasons)),
            extra=dict(extra or {}),
        )
    except SpellError as exc:
        return Spell(
            name=name,
            level=level,
            index=index,
            text=clean(desc),
            source=source,
            license="CC-BY-4.0",
            reason=f"its data can't be read ({exc})",
        )


def _split(text: str) -> list[str]:
    return re.split(r"(?<=[.!?])\s+", text)


def _sum_raw(parts: Sequence[tuple[str, str]]) -> str:
    return "+".join(f for f, _t in parts)


ABILITY_WORDS_INV: dict[str, str] = {v: k.capitalize() for k, v in ABILITY_WORDS.items()}


def _sum(parts: Sequence[DamagePart]) -> str:
    """The dice of one-type parts summed, without the type (``9d6``)."""
    text = damage_formula(parts) or ""
    return text.rsplit(" ", 1)[0]


# ---------------------------------------------------------------------------------------------- 5e-bits


def _paragraphs(value: JSON) -> str:
    if isinstance(value, list):
        return "\n".join(str(v) for v in value)
    return str(value or "")


def import_5ebits(doc: JSON, source: str = "SRD 5.1") -> Imported:
    """The 5e-bits SRD 5.1 spells (a list)."""
    out = Imported()
    for s in doc:
        dc = s.get("dc") or {}
        save = dc.get("dc_type", {}).get("index") if dc else None
        success = dc.get("dc_success") if dc else None
        aoe = s.get("area_of_effect")
        damage = s.get("damage") or {}
        kind = (damage.get("damage_type") or {}).get("index")
        slot = {int(k): v for k, v in (damage.get("damage_at_slot_level") or {}).items()}
        char = {int(k): v for k, v in (damage.get("damage_at_character_level") or {}).items()}
        first = slot.get(s["level"]) or char.get(1) or ""
        structured_damage = [(first, kind)] if first and kind else []
        out.spells.append(
            build(
                name=s["name"],
                index=s["index"],
                level=s["level"],
                range_text=s.get("range", ""),
                casting_time=s.get("casting_time", "1 action"),
                duration=s.get("duration", ""),
                concentration=bool(s.get("concentration")),
                desc=_paragraphs(s.get("desc")),
                higher=_paragraphs(s.get("higher_level")),
                source=source,
                structured_save=save,
                structured_success=success,
                structured_attack=bool(s.get("attack_type")),
                structured_area=(aoe["type"], int(aoe["size"])) if aoe else None,
                structured_damage=structured_damage,
                slot_table=slot or None,
                cantrip_table=char or None,
                prefer_data=True,
                ritual=bool(s.get("ritual")),
                extra={
                    "school": (s.get("school") or {}).get("index", ""),
                    "classes": [c["index"] for c in s.get("classes", [])],
                },
                disagreements=out.disagreements,
            )
        )
    return out


# ----------------------------------------------------------------------------------------------- open5e


def import_open5e(spells_doc: JSON, options_doc: JSON | None = None, source: str = "SRD 5.2") -> Imported:
    """The open5e ``Spell.json`` records (and its ``SpellCastingOption.json`` rows)."""
    out = Imported()
    options: dict[str, dict[str, str]] = {}
    for row in options_doc or []:
        f = row.get("fields", {})
        if f.get("damage_roll"):
            options.setdefault(f["parent"], {})[f["type"]] = f["damage_roll"]
    for rec in spells_doc:
        f = rec["fields"]
        pk = rec["pk"]
        index = pk.split("_", 1)[1] if "_" in pk else pk
        save_word = (f.get("saving_throw_ability") or "").lower()
        opts = options.get(pk, {})
        slot = {int(k.rsplit("_", 1)[1]): v for k, v in opts.items() if k.startswith("slot_level_")}
        char = {int(k.rsplit("_", 1)[1]): v for k, v in opts.items() if k.startswith("player_level_")}
        types = list(f.get("damage_types") or [])
        roll = f.get("damage_roll") or ""
        structured_damage = [(roll, types[0])] if roll and types else []
        shape = f.get("shape_type")
        level = int(f["level"])
        if slot and roll:
            slot = {level: roll, **slot}
        out.spells.append(
            build(
                name=f["name"],
                index=index,
                level=level,
                range_text=f.get("range_text") or "",
                casting_time=f.get("casting_time") or "action",
                duration=f.get("duration") or "",
                concentration=bool(f.get("concentration")),
                desc=f.get("desc") or "",
                higher=f.get("higher_level") or "",
                source=source,
                structured_save=ABILITY_WORDS.get(save_word),
                structured_success=None,
                structured_attack=bool(f.get("attack_roll")),
                structured_area=(shape, int(f["shape_size"])) if shape and f.get("shape_size") else None,
                structured_damage=structured_damage,
                slot_table=slot or None,
                cantrip_table={1: roll, **char} if char and roll else None,
                prefer_data=False,
                ritual=bool(f.get("ritual")),
                extra={
                    "school": f.get("school", ""),
                    "classes": [c.split("_", 1)[-1] for c in f.get("classes", [])],
                },
                disagreements=out.disagreements,
            )
        )
    return out
