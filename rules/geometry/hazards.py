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

import numpy as np
import numpy.typing as npt

from rules.geometry.coords import Cell
from rules.model.scene import Scene, Token, Wall

#: The bounding boxes of the solid walls (every wall but an open door) of recent wall tuples, by identity:
#: a token move keeps the scene's walls, so the boxes are made once per wall edit, not once per question.
_SOLID_BOXES: dict[int, tuple[tuple[Wall, ...], list[Wall], npt.NDArray[np.float64]]] = {}


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
    solid, boxes = _solid_boxes(scene.walls)
    # only a wall whose box meets the creature's outline can touch it (boxes: min x, min y, max x, max y)
    near = np.flatnonzero(
        (boxes[:, 0] <= x1) & (boxes[:, 2] >= x0) & (boxes[:, 1] <= y1) & (boxes[:, 3] >= y0)
    )
    for i in near.tolist():
        w = solid[i]
        for ax, ay, bx, by in edges:
            if segments_touch(w.a.x, w.a.y, w.b.x, w.b.y, ax, ay, bx, by):
                return True
    terrain = scene.terrain_map()
    if not terrain:
        return False
    for y in range(y0 - 1, y1 + 1):
        for x in range(x0 - 1, x1 + 1):
            if terrain.get(Cell(x, y)) == "impassable":
                return True
    return False


def _solid_boxes(walls: tuple[Wall, ...]) -> tuple[list[Wall], npt.NDArray[np.float64]]:
    hit = _SOLID_BOXES.get(id(walls))
    if hit is not None and hit[0] is walls:
        return hit[1], hit[2]
    solid = [w for w in walls if not w.is_open_door]
    coords = np.array([(w.a.x, w.a.y, w.b.x, w.b.y) for w in solid], dtype=np.float64).reshape(-1, 4)
    boxes = np.column_stack(
        (
            np.minimum(coords[:, 0], coords[:, 2]),
            np.minimum(coords[:, 1], coords[:, 3]),
            np.maximum(coords[:, 0], coords[:, 2]),
            np.maximum(coords[:, 1], coords[:, 3]),
        )
    )
    if len(_SOLID_BOXES) >= 8:
        _SOLID_BOXES.pop(next(iter(_SOLID_BOXES)))
    _SOLID_BOXES[id(walls)] = (walls, solid, boxes)
    return solid, boxes
