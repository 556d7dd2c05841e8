"""Work that waits for the first frame: `after_first_paint` calls a function once a widget has painted."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

#: A widget that hasn't painted by then (a window started minimised, a hidden view) doesn't hold the work
#: back for ever: it runs anyway.
FALLBACK_MS = 10_000


class AfterFirstPaint(QObject):
    """Calls `fn` once, on the turn of the event loop after `widget`'s first paint event (the frame is shown),
    or after `fallback_ms` if it hasn't painted by then."""

    def __init__(self, widget: QWidget, fn: Callable[[], object], fallback_ms: int = FALLBACK_MS) -> None:
        super().__init__(widget)
        self.widget = widget
        self.fn = fn
        self.done = False
        self._fallback = QTimer(self)
        self._fallback.setSingleShot(True)
        self._fallback.timeout.connect(self._run)
        self._fallback.start(fallback_ms)
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget and event.type() == QEvent.Type.Paint and not self.done:
            self._fallback.stop()
            self.widget.removeEventFilter(self)
            QTimer.singleShot(0, self._run)
        return False

    def _run(self) -> None:
        if self.done:
            return
        self.done = True
        self._fallback.stop()
        self.widget.removeEventFilter(self)
        self.fn()


def after_first_paint(
    widget: QWidget, fn: Callable[[], object], fallback_ms: int = FALLBACK_MS
) -> AfterFirstPaint:
    """Call `fn` once `widget` has painted its first frame, or after `fallback_ms` at the latest (kept
    alive as the widget's child)."""
    return AfterFirstPaint(widget, fn, fallback_ms)
