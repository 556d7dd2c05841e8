"""The arithmetic of lining the grid up with a map picture, and the picture commands (no window)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop.document import Document
from desktop.map.calibration import (
    Calibration,
    cells_covered,
    content_extent,
    fitted_grid,
    from_box,
    guess_pixels_per_cell,
    picture_grid,
    picture_point,
)
from desktop.map.picture_commands import calibrate_command, fit_grid_command, import_command, remove_command
from desktop.window.file_io import prepare_for_save
from rules.geometry.coords import Point
from rules.model.scene import MAX_GRID_SIDE, Background, Grid
from rules.model.state import GameState
from rules.play.edits import SetBackground
from tests.desktop.helpers import ascii_scene

EMPTY_10x10 = "\n".join(["." * 10] * 10)


def test_a_box_over_four_by_four_printed_squares() -> None:
    # printed grid: 50 px squares, first lines 13 px right and 21 px down from the picture's corner
    m = from_box(13 + 2 * 50, 21 + 3 * 50, 13 + 6 * 50, 21 + 7 * 50, cells=4)
    assert m.calibration.pixels_per_cell == 50.0
    assert m.calibration.offset == Point(0.26, 0.42)
    assert m.calibration.offset_pixels == pytest.approx((13.0, 21.0))
    assert m.squareness == 1.0
    # the same box dragged the other way round
    assert from_box(313, 371, 113, 171, cells=4).calibration == m.calibration


def test_a_box_that_is_not_square_averages_and_says_so() -> None:
    m = from_box(0, 0, 104, 96, cells=1)
    assert m.calibration.pixels_per_cell == 100.0
    assert (m.width_px, m.height_px) == (104, 96)
    assert m.squareness == pytest.approx(96 / 104)


@pytest.mark.parametrize(("box", "cells"), [((5, 5, 5, 40), 1), ((0, 0, 30, 0), 1), ((0, 0, 30, 30), 0)])
def test_an_empty_box_is_refused(box: tuple[float, float, float, float], cells: int) -> None:
    with pytest.raises(ValueError):
        from_box(*box, cells=cells)


@given(
    ppc=st.floats(8, 300),
    off=st.tuples(st.floats(0, 0.999), st.floats(0, 0.999)),
    start=st.tuples(st.integers(0, 30), st.integers(0, 30)),
    n=st.integers(1, 12),
)
def test_after_calibrating_the_printed_lines_are_grid_lines(
    ppc: float, off: tuple[float, float], start: tuple[int, int], n: int
) -> None:
    """Whatever box over N × N printed squares the user drags, every printed line becomes a grid line."""
    ox, oy = off[0] * ppc, off[1] * ppc
    x0, y0 = ox + start[0] * ppc, oy + start[1] * ppc
    c = from_box(x0, y0, x0 + n * ppc, y0 + n * ppc, n).calibration
    assert c.pixels_per_cell == pytest.approx(ppc, abs=0.0006)
    assert 0 <= c.offset.x < 1 and 0 <= c.offset.y < 1
    bg = Background("map.png", c.pixels_per_cell, c.offset)
    for k in (0, 1, 7, 40):
        # picture pixel of printed line k → grid coordinate: a whole number, up to the rounding of the
        # square's size (1/1000 px, growing with the distance from the box) and of the offset
        gx = (ox + k * ppc) / c.pixels_per_cell - c.offset.x
        gy = (oy + k * ppc) / c.pixels_per_cell - c.offset.y
        assert abs(gx - round(gx)) < (abs(k - start[0]) + 1) * 0.0006 / ppc + 2e-4
        assert abs(gy - round(gy)) < (abs(k - start[1]) + 1) * 0.0006 / ppc + 2e-4
    # and picture_point is the inverse mapping
    px, py = picture_point(bg, 3.0, 4.0)
    assert (px / c.pixels_per_cell - c.offset.x, py / c.pixels_per_cell - c.offset.y) == pytest.approx((3, 4))


def test_offsets_typed_in_pixels_round_trip() -> None:
    c = Calibration.from_pixels(70.0, 35.0, 7.0)
    assert c.offset == Point(0.5, 0.1)
    assert c.offset_pixels == pytest.approx((35.0, 7.0))
    with pytest.raises(ValueError):
        Calibration.from_pixels(0.0, 1.0, 1.0)


@pytest.mark.parametrize(
    ("pixels", "ppc", "offset", "cells"),
    [
        (1000, 50.0, 0.0, 20),  # exact
        (1050, 70.0, 0.0, 15),
        (1050, 69.9, 0.0, 15),  # a hand calibration a hair small does not add a sliver column
        (1000, 70.0, 0.0, 15),  # a real partial square (0.29) gets its column
        (1000, 50.0, 0.26, 20),  # 19.74 squares from the grid's origin to the edge
        (1000, 50.0, -0.5, 21),  # the picture starts half a square inside the grid
        (10, 100.0, 0.0, 1),  # never less than one square
        (10**6, 4.0, 0.0, MAX_GRID_SIDE),  # never more than the scene allows
    ],
)
def test_squares_a_picture_covers(pixels: int, ppc: float, offset: float, cells: int) -> None:
    assert cells_covered(pixels, ppc, offset) == cells


def test_the_grid_never_shrinks_below_what_stands_on_it() -> None:
    scene = ascii_scene(
        """
        ..........
        ..........
        .......~..
        ........A.
        ..........
        """,
        tokens={"A": {"size": "large"}},
    )
    assert content_extent(scene) == (10, 5)  # the large token's space reaches column 9 and row 4
    small = Calibration(100.0, Point(0.0, 0.0))
    assert picture_grid(300, 200, small) == Grid(3, 2)
    assert fitted_grid(scene, 300, 200, small) == Grid(10, 5)
    assert fitted_grid(scene, 1500, 300, small) == Grid(15, 5)


@pytest.mark.parametrize(
    ("stem", "size", "expected"),
    [
        ("crypt_22x30", (1540, 2100), 70.0),
        ("Cave [30 x 20] night", (3000, 2000), 100.0),
        ("gold room 4k 40×30", (4000, 3000), 100.0),
        ("map_10x10", (1000, 500), None),  # the two sides disagree
        ("render 1920x1080", (1920, 1080), None),  # a screen size: 1 px per "square" is not a grid
        ("tavern", (1400, 1400), None),
    ],
)
def test_guess_pixels_per_square_from_the_file_name(
    stem: str, size: tuple[int, int], expected: float | None
) -> None:
    assert guess_pixels_per_cell(stem, *size) == expected


# ------------------------------------------------------------------------------------------- commands


def _png_like() -> bytes:
    # a minimal PNG header is enough for the commands (they never decode)
    return b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + (400).to_bytes(4, "big") + (300).to_bytes(4, "big")


def test_import_then_undo_and_redo(qtbot) -> None:  # type: ignore[no-untyped-def]
    doc = Document(ascii_scene(EMPTY_10x10))
    data = _png_like()
    command = import_command(doc.scene, "cave.png", data, (400, 300), 50.0, True, "cave.png")
    doc.execute(command)
    bg = doc.scene.background
    assert bg == Background("embedded:cave.png", 50.0, Point(0.0, 0.0))
    assert doc.images["cave.png"] == data
    assert doc.scene.grid == Grid(8, 6)  # nothing stands on the map: the grid is the picture's
    doc.undo()
    assert doc.scene.background is None and doc.scene.grid == Grid(10, 10)
    doc.redo()
    assert doc.scene.background == bg and doc.images["cave.png"] == data
    assert doc.unused_image_name("cave.png") == "cave-2.png"
    assert doc.unused_image_name("other.webp") == "other.webp"


def test_fit_calibrate_and_remove_are_single_commands(qtbot) -> None:  # type: ignore[no-untyped-def]
    doc = Document(ascii_scene("A.........\n.........."))
    doc.execute(import_command(doc.scene, "m.png", _png_like(), (400, 300), 100.0, False))
    assert doc.scene.grid == Grid(10, 2)
    fit = fit_grid_command(doc.scene, (400, 300))
    assert fit is not None
    doc.execute(fit)
    assert doc.scene.grid == Grid(4, 3)  # the token at [0, 0] still fits
    assert fit_grid_command(doc.scene, (400, 300)) is None  # already fitted
    same = Calibration.of(doc.scene.background)  # type: ignore[arg-type]
    assert calibrate_command(doc.scene, (400, 300), same, True) is None
    cal = calibrate_command(doc.scene, (400, 300), Calibration(50.0, Point(0.5, 0.0)), True)
    assert cal is not None and "50 px per square" in cal.log
    doc.execute(cal)
    assert doc.scene.background.pixels_per_cell == 50.0  # type: ignore[union-attr]
    assert doc.scene.grid == Grid(8, 6)  # 7.5 squares → 8 columns; 6 rows
    remove = remove_command(doc.scene)
    assert remove is not None
    doc.execute(remove)
    assert doc.scene.background is None and remove_command(doc.scene) is None
    for expected in (Grid(8, 6), Grid(4, 3), Grid(10, 2)):
        doc.undo()
        assert doc.scene.grid == expected


def test_set_background_keeps_the_scene_valid() -> None:
    scene = ascii_scene("........B.")
    state = SetBackground(None, Grid(2, 1)).apply(GameState(scene)).state
    assert state.scene.grid == Grid(9, 1)


def test_saving_leaves_out_pictures_nothing_refers_to(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    doc = Document(ascii_scene(EMPTY_10x10))
    doc.execute(import_command(doc.scene, "a.png", _png_like(), (400, 300), 50.0, False))
    doc.execute(import_command(doc.scene, "b.png", _png_like() + b"x", (400, 300), 50.0, False))
    assert set(doc.images) == {"a.png", "b.png"}  # kept for undo
    scene, images = prepare_for_save(doc.scene, doc.images, None, tmp_path / "x.fivefoot")
    assert set(images) == {"b.png"}
    doc.undo()
    scene, images = prepare_for_save(doc.scene, doc.images, None, tmp_path / "x.fivefoot")
    assert set(images) == {"a.png"}
    assert math.isclose(scene.background.pixels_per_cell, 50.0)  # type: ignore[union-attr]
