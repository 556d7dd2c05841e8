"""`paused_gc`: build many small objects without the cyclic garbage collector scanning the heap meanwhile.

Reading a big map makes 100 000s of small values (terrain entries, walls, their points) that hold no
reference cycles. Python's cyclic collector runs after every few hundred new containers and, as they
survive, scans older and older generations, the whole heap included: in the app, with its heap already
large, that doubles the time to read a 500×500 map. The collector is paused while such a batch is built and
runs as usual afterwards (it still collects whatever cycles there are then).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector inside the block (nested blocks keep it paused)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def without_gc(fn: Callable[P, R]) -> Callable[P, R]:
    """Run `fn` inside `paused_gc`."""

    @wraps(fn)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with paused_gc():
            return fn(*args, **kwargs)

    return run
