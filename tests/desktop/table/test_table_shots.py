"""Screenshots of the table screen for a person to look at (issue 26), with pixel checks: the GM window with
the TV's frame and the Player Screen panel; the Player Screen at true scale (a 43-inch 1920×1080 TV: one inch
squares) with base numbers, health estimates, condition badges and the initiative strip; the same turned a
quarter; the curtain.

The folder is ``$FIVEFOOT_SHOTS`` or ``shots/table`` in the repository (ignored by git)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt

from desktop.look.style import CELL
from desktop.map.items.token_item import HEALTH_COLOURS
from desktop.player import true_scale
from rules.io.scene_json import scene_from_json
from rules.model.encounter import Combatant, Encounter
from rules.model.state import GameState
from tests.desktop.helpers import settle
from tests.desktop.table.tv_helpers import colours, open_tv

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def shots() -> Path:
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots" / "table")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _skirmish() -> dict[str, Any]:
    """A lit hall: three heroes against four numbered goblins, some hurt, one prone."""
    tokens: list[dict[str, Any]] = [
        {"id": "val", "name": "Valeros", "cell": [5, 6], "side": "party", "pc": True, "hp": 28, "max_hp": 38},
        {"id": "kyra", "name": "Kyra", "cell": [4, 8], "side": "party", "pc": True, "hp": 9, "max_hp": 30},
        {"id": "ezren", "name": "Ezren", "cell": [3, 5], "side": "party", "pc": True, "hp": 21, "max_hp": 21},
    ]
    for n, (cell, hp, extra) in enumerate(
        [([9, 5], 15, {}), ([10, 7], 6, {}), ([9, 9], 3, {"conditions": ["prone"]}), ([12, 6], 0, {})],
        start=1,
    ):
        tokens.append(
            {
                "id": f"g{n}",
                "name": "Goblin",
                "cell": cell,
                "side": "enemy",
                "hp": hp,
                "max_hp": 15,
                "number": n,
                **extra,
            }
        )
    return {
        "format": "fivefoot.scene",
        "version": 3,
        "system": "pf2e",
        "grid": {"width": 20, "height": 14},
        "options": {"ambient": "bright"},
        "walls": [{"a": [15, 0], "b": [15, 14]}],
        "tokens": tokens,
        "fog": {"enabled": True, "width": 20, "height": 14, "explored": ""},
    }


def _state() -> GameState:
    order = tuple(
        Combatant(t, 20 - i, 0) for i, t in enumerate(("val", "g1", "kyra", "g2", "ezren", "g3", "g4"))
    )
    return GameState(scene_from_json(_skirmish()), encounter=Encounter(order=order, round=2, index=2))


def _count(image: Any, colour: Any, tol: int = 30) -> int:
    want = (colour.red(), colour.green(), colour.blue())
    n = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            c = image.pixelColor(x, y)
            n += abs(c.red() - want[0]) + abs(c.green() - want[1]) + abs(c.blue() - want[2]) < tol
    return n


def test_table_screen_pictures(qtbot, shots: Path) -> None:  # type: ignore[no-untyped-def]
    win, pw = open_tv(qtbot, state=_state())
    feats = win.player_screen
    pw.resize(1600, 900)
    settle()
    true_scale.save_ppi(feats.screen_key(), true_scale.pixels_per_inch(43, 1920, 1080))
    feats.act_true_scale.trigger()
    feats.set_mode("fixed")
    feats.steering.set_view(QPointF(8 * CELL, 7 * CELL))
    win.show_dock(feats.preview)
    settle()
    # the GM zooms out to see the whole frame (a 43-inch TV at one inch a square is bigger than this map)
    frame = feats.steering.frame().boundingRect()
    win.view.fitInView(frame.adjusted(-CELL, -CELL, CELL, CELL), Qt.AspectRatioMode.KeepAspectRatio)
    settle()
    assert feats.steering.px_per_square == pytest.approx(51.2, abs=0.1)

    # 1. the GM window: the TV's frame on the map, the Player Screen panel with its preview
    assert win.grab().save(str(shots / "gm-window-tv-frame.png"))
    # 2. the Player Screen at true scale
    image = pw.grab().toImage()
    assert pw.grab().save(str(shots / "player-screen-true-scale.png"))
    for key in ("unhurt", "bloodied", "near-death"):  # the goblins' health chips
        assert _count(image, HEALTH_COLOURS[key]) > 10, key
    names = pw.strip.entries
    assert names[:4] == ["Valeros", "Goblin #1", "▶ Kyra", "Goblin #2"]
    assert pw.strip.round_text == "Round 2"
    shown = feats.player_scene.token_items
    assert shown["g3"].health == ("near-death", "Near death") and shown["g3"].token.hp is None
    assert shown["kyra"].token.hp == 9
    # 3. turned a quarter for a side seat
    feats.rotation_actions[90].trigger()
    settle()
    assert pw.grab().save(str(shots / "player-screen-turned-90.png"))
    assert win.grab().save(str(shots / "gm-window-tv-frame-turned.png"))
    # 4. the curtain
    feats.rotation_actions[0].trigger()
    feats.act_curtain.trigger()
    settle()
    assert len(colours(pw.grab().toImage())) == 1
    assert win.grab().save(str(shots / "gm-window-curtain.png"))
