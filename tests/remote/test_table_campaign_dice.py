"""The players' devices and the table's dice and scenes: a public dice box roll reaches the shared log, a
secret GM roll never does; while the GM prepares another scene the players keep the presented one and
their moves wait."""

from __future__ import annotations

import json
from typing import Any

from desktop.table.host import TableHost
from rules.dice import ScriptedDice
from rules.model.scene import new_scene
from rules.play.campaign import AddScene, SwitchScene
from rules.play.table_dice import RollDice
from tests.remote.client import PlayerClient
from tests.remote.conftest import joined, wait_for


def _log_text(c: PlayerClient) -> str:
    return json.dumps(c.read()["log"], ensure_ascii=False)


def test_a_secret_roll_never_reaches_the_players_log(
    host: TableHost, clients: list[PlayerClient], qtbot: Any
) -> None:
    c = joined(host, clients, qtbot)
    assert host.doc.execute(RollDice("1D100<=30", secret=True, dice=ScriptedDice([77]))) is not None
    assert host.doc.execute(RollDice("1d20+2>=15", dice=ScriptedDice([16]))) is not None
    wait_for(qtbot, lambda: "1d20+2>=15" in _log_text(c))
    text = _log_text(c)
    assert "18, success" in text
    assert "1D100" not in text and "77" not in text


def test_the_players_keep_their_scene_while_the_gm_prepares_another(
    host: TableHost, clients: list[PlayerClient], qtbot: Any
) -> None:
    c = joined(host, clients, qtbot)
    tokens = set(c.read()["tokens"])
    assert "aria" in tokens
    assert host.doc.execute(AddScene("Vault", new_scene("pf2e", 4, 4))) is not None
    assert host.doc.execute(SwitchScene("vault")) is not None
    qtbot.wait(200)
    assert set(c.read()["tokens"]) == tokens  # still the dungeon and its creatures
    r = c.send({"type": "move", "stops": [[2, 1]]})
    wait_for(qtbot, lambda: c.reply(r) is not None)
    assert c.reply(r)["ok"] is False and "preparing another scene" in c.reply(r)["text"]
    assert not host.pending
