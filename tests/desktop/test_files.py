"""Save → open round trips, Save As elsewhere keeps the map picture, recent files, unsaved-changes prompt."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from desktop.window.file_io import prepare_for_save
from desktop.window.recent import recent_files
from rules.geometry.coords import Cell
from rules.io.fivefoot_file import load_document
from rules.io.scene_json import scene_to_json
from rules.play.edits import PaintTerrain
from rules.play.moves import MoveToken
from tests.desktop.helpers import drag, view_point


def _edit(window) -> None:  # type: ignore[no-untyped-def]
    drag(window.view, view_point(window.view, (5, 11)), view_point(window.view, (7, 12)))
    window.doc.execute(PaintTerrain((Cell(2, 16), Cell(3, 16)), "hazardous", log="paint"))


def _comparable(doc: dict) -> dict:  # type: ignore[type-arg]
    doc = dict(doc)
    doc.pop("background", None)
    doc.pop("log", None)  # the log is written into the saved scene (checked below)
    return doc


def test_save_json_then_open_round_trip(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _edit(window)
    saved = scene_to_json(window.doc.scene)
    log_before = list(window.doc.log)
    assert log_before
    target = tmp_path / "elsewhere" / "fight.json"
    target.parent.mkdir()
    assert window.files.save_as(target)
    assert not window.doc.dirty
    assert window.windowTitle().startswith("fight.json")
    assert window.files.open(target)
    assert _comparable(scene_to_json(window.doc.scene)) == _comparable(saved)
    assert window.doc.log == log_before  # the log came back with the scene
    # the map picture path was rebased to the new folder and still loads
    assert window.map_scene.background_layer.has_image
    written = json.loads(target.read_text(encoding="utf-8"))
    assert written["background"]["image"].endswith("assets/demo-map.png")
    assert recent_files()[0] == target.resolve()


def test_save_fivefoot_embeds_the_map_and_round_trips(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _edit(window)
    saved = scene_to_json(window.doc.scene)
    target = tmp_path / "fight.fivefoot"
    assert window.files.save_as(target)
    loaded = load_document(target)
    assert loaded.scene.background is not None and loaded.scene.background.image.startswith("embedded:")
    assert loaded.images  # the picture travels inside the file
    assert window.files.open(target)
    assert _comparable(scene_to_json(window.doc.scene)) == _comparable(saved)
    assert window.map_scene.background_layer.has_image
    # saving again (Ctrl+S) writes the same file and keeps a backup
    window.doc.execute(MoveToken("mira", (Cell(3, 12),)))
    assert window.files.save()
    assert (tmp_path / "fight.fivefoot.bak").exists()


def test_save_of_a_demo_asks_where(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    asked: list[bool] = []
    target = tmp_path / "mine"

    def ask() -> Path:
        asked.append(True)
        return target

    window.files.ask_save_path = ask
    _edit(window)
    assert window.files.save()
    assert asked and (tmp_path / "mine.fivefoot").exists()


def test_unsaved_changes_prompt_can_cancel_new(window) -> None:  # type: ignore[no-untyped-def]
    _edit(window)
    answers: list[str] = []

    def cancel() -> str:
        answers.append("cancel")
        return "cancel"

    window.files.ask_unsaved = cancel
    before = scene_to_json(window.doc.scene)
    assert not window.files.new_empty("pf2e", 10, 10)
    assert answers == ["cancel"]
    assert scene_to_json(window.doc.scene) == before
    window.files.ask_unsaved = lambda: "discard"
    assert window.files.new_empty("dnd5e-2024", 12, 8, "Arena")
    assert window.doc.scene.grid.width == 12 and window.doc.scene.system == "dnd5e-2024"
    assert not window.doc.can_undo() and not window.doc.dirty


def test_close_with_unsaved_changes_saves_when_asked(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _edit(window)
    window.files.ask_unsaved = lambda: "save"
    window.files.ask_save_path = lambda: tmp_path / "closing.json"
    assert window.close()
    assert (tmp_path / "closing.json").exists()


def test_open_a_bad_file_shows_the_error(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "fivefoot.scene", "version": 1, "system": "pf2e", "grid": {"width": 0}}')
    errors: list[str] = []
    window.files.show_error = lambda title, text: errors.append(text)
    before = scene_to_json(window.doc.scene)
    assert not window.files.open(bad)
    assert errors and "grid" in errors[0]
    assert scene_to_json(window.doc.scene) == before


def test_open_a_universal_vtt_map(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QColor, QImage

    picture = QImage(80, 60, QImage.Format.Format_RGB32)
    picture.fill(QColor("#556677"))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    picture.save(buffer, "PNG")
    uvtt = {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 3}, "pixels_per_grid": 20},
        "line_of_sight": [[{"x": 2, "y": 0}, {"x": 2, "y": 3}]],
        "portals": [{"bounds": [{"x": 2, "y": 1}, {"x": 2, "y": 2}], "closed": True}],
        "image": base64.b64encode(bytes(data.data())).decode("ascii"),
    }
    path = tmp_path / "crypt.dd2vtt"
    path.write_text(json.dumps(uvtt), encoding="utf-8")
    assert window.files.open(path)
    assert window.doc.path is None  # imported: Save asks where to write a .fivefoot
    assert window.doc.scene.grid.width == 4
    assert window.map_scene.background_layer.has_image
    assert any(w.kind == "door" for w in window.doc.scene.walls)


def test_prepare_for_save_keeps_absolute_and_data_refs(tmp_path: Path, window) -> None:  # type: ignore[no-untyped-def]
    scene = window.doc.scene
    out, images = prepare_for_save(scene, {}, None, tmp_path / "x.json")
    assert out.background == scene.background and images == {}


def test_recent_files_menu_lists_saved_files(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    first, second = tmp_path / "a.json", tmp_path / "b.fivefoot"
    assert window.files.save_as(first)
    assert window.files.save_as(second)
    names = [a.text() for a in window.recent_menu.actions()]
    assert names[:2] == ["b.fivefoot", "a.json"]
    window.recent_menu.actions()[1].trigger()
    assert window.doc.path == first
