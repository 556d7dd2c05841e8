"""Cover and flanking between an attacker and a target, drawn from the engine's answer
(`rules.play.targeting`: the attack's distance, elevation counted, the cover lines, the flanking lines).

`CoverItem` shows `rules.geometry.cover.cover` — PF2e: the one line from centre to centre; D&D 5e: the four
lines from the attacker's best corner to the corners of the target's best square — each line green when
clear, red when a wall or an obstacle blocks it, amber when only a creature or a low wall does; a label at
the target with the degree and its AC bonus. With `rules.geometry.flanking.flanking` it draws the flanking
line through the target (attacker to ally) and a badge: PF2e "off-guard (−2 AC)", 5e "advantage".

`TargetingOverlay` shows it while exactly one token is selected and the mouse is over another token.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from desktop.document import Document
from desktop.look.style import CELL, LABEL_BG, LABEL_DIM, LABEL_FG
from desktop.map.grid_coords import cell_rect, to_scene
from desktop.map.items import Z_LABELS, Z_PATH
from desktop.map.items.bounded import BoundedItem
from rules.geometry.coords import Cell
from rules.geometry.cover import CoverLine
from rules.model.scene import Scene, Token
from rules.model.state import GameState
from rules.play.targeting import Targeting, cover_text, flank_text, targeting

CLEAR = QColor("#46d17a")
BLOCKED = QColor("#ff4d4d")
SOFT = QColor("#ffb020")  # blocked only by a creature or a low wall
FLANK = QColor("#ffd84a")


def line_colour(line: CoverLine) -> QColor:
    if not line.blocked:
        return QColor(CLEAR)
    if line.by is not None and (line.by.startswith("creature") or line.by == "low wall"):
        return QColor(SOFT)
    return QColor(BLOCKED)


class CoverItem(BoundedItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_PATH - 1)
        self.info: Targeting | None = None
        self.labels: list[tuple[str, QColor]] = []
        self._lines: list[tuple[QLineF, QColor, bool]] = []
        self._flank: list[QLineF] = []
        self._target_rect = QRectF()
        self._font = QFont()
        self._font.setPixelSize(12)
        self._bold = QFont(self._font)
        self._bold.setBold(True)

    def set_info(self, scene: Scene | None, info: Targeting | None) -> None:
        self.prepareGeometryChange()
        self.info = info
        self._lines, self._flank, self.labels = [], [], []
        rect = QRectF()
        if info is not None and scene is not None:
            for line in info.cover.lines:
                q = QLineF(to_scene(line.a), to_scene(line.b))
                self._lines.append((q, line_colour(line), line.blocked))
                rect = rect.united(QRectF(q.p1(), q.p2()).normalized())
            for a, b in info.flank.lines:
                q = QLineF(to_scene(a), to_scene(b))
                self._flank.append(q)
                rect = rect.united(QRectF(q.p1(), q.p2()).normalized())
            self._target_rect = cell_rect(info.target.cell, info.target.side_squares)
            rect = rect.united(self._target_rect).united(
                cell_rect(info.attacker.cell, info.attacker.side_squares)
            )
            degree_colour = (
                CLEAR if info.cover.degree == "none" else SOFT if info.cover.ac_bonus < 4 else BLOCKED
            )
            if info.cover.degree in ("blocked", "total"):
                degree_colour = BLOCKED
            self.labels.append((f"{info.attacker.label} → {info.target.label} · {info.feet} ft", LABEL_DIM))
            self.labels.append((cover_text(info.cover), degree_colour))
            if info.flank.flanking:
                self.labels.append((flank_text(scene, info.flank), FLANK))
            # the label box is drawn in view pixels next to the target
            rect = rect.united(self._target_rect.adjusted(-50, -300, 600, 50))
        self.set_bounds(rect.adjusted(-CELL * 0.3, -CELL * 0.3, CELL * 0.3, CELL * 0.3))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.info is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        scale = math.hypot(painter.worldTransform().m11(), painter.worldTransform().m12()) or 1.0
        px = 1.0 / scale  # one view pixel in scene units
        for q in self._flank:
            painter.setPen(QPen(QColor(0, 0, 0, 150), 6 * px, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            painter.drawLine(q)
            painter.setPen(QPen(FLANK, 3 * px, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap))
            painter.drawLine(q)
        for q, colour, blocked in self._lines:
            painter.setPen(QPen(QColor(0, 0, 0, 160), 5 * px, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            painter.drawLine(q)
            style = Qt.PenStyle.SolidLine if not blocked else Qt.PenStyle.DashLine
            painter.setPen(QPen(colour, 2.5 * px, style, Qt.PenCapStyle.RoundCap))
            painter.drawLine(q)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawEllipse(q.p1(), 3.5 * px, 3.5 * px)
            painter.drawEllipse(q.p2(), 3 * px, 3 * px)
        # target frame
        frame = QPen(
            FLANK if self.info.flank.flanking else QColor(255, 255, 255, 200), 2 * px, Qt.PenStyle.DashLine
        )
        painter.setPen(frame)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(self._target_rect)
        self._paint_labels(painter, self._target_rect.topRight(), scale)

    def _paint_labels(self, painter: QPainter, anchor: QPointF, scale: float) -> None:
        painter.save()
        painter.translate(anchor)
        painter.scale(1 / scale, 1 / scale)
        metrics = QFontMetricsF(self._bold)
        w = max(metrics.horizontalAdvance(t) for t, _ in self.labels) + 18
        h = metrics.height() * len(self.labels) + 10
        rect = QRectF(8, -h - 4, w, h)
        painter.setPen(QPen(QColor(255, 255, 255, 60), 1))
        painter.setBrush(LABEL_BG)
        painter.drawRoundedRect(rect, 6, 6)
        y = rect.top() + 5
        for i, (text, colour) in enumerate(self.labels):
            painter.setFont(self._bold if i else self._font)
            painter.setPen(colour if i else LABEL_FG)
            painter.drawText(
                QRectF(rect.left() + 9, y, w - 18, metrics.height()),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                text,
            )
            y += metrics.height()
        painter.restore()


class TargetingOverlay(QObject):
    """Cover lines and flanking from the selected token to the token under the mouse (see the module)."""

    def __init__(self, doc: Document, scene: QGraphicsScene, selected: object) -> None:
        """`selected` returns the selected token ids (`MapScene.selected_ids`)."""
        super().__init__(scene)
        self.doc = doc
        self._selected = selected
        self.item = CoverItem()
        self.item.setZValue(Z_LABELS - 1)
        scene.addItem(self.item)
        self.enabled = True
        self.hover: Cell | None = None
        self.target_id: str | None = None
        self._key: object = None
        doc.changed.connect(self._on_changed)

    def _on_changed(self, _old: GameState, _new: GameState) -> None:
        self.refresh()

    def set_enabled(self, on: bool) -> None:
        self.enabled = on
        self.refresh()

    def set_hover_cell(self, cell: Cell | None) -> None:
        self.hover = cell
        self.refresh()

    def set_target(self, token_id: str | None) -> None:
        """Pin a target (the attack dialog) instead of following the mouse; None follows the mouse again."""
        self.target_id = token_id
        self.refresh()

    def attacker_target(self) -> tuple[Token, Token] | None:
        scene = self.doc.scene
        ids = list(self._selected())  # type: ignore[operator]
        if len(ids) != 1:
            return None
        attacker = scene.token(ids[0])
        if attacker is None:
            return None
        target = scene.token(self.target_id) if self.target_id else token_at(scene, self.hover)
        if target is None or target.id == attacker.id:
            return None
        return attacker, target

    def refresh(self) -> None:
        scene = self.doc.scene
        pair = self.attacker_target() if self.enabled else None
        key = (
            scene.tokens,
            scene.walls,
            scene.terrain,
            scene.options,
            scene.system,
            pair and (pair[0].id, pair[1].id),
        )
        if key == self._key:
            return
        self._key = key
        if pair is None:
            self.item.set_info(None, None)
            return
        self.item.set_info(scene, targeting(scene, *pair))


def token_at(scene: Scene, cell: Cell | None) -> Token | None:
    """The token whose space holds `cell` (the topmost, i.e. the last listed, when several do)."""
    if cell is None:
        return None
    found = None
    for t in scene.tokens:
        n = t.side_squares
        if t.cell.x <= cell.x < t.cell.x + n and t.cell.y <= cell.y < t.cell.y + n:
            found = t
    return found
