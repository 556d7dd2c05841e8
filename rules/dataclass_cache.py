"""A compile cache for the methods `dataclasses` writes (issue 22: launch to first frame).

Every ``@dataclass`` writes the source of its ``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` (and, when
frozen, ``__setattr__`` and ``__delattr__``) and compiles it with ``exec``: about 1 800 compilations for the
engine's 330 classes. Compiling them is a third of importing the engine (0.1 ms each; running the compiled
code is 100 times faster). Python keeps a module's bytecode in ``__pycache__`` but has no cache for these.

`install` gives the `dataclasses` module its own ``exec``, which looks each source text up in a table of code
objects and compiles only a text it has not seen; `save` writes the table back when it grew. The table lives
beside the engine's own bytecode, ``rules/__pycache__/dataclass-methods.<tag>.bin``, and follows the same
rules as Python's bytecode cache:

* the file begins with this interpreter's magic number, so another Python version ignores it;
* a file that can't be read, or holds anything but source text → code, is ignored (and rewritten);
* nothing is written when Python is told not to write bytecode (``-B``, ``PYTHONDONTWRITEBYTECODE``) or the
  folder is read-only.

The classes made are the same: the same text is compiled by the same compiler, with the same file name
``<string>``, only once per Python version instead of once per process. The frozen app carries the table its
build made (``packaging/fivefoot.spec``).
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import importlib.util
import marshal
import os
import sys
import tempfile
from pathlib import Path
from types import CodeType
from typing import Any

#: What the file begins with: a format tag and this interpreter's bytecode magic number.
HEADER = b"fivefoot-dataclass-methods 1\n" + importlib.util.MAGIC_NUMBER
#: A table grown past this many texts keeps only those the process used (classes made at run time by the
#: tests or by other libraries must not make it grow without end).
MAX_ENTRIES = 12_000
#: The file name dataclasses' own ``exec`` gives the code it compiles.
SOURCE_NAME = "<string>"


def default_path() -> Path | None:
    """``rules/__pycache__/dataclass-methods.<cache tag>.bin``, or None when this Python has no cache tag."""
    tag = sys.implementation.cache_tag
    if tag is None:
        return None
    return Path(__file__).resolve().parent / "__pycache__" / f"dataclass-methods.{tag}.bin"


class MethodCache:
    """Source text → code object, read from `path` when first asked, written back by `save`."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.codes: dict[str, CodeType] = {}
        self.used: set[str] = set()
        self.compiled = 0  # texts this process had to compile
        self.hits = 0  # texts answered from the table
        self._loaded = False

    def load(self) -> None:
        """Read the table once; a missing, foreign or damaged file gives an empty one."""
        if self._loaded:
            return
        self._loaded = True
        if self.path is None:
            return
        try:
            data = self.path.read_bytes()
        except OSError:
            return
        if not data.startswith(HEADER):
            return
        try:
            table = marshal.loads(data[len(HEADER) :])
        except (EOFError, ValueError, TypeError):
            return
        if type(table) is dict:
            self.codes = {k: v for k, v in table.items() if type(k) is str and type(v) is CodeType}

    def code_for(self, source: str) -> CodeType:
        """The compiled `source`, from the table or compiled now (and kept)."""
        self.load()
        code = self.codes.get(source)
        if code is None:
            # dont_inherit: this module's `from __future__ import annotations` must not reach the methods
            # (dataclasses' own exec compiles them with the flags of dataclasses.py, which has none)
            code = compile(source, SOURCE_NAME, "exec", dont_inherit=True)
            self.codes[source] = code
            self.compiled += 1
        else:
            self.hits += 1
        self.used.add(source)
        return code

    def exec(
        self, source: str | bytes | CodeType, globals_: dict[str, Any] | None = None, locals_: Any = None
    ) -> None:
        """`builtins.exec`, with a text's compilation looked up first."""
        builtins.exec(self.code_for(source) if type(source) is str else source, globals_, locals_)

    def save(self) -> bool:
        """Write the table when this process compiled a text it didn't have; True when written. Writes
        a temporary file and renames it over the old one, so a reader never sees half a table."""
        if not self.compiled or self.path is None or sys.dont_write_bytecode:
            return False
        codes = self.codes
        if len(codes) > MAX_ENTRIES:
            codes = {k: v for k, v in codes.items() if k in self.used}
        try:
            payload = HEADER + marshal.dumps(codes)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".dataclass-methods-", suffix=".tmp", dir=self.path.parent)
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(payload)
                os.chmod(tmp, 0o644)  # readable by all, like the bytecode beside it (mkstemp makes 0600)
                os.replace(tmp, self.path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except (OSError, ValueError):
            return False  # a read-only install: the next process compiles again, as it would without it
        self.compiled = 0
        return True


_installed: MethodCache | None = None


def install(path: Path | None = None) -> MethodCache:
    """Give `dataclasses` the cached ``exec`` (once per process) and save the table at exit."""
    global _installed
    if _installed is None:
        cache = MethodCache(path if path is not None else default_path())
        vars(dataclasses)["exec"] = cache.exec  # shadows the builtin for that module only
        atexit.register(cache.save)
        _installed = cache
    return _installed


def save() -> bool:
    """Write the installed table now if it grew (the app does it once its first frame is shown)."""
    return _installed.save() if _installed is not None else False


def installed() -> MethodCache | None:
    """The installed cache, or None."""
    return _installed
