"""Painting proportional to what is on screen (issue 22), checked on real layers and a real view:

- the terrain layer's array runs and outline edges cover exactly the squares and the outline the per-cell
  way finds (`cell_paths.row_runs` / `outline_segments`), and only what reaches the exposed squares is
  taken;
- the light layer finds only the lights whose drawing reaches a rectangle, and draws them into the cached
  background (nothing is an item repainted on every frame);
- the walls layer takes only the walls near the exposed rectangle;
- a fog change repaints the tiles that changed, not the view, and nothing follows carried tokens through
  `QGraphicsScene.changed` (which makes Qt repaint every changed item whole).
"""

from __future__ import annotations

import random

import numpy as np
from PySide6.QtCore import SIGNAL, QEvent, QLineF, QObject, QPointF, QRectF
from PySide6.QtWidgets import QApplication

from desktop.look.style import CELL
from desktop.map.items.cell_paths import outline_segments, row_runs
from desktop.map.items.fog_layer import TILE, FogItem, changed_tiles
from desktop.map.items.light_layer import LightLayer
from desktop.map.items.terrain_layer import KindRuns, TerrainLayer
from desktop.map.items.walls_layer import WallsLayer
from rules.geometry.coords import Cell, Point
from rules.model.scene import Wall


def _unit_edges(lines: list[QLineF]) -> set[tuple[float, float, float, float]]:
    """Lines cut into edges one square long (so merged runs compare with per-cell edges)."""
    out: set[tuple[float, float, float, float]] = set()
    for ln in lines:
        x1, y1, x2, y2 = ln.x1() / CELL, ln.y1() / CELL, ln.x2() / CELL, ln.y2() / CELL
        (x1, y1), (x2, y2) = sorted([(x1, y1), (x2, y2)])
        if y1 == y2:
            out |= {(x, y1, x + 1, y1) for x in range(round(x1), round(x2))}
        else:
            out |= {(x1, y, x1, y + 1) for y in range(round(y1), round(y2))}
    return out


def test_terrain_runs_and_outlines_are_the_per_cell_ones() -> None:
    rng = random.Random(22)
    w, h = 37, 23
    mask = np.zeros((h, w), dtype=bool)
    for _ in range(300):
        mask[rng.randrange(h), rng.randrange(w)] = True
    mask[5:9, 10:20] = True  # a block, so runs are longer than one square
    cells = {Cell(int(x), int(y)) for y, x in zip(*np.nonzero(mask), strict=True)}
    runs = KindRuns.of(mask)
    got = {(r.y() / CELL, r.x() / CELL, r.right() / CELL) for r in runs.rects(0, 0, w, h)}
    assert got == {(float(y), float(a), float(b)) for y, a, b in row_runs(cells)}
    assert _unit_edges(runs.lines(0, 0, w, h)) == _unit_edges(outline_segments(cells))
    # a window takes only the runs reaching into it, clipped to it
    part = runs.rects(10, 5, 14, 8)
    assert part and all(r.left() >= 10 * CELL and r.right() <= 14 * CELL for r in part)
    assert all(5 * CELL <= r.top() <= 8 * CELL for r in part)


def test_terrain_layer_reads_codes_and_paints_a_far_picture(qapp: QApplication) -> None:
    layer = TerrainLayer()
    codes = np.zeros((4, 6), dtype=np.uint8)
    codes[1, 2] = 2  # difficult (TERRAIN_BY_CODE)
    codes[3, 5] = 4  # impassable
    layer.set_codes(codes)
    assert layer.bounds() == QRectF(2 * CELL, 1 * CELL, 4 * CELL, 3 * CELL)
    assert set(layer._runs) == {"difficult", "impassable"}
    layer.set_terrain({Cell(0, 0): "hazardous"})
    assert set(layer._runs) == {"hazardous"}


def test_the_light_layer_finds_only_the_lights_that_reach_a_rectangle(qapp: QApplication) -> None:
    from rules.io.scene_json import scene_from_json

    lights = [{"at": [x * 10 + 5, y * 10 + 5], "bright": 10, "dim": 20} for x in range(10) for y in range(10)]
    lights.append({"at": [50, 50], "bright": 2000, "dim": 4000})  # a huge light reaches everywhere
    scene = scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 2,
            "system": "pf2e",
            "grid": {"width": 100, "height": 100},
            "options": {"ambient": "darkness"},
            "lights": lights,
        }
    )
    layer = LightLayer()
    layer.set_scene_data(scene)
    marks = layer.marks_in(QRectF(0, 0, 10 * CELL, 10 * CELL))
    centres = {(m.x / CELL, m.y / CELL) for m in marks}
    assert (5.0, 5.0) in centres and (50.0, 50.0) in centres
    assert len(marks) <= 6, centres  # the near ones and the huge one, not the hundred
    assert all(m.rect.intersects(QRectF(0, 0, 10 * CELL, 10 * CELL)) for m in marks)


def test_lights_are_part_of_the_cached_background(window) -> None:  # type: ignore[no-untyped-def]
    feats = window.player_screen
    assert feats.light_layer in window.map_scene.layers
    assert not [i for i in window.map_scene.items() if type(i).__name__.startswith("LightLayer")]


def test_the_walls_layer_takes_only_the_walls_near_the_exposed_rectangle(qapp: QApplication) -> None:
    layer = WallsLayer()
    walls = tuple(Wall(Point(x, y), Point(x + 1, y)) for x in range(0, 200, 2) for y in range(0, 200, 2))
    layer.set_walls(walls)
    near = layer.groups_in(QRectF(0, 0, 10 * CELL, 10 * CELL))
    assert 0 < sum(len(v) for v in near.values()) < 60
    everything = layer.groups_in(QRectF(-CELL, -CELL, 210 * CELL, 210 * CELL))
    assert sum(len(v) for v in everything.values()) == len(walls)


def test_changed_tiles_cover_the_changed_squares_only() -> None:
    changed = np.zeros((100, 100), dtype=bool)
    changed[3, 4] = changed[70, 90] = True
    tiles = changed_tiles(changed)
    assert len(tiles) == 2
    assert all(t.width() == TILE * CELL and t.height() == TILE * CELL for t in tiles)
    assert tiles[0].contains(QPointF(4.5 * CELL, 3.5 * CELL))


def _painted_area(window, change) -> int:  # type: ignore[no-untyped-def]
    """The viewport area (pixels) of the paint events that follow `change`."""
    regions: list[int] = []

    class Watch(QObject):
        def eventFilter(self, _obj: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                r = event.region().boundingRect()  # type: ignore[attr-defined]
                regions.append(r.width() * r.height())
            return False

    watch = Watch()
    vp = window.view.viewport()
    vp.installEventFilter(watch)
    for _ in range(20):  # let the paints already due land first (a loaded machine delivers them late)
        regions.clear()
        QApplication.processEvents()
        if not regions:
            break
    regions.clear()
    change()
    for _ in range(3):
        QApplication.processEvents()
    vp.removeEventFilter(watch)
    return sum(regions)


def test_a_fog_change_repaints_its_tiles_not_the_view(window) -> None:  # type: ignore[no-untyped-def]
    fog: FogItem = window.player_screen.fog_item
    g = window.doc.scene.grid
    visible = np.zeros((g.height, g.width), dtype=bool)
    known = np.zeros_like(visible)
    fog.set_masks(visible, known)
    QApplication.processEvents()
    view_area = window.view.viewport().width() * window.view.viewport().height()
    one = visible.copy()
    one[0, 0] = True
    area = _painted_area(window, lambda: fog.set_masks(one, known))
    # one fog tile's worth (a tile can be a quarter of a small viewport), never the whole view
    assert 0 < area < view_area / 2
    assert _painted_area(window, lambda: fog.set_masks(one, known)) == 0  # nothing changed


def test_nothing_follows_the_map_scene_changed_signal(window) -> None:  # type: ignore[no-untyped-def]
    assert window.map_scene.receivers(SIGNAL("changed(QList<QRectF>)")) == 0
