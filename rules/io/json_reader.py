"""`JsonReader`: typed access to decoded JSON that names the JSON path of a bad field, and `describe_value`,
the words for a bad value. Every file reader of `rules.io` reads with it (scenes, creatures, spells), so a
bad field is reported the same way everywhere (``tokens[2].spells[0].save.stat: …``)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from rules.errors import SceneError
from rules.geometry.coords import Cell, Point

JSON = Any


class JsonReader:
    """Typed access to decoded JSON that reports a bad field by its JSON path: each check raises
    `SceneError(message, path, source)`. A bad value is shown whole in the message, or cut to `shown_chars`
    characters (strings and numbers) when that is given."""

    def __init__(self, source: str, *, shown_chars: int | None = None) -> None:
        self.source = source
        self.shown_chars = shown_chars

    def kind(self, value: JSON) -> str:
        """How a bad value is named in a message: ``null``, ``the string 'x'``, ``a list`` …"""
        return describe_value(value, self.shown_chars)

    def fail(self, path: str, message: str) -> SceneError:
        return SceneError(message, path, self.source)

    def obj(self, value: JSON, path: str) -> dict[str, JSON]:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an object, got {self.kind(value)}")
        return value

    def lst(self, value: JSON, path: str) -> list[JSON]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, got {self.kind(value)}")
        return value

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

    def strings(self, value: JSON, path: str) -> tuple[str, ...]:
        return tuple(self.string(v, f"{path}[{i}]") for i, v in enumerate(self.lst(value, path)))


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
