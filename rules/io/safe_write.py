"""Saving without ever losing the user's work.

`atomic_write_bytes` writes the new content to a temporary file in the same folder, flushes and fsyncs
it, keeps the previous version as ``NAME.bak`` (`backup_path`), then renames the temporary file over the
target with `os.replace` (atomic on POSIX and Windows when both are on one volume). At every instant the
target is either the complete old file or the complete new one:

- the write fails (disk full, crash, exception while writing): the target is untouched and the temporary
  file is removed;
- the process dies before the rename: the target is untouched; a stray ``.NAME.*.tmp`` may stay behind;
- after the rename: the target is the new file and ``NAME.bak`` the one before.

The backup is made by hard link when the file system allows (instant, no copy), otherwise by copying,
itself atomically. A new file gets the usual permissions (0666 less the umask); a replaced file keeps its
mode. A symbolic link is written through: the file it points to is replaced, the link stays.

`save_scene` picks the format by suffix: ``.fivefoot`` → the zip document (`rules.io.fivefoot_file`),
anything else → plain scene JSON, with embedded pictures inlined as ``data:`` references so that the
JSON stays one self-contained file (see `rules.io.images`).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import stat
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from rules.io.images import data_uri, embedded_name
from rules.scene import Scene, scene_to_json

BACKUP_SUFFIX = ".bak"
UVTT_SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")


def backup_path(path: str | Path) -> Path:
    """Where the previous version of `path` is kept: the same name with ``.bak`` added."""
    p = Path(path)
    return p.with_name(p.name + BACKUP_SUFFIX)


def atomic_write_bytes(path: str | Path, data: bytes, keep_backup: bool = True) -> None:
    """Replace `path` with `data` atomically (see the module docstring); keep ``path.bak`` if asked.

    Raises OSError when the folder cannot be written; the previous file is then intact.
    """
    target = Path(path)
    if target.is_symlink():
        # Write through a link (a synced folder, a shortcut) so that the link stays a link.
        target = target.resolve()
    folder = target.parent
    old_mode: int | None = None
    try:
        old_stat = target.stat()
    except FileNotFoundError:
        old_stat = None
    if old_stat is not None:
        if stat.S_ISDIR(old_stat.st_mode):
            raise IsADirectoryError(f"{target} is a folder")
        old_mode = stat.S_IMODE(old_stat.st_mode)
    tmp = _write_temp(folder, target.name, data, old_mode)
    try:
        if keep_backup and old_stat is not None:
            _make_backup(target)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(folder)


def atomic_write_text(path: str | Path, text: str, keep_backup: bool = True, encoding: str = "utf-8") -> None:
    """`atomic_write_bytes` of `text` encoded (UTF-8 by default), written as is (no newline translation)."""
    atomic_write_bytes(path, text.encode(encoding), keep_backup=keep_backup)


def _temp_name(folder: Path, name: str) -> Path:
    return folder / f".{name}.{secrets.token_hex(6)}.tmp"


def _write_temp(folder: Path, name: str, data: bytes, mode: int | None) -> Path:
    """Create a new temporary file beside the target, write, flush and fsync it; return its path."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        tmp = _temp_name(folder, name)
        try:
            fd = os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue
        break
    try:
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
    return tmp


def _make_backup(target: Path) -> None:
    """Point ``target.bak`` at the current content of `target`, atomically."""
    bak = backup_path(target)
    tmp = _temp_name(target.parent, bak.name)
    try:
        try:
            os.link(target, tmp)
        except OSError:
            shutil.copy2(target, tmp)
            with open(tmp, "rb+") as f:
                os.fsync(f.fileno())
        os.replace(tmp, bak)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


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


def save_scene(
    path: str | Path, scene: Scene, images: Mapping[str, bytes] | None = None, keep_backup: bool = True
) -> None:
    """Save `scene` (and the pictures it embeds) atomically, in the format the suffix names.

    ``.fivefoot`` → a zip with ``scene.json`` and ``images/NAME``. A Universal VTT suffix → ValueError
    (FiveFoot imports those but does not write them, so it never overwrites a map export). Anything else →
    plain scene JSON (UTF-8, 2-space indent, final newline); each ``embedded:NAME`` reference of the
    background and the tokens is replaced by a ``data:`` reference holding ``images[NAME]``.
    Raises ValueError when an embedded picture the scene refers to is not in `images`.
    """
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix == ".fivefoot":
        from rules.io import fivefoot_file

        fivefoot_file.save(p, scene, images, keep_backup=keep_backup)
        return
    if suffix in UVTT_SUFFIXES:
        raise ValueError(f"{p.name}: FiveFoot does not write Universal VTT files; save as .fivefoot or .json")
    atomic_write_text(p, scene_json_text(inline_images(scene, images or {})), keep_backup=keep_backup)


def scene_json_text(scene: Scene) -> str:
    """The scene document as JSON text (2-space indent, final newline).

    Validated fields are always finite; an unknown key read as ``NaN`` or ``Infinity`` (which the scene
    loader accepts, as Python's JSON reader does) is written back the same way rather than refusing to save.
    """
    return json.dumps(scene_to_json(scene), indent=2, ensure_ascii=False) + "\n"


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
