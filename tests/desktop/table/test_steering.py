"""Steering the TV from the GM window (issue 26 item 1): the Player Screen's frame on the GM map is dragged
to move the players' view and pulled by a corner to zoom it; push, follow the active creature, lock, the
curtain and "show only this area"; the Player Screen itself has no controls."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF
from PySide6.QtWidgets import QAbstractButton, QComboBox

from desktop.look.style import CELL
from desktop.player.scene import CURTAIN
from rules.io.scene_json import scene_from_json
from rules.model.encounter import Combatant, Encounter
from rules.model.state import GameState
from tests.desktop.helpers import drag, settle
from tests.desktop.table.tv_helpers import colours, frame_points, mid, open_tv, tv_centre
from tests.desktop.test_player_view import dungeon_doc


def _steer_small(win) -> None:  # type: ignore[no-untyped-def]
    """The TV zoomed in on the west room: its frame is well inside the GM view."""
    feats = win.player_screen
    feats.set_mode("fixed")
    feats.steering.set_view(QPointF(6 * CELL, 7 * CELL), 2.0)
    settle()


def test_the_player_screen_has_no_controls(qtbot) -> None:  # type: ignore[no-untyped-def]
    win, pw = open_tv(qtbot)
    assert not pw.findChildren(QAbstractButton) and not pw.findChildren(QComboBox)
    # they are on the GM's side, in the Player Screen panel
    assert win.player_screen.panel.findChildren(QAbstractButton)


def test_dragging_the_frame_moves_the_players_view(qtbot) -> None:  # type: ignore[no-untyped-def]
    win, pw = open_tv(qtbot)
    _steer_small(win)
    before_tokens = win.doc.scene.tokens
    tl, tr, _br, _bl = frame_points(win)
    grab = mid(tl, tr)  # on the frame's top edge
    drag(win.view, grab, grab + QPoint(120, 80))
    settle()
    gm_scale = win.view.transform().m11()
    want = QPointF(6 * CELL + 120 / gm_scale, 7 * CELL + 80 / gm_scale)
    got = win.player_screen.steering.centre
    assert abs(got.x() - want.x()) < 3 and abs(got.y() - want.y()) < 3
    seen = tv_centre(pw)
    assert abs(seen.x() - want.x()) < 3 and abs(seen.y() - want.y()) < 3  # the TV itself moved
    assert win.doc.scene.tokens == before_tokens and not win.doc.can_undo()  # no tool got the drag


def test_pulling_a_corner_zooms_the_players_view(qtbot) -> None:  # type: ignore[no-untyped-def]
    win, pw = open_tv(qtbot)
    _steer_small(win)
    _tl, _tr, br, _bl = frame_points(win)
    centre = win.view.mapFromScene(win.player_screen.steering.centre)
    out = centre + (br - centre) * 2  # twice as far from the centre: the view shows twice as much
    drag(win.view, br, out)
    settle()
    assert pw.view.transform().m11() == pytest.approx(1.0, rel=0.05)
    assert win.player_screen.steering.scale == pytest.approx(1.0, rel=0.05)


def test_lock_refuses_drags_and_following(qtbot) -> None:  # type: ignore[no-untyped-def]
    win, pw = open_tv(qtbot)
    _steer_small(win)
    feats = win.player_screen
    feats.act_lock.trigger()
    tl, tr, _br, _bl = frame_points(win)
    drag(win.view, mid(tl, tr), mid(tl, tr) + QPoint(100, 0))
    assert feats.steering.centre == QPointF(6 * CELL, 7 * CELL)
    assert "locked" in win.statusBar().currentMessage()
    feats.set_mode("gm")
    win.view.set_scale(0.9)
    settle()
    assert pw.view.transform().m11() == pytest.approx(2.0)  # a locked TV follows nothing


def test_push_my_view(qtbot) -> None:  # type: ignore[no-untyped-def]
    win, pw = open_tv(qtbot)
    _steer_small(win)
    win.view.set_scale(1.5)
    win.view.centerOn(QPointF(18 * CELL, 6 * CELL))
    settle()
    assert pw.view.transform().m11() == pytest.approx(2.0)  # fixed: the GM's pan doesn't move it
    win.player_screen.act_push.trigger()
    settle()
    assert pw.view.transform().m11() == pytest.approx(1.5)
    gm_centre = win.view.mapToScene(win.view.viewport().rect().center())
    assert (tv_centre(pw) - QPointF(gm_centre)).manhattanLength() < 3


def test_follow_the_active_creature_only_when_the_players_see_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    from rules.play.turns import NextTurn

    order = tuple(Combatant(tid, 20 - i, 0) for i, tid in enumerate(("hero", "boss", "gob")))
    state = GameState(scene_from_json(dungeon_doc()), encounter=Encounter(order=order, round=1, index=0))
    win, pw = open_tv(qtbot, state=state)
    feats = win.player_screen
    feats.steering.set_view(QPointF(0, 0), 1.0)
    feats.mode_actions["creature"].trigger()
    settle()
    hero = QPointF(4.5 * CELL, 6.5 * CELL)
    assert (tv_centre(pw) - hero).manhattanLength() < 3
    win.doc.execute(NextTurn())  # the boss, behind a closed door: not followed
    settle()
    assert win.doc.state.encounter.current_id == "boss"
    assert (tv_centre(pw) - hero).manhattanLength() < 3
    win.doc.execute(NextTurn())  # the goblin in the torchlight
    settle()
    assert (tv_centre(pw) - QPointF(8.5 * CELL, 6.5 * CELL)).manhattanLength() < 3


def test_the_curtain_shows_no_map_pixels(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    order = tuple(Combatant(tid, 20 - i, 0) for i, tid in enumerate(("hero", "gob")))
    state = GameState(scene_from_json(dungeon_doc()), encounter=Encounter(order=order, round=2, index=0))
    win, pw = open_tv(qtbot, state=state)
    feats = win.player_screen
    feats.set_mode("fixed")
    feats.fit_known()
    settle()
    assert len(colours(pw.grab().toImage())) > 20  # the map, tokens and initiative strip
    feats.act_curtain.trigger()
    settle()
    image = pw.grab().toImage()
    assert colours(image, step=2) == {(CURTAIN.red(), CURTAIN.green(), CURTAIN.blue())}
    assert not pw.strip.isVisible()  # no table information either
    feats.act_curtain.trigger()
    settle()
    assert len(colours(pw.grab().toImage())) > 20


def test_show_only_this_area(qtbot) -> None:  # type: ignore[no-untyped-def]
    doc = dungeon_doc()
    doc["fog"]["enabled"] = False
    doc["options"]["ambient"] = "bright"
    win, pw = open_tv(qtbot, doc=doc)
    feats = win.player_screen
    feats.set_mode("fixed")
    feats.fit_known()
    feats.act_reveal.trigger()
    a = win.view.mapFromScene(QPointF(2 * CELL, 4 * CELL))
    b = win.view.mapFromScene(QPointF(10 * CELL, 9 * CELL))
    drag(win.view, a, b)
    settle()
    reveal = feats.steering.reveal
    assert reveal == QRectF(2 * CELL, 4 * CELL, 8 * CELL, 5 * CELL)  # whole squares
    assert not win.doc.can_undo()  # the drag was the reveal's, no tool's
    image = pw.view.viewport().grab().toImage()

    def pixel(x: float, y: float):  # type: ignore[no-untyped-def]
        p = pw.view.mapFromScene(QPointF(x * CELL, y * CELL))
        return image.pixelColor(p.x(), p.y())

    outside = pixel(18.5, 2.5)
    assert outside.red() + outside.green() + outside.blue() == 0
    inside = pixel(5.5, 5.5)
    assert inside.red() + inside.green() + inside.blue() > 60
    feats.act_clear_reveal.trigger()
    settle()
    image = pw.view.viewport().grab().toImage()
    assert pixel(18.5, 2.5).red() + pixel(18.5, 2.5).green() > 30


def test_the_frame_shows_while_the_player_screen_is_open(qtbot) -> None:  # type: ignore[no-untyped-def]
    win, pw = open_tv(qtbot)
    feats = win.player_screen
    assert feats.frame_item.isVisible()
    pw.close()
    settle()
    assert not feats.frame_item.isVisible()
    tl, tr, _br, _bl = frame_points(win)
    assert feats.frame.hit(QPointF(mid(tl, tr))) is None  # a hidden frame grabs nothing
    feats.act_player.trigger()
    settle()
    assert feats.frame_item.isVisible()
    feats.act_frame.trigger()  # the GM hides it from the map
    assert not feats.frame_item.isVisible()


def test_full_screen_from_the_gm_side_and_escape_on_the_tv(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    win, pw = open_tv(qtbot)
    feats = win.player_screen
    feats.act_full.trigger()
    settle()
    assert pw.isFullScreen() and feats.act_full.isChecked()
    QTest.keyClick(pw, Qt.Key.Key_Escape)
    settle()
    assert not pw.isFullScreen() and not feats.act_full.isChecked()


def test_a_frame_on_the_gm_views_border_leaves_clicks_to_the_tools(qtbot) -> None:  # type: ignore[no-untyped-def]
    win, _pw = open_tv(qtbot)
    feats = win.player_screen
    feats.set_mode("gm")  # the frame is the GM's own view, its edges on the view's border
    settle()
    rect = win.view.viewport().rect()
    for p in (QPointF(rect.width() / 2, 2), QPointF(2, rect.height() / 2), QPointF(3, 3)):
        assert feats.frame.hit(p) is None
    assert feats.steering.mode == "gm"


def test_opening_another_scene_shows_what_the_players_know_of_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    win, pw = open_tv(qtbot)
    feats = win.player_screen
    feats.set_mode("fixed")
    feats.steering.set_view(QPointF(-5000, -5000), 1.0)  # somewhere far off the map
    doc = dungeon_doc()
    doc["fog"]["enabled"] = False
    doc["grid"] = {"width": 10, "height": 8}
    doc["tokens"] = [t for t in doc["tokens"] if t["id"] == "hero"]
    doc["tokens"][0]["cell"] = [2, 2]
    doc["walls"], doc["lights"] = [], []
    win.doc.load(scene_from_json(doc), None)
    settle()
    assert (tv_centre(pw) - QPointF(5 * CELL, 4 * CELL)).manhattanLength() < 3  # the new map, fitted
