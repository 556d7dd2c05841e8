"""Benchmarks for light, vision and fog of war while a token is dragged, each beside the obvious way: a
shapely visibility polygon per party token per step (rays to every wall end, nearest wall hit per ray), then
the squares whose centres lie inside it."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import shapely

from rules.geometry import movement
from rules.geometry.coords import Cell
from rules.geometry.light import light_map
from rules.geometry.sight import wall_index
from rules.geometry.vision import is_party, party_seen
from rules.model.fog import Fog
from rules.model.scene import Scene, Token
from tests.benchmarks.hugemap import huge_map, lit_big_map
from tests.benchmarks.run import Bench


def drag_path(scene: Scene, mover: Token, steps: int = 120) -> list[Cell]:
    """Distinct squares the mover can reach, in a walk order (nearest first), for a drag that never
    revisits a square (so the mover's vision is never a cache hit)."""
    reach = movement.reachable(scene, mover, feet=2000)
    cells = sorted(reach, key=lambda c: (max(abs(c.x - mover.cell.x), abs(c.y - mover.cell.y)), c))
    return [c for c in cells if c != mover.cell][:steps] or [mover.cell]


class DragVision:
    """One drag step: move the dragged party token to its next square, recompute what the six party
    tokens see (sight, light with their torches, senses) and fold it into the fog."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.party = [t for t in scene.tokens if is_party(t)][:6]
        self.mover = self.party[0]
        self.path = drag_path(scene, self.mover)
        self.i = 0
        self.fog = Fog.blank(scene.grid.width, scene.grid.height)
        light_map(scene)  # the map as opened: placed lights already lit
        party_seen(scene)

    def next_scene(self) -> Scene:
        c = self.path[self.i % len(self.path)]
        self.i += 1
        return self.scene.replace_token(replace(self.mover, cell=c))

    def step(self) -> int:
        s = self.next_scene()
        seen = party_seen(s)
        self.fog = self.fog.remember(seen)
        return int(seen.sum())

    def naive_step(self) -> int:
        s = self.next_scene()
        seen = np.zeros((s.grid.height, s.grid.width), dtype=bool)
        for t in s.tokens:
            if is_party(t) and t.id in {p.id for p in self.party}:
                seen |= shapely_visible_cells(s, t)
        return int(seen.sum())


def shapely_visible_cells(scene: Scene, token: Token) -> np.ndarray:
    """The obvious way: a visibility polygon from the token's centre with shapely, then its cells."""
    index = wall_index(scene, "sight")
    w, h = scene.grid.width, scene.grid.height
    o = token.centre()
    if index.tree is None:
        return np.ones((h, w), dtype=bool)
    pts = np.vstack([index.coords[:, :2], index.coords[:, 2:], [[0, 0], [w, 0], [0, h], [w, h]]])
    ang = np.arctan2(pts[:, 1] - o.y, pts[:, 0] - o.x)
    ang = np.unique(np.concatenate([ang - 1e-5, ang, ang + 1e-5]))
    far = 2.0 * math.hypot(w, h)
    ends = np.column_stack([o.x + far * np.cos(ang), o.y + far * np.sin(ang)])
    rays = shapely.linestrings(np.stack([np.broadcast_to([o.x, o.y], ends.shape), ends], axis=1))
    dist = np.full(len(rays), far)
    ray_i, wall_i = index.tree.query(rays, predicate="intersects")
    if len(ray_i):
        hits = shapely.intersection(rays[ray_i], index.lines[wall_i])
        d = shapely.distance(shapely.points(o.x, o.y), hits)
        np.minimum.at(dist, ray_i, d)
    poly = shapely.polygons(np.column_stack([o.x + dist * np.cos(ang), o.y + dist * np.sin(ang)]))
    poly = shapely.intersection(poly, shapely.box(0, 0, w, h))
    gy, gx = np.mgrid[0:h, 0:w]
    inside: np.ndarray = shapely.contains_xy(poly, gx + 0.5, gy + 0.5)
    return inside


def vision_benches(quick: bool) -> list[Bench]:
    benches: list[Bench] = []
    for label, target, scene in (
        ("120×120, 600 walls", 4.0, lit_big_map("pf2e", quick=quick)),
        ("250×250, 2,000+ walls, 240 tokens", 8.0, huge_map("pf2e", quick=quick)),
    ):
        drag = DragVision(scene)
        benches.append(
            Bench(
                f"vision: drag step, 6 party tokens, {label}"
                if not quick
                else f"vision: drag step ({label[:7]})",
                target,
                drag.step,
                drag.naive_step,
                "shapely visibility polygon per party token per step",
                repeat=41,
            )
        )

    lit = huge_map("pf2e", quick=quick)

    def first_light() -> int:
        # new wall and light tuples: nothing shared with an earlier scene value, as when a map is opened
        fresh = lit.edit(walls=tuple(list(lit.walls)), lights=tuple(list(lit.lights)))
        return int(light_map(fresh).sum())

    benches.append(
        Bench(
            "light: whole light map on opening, 250×250" if not quick else "light: whole light map (small)",
            None,
            first_light,
            repeat=3,
        )
    )
    return benches


# ------------------------------------------------------------------------------------------------- Qt


def vision_qt_benches(quick: bool) -> list[Bench]:
    """The player screen's frame on the 250×250 map with fog, and opening that map to its first frame."""
    import json
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QApplication

    from desktop.document import Document
    from desktop.look.style import CELL
    from desktop.window.main_window import MainWindow
    from rules.io.scene_json import scene_from_text
    from tests.benchmarks.hugemap import huge_map_doc

    app = QApplication.instance() or QApplication([])
    doc_json = huge_map_doc("pf2e", quick=quick)
    scene = huge_map("pf2e", quick=quick)
    w, h = scene.grid.width, scene.grid.height
    explored = Fog.blank(w, h).reveal((x, y) for x in range(w // 3) for y in range(h))
    scene = scene.edit(fog=explored)
    win = MainWindow(Document(scene), autosave=False)
    feats = win.player_screen  # type: ignore[attr-defined]
    player = feats.open_player_screen()
    feats.set_mode("fixed")
    player.resize(1920, 1080 + (player.strip.height() if player.strip.isVisible() else 0))
    player.view.resize(1920, 1080)
    app.processEvents()
    player.view.fit_rect(QRectF(0, 0, w * CELL, h * CELL))
    app.processEvents()

    def frame() -> None:
        player.view.viewport().repaint()

    view_value = feats.player_scene.view_value
    image = QImage(1920, 1080, QImage.Format.Format_ARGB32_Premultiplied)

    def naive_frame() -> None:
        """The fog as one filled rectangle per square, painted at the view's scale."""
        image.fill(0)
        p = QPainter(image)
        p.setTransform(player.view.viewportTransform())
        unknown, dimmed = QColor(0, 0, 0, 255), QColor(0, 0, 0, 150)
        vis, known = view_value.visible, view_value.known
        for y in range(h):
            for x in range(w):
                if not vis[y, x]:
                    p.fillRect(QRectF(x * CELL, y * CELL, CELL, CELL), dimmed if known[y, x] else unknown)
        p.end()

    text = json.dumps(doc_json)
    party = [t for t in scene.tokens if is_party(t)][:6]

    def open_map() -> None:
        s = scene_from_text(text)
        window = MainWindow(Document(s), autosave=False)
        window.resize(1920, 1080)
        window.show()
        app.processEvents()
        window.view.viewport().repaint()
        window.close()
        window.deleteLater()

    def naive_open() -> None:
        s = scene_from_text(text)
        light_map(s, exact=True)
        for t in party:
            shapely_visible_cells(s, t)

    label = "250×250" if not quick else "small map"
    benches = [
        Bench(
            f"qt: player screen frame 1920×1080, {label}, fog",
            8.0,
            frame,
            naive_frame,
            "fog painted as one rectangle per square",
            repeat=15,
        ),
        Bench(
            f"qt: open the {label} map to its first frame",
            1000.0,
            open_map,
            naive_open,
            "engine alone: exact light map + shapely polygons",
            repeat=3,
        ),
    ]
    benches[0].window = (win, player)  # type: ignore[attr-defined]  # keep the windows alive
    return benches
