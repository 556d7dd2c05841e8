"""Map ▸ Calibrate Grid… offers the grid found on the picture (issue 13 item 10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.dialogs.import_picture import ImportChoice
from tests.desktop.picture_helpers import encode, plain_picture, printed_grid_picture


def _import(window, tmp_path: Path, data: bytes) -> None:  # type: ignore[no-untyped-def]
    assert window.files.new_empty("pf2e", 10, 8, "Test")
    path = tmp_path / "map.png"
    path.write_bytes(data)
    window.pictures.ask_import = lambda picture, proposed, guessed: ImportChoice(70.0, False)
    assert window.pictures.import_picture(path)


def test_the_dialog_offers_the_printed_grid(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _import(window, tmp_path, encode(printed_grid_picture(1000, 750, 50.0, (13.0, 21.0))))
    dialog = window.pictures.open_calibrate_dialog()
    assert dialog is not None and dialog.found is not None
    assert dialog.pixels_per_cell.value() == 70.0  # as it lies now, until asked
    dialog.use_found_button.click()
    assert dialog.pixels_per_cell.value() == pytest.approx(50.0, abs=0.1)
    assert dialog.offset_x.value() == pytest.approx(13.0, abs=1.0)
    assert dialog.offset_y.value() == pytest.approx(21.0, abs=1.0)
    dialog.accept()
    assert window.doc.scene.background.pixels_per_cell == pytest.approx(50.0, abs=0.1)


def test_no_grid_no_offer(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _import(window, tmp_path, encode(plain_picture(700, 500)))
    dialog = window.pictures.open_calibrate_dialog()
    assert dialog is not None and dialog.found is None and dialog.use_found_button is None
    dialog.reject()
