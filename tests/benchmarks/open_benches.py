"""Opening a big map as a GM feels it (issue 22):

- ``open 250×250 from launch to first frame``: the real app started as a subprocess on a saved 250×250 map
  (``fivefoot FILE --first-frame``), timed from the launch until its map view has painted its first frame
  (the app prints when; the parent reads the line). Python writes and reuses its compiled bytecode, as an
  installed app has it. Beside it, a lower bound: Python with PySide6 showing an empty window until its
  first paint.
- ``open 500×500 in process``: File ▸ Open in the running app (`FileController.open`) of a saved 500×500 map
  until the view has painted, beside reading the file and decoding its JSON alone (a lower bound).
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.benchmarks.run import Bench

ROOT = Path(__file__).resolve().parents[2]

EMPTY_WINDOW = """
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication([])
w = QWidget()
w.resize(1600, 1000)
class F(QObject):
    def eventFilter(self, o, e):
        if e.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, lambda: (print("first frame", flush=True), app.quit()))
            w.removeEventFilter(self)
        return False
f = F()
w.installEventFilter(f)
w.show()
app.exec()
"""


def _folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="fivefoot-open-bench-"))
    atexit.register(shutil.rmtree, folder, True)
    return folder


#: The launched app's own data folder: fresh, so a table or an autosave left open by an earlier run of the
#: app on this machine (which the app resumes at launch) is not timed as part of opening the map.
_DATA = Path(tempfile.mkdtemp(prefix="fivefoot-open-bench-data-"))
atexit.register(shutil.rmtree, _DATA, True)


def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["FIVEFOOT_DATA_DIR"] = str(_DATA)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed app has its bytecode compiled
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def time_to_first_frame(args: list[str], cwd: Path, timeout: float = 60.0) -> float:
    """Seconds from starting `args` until it prints a line beginning ``first frame``."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        args, cwd=cwd, env=_child_env(), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("first frame"):
                return time.perf_counter() - started
            if time.perf_counter() - started > timeout:
                break
        raise AssertionError(f"{args[1:]} never painted a first frame")
    finally:
        proc.kill()
        proc.wait(10)
        if proc.stdout is not None:
            proc.stdout.close()


def launch_benches(quick: bool) -> list[Bench]:
    from tests.benchmarks.hugemap import huge_map_doc

    folder = _folder()
    path = folder / "huge.json"
    path.write_text(json.dumps(huge_map_doc("pf2e", quick=quick)), encoding="utf-8")
    script = folder / "empty_window.py"
    script.write_text(EMPTY_WINDOW, encoding="utf-8")
    label = "250×250" if not quick else "small map"

    def launch() -> float:
        return time_to_first_frame([sys.executable, "-m", "desktop.app", str(path), "--first-frame"], ROOT)

    def empty() -> float:
        return time_to_first_frame([sys.executable, str(script)], ROOT)

    return [
        Bench(
            f"open {label} from launch to first frame",
            1200.0,
            launch,
            empty,
            "lower bound, not a way to open it: an empty PySide6 window from launch to first frame",
            repeat=5,
        )
    ]


def in_process_open_benches(quick: bool) -> list[Bench]:
    from PySide6.QtWidgets import QApplication

    from desktop.window.main_window import MainWindow
    from tests.benchmarks.hugemap import giant_map_doc

    folder = _folder()
    path = folder / "giant.json"
    path.write_text(json.dumps(giant_map_doc("pf2e", quick=quick)), encoding="utf-8")
    app = QApplication.instance() or QApplication([])
    state: dict[str, Any] = {}

    def window() -> MainWindow:
        win = state.get("window")
        if win is None:
            win = MainWindow(autosave=False)
            win.files.answer_without_asking("pf2e", lambda _text: None)
            win.resize(1920, 1080)
            win.show()
            app.processEvents()
            state["window"] = win
        return win

    def open_file() -> None:
        win = window()
        assert win.files.open(path, ask=False)
        app.processEvents()
        win.view.viewport().repaint()

    def read_json() -> Any:
        return json.loads(path.read_bytes())

    def finish() -> None:
        win = state.get("window")
        if win is not None:
            win.hide()

    label = "500×500" if not quick else "small map"
    return [
        Bench(
            f"open {label} in process",
            1500.0,
            open_file,
            read_json,
            "lower bound, not a way to open it: reading the file and json.loads alone",
            repeat=5,
            finish=finish,
        )
    ]
