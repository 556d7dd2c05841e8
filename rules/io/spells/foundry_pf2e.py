"""Foundry VTT pf2e spell items (pack source or an in-app export; the current and the legacy data model) as
`Spell` values (``../shared/spell-samples/SOURCES.md``).

Read: ``system.level.value`` (the rank; the ``cantrip`` trait makes it a cantrip, level 0, and ``focus`` a
focus spell paid with a Focus Point); ``system.time.value`` (``"2"``, ``"1 to 3"``, ``"reaction"``);
``system.range.value`` (``"500 feet"``, ``"touch"``; empty: the area starts at the caster); ``system.area``
``{type, value}``; ``system.target.value`` (``"1 or 2 creatures"``, ``"5 creatures"``); the save —
``system.defense.save {basic, statistic}``, legacy ``system.save {basic: "basic"|"", value}``; a spell
attack — the ``attack`` trait (legacy ``spellType: attack``); ``system.damage`` ``{id: {formula, type,
category, kinds}}`` (``category: persistent`` → ``persistent <type>`` damage; legacy ``damage.value {id:
{value, type.value, applyMod}}``); ``system.heightening`` (``interval`` with ``damage {id: dice}`` and
``area``, or ``fixed`` ``levels {rank: {target, damage, area}}``); ``duration.sustained`` (legacy
``sustained.value``); the description's degrees of success (``<strong>Critical Success</strong> …``: the
damage each leaves — unaffected, half, full, double — and the conditions each gives, ``@UUID[…]{Frightened
2}`` or plain words, with "for N rounds"); traits; ``publication.title`` / legacy ``source.value`` and
``publication.license``.

Kept as text, with the reason: healing; overlays (variants by action count or range); damage that adds the
caster's modifier (legacy ``applyMod``); damage only in the text (``@Damage[…]`` inline rolls); an area type
the engine has no shape for; a range that varies.
"""

from __future__ import annotations

import re
from typing import Any

from rules.errors import SpellImportError
from rules.io.spell_json import lasting_from_text
from rules.io.srd_text import clean
from rules.model.spell import (
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
    canonical_save,
)

JSON = Any

PF2E_AREAS = ("burst", "cone", "emanation", "line")
#: PF2e conditions (Player Core) a spell's degrees may give; valued ones take a number.
CONDITIONS: tuple[str, ...] = (
    "blinded",
    "clumsy",
    "concealed",
    "confused",
    "controlled",
    "dazzled",
    "deafened",
    "doomed",
    "drained",
    "enfeebled",
    "fascinated",
    "fatigued",
    "fleeing",
    "frightened",
    "grabbed",
    "immobilized",
    "invisible",
    "off-guard",
    "paralyzed",
    "petrified",
    "prone",
    "quickened",
    "restrained",
    "sickened",
    "slowed",
    "stunned",
    "stupefied",
    "unconscious",
)
_DEGREE_HEADS = {
    "critical success": "critical-success",
    "success": "success",
    "failure": "failure",
    "critical failure": "critical-failure",
}
_NUMBER = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ten": 10}


def is_spell_item(doc: JSON) -> bool:
    return (
        isinstance(doc, dict)
        and doc.get("type") == "spell"
        and isinstance(doc.get("system"), dict)
        and (
            "traditions" in (doc["system"].get("traits") or {})
            or "traditions" in doc["system"]
            or "spellType" in doc["system"]
            or "defense" in doc["system"]
        )
    )


def _targets(text: str) -> int | None:
    words = text.strip().lower()
    m = re.search(
        r"(?:(\d+|one|two|three|four|five|six|ten)\s+or\s+)?(\d+|one|two|three|four|five|six|ten)\s+"
        r"(?:\w+\s+)*?(?:creatures?|targets?|items?|allies)",
        words,
    )
    if m is None:
        return None
    n = m.group(2)
    return int(n) if n.isdigit() else _NUMBER[n]


def _degrees(description: str) -> dict[str, str]:
    """The description's degree-of-success paragraphs, by degree."""
    out: dict[str, str] = {}
    pattern = re.compile(
        r"<strong>\s*(Critical Success|Success|Failure|Critical Failure)\s*</strong>(.*?)</p>", re.I | re.S
    )
    for m in pattern.finditer(description):
        out[_DEGREE_HEADS[m.group(1).lower()]] = clean(m.group(2))
    return out


def _share(text: str) -> str | None:
    t = text.lower()
    if "unaffected" in t or "no damage" in t:
        return "none"
    if "double damage" in t:
        return "double"
    if "half damage" in t or "half the damage" in t:
        return "half"
    if "full damage" in t:
        return "full"
    return None


def _conditions(text: str) -> list[SpellEffect]:
    found: list[SpellEffect] = []
    rounds = re.search(r"for\s+(\d+|one|two|three)\s+rounds?", text, re.I)
    lasts = None
    if rounds is not None:
        n = rounds.group(1).lower()
        lasts = Lasting("rounds", int(n) if n.isdigit() else _NUMBER[n], text=rounds.group(0))
    names = "|".join(CONDITIONS)
    for m in re.finditer(rf"\b({names})(?:\s+(\d+))?\b", text, re.I):
        before = text[max(0, m.start() - 30) : m.start()].lower()
        if re.search(
            r"(?:as if it had the|can't|cannot|isn't|no longer|immune|remove|end)\s*(?:\w+\s*){0,2}$", before
        ):
            continue
        condition = m.group(1).lower() + (f" {m.group(2)}" if m.group(2) else "")
        if all(e.name != m.group(1).lower() for e in found):
            found.append(SpellEffect(condition, lasts))
    return found


def import_spell(doc: JSON, source: str = "", path: str = "") -> Spell:
    """One pf2e spell item. Raises `SpellImportError` (naming the file and field) for an item that isn't
    one."""
    if not isinstance(doc, dict) or not isinstance(doc.get("system"), dict):
        raise SpellImportError("not a Foundry pf2e spell item", path or "system", source)
    s = doc["system"]
    name = str(doc.get("name") or "").strip()
    if not name:
        raise SpellImportError("missing", f"{path}.name" if path else "name", source)
    reasons: list[str] = []
    traits_raw = s.get("traits") or {}
    traits = [str(t) for t in (traits_raw.get("value") or [])]
    rank = (s.get("level") or {}).get("value", 1)
    if not isinstance(rank, int) or not 1 <= rank <= 10:
        raise SpellImportError(f"{rank!r} is not a spell rank (1–10)", f"{path}system.level.value", source)
    level = 0 if "cantrip" in traits else rank
    # ---- time
    time = str((s.get("time") or {}).get("value") or "2").strip().lower()
    actions: int | None = None
    actions_max: int | None = None
    casting_time: str | None = None
    m = re.match(r"^(\d)(?:\s*(?:to|-)\s*(\d))?$", time)
    if m:
        actions = int(m.group(1))
        actions_max = int(m.group(2)) if m.group(2) else None
    elif time in ("reaction", "free"):
        actions = 0
        casting_time = time
    else:
        casting_time = time
    # ---- range
    range_text = str((s.get("range") or {}).get("value") or "").strip().lower()
    rng: int | None = None
    touch = range_text.startswith("touch")
    rm = re.match(r"(\d+)\s*(?:feet|foot|ft)", range_text)
    if rm:
        rng = int(rm.group(1))
    elif range_text and not touch:
        reasons.append(f"its range {range_text!r} isn't a distance")
    # ---- area and targets
    area: SpellArea | None = None
    raw_area = s.get("area")
    if isinstance(raw_area, dict) and raw_area.get("type"):
        kind, feet = str(raw_area["type"]), raw_area.get("value")
        if kind in PF2E_AREAS and isinstance(feet, int):
            area = SpellArea(kind, feet)
        else:
            reasons.append(f"its area ({kind} {feet}) has no PF2e template shape")
    targets = _targets(str((s.get("target") or {}).get("value") or "")) or 1
    # ---- save or attack
    save: SpellSave | None = None
    defense = s.get("defense")
    if isinstance(defense, dict) and isinstance(defense.get("save"), dict):
        stat = canonical_save(str(defense["save"].get("statistic", "")))
        if stat is not None:
            save = SpellSave(stat, bool(defense["save"].get("basic")))
    elif isinstance(s.get("save"), dict) and s["save"].get("value"):
        stat = canonical_save(str(s["save"]["value"]))
        if stat is not None:
            save = SpellSave(stat, s["save"].get("basic") == "basic")
    attack = "attack" in traits or (s.get("spellType") or {}).get("value") == "attack"
    # ---- damage
    parts: list[tuple[str, DamagePart]] = []
    raw_damage = s.get("damage") or {}
    if isinstance(raw_damage.get("value"), dict):  # legacy
        raw_damage = raw_damage["value"]
    for key, entry in raw_damage.items():
        if not isinstance(entry, dict):
            continue
        formula = str(entry.get("formula") or entry.get("value") or "").replace(" ", "")
        dtype = entry.get("type")
        if isinstance(dtype, dict):
            dtype = dtype.get("value")
        kinds = entry.get("kinds") or ["damage"]
        if "damage" not in kinds:
            reasons.append("it heals (healing isn't resolved by a cast)")
            continue
        if "healing" in kinds:
            reasons.append("it heals the living and harms the undead (healing isn't resolved by a cast)")
        if entry.get("applyMod"):
            reasons.append("its damage adds the caster's spellcasting modifier")
        if not formula or not dtype:
            continue
        typed = f"persistent {dtype}" if entry.get("category") == "persistent" else str(dtype)
        try:
            parts.append((str(key), DamagePart(formula, typed.lower())))
        except SpellError as exc:
            reasons.append(f"its damage {formula!r} can't be read ({exc.detail})")
    description = str((s.get("description") or {}).get("value") or "")
    if "@Damage[" in description:
        reasons.append("part of its damage is only in its text (an inline roll)")
    if s.get("overlays"):
        reasons.append("it has variants (by actions spent, or melee and ranged) kept as text")
    # ---- degrees of success
    degrees = _degrees(description)
    shares: list[tuple[str, str]] = []
    effects: dict[str, list[SpellEffect]] = {}
    for degree, text in degrees.items():
        share = _share(text)
        if save is not None and not save.basic and share is not None and parts:
            shares.append((degree, share))
        given = _conditions(text)
        if given:
            effects[degree] = given
    if save is not None and shares:
        save = SpellSave(save.stat, save.basic, tuple(shares))
    # ---- heightening
    heighten: Heighten | None = None
    h = s.get("heightening")
    if isinstance(h, dict) and h.get("type") == "interval":
        by_key = dict(parts)
        added = []
        for key, dice in (h.get("damage") or {}).items():
            base = by_key.get(str(key))
            if base is not None and dice:
                added.append(DamagePart(str(dice).replace(" ", ""), base.type))
        heighten = Heighten(
            every=int(h.get("interval") or 1), damage=tuple(added), area=int(h.get("area") or 0)
        )
    elif isinstance(h, dict) and h.get("type") == "fixed":
        levels = []
        for key, entry in (h.get("levels") or {}).items():
            if not str(key).isdigit() or not isinstance(entry, dict):
                continue
            t = _targets(str((entry.get("target") or {}).get("value") or ""))
            feet = (entry.get("area") or {}).get("value") if isinstance(entry.get("area"), dict) else None
            dmg = None
            if isinstance(entry.get("damage"), dict):
                dmg = (
                    tuple(
                        DamagePart(str(e.get("formula")).replace(" ", ""), str(e.get("type")).lower())
                        for e in entry["damage"].values()
                        if isinstance(e, dict) and e.get("formula") and e.get("type")
                    )
                    or None
                )
            levels.append(
                HeightenLevel(
                    int(key), damage=dmg, targets=t, area_feet=feet if isinstance(feet, int) else None
                )
            )
        heighten = Heighten(levels=tuple(sorted(levels, key=lambda e: e.level)))
    duration_raw = s.get("duration") or {}
    sustained = bool(duration_raw.get("sustained")) or bool((s.get("sustained") or {}).get("value"))
    duration_text = str(duration_raw.get("value") or "")
    if not (save or attack or area) and not parts:
        reasons.append("no save, attack, area or damage: its effect is in its text")
    elif not (save or attack) and parts:
        reasons.append("its damage has no save or attack: how it is dealt is in its text")
    elif not (save or attack):
        reasons.append("no save, attack or damage: its effect in the area is in its text")
    elif not parts and not effects:
        reasons.append("no damage, and what each outcome does is only in its text")
    publication = s.get("publication") or {}
    title = publication.get("title") or (s.get("source") or {}).get("value") or "Foundry VTT pf2e"
    uses = SpellUses("focus") if "focus" in traits else SpellUses("at-will" if level == 0 else "slot")
    try:
        return Spell(
            name=name,
            level=level,
            range=rng,
            touch=touch,
            actions=actions,
            actions_max=actions_max,
            casting_time=casting_time,
            area=area,
            targets=targets,
            save=save,
            attack=attack and save is None,
            damage=tuple(p for _k, p in parts),
            heighten=heighten,
            effects=tuple(
                (d, tuple(effects[d]))
                for d in ("critical-success", "success", "failure", "critical-failure")
                if d in effects
            ),
            sustained=sustained,
            duration=lasting_from_text(duration_text) if duration_text else None,
            uses=uses,
            traits=tuple(traits),
            text=clean(description),
            source=str(title),
            license=str(publication.get("license") or "OGL"),
            reason="; ".join(dict.fromkeys(reasons)),
        )
    except SpellError as exc:
        raise SpellImportError(exc.detail, f"{path}{exc.field}", source) from None
