"""Benchmark row for the autosave journal (issue 14): appending one token move, beside writing the whole
autosave snapshot the obvious way."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from dataclasses import replace
from pathlib import Path

from rules.geometry.coords import Cell
from rules.io import fivefoot_file
from rules.io.journal import Journal
from rules.io.safe_write import atomic_write_bytes
from rules.model.scene import Scene
from tests.benchmarks.run import Bench


def journal_bench(scene: Scene) -> Bench:
    folder = Path(tempfile.mkdtemp(prefix="fivefoot-bench-"))
    atexit.register(shutil.rmtree, folder, True)
    journal = Journal(folder / "bench.journal")
    journal.start("benchmark")
    token = next(t for t in scene.tokens if t.size == "medium")
    here = scene
    x = token.cell.x + 1 if token.cell.x + 2 < scene.grid.width else token.cell.x - 1
    there = scene.replace_token(replace(token, cell=Cell(x, token.cell.y)))
    state = {"flip": False}

    def append_move() -> bool:
        # a drag's commit: the scene before and after one token moved (alternating, so each append writes)
        state["flip"] = not state["flip"]
        old, new = (here, there) if state["flip"] else (there, here)
        return journal.append(old, new)

    def full_snapshot() -> None:
        atomic_write_bytes(folder / "bench.autosave", fivefoot_file.dumps(there), keep_backup=False)

    return Bench(
        "journal: append one token move on the 120×120 map",
        2.0,
        append_move,
        full_snapshot,
        "write the whole autosave snapshot (.fivefoot, atomic)",
        repeat=15,
    )
