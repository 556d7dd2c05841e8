"""A row (or a legend) of condition icons: the inspector's conditions at a glance, the Player Screen's
legend of the conditions on the creatures the players see.

Each condition is its icon (`desktop.look.condition_icons`: its value in a bubble, a text badge for an
unknown one) with its name for people (`desktop.i18n.condition_names`, in the scene's system's words) as
the tooltip, or written beside it in a legend.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from desktop.i18n import Language
from desktop.i18n.condition_names import condition_name
from desktop.look.condition_icons import badge_pixmap


class ConditionIcons(QWidget):
    """Condition icons of `size` pixels in a row; with `legend`, one per line with its name beside it."""

    def __init__(self, parent: QWidget | None = None, *, size: int = 22, legend: bool = False) -> None:
        super().__init__(parent)
        self.icon_size = size
        self.legend = legend
        self.shown: list[str] = []
        #: The icons shown now (labels with the badge's pixmap and the name as tooltip).
        self.icons: list[QLabel] = []
        self._system = ""
        self._code = ""
        self._layout: QBoxLayout = QVBoxLayout(self) if legend else QHBoxLayout(self)
        margin = 4 if legend else 0
        self._layout.setContentsMargins(margin, margin, margin, margin)
        self._layout.setSpacing(4 if legend else 3)

    def set_conditions(
        self, texts: Iterable[str], system: str = "", language: Language | None = None
    ) -> None:
        """Show `texts` (``"frightened 2"``, ``"persistent-fire"``) in order; hidden when there are none."""
        shown = list(texts)
        code = language.code if language is not None else ""
        if (shown, system, code) == (self.shown, self._system, self._code):
            self.setVisible(bool(shown))
            return
        self.shown, self._system, self._code, self.icons = shown, system, code, []
        while self._layout.count():
            item = self._layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # gone now, not at the next turn of the event loop
                widget.deleteLater()
        ratio = self.devicePixelRatioF()
        for text in shown:
            name = condition_name(text, system, language)
            icon = QLabel()
            icon.setObjectName("conditionIcon")
            icon.setPixmap(badge_pixmap(text, self.icon_size, ratio))
            icon.setToolTip(name)
            icon.setAccessibleName(name)
            self.icons.append(icon)
            if not self.legend:
                self._layout.addWidget(icon)
                icon.show()  # now: a parent already shown would show it only later (its size counts now)
                continue
            line = QWidget()
            row = QHBoxLayout(line)
            row.setContentsMargins(0, 0, 0, 0)
            row.setSpacing(6)
            row.addWidget(icon)
            words = QLabel(name)
            words.setObjectName("conditionName")
            row.addWidget(words, 1)
            self._layout.addWidget(line)
            line.show()
        if not self.legend:
            self._layout.addStretch(1)
        self.setVisible(bool(shown))

    def count(self) -> int:
        """How many conditions are shown."""
        return len(self.icons)

    def names(self) -> list[str]:
        """The shown conditions' names for people (their tooltips), in order."""
        return [icon.toolTip() for icon in self.icons]


__all__ = ["ConditionIcons"]
