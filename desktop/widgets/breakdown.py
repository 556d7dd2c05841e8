"""One renderer for every roll's breakdown, as Foundry pf2e renders its modifier list: the engine answers a
roll with groups of typed rows (`rules.systems.modifiers.RowGroup` of `ModifierRow`: label, type, value,
applied, source) and `BreakdownTree` draws them — a bold line per group with its total, a line per row with
its value and, in the source column, its type and where it came from; a row that stacking left out is
dimmed and marked "not applied". The attack, check and save dialogs all draw their rolls with it; none of
them builds a row of its own. The rows are the engine's English words: each is shown in the app's language
(`desktop.i18n.engine_text`, in the words of the scene's rule system given to `show_groups`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem, QWidget

from desktop.i18n import engine_text
from rules.systems.modifiers import ModifierRow, RowGroup

DIM = QColor("#8a8a84")
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


class BreakdownTree(QTreeWidget):
    """A tree of a roll's `RowGroup` values (see the module docstring): columns label, value, source."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setColumnCount(3)
        self.setHeaderLabels(["", self.tr("Value"), self.tr("Source")])
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        header = self.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        #: The groups shown (what the engine answered).
        self.groups: tuple[RowGroup, ...] = ()
        #: The rule system whose words the rows are shown in (its Japanese terms differ from another's).
        self.system = ""

    def _words(self, text: str) -> str:
        return engine_text(text, self.system) if text else text

    def show_groups(self, groups: Sequence[RowGroup], system: str = "") -> None:
        """Draw `groups` (an empty sequence clears the tree) in the app's language, in `system`'s words."""
        self.groups = tuple(groups)
        self.system = system
        self.clear()
        for group in self.groups:
            item = QTreeWidgetItem(self, [self._words(group.title), self._words(group.total), ""])
            font = item.font(0)
            font.setBold(True)
            for col in range(3):
                item.setFont(col, font)
            item.setTextAlignment(1, _RIGHT)
            for row in group.rows:
                self._row(item, row)
        self.expandAll()

    def _row(self, parent: QTreeWidgetItem, row: ModifierRow) -> None:
        kind = "" if row.type in ("", "untyped") else f"{self._words(row.type)}: "
        source = kind + self._words(row.source) if row.source else kind.rstrip(": ")
        item = QTreeWidgetItem(parent, [self._words(row.label), self._words(row.shown), source])
        item.setTextAlignment(1, _RIGHT)
        if not row.applied:
            for col in range(3):
                item.setForeground(col, QBrush(DIM))
            item.setToolTip(0, self.tr("Doesn't stack with a better modifier of the same type"))
            item.setText(2, (source + self.tr(" — not applied")).strip(" —"))

    def rows(self) -> list[tuple[str, str, str]]:
        """Every line shown, top to bottom, as (label, value, source) — what a reader sees."""
        out: list[tuple[str, str, str]] = []
        for i in range(self.topLevelItemCount()):
            top = self.topLevelItem(i)
            if top is None:
                continue
            out.append((top.text(0), top.text(1), top.text(2)))
            for j in range(top.childCount()):
                child = top.child(j)
                if child is not None:
                    out.append((child.text(0), child.text(1), child.text(2)))
        return out


__all__ = ["BreakdownTree"]
