"""A scene's ``creatures`` table: tokens that reference a shared creature.

A scene file may hold ``"creatures": {creature_id: entry}``, where an entry is the creature's token fields
(the query protocol's token keys: ``name``, ``size``, ``speed``, ``reach``, ``ac``, ``hp``, ``attacks``,
``saves``, ``skills``, ``perception``, ``level``, ``abilities``, ``senses``, IWR, ``reactions`` …, plus a 5e
creature's ``cr`` and ``xp``) and, for the app's stat block, the rest of the creature
(`rules.io.creature_json.creature_table_entry` writes one). A token says ``"creature": creature_id`` and
holds its own state (``cell``, ``side``, ``hp``, ``conditions`` …); any token field it gives overrides the
creature's. Several tokens may share one creature.

`link_tokens` resolves such tokens to flat token JSON before the scene reader reads them, so the engine
keeps reading flat `Token` fields; `compact_token_json` writes back only what differs from the creature.
Dict-only (no import of the scene reader): the reader passes its token keys and a check for an entry.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from rules.errors import SceneError

JSON = Any
#: Keys an entry gives a token besides the token keys proper (a 5e creature's challenge and XP).
LINKED_EXTRA: tuple[str, ...] = ("cr", "xp")
#: Keys of a token that are its own and never come from the creature.
OWN_KEYS: tuple[str, ...] = ("id", "cell", "side", "creature")


def _linked(entry: Mapping[str, JSON], token_keys: Collection[str]) -> dict[str, JSON]:
    return {k: v for k, v in entry.items() if (k in token_keys or k in LINKED_EXTRA) and k not in OWN_KEYS}


def link_tokens(
    raw_creatures: JSON,
    raw_tokens: list[JSON],
    token_keys: Collection[str],
    check_entry: Callable[[dict[str, JSON], str], object],
    source: str = "",
) -> list[JSON]:
    """Tokens with ``"creature"`` become the creature's token fields with the token's own on top (the
    ``creature`` key stays, so saving keeps the link). `check_entry(entry, path)` validates an entry as a
    token would be (raising `SceneError` at ``creatures.<id>…``). Other tokens pass through unchanged."""
    if raw_creatures is None:
        table: dict[str, JSON] = {}
    elif isinstance(raw_creatures, dict):
        table = raw_creatures
    else:
        raise SceneError("expected an object {creature id: creature}", "creatures", source)
    fields: dict[str, dict[str, JSON]] = {}
    for cid, entry in table.items():
        path = f"creatures.{cid}"
        if not isinstance(entry, dict):
            raise SceneError("expected an object (the creature's token fields)", path, source)
        linked = _linked(entry, token_keys)
        check_entry({**linked, "id": str(cid), "cell": [0, 0]}, path)
        fields[str(cid)] = linked
    out: list[JSON] = []
    for i, t in enumerate(raw_tokens):
        if not isinstance(t, dict) or "creature" not in t:
            out.append(t)
            continue
        cid = t["creature"]
        if not isinstance(cid, str) or cid not in fields:
            known = ", ".join(sorted(fields)) or "none"
            raise SceneError(
                f"{cid!r:.40} is not in the scene's creatures table (known: {known})",
                f"tokens[{i}].creature",
                source,
            )
        merged = dict(fields[cid])
        if "hp" in t and "max_hp" not in t and "max_hp" not in merged and "hp" in merged:
            merged["max_hp"] = merged["hp"]
        merged.update(t)
        out.append(merged)
    return out


def compact_token_json(
    token: dict[str, JSON], creatures: Mapping[str, JSON] | None, token_keys: Collection[str]
) -> dict[str, JSON]:
    """For saving a linked token: drop the fields it still shares with its creature, keep its own (id,
    cell, side, the link) and every field that differs; a creature field the token leaves out is written
    empty (null, [] or {}) so that reading it back doesn't fall back to the creature's."""
    cid = token.get("creature")
    if not isinstance(cid, str) or not isinstance(creatures, Mapping):
        return token
    entry = creatures.get(cid)
    if not isinstance(entry, dict):
        return token
    fields = _linked(entry, token_keys)
    out = {k: v for k, v in token.items() if k in OWN_KEYS or k not in fields or fields[k] != v}
    for k, v in fields.items():
        if k not in token:
            out[k] = type(v)() if isinstance(v, (list, dict)) else None
    return out
