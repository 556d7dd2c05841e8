"""Qt tests run offscreen, with the app's data folder in a temporary directory (set before Qt loads)."""

from __future__ import annotations

import os
import tempfile

os.environ["QT_QPA_PLATFORM"] = "offscreen"
os.environ["FIVEFOOT_DATA_DIR"] = tempfile.mkdtemp(prefix="fivefoot-desktop-test-")

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own empty data folder (recent files, autosaves)."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("FIVEFOOT_DATA_DIR", str(folder))
    yield folder


@pytest.fixture
def window(qtbot):  # type: ignore[no-untyped-def]
    """The main window on the PF2e demo, shown offscreen at a fixed size, the whole map in view."""
    from desktop.window.main_window import MainWindow

    win = MainWindow(autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    win.files.ask_system = lambda _path: "pf2e"  # an imported map's rules (the real question is modal)
    win.view.popup_menus = False
    assert win.files.open_demo("pf2e")
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit()
    yield win
    win.files.ask_unsaved = lambda: "discard"
