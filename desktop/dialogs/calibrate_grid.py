"""Map ▸ Calibrate Grid…: type the size of a square on the picture and where the grid starts, with a live
preview on the map.

Numbers are in picture pixels: pixels per square, and the offset — how far right and down from the
picture's top-left corner the grid's first corner lies (`desktop.map.calibration` converts it to the squares
`rules.model.scene.Background.offset` holds). Every change emits `preview` with the picture placed as typed;
the
caller shows it on the map without touching the document, and on OK executes `command()` (one undoable
step). Reset brings back the values the dialog opened with. When a grid printed on the picture was found
(`desktop.map.printed_grid`), a row offers it ("Use it" types it in). "Resize to fit the picture" starts on
when the grid fits the picture as it lies now (so that it keeps fitting), off otherwise.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from desktop.dialogs.import_picture import fit_text
from desktop.map.calibration import MAX_PIXELS_PER_CELL, MIN_PIXELS_PER_CELL, Calibration, fitted_grid
from desktop.map.picture_commands import calibrate_command
from rules.io.grid_detect import GridGuess
from rules.model.scene import Background, Scene
from rules.play.edits import SetBackground

OFFSET_LIMIT = 100_000.0


class CalibrateGridDialog(QDialog):
    #: The picture placed as typed (a `Background`), for the live preview.
    preview = Signal(object)

    def __init__(
        self,
        scene: Scene,
        image_size: tuple[int, int],
        parent: QWidget | None = None,
        found: GridGuess | None = None,
    ) -> None:
        super().__init__(parent)
        if scene.background is None:
            raise ValueError("the scene has no map picture to calibrate")
        self.setWindowTitle(self.tr("Calibrate grid"))
        self.setObjectName("calibrateGridDialog")
        self._scene = scene
        self._size = image_size
        self._start = Calibration.of(scene.background)
        self.pixels_per_cell = QDoubleSpinBox()
        self.pixels_per_cell.setObjectName("calibratePixelsPerCell")
        self.pixels_per_cell.setRange(MIN_PIXELS_PER_CELL, MAX_PIXELS_PER_CELL)
        self.pixels_per_cell.setDecimals(2)
        self.pixels_per_cell.setSingleStep(0.5)
        self.pixels_per_cell.setSuffix(self.tr(" px"))
        self.pixels_per_cell.setToolTip(self.tr("How many pixels of the picture make one 5-ft square"))
        self.offset_x = self._offset_box("calibrateOffsetX", "Right of the picture's left edge")
        self.offset_y = self._offset_box("calibrateOffsetY", "Down from the picture's top edge")
        offsets = QHBoxLayout()
        offsets.addWidget(QLabel("x"))
        offsets.addWidget(self.offset_x, 1)
        offsets.addWidget(QLabel("y"))
        offsets.addWidget(self.offset_y, 1)
        self.fit_grid = QCheckBox()
        self.fit_grid.setObjectName("calibrateFitGrid")
        # on when the grid fits the picture now (so it keeps fitting), off when the user sized it otherwise
        self.fit_grid.setChecked(scene.grid == fitted_grid(scene, *image_size, self._start))
        self.fit_grid.setToolTip(
            self.tr("The grid grows or shrinks to the squares the picture covers (never below a token)")
        )
        intro = QLabel(
            self.tr("The picture is {width} × {height} pixels. The map shows the grid as you type.").format(
                width=image_size[0], height=image_size[1]
            )
        )
        intro.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow(intro)
        form.addRow(self.tr("Pixels per square"), self.pixels_per_cell)
        form.addRow(self.tr("First grid corner (px)"), offsets)
        form.addRow(self.tr("Grid"), self.fit_grid)
        #: The grid printed on the picture, when one was found (`desktop.map.printed_grid`): offered in a row.
        self.found = found
        self.use_found_button: QPushButton | None = None
        if found is not None:
            self.use_found_button = QPushButton(self.tr("Use it"))
            self.use_found_button.setObjectName("calibrateUseFound")
            self.use_found_button.setToolTip(
                self.tr("Fill in the square size and first corner found on the picture")
            )
            self.use_found_button.clicked.connect(self.use_found)
            row = QHBoxLayout()
            text = QLabel(
                self.tr(
                    "{pixels_per_cell:g} px squares, first corner at {offset_x:g}, {offset_y:g} px"
                ).format(
                    pixels_per_cell=found.pixels_per_cell, offset_x=found.offset_x, offset_y=found.offset_y
                )
            )
            text.setObjectName("calibrateFoundText")
            row.addWidget(text, 1)
            row.addWidget(self.use_found_button)
            form.addRow(self.tr("Printed grid found"), row)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.Reset
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        reset = buttons.button(QDialogButtonBox.StandardButton.Reset)
        if reset is not None:
            reset.clicked.connect(self.reset_values)
        form.addRow(buttons)
        self.reset_values()
        for box in (self.pixels_per_cell, self.offset_x, self.offset_y):
            box.valueChanged.connect(lambda _v: self._changed())

    def use_found(self) -> None:
        """Type in the grid found on the picture (the preview follows)."""
        if self.found is None:
            return
        self.pixels_per_cell.setValue(self.found.pixels_per_cell)
        self.offset_x.setValue(self.found.offset_x)
        self.offset_y.setValue(self.found.offset_y)

    def _offset_box(self, name: str, tip: str) -> QDoubleSpinBox:
        box = QDoubleSpinBox()
        box.setObjectName(name)
        box.setRange(-OFFSET_LIMIT, OFFSET_LIMIT)
        box.setDecimals(2)
        box.setSuffix(self.tr(" px"))
        box.setToolTip(tip)
        return box

    def reset_values(self) -> None:
        """Back to the calibration the dialog opened with."""
        ox, oy = self._start.offset_pixels
        for box, value in (
            (self.pixels_per_cell, self._start.pixels_per_cell),
            (self.offset_x, ox),
            (self.offset_y, oy),
        ):
            box.blockSignals(True)
            box.setValue(value)
            box.blockSignals(False)
        self._start_values = self._values()
        self._changed()

    def _values(self) -> tuple[float, float, float]:
        return (self.pixels_per_cell.value(), self.offset_x.value(), self.offset_y.value())

    def calibration(self) -> Calibration:
        """The calibration as typed (the one the dialog opened with while the boxes show its values: the
        boxes round to 1/100 pixel)."""
        values = self._values()
        if values == self._start_values:
            return self._start
        return Calibration.from_pixels(*values)

    def background(self) -> Background:
        old = self._scene.background
        assert old is not None
        c = self.calibration()
        return Background(old.image, c.pixels_per_cell, c.offset, dict(old.extra))

    def _changed(self) -> None:
        self.fit_grid.setText(fit_text(self._scene, self._size, self.calibration()))
        self.preview.emit(self.background())

    def command(self) -> SetBackground | None:
        """The calibration as one undoable command; None when nothing would change."""
        return calibrate_command(self._scene, self._size, self.calibration(), self.fit_grid.isChecked())
