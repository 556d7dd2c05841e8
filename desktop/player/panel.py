"""The GM's Player Screen panel: every control of the TV in one dock, above a live preview of what the
players see (the curtain and the reveal included). The buttons are the View ▸ Player Screen menu's actions
(`desktop.player.screen.PlayerScreenFeatures`), so the menu and the panel never disagree; the screen
chooser says which screen full screen and true scale are for."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)


def _button(action: QAction, text: str | None = None) -> QToolButton:
    if text is not None:
        action.setIconText(text)  # the button's short words; the menu keeps the action's full text
    button = QToolButton()
    button.setDefaultAction(action)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    button.setAutoRaise(False)
    return button


class PlayerPanel(QWidget):
    """The controls of the TV and the preview (see the module docstring)."""

    #: The TV's steering changed (relayed, so the buttons follow it while this panel exists).
    steering_changed = Signal()

    def __init__(self, features: Any, preview: QWidget) -> None:
        super().__init__()
        self.setObjectName("playerPanel")
        f = features
        self.screens = QComboBox()
        self.screens.setObjectName("playerScreens")
        self.fill_screens()
        grid = QGridLayout()
        grid.setContentsMargins(4, 4, 4, 4)
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(3)
        rows: list[tuple[str, list[QWidget]]] = [
            ("", [_button(f.act_player, self.tr("Open")), _button(f.act_full, self.tr("Full Screen"))]),
            (self.tr("Screen"), [self.screens]),
            (
                self.tr("View"),
                [
                    _button(f.mode_actions["fixed"], self.tr("Stay")),
                    _button(f.mode_actions["gm"], self.tr("My View")),
                    _button(f.mode_actions["creature"], self.tr("Active Creature")),
                ],
            ),
            (
                "",
                [
                    _button(f.act_push, self.tr("Push My View")),
                    _button(f.act_fit, self.tr("Known Map")),
                    _button(f.act_lock, self.tr("Lock")),
                ],
            ),
            (
                self.tr("Show"),
                [
                    _button(f.act_curtain, self.tr("Curtain")),
                    _button(f.act_reveal, self.tr("Only an Area…")),
                    _button(f.act_clear_reveal, self.tr("Everything")),
                ],
            ),
            (self.tr("Turn"), [_button(a, f"{d}°") for d, a in f.rotation_actions.items()]),
            (
                self.tr("Scale"),
                [
                    _button(f.act_true_scale, self.tr("True Scale")),
                    _button(f.act_calibrate, self.tr("Calibrate…")),
                    _button(f.act_touch, self.tr("Touch")),
                ],
            ),
        ]
        for r, (label, widgets) in enumerate(rows):
            if label:
                grid.addWidget(QLabel(label), r, 0)
            line = QHBoxLayout()
            line.setSpacing(3)
            for w in widgets:
                line.addWidget(w)
            line.addStretch(1)
            grid.addLayout(line, r, 1)
        grid.setColumnStretch(1, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        lay.addLayout(grid)
        lay.addWidget(preview, 1)
        self.buttons = {b.defaultAction().objectName() or b.text(): b for b in self.findChildren(QToolButton)}

    def fill_screens(self) -> None:
        self.screens.clear()
        for i, screen in enumerate(QGuiApplication.screens()):
            g = screen.geometry()
            self.screens.addItem(f"{i + 1}: {screen.name()} ({g.width()}×{g.height()})", i)
        if self.screens.count() > 1:
            self.screens.setCurrentIndex(1)  # a second screen is most likely the TV
