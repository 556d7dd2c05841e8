"""Spell JSON: a `Spell` (`rules.model.spell`) to and from the spell object of the query protocol.

The object (query-protocol.md "Spells and abilities"; unknown keys are kept and written back)::

    {"name": "Fireball", "level": 3, "range": 500, "actions": 2,
     "area": {"shape": "burst", "feet": 20}, "save": {"stat": "reflex", "basic": true},
     "damage": [{"formula": "6d6", "type": "fire"}], "heighten": {"every": 1, "damage": [...]},
     "effects": {"failure": ["frightened 1"]}, "concentration": false, "sustained": false}

Beyond the protocol's fields, FiveFoot reads and writes:

* ``kind`` — ``spell`` (default) or ``ability`` (a creature's ability: never heightened, no slot);
* ``range`` may be ``"touch"``; ``actions`` may be ``[1, 3]`` (a variable cost); ``targets`` 0 = self;
* ``save`` may say what any outcome leaves of the damage (``"success": "half"``; PF2e any degree; the
  shares ``none``, ``half``, ``full``, ``double``);
* ``heighten.levels`` — fixed entries ``{"3": {"damage": [...], "targets": 5, "area": 30}}`` that replace
  those fields from that level on; ``heighten.targets`` / ``heighten.area`` — added per interval step;
* an effect may be ``{"condition": "paralyzed", "lasts": {"kind": "save", "save": "Wisdom"}}``; ``duration``
  is an object of the same shape (`rules.model.spell.Lasting`: ``kind``, ``count``, ``at``, ``who``,
  ``save``, ``text``) or text (``"1 minute"``, ``"Up to 10 minutes"``, ``"until the end of your next
  turn"``, ``"instantaneous"``), read by `lasting_from_text`;
* ``uses`` — ``"at-will"`` or ``{"kind": "recharge", "recharge": 5}`` / ``{"kind": "per-day", "count":
  3}`` / ``{"kind": "focus"}`` / ``{"kind": "slot"}``;
* ``dc`` / ``attack_bonus`` (an ability's own numbers), ``ignores_cover``, ``traits``, ``index``,
  ``text``, ``source``, ``license``, and ``reason`` (what of the spell is text only; written with
  ``"structured": false``; ``structured`` itself is derived and not read).

`spell_from_json` raises `SceneError` naming the JSON path of the first bad field (``spells[0].save.stat:
'dexterity saving throw' is not a save``); `spell_to_json` writes the canonical form.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rules.io.json_reader import JsonReader
from rules.model.spell import (
    AREA_SHAPES,
    DAMAGE_SHARES,
    KINDS,
    LASTING_KINDS,
    MOMENTS,
    OUTCOMES,
    PF2E_OUTCOMES,
    USE_KINDS,
    WHO,
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
    SpellUsesLeft,
    canonical_save,
)

JSON = Any

SPELL_KEYS: tuple[str, ...] = (
    "name",
    "level",
    "kind",
    "range",
    "actions",
    "casting_time",
    "area",
    "targets",
    "save",
    "attack",
    "damage",
    "heighten",
    "effects",
    "concentration",
    "sustained",
    "duration",
    "uses",
    "dc",
    "attack_bonus",
    "ignores_cover",
    "traits",
    "index",
    "text",
    "source",
    "license",
    "structured",
    "reason",
)
_SAVE_KEYS = ("stat", "basic", *PF2E_OUTCOMES)


def _at(base: str, key: str) -> str:
    if not base:
        return key
    return f"{base}{key}" if key.startswith("[") else f"{base}.{key}"


# ------------------------------------------------------------------------------------------------ read


def spell_from_json(raw: JSON, path: str = "spell", source: str = "") -> Spell:
    """Read one spell object. Raises `SceneError` with the JSON path of a bad field."""
    r = JsonReader(source, shown_chars=60)
    d = r.obj(raw, path)
    if "name" not in d:
        raise r.fail(_at(path, "name"), "missing")
    kind = r.choice(d.get("kind", "spell"), _at(path, "kind"), KINDS)
    if "level" not in d and kind == "spell":
        raise r.fail(_at(path, "level"), "missing (0 for a cantrip)")
    fields: dict[str, Any] = {
        "name": r.string(d["name"], _at(path, "name")).strip(),
        "kind": kind,
        "level": r.integer(d.get("level", 0), _at(path, "level"), lo=0, hi=10),
    }
    rng = d.get("range")
    if isinstance(rng, str) and rng.strip().lower() == "touch":
        fields["touch"] = True
    elif rng is not None:
        fields["range"] = r.integer(rng, _at(path, "range"), lo=0)
    actions = d.get("actions")
    if isinstance(actions, list):
        pair = [r.integer(a, _at(path, f"actions[{i}]"), lo=0, hi=3) for i, a in enumerate(actions)]
        if len(pair) != 2 or pair[0] > pair[1]:
            raise r.fail(_at(path, "actions"), "expected a number of actions or [fewest, most]")
        fields["actions"], fields["actions_max"] = pair
    elif actions is not None:
        fields["actions"] = r.integer(actions, _at(path, "actions"), lo=0, hi=3)
    if d.get("casting_time") is not None:
        fields["casting_time"] = r.string(d["casting_time"], _at(path, "casting_time")).strip()
    if d.get("area") is not None:
        fields["area"] = _area(r, d["area"], _at(path, "area"))
    if d.get("targets") is not None:
        fields["targets"] = r.integer(d["targets"], _at(path, "targets"), lo=0, hi=1000)
    if d.get("save") is not None:
        fields["save"] = _save(r, d["save"], _at(path, "save"))
    fields["attack"] = r.boolean(d.get("attack", False), _at(path, "attack"))
    fields["damage"] = _damage(r, d.get("damage"), _at(path, "damage"))
    if d.get("heighten") is not None:
        fields["heighten"] = _heighten(r, d["heighten"], _at(path, "heighten"))
    if d.get("effects") is not None:
        fields["effects"] = _effects(r, d["effects"], _at(path, "effects"))
    for key in ("concentration", "sustained", "ignores_cover"):
        fields[key] = r.boolean(d.get(key, False), _at(path, key))
    if d.get("duration") is not None:
        fields["duration"] = _lasting(r, d["duration"], _at(path, "duration"))
    if d.get("uses") is not None:
        fields["uses"] = _uses(r, d["uses"], _at(path, "uses"))
    if d.get("dc") is not None:
        fields["dc"] = r.integer(d["dc"], _at(path, "dc"), lo=0, hi=1000)
    if d.get("attack_bonus") is not None:
        fields["attack_bonus"] = r.integer(d["attack_bonus"], _at(path, "attack_bonus"), lo=-1000, hi=1000)
    if d.get("traits") is not None:
        fields["traits"] = r.strings(d["traits"], _at(path, "traits"))
    for key in ("index", "text", "source", "license", "reason"):
        if d.get(key) is not None:
            fields[key] = r.string(d[key], _at(path, key))
    fields["extra"] = {k: v for k, v in d.items() if k not in SPELL_KEYS}
    try:
        return Spell(**fields)
    except SpellError as exc:
        raise r.fail(_at(path, exc.field), exc.detail) from None


def spells_from_json(raw: JSON, path: str = "spells", source: str = "") -> tuple[Spell, ...]:
    """A list of spell objects (`spell_from_json` each, paths ``spells[i]``)."""
    r = JsonReader(source)
    items = r.lst(raw, path)
    return tuple(spell_from_json(item, f"{path}[{i}]", source) for i, item in enumerate(items))


def _area(r: JsonReader, raw: JSON, path: str) -> SpellArea:
    a = r.obj(raw, path)
    if "shape" not in a:
        raise r.fail(_at(path, "shape"), "missing")
    if "feet" not in a:
        raise r.fail(_at(path, "feet"), "missing")
    shape = r.choice(a["shape"], _at(path, "shape"), AREA_SHAPES)
    feet = r.integer(a["feet"], _at(path, "feet"), lo=0, hi=10_000)
    width = r.integer(a.get("width", 5), _at(path, "width"), lo=1, hi=10_000)
    return SpellArea(shape, feet, width)


def _save(r: JsonReader, raw: JSON, path: str) -> SpellSave:
    s = r.obj(raw, path)
    if "stat" not in s:
        raise r.fail(_at(path, "stat"), "missing")
    stat_text = r.string(s["stat"], _at(path, "stat"))
    stat = canonical_save(stat_text)
    if stat is None:
        raise r.fail(
            _at(path, "stat"), f"{stat_text!r} is not a save (fortitude, reflex, will; str, dex, con, …)"
        )
    basic = s.get("basic", False)
    if basic == "basic":  # Foundry's legacy spelling
        basic = True
    elif basic == "":
        basic = False
    shares: list[tuple[str, str]] = []
    for outcome in PF2E_OUTCOMES:
        if s.get(outcome) is not None:
            shares.append((outcome, r.choice(s[outcome], _at(path, outcome), DAMAGE_SHARES)))
    return SpellSave(stat, r.boolean(basic, _at(path, "basic")), tuple(shares))


def _damage(r: JsonReader, raw: JSON, path: str) -> tuple[DamagePart, ...]:
    if raw is None:
        return ()
    out: list[DamagePart] = []
    for i, item in enumerate(r.lst(raw, path)):
        where = f"{path}[{i}]"
        d = r.obj(item, where)
        for key in ("formula", "type"):
            if d.get(key) is None:
                raise r.fail(_at(where, key), "missing")
        formula = r.string(d["formula"], _at(where, "formula")).strip()
        kind = r.string(d["type"], _at(where, "type")).strip().lower()
        try:
            out.append(DamagePart(formula, kind))
        except SpellError as exc:
            raise r.fail(_at(where, exc.field), exc.detail) from None
    return tuple(out)


def _heighten(r: JsonReader, raw: JSON, path: str) -> Heighten:
    h = r.obj(raw, path)
    levels: list[HeightenLevel] = []
    if h.get("levels") is not None:
        for key, entry in r.obj(h["levels"], _at(path, "levels")).items():
            where = _at(_at(path, "levels"), str(key))
            if not str(key).isdigit():
                raise r.fail(where, f"{key!r} is not a level")
            e = r.obj(entry, where)
            levels.append(
                HeightenLevel(
                    level=r.integer(int(key), where, lo=0, hi=10),
                    damage=None if e.get("damage") is None else _damage(r, e["damage"], _at(where, "damage")),
                    targets=None
                    if e.get("targets") is None
                    else r.integer(e["targets"], _at(where, "targets"), lo=0, hi=1000),
                    area_feet=None
                    if e.get("area") is None
                    else r.integer(e["area"], _at(where, "area"), lo=0, hi=10_000),
                )
            )
    try:
        return Heighten(
            every=r.integer(h.get("every", 0), _at(path, "every"), lo=0, hi=10),
            damage=_damage(r, h.get("damage"), _at(path, "damage")),
            targets=r.integer(h.get("targets", 0), _at(path, "targets"), lo=0, hi=1000),
            area=r.integer(h.get("area", 0), _at(path, "area"), lo=0, hi=10_000),
            levels=tuple(sorted(levels, key=lambda e: e.level)),
        )
    except SpellError as exc:
        raise r.fail(_at(path, exc.field), exc.detail) from None


def _effects(r: JsonReader, raw: JSON, path: str) -> tuple[tuple[str, tuple[SpellEffect, ...]], ...]:
    e = r.obj(raw, path)
    out: dict[str, tuple[SpellEffect, ...]] = {}
    for outcome, items in e.items():
        where = _at(path, str(outcome))
        r.choice(outcome, where, OUTCOMES)
        effects: list[SpellEffect] = []
        for i, item in enumerate(r.lst(items, where)):
            at = f"{where}[{i}]"
            if isinstance(item, str):
                condition, lasts = item, None
            else:
                o = r.obj(item, at)
                if o.get("condition") is None:
                    raise r.fail(_at(at, "condition"), "missing")
                condition = r.string(o["condition"], _at(at, "condition"))
                lasts = None if o.get("lasts") is None else _lasting(r, o["lasts"], _at(at, "lasts"))
            try:
                effects.append(SpellEffect(condition.strip(), lasts))
            except SpellError as exc:
                raise r.fail(at, exc.detail) from None
        out[str(outcome)] = tuple(effects)
    return tuple((o, out[o]) for o in OUTCOMES if o in out)


def _lasting(r: JsonReader, raw: JSON, path: str) -> Lasting:
    if isinstance(raw, str):
        return lasting_from_text(raw)
    o = r.obj(raw, path)
    try:
        return Lasting(
            kind=r.choice(o.get("kind", "hand"), _at(path, "kind"), LASTING_KINDS),
            count=r.integer(o.get("count", 1), _at(path, "count"), lo=1, hi=10_000_000),
            at=r.choice(o.get("at", "end"), _at(path, "at"), MOMENTS),
            who=r.choice(o.get("who", "target"), _at(path, "who"), WHO),
            save=r.string(o.get("save", ""), _at(path, "save")),
            text=r.string(o.get("text", ""), _at(path, "text")),
        )
    except SpellError as exc:
        raise r.fail(_at(path, exc.field), exc.detail) from None


def _uses(r: JsonReader, raw: JSON, path: str) -> SpellUses:
    if isinstance(raw, str):
        return SpellUses(r.choice(raw, path, USE_KINDS))
    o = r.obj(raw, path)
    kind = r.choice(o.get("kind", "at-will"), _at(path, "kind"), USE_KINDS)
    try:
        return SpellUses(
            kind,
            r.integer(o.get("count", 1), _at(path, "count"), lo=1, hi=1000),
            r.integer(o.get("recharge", 5 if kind == "recharge" else 0), _at(path, "recharge"), lo=0, hi=6),
        )
    except SpellError as exc:
        raise r.fail(_at(path, exc.field), exc.detail) from None


_COUNT_UNIT = re.compile(r"(\d+)\s*(round|minute|hour|day)s?\b")
_ROUNDS_PER = {"round": 1, "minute": 10, "hour": 600, "day": 14_400}


def lasting_from_text(text: str) -> Lasting:
    """A duration's words as a `Lasting`: ``Instantaneous``; ``1 round``, ``Up to 1 minute``,
    ``Concentration, up to 10 minutes``, ``sustained up to 1 minute`` (rounds: a minute is 10 rounds, an
    hour 600); ``until the end (start) of your next turn`` (the caster's turn); ``sustained`` alone
    (sustained); anything else lasts until the GM ends it (``hand``), the words kept."""
    words = " ".join(text.strip().lower().split())
    if words in ("instantaneous", "instant", ""):
        return Lasting("instant", text=text.strip())
    for at in ("end", "start"):
        for who, phrases in (
            ("caster", ("your next turn",)),
            ("target", ("its next turn", "the target's next turn")),
        ):
            if any(f"until the {at} of {p}" in words for p in phrases):
                return Lasting("turn", 1, at, who, text=text.strip())
    m = _COUNT_UNIT.search(words)
    if m:
        return Lasting("rounds", int(m.group(1)) * _ROUNDS_PER[m.group(2)], text=text.strip())
    if words.startswith("sustained"):
        return Lasting("sustained", text=text.strip())
    return Lasting("hand", text=text.strip())


# ----------------------------------------------------------------------------------------------- write


def _lasting_json(lasting: Lasting) -> dict[str, JSON]:
    out: dict[str, JSON] = {"kind": lasting.kind}
    if lasting.kind in ("rounds", "turn"):
        out["count"] = lasting.count
    if lasting.kind == "turn":
        out.update({"at": lasting.at, "who": lasting.who})
    if lasting.save:
        out["save"] = lasting.save
    if lasting.text:
        out["text"] = lasting.text
    return out


def _damage_json(parts: tuple[DamagePart, ...]) -> list[dict[str, str]]:
    return [{"formula": p.formula, "type": p.type} for p in parts]


def spell_to_json(s: Spell) -> dict[str, JSON]:
    """The spell as a spell object: the protocol's fields first, defaults left out, unknown keys kept."""
    out: dict[str, JSON] = {"name": s.name, "level": s.level}
    if s.kind != "spell":
        out["kind"] = s.kind
    if s.touch:
        out["range"] = "touch"
    elif s.range is not None:
        out["range"] = s.range
    if s.actions is not None:
        out["actions"] = [s.actions, s.actions_max] if s.actions_max not in (None, s.actions) else s.actions
    if s.casting_time is not None:
        out["casting_time"] = s.casting_time
    if s.area is not None:
        out["area"] = {"shape": s.area.shape, "feet": s.area.feet}
        if s.area.shape == "line":
            out["area"]["width"] = s.area.width
    elif s.targets != 1:
        out["targets"] = s.targets
    if s.save is not None:
        save: dict[str, JSON] = {"stat": s.save.stat}
        if s.save.stat in ("fortitude", "reflex", "will"):
            save["basic"] = s.save.basic
        save.update(dict(s.save.shares))
        out["save"] = save
    if s.attack:
        out["attack"] = True
    if s.damage:
        out["damage"] = _damage_json(s.damage)
    if s.heighten is not None:
        h = s.heighten
        hj: dict[str, JSON] = {}
        if h.every:
            hj["every"] = h.every
            if h.damage:
                hj["damage"] = _damage_json(h.damage)
            if h.targets:
                hj["targets"] = h.targets
            if h.area:
                hj["area"] = h.area
        if h.levels:
            levels: dict[str, JSON] = {}
            for e in h.levels:
                ej: dict[str, JSON] = {}
                if e.damage is not None:
                    ej["damage"] = _damage_json(e.damage)
                if e.targets is not None:
                    ej["targets"] = e.targets
                if e.area_feet is not None:
                    ej["area"] = e.area_feet
                levels[str(e.level)] = ej
            hj["levels"] = levels
        out["heighten"] = hj
    if s.effects:
        out["effects"] = {
            outcome: [
                e.condition
                if e.lasts is None
                else {"condition": e.condition, "lasts": _lasting_json(e.lasts)}
                for e in effects
            ]
            for outcome, effects in s.effects
        }
    for key in ("concentration", "sustained"):
        if getattr(s, key):
            out[key] = True
    if s.duration is not None:
        out["duration"] = _lasting_json(s.duration)
    if s.uses is not None:
        u: dict[str, JSON] = {"kind": s.uses.kind}
        if s.uses.kind == "per-day" or (s.uses.kind == "focus" and s.uses.count != 1):
            u["count"] = s.uses.count
        if s.uses.kind == "recharge":
            u["recharge"] = s.uses.recharge
        out["uses"] = u
    for key in ("dc", "attack_bonus"):
        if getattr(s, key) is not None:
            out[key] = getattr(s, key)
    if s.ignores_cover:
        out["ignores_cover"] = True
    if s.traits:
        out["traits"] = list(s.traits)
    for key in ("index", "text", "source", "license"):
        if getattr(s, key):
            out[key] = getattr(s, key)
    if s.reason:
        out["structured"] = False
        out["reason"] = s.reason
    out.update({k: v for k, v in s.extra.items() if k not in out})
    return out


def listing_json(s: Spell) -> dict[str, JSON]:
    """One line of ``fivefoot-rules --spells``: the spell object with ``structured`` always given."""
    out = spell_to_json(s)
    out["structured"] = s.structured
    if s.structured:
        out.pop("reason", None)
    return out


def spell_shape(raw: Mapping[str, JSON]) -> bool:
    """Whether a decoded object looks like a spell object (a name and a level, or an ability kind)."""
    return isinstance(raw.get("name"), str) and ("level" in raw or raw.get("kind") == "ability")


# ------------------------------------------------------------------------------------------ spell uses


def uses_from_json(raw: JSON, path: str = "spell_uses", source: str = "") -> SpellUsesLeft:
    """A token's ``spell_uses``: ``{"slots": {"1": {"max": 4, "used": 1}}, "focus": {"max": 2, "used": 0},
    "spent": {"Fire Breath": 1}}`` (every key optional)."""
    r = JsonReader(source, shown_chars=60)
    o = r.obj(raw, path)
    slots: list[tuple[int, int, int]] = []
    for key, entry in r.obj(o.get("slots") or {}, _at(path, "slots")).items():
        where = _at(_at(path, "slots"), str(key))
        if not str(key).isdigit():
            raise r.fail(where, f"{key!r} is not a spell level")
        e = r.obj(entry, where)
        most = r.integer(e.get("max", 0), _at(where, "max"), lo=0, hi=1000)
        used = r.integer(e.get("used", 0), _at(where, "used"), lo=0, hi=most)
        slots.append((r.integer(int(key), where, lo=1, hi=10), most, used))
    focus: tuple[int, int] | None = None
    if o.get("focus") is not None:
        f = r.obj(o["focus"], _at(path, "focus"))
        most = r.integer(f.get("max", 0), _at(path, "focus.max"), lo=0, hi=1000)
        focus = (most, r.integer(f.get("used", 0), _at(path, "focus.used"), lo=0, hi=most))
    spent = tuple(
        (str(k), r.integer(v, _at(_at(path, "spent"), str(k)), lo=0, hi=1000))
        for k, v in r.obj(o.get("spent") or {}, _at(path, "spent")).items()
    )
    try:
        return SpellUsesLeft(tuple(sorted(slots)), focus, spent)
    except SpellError as exc:
        raise r.fail(_at(path, exc.field), exc.detail) from None


def uses_to_json(uses: SpellUsesLeft) -> dict[str, JSON]:
    out: dict[str, JSON] = {}
    if uses.slots:
        out["slots"] = {str(lv): {"max": m, "used": u} for lv, m, u in uses.slots}
    if uses.focus is not None:
        out["focus"] = {"max": uses.focus[0], "used": uses.focus[1]}
    if uses.spent:
        out["spent"] = dict(uses.spent)
    return out
