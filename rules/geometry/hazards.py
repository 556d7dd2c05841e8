"""Hazardous terrain a move enters: a fact of the board, for the rules to turn into damage.

A square of terrain can say what entering it deals (`rules.model.scene.TerrainCell.damage`, such as
``"1d6 fire"``). PF2e (Player Core 423 "Hazardous Terrain": 「障害地形は通過するたびにダメージを受ける」)
and the 5e DMG alike deal it each time a creature moves into it. `entered` lists, for each step of a path,
the hazard the mover's space newly enters:

* a step counts once, however many hazardous squares of a larger creature's space it enters (the first
  such square in reading order gives the damage);
* the start square is not entered (a creature standing in a hazard takes nothing for moving out of it);
* a mover off the ground (``elevation`` > 0) enters no ground hazard.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.geometry.coords import Cell
from rules.model.scene import Scene, Token


@dataclass(frozen=True, slots=True)
class HazardEntry:
    """Step `step` (1-based) of a path enters `cell`, which deals `damage` (a damage formula)."""

    step: int
    cell: Cell
    damage: str


def entered(scene: Scene, mover: Token, path: Sequence[Cell]) -> tuple[HazardEntry, ...]:
    """The hazards `mover` enters moving along `path` (its top-left cells, the first where it stands)."""
    if mover.elevation > 0 or len(path) < 2 or not any(t.damage for t in scene.terrain):
        return ()
    out: list[HazardEntry] = []
    before = set(replace(mover, cell=path[0]).squares())
    for i, cell in enumerate(path[1:], start=1):
        now = replace(mover, cell=cell).squares()
        for sq in now:
            if sq in before:
                continue
            damage = scene.terrain_damage(sq)
            if damage:
                out.append(HazardEntry(i, sq, damage))
                break
        before = set(now)
    return tuple(out)


def beside_obstacle(scene: Scene, token: Token) -> bool:
    """Is something solid right beside the creature's space — a wall segment of any kind but an open door
    touching its outline, or an impassable square next to it (diagonals included)? A fact for rules such as
    PF2e Take Cover's requirement (「遮蔽をとることができる要素の近くにいる」)."""
    from rules.geometry.movement import segments_touch

    n = token.side_squares
    x0, y0 = token.cell.x, token.cell.y
    x1, y1 = x0 + n, y0 + n
    edges = ((x0, y0, x1, y0), (x1, y0, x1, y1), (x0, y1, x1, y1), (x0, y0, x0, y1))
    for w in scene.walls:
        if w.is_open_door:
            continue
        for ax, ay, bx, by in edges:
            if segments_touch(w.a.x, w.a.y, w.b.x, w.b.y, ax, ay, bx, by):
                return True
    terrain = scene.terrain_map()
    for y in range(y0 - 1, y1 + 1):
        for x in range(x0 - 1, x1 + 1):
            if terrain.get(Cell(x, y)) == "impassable":
                return True
    return False
