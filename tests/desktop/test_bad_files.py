"""Opening a damaged or wrong file in the window: a message naming the file and the problem, and the open
document exactly as it was (scene, file, unsaved flag, undo history). Real map exports too (opt-in)."""

from __future__ import annotations

import base64
import json
import os
import zipfile
from pathlib import Path

import pytest

from rules.geometry.coords import Cell
from rules.io import fivefoot_file
from rules.play.edits import PaintTerrain
from tests.desktop.helpers import ascii_scene, document_snapshot
from tests.desktop.picture_helpers import encode, plain_picture


def _uvtt_text() -> str:
    return json.dumps(
        {
            "format": 0.3,
            "resolution": {
                "map_origin": {"x": 0, "y": 0},
                "map_size": {"x": 6, "y": 4},
                "pixels_per_grid": 20,
            },
            "line_of_sight": [[{"x": 2, "y": 0}, {"x": 2, "y": 4}]],
            "portals": [{"bounds": [{"x": 2, "y": 1}, {"x": 2, "y": 2}], "closed": True}],
            "lights": [],
            "image": base64.b64encode(encode(plain_picture(120, 80))).decode("ascii"),
        }
    )


def _fivefoot() -> bytes:
    return fivefoot_file.dumps(ascii_scene("A...\n..b."))


def _zip_with_scene_text(text: str) -> bytes:
    import io

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("scene.json", text)
    return buf.getvalue()


BAD_FILES: list[tuple[str, bytes, str]] = [
    ("cut.dd2vtt", _uvtt_text()[: len(_uvtt_text()) // 2].encode(), "looks cut short"),
    ("not-json.uvtt", b"\x00\x01 binary junk \xff\xfe", "not UTF-8"),
    ("no-size.df2vtt", json.dumps({"format": 0.3, "resolution": {}}).encode(), "resolution.map_size"),
    (
        "bad-picture.dd2vtt",
        _uvtt_text().replace('"image": "', '"image": "AAAA').encode(),
        "image: not a PNG, WebP or JPEG image",
    ),
    ("cut.fivefoot", _fivefoot()[: len(_fivefoot()) // 2], "not a .fivefoot file"),
    ("noise.fivefoot", os.urandom(3000), "not a .fivefoot file"),
    ("bad-inside.fivefoot", _zip_with_scene_text('{"format": "fivefoot.scene", "version"'), "scene.json"),
    (
        "cut.json",
        b'{"format": "fivefoot.scene", "version": 1, "system": "pf2e", "grid": {"wid',
        "not valid JSON",
    ),
    ("other.json", b'{"hello": "world"}', "format"),
    (
        "grid.json",
        b'{"format": "fivefoot.scene", "version": 1, "system": "pf2e", "grid": {"width": 0}}',
        "grid",
    ),
]


@pytest.fixture
def working(window, tmp_path: Path):  # type: ignore[no-untyped-def]
    """The window with a saved file open, unsaved edits on top, and a redo step waiting."""
    assert window.files.save_as(tmp_path / "current.fivefoot")
    doc = window.doc
    doc.execute(PaintTerrain((Cell(2, 16),), "hazardous", log="paint 1"))
    doc.execute(PaintTerrain((Cell(3, 16),), "hazardous", log="paint 2"))
    doc.undo()
    assert doc.dirty and doc.can_undo() and doc.can_redo()
    errors: list[tuple[str, str]] = []
    window.files.show_error = lambda title, text: errors.append((title, text))
    asked: list[str] = []

    def ask() -> str:
        asked.append("unsaved")
        return "discard"

    window.files.ask_unsaved = ask
    window.errors, window.asked = errors, asked
    return window


@pytest.mark.parametrize(("name", "content", "problem"), BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_a_bad_file_changes_nothing(working, tmp_path: Path, name: str, content: bytes, problem: str) -> None:  # type: ignore[no-untyped-def]
    window = working
    path = tmp_path / name
    path.write_bytes(content)
    before = document_snapshot(window)
    assert not window.files.open(path)
    assert len(window.errors) == 1
    title, text = window.errors[0]
    assert name in title and str(path) in text and problem in text
    assert document_snapshot(window) == before
    assert window.asked == []  # the file is checked before anyone is asked to drop their changes
    # dropped on the window: the same
    assert not window.pictures.open_paths([path])
    assert document_snapshot(window) == before
    # the work goes on: undo and redo still work
    assert window.doc.redo() and window.doc.undo()


def test_a_missing_file_or_a_folder_changes_nothing(working, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = working
    before = document_snapshot(window)
    assert not window.files.open(tmp_path / "gone.fivefoot")
    assert "no such file" in window.errors[-1][1]
    folder = tmp_path / "folder.fivefoot"
    folder.mkdir()
    assert not window.files.open(folder)
    assert "folder" in window.errors[-1][1]
    assert document_snapshot(window) == before


def test_a_good_file_after_bad_ones_opens(working, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = working
    good = tmp_path / "room.dd2vtt"
    good.write_text(_uvtt_text(), encoding="utf-8")
    assert window.files.open(good)
    assert window.asked == ["unsaved"]
    assert window.doc.scene.grid.width == 6 and window.map_scene.background_layer.has_image
    assert not window.doc.can_undo()


SAMPLE_ENV = "FIVEFOOT_SAMPLE_MAPS"


def _samples() -> list[Path]:
    folder = os.environ.get(SAMPLE_ENV)
    if not folder:
        return []
    return sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in (".dd2vtt", ".uvtt", ".df2vtt"))


@pytest.mark.skipif(not _samples(), reason=f"{SAMPLE_ENV} is not set (a folder of real .dd2vtt exports)")
def test_real_map_exports_open_with_their_picture_and_cut_copies_do_not(working, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = working
    for sample in _samples():
        cut = tmp_path / sample.name
        data = sample.read_bytes()
        cut.write_bytes(data[: len(data) // 3])
        before = document_snapshot(window)
        assert not window.files.open(cut)
        assert sample.name in window.errors[-1][0]
        assert document_snapshot(window) == before
    for sample in _samples():
        assert window.files.open(sample), window.errors[-1:]
        bg = window.doc.scene.background
        assert bg is not None and window.map_scene.background_layer.has_image
        image = window.map_scene.background_image()
        # the picture covers the map's grid
        assert image is not None
        assert image.width() / bg.pixels_per_cell >= window.doc.scene.grid.width - 1
