"""The scene file's reader and writer: the scene JSON of the query protocol to a `Scene` value and back.

`load_scene_file` / `scene_from_json` validate the scene JSON and raise `SceneError` naming the JSON path of a
bad field (``tokens[2].size: 'enormous' is not one of tiny, …``). `scene_to_json` writes it back: known
fields in their canonical form, unknown keys kept as they were. It reads through the one JSON reader of
`rules.io` (`rules.io.json_reader`: `decode_json`, `JsonReader`), which every format uses.

Format versions: ``version`` is the scene format version. `migrate` upgrades older documents step by
step before validation; `FORMAT_VERSION` is what this code writes.

Version 2 documents the engine's top-level keys ``encounter``, ``areas`` and ``log`` (`PLAY_KEYS`: the
running encounter, the placed areas and the table's log, `rules.io.state_json`); version 3 keeps one turn
ledger per creature in the encounter and free mode's ledgers under ``turns`` (2 → 3 moves the encounter's
``turn``, ``reactions_used`` and ``readied`` into its ``ledgers``); version 4 may hold the other scenes of
a campaign under ``campaign`` (`rules.io.campaign_json`; 3 → 4 keeps a stray ``campaign`` key as unknown).
Version 1 files kept the same keys as unknown keys (the app stored them in ``Scene.extra``); the 1 → 2
migration keeps their values.
The scene reader leaves them out of the `Scene` (and out of ``extra``): a whole document is read as a typed
`GameState` by `rules.io.state_json.state_from_document` and written by `state_to_document`.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules.bulk import without_gc
from rules.errors import SceneError
from rules.geometry.coords import SIZES, Cell, Point
from rules.io.creature_table import compact_token_json, link_tokens
from rules.io.json_reader import JsonReader, decode_json, describe_value
from rules.io.spell_json import spell_to_json, spells_from_json, uses_from_json, uses_to_json
from rules.limits import check_document, check_scene, plain_wall
from rules.model import resistance
from rules.model.fog import MAX_SIDE as FOG_MAX_SIDE
from rules.model.fog import Fog
from rules.model.scene import (
    AREA_METHODS,
    BALANCE_KINDS,
    DIAGONAL_OPTIONS,
    FORMAT_VERSION,
    LIGHT_LEVELS,
    MAX_GRID_SIDE,
    MAX_TOKEN_NUMBER,
    SYSTEMS,
    TERRAIN_KINDS,
    WALL_KINDS,
    Affliction,
    AfflictionStage,
    Attack,
    Background,
    Grid,
    Light,
    Options,
    PersistentDamage,
    Scene,
    Shield,
    TerrainCell,
    Token,
    TokenLight,
    Wall,
    balance_problem,
    default_options,
)
from rules.model.spell import NO_USES

FORMAT = "fivefoot.scene"
#: Top-level keys of the engine's state in a scene file (decoded by `rules.io.state_json`).
PLAY_KEYS: tuple[str, ...] = (
    "encounter",
    "turns",
    "areas",
    "log",
    "active_spells",
    "hazards",
    "rolls",
    "campaign",
)

JSON = Any


# ------------------------------------------------------------------------------------------ validation


def _extra(raw: Mapping[str, JSON], known: Iterable[str]) -> dict[str, JSON]:
    names = set(known)
    return {k: v for k, v in raw.items() if k not in names}


_OPTION_KEYS = ("diagonals", "flanking", "area_method", "ambient")
_TERRAIN_KEYS = ("cell", "kind", "damage", "dc", "fall")
_WALL_KEYS = ("a", "b", "kind", "open")
_ATTACK_KEYS = ("name", "bonus", "damage", "traits", "range_increment", "properties", "range", "magical")
_TOKEN_KEYS = (
    "id",
    "cell",
    "size",
    "side",
    "pc",
    "speed",
    "reach",
    "ac",
    "hp",
    "max_hp",
    "temp_hp",
    "conditions",
    "death_saves",
    "immunities",
    "weaknesses",
    "resistances",
    "vulnerabilities",
    "attacks",
    "name",
    "image",
    "initiative_bonus",
    "saves",
    "reactions",
    "level",
    "perception",
    "skills",
    "abilities",
    "proficiency_bonus",
    "persistent",
    "hero_points",
    "inspiration",
    "exhaustion",
    "speeds",
    "senses",
    "elevation",
    "light",
    "spells",
    "spell_dc",
    "spell_attack",
    "spell_uses",
    "attacks_per_action",
    "shield",
    "traits",
    "fast_healing",
    "regeneration",
    "regeneration_stopped_by",
    "hardness",
    "afflictions",
    "air",
    "mounted_on",
    "own_dice",
    "number",
)
_SCENE_KEYS = (
    "format",
    "version",
    "system",
    "options",
    "grid",
    "terrain",
    "walls",
    "tokens",
    "background",
    "lights",
    "name",
    "fog",
    *PLAY_KEYS,
)


def _v1_to_v2(doc: dict[str, JSON]) -> dict[str, JSON]:
    """Version 1 kept the engine's state under the same top-level keys, undocumented: nothing to move."""
    return doc


def _v2_to_v3(doc: dict[str, JSON]) -> dict[str, JSON]:
    """Version 2 kept the encounter's current turn as ``encounter.turn``, the creatures whose reaction was
    spent as ``reactions_used`` and readied actions as ``readied``; version 3 keeps one turn ledger per
    creature (``encounter.ledgers``, `rules.io.state_json`). A damaged old value is left for the state
    reader to report."""
    enc = doc.get("encounter")
    if not isinstance(enc, dict) or "ledgers" in enc:
        return doc
    enc = dict(enc)
    ledgers: dict[str, dict[str, JSON]] = {}
    turn = enc.pop("turn", None)
    if isinstance(turn, dict) and isinstance(turn.get("token"), str):
        ledgers[turn["token"]] = {k: v for k, v in turn.items() if k != "movement" or v is not None}
    used = enc.pop("reactions_used", None)
    if isinstance(used, list):
        for tid in used:
            if isinstance(tid, str):
                ledgers.setdefault(tid, {"token": tid, "begun": False})["reactions"] = 0
    readied = enc.pop("readied", None)
    if isinstance(readied, list):
        for r in readied:
            if isinstance(r, dict) and isinstance(r.get("token"), str):
                entry = ledgers.setdefault(r["token"], {"token": r["token"], "begun": False})
                entry["readied"] = {"trigger": r.get("trigger", ""), "action": "", "attack_number": None}
    enc["ledgers"] = list(ledgers.values())
    return {**doc, "encounter": enc}


def _v3_to_v4(doc: dict[str, JSON]) -> dict[str, JSON]:
    """Version 3 held one scene; version 4 may hold the other scenes of a campaign under ``campaign``
    (`rules.io.campaign_json`). No version 3 FiveFoot wrote that key, so one found in a version 3 file is
    somebody else's: it is kept as the unknown key ``campaign_v3`` and never read as scenes."""
    if "campaign" not in doc:
        return doc
    out = {k: v for k, v in doc.items() if k != "campaign"}
    out["campaign_v3"] = doc["campaign"]
    return out


#: Migrations: version N → N+1, applied in order by `migrate`.
MIGRATIONS: dict[int, Callable[[dict[str, JSON]], dict[str, JSON]]] = {
    1: _v1_to_v2,
    2: _v2_to_v3,
    3: _v3_to_v4,
}


def migrate(doc: dict[str, JSON], source: str = "") -> dict[str, JSON]:
    """Upgrade a scene document to `FORMAT_VERSION`, or fail if it is from a newer FiveFoot."""
    r = JsonReader(source)
    version = r.integer(doc.get("version"), "version", lo=1) if "version" in doc else None
    if version is None:
        raise r.fail("version", "missing (the scene format version, 1)")
    if version > FORMAT_VERSION:
        raise r.fail("version", f"{version} is newer than this FiveFoot understands ({FORMAT_VERSION})")
    while version < FORMAT_VERSION:
        doc = MIGRATIONS[version](doc)
        version += 1
        doc["version"] = version
    return doc


@without_gc
def scene_from_json(doc: JSON, source: str = "") -> Scene:
    """Validate a scene document and build the `Scene`. Raises `SceneError` naming the bad field."""
    r = JsonReader(source)
    doc = r.obj(doc, "$")
    if "format" not in doc:
        raise r.fail("format", f"missing (expected {FORMAT!r})")
    if doc["format"] != FORMAT:
        raise r.fail("format", f"{describe_value(doc['format'])} is not {FORMAT!r}")
    check_document(doc, source)  # counts, sizes, depth and digits first (rules.limits)
    doc = migrate(dict(doc), source)
    if "system" not in doc:
        raise r.fail("system", f"missing (one of {', '.join(SYSTEMS)})")
    system = r.choice(doc["system"], "system", SYSTEMS)
    if "grid" not in doc:
        raise r.fail("grid", "missing (an object with width and height)")
    g = r.obj(doc["grid"], "grid")
    for key in ("width", "height"):
        if key not in g:
            raise r.fail(f"grid.{key}", "missing")
    grid = Grid(
        r.integer(g["width"], "grid.width", lo=1, hi=MAX_GRID_SIDE),
        r.integer(g["height"], "grid.height", lo=1, hi=MAX_GRID_SIDE),
    )
    options = _options(r, doc.get("options", {}), system)
    terrain = _terrain_list(r, r.lst(doc.get("terrain", []), "terrain"), grid)
    # a wall from a point to itself blocks nothing: dropped
    walls = tuple(w for w in _wall_list(r, r.lst(doc.get("walls", []), "walls")) if w.a != w.b)
    tokens: list[Token] = []
    seen: set[str] = set()
    raw_tokens = r.lst(doc.get("tokens", []), "tokens")
    if "creatures" in doc or any(isinstance(t, dict) and "creature" in t for t in raw_tokens):
        # Tokens may reference a creature of the scene's "creatures" table (rules.io.creature_table).
        raw_tokens = link_tokens(
            doc.get("creatures"),
            raw_tokens,
            _TOKEN_KEYS,
            lambda entry, path: _token(r, entry, path, system, Grid(MAX_GRID_SIDE, MAX_GRID_SIDE)),
            source,
        )
    for i, t in enumerate(raw_tokens):
        tok = _token(r, t, f"tokens[{i}]", system, grid)
        if tok.id in seen:
            raise r.fail(f"tokens[{i}].id", f"{tok.id!r} is used by an earlier token; ids must be unique")
        seen.add(tok.id)
        tokens.append(tok)
    background = None
    if doc.get("background") is not None:
        background = _background(r, doc["background"], "background")
    lights = tuple(
        _light(r, lt, f"lights[{i}]") for i, lt in enumerate(r.lst(doc.get("lights", []), "lights"))
    )
    name = r.string(doc.get("name", ""), "name")
    fog = None if doc.get("fog") is None else fog_from_json(doc["fog"], grid.width, grid.height, source)
    scene = Scene(
        system=system,
        grid=grid,
        options=options,
        terrain=terrain,
        walls=walls,
        tokens=tuple(tokens),
        background=background,
        lights=lights,
        fog=fog,
        name=name,
        version=FORMAT_VERSION,
        extra=_extra(doc, _SCENE_KEYS),
    )
    check_scene(scene, source)  # values within the limits, terrain on the grid (rules.limits)
    return scene


def _options(r: JsonReader, raw: JSON, system: str) -> Options:
    o = r.obj(raw, "options")
    base = default_options(system)
    diagonals = base.diagonals
    if "diagonals" in o:
        diagonals = r.choice(o["diagonals"], "options.diagonals", DIAGONAL_OPTIONS)
    flanking = base.flanking
    if "flanking" in o:
        flanking = r.boolean(o["flanking"], "options.flanking")
    area_method = base.area_method
    if "area_method" in o:
        area_method = r.choice(o["area_method"], "options.area_method", AREA_METHODS)
    ambient = "bright"
    if "ambient" in o:
        ambient = r.choice(o["ambient"], "options.ambient", LIGHT_LEVELS)
    if system == "pf2e":
        # PF2e always counts alternating diagonals and always has flanking; keep what was written for saving.
        extra = _extra(o, _OPTION_KEYS)
        written = {k: o[k] for k in _OPTION_KEYS if k in o and k != "ambient"}
        if written:
            extra = {**extra, "__written__": written}
        return Options("alternating", True, area_method, ambient, extra)
    return Options(diagonals, flanking, area_method, ambient, _extra(o, _OPTION_KEYS))


def _terrain_list(r: JsonReader, raw: list[JSON], grid: Grid) -> tuple[TerrainCell, ...]:
    """The terrain entries. An entry of the plain shape (`rules.limits.plain_terrain`) with a known kind is
    read directly; any other goes through `_terrain` and its messages (a big map holds 100 000s)."""
    kinds = frozenset(TERRAIN_KINDS) - frozenset(BALANCE_KINDS)  # a Balance kind needs its DC: `_terrain`
    out: list[TerrainCell] = []
    append = out.append
    for i, t in enumerate(raw):
        # `rules.limits.plain_terrain`, inlined (the limits' walk has already bounded the numbers)
        if type(t) is dict and len(t) == 2:
            cell = t.get("cell")
            kind = t.get("kind")
            if type(kind) is str and kind in kinds and type(cell) is list and len(cell) == 2:
                x, y = cell
                if type(x) is int and type(y) is int:
                    append(TerrainCell(Cell(x, y), kind, None, {}))
                    continue
        append(_terrain(r, t, f"terrain[{i}]", grid))
    return tuple(out)


def _wall_list(r: JsonReader, raw: list[JSON]) -> tuple[Wall, ...]:
    """The wall entries, plain ones (`rules.limits.plain_wall`) with a known kind read directly."""
    kinds = frozenset(WALL_KINDS)
    out: list[Wall] = []
    append = out.append
    for i, w in enumerate(raw):
        if plain_wall(w) and w.get("kind", "wall") in kinds:
            (ax, ay), (bx, by) = w["a"], w["b"]
            append(
                Wall(
                    Point(float(ax), float(ay)),
                    Point(float(bx), float(by)),
                    w.get("kind", "wall"),
                    w.get("open", False),
                    {},
                )
            )
        else:
            append(_wall(r, w, f"walls[{i}]"))
    return tuple(out)


def _terrain(r: JsonReader, raw: JSON, path: str, grid: Grid) -> TerrainCell:
    t = r.obj(raw, path)
    if "cell" not in t:
        raise r.fail(f"{path}.cell", "missing")
    if "kind" not in t:
        raise r.fail(f"{path}.kind", f"missing (one of {', '.join(TERRAIN_KINDS)})")
    cell = r.cell(t["cell"], f"{path}.cell")
    kind = r.choice(t["kind"], f"{path}.kind", TERRAIN_KINDS)
    damage = None if t.get("damage") is None else r.string(t["damage"], f"{path}.damage")
    if damage is not None:
        from rules.dice import DiceSyntaxError, parse

        try:
            parse(damage)
        except DiceSyntaxError as exc:
            raise r.fail(f"{path}.damage", f"{damage!r} is not a damage formula ({exc.short})") from None
    dc, fall = t.get("dc"), t.get("fall")
    problem = balance_problem(kind, dc, fall)
    if problem is not None:
        raise r.fail(f"{path}.{problem[0]}", problem[1])
    return TerrainCell(cell, kind, damage, _extra(t, _TERRAIN_KEYS), dc, fall)


def _wall(r: JsonReader, raw: JSON, path: str) -> Wall:
    w = r.obj(raw, path)
    for key in ("a", "b"):
        if key not in w:
            raise r.fail(f"{path}.{key}", "missing (a point [x, y] in corner coordinates)")
    a = r.point(w["a"], f"{path}.a")
    b = r.point(w["b"], f"{path}.b")
    kind = r.choice(w.get("kind", "wall"), f"{path}.kind", WALL_KINDS)
    is_open = r.boolean(w.get("open", False), f"{path}.open")
    return Wall(a, b, kind, is_open, _extra(w, _WALL_KEYS))


def _attack(r: JsonReader, raw: JSON, path: str) -> Attack:
    a = r.obj(raw, path)
    if "name" not in a:
        raise r.fail(f"{path}.name", "missing")
    name = r.string(a["name"], f"{path}.name")
    bonus = r.integer(a.get("bonus", 0), f"{path}.bonus")
    damage = r.string(a.get("damage", "") or "", f"{path}.damage")
    traits = r.strings(a.get("traits", []) or [], f"{path}.traits")
    properties = r.strings(a.get("properties", []) or [], f"{path}.properties")
    inc = a.get("range_increment")
    range_increment = None if inc is None else r.integer(inc, f"{path}.range_increment", lo=1)
    rng = a.get("range")
    range_pair: tuple[int, int] | None = None
    if rng is not None:
        if isinstance(rng, (int, float)) and not isinstance(rng, bool):
            normal = r.integer(rng, f"{path}.range", lo=1)
            range_pair = (normal, normal)
        else:
            items = r.lst(rng, f"{path}.range")
            if len(items) not in (1, 2):
                raise r.fail(f"{path}.range", "expected [normal, long]")
            normal = r.integer(items[0], f"{path}.range[0]", lo=1)
            long = r.integer(items[-1], f"{path}.range[{len(items) - 1}]", lo=1)
            if long < normal:
                raise r.fail(f"{path}.range", f"long range {long} is shorter than normal range {normal}")
            range_pair = (normal, long)
    magical = r.boolean(a.get("magical", False), f"{path}.magical")
    return Attack(
        name,
        bonus,
        damage,
        traits,
        range_increment,
        properties,
        range_pair,
        _extra(a, _ATTACK_KEYS),
        magical=magical,
    )


def _typed_amounts(r: JsonReader, raw: JSON, path: str) -> tuple[tuple[str, int], ...]:
    """PF2e weaknesses/resistances ``{"fire": 5}``; a 5e-style list of types gets value 0, where an entry
    may be ``{"type": "slashing", "unless": "magical"}`` (`rules.model.resistance`)."""
    if isinstance(raw, list):
        out: list[tuple[str, int]] = []
        for i, v in enumerate(raw):
            if isinstance(v, dict):
                try:
                    out.append((resistance.from_json(v), 0))
                except ValueError as exc:
                    raise r.fail(f"{path}[{i}]", str(exc)) from None
            else:
                out.append((r.string(v, f"{path}[{i}]").lower(), 0))
        return tuple(out)
    o = r.obj(raw, path)
    return tuple((str(k).lower(), r.integer(v, f"{path}.{k}", lo=0)) for k, v in o.items())


def _token(r: JsonReader, raw: JSON, path: str, system: str, grid: Grid) -> Token:
    t = r.obj(raw, path)
    for key in ("id", "cell"):
        if key not in t:
            raise r.fail(f"{path}.{key}", "missing")
    token_id = t["id"]
    if isinstance(token_id, (int, float)) and not isinstance(token_id, bool):
        token_id = str(token_id)
    token_id = r.string(token_id, f"{path}.id")
    if not token_id:
        raise r.fail(f"{path}.id", "is empty")
    cell = r.cell(t["cell"], f"{path}.cell")
    size = r.choice(t.get("size", "medium"), f"{path}.size", SIZES)
    if not grid.holds(cell, size):
        raise r.fail(
            f"{path}.cell",
            f"[{cell.x}, {cell.y}] puts this {size} token outside the {grid.width}×{grid.height} grid",
        )
    side = t.get("side", "neutral")
    side = r.string(side, f"{path}.side") if side is not None else "neutral"
    default_speed = 25 if system == "pf2e" else 30
    default_reach = 0 if (system == "pf2e" and size == "tiny") else 5
    speed = r.integer(t.get("speed", default_speed), f"{path}.speed", lo=0)
    reach = r.integer(t.get("reach", default_reach), f"{path}.reach", lo=0)
    ac = None if t.get("ac") is None else r.integer(t["ac"], f"{path}.ac")
    hp = None if t.get("hp") is None else r.integer(t["hp"], f"{path}.hp", lo=0)
    max_hp = hp if t.get("max_hp") is None else r.integer(t["max_hp"], f"{path}.max_hp", lo=0)
    temp_hp = r.integer(t.get("temp_hp", 0) or 0, f"{path}.temp_hp", lo=0)
    conditions = r.strings(t.get("conditions", []) or [], f"{path}.conditions")
    ds = t.get("death_saves") or {}
    ds = r.obj(ds, f"{path}.death_saves")
    death_saves = (
        r.integer(ds.get("successes", 0), f"{path}.death_saves.successes", lo=0, hi=3),
        r.integer(ds.get("failures", 0), f"{path}.death_saves.failures", lo=0, hi=3),
    )
    immunities = tuple(s.lower() for s in r.strings(t.get("immunities", []) or [], f"{path}.immunities"))
    weaknesses = _typed_amounts(r, t.get("weaknesses", {}) or {}, f"{path}.weaknesses")
    resistances = _typed_amounts(r, t.get("resistances", {}) or {}, f"{path}.resistances")
    vulnerabilities = tuple(
        s.lower() for s in r.strings(t.get("vulnerabilities", []) or [], f"{path}.vulnerabilities")
    )
    attacks = tuple(
        _attack(r, a, f"{path}.attacks[{i}]")
        for i, a in enumerate(r.lst(t.get("attacks", []) or [], f"{path}.attacks"))
    )
    name = None if t.get("name") is None else r.string(t["name"], f"{path}.name")
    image = None if t.get("image") is None else r.string(t["image"], f"{path}.image")
    init = (
        None
        if t.get("initiative_bonus") is None
        else r.integer(t["initiative_bonus"], f"{path}.initiative_bonus")
    )
    saves_raw = r.obj(t.get("saves", {}) or {}, f"{path}.saves")
    saves = tuple((str(k), r.integer(v, f"{path}.saves.{k}")) for k, v in saves_raw.items())
    reactions = r.strings(t.get("reactions", []) or [], f"{path}.reactions")

    def opt_int(key: str, lo: int | None = None, hi: int | None = None) -> int | None:
        return None if t.get(key) is None else r.integer(t[key], f"{path}.{key}", lo=lo, hi=hi)

    persistent = tuple(
        _persistent(r, p, f"{path}.persistent[{i}]")
        for i, p in enumerate(r.lst(t.get("persistent", []) or [], f"{path}.persistent"))
    )
    light = None if t.get("light") is None else _token_light(r, t["light"], f"{path}.light")
    spells = spells_from_json(t.get("spells") or [], f"{path}.spells", r.source)
    spell_uses = (
        NO_USES
        if t.get("spell_uses") is None
        else uses_from_json(t["spell_uses"], f"{path}.spell_uses", r.source)
    )
    shield = None if t.get("shield") is None else _shield(r, t["shield"], f"{path}.shield")
    traits = tuple(s.strip().lower() for s in r.strings(t.get("traits", []) or [], f"{path}.traits"))
    return Token(
        id=token_id,
        cell=cell,
        size=size,
        side=side,
        pc=r.boolean(t.get("pc", False), f"{path}.pc"),
        speed=speed,
        reach=reach,
        ac=ac,
        hp=hp,
        max_hp=max_hp,
        temp_hp=temp_hp,
        conditions=conditions,
        death_saves=death_saves,
        immunities=immunities,
        weaknesses=weaknesses,
        resistances=resistances,
        vulnerabilities=vulnerabilities,
        attacks=attacks,
        name=name,
        image=image,
        initiative_bonus=init,
        saves=saves,
        reactions=reactions,
        level=opt_int("level"),
        perception=opt_int("perception"),
        skills=_int_table(r, t.get("skills", {}) or {}, f"{path}.skills"),
        abilities=_int_table(r, t.get("abilities", {}) or {}, f"{path}.abilities", lo=0),
        proficiency_bonus=opt_int("proficiency_bonus", lo=0),
        persistent=persistent,
        hero_points=opt_int("hero_points", lo=0),
        inspiration=r.boolean(t.get("inspiration", False) or False, f"{path}.inspiration"),
        exhaustion=opt_int("exhaustion", lo=0, hi=6) or 0,
        speeds=_int_table(r, t.get("speeds", {}) or {}, f"{path}.speeds", lo=0),
        senses=_senses(r, t.get("senses", []) or [], f"{path}.senses"),
        elevation=r.integer(t.get("elevation", 0) or 0, f"{path}.elevation"),
        light=light,
        spells=spells,
        spell_dc=opt_int("spell_dc", lo=0),
        spell_attack=opt_int("spell_attack"),
        spell_uses=spell_uses,
        attacks_per_action=r.integer(
            t.get("attacks_per_action", 1), f"{path}.attacks_per_action", lo=1, hi=MAX_ATTACKS_PER_ACTION
        ),
        shield=shield,
        traits=traits,
        fast_healing=opt_int("fast_healing", lo=0) or 0,
        regeneration=opt_int("regeneration", lo=0) or 0,
        regeneration_stopped_by=tuple(
            s.strip().lower()
            for s in r.strings(t.get("regeneration_stopped_by", []) or [], f"{path}.regeneration_stopped_by")
        ),
        hardness=opt_int("hardness", lo=0) or 0,
        air=opt_int("air", lo=0),
        mounted_on=None if t.get("mounted_on") is None else r.string(t["mounted_on"], f"{path}.mounted_on"),
        own_dice=r.boolean(t.get("own_dice", False) or False, f"{path}.own_dice"),
        number=opt_int("number", lo=0, hi=MAX_TOKEN_NUMBER),
        afflictions=tuple(
            _affliction(r, a, f"{path}.afflictions[{i}]")
            for i, a in enumerate(r.lst(t.get("afflictions", []) or [], f"{path}.afflictions"))
        ),
        extra=_extra(t, _TOKEN_KEYS),
    )


def _affliction(r: JsonReader, raw: JSON, path: str) -> Affliction:
    """An affliction: ``{"name", "save", "dc", "stage", "stages": [{"conditions", "damage"}…]}``."""
    o = r.obj(raw, path)
    if "name" not in o:
        raise r.fail(f"{path}.name", "missing")
    stages: list[AfflictionStage] = []
    for i, st in enumerate(r.lst(o.get("stages", []) or [], f"{path}.stages")):
        sp = f"{path}.stages[{i}]"
        so = r.obj(st, sp)
        damage = None if so.get("damage") is None else r.string(so["damage"], f"{sp}.damage")
        stages.append(AfflictionStage(r.strings(so.get("conditions", []) or [], f"{sp}.conditions"), damage))
    stage = r.integer(o.get("stage", 1), f"{path}.stage", lo=1, hi=max(1, len(stages)))
    return Affliction(
        r.string(o["name"], f"{path}.name"),
        r.string(o.get("save", "fortitude"), f"{path}.save"),
        r.integer(o.get("dc", 15), f"{path}.dc"),
        stage,
        tuple(stages),
    )


def _affliction_json(a: Affliction) -> dict[str, JSON]:
    return {
        "name": a.name,
        "save": a.save,
        "dc": a.dc,
        "stage": a.stage,
        "stages": [
            {"conditions": list(s.conditions), **({"damage": s.damage} if s.damage else {})} for s in a.stages
        ],
    }


#: The most attacks one Attack action may make (a guard against absurd values).
MAX_ATTACKS_PER_ACTION = 20


def _shield(r: JsonReader, raw: JSON, path: str) -> Shield:
    """A token's ``shield``: ``{"ac": 2, "hardness": 5, "hp": 20}`` (``max_hp`` optional, = ``hp``)."""
    o = r.obj(raw, path)
    hp = r.integer(o.get("hp", 0), f"{path}.hp", lo=0)
    max_hp = None if o.get("max_hp") is None else r.integer(o["max_hp"], f"{path}.max_hp", lo=0)
    if max_hp is not None and hp > max_hp:
        raise r.fail(f"{path}.hp", f"{hp} is more than max_hp {max_hp}")
    return Shield(
        ac=r.integer(o.get("ac", 2), f"{path}.ac", lo=0),
        hardness=r.integer(o.get("hardness", 0), f"{path}.hardness", lo=0),
        hp=hp,
        max_hp=max_hp,
    )


#: A grid holding every cell a token may have: a token read alone (`token_from_json`) is checked against it.
_ANY_GRID = Grid(MAX_GRID_SIDE, MAX_GRID_SIDE)


def token_from_json(
    raw: JSON,
    system: str,
    *,
    creatures: Mapping[str, JSON] | None = None,
    source: str = "",
    path: str = "token",
) -> Token:
    """One token of a `system` scene from its JSON, read as `scene_from_json` reads each token: a token that
    references an entry of `creatures` (a scene's ``creatures`` table) gets that creature's fields under its
    own. Raises `SceneError` naming the bad field."""
    r = JsonReader(source)
    raws: list[JSON] = [raw]
    if creatures is not None or (isinstance(raw, dict) and "creature" in raw):
        raws = link_tokens(
            creatures, raws, _TOKEN_KEYS, lambda entry, p: _token(r, entry, p, system, _ANY_GRID), source
        )
    return _token(r, raws[0], path, system, _ANY_GRID)


def _background(r: JsonReader, raw: JSON, path: str) -> Background:
    b = r.obj(raw, path)
    if "image" not in b:
        raise r.fail(f"{path}.image", "missing")
    ppc = r.number(b.get("pixels_per_cell", 70), f"{path}.pixels_per_cell")
    if ppc <= 0:
        raise r.fail(f"{path}.pixels_per_cell", "must be more than 0")
    offset = r.point(b.get("offset", [0, 0]), f"{path}.offset")
    return Background(
        r.string(b["image"], f"{path}.image"), ppc, offset, _extra(b, ("image", "pixels_per_cell", "offset"))
    )


def _light(r: JsonReader, raw: JSON, path: str) -> Light:
    """A light: the protocol's ``{"at": [X, Y], "bright": ft, "dim": ft}``, or the Universal VTT form
    ``{"position": [X, Y], "range": squares, …}`` that files saved by FiveFoot 0.1 hold."""
    lt = r.obj(raw, path)
    common = {
        "intensity": r.number(lt.get("intensity", 1), f"{path}.intensity"),
        "color": r.string(lt.get("color", "ffffffff"), f"{path}.color"),
        "shadows": r.boolean(lt.get("shadows", True), f"{path}.shadows"),
    }
    if "at" in lt:
        at = r.point(lt["at"], f"{path}.at")
        bright = r.number(lt.get("bright", 0), f"{path}.bright")
        if bright < 0:
            raise r.fail(f"{path}.bright", f"{bright:g} is less than 0")
        dim = r.number(lt.get("dim", bright), f"{path}.dim")
        if dim < bright:
            raise r.fail(f"{path}.dim", f"{dim:g} is less than bright ({bright:g}); dim is the outer radius")
        rng = r.number(lt.get("range", 0), f"{path}.range")
        return Light(at, rng, bright=bright, dim=dim, extra=_extra(lt, _LIGHT_KEYS), **common)  # type: ignore[arg-type]
    if "position" not in lt:
        raise r.fail(f"{path}.at", "missing")
    rng = r.number(lt.get("range", 0), f"{path}.range")
    if rng < 0:
        raise r.fail(f"{path}.range", f"{rng:g} is less than 0")
    light = Light.from_uvtt(r.point(lt["position"], f"{path}.position"), rng, **common)
    return replace(light, extra=_extra(lt, _LIGHT_KEYS))


_LIGHT_KEYS = ("at", "bright", "dim", "position", "range", "intensity", "color", "shadows")


def _persistent(r: JsonReader, raw: JSON, path: str) -> PersistentDamage:
    o = r.obj(raw, path)
    for key in ("damage", "type"):
        if key not in o:
            raise r.fail(f"{path}.{key}", "missing")
    dmg = o["damage"]
    if isinstance(dmg, int) and not isinstance(dmg, bool):
        dmg = str(r.integer(dmg, f"{path}.damage", lo=0))
    return PersistentDamage(
        r.string(dmg, f"{path}.damage").strip(), r.string(o["type"], f"{path}.type").lower()
    )


def _int_table(r: JsonReader, raw: JSON, path: str, *, lo: int | None = None) -> tuple[tuple[str, int], ...]:
    o = r.obj(raw, path)
    return tuple((str(k).lower(), r.integer(v, f"{path}.{k}", lo=lo)) for k, v in o.items())


def _senses(r: JsonReader, raw: JSON, path: str) -> tuple[tuple[str, int | None], ...]:
    """PF2e lists names (``"darkvision"``, optionally ``"tremorsense 30"``); 5e maps names to ranges."""
    out: list[tuple[str, int | None]] = []
    if isinstance(raw, list):
        for i, item in enumerate(raw):
            text = r.string(item, f"{path}[{i}]").strip().lower()
            parts = text.rsplit(None, 1)
            if len(parts) == 2 and parts[1].isdigit():
                out.append((parts[0].replace(" ", "-"), int(parts[1])))
            elif text:
                out.append((text.replace(" ", "-"), None))
        return tuple(out)
    o = r.obj(raw, path)
    for k, v in o.items():
        out.append(
            (str(k).lower().replace(" ", "-"), None if v is None else r.integer(v, f"{path}.{k}", lo=0))
        )
    return tuple(out)


def _token_light(r: JsonReader, raw: JSON, path: str) -> TokenLight:
    o = r.obj(raw, path)
    bright = r.integer(o.get("bright", 0), f"{path}.bright", lo=0)
    dim = r.integer(o.get("dim", bright), f"{path}.dim", lo=0)
    if dim < bright:
        raise r.fail(f"{path}.dim", f"{dim} is less than bright ({bright}); dim is the outer radius")
    return TokenLight(bright, dim)


def load_scene_file(path: str | Path) -> Scene:
    """Load a plain scene JSON file. Raises `SceneError` naming the file and the problem."""
    p = Path(path)
    source = str(p)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SceneError("no such file", "", source) from None
    except IsADirectoryError:
        raise SceneError("is a folder, not a scene file", "", source) from None
    except UnicodeDecodeError as exc:
        raise SceneError(f"not UTF-8 text (byte {exc.start})", "", source) from None
    except OSError as exc:
        raise SceneError(f"cannot be read ({exc.strerror})", "", source) from None
    return scene_from_text(text, source)


def scene_from_text(text: str, source: str = "") -> Scene:
    """A scene from its JSON text (`rules.io.json_reader.decode_json`). Raises `SceneError`."""
    return scene_from_json(decode_json(text, source), source)


# ---------------------------------------------------------------------------------------------- saving


def _num(v: float) -> int | float:
    return int(v) if float(v).is_integer() else v


def _point_json(p: Point) -> list[int | float]:
    return [_num(p.x), _num(p.y)]


def attack_to_json(a: Attack, system: str) -> dict[str, JSON]:
    out: dict[str, JSON] = {"name": a.name, "bonus": a.bonus, "damage": a.damage}
    if system == "pf2e" or a.traits:
        out["traits"] = list(a.traits)
    if system == "pf2e" or a.range_increment is not None:
        out["range_increment"] = a.range_increment
    if a.properties or (system != "pf2e"):
        out["properties"] = list(a.properties)
    if a.range is not None:
        out["range"] = list(a.range)
    if a.magical:
        out["magical"] = True
    out.update(a.extra)
    return out


def token_to_json(t: Token, system: str) -> dict[str, JSON]:
    out: dict[str, JSON] = {
        "id": t.id,
        "cell": [t.cell.x, t.cell.y],
        "size": t.size,
        "side": t.side,
        "pc": t.pc,
        "speed": t.speed,
        "reach": t.reach,
    }
    if t.name is not None:
        out["name"] = t.name
    if t.image is not None:
        out["image"] = t.image
    if t.ac is not None:
        out["ac"] = t.ac
    if t.hp is not None:
        out["hp"] = t.hp
    if t.max_hp is not None:
        out["max_hp"] = t.max_hp
    out["temp_hp"] = t.temp_hp
    out["conditions"] = list(t.conditions)
    if t.death_saves != (0, 0) or system != "pf2e":
        out["death_saves"] = {"successes": t.death_saves[0], "failures": t.death_saves[1]}
    out["immunities"] = list(t.immunities)
    if system == "pf2e":
        out["weaknesses"] = dict(t.weaknesses)
        out["resistances"] = dict(t.resistances)
    else:
        out["resistances"] = [resistance.to_json(k) for k, _ in t.resistances]
        out["vulnerabilities"] = list(t.vulnerabilities)
    if t.initiative_bonus is not None:
        out["initiative_bonus"] = t.initiative_bonus
    if t.saves:
        out["saves"] = dict(t.saves)
    out["attacks"] = [attack_to_json(a, system) for a in t.attacks]
    if t.reactions:
        out["reactions"] = list(t.reactions)
    for key in ("level", "perception", "proficiency_bonus", "hero_points"):
        value = getattr(t, key)
        if value is not None:
            out[key] = value
    for key in ("skills", "abilities", "speeds"):
        table = getattr(t, key)
        if table:
            out[key] = dict(table)
    if t.persistent:
        out["persistent"] = [{"damage": p.damage, "type": p.type} for p in t.persistent]
    if t.inspiration:
        out["inspiration"] = True
    if t.own_dice:
        out["own_dice"] = True
    if t.exhaustion:
        out["exhaustion"] = t.exhaustion
    if t.senses:
        if system == "pf2e":
            out["senses"] = [n if rng is None else f"{n} {rng}" for n, rng in t.senses]
        else:
            out["senses"] = {n: rng for n, rng in t.senses}
    if t.elevation:
        out["elevation"] = t.elevation
    if t.light is not None:
        out["light"] = {"bright": t.light.bright, "dim": t.light.dim}
    if t.spell_dc is not None:
        out["spell_dc"] = t.spell_dc
    if t.spell_attack is not None:
        out["spell_attack"] = t.spell_attack
    if t.spells:
        out["spells"] = [spell_to_json(sp) for sp in t.spells]
    if not t.spell_uses.empty:
        out["spell_uses"] = uses_to_json(t.spell_uses)
    if t.attacks_per_action != 1:
        out["attacks_per_action"] = t.attacks_per_action
    if t.shield is not None:
        sh: dict[str, JSON] = {"ac": t.shield.ac, "hardness": t.shield.hardness, "hp": t.shield.hp}
        if t.shield.max_hp is not None:
            sh["max_hp"] = t.shield.max_hp
        out["shield"] = sh
    if t.traits:
        out["traits"] = list(t.traits)
    for key in ("fast_healing", "regeneration", "hardness"):
        if getattr(t, key):
            out[key] = getattr(t, key)
    if t.regeneration_stopped_by:
        out["regeneration_stopped_by"] = list(t.regeneration_stopped_by)
    if t.afflictions:
        out["afflictions"] = [_affliction_json(a) for a in t.afflictions]
    if t.air is not None:
        out["air"] = t.air
    if t.mounted_on is not None:
        out["mounted_on"] = t.mounted_on
    if t.number is not None:
        out["number"] = t.number
    out.update(t.extra)
    return out


def scene_to_json(scene: Scene) -> dict[str, JSON]:
    """The scene as a JSON document (`scene_from_json` of it gives an equal scene)."""
    opts: dict[str, JSON]
    extra_opts = dict(scene.options.extra)
    written = extra_opts.pop("__written__", None)
    if scene.system == "pf2e":
        opts = {"area_method": scene.options.area_method}
        if isinstance(written, dict):
            opts = {**written, **opts} if "area_method" in written else {**written}
    else:
        opts = {
            "diagonals": scene.options.diagonals,
            "flanking": scene.options.flanking,
            "area_method": scene.options.area_method,
        }
    if scene.options.ambient != "bright":
        opts["ambient"] = scene.options.ambient
    opts.update(extra_opts)
    doc: dict[str, JSON] = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "system": scene.system,
    }
    if scene.name:
        doc["name"] = scene.name
    doc["options"] = opts
    doc["grid"] = {"width": scene.grid.width, "height": scene.grid.height}
    doc["terrain"] = [
        {
            "cell": [t.cell.x, t.cell.y],
            "kind": t.kind,
            **({"damage": t.damage} if t.damage else {}),
            **({"dc": t.dc} if t.dc is not None else {}),
            **({"fall": t.fall} if t.fall is not None else {}),
            **t.extra,
        }
        for t in scene.terrain
    ]
    walls: list[JSON] = []
    for w in scene.walls:
        wj: dict[str, JSON] = {"a": _point_json(w.a), "b": _point_json(w.b), "kind": w.kind}
        if w.kind == "door":
            wj["open"] = w.open
        wj.update(w.extra)
        walls.append(wj)
    doc["walls"] = walls
    doc["tokens"] = [token_to_json(t, scene.system) for t in scene.tokens]
    if isinstance(scene.extra.get("creatures"), dict):
        table = scene.extra["creatures"]
        doc["tokens"] = [compact_token_json(t, table, _TOKEN_KEYS) for t in doc["tokens"]]
    if scene.background is not None:
        b = scene.background
        doc["background"] = {
            "image": b.image,
            "pixels_per_cell": _num(b.pixels_per_cell),
            "offset": _point_json(b.offset),
            **b.extra,
        }
    if scene.lights:
        lights: list[JSON] = []
        for lt in scene.lights:
            lj: dict[str, JSON] = {
                "at": _point_json(lt.position),
                "bright": _num(lt.bright),
                "dim": _num(lt.dim),
            }
            if lt.range:
                lj["range"] = _num(lt.range)
            lj.update(intensity=_num(lt.intensity), color=lt.color, shadows=lt.shadows)
            lj.update(lt.extra)
            lights.append(lj)
        doc["lights"] = lights
    if scene.fog is not None:
        doc["fog"] = fog_to_json(scene.fog)
    doc.update({k: v for k, v in scene.extra.items() if k not in PLAY_KEYS})
    return doc


# ------------------------------------------------------------------------------------------------ fog


def fog_to_json(fog: Fog) -> dict[str, JSON]:
    return {
        "enabled": fog.enabled,
        "width": fog.width,
        "height": fog.height,
        "explored": base64.b64encode(fog.explored).decode("ascii"),
    }


def fog_from_json(raw: JSON, width: int, height: int, source: str = "", path: str = "fog") -> Fog:
    """Read the ``fog`` value of a scene whose grid is `width` × `height`. Raises `SceneError` naming the
    bad field."""
    if not isinstance(raw, dict):
        raise SceneError(f"must be an object, got {type(raw).__name__}", path, source)
    enabled = raw.get("enabled", True)
    if not isinstance(enabled, bool):
        raise SceneError(f"must be true or false, got {enabled!r}", f"{path}.enabled", source)
    dims = []
    for key, default in (("width", width), ("height", height)):
        v = raw.get(key, default)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 < v <= FOG_MAX_SIDE:
            message = f"must be a whole number from 1 to {FOG_MAX_SIDE}, got {v!r}"
            raise SceneError(message, f"{path}.{key}", source)
        dims.append(v)
    text = raw.get("explored", "")
    if not isinstance(text, str):
        raise SceneError("must be a base64 string", f"{path}.explored", source)
    try:
        data = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise SceneError("is not valid base64", f"{path}.explored", source) from None
    fw, fh = dims
    if len(data) > (fw * fh + 7) // 8:
        raise SceneError(
            f"holds {len(data)} bytes, more than a {fw}×{fh} bitmap needs", f"{path}.explored", source
        )
    fog = Fog(fw, fh, data, enabled)
    # the canonical form: no trailing bits, empty when nothing is explored
    fog = Fog.from_mask(fog.mask(), enabled) if data else fog
    return fog.resized(width, height)
