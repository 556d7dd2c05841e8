"""Death-save successes and failures show as pips on the token and in the inspector (5e, issue 23 item 9);
PF2e, which counts dying instead, shows none."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from desktop.look.style import CELL
from desktop.map.items.token_item import DEATH_SAVE_BAD, DEATH_SAVE_OK
from rules.geometry.coords import Cell
from rules.model.scene import Token
from rules.play.edits import AddTokens


def _count(image: QImage, colour: Any) -> int:
    n = 0
    for x in range(0, image.width(), 1):
        for y in range(0, image.height(), 1):
            c = image.pixelColor(x, y)
            n += (
                abs(c.red() - colour.red()) + abs(c.green() - colour.green()) + abs(c.blue() - colour.blue())
                < 30
            )
    return n


def _render(window: Any) -> QImage:
    image = QImage(140, 140, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    window.map_scene.render(painter, QRectF(0, 0, 140, 140), QRectF(2 * CELL, 2 * CELL, CELL, CELL))
    painter.end()
    return image


def test_a_5e_pc_at_0_hp_shows_its_death_saves(window: Any) -> None:
    window.files.new_empty("dnd5e-2024", 6, 6)
    ayla = Token("ayla", Cell(2, 2), name="Ayla", side="party", pc=True, hp=0, max_hp=20, death_saves=(2, 1))
    window.doc.execute(AddTokens((ayla,)))
    item = window.map_scene.token_items["ayla"]
    assert item.shows_death_saves()
    image = _render(window)
    assert _count(image, DEATH_SAVE_OK) > 20 and _count(image, DEATH_SAVE_BAD) > 10
    assert "Death saves: 2 succeeded, 1 failed" in item.toolTip()
    window.map_scene.select_ids(["ayla"])
    ins = window.inspector
    assert not ins.death_saves.isHidden()
    assert ins.death_saves.text().count("●") == 3 and ins.death_saves.text().count("○") == 3


def test_pf2e_shows_no_death_save_pips(window: Any) -> None:
    window.files.new_empty("pf2e", 6, 6)
    window.doc.execute(AddTokens((Token("val", Cell(2, 2), name="Valeros", pc=True, hp=0, max_hp=20),)))
    assert not window.map_scene.token_items["val"].shows_death_saves()
    window.map_scene.select_ids(["val"])
    assert window.inspector.death_saves.isHidden()
    assert _count(_render(window), DEATH_SAVE_OK) == 0
