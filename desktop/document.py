"""The open document: one scene, its movement-this-turn, the file it came from and its undo history.

The single source of truth of the GUI. Views read `Document.scene` and redraw on `changed`; tools and docks
change it only through `execute(command)`. Undo/redo restore the exact earlier state (scene and turn).
`log` lists the log lines of the applied commands, oldest first, so an undone move leaves the log too; it
starts with the log saved in the scene (``extra["log"]``, `rules.encounter_store.log_of`), and
`scene_for_saving` writes the whole log back into the scene, so the log travels with the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from desktop.commands import Command, DocState
from desktop.history import History
from desktop.turns import TurnState
from rules.encounter_store import log_of, with_log
from rules.scene import Scene


class Document(QObject):
    #: (old state, new state) after every execute, undo, redo and load.
    changed = Signal(object, object)
    #: A new scene was loaded (a new file, not an edit): views reset zoom and selection.
    reset = Signal()
    history_changed = Signal()
    #: The file name or the unsaved-changes flag changed (window title).
    title_changed = Signal()
    #: One new log line (a command was executed or redone).
    logged = Signal(str)

    def __init__(
        self,
        scene: Scene,
        path: Path | None = None,
        base_dir: Path | None = None,
        images: Mapping[str, bytes] | None = None,
    ) -> None:
        super().__init__()
        self._images: dict[str, bytes] = dict(images or {})
        self._path = path
        self._base_dir = base_dir if base_dir is not None else (path.parent if path else None)
        self._history = History(DocState(scene, TurnState()))
        self._earlier_log: tuple[str, ...] = log_of(scene)

    # ---- reading

    @property
    def state(self) -> DocState:
        return self._history.state

    @property
    def scene(self) -> Scene:
        return self._history.state.scene

    @property
    def turn(self) -> TurnState:
        return self._history.state.turn

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
        """The log saved with the scene, then one entry per applied command."""
        return [*self._earlier_log, *(e.command.log for e in self._history.applied() if e.command.log)]

    def scene_for_saving(self) -> Scene:
        """The scene with the whole log in it (``extra["log"]``), as it is written to a file."""
        log = self.log
        if not log and "log" not in self.scene.extra:
            return self.scene
        return with_log(self.scene, log)

    def display_name(self) -> str:
        if self._path is not None:
            return self._path.name
        return self.scene.name or "Untitled"

    # ---- editing

    def execute(self, command: Command) -> None:
        brought: tuple[tuple[str, bytes], ...] = getattr(command, "images", ())
        for name, data in brought:
            self._images[name] = data
        old = self.state
        was_dirty = self.dirty
        new = self._history.execute(command)
        self._after_change(old, new, was_dirty)
        if command.log:
            self.logged.emit(command.log)

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
        if entry.command.log:
            self.logged.emit(entry.command.log)
        return True

    # ---- files

    def load(
        self,
        scene: Scene,
        path: Path | None,
        base_dir: Path | None = None,
        images: Mapping[str, bytes] | None = None,
        dirty: bool = False,
    ) -> None:
        """Replace everything with a freshly opened scene (history and movement start over). `dirty`
        marks it as unsaved from the start (a restored autosave)."""
        old = self.state
        self._images = dict(images or {})
        self._path = path
        self._base_dir = base_dir if base_dir is not None else (path.parent if path else None)
        self._history = History(DocState(scene, TurnState()))
        self._earlier_log = log_of(scene)
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

    def _after_change(self, old: DocState, new: DocState, was_dirty: bool) -> None:
        if old is not new:
            self.changed.emit(old, new)
        self.history_changed.emit()
        if was_dirty != self.dirty:
            self.title_changed.emit()
