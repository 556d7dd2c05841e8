"""The Player Screen's frame on the GM map: where the TV looks, drawn as an outline turned with it, which
the GM drags to move the players' view and pulls by a corner to zoom it.

* `TvFrameItem`: the outline (amber; dashed while it follows the GM or the active creature, grey behind
  the curtain), a handle on each corner, a tab on the TV's top edge naming it (so the GM sees which way
  up the players read it), and the reveal rectangle ("Players see only this") when one is set.
* `TvFrameController`: an event filter on the GM view's viewport. A press on the outline or its tab moves
  the view; a press on a corner zooms it (about its centre; true scale turns off); anywhere else the GM's
  tool gets the press as before. While "Show Only an Area" is armed, a drag anywhere on the map draws the
  reveal rectangle. A locked screen refuses the drag with a message. Moving the frame stops following.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QEvent, QLineF, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QMouseEvent, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsObject, QGraphicsView, QStyleOptionGraphicsItem, QWidget

from desktop.look.style import CELL
from desktop.map.items import Z_LABELS
from desktop.player.steering import TvSteering

FRAME = QColor("#ffb020")
FRAME_CURTAIN = QColor("#8a8c94")
REVEAL = QColor("#5fd38a")
#: Handle and grab distances in GM view pixels.
HANDLE_PX = 9
EDGE_PX = 7


def _tab_text(steering: TvSteering) -> str:
    text = QCoreApplication.translate("TvFrame", "Player Screen")
    if steering.curtain:
        text = QCoreApplication.translate("TvFrame", "Player Screen — curtain")
    elif steering.locked:
        text = QCoreApplication.translate("TvFrame", "Player Screen — locked")
    return "▲ " + text


def _tab_font() -> QFont:
    font = QFont()
    font.setPixelSize(12)
    font.setBold(True)
    return font


def tab_rect(view_poly: QPolygonF, text: str) -> tuple[QRectF, float]:
    """The tab's rectangle in view pixels (unturned, centred on the top edge's middle) and the top edge's
    angle in degrees."""
    a, b = view_poly.at(0), view_poly.at(1)
    mid = (a + b) / 2
    angle = math.degrees(math.atan2(b.y() - a.y(), b.x() - a.x()))
    metrics = QFontMetricsF(_tab_font())
    w, h = metrics.horizontalAdvance(text) + 14, metrics.height() + 6
    return QRectF(mid.x() - w / 2, mid.y() - h, w, h), angle


class TvFrameItem(QGraphicsObject):
    """The TV's frame on the GM map (see the module docstring)."""

    def __init__(self, steering: TvSteering) -> None:
        super().__init__()
        self.steering = steering
        self.setZValue(Z_LABELS + 5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        #: The reveal rectangle being drawn (scene coordinates), or None.
        self.drawing: QRectF | None = None
        self._bounds = QRectF()
        steering.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        self.prepareGeometryChange()
        rect = self.steering.frame().boundingRect()
        if self.steering.reveal is not None:
            rect = rect.united(self.steering.reveal)
        if self.drawing is not None:
            rect = rect.united(self.drawing)
        # room for the tab and the handles at any zoom of the GM view
        pad = max(rect.width(), rect.height()) * 0.1 + 400
        self._bounds = rect.adjusted(-pad, -pad, pad, pad)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        s = self.steering
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for rect, colour in ((s.reveal, REVEAL), (self.drawing, REVEAL)):
            if rect is not None:
                pen = QPen(colour, 2.5, Qt.PenStyle.DashLine)
                pen.setCosmetic(True)
                painter.setPen(pen)
                fill = QColor(colour)
                fill.setAlpha(30)
                painter.setBrush(fill)
                painter.drawRect(rect)
        poly = s.frame()
        colour = FRAME_CURTAIN if s.curtain else FRAME
        style = Qt.PenStyle.SolidLine if s.mode == "fixed" else Qt.PenStyle.DashLine
        shade = QPen(QColor(0, 0, 0, 160), 5)
        shade.setCosmetic(True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(shade)
        painter.drawPolygon(poly)
        pen = QPen(colour, 3, style)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.drawPolygon(poly)
        # handles and tab in device pixels
        world = painter.worldTransform()
        view_poly = world.map(poly)
        painter.save()
        painter.resetTransform()
        if not s.locked:
            painter.setPen(QPen(QColor(10, 10, 12), 1.5))
            painter.setBrush(colour)
            half = HANDLE_PX / 2
            for i in range(view_poly.size()):
                corner = view_poly.at(i)
                painter.drawRect(QRectF(corner.x() - half, corner.y() - half, HANDLE_PX, HANDLE_PX))
        text = _tab_text(s)
        rect, angle = tab_rect(view_poly, text)
        centre = QPointF(rect.center().x(), rect.bottom())
        painter.translate(centre)
        painter.rotate(angle)
        painter.translate(-centre)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRoundedRect(rect, 4, 4)
        painter.setFont(_tab_font())
        painter.setPen(QColor(20, 16, 8))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()


class TvFrameController(QObject):
    """Drags of the frame on the GM view (see the module docstring)."""

    #: A sentence for the status bar (a locked screen refused a drag).
    message = Signal(str)
    #: The reveal rectangle was drawn (scene coordinates).
    reveal_drawn = Signal(QRectF)

    def __init__(self, view: QGraphicsView, item: TvFrameItem, steering: TvSteering) -> None:
        super().__init__(view)
        self.view = view
        self.item = item
        self.steering = steering
        self.arming_reveal = False
        self._drag: str | None = None
        self._from = QPointF()
        self._start_centre = QPointF()
        self._start_scale = 1.0
        self._start_dist = 1.0
        self._cursor_set = False
        view.viewport().installEventFilter(self)

    # ---- hit tests (view pixels)

    def hit(self, pos: QPointF) -> str | None:
        """``"resize"`` on a corner, ``"move"`` on the outline or its tab, else None. Not at the GM view's
        own border: a frame following the GM's view lies there, and a click at the map's edge stays the
        tool's."""
        if not self.item.isVisible():
            return None
        poly = self.view.mapFromScene(self.steering.frame())
        corners = [QPointF(poly.at(i)) for i in range(poly.size())]
        inset = EDGE_PX + 3
        border = QRectF(self.view.viewport().rect()).adjusted(inset, inset, -inset, -inset)
        if not self.steering.locked:
            for c in corners:
                if QLineF(c, pos).length() <= HANDLE_PX and border.contains(pos):
                    return "resize"
        for i in range(4):
            a, b = corners[i], corners[(i + 1) % 4]
            if _distance_to_segment(pos, a, b) <= EDGE_PX and border.contains(pos):
                return "move"
        rect, angle = tab_rect(QPolygonF(corners), _tab_text(self.steering))
        centre = QPointF(rect.center().x(), rect.bottom())
        local = _rotate(pos - centre, -angle) + centre
        if rect.contains(local) and border.contains(pos):
            return "move"
        return None

    # ---- events

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and isinstance(event, QMouseEvent):
            return self._press(event)
        if kind == QEvent.Type.MouseMove and isinstance(event, QMouseEvent):
            return self._move(event)
        if kind == QEvent.Type.MouseButtonRelease and isinstance(event, QMouseEvent):
            return self._release(event)
        return False

    def _scene(self, event: QMouseEvent) -> QPointF:
        return self.view.mapToScene(event.position().toPoint())

    def _press(self, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if self.arming_reveal:
            self._drag = "reveal"
            self._from = self._scene(event)
            self.item.drawing = QRectF(self._from, self._from)
            self.item.refresh()
            return True
        what = self.hit(event.position())
        if what is None:
            return False
        if self.steering.locked:
            self.message.emit(self.tr("The Player Screen is locked: unlock it to move the players' view"))
            return True
        self._drag = what
        self._from = self._scene(event)
        self._start_centre = QPointF(self.steering.centre)
        self._start_scale = self.steering.scale
        self._start_dist = max(1.0, QLineF(self.steering.centre, self._from).length())
        self.steering.set_mode("fixed")
        return True

    def _move(self, event: QMouseEvent) -> bool:
        if self._drag is None:
            self._hover_cursor(event.position())
            return False
        here = self._scene(event)
        if self._drag == "reveal":
            self.item.drawing = _snapped(QRectF(self._from, here).normalized())
            self.item.refresh()
        elif self._drag == "move":
            self.steering.set_view(self._start_centre + (here - self._from))
        else:
            dist = max(1.0, QLineF(self.steering.centre, here).length())
            self.steering.set_scale(self._start_scale * self._start_dist / dist)
        return True

    def _release(self, event: QMouseEvent) -> bool:
        if self._drag is None or event.button() != Qt.MouseButton.LeftButton:
            return False
        drag, self._drag = self._drag, None
        if drag == "reveal":
            rect = _snapped(QRectF(self._from, self._scene(event)).normalized())
            self.item.drawing = None
            self.arming_reveal = False
            self.item.refresh()
            if self._from != self._scene(event):
                self.steering.set_reveal(rect)
                self.reveal_drawn.emit(rect)
        return True

    def _hover_cursor(self, pos: QPointF) -> None:
        what = None if self.arming_reveal else self.hit(pos)
        viewport = self.view.viewport()
        if what is not None:
            shape = Qt.CursorShape.SizeFDiagCursor if what == "resize" else Qt.CursorShape.SizeAllCursor
            if self.steering.locked:
                shape = Qt.CursorShape.ForbiddenCursor
            viewport.setCursor(shape)
            self._cursor_set = True
        elif self.arming_reveal:
            viewport.setCursor(Qt.CursorShape.CrossCursor)
            self._cursor_set = True
        elif self._cursor_set:
            self._cursor_set = False
            tool = getattr(self.view, "tool", None)
            viewport.setCursor(getattr(tool, "cursor", Qt.CursorShape.ArrowCursor))


def _snapped(rect: QRectF) -> QRectF:
    """The rectangle's sides on the nearest grid lines, one square at least (a reveal shows whole squares)."""
    left, top = round(rect.left() / CELL), round(rect.top() / CELL)
    right, bottom = max(left + 1, round(rect.right() / CELL)), max(top + 1, round(rect.bottom() / CELL))
    return QRectF(left * CELL, top * CELL, (right - left) * CELL, (bottom - top) * CELL)


def _rotate(p: QPointF, degrees: float) -> QPointF:
    r = math.radians(degrees)
    return QPointF(p.x() * math.cos(r) - p.y() * math.sin(r), p.x() * math.sin(r) + p.y() * math.cos(r))


def _distance_to_segment(p: QPointF, a: QPointF, b: QPointF) -> float:
    ab = b - a
    length2 = ab.x() ** 2 + ab.y() ** 2
    if length2 == 0:
        return QLineF(p, a).length()
    t = max(0.0, min(1.0, ((p.x() - a.x()) * ab.x() + (p.y() - a.y()) * ab.y()) / length2))
    return QLineF(p, a + ab * t).length()
