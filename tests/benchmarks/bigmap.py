"""A deterministic generated "big map" for the benchmarks.

`big_map()` gives a 120×120 dungeon: a 6×6 lattice of rooms joined by corridors, walls split into segments
with doors (some open) between rooms and corridors (about 600 wall segments), 15 % difficult and 3 % greater
difficult terrain, and 60 tokens of mixed sizes and sides with melee and ranged attacks. The same
arguments always give the same scene. `big_map(cells=30, rooms=2, tokens=8)` is the small version the
smoke test uses.
"""

from __future__ import annotations

import random
from typing import Any

from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene

SIZES_MIX = ("medium",) * 8 + ("small",) * 2 + ("large",) * 3 + ("huge", "tiny", "gargantuan")


def _segments(
    x0: float, y0: float, x1: float, y1: float, parts: int
) -> list[tuple[float, float, float, float]]:
    return [
        (
            x0 + (x1 - x0) * i / parts,
            y0 + (y1 - y0) * i / parts,
            x0 + (x1 - x0) * (i + 1) / parts,
            y0 + (y1 - y0) * (i + 1) / parts,
        )
        for i in range(parts)
    ]


def big_map_doc(
    system: str = "pf2e", *, cells: int = 120, rooms: int = 6, tokens: int = 60, seed: int = 20261201
) -> dict[str, Any]:
    rng = random.Random(seed)
    block = cells // rooms
    inset = max(1, block // 10)
    side = block - 2 * inset  # room side in squares
    while side > 3 and side % 3:
        side -= 1
    parts = 3
    door_part = parts // 2
    walls: list[dict[str, Any]] = []
    door_count = 0

    def add(seg: tuple[float, float, float, float], kind: str = "wall", is_open: bool = False) -> None:
        w: dict[str, Any] = {"a": [seg[0], seg[1]], "b": [seg[2], seg[3]], "kind": kind}
        if kind == "door":
            w["open"] = is_open
        walls.append(w)

    for ry in range(rooms):
        for rx in range(rooms):
            x0, y0 = rx * block + inset, ry * block + inset
            x1, y1 = x0 + side, y0 + side
            sides = {
                "n": (x0, y0, x1, y0),
                "e": (x1, y0, x1, y1),
                "s": (x0, y1, x1, y1),
                "w": (x0, y0, x0, y1),
            }
            for name, (ax, ay, bx, by) in sides.items():
                has_neighbour = (
                    (name == "e" and rx < rooms - 1)
                    or (name == "w" and rx > 0)
                    or (name == "s" and ry < rooms - 1)
                    or (name == "n" and ry > 0)
                )
                for i, seg in enumerate(_segments(ax, ay, bx, by, parts)):
                    if has_neighbour and i == door_part:
                        add(seg, "door", is_open=rng.random() < 0.5)
                        door_count += 1
                    else:
                        add(seg, "window" if rng.random() < 0.03 else "wall")
            # corridors east and south: two parallel walls from this room's door to the next room's door
            d0 = side * door_part / parts
            d1 = side * (door_part + 1) / parts
            if rx < rooms - 1:
                add((x1, y0 + d0, x1 + 2 * inset, y0 + d0))
                add((x1, y0 + d1, x1 + 2 * inset, y0 + d1))
            if ry < rooms - 1:
                add((x0 + d0, y1, x0 + d0, y1 + 2 * inset))
                add((x0 + d1, y1, x0 + d1, y1 + 2 * inset))
            # a low wall and a free-standing diagonal screen inside some rooms
            if rng.random() < 0.5:
                cx, cy = x0 + side // 2, y0 + side // 3
                add((cx - 2, cy, cx + 2, cy), "low")
            if rng.random() < 0.4:
                cx, cy = x0 + side // 3, y0 + 2 * side // 3
                add((cx, cy, cx + 2.5, cy + 2.5))

    terrain: list[dict[str, Any]] = []
    all_cells = [(x, y) for y in range(cells) for x in range(cells)]
    rng.shuffle(all_cells)
    n_diff = round(len(all_cells) * 0.15)
    n_greater = round(len(all_cells) * 0.03)
    for x, y in all_cells[:n_diff]:
        terrain.append({"cell": [x, y], "kind": "difficult"})
    for x, y in all_cells[n_diff : n_diff + n_greater]:
        terrain.append({"cell": [x, y], "kind": "greater-difficult"})

    occupied: set[tuple[int, int]] = set()
    toks: list[dict[str, Any]] = []
    sides_cycle = ("party", "enemies", "enemies", "neutral")
    attempts = 0
    while len(toks) < tokens and attempts < tokens * 200:
        attempts += 1
        size = SIZES_MIX[len(toks) % len(SIZES_MIX)]
        n = {"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3, "gargantuan": 4}[size]
        # keep tokens inside rooms so corridors stay open
        rx, ry = rng.randrange(rooms), rng.randrange(rooms)
        x = rx * block + inset + rng.randrange(max(1, side - n + 1))
        y = ry * block + inset + rng.randrange(max(1, side - n + 1))
        squares = {(x + i, y + j) for i in range(n) for j in range(n)}
        if squares & occupied:
            continue
        occupied |= squares
        i = len(toks)
        melee = {"name": "sword", "bonus": 8, "damage": "1d8+4 slashing"}
        ranged = {"name": "bow", "bonus": 7, "damage": "1d6+2 piercing"}
        if system == "pf2e":
            melee.update(traits=["agile"] if i % 3 == 0 else [], range_increment=None)
            ranged.update(traits=["deadly d10"], range_increment=60)
        else:
            melee.update(properties=["finesse"] if i % 3 == 0 else [])
            ranged.update(properties=["ammunition"], range=[80, 320])
        toks.append(
            {
                "id": f"t{i:02d}",
                "name": f"Creature {i}",
                "cell": [x, y],
                "size": size,
                "side": sides_cycle[i % len(sides_cycle)],
                "ac": 15 + i % 5,
                "hp": 20 + i,
                "max_hp": 20 + i,
                "initiative_bonus": i % 7,
                "attacks": [melee, ranged] if i % 2 == 0 else [melee],
            }
        )
    return {
        "format": "fivefoot.scene",
        "version": 1,
        "system": system,
        "name": f"Benchmark dungeon {cells}x{cells}",
        "options": {} if system == "pf2e" else {"flanking": True},
        "grid": {"width": cells, "height": cells},
        "terrain": terrain,
        "walls": walls,
        "tokens": toks,
        "benchmark": {"doors": door_count, "seed": seed},
    }


def big_map(system: str = "pf2e", **kwargs: Any) -> Scene:
    return scene_from_json(big_map_doc(system, **kwargs), "<big map>")
