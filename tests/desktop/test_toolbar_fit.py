"""The main toolbar stays whole in a 1400-px window (issue 13 item 14): when the texts don't fit, its
buttons show icons only (names in their tooltips) instead of dropping the last ones off the edge."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication


def _hidden(window) -> list[str]:  # type: ignore[no-untyped-def]
    tb = window.main_toolbar
    out = []
    for act in tb.actions():
        if act.isSeparator() or not act.isVisible():
            continue
        widget = tb.widgetForAction(act)
        if widget is None or not widget.isVisible() or not tb.rect().contains(widget.geometry()):
            out.append(act.text())
    return out


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def test_every_toolbar_button_shows_at_1400_px(window) -> None:  # type: ignore[no-untyped-def]
    for width in (1400, 1200, 1024):
        window.resize(width, 900)
        _settle()
        assert window.width() == width
        assert _hidden(window) == [], (width, window.main_toolbar.sizeHint().width())
    # wide enough again: the texts come back
    fitter = window._toolbar_fitter
    assert fitter.text_width > 1024  # measured while the texts were shown
    window.resize(fitter.text_width + 40, 900)
    _settle()
    if window.width() >= fitter.text_width:
        assert window.main_toolbar.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextBesideIcon
        assert _hidden(window) == []
    window.resize(1400, 900)
    _settle()
    assert window.main_toolbar.toolButtonStyle() in (
        Qt.ToolButtonStyle.ToolButtonIconOnly,
        Qt.ToolButtonStyle.ToolButtonTextBesideIcon,
    )
    # every button names itself in its tooltip
    for act in window.main_toolbar.actions():
        if not act.isSeparator():
            assert act.toolTip().strip(), act.text()
