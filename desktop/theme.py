"""A dark Fusion theme: the map is the bright thing on screen, the chrome around it stays calm."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory


def dark_palette() -> QPalette:
    p = QPalette()
    window = QColor("#2a2b2f")
    base = QColor("#202124")
    text = QColor("#e8e6df")
    disabled = QColor("#7c7d80")
    accent = QColor("#3d8fe0")
    roles = {
        QPalette.ColorRole.Window: window,
        QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base,
        QPalette.ColorRole.AlternateBase: window,
        QPalette.ColorRole.ToolTipBase: QColor("#151518"),
        QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.Text: text,
        QPalette.ColorRole.Button: QColor("#34353a"),
        QPalette.ColorRole.ButtonText: text,
        QPalette.ColorRole.BrightText: QColor("#ff6b6b"),
        QPalette.ColorRole.Link: accent,
        QPalette.ColorRole.Highlight: accent,
        QPalette.ColorRole.HighlightedText: QColor("#ffffff"),
        QPalette.ColorRole.PlaceholderText: disabled,
    }
    for role, colour in roles.items():
        p.setColor(role, colour)
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return p


def apply_theme(app: QApplication) -> None:
    style = QStyleFactory.create("Fusion")
    if style is not None:
        app.setStyle(style)
    app.setPalette(dark_palette())
    app.setStyleSheet(
        "QToolTip { color: #e8e6df; background: #151518; border: 1px solid #44464d; padding: 4px; }"
        "QToolBar { spacing: 4px; border: none; }"
        "QStatusBar QLabel { padding: 0 6px; }"
    )
