"""The open document: a thin QObject over the engine's `rules.play.History` of `GameState` values.

The single source of truth of the GUI. Views read `Document.state` (`scene`, `encounter`, `areas`, `log`)
and redraw on `changed(old, new)`; tools and docks change it only through `execute(command)`, with commands
from `rules.play` (intents the engine validates and applies). Undo/redo restore the exact earlier state.
The log is part of the state (an undone move leaves the log too) and travels with the file: the file readers
(`rules.io`, `desktop.window.file_io`) hand over a `GameState` with the file's encounter, areas and log, and
saving writes `Document.state` whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from rules.model.areas import PlacedArea
from rules.model.encounter import Encounter
from rules.model.scene import Scene
from rules.model.state import GameState
from rules.model.turn_ledger import FreeTurns
from rules.play.command import Command, Refused
from rules.play.history import Entry, History


def _state_of(scene: Scene | GameState) -> GameState:
    """A bare map (a new scene, a test) starts with no encounter, areas or log."""
    return scene if isinstance(scene, GameState) else GameState(scene)


class Document(QObject):
    #: (old state, new state) after every execute, undo, redo and load.
    changed = Signal(object, object)
    #: A new scene was loaded (a new file, not an edit): views reset zoom and selection.
    reset = Signal()
    history_changed = Signal()
    #: The file name or the unsaved-changes flag changed (window title).
    title_changed = Signal()
    #: One new log entry (a command was executed or redone).
    logged = Signal(str)
    #: The engine refused a command (the reason); nothing changed.
    refused = Signal(str)
    #: A command was executed (not an undo or redo): its history `Entry` (before, after, command, detail),
    #: after `changed` — what follows a step (hazards it sets off) looks here.
    executed = Signal(object)

    def __init__(
        self,
        scene: Scene | GameState,
        path: Path | None = None,
        base_dir: Path | None = None,
        images: Mapping[str, bytes] | None = None,
        problems: tuple[str, ...] = (),
    ) -> None:
        super().__init__()
        #: Why the engine refused the last refused command (None before any refusal).
        self.last_refusal: str | None = None
        self._images: dict[str, bytes] = dict(images or {})
        self._path = path
        self._base_dir = base_dir if base_dir is not None else (path.parent if path else None)
        self._problems = problems
        self._history = History(_state_of(scene))

    # ---- reading

    @property
    def state(self) -> GameState:
        return self._history.state

    @property
    def scene(self) -> Scene:
        return self._history.state.scene

    @property
    def encounter(self) -> Encounter | None:
        return self._history.state.encounter

    @property
    def areas(self) -> tuple[PlacedArea, ...]:
        return self._history.state.areas

    @property
    def free(self) -> FreeTurns:
        """Free mode's turn ledgers and round count."""
        return self._history.state.free

    @property
    def load_problems(self) -> tuple[str, ...]:
        """What couldn't be read of the engine's state in the opened file (a damaged area…)."""
        return self._problems

    @property
    def path(self) -> Path | None:
        """The file this document saves to; None for a new document or an opened demo."""
        return self._path

    @property
    def base_dir(self) -> Path | None:
        """Folder that relative image paths in the scene are resolved against."""
        return self._base_dir

    @property
    def images(self) -> Mapping[str, bytes]:
        """Pictures embedded in the document (``embedded:NAME`` references): those it was loaded with, and
        those commands brought (an imported map picture). A picture stays here after its command is undone,
        so redo finds it; saving writes only the pictures the scene refers to."""
        return self._images

    def unused_image_name(self, wanted: str) -> str:
        """`wanted`, or `wanted` with ``-2``, ``-3``… before its extension: a name no picture here uses."""
        if wanted not in self._images:
            return wanted
        stem, dot, ext = wanted.rpartition(".")
        if not dot:
            stem, ext = wanted, ""
        n = 2
        while True:
            name = f"{stem}-{n}{dot}{ext}"
            if name not in self._images:
                return name
            n += 1

    @property
    def dirty(self) -> bool:
        return not self._history.is_clean()

    @property
    def log(self) -> list[str]:
        """The table's log: what the opened file held, then one entry per applied command."""
        return list(self._history.state.log)

    def display_name(self) -> str:
        if self._path is not None:
            return self._path.name
        return self.scene.name or "Untitled"

    # ---- editing

    def execute(self, command: Command, *, edit: bool = True) -> Entry | None:
        """Apply `command`. Returns the history entry (its `detail` is what the command resolved), or None
        when the engine refused it (`refused` is emitted with the reason; nothing changes). `edit` False:
        the step changes how the scene is shown, not what the GM made of it (the fog switched on as the
        Player Screen opens): an unmodified document stays unmodified (still one undoable step)."""
        brought: tuple[tuple[str, bytes], ...] = getattr(command, "images", ())
        for name, data in brought:
            self._images[name] = data
        old = self.state
        was_dirty = self.dirty
        try:
            entry = self._history.execute(command)
        except Refused as exc:
            self.last_refusal = str(exc)
            self.refused.emit(str(exc))
            return None
        if not edit and not was_dirty:
            self._history.mark_clean()
        self._after_change(old, entry.after, was_dirty)
        if entry.log:
            self.logged.emit(entry.log)
        self.executed.emit(entry)
        return entry

    def applied(self) -> list[Entry]:
        """The steps that led to the current state, oldest first (undone steps are not among them)."""
        return self._history.applied()

    def can_undo(self) -> bool:
        return self._history.can_undo()

    def can_redo(self) -> bool:
        return self._history.can_redo()

    def undo_label(self) -> str | None:
        return self._history.undo_label()

    def redo_label(self) -> str | None:
        return self._history.redo_label()

    def undo(self) -> bool:
        old, was_dirty = self.state, self.dirty
        entry = self._history.undo()
        if entry is None:
            return False
        self._after_change(old, self.state, was_dirty)
        return True

    def redo(self) -> bool:
        old, was_dirty = self.state, self.dirty
        entry = self._history.redo()
        if entry is None:
            return False
        self._after_change(old, self.state, was_dirty)
        if entry.log:
            self.logged.emit(entry.log)
        return True

    # ---- files

    def load(
        self,
        scene: Scene | GameState,
        path: Path | None,
        base_dir: Path | None = None,
        images: Mapping[str, bytes] | None = None,
        dirty: bool = False,
        problems: tuple[str, ...] = (),
    ) -> None:
        """Replace everything with a freshly opened state (with its file's encounter, areas and log; history
        and free-mode movement start over). `dirty` marks it as unsaved from the start (a restored
        autosave); `problems` is what the reader couldn't read of the saved state (`load_problems`)."""
        old = self.state
        self._images = dict(images or {})
        self._path = path
        self._base_dir = base_dir if base_dir is not None else (path.parent if path else None)
        self._problems = problems
        self._history = History(_state_of(scene))
        if dirty:
            self._history.mark_unsaved()
        self.reset.emit()
        self.changed.emit(old, self.state)
        self.history_changed.emit()
        self.title_changed.emit()

    def saved_as(self, path: Path) -> None:
        """The scene was written to `path`. `base_dir` stays: the file writer rebases relative image
        paths from it to the file's folder, so the scene in memory never changes on save."""
        self._path = path
        self._history.mark_clean()
        self.title_changed.emit()
        self.history_changed.emit()

    def _after_change(self, old: GameState, new: GameState, was_dirty: bool) -> None:
        if old is not new:
            self.changed.emit(old, new)
        self.history_changed.emit()
        if was_dirty != self.dirty:
            self.title_changed.emit()
