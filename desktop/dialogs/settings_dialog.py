"""The Settings dialog (Edit ▸ Settings…): the app-wide preferences of `desktop.settings`.

The language of the app and the Player Screen's apply when FiveFoot starts again (the windows write their
words when they are made); "System" follows the computer's language.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from desktop.i18n import LANGUAGE_NAMES, available_languages, system_language
from desktop.settings import (
    offer_step,
    player_language,
    recentre_on_turn,
    set_offer_step,
    set_player_language,
    set_recentre_on_turn,
    set_ui_language,
    ui_language,
)


class SettingsDialog(QDialog):
    """Edit ▸ Settings…: the app-wide preferences (not part of any scene)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings"))
        self.setObjectName("settingsDialog")
        self.recentre = QCheckBox(self.tr("Bring the creature whose turn it is into view"))
        self.recentre.setChecked(recentre_on_turn())
        self.recentre.setToolTip(
            self.tr(
                "When a turn begins and the active creature is off screen, centre the map on it (a creature"
                " already in view leaves the map where it is)"
            )
        )
        self.offer_step = QCheckBox(self.tr("Offer Step for single 5-ft moves"))
        self.offer_step.setChecked(offer_step())
        self.offer_step.setToolTip(
            self.tr(
                "PF2e: when a creature dragged one square could trigger a Reactive Strike, ask whether it "
                "Steps (no reaction) or Strides. Hold Ctrl while dragging to Step without being asked."
            )
        )
        note = QLabel(self.tr("The initiative list always scrolls to the active creature."))
        note.setWordWrap(True)
        note.setEnabled(False)
        self.language = QComboBox()
        self.language.setObjectName("languageChoice")
        system_name = LANGUAGE_NAMES.get(system_language(), system_language())
        self.language.addItem(self.tr("System ({language})").format(language=system_name), "")
        self.player_language = QComboBox()
        self.player_language.setObjectName("playerLanguageChoice")
        self.player_language.addItem(self.tr("Same as the app"), "")
        for code in available_languages():
            self.language.addItem(LANGUAGE_NAMES.get(code, code), code)
            self.player_language.addItem(LANGUAGE_NAMES.get(code, code), code)
        self._select(self.language, ui_language())
        self._select(self.player_language, player_language())
        languages = QFormLayout()
        languages.addRow(self.tr("Language:"), self.language)
        languages.addRow(self.tr("Player Screen language:"), self.player_language)
        restart = QLabel(self.tr("A new language applies when FiveFoot starts again."))
        restart.setWordWrap(True)
        restart.setEnabled(False)
        ok_cancel = QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        buttons = QDialogButtonBox(ok_cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.recentre)
        layout.addWidget(note)
        layout.addWidget(self.offer_step)
        layout.addLayout(languages)
        layout.addWidget(restart)
        layout.addStretch(1)
        layout.addWidget(buttons)

    @staticmethod
    def _select(box: QComboBox, code: str) -> None:
        index = box.findData(code)
        box.setCurrentIndex(max(0, index))

    def accept(self) -> None:
        set_recentre_on_turn(self.recentre.isChecked())
        set_offer_step(self.offer_step.isChecked())
        set_ui_language(str(self.language.currentData() or ""))
        set_player_language(str(self.player_language.currentData() or ""))
        super().accept()
