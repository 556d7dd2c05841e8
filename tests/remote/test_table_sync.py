"""A Python player client (pycrdt, like the server) joins the GM's table and plays a little."""

from __future__ import annotations

import time
from typing import Any

from desktop.table.host import TableHost
from rules.geometry.coords import Cell
from rules.play.moves import MoveToken
from tests.remote.client import PlayerClient
from tests.remote.conftest import base, joined, options, wait_for


def test_a_player_joins_and_receives_the_projection(
    host: TableHost, clients: list[PlayerClient], qtbot: Any
) -> None:
    c = joined(host, clients, qtbot)
    data = c.read()
    assert data["header"]["width"] == 12 and data["header"]["fog"] is True
    assert set(data["tokens"]) == {"aria", "bram", "gob1"}
    assert data["markers"] == [[[6, 6]]]  # the hidden creature: its square, nothing else
    assert data["tokens"]["aria"]["hp"] == 20 and data["tokens"]["gob1"]["hp"] is None
    sheet = data["me"]["sheet"]
    assert sheet["name"] == "Aria" and sheet["hp"] == 20 and sheet["max_hp"] == 24
    assert sheet["counter"] == "Hero Points" and sheet["counter_value"] == 1
    assert [a["name"] for a in sheet["attacks"]] == ["Longsword"]


def test_a_gm_move_reaches_the_player_within_100_ms(
    host: TableHost, clients: list[PlayerClient], qtbot: Any
) -> None:
    c = joined(host, clients, qtbot)
    latencies = []
    for x in (3, 4, 3, 4, 3):
        before = len(c.updates)
        started = time.perf_counter()
        assert host.doc.execute(MoveToken("gob1", (Cell(x, 2),), free=True)) is not None
        wait_for(
            qtbot,
            lambda x=x, before=before: any(
                u[1].get("gob1", {}).get("cell") == [x, 2] for u in c.updates[before:]
            ),
        )
        arrived = next(t for t, toks in c.updates[before:] if toks.get("gob1", {}).get("cell") == [x, 2])
        latencies.append(arrived - started)
    latencies.sort()
    assert latencies[len(latencies) // 2] < 0.1, latencies


def test_move_intents_approved_by_the_gm_or_refused_by_the_engine(
    host: TableHost, clients: list[PlayerClient], qtbot: Any
) -> None:
    c = joined(host, clients, qtbot)
    # a legal move waits for the GM
    r = c.send({"type": "move", "stops": [[2, 1]]})
    wait_for(qtbot, lambda: c.reply(r) is not None)
    assert (c.reply(r)["ok"] is True and "aria" in host.pending) or host.pending
    wait_for(qtbot, lambda: c.read()["me"].get("pending"))
    (pid,) = host.pending
    assert host.approve(pid)
    wait_for(qtbot, lambda: c.read()["tokens"]["aria"]["cell"] == [2, 1])
    assert host.doc.scene.token("aria").cell == Cell(2, 1)
    # through the wall: the engine's MoveToken rules refuse it, nothing waits for the GM
    r2 = c.send({"type": "move", "stops": [[9, 1]]})
    wait_for(qtbot, lambda: c.reply(r2) is not None)
    assert c.reply(r2)["ok"] is False and "Can't move" in c.reply(r2)["text"]
    assert not host.pending
    # another player's creature: refused
    options(host, own_moves=True)
    r3 = c.send({"type": "move", "stops": [[3, 1]]})
    wait_for(qtbot, lambda: c.reply(r3) is not None)
    assert c.reply(r3)["ok"] is True
    wait_for(qtbot, lambda: host.doc.scene.token("aria").cell == Cell(3, 1))


def test_wrong_join_code_is_refused(host: TableHost, clients: list[PlayerClient], qtbot: Any) -> None:
    bad = PlayerClient(base(host), "ZZZZZZ" if host.config.code != "ZZZZZZ" else "YYYYYY")
    clients.append(bad)
    status, body = bad.get("/api/seats", code=bad.code)
    assert status == 403
    status, body = bad.join("Mallory", "aria")
    assert status == 403 and "pid" not in body


def test_the_spell_template_reaches_the_players_as_the_projection_has_it(
    host: TableHost, clients: list[PlayerClient], qtbot: Any
) -> None:
    from rules.geometry.areas import AreaSpec, resolve_area
    from rules.geometry.coords import Point
    from rules.play.projection import Template, player_projection

    c = joined(host, clients, qtbot)
    assert c.read()["template"] is None
    spec = AreaSpec("burst", 10, origin=Point(6, 6))
    host.set_template(Template(spec, "Fireball", cast=False))
    wait_for(qtbot, lambda: c.read()["template"] is not None)
    shown = c.read()["template"]
    known = player_projection(host.doc.state).known
    expected = [[x.x, x.y] for x in resolve_area(host.doc.scene, spec).affected_cells if known[x.y, x.x]]
    assert shown["label"] == "Fireball" and not shown["cast"]
    assert expected and sorted(shown["cells"]) == sorted(expected)
    host.set_template(None)
    wait_for(qtbot, lambda: c.read()["template"] is None)
