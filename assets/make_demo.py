"""Generate the bundled demo encounter "The Sunken Shrine": the map picture and both scene files.

    python assets/make_demo.py        # writes assets/demo-map.png, demo-pf2e.json, demo-5e.json

Everything is drawn here with QPainter from a seeded random generator (no outside art), so the output is
the same on every run. The walls and terrain of the scene files come from the same layout as the picture,
so what you see is what the rules engine knows.
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
W, H = 36, 26  # grid, in squares
PX = 50  # picture pixels per square
SEED = 5_2026

# ------------------------------------------------------------------------------------------- the layout

# Rooms and corridors as inclusive cell rectangles (x0, y0, x1, y1); each is one region.
REGIONS: dict[str, tuple[int, int, int, int]] = {
    "entry": (1, 8, 8, 17),
    "west-corridor": (9, 12, 11, 13),
    "shrine": (12, 2, 25, 23),
    "east-corridor": (26, 8, 28, 9),
    "vault": (29, 4, 34, 13),
    "cells": (26, 17, 34, 23),
}

# Edges that are not plain walls: (kind, (X0, Y0), (X1, Y1), open). Corner coordinates.
OPENINGS: list[tuple[str, tuple[int, int], tuple[int, int], bool]] = [
    ("door", (9, 12), (9, 14), True),  # entry → west corridor, open
    ("none", (12, 12), (12, 14), False),  # west corridor → shrine, an archway
    ("none", (26, 8), (26, 10), False),  # shrine → east corridor, an archway
    ("door", (29, 8), (29, 10), False),  # east corridor → vault, closed
    ("window", (26, 17), (26, 20), False),  # shrine ↔ the first prison cell, a barred window
    ("none", (26, 21), (26, 24), False),  # shrine → the cell block, an archway
]

# Low walls (the altar rail) inside the shrine: blocks nothing, gives cover.
LOW_WALLS: list[tuple[tuple[int, int], tuple[int, int]]] = [((14, 6), (18, 6)), ((20, 6), (24, 6))]

PILLARS = [(15, 9), (22, 9), (15, 16), (22, 16)]
ALTAR = [(18, 3), (19, 3)]
WATER = [
    (13, 17),
    (14, 17),
    (13, 18),
    (14, 18),
    (15, 18),
    (13, 19),
    (14, 19),
    (15, 19),
    (16, 19),
    (13, 20),
    (14, 20),
    (15, 20),
    (16, 20),
    (17, 20),
    (13, 21),
    (14, 21),
    (15, 21),
    (16, 21),
    (17, 21),
    (13, 22),
    (14, 22),
    (15, 22),
    (16, 22),
    (14, 23),
    (15, 23),
    (16, 23),
]
RUBBLE = [
    (23, 20),
    (24, 20),
    (22, 21),
    (23, 21),
    (24, 21),
    (25, 21),
    (23, 22),
    (24, 22),
    (25, 22),
    (24, 23),
    (25, 23),
]
EMBERS = [(18, 12), (19, 12), (18, 13), (19, 13)]
CELL_BARS = [(29, 18), (32, 18)]  # x of the cell-divider walls inside "cells" (cosmetic + walls)


def region_grid() -> list[list[str | None]]:
    grid: list[list[str | None]] = [[None] * W for _ in range(H)]
    for name, (x0, y0, x1, y1) in REGIONS.items():
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                grid[y][x] = name
    return grid


def wall_edges() -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Unit edges between two different regions (or a region and rock), minus the openings."""
    grid = region_grid()

    def at(x: int, y: int) -> str | None:
        return grid[y][x] if 0 <= x < W and 0 <= y < H else None

    special: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    for _kind, a, b, _open in OPENINGS:
        (ax, ay), (bx, by) = a, b
        if ax == bx:
            for y in range(min(ay, by), max(ay, by)):
                special.add(((ax, y), (ax, y + 1)))
        else:
            for x in range(min(ax, bx), max(ax, bx)):
                special.add(((x, ay), (x + 1, ay)))
    edges = []
    for y in range(H + 1):
        for x in range(W):
            up, down = at(x, y - 1), at(x, y)
            if up != down and (up or down):
                e = ((x, y), (x + 1, y))
                if e not in special:
                    edges.append(e)
    for x in range(W + 1):
        for y in range(H):
            left, right = at(x - 1, y), at(x, y)
            if left != right and (left or right):
                e = ((x, y), (x, y + 1))
                if e not in special:
                    edges.append(e)
    return edges


def merge(
    edges: list[tuple[tuple[int, int], tuple[int, int]]],
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Join collinear unit edges into the longest straight segments."""
    horizontal: dict[int, list[int]] = {}
    vertical: dict[int, list[int]] = {}
    for (ax, ay), (bx, by) in edges:
        if ay == by:
            horizontal.setdefault(ay, []).append(min(ax, bx))
        else:
            vertical.setdefault(ax, []).append(min(ay, by))
    out: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for y, xs in sorted(horizontal.items()):
        xs.sort()
        start = prev = xs[0]
        for x in [*xs[1:], None]:
            if x is not None and x == prev + 1:
                prev = x
                continue
            out.append(((start, y), (prev + 1, y)))
            if x is not None:
                start = prev = x
    for x, ys in sorted(vertical.items()):
        ys.sort()
        start = prev = ys[0]
        for y in [*ys[1:], None]:
            if y is not None and y == prev + 1:
                prev = y
                continue
            out.append(((x, start), (x, prev + 1)))
            if y is not None:
                start = prev = y
    return out


def scene_walls() -> list[dict[str, Any]]:
    walls: list[dict[str, Any]] = []
    for a, b in merge(wall_edges()):
        walls.append({"a": list(a), "b": list(b), "kind": "wall"})
    for kind, a, b, is_open in OPENINGS:
        if kind == "none":
            continue
        w: dict[str, Any] = {"a": list(a), "b": list(b), "kind": kind}
        if kind == "door":
            w["open"] = is_open
        walls.append(w)
    for a, b in LOW_WALLS:
        walls.append({"a": list(a), "b": list(b), "kind": "low"})
    # prison cell dividers inside the cells room, with barred (window) fronts
    for x, _y in CELL_BARS:
        walls.append({"a": [x, 17], "b": [x, 20], "kind": "wall"})
    for x0 in (26, 29, 32):  # bars with a cell door in the middle of each front
        walls.append({"a": [x0, 20], "b": [x0 + 1, 20], "kind": "window"})
        walls.append({"a": [x0 + 1, 20], "b": [x0 + 2, 20], "kind": "door", "open": x0 == 32})
        walls.append({"a": [x0 + 2, 20], "b": [x0 + 3, 20], "kind": "window"})
    return walls


def scene_terrain() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    out += [{"cell": list(c), "kind": "difficult"} for c in WATER]
    out += [{"cell": list(c), "kind": "greater-difficult"} for c in RUBBLE]
    out += [{"cell": list(c), "kind": "hazardous"} for c in EMBERS]
    out += [{"cell": list(c), "kind": "impassable"} for c in [*PILLARS, *ALTAR]]
    return out


# ------------------------------------------------------------------------------------------ creatures


@dataclass(frozen=True)
class Creature:
    id: str
    name: str
    cell: tuple[int, int]
    side: str
    size: str = "medium"
    pc: bool = False


PARTY = [
    Creature("brann", "Brann", (5, 11), "party", pc=True),
    Creature("isolde", "Isolde", (4, 13), "party", pc=True),
    Creature("quill", "Quill", (6, 14), "party", "small", pc=True),
    Creature("mira", "Mira", (3, 11), "party", pc=True),
]
FOES = [
    Creature("ogre", "Ogre", (20, 14), "enemies", "large"),
    Creature("goblin-1", "Goblin 1", (16, 8), "enemies", "small"),
    Creature("goblin-2", "Goblin 2", (23, 11), "enemies", "small"),
    Creature("skeleton-1", "Skeleton 1", (17, 4), "enemies"),
    Creature("skeleton-2", "Skeleton 2", (21, 4), "enemies"),
    Creature("cult-leader", "Cult Leader", (32, 8), "enemies"),
]

PF2E_STATS: dict[str, dict[str, Any]] = {
    "brann": {
        "speed": 25,
        "ac": 18,
        "hp": 20,
        "initiative_bonus": 7,
        "reactions": ["Reactive Strike"],
        "attacks": [{"name": "longsword", "bonus": 9, "damage": "1d8+4 slashing", "traits": ["versatile p"]}],
    },
    "isolde": {
        "speed": 25,
        "ac": 16,
        "hp": 12,
        "max_hp": 18,
        "initiative_bonus": 6,
        "attacks": [
            {"name": "scimitar", "bonus": 7, "damage": "1d6+3 slashing", "traits": ["forceful", "sweep"]}
        ],
    },
    "quill": {
        "speed": 25,
        "ac": 18,
        "hp": 17,
        "initiative_bonus": 9,
        "conditions": [],
        "attacks": [
            {"name": "rapier", "bonus": 8, "damage": "1d6+4 piercing", "traits": ["deadly d8", "finesse"]},
            {
                "name": "shortbow",
                "bonus": 8,
                "damage": "1d6 piercing",
                "traits": ["deadly d10"],
                "range_increment": 60,
            },
        ],
    },
    "mira": {
        "speed": 25,
        "ac": 15,
        "hp": 14,
        "temp_hp": 3,
        "initiative_bonus": 5,
        "attacks": [{"name": "staff", "bonus": 4, "damage": "1d4 bludgeoning", "traits": ["two-hand d8"]}],
    },
    "ogre": {
        "speed": 25,
        "reach": 10,
        "ac": 17,
        "hp": 50,
        "initiative_bonus": 5,
        "reactions": ["Reactive Strike"],
        "attacks": [
            {"name": "ogre hook", "bonus": 12, "damage": "1d10+7 piercing", "traits": ["deadly d10", "trip"]}
        ],
    },
    "goblin-1": {
        "speed": 25,
        "ac": 16,
        "hp": 6,
        "initiative_bonus": 5,
        "attacks": [
            {
                "name": "dogslicer",
                "bonus": 8,
                "damage": "1d6 slashing",
                "traits": ["agile", "backstabber", "finesse"],
            },
            {
                "name": "shortbow",
                "bonus": 6,
                "damage": "1d6 piercing",
                "traits": ["deadly d10"],
                "range_increment": 60,
            },
        ],
    },
    "goblin-2": {
        "speed": 25,
        "ac": 16,
        "hp": 4,
        "max_hp": 6,
        "initiative_bonus": 5,
        "conditions": ["frightened 1"],
        "attacks": [
            {
                "name": "dogslicer",
                "bonus": 8,
                "damage": "1d6 slashing",
                "traits": ["agile", "backstabber", "finesse"],
            }
        ],
    },
    "skeleton-1": {
        "speed": 25,
        "ac": 16,
        "hp": 4,
        "initiative_bonus": 4,
        "attacks": [
            {"name": "scimitar", "bonus": 6, "damage": "1d6+2 slashing", "traits": ["forceful", "sweep"]}
        ],
    },
    "skeleton-2": {
        "speed": 25,
        "ac": 16,
        "hp": 4,
        "initiative_bonus": 4,
        "attacks": [
            {"name": "scimitar", "bonus": 6, "damage": "1d6+2 slashing", "traits": ["forceful", "sweep"]}
        ],
    },
    "cult-leader": {
        "speed": 25,
        "ac": 19,
        "hp": 30,
        "initiative_bonus": 8,
        "reactions": ["Reactive Strike"],
        "attacks": [
            {
                "name": "sickle",
                "bonus": 10,
                "damage": "1d4+4 slashing",
                "traits": ["agile", "finesse", "trip"],
            }
        ],
    },
}

DND5E_STATS: dict[str, dict[str, Any]] = {
    "brann": {
        "speed": 30,
        "ac": 18,
        "hp": 28,
        "initiative_bonus": 1,
        "attacks": [
            {"name": "longsword", "bonus": 5, "damage": "1d8+3 slashing", "properties": ["versatile"]}
        ],
    },
    "isolde": {
        "speed": 30,
        "ac": 18,
        "hp": 17,
        "max_hp": 24,
        "initiative_bonus": 0,
        "attacks": [{"name": "mace", "bonus": 4, "damage": "1d6+2 bludgeoning"}],
    },
    "quill": {
        "speed": 25,
        "ac": 14,
        "hp": 21,
        "initiative_bonus": 3,
        "attacks": [
            {
                "name": "shortsword",
                "bonus": 5,
                "damage": "1d6+3 piercing",
                "properties": ["finesse", "light"],
            },
            {"name": "shortbow", "bonus": 5, "damage": "1d6+3 piercing", "range": [80, 320]},
        ],
    },
    "mira": {
        "speed": 30,
        "ac": 12,
        "hp": 15,
        "temp_hp": 5,
        "initiative_bonus": 2,
        "attacks": [
            {"name": "quarterstaff", "bonus": 2, "damage": "1d6 bludgeoning", "properties": ["versatile"]}
        ],
    },
    "ogre": {
        "speed": 40,
        "ac": 11,
        "hp": 59,
        "initiative_bonus": -1,
        "attacks": [{"name": "greatclub", "bonus": 6, "damage": "2d8+4 bludgeoning"}],
    },
    "goblin-1": {
        "speed": 30,
        "ac": 15,
        "hp": 7,
        "initiative_bonus": 2,
        "attacks": [
            {"name": "scimitar", "bonus": 4, "damage": "1d6+2 slashing", "properties": ["finesse", "light"]},
            {"name": "shortbow", "bonus": 4, "damage": "1d6+2 piercing", "range": [80, 320]},
        ],
    },
    "goblin-2": {
        "speed": 30,
        "ac": 15,
        "hp": 3,
        "max_hp": 7,
        "initiative_bonus": 2,
        "conditions": ["poisoned"],
        "attacks": [
            {"name": "scimitar", "bonus": 4, "damage": "1d6+2 slashing", "properties": ["finesse", "light"]}
        ],
    },
    "skeleton-1": {
        "speed": 30,
        "ac": 13,
        "hp": 13,
        "initiative_bonus": 2,
        "vulnerabilities": ["bludgeoning"],
        "attacks": [
            {"name": "shortsword", "bonus": 4, "damage": "1d6+2 piercing", "properties": ["finesse", "light"]}
        ],
    },
    "skeleton-2": {
        "speed": 30,
        "ac": 13,
        "hp": 13,
        "initiative_bonus": 2,
        "vulnerabilities": ["bludgeoning"],
        "attacks": [
            {"name": "shortsword", "bonus": 4, "damage": "1d6+2 piercing", "properties": ["finesse", "light"]}
        ],
    },
    "cult-leader": {
        "speed": 30,
        "ac": 13,
        "hp": 33,
        "initiative_bonus": 2,
        "attacks": [
            {
                "name": "dagger",
                "bonus": 4,
                "damage": "1d4+2 piercing",
                "properties": ["finesse", "light", "thrown"],
            }
        ],
    },
}


#: Saving throw modifiers (PF2e Fortitude/Reflex/Will; 5e the six abilities), for "roll saves" on areas.
PF2E_SAVES: dict[str, dict[str, int]] = {
    "brann": {"fortitude": 7, "reflex": 5, "will": 4},
    "isolde": {"fortitude": 7, "reflex": 4, "will": 6},
    "quill": {"fortitude": 4, "reflex": 8, "will": 5},
    "mira": {"fortitude": 3, "reflex": 5, "will": 7},
    "ogre": {"fortitude": 13, "reflex": 6, "will": 5},
    "goblin-1": {"fortitude": 5, "reflex": 7, "will": 3},
    "goblin-2": {"fortitude": 5, "reflex": 7, "will": 3},
    "skeleton-1": {"fortitude": 2, "reflex": 8, "will": 2},
    "skeleton-2": {"fortitude": 2, "reflex": 8, "will": 2},
    "cult-leader": {"fortitude": 6, "reflex": 8, "will": 10},
}
DND5E_SAVES: dict[str, dict[str, int]] = {
    "brann": {"str": 5, "dex": 1, "con": 4, "int": 0, "wis": 1, "cha": -1},
    "isolde": {"str": 2, "dex": 0, "con": 2, "int": 0, "wis": 5, "cha": 3},
    "quill": {"str": -1, "dex": 5, "con": 1, "int": 3, "wis": 1, "cha": 1},
    "mira": {"str": -1, "dex": 2, "con": 1, "int": 5, "wis": 3, "cha": 0},
    "ogre": {"str": 4, "dex": -1, "con": 3, "int": -3, "wis": -2, "cha": -2},
    "goblin-1": {"str": -1, "dex": 2, "con": 0, "int": 0, "wis": -1, "cha": -1},
    "goblin-2": {"str": -1, "dex": 2, "con": 0, "int": 0, "wis": -1, "cha": -1},
    "skeleton-1": {"str": 0, "dex": 2, "con": 2, "int": -2, "wis": -1, "cha": -3},
    "skeleton-2": {"str": 0, "dex": 2, "con": 2, "int": -2, "wis": -1, "cha": -3},
    "cult-leader": {"str": 0, "dex": 2, "con": 1, "int": 1, "wis": 4, "cha": 3},
}


#: What the turn's rules read (level, Perception, skills, senses; PCs' hero points), PF2e. The party is
#: level 2: Brann a dwarf (darkvision), Isolde an elf and Quill a gnome (low-light vision), Mira a human
#: carrying the torch (bright 20 ft, dim 20 ft more). Foes from the Monster Core's numbers.
PF2E_SHEET: dict[str, dict[str, Any]] = {
    "brann": {
        "level": 2,
        "perception": 7,
        "skills": {"athletics": 7, "intimidation": 4, "survival": 5},
        "senses": ["darkvision"],
        "hero_points": 1,
    },
    "isolde": {
        "level": 2,
        "perception": 7,
        "skills": {"athletics": 5, "medicine": 7, "religion": 7, "diplomacy": 4},
        "senses": ["low-light-vision"],
        "hero_points": 1,
    },
    "quill": {
        "level": 2,
        "perception": 6,
        "skills": {"acrobatics": 8, "stealth": 8, "thievery": 8, "deception": 5},
        "senses": ["low-light-vision"],
        "hero_points": 1,
    },
    "mira": {
        "level": 2,
        "perception": 5,
        "skills": {"arcana": 8, "occultism": 6, "society": 6, "athletics": 0},
        "hero_points": 1,
        "light": {"bright": 20, "dim": 40},
    },
    "ogre": {
        "level": 3,
        "perception": 5,
        "skills": {"athletics": 11, "intimidation": 7},
        "senses": ["darkvision"],
    },
    "goblin-1": {
        "level": -1,
        "perception": 2,
        "skills": {"acrobatics": 5, "athletics": 2, "nature": 1, "stealth": 5},
        "senses": ["darkvision"],
    },
    "goblin-2": {
        "level": -1,
        "perception": 2,
        "skills": {"acrobatics": 5, "athletics": 2, "nature": 1, "stealth": 5},
        "senses": ["darkvision"],
    },
    "skeleton-1": {
        "level": -1,
        "perception": 2,
        "skills": {"acrobatics": 6, "athletics": 3, "stealth": 6},
        "senses": ["darkvision"],
    },
    "skeleton-2": {
        "level": -1,
        "perception": 2,
        "skills": {"acrobatics": 6, "athletics": 3, "stealth": 6},
        "senses": ["darkvision"],
    },
    "cult-leader": {
        "level": 1,
        "perception": 9,
        "skills": {"athletics": 5, "deception": 9, "intimidation": 7, "religion": 8, "stealth": 6},
    },
}
#: 5e ability scores (str, dex, con, int, wis, cha) in the order of `ABILITIES`.
ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
DND5E_SCORES: dict[str, tuple[int, ...]] = {
    "brann": (16, 12, 14, 10, 12, 8),
    "isolde": (14, 10, 14, 10, 16, 12),
    "quill": (8, 16, 12, 13, 12, 12),
    "mira": (8, 14, 12, 16, 13, 10),
    "ogre": (19, 8, 16, 5, 7, 7),
    "goblin-1": (8, 14, 10, 10, 8, 8),
    "goblin-2": (8, 14, 10, 10, 8, 8),
    "skeleton-1": (10, 14, 15, 6, 8, 5),
    "skeleton-2": (10, 14, 15, 6, 8, 5),
    "cult-leader": (10, 14, 12, 13, 17, 15),
}
#: What the 5e rules read: proficiency bonus, skills, senses; PCs' levels and inspiration; monsters' CR and
#: XP (the encounter's difficulty). Brann is a dwarf (darkvision 60 ft); Mira carries the torch.
DND5E_SHEET: dict[str, dict[str, Any]] = {
    "brann": {
        "level": 4,
        "proficiency_bonus": 2,
        "skills": {"athletics": 5, "intimidation": 1, "perception": 3},
        "senses": {"darkvision": 60},
        "inspiration": True,
    },
    "isolde": {
        "level": 4,
        "proficiency_bonus": 2,
        "skills": {"athletics": 4, "medicine": 5, "religion": 2, "insight": 5},
    },
    "quill": {
        "level": 4,
        "proficiency_bonus": 2,
        "skills": {"acrobatics": 5, "stealth": 7, "sleight-of-hand": 5, "perception": 3},
        "senses": {"darkvision": 60},
    },
    "mira": {
        "level": 4,
        "proficiency_bonus": 2,
        "skills": {"arcana": 5, "history": 5, "investigation": 5},
        "light": {"bright": 20, "dim": 40},
    },
    "ogre": {"proficiency_bonus": 2, "cr": 2, "xp": 450, "senses": {"darkvision": 60}},
    "goblin-1": {
        "proficiency_bonus": 2,
        "cr": 0.25,
        "xp": 50,
        "skills": {"stealth": 6},
        "senses": {"darkvision": 60},
    },
    "goblin-2": {
        "proficiency_bonus": 2,
        "cr": 0.25,
        "xp": 50,
        "skills": {"stealth": 6},
        "senses": {"darkvision": 60},
    },
    "skeleton-1": {"proficiency_bonus": 2, "cr": 0.25, "xp": 50, "senses": {"darkvision": 60}},
    "skeleton-2": {"proficiency_bonus": 2, "cr": 0.25, "xp": 50, "senses": {"darkvision": 60}},
    "cult-leader": {
        "proficiency_bonus": 2,
        "cr": 1,
        "xp": 200,
        "skills": {"deception": 6, "persuasion": 6, "religion": 3, "stealth": 4},
    },
}

#: Light sources on the map (corner coordinates; radii in feet): the fire pit in the shrine and the altar
#: candles. The shrine is otherwise dim, so the lights, the torch and the creatures' senses matter.
LIGHTS: list[dict[str, Any]] = [
    {"at": [19, 13], "bright": 20, "dim": 40, "color": "ffffb060"},
    {"at": [19, 3.5], "bright": 10, "dim": 20, "color": "fffff0c0"},
]
AMBIENT = "dim"


def scene_doc(system: str) -> dict[str, Any]:
    stats = PF2E_STATS if system == "pf2e" else DND5E_STATS
    saves = PF2E_SAVES if system == "pf2e" else DND5E_SAVES
    tokens = []
    for c in [*PARTY, *FOES]:
        t: dict[str, Any] = {
            "id": c.id,
            "name": c.name,
            "cell": list(c.cell),
            "size": c.size,
            "side": c.side,
            "pc": c.pc,
        }
        t.update(stats[c.id])
        t["saves"] = saves[c.id]
        if system == "pf2e":
            t.update(PF2E_SHEET[c.id])
        else:
            t["abilities"] = dict(zip(ABILITIES, DND5E_SCORES[c.id], strict=True))
            t.update(DND5E_SHEET[c.id])
        tokens.append(t)
    options: dict[str, Any] = (
        {"area_method": "half"}
        if system == "pf2e"
        else {"diagonals": "five", "flanking": False, "area_method": "half"}
    )
    options["ambient"] = AMBIENT
    return {
        "format": "fivefoot.scene",
        "version": 1,
        "system": system,
        "name": "The Sunken Shrine" + (" (PF2e)" if system == "pf2e" else " (5e)"),
        "options": options,
        "grid": {"width": W, "height": H},
        "background": {"image": "demo-map.png", "pixels_per_cell": PX, "offset": [0, 0]},
        "terrain": scene_terrain(),
        "walls": scene_walls(),
        "tokens": tokens,
        "lights": LIGHTS,
    }


# ------------------------------------------------------------------------------------------- the art


def draw_map(path: Path) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import (
        QBrush,
        QColor,
        QGuiApplication,
        QImage,
        QLinearGradient,
        QPainter,
        QPainterPath,
        QPen,
        QPolygonF,
        QRadialGradient,
    )

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    rng = random.Random(SEED)
    img = QImage(W * PX, H * PX, QImage.Format.Format_RGB32)
    img.fill(QColor("#1b1a18"))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    grid = region_grid()

    def sq(x: float, y: float, w: float = 1, h: float = 1) -> QRectF:
        return QRectF(x * PX, y * PX, w * PX, h * PX)

    # rock: dark with cross-hatching strokes, the classic dungeon-map look
    p.setPen(QPen(QColor(60, 56, 50), 1.2))
    for _ in range(2600):
        x, y = rng.uniform(0, W * PX), rng.uniform(0, H * PX)
        gx, gy = int(x // PX), int(y // PX)
        if grid[gy][gx] is not None:
            continue
        a = rng.choice((0.6, 2.3)) + rng.uniform(-0.2, 0.2)
        length = rng.uniform(6, 14)
        for k in range(3):
            off = (k - 1) * 3.5
            dx, dy = math.cos(a) * length / 2, math.sin(a) * length / 2
            nx, ny = -math.sin(a) * off, math.cos(a) * off
            p.drawLine(QPointF(x - dx + nx, y - dy + ny), QPointF(x + dx + nx, y + dy + ny))

    # floor: flagstones, two per square in a running bond, each with its own tint
    floor_path = QPainterPath()
    for y in range(H):
        for x in range(W):
            if grid[y][x] is not None:
                floor_path.addRect(sq(x, y))
    floor_path = floor_path.simplified()
    p.fillPath(floor_path, QColor("#6b655a"))
    p.save()
    p.setClipPath(floor_path)
    half = PX * 0.62
    for row in range(int(H * PX / half) + 1):
        shift = (row % 2) * half * 0.6
        xpos = -shift
        while xpos < W * PX:
            w = rng.choice((PX * 0.8, PX, PX * 1.15, PX * 1.3))
            rect = QRectF(xpos + 1.5, row * half + 1.5, w - 3, half - 3)
            base = rng.randint(88, 122)
            tint = QColor(base + rng.randint(0, 8), base - rng.randint(0, 6), base - 10 - rng.randint(0, 12))
            grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
            grad.setColorAt(0, tint.lighter(112))
            grad.setColorAt(1, tint.darker(112))
            p.setPen(QPen(QColor(40, 37, 33), 1.6))
            p.setBrush(QBrush(grad))
            p.drawRoundedRect(rect, 4, 4)
            if rng.random() < 0.12:  # a crack
                p.setPen(QPen(QColor(50, 46, 40, 200), 1))
                cx, cy = rect.center().x(), rect.center().y()
                pts = [
                    QPointF(cx + rng.uniform(-w / 3, w / 3), cy + rng.uniform(-half / 3, half / 3))
                    for _ in range(3)
                ]
                p.drawPolyline(QPolygonF(pts))
            xpos += w
    # grime specks
    for _ in range(900):
        x, y = rng.uniform(0, W * PX), rng.uniform(0, H * PX)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(30, 28, 24, rng.randint(30, 80)))
        r = rng.uniform(0.8, 2.2)
        p.drawEllipse(QPointF(x, y), r, r)
    p.restore()

    # the red runner from the west arch to the altar
    p.setPen(Qt.PenStyle.NoPen)
    runner = QColor(120, 28, 32, 200)
    p.fillRect(sq(12, 12, 6.2, 2).adjusted(0, 8, 0, -8), runner)
    p.fillRect(sq(18.2, 4, 1.6, 10).adjusted(0, 0, 0, -8), runner)
    p.setPen(QPen(QColor(200, 160, 60, 180), 2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(sq(12, 12, 6.2, 2).adjusted(4, 12, 0, -12))
    p.drawRect(sq(18.2, 4, 1.6, 10).adjusted(4, 0, -4, -12))

    # water: a shallow pool
    water = QPainterPath()
    for x, y in WATER:
        water.addRect(sq(x, y))
    water = water.simplified()
    p.save()
    p.setClipPath(water)
    grad = QRadialGradient(QPointF(15 * PX, 20.5 * PX), 5 * PX)
    grad.setColorAt(0, QColor(40, 90, 105, 235))
    grad.setColorAt(1, QColor(70, 120, 120, 200))
    p.fillPath(water, QBrush(grad))
    p.setPen(QPen(QColor(170, 220, 225, 90), 1.4))
    for _ in range(70):
        x, y = rng.uniform(13 * PX, 18 * PX), rng.uniform(17 * PX, 24 * PX)
        w = rng.uniform(10, 26)
        p.drawArc(QRectF(x, y, w, w * 0.35), 20 * 16, 140 * 16)
    p.restore()
    p.setPen(QPen(QColor(30, 55, 60), 3))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(water)

    # rubble: tumbled blocks
    for x, y in RUBBLE:
        for _ in range(7):
            cx, cy = (x + rng.uniform(0.1, 0.9)) * PX, (y + rng.uniform(0.1, 0.9)) * PX
            r = rng.uniform(4, 11)
            pts = [
                QPointF(
                    cx + math.cos(a) * r * rng.uniform(0.7, 1.2), cy + math.sin(a) * r * rng.uniform(0.7, 1.2)
                )
                for a in [i * math.tau / 6 + rng.uniform(-0.3, 0.3) for i in range(6)]
            ]
            g = rng.randint(95, 140)
            p.setPen(QPen(QColor(35, 32, 28), 1.3))
            p.setBrush(QColor(g, g - 4, g - 12))
            p.drawPolygon(QPolygonF(pts))

    # embers: a fire pit
    pit = sq(18, 12, 2, 2)
    p.setPen(QPen(QColor(40, 30, 25), 5))
    p.setBrush(QColor(50, 35, 28))
    p.drawEllipse(pit.adjusted(4, 4, -4, -4))
    glow = QRadialGradient(pit.center(), PX * 0.95)
    glow.setColorAt(0, QColor(255, 210, 90, 255))
    glow.setColorAt(0.45, QColor(240, 110, 30, 230))
    glow.setColorAt(1, QColor(120, 30, 10, 0))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(glow))
    p.drawEllipse(pit.adjusted(8, 8, -8, -8))
    for _ in range(40):
        a, r = rng.uniform(0, math.tau), rng.uniform(0, PX * 0.75)
        c = pit.center() + QPointF(math.cos(a) * r, math.sin(a) * r)
        p.setBrush(QColor(255, rng.randint(120, 220), 60, rng.randint(140, 255)))
        p.drawEllipse(c, 1.6, 1.6)

    # pillars
    for x, y in PILLARS:
        r = sq(x, y)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 90))
        p.drawEllipse(r.adjusted(6, 8, -2, 0))
        g = QRadialGradient(r.center() - QPointF(7, 8), PX * 0.6)
        g.setColorAt(0, QColor("#c9c1b0"))
        g.setColorAt(1, QColor("#6d665a"))
        p.setPen(QPen(QColor(35, 32, 28), 2.5))
        p.setBrush(QBrush(g))
        p.drawEllipse(r.adjusted(4, 4, -4, -4))
        p.setPen(QPen(QColor(60, 56, 48), 1.2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(r.adjusted(12, 12, -12, -12))

    # altar
    altar = sq(18, 3, 2, 1).adjusted(2, 5, -2, -5)
    p.setPen(QPen(QColor(30, 28, 24), 3))
    g2 = QLinearGradient(altar.topLeft(), altar.bottomLeft())
    g2.setColorAt(0, QColor("#d8d2c4"))
    g2.setColorAt(1, QColor("#8a8374"))
    p.setBrush(QBrush(g2))
    p.drawRoundedRect(altar, 4, 4)
    p.setPen(QPen(QColor(190, 150, 60), 2))
    p.drawLine(altar.center() + QPointF(-10, 0), altar.center() + QPointF(10, 0))
    p.drawLine(altar.center() + QPointF(0, -10), altar.center() + QPointF(0, 10))
    for cx in (17.6, 20.4):  # candles
        c = QPointF(cx * PX, 3.5 * PX)
        cg = QRadialGradient(c, 14)
        cg.setColorAt(0, QColor(255, 230, 140, 230))
        cg.setColorAt(1, QColor(255, 200, 90, 0))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(cg))
        p.drawEllipse(c, 14, 14)
        p.setBrush(QColor("#f3ead0"))
        p.drawEllipse(c, 3.5, 3.5)

    # prison cells: straw and a chain
    for x0 in (26, 29, 32):
        straw = sq(x0 + 0.3, 17.3, 2.2, 1.6)
        p.setPen(QPen(QColor(170, 140, 70, 160), 1.2))
        for _ in range(60):
            a = rng.uniform(0, math.pi)
            c = QPointF(rng.uniform(straw.left(), straw.right()), rng.uniform(straw.top(), straw.bottom()))
            p.drawLine(c, c + QPointF(math.cos(a) * 7, math.sin(a) * 7))

    # vault: treasure chest
    chest = sq(33, 5, 1, 1).adjusted(6, 12, -6, -10)
    p.setPen(QPen(QColor(30, 20, 10), 2.5))
    p.setBrush(QColor("#7a4a22"))
    p.drawRect(chest)
    p.setPen(QPen(QColor("#d9aa3a"), 2))
    p.drawLine(
        chest.topLeft() + QPointF(0, chest.height() * 0.4),
        chest.topRight() + QPointF(0, chest.height() * 0.4),
    )

    # walls: thick stone lines along every wall of the scene (doors and windows drawn as frames)
    walls = scene_walls()
    for w in walls:
        a = QPointF(w["a"][0] * PX, w["a"][1] * PX)
        b = QPointF(w["b"][0] * PX, w["b"][1] * PX)
        if w["kind"] == "wall":
            p.setPen(QPen(QColor("#2a2723"), 14, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap))
            p.drawLine(a, b)
            p.setPen(QPen(QColor("#4b463e"), 8, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap))
            p.drawLine(a, b)
        elif w["kind"] == "low":
            p.setPen(QPen(QColor("#3a352e"), 9, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawLine(a, b)
            p.setPen(QPen(QColor("#8f8676"), 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawLine(a, b)
        elif w["kind"] == "door":
            p.setPen(QPen(QColor("#2a2723"), 12, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
            p.drawLine(a, b)
            p.setPen(QPen(QColor("#6b4424"), 8, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
            p.drawLine(a, b)
        elif w["kind"] == "window":
            p.setPen(QPen(QColor("#2a2723"), 8))
            p.drawLine(a, b)
            p.setPen(QPen(QColor("#9aa3a8"), 2))
            p.drawLine(a, b)
    p.end()
    if not img.save(str(path), "PNG", 9):
        raise SystemExit(f"could not write {path}")


def main() -> int:
    draw_map(HERE / "demo-map.png")
    for system, name in (("pf2e", "demo-pf2e.json"), ("dnd5e-2014", "demo-5e.json")):
        text = json.dumps(scene_doc(system), indent=1, ensure_ascii=False) + "\n"
        (HERE / name).write_text(text, encoding="utf-8")
    print("wrote", HERE / "demo-map.png", HERE / "demo-pf2e.json", HERE / "demo-5e.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
