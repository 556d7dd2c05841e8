"""Add to Encounter: creatures placed after initiative was rolled join the running encounter.

One row per creature on the map that is not in the initiative order: a tick (the creatures the GM chose are
ticked), its initiative modifier (the system's `initiative_modifier`) and a box for the d20 it rolled at
the table ("roll": the app rolls it with its dice). "Add" gives `command()`, one
`rules.play.roster.AddToEncounter` that the caller executes: the engine rolls what wasn't typed and puts
each creature in its place by initiative (undoable; undo and redo never roll again).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.dice import ask_or_roll, rolls_own_dice
from rules.dice import DieSource
from rules.model.state import GameState
from rules.play.roster import AddToEncounter, not_in_encounter
from rules.systems import system_for


class JoinEncounterDialog(QDialog):
    """See the module docstring. `chosen`: the creatures ticked at the start (the others are listed
    unticked)."""

    def __init__(
        self, state: GameState, chosen: Sequence[str], dice: DieSource, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("joinEncounterDialog")
        self.setWindowTitle(self.tr("Add to Encounter"))
        self.dice = dice
        scene = state.scene
        self.scene = scene
        system = system_for(scene)
        outside = not_in_encounter(state, [t.id for t in scene.tokens])
        first = [t for t in chosen if t in outside]
        ids = [*first, *(t for t in outside if t not in first)]
        self.rows: list[tuple[str, QCheckBox, QSpinBox]] = []

        hint = QLabel(
            self.tr(
                "Each creature rolls initiative and takes its place in the order; whoever's turn it is"
                " keeps it. Type a d20 rolled at the table, or leave “roll” for the app to roll it."
            )
        )
        hint.setWordWrap(True)
        self.table = QTableWidget(len(ids), 4)
        self.table.setObjectName("joinTable")
        self.table.setHorizontalHeaderLabels(["", self.tr("Creature"), self.tr("Mod"), self.tr("d20")])
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        head = self.table.horizontalHeader()
        head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for r, tid in enumerate(ids):
            tok = scene.token(tid)
            assert tok is not None
            check = QCheckBox()
            check.setChecked(tid in first)
            check.setToolTip(self.tr("Add {name} to the encounter").format(name=tok.label))
            name = QTableWidgetItem(tok.label)
            name.setFlags(Qt.ItemFlag.ItemIsEnabled)
            mod = QTableWidgetItem(f"{system.initiative_modifier(tok):+d}")
            mod.setFlags(Qt.ItemFlag.ItemIsEnabled)
            mod.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            d20 = QSpinBox()
            d20.setRange(0, 20)
            d20.setSpecialValueText(self.tr("roll"))
            d20.setToolTip(
                self.tr("The d20 {name} rolled at the table (“roll”: the app rolls it)").format(
                    name=tok.label
                )
            )
            self.table.setCellWidget(r, 0, check)
            self.table.setItem(r, 1, name)
            self.table.setItem(r, 2, mod)
            self.table.setCellWidget(r, 3, d20)
            self.rows.append((tid, check, d20))
            check.toggled.connect(lambda _on: self._update())
        self.empty = QLabel(self.tr("Every creature on the map is already in the encounter."))
        self.empty.setVisible(not ids)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.add_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.add_button.setObjectName("joinAdd")
        self.add_button.setText(self.tr("Add"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(hint)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.empty)
        lay.addWidget(self.buttons)
        self.resize(420, min(520, 150 + 34 * max(1, len(ids))))
        self._update()

    def _update(self) -> None:
        self.add_button.setEnabled(bool(self.chosen()))

    def set_typed(self, token_id: str, d20: int | None = None, included: bool | None = None) -> None:
        for tid, check, spin in self.rows:
            if tid == token_id:
                if d20 is not None:
                    spin.setValue(d20)
                if included is not None:
                    check.setChecked(included)

    def chosen(self) -> list[str]:
        return [tid for tid, check, _spin in self.rows if check.isChecked()]

    def command(self) -> AddToEncounter | None:
        """The creatures ticked, with the d20s typed in (None when none is ticked)."""
        ids = self.chosen()
        if not ids:
            return None
        typed = [(tid, spin.value()) for tid, check, spin in self.rows if check.isChecked() and spin.value()]
        given = {tid for tid, _ in typed}
        scene = self.scene
        for tid in ids:  # a player who rolls their own dice is asked for the initiative d20
            if tid not in given and rolls_own_dice(scene, tid):
                typed.append(
                    (tid, ask_or_roll(scene, tid, self.tr("initiative"), self.dice, self).randint(1, 20))
                )
        return AddToEncounter(tuple(ids), tuple(typed), self.dice)


__all__ = ["JoinEncounterDialog"]
