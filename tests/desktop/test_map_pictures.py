"""Map pictures in the window: import (menu and drop), bad pictures, calibration by tool and dialog, and
dropped scene files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from desktop.dialogs.import_picture import ImportChoice, ImportPictureDialog
from desktop.look.style import CELL
from desktop.map.images import load_image
from desktop.window.pictures import MapPicture
from rules.geometry.coords import Point
from rules.io.fivefoot_file import load_document
from rules.io.images import parse_data_uri
from rules.io.scene_json import scene_to_json
from rules.model.scene import Grid
from tests.desktop.helpers import document_snapshot, move, press, release, settle
from tests.desktop.picture_helpers import encode, plain_picture, printed_grid_picture


class Answers:
    """Answers the import question like a user would, and remembers what the app proposed."""

    def __init__(self, pixels_per_cell: float | None = None, fit: bool = True, cancel: bool = False) -> None:
        self.pixels_per_cell = pixels_per_cell
        self.fit = fit
        self.cancel = cancel
        self.asked: list[tuple[MapPicture, float, bool]] = []

    def __call__(self, picture: MapPicture, proposed: float, guessed: bool) -> ImportChoice | None:
        self.asked.append((picture, proposed, guessed))
        if self.cancel:
            return None
        return ImportChoice(self.pixels_per_cell or proposed, self.fit)


@pytest.fixture
def errors(window) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    shown: list[tuple[str, str]] = []
    window.files.show_error = lambda title, text: shown.append((title, text))
    return shown


def _empty(window, width: int = 10, height: int = 8) -> None:  # type: ignore[no-untyped-def]
    assert window.files.new_empty("pf2e", width, height, "Test")


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


# ------------------------------------------------------------------------------------------ import


def test_import_a_picture_then_undo_removes_it(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _empty(window)
    data = encode(printed_grid_picture(800, 600, 40.0, scenery=False))
    path = _write(tmp_path, "Lower Crypt.png", data)
    answers = Answers(pixels_per_cell=40.0, fit=True)
    window.pictures.ask_import = answers
    assert window.pictures.import_picture(path)
    doc = window.doc
    picture, proposed, guessed = answers.asked[0]
    # the grid printed on the picture is found and proposed (issue 13 item 10)
    assert (picture.info.width, picture.info.height, guessed) == (800, 600, True)
    assert proposed == pytest.approx(40.0, abs=0.05)
    bg = doc.scene.background
    assert bg is not None and bg.image == "embedded:Lower-Crypt.png"
    assert doc.images["Lower-Crypt.png"] == data  # the very bytes of the file, embedded
    assert (bg.pixels_per_cell, bg.offset) == (40.0, Point(0.0, 0.0))
    assert doc.scene.grid == Grid(20, 15)  # 800 / 40 × 600 / 40: fitted, as offered
    layer = window.map_scene.background_layer
    assert layer.has_image and layer.image_rect().size().toTuple() == (20 * CELL, 15 * CELL)
    assert doc.undo_label() == "Import map picture" and doc.dirty
    assert "Lower Crypt.png" in doc.log[-1]

    doc.undo()
    assert doc.scene.background is None and doc.scene.grid == Grid(10, 8)
    assert not layer.has_image and not doc.can_undo()
    doc.redo()
    assert doc.scene.background == bg and layer.has_image


def test_an_imported_picture_travels_inside_the_saved_file(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _empty(window)
    first = encode(plain_picture(300, 200, "#335544"))
    second = encode(plain_picture(300, 200, "#884422"))
    window.pictures.ask_import = Answers(pixels_per_cell=50.0)
    assert window.pictures.import_picture(_write(tmp_path, "map.png", first))
    # a second picture of the same file name: a name of its own, the first kept for undo
    (tmp_path / "other").mkdir()
    assert window.pictures.import_picture(_write(tmp_path / "other", "map.png", second))
    doc = window.doc
    assert doc.scene.background is not None and doc.scene.background.image == "embedded:map-2.png"
    assert doc.images["map.png"] == first
    target = tmp_path / "saved" / "crypt.fivefoot"
    target.parent.mkdir()
    assert window.files.save_as(target)
    loaded = load_document(target)
    assert loaded.scene.background == doc.scene.background
    assert dict(loaded.images) == {"map-2.png": second}  # the replaced picture is not saved
    # plain JSON carries it inline
    json_target = tmp_path / "saved" / "crypt.json"
    assert window.files.save_as(json_target)
    written = json.loads(json_target.read_text(encoding="utf-8"))
    assert parse_data_uri(written["background"]["image"]) == second
    # and it opens again, picture and all
    assert window.files.open(target)
    assert window.map_scene.background_layer.has_image
    assert window.doc.scene.grid == Grid(6, 4)


def test_import_proposes_the_size_the_file_name_tells(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _empty(window)
    answers = Answers(cancel=True)
    window.pictures.ask_import = answers
    path = _write(tmp_path, "crypt_20x15.webp", encode(plain_picture(1000, 750), "WEBP"))
    before = document_snapshot(window)
    assert not window.pictures.import_picture(path)  # cancelled: nothing changes
    assert answers.asked[0][1:] == (50.0, True)
    assert document_snapshot(window) == before


def test_the_import_dialog_offers_to_fit_the_grid(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    _empty(window, 10, 8)
    dialog = ImportPictureDialog("cave.png", plain_picture(1400, 700), "PNG", window.doc.scene, 70.0)
    qtbot.addWidget(dialog)
    assert dialog.fit_grid.isChecked()
    assert "20 × 10 squares (now 10 × 8)" in dialog.fit_grid.text()
    dialog.pixels_per_cell.setValue(140.0)
    assert "10 × 5 squares" in dialog.fit_grid.text()
    dialog.fit_grid.setChecked(False)
    assert dialog.choice() == ImportChoice(140.0, False)
    # on a map with tokens the grid keeps them
    assert window.files.open_demo("pf2e")
    dialog = ImportPictureDialog("cave.png", plain_picture(700, 350), "PNG", window.doc.scene, 70.0)
    qtbot.addWidget(dialog)
    assert "kept big enough" in dialog.fit_grid.text()


def _tiny_png_header(width: int, height: int) -> bytes:
    return (
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
        + width.to_bytes(4, "big")
        + height.to_bytes(4, "big")
        + bytes(5)
    )


@pytest.mark.parametrize(
    ("name", "content", "problem"),
    [
        ("notes.png", b"these are my notes, not a picture", "not a PNG, WebP or JPEG image"),
        ("empty.png", b"", "the file is empty"),
        ("cut.png", b"\x89PNG\r\n\x1a\n\x00\x00", "broken PNG"),
        ("huge.png", _tiny_png_header(20_000, 20_000), "megapixel limit"),
        ("garbage.png", _tiny_png_header(64, 64) + b"\x00" * 50, "damaged"),
        ("missing.png", None, "no such file"),
    ],
)
def test_a_bad_picture_is_refused_and_changes_nothing(  # type: ignore[no-untyped-def]
    window, errors, tmp_path: Path, name: str, content: bytes | None, problem: str
) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    window.pictures.ask_import = Answers()
    before = document_snapshot(window)
    assert not window.pictures.import_picture(path)
    assert len(errors) == 1
    title, text = errors[0]
    assert name in title and str(path) in text and problem in text
    assert document_snapshot(window) == before
    assert not window.pictures.ask_import.asked  # refused before any question


def test_a_picture_file_over_the_size_limit_is_not_even_read(window, errors, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "enormous.png"
    with open(path, "wb") as f:  # sparse: takes no disk space
        f.write(_tiny_png_header(100, 100))
        f.truncate(201 * 1024 * 1024)
    before = document_snapshot(window)
    assert not window.pictures.import_picture(path)
    assert "201.0 MB, more than the 200.0 MB" in errors[0][1]
    assert document_snapshot(window) == before


def test_a_cut_short_jpeg_still_imports_with_a_warning(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    data = encode(printed_grid_picture(400, 300, 50.0), "JPEG")
    path = _write(tmp_path, "cut.jpg", data[: len(data) * 2 // 3])
    window.pictures.ask_import = Answers()
    messages: list[str] = []
    window.pictures.message.connect(messages.append)
    assert window.pictures.import_picture(path)
    assert "may be damaged" in messages[-1]


def test_two_documents_with_the_same_picture_name_show_their_own_pictures(qtbot) -> None:  # type: ignore[no-untyped-def]
    red = encode(plain_picture(20, 20, "#ff0000"))
    blue = encode(plain_picture(20, 20, "#0000ff"))
    a = load_image("embedded:map.png", {"map.png": red}, None)
    b = load_image("embedded:map.png", {"map.png": blue}, None)
    assert a is not None and b is not None
    assert a.pixelColor(5, 5).red() == 255 and b.pixelColor(5, 5).blue() == 255


# ------------------------------------------------------------------------------------- calibration


def _import_printed(
    window, tmp_path: Path, ppc: float, offset: tuple[float, float], size=(1000, 750)
) -> None:  # type: ignore[no-untyped-def]
    _empty(window)
    path = _write(tmp_path, "printed.png", encode(printed_grid_picture(*size, ppc, offset)))
    window.pictures.ask_import = Answers(pixels_per_cell=70.0, fit=False)  # the wrong size, on purpose
    assert window.pictures.import_picture(path)


def _printed_corner(window, ppc: float, offset: tuple[float, float], k: int, j: int) -> QPoint:  # type: ignore[no-untyped-def]
    """The viewport pixel of printed grid corner (k, j) as the picture lies now."""
    bg = window.doc.scene.background
    px, py = offset[0] + k * ppc, offset[1] + j * ppc
    gx = px / bg.pixels_per_cell - bg.offset.x
    gy = py / bg.pixels_per_cell - bg.offset.y
    return window.view.mapFromScene(QPointF(gx * CELL, gy * CELL))


def test_calibrate_by_dragging_a_box_over_printed_squares(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ppc, offset = 50.0, (13.0, 21.0)
    _import_printed(window, tmp_path, ppc, offset)
    assert not window.map_scene.grid_layer.accent
    window.set_tool("calibrate")
    assert window.tool.name == "calibrate"
    assert window.map_scene.grid_layer.accent  # the grid stands out from the printed one
    window.tool.set_cells(4)
    view = window.view
    view.set_scale(2.0)
    view.centerOn(QPointF(5 * CELL, 5 * CELL))
    a = _printed_corner(window, ppc, offset, 3, 3)
    b = _printed_corner(window, ppc, offset, 7, 7)
    press(view, a)
    move(view, QPoint((a.x() + b.x()) // 2, (a.y() + b.y()) // 2))
    move(view, b)
    # while dragging: the box and what it measures, nothing changed yet
    assert window.tool.measure is not None
    assert window.tool.measure.calibration.pixels_per_cell == pytest.approx(ppc, abs=0.3)
    assert "px per square" in window.tool.bubble.text()
    assert window.doc.scene.background.pixels_per_cell == 70.0
    release(view, b)
    bg = window.doc.scene.background
    # a screen pixel is half a picture pixel here: over a 200-px box the error is tiny
    assert bg.pixels_per_cell == pytest.approx(50.0, abs=0.2)
    assert bg.offset.x == pytest.approx(13 / 50, abs=0.01)
    assert bg.offset.y == pytest.approx(21 / 50, abs=0.01)
    assert window.doc.scene.grid == Grid(20, 15)  # fitted: 1000 × 750 px at 50 px per square
    assert window.doc.undo_label() == "Calibrate grid"
    # the map was redrawn at once: the picture is 20 squares wide now
    rect = window.map_scene.background_layer.image_rect()
    assert rect.width() == pytest.approx(20 * CELL, rel=0.005)
    assert rect.left() == pytest.approx(-bg.offset.x * CELL)
    window.doc.undo()
    assert window.doc.scene.background.pixels_per_cell == 70.0
    assert window.map_scene.background_layer.image_rect().width() == pytest.approx(1000 / 70 * CELL)
    window.set_tool("select")
    assert not window.map_scene.grid_layer.accent


def test_calibration_box_can_be_cancelled_or_clicked(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _import_printed(window, tmp_path, 50.0, (0.0, 0.0))
    window.set_tool("calibrate")
    view = window.view
    before = document_snapshot(window)
    a, b = QPoint(300, 300), QPoint(420, 420)
    press(view, a)
    move(view, b)
    QTest.keyClick(view, Qt.Key.Key_Escape)
    release(view, b)
    assert document_snapshot(window) == before and window.tool.box.rect.isNull()
    press(view, a)  # a click is not a box
    release(view, QPoint(a.x() + 2, a.y() + 1))
    assert document_snapshot(window) == before


def test_calibration_with_shift_keeps_the_box_square_and_fit_off_keeps_the_grid(
    window, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    _import_printed(window, tmp_path, 50.0, (0.0, 0.0))
    window.set_tool("calibrate")
    window.tool.set_fit_grid(False)
    view = window.view
    shift = Qt.KeyboardModifier.ShiftModifier
    a = _printed_corner(window, 50.0, (0.0, 0.0), 2, 2)
    b = _printed_corner(window, 50.0, (0.0, 0.0), 4, 3)  # 2 × 1 squares; Shift makes it 2 × 2
    press(view, a, mods=shift)
    move(view, b, mods=shift)
    release(view, b, mods=shift)
    bg = window.doc.scene.background
    # the box spans 2 × 2 printed squares, and the tool counts them from the printed grid (issue 13)
    assert window.tool.cells == 2
    assert bg.pixels_per_cell == pytest.approx(50.0, abs=1)
    assert window.doc.scene.grid == Grid(10, 8)  # not fitted


def test_the_calibration_tool_without_a_picture_says_so(window) -> None:  # type: ignore[no-untyped-def]
    _empty(window)
    window.set_tool("calibrate")
    messages: list[str] = []
    window.view.message.connect(messages.append)
    press(window.view, QPoint(200, 200))
    release(window.view, QPoint(300, 300))
    assert "Import Map Image" in messages[0]
    assert window.doc.scene.background is None


def test_calibrate_dialog_previews_live_and_applies_one_command(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _import_printed(window, tmp_path, 50.0, (13.0, 21.0))
    doc, layer = window.doc, window.map_scene.background_layer
    assert window.pictures.act_calibrate.isEnabled()
    start_width = layer.image_rect().width()
    dialog = window.pictures.open_calibrate_dialog()
    assert dialog is not None
    assert dialog.command() is None  # nothing typed yet
    assert not dialog.fit_grid.isChecked()  # the grid was not fitted to the picture at import
    dialog.pixels_per_cell.setValue(50.0)
    dialog.offset_x.setValue(13.0)
    dialog.offset_y.setValue(21.0)
    assert "20 × 15 squares (now 10 × 8)" in dialog.fit_grid.text()
    # the map shows it, the document does not have it yet
    assert layer.image_rect().width() == pytest.approx(20 * CELL)
    assert layer.image_rect().left() == pytest.approx(-13 / 50 * CELL)
    assert doc.scene.background.pixels_per_cell == 70.0
    dialog.reset_values()
    assert dialog.pixels_per_cell.value() == 70.0 and layer.image_rect().width() == pytest.approx(start_width)
    dialog.pixels_per_cell.setValue(50.0)
    dialog.reject()  # Cancel: the preview goes, nothing changed
    assert layer.image_rect().width() == pytest.approx(start_width)
    assert doc.scene.background.pixels_per_cell == 70.0 and doc.undo_label() == "Import map picture"

    dialog = window.pictures.open_calibrate_dialog()
    dialog.pixels_per_cell.setValue(50.0)
    dialog.offset_x.setValue(13.0)
    dialog.offset_y.setValue(21.0)
    dialog.fit_grid.setChecked(True)
    dialog.accept()
    bg = doc.scene.background
    assert (bg.pixels_per_cell, bg.offset) == (50.0, Point(0.26, 0.42))
    assert doc.scene.grid == Grid(20, 15)
    assert layer.image_rect().width() == pytest.approx(20 * CELL)
    assert doc.undo_label() == "Calibrate grid"
    doc.undo()
    assert doc.scene.background.pixels_per_cell == 70.0 and doc.scene.grid == Grid(10, 8)


def test_map_menu_actions(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _empty(window)
    p = window.pictures
    assert not p.act_calibrate.isEnabled() and not p.act_remove.isEnabled()
    menu_texts = [a.text() for a in window.map_menu.actions() if not a.isSeparator()]
    assert menu_texts[0] == "Import Map &Image…" and "&Calibrate Grid…" in menu_texts
    _import_printed(window, tmp_path, 50.0, (0.0, 0.0))
    assert p.act_calibrate.isEnabled() and p.act_fit.isEnabled() and p.act_remove.isEnabled()
    p.act_fit.trigger()
    assert window.doc.scene.grid == Grid(15, 11)  # 1000 / 70 = 14.3 → 15; 750 / 70 = 10.7 → 11
    p.act_remove.trigger()
    assert window.doc.scene.background is None and not window.map_scene.background_layer.has_image
    window.doc.undo()
    assert window.map_scene.background_layer.has_image


# ------------------------------------------------------------------------------------ dropped files


def _drop(window, qtbot, paths: list[Path], on_map: bool = True) -> bool:  # type: ignore[no-untyped-def]
    """Drag `paths` in and drop them: on the map (the view's viewport, where a real drop lands), or on
    the window itself (over a dock or the tool bar). True when the drag was accepted."""
    target = window.view.viewport() if on_map else window
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    pos = QPointF(target.rect().center())
    enter = QDragEnterEvent(
        pos.toPoint(),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(target, enter)
    accepted = enter.isAccepted()
    drop = QDropEvent(
        pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(target, drop)
    settle()  # the drop is handled once the event loop runs
    return accepted


def test_drop_a_picture_on_the_window(window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = _write(tmp_path, "dropped.png", encode(plain_picture(140, 140)))
    window.pictures.ask_import = Answers()
    assert _drop(window, qtbot, [path])
    bg = window.doc.scene.background
    assert bg is not None and bg.image == "embedded:dropped.png"
    # dropped beside the map (on a dock): the same
    assert _drop(window, qtbot, [path], on_map=False)
    assert window.doc.scene.background.image == "embedded:dropped-2.png"


def test_drop_scene_files_on_the_window(window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    saved = tmp_path / "fight.fivefoot"
    assert window.files.save_as(saved)
    _empty(window)
    window.doc.execute(_paint())
    asked: list[str] = []

    def ask() -> str:
        asked.append("unsaved")
        return "discard"

    window.files.ask_unsaved = ask
    assert _drop(window, qtbot, [saved])
    assert asked == ["unsaved"] and window.doc.path == saved and not window.doc.dirty
    # a Universal VTT export opens as an import
    uvtt = tmp_path / "room.dd2vtt"
    uvtt.write_text(json.dumps(_uvtt()), encoding="utf-8")
    assert _drop(window, qtbot, [uvtt], on_map=False)
    assert window.doc.scene.grid == Grid(4, 3) and window.doc.path is None


def test_drop_something_else_is_refused(window, qtbot, errors, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = _write(tmp_path, "notes.txt", b"hello")
    before = document_snapshot(window)
    _drop(window, qtbot, [path])
    assert errors and "notes.txt" in errors[0][0] and "FiveFoot opens scenes" in errors[0][1]
    _drop(window, qtbot, [tmp_path])
    assert "is a folder" in errors[1][1]
    assert document_snapshot(window) == before
    # a picture without a picture's suffix is recognised by its first bytes
    disguised = _write(tmp_path, "map.bin", encode(plain_picture(70, 70)))
    window.pictures.ask_import = Answers()
    _drop(window, qtbot, [disguised])
    assert window.doc.scene.background is not None


@pytest.mark.parametrize("on_map", [True, False])
def test_a_drag_without_files_is_not_accepted(window, on_map: bool) -> None:  # type: ignore[no-untyped-def]
    mime = QMimeData()
    mime.setText("just text")
    enter = QDragEnterEvent(
        QPoint(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    target = window.view.viewport() if on_map else window
    QApplication.sendEvent(target, enter)
    # (the map's scene takes any drag in, then refuses every move over it: no item takes drops)
    hover = QDragMoveEvent(
        QPoint(12, 12),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(target, hover)
    assert not hover.isAccepted()


def _paint():  # type: ignore[no-untyped-def]
    from rules.geometry.coords import Cell
    from rules.play.edits import PaintTerrain

    return PaintTerrain((Cell(1, 1),), "difficult", log="paint")


def _uvtt() -> dict:  # type: ignore[type-arg]
    import base64

    return {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 3}, "pixels_per_grid": 20},
        "line_of_sight": [[{"x": 2, "y": 0}, {"x": 2, "y": 3}]],
        "portals": [],
        "image": base64.b64encode(encode(plain_picture(80, 60))).decode("ascii"),
    }


def test_scene_json_stays_comparable_after_import(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Importing touches only the background and the grid."""
    before = scene_to_json(window.doc.scene)
    window.pictures.ask_import = Answers(fit=False)
    assert window.pictures.import_picture(_write(tmp_path, "x.png", encode(plain_picture(70, 70))))
    after = scene_to_json(window.doc.scene)
    assert {k: v for k, v in after.items() if k != "background"} == {
        k: v for k, v in before.items() if k != "background"
    }


def test_calibrate_dialog_is_not_modal_and_closes_when_the_picture_changes(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _import_printed(window, tmp_path, 50.0, (13.0, 21.0))
    layer = window.map_scene.background_layer
    dialog = window.pictures.open_calibrate_dialog()
    assert dialog is not None and not dialog.isModal()
    dialog.pixels_per_cell.setValue(50.0)
    assert layer.image_rect().width() == pytest.approx(20 * CELL)
    window.doc.execute(_paint())  # other edits leave it open
    assert window.pictures.calibrate_dialog is dialog
    window.doc.undo()
    assert window.pictures.calibrate_dialog is dialog
    window.doc.undo()  # the import itself is undone: the dialog has nothing to calibrate
    assert window.pictures.calibrate_dialog is None and not dialog.isVisible()
    assert window.doc.scene.background is None and not layer.has_image


def test_the_calibration_box_counts_the_printed_squares_it_covers(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 13 item 10: a drag over 10 printed squares measures 10 squares (not one 510-px square)."""
    ppc, offset = 50.0, (13.0, 21.0)
    _import_printed(window, tmp_path, ppc, offset)
    window.set_tool("calibrate")
    tool = window.tool
    assert tool.auto_cells
    view = window.view
    view.set_scale(0.8)
    view.centerOn(QPointF(8 * CELL, 7 * CELL))
    a = _printed_corner(window, ppc, offset, 2, 2)
    b = _printed_corner(window, ppc, offset, 12, 12)
    press(view, a)
    move(view, QPoint((a.x() + b.x()) // 2, (a.y() + b.y()) // 2))
    move(view, b)
    assert tool.cells == 10
    assert "10 × 10 squares" in tool.bubble.text()
    release(view, b)
    bg = window.doc.scene.background
    assert bg.pixels_per_cell == pytest.approx(ppc, rel=0.01)
    # a typed span wins over the printed grid
    tool.set_cells(3)
    assert not tool.auto_cells
    press(view, a)
    move(view, b)
    assert tool.cells == 3
    tool.cancel()


def test_a_picture_without_a_grid_proposes_the_usual_size(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _empty(window)
    path = _write(tmp_path, "plain.png", encode(plain_picture(700, 500)))
    answers = Answers()
    window.pictures.ask_import = answers
    assert window.pictures.import_picture(path)
    _picture, proposed, guessed = answers.asked[0]
    assert (proposed, guessed) == (70.0, False)
