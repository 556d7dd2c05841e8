"""The hidden `fivefoot --self-test`: proves an installed or frozen app can load, think and draw.

Loads both bundled demos, asks the engine a few questions whose answers must agree with each other (a
shortest path priced again by `path_cost`, reachable squares within a Stride, reach), renders the map
offscreen and checks the picture is not blank, and loads every bundled language (the app's .qm and the
engine's .mo: the frozen app must carry them). Prints one line per check; returns 0, or 1 with the reason
on standard error. With `screenshot`, the rendered map is written there.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter


class SelfTestError(Exception):
    pass


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise SelfTestError(what)


def _engine_checks(system: str) -> str:
    from desktop.paths import demo_path
    from desktop.window.file_io import open_scene_file
    from rules.geometry.movement import path_cost, reachable, shortest_path
    from rules.geometry.reach import reach_cells

    path = demo_path(system)
    _check(path.is_file(), f"the {system} demo is missing: {path}")
    scene = open_scene_file(path).scene
    _check(len(scene.tokens) >= 4, f"the {system} demo has only {len(scene.tokens)} tokens")
    mover = next((t for t in scene.tokens if t.side == "party"), scene.tokens[0])
    cells = reachable(scene, mover)
    _check(mover.cell in cells and cells[mover.cell] == 0, "reachable() does not include the start at 0 ft")
    far = max(cells, key=lambda c: (cells[c], c))
    found = shortest_path(scene, mover, far)
    _check(found is not None, f"no path to {far}, which reachable() lists")
    assert found is not None
    _check(found.feet == cells[far], f"shortest_path says {found.feet} ft, reachable() {cells[far]} ft")
    priced = path_cost(scene, mover, found.path)
    _check(priced.legal and priced.feet == found.feet, f"path_cost disagrees: {priced}")
    _check(len(reach_cells(scene, mover)) >= 8, "reach_cells() of a medium creature has fewer than 8 squares")
    return (
        f"{system}: {len(scene.tokens)} tokens, {len(cells)} squares within {mover.speed} ft of {mover.label}"
    )


def _render(screenshot: Path | None) -> str:
    from desktop.document import Document
    from desktop.map.scene import MapScene
    from desktop.paths import assets_dir, demo_path
    from desktop.window.file_io import open_scene_file

    opened = open_scene_file(demo_path())
    doc = Document(opened.state, None, assets_dir(), opened.images)
    scene = MapScene(doc)
    _check(scene.background_layer.has_image, "the demo map picture did not load")
    g = opened.scene.grid
    image = QImage(1280, int(1280 * g.height / g.width), QImage.Format.Format_ARGB32)
    image.fill(QColor("black"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(image.rect()), QRectF(0, 0, g.width * 70.0, g.height * 70.0))
    painter.end()
    colours = {image.pixel(x, y) for x in range(0, image.width(), 37) for y in range(0, image.height(), 41)}
    _check(len(colours) > 50, f"the rendered map looks blank ({len(colours)} colours)")
    if screenshot is not None:
        _check(image.save(str(screenshot)), f"could not write {screenshot}")
    return f"rendered {image.width()}×{image.height()} with {len(colours)} distinct sampled colours"


def _language_checks() -> str:
    """Every shipped language loads: its app words (.qm) and its engine sentences (.mo)."""
    from desktop.i18n import Language, available_languages
    from rules.i18n import engine_catalogue

    languages = [code for code in available_languages() if code != "en"]
    _check(bool(languages), "no translation (.qm) was bundled")
    for code in languages:
        lang = Language.load(code)
        _check(lang.word("MainWindow", "&File") != "&File", f"the {code} app words did not load")
        _check(engine_catalogue(code) is not None, f"the {code} engine catalogue (.mo) is missing")
        _check(lang.engine("Round 2") != "Round 2", f"the {code} engine sentences did not load")
    return f"languages: English, {', '.join(languages)}"


def _icon_checks() -> str:
    """The condition icons are bundled and QtSvg draws them: every condition of every system has one."""
    from desktop.look.condition_icons import icon_name, renderer
    from rules.systems import all_systems

    names = {name for system in all_systems() for name, _valued in system.condition_choices()}
    for name in sorted(names):
        icon = icon_name(name)
        _check(icon is not None, f"the condition icon of {name} is missing")
        _check(icon is not None and renderer(icon) is not None, f"the condition icon of {name} does not load")
    return f"condition icons: {len(names)}"


def _method_cache_checks() -> str:
    """The frozen app carries the engine's compiled dataclass methods (`rules.dataclass_cache`, written by
    its build): its launches read them instead of compiling them. Run from source, the table is the one
    beside the engine's bytecode (there may be none yet)."""
    from rules import dataclass_cache

    cache = dataclass_cache.installed()
    _check(cache is not None, "the dataclass method cache is not installed")
    assert cache is not None
    if getattr(sys, "frozen", False):
        _check(cache.hits > 1000, f"the bundled dataclass methods were not read ({cache.hits} found)")
    return f"dataclass methods: {cache.hits} read, {cache.compiled} compiled"


def run_self_test(screenshot: Path | None = None) -> int:
    from desktop.paths import DEMO_GAMES

    started = time.perf_counter()
    try:
        for system in DEMO_GAMES:
            print("self-test:", _engine_checks(system))
        print("self-test:", _render(screenshot))
        print("self-test:", _language_checks())
        print("self-test:", _icon_checks())
        print("self-test:", _method_cache_checks())
    except SelfTestError as exc:
        print(f"self-test FAILED: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # any crash is a failed self-test, with its reason
        print(f"self-test FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(f"self-test ok ({time.perf_counter() - started:.2f} s)")
    return 0
