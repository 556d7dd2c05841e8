"""Reach and threat on the map.

* `ReachItem`: the selected creature's reach (`rules.geometry.reach.reach_bands`) — the squares of its own
  reach and, when one of its melee attacks reaches farther (a ``reach`` weapon), the extra squares in a
  lighter band. In PF2e the squares that only the 10-ft exception reaches (2 squares diagonally, which the
  5/10 count would make 15 ft) are marked with a dot.
* `ThreatItem`: every enemy's threatened squares (`rules.geometry.reach.threatened`), shaded darker where
  several enemies threaten the same square.
* `ReachOverlay` keeps both in line with the selection and the document.

All squares come from the engine; the items only draw them.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from desktop.document import Document
from desktop.look.style import CELL
from desktop.map.items import Z_OVERLAY
from desktop.map.items.bounded import BoundedItem
from desktop.map.items.cell_paths import cells_path, outline_segments
from rules.geometry.coords import Cell
from rules.geometry.reach import reach_bands, threatened
from rules.model.scene import Scene, Token
from rules.model.state import GameState

Z_REACH = Z_OVERLAY + 0.5
REACH_COLOUR = QColor("#5fd3ff")
THREAT_COLOUR = QColor("#ff5a4e")


class ReachItem(BoundedItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_REACH)
        self.token_id: str | None = None
        self.own: list[Cell] = []
        self.extra: list[Cell] = []
        self.exception: list[Cell] = []
        self._own_path = QPainterPath()
        self._extra_path = QPainterPath()
        self._outline: list[QLineF] = []

    def set_token(self, scene: Scene, token: Token | None) -> None:
        self.prepareGeometryChange()
        self.token_id = token.id if token is not None else None
        if token is None:
            self.own, self.extra, self.exception = [], [], []
        else:
            bands = reach_bands(scene, token)
            self.own, self.extra, self.exception = list(bands.own), list(bands.extra), list(bands.exception)
        self._own_path = cells_path(self.own)
        self._extra_path = cells_path(self.extra)
        self._outline = outline_segments(set(self.own) | set(self.extra))
        self.set_bounds(
            self._own_path.boundingRect().united(self._extra_path.boundingRect()).adjusted(-3, -3, 3, 3)
        )

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self.own and not self.extra:
            return
        fill = QColor(REACH_COLOUR)
        fill.setAlpha(60)
        painter.fillPath(self._own_path, fill)
        fill.setAlpha(28)
        painter.fillPath(self._extra_path, fill)
        pen = QPen(REACH_COLOUR, 1.6, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.drawLines(self._outline)
        if self.exception:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.setPen(QPen(QColor(0, 0, 0, 160), 1.2))
            painter.setBrush(REACH_COLOUR.lighter(130))
            r = CELL * 0.09
            for c in self.exception:
                painter.drawEllipse(QPointF((c.x + 0.5) * CELL, (c.y + 0.5) * CELL), r, r)


class ThreatItem(BoundedItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_REACH - 0.1)
        self.counts: dict[Cell, int] = {}
        self._layers: list[tuple[int, QPainterPath]] = []
        self._outline: list[QLineF] = []

    def set_counts(self, counts: dict[Cell, int]) -> None:
        self.prepareGeometryChange()
        self.counts = counts
        by: dict[int, list[Cell]] = {}
        for c, n in counts.items():
            by.setdefault(min(n, 3), []).append(c)
        self._layers = [(n, cells_path(cells)) for n, cells in sorted(by.items())]
        self._outline = outline_segments(set(counts))
        rect = QRectF()
        for _, p in self._layers:
            rect = rect.united(p.boundingRect())
        self.set_bounds(rect.adjusted(-3, -3, 3, 3))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        for n, path in self._layers:
            fill = QColor(THREAT_COLOUR)
            fill.setAlpha(30 + 22 * n)
            painter.fillPath(path, fill)
        pen = QPen(THREAT_COLOUR, 1.4)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.drawLines(self._outline)


class ReachOverlay(QObject):
    """Shows the reach of the one selected creature and, when `show_threat` is on, every enemy's threat."""

    def __init__(self, doc: Document, scene: QGraphicsScene, selected: object) -> None:
        """`selected` is a callable returning the selected token ids (`MapScene.selected_ids`)."""
        super().__init__(scene)
        self.doc = doc
        self.scene = scene
        self._selected = selected
        self.reach = ReachItem()
        self.threat = ThreatItem()
        scene.addItem(self.reach)
        scene.addItem(self.threat)
        self.show_reach = True
        self.show_threat = False
        self._key: object = None
        doc.changed.connect(self._on_changed)
        self.refresh()

    def _on_changed(self, _old: GameState, _new: GameState) -> None:
        self.refresh()

    def set_show_reach(self, on: bool) -> None:
        self.show_reach = on
        self.refresh()

    def set_show_threat(self, on: bool) -> None:
        self.show_threat = on
        self.refresh()

    def refresh(self) -> None:
        scene = self.doc.scene
        ids = list(self._selected())  # type: ignore[operator]
        token = scene.token(ids[0]) if len(ids) == 1 else None
        key = (scene.tokens, scene.system, scene.options, token.id if token else None)
        reach_key = (key, self.show_reach, self.show_threat)
        if reach_key == self._key:
            return
        self._key = reach_key
        self.reach.set_token(scene, token if self.show_reach else None)
        if self.show_threat:
            side = token.side if token is not None else _party_side(scene)
            self.threat.set_counts(threatened(scene, side))
        else:
            self.threat.set_counts({})


def _party_side(scene: Scene) -> str | None:
    """The side of the player characters (the first PC's), used when nobody is selected."""
    for t in scene.tokens:
        if t.pc:
            return t.side
    return None
