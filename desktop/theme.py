"""A dark Fusion theme: the map is the bright thing on screen, the chrome around it stays calm."""

from __future__ import annotations

from PySide6.QtGui import QColor, QIcon, QPainter, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleFactory,
    QStyleOption,
    QStyleOptionMenuItem,
    QWidget,
)


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


class MenuCheckStyle(QProxyStyle):
    """Fusion, except that a checkable menu item shows its check box instead of its icon (Fusion draws the
    icon in the check's place, so a toggle with an icon never showed whether it was on)."""

    def drawControl(
        self,
        element: QStyle.ControlElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        if (
            element == QStyle.ControlElement.CE_MenuItem
            and isinstance(option, QStyleOptionMenuItem)
            and option.checkType != QStyleOptionMenuItem.CheckType.NotCheckable
            and not option.icon.isNull()
        ):
            plain = QStyleOptionMenuItem(option)
            plain.icon = QIcon()
            super().drawControl(element, plain, painter, widget)
            return
        super().drawControl(element, option, painter, widget)


def app_style() -> QStyle | None:
    """The app's widget style: Fusion with check marks on checkable menu items (None without Fusion)."""
    base = QStyleFactory.create("Fusion")
    return MenuCheckStyle(base) if base is not None else None


def apply_theme(app: QApplication) -> None:
    style = app_style()
    if style is not None:
        app.setStyle(style)
    app.setPalette(dark_palette())
    app.setStyleSheet(
        "QToolTip { color: #e8e6df; background: #151518; border: 1px solid #44464d; padding: 4px; }"
        "QToolBar { spacing: 4px; border: none; }"
        "QStatusBar QLabel { padding: 0 6px; }"
    )
