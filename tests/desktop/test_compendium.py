"""The compendium dock, driven as a GM would: search as you type, filters, the stat block, dragging an entry
onto the map (N numbered tokens, one undo), importing files into the per-user library (still there in a
new window), token portraits, the encounter difficulty in the initiative dock — and screenshots."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QColor, QDragEnterEvent, QDropEvent, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from desktop.docks.compendium_dock import MIME, CompendiumDock, Entry, mime_for, numbered_names
from desktop.docks.library import CreatureLibrary
from desktop.map.grid_coords import to_scene
from desktop.map.items.token_item import TokenItem
from rules.cli import answer
from rules.geometry.coords import Cell
from rules.io.creature_json import creature_to_json
from tests.desktop.helpers import settle
from tests.shared_data import shared

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = shared("creature-samples")
needs_samples = pytest.mark.skipif(not SAMPLES.is_dir(), reason="shared creature samples are not present")


@pytest.fixture(scope="module")
def shots() -> Path:
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots" / "desktop")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def save_shot(widget, folder: Path, name: str) -> Path:  # type: ignore[no-untyped-def]
    path = folder / f"{name}.png"
    assert widget.grab().save(str(path))
    image = QImage(str(path))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 17) for y in range(0, image.height(), 17)}
    assert len(colours) > 20, f"{name} looks blank"
    return path


def drop_on_map(window, mime: QMimeData, cell: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """A real drag-and-drop's events on the map view's viewport at the centre of `cell`."""
    viewport = window.view.viewport()
    pos = window.view.mapFromScene(to_scene((cell[0] + 0.5, cell[1] + 0.5)))
    enter = QDragEnterEvent(
        pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()
    drop = QDropEvent(
        QPointF(pos),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(viewport, drop)
    assert drop.isAccepted()


def test_search_as_you_type_and_filters(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    dock: CompendiumDock = window.compendium.dock
    assert dock.game.currentData() == "pf2e"  # follows the scene's game
    assert {e.creature.system for e in dock.visible_entries()} == {"pf2e"}
    dock.game.setCurrentIndex(dock.game.findData(""))
    total = len(dock.visible_entries())
    assert total >= 334 + 8
    dock.search.setFocus()
    QTest.keyClicks(dock.search, "drag")
    shown = dock.visible_entries()
    assert shown and len(shown) < total
    assert all(
        "drag" in f"{e.creature.name} {e.creature.type} {' '.join(e.creature.traits)}".lower() for e in shown
    )
    assert (
        dock.list.topLevelItemCount() == len(shown)
        and dock.status.text() == f"{len(shown)} of {len(dock.entries)} creatures"
    )
    dock.size_box.setCurrentIndex(dock.size_box.findData("huge"))
    assert {e.creature.size for e in dock.visible_entries()} == {"huge"}
    dock.low.setValue(17)
    dock.high.setValue(17)
    names = {e.creature.name for e in dock.visible_entries()}
    assert "Adult Red Dragon" in names and all(e.creature.cr == 17 for e in dock.visible_entries())
    dock.search.clear()
    dock.size_box.setCurrentIndex(0)
    dock.low.setValue(0)
    dock.high.setValue(0.25)
    dock.kind.setCurrentIndex(dock.kind.findData("undead"))
    assert {e.creature.name for e in dock.visible_entries()} >= {"Skeleton", "Zombie"}
    assert all(e.creature.type == "undead" and (e.rank or 0) <= 0.25 for e in dock.visible_entries())


def test_stat_block_shows_what_the_rules_read(window, qtbot, shots: Path) -> None:  # type: ignore[no-untyped-def]
    dock = window.compendium.dock
    dock.game.setCurrentIndex(dock.game.findData(""))
    QTest.keyClicks(dock.search, "adult red")
    assert dock.select_name("Adult Red Dragon")
    text = dock.stat_block.toPlainText()
    for expected in (
        "Adult Red Dragon",
        "CR 17",
        "AC 19",
        "HP 256",
        "Bite +14",
        "2d10+8 piercing plus 2d6 fire",
        "reach 10",
        "fly 80 feet",
        "Legendary Resistance",
        "CC-BY-4.0",
    ):
        assert expected in text, expected
    window.resize(1500, 950)
    dock.show()
    dock.raise_()
    window.resizeDocks([dock], [430], Qt.Orientation.Horizontal)
    save_shot(window, shots, "40-compendium-search-and-stat-block")
    window.resize(1500, 1150)
    window.resizeDocks([dock], [520], Qt.Orientation.Horizontal)
    dock.splitter.setSizes([120, 900])
    settle()
    save_shot(dock, shots, "41-compendium-stat-block-adult-red-dragon")


def test_drag_an_entry_onto_the_map_places_numbered_tokens(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    dock = window.compendium.dock
    QTest.keyClicks(dock.search, "goblin")
    entry = dock.current()
    assert entry is not None and entry.creature.name == "Goblin"
    before = len(window.doc.scene.tokens)
    existing = {t.name for t in window.doc.scene.tokens}
    assert {"Goblin 1", "Goblin 2"} <= existing  # the demo has two goblins already
    dock.count.setValue(3)
    mime = dock.list.mimeData([dock.list.currentItem()])
    assert mime.hasFormat(MIME)
    drop_on_map(window, mime, (12, 18))
    tokens = window.doc.scene.tokens
    assert len(tokens) == before + 3
    new = tokens[-3:]
    assert [t.name for t in new] == ["Goblin 3", "Goblin 4", "Goblin 5"]
    assert len({t.cell for t in new}) == 3 and new[0].cell.x in range(10, 15)
    for t in new:
        assert (t.ac, t.hp, t.size, t.side) == (entry.creature.ac, entry.creature.hp, "small", "enemies")
        assert [a.name for a in t.attacks] == [a.name for a in entry.creature.attacks]
    assert sorted(window.map_scene.selected_ids()) == sorted(t.id for t in new)
    window.doc.undo()  # one step
    assert len(window.doc.scene.tokens) == before
    # A creature of the other game is refused.
    dnd = next(e for e in dock.entries if e.creature.system.startswith("dnd5e"))
    drop_on_map(window, mime_for(dnd, 1), (12, 18))
    assert len(window.doc.scene.tokens) == before
    assert numbered_names(window.doc.scene, "Ogre", 1) == ["Ogre 1"]


@needs_samples
def test_import_is_remembered_and_placed_tokens_attack_and_save(window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dock = window.compendium.dock
    assert dock.import_path(str(SAMPLES / "pf2e-foundry" / "cinder-rat.json")) is None
    entry = dock.current()
    assert entry is not None and entry.creature.name == "Cinder Rat" and entry.origin == "library"
    # Another window later (same per-user data folder): the import is still there.
    again = CompendiumDock(CreatureLibrary())
    qtbot.addWidget(again)
    again.game.setCurrentIndex(0)
    assert any(e.creature.name == "Cinder Rat" and e.origin == "library" for e in again.visible_entries())
    # A bad file is refused with the file and field named; nothing is added.
    bad = tmp_path / "bad.json"
    doc = json.loads((SAMPLES / "pf2e-foundry" / "cinder-rat.json").read_text())
    doc["system"]["attributes"]["hp"]["max"] = "lots"
    bad.write_text(json.dumps(doc))
    problem = dock.import_path(str(bad))
    assert problem is not None and "bad.json" in problem and "system.attributes.hp.max" in problem
    # Place it next to the miner-free demo party and let it attack and save.
    ids = window.compendium.place(entry.creature, 1, window.doc.scene.token("brann").cell.offset(1, 0))
    (rat_id,) = ids
    rat = window.doc.scene.token(rat_id)
    assert rat is not None and rat.level == 3 and dict(rat.weaknesses) == {"cold": 5, "water": 5}
    dialog = window.table.open_attack(rat_id, "brann")
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.set_attack("Jaws")
    assert dialog.chosen_attack() is not None and dialog.chosen_attack().damage.endswith("persistent fire")
    dialog.roll_attack()
    assert dialog.outcome.text()
    dialog.close()
    hit = answer(
        window.doc.scene, {"q": "attack", "attacker": rat_id, "target": "brann", "attack": "Jaws", "d20": 15}
    )
    assert hit["attack_bonus"] == 10 and hit["total"] == 25
    save = answer(window.doc.scene, {"q": "save", "token": rat_id, "save": "reflex", "d20": 10, "dc": 20})
    assert save["total"] == 22 and save["degree"] == "success"


def _portrait(path: Path, colour: str) -> None:
    """A small painted portrait: a lit background, a head and two eyes."""
    from PySide6.QtGui import QPainter, QRadialGradient

    image = QImage(128, 128, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    gradient = QRadialGradient(64, 48, 90)
    gradient.setColorAt(0, QColor(colour).lighter(170))
    gradient.setColorAt(1, QColor(colour).darker(160))
    painter.fillRect(image.rect(), gradient)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colour).darker(120))
    painter.drawEllipse(24, 30, 80, 70)
    painter.setBrush(QColor("#fff8e1"))
    painter.drawEllipse(40, 50, 16, 12)
    painter.drawEllipse(72, 50, 16, 12)
    painter.setBrush(QColor("black"))
    painter.drawEllipse(46, 53, 6, 6)
    painter.drawEllipse(78, 53, 6, 6)
    painter.end()
    assert image.save(str(path))


@needs_samples
def test_tokens_with_art(window, qtbot, tmp_path: Path, shots: Path) -> None:  # type: ignore[no-untyped-def]
    """A Foundry actor's image next to its file becomes the creature's portrait, kept in the library and
    drawn in its tokens; a creature without one keeps its initials."""
    folder = tmp_path / "actors"
    folder.mkdir()
    for name, colour in (("deinonychus", "#2e7d32"), ("crocodile", "#1565c0")):
        doc = json.loads((SAMPLES / "pf2e-foundry" / f"{name}.json").read_text())
        doc["img"] = f"art/{name}.png"
        (folder / "art").mkdir(exist_ok=True)
        _portrait(folder / "art" / f"{name}.png", colour)
        (folder / f"{name}.json").write_text(json.dumps(doc))
    dock = window.compendium.dock
    assert dock.import_path(str(folder)) is None
    library = CreatureLibrary()
    (book,) = [b for b in library.books() if b.name == "actors"]
    assert all(c.image and Path(c.image).parent == library.images_dir for c in book.creatures)
    placed = []
    for c, cell in zip(book.creatures, ((12, 17), (15, 17)), strict=True):
        placed += window.compendium.place(
            c,
            2 if c.name == "Deinonychus" else 1,
            window.doc.scene.token("brann").cell.offset(cell[0] - 5, cell[1] - 11),
        )
    items = [window.map_scene.token_items[i] for i in placed]
    assert all(isinstance(i, TokenItem) and i._portrait is not None for i in items)
    goblin = next(e.creature for e in dock.entries if e.creature.name == "Goblin" and e.creature.is_pf2e)
    (plain,) = window.compendium.place(goblin, 1, Cell(16, 19))
    assert window.map_scene.token_items[plain]._portrait is None  # drawn with its initials
    window.map_scene.clearSelection()
    cells = [window.doc.scene.token(i).cell for i in placed]
    window.view.set_scale(1.0)
    window.view.centre_on_cell(Cell(max(c.x for c in cells), max(c.y for c in cells)))
    save_shot(window, shots, "43-tokens-with-portraits-and-initials")


def test_encounter_difficulty_in_the_initiative_dock(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    label = window.table.initiative_dock.difficulty
    # the demo: four level-2 PCs against the ogre (level 3: +1, 60 XP), two goblins and two skeletons
    # (level −1: −3, 15 XP each) and the cult leader (level 1: −1, 30 XP) = 150 XP → severe (120–159)
    assert label.text().startswith("Encounter: Severe (150 XP"), label.text()
    from dataclasses import replace

    scene = window.doc.scene
    pcs = [replace(t, level=1) for t in scene.tokens if t.pc]
    foes = [replace(t, level=1 if t.id == "ogre" else -3) for t in scene.tokens if not t.pc]
    from rules.play.edits import AddTokens, DeleteTokens

    window.doc.execute(DeleteTokens(tuple(t.id for t in scene.tokens)))
    window.doc.execute(AddTokens(tuple(pcs + foes)))
    # the ogre on level (40) + five creatures 4 levels below (10 each) = 90 XP for four PCs → moderate
    assert label.text().startswith("Encounter: Moderate (90 XP")
    window.doc.undo()
    window.doc.undo()
    assert label.text().startswith("Encounter: Severe (150 XP")
    window.doc.execute(DeleteTokens(tuple(t.id for t in scene.tokens)))
    window.doc.execute(AddTokens(tuple([replace(t, level=None) for t in pcs] + foes)))
    assert "give the PCs a level" in label.text()


def test_placing_from_the_list_button_and_entry_json(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    dock = window.compendium.dock
    QTest.keyClicks(dock.search, "skeleton")
    before = len(window.doc.scene.tokens)
    QTest.mouseClick(dock.place_button, Qt.MouseButton.LeftButton)
    assert len(window.doc.scene.tokens) == before + 1
    assert window.doc.scene.tokens[-1].name == "Skeleton 3"
    entry = dock.current()
    assert isinstance(entry, Entry)
    assert json.loads(bytes(mime_for(entry, 2).data(MIME).data()))["creature"] == creature_to_json(
        entry.creature
    )
