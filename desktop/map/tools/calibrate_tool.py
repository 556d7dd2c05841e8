"""Calibrating the grid by hand: drag a box over a square printed on the map picture.

The box may span N × N printed squares (the "Box spans" number in the tool bar): a bigger box measures
more precisely. While dragging, the box shows its N × N squares and the size it measures; on release
the picture is rescaled and moved so that the grid runs along the box's edges (`desktop.map.calibration
.from_box`), with the grid fitted to the picture when "Fit grid to picture" is on: one undoable command.
Shift keeps the box square; Escape or a right click cancels. A box smaller than a few screen pixels is
taken for a click and changes nothing. While the tool is on, the grid is drawn in a bright colour so that
it stands out from the dark lines printed on the picture. When a grid printed on the picture is found
(`desktop.map.printed_grid`), N follows the box as it is dragged (the number of printed squares it covers)
until a span is typed in the tool bar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QGraphicsItem,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QStyleOptionGraphicsItem,
    QWidget,
)

from desktop.i18n import QT_TRANSLATE_NOOP
from desktop.look.style import CELL, LABEL_DIM, RULER
from desktop.map.calibration import BoxMeasure, from_box, picture_point
from desktop.map.items import Z_RULER
from desktop.map.items.label_item import LabelItem, LabelLine
from desktop.map.picture_commands import calibrate_command
from desktop.map.printed_grid import printed_grid
from desktop.map.tools.base import PreviewTool, ToolEvent

if TYPE_CHECKING:
    from desktop.map.view import MapView

#: A box narrower or lower than this many screen pixels is a click, not a measurement.
MIN_BOX_PX = 6
MAX_CELLS = 50
WARN = QColor("#ffb347")


class CalibrationBoxItem(QGraphicsItem):
    """The box being dragged, divided into the N × N squares it spans."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_RULER)
        self._rect = QRectF()
        self._cells = 1

    def set_box(self, rect: QRectF, cells: int) -> None:
        self.prepareGeometryChange()
        self._rect = rect.normalized()
        self._cells = max(1, cells)
        self.update()

    @property
    def rect(self) -> QRectF:
        return QRectF(self._rect)

    def boundingRect(self) -> QRectF:
        pad = CELL * 0.3
        return self._rect.adjusted(-pad, -pad, pad, pad) if not self._rect.isNull() else QRectF()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        r = self._rect
        if r.isNull():
            return
        fill = QColor(RULER)
        fill.setAlpha(36)
        painter.fillRect(r, fill)
        n = self._cells
        if n > 1:
            inner = QPen(QColor(RULER), 1, Qt.PenStyle.DashLine)
            inner.setCosmetic(True)
            painter.setPen(inner)
            lines = []
            for i in range(1, n):
                x = r.left() + r.width() * i / n
                y = r.top() + r.height() * i / n
                lines.append(QLineF(x, r.top(), x, r.bottom()))
                lines.append(QLineF(r.left(), y, r.right(), y))
            painter.drawLines(lines)
        shadow = QPen(QColor(0, 0, 0, 170), 4)
        shadow.setCosmetic(True)
        painter.setPen(shadow)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(r)
        edge = QPen(QColor(RULER), 2)
        edge.setCosmetic(True)
        painter.setPen(edge)
        painter.drawRect(r)


class CalibrateTool(PreviewTool):
    #: The window's map view (more of it than `ToolHost`: its pop-up setting, its parent widget).
    view: MapView

    name = "calibrate"
    label = QT_TRANSLATE_NOOP("Tools", "Calibrate grid")
    cursor = Qt.CursorShape.CrossCursor
    has_options = True

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.cells = 1
        #: While True the box's span in squares follows the grid printed on the picture (when one is
        #: found): a 10-square drag measures 10 squares, not one huge one. Typing a span turns it off.
        self.auto_cells = True
        self.fit_grid = True
        self._start: QPointF | None = None
        self._end: QPointF | None = None
        self.box = CalibrationBoxItem()
        self.bubble = LabelItem()
        #: What the box in progress measures (None: no box, or no picture).
        self.measure: BoxMeasure | None = None

    def hint(self) -> str:
        return QCoreApplication.translate(
            "CalibrateTool",
            "Drag a box over one square printed on the map picture (or over N × N squares, set in the tool "
            "bar, for precision) · Shift: square box · Esc: cancel",
        )

    def preview_items(self) -> tuple[QGraphicsItem, ...]:
        return (self.box, self.bubble)

    def activate(self) -> None:
        super().activate()
        self.map_scene.grid_layer.set_accent(self.name, True)

    def deactivate(self) -> None:
        super().deactivate()
        self.map_scene.grid_layer.set_accent(self.name, False)

    # ---- options

    def set_cells(self, cells: int, auto: bool = False) -> None:
        """The box spans `cells` × `cells` printed squares (`auto`: worked out, not typed by the user)."""
        self.cells = max(1, min(MAX_CELLS, cells))
        if not auto:
            self.auto_cells = False
        self._sync_widgets()
        if self._start is not None:
            self._redraw()

    def _auto_span(self) -> None:
        """Follow the printed grid: the box spans as many of its squares as fit in it."""
        bg = self.doc.scene.background
        image = self.map_scene.background_image()
        rect = self.box_rect()
        if not self.auto_cells or bg is None or image is None or rect.isEmpty():
            return
        found = printed_grid(image)
        if found is None:
            return
        side_px = (rect.width() + rect.height()) / 2 / CELL * bg.pixels_per_cell
        cells = max(1, min(MAX_CELLS, round(side_px / found.pixels_per_cell)))
        if cells != self.cells:
            self.cells = cells
            self._sync_widgets()

    def set_fit_grid(self, fit: bool) -> None:
        self.fit_grid = fit
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        if self._options_row is None:
            return
        spin = self._options_row.findChild(QSpinBox, "calibrateCells")
        if spin is not None and spin.value() != self.cells:
            spin.blockSignals(True)  # not the user typing a span
            spin.setValue(self.cells)
            spin.blockSignals(False)
        box = self._options_row.findChild(QCheckBox, "calibrateFitGrid")
        if box is not None and box.isChecked() != self.fit_grid:
            box.setChecked(self.fit_grid)

    def fill_options(self, lay: QHBoxLayout) -> None:
        spin = QSpinBox()
        spin.setObjectName("calibrateCells")
        spin.setRange(1, MAX_CELLS)
        spin.setValue(self.cells)
        spin.setSuffix(QCoreApplication.translate("CalibrateTool", " squares"))
        spin.setToolTip(
            QCoreApplication.translate(
                "CalibrateTool",
                "How many printed squares the box spans across (and down): more is more precise",
            )
        )
        spin.valueChanged.connect(lambda v: self.set_cells(int(v)))
        fit = QCheckBox(QCoreApplication.translate("CalibrateTool", "Fit grid to picture"))
        fit.setObjectName("calibrateFitGrid")
        fit.setChecked(self.fit_grid)
        fit.setToolTip(
            QCoreApplication.translate(
                "CalibrateTool", "Resize the grid to the squares the picture covers (never below a token)"
            )
        )
        fit.toggled.connect(self.set_fit_grid)
        lay.addWidget(QLabel(QCoreApplication.translate("CalibrateTool", "Box spans")))
        lay.addWidget(spin)
        lay.addWidget(fit)

    # ---- the box

    def _box_end(self, ev: ToolEvent) -> QPointF:
        end = QPointF(ev.scene_pos)
        if ev.shift and self._start is not None:
            d = end - self._start
            side = max(abs(d.x()), abs(d.y()))
            end = QPointF(
                self._start.x() + (side if d.x() >= 0 else -side),
                self._start.y() + (side if d.y() >= 0 else -side),
            )
        return end

    def box_rect(self) -> QRectF:
        if self._start is None or self._end is None:
            return QRectF()
        return QRectF(self._start, self._end).normalized()

    def _measure(self) -> BoxMeasure | None:
        bg = self.doc.scene.background
        rect = self.box_rect()
        if bg is None or rect.isEmpty():
            return None
        x0, y0 = picture_point(bg, rect.left() / CELL, rect.top() / CELL)
        x1, y1 = picture_point(bg, rect.right() / CELL, rect.bottom() / CELL)
        try:
            return from_box(x0, y0, x1, y1, self.cells)
        except ValueError:
            return None

    def _big_enough(self) -> bool:
        screen = self.view.mapFromScene(self.box_rect()).boundingRect()
        return screen.width() >= MIN_BOX_PX and screen.height() >= MIN_BOX_PX

    # ---- mouse

    def press(self, ev: ToolEvent) -> bool:
        if ev.button == Qt.MouseButton.RightButton:
            self.cancel()
            return True
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        if self.map_scene.background_image() is None:
            self.view.show_message("No map picture to calibrate: File ▸ Import Map Image… first")
            return True
        self._start = QPointF(ev.scene_pos)
        self._end = QPointF(ev.scene_pos)
        self._redraw()
        return True

    def move(self, ev: ToolEvent) -> bool:
        if self._start is None:
            return False
        self._end = self._box_end(ev)
        self._redraw()
        return True

    def release(self, ev: ToolEvent) -> bool:
        if ev.button != Qt.MouseButton.LeftButton or self._start is None:
            return False
        self._end = self._box_end(ev)
        measure = self._measure() if self._big_enough() else None
        image = self.map_scene.background_image()
        self.clear()
        if measure is None or image is None:
            self.view.show_message("Drag a box over a square printed on the picture to calibrate the grid")
            return True
        command = calibrate_command(
            self.doc.scene, (image.width(), image.height()), measure.calibration, self.fit_grid
        )
        if command is None:
            self.view.show_message("The grid already matches that box")
            return True
        self.doc.execute(command)
        self.view.show_message(command.log)
        return True

    def cancel(self) -> bool:
        if self._start is None:
            return False
        self.clear()
        return True

    def clear(self) -> None:
        self._start = self._end = None
        self.measure = None
        self.box.set_box(QRectF(), 1)
        self.bubble.set_lines([])

    # ---- drawing

    def _redraw(self) -> None:
        self._auto_span()
        rect = self.box_rect()
        self.box.set_box(rect, self.cells)
        self.measure = self._measure()
        m = self.measure
        if m is None:
            self.bubble.set_lines([LabelLine("Drag over printed squares", RULER, big=True)], RULER)
        else:
            ppc = m.calibration.pixels_per_cell
            span = f"{self.cells} × {self.cells} square{'s' if self.cells > 1 else ''}"
            if self.auto_cells and printed_grid(self.map_scene.background_image() or QImage()) is not None:
                span += " (printed grid)"
            lines = [
                LabelLine(f"{ppc:.1f} px per square", RULER, big=True),
                LabelLine(f"box: {span}", LABEL_DIM),
            ]
            if m.squareness < 0.97:
                lines.append(LabelLine(f"not square: {m.width_px:.1f} × {m.height_px:.1f} px", WARN))
            self.bubble.set_lines(lines, RULER)
        self.bubble.place(rect.bottomRight(), rect.bottomLeft(), self.view)
