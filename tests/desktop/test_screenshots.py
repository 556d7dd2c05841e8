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

from desktop.grid_coords import to_scene
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
    from rules.scene import scene_from_json
    from tests.benchmarks.bigmap import big_map_doc

    window.files.new_scene(scene_from_json(big_map_doc()))
    window.view.fit()
    _save(window, shots, "10-big-map-120x120-fit", min_colours=15)
    _zoom_on(window, (15, 30), 0.6)
    _save(window, shots, "11-big-map-120x120-zoomed", min_colours=15)
