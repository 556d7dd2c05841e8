"""Writes screenshots of the main views for a person to look at.

The folder is ``$FIVEFOOT_SHOTS`` or ``shots/desktop`` in the repository (ignored by git). Each picture is
taken in the middle of a real gesture driven with synthetic mouse events, then checked to be non-blank.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from desktop.map.grid_coords import to_scene
from tests.desktop.helpers import move, press, release, view_point

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def shots() -> Path:
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots" / "desktop")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _save(window, folder: Path, name: str, min_colours: int = 40) -> Path:  # type: ignore[no-untyped-def]
    path = folder / f"{name}.png"
    assert window.grab().save(str(path))
    image = QImage(str(path))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 31) for y in range(0, image.height(), 31)}
    assert len(colours) > min_colours, f"{name} looks blank"
    return path


def _zoom_on(window, cell: tuple[float, float], scale: float) -> None:  # type: ignore[no-untyped-def]
    view = window.view
    view.set_scale(scale)
    view.centerOn(QPointF(*to_scene(cell).toTuple()))


def _carry(
    window,
    start: tuple[int, int],
    *stops: tuple[int, int],
    side: int = 1,  # type: ignore[no-untyped-def]
    shift_at: tuple[int, int] | None = None,
    mods=Qt.KeyboardModifier.NoModifier,
) -> Callable[[], None]:
    view = window.view
    press(view, view_point(view, start, side))
    for s in stops:
        move(view, view_point(view, s), mods=mods)
        if s == shift_at:
            release(view, view_point(view, s), mods=Qt.KeyboardModifier.ShiftModifier)
            press(view, view_point(view, s))
    return lambda: QTest.keyClick(view, Qt.Key.Key_Escape)


def test_main_window(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    _save(window, shots, "01-main-window-pf2e-demo")


def test_drag_preview_strides_waypoint(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    _zoom_on(window, (10, 13), 1.0)
    cancel = _carry(window, (5, 11), (6, 14), (7, 16), (10, 13), (14, 14), shift_at=(7, 16))
    _save(window, shots, "02-drag-preview-strides-and-waypoint")
    cancel()


def test_drag_preview_reactive_strike_warning(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    alt = Qt.KeyboardModifier.AltModifier
    view = window.view
    press(view, view_point(view, (5, 11)))
    move(view, view_point(view, (19, 16)), mods=alt)
    release(view, view_point(view, (19, 16)), mods=alt)
    _zoom_on(window, (19, 16), 1.1)
    cancel = _carry(window, (19, 16), (17, 18), (16, 20))
    _save(window, shots, "03-drag-warning-reactive-strike")
    cancel()


def test_illegal_drop_preview(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    _zoom_on(window, (5, 12), 1.2)
    cancel = _carry(window, (5, 11), (4, 12), (3, 11))
    _save(window, shots, "04-drag-illegal-occupied")
    cancel()


def test_movement_overlay_pf2e(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    window.map_scene.select_ids(["ogre"])
    _zoom_on(window, (19, 13), 0.75)
    _save(window, shots, "05-movement-overlay-pf2e-strides")


def test_movement_overlay_5e_dash(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    assert window.files.open_demo("dnd5e")
    window.map_scene.select_ids(["quill"])
    _zoom_on(window, (9, 13), 0.7)
    _save(window, shots, "06-movement-overlay-5e-move-dash")


def test_measure_tool(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    window.set_tool("measure")
    view = window.view
    _zoom_on(window, (12, 12), 0.8)
    press(view, view_point(view, (5, 11)))
    move(view, view_point(view, (10, 12)))
    release(view, view_point(view, (10, 12)), mods=Qt.KeyboardModifier.ShiftModifier)
    move(view, view_point(view, (20, 14), 2), buttons=Qt.MouseButton.NoButton)
    press(view, view_point(view, (20, 14), 2))
    release(view, view_point(view, (20, 14), 2))
    _save(window, shots, "07-measure-waypoint-token-to-token")


def test_terrain_and_wall_tools(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    view = window.view
    _zoom_on(window, (5, 13), 1.0)
    window.set_tool("terrain")
    window.tool.set_size(2)
    window.tool.set_kind("greater-difficult")
    press(view, view_point(view, (2, 15)))
    move(view, view_point(view, (7, 15)))
    release(view, view_point(view, (7, 15)))
    window.set_tool("wall")
    window.tool.set_kind("door")
    for corner in ((2, 9), (2, 12), (4, 12)):
        p = view.mapFromScene(to_scene(corner))
        press(view, p)
        release(view, p)
    move(view, view.mapFromScene(to_scene((6, 12))), buttons=Qt.MouseButton.NoButton)
    _save(window, shots, "08-terrain-painted-wall-tool-drawing")
    QTest.keyClick(view, Qt.Key.Key_Return)


def test_inspector_with_selection(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    window.map_scene.select_ids(["goblin-2"])
    _zoom_on(window, (23, 11), 1.6)
    _save(window, shots, "09-inspector-and-token-close-up")


def test_big_map(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    from rules.io.scene_json import scene_from_json
    from tests.benchmarks.bigmap import big_map_doc

    window.files.new_scene(scene_from_json(big_map_doc()))
    window.view.fit()
    _save(window, shots, "10-big-map-120x120-fit", min_colours=15)
    _zoom_on(window, (15, 30), 0.6)
    _save(window, shots, "11-big-map-120x120-zoomed", min_colours=15)


# ------------------------------------------------------------------------------------ at the table


def _place(
    window, shape: str, feet: int, pos, creator: str | None = None, mods=Qt.KeyboardModifier.NoModifier
) -> None:  # type: ignore[no-untyped-def]
    tool = window.tool
    tool.set_shape(shape)
    tool.set_feet(feet)
    window.map_scene.select_ids([creator] if creator else [])
    move(window.view, pos, buttons=Qt.MouseButton.NoButton, mods=mods)
    press(window.view, pos, mods=mods)
    release(window.view, pos, mods=mods)


def _corner(window, x: float, y: float):  # type: ignore[no-untyped-def]
    return window.view.mapFromScene(to_scene((x, y)))


def test_areas_placed_and_aimed(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    _zoom_on(window, (12, 12), 0.6)
    window.set_tool("area")
    window.tool.area_label = "Fireball"
    _place(window, "burst", 20, _corner(window, 20.1, 11.1))
    window.tool.area_label = ""
    _place(window, "cone", 30, _corner(window, 12.0, 12.4), "brann")
    _place(window, "line", 60, _corner(window, 16.4, 14.6), "quill", Qt.KeyboardModifier.ShiftModifier)
    # a preview still following the mouse, with its label
    window.map_scene.select_ids([])
    window.tool.set_shape("burst")
    window.tool.set_feet(10)
    move(window.view, _corner(window, 3.1, 14.1), buttons=Qt.MouseButton.NoButton)
    _save(window, shots, "12-areas-burst-cone-line-and-preview")
    QTest.keyClick(window.view, Qt.Key.Key_Escape)


def _flank_goblin(window) -> None:  # type: ignore[no-untyped-def]
    from rules.geometry.coords import Cell
    from rules.play.edits import PlaceTokens

    window.doc.execute(PlaceTokens((("brann", Cell(15, 8)), ("isolde", Cell(17, 8)))))


def test_cover_and_flanking_lines(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    _flank_goblin(window)
    _zoom_on(window, (15, 8), 1.1)
    window.map_scene.select_ids(["brann"])
    move(window.view, view_point(window.view, (16, 8)), buttons=Qt.MouseButton.NoButton)
    _save(window, shots, "13-cover-and-flanking-pf2e")
    window.map_scene.select_ids(["quill"])
    move(window.view, view_point(window.view, (16, 8)), buttons=Qt.MouseButton.NoButton)
    _save(window, shots, "14-cover-line-blocked-by-a-wall")


def test_cover_5e_four_lines(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    assert window.files.open_demo("dnd5e")
    _zoom_on(window, (17.5, 6.5), 1.0)
    window.map_scene.select_ids(["skeleton-1"])
    move(window.view, view_point(window.view, (16, 8)), buttons=Qt.MouseButton.NoButton)
    _save(window, shots, "15-cover-5e-four-corner-lines")


def test_attack_dialog(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    from rules.dice import ScriptedDice

    _flank_goblin(window)
    window.map_scene.select_ids(["brann"])
    dialog = window.table.open_attack("brann", "goblin-1")
    assert dialog is not None
    dialog.dice = ScriptedDice([17, 6])
    dialog.damage.dice = dialog.dice
    dialog.roll_attack()
    dialog.damage.roll_dice()
    dialog.adjustSize()
    _save(dialog, shots, "16-attack-dialog-flanked-rolled", min_colours=8)
    dialog.close()


def test_initiative_running(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    from rules.dice import ScriptedDice

    window.table.initiative_dock.dice = ScriptedDice([14, 9, 18, 6, 11, 3, 15, 8, 12, 5] + [10] * 10)
    window.table.act_start.trigger()
    window.table.act_next.trigger()
    window.table.initiative_dock.delay()
    _save(window, shots, "17-initiative-dock-delay-and-log")


# ------------------------------------------------------------------------------------ map pictures


def _import_printed_map(  # type: ignore[no-untyped-def]
    window, folder: Path, name: str, ppc: float, offset=(0.0, 0.0), size=(1500, 1300), fit=True
):
    """A fresh scene, then a battle map with a printed grid imported as its picture at what the import
    dialog proposes (the file name tells the grid size when it has one)."""
    from desktop.dialogs.import_picture import ImportChoice
    from tests.desktop.picture_helpers import encode, printed_grid_picture

    assert window.files.new_empty("pf2e", 12, 10, "Flooded crypt")
    path = folder / name
    path.write_bytes(encode(printed_grid_picture(*size, ppc, offset)))
    window.pictures.ask_import = lambda _picture, proposed, _guessed: ImportChoice(proposed, fit)
    assert window.pictures.import_picture(path)


def _party(window) -> None:  # type: ignore[no-untyped-def]
    from rules.geometry.coords import Cell
    from rules.model.scene import Token
    from rules.play.edits import AddTokens

    tokens = (
        Token("brann", Cell(5, 4), side="party", pc=True, hp=30, max_hp=30, name="Brann"),
        Token("isolde", Cell(7, 5), side="party", pc=True, hp=24, max_hp=24, name="Isolde"),
        Token("ghoul-1", Cell(13, 8), side="enemies", hp=20, max_hp=20, name="Ghoul 1"),
        Token("ghoul-2", Cell(16, 9), side="enemies", hp=20, max_hp=20, name="Ghoul 2"),
        Token("ooze", Cell(20, 14), size="large", side="enemies", hp=60, max_hp=60, name="Ooze"),
    )
    window.doc.execute(AddTokens(tokens))


def test_imported_map_picture(window, shots: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _import_printed_map(window, tmp_path, "flooded-crypt_30x26.png", 50.0)
    assert window.doc.scene.grid.width == 30 and window.doc.scene.grid.height == 26
    _party(window)
    window.view.fit()
    _save(window, shots, "18-imported-map-picture-grid-fitted")


def test_calibrate_tool_dragging(window, shots: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # imported at 70 px per square: FiveFoot's grid does not match the printed 50-px one yet
    _import_printed_map(window, tmp_path, "flooded-crypt.png", 50.0, (13.0, 21.0), fit=False)
    window.set_tool("calibrate")
    window.tool.set_cells(3)
    _zoom_on(window, (6, 5), 1.3)
    view = window.view
    a = view.mapFromScene(QPointF(13 + 50 * 3, 21 + 50 * 3))
    b = view.mapFromScene(QPointF(13 + 50 * 6, 21 + 50 * 6))
    press(view, a)
    move(view, b)
    _save(window, shots, "19-calibrate-tool-box-over-3x3-printed-squares")
    release(view, b)
    _zoom_on(window, (6, 5), 1.3)
    _save(window, shots, "20-calibrate-tool-grid-lined-up")


def test_calibrate_dialog(window, shots: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _import_printed_map(window, tmp_path, "flooded-crypt.png", 50.0, (13.0, 21.0), fit=False)
    _zoom_on(window, (6, 5), 0.9)
    dialog = window.pictures.open_calibrate_dialog()
    assert dialog is not None
    dialog.pixels_per_cell.setValue(50.0)
    dialog.offset_x.setValue(13.0)
    dialog.offset_y.setValue(21.0)
    dialog.adjustSize()
    _save(dialog, shots, "21-calibrate-grid-dialog", min_colours=3)
    _save(window, shots, "22-calibrate-grid-dialog-live-preview")
    dialog.reject()


def test_import_picture_dialog(window, shots: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from desktop.dialogs.import_picture import ImportPictureDialog
    from tests.desktop.picture_helpers import printed_grid_picture

    image = printed_grid_picture(1500, 1300, 50.0)
    dialog = ImportPictureDialog(
        "flooded-crypt_30x26.png", image, "PNG", window.doc.scene, 50.0, True, window
    )
    dialog.adjustSize()
    dialog.show()
    _save(dialog, shots, "23-import-map-picture-dialog", min_colours=20)
    dialog.close()
