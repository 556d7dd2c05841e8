"""Hostile files in the app (issue 14): a picture reference to a non-picture opens with a visible warning
and never blocks saving or autosave; a file changed on disk by another window is not overwritten without
asking; a read-only file is refused; autosave that cannot write says so, once; a 10000×10000 picture
decodes; and the journal brings back edits made after the last autosave."""

from __future__ import annotations

import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from desktop.window.file_controller import FileController
from desktop.window.main_window import MainWindow
from rules.geometry.coords import Cell
from rules.io import fivefoot_file
from rules.io.autosave import MARKER
from rules.io.fivefoot_file import load_document
from rules.io.scene_json import scene_to_json
from rules.model.scene import Background
from rules.play.edits import PaintTerrain
from tests.desktop.helpers import ascii_scene
from tests.desktop.picture_helpers import encode, plain_picture


@pytest.fixture
def start_window(qtbot) -> Iterator[Callable[..., MainWindow]]:  # type: ignore[no-untyped-def]
    made: list[MainWindow] = []

    def start(autosave: bool = True) -> MainWindow:
        win = MainWindow(autosave=autosave)
        qtbot.addWidget(win)
        win.files.ask_unsaved = lambda: "discard"
        win.told = []  # type: ignore[attr-defined]
        win.files.show_error = lambda title, text: win.told.append(("error", title, text))  # type: ignore[attr-defined]
        win.files.show_warning = lambda title, text: win.told.append(("warning", title, text))  # type: ignore[attr-defined]
        win.view.popup_menus = False
        made.append(win)
        return win

    yield start
    for win in made:
        win.files.ask_unsaved = lambda: "discard"


def _scene_file(folder: Path, picture: str) -> Path:
    scene = ascii_scene("A....\n..#..\n....b").edit(background=Background(picture, 40.0), name="Odd picture")
    path = folder / "odd.json"
    path.write_text(json.dumps(scene_to_json(scene)), encoding="utf-8")
    return path


# ----------------------------------------------------------------- 5. a bad picture reference


def test_a_picture_path_to_a_text_file_warns_and_never_blocks_saving(start_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "notes.png").write_text("these are my notes, not a picture\n", encoding="utf-8")
    win = start_window()
    files = win.files
    assert files.open(_scene_file(tmp_path, "notes.png"))
    [(kind, title, text)] = win.told
    assert kind == "warning" and "can't be shown" in title
    assert "background.image" in text and "notes.png" in text and "not a PNG" in text
    win.told.clear()
    # edit, autosave, save as .fivefoot and as .json: all work; the reference is kept as it was
    win.doc.execute(PaintTerrain((Cell(1, 1),), "difficult"))
    assert files.autosave() and not win.told
    target = tmp_path / "kept.fivefoot"
    assert files.save_as(target) and not win.told
    saved = load_document(target)
    assert saved.scene.background is not None and saved.scene.background.image.endswith("notes.png")
    assert saved.images == {} and len(saved.scene.terrain) == len(win.doc.scene.terrain)
    assert files.save_as(tmp_path / "kept.json") and not win.told


@pytest.mark.skipif(os.name != "posix", reason="device files are POSIX")
def test_a_picture_path_to_dev_zero_opens_quickly_with_a_warning(start_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    win = start_window()
    assert win.files.open(_scene_file(tmp_path, "/dev/zero"))
    assert win.told and "a device" in win.told[0][2]
    assert win.files.save_as(tmp_path / "zero.fivefoot")
    assert load_document(tmp_path / "zero.fivefoot").scene.background.image == "/dev/zero"  # type: ignore[union-attr]


# ----------------------------------------------------------------- 6. two writers, read-only files


def test_saving_over_another_windows_save_asks_first(start_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "shared.fivefoot"
    fivefoot_file.save(path, ascii_scene("A....\n....b"))
    first, second = start_window(autosave=False), start_window(autosave=False)
    assert first.files.open(path) and second.files.open(path)
    first.doc.execute(PaintTerrain((Cell(1, 0),), "difficult"))
    assert first.files.save()
    second.doc.execute(PaintTerrain((Cell(3, 1),), "hazardous"))
    asked: list[Path] = []
    second.files.ask_overwrite_changed = lambda p: asked.append(p) or False  # type: ignore[func-returns-value]
    assert not second.files.save()
    assert asked == [path] and second.doc.dirty
    assert load_document(path).scene.terrain_map() == {Cell(1, 0): "difficult"}  # the first window's work
    second.files.ask_overwrite_changed = lambda p: True
    assert second.files.save() and not second.doc.dirty
    assert load_document(path).scene.terrain_map() == {Cell(3, 1): "hazardous"}
    # saved by this window: its next save does not ask again
    second.doc.execute(PaintTerrain((Cell(0, 1),), "difficult"))
    second.files.ask_overwrite_changed = lambda p: pytest.fail("asked although nobody else wrote")
    assert second.files.save()


def test_a_read_only_file_is_refused_with_a_clear_message(start_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "locked.fivefoot"
    fivefoot_file.save(path, ascii_scene("A...."))
    before = path.read_bytes()
    win = start_window(autosave=False)
    assert win.files.open(path)
    path.chmod(0o444)
    try:
        win.doc.execute(PaintTerrain((Cell(2, 0),), "difficult"))
        assert not win.files.save()
        [(kind, _title, text)] = win.told
        assert kind == "error" and "read-only" in text and "Save As" in text
        assert path.read_bytes() == before and win.doc.dirty
    finally:
        path.chmod(0o644)


# ----------------------------------------------------------------- 6. autosave that cannot write


def test_an_autosave_folder_that_cannot_be_created_is_told_once(start_window, qtbot, _data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    (_data_dir / "autosave").write_text("a file where the folder should be", encoding="utf-8")
    win = start_window()
    qtbot.waitUntil(lambda: bool(win.told), timeout=3000)
    [(kind, title, text)] = win.told
    assert kind == "warning" and "Autosave" in title and "off" in text and "autosave" in text
    assert win.files.store is None
    win.doc.execute(PaintTerrain((Cell(1, 1),), "difficult"))
    assert not win.files.autosave() and len(win.told) == 1


def test_autosave_failing_later_is_told_once_then_on_the_status_bar(start_window) -> None:  # type: ignore[no-untyped-def]
    win = start_window()
    files = win.files
    files.set_autosave_intervals(every_ms=600_000, after_edit_ms=600_000)
    assert files.new_empty("pf2e", 6, 6)
    folder = files.store.session_dir
    shutil.rmtree(folder)
    folder.write_text("the session folder is gone", encoding="utf-8")  # every write there fails now
    messages: list[str] = []
    files.message.connect(messages.append)
    try:
        for x in range(3):
            win.doc.execute(PaintTerrain((Cell(x, 1),), "difficult"))
            assert not files.autosave()
        warnings = [t for t in win.told if t[0] == "warning"]
        assert len(warnings) == 1 and "not protected" in warnings[0][2]
        assert sum("Autosave failed" in m for m in messages) >= 3
    finally:
        folder.unlink()


# ----------------------------------------------------------------- 6. a 10000 × 10000 picture


def _big_png(path: Path, width: int, height: int) -> None:
    """An RGB PNG written row by row (a few hundred kB on disk, 400 MB when Qt decodes it)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    comp = zlib.compressobj(6)
    row = b"\x00" + b"\x40\x80\xc0" * width
    parts = [comp.compress(row) for _ in range(height)]
    parts.append(comp.flush())
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = b"".join(parts)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


@pytest.mark.slow
def test_a_10000_by_10000_picture_within_the_pixel_limit_decodes(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QImageReader

    from desktop.map.images import DECODE_LIMIT_MB
    from desktop.window.pictures import read_picture
    from rules.io.images import MAX_PIXELS

    assert DECODE_LIMIT_MB * 1024 * 1024 >= MAX_PIXELS * 8  # whatever the checks accept, Qt may allocate
    path = tmp_path / "huge.png"
    _big_png(path, 10_000, 10_000)
    picture = read_picture(path)
    assert (picture.image.width(), picture.image.height()) == (10_000, 10_000)
    assert QImageReader.allocationLimit() >= DECODE_LIMIT_MB
    del picture


# ----------------------------------------------------------------- 7. the journal


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_edits_after_the_last_autosave_come_back_from_the_journal(start_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    first = start_window()
    files = first.files
    files.set_autosave_intervals(every_ms=600_000, after_edit_ms=600_000)
    scene = ascii_scene("A.........\n..........\n.........b")
    scene = scene.edit(background=Background("embedded:cave.png", 35.0), name="Journal")
    first.doc.load(scene, None, None, {"cave.png": encode(plain_picture(350, 105))})
    for x in range(4):
        first.doc.execute(PaintTerrain((Cell(x, 1),), "difficult"))
    assert files.autosave()  # a snapshot with four cells ...
    for x in range(4, 9):
        first.doc.execute(PaintTerrain((Cell(x, 1),), "hazardous"))  # ... and five more only in the journal
    first.doc.undo()  # an undo is a change too
    journal = files.store.session_dir / "untitled.journal"
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 1 + 6
    expected = first.doc.scene.terrain_map()
    assert len(expected) == 8

    # the window's process dies without a clean exit
    marker = files.store.session_dir / MARKER
    marker.write_text(json.dumps({"pid": _dead_pid(), "host": socket.gethostname()}), encoding="utf-8")
    files.store.close_journals()
    files.store = None  # this window is gone

    second = start_window()
    second.files.ask_restore = lambda item, index, count: "restore"
    assert second.files.offer_restore()
    assert second.doc.scene.terrain_map() == expected and second.doc.dirty
    assert second.doc.images.keys() == {"cave.png"}
    # the restored state is autosaved in the new session at once, so a second crash keeps it too
    [snapshot] = list(second.files.store.session_dir.glob("*.autosave"))
    assert fivefoot_file.loads(snapshot.read_bytes()).scene.terrain_map() == expected


def test_the_first_edit_after_opening_writes_a_base_and_journals(start_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "doc.fivefoot"
    fivefoot_file.save(path, ascii_scene("A....\n....b"))
    win = start_window()
    files = win.files
    files.set_autosave_intervals(every_ms=600_000, after_edit_ms=600_000)
    assert files.open(path)
    assert not list(files.store.session_dir.glob("*.base"))  # nothing unsaved yet
    win.doc.execute(PaintTerrain((Cell(1, 1),), "difficult"))
    [base] = list(files.store.session_dir.glob("*.base"))
    assert fivefoot_file.loads(base.read_bytes()).scene.terrain == ()  # the state before the edit
    assert files.save()
    assert not list(files.store.session_dir.iterdir()) or all(
        p.name == MARKER for p in files.store.session_dir.iterdir()
    )  # saved: base, journal and autosave are gone


def test_file_controller_journal_is_quiet_without_autosave(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QWidget

    from desktop.document import Document

    host = QWidget()
    qtbot.addWidget(host)
    doc = Document(ascii_scene("A..\n..."))
    files = FileController(host, doc, autosave=False)
    doc.execute(PaintTerrain((Cell(1, 1),), "difficult"))
    assert files.store is None and not files.autosave()


@pytest.mark.slow
def test_a_picture_over_the_image_memory_limit_gets_a_precise_message(
    qtbot, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QImageReader

    import desktop.map.images
    from desktop.window.pictures import PictureError, read_picture

    path = tmp_path / "wide.png"
    _big_png(path, 4000, 3000)  # 46 MB decoded
    previous = QImageReader.allocationLimit()
    monkeypatch.setattr(desktop.map.images, "ensure_allocation_limit", lambda: None)
    QImageReader.setAllocationLimit(16)
    try:
        with pytest.raises(PictureError) as caught:
            read_picture(path)
    finally:
        QImageReader.setAllocationLimit(previous)
    message = str(caught.value)
    assert "4000×3000 pixels" in message and "16 MB image memory limit" in message
    assert "damaged" not in message


def test_a_backup_opens_as_an_unsaved_copy(start_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "camp.fivefoot"
    fivefoot_file.save(path, ascii_scene("A....").edit(name="Before"))
    fivefoot_file.save(path, ascii_scene("A....").edit(name="After"))
    win = start_window(autosave=False)
    assert win.files.open(tmp_path / "camp.fivefoot.bak") and not win.told
    assert win.doc.scene.name == "Before" and win.doc.path is None  # Save asks where: never over the .bak


def test_a_network_picture_path_is_refused_without_touching_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop.window.pictures import PictureError, read_picture

    for ref in (r"\\fileserver\maps\cave.png", "//fileserver/maps/cave.png"):
        with pytest.raises(PictureError, match="network path"):
            read_picture(Path(ref))
