"""Every edit of a document is a command: a frozen value that turns one document state into the next.

A command has a ``label`` (for the Undo/Redo menu items), a ``log`` line (for the encounter log) and
``apply(state) -> state``. A command that brings new pictures (a map picture import) also has ``images``
(NAME → bytes pairs): the document adds them to its image set before applying it, and keeps them there for
redo (pictures no reference uses are left out when saving). States are immutable, so the history keeps
the state before each command and undo simply goes back to it; commands never mutate anything. Commands
are built by tools and docks from numbers the rules engine gave them (a move carries the engine's path,
feet and diagonal count) and never compute a rule themselves.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Protocol

from desktop.calibration import content_extent
from desktop.turns import Spent, TurnState
from rules.encounter_store import encounter_of, game_state, store
from rules.geometry.coords import Cell
from rules.scene import Background, Grid, Options, Scene, TerrainCell, Token, Wall
from rules.tracker import record_move


@dataclass(frozen=True, slots=True)
class DocState:
    """What undo/redo restore: the scene and the movement spent this turn."""

    scene: Scene
    turn: TurnState = field(default_factory=TurnState)


class Command(Protocol):
    @property
    def label(self) -> str: ...

    @property
    def log(self) -> str: ...

    @property
    def merge_key(self) -> object | None:
        """Two commands in a row with the same non-None key collapse into one undo step."""
        ...

    def apply(self, state: DocState) -> DocState: ...


def _with_scene(state: DocState, scene: Scene) -> DocState:
    return replace(state, scene=scene)


def _label_of(scene: Scene, token_id: str) -> str:
    t = scene.token(token_id)
    return t.label if t is not None else token_id


# ------------------------------------------------------------------------------------------- tokens


@dataclass(frozen=True, slots=True)
class MoveToken:
    """Move one token along `path` (top-left cells, starting where it stands).

    `feet`, `diagonals` and `actions` are what the engine priced the path at; they are added to the
    token's movement this turn: the document's free-mode movement, and also the running encounter's turn
    state when it is this token's turn (`rules.tracker.record_move`; `movement_plan.budget_for` then reads
    the encounter's). A GM free move (`free`) spends nothing.
    """

    token_id: str
    path: tuple[Cell, ...]
    feet: int
    diagonals: int = 0
    actions: int = 0
    free: bool = False
    log: str = ""
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Move token" if not self.free else "Free move"

    def apply(self, state: DocState) -> DocState:
        token = state.scene.token(self.token_id)
        if token is None or not self.path:
            return state
        scene = state.scene.replace_token(replace(token, cell=self.path[-1]))
        if self.free:
            return DocState(scene, state.turn)
        enc = encounter_of(scene)
        if enc is not None and enc.turn is not None and enc.turn.token_id == self.token_id:
            # its own turn in a running encounter: the encounter's turn state is what the rules read
            # (rules.tracker); the free-mode record below is reset with it when the turn changes
            scene = store(
                record_move(game_state(scene), self.token_id, self.feet, self.diagonals, self.actions)
            )
        spent = state.turn.of(self.token_id).plus(self.feet, self.diagonals, self.actions)
        return DocState(scene, state.turn.with_spent(self.token_id, spent))


@dataclass(frozen=True, slots=True)
class PlaceTokens:
    """Put tokens at new cells without any rule (GM free move of a selection)."""

    moves: tuple[tuple[str, Cell], ...]
    log: str = ""
    merge_key: object | None = None
    label: str = "Move tokens"

    def apply(self, state: DocState) -> DocState:
        where = dict(self.moves)
        tokens = tuple(replace(t, cell=where[t.id]) if t.id in where else t for t in state.scene.tokens)
        return _with_scene(state, state.scene.edit(tokens=tokens))


@dataclass(frozen=True, slots=True)
class AddTokens:
    tokens: tuple[Token, ...]
    log: str = ""
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Add token" if len(self.tokens) == 1 else f"Add {len(self.tokens)} tokens"

    def apply(self, state: DocState) -> DocState:
        return _with_scene(state, state.scene.edit(tokens=(*state.scene.tokens, *self.tokens)))


@dataclass(frozen=True, slots=True)
class DeleteTokens:
    token_ids: tuple[str, ...]
    log: str = ""
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Delete token" if len(self.token_ids) == 1 else f"Delete {len(self.token_ids)} tokens"

    def apply(self, state: DocState) -> DocState:
        drop = set(self.token_ids)
        scene = state.scene.edit(tokens=tuple(t for t in state.scene.tokens if t.id not in drop))
        return DocState(scene, state.turn.reset(drop))


@dataclass(frozen=True, slots=True)
class UpdateToken:
    """Replace the token with id `token_id` by `token` (an edit in the inspector)."""

    token_id: str
    token: Token
    what: str = "token"
    log: str = ""
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return f"Edit {self.what}"

    def apply(self, state: DocState) -> DocState:
        tokens = tuple(self.token if t.id == self.token_id else t for t in state.scene.tokens)
        turn = (
            state.turn.renamed(self.token_id, self.token.id) if self.token.id != self.token_id else state.turn
        )
        return DocState(state.scene.edit(tokens=tokens), turn)


# ------------------------------------------------------------------------------------------ terrain


@dataclass(frozen=True, slots=True)
class PaintTerrain:
    """Set `cells` to terrain `kind` (None erases). Cells off the grid are ignored."""

    cells: tuple[Cell, ...]
    kind: str | None
    log: str = ""
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Erase terrain" if self.kind is None else f"Paint {self.kind} terrain"

    def apply(self, state: DocState) -> DocState:
        scene = state.scene
        cells = {c for c in self.cells if scene.grid.contains(c.x, c.y)}
        kept = tuple(t for t in scene.terrain if t.cell not in cells)
        added: tuple[TerrainCell, ...] = ()
        if self.kind is not None:
            added = tuple(TerrainCell(c, self.kind) for c in sorted(cells))
        return _with_scene(state, scene.edit(terrain=(*kept, *added)))


# -------------------------------------------------------------------------------------------- walls


@dataclass(frozen=True, slots=True)
class AddWalls:
    walls: tuple[Wall, ...]
    log: str = ""
    merge_key: object | None = None

    @property
    def label(self) -> str:
        kind = self.walls[0].kind if self.walls else "wall"
        return f"Draw {kind}" if len(self.walls) == 1 else f"Draw {len(self.walls)} {kind} segments"

    def apply(self, state: DocState) -> DocState:
        return _with_scene(state, state.scene.edit(walls=(*state.scene.walls, *self.walls)))


@dataclass(frozen=True, slots=True)
class DeleteWalls:
    indices: tuple[int, ...]
    log: str = ""
    merge_key: object | None = None
    label: str = "Delete wall"

    def apply(self, state: DocState) -> DocState:
        drop = set(self.indices)
        walls = tuple(w for i, w in enumerate(state.scene.walls) if i not in drop)
        return _with_scene(state, state.scene.edit(walls=walls))


@dataclass(frozen=True, slots=True)
class ReplaceWall:
    """Replace the wall at `index` (open/close a door, change a wall's kind)."""

    index: int
    wall: Wall
    label: str = "Edit wall"
    log: str = ""
    merge_key: object | None = None

    def apply(self, state: DocState) -> DocState:
        walls = list(state.scene.walls)
        if not 0 <= self.index < len(walls):
            return state
        walls[self.index] = self.wall
        return _with_scene(state, state.scene.edit(walls=tuple(walls)))


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

    def apply(self, state: DocState) -> DocState:
        scene = state.scene.edit(system=self.system, options=self.options, name=self.name)
        return _with_scene(state, scene)


@dataclass(frozen=True, slots=True)
class SetBackground:
    """Put a map picture under the grid, move or rescale it (calibration), or remove it (None).

    `grid`, when given, is the new grid size; it never shrinks the grid below what stands on it (tokens'
    spaces, painted terrain: `desktop.calibration.content_extent`), so the scene stays valid. `images` are
    the picture bytes the new background refers to (``embedded:NAME``), handed to the document's image set.
    """

    background: Background | None
    grid: Grid | None = None
    images: tuple[tuple[str, bytes], ...] = ()
    label: str = "Change map picture"
    log: str = ""
    merge_key: object | None = None

    def apply(self, state: DocState) -> DocState:
        scene = state.scene
        grid = scene.grid
        if self.grid is not None:
            w, h = content_extent(scene)
            grid = Grid(max(self.grid.width, w), max(self.grid.height, h))
        return _with_scene(state, scene.edit(background=self.background, grid=grid))


@dataclass(frozen=True, slots=True)
class ResetMovement:
    """End of turn: forget the movement `token_ids` spent (everyone's, and a new round, when None)."""

    token_ids: tuple[str, ...] | None = None
    log: str = ""
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "New round" if self.token_ids is None else "End turn"

    def apply(self, state: DocState) -> DocState:
        if self.token_ids is None:
            return replace(state, turn=state.turn.next_round())
        return replace(state, turn=state.turn.reset(self.token_ids))


@dataclass(frozen=True, slots=True)
class Batch:
    """Several commands as one undo step."""

    commands: tuple[Command, ...]
    label: str = "Edit"
    log: str = ""
    merge_key: object | None = None

    def apply(self, state: DocState) -> DocState:
        for c in self.commands:
            state = c.apply(state)
        return state


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


__all__ = [
    "AddTokens",
    "AddWalls",
    "Batch",
    "ChangeSettings",
    "Command",
    "DeleteTokens",
    "DeleteWalls",
    "DocState",
    "MoveToken",
    "PaintTerrain",
    "PlaceTokens",
    "ReplaceWall",
    "ResetMovement",
    "SetBackground",
    "Spent",
    "UpdateToken",
    "unique_token_id",
]
