"""Players' awareness (Yjs awareness protocol: who is here, their pointer and their pings), checked before
the room passes it on.

A browser's awareness message is ``[1, varbytes(update)]``; the update is a count and, per client, its
client id, a clock and its state as JSON text (y-protocols ``awareness.js``). A player may speak only for
the one client id their connection first used, and only with a small state: `clean_state` keeps ``ping``
(a square on the map and the time it was made) and ``pointer`` (a point on the map), and puts in the
player's own name and seat — whatever the browser wrote there. Anything else makes the message dropped.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pycrdt import Decoder, Encoder, YMessageType, create_awareness_message

MAX_STATE = 1024


@dataclass(frozen=True, slots=True)
class ClientState:
    client: int
    clock: int
    state: dict[str, Any] | None


def decode(message: bytes) -> list[ClientState] | None:
    """The client states of an awareness message, or None when it isn't a well-formed one."""
    if not message or message[0] != YMessageType.AWARENESS:
        return None
    try:
        update = Decoder(message[1:]).read_message()
        if update is None:
            return None
        d = Decoder(update)
        count = d.read_var_uint()
        if count > 4:
            return None
        out = []
        for _ in range(count):
            client = d.read_var_uint()
            clock = d.read_var_uint()
            text = d.read_var_string()
            if len(text) > MAX_STATE:
                return None
            state = json.loads(text)
            if state is not None and not isinstance(state, dict):
                return None
            out.append(ClientState(client, clock, state))
        return out
    except (ValueError, IndexError, TypeError, UnicodeDecodeError):
        return None


def encode(states: list[ClientState]) -> bytes:
    e = Encoder()
    e.write_var_uint(len(states))
    for s in states:
        e.write_var_uint(s.client)
        e.write_var_uint(s.clock)
        e.write_var_string(json.dumps(s.state, separators=(",", ":")))
    return create_awareness_message(e.to_bytes())


def _int(v: object, lo: int, hi: int) -> int | None:
    if isinstance(v, bool) or not isinstance(v, int | float):
        return None
    n = int(v)
    return n if lo <= n < hi else None


def clean_state(
    state: dict[str, Any] | None, name: str, seat: str | None, width: int, height: int
) -> dict[str, Any] | None:
    """The part of a browser's awareness state the table passes on (see the module docstring)."""
    if state is None:
        return None
    out: dict[str, Any] = {"user": {"name": name, "seat": seat}}
    ping = state.get("ping")
    if isinstance(ping, dict):
        x, y = _int(ping.get("x"), 0, width), _int(ping.get("y"), 0, height)
        t = _int(ping.get("t"), 0, 2**53)
        if x is not None and y is not None and t is not None:
            out["ping"] = {"x": x, "y": y, "t": t}
    pointer = state.get("pointer")
    if isinstance(pointer, dict):
        px, py = pointer.get("x"), pointer.get("y")
        if all(isinstance(v, int | float) and not isinstance(v, bool) for v in (px, py)):
            fx, fy = float(px), float(py)  # type: ignore[arg-type]
            if 0 <= fx <= width and 0 <= fy <= height:
                out["pointer"] = {"x": round(fx, 2), "y": round(fy, 2)}
    return out
