"""File ▸ New/Open/Save/Save As/Recent, the unsaved-changes prompt, and autosave with crash recovery.

The questions to the user (`ask_open_path`, `ask_save_path`, `ask_unsaved`, `show_error`) are attributes so a
test can answer them without a modal dialog. Saving and loading go through `desktop.file_io` (atomic
writes, `.bak` backups); autosaves through `rules.io.autosave.AutosaveStore` in the per-user data folder.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from desktop.document import Document
from desktop.file_io import OPEN_FILTER, SAVE_FILTER, open_scene_file, prepare_for_save, save_scene_file
from desktop.paths import assets_dir, data_dir, demo_path
from desktop.recent import add_recent, recent_files
from rules.errors import SceneError
from rules.io import fivefoot_file
from rules.io.autosave import AutosaveStore
from rules.scene import Scene, new_scene

AUTOSAVE_MS = 60_000


class FileController(QObject):
    recent_changed = Signal()
    #: A message for the status bar.
    message = Signal(str)

    def __init__(self, parent: QWidget, doc: Document, autosave: bool = True) -> None:
        super().__init__(parent)
        self.window = parent
        self.doc = doc
        self.ask_open_path: Callable[[], Path | None] = self._dialog_open_path
        self.ask_save_path: Callable[[], Path | None] = self._dialog_save_path
        self.ask_unsaved: Callable[[], str] = self._dialog_unsaved
        self.show_error: Callable[[str, str], None] = self._dialog_error
        self.store: AutosaveStore | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(AUTOSAVE_MS)
        self._timer.timeout.connect(self.autosave)
        if autosave:
            try:
                self.store = AutosaveStore(data_dir())
                self.store.start_session()
                self._timer.start()
            except OSError:
                self.store = None

    # ---- opening

    def maybe_save(self) -> bool:
        """Ask about unsaved changes. True when it is fine to drop the current document."""
        if not self.doc.dirty:
            return True
        answer = self.ask_unsaved()
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_empty(self, system: str, width: int, height: int, name: str = "") -> bool:
        if not self.maybe_save():
            return False
        self.doc.load(new_scene(system, width, height, name), None)
        return True

    def new_scene(self, scene: Scene) -> bool:
        if not self.maybe_save():
            return False
        self.doc.load(scene, None)
        return True

    def open_demo(self, system: str = "pf2e") -> bool:
        """Open a bundled demo as a new, unsaved document (Save asks where)."""
        if not self.maybe_save():
            return False
        path = demo_path(system)
        try:
            opened = open_scene_file(path)
        except SceneError as exc:
            self.show_error("Can't open the demo", str(exc))
            return False
        self.doc.load(opened.scene, None, assets_dir().resolve(), opened.images)
        self.message.emit(f"Demo encounter: {opened.scene.name or path.name}")
        return True

    def open(self, path: Path | None = None, ask: bool = True) -> bool:
        if ask and not self.maybe_save():
            return False
        if path is None:
            path = self.ask_open_path()
            if path is None:
                return False
        try:
            opened = open_scene_file(path)
        except SceneError as exc:
            self.show_error("Can't open the scene", str(exc))
            return False
        except OSError as exc:
            self.show_error("Can't open the scene", f"{path}: {exc.strerror or exc}")
            return False
        keep_path: Path | None = path if path.suffix.lower() in (".fivefoot", ".json") else None
        self.doc.load(opened.scene, keep_path, opened.base_dir, opened.images)
        add_recent(path)
        self.recent_changed.emit()
        self.message.emit(f"Opened {path.name}")
        return True

    def recent(self) -> list[Path]:
        return recent_files()

    # ---- saving

    def save(self) -> bool:
        if self.doc.path is None:
            return self.save_as()
        return self._write(self.doc.path)

    def save_as(self, path: Path | None = None) -> bool:
        if path is None:
            path = self.ask_save_path()
            if path is None:
                return False
        if path.suffix.lower() not in (".fivefoot", ".json"):
            path = path.with_name(path.name + ".fivefoot")
        return self._write(path)

    def _write(self, path: Path) -> bool:
        doc = self.doc
        try:
            save_scene_file(path, doc.scene_for_saving(), doc.images, doc.base_dir)
        except (OSError, ValueError) as exc:
            self.show_error("Can't save", f"{path}: {getattr(exc, 'strerror', None) or exc}")
            return False
        old_path = doc.path
        doc.saved_as(path)
        if self.store is not None:
            try:
                self.store.forget(old_path)
                self.store.forget(path)
            except OSError:
                pass
        add_recent(path)
        self.recent_changed.emit()
        self.message.emit(f"Saved {path.name}")
        return True

    # ---- autosave

    def autosave(self) -> bool:
        """Write an autosave of the current document when it has unsaved changes."""
        if self.store is None or not self.doc.dirty:
            return False
        doc = self.doc
        try:
            scene, images = prepare_for_save(
                doc.scene_for_saving(), doc.images, doc.base_dir, Path("autosave.fivefoot")
            )
            self.store.write(fivefoot_file.dumps(scene, images), doc.path)
        except (OSError, ValueError):
            return False
        return True

    def offer_restore(self) -> bool:
        """After a crash: offer the newest pending autosave. True when one was restored."""
        if self.store is None:
            return False
        try:
            pending = self.store.pending_restores()
        except OSError:
            return False
        if not pending:
            return False
        item = pending[0]
        answer = QMessageBox.question(
            self.window,
            "Restore unsaved work?",
            f"FiveFoot did not close properly last time. Restore the autosave of “{item.title}”?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        )
        if answer != QMessageBox.StandardButton.Yes:
            self.store.discard(item)
            return False
        try:
            restored = fivefoot_file.loads(self.store.restore(item), "autosave")
        except (SceneError, OSError) as exc:
            self.show_error("Can't restore the autosave", str(exc))
            return False
        self.doc.load(restored.scene, None, None, restored.images, dirty=True)
        return True

    def shutdown(self) -> None:
        self._timer.stop()
        if self.store is not None:
            with contextlib.suppress(OSError):
                self.store.end_session()
            self.store = None

    # ---- default questions (modal dialogs)

    def _dialog_open_path(self) -> Path | None:
        start = str(self.doc.path.parent) if self.doc.path else ""
        name, _ = QFileDialog.getOpenFileName(self.window, "Open scene", start, OPEN_FILTER)
        return Path(name) if name else None

    def _dialog_save_path(self) -> Path | None:
        base = self.doc.path or Path(
            (self.doc.scene.name or "untitled").lower().replace(" ", "-") + ".fivefoot"
        )
        name, _ = QFileDialog.getSaveFileName(self.window, "Save scene as", str(base), SAVE_FILTER)
        return Path(name) if name else None

    def _dialog_unsaved(self) -> str:
        box = QMessageBox(self.window)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Unsaved changes")
        box.setText(f"Save the changes to “{self.doc.display_name()}”?")
        box.setInformativeText("Your changes will be lost if you don't save them.")
        box.setStandardButtons(
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return "save"
        if answer == QMessageBox.StandardButton.Discard:
            return "discard"
        return "cancel"

    def _dialog_error(self, title: str, text: str) -> None:
        QMessageBox.warning(self.window, title, text)
