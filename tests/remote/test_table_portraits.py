"""Portraits on the players' devices: a token the players see carries the address of its portrait, the
server hands the picture to an admitted player (a small square PNG), and the portrait of a creature the party
doesn't see is never served — not even to someone who knows its address."""

from __future__ import annotations

import urllib.error
import urllib.parse
import urllib.request
from dataclasses import replace
from typing import Any

from PySide6.QtGui import QImage

from desktop.table.host import TableHost
from desktop.table.portraits import PORTRAIT_PX, encode_portrait
from rules.geometry.coords import Cell
from rules.play.edits import UpdateToken
from tests.remote.client import PlayerClient
from tests.remote.conftest import PICTURES, joined, wait_for


def _fetch(client: PlayerClient, path: str, **auth: str) -> tuple[int, bytes, str]:
    url = f"{client.base}{path}?{urllib.parse.urlencode(auth)}"
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read(), r.headers.get("Content-Type", "")
    except urllib.error.HTTPError as e:
        return e.code, e.read(), e.headers.get("Content-Type", "")


def test_a_seen_creatures_portrait_reaches_the_player_and_a_hidden_ones_never(
    portrait_host: TableHost, clients: list[PlayerClient], qtbot: Any
) -> None:
    client = joined(portrait_host, clients, qtbot)
    tokens = client.read()["tokens"]
    aria = tokens["aria"]
    assert aria["portrait"] is not None and aria["portrait"].endswith(".png")
    assert tokens["bram"]["portrait"] is None  # no picture: the page draws initials
    assert "ogre-9" not in tokens  # behind the wall: not in the players' view at all

    status, body, kind = _fetch(client, aria["portrait"], **client.auth())
    assert status == 200 and kind == "image/png"
    picture = QImage.fromData(body)
    assert picture.width() == picture.height() == PORTRAIT_PX  # the centred square, scaled down
    assert picture.pixelColor(PORTRAIT_PX // 2, PORTRAIT_PX // 2).red() > 180

    # the ogre's portrait, at the address it would have: nobody gets it while the party can't see it
    ogre_digest, _ = encode_portrait(QImage.fromData(PICTURES["ogre.png"]))
    epoch = portrait_host.config.epoch
    status, _body, _kind = _fetch(client, f"/portrait/{epoch}/{ogre_digest}.png", **client.auth())
    assert status == 404
    # and a stranger without the table's code gets nothing, not even Aria's
    status, _body, _kind = _fetch(client, aria["portrait"])
    assert status == 403

    # the ogre steps into view: now its portrait is sent
    ogre_token = portrait_host.doc.scene.token("ogre-9")
    assert ogre_token is not None
    portrait_host.doc.execute(UpdateToken("ogre-9", replace(ogre_token, cell=Cell(6, 1))))
    wait_for(qtbot, lambda: "ogre-9" in client.read()["tokens"])
    ogre = client.read()["tokens"]["ogre-9"]
    assert ogre["portrait"] == f"/portrait/{epoch}/{ogre_digest}.png"
    status, body, _kind = _fetch(client, ogre["portrait"], **client.auth())
    assert status == 200 and QImage.fromData(body).pixelColor(10, 10).green() > 120
