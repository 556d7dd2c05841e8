"""Query handlers of the `fivefoot-rules` command, one module per topic, registered by name.

A handler takes the loaded `Scene` and the query object and returns the answer object, or raises
`QueryError`. Queries never change the scene.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.model.scene import Scene

Handler = Callable[[Scene, dict[str, Any]], dict[str, Any]]
HANDLERS: dict[str, Handler] = {}


def query(name: str) -> Callable[[Handler], Handler]:
    """Register a handler for ``{"q": name}``."""

    def register(fn: Handler) -> Handler:
        if name in HANDLERS:
            raise ValueError(f"query {name!r} registered twice")
        HANDLERS[name] = fn
        return fn

    return register


def load_all() -> dict[str, Handler]:
    """Import every topic module so that its handlers register; return the registry."""
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")
    return HANDLERS
