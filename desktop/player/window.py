"""The Player Screen window: the map as the party knows it and the table information, nothing to click.

It shows what `desktop.player.steering.TvSteering` says — where the view is, its zoom, its rotation, the
curtain and the reveal — and the initiative strip along its top (the creatures the players see, whose turn
it is and the round). Every control lives on the GM's side (`desktop.player.panel`); Escape on the TV
leaves full screen. Touch on the map (`desktop.player.touch`) pans, zooms, pings and measures when the GM
allows it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.player.scene import PlayerMapView, PlayerScene
from desktop.player.steering import TvSteering
from desktop.player.touch import TableTouch
from rules.play.projection import PlayerView

STRIP_STYLE = (
    "QWidget#playerStrip { background: #111214; }"
    "QListWidget { background: #111214; color: #eee; font-size: 22px; border: none; }"
    "QListWidget::item { padding: 4px 14px; border-right: 1px solid #333; }"
    "QListWidget::item:selected { background: #7a5214; color: white; }"
    "QLabel { color: #f0d9a0; font-size: 22px; font-weight: bold; padding: 4px 12px; }"
)


class PlayerWindow(QWidget):
    """The TV's window (see the module docstring)."""

    #: Full screen was entered or left (Escape on the TV leaves it).
    full_screen_changed = Signal(bool)
    #: The window was shown or hidden (closed).
    shown = Signal(bool)

    def __init__(self, scene: PlayerScene, steering: TvSteering | None = None) -> None:
        super().__init__(None, Qt.WindowType.Window)
        self.setObjectName("playerWindow")
        # the GM window's Quit closes it; it never keeps the app running on its own
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        self.setWindowTitle(self.tr("FiveFoot — Player Screen"))
        self.player_scene = scene
        self.steering = steering if steering is not None else TvSteering(self)
        self.view = PlayerMapView(scene, self)
        self.view.setObjectName("playerMapView")
        self.touch = TableTouch(self.view, self.steering, scene.doc)
        # the initiative strip: who acts in what order, whose turn it is, the round
        self.round_label = QLabel()
        self.round_label.setObjectName("playerRound")
        self.initiative = QListWidget()
        self.initiative.setObjectName("playerInitiative")
        self.initiative.setFlow(QListView.Flow.LeftToRight)
        self.initiative.setWrapping(False)
        self.initiative.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.initiative.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.initiative.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.initiative.setFixedHeight(44)
        strip = QWidget()
        strip.setObjectName("playerStrip")
        strip.setStyleSheet(STRIP_STYLE)
        strip_lay = QHBoxLayout(strip)
        strip_lay.setContentsMargins(0, 0, 0, 0)
        strip_lay.setSpacing(0)
        strip_lay.addWidget(self.round_label)
        strip_lay.addWidget(self.initiative, 1)
        self.strip = strip
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(strip)
        lay.addWidget(self.view, 1)
        self.setStyleSheet("PlayerWindow { background: black; }")
        self._has_initiative = False
        scene.projected.connect(self._on_projected)
        self.steering.changed.connect(self.apply_steering)
        self._on_projected(scene.view_value)
        self.resize(1280, 760)

    # ---- screens

    def go_full_screen(self, on: bool, screen_index: int | None = None) -> None:
        if on:
            screens = QGuiApplication.screens()
            i = screen_index if screen_index is not None else 0
            if 0 <= i < len(screens):
                handle = self.windowHandle()
                if handle is not None:
                    handle.setScreen(screens[i])
                self.setGeometry(screens[i].geometry())
            self.showFullScreen()
        else:
            self.showNormal()
        self.full_screen_changed.emit(on)
        QTimer.singleShot(0, self.apply_steering)

    def keyPressEvent(self, event: Any) -> None:
        if event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.go_full_screen(False)
            return
        super().keyPressEvent(event)

    # ---- view

    def apply_steering(self) -> None:
        """Draw the map where the steering says, with its curtain and reveal."""
        s = self.steering
        self.view.apply(s.scale, s.centre, s.rotation)
        self.view.set_masks(s.reveal, s.curtain)
        self.strip.setVisible(self._has_initiative and not s.curtain)

    def viewport_size(self) -> QSize:
        return self.view.viewport().size()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        QTimer.singleShot(0, self._report_size)

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self._report_size)
        self.shown.emit(True)

    def hideEvent(self, event: Any) -> None:
        super().hideEvent(event)
        self.shown.emit(False)

    def _report_size(self) -> None:
        size = self.viewport_size()
        self.steering.set_viewport(size.width(), size.height())
        self.apply_steering()

    def _on_projected(self, view: PlayerView | None) -> None:
        self.initiative.clear()
        if view is None:
            return
        for entry in view.initiative:
            shown = view.token(entry.token_id)
            name = entry.name
            if shown is not None and shown.number is not None:  # the number on the miniature's base
                name = self.tr("{name} #{n}").format(name=name, n=shown.number)
            item = QListWidgetItem(("▶ " if entry.current else "") + name)
            self.initiative.addItem(item)
            if entry.current:
                self.initiative.setCurrentItem(item)
        self.round_label.setText(self.tr("Round {n}").format(n=view.round) if view.round is not None else "")
        self._has_initiative = bool(view.initiative)
        self.strip.setVisible(self._has_initiative and not self.steering.curtain)
