"""Readable table information on the Player Screen (issue 26 item 3): the numbers on the miniatures' bases on
both screens, a health estimate for the party's foes (exact HP only for the party), the initiative strip
with whose turn it is and the round, and the template the GM is aiming."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage

from desktop.look.style import CELL
from rules.io.scene_json import scene_from_json
from rules.model.encounter import Combatant, Encounter
from rules.model.state import GameState
from rules.play.edits import EditToken
from tests.desktop.helpers import move, press, release, settle, view_point
from tests.desktop.table.tv_helpers import open_tv
from tests.desktop.test_player_view import dungeon_doc


def _whites(image: QImage, view: Any, cell: tuple[int, int]) -> int:
    """Near-white pixels on the bottom-left quarter of a token's square (where the base's number is)."""
    a = view.mapFromScene(QPointF(cell[0] * CELL - 6, (cell[1] + 0.68) * CELL))
    b = view.mapFromScene(QPointF((cell[0] + 0.36) * CELL, (cell[1] + 0.95) * CELL))
    n = 0
    for y in range(min(a.y(), b.y()), max(a.y(), b.y())):
        for x in range(min(a.x(), b.x()), max(a.x(), b.x())):
            c = image.pixelColor(x, y)
            n += c.red() > 235 and c.green() > 235 and c.blue() > 225
    return n


def test_base_numbers_set_from_the_token_menu_appear_on_both_screens(qtbot) -> None:  # type: ignore[no-untyped-def]
    win, pw = open_tv(qtbot)
    feats = win.player_screen
    feats.set_mode("gm")
    win.view.set_scale(1.2)
    win.view.centerOn(QPointF(6 * CELL, 7 * CELL))
    settle()
    gm_before = win.view.viewport().grab().toImage()
    tv_before = pw.view.viewport().grab().toImage()
    assert _whites(gm_before, win.view, (8, 6)) == 0 and _whites(tv_before, pw.view, (8, 6)) == 0
    # select the hero and the goblin, right-click: "Number Bases 1–2" (in reading order)
    win.map_scene.select_ids(["gob", "hero"])
    p = view_point(win.view, (8, 6))
    press(win.view, p, Qt.MouseButton.RightButton)
    release(win.view, p, Qt.MouseButton.RightButton)
    actions = {a.text(): a for a in win.view.last_context_menu.actions()}
    actions["Number Bases 1–2"].trigger()
    settle()
    assert win.doc.scene.token("hero").number == 1 and win.doc.scene.token("gob").number == 2
    assert feats.player_scene.token_items["gob"].token.number == 2
    gm_img = win.view.viewport().grab().toImage()
    tv_img = pw.view.viewport().grab().toImage()
    assert _whites(gm_img, win.view, (8, 6)) > 15
    assert _whites(tv_img, pw.view, (8, 6)) > 15
    win.doc.undo()  # one step
    assert win.doc.scene.token("gob").number is None


def test_health_estimates_for_foes_and_exact_hp_for_the_party(qtbot) -> None:  # type: ignore[no-untyped-def]
    doc = dungeon_doc()
    for t in doc["tokens"]:
        t["hp"], t["max_hp"] = (30, 30) if t["id"] == "hero" else (12, 12)
    win, _pw = open_tv(qtbot, doc=doc)
    scene = win.player_screen.player_scene
    assert scene.token_items["gob"].health == ("unhurt", "Unhurt")
    assert scene.token_items["hero"].health is None
    gob = win.doc.scene.token("gob")
    win.doc.execute(EditToken("gob", replace(gob, hp=5)))
    hero = win.doc.scene.token("hero")
    win.doc.execute(EditToken("hero", replace(hero, hp=11)))
    settle()
    assert scene.token_items["gob"].health == ("bloodied", "Bloodied")
    assert scene.token_items["gob"].token.hp is None  # the players never get a foe's HP
    assert scene.token_items["hero"].token.hp == 11 and scene.token_items["hero"].health is None


def test_initiative_strip_shows_the_order_whose_turn_and_the_round(qtbot) -> None:  # type: ignore[no-untyped-def]
    from rules.play.turns import NextTurn

    order = tuple(Combatant(tid, 20 - i, 0) for i, tid in enumerate(("hero", "boss", "gob", "sneak")))
    state = GameState(scene_from_json(dungeon_doc()), encounter=Encounter(order=order, round=3, index=0))
    win, pw = open_tv(qtbot, state=state)
    names = pw.strip.entries
    assert names == ["▶ Valeros", "Goblin"]  # the boss and the hidden sneak are not there
    assert pw.strip.round_text == "Round 3" and pw.strip.isVisible()
    win.doc.execute(NextTurn())
    win.doc.execute(NextTurn())
    settle()
    names = pw.strip.entries
    assert names == ["Valeros", "▶ Goblin"]
    assert pw.strip.current == 1


def test_the_template_being_aimed_shows_on_the_known_squares(qtbot) -> None:  # type: ignore[no-untyped-def]
    win, _pw = open_tv(qtbot)
    scene = win.player_screen.player_scene
    win.set_tool("area")
    tool = win.tool
    tool.shape = "burst"
    tool.feet = 10
    move(win.view, win.view.mapFromScene(QPointF(6 * CELL, 6 * CELL)), buttons=Qt.MouseButton.NoButton)
    settle()
    item = scene.aiming_item
    assert item is not None
    assert item.path().boundingRect().contains(QPointF(6 * CELL, 6 * CELL))
    # aimed into the boss's room behind the closed door: the players know none of it, the TV shows nothing
    move(win.view, win.view.mapFromScene(QPointF(18 * CELL, 6 * CELL)), buttons=Qt.MouseButton.NoButton)
    settle()
    assert tool.result is not None and tool.result.cells  # the GM sees the template there
    assert scene.aiming_item is None
    move(win.view, win.view.mapFromScene(QPointF(6 * CELL, 6 * CELL)), buttons=Qt.MouseButton.NoButton)
    settle()
    assert scene.aiming_item is not None
    win.set_tool("select")
    assert scene.aiming_item is None


def test_the_inspector_sets_a_base_number(qtbot) -> None:  # type: ignore[no-untyped-def]
    win, _pw = open_tv(qtbot)
    win.map_scene.select_ids(["gob"])
    win.show_dock(win.inspector)
    settle()
    box = win.inspector.base_number
    assert box.specialValueText() == "—" and box.value() == box.minimum()
    box.setValue(7)
    assert win.doc.scene.token("gob").number == 7
    assert win.doc.undo_label() == "Set Base Number"
    assert win.player_screen.player_scene.token_items["gob"].token.number == 7
    box.setValue(box.minimum())
    assert win.doc.scene.token("gob").number is None


def test_the_strip_goes_to_the_edge_the_turned_map_reads_from(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    order = tuple(Combatant(tid, 20 - i, 0) for i, tid in enumerate(("hero", "gob")))
    state = GameState(scene_from_json(dungeon_doc()), encounter=Encounter(order=order, round=1, index=0))
    win, pw = open_tv(qtbot, state=state)
    feats = win.player_screen

    def where() -> str:
        s, v = pw.strip.geometry(), pw.view.geometry()
        if s.bottom() < v.top():
            return "top"
        if s.top() > v.bottom():
            return "bottom"
        return "left" if s.right() < v.left() else "right"

    assert where() == "top"
    for degrees, edge in ((180, "bottom"), (90, "right"), (270, "left"), (0, "top")):
        feats.rotation_actions[degrees].trigger()
        settle()
        assert where() == edge, degrees
        image = pw.strip.grab().toImage()
        assert (
            image.width() > 0
            and len(
                {
                    image.pixelColor(x, y).rgb()
                    for x in range(0, image.width(), 3)
                    for y in range(0, image.height(), 3)
                }
            )
            > 3
        )


def test_the_gm_initiative_list_names_the_base_numbers(qtbot) -> None:  # type: ignore[no-untyped-def]
    from rules.play.numbers import SetTokenNumber

    order = tuple(Combatant(tid, 20 - i, 0) for i, tid in enumerate(("hero", "gob")))
    state = GameState(scene_from_json(dungeon_doc()), encounter=Encounter(order=order, round=1, index=0))
    win, pw = open_tv(qtbot, state=state)
    win.doc.execute(SetTokenNumber("gob", 5))
    settle()
    dock = win.table.initiative_dock
    names = [dock.order.item(i).text() for i in range(dock.order.count())]
    assert names == ["Valeros", "Goblin #5"]
    assert pw.strip.entries == ["▶ Valeros", "Goblin #5"]
