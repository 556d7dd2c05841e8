"""Work that waits for the first frame: `after_first_paint` calls a function once a widget has painted."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget


class AfterFirstPaint(QObject):
    """Calls `fn` on the turn of the event loop after `widget`'s first paint event (the frame is shown)."""

    def __init__(self, widget: QWidget, fn: Callable[[], object]) -> None:
        super().__init__(widget)
        self.widget = widget
        self.fn = fn
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget and event.type() == QEvent.Type.Paint:
            self.widget.removeEventFilter(self)
            QTimer.singleShot(0, self.fn)
        return False


def after_first_paint(widget: QWidget, fn: Callable[[], object]) -> AfterFirstPaint:
    """Call `fn` once `widget` has painted its first frame (kept alive as the widget's child)."""
    return AfterFirstPaint(widget, fn)
