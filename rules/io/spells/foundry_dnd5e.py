"""Foundry VTT dnd5e spell items (system 4.x, pack source or an in-app export) as `Spell` values
(``../shared/spell-samples/SOURCES.md``).

Read: ``system.level`` (0 a cantrip); ``system.activation.type`` (``action``, ``bonus``, ``reaction``,
``minute`` …); ``system.range {value, units}`` (``ft``, ``touch``, ``self``); ``system.target.template {type,
size}`` (the area); ``system.target.affects.count`` (targets); the first ``save`` or ``attack`` activity of
``system.activities``: its save ability and ``damage.onSave`` (half / none), its attack type, and its
``damage.parts`` (``number``d``denomination`` + a numeric ``bonus``, ``types``; a part's ``scaling {mode:
whole, number}`` adds ``number`` dice per slot level above the spell's); the activity's ``effects`` whose
item effect has ``statuses`` (Hold Person's paralyzed) become conditions on a failed save (``onSave: false``);
``system.properties`` ``concentration``, ``ritual``; ``system.duration {value, units}``; ``system.source``.

Kept as text, with the reason: healing (a ``heal`` activity), damage that adds a modifier (``@mod``), a
damage type to choose, several damage activities.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.errors import SpellImportError
from rules.io.srd_text import clean
from rules.model.spell import (
    DamagePart,
    Heighten,
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

SHAPES = ("sphere", "cube", "cone", "cylinder", "line")
ACTIVATION = {"action": "action", "bonus": "bonus", "reaction": "reaction"}
UNITS_ROUNDS = {"round": 1, "minute": 10, "hour": 600, "day": 14_400}


def is_spell_item(doc: JSON) -> bool:
    return (
        isinstance(doc, dict)
        and doc.get("type") == "spell"
        and isinstance(doc.get("system"), dict)
        and ("activities" in doc["system"] or ("school" in doc["system"] and "preparation" in doc["system"]))
    )


def _int(value: JSON) -> int | None:
    try:
        return int(str(value).strip()) if str(value).strip() else None
    except ValueError:
        return None


def import_spell(doc: JSON, source: str = "", path: str = "") -> Spell:
    if not isinstance(doc, dict) or not isinstance(doc.get("system"), dict):
        raise SpellImportError("not a Foundry dnd5e spell item", path or "system", source)
    s = doc["system"]
    name = str(doc.get("name") or "").strip()
    if not name:
        raise SpellImportError("missing", f"{path}name", source)
    level = s.get("level", 0)
    if not isinstance(level, int) or not 0 <= level <= 9:
        raise SpellImportError(f"{level!r} is not a spell level (0–9)", f"{path}system.level", source)
    reasons: list[str] = []
    activation = (s.get("activation") or {}).get("type") or "action"
    casting_time = ACTIVATION.get(activation, f"{(s.get('activation') or {}).get('value') or 1} {activation}")
    rng_o = s.get("range") or {}
    units = str(rng_o.get("units") or "")
    touch = units == "touch"
    rng = (
        _int(rng_o.get("value"))
        if units == "ft"
        else (_int(rng_o.get("value")) or 0) * 5280
        if units == "mi"
        else None
    )
    target = s.get("target") or {}
    template = target.get("template") or {}
    area: SpellArea | None = None
    if template.get("type"):
        kind = str(template["type"])
        size = _int(template.get("size"))
        if kind in SHAPES and size is not None:
            width = _int(template.get("width")) or 5
            area = SpellArea(kind, size, width)
        elif kind == "radius" and size is not None:
            area = SpellArea("sphere", size)
        else:
            reasons.append(f"its template ({kind} {template.get('size')}) has no 5e area shape")
    targets = _int((target.get("affects") or {}).get("count")) or 1
    save: SpellSave | None = None
    attack = False
    parts: list[DamagePart] = []
    extra_dice: list[DamagePart] = []
    effects: list[SpellEffect] = []
    item_effects = {e.get("_id"): e for e in doc.get("effects") or [] if isinstance(e, dict)}
    activities = [a for a in (s.get("activities") or {}).values() if isinstance(a, dict)]
    rolled = [a for a in activities if a.get("type") in ("save", "attack")]
    if any(a.get("type") == "heal" for a in activities):
        reasons.append("it heals (healing isn't resolved by a cast)")
    if len(rolled) > 1:
        reasons.append("it has more than one save or attack activity")
    for a in rolled[:1]:
        if a["type"] == "save":
            ability = (a.get("save") or {}).get("ability")
            if isinstance(ability, list):
                ability = ability[0] if ability else None
            stat = canonical_save(str(ability or ""))
            if stat is None:
                reasons.append(f"its save ability {ability!r} isn't read")
            else:
                on_save = (a.get("damage") or {}).get("onSave") or "half"
                has_parts = bool((a.get("damage") or {}).get("parts"))
                share = "half" if on_save == "half" and has_parts else "none"
                save = SpellSave(stat, shares=(("success", share),))
        else:
            attack = True
        for i, part in enumerate((a.get("damage") or {}).get("parts") or []):
            if (part.get("custom") or {}).get("enabled"):
                reasons.append("its damage is a custom formula")
                continue
            number, die = part.get("number"), part.get("denomination")
            types = part.get("types") or []
            if not isinstance(number, int) or not isinstance(die, int) or len(types) != 1:
                reasons.append(f"damage part {i} isn't one set of dice of one type")
                continue
            formula = f"{number}d{die}"
            bonus = str(part.get("bonus") or "").strip()
            if bonus.lstrip("+-").isdigit():
                formula += bonus if bonus.startswith(("+", "-")) else f"+{bonus}"
            elif bonus:
                reasons.append(f"its damage adds {bonus!r} (the caster's modifier)")
            try:
                parts.append(DamagePart(formula, str(types[0]).lower()))
            except SpellError as exc:
                reasons.append(f"its damage {formula!r} can't be read ({exc.detail})")
                continue
            scaling = part.get("scaling") or {}
            if level > 0 and scaling.get("mode") == "whole" and isinstance(scaling.get("number"), int):
                extra_dice.append(DamagePart(f"{scaling['number']}d{die}", str(types[0]).lower()))
        for ref in a.get("effects") or []:
            effect = item_effects.get(ref.get("_id"))
            if effect is None or ref.get("onSave"):
                continue
            for status in effect.get("statuses") or []:
                if status != "incapacitated" or "paralyzed" not in (effect.get("statuses") or []):
                    effects.append(SpellEffect(str(status).lower()))
    properties = set(s.get("properties") or [])
    duration = s.get("duration") or {}
    d_units = str(duration.get("units") or "")
    lasting: Lasting | None = None
    if d_units == "inst":
        lasting = Lasting("instant")
    elif d_units in UNITS_ROUNDS and _int(duration.get("value")):
        lasting = Lasting("rounds", (_int(duration.get("value")) or 1) * UNITS_ROUNDS[d_units])
    if not (save or attack or area) and not parts:
        reasons.append("no save, attack, area or damage: its effect is in its text")
    elif (save or attack) and not parts and not effects:
        reasons.append("no damage, and what a failure does is only in its text")
    if save and attack:
        reasons.append("a spell attack and a save in one spell")
    src = s.get("source") or {}
    try:
        return Spell(
            name=name,
            level=level,
            range=rng,
            touch=touch,
            casting_time=casting_time,
            area=area,
            targets=targets,
            save=save,
            attack=attack and save is None,
            damage=tuple(parts),
            heighten=Heighten(every=1, damage=tuple(extra_dice)) if extra_dice else None,
            effects=(("failure", tuple(effects)),) if effects else (),
            concentration="concentration" in properties,
            duration=lasting,
            uses=SpellUses("slot") if level > 0 else SpellUses("at-will"),
            traits=("ritual",) if "ritual" in properties else (),
            index=str(s.get("identifier") or ""),
            text=clean(str((s.get("description") or {}).get("value") or "")),
            source=str(src.get("book") or "Foundry VTT dnd5e"),
            license=str(src.get("license") or ""),
            reason="; ".join(dict.fromkeys(reasons)),
        )
    except SpellError as exc:
        raise SpellImportError(exc.detail, f"{path}{exc.field}", source) from None


def import_feat_ability(doc: JSON, source: str = "", path: str = "") -> Spell | None:
    """A dnd5e actor's feature (``feat`` item) with a ``save`` activity — a breath weapon — as an ability:
    the activity's save ability and DC (``save.dc.formula``, a number), its template (``target.template``
    of the activity, else the item's), its damage parts and ``onSave``; the item's uses (``uses.recovery``
    ``recharge`` N: Recharge N–6; ``day`` with ``uses.max`` N: N per day). None without a save activity."""
    if not isinstance(doc, dict) or not isinstance(doc.get("system"), dict):
        return None
    s = doc["system"]
    activities = [a for a in (s.get("activities") or {}).values() if isinstance(a, dict)]
    act = next((a for a in activities if a.get("type") == "save"), None)
    if act is None:
        return None
    dc_formula = str(((act.get("save") or {}).get("dc") or {}).get("formula") or "").strip()
    template = ((act.get("target") or {}).get("template") or {}) or (
        (s.get("target") or {}).get("template") or {}
    )
    item = {
        "name": doc.get("name"),
        "type": "spell",
        "system": {
            **s,
            "level": 0,
            "target": {"template": template, "affects": (act.get("target") or {}).get("affects") or {}},
            "activities": {"a": act},
            "range": act.get("range") if (act.get("range") or {}).get("units") else s.get("range") or {},
        },
        "effects": doc.get("effects") or [],
    }
    spell = import_spell(item, source, path)
    recovery = ((s.get("uses") or {}).get("recovery") or [{}])[0] or {}
    uses = SpellUses("at-will")
    if recovery.get("period") == "recharge" and str(recovery.get("formula") or "").isdigit():
        uses = SpellUses("recharge", recharge=max(2, min(6, int(recovery["formula"]))))
    elif recovery.get("period") in ("day", "lr", "sr") and _int((s.get("uses") or {}).get("max")):
        uses = SpellUses("per-day", count=_int((s.get("uses") or {}).get("max")) or 1)
    reasons = [x for x in spell.reason.split("; ") if x and "no save, attack" not in x]
    dc = int(dc_formula) if dc_formula.isdigit() else None
    if dc is None:
        reasons.append(f"its DC ({dc_formula or 'the caster’s'}) isn't a number")

    return replace(
        spell, kind="ability", uses=uses, dc=dc, index="", reason="; ".join(dict.fromkeys(reasons))
    )
