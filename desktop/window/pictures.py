"""Map pictures in the main window, and files dropped on it.

- File ▸ Import Map Image… (or a PNG, JPEG or WebP dropped on the window): the file is checked before
  anything is decoded (`read_picture`: its size on disk, then `rules.io.images.check_image` — magic bytes,
  pixel limits — then Qt decodes it); a bad, damaged or too-large file gets a message naming the file and
  the problem and changes nothing. Otherwise the import dialog asks for the pixels per square and offers
  to fit the grid to the picture, and one undoable command embeds the picture (``embedded:NAME`` in the
  document's image set, so a `.fivefoot` save carries it) and puts it under the grid.
- Map ▸ Calibrate Grid… (a dialog with a live preview) and the Calibrate tool (drag a box over printed
  squares) rescale and move the picture so the grid lies on the printed one: one undoable command each.
- Map ▸ Fit Grid to Picture and Remove Map Picture: one undoable command each.
- A dropped scene file (``.fivefoot``, ``.json``, ``.dd2vtt``, ``.uvtt``, ``.df2vtt``) is opened like
  File ▸ Open, unsaved-changes prompt included; a file of any other kind is treated as a picture when its
  first bytes say so, else refused with a message.

The questions to the user (`ask_picture_path`, `ask_import`) are attributes a test can answer; errors go
through the file controller's `show_error`.
"""

from __future__ import annotations

import re
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QImage, QImageReader, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow

from desktop.document import Document
from desktop.map.calibration import DEFAULT_PIXELS_PER_CELL, guess_pixels_per_cell
from desktop.map.drops import file_kind
from desktop.map.images import decode_quietly, remember_image
from desktop.map.picture_commands import fit_grid_command, import_command, remove_command
from desktop.map.printed_grid import printed_grid
from desktop.map.scene import MapScene
from desktop.map.view import MapView
from desktop.window.file_controller import FileController
from rules.io.images import (
    MAX_IMAGE_BYTES,
    ImageError,
    ImageInfo,
    check_image,
    is_safe_image_name,
)
from rules.io.safe_read import UnsafeFileError, is_network_path, read_regular_file
from rules.model.scene import Background

if TYPE_CHECKING:
    from desktop.dialogs.calibrate_grid import CalibrateGridDialog
    from desktop.dialogs.import_picture import ImportChoice

PICTURE_FILTER = "Map pictures (*.png *.jpg *.jpeg *.webp);;All files (*)"
FORMAT_NAMES = {"png": "PNG", "jpeg": "JPEG", "webp": "WebP"}


class PictureError(Exception):
    """A file that cannot be used as a map picture; the message names the file and the problem."""


@dataclass(frozen=True, slots=True)
class MapPicture:
    """A picture file read, checked and decoded."""

    path: Path
    data: bytes
    info: ImageInfo
    image: QImage
    #: What the decoder complained about (a cut-short JPEG still decodes, grey at the bottom).
    warnings: tuple[str, ...] = ()


def _mb(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MB"


def read_picture(path: Path, max_bytes: int = MAX_IMAGE_BYTES) -> MapPicture:
    """Read, check and decode a picture file. Raises `PictureError` ("PATH: problem").

    The file's size is checked before it is read, its header (format by magic bytes, pixel limits)
    before it is decoded.
    """

    def fail(problem: str) -> PictureError:
        return PictureError(f"{path}: {problem}")

    if is_network_path(path):
        raise fail("is a network path; FiveFoot reads pictures only from local files")
    try:
        st = path.stat()
    except FileNotFoundError:
        raise fail("no such file") from None
    except OSError as exc:
        raise fail(f"cannot be read ({exc.strerror or exc})") from None
    if path.is_dir():
        raise fail("is a folder, not a picture")
    if st.st_size == 0 and stat.S_ISREG(st.st_mode):
        raise fail("the file is empty")
    if st.st_size > max_bytes:
        raise fail(f"the file is {_mb(st.st_size)}, more than the {_mb(max_bytes)} a map picture may be")
    try:
        data = read_regular_file(path, max_bytes)  # never a device, a pipe or a network path
    except UnsafeFileError as exc:
        raise fail(exc.reason) from None
    except OSError as exc:
        raise fail(f"cannot be read ({exc.strerror or exc})") from None
    try:
        info = check_image(data, max_bytes=max_bytes)
    except ImageError as exc:
        raise fail(str(exc)) from None
    decoded = decode_quietly(data)
    if decoded.image.isNull():
        kind = FORMAT_NAMES[info.format]
        limit_mb = QImageReader.allocationLimit()
        needs_mb = info.pixels * 4 / (1024 * 1024)
        if 0 < limit_mb < needs_mb or "allocation" in decoded.error.lower():
            raise fail(
                f"the {kind} picture is {info.width}×{info.height} pixels, which needs about "
                f"{needs_mb:.0f} MB to decode, more than the {limit_mb} MB image memory limit"
            )
        reason = f" ({decoded.error})" if decoded.error else ""
        raise fail(f"the {kind} picture data is damaged and cannot be decoded{reason}")
    return MapPicture(path, data, info, decoded.image, decoded.warnings)


def picture_name(path: Path, info: ImageInfo) -> str:
    """A safe embedded image name from the file's name, with the extension of its real format."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", path.stem).strip(".-_")[:80] or "map"
    name = stem + info.extension
    return name if is_safe_image_name(name) else "map" + info.extension


class MapPictures(QObject):
    #: A message for the status bar.
    message = Signal(str)

    def __init__(
        self, window: QMainWindow, doc: Document, map_scene: MapScene, view: MapView, files: FileController
    ) -> None:
        super().__init__(window)
        self.window = window
        self.doc = doc
        self.map_scene = map_scene
        self.view = view
        self.files = files
        self.ask_picture_path: Callable[[], Path | None] = self._dialog_picture_path
        self.ask_import: Callable[[MapPicture, float, bool], ImportChoice | None] = self._dialog_import
        self.calibrate_dialog: CalibrateGridDialog | None = None
        self._calibrating: Background | None = None
        self._last_folder = ""
        self.act_import = self._action(
            self.tr("Import Map &Image…"),
            lambda: self.import_picture(),
            "Ctrl+Shift+I",
            self.tr("Put a picture (PNG, JPEG, WebP) under the grid; it is saved inside .fivefoot files"),
        )
        self.act_calibrate = self._action(
            self.tr("&Calibrate Grid…"),
            lambda: self.open_calibrate_dialog(),
            None,
            self.tr(
                "Type the size of a square on the picture and where the grid starts, with a live preview"
            ),
        )
        self.act_fit = self._action(
            self.tr("&Fit Grid to Picture"),
            lambda: self.fit_grid(),
            None,
            self.tr("Resize the grid to the squares the picture covers"),
        )
        self.act_remove = self._action(
            self.tr("&Remove Map Picture"),
            lambda: self.remove_picture(),
            None,
            self.tr("Take the picture away (the grid stays)"),
        )
        doc.changed.connect(lambda _o, _n: self._doc_changed())
        self.update_actions()

    def _doc_changed(self) -> None:
        self._picture_changed()
        self.update_actions()

    def _action(self, text: str, slot: Callable[[], object], shortcut: str | None, tip: str) -> QAction:
        act = QAction(text, self.window)
        if shortcut:
            act.setShortcut(QKeySequence(shortcut))
            keys = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            act.setToolTip(f"{tip} ({keys})")
        else:
            act.setToolTip(tip)
        act.setStatusTip(tip)
        act.triggered.connect(slot)
        self.window.addAction(act)
        return act

    def update_actions(self) -> None:
        has = self.doc.scene.background is not None
        self.act_remove.setEnabled(has)
        has_image = has and self.map_scene.background_image() is not None
        self.act_calibrate.setEnabled(has_image)
        self.act_fit.setEnabled(has_image)

    def _show_error(self, title: str, text: str) -> None:
        self.files.show_error(title, text)

    # ---- import

    def import_picture(self, path: Path | None = None) -> bool:
        """Import a picture as the map (asking for the file when `path` is None). True when imported."""
        if path is None:
            path = self.ask_picture_path()
            if path is None:
                return False
        try:
            picture = read_picture(path)
        except PictureError as exc:
            self._show_error(f"Can't import “{path.name}”", str(exc))
            return False
        w, h = picture.info.width, picture.info.height
        guess = guess_pixels_per_cell(path.stem, w, h)
        if guess is None:  # else the grid printed on the picture, when there is a clear one
            found = printed_grid(picture.image)
            guess = found.pixels_per_cell if found is not None else None
        choice = self.ask_import(picture, guess or DEFAULT_PIXELS_PER_CELL, guess is not None)
        if choice is None:
            return False
        name = self.doc.unused_image_name(picture_name(path, picture.info))
        remember_image(picture.data, picture.image)  # decoded once: the map shows this very image
        command = import_command(
            self.doc.scene, name, picture.data, (w, h), choice.pixels_per_cell, choice.fit_grid, path.name
        )
        self.doc.execute(command)
        self.view.fit()
        self._last_folder = str(path.parent)
        text = f"Imported {path.name} as the map ({w} × {h} px)"
        if picture.warnings:
            text += f" — it may be damaged: {picture.warnings[0]}"
        self.message.emit(text)
        return True

    # ---- calibration and the grid

    def _image_size(self) -> tuple[int, int] | None:
        image = self.map_scene.background_image()
        return None if image is None else (image.width(), image.height())

    def open_calibrate_dialog(self) -> CalibrateGridDialog | None:
        """Open Map ▸ Calibrate Grid…. None when the scene has no usable picture.

        The dialog is not modal: the map beside it shows the preview and can be zoomed and panned to check
        the fit. Any change to the document's picture meanwhile (an undo, the calibration tool, another
        file) closes it, since its numbers would no longer be about the picture shown.
        """
        from desktop.dialogs.calibrate_grid import CalibrateGridDialog  # read when first opened

        size = self._image_size()
        if size is None or self.doc.scene.background is None:
            self.message.emit(self.tr("No map picture to calibrate: File ▸ Import Map Image… first"))
            return None
        if self.calibrate_dialog is not None:
            self.calibrate_dialog.reject()
        image = self.map_scene.background_image()
        found = printed_grid(image) if image is not None else None
        dialog = CalibrateGridDialog(self.doc.scene, size, self.window, found=found)
        dialog.setModal(False)
        dialog.preview.connect(self.map_scene.preview_background)
        dialog.finished.connect(lambda result: self._calibrate_finished(dialog, result))
        self.calibrate_dialog = dialog
        self._calibrating = self.doc.scene.background
        self.map_scene.grid_layer.set_accent("calibrate-dialog", True)
        dialog.show()
        return dialog

    def _picture_changed(self) -> None:
        dialog = self.calibrate_dialog
        if dialog is not None and self.doc.scene.background is not self._calibrating:
            dialog.reject()

    def _calibrate_finished(self, dialog: CalibrateGridDialog, result: int) -> None:
        from desktop.dialogs.calibrate_grid import CalibrateGridDialog  # read when first opened

        if self.calibrate_dialog is not dialog:
            return
        self.calibrate_dialog = None
        self._calibrating = None
        self.map_scene.grid_layer.set_accent("calibrate-dialog", False)
        self.map_scene.preview_background(None)
        dialog.deleteLater()
        if result != CalibrateGridDialog.DialogCode.Accepted:
            return
        command = dialog.command()
        if command is None:
            return
        grid_before = self.doc.scene.grid
        self.doc.execute(command)
        if self.doc.scene.grid != grid_before:
            self.view.fit()
        self.message.emit(command.log)

    def fit_grid(self) -> bool:
        size = self._image_size()
        command = fit_grid_command(self.doc.scene, size) if size is not None else None
        if command is None:
            self.message.emit(self.tr("The grid already fits the picture"))
            return False
        self.doc.execute(command)
        self.view.fit()
        self.message.emit(command.log)
        return True

    def remove_picture(self) -> bool:
        command = remove_command(self.doc.scene)
        if command is None:
            return False
        self.doc.execute(command)
        self.message.emit(self.tr("Map picture removed (Undo brings it back)"))
        return True

    # ---- dropped files

    def open_paths(self, paths: list[Path]) -> bool:
        """Open the first of `paths`: a scene file, or a picture to import. True when something opened."""
        if not paths:
            return False
        path = paths[0]
        if path.is_dir():
            self._show_error(
                f"Can't open “{path.name}”", f"{path}: is a folder; drop a scene file or a picture"
            )
            return False
        kind = file_kind(path)
        if kind is None:
            self._show_error(
                f"Can't open “{path.name}”",
                f"{path}: FiveFoot opens scenes (.fivefoot, .json, .dd2vtt, .uvtt, .df2vtt) and map pictures "
                "(PNG, JPEG, WebP)",
            )
            return False
        done = self.files.open(path) if kind == "scene" else self.import_picture(path)
        if done and len(paths) > 1:
            self.message.emit(
                self.tr("Opened {name}; FiveFoot opens one dropped file at a time").format(name=path.name)
            )
        return done

    # ---- default questions (modal dialogs)

    def _dialog_picture_path(self) -> Path | None:
        start = self._last_folder or (str(self.doc.path.parent) if self.doc.path else "")
        name, _ = QFileDialog.getOpenFileName(
            self.window, self.tr("Import map picture"), start, PICTURE_FILTER
        )
        return Path(name) if name else None

    def _dialog_import(
        self, picture: MapPicture, pixels_per_cell: float, guessed: bool
    ) -> ImportChoice | None:
        from desktop.dialogs.import_picture import ImportPictureDialog  # read when first opened

        dialog = ImportPictureDialog(
            picture.path.name,
            picture.image,
            FORMAT_NAMES[picture.info.format],
            self.doc.scene,
            pixels_per_cell,
            guessed,
            self.window,
        )
        try:
            if dialog.exec() != ImportPictureDialog.DialogCode.Accepted:
                return None
            return dialog.choice()
        finally:
            dialog.deleteLater()
