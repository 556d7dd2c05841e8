"""The launch projects the Player Screen only once the GM's map has painted (`hold_until_painted`); whatever
asks for the players' view meanwhile still gets the current one."""

from __future__ import annotations

from pathlib import Path

from rules.io.scene_json import scene_from_json
from tests.desktop.test_player_view import dungeon_doc


def _window(qtbot):  # type: ignore[no-untyped-def]
    from desktop.document import Document
    from desktop.window.main_window import MainWindow

    win = MainWindow(Document(scene_from_json({**dungeon_doc(), "tokens": []})), autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    win.resize(1200, 800)
    return win


def test_the_projection_waits_for_the_first_frame_of_the_map(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import json

    win = _window(qtbot)
    scene = win.player_screen.player_scene
    path = tmp_path / "dungeon.json"
    path.write_text(json.dumps(dungeon_doc()), encoding="utf-8")
    win.player_screen.hold_until_painted()
    assert win.files.open(path, ask=False)
    assert scene.token_items == {}  # opened, but not projected yet: nothing shows the Player Screen
    win.show()
    qtbot.waitExposed(win)
    qtbot.waitUntil(lambda: set(scene.token_items) == {"hero", "gob"}, timeout=5000)


def test_reading_the_players_view_while_held_gets_the_current_one(qtbot) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot)
    scene = win.player_screen.player_scene
    win.player_screen.hold_until_painted()
    win.doc.load(scene_from_json(dungeon_doc()), None)
    assert scene.token_items == {}
    view = scene.view_value
    assert view is not None and {t.id for t in view.tokens} == {"hero", "gob"}
    assert set(scene.token_items) == {"hero", "gob"}  # and the items were brought up to date with it


def test_a_visible_preview_is_not_held(qtbot) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot)
    feats = win.player_screen
    feats.preview.show()
    feats.hold_until_painted()
    win.doc.load(scene_from_json(dungeon_doc()), None)
    assert set(feats.player_scene.token_items) == {"hero", "gob"}
