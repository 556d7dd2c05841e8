"""Per-scene settings: name, rule system, diagonal rule, flanking, area method, ambient light (one undoable
command)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from desktop.dialogs.new_scene import SYSTEM_LABELS
from rules.model.scene import LIGHT_LEVELS, Options, Scene, default_options
from rules.play.edits import ChangeSettings
from rules.systems import system_for

DIAGONAL_LABELS = {"five": "Every diagonal 5 ft (PHB)", "alternating": "Alternate 5/10 ft (DMG variant)"}
AREA_LABELS = {
    "half": "Half a square covered (DMG)",
    "touch": "Any part of a square (XGtE template)",
    "token": "Token method (XGtE)",
}


class SceneSettingsDialog(QDialog):
    def __init__(self, scene: Scene, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Scene settings"))
        self.setObjectName("sceneSettingsDialog")
        self._scene = scene
        self.name = QLineEdit(scene.name)
        self.system = QComboBox()
        for key, label in SYSTEM_LABELS.items():
            self.system.addItem(label, key)
        self.system.setCurrentIndex(list(SYSTEM_LABELS).index(scene.system))
        self.diagonals = QComboBox()
        for key, label in DIAGONAL_LABELS.items():
            self.diagonals.addItem(label, key)
        self.flanking = QCheckBox(self.tr("Use the optional flanking rule (advantage)"))
        self.area = QComboBox()
        for key, label in AREA_LABELS.items():
            self.area.addItem(label, key)
        self.ambient = QComboBox()
        self.ambient.setObjectName("sceneAmbient")
        self.ambient.setToolTip(self.tr("The light everywhere no light source reaches"))
        for level in LIGHT_LEVELS:
            self.ambient.addItem(level.capitalize(), level)
        self.ambient.setCurrentIndex(list(LIGHT_LEVELS).index(scene.options.ambient))
        self.note = QLabel()
        self.note.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("System"), self.system)
        form.addRow(self.tr("Diagonals"), self.diagonals)
        form.addRow(self.tr("Flanking"), self.flanking)
        form.addRow(self.tr("Areas"), self.area)
        form.addRow(self.tr("Ambient light"), self.ambient)
        form.addRow(self.note)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self._load(scene.options)
        self.system.currentIndexChanged.connect(self._system_changed)
        self._update_enabled()

    def _load(self, options: Options) -> None:
        self.diagonals.setCurrentIndex(list(DIAGONAL_LABELS).index(options.diagonals))
        self.flanking.setChecked(options.flanking)
        self.area.setCurrentIndex(list(AREA_LABELS).index(options.area_method))

    def _system_changed(self) -> None:
        system = str(self.system.currentData())
        if system_for(system).grid.fixed_diagonals != self._scene.rules.fixed_diagonals:
            self._load(default_options(system))
        self._update_enabled()

    def _update_enabled(self) -> None:
        system = system_for(str(self.system.currentData()))
        fixed = system.grid.fixed_diagonals
        self.diagonals.setEnabled(not fixed)
        self.flanking.setEnabled(not fixed)
        self.area.setEnabled(not fixed)
        self.note.setText(system.fixed_options_note)
        if fixed:
            self.diagonals.setCurrentIndex(list(DIAGONAL_LABELS).index(system.grid.diagonals))
            self.flanking.setChecked(system.grid.flanking)

    def command(self) -> ChangeSettings | None:
        """The settings change, or None when nothing changed."""
        system = str(self.system.currentData())
        extra = {k: v for k, v in self._scene.options.extra.items() if k != "__written__"}
        options = replace(  # the options this dialog doesn't show (ambient light …) are kept
            self._scene.options,
            diagonals=str(self.diagonals.currentData()),
            flanking=self.flanking.isChecked(),
            area_method=str(self.area.currentData()),
            ambient=str(self.ambient.currentData()),
            extra=extra,
        )
        name = self.name.text().strip()
        old = self._scene
        if (system, options, name) == (old.system, old.options, old.name):
            return None
        changes = []
        if system != old.system:
            changes.append(f"system {SYSTEM_LABELS[system]}")
        if options.diagonals != old.options.diagonals:
            changes.append(f"diagonals {options.diagonals}")
        if options.flanking != old.options.flanking:
            changes.append("flanking " + ("on" if options.flanking else "off"))
        if options.area_method != old.options.area_method:
            changes.append(f"areas by {options.area_method}")
        if options.ambient != old.options.ambient:
            changes.append(f"ambient light {options.ambient}")
        if name != old.name:
            changes.append(f"name “{name}”")
        return ChangeSettings(system, options, name, log="Scene settings: " + ", ".join(changes))
