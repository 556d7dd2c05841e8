"""The Side box: a choice, not free text. It offers the usual sides (party, enemies, neutral) and every
side the scene already uses, and "New side…", which asks for a name (tokens with the same side are allies;
different sides are hostile)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QInputDialog, QWidget

DEFAULT_SIDES: tuple[str, ...] = ("party", "enemies", "neutral")
NEW = "__new__"


def side_choices(used: Iterable[str]) -> list[str]:
    """The usual sides first, then the others the scene uses, sorted."""
    others = sorted({s for s in used if s and s not in DEFAULT_SIDES})
    return [*DEFAULT_SIDES, *others]


class SidePicker(QComboBox):
    """See the module docstring. `side_chosen` fires with the side the GM picked (or named)."""

    side_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sidePicker")
        self.setEditable(False)
        self.setToolTip(self.tr("Tokens on the same side are allies; different sides are hostile"))
        #: Asks for a new side's name (a modal box; tests replace it). None: cancelled.
        self.ask_name: Callable[[], str | None] = self._ask
        self._current = "neutral"
        self.set_sides(())
        self.activated.connect(self._on_activated)

    def set_sides(self, used: Iterable[str]) -> None:
        """Offer the usual sides and `used` (keeping the current one)."""
        keep = self._current
        self.blockSignals(True)
        self.clear()
        for side in side_choices([*used, keep]):
            self.addItem(side, side)
        self.addItem(self.tr("New side…"), NEW)
        self.setCurrentIndex(max(0, self.findData(keep)))
        self.blockSignals(False)

    def set_side(self, side: str) -> None:
        self._current = side
        if self.findData(side) < 0:
            self.insertItem(self.count() - 1, side, side)
        self.blockSignals(True)
        self.setCurrentIndex(self.findData(side))
        self.blockSignals(False)

    def side(self) -> str:
        return self._current

    def _ask(self) -> str | None:
        text, ok = QInputDialog.getText(
            self, self.tr("New side"), self.tr("Name of the side (e.g. “allies”):")
        )
        return text.strip().lower() if ok and text.strip() else None

    def _on_activated(self, index: int) -> None:
        data = self.itemData(index)
        if data == NEW:
            name = self.ask_name()
            if not name:
                self.set_side(self._current)  # cancelled: back to what it was
                return
            self.set_side(name)
        else:
            self.set_side(str(data))
        self.side_chosen.emit(self._current)


__all__ = ["DEFAULT_SIDES", "SidePicker", "side_choices"]
