"""A dark Fusion theme: the map is the bright thing on screen, the chrome around it stays calm."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleFactory,
    QStyleOption,
    QStyleOptionMenuItem,
    QToolBar,
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
        # the toolbar's overflow button (»): plainly a button, not a faint mark on the dark chrome
        "QToolBar QToolButton#qt_toolbar_ext_button { background: #4a4d57; border: 1px solid #6b6f7a;"
        " border-radius: 3px; min-width: 16px; }"
        "QStatusBar QLabel { padding: 0 6px; }"
    )


class ToolbarFitter(QObject):
    """Keeps a text-beside-icon toolbar whole in a narrow window: when the window is too narrow for the
    buttons' texts, they show icons only (their names are in the tooltips); wider again, the texts come
    back. What still doesn't fit goes to the toolbar's » overflow menu, as in any Qt toolbar."""

    def __init__(self, toolbar: QToolBar) -> None:
        super().__init__(toolbar)
        self.toolbar = toolbar
        self._text_width = 0
        window = toolbar.window()
        window.installEventFilter(self)
        self.fit()

    def full_width(self) -> int:
        """The toolbar's width with every text shown (measured once)."""
        if not self._text_width:
            tb = self.toolbar
            old = tb.toolButtonStyle()
            tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            self._text_width = tb.sizeHint().width()
            tb.setToolButtonStyle(old)
        return self._text_width

    def fit(self) -> None:
        tb = self.toolbar
        wide = tb.window().width() >= self.full_width()
        style = Qt.ToolButtonStyle
        wanted = style.ToolButtonTextBesideIcon if wide else style.ToolButtonIconOnly
        if tb.toolButtonStyle() != wanted:
            tb.setToolButtonStyle(wanted)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False


def fit_toolbar(toolbar: QToolBar) -> ToolbarFitter:
    """Make `toolbar` switch to icons only when its window is too narrow for its texts."""
    return ToolbarFitter(toolbar)
