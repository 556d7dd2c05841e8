"""Condition icons (issue 26 item 3, "condition icons"): every condition of both systems has a pictogram
(``assets/conditions``, drawn with QtSvg), valued ones show their value, an unknown condition falls back
to a text badge; the GM map, the Player Screen (with a legend naming them) and the inspector draw them,
and their names are the rulebooks' words in the reader's language."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from desktop.docks.inspector import InspectorDock
from desktop.i18n import Language
from desktop.i18n.condition_names import condition_name
from desktop.look.condition_icons import badge, badge_pixmap, icon_name, icons_dir, paint_badge, renderer
from desktop.look.style import CELL
from rules.model.scene import PersistentDamage
from rules.play.effects import EditConditions
from rules.systems import all_systems
from tests.desktop.helpers import settle
from tests.desktop.table.tv_helpers import open_tv
from tests.desktop.table_helpers import make_view
from tests.rules.ascii_maps import ascii_scene

ROOT = Path(__file__).resolve().parents[3]


def _shots() -> Path:
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _near(image: QImage, colour: str, rect: tuple[int, int, int, int] | None = None) -> int:
    """Pixels of `image` (in `rect`: x, y, w, h) within a small distance of `colour`."""
    want = QColor(colour)
    x0, y0, w, h = rect if rect is not None else (0, 0, image.width(), image.height())
    n = 0
    for y in range(max(0, y0), min(image.height(), y0 + h)):
        for x in range(max(0, x0), min(image.width(), x0 + w)):
            c = image.pixelColor(x, y)
            n += abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue()) < 30
    return n


def test_every_condition_of_both_systems_has_an_icon_that_loads(qapp: Any) -> None:
    names = {name for system in all_systems() for name, _valued in system.condition_choices()}
    assert {"frightened", "off-guard", "prone", "grabbed", "grappled", "restrained", "blinded"} <= names
    for name in sorted(names):
        icon = icon_name(name)
        assert icon is not None, name
        assert renderer(icon) is not None, f"{icon}.svg does not load"
    assert icon_name("grappled") == icon_name("grabbed") == "grabbed"  # one hand for both systems' word
    assert icon_name("persistent-fire") == "persistent-damage" and icon_name("persistent-bleed") == "bleeding"
    # every file is one of ours, with the licence line the assets' list promises
    for path in icons_dir().glob("*.svg"):
        assert "Drawn for FiveFoot" in path.read_text(encoding="utf-8"), path.name
    # an unknown condition is a text badge, with its value
    odd = badge("homebrew-curse 3")
    assert odd.icon is None and odd.short == "HC" and odd.value == 3


def test_a_badge_draws_its_pictogram_or_its_letters_and_its_value(qapp: Any) -> None:
    def drawn(text: str) -> QImage:
        image = QImage(64, 64, QImage.Format.Format_ARGB32)
        image.fill(QColor("#000000"))
        painter = QPainter(image)
        paint_badge(painter, QRectF(4, 4, 48, 48), badge(text))
        painter.end()
        return image

    prone, frightened = drawn("prone"), drawn("frightened 2")
    assert _near(prone, badge("prone").colour) > 300  # the disc
    assert _near(prone, "#ffffff") > 40  # the white pictogram on it
    assert _near(prone, "#fbfbf6", (53, 36, 11, 28)) < 3  # no value, no bubble (right of the disc)
    assert _near(frightened, "#fbfbf6", (53, 36, 11, 28)) > 20  # the value's bubble, past the disc
    assert drawn("prone") == drawn("prone") and drawn("prone") != drawn("blinded")  # one picture each
    assert not badge_pixmap("homebrew", 22).isNull()


def test_names_are_the_rulebooks_words_of_the_scenes_system(qapp: Any) -> None:
    ja = Language.load("ja")
    assert condition_name("frightened 2", "pf2e", ja) == "恐れ状態 2"
    assert condition_name("frightened 2", "dnd5e-2024", ja) == "恐怖状態 2"
    assert condition_name("off-guard", "pf2e", ja) == "立ちすくみ状態"
    assert condition_name("frightened 2", "pf2e") == "frightened 2"
    assert condition_name("persistent-fire") == "persistent fire damage"
    assert condition_name("homebrew-curse") == "homebrew curse"


def test_the_gm_map_and_the_player_screen_draw_the_icons_and_the_tv_names_them(qtbot: Any) -> None:
    win, pw = open_tv(qtbot)
    win.player_screen.set_mode("gm")
    win.view.set_scale(1.6)
    win.view.centerOn(QPointF(6.5 * CELL, 6.5 * CELL))
    settle()
    purple = badge("frightened").colour

    def top_of(view: Any, cell: tuple[int, int]) -> tuple[int, int, int, int]:
        a = view.mapFromScene(QPointF(cell[0] * CELL - 10, cell[1] * CELL - 14))
        b = view.mapFromScene(QPointF((cell[0] + 1) * CELL + 10, cell[1] * CELL + 20))
        return min(a.x(), b.x()), min(a.y(), b.y()), abs(b.x() - a.x()), abs(b.y() - a.y())

    gm_before = _near(win.view.viewport().grab().toImage(), purple, top_of(win.view, (8, 6)))
    tv_before = _near(pw.view.viewport().grab().toImage(), purple, top_of(pw.view, (8, 6)))
    assert not pw.legend.isVisible()
    win.doc.execute(EditConditions("gob", ("frightened 2", "off-guard")))
    win.doc.execute(EditConditions("hero", ("prone", "grabbed", "homebrew-curse")))
    settle()
    gm = win.view.viewport().grab().toImage()
    tv = pw.view.viewport().grab().toImage()
    assert _near(gm, purple, top_of(win.view, (8, 6))) > gm_before + 20
    assert _near(tv, purple, top_of(pw.view, (8, 6))) > tv_before + 20
    item = win.map_scene.token_items["gob"]
    assert [b.icon for b in item.badges()] == ["frightened", "off-guard"]
    assert [b.value for b in item.badges()] == [2, None]
    assert "frightened 2, off-guard" in item.toolTip()
    # the TV's legend: each condition once, by its name
    assert pw.legend.isVisible()
    assert sorted(pw.legend.names()) == ["frightened", "grabbed", "homebrew curse", "off-guard", "prone"]
    assert gm.save(str(_shots() / "condition-icons-gm.png"))
    assert pw.grab().save(str(_shots() / "condition-icons-player-screen.png"))
    win.doc.undo()
    win.doc.undo()
    settle()
    assert not pw.legend.isVisible()


def test_the_inspector_shows_the_conditions_as_icons_named_in_their_tooltips(qtbot: Any) -> None:
    tokens = {"A": {"name": "Amiri", "pc": True, "hp": 20, "conditions": ["frightened 2", "homebrew-curse"]}}
    doc, map_scene, _view = make_view(qtbot, ascii_scene("A..\n...", tokens=tokens))
    doc.execute(
        EditConditions("A", ("frightened 2", "homebrew-curse"), persistent=(PersistentDamage("1d6", "fire"),))
    )
    inspector = InspectorDock(doc, map_scene)
    qtbot.addWidget(inspector)
    inspector.resize(440, 720)
    inspector.show()
    map_scene.select_ids(["A"])
    icons = inspector.condition_icons
    assert icons.isVisible() and icons.count() == 3
    assert icons.names() == ["frightened 2", "homebrew curse", "persistent fire damage"]
    assert inspector.grab().save(str(_shots() / "condition-icons-inspector.png"))
    doc.execute(EditConditions("A", (), persistent=()))
    assert icons.count() == 0 and not icons.isVisible()


def test_more_conditions_than_fit_end_in_a_count(qapp: Any) -> None:
    from desktop.map.items.token_item import MAX_BADGES, TokenItem
    from rules.geometry.coords import Cell
    from rules.model.scene import Token

    many = ("prone", "grabbed", "blinded", "frightened 1", "sickened 2", "slowed 1")
    item = TokenItem(Token("t", Cell(1, 1), name="Ogre", conditions=many))
    assert len(item.badges()) == len(many) > MAX_BADGES
    image = QImage(3 * int(CELL), 3 * int(CELL), QImage.Format.Format_ARGB32)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    painter.translate(CELL, CELL)
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    assert _near(image, badge("prone").colour) > 20 and _near(image, "#56606e") > 20  # the "+3" disc
    assert _near(image, badge("sickened").colour) == 0  # not drawn: counted in the "+3"
