"""Build test scenes from small ASCII pictures.

One character per square, rows top to bottom (y grows down), columns left to right::

    .  floor            #  impassable        ~  difficult
    ^  greater-difficult                     !  hazardous
    a letter            a token whose id is that letter

A token's cell is the first square (reading row by row) where its letter appears; further copies of the
letter (drawing a Large token's whole space, say) are just floor. Tokens are medium unless ``sizes`` says
otherwise; their side is ``sides[letter]``, by default ``"party"`` for upper case and ``"enemies"`` for lower
case letters. ``tokens`` adds any other token fields (``{"A": {"speed": 30}}``). Common leading
indentation and blank first/last lines are ignored, so pictures can be written as indented triple-quoted
strings.

    scene = ascii_scene('''
        A.#
        .~b
    ''', system="dnd5e-2014", walls=[wall((1, 0), (1, 2))])

`ascii_doc` returns the scene JSON document instead (for files given to ``python -m rules``).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene

TERRAIN = {"#": "impassable", "~": "difficult", "^": "greater-difficult", "!": "hazardous"}


def wall(
    a: tuple[float, float], b: tuple[float, float], kind: str = "wall", *, open: bool | None = None
) -> dict[str, Any]:
    """A wall entry of the scene JSON from corner point `a` to `b`."""
    out: dict[str, Any] = {"a": list(a), "b": list(b), "kind": kind}
    if open is not None:
        out["open"] = open
    return out


def parse_picture(picture: str) -> list[str]:
    """The picture's rows, dedented, without blank leading/trailing lines; all rows the same width."""
    rows = textwrap.dedent(picture).strip("\n").splitlines()
    rows = [r.rstrip() for r in rows]
    width = max(len(r) for r in rows)
    if any(len(r) != width for r in rows):
        raise ValueError("every row of an ASCII map must have the same width")
    return rows


def ascii_doc(
    picture: str,
    system: str = "pf2e",
    *,
    sides: Mapping[str, str] | None = None,
    sizes: Mapping[str, str] | None = None,
    tokens: Mapping[str, Mapping[str, Any]] | None = None,
    walls: Sequence[Mapping[str, Any]] = (),
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The scene JSON document drawn by `picture` (see the module docstring)."""
    rows = parse_picture(picture)
    terrain: list[dict[str, Any]] = []
    cells: dict[str, list[int]] = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in TERRAIN:
                terrain.append({"cell": [x, y], "kind": TERRAIN[ch]})
            elif ch.isalpha():
                cells.setdefault(ch, [x, y])
            elif ch != ".":
                raise ValueError(f"unknown map character {ch!r} at [{x}, {y}]")
    token_docs = []
    for letter, cell in cells.items():
        side = (sides or {}).get(letter, "party" if letter.isupper() else "enemies")
        doc: dict[str, Any] = {
            "id": letter,
            "cell": cell,
            "size": (sizes or {}).get(letter, "medium"),
            "side": side,
        }
        doc.update((tokens or {}).get(letter, {}))
        token_docs.append(doc)
    return {
        "format": "fivefoot.scene",
        "version": 1,
        "system": system,
        "options": dict(options or {}),
        "grid": {"width": len(rows[0]), "height": len(rows)},
        "terrain": terrain,
        "walls": [dict(w) for w in walls],
        "tokens": token_docs,
    }


def ascii_scene(picture: str, system: str = "pf2e", **kwargs: Any) -> Scene:
    """The validated `Scene` drawn by `picture`; keyword arguments as for `ascii_doc`."""
    return scene_from_json(ascii_doc(picture, system, **kwargs), "<ascii map>")
