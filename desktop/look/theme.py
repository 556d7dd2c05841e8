"""A dark Fusion theme: the map is the bright thing on screen, the chrome around it stays calm."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleFactory,
    QStyleOption,
    QStyleOptionMenuItem,
    QToolBar,
    QToolTip,
    QWidget,
)
from shiboken6 import isValid


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


#: The toolbars' look, set on each toolbar (`style_toolbar`), never on the whole application: an application
#: style sheet makes Qt draw and lay out every widget through its style-sheet engine, which made building
#: the main window 80 ms slower at launch (issue 22).
TOOLBAR_STYLE = (
    "QToolBar { spacing: 4px; border: none; }"
    # the toolbar's overflow button (»): plainly a button, not a faint mark on the dark chrome
    "QToolButton#qt_toolbar_ext_button { background: #4a4d57; border: 1px solid #6b6f7a;"
    " border-radius: 3px; min-width: 16px; }"
)
#: The status bar's labels (set on the status bar: `style_status_bar`).
STATUS_BAR_STYLE = "QLabel { padding: 0 6px; }"


def apply_theme(app: QApplication) -> None:
    """Fusion with the dark palette; tooltips in the palette's tooltip colours. No application style
    sheet (see `TOOLBAR_STYLE`)."""
    style = app_style()
    if style is not None:
        app.setStyle(style)
    palette = dark_palette()
    app.setPalette(palette)
    QToolTip.setPalette(palette)


def style_toolbar(toolbar: QToolBar) -> None:
    """The app's look for `toolbar` (spacing, no border, a visible overflow button)."""
    toolbar.setStyleSheet(TOOLBAR_STYLE)


def style_status_bar(bar: QWidget) -> None:
    """The app's look for a status bar's labels."""
    bar.setStyleSheet(STATUS_BAR_STYLE)


_ACTION_EVENTS = (QEvent.Type.ActionAdded, QEvent.Type.ActionRemoved, QEvent.Type.ActionChanged)


class ToolbarFitter(QObject):
    """Keeps a text-beside-icon toolbar whole in a narrow window: when the window is too narrow for the
    buttons' texts, they show icons only (their names are in the tooltips); wider again, the texts come
    back. What still doesn't fit goes to the toolbar's » overflow menu, as in any Qt toolbar.

    The width the texts need is read from the toolbar's own size hint while it shows them (a layout's
    hint is only up to date after the event loop has run, so switching back checks again a moment later);
    adding or removing a button forgets it."""

    def __init__(self, toolbar: QToolBar) -> None:
        super().__init__(toolbar)
        self.toolbar = toolbar
        #: The width the toolbar needs with its texts (0: not known since its buttons changed).
        self.text_width = 0
        toolbar.window().installEventFilter(self)
        toolbar.installEventFilter(self)
        self.fit()

    def fit(self) -> None:
        tb = self.toolbar
        if not isValid(tb) or not isValid(self):  # a late timer after the window closed
            return
        style = Qt.ToolButtonStyle
        room = tb.window().width()
        if tb.toolButtonStyle() == style.ToolButtonTextBesideIcon:
            self.text_width = tb.sizeHint().width()
            if self.text_width > room:
                tb.setToolButtonStyle(style.ToolButtonIconOnly)
        elif not self.text_width or room >= self.text_width:
            tb.setToolButtonStyle(style.ToolButtonTextBesideIcon)
            QTimer.singleShot(0, self.fit)  # check with the texts laid out

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self.toolbar:
            if kind in _ACTION_EVENTS:
                self.text_width = 0
                QTimer.singleShot(0, self.fit)  # once the toolbar has its new button
        elif kind == QEvent.Type.Resize:
            self.fit()
        return False


def fit_toolbar(toolbar: QToolBar) -> ToolbarFitter:
    """Make `toolbar` switch to icons only when its window is too narrow for its texts."""
    return ToolbarFitter(toolbar)
