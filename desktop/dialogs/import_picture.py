"""File ▸ Import Map Image…: how big one square is on the picture, and whether to fit the grid to it.

The dialog shows the picture, its size, a pixels-per-square box (guessed from the file name when it says
the map's size in squares, else found from the grid printed on the picture (`desktop.map.printed_grid`), else
`desktop.map.calibration.DEFAULT_PIXELS_PER_CELL`) and the offer to resize
the grid to the squares the picture covers (on by default). It changes nothing itself: `choice` says
what the user picked, and the caller makes the one undoable command.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from desktop.map.calibration import (
    MAX_PIXELS_PER_CELL,
    MIN_PIXELS_PER_CELL,
    Calibration,
    fitted_grid,
    guess_pixels_per_cell,
    picture_grid,
)
from rules.geometry.coords import Point
from rules.model.scene import Scene

THUMBNAIL = (360, 220)


@dataclass(frozen=True, slots=True)
class ImportChoice:
    pixels_per_cell: float
    fit_grid: bool


class ImportPictureDialog(QDialog):
    def __init__(
        self,
        title: str,
        image: QImage,
        format_name: str,
        scene: Scene,
        pixels_per_cell: float,
        guessed: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Import map picture"))
        self.setObjectName("importPictureDialog")
        self._scene = scene
        self._size = (image.width(), image.height())
        thumb = QLabel()
        thumb.setObjectName("importThumbnail")
        thumb.setAlignment(Qt.AlignmentFlag.AlignCenter)
        thumb.setMinimumSize(*THUMBNAIL)
        thumb.setPixmap(
            QPixmap.fromImage(
                image.scaled(
                    *THUMBNAIL,
                    Qt.AspectRatioMode.KeepAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                )
            )
        )
        about = QLabel(
            self.tr("<b>{_html}</b> — {width} × {height} pixels, {format_name}").format(
                _html=_html(title), width=image.width(), height=image.height(), format_name=format_name
            )
        )
        about.setObjectName("importAbout")
        self.pixels_per_cell = QDoubleSpinBox()
        self.pixels_per_cell.setObjectName("importPixelsPerCell")
        self.pixels_per_cell.setRange(MIN_PIXELS_PER_CELL, MAX_PIXELS_PER_CELL)
        self.pixels_per_cell.setDecimals(2)
        self.pixels_per_cell.setSuffix(self.tr(" px"))
        self.pixels_per_cell.setValue(pixels_per_cell)
        self.pixels_per_cell.setToolTip(self.tr("How many pixels of the picture make one 5-ft square"))
        if not guessed:
            told = "Not known yet: 70 px is the most common size of a square in map exports."
        elif guess_pixels_per_cell(Path(title).stem, *self._size) == pixels_per_cell:
            told = "Read from the file name."
        else:
            told = "Found on the picture: the grid printed on it has squares of this size."
        note = QLabel(told)
        note.setObjectName("importNote")
        note.setWordWrap(True)
        hint = QLabel(
            self.tr("To line the grid up with a grid printed on the picture, use Map ▸ Calibrate Grid.")
        )
        hint.setWordWrap(True)
        self.fit_grid = QCheckBox()
        self.fit_grid.setObjectName("importFitGrid")
        self.fit_grid.setChecked(True)
        self.fit_grid.setToolTip(
            self.tr("The grid grows or shrinks to the squares the picture covers (never below a token)")
        )
        form = QFormLayout()
        form.addRow(self.tr("Pixels per square"), self.pixels_per_cell)
        form.addRow("", note)
        form.addRow(self.tr("Grid"), self.fit_grid)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        if ok is not None:
            ok.setText(self.tr("Import"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(thumb)
        lay.addWidget(about)
        lay.addLayout(form)
        lay.addWidget(hint)
        lay.addWidget(buttons)
        self.pixels_per_cell.valueChanged.connect(lambda _v: self._update_fit_text())
        self._update_fit_text()

    def fitted_size(self) -> tuple[int, int]:
        grid = fitted_grid(self._scene, *self._size, self._calibration())
        return grid.width, grid.height

    def _update_fit_text(self) -> None:
        self.fit_grid.setText(fit_text(self._scene, self._size, self._calibration()))

    def _calibration(self) -> Calibration:
        return Calibration(self.pixels_per_cell.value(), Point(0.0, 0.0))

    def choice(self) -> ImportChoice:
        return ImportChoice(self.pixels_per_cell.value(), self.fit_grid.isChecked())


def fit_text(scene: Scene, size: tuple[int, int], calibration: Calibration) -> str:
    """The label of the "fit the grid" check box: the grid it would give, and why when tokens or terrain
    keep it bigger than the picture."""
    grid = fitted_grid(scene, *size, calibration)
    g = scene.grid
    now = "as now" if grid == g else f"now {g.width} × {g.height}"
    text = f"Resize to fit the picture: {grid.width} × {grid.height} squares ({now})"
    if grid != picture_grid(*size, calibration):
        text += "\nkept big enough for what stands on the map"
    return text


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
