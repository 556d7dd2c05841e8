"""The running encounter and the log inside a scene: JSON codecs and scene edits.

The desktop app keeps the encounter (`rules.encounter.Encounter`: initiative order, round, whose turn, the
turn's movement, diagonal parity, attacks and actions, effects, reactions used, delayed and readied
creatures) in the scene's ``extra["encounter"]``, so it is saved with the scene and undone with it. The log
of the table (every roll, move and damage, one text per entry) is kept in ``extra["log"]`` when the scene is
saved.

``extra["encounter"]``::

    {"round": 2, "index": 1,
     "order": [{"token": "brann", "d20": 14, "modifier": 7, "tiebreak": [1]}, …],
     "turn": {"token": "goblin-1", "actions": 2, "bonus_actions": 0, "movement": null,
              "movement_spent": 10, "diagonals": 1, "attacks": 1},
     "effects": [{"id": "e1", "token": "brann", "name": "persistent fire", "rounds": null, "tick": "start",
                  "owner": null, "condition": null, "damage": "1d6 fire", "damage_at": "end", "flat_dc": 15}],
     "reactions_used": ["brann"], "delayed": [], "readied": [{"token": "quill", "trigger": "…"}]}

Boundary rules: `read_encounter` never raises; a damaged ``encounter`` value gives no encounter and a
problem text. An index outside the order is clamped to it. A ``turn`` naming a creature other than the one
at ``index`` is kept as written (the engine then treats that creature's turn as not started).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.encounter import Combatant, Effect, Encounter, GameState, TurnState
from rules.scene import Scene

ENCOUNTER_KEY = "encounter"
LOG_KEY = "log"


class _Bad(ValueError):
    pass


def _int(raw: Mapping[str, Any], key: str, path: str, default: int | None = None) -> int:
    v = raw.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int):
        raise _Bad(f"{path}.{key}: must be a whole number, got {v!r}")
    return v


def _opt_int(raw: Mapping[str, Any], key: str, path: str) -> int | None:
    return None if raw.get(key) is None else _int(raw, key, path)


def _text(raw: Mapping[str, Any], key: str, path: str, default: str | None = None) -> str:
    v = raw.get(key, default)
    if not isinstance(v, str):
        raise _Bad(f"{path}.{key}: must be text, got {v!r}")
    return v


def _opt_text(raw: Mapping[str, Any], key: str, path: str) -> str | None:
    return None if raw.get(key) is None else _text(raw, key, path)


def _obj(raw: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise _Bad(f"{path}: must be an object, got {raw!r}")
    return raw


def _list(raw: Any, path: str) -> Sequence[Any]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise _Bad(f"{path}: must be a list, got {raw!r}")
    return raw


# ---------------------------------------------------------------------------------------------- encode


def encounter_to_json(enc: Encounter) -> dict[str, Any]:
    out: dict[str, Any] = {
        "round": enc.round,
        "index": enc.index,
        "order": [
            {"token": c.token_id, "d20": c.d20, "modifier": c.modifier, "tiebreak": list(c.tiebreak)}
            for c in enc.order
        ],
        "turn": None,
        "effects": [
            {
                "id": e.id,
                "token": e.token_id,
                "name": e.name,
                "rounds": e.rounds,
                "tick": e.tick,
                "owner": e.owner_id,
                "condition": e.condition,
                "damage": e.damage,
                "damage_at": e.damage_at,
                "flat_dc": e.flat_dc,
            }
            for e in enc.effects
        ],
        "reactions_used": sorted(enc.reactions_used),
        "delayed": sorted(enc.delayed),
        "readied": [{"token": t, "trigger": why} for t, why in enc.readied],
    }
    t = enc.turn
    if t is not None:
        out["turn"] = {
            "token": t.token_id,
            "actions": t.actions,
            "bonus_actions": t.bonus_actions,
            "movement": t.movement,
            "movement_spent": t.movement_spent,
            "diagonals": t.diagonals,
            "attacks": t.attacks,
        }
    return out


# ---------------------------------------------------------------------------------------------- decode


def encounter_from_json(raw: Any, path: str = ENCOUNTER_KEY) -> Encounter:
    """An encounter from its JSON object. Raises `ValueError` naming the bad field."""
    o = _obj(raw, path)
    order: list[Combatant] = []
    for i, c in enumerate(_list(o.get("order"), f"{path}.order")):
        cp = f"{path}.order[{i}]"
        co = _obj(c, cp)
        tiebreak = tuple(
            _int({"v": v}, "v", f"{cp}.tiebreak[{j}]") for j, v in enumerate(_list(co.get("tiebreak"), cp))
        )
        order.append(
            Combatant(_text(co, "token", cp), _int(co, "d20", cp, 10), _int(co, "modifier", cp, 0), tiebreak)
        )
    rnd = max(1, _int(o, "round", path, 1))
    index = _int(o, "index", path, 0)
    index = min(max(index, 0), max(len(order) - 1, 0))
    turn: TurnState | None = None
    if o.get("turn") is not None:
        tp = f"{path}.turn"
        to = _obj(o["turn"], tp)
        turn = TurnState(
            token_id=_text(to, "token", tp),
            actions=_int(to, "actions", tp, 0),
            bonus_actions=_int(to, "bonus_actions", tp, 0),
            movement=_opt_int(to, "movement", tp),
            movement_spent=_int(to, "movement_spent", tp, 0),
            diagonals=_int(to, "diagonals", tp, 0),
            attacks=_int(to, "attacks", tp, 0),
        )
    effects: list[Effect] = []
    for i, e in enumerate(_list(o.get("effects"), f"{path}.effects")):
        ep = f"{path}.effects[{i}]"
        eo = _obj(e, ep)
        effects.append(
            Effect(
                id=_text(eo, "id", ep),
                token_id=_text(eo, "token", ep),
                name=_text(eo, "name", ep),
                rounds=_opt_int(eo, "rounds", ep),
                tick=_text(eo, "tick", ep, "start"),
                owner_id=_opt_text(eo, "owner", ep),
                condition=_opt_text(eo, "condition", ep),
                damage=_opt_text(eo, "damage", ep),
                damage_at=_text(eo, "damage_at", ep, "end"),
                flat_dc=_opt_int(eo, "flat_dc", ep),
            )
        )
    used = frozenset(
        _text({"v": v}, "v", f"{path}.reactions_used[{i}]")
        for i, v in enumerate(_list(o.get("reactions_used"), f"{path}.reactions_used"))
    )
    delayed = frozenset(
        _text({"v": v}, "v", f"{path}.delayed[{i}]")
        for i, v in enumerate(_list(o.get("delayed"), f"{path}.delayed"))
    )
    readied: list[tuple[str, str]] = []
    for i, r in enumerate(_list(o.get("readied"), f"{path}.readied")):
        rp = f"{path}.readied[{i}]"
        ro = _obj(r, rp)
        readied.append((_text(ro, "token", rp), _text(ro, "trigger", rp, "")))
    return Encounter(
        order=tuple(order),
        round=rnd,
        index=index,
        turn=turn,
        effects=tuple(effects),
        reactions_used=used,
        delayed=delayed,
        readied=tuple(readied),
    )


# ------------------------------------------------------------------------------------------ scene access


@dataclass(frozen=True, slots=True)
class EncounterRead:
    encounter: Encounter | None
    problem: str | None = None


def read_encounter(scene: Scene) -> EncounterRead:
    """The scene's encounter (None when none is running) and a problem text when it couldn't be read.
    Cached on the scene value."""

    def build() -> EncounterRead:
        raw = scene.extra.get(ENCOUNTER_KEY)
        if raw is None:
            return EncounterRead(None)
        try:
            return EncounterRead(encounter_from_json(raw))
        except ValueError as exc:
            return EncounterRead(None, str(exc))

    result: EncounterRead = scene.cached(("encounter_store",), build)
    return result


def encounter_of(scene: Scene) -> Encounter | None:
    return read_encounter(scene).encounter


def with_encounter(scene: Scene, encounter: Encounter | None) -> Scene:
    """A copy of the scene holding `encounter` (None removes it). The new scene's cache already knows it."""
    extra = {k: v for k, v in scene.extra.items() if k != ENCOUNTER_KEY}
    if encounter is not None:
        extra[ENCOUNTER_KEY] = encounter_to_json(encounter)
    new = scene.edit(extra=extra)
    new.cached(("encounter_store",), lambda: EncounterRead(encounter))
    return new


def game_state(scene: Scene) -> GameState:
    """The engine's view of a scene: the scene and its encounter."""
    return GameState(scene, encounter_of(scene))


def store(state: GameState) -> Scene:
    """The scene of an engine state with its encounter written into it."""
    return with_encounter(state.scene, state.encounter)


# ------------------------------------------------------------------------------------------------- log


def log_of(scene: Scene) -> tuple[str, ...]:
    """The log saved with the scene (entries are texts; anything else is skipped)."""
    raw = scene.extra.get(LOG_KEY)
    if not isinstance(raw, list):
        return ()
    return tuple(e for e in raw if isinstance(e, str))


def with_log(scene: Scene, entries: Sequence[str]) -> Scene:
    extra = {k: v for k, v in scene.extra.items() if k != LOG_KEY}
    if entries:
        extra[LOG_KEY] = list(entries)
    return scene.edit(extra=extra)
