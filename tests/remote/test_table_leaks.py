"""Nothing GM-only ever leaves the GM's app: a scene with a hidden creature, an undetected one, one behind
a wall, a secret door and GM notes is played with two players and a watcher, and every byte the server
sent them (captured on the socket) is searched for their ids, names, words and coordinates."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from desktop.table.host import TableHost
from rules.geometry.coords import Cell
from rules.play.edits import EditToken
from rules.play.moves import MoveToken
from rules.play.turns import NextTurn, StartEncounter
from tests.remote.capture import CapturingProxy
from tests.remote.client import PlayerClient
from tests.remote.conftest import joined, wait_for

SECRETS = [
    "lurker-7",
    "Lurking Mimic",  # PF2e hidden: only a "?" on its square
    "wraith-3",
    "Silent Wraith",
    "undetected",  # undetected: no trace at all
    "ogre-9",
    "Sleeping Ogre",  # behind the wall, never seen
    "GM NOTE",
    "doppelganger",
    "secret",
    "gm_only",
    "notes",
    "walls",
]
#: Coordinates that must never appear: the undetected creature's squares and the ogre's, as the documents
#: and logs would write them, and the secret door's corners.
PLACES = [
    "[3,3]",
    "[3, 3]",
    "[4,4]",
    "[4, 4]",
    "[10,6]",
    "[10, 6]",
    "[9,6]",
    "[9, 6]",
    "[8,3]",
    "[8, 3]",
    "[8,5]",
    "[8, 5]",
    "8.0",
    "3.0",
    "5.0",
]


def test_nothing_gm_only_reaches_any_player(host: TableHost, clients: list[PlayerClient], qtbot: Any) -> None:
    with CapturingProxy(host.port) as proxy:
        real_port = host.port
        host.server.port = proxy.port  # type: ignore[union-attr]  # clients join through the proxy
        try:
            a = joined(host, clients, qtbot, "aria", "Ann")
            b = joined(host, clients, qtbot, "bram", "Ben")
            w = joined(host, clients, qtbot, None, "Wes")
        finally:
            host.server.port = real_port  # type: ignore[union-attr]
        doc = host.doc
        # play: the GM notes things, the creatures move, an encounter runs, the players act
        gm_notes = replace(doc.scene.token("wraith-3"), name="Silent Wraith")  # type: ignore[arg-type]
        gm_notes.extra["notes"] = "GM NOTE: the wraith guards the secret door"
        doc.execute(EditToken("wraith-3", gm_notes))
        doc.execute(MoveToken("wraith-3", (Cell(4, 4),), free=True))
        doc.execute(MoveToken("ogre-9", (Cell(9, 6),), free=True))
        doc.execute(MoveToken("lurker-7", (Cell(6, 5),), free=True))
        doc.execute(StartEncounter(dice=random.Random(7)))
        for _ in range(4):
            doc.execute(NextTurn(dice=random.Random(7)))
        r = a.send({"type": "move", "stops": [[1, 2]]})
        wait_for(qtbot, lambda: a.reply(r) is not None)
        for pid in list(host.pending):
            host.approve(pid)
        r = b.send({"type": "roll", "what": "check", "stat": "perception", "total": 14})
        wait_for(qtbot, lambda: b.reply(r) is not None)
        doc.execute(MoveToken("gob1", (Cell(6, 2),), free=True))
        wait_for(qtbot, lambda: w.read()["tokens"].get("gob1", {}).get("cell") == [6, 2])
        wait_for(qtbot, lambda: a.read()["markers"] == [[[6, 5]]])
        # the hidden creature is a "?" on its square and nothing else
        assert all("lurker" not in t and t != "Lurking Mimic" for t in a.read()["tokens"])
        sent = proxy.bytes_sent()
        assert len(sent) > 2000  # the documents, the page calls and the replies really went through
        assert b"Goblin" in sent and b"Aria" in sent  # what the table may see is there…
        text = sent.decode("latin-1")
        for word in SECRETS:
            assert word.lower() not in text.lower(), f"{word!r} was sent to a player"
        for place in PLACES:
            assert place not in text, f"{place!r} was sent to a player"
