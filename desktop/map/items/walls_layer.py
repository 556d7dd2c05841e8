"""All walls of the scene in one item: walls, doors (open or closed), windows and low walls.

Walls are drawn in scene units (they thicken as you zoom in, like ink on the map) over a dark casing so
they read on any map picture. `wall_at` finds the wall under a point for clicks (open/close a door).

Walls outside the map (an imported map cropped from a bigger one keeps the walls beyond its edge: they
still count for the rules) are not drawn unless `set_show_outside` asks for them: painting is clipped to
`set_map_rect` (the grid and the map picture), with a margin of one wall width so edge walls stay whole.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from desktop.look.style import CELL, SELECTION, WALL_CASING, WALL_COLOURS
from desktop.map.grid_coords import to_scene
from desktop.map.items.layer import MapLayer
from rules.model.scene import Wall

WALL_WIDTH = CELL * 0.1
#: Walls are found for painting by square buckets of this many scene units; a wall whose box meets more
#: than `MAX_BUCKETS_PER_WALL` of them is kept in the `LONG` list, tested on its own.
BUCKET = 8 * CELL
MAX_BUCKETS_PER_WALL = 16
LONG = (-(1 << 40), -(1 << 40))
CASING_EXTRA = CELL * 0.06


def _pen(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, style, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    return pen


def point_segment_distance(p: QPointF, a: QPointF, b: QPointF) -> float:
    ax, ay, bx, by = a.x(), a.y(), b.x(), b.y()
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p.x() - ax) * dx + (p.y() - ay) * dy) / length2))
    return math.hypot(p.x() - (ax + t * dx), p.y() - (ay + t * dy))


class WallsLayer(MapLayer):
    def __init__(self) -> None:
        super().__init__()
        self._boxes: list[tuple[float, float, float, float]] = []
        self._walls: tuple[Wall, ...] = ()
        self._lines: list[QLineF] = []
        #: drawing group of each wall (``wall``, ``window``, ``low``, ``door``, ``door-open``)
        self._keys: list[str] = []
        #: every wall's line by group, in the scene's order (a view showing most of the map draws these)
        self._groups: dict[str, list[QLineF]] = {}
        #: bucket (column, row) of `BUCKET` scene units → indexes of the walls whose box meets it
        self._buckets: dict[tuple[int, int], list[int]] = {}
        self._bounds = QRectF()
        self._highlight: int | None = None
        self._map_rect = QRectF()
        self._show_outside = False

    @property
    def show_outside(self) -> bool:
        return self._show_outside

    def set_show_outside(self, show: bool) -> None:
        """Draw (True) or hide (False, the default) what lies outside the map rectangle."""
        if show != self._show_outside:
            self._show_outside = show
            self.changed()

    def set_map_rect(self, rect: QRectF) -> None:
        """The map's extent in scene units (the grid united with the map picture)."""
        if rect != self._map_rect:
            self._map_rect = QRectF(rect)
            self.changed()

    def is_shown(self, pos: QPointF) -> bool:
        """True when walls at `pos` are drawn (inside the map, or everything is shown)."""
        return self._show_outside or self._map_rect.isNull() or self._clip().contains(pos)

    def _clip(self) -> QRectF:
        pad = WALL_WIDTH * 1.6 + CASING_EXTRA
        return self._map_rect.adjusted(-pad, -pad, pad, pad)

    def set_walls(self, walls: tuple[Wall, ...]) -> None:
        if walls is self._walls:
            return
        self._walls = walls
        self._lines = [QLineF(to_scene(w.a), to_scene(w.b)) for w in walls]
        self._boxes = [
            (
                min(w.a.x, w.b.x) * CELL,
                min(w.a.y, w.b.y) * CELL,
                max(w.a.x, w.b.x) * CELL,
                max(w.a.y, w.b.y) * CELL,
            )
            for w in walls
        ]
        self._keys = [w.kind if w.kind != "door" else ("door-open" if w.open else "door") for w in walls]
        self._groups = {}
        for key, line in zip(self._keys, self._lines, strict=True):
            self._groups.setdefault(key, []).append(line)
        self._buckets = {}
        for i, (x0, y0, x1, y1) in enumerate(self._boxes):
            bx0, bx1 = math.floor(x0 / BUCKET), math.floor(x1 / BUCKET)
            by0, by1 = math.floor(y0 / BUCKET), math.floor(y1 / BUCKET)
            if (bx1 - bx0 + 1) * (by1 - by0 + 1) > MAX_BUCKETS_PER_WALL:
                self._buckets.setdefault(LONG, []).append(i)
                continue
            for by in range(by0, by1 + 1):
                for bx in range(bx0, bx1 + 1):
                    self._buckets.setdefault((bx, by), []).append(i)
        if self._boxes:
            pad = WALL_WIDTH + CASING_EXTRA + 2
            self._bounds = QRectF(
                QPointF(min(b[0] for b in self._boxes), min(b[1] for b in self._boxes)),
                QPointF(max(b[2] for b in self._boxes), max(b[3] for b in self._boxes)),
            ).adjusted(-pad, -pad, pad, pad)
        else:
            self._bounds = QRectF()
        if self._highlight is not None and self._highlight >= len(walls):
            self._highlight = None
        self.changed()

    def set_highlight(self, index: int | None) -> None:
        if index != self._highlight:
            for old in (self._highlight, index):
                if old is not None:
                    x0, y0, x1, y1 = self._boxes[old]
                    pad = WALL_WIDTH * 2
                    self.changed(QRectF(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad))
            self._highlight = index

    def wall_at(self, pos: QPointF, tolerance: float) -> int | None:
        """Index of the wall nearest `pos` within `tolerance` scene units (doors win ties); None where
        walls aren't drawn."""
        if not self.is_shown(pos):
            return None
        best: tuple[float, int] | None = None
        for i, line in enumerate(self._lines):
            d = point_segment_distance(pos, line.p1(), line.p2())
            if d > tolerance:
                continue
            score = d - (tolerance if self._walls[i].kind == "door" else 0.0)
            if best is None or score < best[0]:
                best = (score, i)
        return None if best is None else best[1]

    def bounds(self) -> QRectF:
        return self._bounds

    def paint_layer(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        if not self._lines:
            return
        if not self._show_outside and not self._map_rect.isNull():
            painter.setClipRect(self._clip(), Qt.ClipOperation.IntersectClip)
        groups = self.groups_in(exposed)
        if lod * WALL_WIDTH < 2.5:
            self._paint_thin(painter, groups)
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        casing = _pen(WALL_CASING, WALL_WIDTH + CASING_EXTRA)
        # casings first, so that crossing walls join cleanly
        for key in ("wall", "window", "door"):
            if key in groups:
                painter.setPen(
                    casing if key != "door" else _pen(WALL_CASING, WALL_WIDTH * 1.6 + CASING_EXTRA)
                )
                painter.drawLines(groups[key])
        if "wall" in groups:
            painter.setPen(_pen(WALL_COLOURS["wall"], WALL_WIDTH))
            painter.drawLines(groups["wall"])
        if "window" in groups:
            painter.setPen(_pen(WALL_COLOURS["window"], WALL_WIDTH * 0.55))
            painter.drawLines(groups["window"])
        if "low" in groups:
            painter.setPen(_pen(WALL_CASING, WALL_WIDTH * 0.9))
            painter.drawLines(groups["low"])
            painter.setPen(_pen(WALL_COLOURS["low"], WALL_WIDTH * 0.55, Qt.PenStyle.DashLine))
            painter.drawLines(groups["low"])
        if "door" in groups:
            painter.setPen(_pen(WALL_COLOURS["door"], WALL_WIDTH * 1.6))
            painter.drawLines(groups["door"])
            painter.setPen(_pen(WALL_CASING.lighter(130), WALL_WIDTH * 0.25))
            painter.drawLines(groups["door"])
        if "door-open" in groups:
            painter.setPen(_pen(WALL_CASING, WALL_WIDTH * 0.7))
            painter.drawLines(groups["door-open"])
            painter.setPen(_pen(WALL_COLOURS["door"], WALL_WIDTH * 0.4, Qt.PenStyle.DotLine))
            painter.drawLines(groups["door-open"])
            # door leaves swung open: short ticks at both ends
            ticks: list[QLineF] = []
            for line in groups["door-open"]:
                normal = line.normalVector()
                normal.setLength(CELL * 0.3)
                dx, dy = normal.dx(), normal.dy()
                ticks.append(QLineF(line.p1(), line.p1() + QPointF(dx, dy)))
                ticks.append(QLineF(line.p2(), line.p2() + QPointF(dx, dy)))
            painter.setPen(_pen(WALL_COLOURS["door"], WALL_WIDTH * 0.8))
            painter.drawLines(ticks)
        if self._highlight is not None:
            painter.setPen(_pen(SELECTION, WALL_WIDTH * 0.5))
            painter.drawLine(self._lines[self._highlight])

    def groups_in(self, exposed: QRectF) -> dict[str, list[QLineF]]:
        """The lines of the walls whose box comes within half a square of `exposed`, by drawing group (all
        of them, prepared once, when `exposed` holds most of the walls)."""
        pad = CELL * 0.5
        ex0, ey0 = exposed.left() - pad, exposed.top() - pad
        ex1, ey1 = exposed.right() + pad, exposed.bottom() + pad
        b = self._bounds
        if ex0 <= b.left() and ey0 <= b.top() and ex1 >= b.right() and ey1 >= b.bottom():
            return self._groups
        bx0, bx1 = math.floor(ex0 / BUCKET), math.floor(ex1 / BUCKET)
        by0, by1 = math.floor(ey0 / BUCKET), math.floor(ey1 / BUCKET)
        found: set[int] = set(self._buckets.get(LONG, ()))
        if (bx1 - bx0 + 1) * (by1 - by0 + 1) > len(self._buckets):
            for key, ids in self._buckets.items():
                if key != LONG and bx0 <= key[0] <= bx1 and by0 <= key[1] <= by1:
                    found.update(ids)
        else:
            for by in range(by0, by1 + 1):
                for bx in range(bx0, bx1 + 1):
                    found.update(self._buckets.get((bx, by), ()))
        groups: dict[str, list[QLineF]] = {}
        boxes, keys, lines = self._boxes, self._keys, self._lines
        for i in sorted(found):
            x0, y0, x1, y1 = boxes[i]
            if x1 < ex0 or x0 > ex1 or y1 < ey0 or y0 > ey1:
                continue
            groups.setdefault(keys[i], []).append(lines[i])
        return groups

    def _paint_thin(self, painter: QPainter, groups: dict[str, list[QLineF]]) -> None:
        """Zoomed far out: one opaque 1.5-pixel line per wall, in its kind's colour."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for key, lines in groups.items():
            colour = WALL_COLOURS["door" if key.startswith("door") else key]
            pen = QPen(colour, 1.5 if key != "door-open" else 1.0)
            pen.setCosmetic(True)
            if key in ("low", "door-open"):
                pen.setStyle(Qt.PenStyle.DotLine)
            painter.setPen(pen)
            painter.drawLines(lines)
