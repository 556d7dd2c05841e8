"""Small scenes for the play layer's tests: ASCII maps with tokens at capital letters."""

from __future__ import annotations

from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.model.scene import Scene, TerrainCell, Token, new_scene
from rules.model.state import GameState
from rules.play.turns import start_encounter

ARENA = """
A . . B
. . . .
C . . D
"""


def scene_from(picture: str, system: str = "pf2e", **tokens: dict[str, object]) -> Scene:
    """A scene from an ASCII map: '.' floor, '~' difficult terrain, capital letters are tokens (id = the
    letter), with 20 HP, AC 15 and Speed 25 unless `tokens` says otherwise."""
    rows = [r.split() for r in picture.strip().splitlines()]
    scene = new_scene(system, len(rows[0]), len(rows))
    placed = []
    terrain = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "~":
                terrain.append(TerrainCell(Cell(x, y), "difficult"))
            if ch.isalpha():
                fields = {"hp": 20, "max_hp": 20, "ac": 15, **tokens.get(ch, {})}
                placed.append(Token(ch, Cell(x, y), **fields))  # type: ignore[arg-type]
    return scene.edit(tokens=tuple(placed), terrain=tuple(terrain))


def started(system: str = "pf2e", picture: str = ARENA, **tokens: dict[str, object]) -> GameState:
    """An encounter in round 1 with the order A, B, C, D (d20s 20, 15, 10, 5), A's turn."""
    s = scene_from(picture, system, **tokens)
    state, lines = start_encounter(GameState(s), ScriptedDice([]), rolls={"A": 20, "B": 15, "C": 10, "D": 5})
    assert lines[0].startswith("Initiative:")
    return state
