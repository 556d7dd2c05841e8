"""The Player Screen window: the map as the party knows it and the table information, nothing to click.

It shows what `desktop.player.steering.TvSteering` says — where the view is, its zoom, its rotation, the
curtain and the reveal — and the initiative strip (`desktop.player.strip`: the creatures the players see,
whose turn it is and the round) along the edge that is up for the seats the map is turned to. Every
control lives on the GM's side (`desktop.player.panel`); Escape on the TV
leaves full screen. Touch on the map (`desktop.player.touch`) pans, zooms, pings and measures when the GM
allows it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QGridLayout, QWidget

from desktop.i18n import for_player
from desktop.player.roll_log import PlayerRollLog
from desktop.player.ruler_bar import RulerBar
from desktop.player.scene import PlayerMapView, PlayerScene
from desktop.player.steering import TvSteering
from desktop.player.strip import InitiativeStrip
from desktop.player.touch import TableTouch
from desktop.widgets.condition_icons import ConditionIcons
from rules.play.projection import PlayerView


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
        self.strip = InitiativeStrip()
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setSpacing(0)
        self._grid.addWidget(self.view, 1, 1)
        self._grid.setRowStretch(1, 1)
        self._grid.setColumnStretch(1, 1)
        self._place_strip()
        # the dice box's public rolls, in the map's lower right corner (never a secret GM roll)
        self.rolls = PlayerRollLog(self.view)
        # what each condition icon on the tokens means, in the map's lower left corner
        self.legend = ConditionIcons(self.view, size=30, legend=True)
        self.legend.setObjectName("conditionLegend")
        self.legend.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.legend.setStyleSheet(
            "#conditionLegend { background: rgba(17, 17, 17, 210); border-radius: 6px; }"
            " QLabel { color: #eee; font-size: 17px; background: transparent; }"
        )
        self.legend.hide()
        self.setStyleSheet("PlayerWindow { background: black; }")
        self._has_initiative = False
        #: The calibration ruler shown on the TV, or None.
        self.ruler: RulerBar | None = None
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
            # no mouse pointer left over the players' map
            self.view.viewport().setCursor(Qt.CursorShape.BlankCursor)
        else:
            self.showNormal()
            self.view.viewport().unsetCursor()
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
        if s.rotation != self.strip.rotation:
            self.strip.set_rotation(s.rotation)
            self._place_strip()
        self.strip.setVisible(self._has_initiative and not s.curtain)
        self._place_rolls()
        self._place_legend()

    def _place_legend(self) -> None:
        """The conditions' legend in the map's lower left corner (never behind the curtain)."""
        shown = self.legend.count() > 0 and not self.steering.curtain
        self.legend.setVisible(shown)
        if not shown:
            return
        vp = self.view.viewport().geometry()
        layout = self.legend.layout()
        if layout is not None:  # the lines just put in count
            layout.invalidate()
            layout.activate()
        hint = self.legend.sizeHint()
        height = min(hint.height(), vp.height() // 2)
        width = min(hint.width() + 8, vp.width() // 3)
        self.legend.setGeometry(vp.left() + 8, vp.bottom() - height - 8, width, height)
        self.legend.raise_()

    def _place_rolls(self) -> None:
        shown = self.rolls.count() > 0 and not self.steering.curtain
        self.rolls.setVisible(shown)
        if not shown:
            return
        vp = self.view.viewport().geometry()
        height = min(vp.height() // 3, 8 + 26 * self.rolls.count())
        width = min(300, vp.width() // 2)
        self.rolls.setGeometry(vp.right() - width - 8, vp.bottom() - height - 8, width, height)
        self.rolls.raise_()

    def show_ruler(self, length: int | None) -> None:
        """Show a bar `length` logical pixels long across the TV's middle to measure with a real ruler
        (calibrating true scale), or take it away (None)."""
        if length is None:
            if self.ruler is not None:
                self.ruler.hide()
                self.ruler.deleteLater()
                self.ruler = None
            return
        if self.ruler is None:
            self.ruler = RulerBar(self.view, length)
        vp = self.view.geometry()
        hint = self.ruler.sizeHint()
        self.ruler.setGeometry(
            vp.center().x() - hint.width() // 2,
            vp.center().y() - hint.height() // 2,
            hint.width(),
            hint.height(),
        )
        self.ruler.show()
        self.ruler.raise_()

    def _place_strip(self) -> None:
        """Along the edge that is up for the seats the map is turned to."""
        row, col = {0: (0, 1), 90: (1, 2), 180: (2, 1), 270: (1, 0)}[self.strip.rotation]
        self._grid.removeWidget(self.strip)
        self._grid.addWidget(self.strip, row, col)

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
        self._place_rolls()
        self._place_legend()

    def _on_projected(self, view: PlayerView | None) -> None:
        if view is None:
            return
        names, current = [], None
        for i, entry in enumerate(view.initiative):
            shown = view.token(entry.token_id)
            name = entry.name
            if shown is not None and shown.number is not None:  # the number on the miniature's base
                name = self.tr("{name} #{n}").format(name=name, n=shown.number)
            names.append(name)
            if entry.current:
                current = i
        round_text = self.tr("Round {n}").format(n=view.round) if view.round is not None else ""
        self.strip.set_entries(round_text, names, current)
        self._has_initiative = bool(view.initiative)
        self.strip.setVisible(self._has_initiative and not self.steering.curtain)
        self.rolls.show_view(view)
        self._place_rolls()
        self.show_legend(view)

    def show_legend(self, view: PlayerView) -> None:
        """The conditions on the creatures the players see, each once (by name: the values are on the
        tokens), named in the Player Screen's language and the scene's system's words."""
        names = dict.fromkeys(c.split()[0].lower() for t in view.tokens for c in t.conditions if c.split())
        system = self.player_scene.doc.scene.system
        self.legend.set_conditions(list(names), system, for_player())
        self.legend.adjustSize()
        self._place_legend()
