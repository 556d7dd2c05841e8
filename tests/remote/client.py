"""A Python player client for the tests: the same sync library as the server (pycrdt's `Provider` over a
websocket), the join and status calls over HTTP, and the intents socket — what a browser does, minus the
drawing. It runs its own asyncio loop on a thread, so a test's Qt loop keeps running beside it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from pycrdt import Doc, Provider
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed


class WsChannel:
    """A client websocket as a pycrdt `Channel`."""

    def __init__(self, conn: ClientConnection, path: str) -> None:
        self._conn = conn
        self._path = path

    @property
    def path(self) -> str:
        return self._path

    def __aiter__(self) -> WsChannel:
        return self

    async def __anext__(self) -> bytes:
        try:
            message = await self._conn.recv(decode=False)
        except ConnectionClosed:
            raise StopAsyncIteration from None
        return bytes(message)

    async def recv(self) -> bytes:
        return await self.__anext__()

    async def send(self, message: bytes) -> None:
        with contextlib.suppress(ConnectionClosed):
            await self._conn.send(message)


def http_json(url: str) -> tuple[int, dict[str, Any]]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, json.loads(r.read().decode("utf-8"))
    except urllib.error.HTTPError as e:
        try:
            return e.code, json.loads(e.read().decode("utf-8"))
        except ValueError:
            return e.code, {}
    except (urllib.error.URLError, OSError):
        return 0, {}


class TokensSeen:
    """The tokens one update of the table document changed: their JSON texts, each decoded when asked for.
    A real player's device decodes on its own CPU; 28 simulated players decoding every token of every update
    here would hold the GM's Python (one interpreter) and be timed as the app's work."""

    def __init__(self, texts: dict[str, str]) -> None:
        self._texts = texts
        self._decoded: dict[str, Any] = {}

    def get(self, token_id: str, default: Any = None) -> Any:
        if token_id not in self._texts:
            return default
        if token_id not in self._decoded:
            self._decoded[token_id] = json.loads(self._texts[token_id])
        return self._decoded[token_id]

    def __contains__(self, token_id: object) -> bool:
        return token_id in self._texts

    def __len__(self) -> int:
        return len(self._texts)


class PlayerClient:
    def __init__(self, base: str, code: str, loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.base = base.rstrip("/")
        self.ws = self.base.replace("http://", "ws://").replace("https://", "wss://") + "/ws"
        self.code = code
        self.pid = ""
        self.key = ""
        self.status: dict[str, Any] = {}
        self.table = Doc()
        self.me = Doc()
        self.replies: list[dict[str, Any]] = []
        #: (time, the tokens that update changed, decoded when read) for every update of the table's tokens
        self.updates: list[tuple[float, TokensSeen]] = []
        #: Several clients may share one loop (the load benchmark's 28); the first made owns it.
        self._own_loop = loop is None
        self._loop = loop if loop is not None else asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        if self._own_loop:
            self._thread.start()
        self._conns: list[ClientConnection] = []
        self._tasks: list[asyncio.Task[Any]] = []
        self._intents: ClientConnection | None = None
        self._request = 0
        self.on_update: Callable[[], None] | None = None

    # ---- http

    def auth(self) -> dict[str, str]:
        return {"code": self.code, "pid": self.pid, "key": self.key}

    def get(self, path: str, **query: str) -> tuple[int, dict[str, Any]]:
        return http_json(f"{self.base}{path}?{urllib.parse.urlencode(query)}")

    def join(self, name: str, seat: str | None) -> tuple[int, dict[str, Any]]:
        status, body = self.get("/api/join", code=self.code, name=name, seat=seat or "")
        if status == 200:
            self.pid, self.key = body["pid"], body["key"]
            self.status = body
        return status, body

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return self._loop

    def refresh_status(self) -> dict[str, Any]:
        _, self.status = self.get("/api/status", **self.auth())
        return self.status

    # ---- sync

    def _run(self, coro: Any, timeout: float = 10) -> Any:
        fut: Future[Any] = asyncio.run_coroutine_threadsafe(coro, self._loop)
        return fut.result(timeout)

    def connect(self) -> None:
        """Open the table room, the player's room and the intents socket."""
        self._run(self._connect())

    async def _connect(self) -> None:
        q = urllib.parse.urlencode(self.auth())
        for room, doc in ((self.status["table"], self.table), (self.status["me"], self.me)):
            conn = await connect(f"{self.ws}/{room}?{q}", compression=None, max_size=2**24)
            self._conns.append(conn)
            provider = Provider(doc, WsChannel(conn, room))
            self._tasks.append(asyncio.ensure_future(self._keep(provider)))
        from pycrdt import Map

        # the tokens each update changed (a device redraws from the changes; reading every token of every
        # update, times 28 simulated players in the GM's process, would be timed as the app's own work)
        self._tokens_map = self.table.get("tokens", type=Map)  # kept: the subscription lives with it
        self._tokens_subscription = self._tokens_map.observe(self._tokens_changed)
        self._intents = await connect(f"{self.ws}/intents?{q}", compression=None)
        self._conns.append(self._intents)
        self._tasks.append(asyncio.ensure_future(self._read_replies(self._intents)))

    async def _keep(self, provider: Provider) -> None:
        with contextlib.suppress(Exception):
            async with provider:
                await asyncio.Event().wait()

    def _tokens_changed(self, event: Any) -> None:
        changed = {
            str(k): str(c["newValue"])
            for k, c in event.keys.items()
            if c.get("action") in ("add", "update") and c.get("newValue") is not None
        }
        self._loop.call_soon(self._record, time.perf_counter(), changed)

    def _record(self, at: float, changed: dict[str, str]) -> None:
        self.updates.append((at, TokensSeen(changed)))
        if self.on_update is not None:
            self.on_update()

    async def _read_replies(self, conn: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for raw in conn:
                self.replies.append(json.loads(raw))

    def send(self, intent: dict[str, Any]) -> int:
        self._request += 1
        body = json.dumps({**intent, "id": self._request})
        assert self._intents is not None
        self._run(self._intents.send(body))
        return self._request

    def reply(self, request: int) -> dict[str, Any] | None:
        return next((r for r in reversed(self.replies) if r.get("id") == request), None)

    def drop(self) -> None:
        """Cut every connection as a lost Wi-Fi would (no closing handshake)."""

        async def cut() -> None:
            for c in self._conns:
                c.transport.abort()
            for t in self._tasks:
                t.cancel()

        self._run(cut())
        self._conns, self._tasks = [], []

    def close(self) -> None:
        async def bye() -> None:
            for c in self._conns:
                with contextlib.suppress(Exception):
                    await c.close()
            for t in self._tasks:
                t.cancel()

        with contextlib.suppress(Exception):
            self._run(bye(), timeout=5)
        if not self._own_loop:
            return
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        if not self._loop.is_running():
            self._loop.close()

    # ---- reading the documents (on the client's loop: pycrdt documents are used from one thread)

    def _tokens(self) -> TokensSeen:
        from pycrdt import Map

        return TokensSeen(dict(self.table.get("tokens", type=Map).items()))

    def read(self) -> dict[str, Any]:
        async def snapshot() -> dict[str, Any]:
            from pycrdt import Array, Map

            out: dict[str, Any] = {}
            for name in ("view", "masks", "tokens", "markers", "areas", "initiative"):
                out[name] = {k: v for k, v in self.table.get(name, type=Map).items()}
            out["log"] = [json.loads(x) for x in self.table.get("log", type=Array)]
            out["me"] = {k: json.loads(v) for k, v in self.me.get("me", type=Map).items()}
            return out

        data = self._run(snapshot())
        parsed: dict[str, Any] = {
            "header": json.loads(data["view"]["header"]) if "header" in data["view"] else None,
            "template": json.loads(data["view"]["template"]) if "template" in data["view"] else None,
            "tokens": {k: json.loads(v) for k, v in data["tokens"].items()},
            "markers": json.loads(data["markers"].get("list", "[]")),
            "initiative": json.loads(data["initiative"].get("list", "[]")),
            "masks": data["masks"],
            "log": data["log"],
            "me": data["me"],
        }
        return parsed
