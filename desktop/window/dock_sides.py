"""A map-first window: the docks of each side share it as tabs and collapse to a strip at the window's edge.

`DockSides.arrange(window, sides)` puts each side's docks in that side's dock area as tabs (tabs on top, no
separate title bars: the tab names the dock), and adds a **strip** — a narrow bar at the window's edge with
one button per dock, its name written up the side:

* clicking the button of a dock that is showing collapses the side (its docks hide; only the strip stays,
  and the map gets the room);
* clicking the button of a dock behind another tab, or of a hidden one, shows it and brings it to front;
* the buttons light up for the dock in front; View ▸ (dock) and `QDockWidget.toggleViewAction` still work.

`show_dock(dock)` brings a dock to front (the initiative dock when an encounter starts, the inspector when
the GM edits a token); `collapse(area)` / `is_collapsed(area)` for the whole side. The docks keep their own
minimum sizes small (scrolling inside them), so the window fits a 1280×720 screen with every side open.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import QCoreApplication, QSize, Qt, QTimer
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QMainWindow,
    QScrollArea,
    QSizePolicy,
    QStyle,
    QStyleOptionToolButton,
    QStylePainter,
    QTabWidget,
    QToolBar,
    QToolButton,
    QWidget,
)

from desktop.look.theme import style_toolbar

Area = Qt.DockWidgetArea
_TOOLBAR_AREA = {
    Area.LeftDockWidgetArea: Qt.ToolBarArea.LeftToolBarArea,
    Area.RightDockWidgetArea: Qt.ToolBarArea.RightToolBarArea,
}


class StripButton(QToolButton):
    """A strip's button: the dock's name written along the side (top to bottom on the right, bottom to top
    on the left), checked while the dock is in front."""

    def __init__(self, text: str, area: Area, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setText(text)
        self.area = area
        self.setCheckable(True)
        self.setAutoRaise(True)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        fm = self.fontMetrics()
        return QSize(fm.height() + 12, fm.horizontalAdvance(self.text()) + 24)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        opt = QStyleOptionToolButton()
        self.initStyleOption(opt)
        if self.isChecked() or self.underMouse() or self.isDown():
            painter.drawPrimitive(QStyle.PrimitiveElement.PE_PanelButtonTool, opt)
        w, h = self.width(), self.height()
        if self.area == Area.LeftDockWidgetArea:
            painter.translate(0, h)
            painter.rotate(-90)
        else:
            painter.translate(w, 0)
            painter.rotate(90)
        font = painter.font()
        font.setBold(self.isChecked())
        painter.setFont(font)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(0, 0, h, w, Qt.AlignmentFlag.AlignCenter, self.text())


@dataclass
class _Entry:
    dock: QDockWidget
    area: Area
    button: StripButton


class DockSides:
    """The docks of a window arranged by side (see the module docstring)."""

    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        self.entries: list[_Entry] = []
        self.strips: dict[Area, QToolBar] = {}

    @classmethod
    def arrange(
        cls,
        window: QMainWindow,
        sides: Sequence[tuple[Area, Sequence[tuple[QDockWidget, str]]]],
        *,
        front: Sequence[QDockWidget] = (),
        hidden: Sequence[QDockWidget] = (),
        collapsed: Sequence[Area] = (),
    ) -> DockSides:
        """Put `sides` in place: each (area, [(dock, strip name) …]) as tabs in that area, in order. `front`:
        the dock of each side in front; `hidden`: docks that start hidden (the player screen preview);
        `collapsed`: sides that start as their strip only."""
        self = cls(window)
        window.setDockOptions(
            QMainWindow.DockOption.AllowTabbedDocks
            | QMainWindow.DockOption.AnimatedDocks
            | QMainWindow.DockOption.GroupedDragging
        )
        for area, docks in sides:
            window.setTabPosition(area, QTabWidget.TabPosition.North)
            strip = QToolBar(window)
            strip.setObjectName(f"{_side_name(area)}DockStrip")
            strip.setWindowTitle(QCoreApplication.translate("DockSides", "Side panels"))
            strip.setMovable(False)
            strip.setFloatable(False)
            strip.setOrientation(Qt.Orientation.Vertical)
            strip.toggleViewAction().setVisible(False)
            style_toolbar(strip)
            window.addToolBar(_TOOLBAR_AREA[area], strip)
            self.strips[area] = strip
            first: QDockWidget | None = None
            for dock, name in docks:
                scrolling(dock)
                window.removeDockWidget(dock)
                window.addDockWidget(area, dock)
                dock.setTitleBarWidget(QWidget(dock))  # the tab names it; the strip hides and shows it
                if first is None:
                    first = dock
                else:
                    window.tabifyDockWidget(first, dock)
                dock.show()
                button = StripButton(name, area, strip)
                button.setObjectName(f"strip-{dock.objectName()}")
                tip = QCoreApplication.translate(
                    "DockSides", "{name}: show it, or hide this side to give the map the room"
                )
                button.setToolTip(tip.format(name=name))
                strip.addWidget(button)
                entry = _Entry(dock, area, button)
                self.entries.append(entry)
                button.clicked.connect(lambda _checked=False, d=dock: self.toggle(d))
                # after the layout has moved the docks of the tabs (this signal comes first)
                dock.visibilityChanged.connect(lambda _v, d=dock: self._sync_later(d))
                dock.dockLocationChanged.connect(lambda _a, d=dock: self._sync_later(d))
        for dock in hidden:
            dock.hide()
        for dock in front:
            dock.raise_()
        for area in collapsed:
            self.collapse(area)
        self.sync()
        return self

    # ---- reading

    def entry(self, dock: QDockWidget) -> _Entry | None:
        return next((e for e in self.entries if e.dock is dock), None)

    def docks(self, area: Area) -> list[QDockWidget]:
        return [e.dock for e in self.entries if e.area == area]

    @staticmethod
    def in_front(dock: QDockWidget) -> bool:
        """The dock is showing (not hidden, not behind another tab: Qt parks the docks of the tabs behind
        outside the window)."""
        if not dock.isVisible():
            return False
        if dock.isFloating():
            return True
        g = dock.geometry()
        return g.width() > 0 and g.right() >= 0 and g.bottom() >= 0

    def is_collapsed(self, area: Area) -> bool:
        """Every dock of the side is hidden: only its strip shows."""
        return all(d.isHidden() for d in self.docks(area) if not d.isFloating())

    # ---- changing

    def show_dock(self, dock: QDockWidget) -> None:
        """Show `dock` and bring it to front (its side opens if it was collapsed)."""
        entry = self.entry(dock)
        if entry is not None and self.is_collapsed(entry.area):
            for other in self.docks(entry.area):
                if other is not dock and other.property("fivefootWasOpen"):
                    other.show()
        dock.show()
        dock.raise_()
        self.sync()

    def collapse(self, area: Area) -> None:
        """Hide the side's docks (its strip stays); `show_dock` opens it again with the same tabs."""
        for dock in self.docks(area):
            if dock.isFloating():
                continue
            dock.setProperty("fivefootWasOpen", not dock.isHidden())
            dock.hide()
        self.sync()

    def toggle(self, dock: QDockWidget) -> None:
        """The strip button's click: collapse the side when `dock` is in front, else bring it there."""
        entry = self.entry(dock)
        if entry is None:
            return
        if self.in_front(dock) and not dock.isFloating():
            self.collapse(entry.area)
        elif self.in_front(dock):
            dock.hide()
        else:
            self.show_dock(dock)
        self.sync()

    def _sync_later(self, dock: QDockWidget) -> None:
        if shiboken6.isValid(self.window) and shiboken6.isValid(dock):
            QTimer.singleShot(0, dock, self.sync)

    def sync(self) -> None:
        """Light the buttons of the docks in front (nothing once the window is going away)."""
        for e in self.entries:
            if not (shiboken6.isValid(e.dock) and shiboken6.isValid(e.button)):
                return
            e.button.setChecked(self.in_front(e.dock) or (e.dock.isVisible() and e.dock.isFloating()))


#: A dock whose content needs more height than this scrolls inside it: tabs on one side share one height,
#: and a tall panel (even hidden behind its tab) would raise the window's smallest height.
SCROLL_ABOVE = 360


def scrolling(dock: QDockWidget) -> None:
    """Put a tall dock's content in a scroll area (the inspector and the table panel)."""
    content = dock.widget()
    if content is None or isinstance(content, QScrollArea):
        return
    if content.minimumSizeHint().height() <= SCROLL_ABOVE:
        return
    area = QScrollArea(dock)
    area.setObjectName(f"{dock.objectName()}Scroll")
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(content)
    # room for the content and the scroll bar beside it: the content is never cut off at the right
    bar = area.verticalScrollBar().sizeHint().width()
    area.setMinimumWidth(content.minimumSizeHint().width() + bar)
    dock.setWidget(area)


def _side_name(area: Area) -> str:
    return {Area.LeftDockWidgetArea: "left", Area.RightDockWidgetArea: "right"}.get(area, "other")


__all__ = ["DockSides", "StripButton"]
