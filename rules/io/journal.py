"""An append-only journal of document changes, so that a crash loses at most the last moment of work.

Autosave writes a whole snapshot of the document (`rules.io.autosave`), seconds apart. Between snapshots,
each change of the document is appended to the snapshot's journal as one compact JSON line, and recovery
replays the journal over the snapshot.

File format (UTF-8, one JSON object a line, each ending in ``\\n``)::

    {"fivefoot_journal": 1, "base": "<sha256 of the snapshot's bytes>", "file": "<snapshot file name>"}
    {"n": 1, "d": {"tokens": {"set": [{…token…}]}}}
    {"n": 2, "d": {"terrain": [{…}, …]}}

The header names the snapshot the entries apply to by the SHA-256 of its bytes, so a journal is never
replayed over another snapshot (whatever order a crash interrupted the writes in). Each entry ``d`` is a
state diff from the previous state, section by section (`scene_diff`): ``tokens`` as ``set`` (whole
token objects, changed or added, by id), ``del`` (ids) and ``order`` (all ids, only when the order is not
what ``set``/``del`` give); any other changed section (``grid``, ``options``, ``terrain``, ``walls``,
``background``, ``lights``, ``fog``, ``name``) whole, except that terrain, walls and lights changed by
removing some entries and adding some at the end (painting, drawing) are written as that edit
(`LIST_SECTIONS`); ``extra`` for every other top-level key (unknown keys and the engine's saved play
state, `top_level_extras`), key by key: ``set`` (whole values), ``del``
(keys) and ``append`` (items added at the end of a list, so a growing log costs only its new lines);
``full`` (the whole scene) when the rule system changed. Sections are compared by identity first
(`Scene` values are frozen, so an untouched section is the same object), which keeps a commit cheap: a
token move writes one token.

Durability: each entry is written with one unbuffered ``write`` (it is in the operating system as soon as
`Journal.append` returns, so it survives the process being killed); `os.fsync` (which survives a power cut)
runs on a background thread at most every `FSYNC_INTERVAL` seconds after an append (`Journal.request_sync`),
so a commit never waits for the disk; `Journal.sync` fsyncs on the caller's thread (closing does too). The
app also requests a sync from a timer half a second after a change.

Reading (`read_journal`) tolerates a crash mid-write: a last line without its ``\\n`` is dropped, and so
is everything from the first line that is not a valid entry. `replay` applies entries over a scene.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from rules.errors import SceneError
from rules.io.scene_json import scene_from_json, scene_to_json, token_to_json
from rules.io.state_json import state_from_document, state_to_document, state_to_json
from rules.model.scene import Scene
from rules.model.state import GameState

_S = TypeVar("_S", Scene, GameState)

JOURNAL_VERSION = 1
#: Seconds between fsyncs of the journal at most (a crash of the machine loses at most this much).
FSYNC_INTERVAL = 0.5
#: Sections written whole when they change (tokens are diffed by id; system changes write everything).
WHOLE_SECTIONS = tuple(
    key
    for key in ("grid", "options", "terrain", "walls", "background", "lights", "fog", "name")
    if key in Scene.__dataclass_fields__
)
#: Sections that are lists of values: a change that removes some and adds some at the end is written as
#: ``{"edit": {"remove": [indices], "add": [items]}}`` instead of whole (`_list_edit`).
LIST_SECTIONS = frozenset({"terrain", "walls", "lights"})
#: Longest journal read back (a journal restarts at every autosave, so it stays far below this).
MAX_JOURNAL_BYTES = 512 * 1024 * 1024

JSON = Any


def base_id(data: bytes) -> str:
    """The id of a snapshot: the SHA-256 of its bytes (hex)."""
    return hashlib.sha256(data).hexdigest()


# ------------------------------------------------------------------------------------------- diffing


def _section_json(scene: Scene, key: str) -> JSON:
    """One section of `scene_to_json(scene)`, computed from a scene holding only that section."""
    if key == "grid":
        return {"width": scene.grid.width, "height": scene.grid.height}
    if key == "name":
        return scene.name
    value = getattr(scene, key)
    mini = Scene(system=scene.system, grid=scene.grid, **{key: value})
    doc = scene_to_json(mini)
    if key == "lights":
        return doc.get("lights", [])
    return doc.get(key)


def _list_edit(scene: Scene, key: str, old: tuple[Any, ...], new: tuple[Any, ...]) -> dict[str, JSON] | None:
    """`new` as "`old` without some items, then some new items at the end" (how painting terrain or
    drawing walls changes a section), by identity: ``{"remove": [old indices], "add": [items]}``; None
    when `new` is not of that form, or the edit would not be much smaller than the whole section."""
    new_ids = {id(x) for x in new}
    removed = [i for i, x in enumerate(old) if id(x) not in new_ids]
    kept = len(old) - len(removed)
    if kept > len(new):
        return None
    gone = set(removed)
    k = 0
    for i, x in enumerate(old):
        if i in gone:
            continue
        if new[k] is not x:
            return None
        k += 1
    added = new[kept:]
    old_ids = {id(x) for x in old}
    if any(id(x) in old_ids for x in added) or 2 * (len(removed) + len(added)) > max(len(new), 8):
        return None
    items: JSON = []
    if added:
        changes: dict[str, Any] = {key: tuple(added)}
        items = _section_json(Scene(system=scene.system, grid=scene.grid, **changes), key)
    return {"remove": removed, "add": items or []}


def _token_changed(old: Any, new: Any, system: str) -> bool:
    if old is new:
        return False
    if old != new:
        return True
    # equal fields; unknown keys (`extra`) are not compared by ==
    return bool(token_to_json(old, system) != token_to_json(new, system))


def scene_diff(old_state: Scene | GameState, new_state: Scene | GameState) -> dict[str, JSON] | None:
    """What changed from `old_state` to `new_state` (game states, or bare maps; see the module docstring);
    None when nothing did."""
    if old_state is new_state:
        return None
    old, new = _map(old_state), _map(new_state)
    if old.system != new.system:
        return {"full": _document(new_state)}
    diff: dict[str, JSON] = {}
    for key in WHOLE_SECTIONS:
        a, b = getattr(old, key), getattr(new, key)
        if a is b:
            continue
        if key in LIST_SECTIONS:
            edit = _list_edit(new, key, a, b)
            if edit is not None:
                if edit["remove"] or edit["add"]:
                    diff[key] = {"edit": edit}
                continue
        sa, sb = _section_json(old, key), _section_json(new, key)
        if sa != sb:
            diff[key] = sb
    if old.tokens is not new.tokens:
        tokens = _tokens_diff(old, new)
        if tokens:
            diff["tokens"] = tokens
    if old.extra is not new.extra or _play_changed(old_state, new_state):
        extra = _extra_diff(top_level_extras(old_state), top_level_extras(new_state))
        if extra:
            diff["extra"] = extra
    return diff or None


def _extra_diff(before: dict[str, JSON], after: dict[str, JSON]) -> dict[str, JSON]:
    out: dict[str, JSON] = {}
    set_: dict[str, JSON] = {}
    append: dict[str, JSON] = {}
    for key, value in after.items():
        if key in before:
            was = before[key]
            if was is value or was == value:
                continue
            if (
                isinstance(was, list)
                and isinstance(value, list)
                and len(value) > len(was)
                and value[: len(was)] == was
            ):
                append[key] = value[len(was) :]
                continue
        set_[key] = value
    deleted = [key for key in before if key not in after]
    if set_:
        out["set"] = set_
    if append:
        out["append"] = append
    if deleted:
        out["del"] = deleted
    return out


_STANDARD_KEYS = frozenset({"format", "version", "system", "tokens", *WHOLE_SECTIONS})


def top_level_extras(state: Scene | GameState) -> dict[str, JSON]:
    """The top-level keys a scene document has besides the standard sections: the map's unknown keys and,
    of a `GameState`, the engine's keys (`rules.io.state_json.state_to_json`)."""
    scene = _map(state)
    doc = scene_to_json(Scene(system=scene.system, grid=scene.grid, extra=scene.extra))
    doc.update(_play(state))
    return {k: v for k, v in doc.items() if k not in _STANDARD_KEYS}


def _map(state: Scene | GameState) -> Scene:
    return state.scene if isinstance(state, GameState) else state


def _play(state: Scene | GameState) -> dict[str, JSON]:
    """The engine's keys of a game state (none for a bare map)."""
    return state_to_json(state) if isinstance(state, GameState) else {}


def _play_changed(old: Scene | GameState, new: Scene | GameState) -> bool:
    """Whether the engine's keys may differ (by identity: states are frozen, an untouched part is the same
    object)."""
    if isinstance(old, GameState) and isinstance(new, GameState):
        return any(
            getattr(old, key) is not getattr(new, key)
            for key in ("encounter", "areas", "log", "free", "spells", "hazards", "rolls", "campaign")
        )
    return isinstance(old, GameState) or isinstance(new, GameState)


def _document(state: Scene | GameState) -> dict[str, JSON]:
    return state_to_document(state) if isinstance(state, GameState) else scene_to_json(state)


def _tokens_diff(old: Scene, new: Scene) -> dict[str, JSON]:
    system = new.system
    old_by_id = {t.id: t for t in old.tokens}
    new_ids = [t.id for t in new.tokens]
    new_set = set(new_ids)
    changed = [t for t in new.tokens if t.id not in old_by_id or _token_changed(old_by_id[t.id], t, system)]
    out: dict[str, JSON] = {}
    if changed:
        out["set"] = [token_to_json(t, system) for t in changed]
    deleted = [tid for tid in old_by_id if tid not in new_set]
    if deleted:
        out["del"] = deleted
    naive = [tid for tid in old_by_id if tid in new_set] + [t.id for t in changed if t.id not in old_by_id]
    if naive != new_ids:
        out["order"] = new_ids
    return out


# ------------------------------------------------------------------------------------------- replaying


@dataclass
class _Doc:
    doc: dict[str, JSON]


def _apply(state: _Doc, diff: dict[str, JSON]) -> None:
    doc = state.doc
    if "full" in diff:
        full = diff["full"]
        if not isinstance(full, dict):
            raise ValueError("a full entry is not an object")
        state.doc = dict(full)
        return
    for key in WHOLE_SECTIONS:
        if key not in diff:
            continue
        value = diff[key]
        if key in LIST_SECTIONS and isinstance(value, dict):
            edit = value["edit"]
            gone = set(edit["remove"])
            items = [x for i, x in enumerate(doc.get(key) or []) if i not in gone]
            value = items + list(edit["add"])
        if value is None or (key == "lights" and value == []) or (key == "name" and value == ""):
            doc.pop(key, None)
        else:
            doc[key] = value
    tokens = diff.get("tokens")
    if isinstance(tokens, dict):
        by_id: dict[Any, JSON] = {}
        for t in doc.get("tokens", []):
            by_id[t.get("id") if isinstance(t, dict) else id(t)] = t
        for t in tokens.get("set", []):
            by_id[t["id"]] = t
        for tid in tokens.get("del", []):
            by_id.pop(tid, None)
        order = tokens.get("order")
        if isinstance(order, list):
            doc["tokens"] = [by_id[tid] for tid in order if tid in by_id]
        else:
            doc["tokens"] = list(by_id.values())
    if "extra" in diff:
        extra = diff["extra"]
        if not isinstance(extra, dict):
            raise ValueError("an extra entry is not an object")
        for key in extra.get("del", []):
            if key not in _STANDARD_KEYS:
                doc.pop(key, None)
        for key, value in extra.get("set", {}).items():
            if key not in _STANDARD_KEYS:
                doc[key] = value
        for key, items in extra.get("append", {}).items():
            current = doc.get(key)
            if key in _STANDARD_KEYS or not isinstance(current, list) or not isinstance(items, list):
                raise ValueError(f"cannot append to {key!r}")
            doc[key] = current + items


def replay(scene: _S, entries: Iterable[dict[str, JSON]], source: str = "journal") -> _S:
    """`scene` (a `GameState`, or a bare map) with the journal `entries` (their ``d`` diffs) applied in
    order. A game state's engine keys are decoded again (`rules.io.state_json.state_from_document`: what
    cannot be read is skipped).

    Raises `SceneError` when an entry is malformed or the result is not a valid scene."""
    state = _Doc(_document(scene))
    count = 0
    for entry in entries:
        diff = entry.get("d") if isinstance(entry, dict) else None
        if not isinstance(diff, dict):
            raise SceneError(f"entry {count + 1} has no change", "", source)
        try:
            _apply(state, diff)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SceneError(f"entry {count + 1} cannot be applied ({exc})", "", source) from None
        count += 1
    if count == 0:
        return scene
    if isinstance(scene, GameState):
        return state_from_document(state.doc, source).state
    return scene_from_json(state.doc, source)


# ------------------------------------------------------------------------------------------- the file


@dataclass(frozen=True, slots=True)
class JournalContents:
    """What a journal file holds: the snapshot it applies to and its complete entries."""

    base: str | None
    file: str | None
    entries: tuple[dict[str, JSON], ...]
    #: True when a cut-short or damaged tail was dropped.
    truncated: bool = False


def read_header(path: str | Path) -> dict[str, JSON] | None:
    """The journal's header line, or None when it has none (missing file, cut short, not a journal)."""
    try:
        with open(path, "rb") as f:
            line = f.readline(64 * 1024)
    except OSError:
        return None
    return _header(line)


def _header(line: bytes) -> dict[str, JSON] | None:
    if not line.endswith(b"\n"):
        return None
    try:
        head = json.loads(line)
    except ValueError:
        return None
    if not isinstance(head, dict) or head.get("fivefoot_journal") != JOURNAL_VERSION:
        return None
    if not isinstance(head.get("base"), str):
        return None
    return head


def read_journal(path: str | Path) -> JournalContents:
    """Read a journal, tolerating a crash mid-write (see the module docstring). A missing or unreadable
    file is an empty journal."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_JOURNAL_BYTES + 1)
    except OSError:
        return JournalContents(None, None, ())
    lines = data.split(b"\n")
    # the piece after the last "\n" is a line cut short (or b"" when the file ends with "\n")
    truncated = bool(lines[-1]) or len(data) > MAX_JOURNAL_BYTES
    complete = lines[:-1]
    if not complete:
        return JournalContents(None, None, (), truncated)
    head = _header(complete[0] + b"\n")
    if head is None:
        return JournalContents(None, None, (), True)
    entries: list[dict[str, JSON]] = []
    expected = 1
    for raw in complete[1:]:
        try:
            entry = json.loads(raw)
        except ValueError:
            truncated = True
            break
        if not isinstance(entry, dict) or entry.get("n") != expected or not isinstance(entry.get("d"), dict):
            truncated = True
            break
        entries.append(entry)
        expected += 1
    file = head.get("file")
    return JournalContents(head["base"], file if isinstance(file, str) else None, tuple(entries), truncated)


class Journal:
    """The journal file of one document's snapshot (see the module docstring).

    `start` begins a new journal for a snapshot (truncating the old one); `append` adds one change.
    fsyncs never run on the caller's thread unless it asks (`sync`): a due fsync (`fsync_interval`) or
    `request_sync` hands the work to one background thread, which makes durable every entry written
    before it began. The entries themselves are in the operating system as soon as `append` returns.
    """

    def __init__(self, path: str | Path, fsync_interval: float | None = FSYNC_INTERVAL) -> None:
        self.path = Path(path)
        self.fsync_interval = fsync_interval
        self._fd: int | None = None
        self._n = 0
        #: entries made durable by the last fsync (`_n` when nothing waits)
        self._synced = 0
        self._last_sync = 0.0
        self.base: str | None = None
        self._lock = threading.Lock()  # guards the descriptor against close while an fsync runs
        self._wake = threading.Condition()
        self._wanted = False
        self._worker: threading.Thread | None = None
        self._stopping = False

    @property
    def started(self) -> bool:
        return self._fd is not None

    @property
    def entries(self) -> int:
        """Entries appended since `start`."""
        return self._n

    @property
    def needs_sync(self) -> bool:
        """True when entries were written since the last fsync began."""
        return self._synced < self._n

    def start(self, base: str, file: str = "") -> None:
        """Begin an empty journal for the snapshot whose `base_id` is `base` (its file name `file`)."""
        self.close()
        flags = (
            os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
        )
        fd = os.open(self.path, flags, 0o600)
        try:
            header = {"fivefoot_journal": JOURNAL_VERSION, "base": base, "file": file}
            _write_all(fd, (json.dumps(header, separators=(",", ":")) + "\n").encode("utf-8"))
            os.fsync(fd)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        self._n = 0
        self._synced = 0
        self.base = base
        self._last_sync = time.monotonic()

    def append(self, old: Scene | GameState, new: Scene | GameState) -> bool:
        """Append the change from `old` to `new`; False when nothing changed (nothing written)."""
        diff = scene_diff(old, new)
        if diff is None:
            return False
        self.append_diff(diff)
        return True

    def append_diff(self, diff: dict[str, JSON]) -> None:
        if self._fd is None:
            raise RuntimeError("the journal has not been started")
        line = json.dumps({"n": self._n + 1, "d": diff}, separators=(",", ":"), ensure_ascii=False)
        _write_all(self._fd, (line + "\n").encode("utf-8", "surrogatepass"))
        self._n += 1
        if self.fsync_interval is not None and time.monotonic() - self._last_sync >= self.fsync_interval:
            self.request_sync()

    def request_sync(self) -> None:
        """Have the background thread fsync what was appended (returns at once)."""
        if self._fd is None or not self.needs_sync:
            return
        self._last_sync = time.monotonic()
        with self._wake:
            self._wanted = True
            if self._worker is None:
                self._stopping = False
                self._worker = threading.Thread(target=self._run, name="journal-fsync", daemon=True)
                self._worker.start()
            self._wake.notify()

    def sync(self) -> None:
        """fsync what was appended, now, on this thread (durable against a power cut)."""
        self._fsync()
        self._last_sync = time.monotonic()

    def _fsync(self) -> None:
        with self._lock:
            if self._fd is None or self._synced >= self._n:
                return
            upto = self._n
            with contextlib.suppress(OSError):
                os.fsync(self._fd)
            self._synced = max(self._synced, upto)

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._wanted and not self._stopping:
                    self._wake.wait()
                if self._stopping and not self._wanted:
                    return
                self._wanted = False
            self._fsync()

    def close(self) -> None:
        worker = self._worker
        if worker is not None:
            with self._wake:
                self._stopping = True
                self._wake.notify()
            worker.join()
            self._worker = None
        if self._fd is not None:
            self._fsync()
            with self._lock:
                os.close(self._fd)
                self._fd = None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]
