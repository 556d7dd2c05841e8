"""Screenshots of light, fog and the player screen on a sample map, for a person to look at, with pixel
checks: the player screen of the same moment shows neither the hidden goblin nor the GM-only layers.

Pictures go where `tests/desktop/test_screenshots.py` writes them (``$FIVEFOOT_SHOTS`` or ``shots/desktop``).
The sample maps are in ``$FIVEFOOT_SAMPLE_MAPS`` (or the shared sample-maps folder beside the repository);
the test is skipped when neither is there.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage

from desktop.look.style import CELL, WALL_COLOURS
from rules.geometry.coords import Cell
from rules.model.fog import Fog
from rules.model.scene import Token
from tests.desktop.helpers import settle

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = "test.dd2vtt"  # the sample map that comes with a light


def _sample_map() -> Path | None:
    for folder in (os.environ.get("FIVEFOOT_SAMPLE_MAPS"), ROOT.parent / "shared" / "sample-maps"):
        if folder and (Path(folder) / SAMPLE).is_file():
            return Path(folder) / SAMPLE
    return None


@pytest.fixture(scope="module")
def shots() -> Path:
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots" / "desktop")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _near(image: QImage, p: Any, colour: Any, reach: int = 3, tol: int = 40) -> int:
    n = 0
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            x, y = p.x() + dx, p.y() + dy
            if 0 <= x < image.width() and 0 <= y < image.height():
                c = image.pixelColor(x, y)
                d = (
                    abs(c.red() - colour.red())
                    + abs(c.green() - colour.green())
                    + abs(c.blue() - colour.blue())
                )
                n += d < tol
    return n


def _reddish(image: QImage, view: Any, cell: tuple[int, int]) -> int:
    a = view.mapFromScene(QPointF(cell[0] * CELL, cell[1] * CELL))
    b = view.mapFromScene(QPointF((cell[0] + 1) * CELL, (cell[1] + 1) * CELL))
    n = 0
    for y in range(min(a.y(), b.y()), max(a.y(), b.y())):
        for x in range(min(a.x(), b.x()), max(a.x(), b.x())):
            if 0 <= x < image.width() and 0 <= y < image.height():
                c = image.pixelColor(x, y)
                n += c.red() > 150 and c.red() - c.green() > 80 and c.red() - c.blue() > 80
    return n


def test_sample_map_lights_fog_and_player_screen(qtbot, shots: Path) -> None:  # type: ignore[no-untyped-def]
    path = _sample_map()
    if path is None:
        pytest.skip("sample maps not available (set FIVEFOOT_SAMPLE_MAPS)")
    from desktop.document import Document
    from desktop.window.main_window import MainWindow
    from rules.io import uvtt
    from rules.play.fog import EditFog

    opened = uvtt.load_document(path)
    scene = opened.scene
    assert scene.lights, "the sample map should come with a light"
    light = scene.lights[0]
    lx, ly = int(light.position.x), int(light.position.y)
    tokens = (
        Token("hero", Cell(lx - 1, ly), side="party", pc=True, name="Valeros"),
        Token("gob", Cell(lx + 2, ly + 2), side="enemy", name="Goblin"),
        Token("sneak", Cell(lx + 1, ly - 2), side="enemy", name="Goblin Sneak", conditions=("hidden",)),
    )
    scene = scene.edit(
        tokens=tokens,
        options=replace(scene.options, ambient="darkness"),
        fog=Fog.blank(scene.grid.width, scene.grid.height),
    )
    win = MainWindow(Document(scene, images=opened.images), autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit()
    settle()
    # 1. the sample map with its imported light (fog off for this picture)
    win.player_screen.act_fog.trigger()
    settle()
    assert win.grab().save(str(shots / "light-sample-map.png"))
    win.player_screen.act_fog.trigger()
    # 2. the GM view with fog: the GM revealed a strip, the party remembers what it has seen (the engine
    # remembered it when the fog was switched on again)
    w, h = scene.grid.width, scene.grid.height
    win.doc.execute(EditFog(tuple((x, y) for x in range(w) for y in range(h - 3, h)), True))
    settle()
    gm_img = win.view.viewport().grab().toImage()
    assert win.grab().save(str(shots / "fog-gm-view.png"))
    # 3. the player screen of the same moment
    pw = win.player_screen.open_player_screen()
    qtbot.waitExposed(pw)
    win.player_screen.set_mode("gm")
    pw.resize(1280, 800)
    settle()
    pw.apply_steering()
    pl_img = pw.view.viewport().grab().toImage()
    assert pw.grab().save(str(shots / "fog-player-view.png"))

    view = win.player_screen.player_scene.view_value
    assert view is not None and view.token("sneak") is None and view.token("gob") is not None
    # the hidden goblin: red in the GM view, nowhere on the player screen
    assert _reddish(gm_img, win.view, (lx + 1, ly - 2)) > 10
    assert _reddish(pl_img, pw.view, (lx + 1, ly - 2)) == 0
    assert _reddish(pl_img, pw.view, (lx + 2, ly + 2)) > 10
    # GM-only layer: wall lines in the walls layer's colour where the party sees; none on the player screen
    wall_colour = WALL_COLOURS["wall"]
    checked = 0
    known = view.visible
    for wall in win.doc.scene.walls:
        if wall.kind != "wall":
            continue
        mx, my = (wall.a.x + wall.b.x) / 2, (wall.a.y + wall.b.y) / 2
        cx, cy = int(mx), int(my)
        if not (0 <= cx < w and 0 <= cy < h) or not known[cy, cx]:
            continue
        mid = QPointF(mx * CELL, my * CELL)
        if _near(gm_img, win.view.mapFromScene(mid), wall_colour) == 0:
            continue  # covered by a token or a light ring
        items = win.player_screen.player_scene.token_items.values()
        if any(item.sceneBoundingRect().adjusted(-8, -8, 8, 8).contains(mid) for item in items):
            continue  # a token or its name label covers it on the player screen (near-white text)
        assert _near(pl_img, pw.view.mapFromScene(mid), wall_colour, tol=20) <= 2
        checked += 1
    assert checked >= 3
