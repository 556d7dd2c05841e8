"""File ▸ New: an empty map (system and size) or one of the bundled demo encounters."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from rules.model.scene import Scene, new_scene
from rules.systems import all_systems

#: Each system's title for pickers, by name.
SYSTEM_LABELS = {s.name: s.title for s in all_systems()}


class NewSceneDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New scene"))
        self.setObjectName("newSceneDialog")
        self.empty = QRadioButton(self.tr("Empty map"))
        self.demo = QRadioButton(self.tr("Demo encounter"))
        self.empty.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.empty)
        group.addButton(self.demo)

        self.name = QLineEdit()
        self.name.setPlaceholderText(self.tr("Untitled"))
        self.system = QComboBox()
        for key, label in SYSTEM_LABELS.items():
            self.system.addItem(label, key)
        self.width_box = QSpinBox()
        self.width_box.setRange(5, 300)
        self.width_box.setValue(30)
        self.width_box.setSuffix(self.tr(" squares"))
        self.height_box = QSpinBox()
        self.height_box.setRange(5, 300)
        self.height_box.setValue(20)
        self.height_box.setSuffix(self.tr(" squares"))
        empty_box = QGroupBox()
        empty_form = QFormLayout(empty_box)
        empty_form.addRow(self.tr("Name"), self.name)
        empty_form.addRow(self.tr("System"), self.system)
        empty_form.addRow(self.tr("Width"), self.width_box)
        empty_form.addRow(self.tr("Height"), self.height_box)

        self.demo_system = QComboBox()
        for game, title in dict((s.game, s.game_title) for s in all_systems()).items():
            self.demo_system.addItem(f"{title}: the Sunken Shrine", game)
        demo_box = QGroupBox()
        demo_form = QFormLayout(demo_box)
        demo_form.addRow(self.tr("Encounter"), self.demo_system)

        lay = QVBoxLayout(self)
        lay.addWidget(self.empty)
        lay.addWidget(empty_box)
        lay.addWidget(self.demo)
        lay.addWidget(demo_box)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.empty.toggled.connect(empty_box.setEnabled)
        self.demo.toggled.connect(demo_box.setEnabled)
        demo_box.setEnabled(False)

    def wants_demo(self) -> str | None:
        """The game of the chosen demo (a system's `game`), else None."""
        return str(self.demo_system.currentData()) if self.demo.isChecked() else None

    def scene(self) -> Scene:
        return new_scene(
            str(self.system.currentData()),
            self.width_box.value(),
            self.height_box.value(),
            self.name.text().strip(),
        )
