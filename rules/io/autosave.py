"""Autosave and crash recovery (no Qt: the app calls `AutosaveStore.write` from a timer and after edits).

Where: ``<data dir>/autosave/<session id>/``, with ``<data dir>`` the `data_dir` argument, else the
environment variable ``FIVEFOOT_DATA_DIR`` (tests), else platformdirs' per-user data folder for FiveFoot.

One folder per app session. `AutosaveStore.start_session` creates it with a marker ``session.json``
(process id, its start time where the OS tells it, host name); `AutosaveStore.end_session` — a clean
exit — deletes the session's autosaves, then the marker, then the folder. So a folder whose marker is
still there while its process is gone was left by a crash, and its autosaves are what
`pending_restores` lists. A marker whose process is still running (another FiveFoot window) is left
alone, and so is one written on another host (the data folder may be shared; that process cannot be
checked). A folder without a marker but with autosaves (a clean exit cut short) is listed too: work is
never dropped silently.

Each document has one autosave per session, keyed by its file's absolute path (``untitled`` for a
document never saved): ``<key>.autosave`` holds the bytes the app gives (a `.fivefoot` document from
`rules.io.fivefoot_file.dumps`), ``<key>.json`` says which document it is. Writes are atomic (a crash
mid-autosave keeps the previous autosave). After the user saves the document, `forget` drops its
autosave.

`restore` returns the bytes of a pending autosave and moves it into the current session, so it stays
protected until this session saves or exits cleanly; `discard` deletes it. A crashed session's folder
disappears when its last autosave is restored or discarded.

Between autosaves, every change goes into the document's journal (`rules.io.journal`), ``<key>.journal``,
replayed over its snapshot on recovery, so a crash loses at most the last moment of work. A journal
needs a snapshot to apply to: the last autosave (`write` restarts the journal for it), or, when the
document has not been autosaved since it was opened or saved, a base snapshot ``<key>.base`` of the
state before the first change (`write_base`). `PendingRestore.data_path` is the snapshot the journal
names (checked by its hash on recovery), and `recover` gives the document with the journal replayed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import socket
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from rules.io.journal import FSYNC_INTERVAL, Journal, base_id, read_header, read_journal, replay
from rules.io.safe_write import atomic_write_bytes, atomic_write_text

ENV_VAR = "FIVEFOOT_DATA_DIR"
APP_NAME = "FiveFoot"
MARKER = "session.json"
DATA_SUFFIX = ".autosave"
BASE_SUFFIX = ".base"
JOURNAL_SUFFIX = ".journal"
META_SUFFIX = ".json"
UNTITLED_KEY = "untitled"


def data_dir(override: str | Path | None = None) -> Path:
    """The per-user data folder: `override`, else ``$FIVEFOOT_DATA_DIR``, else platformdirs' choice."""
    if override is not None:
        return Path(override)
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def document_key(document_path: str | Path | None) -> str:
    """The autosave key of a document: a hash of its absolute, case-normalised path, or ``untitled``."""
    if document_path is None:
        return UNTITLED_KEY
    norm = os.path.normcase(os.path.abspath(os.fspath(document_path)))
    return "doc-" + hashlib.sha256(norm.encode("utf-8", "surrogatepass")).hexdigest()[:24]


@dataclass(frozen=True, slots=True)
class PendingRestore:
    """An autosave left by a session that did not exit cleanly."""

    session_id: str
    key: str
    document_path: str | None
    saved_at: float
    size: int
    data_path: Path
    #: The journal of changes made after the snapshot `data_path` (None: there is none).
    journal_path: Path | None = None

    @property
    def title(self) -> str:
        """What to show the user: the document's file name, or "Untitled"."""
        return Path(self.document_path).name if self.document_path else "Untitled"


class AutosaveStore:
    """Per-session autosaves of open documents and the crash-recovery list (see the module docstring)."""

    def __init__(self, data_dir_override: str | Path | None = None) -> None:
        self.root = data_dir(data_dir_override) / "autosave"
        self.session_id: str | None = None
        self._journals: dict[str, Journal] = {}
        #: How often a journal fsyncs on append (`rules.io.journal.Journal`); None: the caller syncs.
        self.journal_fsync_interval: float | None = FSYNC_INTERVAL

    # ---- the session

    @property
    def session_dir(self) -> Path:
        if self.session_id is None:
            raise RuntimeError("the autosave session has not started")
        return self.root / self.session_id

    def start_session(self) -> str:
        """Create this session's folder and marker; tidy folders of dead sessions with nothing left."""
        if self.session_id is not None:
            return self.session_id
        self.root.mkdir(parents=True, exist_ok=True)
        session_id = f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{secrets.token_hex(4)}"
        folder = self.root / session_id
        folder.mkdir()
        marker = {
            "pid": os.getpid(),
            "process_start": _process_start(os.getpid()),
            "host": socket.gethostname(),
            "started": time.time(),
        }
        atomic_write_text(folder / MARKER, json.dumps(marker) + "\n", keep_backup=False)
        self.session_id = session_id
        for other in self._other_session_dirs():
            if not self._is_live(other):
                _remove_if_empty(other)
        return session_id

    def end_session(self) -> None:
        """A clean exit: delete this session's autosaves, then its marker and folder."""
        if self.session_id is None:
            return
        folder = self.session_dir
        self.close_journals()
        for suffix in (DATA_SUFFIX, BASE_SUFFIX, JOURNAL_SUFFIX):
            for p in folder.glob("*" + suffix):
                p.unlink(missing_ok=True)
        _remove_if_empty(folder)
        self.session_id = None

    def __enter__(self) -> AutosaveStore:
        self.start_session()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        # Leaving by an exception is not a clean exit: keep the autosaves for the next start.
        if exc_type is None:
            self.end_session()

    # ---- writing

    def write(self, data: bytes, document_path: str | Path | None = None) -> Path:
        """Autosave `data` for the document at `document_path` (None: untitled); returns the file written.

        An open journal of the document restarts for this snapshot (and its base snapshot goes)."""
        target = self._write_snapshot(data, document_path, DATA_SUFFIX)
        key = document_key(document_path)
        journal = self._journals.get(key)
        if journal is not None:
            journal.start(base_id(data), target.name)
            (self.session_dir / (key + BASE_SUFFIX)).unlink(missing_ok=True)
        return target

    def write_base(self, data: bytes, document_path: str | Path | None = None) -> Journal:
        """Write `data` (the document before its first unsaved change) as the journal's base snapshot and
        return the journal, started and empty."""
        target = self._write_snapshot(data, document_path, BASE_SUFFIX)
        journal = self._journal(document_path)
        journal.start(base_id(data), target.name)
        return journal

    def journal(self, document_path: str | Path | None = None) -> Journal | None:
        """The document's started journal; None when there is no snapshot for it yet (`write_base`)."""
        if self.session_id is None:
            return None
        journal = self._journals.get(document_key(document_path))
        return journal if journal is not None and journal.started else None

    def close_journals(self) -> None:
        for journal in self._journals.values():
            with contextlib.suppress(OSError):
                journal.close()
        self._journals.clear()

    def _journal(self, document_path: str | Path | None) -> Journal:
        key = document_key(document_path)
        journal = self._journals.get(key)
        if journal is None:
            journal = Journal(self.session_dir / (key + JOURNAL_SUFFIX), self.journal_fsync_interval)
            self._journals[key] = journal
        return journal

    def _write_snapshot(self, data: bytes, document_path: str | Path | None, suffix: str) -> Path:
        self.start_session()
        key = document_key(document_path)
        folder = self.session_dir
        target = folder / (key + suffix)
        atomic_write_bytes(target, data, keep_backup=False)
        meta_path = folder / (key + META_SUFFIX)
        meta = {"document_path": None if document_path is None else os.path.abspath(os.fspath(document_path))}
        if _read_json(meta_path) != meta:
            atomic_write_text(meta_path, json.dumps(meta) + "\n", keep_backup=False)
        return target

    def forget(self, document_path: str | Path | None = None) -> None:
        """Drop this session's autosave (and journal) of a document (the user saved it, or closed it)."""
        if self.session_id is None:
            return
        key = document_key(document_path)
        journal = self._journals.pop(key, None)
        if journal is not None:
            with contextlib.suppress(OSError):
                journal.close()
        for suffix in (DATA_SUFFIX, BASE_SUFFIX, JOURNAL_SUFFIX, META_SUFFIX):
            (self.session_dir / (key + suffix)).unlink(missing_ok=True)

    # ---- recovering

    def pending_restores(self) -> list[PendingRestore]:
        """Autosaves of sessions that did not exit cleanly, newest first."""
        found: list[PendingRestore] = []
        for folder in self._other_session_dirs():
            if self._is_live(folder):
                continue
            keys = {p.name[: -len(DATA_SUFFIX)] for p in folder.glob("*" + DATA_SUFFIX)}
            keys |= {p.name[: -len(BASE_SUFFIX)] for p in folder.glob("*" + BASE_SUFFIX)}
            for key in sorted(keys):
                item = _pending(folder, key)
                if item is not None:
                    found.append(item)
        found.sort(key=lambda p: p.saved_at, reverse=True)
        return found

    def recover(self, item: PendingRestore) -> tuple[bytes, Any]:
        """The snapshot's bytes and the document (a `rules.io.fivefoot_file.Document`) with the journal
        replayed over it. A journal that belongs to another snapshot, or that cannot be replayed, is
        ignored (the snapshot alone is returned). Raises OSError / `SceneError` for an unreadable
        snapshot."""
        from rules.errors import SceneError
        from rules.io import fivefoot_file

        data = item.data_path.read_bytes()
        document = fivefoot_file.loads(data, str(item.data_path))
        if item.journal_path is None:
            return data, document
        contents = read_journal(item.journal_path)
        if contents.base != base_id(data) or not contents.entries:
            return data, document
        try:
            state = replay(document.state, contents.entries, str(item.journal_path))
        except SceneError:
            return data, document
        return data, fivefoot_file.Document(state, document.images, document.warnings, document.problems)

    def restore(self, item: PendingRestore) -> bytes:
        """The autosaved bytes. They move into this session (kept safe until it saves or exits cleanly).

        Raises OSError when the autosave cannot be read (then nothing is moved or deleted).
        """
        data = item.data_path.read_bytes()
        self.write(data, item.document_path)
        self.discard(item)
        return data

    def discard(self, item: PendingRestore) -> None:
        """Delete a pending autosave; its session's folder goes when nothing is left in it."""
        folder = item.data_path.parent
        for suffix in (DATA_SUFFIX, BASE_SUFFIX, JOURNAL_SUFFIX, META_SUFFIX):
            (folder / (item.key + suffix)).unlink(missing_ok=True)
        _remove_if_empty(folder)

    # ---- helpers

    def _other_session_dirs(self) -> list[Path]:
        try:
            entries = list(self.root.iterdir())
        except OSError:
            return []
        return sorted(p for p in entries if p.is_dir() and p.name != self.session_id)

    def _is_live(self, folder: Path) -> bool:
        """True when the folder's session may still be running (its process exists, or can't be checked)."""
        marker_path = folder / MARKER
        if not marker_path.exists():
            return False
        marker = _read_json(marker_path)
        if not isinstance(marker, dict):
            return False
        host = marker.get("host")
        if isinstance(host, str) and host != socket.gethostname():
            return True
        pid = marker.get("pid")
        if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
            return False
        if not _pid_alive(pid):
            return False
        recorded = marker.get("process_start")
        current = _process_start(pid)
        # A different start time means the id now belongs to another process.
        return not (recorded is not None and current is not None and recorded != current)


def _pending(folder: Path, key: str) -> PendingRestore | None:
    """The pending restore of one document in a dead session's folder: the snapshot its journal names
    (else the autosave, else the base), its time the newest of snapshot and journal."""
    journal_path = folder / (key + JOURNAL_SUFFIX)
    header = read_header(journal_path)
    candidates = [folder / (key + DATA_SUFFIX), folder / (key + BASE_SUFFIX)]
    named = header.get("file") if header else None
    if isinstance(named, str) and named in (c.name for c in candidates):
        candidates.insert(0, folder / named)
    for data_path in candidates:
        try:
            st = data_path.stat()
        except OSError:
            continue
        saved_at = st.st_mtime
        has_journal = header is not None and header.get("file") == data_path.name
        if has_journal:
            with contextlib.suppress(OSError):
                saved_at = max(saved_at, journal_path.stat().st_mtime)
        meta = _read_json(folder / (key + META_SUFFIX))
        doc_path = meta.get("document_path") if isinstance(meta, dict) else None
        return PendingRestore(
            session_id=folder.name,
            key=key,
            document_path=doc_path if isinstance(doc_path, str) else None,
            saved_at=saved_at,
            size=st.st_size,
            data_path=data_path,
            journal_path=journal_path if has_journal else None,
        )
    return None


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _remove_if_empty(folder: Path) -> None:
    """Remove a session folder that holds no autosave any more (its marker and leftovers first)."""
    try:
        if any(folder.glob("*" + DATA_SUFFIX)) or any(folder.glob("*" + BASE_SUFFIX)):
            return
        for p in folder.iterdir():
            if p.is_file():
                p.unlink(missing_ok=True)
        folder.rmdir()
    except OSError:
        pass


def _pid_alive(pid: int) -> bool:
    if sys.platform == "win32":
        return _windows_pid_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def _windows_pid_alive(pid: int) -> bool:  # pragma: no cover - Windows only
    import ctypes

    kernel32 = getattr(ctypes, "windll").kernel32  # noqa: B009 - windll exists only on Windows
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return bool(kernel32.GetLastError() == 5)  # access denied: it exists
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def _process_start(pid: int) -> int | None:
    """The process's start time in clock ticks since boot (Linux), to detect a reused process id."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        stat = Path(f"/proc/{pid}/stat").read_text()
        fields = stat[stat.rindex(")") + 2 :].split()
        return int(fields[19])
    return None
