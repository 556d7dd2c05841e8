"""Autosave while working, and the offer to restore after a crash (a session whose marker is still there
while its process is gone)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from desktop.window.main_window import MainWindow
from rules.geometry.coords import Cell
from rules.io import fivefoot_file
from rules.io.autosave import MARKER, AutosaveStore, PendingRestore
from rules.io.scene_json import scene_to_json
from rules.io.state_json import state_to_document
from rules.model.scene import Background, Grid, Scene
from rules.play.edits import PaintTerrain
from tests.desktop.helpers import ascii_scene
from tests.desktop.picture_helpers import encode, plain_picture

#: A FiveFoot session that autosaves a document and then dies without a clean exit.
CRASHING_SESSION = """
import os, sys
from pathlib import Path
from rules.io.autosave import AutosaveStore
store = AutosaveStore(sys.argv[1])
store.start_session()
store.write(Path(sys.argv[2]).read_bytes(), None if sys.argv[3] == "-" else sys.argv[3])
os._exit(1)
"""


def _crashed_session(data_dir: Path, tmp_path: Path, data: bytes, document_path: Path | None) -> None:
    blob = tmp_path / f"autosave-{time.monotonic_ns()}.bin"
    blob.write_bytes(data)
    args = [str(data_dir), str(blob), str(document_path) if document_path else "-"]
    done = subprocess.run([sys.executable, "-c", CRASHING_SESSION, *args], timeout=120, check=False)
    assert done.returncode == 1


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def _work() -> tuple[Scene, dict[str, bytes]]:
    """Unsaved work: a map picture, tokens, painted terrain."""
    scene = ascii_scene(
        """
        A.~~......
        ....#.....
        .......b..
        """
    )
    scene = scene.edit(background=Background("embedded:cave.png", 35.0), name="Lost work")
    return scene, {"cave.png": encode(plain_picture(350, 105))}


@pytest.fixture
def start_window(qtbot) -> Iterator[Callable[[], MainWindow]]:  # type: ignore[no-untyped-def]
    """Start the app's main window with autosave on (several may be started; all closed at the end)."""
    made: list[MainWindow] = []

    def start() -> MainWindow:
        win = MainWindow(autosave=True)
        qtbot.addWidget(win)
        win.files.ask_unsaved = lambda: "discard"
        win.files.show_error = lambda title, text: win.errors.append((title, text))  # type: ignore[attr-defined]
        win.errors = []  # type: ignore[attr-defined]
        win.view.popup_menus = False
        made.append(win)
        return win

    yield start
    for win in made:
        win.files.ask_unsaved = lambda: "discard"


class Chooser:
    """Answers the restore question with the given answers in turn, and remembers what was asked."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.asked: list[tuple[PendingRestore, int, int]] = []

    def __call__(self, item: PendingRestore, index: int, count: int) -> str:
        self.asked.append((item, index, count))
        return self.answers.pop(0)


def _doc_state(win: MainWindow) -> tuple:  # type: ignore[type-arg]
    return (win.doc.scene, win.doc.path, win.doc.dirty, win.doc.can_undo())


def test_after_a_crash_restore_opens_the_autosaved_work(
    start_window, _data_dir: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    scene, images = _work()
    where = tmp_path / "crypt.fivefoot"
    _crashed_session(_data_dir, tmp_path, fivefoot_file.dumps(scene, images), where)
    win = start_window()
    chooser = Chooser("restore")
    win.files.ask_restore = chooser
    assert win.files.offer_restore()
    item, index, count = chooser.asked[0]
    assert (item.title, index, count) == ("crypt.fivefoot", 0, 1)
    doc = win.doc
    assert scene_to_json(doc.scene) == scene_to_json(scene)
    assert dict(doc.images) == images
    assert win.map_scene.background_layer.has_image
    assert doc.dirty and doc.path == where  # unsaved, and Save writes where it belongs
    assert win.windowTitle().startswith("crypt.fivefoot")
    assert win.files.pending_restores() == []  # not offered twice
    # until it is saved, the work is protected by this session's autosave
    assert list(win.files.store.session_dir.glob("*.autosave"))
    assert win.files.save()
    assert fivefoot_file.load(where).name == "Lost work"
    assert not list(win.files.store.session_dir.glob("*.autosave"))


def test_discard_drops_the_autosave(start_window, _data_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    scene, images = _work()
    _crashed_session(_data_dir, tmp_path, fivefoot_file.dumps(scene, images), None)
    win = start_window()
    before = _doc_state(win)
    chooser = Chooser("discard")
    win.files.ask_restore = chooser
    assert not win.files.offer_restore()
    assert chooser.asked[0][0].title == "Untitled"
    assert _doc_state(win) == before
    assert win.files.pending_restores() == []
    # the crashed session's folder is gone; only this session's remains
    assert [p.name for p in (_data_dir / "autosave").iterdir()] == [win.files.store.session_id]


def test_later_keeps_the_autosave_for_the_next_start(start_window, _data_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    scene, images = _work()
    _crashed_session(_data_dir, tmp_path, fivefoot_file.dumps(scene, images), None)
    win = start_window()
    win.files.ask_restore = Chooser("later")
    before = _doc_state(win)
    assert not win.files.offer_restore()
    assert _doc_state(win) == before
    assert len(win.files.pending_restores()) == 1
    win.close()  # a clean exit does not touch another session's autosave
    nxt = start_window()
    nxt.files.ask_restore = Chooser("restore")
    assert nxt.files.offer_restore()
    assert nxt.doc.scene.name == "Lost work"


def test_several_autosaves_are_offered_newest_first(start_window, _data_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    older, images = _work()
    newer = older.edit(name="Newer work")
    _crashed_session(_data_dir, tmp_path, fivefoot_file.dumps(older, images), tmp_path / "old.json")
    an_hour_ago = time.time() - 3600  # the first session's files are older without waiting for the clock
    for path in _data_dir.rglob("*"):
        if path.is_file():
            os.utime(path, (an_hour_ago, an_hour_ago))
    _crashed_session(_data_dir, tmp_path, fivefoot_file.dumps(newer, images), tmp_path / "new.fivefoot")
    win = start_window()
    chooser = Chooser("discard", "restore")
    win.files.ask_restore = chooser
    assert win.files.offer_restore()
    assert [(i.title, n, c) for i, n, c in chooser.asked] == [("new.fivefoot", 0, 2), ("old.json", 1, 2)]
    assert win.doc.scene.name == "Lost work" and win.doc.path == tmp_path / "old.json"


def test_a_damaged_autosave_is_reported_and_kept(start_window, _data_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _crashed_session(_data_dir, tmp_path, b"PK\x03\x04 this zip was cut short", None)
    win = start_window()
    before = _doc_state(win)
    win.files.ask_restore = Chooser("restore")
    assert not win.files.offer_restore()
    title, text = win.errors[0]
    assert "autosave" in title and ".autosave" in text and "not a .fivefoot file" in text
    assert _doc_state(win) == before
    assert len(win.files.pending_restores()) == 1  # still there for the user to decide


# ------------------------------------------------------------------------------------------- autosave


def _autosaves(win: MainWindow) -> list[Path]:
    return sorted(win.files.store.session_dir.glob("*.autosave"))


def test_autosave_follows_an_edit_and_a_crash_of_this_window_is_restored(  # type: ignore[no-untyped-def]
    start_window, qtbot, _data_dir: Path
) -> None:
    first = start_window()
    first.files.set_autosave_intervals(every_ms=600_000, after_edit_ms=30)
    assert first.files.new_empty("pf2e", 12, 9, "Session one")
    assert not _autosaves(first)  # nothing unsaved yet
    first.doc.execute(PaintTerrain((Cell(3, 3), Cell(4, 3)), "hazardous", log="paint"))
    qtbot.waitUntil(lambda: bool(_autosaves(first)), timeout=5000)
    written = fivefoot_file.loads(_autosaves(first)[0].read_bytes()).state
    assert state_to_document(written) == state_to_document(first.doc.state)

    # the window's process "dies": its marker stays, its process id now belongs to no one
    marker = first.files.store.session_dir / MARKER
    marker.write_text(json.dumps({"pid": _dead_pid(), "host": socket.gethostname()}), encoding="utf-8")
    second = start_window()
    second.files.ask_restore = Chooser("restore")
    assert second.files.offer_restore()
    assert second.doc.scene.terrain_map() == first.doc.scene.terrain_map()
    assert second.doc.scene.grid == Grid(12, 9) and second.doc.dirty


def test_autosave_writes_each_state_once_and_forgets_saved_work(start_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    win = start_window()
    files = win.files
    assert files.autosave_after_edit_ms <= 10_000 and files.autosave_every_ms <= 5 * 60_000
    files.set_autosave_intervals(every_ms=600_000, after_edit_ms=600_000)
    assert files.new_empty("pf2e", 8, 8)
    win.doc.execute(PaintTerrain((Cell(1, 1),), "difficult"))
    assert files._edit_timer.isActive()  # an edit schedules an autosave
    assert files.autosave() and not files.autosave()  # the same state is not written twice
    win.doc.undo()  # back to the saved (empty) state: nothing unsaved, the autosave goes
    assert not files.autosave() and not _autosaves(win)
    win.doc.redo()
    assert files.autosave() and _autosaves(win)
    assert files.save_as(tmp_path / "kept.fivefoot")
    assert not _autosaves(win)  # saved: the autosave is not needed any more
    # the periodic backstop writes too
    files.set_autosave_intervals(every_ms=30, after_edit_ms=600_000)
    win.doc.execute(PaintTerrain((Cell(2, 2),), "difficult"))
    qtbot.waitUntil(lambda: bool(_autosaves(win)), timeout=5000)
    # "Don't Save" when opening something else drops it
    assert files.new_empty("pf2e", 5, 5)
    assert not _autosaves(win)


def test_autosaves_after_edits_keep_a_minimum_gap(start_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A burst of edits gives one write soon after it; the next edits wait for the minimum gap."""
    win = start_window()
    files = win.files
    assert files.autosave_min_gap_ms <= 60_000
    files.set_autosave_intervals(every_ms=600_000, after_edit_ms=20, min_gap_ms=60_000)
    assert files.new_empty("pf2e", 8, 8)
    for x in range(4):
        win.doc.execute(PaintTerrain((Cell(x, 1),), "difficult"))
    qtbot.waitUntil(lambda: bool(_autosaves(win)), timeout=5000)
    written = fivefoot_file.loads(_autosaves(win)[0].read_bytes()).scene
    assert len(written.terrain) == 4  # the whole burst in one write
    win.doc.execute(PaintTerrain((Cell(5, 1),), "difficult"))
    assert files._edit_timer.isActive() and files._edit_timer.remainingTime() > 50_000


def test_a_clean_exit_leaves_nothing_to_restore(start_window, _data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    win = start_window()
    win.files.set_autosave_intervals(every_ms=600_000, after_edit_ms=600_000)
    win.doc.execute(PaintTerrain((Cell(1, 1),), "difficult"))
    assert win.files.autosave()
    win.files.ask_unsaved = lambda: "cancel"
    assert not win.close()  # cancelled: still open, autosave still there
    assert _autosaves(win)
    win.files.ask_unsaved = lambda: "discard"
    assert win.close()
    assert AutosaveStore(_data_dir).pending_restores() == []
    assert not list((_data_dir / "autosave").rglob("*.autosave"))
