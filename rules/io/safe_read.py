"""Reading files named inside other files (picture paths in scenes and maps) without trusting them.

A scene file may name any path as its map or token picture, and the app, the query command, saving and
autosave all read it. A hostile or careless path must not hang or exhaust the app, so `read_regular_file`
(the one helper they all use, through `rules.io.images.resolve_image`) reads a path only when:

- it is not a network path: ``\\\\host\\share\\x.png`` and ``//host/share/x.png`` (Windows UNC, which
  would make Windows connect to the host and may leak credentials) are refused without touching them;
- `os.stat` says it is a regular file: device files (``/dev/zero``, ``/dev/random``), named pipes,
  sockets and folders are refused before they are opened;
- it is opened with ``O_NONBLOCK`` (so a pipe swapped in after the check cannot block the open) and
  `os.fstat` of the open file still says regular file (so a swapped file is refused too);
- its size is at most `max_bytes`; reading stops at ``max_bytes + 1`` bytes whatever the size claimed,
  so a file that grows while it is read is refused, never read whole.

Problems raise `UnsafeFileError` (an `OSError`) with a short reason (`UnsafeFileError.reason`).
`open_regular_file` applies the same checks and returns the open file (for zip archives, read lazily).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

_CHUNK = 1024 * 1024


class UnsafeFileError(OSError):
    """A path that is not a readable regular file within the size limit. `reason` says why."""

    def __init__(self, path: str | Path, reason: str, code: int = errno.EINVAL) -> None:
        super().__init__(code, reason, str(path))
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.filename}: {self.reason}"


def is_network_path(path: str | Path) -> bool:
    """True for a Windows UNC / network path (``\\\\host\\share``, ``//host/share``, ``\\\\?\\UNC\\…``)."""
    text = os.fspath(path)
    return text.startswith(("\\\\", "//")) or text.startswith(("\\/", "/\\"))


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _mb(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MB" if n % (1024 * 1024) else f"{n // (1024 * 1024)} MB"


def open_regular_file(path: str | Path, max_bytes: int | None = None) -> BinaryIO:
    """Open `path` for reading after the checks of the module docstring. Raises `UnsafeFileError` or
    the usual `OSError` (``FileNotFoundError``, ``PermissionError``)."""
    text = os.fspath(path)
    if is_network_path(text):
        raise UnsafeFileError(path, "is a network path; FiveFoot reads pictures only from local files")
    if "\x00" in text:
        raise UnsafeFileError(path, "has a NUL character in its name")
    st = os.stat(text)  # follows links: a link to a regular file is fine
    if not stat.S_ISREG(st.st_mode):
        code = errno.EISDIR if stat.S_ISDIR(st.st_mode) else errno.EINVAL
        raise UnsafeFileError(path, f"is {_kind(st.st_mode)}, not a file", code)
    if max_bytes is not None and st.st_size > max_bytes:
        raise UnsafeFileError(
            path, f"is {_mb(st.st_size)}, more than the {_mb(max_bytes)} limit", errno.EFBIG
        )
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(text, flags)
    try:
        st2 = os.fstat(fd)
        if not stat.S_ISREG(st2.st_mode):
            raise UnsafeFileError(path, f"is {_kind(st2.st_mode)}, not a file (it changed while opened)")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular_file(path: str | Path, max_bytes: int) -> bytes:
    """The bytes of `path`, at most `max_bytes` of them (see the module docstring for the checks).

    Raises `UnsafeFileError` (not a regular file, a network path, too big) or `OSError`.
    """
    with open_regular_file(path, max_bytes) as f:
        out = bytearray()
        while True:
            chunk = f.read(min(_CHUNK, max_bytes + 1 - len(out)))
            if not chunk:
                break
            out += chunk
            if len(out) > max_bytes:
                raise UnsafeFileError(path, f"is more than the {_mb(max_bytes)} limit", errno.EFBIG)
    return bytes(out)
