"""The hosted table under load (loopback): 8 players and 20 watchers connected while the GM drags a token.

Rows: the GM's drag mouse-move (path preview) with nobody connected and with the 28 clients connected while
every fourth step commits a move that the server projects and sends (the GM's drag must keep its target:
the projection and the sends are on the server's thread); and how long after the GM's move the median
player has it (target 100 ms)."""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules.geometry import movement
from rules.geometry.coords import Cell
from rules.model.scene import Scene
from rules.play.moves import MoveToken
from tests.benchmarks.run import Bench

PLAYERS = 8
WATCHERS = 20


def table_benches(scene: Scene, quick: bool) -> list[Bench]:
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtWidgets import QApplication

    from desktop.document import Document
    from desktop.look.style import CELL
    from desktop.table.host import TableHost
    from desktop.table.seats import TableConfig, TableOptions, save_config
    from desktop.window.main_window import MainWindow
    from tests.desktop.helpers import move, press
    from tests.remote.client import PlayerClient

    app = QApplication.instance() or QApplication([])
    party = [t for t in scene.tokens if t.side == "party"]
    # the party are player characters, so players can sit at them; the fog is on, as at a real table
    scene = scene.edit(tokens=tuple(replace(t, pc=True) if t.side == "party" else t for t in scene.tokens))
    window = MainWindow(Document(scene), autosave=False)
    from rules.play.fog import SetFogMode

    window.doc.execute(SetFogMode("on"))
    window.resize(1600, 1000)
    window.show()
    view = window.view
    app.processEvents()
    view.fit()
    app.processEvents()
    data = Path(tempfile.mkdtemp(prefix="fivefoot-table-bench-"))
    save_config(data / "table.json", TableConfig(options=TableOptions(port=0, auto_admit=True)))
    host = TableHost(window.doc, data)

    # the creature that moves is one the players always see (a party member: its sight changes the fog too)
    mover = next(t for t in scene.tokens if t.side == "party" and t.size == "medium")
    reach = movement.reachable(scene, mover, feet=3 * mover.speed)
    far = sorted(c for c in reach if max(abs(c.x - mover.cell.x), abs(c.y - mover.cell.y)) >= 4)
    targets: list[Cell] = far[:: max(1, len(far) // 16)][:16] or [mover.cell]
    dragged = next(t for t in scene.tokens if t.size == "medium" and t.id != mover.id)

    def point(c: tuple[float, float]) -> QPoint:
        return view.mapFromScene(QPointF(c[0] * CELL, c[1] * CELL))

    state: dict[str, Any] = {"i": 0, "pressed": False, "clients": [], "loop": None}

    def drag_step(commit: bool) -> None:
        if not state["pressed"]:
            start = point((dragged.cell.x + 0.5, dragged.cell.y + 0.5))
            press(view, start)
            move(view, QPoint(start.x() + 12, start.y() + 12))
            state["pressed"] = True
        c = targets[state["i"] % len(targets)]
        state["i"] += 1
        if commit and state["i"] % 4 == 0:  # the table keeps changing: another creature moves
            where = targets[(state["i"] // 4) % len(targets)]
            window.doc.execute(MoveToken(mover.id, (where,), free=True))
        move(view, point((c.x + 0.5, c.y + 0.5)))

    def connect_clients() -> None:
        if state["clients"]:
            return
        host.open()
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_forever, daemon=True)
        thread.start()
        state["loop"], state["thread"] = loop, thread
        base = f"http://127.0.0.1:{host.port}"
        seats = [t.id for t in party]
        for n in range(PLAYERS + WATCHERS):
            c = PlayerClient(base, host.config.code, loop=loop)
            seat = seats[n % len(seats)] if n < PLAYERS and seats else None
            status, body = c.join(f"P{n}", seat)
            assert status == 200, body
            deadline = time.monotonic() + 10
            while c.refresh_status().get("status") != "admitted" and time.monotonic() < deadline:
                app.processEvents()
                time.sleep(0.01)
            c.connect()
            state["clients"].append(c)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not all(c.updates for c in state["clients"]):
            app.processEvents()
            time.sleep(0.01)

    def with_clients() -> None:
        connect_clients()
        drag_step(commit=True)

    def latency() -> float:
        """One GM move; returns when half the clients have it (the median player's latency)."""
        connect_clients()
        clients = state["clients"]
        state["i"] += 1
        where = targets[state["i"] % len(targets)]
        now = window.doc.scene.token(mover.id).cell  # type: ignore[union-attr]
        if now == where:
            where = mover.cell if now != mover.cell else next(c for c in reach if c != now)
        counts = [len(c.updates) for c in clients]
        window.doc.execute(MoveToken(mover.id, (where,), free=True))
        want = [where.x, where.y]
        half = (len(clients) + 1) // 2
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            got = sum(
                1
                for c, n in zip(clients, counts, strict=True)
                if any(u[1].get(mover.id, {}).get("cell") == want for u in c.updates[n:])
                or (c.updates and c.updates[-1][1].get(mover.id, {}).get("cell") == want)
            )
            if got >= half:
                break
            app.processEvents()
            time.sleep(0.0005)
        return 0.0

    def finish() -> None:
        for c in state["clients"]:
            with contextlib.suppress(Exception):
                c.close()
        loop = state.get("loop")
        if loop is not None:
            loop.call_soon_threadsafe(loop.stop)
            state["thread"].join(5)
            loop.close()
        host.close()
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        QTest.keyClick(view, Qt.Key.Key_Escape)
        window.hide()  # not close(): the moves made it unsaved, and closing would ask

    def latency_then_finish() -> None:
        latency()

    rows = [
        Bench(
            "table: GM drag mouse-move, no players"
            if not quick
            else "table: GM drag, no players (small map)",
            8.0,
            lambda: drag_step(commit=False),
            repeat=31,
        ),
        Bench(
            f"table: GM drag + moves, {PLAYERS} players + {WATCHERS} watchers",
            8.0,
            with_clients,
            repeat=31,
        ),
        Bench(
            f"table: median player sees a GM move ({PLAYERS + WATCHERS} clients)",
            100.0,
            latency_then_finish,
            repeat=15,
        ),
    ]
    original = rows[2].run
    runs = {"n": 0}
    total = 2 if quick else rows[2].repeat + 1
    import atexit

    closed = {"done": False}

    def finish_once() -> None:
        if not closed["done"]:
            closed["done"] = True
            finish()

    atexit.register(lambda: None if closed["done"] else finish_once())

    def last_one_closes() -> None:
        original()
        runs["n"] += 1
        if runs["n"] >= total:
            finish_once()

    rows[2].run = last_one_closes
    rows[2].window = window  # type: ignore[attr-defined]
    rows[2].total = total  # type: ignore[attr-defined]
    return rows
