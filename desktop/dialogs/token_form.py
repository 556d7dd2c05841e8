"""The quick "add token" form: name, side, size and the few numbers a GM types at the table."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from rules.geometry.coords import SIZES, Cell
from rules.play.edits import unique_token_id
from rules.scene import Scene, Token
from rules.systems import system_for


class TokenForm(QDialog):
    def __init__(self, system: str, cell: Cell, sides: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add token")
        self.setObjectName("tokenForm")
        self.system = system
        self.cell = cell
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Goblin 1")
        self.side = QComboBox()
        self.side.setEditable(True)
        self.side.addItems(sorted(set(sides) | {"party", "enemies", "neutral"}))
        self.side.setCurrentText("enemies")
        self.size_box = QComboBox()
        for s in SIZES:
            self.size_box.addItem(s.capitalize(), s)
        self.size_box.setCurrentIndex(SIZES.index("medium"))
        self.hp = QSpinBox()
        self.hp.setRange(1, 9999)
        self.hp.setValue(15)
        self.ac = QSpinBox()
        self.ac.setRange(1, 60)
        self.ac.setValue(15)
        self.speed = QSpinBox()
        self.speed.setRange(0, 300)
        self.speed.setSingleStep(5)
        self.speed.setSuffix(" ft")
        self.speed.setValue(system_for(system).default_speed)
        form = QFormLayout(self)
        form.addRow("Name", self.name)
        form.addRow("Side", self.side)
        form.addRow("Size", self.size_box)
        form.addRow("HP", self.hp)
        form.addRow("AC", self.ac)
        form.addRow("Speed", self.speed)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        # an editable combo box keeps Return for itself: there, as in the other boxes, Return means OK
        side_edit = self.side.lineEdit()
        if side_edit is not None:
            side_edit.returnPressed.connect(self.accept)

    def token(self, scene: Scene) -> Token:
        """The token the form describes, with an id not used in `scene`."""
        name = self.name.text().strip() or "Creature"
        size = str(self.size_box.currentData())
        reach = system_for(self.system).default_reach(size)
        tid = unique_token_id(scene, name)
        return Token(
            id=tid,
            cell=self.cell,
            size=size,
            side=self.side.currentText().strip() or "neutral",
            speed=self.speed.value(),
            reach=reach,
            ac=self.ac.value(),
            hp=self.hp.value(),
            max_hp=self.hp.value(),
            name=name,
        )
