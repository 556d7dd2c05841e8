"""`MapView`: the QGraphicsView of the battle map — zoom, pan, and feeding mouse/keys to the current tool.

Zoom: mouse wheel (around the cursor), `zoom_in`/`zoom_out` (Ctrl +/−), `fit` (Ctrl 0), `actual_size`.
Pan: middle-button drag, Space + left drag, arrow keys. Everything else goes to the current `Tool` as
`ToolEvent`s in scene coordinates. Files dropped on the map are handed on as `files_dropped`. The view
emits the cell under the cursor and the zoom for the status bar.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QChildEvent, QEvent, QObject, QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QShowEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QFrame,
    QGraphicsView,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)
from shiboken6 import isValid

from desktop.document import Document
from desktop.look.style import CELL, band_colour
from desktop.map.drops import dropped_paths
from desktop.map.grid_coords import cell_at
from desktop.map.scene import MapScene
from desktop.map.tools.base import TokenMenus, Tool, ToolEvent
from rules.geometry.coords import Cell

MIN_SCALE = 0.03
MAX_SCALE = 4.0
WHEEL_STEP = 1.2
PAN_STEP = 80


class MapView(QGraphicsView):
    #: The grid cell under the mouse (None when outside the grid).
    hover_cell_changed = Signal(object)
    #: The zoom factor (1.0 = one scene unit per pixel).
    zoom_changed = Signal(float)
    #: A message for the status bar (an illegal drop, a hint).
    message = Signal(str)
    #: A tool asks for the quick "add token" form at a cell.
    add_token_requested = Signal(object)
    #: A tool asks to edit a token in the inspector.
    edit_token_requested = Signal(str)
    #: A tool asks for the attack dialog: (attacker id, target id or None).
    attack_requested = Signal(str, object)
    #: Add these creatures to the running encounter (the token menu's Add to Encounter…).
    join_encounter_requested = Signal(list)
    #: Take these creatures out of the running encounter (the token menu's Remove from Encounter).
    leave_encounter_requested = Signal(list)
    #: Local files were dropped on the map (a list of `Path`).
    files_dropped = Signal(list)

    def __init__(self, map_scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(map_scene, parent)
        self.map_scene = map_scene
        self.doc: Document = map_scene.doc
        self.tool: Tool | None = None
        #: The token menu's rule entries, set by the window (`desktop.map.tools.base.TokenMenus`).
        self.token_menus: TokenMenus | None = None
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # no brush of its own: the scene's drawBackground paints the map layers (and the dark surround)
        self.setBackgroundBrush(Qt.BrushStyle.NoBrush)
        # the static layers (map, terrain, grid, walls) are drawn as the background: cache it, so a pan only
        # scrolls a pixmap and paints the newly exposed strip
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._pan_from: QPoint | None = None
        self._space_down = False
        self._hover: Cell | None = None
        self._fitted_once = False
        self.last_context_menu: QMenu | None = None
        #: False in tests: menus are built (and kept in `last_context_menu`) but not popped up.
        self.popup_menus = True
        self._dialog_watcher: _DialogWatcher | None = None
        #: What the movement overlay's colours mean, in the view's bottom-left corner while it shows.
        self.legend = QLabel(self)  # the view's child, not the viewport's: panning scrolls those
        self.legend.setObjectName("overlayLegend")
        self.legend.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.legend.setStyleSheet(
            "QLabel#overlayLegend { background: rgba(18, 18, 22, 215); color: #f4f4f0;"
            " border: 1px solid #44464d; border-radius: 4px; padding: 3px 7px; }"
        )
        self.legend.hide()
        map_scene.overlay_changed.connect(self.update_legend)
        self.doc.reset.connect(self.fit)

    # ---- tools

    def set_tool(self, tool: Tool) -> None:
        if self.tool is tool:
            return
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = tool
        self.map_scene.set_tool_focus(getattr(tool, "name", ""))
        tool.activate()
        self.viewport().setCursor(tool.cursor)

    def show_context_menu(self, menu: QMenu, global_pos: QPoint) -> None:
        if self.last_context_menu is not None and self.last_context_menu is not menu:
            self.last_context_menu.deleteLater()
        self.last_context_menu = menu
        if self.popup_menus and not menu.isEmpty():
            menu.popup(global_pos)

    def show_message(self, text: str) -> None:
        self.message.emit(text)

    # ---- zoom

    def scale_factor(self) -> float:
        return float(self.transform().m11())

    def set_scale(self, factor: float, anchor: QPointF | None = None) -> None:
        """Zoom to `factor`, keeping scene point `anchor` (default: under the mouse or the centre) still."""
        factor = max(self._min_scale(), min(MAX_SCALE, factor))
        current = self.scale_factor()
        if abs(factor - current) < 1e-9:
            return
        if anchor is None:
            self.scale(factor / current, factor / current)
        else:
            old_anchor = self.transformationAnchor()
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
            view_pt = self.mapFromScene(anchor)
            self.scale(factor / current, factor / current)
            delta = self.mapFromScene(anchor) - view_pt
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + delta.y())
            self.setTransformationAnchor(old_anchor)
        self.zoom_changed.emit(self.scale_factor())

    def _min_scale(self) -> float:
        rect = self.map_scene.sceneRect()
        if rect.isEmpty():
            return MIN_SCALE
        fit = min(self.viewport().width() / rect.width(), self.viewport().height() / rect.height())
        return max(0.01, min(MIN_SCALE, fit * 0.5))

    def zoom_in(self) -> None:
        self.set_scale(self.scale_factor() * WHEEL_STEP, self._centre_anchor())

    def zoom_out(self) -> None:
        self.set_scale(self.scale_factor() / WHEEL_STEP, self._centre_anchor())

    def actual_size(self) -> None:
        self.set_scale(1.0, self._centre_anchor())

    def fit(self) -> None:
        """Show the whole grid."""
        g = self.doc.scene.grid
        rect = QRectF(0, 0, g.width * CELL, g.height * CELL).adjusted(
            -CELL * 0.3, -CELL * 0.3, CELL * 0.3, CELL * 0.3
        )
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self.zoom_changed.emit(self.scale_factor())

    def centre_on_cell(self, cell: Cell) -> None:
        self.centerOn(QPointF((cell.x + 0.5) * CELL, (cell.y + 0.5) * CELL))

    def _centre_anchor(self) -> QPointF:
        return self.mapToScene(self.viewport().rect().center())

    # ---- the movement overlay's legend

    def update_legend(self) -> None:
        entries = self.map_scene.overlay_legend()
        if not entries:
            self.legend.hide()
            return
        parts = [
            f'<span style="color:{band_colour(band).name()}">■</span>&nbsp;{html.escape(words)}'
            for band, words in entries
        ]
        self.legend.setText("&nbsp;&nbsp;&nbsp;".join(parts))
        self.legend.setToolTip(
            self.tr("Movement overlay: where the selected creature can get with each move")
        )
        self.legend.adjustSize()
        self._place_legend()
        self.legend.show()

    def _place_legend(self) -> None:
        vp = self.viewport().geometry()
        self.legend.move(vp.left() + 8, vp.bottom() - self.legend.height() - 8)
        self.legend.raise_()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_legend()
        if not self._fitted_once and self.viewport().width() > 50:
            self._fitted_once = True
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps == 0:
            steps = event.pixelDelta().y() / 60.0
        if steps == 0:
            return
        anchor = self.mapToScene(event.position().toPoint())
        self.set_scale(self.scale_factor() * (WHEEL_STEP**steps), anchor)
        event.accept()

    # ---- pan

    def pan_by(self, dx: int, dy: int) -> None:
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)

    # ---- events → tool

    def _event(self, event: QMouseEvent) -> ToolEvent:
        pos = event.position()
        scene_pos = self.mapToScene(pos.toPoint())
        return ToolEvent(
            scene_pos=scene_pos,
            cell=cell_at(scene_pos),
            button=event.button(),
            buttons=event.buttons(),
            modifiers=event.modifiers(),
            view_pos=pos.toPoint(),
            global_pos=event.globalPosition().toPoint(),
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        if event.button() == Qt.MouseButton.MiddleButton or (
            event.button() == Qt.MouseButton.LeftButton and self._space_down
        ):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if self.tool is not None and self.tool.press(self._event(event)):
            event.accept()
            return
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        ev = self._event(event)
        self._set_hover(ev.cell)
        if self._pan_from is not None:
            delta = event.position().toPoint() - self._pan_from
            self._pan_from = event.position().toPoint()
            self.pan_by(-delta.x(), -delta.y())
            event.accept()
            return
        if self.tool is not None:
            self.tool.move(ev)
            self.map_scene.flush_carried()
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None and event.button() in (
            Qt.MouseButton.MiddleButton,
            Qt.MouseButton.LeftButton,
        ):
            self._pan_from = None
            self.viewport().setCursor(
                Qt.CursorShape.OpenHandCursor
                if self._space_down
                else (self.tool.cursor if self.tool else Qt.CursorShape.ArrowCursor)
            )
            event.accept()
            return
        if self.tool is not None:
            self.tool.release(self._event(event))
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if self.tool is not None and self.tool.double_click(self._event(event)):
            event.accept()
            return
        self.mousePressEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self._set_hover(None)

    def _set_hover(self, cell: Cell | None) -> None:
        if cell is not None and not self.doc.scene.grid.contains(cell.x, cell.y):
            cell = None
        if cell != self._hover:
            self._hover = cell
            self.hover_cell_changed.emit(cell)

    @property
    def hover_cell(self) -> Cell | None:
        return self._hover

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_down = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        if key == Qt.Key.Key_Escape and self.tool is not None and self.tool.cancel():
            event.accept()
            return
        if self.tool is not None and self.tool.key_press(event):
            event.accept()
            return
        pans: dict[int, tuple[int, int]] = {
            Qt.Key.Key_Left: (-PAN_STEP, 0),
            Qt.Key.Key_Right: (PAN_STEP, 0),
            Qt.Key.Key_Up: (0, -PAN_STEP),
            Qt.Key.Key_Down: (0, PAN_STEP),
        }
        if key in pans and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            dx, dy = pans[key]
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                dx, dy = dx * 4, dy * 4
            self.pan_by(dx, dy)
            event.accept()
            return
        # + / = and - zoom, with or without Ctrl, Shift (Ctrl++ is Ctrl+Shift+= on most keyboards) or the
        # keypad: whatever reaches the map that a menu shortcut didn't take
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
            event.accept()
            return
        if key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom_out()
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_down = False
            if self._pan_from is None:
                self.viewport().setCursor(self.tool.cursor if self.tool else Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        super().keyReleaseEvent(event)

    # ---- keyboard focus comes back to the map when a dialog closes

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._dialog_watcher is None:
            self._dialog_watcher = _DialogWatcher(self)

    def take_keyboard_back(self) -> None:
        """Give the map the keyboard (after a dialog closed)."""
        if not isValid(self) or not self.isVisible():  # a late timer after the window closed
            return
        current = QApplication.focusWidget()
        if current is not None and current.window() is not self.window():
            return  # another window has it now
        if isinstance(current, (QLineEdit, QAbstractSpinBox, QTextEdit, QPlainTextEdit)):
            return
        if isinstance(current, QComboBox) and current.isEditable():
            return
        self.window().activateWindow()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self._space_down = False
        super().focusOutEvent(event)

    # ---- dropped files (handed to the window; the scene's items take no drops)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_paths(event.mimeData()):
            event.acceptProposedAction()
            return
        super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if dropped_paths(event.mimeData()):
            event.acceptProposedAction()
            return
        super().dragMoveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        paths = dropped_paths(event.mimeData())
        if paths:
            event.acceptProposedAction()
            self.files_dropped.emit(paths)
            return
        super().dropEvent(event)

    @staticmethod
    def drag_distance() -> int:
        return int(QApplication.startDragDistance())


class _DialogWatcher(QObject):
    """Watches the map's window for dialogs (its children) and, when one closes, gives the map the
    keyboard back (`MapView.take_keyboard_back`), so the map's keys work without a click first."""

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.view = view
        self._watched: set[int] = set()
        view.window().installEventFilter(self)
        for dialog in view.window().findChildren(QDialog):
            self._watch(dialog)

    def _watch(self, dialog: QDialog) -> None:
        key = id(dialog)
        if key in self._watched:
            return
        self._watched.add(key)
        dialog.finished.connect(self._closed)
        dialog.destroyed.connect(lambda _obj=None, k=key: self._watched.discard(k))

    def _closed(self, _result: int) -> None:
        QTimer.singleShot(0, self.view.take_keyboard_back)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ChildPolished:
            child = event.child() if isinstance(event, QChildEvent) else None
            if isinstance(child, QDialog):
                self._watch(child)
        return False
