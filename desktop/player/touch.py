"""Touch on the Player Screen: the players pan, pinch-zoom, ping and measure with their fingers on the TV.

`TableTouch` filters the touch events of the Player Screen's map view (Qt touch events, any touch screen
or table-top display Qt reports):

* **one finger dragged**: pans the players' view (it stops following);
* **two fingers**: pinch to zoom about the point between them, and pan with them (at true scale the zoom
  stays: the squares keep their inch, only the place moves);
* **a tap**: a ping on that square — a ring that grows and fades, on the TV and on the GM's map;
* **touch, hold still for half a second, then drag**: the finger's ruler — a line from square to square
  with the distance by the scene's rules (`rules.play.measure`); it fades a few seconds after the finger
  lifts.

The GM turns touch off (`TvSteering.touch`): then nothing happens. A locked view (`TvSteering.locked`)
keeps its place and zoom; pings and the ruler still work.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QLineF, QObject, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QTouchEvent, QTransform
from PySide6.QtWidgets import (
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from desktop.look.style import CELL
from desktop.map.grid_coords import cell_at
from desktop.player.steering import TvSteering
from rules.play.measure import Anchor, measure

#: A finger that moves less than this (view pixels) is still.
STILL_PX = 14.0
#: Held still this long before moving: the finger measures instead of panning.
LONG_PRESS_S = 0.5
#: A tap is shorter than this.
TAP_S = 0.6
PING_MS = 1600
RULER_FADE_MS = 4000
PING = QColor("#ffd84a")
RULER = QColor("#7fd4ff")


class PingItem(QGraphicsObject):
    """A ring growing from a point and fading away (then it removes itself)."""

    def __init__(self, at: QPointF, colour: QColor = PING) -> None:
        super().__init__()
        self.setPos(at)
        self.setZValue(1000)
        self.colour = QColor(colour)
        self.progress = 0.0
        self._started = time.monotonic()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)
        self._timer.start(30)

    def boundingRect(self) -> QRectF:
        r = CELL * 1.6
        return QRectF(-r, -r, 2 * r, 2 * r)

    def _tick(self) -> None:
        self.progress = min(1.0, (time.monotonic() - self._started) * 1000 / PING_MS)
        self.update()
        if self.progress >= 1.0:
            self._timer.stop()
            scene = self.scene()
            if scene is not None:
                scene.removeItem(self)
            self.deleteLater()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for i in range(2):
            t = (self.progress + i * 0.35) % 1.0
            colour = QColor(self.colour)
            colour.setAlphaF(max(0.0, 1.0 - t) * (1.0 - self.progress * 0.5))
            painter.setPen(QPen(colour, CELL * 0.09))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            r = CELL * (0.3 + 1.2 * t)
            painter.drawEllipse(QPointF(0, 0), r, r)
        dot = QColor(self.colour)
        dot.setAlphaF(1.0 - self.progress)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(dot)
        painter.drawEllipse(QPointF(0, 0), CELL * 0.14, CELL * 0.14)


class FingerRuler(QGraphicsObject):
    """The finger's ruler: a line between two square centres and its distance in feet."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(990)
        self.line = QLineF()
        self.text = ""
        self._font = QFont()
        self._font.setPixelSize(int(CELL * 0.34))
        self._font.setBold(True)

    def set_ruler(self, line: QLineF, text: str) -> None:
        self.prepareGeometryChange()
        self.line, self.text = line, text
        self.update()

    def boundingRect(self) -> QRectF:
        pad = CELL * 1.5
        return QRectF(self.line.p1(), self.line.p2()).normalized().adjusted(-pad, -pad, pad, pad)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(
            QPen(QColor(0, 0, 0, 170), CELL * 0.12, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        )
        painter.drawLine(self.line)
        painter.setPen(QPen(RULER, CELL * 0.07, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(self.line)
        painter.setBrush(RULER)
        for p in (self.line.p1(), self.line.p2()):
            painter.drawEllipse(p, CELL * 0.1, CELL * 0.1)
        if self.text:
            painter.setFont(self._font)
            metrics = QFontMetricsF(self._font)
            w, h = metrics.horizontalAdvance(self.text) + 16, metrics.height() + 6
            centre = self.line.p2() + QPointF(0, -CELL * 0.7)
            box = QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(12, 14, 18, 225))
            painter.drawRoundedRect(box, 6, 6)
            painter.setPen(QColor("#ffffff"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.text)


def _centre_of(cell_pt: QPointF) -> QPointF:
    c = cell_at(cell_pt)
    return QPointF((c.x + 0.5) * CELL, (c.y + 0.5) * CELL)


class TableTouch(QObject):
    """The touch gestures of the Player Screen's map (see the module docstring)."""

    #: A finger tapped this map point (scene coordinates): the GM's map shows the ping too.
    pinged = Signal(QPointF)

    def __init__(self, view: QGraphicsView, steering: TvSteering, doc: Any) -> None:
        super().__init__(view)
        self.view = view
        self.steering = steering
        self.doc = doc
        self.ruler: FingerRuler | None = None
        self._mode: str | None = None  # "still", "pan", "measure", "pinch"
        self._start_view = QPointF()
        self._start_scene = QPointF()
        self._start_centre = QPointF()
        self._start_time = 0.0
        self._pinch_dist = 1.0
        self._pinch_scale = 1.0
        self._pinch_mid_scene = QPointF()
        self._fade = QTimer(self)
        self._fade.setSingleShot(True)
        self._fade.timeout.connect(self.clear_ruler)
        view.viewport().setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents, True)
        view.viewport().installEventFilter(self)

    # ---- events

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (
            QEvent.Type.TouchBegin,
            QEvent.Type.TouchUpdate,
            QEvent.Type.TouchEnd,
            QEvent.Type.TouchCancel,
        ) or not isinstance(event, QTouchEvent):
            return False
        event.accept()
        if not self.steering.touch:
            self._mode = None
            return True
        points = [p for p in event.points() if p.state() != p.State.Released]
        if kind == QEvent.Type.TouchCancel:
            self._mode = None
            return True
        if kind == QEvent.Type.TouchBegin:
            self._begin(event.points()[0].position())
        if kind == QEvent.Type.TouchEnd or not points:
            self._end(event.points()[0].position())
        elif len(points) >= 2:
            a, b = points[0].position(), points[1].position()
            fresh = any(p.state() == p.State.Pressed for p in points[:2])
            if self._mode != "pinch" or fresh:
                self._pinch_start(a, b)
            else:
                self._pinch(a, b)
        elif self._mode != "pinch" and kind != QEvent.Type.TouchBegin:
            self._one(points[0].position())
        return True

    def _scene(self, pos: QPointF) -> QPointF:
        return QPointF(self.view.mapToScene(pos.toPoint()))

    def _begin(self, pos: QPointF) -> None:
        self._mode = "still"
        self._start_view = QPointF(pos)
        self._start_scene = self._scene(pos)
        self._start_centre = QPointF(self.steering.centre)
        self._start_time = time.monotonic()

    def _one(self, pos: QPointF) -> None:
        if self._mode == "still" and QLineF(pos, self._start_view).length() > STILL_PX:
            held = time.monotonic() - self._start_time >= LONG_PRESS_S
            self._mode = "measure" if held else "pan"
        if self._mode == "pan":
            if self.steering.locked:
                return
            self.steering.set_mode("fixed")
            delta = self._to_scene_vector(pos - self._start_view)
            self.steering.set_view(self._start_centre - delta)
        elif self._mode == "measure":
            self._measure(self._start_scene, self._scene(pos))

    def _end(self, pos: QPointF) -> None:
        mode, self._mode = self._mode, None
        if mode == "still" and time.monotonic() - self._start_time < TAP_S:
            self.ping(self._start_scene)
        elif mode == "measure":
            self._fade.start(RULER_FADE_MS)

    def _pinch_start(self, a: QPointF, b: QPointF) -> None:
        self._mode = "pinch"
        self._pinch_dist = max(1.0, QLineF(a, b).length())
        self._pinch_scale = self.steering.scale
        self._pinch_mid_scene = self._scene((a + b) / 2)

    def _pinch(self, a: QPointF, b: QPointF) -> None:
        mid = (a + b) / 2
        dist = max(1.0, QLineF(a, b).length())
        if self.steering.locked:
            return
        self.steering.set_mode("fixed")
        if not self.steering.scale_fixed:
            self.steering.set_scale(self._pinch_scale * dist / self._pinch_dist)
        # keep the map point that was between the fingers under them
        vp_centre = QPointF(self.view.viewport().rect().center())
        offset = self._to_scene_vector(mid - vp_centre)
        self.steering.set_view(self._pinch_mid_scene - offset)

    def _to_scene_vector(self, v: QPointF) -> QPointF:
        """A vector of view pixels as map units, with the view's present zoom and turn."""
        s = self.steering
        back = QTransform().rotate(-s.rotation)
        return back.map(QPointF(v.x() / s.scale, v.y() / s.scale))

    # ---- what the fingers make

    def ping(self, at: QPointF) -> None:
        scene = self.view.scene()
        if isinstance(scene, QGraphicsScene):
            scene.addItem(PingItem(_centre_of(at)))
        self.pinged.emit(_centre_of(at))

    def _measure(self, a: QPointF, b: QPointF) -> None:
        scene = self.view.scene()
        if not isinstance(scene, QGraphicsScene):
            return
        if self.ruler is None or self.ruler.scene() is None:
            self.ruler = FingerRuler()
            scene.addItem(self.ruler)
        self._fade.stop()
        ca, cb = cell_at(a), cell_at(b)
        feet = measure(self.doc.scene, [Anchor("cell", ca.x, ca.y), Anchor("cell", cb.x, cb.y)]).feet
        text = QCoreApplication.translate("TableTouch", "{feet} ft").format(feet=feet)
        self.ruler.set_ruler(QLineF(_centre_of(a), _centre_of(b)), text)

    def clear_ruler(self) -> None:
        if self.ruler is not None:
            scene = self.ruler.scene()
            if scene is not None:
                scene.removeItem(self.ruler)
            self.ruler = None
