"""The player screen and the GM's fog and light tools, driven with real widgets offscreen."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage

from desktop.look.style import CELL
from rules.geometry.coords import Cell
from rules.io.scene_json import scene_from_json
from tests.desktop.helpers import drag, move, press, release, settle, view_point


def dungeon_doc() -> dict[str, Any]:
    """Two rooms joined by a closed door; the hero in the west room with a torch, goblins around."""
    return {
        "format": "fivefoot.scene",
        "version": 1,
        "system": "pf2e",
        "grid": {"width": 24, "height": 14},
        "options": {"ambient": "darkness"},
        "walls": [
            {"a": [12, 0], "b": [12, 6]},
            {"a": [12, 6], "b": [12, 8], "kind": "door", "open": False},
            {"a": [12, 8], "b": [12, 14]},
        ],
        "lights": [{"at": [18, 7], "bright": 15, "dim": 30}],
        "tokens": [
            {
                "id": "hero",
                "name": "Valeros",
                "cell": [4, 6],
                "side": "party",
                "pc": True,
                "light": {"bright": 20, "dim": 40},
            },
            {"id": "gob", "name": "Goblin", "cell": [8, 6], "side": "enemy"},
            {
                "id": "sneak",
                "name": "Goblin Sneak",
                "cell": [7, 9],
                "side": "enemy",
                "conditions": ["hidden"],
            },
            {"id": "boss", "name": "Goblin Boss", "cell": [18, 6], "side": "enemy"},
        ],
        "fog": {"enabled": True, "width": 24, "height": 14, "explored": ""},
    }


@pytest.fixture
def gm(qtbot):  # type: ignore[no-untyped-def]
    from desktop.document import Document
    from desktop.window.main_window import MainWindow

    win = MainWindow(Document(scene_from_json(dungeon_doc())), autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    win.view.popup_menus = False
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit()
    yield win


def _reddish(image: QImage, rect: tuple[int, int, int, int]) -> int:
    """Pixels in `rect` that look like an enemy token's red disc."""
    x0, y0, x1, y1 = rect
    n = 0
    for y in range(max(0, y0), min(image.height(), y1)):
        for x in range(max(0, x0), min(image.width(), x1)):
            c = image.pixelColor(x, y)
            if c.red() > 120 and c.red() - c.green() > 60 and c.red() - c.blue() > 60:
                n += 1
    return n


def _cell_rect(view: Any, cell: tuple[int, int]) -> tuple[int, int, int, int]:
    a = view.mapFromScene(QPointF(cell[0] * CELL, cell[1] * CELL))
    b = view.mapFromScene(QPointF((cell[0] + 1) * CELL, (cell[1] + 1) * CELL))
    return min(a.x(), b.x()), min(a.y(), b.y()), max(a.x(), b.x()), max(a.y(), b.y())


def test_player_screen_shows_only_what_the_party_knows(gm, qtbot) -> None:  # type: ignore[no-untyped-def]
    feats = gm.player_screen
    pw = feats.open_player_screen()
    qtbot.waitExposed(pw)
    feats.set_mode("gm")
    pw.apply_steering()
    shown = set(feats.player_scene.token_items)
    assert shown == {"hero", "gob"}  # the hidden sneak and the boss behind the closed door are not there
    gm_img = gm.view.viewport().grab().toImage()
    pl_img = pw.view.viewport().grab().toImage()
    assert _reddish(gm_img, _cell_rect(gm.view, (7, 9))) > 20  # the GM sees the sneak's token
    assert _reddish(pl_img, _cell_rect(pw.view, (7, 9))) == 0
    assert _reddish(pl_img, _cell_rect(pw.view, (8, 6))) > 20  # the goblin in the torchlight is shown
    # the boss's room is unknown: black on the player screen
    x0, y0, x1, y1 = _cell_rect(pw.view, (18, 6))
    c = pl_img.pixelColor((x0 + x1) // 2, (y0 + y1) // 2)
    assert c.red() + c.green() + c.blue() < 30

    # GM-only layers: walls are drawn as lines for the GM only, and the player scene holds no GM layer
    def brightest(image: QImage, p: Any) -> int:
        return max(image.pixelColor(p.x() + dx, p.y()).lightness() for dx in range(-3, 4))

    on_wall = QPointF(12 * CELL, 3 * CELL)
    assert brightest(gm_img, gm.view.mapFromScene(on_wall)) > 150
    assert brightest(pl_img, pw.view.mapFromScene(on_wall)) < 100
    kinds = {type(item).__name__ for item in feats.player_scene.items()}
    assert kinds <= {"TokenItem", "FogItem", "QGraphicsPathItem", "HiddenMarkerItem"}, kinds
    names = pw.strip.entries
    assert names == []  # no encounter yet


def test_player_view_follows_the_gm_or_stays_and_rotates(gm, qtbot) -> None:  # type: ignore[no-untyped-def]
    feats = gm.player_screen
    pw = feats.open_player_screen()
    qtbot.waitExposed(pw)
    feats.set_mode("gm")
    gm.view.set_scale(1.3)
    settle()
    assert pw.view.transform().m11() == pytest.approx(gm.view.transform().m11())
    feats.rotation_actions[180].trigger()
    assert pw.view.transform().m11() == pytest.approx(-gm.view.transform().m11())
    feats.mode_actions["fixed"].trigger()
    fixed = pw.view.transform().m11()
    gm.view.set_scale(0.5)
    settle()
    assert pw.view.transform().m11() == pytest.approx(fixed)
    assert feats.panel.screens.count() >= 1


def test_fog_tool_reveals_and_undo_hides_again(gm, qtbot) -> None:  # type: ignore[no-untyped-def]
    gm.set_tool("fog")
    tool = gm.tool
    tool.shape = "rect"
    view = gm.view
    press(view, view_point(view, (15, 2)))
    move(view, view_point(view, (20, 4)))
    release(view, view_point(view, (20, 4)))
    fog = gm.doc.scene.fog
    assert (
        fog is not None and fog.is_explored(15, 2) and fog.is_explored(20, 4) and not fog.is_explored(21, 4)
    )
    projected = gm.player_screen.player_scene.view_value
    assert projected.known[3, 17] and not projected.visible[3, 17]
    gm.doc.undo()
    assert not gm.doc.scene.fog.is_explored(17, 3)


def test_fog_follows_a_dragged_token(gm, qtbot) -> None:  # type: ignore[no-untyped-def]
    ctl = gm.player_screen.fog
    seen: list[Any] = []
    ctl.updated.connect(lambda visible, known, on: seen.append(visible.copy()))
    view = gm.view
    gm.set_tool("select")
    press(view, view_point(view, (4, 6)))
    move(view, view_point(view, (6, 6)))
    move(view, view_point(view, (10, 6)))
    settle()
    assert seen and seen[-1][6, 11]  # the torch moved with the hero while carried
    release(view, view_point(view, (10, 6)))


def test_fog_remembers_where_the_party_has_been_and_saves_it(gm, qtbot) -> None:  # type: ignore[no-untyped-def]
    from rules.io.scene_json import scene_to_json
    from rules.play.edits import PlaceTokens

    doc = gm.doc
    assert not doc.scene.fog.is_explored(2, 11)
    doc.execute(PlaceTokens((("hero", Cell(2, 10)),)))  # the engine remembers inside the move
    assert doc.scene.fog.is_explored(2, 11) and doc.scene.fog.is_explored(4, 6)
    saved = scene_to_json(doc.scene)
    assert saved["fog"]["enabled"] is True and saved["fog"]["explored"]


def test_light_tool_and_ambient_menu(gm, qtbot) -> None:  # type: ignore[no-untyped-def]
    gm.set_tool("light")
    view = gm.view
    before = len(gm.doc.scene.lights)
    pt = view.mapFromScene(QPointF(3 * CELL, 3 * CELL))
    press(view, pt)
    release(view, pt)
    assert len(gm.doc.scene.lights) == before + 1
    assert gm.doc.scene.lights[-1].bright == 20 and gm.doc.scene.lights[-1].dim == 40
    press(view, pt)
    release(view, pt)
    assert len(gm.doc.scene.lights) == before
    gm.player_screen.ambient_actions["dim"].trigger()
    assert gm.doc.scene.options.ambient == "dim"
    gm.player_screen.act_fog.trigger()
    assert gm.doc.scene.fog is not None and not gm.doc.scene.fog.enabled
    assert gm.player_screen.player_scene.view_value.known.all()


def test_preview_dock_shows_the_player_scene(gm, qtbot) -> None:  # type: ignore[no-untyped-def]
    feats = gm.player_screen
    feats.act_preview.trigger()
    settle()
    assert feats.preview.isVisible()
    assert feats.preview_view.scene() is feats.player_scene
    img = feats.preview_view.viewport().grab().toImage()
    assert img.width() > 100


def test_initiative_lists_only_the_creatures_on_the_player_screen(qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop.document import Document
    from desktop.window.main_window import MainWindow
    from rules.model.encounter import Combatant, Encounter
    from rules.model.state import GameState

    order = tuple(Combatant(tid, 20 - i, 0) for i, tid in enumerate(("boss", "hero", "sneak", "gob")))
    state = GameState(scene_from_json(dungeon_doc()), encounter=Encounter(order=order, round=3, index=1))
    win = MainWindow(Document(state), autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    win.show()
    qtbot.waitExposed(win)
    pw = win.player_screen.open_player_screen()
    qtbot.waitExposed(pw)
    names = pw.strip.entries
    assert names == ["▶ Valeros", "Goblin"]
    assert pw.strip.round_text == "Round 3"


def test_fog_remembers_after_a_move_in_the_same_step_and_undo_forgets(gm, qtbot) -> None:  # type: ignore[no-untyped-def]
    from rules.play.edits import PlaceTokens

    doc = gm.doc
    doc.execute(PlaceTokens((("hero", Cell(2, 11)),)))
    assert doc.scene.fog.is_explored(2, 12)  # at once: no second step, no timer
    assert doc.undo_label() == "Move tokens"  # the remembering is part of the move's one step
    doc.undo()  # one undo takes the move and what it explored
    assert doc.scene.token("hero").cell == Cell(4, 6)
    assert not doc.scene.fog.is_explored(2, 12)
    assert not doc.can_undo()


def test_one_drag_with_fog_on_is_one_undo_step_and_one_change(gm, qtbot) -> None:  # type: ignore[no-untyped-def]
    doc = gm.doc
    changes: list[object] = []
    doc.changed.connect(lambda old, new: changes.append(new))
    view = gm.view
    gm.set_tool("select")
    assert not doc.scene.fog.is_explored(2, 9)
    drag(view, view_point(view, (4, 6)), view_point(view, (4, 8)))
    settle()  # nothing more may follow the drag (no deferred remembering)
    assert doc.scene.token("hero").cell == Cell(4, 8)
    assert len(changes) == 1
    assert len(doc.applied()) == 1
    assert doc.scene.fog.is_explored(2, 9)  # the engine remembered what the hero sees from there
    doc.undo()
    assert not doc.can_undo()
    assert doc.scene.token("hero").cell == Cell(4, 6)


def test_light_tool_gives_a_creature_a_torch_and_puts_it_out(gm, qtbot) -> None:  # type: ignore[no-untyped-def]
    gm.set_tool("light")
    view = gm.view
    pt = view_point(view, (8, 6))  # the goblin
    press(view, pt)
    release(view, pt)
    gob = gm.doc.scene.token("gob")
    assert gob.light is not None and (gob.light.bright, gob.light.dim) == (20, 40)
    assert len(gm.doc.scene.lights) == 1  # no placed light added
    press(view, pt)
    release(view, pt)
    assert gm.doc.scene.token("gob").light is None
    gm.doc.undo()
    assert gm.doc.scene.token("gob").light is not None


def test_opening_the_player_screen_switches_fog_on_for_a_map_without_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop.document import Document
    from desktop.window.main_window import MainWindow

    doc = dungeon_doc()
    del doc["fog"]
    win = MainWindow(Document(scene_from_json(doc)), autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    win.show()
    assert win.doc.scene.fog is None and not win.player_screen.act_fog.isChecked()
    win.player_screen.open_player_screen()
    assert win.doc.scene.fog is not None and win.doc.scene.fog.enabled
    assert win.player_screen.act_fog.isChecked()
    assert win.doc.undo_label() == "Fog of War On"


def test_opening_the_player_screen_does_not_mark_the_scene_modified(qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop.document import Document
    from desktop.window.main_window import MainWindow

    doc = dungeon_doc()
    del doc["fog"]
    win = MainWindow(Document(scene_from_json(doc)), autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    win.show()
    assert not win.doc.dirty
    win.player_screen.open_player_screen()
    assert win.doc.scene.fog is not None and win.doc.scene.fog.enabled  # the players still see only theirs
    assert not win.doc.dirty and not win.isWindowModified()
    win.player_screen.act_fog.trigger()  # switching fog off by hand is an edit
    assert win.doc.dirty


def test_a_hidden_creature_is_a_question_mark_on_the_player_screen(gm, qtbot) -> None:  # type: ignore[no-untyped-def]
    """PF2e hidden: the party knows the square (issue 23, item 10). The sneak at [7, 9] shows as a "?"
    there, drawn from the projection's marker; an undetected creature leaves nothing."""
    feats = gm.player_screen
    pw = feats.open_player_screen()
    qtbot.waitExposed(pw)
    feats.set_mode("gm")
    pw.apply_steering()
    (marker,) = feats.player_scene.marker_items
    assert marker.cells == (Cell(7, 9),)
    assert "sneak" not in feats.player_scene.token_items
    img = pw.view.viewport().grab().toImage()
    x0, y0, x1, y1 = _cell_rect(pw.view, (7, 9))
    amber = [
        c
        for x in range(x0 + 2, x1 - 2, 2)
        for y in range(y0 + 2, y1 - 2, 2)
        if (c := img.pixelColor(x, y)).red() > 200 and c.green() > 140 and c.blue() < 120
    ]
    assert len(amber) > 5  # the "?" and its ring
    shots = os.environ.get("FIVEFOOT_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        pw.grab().save(str(Path(shots) / "player-screen-hidden-marker.png"))
    # it becomes undetected: the marker goes
    from rules.play.effects import EditConditions

    gm.doc.execute(EditConditions("sneak", ("undetected",)))
    assert feats.player_scene.marker_items == []
    gm.doc.undo()
    assert len(feats.player_scene.marker_items) == 1
