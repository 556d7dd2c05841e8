"""GUI benchmarks with Qt offscreen: one mouse-move during a token drag (path preview included) and one
full repaint of a 1920×1080 map view showing the whole big map."""

from __future__ import annotations

import os
from collections.abc import Callable

from rules.geometry import movement
from rules.geometry.coords import Cell
from rules.model.scene import Scene
from tests.benchmarks.run import Bench

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def qt_benches(scene: Scene, quick: bool) -> list[Bench]:
    from PySide6.QtCore import QPoint, QPointF, QSize
    from PySide6.QtWidgets import QApplication

    from desktop.document import Document
    from desktop.look.style import CELL
    from desktop.window.main_window import MainWindow
    from tests.desktop.helpers import move, press, release

    app = QApplication.instance() or QApplication([])
    window = MainWindow(Document(scene), autosave=False)
    window.resize(QSize(1920 + 400, 1080 + 200))
    window.show()
    view = window.view
    view.resize(1920, 1080)
    view.viewport().resize(1920, 1080)
    app.processEvents()
    view.fit()
    app.processEvents()

    token = next(t for t in scene.tokens if t.size == "medium")
    # targets a drag really goes to: squares the token can reach this turn (three Strides), 4+ squares away
    reach = movement.reachable(scene, token, feet=3 * token.speed)
    far = sorted(c for c in reach if max(abs(c.x - token.cell.x), abs(c.y - token.cell.y)) >= 4)
    targets: list[Cell] = far[:: max(1, len(far) // 16)][:16] or [token.cell]

    def point(c: tuple[float, float]) -> QPoint:
        return view.mapFromScene(QPointF(c[0] * CELL, c[1] * CELL))

    start = point((token.cell.x + 0.5, token.cell.y + 0.5))
    state = {"i": 0, "pressed": False}

    def begin_drag() -> None:
        press(view, start)
        # move past the drag threshold so the drag really starts
        move(view, QPoint(start.x() + 12, start.y() + 12))
        state["pressed"] = True

    def one_move() -> None:
        if not state["pressed"]:
            begin_drag()
        c = targets[state["i"] % len(targets)]
        state["i"] += 1
        move(view, point((c.x + 0.5, c.y + 0.5)))

    def end_drag() -> None:
        if state["pressed"]:
            from PySide6.QtCore import Qt
            from PySide6.QtTest import QTest

            QTest.keyClick(view, Qt.Key.Key_Escape)
            release(view, start)
            state["pressed"] = False

    def naive_move() -> None:
        """The obvious way: a networkx Dijkstra over the cell × parity graph on every mouse move (graph built
        once, outside the timing), before any drawing."""
        from tests.benchmarks.suite import nx_path

        c = targets[state["i"] % len(targets)]
        state["i"] += 1
        nx_path(scene.system, quick, token.cell, c)

    def frame() -> None:
        view.viewport().repaint()

    def uncached_frame() -> None:
        """The obvious way: every repaint paints every layer (no background cache in the view)."""
        from PySide6.QtWidgets import QGraphicsView

        view.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        try:
            view.viewport().repaint()
        finally:
            view.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)

    def cold_frame() -> None:
        view.resetCachedContent()  # as after a zoom or a map edit: the cached background is repainted too
        view.viewport().repaint()

    def finish(fn: Callable[[], None]) -> Callable[[], None]:
        return fn

    benches = [
        Bench(
            "qt: drag mouse-move (path preview), 120×120" if not quick else "qt: drag mouse-move (small map)",
            8.0,
            one_move,
            naive_move,
            "networkx Dijkstra per move, no drawing",
            repeat=31,
        ),
        Bench(
            "qt: full frame 1920×1080, whole map visible" if not quick else "qt: full frame (small map)",
            16.0,
            frame,
            uncached_frame,
            "the same repaint with the view's background cache off (every layer painted)",
            repeat=15,
        ),
        Bench(
            "qt: full frame, background cache rebuilt",
            16.0,
            cold_frame,
            repeat=15,
        ),
    ]
    # keep the window alive as long as the benches; end the drag after the move benchmark
    original = benches[0].run

    def run_and_keep() -> None:
        original()

    benches[0].run = run_and_keep
    benches[1].run = finish(lambda: (end_drag(), frame())[1])
    benches[0].window = window  # type: ignore[attr-defined]
    return benches
