"""Save and open dialogs start in the map's folder (issue 13 item 14), not in the working folder."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import desktop.window.file_controller as fc


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    calls: list[tuple[str, str]] = []

    def save(_parent: Any, caption: str, start: str, _filter: str) -> tuple[str, str]:
        calls.append((caption, start))
        return "", ""

    monkeypatch.setattr(fc.QFileDialog, "getSaveFileName", staticmethod(save))
    monkeypatch.setattr(fc.QFileDialog, "getOpenFileName", staticmethod(save))
    return calls


def _uvtt(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    doc = {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 3}, "pixels_per_grid": 20},
        "line_of_sight": [],
        "portals": [],
    }
    path = folder / "Old Mill.dd2vtt"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_save_as_starts_beside_the_imported_map(window, asked, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    maps = tmp_path / "maps"
    assert window.files.open(_uvtt(maps))
    assert window.doc.path is None  # imported: not saved yet
    assert window.files._dialog_save_path() is None
    _caption, start = asked[-1]
    assert Path(start).parent == maps.resolve()
    assert Path(start).suffix == ".fivefoot"
    window.files._dialog_open_path()
    assert Path(asked[-1][1]) == maps.resolve()


def test_a_saved_file_starts_in_its_own_folder(window, asked, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "campaign" / "fight.fivefoot"
    target.parent.mkdir()
    assert window.files.save_as(target)
    window.files._dialog_save_path()
    assert Path(asked[-1][1]) == target


def test_the_demo_or_a_new_map_starts_at_home_not_the_working_folder(
    window, asked, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    window.files._dialog_save_path()  # the demo
    start = Path(asked[-1][1])
    assert start.is_absolute() and start.parent == Path.home()
    assert window.files.new_empty("pf2e", 8, 6, "Cellar Fight")
    window.files._dialog_save_path()
    start = Path(asked[-1][1])
    assert start == Path.home() / "cellar-fight.fivefoot"
    assert os.getcwd() == str(tmp_path)
