"""A loopback TCP proxy that records every byte the table server sends to the players: the leak test reads
what really went over the socket, HTTP answers, WebSocket frames and all."""

from __future__ import annotations

import asyncio
import contextlib
import threading


class CapturingProxy:
    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.port = 0
        self.sent = bytearray()  # server → players
        self.received = bytearray()  # players → server
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._server: asyncio.AbstractServer | None = None
        self._lock = threading.Lock()
        self._writers: list[asyncio.StreamWriter] = []

    def __enter__(self) -> CapturingProxy:
        self._thread.start()
        self._ready.wait(5)
        return self

    def __exit__(self, *exc: object) -> None:
        async def shut() -> None:
            if self._server is not None:
                self._server.close()
            for w in self._writers:
                w.close()
                with contextlib.suppress(Exception):
                    await w.wait_closed()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(shut(), self._loop).result(5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        self._loop.close()

    def bytes_sent(self) -> bytes:
        with self._lock:
            return bytes(self.sent)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(asyncio.start_server(self._client, "127.0.0.1", 0))
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        except OSError:
            writer.close()
            return
        self._writers += [writer, up_writer]

        async def pump(src: asyncio.StreamReader, dst: asyncio.StreamWriter, log: bytearray) -> None:
            with contextlib.suppress(Exception):
                while data := await src.read(65536):
                    with self._lock:
                        log.extend(data)
                    dst.write(data)
                    await dst.drain()
            with contextlib.suppress(Exception):
                dst.close()

        await asyncio.gather(pump(reader, up_writer, self.received), pump(up_reader, writer, self.sent))
