"""Every state a command makes can be saved and opened again.

The loader refuses a scene file with two tokens of one id, a creature whose space leaves the grid or a value
past a limit (`rules.io.scene_json`, `rules.limits`). A command must never make such a state: the file and
its autosave would then fail to open. `state_problem` applies the loader's own checks to what a command
changed — the tokens that are new or changed (by identity: values are frozen, an untouched token is the
same object; each is written as the file holds it and read back), the whole map when its grid, terrain,
walls, lights, picture, system, options or name changed, and the engine's keys (encounter, placed areas,
spells in effect, hazards) that changed, written and read back — so a commit costs what it changed, not
what the map holds; the log entry is bounded by `log_problem`. (The encounter may keep a creature removed
from the map: the loader reads it and turns skip it.) `rules.play.history.History` refuses a command whose
state has a problem, with the sentence this returns.
"""

from __future__ import annotations

from typing import Any

from rules.errors import SceneError
from rules.io.scene_json import token_from_json, token_to_json
from rules.io.state_json import (
    AREAS_KEY,
    ENCOUNTER_KEY,
    HAZARDS_KEY,
    SPELLS_KEY,
    active_spell_to_json,
    area_to_json,
    campaign_problem,
    encounter_to_json,
    hazard_to_json,
    state_from_json,
)
from rules.limits import (
    MAX_LIGHTS,
    MAX_TERRAIN,
    MAX_TEXT_CHARS,
    MAX_TOKENS,
    MAX_WALLS,
    check_document,
    check_scene,
    check_token,
)
from rules.model.scene import (
    AREA_METHODS,
    BALANCE_KINDS,
    DIAGONAL_OPTIONS,
    LIGHT_LEVELS,
    SYSTEMS,
    TERRAIN_KINDS,
    WALL_KINDS,
    Scene,
    balance_problem,
)
from rules.model.state import GameState

_MAP_PARTS = ("grid", "terrain", "walls", "lights", "background", "system", "options", "name")


def _label(text: str) -> str:
    return text if len(text) <= 60 else text[:59] + "…"


def _tokens_problem(old: Scene, new: Scene) -> str | None:
    grid = new.grid
    same_rules = (old.grid, old.system) == (grid, new.system)
    unchanged = {id(t) for t in old.tokens} if same_rules else set()
    changed = [(i, t) for i, t in enumerate(new.tokens) if id(t) not in unchanged]
    if not changed and len(new.tokens) == len(old.tokens):
        return None
    if len(new.tokens) > MAX_TOKENS:
        return f"the map would hold {len(new.tokens)} tokens, more than the limit of {MAX_TOKENS}"
    ids: set[str] = set()
    for t in new.tokens:
        if t.id in ids:
            return f"two tokens would have the id {_label(t.id)!r}; each token needs its own"
        ids.add(t.id)
    for i, t in changed:
        if not t.id:
            return "a token would have no id"
        if not grid.holds(t.cell, t.size):
            return (
                f"{_label(t.label)} ({t.size}) at [{t.cell.x}, {t.cell.y}] would stand partly outside the "
                f"{grid.width}×{grid.height} grid"
            )
        try:
            check_token(t, f"tokens[{i}]", "")
            # the loader's reading of the token's JSON: text lengths, list sizes, digits, known names
            raw = token_to_json(t, new.system)
            check_document({"tokens": [raw]}, "")
            table = new.extra.get("creatures")
            token_from_json(
                raw, new.system, creatures=table if isinstance(table, dict) else None, path="tokens[0]"
            )
        except SceneError as exc:
            field = exc.path.split(".", 1)[1] if "." in exc.path else exc.path
            return f"{_label(t.label)}'s {field.replace('_', ' ')}: {exc.detail}"
    return None


def _map_problem(old: Scene, new: Scene) -> str | None:
    """The names the loader accepts for the parts of the map a command replaced (the numbers are
    `check_scene`'s): the system, the options, terrain and wall kinds, the scene's name."""
    if new.system not in SYSTEMS:
        return f"the system {_label(new.system)!r} is not one of {', '.join(SYSTEMS)}"
    o = new.options
    for name, value, allowed in (
        ("diagonals", o.diagonals, DIAGONAL_OPTIONS),
        ("area method", o.area_method, AREA_METHODS),
        ("ambient light", o.ambient, LIGHT_LEVELS),
    ):
        if value not in allowed:
            return f"the {name} {_label(str(value))!r} is not one of {', '.join(allowed)}"
    for what, count, limit in (
        ("wall segments", len(new.walls), MAX_WALLS),
        ("terrain entries", len(new.terrain), MAX_TERRAIN),
        ("lights", len(new.lights), MAX_LIGHTS),
    ):
        if count > limit:
            return f"the map would hold {count} {what}, more than the limit of {limit}"
    if len(new.name) > MAX_TEXT_CHARS:
        return f"the scene's name is {len(new.name)} characters, more than the {MAX_TEXT_CHARS} allowed"
    if new.terrain is not old.terrain:
        kinds = {t.kind for t in new.terrain} - set(TERRAIN_KINDS)
        if kinds:
            return f"the terrain kind {_label(str(min(kinds)))!r} is not one of {', '.join(TERRAIN_KINDS)}"
        for t in new.terrain:
            if t.dc is not None or t.fall is not None or t.kind in BALANCE_KINDS:
                problem = balance_problem(t.kind, t.dc, t.fall)
                if problem is not None:
                    return f"terrain at [{t.cell.x}, {t.cell.y}]: {problem[1]}"
    if new.walls is not old.walls:
        kinds = {w.kind for w in new.walls} - set(WALL_KINDS)
        if kinds:
            return f"the wall kind {_label(str(min(kinds)))!r} is not one of {', '.join(WALL_KINDS)}"
        old_walls = set(old.walls)
        point = next((w for w in new.walls if w.a == w.b and w not in old_walls), None)
        if point is not None:
            return f"a wall needs two different ends, not ({point.a.x:g}, {point.a.y:g}) twice"
    return None


def _engine_problem(before: GameState, after: GameState) -> str | None:
    """The engine's keys a command changed (encounter, placed areas, spells in effect, hazards), written
    as the file holds them and read back by the loader (`rules.io.state_json`): past a limit, or anything
    the reader would skip as damaged, is a problem."""
    written: dict[str, Any] = {}
    if after.encounter is not before.encounter and after.encounter is not None:
        written[ENCOUNTER_KEY] = encounter_to_json(after.encounter)
    if after.areas is not before.areas and after.areas:
        written[AREAS_KEY] = [area_to_json(a) for a in after.areas]
    if after.spells is not before.spells and after.spells:
        written[SPELLS_KEY] = [active_spell_to_json(a) for a in after.spells]
    if after.hazards is not before.hazards and after.hazards:
        written[HAZARDS_KEY] = [hazard_to_json(h) for h in after.hazards]
    if after.campaign is not before.campaign:
        problem = campaign_problem(after)
        if problem is not None:
            return problem
    if not written:
        return None
    try:
        check_document(written, "")
    except SceneError as exc:
        return str(exc)
    problems = state_from_json(written, after.scene).problems
    return problems[0] if problems else None


def log_problem(text: str) -> str | None:
    """A log entry the file could not hold (every text of a scene file is at most `MAX_TEXT_CHARS`)."""
    if len(text) > MAX_TEXT_CHARS:
        return f"its log entry would be {len(text)} characters, more than the {MAX_TEXT_CHARS} a file holds"
    return None


def state_problem(before: GameState, after: GameState) -> str | None:
    """Why `after` (made from `before` by one command) could not be saved and opened again, or None."""
    old, new = before.scene, after.scene
    if new is not old:
        problem = _tokens_problem(old, new)
        if problem is not None:
            return problem
        if any(getattr(new, part) is not getattr(old, part) for part in _MAP_PARTS):
            problem = _map_problem(old, new)
            if problem is not None:
                return problem
            try:
                check_scene(new.edit(tokens=()))
            except SceneError as exc:
                return str(exc)
    return _engine_problem(before, after)
