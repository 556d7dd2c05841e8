"""The table's sync documents: one CRDT document (`pycrdt.Doc`, Yjs-compatible) per audience, written only
by the GM's app, from the projection only.

* The **table document** — what every player and watcher may know, from
  `rules.play.projection.player_projection`: ``view`` (grid size, fog on, round, the map picture's address),
  ``masks`` (``visible`` / ``explored`` as base64 bitmaps), ``tokens`` (one entry per shown creature),
  ``markers`` (spaces of hidden creatures, as "?"), ``areas``, ``initiative`` and ``log`` (the players'
  shared log, `rules.play.table_events`, and the GM's messages to the table).
* One **player document** per seated player — their own character's panel
  (`rules.play.character_sheet.character_sheet`) and the move they asked for that waits for the GM.

Values are JSON text in ``Map``s (a map entry per token), so one GM move changes one entry and the update
sent to the browsers is a few hundred bytes. `TableDocs.write(state)` compares each entry's text with what
the document holds and writes only what changed, in one transaction per document. Nothing GM-only is ever
put in a document: there is no filtering step to get wrong.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pycrdt import Array, Doc, Map

from rules.model.state import GameState
from rules.play.character_sheet import character_sheet
from rules.play.projection import PlayerView, player_projection
from rules.play.table_events import table_events

#: Log entries the table document keeps (older ones are dropped from the document, not the GM's log).
LOG_KEEP = 200


def _text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def _token_json(t: Any, portrait: str | None = None) -> dict[str, Any]:
    return {
        "id": t.id,
        "name": t.name,
        "cell": [t.cell.x, t.cell.y],
        "size": t.size,
        "squares": t.side_squares,
        "side": t.side,
        "pc": t.pc,
        "hp": t.hp,
        "max_hp": t.max_hp,
        "conditions": list(t.conditions),
        "number": t.number,
        "health": t.health,
        "portrait": portrait,
    }


@dataclass(frozen=True, slots=True)
class Picture:
    """The map picture as players may see it: its address and its size in grid squares."""

    url: str
    width: int
    height: int


def _sync_map(m: Map[Any], wanted: dict[str, str]) -> int:
    """Make `m` hold exactly `wanted` (text values); returns how many entries changed."""
    changed = 0
    for key in [k for k in m.keys() if k not in wanted]:  # noqa: SIM118  (pycrdt types keys(), not iter)
        del m[key]
        changed += 1
    for key, text in wanted.items():
        if m.get(key) != text:
            m[key] = text
            changed += 1
    return changed


class TableDocs:
    """The table document and the player documents (see the module docstring). Not thread-safe: one
    thread (the table server's) writes them."""

    def __init__(self, log: Iterable[str] = ()) -> None:
        self.table: Doc[Any] = Doc()
        self.view = self.table.get("view", type=Map)
        self.masks = self.table.get("masks", type=Map)
        self.tokens = self.table.get("tokens", type=Map)
        self.markers = self.table.get("markers", type=Map)
        self.areas = self.table.get("areas", type=Map)
        self.initiative = self.table.get("initiative", type=Map)
        self.log = self.table.get("log", type=Array)
        self.players: dict[str, Doc[Any]] = {}
        self.seats: dict[str, str | None] = {}
        self.projection: PlayerView | None = None
        self.state: GameState | None = None
        self._pending: dict[str, str | None] = {}
        self._log_no = 0
        with self.table.transaction():
            for line in log:
                self._append_log(line)

    # ---- players

    def player_doc(self, pid: str, seat: str | None) -> Doc[Any]:
        doc = self.players.get(pid)
        if doc is None:
            doc = Doc()
            self.players[pid] = doc
        if self.seats.get(pid, "-") != seat:
            self.seats[pid] = seat
            self._write_player(pid)
        return doc

    def drop_player(self, pid: str) -> None:
        self.players.pop(pid, None)
        self.seats.pop(pid, None)
        self._pending.pop(pid, None)

    def set_pending(self, pid: str, text: str | None) -> None:
        """The move of `pid` waiting for the GM (its words), or None when there is none."""
        self._pending[pid] = text
        self._write_player(pid)

    # ---- log

    def _append_log(self, line: str) -> None:
        self._log_no += 1
        self.log.append(_text({"n": self._log_no, "text": line}))
        extra = len(self.log) - LOG_KEEP
        if extra > 0:
            del self.log[0:extra]

    def add_log(self, lines: Iterable[str]) -> list[str]:
        added = [line for line in lines if line]
        if added:
            with self.table.transaction():
                for line in added:
                    self._append_log(line)
        return added

    # ---- the projection

    def write(
        self,
        state: GameState,
        picture: Picture | None,
        title: str = "",
        view: PlayerView | None = None,
        portraits: Mapping[str, str] | None = None,
    ) -> list[str]:
        """Write the projection of `state` (`view`, when the caller has it) into every document, with the
        address of each shown token's portrait (`portraits`: token id → URL); returns the new shared log
        lines."""
        portraits = portraits or {}
        view = view if view is not None else player_projection(state)
        self.state = state
        events = [str(e) for e in table_events(self.projection, view)]
        self.projection = view
        data = view.to_json()
        header = {
            "title": title,
            "width": view.width,
            "height": view.height,
            "fog": view.fog,
            "round": view.round,
            "picture": None
            if picture is None
            else {"url": picture.url, "width": picture.width, "height": picture.height},
        }
        with self.table.transaction():
            _sync_map(self.view, {"header": _text(header), "template": _text(data["template"])})
            _sync_map(self.masks, {"visible": data["visible"], "explored": data["explored"]})
            _sync_map(self.tokens, {t.id: _text(_token_json(t, portraits.get(t.id))) for t in view.tokens})
            _sync_map(self.markers, {"list": _text(data["markers"])})
            _sync_map(self.areas, {a["id"]: _text(a) for a in data["areas"]})
            _sync_map(self.initiative, {"list": _text(data["initiative"])})
            for line in events:
                self._append_log(line)
        for pid in self.players:
            self._write_player(pid)
        return events

    def _write_player(self, pid: str) -> None:
        doc = self.players.get(pid)
        if doc is None:
            return
        seat = self.seats.get(pid)
        sheet = None
        if seat and self.state is not None:
            sheet = character_sheet(self.state, seat, self.projection)
        m = doc.get("me", type=Map)
        with doc.transaction():
            _sync_map(
                m,
                {
                    "sheet": _text(None if sheet is None else sheet.to_json()),
                    "pending": _text(self._pending.get(pid)),
                },
            )
