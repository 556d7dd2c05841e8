"""The one JSON reader of `rules.io`: decoding a file's bytes (`decode_json`) and typed access to the decoded
value (`JsonReader`), used by every format — scene files, the engine's state in them, creature JSON, the
creature importers, Universal VTT and `.fivefoot` files.

Boundary rules:

* `decode_json` takes UTF-8 (a byte-order mark allowed) and refuses, as a `SceneError` naming the file (and
  the member of an archive, `what`): text that isn't UTF-8 (``not UTF-8 text (byte 3)``), bad syntax with
  its line and column (and ``the file looks cut short`` when the text ends before its last bracket),
  nesting too deep for the decoder, and integers with more digits than Python converts.
* `JsonReader` checks one value at a time against what the format wants and raises its error (a
  `SceneError`, or the `error` class given, such as `rules.errors.CreatureImportError`) with the JSON path
  of the bad field under the reader's `base` path (``tokens[2].size: 'enormous' is not one of …``). A bad
  value is shown whole in the message, or cut to `shown_chars` characters (texts and numbers) when given;
  an integer too long to print is described by its number of digits (`describe_value`).
* Whole numbers may be written as floats (``2.0``); ``true``/``false`` are never numbers. Optional fields
  (`opt_int`, `opt_string`, and `lst` / `strings` / `pairs` with ``optional=True``) take ``null`` and
  absence as "not given".
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules.errors import SceneError
from rules.geometry.coords import Cell, Point

JSON = Any


def describe_value(value: JSON, shown_chars: int | None = None) -> str:
    """A decoded JSON value in words for an error message (``the number 7``, ``a list``); texts and numbers
    are cut to `shown_chars` characters. Safe for integers too long to print."""

    def cut(text: str) -> str:
        if shown_chars is None or len(text) <= shown_chars:
            return text
        return text[: shown_chars - 3] + "…"

    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the string {cut(value)!r}"
    if isinstance(value, int) and value.bit_length() > 3000:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    if isinstance(value, (int, float)):
        return f"the number {cut(repr(value))}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def decode_json(
    data: bytes | str,
    source: str = "",
    *,
    what: str = "",
    hint: str = "",
    fail: Callable[[str], Exception] | None = None,
) -> JSON:
    """Decode a file's JSON (see the module docstring). `what` names an archive's member in the message
    (``scene.json is not valid JSON: …``); `hint` follows a "not UTF-8" message (what the file should have
    been); `fail` builds the error from the message (default: a `SceneError` naming `source`)."""

    def error(message: str) -> Exception:
        text = f"{what} is {message}" if what else message
        return fail(text) if fail is not None else SceneError(text, "", source)

    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise error(f"not UTF-8 text (byte {exc.start}){'; ' + hint if hint else ''}") from None
    else:
        text = data.removeprefix("\ufeff")
    try:
        return json.loads(text)
    except RecursionError:
        raise error("not valid JSON: nested too deeply") from None
    except json.JSONDecodeError as exc:
        stripped = text.rstrip()
        cut = "; the file looks cut short" if stripped and not stripped.endswith(("}", "]")) else ""
        raise error(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}{cut}") from None
    except ValueError as exc:  # an integer with more digits than Python converts
        raise error(f"not valid JSON: {str(exc)[:160]}") from None


class JsonReader:
    """Typed access to decoded JSON that reports a bad field by its JSON path (see the module docstring):
    each check raises ``error(message, path, source)``, the path put under `base`."""

    def __init__(
        self,
        source: str,
        *,
        base: str = "",
        shown_chars: int | None = None,
        error: type[SceneError] = SceneError,
    ) -> None:
        self.source = source
        self.base = base
        self.shown_chars = shown_chars
        self.error = error

    def at(self, base: str) -> JsonReader:
        """The same reader for the fields under another base path."""
        out = copy.copy(self)
        out.base = base
        return out

    def path(self, path: str) -> str:
        """`path` under the reader's base (``tokens[0]`` + ``hp`` → ``tokens[0].hp``)."""
        if not self.base:
            return path
        if not path:
            return self.base
        return f"{self.base}{path}" if path.startswith("[") else f"{self.base}.{path}"

    def kind(self, value: JSON) -> str:
        """How a bad value is named in a message: ``null``, ``the string 'x'``, ``a list`` …"""
        return describe_value(value, self.shown_chars)

    def fail(self, path: str, message: str) -> SceneError:
        return self.error(message, self.path(path), self.source)

    # ---- containers

    def obj(self, value: JSON, path: str) -> dict[str, JSON]:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an object, got {self.kind(value)}")
        return value

    def lst(self, value: JSON, path: str, *, optional: bool = False) -> list[JSON]:
        """A list (``null`` is an empty one when `optional`)."""
        if value is None and optional:
            return []
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, got {self.kind(value)}")
        return value

    def require(self, o: Mapping[str, JSON], key: str, path: str, what: str = "") -> JSON:
        """``o[key]``; its absence is ``missing`` (with what the field should hold)."""
        if key not in o:
            raise self.fail(path, f"missing ({what})" if what else "missing")
        return o[key]

    # ---- scalars

    def integer(self, value: JSON, path: str, *, lo: int | None = None, hi: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(path, f"expected a whole number, got {self.kind(value)}")
        if isinstance(value, float):
            if not value.is_integer():
                raise self.fail(path, f"expected a whole number, got {value!r}")
            value = int(value)
        if lo is not None and value < lo:
            raise self.fail(path, f"{value} is less than {lo}")
        if hi is not None and value > hi:
            raise self.fail(path, f"{value} is more than {hi}")
        return int(value)

    def opt_int(self, value: JSON, path: str, *, lo: int | None = None, hi: int | None = None) -> int | None:
        return None if value is None else self.integer(value, path, lo=lo, hi=hi)

    def number(self, value: JSON, path: str) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(path, f"expected a number, got {self.kind(value)}")
        try:
            result = float(value)
        except OverflowError:
            raise self.fail(path, "the number is too large") from None
        if not math.isfinite(result):
            raise self.fail(path, f"expected a finite number, got {value!r}")
        return result

    def string(self, value: JSON, path: str) -> str:
        if not isinstance(value, str):
            raise self.fail(path, f"expected a string, got {self.kind(value)}")
        return value

    def opt_string(self, value: JSON, path: str) -> str | None:
        return None if value is None else self.string(value, path)

    def boolean(self, value: JSON, path: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, f"expected true or false, got {self.kind(value)}")
        return value

    def choice(self, value: JSON, path: str, choices: Iterable[str]) -> str:
        options = tuple(choices)
        if not isinstance(value, str) or value not in options:
            shown = repr(value) if isinstance(value, str) else self.kind(value)
            raise self.fail(path, f"{shown} is not one of {', '.join(options)}")
        return value

    # ---- compound values

    def cell(self, value: JSON, path: str) -> Cell:
        items = self.lst(value, path)
        if len(items) != 2:
            raise self.fail(path, f"expected [x, y], got a list of {len(items)}")
        return Cell(self.integer(items[0], f"{path}[0]"), self.integer(items[1], f"{path}[1]"))

    def point(self, value: JSON, path: str) -> Point:
        items = self.lst(value, path)
        if len(items) != 2:
            raise self.fail(path, f"expected [x, y], got a list of {len(items)}")
        return Point(self.number(items[0], f"{path}[0]"), self.number(items[1], f"{path}[1]"))

    def strings(self, value: JSON, path: str, *, optional: bool = False) -> tuple[str, ...]:
        return tuple(
            self.string(v, f"{path}[{i}]") for i, v in enumerate(self.lst(value, path, optional=optional))
        )

    def pairs(self, value: JSON, path: str, *, optional: bool = False) -> tuple[tuple[str, int], ...]:
        """``{"name": number}`` as (name, number) pairs, in order; a list of names gives each the value 0
        (a 5e list of damage types)."""
        if value is None and optional:
            return ()
        if isinstance(value, list):
            return tuple((self.string(v, f"{path}[{i}]"), 0) for i, v in enumerate(value))
        o = self.obj(value, path)
        return tuple((str(k), self.integer(v, f"{path}.{k}")) for k, v in o.items())


__all__ = ["JSON", "JsonReader", "decode_json", "describe_value"]
