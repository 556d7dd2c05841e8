"""Error types of the engine.

`SceneError` is the one error a loader raises for a bad scene file (with the JSON path of the bad field);
`QueryError` is the one error a query raises, with a protocol prefix such as ``bad value``.
"""

from __future__ import annotations

from rules.messages import msg

QUERY_PREFIXES = (
    "unknown query",
    "missing field",
    "unknown token",
    "bad value",
    "out of reach",
    "out of range",
    "no line of effect",
    "total cover",
)
#: How the app reads a query error shown to people (the prefix is the protocol's English; the catalogue
#: translates the sentence with it).
PREFIX_WORDS = (
    msg("out of reach: {why}"),
    msg("out of range: {why}"),
    msg("no line of effect: {why}"),
    msg("total cover: {why}"),
)


class SceneError(ValueError):
    """A scene (or map, or save) file is unusable. `path` is a JSON path like ``tokens[2].size``."""

    def __init__(self, message: str, path: str = "", source: str = "") -> None:
        self.path = path
        self.source = source
        self.detail = message
        where = ": ".join(p for p in (source, path) if p)
        super().__init__(f"{where}: {message}" if where else message)


class QueryError(Exception):
    """A query cannot be answered. Rendered as ``"<prefix>: <message>"``."""

    def __init__(self, prefix: str, message: str) -> None:
        if prefix not in QUERY_PREFIXES:
            raise ValueError(f"unknown error prefix {prefix!r}")
        self.prefix = prefix
        self.message = message
        super().__init__(f"{prefix}: {message}")


class CreatureImportError(SceneError):
    """A creature file (Foundry actor, Pathbuilder export, 5e-bits list …) cannot be imported.
    `source` names the file and `path` the field, e.g. ``system.attributes.ac.value``."""


class SpellImportError(SceneError):
    """A spell file (Foundry pf2e/dnd5e spell items, SRD spell data, a FiveFoot spell list …) cannot be
    imported. `source` names the file and `path` the field, e.g. ``system.level.value``."""
