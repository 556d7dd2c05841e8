"""Areas of effect on the map: the engine's cells, the blocked ones, the shape they come from, and the
creatures inside.

`AreaItem` draws one `AreaResult` (from `rules.geometry.areas.resolve_area`) under the grid: the squares the
area affects filled in its colour, the squares walls cut off hatched in grey, the template's outline, the
origin point and a faint guide of the geometric shape (circle, cone, line, cube) the squares come from.
Its companion `AreaMarksItem` (above the tokens) rings every affected creature and carries the label.
Neither computes a rule: the squares and the creatures are exactly the engine's answer.

`AreasLayer` keeps one `AreaItem` per placed area of the document's scene (`rules.model.areas`) and
re-resolves an area only when the area, the tokens or the walls changed.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from desktop.document import Document
from desktop.look.style import CELL, LABEL_BG, LABEL_FG
from desktop.map.grid_coords import cell_rect, to_scene
from desktop.map.items import Z_OVERLAY, Z_TOKENS
from desktop.map.items.bounded import BoundedItem
from desktop.map.items.cell_paths import cells_path, outline_segments
from rules.errors import QueryError
from rules.geometry.areas import AreaResult, AreaSpec, resolve_area, unit_vector
from rules.geometry.coords import Cell
from rules.model.areas import PlacedArea
from rules.model.scene import Scene
from rules.model.state import GameState

Z_AREA = Z_OVERLAY + 1.0
Z_AREA_MARKS = Z_TOKENS + 4.0
BLOCKED = QColor(120, 120, 128)


def _fill(colour: QColor, alpha: int) -> QColor:
    c = QColor(colour)
    c.setAlpha(alpha)
    return c


class AreaItem(BoundedItem):
    """One area's squares (see the module docstring). `preview` draws it dashed, for the area tool."""

    def __init__(self, colour: QColor | str = "#e8663c", preview: bool = False) -> None:
        super().__init__()
        self.setZValue(Z_AREA)
        #: The opacity is the product of these: highlighting one area in the areas dock dims the others,
        #: and the map scene fades the areas when they aren't the focus (`MapScene.faded_kinds`).
        self.highlight_opacity = 1.0
        self.focus_opacity = 1.0
        self.preview = preview
        self._colour = QColor(colour)
        self.spec: AreaSpec | None = None
        self.result: AreaResult | None = None
        self.error: str | None = None
        self._open = QPainterPath()
        self._blocked = QPainterPath()
        self._outline: list[QLineF] = []
        self._guide = QPainterPath()
        self._origin = QPointF()
        self._five_e = False
        self.marks = AreaMarksItem(self)

    # ---- data

    @property
    def colour(self) -> QColor:
        return QColor(self._colour)

    def set_colour(self, colour: QColor | str) -> None:
        self._colour = QColor(colour)
        self.marks.update()
        self.update()

    @property
    def cells(self) -> tuple[Cell, ...]:
        return self.result.cells if self.result is not None else ()

    @property
    def blocked(self) -> tuple[Cell, ...]:
        return self.result.blocked if self.result is not None else ()

    @property
    def tokens(self) -> tuple[str, ...]:
        return self.result.tokens if self.result is not None else ()

    def resolve(self, scene: Scene, spec: AreaSpec | None) -> AreaResult | None:
        """Ask the engine for `spec` and show the answer (nothing, with `error` set, when it can't)."""
        if spec is None:
            self.set_result(scene, None, None)
            return None
        try:
            result = resolve_area(scene, spec)
        except QueryError as exc:
            self.set_result(scene, spec, None, str(exc))
            return None
        self.set_result(scene, spec, result)
        return result

    def set_result(
        self, scene: Scene, spec: AreaSpec | None, result: AreaResult | None, error: str | None = None
    ) -> None:
        if spec is self.spec and result is self.result and error == self.error:
            return
        self.prepareGeometryChange()
        self.spec, self.result, self.error = spec, result, error
        self._five_e = not scene.rules.fixed_templates
        if result is None or spec is None:
            self._open = QPainterPath()
            self._blocked = QPainterPath()
            self._outline = []
            self._guide = QPainterPath()
            self.marks.set_data(scene, None, None)
            self.set_bounds(QRectF())
            return
        blocked = set(result.blocked)
        self._open = cells_path(c for c in result.cells if c not in blocked)
        self._blocked = cells_path(blocked)
        self._outline = outline_segments(set(result.cells))
        self._guide = self._make_guide(spec, result)
        self._origin = to_scene(result.origin)
        bounds = (
            self._open.boundingRect().united(self._blocked.boundingRect()).united(self._guide.boundingRect())
        )
        bounds = bounds.united(QRectF(self._origin, self._origin))
        self.marks.set_data(scene, spec, result)
        self.set_bounds(bounds.adjusted(-CELL * 0.2, -CELL * 0.2, CELL * 0.2, CELL * 0.2))

    def _make_guide(self, spec: AreaSpec, result: AreaResult) -> QPainterPath:
        o = to_scene(result.origin)
        r = spec.feet / 5 * CELL
        path = QPainterPath()
        if spec.shape in ("burst", "sphere", "cylinder"):
            if self._five_e or spec.shape == "burst":
                path.addEllipse(o, r, r)
            return path
        if spec.shape == "cube":
            path.addRect(QRectF(o.x(), o.y(), r, r))
            return path
        if spec.shape not in ("cone", "line") or spec.direction is None:
            return path
        ux, uy = unit_vector(spec.direction)
        px, py = -uy, ux  # the clockwise normal (y grows down)
        end = QPointF(o.x() + ux * r, o.y() + uy * r)
        if spec.shape == "cone":
            if self._five_e:
                w = r / 2
                path.addPolygon(
                    QPolygonF([o, end + QPointF(px * w, py * w), end - QPointF(px * w, py * w), o])
                )
            else:
                rect = QRectF(o.x() - r, o.y() - r, 2 * r, 2 * r)
                path.moveTo(o)
                path.arcTo(rect, -(spec.direction - 45.0), -90.0)
                path.closeSubpath()
            return path
        if self._five_e:
            half = spec.width / 5 * CELL / 2
            side = QPointF(px * half, py * half)
            path.addPolygon(QPolygonF([o + side, end + side, end - side, o - side, o + side]))
        else:
            path.moveTo(o)
            path.lineTo(end)
        return path

    # ---- painting

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.result is None:
            return
        colour = self._colour
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.fillPath(self._open, _fill(colour, 95 if self.preview else 110))
        if not self._blocked.isEmpty():
            painter.fillPath(self._blocked, _fill(BLOCKED, 70))
            hatch = QBrush(_fill(BLOCKED.lighter(150), 200), Qt.BrushStyle.BDiagPattern)
            painter.fillPath(self._blocked, hatch)
        pen = QPen(colour.lighter(135), 2.6 if not self.preview else 2.2)
        pen.setCosmetic(True)
        if self.preview:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLines(self._outline)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if not self._guide.isEmpty():
            guide = QPen(_fill(colour.lighter(160), 190), 1.4, Qt.PenStyle.DashLine)
            guide.setCosmetic(True)
            painter.setPen(guide)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(self._guide)

    # ---- scene membership (the marks item lives above the tokens)

    def add_to(self, scene: QGraphicsScene) -> None:
        if self.scene() is None:
            scene.addItem(self)
        if self.marks.scene() is None:
            scene.addItem(self.marks)

    def remove_from(self, scene: QGraphicsScene) -> None:
        if self.scene() is scene:
            scene.removeItem(self)
        if self.marks.scene() is scene:
            scene.removeItem(self.marks)

    def setVisible(self, visible: bool) -> None:
        super().setVisible(visible)
        self.marks.setVisible(visible)


class AreaMarksItem(BoundedItem):
    """Rings around the creatures an area affects, its origin point and its label (above the tokens)."""

    def __init__(self, area: AreaItem) -> None:
        super().__init__()
        self.setZValue(Z_AREA_MARKS)
        self._area = area
        self._rings: list[QRectF] = []
        self._origin: QPointF | None = None
        self._label = ""
        self._font = QFont()
        self._font.setPixelSize(12)
        self._font.setBold(True)
        self.show_label = True

    def set_label(self, text: str) -> None:
        self.prepareGeometryChange()
        self._label = text
        self._recompute_bounds()
        self.update()

    @property
    def label(self) -> str:
        return self._label

    def set_data(self, scene: Scene, spec: AreaSpec | None, result: AreaResult | None) -> None:
        self.prepareGeometryChange()
        self._rings = []
        self._origin = None
        if result is not None and spec is not None:
            for tid in result.tokens:
                t = scene.token(tid)
                if t is not None:
                    self._rings.append(cell_rect(t.cell, t.side_squares))
            self._origin = to_scene(result.origin)
        self._recompute_bounds()
        self.update()

    def _recompute_bounds(self) -> None:
        rect = QRectF()
        for r in self._rings:
            rect = rect.united(r)
        if self._origin is not None:
            rect = rect.united(QRectF(self._origin, self._origin))
        pad = CELL * 0.25
        self._bounds = rect.adjusted(-pad, -pad, pad, pad) if not rect.isNull() or self._origin else QRectF()
        if self._origin is not None and self._label and self.show_label:
            # the label is drawn in view pixels; give it generous room in scene units
            self._bounds = self._bounds.united(
                QRectF(self._origin, self._origin).adjusted(-400, -200, 400, 200)
            )

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._origin is None:
            return
        colour = self._area.colour
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for r in self._rings:
            inset = CELL * 0.02
            rect = r.adjusted(inset, inset, -inset, -inset)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(0, 0, 0, 170), CELL * 0.09))
            painter.drawEllipse(rect)
            painter.setPen(QPen(colour.lighter(140), CELL * 0.055, Qt.PenStyle.DashLine))
            painter.drawEllipse(rect)
        # origin: a small diamond
        o = self._origin
        s = CELL * 0.11
        diamond = QPolygonF([o + QPointF(0, -s), o + QPointF(s, 0), o + QPointF(0, s), o + QPointF(-s, 0)])
        painter.setPen(QPen(QColor(0, 0, 0, 220), 1.5))
        painter.setBrush(colour.lighter(150))
        painter.drawPolygon(diamond)
        if self._label and self.show_label:
            self._paint_label(painter, o)

    def _paint_label(self, painter: QPainter, anchor: QPointF) -> None:
        # keep the label the same size on screen
        t = painter.worldTransform()
        scale = math.hypot(t.m11(), t.m12()) or 1.0
        painter.save()
        painter.translate(anchor)
        painter.scale(1 / scale, 1 / scale)
        metrics = QFontMetricsF(self._font)
        w = metrics.horizontalAdvance(self._label) + 14
        h = metrics.height() + 6
        rect = QRectF(10, -h - 8, w, h)
        painter.setPen(QPen(self._area.colour, 1.5))
        painter.setBrush(LABEL_BG)
        painter.drawRoundedRect(rect, 5, 5)
        painter.setFont(self._font)
        painter.setPen(LABEL_FG)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self._label)
        painter.restore()


class AreasLayer(QObject):
    """One `AreaItem` per placed area of the document, kept in line with every change."""

    def __init__(self, doc: Document, scene: QGraphicsScene) -> None:
        super().__init__(scene)
        self.doc = doc
        self.scene = scene
        self.items: dict[str, AreaItem] = {}
        self._keys: dict[str, object] = {}
        self._highlight: str | None = None
        doc.changed.connect(self._on_changed)
        self.sync(doc.scene)

    def _on_changed(self, old: GameState, new: GameState) -> None:
        self.sync(new.scene)

    def sync(self, scene: Scene) -> None:
        areas = {a.id: a for a in self.doc.areas}
        for aid in list(self.items):
            if aid not in areas:
                self.items.pop(aid).remove_from(self.scene)
                self._keys.pop(aid, None)
        for order, (aid, area) in enumerate(areas.items()):
            item = self.items.get(aid)
            if item is None:
                item = AreaItem(area.colour)
                item.add_to(self.scene)
                self.items[aid] = item
            key = (area, scene.tokens, scene.walls, scene.system, scene.options, scene.grid)
            if self._keys.get(aid) != key:
                self._keys[aid] = key
                item.set_colour(area.colour)
                item.resolve(scene, area.spec)
                item.marks.set_label(self._label_text(area))
            item.setZValue(Z_AREA + order * 1e-3)

    @staticmethod
    def _label_text(area: PlacedArea) -> str:
        text = area.title
        if area.rounds_left is not None:
            text += f" · {area.rounds_left} rd"
        return text

    def item(self, area_id: str) -> AreaItem | None:
        return self.items.get(area_id)

    def highlight(self, area_id: str | None) -> None:
        """Bring one area to the front (the one selected in the areas dock)."""
        self._highlight = area_id
        for aid, item in self.items.items():
            item.highlight_opacity = 1.0 if area_id is None or aid == area_id else 0.45
            item.setOpacity(item.highlight_opacity * item.focus_opacity)
