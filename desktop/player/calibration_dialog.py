"""Calibrate True Scale: the GM tells FiveFoot how big the TV is, so one grid square is exactly one inch (or
another size) on the glass and the miniatures stand on the squares.

Two ways (`desktop.player.true_scale` does the arithmetic): the screen's **diagonal** in inches or
centimetres with its pixel size (filled in from the chosen screen; the aspect comes from the pixels), or a
**ruler** this dialog draws — move the dialog onto the TV, measure the bar with a real ruler and type its
length (while the ruler is chosen the Player Screen shows the same bar, `ruler_shown`, so it can be
measured on the TV itself). The answer is the screen's pixels per inch, kept per screen by the caller.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QSize, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.player import true_scale
from desktop.player.ruler_bar import RulerBar

#: The drawn ruler's length in the dialog's logical pixels.
RULER_PX = 400


def _unit_box() -> QComboBox:
    box = QComboBox()
    box.addItem(QCoreApplication.translate("CalibrationDialog", "inches"), "in")
    box.addItem(QCoreApplication.translate("CalibrationDialog", "cm"), "cm")
    return box


class CalibrationDialog(QDialog):
    """See the module docstring. `ppi()` and `square_inches()` are the answer once it is accepted."""

    #: The ruler's length in logical pixels to show on the TV while the ruler is chosen, or None.
    ruler_shown = Signal(object)

    def __init__(self, parent: QWidget | None, screen: Any, player_window: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trueScaleDialog")
        self.setWindowTitle(self.tr("Calibrate True Scale"))
        self.screen_ratio = float(screen.devicePixelRatio()) if screen is not None else 1.0
        size = screen.size() * self.screen_ratio if screen is not None else QSize(1920, 1080)
        self.by_size = QRadioButton(self.tr("The screen's size"))
        self.by_ruler = QRadioButton(self.tr("Measure a ruler"))
        self.by_size.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.by_size)
        group.addButton(self.by_ruler)
        # by size
        self.diagonal = QDoubleSpinBox()
        self.diagonal.setObjectName("trueScaleDiagonal")
        self.diagonal.setRange(5.0, 400.0)
        self.diagonal.setDecimals(1)
        self.diagonal.setValue(43.0)
        self.diagonal_unit = _unit_box()
        self.width_px = QSpinBox()
        self.width_px.setRange(100, 20000)
        self.width_px.setValue(size.width())
        self.height_px = QSpinBox()
        self.height_px.setRange(100, 20000)
        self.height_px.setValue(size.height())
        size_page = QWidget()
        size_form = QFormLayout(size_page)
        diag_row = QHBoxLayout()
        diag_row.addWidget(self.diagonal)
        diag_row.addWidget(self.diagonal_unit)
        size_form.addRow(self.tr("Diagonal"), diag_row)
        px_row = QHBoxLayout()
        px_row.addWidget(self.width_px)
        px_row.addWidget(QLabel("×"))
        px_row.addWidget(self.height_px)
        size_form.addRow(self.tr("Pixels"), px_row)
        # by ruler
        self.measured = QDoubleSpinBox()
        self.measured.setObjectName("trueScaleMeasured")
        self.measured.setRange(0.1, 200.0)
        self.measured.setDecimals(2)
        self.measured.setValue(7.8)
        self.measured_unit = _unit_box()
        ruler_page = QWidget()
        ruler_lay = QVBoxLayout(ruler_page)
        ruler_lay.addWidget(
            QLabel(
                self.tr("Measure the bar on the Player Screen (or this one, on the TV) with a real ruler:")
            )
        )
        ruler_lay.addWidget(RulerBar(None, RULER_PX))
        m_row = QHBoxLayout()
        m_row.addWidget(QLabel(self.tr("The bar measures")))
        m_row.addWidget(self.measured)
        m_row.addWidget(self.measured_unit)
        m_row.addStretch(1)
        ruler_lay.addLayout(m_row)
        self.pages = QStackedWidget()
        self.pages.addWidget(size_page)
        self.pages.addWidget(ruler_page)
        # the square
        self.square = QDoubleSpinBox()
        self.square.setObjectName("trueScaleSquare")
        self.square.setRange(0.1, 20.0)
        self.square.setDecimals(2)
        self.square.setValue(true_scale.saved_square_inches())
        self.square_unit = _unit_box()
        sq_row = QHBoxLayout()
        sq_row.addWidget(QLabel(self.tr("One grid square is")))
        sq_row.addWidget(self.square)
        sq_row.addWidget(self.square_unit)
        sq_row.addStretch(1)
        self.answer_label = QLabel()
        self.answer_label.setObjectName("trueScaleResult")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        methods = QHBoxLayout()
        methods.addWidget(self.by_size)
        methods.addWidget(self.by_ruler)
        methods.addStretch(1)
        lay.addLayout(methods)
        lay.addWidget(self.pages)
        lay.addLayout(sq_row)
        lay.addWidget(self.answer_label)
        lay.addWidget(buttons)
        for box in (self.diagonal, self.measured, self.square):
            box.valueChanged.connect(self._update)
        for spin in (self.width_px, self.height_px):
            spin.valueChanged.connect(self._update)
        for combo in (self.diagonal_unit, self.measured_unit, self.square_unit):
            combo.currentIndexChanged.connect(self._update)
        self.by_size.toggled.connect(self._update)
        self.by_ruler.toggled.connect(lambda on: self.ruler_shown.emit(RULER_PX if on else None))
        self.finished.connect(lambda _r: self.ruler_shown.emit(None))
        self._update()

    def ppi(self) -> float:
        """The screen's pixels per inch (its own device pixels) from what the GM gave."""
        if self.by_ruler.isChecked():
            length = true_scale.inches(self.measured.value(), str(self.measured_unit.currentData()))
            return true_scale.ruler_pixels_per_inch(RULER_PX * self.screen_ratio, length)
        diagonal = true_scale.inches(self.diagonal.value(), str(self.diagonal_unit.currentData()))
        return true_scale.pixels_per_inch(diagonal, self.width_px.value(), self.height_px.value())

    def square_inches(self) -> float:
        return true_scale.inches(self.square.value(), str(self.square_unit.currentData()))

    def square_pixels(self) -> float:
        return true_scale.square_pixels(self.ppi(), self.square_inches(), self.screen_ratio)

    def _update(self) -> None:
        self.pages.setCurrentIndex(1 if self.by_ruler.isChecked() else 0)
        self.answer_label.setText(
            self.tr("{ppi:.1f} pixels per inch: one grid square is {px:.1f} pixels on this screen").format(
                ppi=self.ppi(), px=self.square_pixels()
            )
        )
