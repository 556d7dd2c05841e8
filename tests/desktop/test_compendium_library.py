"""The per-user creature library (no widgets): imports kept as books, edits kept in "My creatures",
portraits copied after the map-picture checks, unreadable files skipped and reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from desktop.docks.library import MY_CREATURES, CreatureLibrary
from rules.errors import CreatureImportError
from rules.model.creature import Creature
from tests.shared_data import shared

SAMPLES = shared("creature-samples")


def png(path: Path) -> None:
    image = QImage(32, 32, QImage.Format.Format_ARGB32)
    image.fill(QColor("#884422"))
    assert image.save(str(path))


def test_my_creatures_add_and_replace_by_name(tmp_path: Path) -> None:
    lib = CreatureLibrary(tmp_path / "lib")
    assert lib.books() == []
    lib.save_creature(Creature(name="Bandit", system="dnd5e-2014", ac=12, hp=11))
    lib.save_creature(Creature(name="Wolf", system="dnd5e-2014", ac=13, hp=11))
    lib.save_creature(Creature(name="Bandit", system="dnd5e-2014", ac=14, hp=20))
    (book,) = CreatureLibrary(tmp_path / "lib").books()
    assert book.name == MY_CREATURES
    assert [(c.name, c.ac) for c in book.creatures] == [("Wolf", 13), ("Bandit", 14)]


def test_unreadable_library_files_are_skipped_and_reported(tmp_path: Path) -> None:
    lib = CreatureLibrary(tmp_path)
    lib.save_creature(Creature(name="Bandit", system="pf2e", ac=15, hp=20))
    (tmp_path / "broken.json").write_text("{oops")
    (tmp_path / "wrong.json").write_text(
        json.dumps({"creatures": [{"name": "X", "system": "pf2e", "hp": "many"}]})
    )
    books = lib.books()
    assert [b.name for b in books] == [MY_CREATURES]
    assert {p.name for p, _ in lib.problems} == {"broken.json", "wrong.json"}
    assert any("creatures[0].hp" in message for _, message in lib.problems)


def test_portraits_are_checked_and_copied(tmp_path: Path) -> None:
    art = tmp_path / "art.png"
    png(art)
    fake = tmp_path / "fake.png"
    fake.write_bytes(b"not a picture at all")
    lib = CreatureLibrary(tmp_path / "lib")
    book = lib.save_creature(Creature(name="Imp", system="pf2e", image=str(art)))
    (imp,) = book.creatures
    assert imp.image is not None and Path(imp.image).parent == lib.images_dir
    assert Path(imp.image).read_bytes() == art.read_bytes()
    art.unlink()  # the library keeps its own copy
    assert Path(lib.books()[0].creatures[0].image or "").is_file()
    book = lib.save_creature(Creature(name="Mimic", system="pf2e", image=str(fake)))
    assert next(c for c in book.creatures if c.name == "Mimic").image is None


@pytest.mark.skipif(not SAMPLES.is_dir(), reason="shared creature samples are not present")
def test_import_file_keeps_a_copy(tmp_path: Path) -> None:
    source = tmp_path / "goblin.json"
    source.write_bytes((SAMPLES / "dnd5e-foundry" / "goblin.json").read_bytes())
    lib = CreatureLibrary(tmp_path / "lib")
    book = lib.import_file(source)
    assert book.name == "Goblin" and book.imported_from == str(source)
    source.unlink()
    (again,) = CreatureLibrary(tmp_path / "lib").books()
    assert again.creatures == book.creatures
    with pytest.raises(CreatureImportError):
        lib.import_file(tmp_path / "missing.json")
    lib.remove(again)
    assert lib.books() == []
