"""Benchmark rows for the autosave journal: appending one token move, beside writing the whole autosave
snapshot the obvious way (issue 14); and a commit whose fsync is due, beside fsyncing it on the committing
thread as the journal did before (issue 22: the GUI thread must never wait for the disk)."""

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


def _moves(scene: Scene) -> tuple[Scene, Scene]:
    token = next(t for t in scene.tokens if t.size == "medium")
    x = token.cell.x + 1 if token.cell.x + 2 < scene.grid.width else token.cell.x - 1
    return scene, scene.replace_token(replace(token, cell=Cell(x, token.cell.y)))


def journal_fsync_bench(scene: Scene) -> Bench:
    """Every commit has its fsync due (`fsync_interval` 0): what the committing thread spends, beside an
    fsync on that thread after each append."""
    folder = Path(tempfile.mkdtemp(prefix="fivefoot-bench-"))
    atexit.register(shutil.rmtree, folder, True)
    background = Journal(folder / "background.journal", fsync_interval=0.0)
    background.start("benchmark")
    inline = Journal(folder / "inline.journal", fsync_interval=None)
    inline.start("benchmark")
    atexit.register(background.close)
    atexit.register(inline.close)
    here, there = _moves(scene)
    flip = {"background": False, "inline": False}

    def step(key: str) -> tuple[Scene, Scene]:
        flip[key] = not flip[key]
        return (here, there) if flip[key] else (there, here)

    def commit() -> bool:
        return background.append(*step("background"))

    def commit_and_fsync() -> bool:
        done = inline.append(*step("inline"))
        inline.sync()
        return done

    return Bench(
        "journal: commit with fsync due (GUI thread)",
        2.0,
        commit,
        commit_and_fsync,
        "fsync on the committing thread",
        repeat=15,
    )


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
