"""Fixtures of the hosted-table tests: a GM's document with a small dungeon, a table host on a free
loopback port with its own data folder, and Python player clients."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage

from desktop.document import Document
from desktop.table.host import TableHost
from desktop.table.seats import TableConfig, TableOptions, save_config
from rules.io.scene_json import scene_from_json
from rules.model.state import GameState
from tests.remote.client import PlayerClient

#: A 12×8 room split by a wall at x = 8 with a secret door; the party on the left; a goblin they see, a
#: hidden (PF2e) creature they know the square of, an undetected one and one behind the wall.
DUNGEON: dict[str, Any] = {
    "format": "fivefoot.scene",
    "version": 2,
    "system": "pf2e",
    "options": {"ambient": "bright"},
    "name": "Crypt",
    "grid": {"width": 12, "height": 8},
    "walls": [
        {"a": [8, 0], "b": [8, 3]},
        {"a": [8, 3], "b": [8, 5], "kind": "door", "secret": True},
        {"a": [8, 5], "b": [8, 8]},
    ],
    "tokens": [
        {
            "id": "aria",
            "name": "Aria",
            "cell": [1, 1],
            "pc": True,
            "side": "party",
            "hp": 20,
            "max_hp": 24,
            "ac": 18,
            "speed": 25,
            "hero_points": 1,
            "perception": 7,
            "skills": {"athletics": 5},
            "attacks": [{"name": "Longsword", "bonus": 9, "damage": "1d8+4 slashing"}],
            "spell_dc": 17,
            "spell_attack": 7,
            "spells": [
                {
                    "name": "Force Barrage",
                    "level": 1,
                    "range": 120,
                    "actions": [1, 3],
                    "damage": [{"formula": "1d4+1", "type": "force"}],
                    "text": "You fire a shard of solidified magic toward a creature that you can see.",
                },
                {
                    "name": "Fireball",
                    "level": 3,
                    "range": 500,
                    "area": {"shape": "burst", "feet": 20},
                    "save": {"stat": "reflex", "basic": True},
                    "damage": [{"formula": "6d6", "type": "fire"}],
                },
                {"name": "Shield", "level": 0, "actions": 1, "targets": 0},
                {
                    "name": "Hand of the Apprentice",
                    "level": 1,
                    "range": 500,
                    "attack": True,
                    "damage": [{"formula": "1d6+4", "type": "slashing"}],
                    "uses": {"kind": "focus"},
                },
            ],
            "spell_uses": {
                "slots": {"1": {"max": 2, "used": 1}, "3": {"max": 1, "used": 0}},
                "focus": {"max": 1, "used": 1},
            },
            "notes": "GM NOTE: Aria is a doppelganger",
        },
        {"id": "bram", "name": "Bram", "cell": [2, 5], "pc": True, "side": "party", "hp": 15, "max_hp": 15},
        {"id": "gob1", "name": "Goblin", "cell": [5, 2], "side": "enemy", "hp": 6, "max_hp": 6},
        {
            "id": "lurker-7",
            "name": "Lurking Mimic",
            "cell": [6, 6],
            "side": "enemy",
            "conditions": ["hidden"],
        },
        {
            "id": "wraith-3",
            "name": "Silent Wraith",
            "cell": [3, 3],
            "side": "enemy",
            "conditions": ["undetected"],
        },
        {"id": "ogre-9", "name": "Sleeping Ogre", "cell": [10, 6], "side": "enemy", "hp": 50, "max_hp": 50},
    ],
    "fog": {"enabled": True, "width": 12, "height": 8, "explored": ""},
}


def dungeon_state() -> GameState:
    return GameState(scene_from_json(DUNGEON))


@pytest.fixture
def table_dir(tmp_path: Path) -> Path:
    d = tmp_path / "data"
    d.mkdir()
    return d


@pytest.fixture
def host(qtbot: Any, table_dir: Path) -> Iterator[TableHost]:
    save_config(table_dir / "table.json", TableConfig(options=TableOptions(port=0, auto_admit=True)))
    doc = Document(dungeon_state())
    h = TableHost(doc, table_dir)
    h.open()
    yield h
    h.close()


def wait_for(qtbot: Any, fn: Any, timeout: int = 5000) -> None:
    qtbot.waitUntil(lambda: bool(fn()), timeout=timeout)


@pytest.fixture
def clients() -> Iterator[list[PlayerClient]]:
    made: list[PlayerClient] = []
    yield made
    for c in made:
        c.close()


def base(host: TableHost) -> str:
    return f"http://127.0.0.1:{host.port}"


def joined(
    host: TableHost, clients: list[PlayerClient], qtbot: Any, seat: str | None = "aria", name: str = "Ann"
) -> PlayerClient:
    """A client that joined `seat`, was admitted and connected, with the projection received."""
    c = PlayerClient(base(host), host.config.code)
    clients.append(c)
    status, body = c.join(name, seat)
    assert status == 200, body
    wait_for(qtbot, lambda: c.refresh_status().get("status") == "admitted")
    c.connect()
    wait_for(qtbot, lambda: c.read()["header"] is not None and c.read()["tokens"])
    return c


def options(host: TableHost, **changes: Any) -> None:
    host.set_options(replace(host.config.options, **changes))


# ---- portraits (tests/remote/test_table_portraits.py, the browser test)


def _png(colour: str, w: int, h: int) -> bytes:
    image = QImage(w, h, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


PICTURES = {"aria.png": _png("#d03030", 300, 200), "ogre.png": _png("#20a040", 90, 90)}


def _with_portraits(state: GameState) -> GameState:
    scene = state.scene
    for tid, name in (("aria", "embedded:aria.png"), ("ogre-9", "embedded:ogre.png")):
        token = scene.token(tid)
        assert token is not None
        scene = scene.replace_token(replace(token, image=name))
    return replace(state, scene=scene)


@pytest.fixture
def portrait_host(qtbot: Any, table_dir: Path) -> Iterator[TableHost]:
    save_config(table_dir / "table.json", TableConfig(options=TableOptions(port=0, auto_admit=True)))
    doc = Document(_with_portraits(dungeon_state()), images=PICTURES)
    h = TableHost(doc, table_dir)
    h.open()
    yield h
    h.close()
