"""Every kind of edit shows at once on screen (issue 13 item 1): the map view caches its background (map
picture, terrain, grid, walls), so an edit that forgets to invalidate that cache changes the model but
not the pixels. Each test grabs the viewport before and after one edit and compares the pixels where the
change is — the model is checked elsewhere."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from desktop.dialogs.import_picture import ImportChoice
from desktop.look.style import CELL, VIEW_BACKGROUND
from desktop.map.grid_coords import to_scene
from desktop.window.pictures import MapPicture
from rules.geometry.areas import AreaSpec
from rules.geometry.coords import Cell, Point
from tests.desktop.helpers import drag, move, press, release, view_point
from tests.desktop.picture_helpers import encode, printed_grid_picture


def grab(window) -> QImage:  # type: ignore[no-untyped-def]
    """What the map view shows now, painted through its background cache like a real repaint."""
    QTest.qWait(1)
    return window.view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def difference(before: QImage, after: QImage, rect: QRect) -> float:
    """Mean absolute channel difference (0–255) of the two pictures inside `rect` (viewport pixels)."""
    rect = rect.intersected(before.rect())
    assert not rect.isEmpty(), "the compared spot is off the screen"
    total = 0
    count = 0
    for y in range(rect.top(), rect.bottom() + 1):
        for x in range(rect.left(), rect.right() + 1):
            a, b = before.pixel(x, y), after.pixel(x, y)
            for shift in (0, 8, 16):
                total += abs(((a >> shift) & 0xFF) - ((b >> shift) & 0xFF))
            count += 3
    return total / count


def spot(window, x0: float, y0: float, x1: float, y1: float) -> QRect:  # type: ignore[no-untyped-def]
    """The viewport rectangle of the scene rectangle between grid points (x0, y0) and (x1, y1)."""
    scene_rect = QRectF(x0 * CELL, y0 * CELL, (x1 - x0) * CELL, (y1 - y0) * CELL)
    return window.view.mapFromScene(scene_rect).boundingRect()


def zoomed(window, cell: tuple[int, int], scale: float = 1.0) -> None:  # type: ignore[no-untyped-def]
    window.view.set_scale(scale)
    window.view.centerOn(QPointF((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL))
    grab(window)  # fills the background cache at this zoom


def only_colour(image: QImage, rect: QRect) -> int | None:
    """The one RGB colour of every pixel in `rect`, or None when there are several."""
    rect = rect.intersected(image.rect())
    colours = {
        image.pixel(x, y) & 0xFFFFFF
        for y in range(rect.top(), rect.bottom() + 1)
        for x in range(rect.left(), rect.right() + 1)
    }
    return colours.pop() if len(colours) == 1 else None


CHANGED = 8.0  # a visible change: well above antialiasing noise, far below a real edit's difference


def test_a_drawn_wall_shows_at_once(window) -> None:  # type: ignore[no-untyped-def]
    zoomed(window, (6, 11))
    before = grab(window)
    window.set_tool("wall")
    view = window.view
    for corner in ((6, 9), (6, 13)):
        p = view.mapFromScene(to_scene(corner))
        press(view, p)
        release(view, p)
    QTest.keyClick(view, Qt.Key.Key_Return)
    window.set_tool("select")
    assert "wall" in window.doc.log[-1].lower()
    after = grab(window)
    assert difference(before, after, spot(window, 5.9, 9.5, 6.1, 12.5)) > CHANGED
    # and nothing far away changed
    assert difference(before, after, spot(window, 9.2, 12.2, 9.8, 12.8)) < 1.0


def test_a_door_opened_shows_at_once(window) -> None:  # type: ignore[no-untyped-def]
    zoomed(window, (29, 9))
    before = grab(window)
    view = window.view
    mid = view.mapFromScene(to_scene((29, 9)))
    press(view, mid)
    release(view, mid)
    assert "opened" in window.doc.log[-1]
    after = grab(window)
    assert difference(before, after, spot(window, 28.7, 8.2, 29.3, 9.8)) > CHANGED


def test_painted_terrain_shows_at_once(window) -> None:  # type: ignore[no-untyped-def]
    zoomed(window, (4, 16))
    before = grab(window)
    window.set_tool("terrain")
    view = window.view
    drag(view, view_point(view, (2, 16)), view_point(view, (6, 16)))
    window.set_tool("select")
    assert window.doc.scene.terrain_map().get(Cell(4, 16)) == "difficult"
    after = grab(window)
    for x in range(2, 7):
        assert difference(before, after, spot(window, x + 0.1, 16.1, x + 0.9, 16.9)) > CHANGED, x


def test_a_moved_token_shows_at_once(window) -> None:  # type: ignore[no-untyped-def]
    zoomed(window, (6, 11))
    before = grab(window)
    view = window.view
    window.map_scene.select_ids([])
    drag(view, view_point(view, (5, 11)), view_point(view, (7, 11)))
    window.map_scene.select_ids([])
    assert window.doc.scene.token("brann").cell == Cell(7, 11)
    after = grab(window)
    assert difference(before, after, spot(window, 5.2, 11.2, 5.8, 11.8)) > CHANGED  # left
    assert difference(before, after, spot(window, 7.2, 11.2, 7.8, 11.8)) > CHANGED  # arrived


def test_a_placed_area_shows_at_once(window) -> None:  # type: ignore[no-untyped-def]
    zoomed(window, (14, 6))
    before = grab(window)
    window.map_scene.select_ids([])
    window.set_tool("area")
    tool = window.tool
    tool.set_shape("burst")
    tool.set_feet(10)
    view = window.view
    pos = view.mapFromScene(QPointF(14 * CELL, 6 * CELL))
    move(view, pos, buttons=Qt.MouseButton.NoButton)
    assert tool.spec == AreaSpec("burst", 10, origin=Point(14, 6))
    press(view, pos)
    release(view, pos)
    window.set_tool("select")
    assert window.doc.log[-1].startswith("Placed 10-ft burst")
    move(view, QPoint(1, 1), buttons=Qt.MouseButton.NoButton)
    after = grab(window)
    assert difference(before, after, spot(window, 13.1, 5.1, 13.9, 5.9)) > CHANGED


def _import(window, tmp_path: Path, ppc: float) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "printed.png"
    path.write_bytes(encode(printed_grid_picture(1000, 750, ppc)))

    def answer(picture: MapPicture, proposed: float, guessed: bool) -> ImportChoice:
        return ImportChoice(70.0, False)  # the wrong size on purpose (calibrated below)

    window.pictures.ask_import = answer
    assert window.pictures.import_picture(path)


def test_an_imported_picture_shows_at_once(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert window.files.new_empty("pf2e", 12, 10, "Test")
    zoomed(window, (5, 5), 0.5)
    before = grab(window)
    _import(window, tmp_path, 50.0)
    after = grab(window)
    assert difference(before, after, spot(window, 4.0, 3.5, 7.0, 6.5)) > CHANGED


def test_a_calibration_shows_at_once(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert window.files.new_empty("pf2e", 12, 10, "Test")
    _import(window, tmp_path, 50.0)
    zoomed(window, (5, 5), 0.5)
    before = grab(window)
    window.set_tool("calibrate")
    window.tool.set_cells(4)
    view = window.view

    def printed_corner(k: int) -> QPoint:  # the picture lies at 70 px per square now
        return view.mapFromScene(QPointF(k * 50 / 70 * CELL, k * 50 / 70 * CELL))

    a, b = printed_corner(2), printed_corner(6)
    press(view, a)
    move(view, QPoint((a.x() + b.x()) // 2, (a.y() + b.y()) // 2))
    move(view, b)
    release(view, b)
    window.set_tool("select")
    assert abs(window.doc.scene.background.pixels_per_cell - 50.0) < 1.0
    after = grab(window)
    assert difference(before, after, spot(window, 1.0, 1.0, 9.0, 8.0)) > CHANGED


# ------------------------------------------------------------------ walls outside the map (issue 13 item 6)


def _scene_with_outside_wall(window) -> None:  # type: ignore[no-untyped-def]
    from tests.desktop.helpers import ascii_scene

    walls = [
        {"a": [2, 1], "b": [2, 5], "kind": "wall"},  # inside the 6×6 map
        {"a": [-2, 1], "b": [-2, 5], "kind": "wall"},  # beyond its left edge (a cropped export keeps these)
        {"a": [8, 1], "b": [8, 5], "kind": "wall"},  # beyond its right edge
    ]
    scene = ascii_scene("......\n" * 6, walls=walls)
    assert window.files.new_scene(scene)
    window.view.fit()
    window.view.set_scale(0.6)
    window.view.centerOn(QPointF(3 * CELL, 3 * CELL))


def test_walls_outside_the_map_are_hidden_unless_asked_for(window) -> None:  # type: ignore[no-untyped-def]
    _scene_with_outside_wall(window)
    assert len(window.doc.scene.walls) == 3  # kept for the rules
    hidden = grab(window)
    outside_left = spot(window, -2.05, 2.5, -1.95, 3.5)
    outside_right = spot(window, 7.95, 2.5, 8.05, 3.5)
    inside = spot(window, 1.95, 2.5, 2.05, 3.5)
    # the outside walls' places show only the empty surround; the inside wall is drawn
    for rect in (outside_left, outside_right):
        assert only_colour(hidden, rect) == VIEW_BACKGROUND.rgb() & 0xFFFFFF
    assert only_colour(hidden, inside) is None
    # View ▸ Walls Outside the Map draws them
    window.act_walls_outside.trigger()
    shown = grab(window)
    assert difference(hidden, shown, outside_left) > CHANGED
    assert difference(hidden, shown, outside_right) > CHANGED
    assert difference(hidden, shown, inside) < 1.0
    window.act_walls_outside.trigger()
    assert difference(hidden, grab(window), outside_left) < 1.0


# ------------------------------------------------------- difficult terrain on any floor (issue 13 item 11)


def _floor_scene(window, colour: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from tests.desktop.picture_helpers import plain_picture

    assert window.files.new_empty("pf2e", 8, 6, "Floor")
    path = tmp_path / "floor.png"
    path.write_bytes(encode(plain_picture(560, 420, colour)))
    window.pictures.ask_import = lambda picture, proposed, guessed: ImportChoice(70.0, False)
    assert window.pictures.import_picture(path)
    zoomed(window, (4, 3), 1.0)


def _contrast(window, before: QImage, after: QImage, cell: tuple[int, int]) -> float:  # type: ignore[no-untyped-def]
    x, y = cell
    return difference(before, after, spot(window, x + 0.05, y + 0.05, x + 0.95, y + 0.95))


def test_difficult_terrain_reads_on_a_light_floor(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from rules.play.edits import PaintTerrain

    for floor in ("#e3d2b0", "#f4f0e8", "#3a3430"):  # light wood, parchment white, dark stone
        _floor_scene(window, floor, tmp_path)
        before = grab(window)
        cells = (Cell(3, 2), Cell(4, 2), Cell(3, 3), Cell(4, 3))
        window.doc.execute(PaintTerrain(cells, "difficult", log="paint"))
        after = grab(window)
        for c in cells:
            assert _contrast(window, before, after, (c.x, c.y)) > 18.0, (floor, c)
        # and the edge of the painted area is outlined: the pixels just inside its border change a lot
        edge = spot(window, 3.0, 2.0, 5.0, 2.06)
        assert difference(before, after, edge) > 30.0, floor
