"""Saving without ever losing the user's work.

`atomic_write_bytes` writes the new content to a temporary file in the same folder, flushes and fsyncs
it, keeps the previous version as ``NAME.bak`` (`backup_path`), then renames the temporary file over the
target with `os.replace` (atomic on POSIX and Windows when both are on one volume). At every instant the
target is either the complete old file or the complete new one:

- the write fails (disk full, crash, exception while writing): the target is untouched and the temporary
  file is removed;
- the process dies before the rename: the target is untouched; a stray ``.ff-*.tmp`` may stay behind
  (`TEMP_PREFIX`; a short fixed-length name, so that a target name of up to 255 bytes can be saved).
  A save holds an exclusive lock on its temporary file until the rename (``flock`` on POSIX; on Windows
  an open file can't be deleted), so the next save in that folder, or the app's next start
  (`sweep_stale_temps`), removes every temporary file of ours that nobody holds — a killed save's,
  however young — and never one another running save is writing;
- after the rename: the target is the new file and ``NAME.bak`` the one before.

Refusals, each an `OSError` with a clear message and the old file intact: a read-only target
(`ReadOnlyFileError`; no write permission bit, or `os.access` says no — replacing the file would succeed
because the folder is writable, so it is checked explicitly), a folder, a symbolic link loop, and a file
that changed on disk since it was opened or last saved (`FileChangedError`, only when the caller passes
the `FileStamp` it recorded then as ``expect``; see `file_stamp`).

When ``NAME.bak`` is a hard link to ``NAME`` (one file under two names), renaming a third link over it
does nothing (POSIX), so the leftover link is removed explicitly; no temporary file stays behind.

The backup is made by hard link when the file system allows (instant, no copy), otherwise by copying,
itself atomically. A new file gets the usual permissions (0666 less the umask); a replaced file keeps its
mode. A symbolic link is written through: the file it points to is replaced, the link stays.

`rules.io.saving.save_scene` picks the format by suffix: ``.fivefoot`` → the zip document
(`rules.io.fivefoot_file`), anything else → plain scene JSON, with embedded pictures inlined as
``data:`` references so that the JSON stays one self-contained file (see `rules.io.images`).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import secrets
import shutil
import stat
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no flock (an open file can't be deleted there)
    fcntl = None  # type: ignore[assignment]

from rules.io.images import data_uri, embedded_name
from rules.io.scene_json import scene_to_json
from rules.io.state_json import state_to_document
from rules.model.scene import Scene
from rules.model.state import GameState

BACKUP_SUFFIX = ".bak"
UVTT_SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")
#: Temporary files are ``.ff-<12 hex>.tmp`` beside the target (19 characters whatever the target's name).
TEMP_PREFIX = ".ff-"
TEMP_SUFFIX = ".tmp"
#: A temporary file of ours is only looked at once it is this old (by its inode change time): a save
#: creates its file and locks it within this time.
STALE_TEMP_SECONDS = 2.0
_TEMP_NAME = re.compile(re.escape(TEMP_PREFIX) + r"[0-9a-f]{12}" + re.escape(TEMP_SUFFIX))
_NAME_MAX = 255


class ReadOnlyFileError(PermissionError):
    """The target file is read-only: FiveFoot does not replace it."""


class FileChangedError(OSError):
    """The target changed on disk since it was opened or last saved (another program or window wrote it)."""


@dataclass(frozen=True, slots=True)
class FileStamp:
    """What a file was when it was opened or saved: size, modification time (ns), inode and a SHA-256."""

    size: int
    mtime_ns: int
    inode: int
    sha256: str


def file_stamp(path: str | Path) -> FileStamp | None:
    """The `FileStamp` of `path` now; None when it does not exist or cannot be read."""
    try:
        with open(path, "rb") as f:
            st = os.fstat(f.fileno())
            if not stat.S_ISREG(st.st_mode):
                return None
            digest = hashlib.sha256()
            while chunk := f.read(1024 * 1024):
                digest.update(chunk)
    except OSError:
        return None
    return FileStamp(st.st_size, st.st_mtime_ns, st.st_ino, digest.hexdigest())


def changed_since(path: str | Path, stamp: FileStamp | None) -> bool:
    """True when `path` is no longer the file `stamp` recorded (changed or replaced; not when deleted).

    Same size, time and inode count as unchanged without reading; otherwise the content decides, so a
    file merely touched or copied back unchanged is not reported."""
    if stamp is None:
        return False
    try:
        st = os.stat(path)
    except OSError:
        return False  # deleted (nothing there to lose) or unreadable (the write will say why)
    if (st.st_size, st.st_mtime_ns, st.st_ino) == (stamp.size, stamp.mtime_ns, stamp.inode):
        return False
    now = file_stamp(path)
    return now is None or now.sha256 != stamp.sha256 or now.size != stamp.size


def is_read_only(path: str | Path) -> bool:
    """True when `path` exists and may not be written (no write bit, or the OS says no)."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    return not (stat.S_IMODE(st.st_mode) & 0o222) or not os.access(path, os.W_OK)


def backup_path(path: str | Path) -> Path:
    """Where the previous version of `path` is kept: the same name with ``.bak`` added."""
    p = Path(path)
    return p.with_name(p.name + BACKUP_SUFFIX)


def atomic_write_bytes(
    path: str | Path, data: bytes, keep_backup: bool = True, expect: FileStamp | None = None
) -> None:
    """Replace `path` with `data` atomically (see the module docstring); keep ``path.bak`` if asked.

    `expect`: the stamp the caller recorded when it opened or last saved the file; when the file is no
    longer that file, `FileChangedError` is raised and nothing is written. Raises OSError when the folder
    cannot be written or the target is read-only; the previous file is then intact.
    """
    target = Path(path)
    if len(os.fsencode(target.name)) > _NAME_MAX:
        raise OSError(errno.ENAMETOOLONG, f"the file name is longer than {_NAME_MAX} bytes", str(target))
    if target.is_symlink():
        # Write through a link (a synced folder, a shortcut) so that the link stays a link.
        try:
            target = target.resolve(strict=False)
        except (RuntimeError, OSError):
            raise OSError(errno.ELOOP, "is a symbolic link loop, not a file", str(path)) from None
        if target.is_symlink():  # a dangling chain that resolve() could not finish
            raise OSError(errno.ELOOP, "is a symbolic link loop, not a file", str(path))
    if len(os.fsencode(target.name)) > _NAME_MAX:
        raise OSError(errno.ENAMETOOLONG, f"the file name is longer than {_NAME_MAX} bytes", str(target))
    folder = target.parent
    old_mode: int | None = None
    try:
        old_stat = target.stat()
    except FileNotFoundError:
        old_stat = None
    except RuntimeError:
        raise OSError(errno.ELOOP, "is a symbolic link loop, not a file", str(path)) from None
    if old_stat is not None:
        if stat.S_ISDIR(old_stat.st_mode):
            raise IsADirectoryError(errno.EISDIR, "is a folder", str(target))
        if not stat.S_ISREG(old_stat.st_mode):
            raise OSError(
                errno.EINVAL, "is not a regular file (a device or a pipe); not replacing it", str(target)
            )
        if is_read_only(target):
            raise ReadOnlyFileError(
                errno.EACCES,
                "the file is read-only; save under another name or make it writable",
                str(target),
            )
        old_mode = stat.S_IMODE(old_stat.st_mode)
    if expect is not None and changed_since(target, expect):
        raise FileChangedError(
            errno.EEXIST, "the file changed on disk since it was opened or last saved", str(target)
        )
    tmp, lock = _write_temp(folder, data, old_mode)
    try:
        if keep_backup and old_stat is not None:
            _make_backup(target)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        os.close(lock)
    _fsync_folder(folder)
    sweep_stale_temps(folder)


def sweep_stale_temps(folder: str | Path, older_than: float | None = None) -> int:
    """Remove temporary files a killed save left in `folder`: ours by name, older than `older_than`
    seconds (default `STALE_TEMP_SECONDS`, by inode change time) and locked by no running save (see the
    module docstring). Returns how many were removed."""
    limit = STALE_TEMP_SECONDS if older_than is None else older_than
    now = time.time()
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not _TEMP_NAME.fullmatch(entry.name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and now - st.st_ctime > limit and _abandoned(entry.path):
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


def _lock(fd: int) -> None:
    """Hold an exclusive lock on the open file `fd` until it is closed (POSIX ``flock``; elsewhere the
    open file itself can't be deleted by another process)."""
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX)


def _abandoned(path: str) -> bool:
    """True when no running save holds the temporary file at `path` (POSIX: its lock can be taken)."""
    if fcntl is None:
        return True  # Windows: unlinking a file another process has open fails, and the sweep skips it
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    finally:
        os.close(fd)
    return True


def atomic_write_text(path: str | Path, text: str, keep_backup: bool = True, encoding: str = "utf-8") -> None:
    """`atomic_write_bytes` of `text` encoded (UTF-8 by default), written as is (no newline translation)."""
    atomic_write_bytes(path, text.encode(encoding), keep_backup=keep_backup)


def _temp_name(folder: Path) -> Path:
    return folder / f"{TEMP_PREFIX}{secrets.token_hex(6)}{TEMP_SUFFIX}"


def _write_temp(folder: Path, data: bytes, mode: int | None) -> tuple[Path, int]:
    """Create a new temporary file beside the target, lock it, write, flush and fsync it; return its path
    and an open descriptor holding the lock (the caller closes it once the file is renamed)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        tmp = _temp_name(folder)
        try:
            fd = os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue
        break
    try:
        _lock(fd)
        lock = os.dup(fd)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp, lock


def _make_backup(target: Path) -> None:
    """Point ``target.bak`` at the current content of `target`, atomically.

    A target whose name is too long for a ``.bak`` beside it is saved without one. When ``target.bak``
    already is a hard link to `target`, `os.replace` of a third link over it is a no-op that leaves the
    temporary link behind (POSIX rename of two links to one file), so it is removed here."""
    bak = backup_path(target)
    if len(os.fsencode(bak.name)) > _NAME_MAX:
        return
    tmp = _temp_name(target.parent)
    lock: int | None = None
    try:
        try:
            os.link(target, tmp)
        except OSError:
            shutil.copy2(target, tmp)
            with open(tmp, "rb+") as f:
                os.fsync(f.fileno())
        lock = os.open(tmp, os.O_RDONLY)
        _lock(lock)
        os.replace(tmp, bak)
    finally:
        if lock is not None:
            os.close(lock)
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable (POSIX); a no-op where folders cannot be opened (Windows)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ------------------------------------------------------------------------------------------- scenes


def scene_json_text(scene: Scene | GameState) -> str:
    """The scene document as JSON text (2-space indent, final newline); of a `GameState`, the map with the
    engine's keys (`rules.io.state_json.state_to_document`).

    Validated fields are always finite; an unknown key read as ``NaN`` or ``Infinity`` (which the scene
    loader accepts, as Python's JSON reader does) is written back the same way rather than refusing to save.
    """
    doc = state_to_document(scene) if isinstance(scene, GameState) else scene_to_json(scene)
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def inline_images(scene: Scene, images: Mapping[str, bytes]) -> Scene:
    """A copy of `scene` whose ``embedded:NAME`` references are ``data:`` references to ``images[NAME]``."""

    def inline(ref: str, where: str) -> str:
        name = embedded_name(ref)
        if name is None:
            return ref
        if name not in images:
            raise ValueError(f"{where} refers to embedded image {name!r}, which was not given")
        return data_uri(images[name])

    background = scene.background
    if background is not None:
        background = replace(background, image=inline(background.image, "background.image"))
    tokens = tuple(
        t if t.image is None else replace(t, image=inline(t.image, f"tokens[{i}].image"))
        for i, t in enumerate(scene.tokens)
    )
    return scene.edit(background=background, tokens=tokens)
