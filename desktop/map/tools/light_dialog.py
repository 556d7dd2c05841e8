"""A small dialog editing one light the GM placed: its bright and dim radii (feet).

Dim is the outer radius, so it is never less than bright: raising bright above dim raises dim with it.
`light()` is the edited light (position, colour and the rest kept); the caller executes one
`ReplaceLight` command with it.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QSpinBox, QWidget

from rules.model.scene import Light

#: The largest radius the dialog offers (feet).
MAX_RADIUS = 600


def _radius(value: float) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(0, MAX_RADIUS)
    spin.setSingleStep(5)
    spin.setSuffix(QCoreApplication.translate("LightDialog", " ft"))
    spin.setValue(round(value))
    return spin


class LightDialog(QDialog):
    def __init__(self, light: Light, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Light"))
        self.setObjectName("lightDialog")
        self._light = light
        self.bright = _radius(light.bright)
        self.bright.setObjectName("lightDialogBright")
        self.bright.setToolTip(self.tr("Bright light out to this distance"))
        self.dim = _radius(max(light.dim, light.bright))
        self.dim.setObjectName("lightDialogDim")
        self.dim.setToolTip(self.tr("Dim light from the bright radius out to this distance"))
        self.bright.valueChanged.connect(self._bright_changed)
        self.dim.valueChanged.connect(self._dim_changed)
        p = light.position
        form = QFormLayout(self)
        form.addRow(
            QLabel(
                self.tr("The light at ({x:g}, {y:g}) — a torch: bright 20 ft, dim 40 ft").format(x=p.x, y=p.y)
            )
        )
        form.addRow(self.tr("Bright"), self.bright)
        form.addRow(self.tr("Dim (outer)"), self.dim)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _bright_changed(self, value: int) -> None:
        if self.dim.value() < value:
            self.dim.setValue(value)

    def _dim_changed(self, value: int) -> None:
        if self.bright.value() > value:
            self.bright.setValue(value)

    def light(self) -> Light:
        """The light with the radii in the boxes (dim never below bright)."""
        bright = float(self.bright.value())
        return replace(self._light, bright=bright, dim=max(float(self.dim.value()), bright))

    def changed(self) -> bool:
        new = self.light()
        return (new.bright, new.dim) != (self._light.bright, self._light.dim)
