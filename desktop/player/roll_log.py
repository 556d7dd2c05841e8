"""The Player Screen's roll log: the dice box's public rolls, newest first, as the players may see them.

It shows only `PlayerView.rolls` (`rules.play.projection.player_projection`), which never holds a secret GM
roll: the list is built from the players' projection, never from the GM's history.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QWidget

from rules.play.projection import PlayerView, ShownRoll

#: How many rolls the Player Screen shows.
SHOWN_ROLLS = 8


class PlayerRollLog(QListWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playerRolls")
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setStyleSheet(
            "QListWidget { background: rgba(17, 17, 17, 210); color: #eee; font-size: 16px; border: none; }"
        )

    def line(self, roll: ShownRoll) -> str:
        text = self.tr("{who}: {expression} = {total}").format(
            who=roll.who, expression=roll.expression, total=roll.total
        )
        if roll.success is True:
            text += " ✓ " + self.tr("success")
        elif roll.success is False:
            text += " ✗ " + self.tr("failure")
        return text

    def show_view(self, view: PlayerView | None) -> None:
        """Show the projection's public rolls (hidden when there are none)."""
        self.clear()
        rolls = view.rolls[-SHOWN_ROLLS:] if view is not None else ()
        for roll in reversed(rolls):
            self.addItem(self.line(roll))
        self.setVisible(bool(rolls))

    def texts(self) -> list[str]:
        return [self.item(i).text() for i in range(self.count())]


__all__ = ["SHOWN_ROLLS", "PlayerRollLog"]
