"""The table server: one port on the GM's machine serving the player page over HTTP and the sync documents
and the players' intents over WebSocket, on its own thread.

Pieces: `websockets` (asyncio) accepts connections, answers plain HTTP requests in `process_request` (the
page, its scripts, the join and status calls, the masked map picture) and hands WebSocket connections to
pycrdt's `YRoom` (the Yjs sync protocol and awareness, `pycrdt.websocket`): the table room
(``/ws/t/EPOCH``) holds `TableDocs.table`, each player's room (``/ws/p/EPOCH/PID``) their own document. The
intents socket (``/ws/intents``) carries the players' small JSON intents and the answers.

Rules it keeps:

* **Who**: every request but the page itself carries the join code, the player's id and secret (query
  ``code``, ``pid``, ``key``); WebSocket connections need a player the GM admitted, and a player's room only
  its own player. Wrong codes from one address are limited (`FAILS_PER_MINUTE`), so a code can't be guessed.
* **Read-only documents**: the browsers' sync messages may ask for the state (sync step 1) and nothing else;
  their updates are dropped, so only the GM's app writes. Awareness is cleaned (`desktop.table.awareness`).
* **Bounds**: frames of at most `MAX_FRAME` bytes, `RATE` messages a second per connection (a burst of
  `BURST`; a connection that keeps flooding is closed), intents of at most `MAX_INTENT` bytes, at most
  `MAX_CONNECTIONS` connections; a send that takes longer than `SEND_TIMEOUT` drops that connection, so a
  slow browser only slows itself.
* **Threads**: the GUI thread calls `publish`, `admit`, `remove`, `reply`… which only hand work to the
  server's event loop; the projection, the documents and every send happen on the server thread. The
  callbacks of `TableEvents` are called on the server thread.
* **Restart**: `TableConfig` (code, players, options, the shared log) is saved in the app's data folder on
  every change; each start is a new epoch, and a browser whose documents belong to an older epoch reloads.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import mimetypes
import ssl
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qs, urlsplit

from pycrdt import YMessageType, YSyncMessageType
from pycrdt.websocket import WebsocketServer, YRoom
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from desktop.table import awareness
from desktop.table.seats import MAX_PLAYERS, Player, TableConfig, TableOptions, clean_name, save_config
from desktop.table.sync_docs import Picture, TableDocs
from rules.geometry.vision import is_party
from rules.model.state import GameState
from rules.play.projection import Template, player_projection

WEB = Path(__file__).resolve().parent / "web"
MAX_FRAME = 64 * 1024
MAX_INTENT = 4096
RATE = 30.0
BURST = 60.0
FLOOD_CLOSE = 300
MAX_CONNECTIONS = 200
#: Encoded portraits kept (by picture name and image): more than any scene shows at once.
MAX_PORTRAITS = 256
SEND_TIMEOUT = 5.0
FAILS_PER_MINUTE = 10
#: Close codes the page understands: removed by the GM, the table closed.
CLOSE_REMOVED = 4003
CLOSE_TABLE = 1001
STATIC = {
    "/": "index.html",
    "/index.html": "index.html",
    "/app.js": "app.js",
    "/style.css": "style.css",
    "/vendor/sync.js": "vendor/sync.js",
}


class TableEvents(Protocol):
    """What the server tells the host (called on the server thread)."""

    def table_changed(self, config: TableConfig, connected: dict[str, int]) -> None: ...

    def intent(self, pid: str, request: int, intent: dict[str, Any]) -> None: ...

    def ping(self, pid: str, name: str, cell: tuple[int, int]) -> None: ...


@dataclass
class PictureSource:
    """The GM's map picture (a detached `QImage`) and where it lies on the grid."""

    image: Any
    background: Any
    key: object


class _Bucket:
    def __init__(self) -> None:
        self.tokens = BURST
        self.at = time.monotonic()
        self.dropped = 0

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.dropped += 1
        return False


class _Channel:
    """A websocket as a pycrdt `Channel`, which drops what a player may not send (see the module)."""

    def __init__(self, server: TableServer, conn: ServerConnection, path: str, player: Player, table: bool):
        self._server = server
        self._conn = conn
        self._path = path
        self._player = player
        self._table = table
        self._bucket = _Bucket()
        self._client: int | None = None
        self._last_ping: int | None = None

    @property
    def path(self) -> str:
        return self._path

    def __aiter__(self) -> _Channel:
        return self

    async def __anext__(self) -> bytes:
        while True:
            try:
                message = await self._conn.recv(decode=False)
            except ConnectionClosed:
                raise StopAsyncIteration from None
            if not isinstance(message, bytes):
                continue
            if not self._bucket.take():
                if self._bucket.dropped > FLOOD_CLOSE:
                    await self._conn.close(1008, "too many messages")
                    raise StopAsyncIteration
                continue
            kept = self._filter(message)
            if kept is not None:
                return kept

    async def recv(self) -> bytes:
        return await self.__anext__()

    def _filter(self, message: bytes) -> bytes | None:
        if len(message) < 2:
            return None
        if message[0] == YMessageType.SYNC:
            # sync step 1 asks for the document; steps 2 and updates would write it: dropped
            return message if message[1] == YSyncMessageType.SYNC_STEP1 else None
        if message[0] == YMessageType.AWARENESS and self._table:
            states = awareness.decode(message)
            if not states or len(states) != 1:
                return None
            s = states[0]
            if self._client is None:
                self._client = s.client
            if s.client != self._client:
                return None
            header = self._server.grid_size()
            clean = awareness.clean_state(s.state, self._player.name, self._player.seat, *header)
            ping = clean.get("ping") if clean else None
            if ping is not None and ping["t"] != self._last_ping:
                self._last_ping = ping["t"]
                self._server.note_ping(self._player, (ping["x"], ping["y"]))
            return awareness.encode([awareness.ClientState(s.client, s.clock, clean)])
        return None

    async def send(self, message: bytes) -> None:
        try:
            async with asyncio.timeout(SEND_TIMEOUT):
                await self._conn.send(message)
        except (ConnectionClosed, TimeoutError):
            with contextlib.suppress(Exception):
                self._conn.transport.abort()


def _close_streams(room: YRoom) -> None:
    """Close the memory streams a stopped room leaves open (pycrdt doesn't)."""
    for attr in ("_update_send_stream", "_update_receive_stream"):
        stream = getattr(room, attr, None)
        if stream is not None:
            with contextlib.suppress(Exception):
                stream.close()


def _json_response(status: int, body: object) -> Response:
    data = json.dumps(body).encode("utf-8")
    headers = Headers(
        [
            ("Content-Type", "application/json; charset=utf-8"),
            ("Content-Length", str(len(data))),
            ("Cache-Control", "no-store"),
        ]
    )
    return Response(status, "OK" if status == 200 else "Refused", headers, data)


def _file_response(data: bytes, kind: str, cache: str = "no-cache") -> Response:
    headers = Headers(
        [
            ("Content-Type", kind),
            ("Content-Length", str(len(data))),
            ("Cache-Control", cache),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
        ]
    )
    return Response(200, "OK", headers, data)


class TableServer:
    """The server (see the module docstring). `start()` raises `OSError` with a clear message when the
    port can't be opened; `stop()` disconnects everyone and ends the thread."""

    def __init__(self, config: TableConfig, config_path: Path | None, events: TableEvents) -> None:
        self.config = config.restarted()
        self.config_path = config_path
        self.events = events
        self.port = 0
        self.scheme = "https" if config.options.cert else "http"
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._wake: asyncio.Event | None = None
        self._latest: tuple[GameState, PictureSource | None, str, Template | None, dict[str, Any]] | None = (
            None
        )
        self._lock = threading.Lock()
        self._docs: TableDocs | None = None
        self._rooms: dict[str, YRoom] = {}
        self._ws_server: WebsocketServer | None = None
        self._server: Server | None = None
        self._connections: dict[str, set[ServerConnection]] = {}
        self._intent_sockets: dict[str, set[ServerConnection]] = {}
        self._fails: dict[str, deque[float]] = {}
        self._picture: tuple[object, bytes, int] | None = None
        self._picture_no = 0
        #: (picture name, image key) → (digest, PNG bytes): each portrait encoded once.
        self._portrait_cache: dict[tuple[str, int], tuple[str, bytes]] = {}
        #: The portraits of the tokens the players see now, by digest: the only ones served.
        self._portraits: dict[str, bytes] = {}
        self._size = (1, 1)
        self._seats: dict[str, str] = {}
        self._error: BaseException | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        #: Every state the publisher wrote (for tests and the benchmark: the time each was written).
        self.on_written: Callable[[GameState], None] | None = None

    # ------------------------------------------------------------------ the GUI thread's side

    def start(self, timeout: float = 10.0) -> None:
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ready,), name="fivefoot-table", daemon=True)
        self._thread.start()
        if not ready.wait(timeout):
            raise OSError("the table server did not start in time")
        if self._error is not None:
            error = self._error
            self._thread.join(2)
            self._thread = None
            if isinstance(error, OSError):
                raise error
            raise OSError(str(error))
        self.config = replace(self.config, open=True)
        self._call(self._save)

    def stop(self, keep_open: bool = False) -> None:
        """Disconnect everyone and stop. `keep_open`: the app is quitting with the table open, so the next
        start opens it again."""
        if self._thread is None:
            return
        self.config = replace(self.config, open=keep_open)
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        self._thread.join(10)
        self._thread = None
        if self.config_path is not None:
            save_config(self.config_path, self.config)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def publish(
        self,
        state: GameState,
        picture: PictureSource | None,
        title: str = "",
        template: Template | None = None,
        portraits: Mapping[str, Any] | None = None,
    ) -> None:
        """Project `state` for the players (later, on the server thread; only the newest state counts), with
        the spell area the GM is aiming or has just cast (`template`) and the tokens' portraits (`portraits`:
        picture name → detached `QImage`; only those of tokens the players see are ever sent)."""
        with self._lock:
            self._latest = (state, picture, title, template, dict(portraits or {}))
        self._call(lambda: self._wake.set() if self._wake is not None else None)

    def admit(self, pid: str) -> None:
        self._call(lambda: self._admit(pid))

    def remove(self, pid: str) -> None:
        self._call(lambda: self._remove(pid))

    def set_seat(self, pid: str, seat: str | None) -> None:
        self._call(lambda: self._set_seat(pid, seat))

    def set_options(self, options: TableOptions) -> None:
        self._call(lambda: self._set_options(options))

    def say(self, text: str) -> None:
        """A message from the GM to the whole table's log."""
        self._call(lambda: self._log([text]))

    def reply(self, pid: str, request: int, ok: bool, text: str) -> None:
        self._call(lambda: self._reply(pid, request, ok, text))

    def set_pending(self, pid: str, text: str | None) -> None:
        self._call(lambda: self._docs.set_pending(pid, text) if self._docs is not None else None)

    def _call(self, fn: Callable[[], object]) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(fn)

    # ------------------------------------------------------------------ the server thread

    def _run(self, ready: threading.Event) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main(ready))
        except BaseException as exc:  # reported to start(); never kills the app
            self._error = exc
            ready.set()
        finally:
            with contextlib.suppress(Exception):
                loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    def _ssl(self) -> ssl.SSLContext | None:
        o = self.config.options
        if not o.cert:
            return None
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_2
        try:
            ctx.load_cert_chain(o.cert, o.key or None)
        except (OSError, ssl.SSLError) as exc:
            raise OSError(f"The certificate {o.cert} or its key can't be used: {exc}") from None
        return ctx

    async def _main(self, ready: threading.Event) -> None:
        self._stop = asyncio.Event()
        self._wake = asyncio.Event()
        self._docs = TableDocs(self.config.log)
        o = self.config.options
        host = "0.0.0.0" if o.lan else "127.0.0.1"
        tls = self._ssl()
        async with WebsocketServer(auto_clean_rooms=False) as ws_server:
            self._ws_server = ws_server
            await self._open_room("table", self._docs.table)
            for p in self.config.players:
                if p.admitted:
                    await self._open_room(f"p/{p.id}", self._docs.player_doc(p.id, p.seat))
            try:
                server = await self._listen(host, o.port, tls)
            except OSError as exc:
                raise OSError(f"Can't open port {o.port} on {host}: {exc.strerror or exc}") from None
            self._server = server
            self.port = server.sockets[0].getsockname()[1]
            if self.port != o.port:
                self.config = replace(self.config, options=replace(o, port=self.port))
            publisher = self._spawn(self._publisher())
            ready.set()
            self._changed()
            await self._stop.wait()
            publisher.cancel()
            conns = list(server.connections)
            await asyncio.gather(
                *(c.close(CLOSE_TABLE, "the GM closed the table") for c in conns), return_exceptions=True
            )
            server.close()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(3):
                    await server.wait_closed()
            for name in list(self._rooms):
                await self._close_room(name)

    async def _listen(self, host: str, port: int, tls: ssl.SSLContext | None) -> Server:
        kwargs: dict[str, Any] = dict(
            process_request=self._http,
            max_size=MAX_FRAME,
            max_queue=32,
            compression=None,
            ssl=tls,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=2,
            server_header=None,
        )
        try:
            return await serve(self._handler, host, port, **kwargs)
        except OSError:
            if port == 0:
                raise
            return await serve(self._handler, host, 0, **kwargs)  # the saved port is taken: any port

    async def _open_room(self, name: str, doc: Any) -> YRoom:
        room = self._rooms.get(name)
        if room is None:
            assert self._ws_server is not None
            room = YRoom(ready=True, ydoc=doc, exception_handler=lambda _e, _log: True)
            self._ws_server.rooms[name] = room
            await self._ws_server.start_room(room)
            self._rooms[name] = room
        return room

    async def _close_room(self, name: str) -> None:
        room = self._rooms.pop(name, None)
        if room is not None and self._ws_server is not None:
            with contextlib.suppress(Exception):
                await self._ws_server.delete_room(room=room)
            _close_streams(room)

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        """Run `coro` on the loop, keeping a reference until it is done (asyncio keeps only weak ones)."""
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _save(self) -> None:
        if self.config_path is not None:
            save_config(self.config_path, self.config)

    def _changed(self) -> None:
        self._save()
        connected = {pid: len(conns) for pid, conns in self._connections.items() if conns}
        with contextlib.suppress(Exception):
            self.events.table_changed(self.config, connected)

    def grid_size(self) -> tuple[int, int]:
        return self._size

    def note_ping(self, player: Player, cell: tuple[int, int]) -> None:
        with contextlib.suppress(Exception):
            self.events.ping(player.id, player.name, cell)

    async def _publisher(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            with self._lock:
                job, self._latest = self._latest, None
            if job is None:
                continue
            try:
                await self._write(*job)
            except Exception:  # a projection that fails must not end the table
                import traceback

                traceback.print_exc()

    async def _portraits_of(self, view: Any, portraits: Mapping[str, Any]) -> dict[str, str]:
        """The address of each shown token's portrait (token id → URL), encoding the pictures not yet
        encoded; only these are served (`_http`), so a creature the players don't see has no picture."""
        urls: dict[str, str] = {}
        served: dict[str, bytes] = {}
        for t in view.tokens:
            name: str | None = t.image
            image = portraits.get(name) if name else None
            if name is None or image is None:
                continue
            key = (name, int(image.cacheKey()))
            hit = self._portrait_cache.get(key)
            if hit is None:
                from desktop.table.portraits import encode_portrait

                loop = asyncio.get_running_loop()
                hit = await loop.run_in_executor(None, encode_portrait, image)
                if len(self._portrait_cache) >= MAX_PORTRAITS:
                    self._portrait_cache.pop(next(iter(self._portrait_cache)))
                self._portrait_cache[key] = hit
            digest, data = hit
            served[digest] = data
            urls[t.id] = f"/portrait/{self.config.epoch}/{digest}.png"
        self._portraits = served
        return urls

    async def _write(
        self,
        state: GameState,
        source: PictureSource | None,
        title: str,
        template: Template | None = None,
        portraits: Mapping[str, Any] | None = None,
    ) -> None:
        assert self._docs is not None
        view = player_projection(state, template)
        self._size = (view.width, view.height)
        self._seats = {
            t.id: t.label for t in state.scene.tokens if is_party(t) and not t.extra.get("gm_only")
        }
        portrait_urls = await self._portraits_of(view, portraits or {})  # after the seats: a join may come
        picture = None
        if source is not None:
            known = view.known
            key = (source.key, view.width, view.height, known.tobytes())
            if self._picture is None or self._picture[0] != key:
                from desktop.table.picture import masked_picture

                loop = asyncio.get_running_loop()
                data = await loop.run_in_executor(
                    None, masked_picture, source.image, source.background, view.width, view.height, known
                )
                self._picture_no += 1
                self._picture = (key, data, self._picture_no)
            picture = Picture(f"/map/{self.config.epoch}/{self._picture[2]}.jpg", view.width, view.height)
        else:
            self._picture = None
        lines = self._docs.write(state, picture, title, view, portrait_urls)
        if lines:
            self.config = self.config.logged(*lines)
            self._save()
        if self.on_written is not None:
            self.on_written(state)

    def _log(self, lines: list[str]) -> None:
        if self._docs is None:
            return
        added = self._docs.add_log(lines)
        if added:
            self.config = self.config.logged(*added)
            self._save()

    async def _admit_async(self, pid: str) -> None:
        p = self.config.player(pid)
        if p is None or self._docs is None:
            return
        self.config = self.config.with_player(replace(p, admitted=True))
        await self._open_room(f"p/{pid}", self._docs.player_doc(pid, p.seat))
        self._changed()

    def _admit(self, pid: str) -> None:
        self._spawn(self._admit_async(pid))

    def _remove(self, pid: str) -> None:
        self.config = self.config.without_player(pid)
        for conn in list(self._connections.get(pid, ())):
            self._spawn(conn.close(CLOSE_REMOVED, "removed by the GM"))
        if self._docs is not None:
            self._docs.drop_player(pid)
        self._spawn(self._close_room(f"p/{pid}"))
        self._changed()

    def _set_seat(self, pid: str, seat: str | None) -> None:
        p = self.config.player(pid)
        if p is None:
            return
        self.config = self.config.with_player(replace(p, seat=seat))
        if self._docs is not None and p.id in self._docs.players:
            self._docs.player_doc(pid, seat)
        self._changed()

    def _set_options(self, options: TableOptions) -> None:
        self.config = replace(self.config, options=replace(options, port=self.config.options.port))
        self._changed()

    def _reply(self, pid: str, request: int, ok: bool, text: str) -> None:
        body = json.dumps({"id": request, "ok": ok, "text": text})
        for conn in list(self._intent_sockets.get(pid, ())):
            self._spawn(self._send_text(conn, body))

    async def _send_text(self, conn: ServerConnection, text: str) -> None:
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            async with asyncio.timeout(SEND_TIMEOUT):
                await conn.send(text)

    # ------------------------------------------------------------------ requests

    def _query(self, request: Request) -> tuple[str, dict[str, str]]:
        parts = urlsplit(request.path)
        q = {k: v[0] for k, v in parse_qs(parts.query, max_num_fields=10).items() if v}
        return parts.path, q

    def _failed(self, ip: str) -> bool:
        """Count a wrong code from `ip`; True when it has had too many this minute."""
        now = time.monotonic()
        fails = self._fails.setdefault(ip, deque())
        while fails and now - fails[0] > 60:
            fails.popleft()
        fails.append(now)
        return len(fails) > FAILS_PER_MINUTE

    def _blocked(self, ip: str) -> bool:
        fails = self._fails.get(ip)
        now = time.monotonic()
        return fails is not None and sum(1 for t in fails if now - t <= 60) > FAILS_PER_MINUTE

    def _player(self, q: dict[str, str]) -> Player | None:
        return self.config.check(q.get("code", ""), q.get("pid", ""), q.get("key", ""))

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        path, q = self._query(request)
        ip = str((connection.remote_address or ("?",))[0])
        upgrade = request.headers.get("Upgrade", "").lower() == "websocket"
        if path in STATIC and not upgrade:
            name = STATIC[path]
            kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
            if kind.startswith("text/") or kind.endswith("javascript"):
                kind += "; charset=utf-8"
            try:
                return _file_response((WEB / name).read_bytes(), kind)
            except OSError:
                return _json_response(404, {"error": "missing file"})
        if path.startswith("/vendor/licenses/") and not upgrade:
            name = Path(path).name
            f = WEB / "vendor" / "licenses" / name
            if f.is_file() and f.parent == WEB / "vendor" / "licenses":
                return _file_response(f.read_bytes(), "text/plain; charset=utf-8")
            return _json_response(404, {"error": "no such licence"})
        if self._blocked(ip):
            return _json_response(429, {"error": "too many wrong codes; wait a minute"})
        if "code" in q and not self.config.code_ok(q["code"]):
            self._failed(ip)
            return _json_response(403, {"error": "wrong join code", "status": "unknown"})
        if path == "/api/seats" and not upgrade:
            return self._seats_response(q)
        if path == "/api/join" and not upgrade:
            return self._join_response(q)
        player = self._player(q)
        if player is None:
            if q.get("code"):
                self._failed(ip)
            return _json_response(403, {"error": "not a player at this table", "status": "unknown"})
        if path == "/api/status" and not upgrade:
            return _json_response(200, self._status(player))
        if path.startswith("/portrait/") and not upgrade:
            digest = Path(path).stem
            data = self._portraits.get(digest) if player.admitted else None
            if data is None:
                return _json_response(404, {"error": "no such portrait"})
            return _file_response(data, "image/png", "private, max-age=86400")
        if path.startswith("/map/") and not upgrade:
            pic = self._picture
            if not player.admitted or pic is None:
                return _json_response(404, {"error": "no map picture"})
            return _file_response(pic[1], "image/jpeg", "private, max-age=3600")
        if not upgrade:
            return _json_response(404, {"error": "not found"})
        if not player.admitted:
            return _json_response(403, {"error": "waiting for the GM", "status": "waiting"})
        if sum(len(c) for c in self._connections.values()) >= MAX_CONNECTIONS:
            return _json_response(503, {"error": "the table is full"})
        if path == f"/ws/t/{self.config.epoch}" or path == "/ws/intents":
            return None
        if path == f"/ws/p/{self.config.epoch}/{player.id}":
            return None
        return _json_response(403, {"error": "not your room", "status": "stale"})

    def _seats_response(self, q: dict[str, str]) -> Response:
        if not self.config.code_ok(q.get("code", "")):
            return _json_response(403, {"error": "wrong join code"})
        seats = [{"id": tid, "name": name} for tid, name in self._seats.items()]
        return _json_response(200, {"seats": seats, "epoch": self.config.epoch})

    def _join_response(self, q: dict[str, str]) -> Response:
        if len(self.config.players) >= MAX_PLAYERS:
            return _json_response(503, {"error": "the table is full"})
        seat = q.get("seat") or None
        if seat is not None and seat not in self._seats:
            return _json_response(400, {"error": "no such character"})
        name = clean_name(q.get("name", "")) or (self._seats.get(seat, "") if seat else "") or "Player"
        self.config, player = self.config.new_player(name, seat)
        if player.admitted:
            self._spawn(self._admit_async(player.id))
        self._changed()
        body = {"pid": player.id, "key": player.secret, **self._status(player)}
        return _json_response(200, body)

    def _status(self, player: Player) -> dict[str, Any]:
        return {
            "status": "admitted" if player.admitted else "waiting",
            "name": player.name,
            "seat": player.seat,
            "epoch": self.config.epoch,
            "table": f"t/{self.config.epoch}",
            "me": f"p/{self.config.epoch}/{player.id}",
        }

    async def _handler(self, conn: ServerConnection) -> None:
        request = conn.request
        if request is None:
            return
        path, q = self._query(request)
        player = self._player(q)
        if player is None or not player.admitted:
            await conn.close(CLOSE_REMOVED, "not admitted")
            return
        conns = self._connections.setdefault(player.id, set())
        conns.add(conn)
        self._changed()
        try:
            if path == "/ws/intents":
                await self._intents(conn, player)
            elif path == f"/ws/t/{self.config.epoch}":
                await self._rooms["table"].serve(_Channel(self, conn, path, player, table=True))
            else:
                mine = self._rooms.get(f"p/{player.id}")
                if mine is not None:
                    await mine.serve(_Channel(self, conn, path, player, table=False))
        except Exception:
            pass
        finally:
            conns.discard(conn)
            self._changed()

    async def _intents(self, conn: ServerConnection, player: Player) -> None:
        sockets = self._intent_sockets.setdefault(player.id, set())
        sockets.add(conn)
        bucket = _Bucket()
        try:
            async for raw in conn:
                if not bucket.take():
                    if bucket.dropped > FLOOD_CLOSE:
                        await conn.close(1008, "too many messages")
                        return
                    continue
                if not isinstance(raw, str) or len(raw) > MAX_INTENT:
                    continue
                try:
                    intent = json.loads(raw)
                except ValueError:
                    continue
                if not isinstance(intent, dict):
                    continue
                request = intent.get("id")
                if isinstance(request, bool) or not isinstance(request, int):
                    continue
                current = self.config.player(player.id)
                if current is None:
                    return
                with contextlib.suppress(Exception):
                    self.events.intent(player.id, request, intent)
        finally:
            sockets.discard(conn)
