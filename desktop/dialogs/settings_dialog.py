"""The Settings dialog (Edit ▸ Settings…): the app-wide preferences of `desktop.settings`."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from desktop.settings import offer_step, recentre_on_turn, set_offer_step, set_recentre_on_turn


class SettingsDialog(QDialog):
    """Edit ▸ Settings…: the app-wide preferences (not part of any scene)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.setObjectName("settingsDialog")
        self.recentre = QCheckBox(self.tr("Bring the creature whose turn it is into view"))
        self.recentre.setChecked(recentre_on_turn())
        self.recentre.setToolTip(
            self.tr(
                "When a turn begins and the active creature is off screen, centre the map on it (a creature"
                " already in view leaves the map where it is)"
            )
        )
        self.offer_step = QCheckBox("Offer Step for single 5-ft moves")
        self.offer_step.setChecked(offer_step())
        self.offer_step.setToolTip(
            "PF2e: when a creature dragged one square could trigger a Reactive Strike, ask whether it "
            "Steps (no reaction) or Strides. Hold Ctrl while dragging to Step without being asked."
        )
        note = QLabel("The initiative list always scrolls to the active creature.")
        note.setWordWrap(True)
        note.setEnabled(False)
        ok_cancel = QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        buttons = QDialogButtonBox(ok_cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.recentre)
        layout.addWidget(note)
        layout.addWidget(self.offer_step)
        layout.addStretch(1)
        layout.addWidget(buttons)

    def accept(self) -> None:
        set_recentre_on_turn(self.recentre.isChecked())
        set_offer_step(self.offer_step.isChecked())
        super().accept()
