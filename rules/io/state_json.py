"""The engine's state in a scene file: JSON codecs for the encounter, placed areas and log, and a whole
scene document read as a `GameState` (`state_from_document`) and written from one (`state_to_document`).

A scene file (format version 2, `rules.model.scene`) holds, beside the map, three documented top-level keys:

``encounter`` (absent or null when none is running)::

    {"round": 2, "index": 1,
     "order": [{"token": "brann", "d20": 14, "modifier": 7, "tiebreak": [1]}, …],
     "ledgers": [{"token": "goblin-1", "actions": 2, "bonus_actions": 0, "movement": null,
                  "movement_spent": 10, "diagonals": 1, "attacks": 1, "reactions": 1,
                  "used": ["strike"]},
                 {"token": "quill", "actions": 0, "reactions": 1,
                  "readied": {"trigger": "…", "action": "strike", "attack_number": 2}}, …],
     "delayed": [],
     "timed": [{"id": "t1", "target": "goblin-1", "name": "frightened", "value": 2, "source": "Demoralize",
                "ends": {"kind": "turn", "at": "end", "count": 1, "creature": "goblin-1"},
                "drops": null, "condition": true, "sustained": true}]}

``ledgers`` holds the turn ledger of each creature of the order that has one (`rules.model.turn_ledger`,
`ledger_to_json`: keys beyond ``token`` are written when they differ from a fresh turn's defaults:
``actions``, ``bonus_actions``, ``movement``, ``movement_spent``, ``diagonals``, ``attacks``,
``attacks_left``, ``actions_used``, ``reactions``, ``used``, ``readied``, ``aiding``, ``supports``
``[{"kind", "ally", "target", "value", "roll"}]``, ``delay_done``, ``begun``).
The current creature's ledger is its turn.
``timed`` holds the conditions and effects with durations (`rules.model.effects`); written only when any.

``turns`` (free mode, absent when empty): ``{"round": 3, "ledgers": [...]}`` — the ledgers of tokens
acting outside an encounter, so a half-played free-mode turn (its movement, actions, attacks) survives
saving.

Format version 2 wrote the encounter's current turn as ``turn`` (with ``reactions_used`` and ``readied``
beside it); `rules.io.scene_json.MIGRATIONS` turns them into ``ledgers`` (version 3).

``areas``: a list, one object per placed area in placing order::

    {"id": "area-1", "label": "Fireball", "colour": "#e8663c", "shape": "burst", "feet": 20,
     "origin": [12, 7], "direction": null, "width": 5, "token": null, "include_self": false,
     "method": null, "elevation": 0, "rounds_left": null, "duration": null, "damage": "6d6 fire",
     "save": "reflex", "dc": 21}

``log``: a list of texts, oldest first.

``active_spells`` (`rules.model.active_spells.ActiveSpell`): the lasting spells in effect, each with what it
gave so that ending it takes it back::

    {"caster": "mage", "spell": "Hold Person", "concentration": true, "level": 2,
     "effects": ["hold-person-bandit"], "given": [{"target": "bandit", "condition": "paralyzed"}],
     "area": null}

``hazards`` (`rules.model.active_spells.Hazard`): traps and abilities bound to squares::

    {"id": "pit", "name": "Fire Trap", "ability": {spell object}, "cells": [[4, 5]], "trigger": "enter",
     "hidden": true, "once": true, "triggered": false, "notice_dc": 15, "origin": [4, 5]}

``campaign`` (format version 4, `rules.io.campaign_json`): the campaign's other scenes, each a whole scene
document of its own, and which scene the players see; read by `state_from_document` (it refuses a bad
campaign with a `SceneError` naming the path).

``rolls`` (`rules.model.table_rolls.TableRoll`): the dice box's history, oldest first; ``secret`` rolls are
the GM's and never reach the players::

    {"expression": "1D20>=15", "shown": "1d20[17]", "total": 17, "who": "brann", "success": true,
     "secret": false}

Boundary rules: reading the engine's keys never raises (`state_from_json`): a damaged ``encounter`` gives no
encounter and a problem text; an area that isn't valid is skipped and reported (``areas[2].feet: must be a
whole number ≥ 0, got 'x'``), and so is a damaged active spell or hazard; log entries that aren't texts
are skipped. An index outside the order is clamped to it. A damaged ``turns`` is reported and free mode
starts fresh.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.errors import SceneError
from rules.geometry.coords import Point
from rules.io.campaign_json import CAMPAIGN_KEY, campaign_from_json, campaign_to_json
from rules.io.json_reader import JsonReader
from rules.io.scene_json import migrate, scene_from_json, scene_to_json
from rules.io.spell_json import spell_from_json, spell_to_json
from rules.model import effects as timed_effects
from rules.model.active_spells import TRIGGERS, ActiveSpell, Hazard
from rules.model.area_spec import ALL_SHAPES, AreaSpec
from rules.model.areas import DEFAULT_COLOUR, PlacedArea
from rules.model.encounter import Combatant, Encounter
from rules.model.scene import AREA_METHODS, JSON, PersistentDamage, Scene
from rules.model.state import GameState
from rules.model.table_rolls import MAX_ROLLS, TableRoll
from rules.model.turn_ledger import (
    SUPPORT_KINDS,
    SUPPORT_ROLLS,
    FreeTurns,
    Readied,
    Support,
    TurnLedger,
)

ENCOUNTER_KEY = "encounter"
TURNS_KEY = "turns"
AREAS_KEY = "areas"
LOG_KEY = "log"
SPELLS_KEY = "active_spells"
HAZARDS_KEY = "hazards"
ROLLS_KEY = "rolls"
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


#: The one JSON reader of `rules.io` (`rules.io.json_reader`): a bad field raises `SceneError` (a
#: `ValueError`) naming its path, which the readers below turn into a problem text.
_READ = JsonReader("", shown_chars=60)


def _int(raw: Mapping[str, Any], key: str, path: str, default: int | None = None) -> int:
    return _READ.integer(raw.get(key, default), f"{path}.{key}")


def _opt_int(raw: Mapping[str, Any], key: str, path: str) -> int | None:
    return _READ.opt_int(raw.get(key), f"{path}.{key}")


def _text(raw: Mapping[str, Any], key: str, path: str, default: str | None = None) -> str:
    return _READ.string(raw.get(key, default), f"{path}.{key}")


def _opt_text(raw: Mapping[str, Any], key: str, path: str) -> str | None:
    return _READ.opt_string(raw.get(key), f"{path}.{key}")


def _obj(raw: Any, path: str) -> Mapping[str, Any]:
    return _READ.obj(raw, path)


def _list(raw: Any, path: str) -> Sequence[Any]:
    return _READ.lst(raw, path, optional=True)


def _num(v: float) -> int | float:
    return int(v) if float(v).is_integer() else v


# ------------------------------------------------------------------------------------------- encounter


def ledger_to_json(led: TurnLedger) -> dict[str, Any]:
    """A turn ledger as JSON: ``token`` and every field that differs from its default."""
    out: dict[str, Any] = {"token": led.token_id}
    default = TurnLedger(led.token_id)
    for key in (
        "actions",
        "bonus_actions",
        "movement",
        "movement_spent",
        "diagonals",
        "attacks",
        "attacks_left",
        "actions_used",
        "reactions",
        "delay_done",
        "begun",
    ):
        value = getattr(led, key)
        if value != getattr(default, key):
            out[key] = value
    if led.used:
        out["used"] = list(led.used)
    if led.readied is not None:
        r = led.readied
        out["readied"] = {"trigger": r.trigger, "action": r.action, "attack_number": r.attack_number}
    if led.aiding:
        out["aiding"] = list(led.aiding)
    if led.supports:
        out["supports"] = [
            {"kind": x.kind, "ally": x.ally, "target": x.target, "value": x.value, "roll": x.roll}
            for x in led.supports
        ]
    return out


def _texts(raw: Mapping[str, Any], key: str, path: str) -> tuple[str, ...]:
    return tuple(_text({"v": v}, "v", f"{path}.{key}[{i}]") for i, v in enumerate(_list(raw.get(key), path)))


def _flag(raw: Mapping[str, Any], key: str, path: str, default: bool) -> bool:
    return _READ.boolean(raw.get(key, default), f"{path}.{key}")


def ledger_from_json(raw: Any, path: str) -> TurnLedger:
    """A turn ledger from its JSON object. Raises `ValueError` naming the bad field."""
    o = _obj(raw, path)
    readied: Readied | None = None
    if o.get("readied") is not None:
        rp = f"{path}.readied"
        ro = _obj(o["readied"], rp)
        readied = Readied(
            _text(ro, "trigger", rp, ""), _text(ro, "action", rp, ""), _opt_int(ro, "attack_number", rp)
        )
    supports: list[Support] = []
    for i, item in enumerate(_list(o.get("supports"), f"{path}.supports")):
        sp = f"{path}.supports[{i}]"
        so = _obj(item, sp)
        kind = _text(so, "kind", sp)
        if kind not in SUPPORT_KINDS:
            raise _READ.fail(f"{sp}.kind", f"must be one of {', '.join(SUPPORT_KINDS)}, got {kind!r}")
        ally, target = _text(so, "ally", sp), _opt_text(so, "target", sp)
        roll = _text(so, "roll", sp, "any")
        if roll not in SUPPORT_ROLLS:
            raise _READ.fail(f"{sp}.roll", f"must be one of {', '.join(SUPPORT_ROLLS)}, got {roll!r}")
        supports.append(Support(kind, ally, target, _int(so, "value", sp, 0), roll))
    return TurnLedger(
        token_id=_text(o, "token", path),
        actions=_int(o, "actions", path, 0),
        bonus_actions=_int(o, "bonus_actions", path, 0),
        movement=_opt_int(o, "movement", path),
        movement_spent=_int(o, "movement_spent", path, 0),
        diagonals=_int(o, "diagonals", path, 0),
        attacks=_int(o, "attacks", path, 0),
        attacks_left=_int(o, "attacks_left", path, 0),
        actions_used=_int(o, "actions_used", path, 0),
        reactions=_int(o, "reactions", path, 1),
        used=_texts(o, "used", path),
        readied=readied,
        aiding=_texts(o, "aiding", path),
        supports=tuple(supports),
        delay_done=_flag(o, "delay_done", path, False),
        begun=_flag(o, "begun", path, True),
    )


def encounter_to_json(enc: Encounter) -> dict[str, Any]:
    out: dict[str, Any] = {
        "round": enc.round,
        "index": enc.index,
        "order": [
            {"token": c.token_id, "d20": c.d20, "modifier": c.modifier, "tiebreak": list(c.tiebreak)}
            for c in enc.order
        ],
        "ledgers": [ledger_to_json(led) for led in enc.ledgers],
        "delayed": sorted(enc.delayed),
    }
    if enc.timed:
        out["timed"] = [timed_effect_to_json(e) for e in enc.timed]
    return out


def encounter_from_json(raw: Any, path: str = ENCOUNTER_KEY) -> Encounter:
    """An encounter from its JSON object. Raises `ValueError` naming the bad field."""
    o = _obj(raw, path)
    order: list[Combatant] = []
    for i, c in enumerate(_list(o.get("order"), f"{path}.order")):
        cp = f"{path}.order[{i}]"
        co = _obj(c, cp)
        tiebreak = tuple(
            _READ.integer(v, f"{cp}.tiebreak[{j}]") for j, v in enumerate(_list(co.get("tiebreak"), cp))
        )
        order.append(
            Combatant(_text(co, "token", cp), _int(co, "d20", cp, 10), _int(co, "modifier", cp, 0), tiebreak)
        )
    rnd = max(1, _int(o, "round", path, 1))
    index = _int(o, "index", path, 0)
    index = min(max(index, 0), max(len(order) - 1, 0))
    ledgers = tuple(
        ledger_from_json(led, f"{path}.ledgers[{i}]")
        for i, led in enumerate(_list(o.get("ledgers"), f"{path}.ledgers"))
    )
    delayed = frozenset(
        _READ.string(v, f"{path}.delayed[{i}]")
        for i, v in enumerate(_list(o.get("delayed"), f"{path}.delayed"))
    )
    timed = tuple(
        timed_effect_from_json(e, f"{path}.timed[{i}]")
        for i, e in enumerate(_list(o.get("timed"), f"{path}.timed"))
    )
    return Encounter(
        order=tuple(order), round=rnd, index=index, ledgers=ledgers, delayed=delayed, timed=timed
    )


def free_turns_to_json(free: FreeTurns) -> dict[str, Any] | None:
    """Free mode's ledgers and round (None when there is nothing to keep)."""
    if not free.ledgers and free.round == 1:
        return None
    return {"round": free.round, "ledgers": [ledger_to_json(led) for led in free.ledgers]}


def free_turns_from_json(raw: Any, path: str = TURNS_KEY) -> FreeTurns:
    o = _obj(raw, path)
    ledgers = tuple(
        ledger_from_json(led, f"{path}.ledgers[{i}]")
        for i, led in enumerate(_list(o.get("ledgers"), f"{path}.ledgers"))
    )
    return FreeTurns(max(1, _int(o, "round", path, 1)), ledgers)


def timed_effect_to_json(e: timed_effects.Effect) -> dict[str, Any]:
    """A timed effect (`rules.model.effects.Effect`) as saved under the encounter's ``timed`` list."""
    ends: dict[str, Any] = {"kind": e.ends.kind, "at": e.ends.at, "count": e.ends.count}
    if e.ends.creature is not None:
        ends["creature"] = e.ends.creature
    if e.ends.save:
        ends["save"] = e.ends.save
    return {
        "id": e.id,
        "target": e.target,
        "name": e.name,
        "value": e.value,
        "ends": ends,
        "source": e.source,
        "drops": e.drops,
        "condition": e.condition,
        "sustained": e.sustained,
    }


def timed_effect_from_json(raw: Any, path: str) -> timed_effects.Effect:
    """A timed effect from its JSON object. Raises `ValueError` naming the bad field."""
    o = _obj(raw, path)
    eo = _obj(o.get("ends", {}), f"{path}.ends")
    value = _opt_int(o, "value", path)
    try:
        ends = timed_effects.Ends(
            kind=_text(eo, "kind", f"{path}.ends", "hand"),
            creature=_opt_text(eo, "creature", f"{path}.ends"),
            at=_text(eo, "at", f"{path}.ends", timed_effects.END),
            count=_int(eo, "count", f"{path}.ends", 1),
            save=_text(eo, "save", f"{path}.ends", ""),
        )
        return timed_effects.Effect(
            id=_text(o, "id", path),
            target=_text(o, "target", path),
            name=_text(o, "name", path),
            value=value,
            ends=ends,
            source=_text(o, "source", path, ""),
            drops=_opt_text(o, "drops", path),
            condition=_bool(o, "condition", path, True),
            sustained=_bool(o, "sustained", path, True),
        )
    except ValueError as exc:
        if str(exc).startswith(path):
            raise
        raise ValueError(f"{path}: {exc}") from exc


def _bool(raw: Mapping[str, Any], key: str, path: str, default: bool) -> bool:
    value = raw.get(key)
    return default if value is None else _READ.boolean(value, f"{path}.{key}")


# ----------------------------------------------------------------------------------------------- areas


def area_to_json(area: PlacedArea) -> dict[str, Any]:
    s = area.spec
    out: dict[str, Any] = {"id": area.id}
    if area.label:
        out["label"] = area.label
    out["colour"] = area.colour
    out["shape"] = s.shape
    out["feet"] = s.feet
    if s.origin is not None:
        out["origin"] = [_num(s.origin.x), _num(s.origin.y)]
    if s.direction is not None:
        out["direction"] = _num(s.direction)
    if s.width != 5:
        out["width"] = s.width
    if s.token_id is not None:
        out["token"] = s.token_id
    if s.include_self:
        out["include_self"] = True
    if s.method is not None:
        out["method"] = s.method
    if s.elevation:
        out["elevation"] = s.elevation
    if area.rounds_left is not None:
        out["rounds_left"] = area.rounds_left
    if area.duration is not None:
        out["duration"] = area.duration
    if area.owner is not None:
        out["owner"] = area.owner
    if area.damage:
        out["damage"] = area.damage
    if area.save is not None:
        out["save"] = area.save
    if area.dc is not None:
        out["dc"] = area.dc
    return out


def _whole(raw: Mapping[str, Any], key: str, path: str, lo: int, default: int | None = None) -> int | None:
    value = raw.get(key)
    return default if value is None else _READ.integer(value, f"{path}.{key}", lo=lo)


def area_from_json(raw: Any, path: str = "area") -> PlacedArea:
    """One area from its JSON object. Raises `ValueError` naming the bad field (``areas[0].feet: …``)."""
    raw = _obj(raw, path)
    area_id = _opt_text(raw, "id", path)
    if not area_id:
        raise _READ.fail(f"{path}.id", "an area needs an id")
    shape = _READ.choice(raw.get("shape"), f"{path}.shape", ALL_SHAPES)
    feet = _whole(raw, "feet", path, 0)
    if feet is None:
        raise _READ.fail(f"{path}.feet", "missing")
    origin: Point | None = None
    o = raw.get("origin", raw.get("corner"))
    if o is not None:
        origin = _READ.point(o, f"{path}.origin")
    direction = None if raw.get("direction") is None else _READ.number(raw["direction"], f"{path}.direction")
    width = _whole(raw, "width", path, 1, 5)
    assert width is not None
    token = _opt_text(raw, "token", path)
    include_self = _bool(raw, "include_self", path, False)
    method = _opt_text(raw, "method", path)
    elevation = _int(raw, "elevation", path, 0)
    if method is not None:
        _READ.choice(method, f"{path}.method", AREA_METHODS)
    if shape in ("cone", "line") and direction is None:
        raise _READ.fail(f"{path}.direction", f"a {shape} needs a direction")
    if shape == "emanation" and token is None:
        raise _READ.fail(f"{path}.token", "an emanation needs its creature")
    if origin is None and shape not in ("emanation", "cone", "line"):
        raise _READ.fail(f"{path}.origin", f"a {shape} needs its corner")
    if origin is None and shape in ("cone", "line") and token is None:
        raise _READ.fail(f"{path}.origin", f"a {shape} needs an origin or its creator")
    colour = _opt_text(raw, "colour", path) or DEFAULT_COLOUR
    if not _COLOUR.match(colour):
        raise _READ.fail(f"{path}.colour", f"expected a colour #rrggbb, got {_READ.kind(colour)}")
    spec = AreaSpec(
        shape=shape,
        feet=feet,
        origin=origin,
        direction=direction,
        width=width,
        token_id=token,
        include_self=include_self,
        method=method,
        elevation=elevation,
    )
    return PlacedArea(
        id=area_id,
        spec=spec,
        label=_opt_text(raw, "label", path) or "",
        colour=colour,
        rounds_left=_whole(raw, "rounds_left", path, 0),
        duration=_whole(raw, "duration", path, 1),
        owner=_opt_text(raw, "owner", path),
        damage=_opt_text(raw, "damage", path) or "",
        save=_opt_text(raw, "save", path),
        dc=_whole(raw, "dc", path, 0),
    )


@dataclass(frozen=True, slots=True)
class AreasRead:
    areas: tuple[PlacedArea, ...]
    problems: tuple[str, ...] = ()


def areas_from_json(raw: Any) -> AreasRead:
    """Every valid area of a JSON list; invalid entries (and repeated ids) are reported, not raised."""
    if raw is None:
        return AreasRead(())
    if not isinstance(raw, list):
        return AreasRead((), (f"{AREAS_KEY}: must be a list, got {type(raw).__name__}",))
    areas: list[PlacedArea] = []
    problems: list[str] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        try:
            area = area_from_json(item, f"{AREAS_KEY}[{i}]")
        except ValueError as exc:
            problems.append(str(exc))
            continue
        if area.id in seen:
            problems.append(f"{AREAS_KEY}[{i}].id: {area.id!r} is used twice")
            continue
        seen.add(area.id)
        areas.append(area)
    return AreasRead(tuple(areas), tuple(problems))


# ---------------------------------------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class StateRead:
    """A decoded state and the problems met reading it (each names the key and field)."""

    state: GameState
    problems: tuple[str, ...] = ()


def state_from_json(raw: Mapping[str, Any], scene: Scene) -> StateRead:
    """The game state of a scene document's engine keys (`rules.io.scene_json.PLAY_KEYS`) around `scene`."""
    problems: list[str] = []
    encounter: Encounter | None = None
    if raw.get(ENCOUNTER_KEY) is not None:
        try:
            encounter = encounter_from_json(raw[ENCOUNTER_KEY])
        except ValueError as exc:
            problems.append(str(exc))
    if encounter is not None:
        scene, encounter = _legacy_effects(raw[ENCOUNTER_KEY].get("effects"), scene, encounter, problems)
    free = FreeTurns()
    if raw.get(TURNS_KEY) is not None:
        try:
            free = free_turns_from_json(raw[TURNS_KEY])
        except ValueError as exc:
            problems.append(str(exc))
    areas = areas_from_json(raw.get(AREAS_KEY))
    problems.extend(areas.problems)
    log_raw = raw.get(LOG_KEY)
    log: tuple[str, ...] = ()
    if isinstance(log_raw, list):
        log = tuple(e for e in log_raw if isinstance(e, str))
    elif log_raw is not None:
        problems.append(f"{LOG_KEY}: must be a list of texts, got {type(log_raw).__name__}")
    spells = _active_spells(raw.get(SPELLS_KEY), problems)
    hazards = _hazards(raw.get(HAZARDS_KEY), problems)
    rolls = _rolls(raw.get(ROLLS_KEY), problems)
    state = GameState(scene, encounter, areas.areas, log, free, spells=spells, hazards=hazards, rolls=rolls)
    return StateRead(state, tuple(problems))


# ------------------------------------------------------------------------------------ the roll history


def table_roll_to_json(roll: TableRoll) -> dict[str, JSON]:
    out: dict[str, JSON] = {"expression": roll.expression, "shown": roll.shown, "total": roll.total}
    if roll.who is not None:
        out["who"] = roll.who
    if roll.success is not None:
        out["success"] = roll.success
    if roll.secret:
        out["secret"] = True
    return out


def table_roll_from_json(raw: Any, path: str) -> TableRoll:
    """One roll of the ``rolls`` key; raises `ValueError` naming the bad field."""
    o = _READ.obj(raw, path)
    success = o.get("success")
    return TableRoll(
        expression=_READ.string(o.get("expression", ""), f"{path}.expression"),
        shown=_READ.string(o.get("shown", ""), f"{path}.shown"),
        total=_READ.integer(o.get("total"), f"{path}.total"),
        who=None if o.get("who") is None else _READ.string(o["who"], f"{path}.who"),
        success=None if success is None else _READ.boolean(success, f"{path}.success"),
        secret=_READ.boolean(o.get("secret", False), f"{path}.secret"),
    )


def _rolls(raw: Any, problems: list[str]) -> tuple[TableRoll, ...]:
    """The ``rolls`` key: a damaged roll is skipped and reported; only the last `MAX_ROLLS` are kept."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        problems.append(f"{ROLLS_KEY}: must be a list of rolls, got {type(raw).__name__}")
        return ()
    out: list[TableRoll] = []
    for i, item in enumerate(raw):
        try:
            out.append(table_roll_from_json(item, f"{ROLLS_KEY}[{i}]"))
        except ValueError as exc:
            problems.append(str(exc))
    return tuple(out[-MAX_ROLLS:])


# ------------------------------------------------------------------------------ spells in effect, hazards


def active_spell_to_json(a: ActiveSpell) -> dict[str, Any]:
    out: dict[str, Any] = {
        "caster": a.caster,
        "spell": a.spell,
        "concentration": a.concentration,
        "level": a.level,
    }
    if a.effect_ids:
        out["effects"] = list(a.effect_ids)
    if a.given:
        out["given"] = [{"target": t, "condition": c} for t, c in a.given]
    if a.area_id is not None:
        out["area"] = a.area_id
    return out


def _active_spells(raw: Any, problems: list[str]) -> tuple[ActiveSpell, ...]:
    """The ``active_spells`` key: a damaged entry is skipped and reported."""
    out: list[ActiveSpell] = []
    if raw is None:
        return ()
    if not isinstance(raw, list):
        problems.append(f"{SPELLS_KEY}: must be a list, got {type(raw).__name__}")
        return ()
    for i, item in enumerate(raw):
        path = f"{SPELLS_KEY}[{i}]"
        try:
            o = _obj(item, path)
            given = []
            for j, g in enumerate(_list(o.get("given"), f"{path}.given")):
                go = _obj(g, f"{path}.given[{j}]")
                given.append(
                    (_text(go, "target", f"{path}.given[{j}]"), _text(go, "condition", f"{path}.given[{j}]"))
                )
            out.append(
                ActiveSpell(
                    caster=_text(o, "caster", path),
                    spell=_text(o, "spell", path),
                    concentration=_bool(o, "concentration", path, False),
                    level=_int(o, "level", path, 0),
                    effect_ids=tuple(
                        _READ.string(e, f"{path}.effects[{k}]")
                        for k, e in enumerate(_list(o.get("effects"), f"{path}.effects"))
                    ),
                    given=tuple(given),
                    area_id=_opt_text(o, "area", path),
                )
            )
        except ValueError as exc:
            problems.append(str(exc))
    return tuple(out)


def hazard_to_json(h: Hazard) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": h.id,
        "name": h.name,
        "ability": spell_to_json(h.ability),
        "cells": [[c.x, c.y] for c in h.cells],
        "trigger": h.trigger,
        "hidden": h.hidden,
        "once": h.once,
        "triggered": h.triggered,
    }
    if h.notice_dc is not None:
        out["notice_dc"] = h.notice_dc
    if h.origin is not None:
        out["origin"] = [_num(h.origin.x), _num(h.origin.y)]
    if h.direction is not None:
        out["direction"] = _num(h.direction)
    return out


def _hazards(raw: Any, problems: list[str]) -> tuple[Hazard, ...]:
    """The ``hazards`` key: a damaged hazard is skipped and reported."""
    out: list[Hazard] = []
    if raw is None:
        return ()
    if not isinstance(raw, list):
        problems.append(f"{HAZARDS_KEY}: must be a list, got {type(raw).__name__}")
        return ()
    for i, item in enumerate(raw):
        path = f"{HAZARDS_KEY}[{i}]"
        try:
            o = _obj(item, path)
            cells = [
                _READ.cell(c, f"{path}.cells[{j}]")
                for j, c in enumerate(_list(o.get("cells"), f"{path}.cells"))
            ]
            trigger = _READ.choice(o.get("trigger", "enter"), f"{path}.trigger", TRIGGERS)
            origin = None if o.get("origin") is None else _READ.point(o["origin"], f"{path}.origin")
            direction = (
                None if o.get("direction") is None else _READ.number(o["direction"], f"{path}.direction")
            )
            out.append(
                Hazard(
                    id=_text(o, "id", path),
                    name=_text(o, "name", path),
                    ability=spell_from_json(o.get("ability"), f"{path}.ability"),
                    cells=tuple(cells),
                    trigger=trigger,
                    hidden=_bool(o, "hidden", path, True),
                    once=_bool(o, "once", path, False),
                    triggered=_bool(o, "triggered", path, False),
                    notice_dc=_opt_int(o, "notice_dc", path),
                    origin=origin,
                    direction=direction,
                )
            )
        except ValueError as exc:
            problems.append(str(exc))
    return tuple(out)


def _legacy_effects(
    raw: Any, scene: Scene, encounter: Encounter, problems: list[str]
) -> tuple[Scene, Encounter]:
    """Effects saved by FiveFoot 0.1 (``encounter.effects``) in today's terms: a persistent damage with its
    flat check becomes the token's persistent damage; a condition for some rounds (or until removed) becomes a
    timed effect (`rules.model.effects`); anything else is reported and dropped."""
    if not isinstance(raw, list):
        return scene, encounter
    timed = list(encounter.timed)
    for i, item in enumerate(raw):
        path = f"{ENCOUNTER_KEY}.effects[{i}]"
        try:
            o = _obj(item, path)
            token_id = _text(o, "token", path)
            name = _text(o, "name", path)
            damage, condition = _opt_text(o, "damage", path), _opt_text(o, "condition", path)
            rounds, flat_dc = _opt_int(o, "rounds", path), _opt_int(o, "flat_dc", path)
            token = scene.token(token_id)
            if token is None:
                raise ValueError(f"{path}.token: no token {token_id!r} on the map")
            if damage is not None and flat_dc is not None:
                amount, _, kind = damage.strip().rpartition(" ")
                if not amount or not kind.isalpha():
                    raise ValueError(f"{path}.damage: {damage!r} is not dice and a damage type")
                if all(p.type != kind.lower() for p in token.persistent):
                    persistent = (*token.persistent, PersistentDamage(amount, kind.lower()))
                    scene = scene.replace_token(replace(token, persistent=persistent))
            elif condition is not None and damage is None:
                word, _, number = condition.partition(" ")
                creator = _opt_text(o, "owner", path) or token_id
                at = _text(o, "tick", path, timed_effects.START)
                ends = timed_effects.Ends.by_hand()
                if rounds is not None:
                    ends = timed_effects.Ends("rounds", creator, at, max(rounds, 1))
                value = int(number) if number.strip().isdigit() and int(number) > 0 else None
                timed.append(
                    timed_effects.Effect(f"{token_id}-{i}", token_id, word.lower(), value, ends, name)
                )
            else:
                raise ValueError(f"{path}: {name!r} deals damage without a flat check; set it again by hand")
        except ValueError as exc:
            problems.append(str(exc))
    return scene, replace(encounter, timed=tuple(timed))


def state_to_json(state: GameState) -> dict[str, JSON]:
    """The engine keys of `state` for a scene document (keys without content are left out)."""
    out: dict[str, JSON] = {}
    if state.encounter is not None:
        out[ENCOUNTER_KEY] = encounter_to_json(state.encounter)
    free = free_turns_to_json(state.free)
    if free is not None:
        out[TURNS_KEY] = free
    if state.areas:
        out[AREAS_KEY] = [area_to_json(a) for a in state.areas]
    if state.log:
        out[LOG_KEY] = list(state.log)
    if state.spells:
        out[SPELLS_KEY] = [active_spell_to_json(a) for a in state.spells]
    if state.hazards:
        out[HAZARDS_KEY] = [hazard_to_json(h) for h in state.hazards]
    if state.rolls:
        out[ROLLS_KEY] = [table_roll_to_json(r) for r in state.rolls]
    if state.campaign is not None:
        out[CAMPAIGN_KEY] = campaign_to_json(state.campaign, state_to_document)
    return out


def state_from_document(doc: JSON, source: str = "") -> StateRead:
    """A whole scene document read as a `GameState`: the map by `rules.io.scene_json.scene_from_json`
    (which raises `SceneError` naming the bad field, and migrates older versions), then the engine's keys
    (`rules.io.scene_json.PLAY_KEYS`) decoded around it by `state_from_json`, which never raises: what
    cannot be read (a damaged area) is skipped and listed in `StateRead.problems`."""
    read = _read_one_scene(doc, source)
    raw = migrate(dict(doc), source) if isinstance(doc, dict) else {}

    def read_scene(d: JSON, path: str) -> tuple[GameState, tuple[str, ...]]:
        one = _read_one_scene(d, "")
        return one.state, one.problems

    campaign, problems = campaign_from_json(raw.get(CAMPAIGN_KEY), read.state.scene, read_scene, source)
    if campaign is None:
        return read
    return StateRead(replace(read.state, campaign=campaign), (*read.problems, *problems))


def _read_one_scene(doc: JSON, source: str) -> StateRead:
    """One scene document (its map and engine keys), leaving any campaign key for the caller."""
    scene = scene_from_json(doc, source)
    raw = doc if isinstance(doc, dict) else {}
    return state_from_json(migrate(dict(raw), source), scene)


def state_to_document(state: GameState) -> dict[str, JSON]:
    """The scene document of `state`: the map (`rules.io.scene_json.scene_to_json`) and the engine's keys."""
    doc = scene_to_json(state.scene)
    doc.update(state_to_json(state))
    return doc


def campaign_problem(state: GameState) -> str | None:
    """Why the state's campaign could not be saved and opened again (written and read back), or None."""
    if state.campaign is None:
        return None
    raw = campaign_to_json(state.campaign, state_to_document)

    def read_scene(d: JSON, path: str) -> tuple[GameState, tuple[str, ...]]:
        one = _read_one_scene(d, "")
        return one.state, one.problems

    try:
        campaign_from_json(raw, state.scene, read_scene)
    except SceneError as exc:
        return str(exc)
    return None
