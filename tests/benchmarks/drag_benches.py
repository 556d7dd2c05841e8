"""Benchmarks of what a GM feels at table scale (issue 22), each beside the obvious way of doing it:

- ``drag: unreachable target 12 squares``: the planner's answer to a mouse move toward a square no path
  reaches within the search cap, in drags of 8 mouse moves each on a fresh scene value (the search field of
  each drag is in the timing), beside searching the cap on every mouse move;
- ``qt: drag mouse-move with fog and lights through the event loop``: one mouse move of a party creature
  on the 250×250 map with fog on and the lights shown, until the view has painted it, beside the same with
  the layers drawn the obvious way (every light on every repaint, the whole fog replaced on every move);
- ``qt: full frame 500×500 with 576 lights``: one repaint of the whole 1920×1080 view of the 500×500 map,
  beside the same with every light drawn on every repaint.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from typing import Any

from rules.geometry import movement
from rules.geometry.coords import Cell
from rules.geometry.vision import is_party
from rules.model.fog import Fog
from rules.model.scene import Light, Scene, Token
from rules.play.planner import MovePlanner
from tests.benchmarks.run import Bench

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

DRAG_MOVES = 8


def unreachable_targets(scene: Scene, token: Token, away: int = 12, count: int = DRAG_MOVES) -> list[Cell]:
    """Squares `away` squares from the token (Chebyshev) where it could stand but that no path reaches
    within the planner's search cap (behind closed doors and walls)."""
    cap = MovePlanner(scene, token, None).cap
    reach = movement.reachable(scene, token, feet=cap)
    ctx = movement.move_context(scene, token)
    x0, y0 = token.cell
    found = [
        Cell(x, y)
        for y in range(max(0, y0 - away), min(scene.grid.height, y0 + away + 1))
        for x in range(max(0, x0 - away), min(scene.grid.width, x0 + away + 1))
        if max(abs(x - x0), abs(y - y0)) == away
        and Cell(x, y) not in reach
        and ctx.can_end((x, y), token.cell)
        and ctx._enterable(Cell(x, y))
    ]
    if not found:
        raise AssertionError("no unreachable square to drag to")
    return (found[:: max(1, len(found) // count)] * count)[:count]


def unreachable_drag_benches(scenes: list[tuple[str, Scene]]) -> list[Bench]:
    benches: list[Bench] = []
    for label, scene in scenes:
        token = next(t for t in scene.tokens if t.size == "medium")
        targets = unreachable_targets(scene, token)

        def drag(scene: Scene = scene, token: Token = token, targets: list[Cell] = targets) -> None:
            fresh = scene.edit()  # as after any committed edit: no search of this scene value is kept
            planner = MovePlanner(fresh, token, None)
            for c in targets:
                plan = planner.plan([], c)
                assert not plan.legal

        def search_every_move(
            scene: Scene = scene, token: Token = token, targets: list[Cell] = targets
        ) -> None:
            """The obvious way: a best-first search over the capped budget on every mouse move (the
            engine's A* with the cap, as the planner ran it per move before issue 22)."""
            fresh = scene.edit()
            planner = MovePlanner(fresh, token, None)
            ctx = movement.move_context(fresh, token)
            w = ctx.width
            start = token.cell.y * w + token.cell.x
            for c in targets:
                assert ctx._search(start, 0, c.y * w + c.x, planner.cap) is None

        benches.append(
            Bench(
                f"drag: unreachable target 12 squares, {label}",
                4.0,
                drag,
                search_every_move,
                "A* over the 150-ft cap on every mouse move",
                repeat=9,
                calls=DRAG_MOVES,
            )
        )
    return benches


# ------------------------------------------------------------------------------------------------- Qt


def _colour(light: Light) -> Any:
    from desktop.map.items.light_layer import light_colour

    return light_colour(light)


def obvious_light_item(scene: Scene) -> Any:
    """The light layer the obvious way (as it was before issue 22): the whole shade picture and every
    light's rings and sun drawn on every repaint, nothing cached."""
    import numpy as np
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QBrush, QColor, QPainter, QPen
    from PySide6.QtWidgets import QGraphicsItem

    from desktop.look.style import CELL
    from desktop.map.items.light_layer import shade_image
    from rules.geometry.light import light_map

    class ObviousLights(QGraphicsItem):
        def __init__(self) -> None:
            super().__init__()
            self.setZValue(33.0)  # where the light layer was drawn before issue 22
            self.grid_rect = QRectF(0, 0, scene.grid.width * CELL, scene.grid.height * CELL)
            self.shade = shade_image(np.asarray(light_map(scene)))
            bounds = QRectF(self.grid_rect)
            for lt in scene.lights:
                r = max(lt.dim, lt.bright) / 5 * CELL + 8
                bounds = bounds.united(
                    QRectF(lt.position.x * CELL - r, lt.position.y * CELL - r, 2 * r, 2 * r)
                )
            self.bounds = bounds

        def boundingRect(self) -> QRectF:
            return self.bounds

        def paint(self, painter: QPainter, _option: Any, _widget: Any = None) -> None:
            painter.drawImage(self.grid_rect, self.shade)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            for lt in scene.lights:
                colour = _colour(lt)
                c = QPointF(lt.position.x * CELL, lt.position.y * CELL)
                ring = QColor(colour)
                ring.setAlpha(200)
                if lt.bright > 0:
                    painter.setPen(QPen(ring, 2))
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    painter.drawEllipse(c, lt.bright / 5 * CELL, lt.bright / 5 * CELL)
                if lt.dim > lt.bright:
                    painter.setPen(QPen(ring, 1.5, Qt.PenStyle.DashLine))
                    painter.drawEllipse(c, lt.dim / 5 * CELL, lt.dim / 5 * CELL)
                painter.setPen(QPen(QColor(60, 40, 0), 1.5))
                painter.setBrush(QBrush(colour.lighter(110)))
                painter.drawEllipse(c, 9, 9)
                painter.setPen(QPen(colour, 2))
                for k in range(8):
                    a = k * math.pi / 4
                    painter.drawLine(
                        QPointF(c.x() + 12 * math.cos(a), c.y() + 12 * math.sin(a)),
                        QPointF(c.x() + 17 * math.cos(a), c.y() + 17 * math.sin(a)),
                    )

    return ObviousLights()


class _Window:
    """A main window on `scene` with its view 1920×1080 showing the whole map."""

    def __init__(self, scene: Scene, obvious: bool = False) -> None:
        from PySide6.QtCore import QEvent, QObject, QSize
        from PySide6.QtWidgets import QApplication

        from desktop.document import Document
        from desktop.window.main_window import MainWindow

        self.app = QApplication.instance() or QApplication([])
        self.window = MainWindow(Document(scene), autosave=False)
        self.window.resize(QSize(1920 + 400, 1080 + 200))
        self.window.show()
        self.view = self.window.view
        self.view.resize(1920, 1080)
        self.view.viewport().resize(1920, 1080)
        self.app.processEvents()
        self.view.fit()
        self.paints = 0
        if obvious:
            feats = self.window.player_screen  # type: ignore[attr-defined]
            feats.light_layer.set_visible(False)
            self.obvious_lights = obvious_light_item(scene)
            self.window.map_scene.addItem(self.obvious_lights)
            fog = feats.fog_item
            original = fog.set_masks

            def whole_fog(visible: Any, known: Any) -> None:
                fog._alpha = None  # never compare: the whole fog picture is replaced and repainted
                original(visible, known)
                fog.update()

            fog.set_masks = whole_fog  # type: ignore[method-assign]

        outer = self

        class Painted(QObject):
            def eventFilter(self, _obj: QObject, event: QEvent) -> bool:
                if event.type() == QEvent.Type.Paint:
                    outer.paints += 1
                return False

        self._filter = Painted()
        self.view.viewport().installEventFilter(self._filter)
        self.settle()

    def settle(self) -> None:
        """Run the event loop until the view has painted what is pending (every queued update)."""
        for _ in range(3):
            self.app.processEvents()


def fog_light_drag_benches(quick: bool) -> list[Bench]:
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtTest import QTest

    from desktop.look.style import CELL
    from tests.benchmarks.hugemap import huge_map
    from tests.desktop.helpers import move, press, release

    base = huge_map("pf2e", quick=quick)
    w, h = base.grid.width, base.grid.height
    scene = base.edit(fog=Fog.blank(w, h).reveal((x, y) for x in range(w // 3) for y in range(h)))
    mover = next(t for t in scene.tokens if is_party(t))
    reach = movement.reachable(scene, mover, feet=3 * mover.speed)
    far = sorted(c for c in reach if max(abs(c.x - mover.cell.x), abs(c.y - mover.cell.y)) >= 4)
    targets: list[Cell] = far[:: max(1, len(far) // 16)][:16] or [mover.cell]
    windows: dict[bool, _Window] = {}
    state = {"i": 0}

    def step(obvious: bool) -> Callable[[], None]:
        def run() -> None:
            win = windows.get(obvious)
            if win is None:
                win = windows[obvious] = _Window(scene, obvious)
                start = win.view.mapFromScene(
                    QPointF((mover.cell.x + 0.5) * CELL, (mover.cell.y + 0.5) * CELL)
                )
                press(win.view, start)
                move(win.view, QPoint(start.x() + 12, start.y() + 12))
                win.settle()
                win.start = start  # type: ignore[attr-defined]
            c = targets[state["i"] % len(targets)]
            state["i"] += 1
            before = win.paints
            move(win.view, win.view.mapFromScene(QPointF((c.x + 0.5) * CELL, (c.y + 0.5) * CELL)))
            win.settle()
            assert win.paints > before, "the move was not painted"

        return run

    def finish() -> None:
        for win in windows.values():
            QTest.keyClick(win.view, Qt.Key.Key_Escape)
            release(win.view, win.start)  # type: ignore[attr-defined]
            win.window.hide()

    label = "250×250" if not quick else "small map"
    return [
        Bench(
            f"qt: drag mouse-move with fog and lights through the event loop, {label}",
            8.0,
            step(False),
            step(True),
            "every light drawn on every repaint, whole fog replaced per move",
            repeat=31,
            finish=finish,
        )
    ]


def lights_frame_benches(quick: bool) -> list[Bench]:
    from tests.benchmarks.hugemap import giant_map

    scene = giant_map("pf2e", quick=quick)
    windows: dict[bool, _Window] = {}

    def frame(obvious: bool) -> Callable[[], None]:
        def run() -> None:
            win = windows.get(obvious)
            if win is None:
                win = windows[obvious] = _Window(scene, obvious)
            win.view.viewport().repaint()

        return run

    label = f"{scene.grid.width}×{scene.grid.height} with {len(scene.lights)} lights"
    bench = Bench(
        f"qt: full frame {label}",
        16.0,
        frame(False),
        frame(True),
        "every light drawn on every repaint",
        repeat=15,
    )
    bench.window = windows  # type: ignore[attr-defined]
    return [bench]
