"""Entry point of the `fivefoot` app.

fivefoot                     open the main window on the bundled PF2e demo encounter
fivefoot FILE                open a scene (.fivefoot, scene JSON, or a Universal VTT map)
fivefoot --system dnd5e-2014 FILE.dd2vtt   the rule system for an imported map
fivefoot [FILE] --screenshot OUT.png       render the main window offscreen to a PNG and exit
fivefoot --language ja       the app in Japanese this time (the Settings choice, else the system's, otherwise)
fivefoot --self-test [--screenshot OUT.png]  (hidden) load the demo, ask the engine, render, exit 0/1
fivefoot FILE --first-frame   (hidden) open, show, and exit once the map has painted its first frame,
                              printing the seconds since the process started (the launch benchmark)
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from desktop.window.main_window import MainWindow


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="fivefoot", description="A battle map that knows the rules of the grid.")
    p.add_argument("file", nargs="?", type=Path, help="scene to open (.fivefoot, .json, .dd2vtt, .uvtt)")
    from desktop.paths import DEMO_GAMES
    from rules.systems import SYSTEM_NAMES

    p.add_argument("--system", choices=SYSTEM_NAMES, help="rule system for an imported map")
    p.add_argument("--demo", choices=DEMO_GAMES, help="open a bundled demo encounter")
    p.add_argument(
        "--screenshot", type=Path, metavar="PATH", help="render the main window to PATH (PNG) and exit"
    )
    p.add_argument(
        "--language",
        metavar="CODE",
        help="the app's language this time (en, ja …; default: Settings, else the system's)",
    )
    p.add_argument("--size", default="1600x1000", metavar="WxH", help="window size for --screenshot")
    p.add_argument("--self-test", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)
    return p


def plain_imports() -> None:
    """Give Python its own ``__import__`` back after PySide's.

    Importing PySide replaces ``builtins.__import__`` to offer ``from __feature__ import snake_case``
    (PySide's opt-in Pythonic names, which FiveFoot doesn't use: a source test keeps it so). After each
    import its hook reads the whole source of every newly imported module to look for "PySide6"
    (PYSIDE-2029): 290 modules, 50–70 ms of a launch. PySide keeps the original as
    ``builtins.__orig_import__`` and documents both."""
    import builtins

    original = getattr(builtins, "__orig_import__", None)
    if original is not None and getattr(builtins.__import__, "__name__", "") == "__feature_import__":
        builtins.__import__ = original


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"fivefoot: --size must look like 1600x1000, not {text!r}") from None
    return max(320, w), max(240, h)


#: Messages the offscreen platform prints on every run that say nothing about the app (a headless window
#: has no window manager to tell its size hints to).
OFFSCREEN_NOTES = ("This plugin does not support propagateSizeHints()",)


def _quiet_offscreen_notes() -> None:
    """Drop `OFFSCREEN_NOTES` from Qt's messages; every other message still goes to standard error."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    def handler(kind: QtMsgType, _context: object, message: str) -> None:
        if message in OFFSCREEN_NOTES:
            return
        prefix = {QtMsgType.QtWarningMsg: "warning: ", QtMsgType.QtCriticalMsg: "critical: "}.get(kind, "")
        print(f"{prefix}{message}", file=sys.stderr)

    qInstallMessageHandler(handler)


def main(argv: list[str] | None = None) -> int:
    # A launch makes a few million objects (the engine's classes, Qt's types, the scene) and almost no
    # garbage: the collector's passes over them were a tenth of launch to first frame. It runs again once
    # the first frame is shown (`_launched`).
    gc.disable()
    try:
        return _main(argv)
    finally:
        gc.enable()


def _main(argv: list[str] | None) -> int:
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    headless = args.self_test or args.screenshot is not None
    if headless:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        _quiet_offscreen_notes()

    from PySide6.QtWidgets import QApplication

    plain_imports()
    app = QApplication.instance()
    if app is None:
        app = QApplication([sys.argv[0] if sys.argv else "fivefoot"])
        app.setApplicationName("FiveFoot")
        app.setOrganizationName("FiveFoot")
    assert isinstance(app, QApplication)
    from desktop.i18n import install, install_chosen, resolve, uninstall

    if args.language:
        install(app, resolve(args.language))
    else:
        install_chosen(app)
    try:
        return _run(app, args, headless)
    finally:
        uninstall(app)


def _run(app: QApplication, args: argparse.Namespace, headless: bool) -> int:
    """The app on its file, or a screenshot of it, or the self-test; the exit code."""
    if args.self_test:
        from desktop.selftest import run_self_test

        return run_self_test(args.screenshot)

    from desktop.look.theme import apply_theme
    from desktop.window.main_window import MainWindow
    from rules.systems import DEFAULT_SYSTEM

    apply_theme(app)
    window = MainWindow(autosave=not headless)
    if not headless:
        window.player_screen.hold_until_painted()  # the GM's map first
    if headless:  # no modal box offscreen: messages go to standard error, an imported map is PF2e
        window.files.answer_without_asking(
            args.system or DEFAULT_SYSTEM, lambda text: print(f"fivefoot: {text}", file=sys.stderr)
        )
    opened = False
    if args.file is not None:
        # --system answers the "which rules?" question an imported map asks
        opened = window.files.open(args.file, ask=False, system=args.system)
        if not opened and headless:
            window.files.shutdown()
            window.close()
            return 2
    if not opened:
        window.files.open_demo(args.demo or DEFAULT_SYSTEM)
    if args.screenshot is not None:
        return _screenshot(window, args.screenshot, _size(args.size))
    if args.first_frame:
        _exit_after_first_frame(window)
    else:
        from desktop.widgets.first_paint import after_first_paint

        after_first_paint(window.view.viewport(), _launched)
    window.show()
    window.files.offer_restore()
    code = app.exec()
    return int(code)


def _launched() -> None:
    """The map is on screen: keep the dataclass methods this launch compiled (`rules.dataclass_cache`: the
    next launch reads them; only the first launch of a version has any to write), collect the launch's
    garbage once, freeze what is left (the modules, classes and the open scene: later collections don't walk
    them again, so a collection during a drag is short) and turn the collector back on."""
    from rules import dataclass_cache

    dataclass_cache.save()
    gc.collect()
    gc.freeze()
    gc.enable()


def _exit_after_first_frame(window: MainWindow) -> None:
    """When the map view has painted, print ``first frame S`` (seconds since the process started, from the
    operating system's start time when it tells it) and quit."""
    import time

    from PySide6.QtWidgets import QApplication

    from desktop.widgets.first_paint import after_first_paint

    started = _process_start()

    def done() -> None:  # after the paint event (the frame is on screen)
        from rules import dataclass_cache

        # before the line: the benchmark stops the process once it reads it (only a first launch has
        # anything to write, as a normal launch writes it after its first frame)
        dataclass_cache.save()
        print(f"first frame {time.time() - started:.3f}", flush=True)
        window.files.shutdown()
        QApplication.quit()

    after_first_paint(window.view.viewport(), done)


def _process_start() -> float:
    """The wall-clock time this process started (Linux: /proc; elsewhere: now, at the first call)."""
    import time

    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        return time.time() - uptime + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return time.time()


def _screenshot(window: object, path: Path, size: tuple[int, int]) -> int:
    from PySide6.QtWidgets import QApplication

    from desktop.window.main_window import MainWindow

    assert isinstance(window, MainWindow)
    window.resize(*size)
    window.show()
    for _ in range(3):
        QApplication.processEvents()
    window.view.fit()
    QApplication.processEvents()
    ok = window.grab().save(str(path), "PNG")
    window.files.shutdown()
    window.close()
    if not ok:
        print(f"fivefoot: could not write {path}", file=sys.stderr)
        return 1
    print(f"fivefoot: wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
