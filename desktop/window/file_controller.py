"""File ▸ New/Open/Save/Save As/Recent, the unsaved-changes prompt, and autosave with crash recovery.

The questions to the user (`ask_open_path`, `ask_save_path`, `ask_unsaved`, `ask_restore`, `show_error`) are
attributes so a test can answer them without a modal dialog. Saving and loading go through
`desktop.window.file_io` (atomic writes, `.bak` backups); autosaves through `rules.io.autosave.AutosaveStore`
in the per-user data folder.

Opening never half-loads: a file that cannot be read (missing, damaged, cut short, not a scene) gets a
message naming the file and the problem, and the open document stays exactly as it was (scene, file,
undo history).

Autosave: a document with unsaved changes is autosaved `autosave_after_edit_ms` after an edit (the
edits made meanwhile go into the same write), but not sooner than `autosave_min_gap_ms` after the last
autosave (a document with a big map picture is not rewritten every few seconds), and every
`autosave_every_ms` as a backstop; a state already autosaved is not written again. Saving the document,
or dropping its changes on purpose ("Don't Save"), forgets its autosave.

Journal: between autosaves every change of the document (the `Document.changed` signal) is appended to
the autosave's journal (`rules.io.journal`, one JSON line of what changed, written at once and fsynced on
a short timer), so a crash loses at most the last moment of work. The first change after opening or
saving first writes a base snapshot of the document as it was (`AutosaveStore.write_base`).

At start, `offer_restore` lists the autosaves a crashed session left (newest first) and asks about each:
Restore opens it with its journal replayed (unsaved, under its file's name when it had one) and stops;
Discard deletes it; Later keeps it for the next start.

Problems are told visibly, never only in the status bar: an autosave folder that cannot be written
(once, when the window opens or the first write fails), pictures an opened file refers to that cannot be
shown (the document still opens and saves; saving keeps such a reference as it is), a read-only file, and
a file that changed on disk since it was opened or last saved (`ask_overwrite_changed` asks before
overwriting another program's or window's work).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from desktop.document import Document
from desktop.paths import assets_dir, data_dir, demo_path
from desktop.window.file_io import (
    OPEN_FILTER,
    SAVE_FILTER,
    Opened,
    open_scene_file,
    prepare_for_save,
    save_scene_file,
)
from desktop.window.recent import add_recent, recent_files
from rules.errors import SceneError
from rules.io import fivefoot_file
from rules.io.autosave import AutosaveStore, PendingRestore
from rules.io.safe_write import (
    FileChangedError,
    FileStamp,
    ReadOnlyFileError,
    file_stamp,
    sweep_stale_temps,
)
from rules.model.scene import Scene, new_scene
from rules.model.state import GameState
from rules.systems import DEFAULT_SYSTEM

#: Backstop: autosave a document with unsaved changes this often.
AUTOSAVE_MS = 120_000
#: After an edit, autosave this much later (edits made meanwhile go into the same write) ...
AUTOSAVE_AFTER_EDIT_MS = 3_000
#: ... but no sooner than this after the previous autosave.
AUTOSAVE_MIN_GAP_MS = 15_000
#: fsync the journal this long after a change at most (a change is in the OS at once; this is for power cuts).
JOURNAL_SYNC_MS = 500
#: Most picture problems listed in the warning shown on opening (the rest are counted).
MAX_WARNINGS_SHOWN = 8


def _is_uvtt(path: Path) -> bool:
    """True when `path` holds a Universal VTT map (sniffed like the reader does; unreadable: False, and
    reading it then says why)."""
    from rules.io.loading import file_kind

    try:
        return file_kind(path) == "uvtt"
    except (OSError, SceneError):
        return False


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
        self.ask_restore: Callable[[PendingRestore, int, int], str] = self._dialog_restore
        self.show_error: Callable[[str, str], None] = self._dialog_error
        self.show_warning: Callable[[str, str], None] = self._dialog_warning
        self.ask_overwrite_changed: Callable[[Path], bool] = self._dialog_overwrite_changed
        #: Which rules an imported Universal VTT map uses (None: cancel the opening).
        self.ask_system: Callable[[Path], str | None] = self._dialog_system
        self.store: AutosaveStore | None = None
        #: The file as it was when opened or last saved (to warn before overwriting someone else's change).
        self._disk_stamp: FileStamp | None = None
        #: Why autosave is off or failing, once told to the user.
        self._autosave_problem_told = False
        self._journal_sync = QTimer(self)
        self._journal_sync.setSingleShot(True)
        self._journal_sync.setInterval(JOURNAL_SYNC_MS)
        self._journal_sync.timeout.connect(self._sync_journal)
        self._loading = False
        self._timer = QTimer(self)
        self._timer.setInterval(AUTOSAVE_MS)
        self._timer.timeout.connect(self.autosave)
        self._edit_timer = QTimer(self)
        self._edit_timer.setSingleShot(True)
        self._edit_timer.timeout.connect(self.autosave)
        self._after_edit_ms = AUTOSAVE_AFTER_EDIT_MS
        self._min_gap_ms = AUTOSAVE_MIN_GAP_MS
        self._last_write: float | None = None  # time.monotonic() of the last autosave written
        #: The document state last autosaved (not written again), and whether an autosave of it exists.
        self._autosaved: GameState | None = None
        if autosave:
            store = AutosaveStore(data_dir())
            try:
                store.start_session()
                self.store = store
                self._timer.start()
            except OSError as exc:
                self.store = None
                problem = f"{store.root}: {exc.strerror or exc}"
                QTimer.singleShot(0, lambda: self._tell_autosave_problem(problem, off=True))
        doc.changed.connect(self._on_changed)
        doc.reset.connect(self._on_reset)

    def set_autosave_intervals(self, every_ms: int, after_edit_ms: int, min_gap_ms: int = 0) -> None:
        """Change how often autosave runs (tests use short intervals)."""
        self._timer.setInterval(every_ms)
        self._after_edit_ms = after_edit_ms
        self._min_gap_ms = min_gap_ms

    @property
    def autosave_every_ms(self) -> int:
        return int(self._timer.interval())

    @property
    def autosave_after_edit_ms(self) -> int:
        return self._after_edit_ms

    @property
    def autosave_min_gap_ms(self) -> int:
        return self._min_gap_ms

    def _on_reset(self) -> None:
        self._edit_timer.stop()
        self._autosaved = None
        self._loading = True  # the `changed` that follows is a load, not an edit
        if self.store is not None:
            self._sync_journal()
            self.store.close_journals()

    def _on_changed(self, old: object, new: object) -> None:
        if self._loading:
            self._loading = False
        else:
            self._journal(old, new)
        if self.store is None or self._edit_timer.isActive():
            return
        if not self.doc.dirty and self._autosaved is None:
            return  # nothing unsaved, no autosave to drop
        wait = float(self._after_edit_ms)
        if self._last_write is not None:
            since = (time.monotonic() - self._last_write) * 1000
            wait = max(wait, self._min_gap_ms - since)
        self._edit_timer.start(max(0, round(wait)))

    # ---- journal

    def _journal(self, old: object, new: object) -> None:
        """Append the change old → new to the document's journal (a base snapshot first if needed)."""
        store = self.store
        if store is None or not isinstance(old, GameState) or not isinstance(new, GameState):
            return
        if old is new:
            return
        doc = self.doc
        journal = store.journal(doc.path)
        try:
            if journal is None:
                if not doc.dirty:
                    return  # back to the saved state: nothing to protect
                state, images = prepare_for_save(old, doc.images, doc.base_dir, Path("autosave.fivefoot"))
                journal = store.write_base(fivefoot_file.dumps(state, images), doc.path)
            journal.append(old, new)
        except (OSError, ValueError) as exc:
            self._tell_autosave_problem(f"{getattr(exc, 'strerror', None) or exc}")
            return
        if journal.needs_sync and not self._journal_sync.isActive():
            self._journal_sync.start()

    def _sync_journal(self) -> None:
        self._journal_sync.stop()
        if self.store is None:
            return
        journal = self.store.journal(self.doc.path)
        if journal is not None:
            journal.request_sync()  # the fsync runs on the journal's own thread

    def _tell_autosave_problem(self, problem: str, off: bool = False) -> None:
        """Tell the user (once, in a dialog) that autosave is off or failing; always on the status bar."""
        text = (
            "Autosave is off: its folder cannot be written"
            if off
            else "Autosave failed; your unsaved work is not protected against a crash"
        )
        self.message.emit(f"{text} ({problem})")
        if self._autosave_problem_told:
            return
        self._autosave_problem_told = True
        self.show_warning(
            "Autosave is not working",
            f"{text}.\n\n{problem}\n\nSave your work with File ▸ Save to keep it. "
            "Set FIVEFOOT_DATA_DIR to a writable folder to turn autosave back on.",
        )

    # ---- opening

    def maybe_save(self) -> bool:
        """Ask about unsaved changes. True when it is fine to drop the current document."""
        if not self.doc.dirty:
            return True
        answer = self.ask_unsaved()
        if answer == "save":
            return self.save()
        if answer == "discard":
            self._forget_autosave(self.doc.path)
            return True
        return False

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

    def open_demo(self, system: str = DEFAULT_SYSTEM) -> bool:
        """Open a bundled demo as a new, unsaved document (Save asks where)."""
        path = demo_path(system)
        opened = self._read(path, "Can't open the demo")
        if opened is None or not self.maybe_save():
            return False
        self.doc.load(opened.state, None, assets_dir().resolve(), opened.images, problems=opened.problems)
        self.message.emit(self.tr("Demo encounter: {name}").format(name=opened.scene.name or path.name))
        return True

    def _read(self, path: Path, title: str, system: str | None = None) -> Opened | None:
        """The file read and checked whole, or None after telling the user why not."""
        try:
            return open_scene_file(path, system=system)
        except SceneError as exc:
            self.show_error(title, str(exc))
        except OSError as exc:
            self.show_error(title, f"{path}: {exc.strerror or exc}")
        except MemoryError:
            self.show_error(title, self.tr("{path}: too big to open (out of memory)").format(path=path))
        except Exception as exc:  # a reader bug must not take the open document with it
            self.show_error(
                title,
                self.tr("{path}: cannot be read ({__name__}: {exc})").format(
                    path=path, __name__=type(exc).__name__, exc=exc
                ),
            )
        return None

    def open(self, path: Path | None = None, ask: bool = True, system: str | None = None) -> bool:
        """Open a scene file (asking which when `path` is None). The file is read and checked first; only
        then is the user asked about unsaved changes (`ask`), so a bad file changes nothing at all. A
        Universal VTT map has no rules of its own: `system`, else the user's answer (`ask_system`)."""
        if path is None:
            path = self.ask_open_path()
            if path is None:
                return False
        if system is None and _is_uvtt(path):
            system = self.ask_system(path)
            if system is None:
                return False
        opened = self._read(path, f"Can't open “{path.name}”", system)
        if opened is None or (ask and not self.maybe_save()):
            return False
        keep_path: Path | None = path if path.suffix.lower() in (".fivefoot", ".json") else None
        self.doc.load(opened.state, keep_path, opened.base_dir, opened.images, problems=opened.problems)
        self._disk_stamp = file_stamp(keep_path) if keep_path is not None else None
        add_recent(path)
        sweep_stale_temps(path.parent)  # a save killed earlier may have left its temporary file here
        self.recent_changed.emit()
        self.message.emit(self.tr("Opened {name}").format(name=path.name))
        if opened.warnings:
            self._tell_picture_problems(path, opened.warnings)
        return True

    def answer_without_asking(self, system: str, report: Callable[[str], None]) -> None:
        """Headless runs (``--screenshot``) never open a modal box: errors and warnings go to `report`, an
        imported map takes `system`'s rules, unsaved changes are discarded, a pending autosave waits, and a
        file changed on disk is not overwritten."""
        self.show_error = lambda title, text: report(f"{title}: {text}")
        self.show_warning = lambda title, text: report(f"{title}: {text}")
        self.ask_unsaved = lambda: "discard"
        self.ask_restore = lambda _item, _index, _count: "later"
        self.ask_overwrite_changed = lambda _path: False
        self.ask_system = lambda _path: system

    def _tell_picture_problems(self, path: Path, warnings: tuple[str, ...]) -> None:
        shown = list(warnings[:MAX_WARNINGS_SHOWN])
        if len(warnings) > MAX_WARNINGS_SHOWN:
            shown.append(f"… and {len(warnings) - MAX_WARNINGS_SHOWN} more")
        self.show_warning(
            f"Some pictures of “{path.name}” can't be shown",
            "The scene is open and can be edited and saved; these pictures are left as they are "
            "(saving keeps their references but can't embed them):\n\n" + "\n".join(shown),
        )

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
        same_file = doc.path is not None and path == doc.path
        expect = self._disk_stamp if same_file else None
        try:
            try:
                save_scene_file(path, doc.state, doc.images, doc.base_dir, expect=expect)
            except FileChangedError:
                if not self.ask_overwrite_changed(path):
                    self.message.emit(self.tr("Not saved: {name} changed on disk").format(name=path.name))
                    return False
                save_scene_file(path, doc.state, doc.images, doc.base_dir)
        except ReadOnlyFileError:
            self.show_error(
                self.tr("Can't save"),
                self.tr("{path}: the file is read-only. Use File ▸ Save As to save a copy.").format(
                    path=path
                ),
            )
            return False
        except (OSError, ValueError) as exc:
            self.show_error(self.tr("Can't save"), f"{path}: {getattr(exc, 'strerror', None) or exc}")
            return False
        self._disk_stamp = file_stamp(path)
        old_path = doc.path
        doc.saved_as(path)
        self._forget_autosave(old_path)
        self._forget_autosave(path)
        add_recent(path)
        self.recent_changed.emit()
        self.message.emit(self.tr("Saved {name}").format(name=path.name))
        return True

    # ---- autosave

    def autosave(self) -> bool:
        """Autosave the current document if it has unsaved changes not autosaved yet. True when written.

        A document with no unsaved changes (saved, or undone back to its saved state) has its autosave
        dropped instead.
        """
        self._edit_timer.stop()
        if self.store is None:
            return False
        doc = self.doc
        if not doc.dirty:
            if self._autosaved is not None:
                self._forget_autosave(doc.path)
            return False
        if self._autosaved is doc.state:
            return False
        try:
            scene, images = prepare_for_save(doc.state, doc.images, doc.base_dir, Path("autosave.fivefoot"))
            self.store.write(fivefoot_file.dumps(scene, images), doc.path)
        except (OSError, ValueError) as exc:
            self._tell_autosave_problem(f"{getattr(exc, 'strerror', None) or exc}")
            return False
        self._autosaved = doc.state
        self._last_write = time.monotonic()
        return True

    def _forget_autosave(self, path: Path | None) -> None:
        self._edit_timer.stop()
        self._journal_sync.stop()
        self._autosaved = None
        if self.store is not None:
            with contextlib.suppress(OSError):
                self.store.forget(path)

    def pending_restores(self) -> list[PendingRestore]:
        if self.store is None:
            return []
        try:
            return self.store.pending_restores()
        except OSError:
            return []

    def offer_restore(self) -> bool:
        """After a crash: offer each autosave left behind, newest first. True when one was restored.

        `ask_restore(item, index, count)` answers ``"restore"``, ``"discard"`` or ``"later"``. Restore opens
        the autosave as an unsaved document (after the unsaved-changes prompt) and stops asking; an autosave
        that cannot be read gets a message and stays for the next start.
        """
        store = self.store
        if store is None:
            return False
        pending = self.pending_restores()
        for index, item in enumerate(pending):
            answer = self.ask_restore(item, index, len(pending))
            if answer == "discard":
                with contextlib.suppress(OSError):
                    store.discard(item)
                continue
            if answer != "restore":
                continue
            if self.restore(item):
                return True
        return False

    def restore(self, item: PendingRestore) -> bool:
        """Open the autosave `item`, its journal replayed, as the document (unsaved). True when restored."""
        store = self.store
        if store is None:
            return False
        try:
            _data, restored = store.recover(item)
        except (SceneError, OSError) as exc:
            problem = getattr(exc, "strerror", None) or exc
            self.show_error(self.tr("Can't restore the autosave"), f"{item.data_path}: {problem}")
            return False
        if not self.maybe_save():
            return False
        try:
            store.restore(item)
        except OSError as exc:
            self.show_error(self.tr("Can't restore the autosave"), f"{item.data_path}: {exc.strerror or exc}")
            return False
        path = Path(item.document_path) if item.document_path else None
        keep = path if path is not None and path.suffix.lower() in (".fivefoot", ".json") else None
        self.doc.load(
            restored.state,
            keep,
            keep.parent if keep else None,
            restored.images,
            dirty=True,
            problems=restored.problems,
        )
        self._disk_stamp = file_stamp(keep) if keep is not None else None
        self._autosaved = self.doc.state  # store.restore wrote it into this session already
        if item.journal_path is not None:
            self._autosaved = None  # the journal's changes are not in that snapshot: write them now
            self.autosave()
        when = time.strftime("%H:%M", time.localtime(item.saved_at))
        self.message.emit(
            self.tr("Restored the unsaved work on {title} (autosaved at {when}); save it to keep it").format(
                title=item.title, when=when
            )
        )
        return True

    def shutdown(self) -> None:
        self._timer.stop()
        self._edit_timer.stop()
        self._journal_sync.stop()
        if self.store is not None:
            with contextlib.suppress(OSError):
                self.store.end_session()
            self.store = None

    # ---- default questions (modal dialogs)

    def _dialog_system(self, path: Path) -> str | None:
        from desktop.dialogs.import_system import ask_import_system

        return ask_import_system(path, self.window)

    def default_folder(self) -> Path:
        """Where the file dialogs start: the folder of the document's file, else of the map it was
        imported from, else the user's home (never the bundled demo's folder or the working folder)."""
        if self.doc.path is not None:
            return self.doc.path.resolve().parent
        base = self.doc.base_dir
        if base is not None and base.is_dir() and base.resolve() != assets_dir().resolve():
            return base.resolve()
        return Path.home()

    def _dialog_open_path(self) -> Path | None:
        start = str(self.default_folder())
        name, _ = QFileDialog.getOpenFileName(self.window, self.tr("Open scene"), start, OPEN_FILTER)
        return Path(name) if name else None

    def _dialog_save_path(self) -> Path | None:
        base = self.doc.path or self.default_folder() / (
            (self.doc.scene.name or "untitled").lower().replace(" ", "-") + ".fivefoot"
        )
        name, _ = QFileDialog.getSaveFileName(self.window, self.tr("Save scene as"), str(base), SAVE_FILTER)
        return Path(name) if name else None

    def _dialog_unsaved(self) -> str:
        box = QMessageBox(self.window)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("Unsaved changes"))
        box.setText(
            self.tr("Save the changes to “{display_name}”?").format(display_name=self.doc.display_name())
        )
        box.setInformativeText(self.tr("Your changes will be lost if you don't save them."))
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

    def _dialog_restore(self, item: PendingRestore, index: int, count: int) -> str:
        box = QMessageBox(self.window)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Restore unsaved work?"))
        when = time.strftime("%a %d %b %H:%M", time.localtime(item.saved_at))
        box.setText(
            self.tr("FiveFoot did not close properly. Restore your unsaved work on “{title}”?").format(
                title=item.title
            )
        )
        more = f" ({index + 1} of {count} autosaves)" if count > 1 else ""
        where = f"\n{item.document_path}" if item.document_path else ""
        box.setInformativeText(
            self.tr("Autosaved {when}{more}.{where}").format(when=when, more=more, where=where)
        )
        restore = box.addButton(self.tr("Restore"), QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton(self.tr("Discard"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(self.tr("Later"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(restore)
        box.exec()
        clicked = box.clickedButton()
        if clicked is restore:
            return "restore"
        if clicked is discard:
            return "discard"
        return "later"

    def _dialog_error(self, title: str, text: str) -> None:
        QMessageBox.warning(self.window, title, text)

    def _dialog_warning(self, title: str, text: str) -> None:
        QMessageBox.warning(self.window, title, text)

    def _dialog_overwrite_changed(self, path: Path) -> bool:
        box = QMessageBox(self.window)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("File changed on disk"))
        box.setText(
            self.tr("“{name}” was changed on disk since you opened or saved it.").format(name=path.name)
        )
        box.setInformativeText(
            self.tr(
                "Another program or FiveFoot window saved it. Overwrite those changes with yours? "
                "(Cancel, then use File ▸ Save As to keep both.)"
            )
        )
        overwrite = box.addButton(self.tr("Overwrite"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is overwrite
