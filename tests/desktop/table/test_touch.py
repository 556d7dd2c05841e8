"""Touch on the Player Screen (issue 26 item 4), sent as real Qt touch events (QTest.touchEvent with a touch
QPointingDevice): one finger pans, two fingers pinch-zoom, a tap pings (on the GM's map too), hold-and-drag
measures; the GM turns touch off, and a locked view keeps its place."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtTest import QTest

from desktop.look.style import CELL
from desktop.player.touch import FingerRuler, PingItem
from tests.desktop.helpers import settle
from tests.desktop.table.tv_helpers import open_tv, tv_centre


@pytest.fixture
def tv(qtbot):  # type: ignore[no-untyped-def]
    win, pw = open_tv(qtbot)
    feats = win.player_screen
    feats.set_mode("gm")  # touch takes the view over from following
    feats.steering.set_view(QPointF(8 * CELL, 7 * CELL), 1.0)
    settle()
    return win, pw, QTest.createTouchDevice()


def _one_finger(pw, device, path: list[QPoint], hold: float = 0.0) -> None:  # type: ignore[no-untyped-def]
    vp = pw.view.viewport()
    QTest.touchEvent(vp, device, False).press(0, path[0], vp).commit()
    if hold:
        time.sleep(hold)
    for p in path[1:]:
        QTest.touchEvent(vp, device, False).move(0, p, vp).commit()
    QTest.touchEvent(vp, device, False).release(0, path[-1], vp).commit()
    settle()


def test_one_finger_pans_the_players_view(tv) -> None:  # type: ignore[no-untyped-def]
    win, pw, device = tv
    before = tv_centre(pw)
    _one_finger(pw, device, [QPoint(600, 400), QPoint(560, 380), QPoint(450, 330), QPoint(400, 300)])
    after = tv_centre(pw)
    # the map follows the finger: dragged 200 px left and 100 px up, the view's centre goes right and down
    assert after.x() - before.x() == pytest.approx(200, abs=3)
    assert after.y() - before.y() == pytest.approx(100, abs=3)
    assert win.player_screen.steering.mode == "fixed"  # it stopped following the GM


def test_two_fingers_pinch_zoom_about_the_point_between_them(tv) -> None:  # type: ignore[no-untyped-def]
    _win, pw, device = tv
    vp = pw.view.viewport()
    a, b = QPoint(500, 350), QPoint(700, 350)
    under = QPointF(pw.view.mapToScene(QPoint(600, 350)))
    QTest.touchEvent(vp, device, False).press(0, a, vp).press(1, b, vp).commit()
    QTest.touchEvent(vp, device, False).move(0, QPoint(450, 350), vp).move(1, QPoint(750, 350), vp).commit()
    QTest.touchEvent(vp, device, False).move(0, QPoint(400, 350), vp).move(1, QPoint(800, 350), vp).commit()
    QTest.touchEvent(vp, device, False).release(0, QPoint(400, 350), vp).release(
        1, QPoint(800, 350), vp
    ).commit()
    settle()
    assert pw.view.transform().m11() == pytest.approx(2.0, rel=0.02)  # fingers twice as far apart
    still = QPointF(pw.view.mapToScene(QPoint(600, 350)))
    assert (still - under).manhattanLength() < 3  # the point between the fingers stayed under them


def test_a_tap_pings_on_the_tv_and_the_gm_map(tv) -> None:  # type: ignore[no-untyped-def]
    win, pw, device = tv
    target = pw.view.mapFromScene(QPointF(6.5 * CELL, 6.5 * CELL))
    _one_finger(pw, device, [target])
    pings = [i for i in pw.player_scene.items() if isinstance(i, PingItem)]
    assert len(pings) == 1 and pings[0].pos() == QPointF(6.5 * CELL, 6.5 * CELL)
    assert any(isinstance(i, PingItem) for i in win.map_scene.items())
    assert "[6, 6]" in win.statusBar().currentMessage()


def test_hold_then_drag_measures_with_the_scene_rules(tv) -> None:  # type: ignore[no-untyped-def]
    _win, pw, device = tv
    before = tv_centre(pw)
    start = pw.view.mapFromScene(QPointF(4.5 * CELL, 6.5 * CELL))
    end = pw.view.mapFromScene(QPointF(10.5 * CELL, 6.5 * CELL))
    _one_finger(pw, device, [start, start + QPoint(30, 0), end], hold=0.6)
    rulers = [i for i in pw.player_scene.items() if isinstance(i, FingerRuler)]
    assert len(rulers) == 1 and rulers[0].text == "30 ft"  # six squares east
    assert (tv_centre(pw) - before).manhattanLength() < 1  # measuring doesn't pan


def test_touch_off_or_locked(tv) -> None:  # type: ignore[no-untyped-def]
    win, pw, device = tv
    feats = win.player_screen
    feats.act_touch.trigger()  # the GM turns touch off
    before = tv_centre(pw)
    _one_finger(pw, device, [QPoint(600, 400), QPoint(500, 400), QPoint(400, 400)])
    assert (tv_centre(pw) - before).manhattanLength() < 1
    _one_finger(pw, device, [QPoint(600, 400)])
    assert not any(isinstance(i, PingItem) for i in pw.player_scene.items())
    feats.act_touch.trigger()
    feats.act_lock.trigger()
    _one_finger(pw, device, [QPoint(600, 400), QPoint(500, 400), QPoint(400, 400)])
    assert (tv_centre(pw) - before).manhattanLength() < 1  # locked: no pan
    _one_finger(pw, device, [QPoint(600, 400)])
    assert any(isinstance(i, PingItem) for i in pw.player_scene.items())  # pings still work


@pytest.mark.parametrize("degrees", [90, 180, 270])
def test_the_map_stays_under_the_finger_on_a_turned_tv(tv, degrees: int) -> None:  # type: ignore[no-untyped-def]
    win, pw, device = tv
    win.player_screen.rotation_actions[degrees].trigger()
    settle()
    start, end = QPoint(600, 400), QPoint(420, 290)
    under = QPointF(pw.view.mapToScene(start))
    _one_finger(pw, device, [start, QPoint(560, 380), QPoint(480, 330), end])
    assert (QPointF(pw.view.mapToScene(end)) - under).manhattanLength() < 3
