"""The token context menu's Actions (issue 16 §8): driven through the real menu, resolved by the engine,
logged and undoable; the elevation badge; screenshots of the menu and of a flying token's badge."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QMenu

from desktop.look.style import CELL
from desktop.map.items.token_item import elevation_text
from desktop.window.action_menu import actions_for, resolve, run_action
from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.play.moves import MoveToken
from tests.desktop.helpers import ascii_scene, press, release, view_point

ROOT = Path(__file__).resolve().parents[2]


def _open_menu(window, cell: tuple[int, int], side: int = 1) -> QMenu:  # type: ignore[no-untyped-def]
    view = window.view
    p = view_point(view, cell, side)
    press(view, p, Qt.MouseButton.RightButton)
    release(view, p, Qt.MouseButton.RightButton)
    menu = view.last_context_menu
    assert menu is not None
    return menu


def _actions_submenu(menu: QMenu) -> QMenu:
    (sub,) = [a.menu() for a in menu.actions() if a.text() == "Actions"]
    assert sub is not None
    return sub


def test_context_menu_take_cover_is_logged_and_undoable(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    # in the open room there is nothing to take cover behind: refused, the reason told
    menu = _open_menu(window, (5, 11))
    {a.text(): a for a in _actions_submenu(menu).actions()}["Take Cover"].trigger()
    menu.close()
    assert "nothing to take cover behind" in (doc.last_refusal or "")
    doc.execute(MoveToken("brann", (Cell(7, 11),), free=True))  # against the room's east wall
    menu = _open_menu(window, (7, 11))
    sub = _actions_submenu(menu)
    labels = [a.text() for a in sub.actions()]
    assert labels[:4] == ["Take Cover", "Raise a Shield", "Drop Prone", "Hide (roll Stealth)"]
    {a.text(): a for a in sub.actions()}["Take Cover"].trigger()
    menu.close()
    brann = doc.scene.token("brann")
    assert brann is not None and brann.has_condition("took-cover")
    assert "takes cover" in doc.log[-1] and "2 actions left" in doc.log[-1]
    assert doc.undo()
    brann = doc.scene.token("brann")
    assert brann is not None and not brann.has_condition("took-cover")


def _give_fly_speed(doc, token_id: str) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from rules.play.edits import UpdateToken

    token = doc.scene.token(token_id)
    assert token is not None
    doc.execute(UpdateToken(token_id, replace(token, speeds=(("fly", 30),)), log="wings"))


def test_flying_up_shows_the_elevation_badge(window) -> None:  # type: ignore[no-untyped-def]
    menu = _open_menu(window, (5, 11))  # no fly or climb Speed: refused
    {a.text(): a for a in _actions_submenu(menu).actions()}["Fly / climb up 5 ft"].trigger()
    menu.close()
    assert "no fly or climb Speed" in (window.doc.last_refusal or "")
    _give_fly_speed(window.doc, "brann")
    for _ in range(2):
        menu = _open_menu(window, (5, 11))
        {a.text(): a for a in _actions_submenu(menu).actions()}["Fly / climb up 5 ft"].trigger()
        menu.close()
    brann = window.doc.scene.token("brann")
    assert brann is not None and brann.elevation == 10
    assert elevation_text(window.map_scene.token_items["brann"].token) == "▲10"
    # Up there, the menu offers descending and falling.
    menu = _open_menu(window, (5, 11))
    labels = [a.text() for a in _actions_submenu(menu).actions()]
    menu.close()
    assert "Descend 5 ft" in labels and "Fall 10 ft to the ground" in labels


def test_hide_without_statistics_is_refused_and_changes_nothing(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    before = doc.scene
    reasons: list[str] = []
    doc.refused.connect(reasons.append)
    assert run_action(doc, "brann", "hide", ScriptedDice([10])) is None
    assert doc.scene == before
    assert reasons and "has no" in reasons[0]  # the demo's creatures list no Stealth or Perception


def test_resolve_hide_and_fall_with_given_dice() -> None:
    s = ascii_scene(
        "A.#.b",
        tokens={"A": {"skills": {"stealth": 5}, "hp": 30, "elevation": 20}, "b": {"perception": 5}},
    )
    a = s.token("A")
    assert a is not None
    hidden = resolve(s, a, "hide", ScriptedDice([8]))
    assert hidden.tokens[0].has_condition("hidden")
    assert hidden.lines[0] == "A tries to Hide (d20 8): hidden"
    assert "15 vs DC 15" in hidden.lines[1]
    fell = resolve(s, a, "fall", ScriptedDice([]))
    (landed,) = fell.tokens
    assert (landed.elevation, landed.hp, landed.has_condition("prone")) == (0, 20, True)
    assert fell.lines[0] == "A falls 20 ft: 10 bludgeoning (half of 20 ft)"
    five = ascii_scene("A..b", "dnd5e-2014", tokens={"A": {"hp": 30, "elevation": 30}})
    a5 = five.token("A")
    assert a5 is not None
    rolled = resolve(five, a5, "fall", ScriptedDice([4, 5, 6]))
    assert rolled.tokens[0].hp == 15 and "3d6 rolled 15" in rolled.lines[0]
    assert [x.key for x in actions_for(five, a5)][:5] == [
        "dash",
        "dodge",
        "disengage",
        "drop-prone",
        "squeeze",
    ]
    squeezed = resolve(five, a5, "squeeze", ScriptedDice([])).tokens[0]
    assert squeezed.has_condition("squeezing")
    assert "unsqueeze" in [x.key for x in actions_for(five, squeezed)]


def test_standing_up_next_to_a_reactive_striker_is_logged() -> None:
    s = ascii_scene("Ab", tokens={"A": {"conditions": ["prone"]}, "b": {"reactions": ["Reactive Strike"]}})
    a = s.token("A")
    assert a is not None
    r = resolve(s, a, "stand", ScriptedDice([]))
    assert not r.tokens[0].has_condition("prone")
    assert r.lines == (
        "A stands up (a move action: Reactive Strike can be triggered)",
        "stand within b's reach (Reactive Strike)",
    )


# ------------------------------------------------------------------------------------------ screenshots


@pytest.fixture(scope="module")
def shots() -> Path:
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots" / "desktop")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _check_not_blank(image: QImage, name: str) -> None:
    colours = {image.pixel(x, y) for x in range(0, image.width(), 23) for y in range(0, image.height(), 23)}
    assert len(colours) > 20, f"{name} looks blank"


@pytest.mark.qt_log_ignore("This plugin does not support")  # offscreen popups can't raise or grab
def test_screenshot_action_menu(window, shots: Path, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.view.set_scale(1.2)
    window.view.centerOn(5 * CELL, 12 * CELL)
    menu = _open_menu(window, (5, 11))
    sub = _actions_submenu(menu)
    shot = window.grab().toImage()
    where = window.view.mapTo(window, view_point(window.view, (5, 11)))
    menu.popup(window.mapToGlobal(where))
    qtbot.waitUntil(menu.isVisible)
    menu.setActiveAction(next(a for a in menu.actions() if a.text() == "Actions"))
    sub.popup(menu.mapToGlobal(QPoint(menu.width(), 0)))
    qtbot.waitUntil(sub.isVisible)
    painter = QPainter(shot)
    painter.drawImage(where, menu.grab().toImage())
    painter.drawImage(where + QPoint(menu.width() - 4, 0), sub.grab().toImage())
    painter.end()
    sub.close()
    menu.close()
    _check_not_blank(shot, "action menu")
    assert shot.save(str(shots / "20-token-action-menu.png"))


def test_screenshot_flying_token_badge_and_a_hidden_token(window, shots: Path) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    from rules.play.edits import UpdateToken

    for tid, feet in (("brann", 30), ("goblin-1", 5)):  # the GM sets the heights
        token = doc.scene.token(tid)
        assert token is not None
        doc.execute(UpdateToken(tid, replace(token, elevation=feet), log=f"{tid} flies"))

    mira = doc.scene.token("mira")
    assert mira is not None
    doc.execute(UpdateToken("mira", mira.with_condition("hidden"), log="Mira hides"))  # drawn faint, dashed
    brann = doc.scene.token("brann")
    assert brann is not None and brann.elevation == 30
    window.view.set_scale(1.4)
    window.view.centerOn(6 * CELL, 11 * CELL)
    shot = window.grab().toImage()
    _check_not_blank(shot, "flying badge")
    assert shot.save(str(shots / "21-flying-token-elevation-badge.png"))


def test_tooltip_tells_speeds_and_height() -> None:
    from desktop.map.items.token_item import tooltip_text

    s = ascii_scene("A", tokens={"A": {"elevation": 15, "speeds": {"fly": 40}}})
    a = s.token("A")
    assert a is not None
    text = tooltip_text(a)
    assert "fly 40 ft" in text and "15 ft up" in text
    assert elevation_text(a) == "▲15"
