"""Building token commands: new, duplicate, delete, end turn (no Qt; the places come from the engine).

A new or duplicated token goes to the nearest square where the movement rules let it stand
(`rules.geometry.movement.move_context(...).can_end`): on the grid, not impassable, not in another
creature's space.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from desktop.commands import AddTokens, DeleteTokens, ResetMovement, unique_token_id
from rules.geometry.coords import Cell
from rules.geometry.movement import move_context
from rules.scene import Scene, Token


def free_cell_near(scene: Scene, token: Token, near: Cell, max_radius: int = 12) -> Cell | None:
    """The closest top-left cell to `near` (rings of growing radius, then x, y) where `token` may stand."""
    ctx = move_context(scene, token)
    nowhere = Cell(-10_000, -10_000)
    for r in range(max_radius + 1):
        ring = [
            Cell(near.x + dx, near.y + dy)
            for dy in range(-r, r + 1)
            for dx in range(-r, r + 1)
            if max(abs(dx), abs(dy)) == r
        ]
        ring.sort(key=lambda c: (abs(c.x - near.x) + abs(c.y - near.y), c.y, c.x))
        for c in ring:
            if ctx.can_end(c, nowhere):
                return c
    return None


def add_token_command(scene: Scene, token: Token) -> AddTokens | None:
    """Add `token` at its cell or the nearest free one; its id made unique. None when there is no room."""
    tid = unique_token_id(scene, token.id or token.label)
    token = replace(token, id=tid)
    cell = free_cell_near(scene, token, token.cell)
    if cell is None:
        return None
    placed = replace(token, cell=cell)
    return AddTokens((placed,), log=f"{placed.label} joins the map at [{cell.x}, {cell.y}]")


def duplicate_command(scene: Scene, ids: Sequence[str]) -> AddTokens | None:
    """Copies of the tokens `ids`, each next to its original ("Goblin 2" → "Goblin 3")."""
    added: list[Token] = []
    work = scene
    for tid in ids:
        original = scene.token(tid)
        if original is None:
            continue
        new_id = unique_token_id(work, _bump(original.id))
        name = _bump(original.name) if original.name else None
        copy = replace(original, id=new_id, name=name, extra=dict(original.extra))
        cell = free_cell_near(work, copy, original.cell.offset(original.side_squares, 0))
        if cell is None:
            continue
        copy = replace(copy, cell=cell)
        added.append(copy)
        work = work.edit(tokens=(*work.tokens, copy))
    if not added:
        return None
    names = ", ".join(t.label for t in added)
    return AddTokens(tuple(added), log=f"Duplicated: {names}")


def _present(scene: Scene, ids: Sequence[str]) -> list[Token]:
    found = (scene.token(tid) for tid in ids)
    return [t for t in found if t is not None]


def delete_command(scene: Scene, ids: Sequence[str]) -> DeleteTokens | None:
    present = _present(scene, ids)
    if not present:
        return None
    names = ", ".join(t.label for t in present)
    return DeleteTokens(tuple(t.id for t in present), log=f"Removed from the map: {names}")


def end_turn_command(scene: Scene, ids: Sequence[str]) -> ResetMovement | None:
    present = _present(scene, ids)
    if not present:
        return None
    names = ", ".join(t.label for t in present)
    return ResetMovement(tuple(t.id for t in present), log=f"{names}: turn ends, movement resets")


def _bump(text: str) -> str:
    """``"goblin-2"`` → ``"goblin-3"``, ``"Goblin 2"`` → ``"Goblin 3"``, ``"Ogre"`` → ``"Ogre 2"``."""
    for sep in (" ", "-"):
        head, _, tail = text.rpartition(sep)
        if head and tail.isdigit():
            return f"{head}{sep}{int(tail) + 1}"
    return f"{text} 2" if " " in text or text[:1].isupper() else f"{text}-2"
