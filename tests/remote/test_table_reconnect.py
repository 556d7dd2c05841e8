"""A dropped connection or a restarted GM app: the player gets the current state back."""

from __future__ import annotations

from typing import Any

from desktop.document import Document
from desktop.table.host import TableHost
from rules.geometry.coords import Cell
from rules.play.moves import MoveToken
from tests.remote.client import PlayerClient
from tests.remote.conftest import base, dungeon_state, joined, wait_for


def test_reconnect_after_a_dropped_connection_gets_the_current_state(
    host: TableHost, clients: list[PlayerClient], qtbot: Any
) -> None:
    c = joined(host, clients, qtbot)
    c.drop()
    wait_for(qtbot, lambda: not host.connected.get(c.pid))
    assert host.doc.execute(MoveToken("gob1", (Cell(4, 3),), free=True)) is not None  # while it was away
    again = PlayerClient(base(host), host.config.code)
    clients.append(again)
    again.pid, again.key = c.pid, c.key
    assert again.refresh_status()["status"] == "admitted"
    again.connect()
    wait_for(qtbot, lambda: again.read()["tokens"].get("gob1", {}).get("cell") == [4, 3])


def test_a_restarted_app_resumes_the_table_with_the_same_code_and_players(
    host: TableHost, clients: list[PlayerClient], qtbot: Any, table_dir: Any
) -> None:
    c = joined(host, clients, qtbot)
    code, port, epoch = host.config.code, host.port, host.config.epoch
    host.shutdown()  # the app quits with the table open
    assert c.get("/api/status", **c.auth())[0] == 0  # nobody answers while the app is closed
    restarted = TableHost(Document(dungeon_state()), table_dir)
    assert restarted.config.open and restarted.config.code == code
    restarted.open()
    try:
        assert restarted.port == port and restarted.config.epoch != epoch
        status = c.refresh_status()
        assert status["status"] == "admitted" and status["epoch"] == restarted.config.epoch
        again = PlayerClient(base(restarted), code)
        clients.append(again)
        again.pid, again.key, again.status = c.pid, c.key, status
        again.connect()
        wait_for(
            qtbot,
            lambda: again.read()["me"].get("sheet", {}) and again.read()["me"]["sheet"]["name"] == "Aria",
        )
    finally:
        restarted.close()


def test_the_gm_removes_a_player(host: TableHost, clients: list[PlayerClient], qtbot: Any) -> None:
    c = joined(host, clients, qtbot)
    host.remove(c.pid)
    wait_for(qtbot, lambda: c.get("/api/status", **c.auth())[0] == 403)
    wait_for(qtbot, lambda: not host.connected.get(c.pid))
