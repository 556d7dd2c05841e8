"""Edits of the map and its tokens as commands: tokens added, removed, edited or placed, terrain painted,
walls drawn, changed or removed, the scene's settings and its map picture, the end of a free-mode turn.

Each is a frozen value with a ``label`` (Undo/Redo), an optional ``log`` text the caller words (the log
entry), a ``merge_key`` and ``apply(state) -> Outcome``. The helpers at the end build the token commands the
app offers (new, duplicate, delete, end turn), placing tokens where the movement rules let them stand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from rules.geometry.coords import Cell
from rules.geometry.movement import move_context
from rules.model.scene import Background, Grid, Options, Scene, TerrainCell, Token, Wall, balance_problem
from rules.model.state import GameState
from rules.play.command import Command, Outcome, Refused, logged


def _scene(state: GameState, scene: Scene, log: str) -> Outcome:
    return logged(state.with_scene(scene), log)


# ------------------------------------------------------------------------------------------- tokens


@dataclass(frozen=True, slots=True)
class PlaceTokens:
    """Put tokens at new cells without any rule (GM free move of a selection)."""

    moves: tuple[tuple[str, Cell], ...]
    log: str = ""
    merge_key: object | None = None
    label: str = "Move tokens"

    def apply(self, state: GameState) -> Outcome:
        where = dict(self.moves)
        tokens = tuple(replace(t, cell=where[t.id]) if t.id in where else t for t in state.scene.tokens)
        return _scene(state, state.scene.edit(tokens=tokens), self.log)


@dataclass(frozen=True, slots=True)
class AddTokens:
    tokens: tuple[Token, ...]
    log: str = ""
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Add token" if len(self.tokens) == 1 else f"Add {len(self.tokens)} tokens"

    def apply(self, state: GameState) -> Outcome:
        return _scene(state, state.scene.edit(tokens=(*state.scene.tokens, *self.tokens)), self.log)


@dataclass(frozen=True, slots=True)
class DeleteTokens:
    token_ids: tuple[str, ...]
    log: str = ""
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Delete token" if len(self.token_ids) == 1 else f"Delete {len(self.token_ids)} tokens"

    def apply(self, state: GameState) -> Outcome:
        drop = set(self.token_ids)
        scene = state.scene.edit(tokens=tuple(t for t in state.scene.tokens if t.id not in drop))
        return logged(replace(state, scene=scene, free=state.free.reset(drop)), self.log)


@dataclass(frozen=True, slots=True)
class EditToken:
    """Replace the token with id `token_id` by `token` (an edit in the inspector or token form)."""

    token_id: str
    token: Token
    what: str = "token"
    log: str = ""
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return f"Edit {self.what}"

    def apply(self, state: GameState) -> Outcome:
        tokens = tuple(self.token if t.id == self.token_id else t for t in state.scene.tokens)
        free = (
            state.free.renamed(self.token_id, self.token.id) if self.token.id != self.token_id else state.free
        )
        return logged(replace(state, scene=state.scene.edit(tokens=tokens), free=free), self.log)


#: The name the inspector and dialogs use.
UpdateToken = EditToken


# ------------------------------------------------------------------------------------ terrain, walls


@dataclass(frozen=True, slots=True)
class PaintTerrain:
    """Set `cells` to terrain `kind` (None erases). Cells off the grid are ignored. A narrow surface or
    uneven ground takes its Balance `dc` (and a narrow surface the `fall` below it, in feet); refused when
    they don't fit the kind (`rules.model.scene.balance_problem`)."""

    cells: tuple[Cell, ...]
    kind: str | None
    log: str = ""
    merge_key: object | None = None
    dc: int | None = None
    fall: int | None = None

    @property
    def label(self) -> str:
        return "Erase terrain" if self.kind is None else f"Paint {self.kind} terrain"

    def apply(self, state: GameState) -> Outcome:
        scene = state.scene
        if self.kind is not None:
            problem = balance_problem(self.kind, self.dc, self.fall)
            if problem is not None:
                raise Refused(problem[1])
        cells = {c for c in self.cells if scene.grid.contains(c.x, c.y)}
        kept = tuple(t for t in scene.terrain if t.cell not in cells)
        added: tuple[TerrainCell, ...] = ()
        if self.kind is not None:
            added = tuple(TerrainCell(c, self.kind, dc=self.dc, fall=self.fall) for c in sorted(cells))
        return _scene(state, scene.edit(terrain=(*kept, *added)), self.log)


@dataclass(frozen=True, slots=True)
class AddWalls:
    walls: tuple[Wall, ...]
    log: str = ""
    merge_key: object | None = None

    @property
    def label(self) -> str:
        kind = self.walls[0].kind if self.walls else "wall"
        return f"Draw {kind}" if len(self.walls) == 1 else f"Draw {len(self.walls)} {kind} segments"

    def apply(self, state: GameState) -> Outcome:
        return _scene(state, state.scene.edit(walls=(*state.scene.walls, *self.walls)), self.log)


@dataclass(frozen=True, slots=True)
class DeleteWalls:
    indices: tuple[int, ...]
    log: str = ""
    merge_key: object | None = None
    label: str = "Delete wall"

    def apply(self, state: GameState) -> Outcome:
        drop = set(self.indices)
        walls = tuple(w for i, w in enumerate(state.scene.walls) if i not in drop)
        return _scene(state, state.scene.edit(walls=walls), self.log)


@dataclass(frozen=True, slots=True)
class ReplaceWall:
    """Replace the wall at `index` (open/close a door, change a wall's kind)."""

    index: int
    wall: Wall
    label: str = "Edit wall"
    log: str = ""
    merge_key: object | None = None

    def apply(self, state: GameState) -> Outcome:
        walls = list(state.scene.walls)
        if not 0 <= self.index < len(walls):
            return Outcome(state)
        walls[self.index] = self.wall
        return _scene(state, state.scene.edit(walls=tuple(walls)), self.log)


# -------------------------------------------------------------------------------------- scene-wide


@dataclass(frozen=True, slots=True)
class ChangeSettings:
    """Per-scene settings: system, rule options and name."""

    system: str
    options: Options
    name: str
    log: str = ""
    merge_key: object | None = None
    label: str = "Change scene settings"

    def apply(self, state: GameState) -> Outcome:
        scene = state.scene.edit(system=self.system, options=self.options, name=self.name)
        return _scene(state, scene, self.log)


def content_extent(scene: Scene) -> tuple[int, int]:
    """The smallest grid (width, height) that keeps every token's space and painted square on it."""
    w = h = 1
    for t in scene.tokens:
        n = t.side_squares
        w, h = max(w, t.cell.x + n), max(h, t.cell.y + n)
    for tc in scene.terrain:
        w, h = max(w, tc.cell.x + 1), max(h, tc.cell.y + 1)
    return w, h


@dataclass(frozen=True, slots=True)
class SetBackground:
    """Put a map picture under the grid, move or rescale it (calibration), or remove it (None).

    `grid`, when given, is the new grid size; it never shrinks the grid below what stands on it
    (`content_extent`), so the scene stays valid. `images` are the picture bytes the new background refers to
    (``embedded:NAME``), handed to the document's image set.
    """

    background: Background | None
    grid: Grid | None = None
    images: tuple[tuple[str, bytes], ...] = ()
    label: str = "Change map picture"
    log: str = ""
    merge_key: object | None = None

    def apply(self, state: GameState) -> Outcome:
        scene = state.scene
        grid = scene.grid
        if self.grid is not None:
            w, h = content_extent(scene)
            grid = Grid(max(self.grid.width, w), max(self.grid.height, h))
        return _scene(state, scene.edit(background=self.background, grid=grid), self.log)


@dataclass(frozen=True, slots=True)
class ResetMovement:
    """End of a free-mode turn: forget the movement `token_ids` spent (everyone's, and a new round, when
    None)."""

    token_ids: tuple[str, ...] | None = None
    log: str = ""
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "New round" if self.token_ids is None else "End turn"

    def apply(self, state: GameState) -> Outcome:
        if self.token_ids is None:
            return logged(replace(state, free=state.free.next_round()), self.log)
        return logged(replace(state, free=state.free.reset(self.token_ids)), self.log)


@dataclass(frozen=True, slots=True)
class Batch:
    """Several commands as one undo step (one log entry: `log`, else the commands' lines)."""

    commands: tuple[Command, ...]
    label: str = "Edit"
    log: str = ""
    merge_key: object | None = None

    def apply(self, state: GameState) -> Outcome:
        lines: list[str] = []
        for c in self.commands:
            out = c.apply(state)
            state = out.state
            lines.extend(out.lines)
        return logged(state, self.log) if self.log else Outcome(state, tuple(lines))


# ------------------------------------------------------------------------------------ token helpers


def unique_token_id(scene: Scene, base: str, taken: Iterable[str] = ()) -> str:
    """`base` if no token uses it, else `base-2`, `base-3`, …"""
    used = {t.id for t in scene.tokens} | set(taken)
    stem = base.strip().lower().replace(" ", "-") or "token"
    if stem not in used:
        return stem
    n = 2
    while f"{stem}-{n}" in used:
        n += 1
    return f"{stem}-{n}"


def free_cell_near(scene: Scene, token: Token, near: Cell, max_radius: int = 12) -> Cell | None:
    """The closest top-left cell to `near` (rings of growing radius, then x, y) where `token` may stand
    (`rules.geometry.movement.move_context(...).can_end`: on the grid, not impassable, not in another
    creature's space)."""
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
