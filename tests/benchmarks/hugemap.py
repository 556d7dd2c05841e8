"""Deterministic generated maps for the light, vision and fog benchmarks.

`lit_doc(doc)` turns a generated dungeon (`tests.benchmarks.bigmap`) dark: ambient darkness, a light in the
middle of every room (bright 20 ft, dim 40 ft), torches (bright 20, dim 40) on six party creatures, and
darkvision on two of them. `huge_map_doc()` is the 250×250 dungeon: a 12×12 lattice of rooms (2,000+ wall
segments with doors and windows) and 240 tokens, lit the same way; `giant_map_doc()` the 500×500 one
(24×24 rooms, 576 room lights, 480 tokens). The same arguments always give the same scene.
"""

from __future__ import annotations

from typing import Any

from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene
from tests.benchmarks.bigmap import big_map_doc

PARTY = 6


def lit_doc(doc: dict[str, Any], *, party: int = PARTY) -> dict[str, Any]:
    out = dict(doc)
    cells = int(doc["grid"]["width"])
    rooms = int(doc["benchmark"].get("rooms", 6))
    block = cells // rooms
    out["options"] = {**doc.get("options", {}), "ambient": "darkness"}
    out["lights"] = [
        {"at": [rx * block + block // 2, ry * block + block // 2], "bright": 20, "dim": 40}
        for ry in range(rooms)
        for rx in range(rooms)
    ]
    tokens = []
    n = 0
    for t in doc["tokens"]:
        t = dict(t)
        if t["size"] == "medium" and n < party:
            t["side"] = "party"
            t["pc"] = True
            t["light"] = {"bright": 20, "dim": 40}
            if n < 2:
                t["senses"] = ["darkvision"] if doc["system"] == "pf2e" else {"darkvision": 60}
            n += 1
        elif t.get("side") == "party":
            t["side"] = "neutral"
        tokens.append(t)
    out["tokens"] = tokens
    return out


def lit_big_map_doc(system: str = "pf2e", **kwargs: Any) -> dict[str, Any]:
    rooms = int(kwargs.get("rooms", 6))
    doc = big_map_doc(system, **kwargs)
    doc["benchmark"] = {**doc["benchmark"], "rooms": rooms}
    return lit_doc(doc)


def huge_map_doc(system: str = "pf2e", *, quick: bool = False) -> dict[str, Any]:
    if quick:
        return lit_big_map_doc(system, cells=40, rooms=3, tokens=12)
    return lit_big_map_doc(system, cells=250, rooms=12, tokens=240)


def giant_map_doc(system: str = "pf2e", *, quick: bool = False) -> dict[str, Any]:
    """The 500×500 dungeon: a 24×24 lattice of rooms (576 room lights, 8,000+ wall segments) and 480 tokens,
    lit like the others."""
    if quick:
        return lit_big_map_doc(system, cells=48, rooms=4, tokens=16)
    return lit_big_map_doc(system, cells=500, rooms=24, tokens=480)


def giant_map(system: str = "pf2e", *, quick: bool = False) -> Scene:
    return scene_from_json(giant_map_doc(system, quick=quick), "<giant map>")


def huge_map(system: str = "pf2e", *, quick: bool = False) -> Scene:
    return scene_from_json(huge_map_doc(system, quick=quick), "<huge map>")


def lit_big_map(system: str = "pf2e", *, quick: bool = False) -> Scene:
    doc = lit_big_map_doc(system, cells=30, rooms=2, tokens=8) if quick else lit_big_map_doc(system)
    return scene_from_json(doc, "<lit big map>")
