"""Importing creatures (issue 23, item 9): a folder is one book, with a progress bar and a result that says
what was imported, what couldn't be read and what the filters hide; the compendium's filters stay."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.shared_data import need


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    samples = need("creature-samples", "pf2e-foundry")
    out = tmp_path / "bestiary"
    out.mkdir()
    for name in ("cinder-rat", "crocodile"):
        shutil.copy(samples / f"{name}.json", out / f"{name}.json")
    broken = json.loads((samples / "deinonychus.json").read_text())
    broken["system"]["attributes"]["hp"]["max"] = "lots"
    (out / "deinonychus.json").write_text(json.dumps(broken))
    (out / "notes.json").write_text(json.dumps({"comment": "not a creature"}))
    return out


def test_a_folder_imports_as_one_book_and_says_what_came_of_it(window: Any, folder: Path) -> None:
    dock = window.compendium.dock
    dock.search.setText("rat")  # the GM's search stays as it was
    game = dock.game.currentData()
    report = dock.import_paths([folder])
    assert report.files == 4 and report.creatures == 2
    assert len(report.problems) == 1 and "deinonychus.json" in report.problems[0]
    assert "system.attributes.hp.max" in report.problems[0]
    assert dock.search.text() == "rat" and dock.game.currentData() == game
    assert report.hidden == 1  # the crocodile doesn't match "rat"
    assert dock.current() is not None and dock.current().creature.name == "Cinder Rat"
    box = dock.import_box
    assert box.objectName() == "importProblems"
    assert "Imported 2 creatures from 4 files into your library (1 could not be read)" in box.text()
    assert "filters hide 1 of them" in box.text()
    box.close()
    assert dock.import_progress.maximum() == 4
    books = [b for b in dock.library.books() if b.name == "bestiary"]
    assert len(books) == 1 and {c.name for c in books[0].creatures} == {"Cinder Rat", "Crocodile"}


def test_the_import_menu_offers_files_and_a_folder(window: Any) -> None:
    dock = window.compendium.dock
    texts = [a.text() for a in dock.import_button.menu().actions()]
    assert texts == ["Files…", "Folder…"]
    file_menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "File")
    names = [a.text().replace("&", "") for a in file_menu.actions()]
    assert "Import Creatures…" in names and "Import Creatures from a Folder…" in names
