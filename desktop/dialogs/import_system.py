"""The question asked when a Universal VTT map (``.dd2vtt``, ``.uvtt``, ``.df2vtt``) is opened in the app:
which rules should the imported map use? The file has no rules of its own. The last choice is remembered
(`desktop.dialogs.settings_dialog.last_import_system`) and offered first; ``fivefoot --system …`` on the
command line answers it in advance.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from desktop.dialogs.new_scene import SYSTEM_LABELS
from desktop.settings import last_import_system, set_last_import_system


class ImportSystemDialog(QDialog):
    def __init__(self, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Rules for this map"))
        self.setObjectName("importSystemDialog")
        self.setMinimumWidth(380)
        text = QLabel(
            self.tr("“{name}” is a map without rules of its own. Which rules should it use?").format(
                name=path.name
            )
        )
        text.setWordWrap(True)
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        last = last_import_system()
        for key, label in SYSTEM_LABELS.items():
            button = QRadioButton(label.replace("&", "&&"))  # "D&D", not a keyboard mnemonic
            button.setChecked(key == last)
            self.group.addButton(button)
            self.buttons[key] = button
            layout.addWidget(button)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        layout.addWidget(box)

    def system(self) -> str:
        return next(key for key, button in self.buttons.items() if button.isChecked())

    def choose(self, system: str) -> None:
        self.buttons[system].setChecked(True)

    def accept(self) -> None:
        set_last_import_system(self.system())
        super().accept()


def ask_import_system(path: Path, parent: QWidget | None = None) -> str | None:
    """Ask which rules an imported map uses (None: cancelled)."""
    dialog = ImportSystemDialog(path, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.system()
