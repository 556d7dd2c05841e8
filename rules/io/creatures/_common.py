"""Shared reading helpers for the creature importers.

Real files leave fields out, so a missing or ``null`` value gets the importer's default; a value that is
present but of the wrong kind raises `CreatureImportError` naming the file and the JSON path of the field.
"""

from __future__ import annotations

import gzip
import html
import io
import re
import zlib
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal

from rules.errors import CreatureImportError
from rules.io.json_reader import JsonReader, decode_json
from rules.model.creature import Creature, CreatureError
from rules.model.scene import Attack

JSON = Any
MAX_FILE_BYTES = 64 * 1024 * 1024


class Reader(JsonReader):
    """Tolerant typed access to a decoded JSON document from `source` (a file name): the one
    `rules.io.json_reader.JsonReader`, failing with `CreatureImportError`, where a missing or ``null``
    value gets a default and a numeric string counts as its number."""

    def __init__(self, source: str, base: str = "") -> None:
        super().__init__(source, base=base, shown_chars=40, error=CreatureImportError)

    def at(self, base: str) -> Reader:
        return Reader(self.source, base)

    def fail(self, path: str, message: str) -> CreatureImportError:
        return CreatureImportError(message, self.path(path), self.source)

    @staticmethod
    def dig(value: JSON, *keys: str) -> JSON:
        """``value[k1][k2]…``, or None where a level is missing or not an object."""
        for k in keys:
            if not isinstance(value, dict):
                return None
            value = value.get(k)
        return value

    def obj(self, value: JSON, path: str) -> dict[str, JSON]:
        """An object; ``null`` is an empty one."""
        return {} if value is None else super().obj(value, path)

    def lst(self, value: JSON, path: str, *, optional: bool = True) -> list[JSON]:
        """A list (``null`` an empty one); an object's values in order (Foundry stores some lists as
        ``{"0": …, "1": …}``)."""
        if isinstance(value, dict):
            return list(value.values())
        return super().lst(value, path, optional=optional)

    def int_(self, value: JSON, path: str, default: int | None = None) -> int | None:
        """A whole number; numeric strings (``"2"``, ``"+3"``) are accepted; ``""``/None give `default`."""
        if value is None or value == "":
            return default
        if isinstance(value, bool):
            raise self.fail(path, f"expected a number, got {self.kind(value)}")
        if isinstance(value, str):
            text = value.strip()
            if re.fullmatch(r"[+-]?\d{1,9}", text):
                return int(text)
            raise self.fail(path, f"expected a number, got {self.kind(value)}")
        if isinstance(value, int):
            if abs(value) > 10**9:
                raise self.fail(path, f"{value} is out of range")
            return value
        if isinstance(value, float):
            if value != value or abs(value) > 1e9:
                raise self.fail(path, f"{value!r} is out of range")
            return int(value)
        raise self.fail(path, f"expected a number, got {self.kind(value)}")

    def need_int(self, value: JSON, path: str, default: int) -> int:
        result = self.int_(value, path, default)
        return default if result is None else result

    def num(self, value: JSON, path: str) -> float | None:
        if value is None or value == "":
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(path, f"expected a number, got {self.kind(value)}")
        result = float(value)
        if result != result or abs(result) > 1e9:
            raise self.fail(path, f"{value!r} is out of range")
        return result

    def str_(self, value: JSON, path: str, default: str = "") -> str:
        if value is None:
            return default
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)
        if not isinstance(value, str):
            raise self.fail(path, f"expected text, got {self.kind(value)}")
        return value

    def strs(self, value: JSON, path: str) -> list[str]:
        """A list of strings; a single string counts as one; objects with ``type``/``value`` give that."""
        if value is None or value == "":
            return []
        if isinstance(value, str):
            return [value]
        out: list[str] = []
        for i, v in enumerate(self.lst(value, path)):
            if isinstance(v, dict):
                v = v.get("type", v.get("value"))
            text = self.str_(v, f"{path}[{i}]")
            if text:
                out.append(text)
        return out

    def build(self, make: Callable[[], Creature], path: str = "") -> Creature:
        """Build a creature, turning a model validation error into an import error at its field."""
        try:
            return make()
        except CreatureError as exc:
            field = f"{path}.{exc.field}" if path and exc.field else (path or exc.field)
            raise self.fail(field, exc.detail) from None


def read_json(path: Path) -> JSON:
    """Decode a JSON file, raising `CreatureImportError` naming the file."""
    source = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise CreatureImportError(f"is too large ({size} bytes)", "", source)
        data = path.read_bytes()
        if path.suffix.lower() == ".gz":
            data = _gunzip(data, source)
        text = data.decode("utf-8-sig")
    except FileNotFoundError:
        raise CreatureImportError("no such file", "", source) from None
    except IsADirectoryError:
        raise CreatureImportError("is a folder", "", source) from None
    except UnicodeDecodeError as exc:
        raise CreatureImportError(f"not UTF-8 text (byte {exc.start})", "", source) from None
    except OSError as exc:
        raise CreatureImportError(f"cannot be read ({exc.strerror})", "", source) from None
    return parse_json(text, source)


def _gunzip(data: bytes, source: str) -> bytes:
    """A gzip file's content, at most `MAX_FILE_BYTES`; a bad archive is a `CreatureImportError`."""
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as f:
            out = f.read(MAX_FILE_BYTES + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise CreatureImportError(f"not a readable gzip file ({exc})", "", source) from None
    if len(out) > MAX_FILE_BYTES:
        raise CreatureImportError("unpacks to more than 64 MB", "", source)
    return out


def parse_json(text: str, source: str) -> JSON:
    """Decode JSON text as the scene readers do (`rules.io.json_reader.decode_json`), failing with a
    `CreatureImportError`."""
    return decode_json(text, source, fail=lambda message: CreatureImportError(message, "", source))


_TAG = re.compile(r"<[^>]+>")
_BLOCK = re.compile(r"</?(p|br|li|hr|h\d|div|tr)\b[^>]*>", re.IGNORECASE)
_LINK_LABEL = re.compile(r"@\w+\[[^\]]*\]\{([^}]*)\}")
_LINK = re.compile(r"@(\w+)\[([^\]]*)\]")
_ROLL = re.compile(r"\[\[/\w+ ([^\]]*?)(?:#[^\]]*)?\]\](?:\{([^}]*)\})?")


def plain_text(value: str) -> str:
    """HTML and Foundry enrichers (``@UUID[…]{Grab}``, ``@Damage[2d6[fire]]``, ``[[/r 1d4]]``) as plain
    text: labels kept, tags removed, entities decoded, blank lines collapsed."""
    text = _LINK_LABEL.sub(r"\1", value)

    def link(m: re.Match[str]) -> str:
        kind, inner = m.group(1), m.group(2)
        if kind.lower() == "uuid":
            return inner.rsplit(".", 1)[-1].replace("-", " ")
        inner = re.sub(r"\[([^\]]*)\]", r" \1", inner)
        return inner.split("|")[0]

    text = _LINK.sub(link, text)
    text = _ROLL.sub(lambda m: m.group(2) or m.group(1), text)
    text = _BLOCK.sub("\n", text)
    text = _TAG.sub("", text)
    text = html.unescape(text)
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return "\n".join(line for line in lines if line).strip()


def slug_words(text: str) -> str:
    """``"Animal Handling"`` → ``"animal-handling"``."""
    return "-".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())


def unique_names(names: list[str], ranged: list[bool]) -> list[str]:
    """Make attack names unique: a later duplicate gets `` (ranged)`` / `` (2)``."""
    out: list[str] = []
    seen: set[str] = set()
    for name, is_ranged in zip(names, ranged, strict=True):
        candidate = name
        if candidate.lower() in seen:
            candidate = f"{name} (ranged)" if is_ranged else f"{name} (2)"
        n = 2
        while candidate.lower() in seen:
            n += 1
            candidate = f"{name} ({n})"
        seen.add(candidate.lower())
        out.append(candidate)
    return out


def attacks_with_reach(
    built: Sequence[tuple[str, Attack, int | None]],
    default_reach: int,
    tags: Literal["traits", "properties"],
) -> tuple[tuple[Attack, ...], int]:
    """A creature's attacks and its own reach from (name, attack, melee reach) as an importer read them.

    The creature's reach is the shortest reach among its melee attacks (`default_reach` for a melee attack
    with none given, and when it has no melee attack); a melee attack that reaches differently gets a
    ``reach N`` trait (PF2e) or property (5e) in `tags`, which the engine reads. Names are made unique."""
    melee = [own if own is not None else default_reach for _, a, own in built if not a.is_ranged]
    creature_reach = min(melee) if melee else default_reach
    names = unique_names([n for n, _, _ in built], [a.is_ranged for _, a, _ in built])
    attacks: list[Attack] = []
    for new_name, (_, a, own) in zip(names, built, strict=True):
        this_reach = own if own is not None else default_reach
        extra = () if a.is_ranged or this_reach == creature_reach else (f"reach {this_reach}",)
        if tags == "traits":
            attacks.append(replace(a, name=new_name, traits=(*a.traits, *extra)))
        else:
            attacks.append(replace(a, name=new_name, properties=(*a.properties, *extra)))
    return tuple(attacks), creature_reach
