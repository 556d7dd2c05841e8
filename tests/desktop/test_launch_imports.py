"""What the app does before its first frame (issue 22: launch to first frame).

* The creature and spell importers (every format's reader, the SRD text cleaner) are read after the map is
  shown, when the compendium is filled or a file is imported; the creature editor and every dialog when
  they first open.
* PySide's ``__feature__`` import hook is taken out (it read the source of every module imported after
  PySide), the garbage collector waits for the first frame, and the Player Screen projects once the GM's
  map has painted.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

DEFERRED = (
    "rules.io.creatures",
    "rules.io.spells",
    "rules.io.srd_text",
    "desktop.docks.creature_editor",
    "desktop.dialogs",  # every dialog: token form, new scene, settings, attack, cast, hazards, pictures …
    "desktop.docks.end_turn_dialog",
    "desktop.docks.join_encounter",
    "desktop.docks.save_dialog",
)


def test_the_main_window_does_not_import_the_importers() -> None:
    code = (
        "import sys\n"
        "import desktop.app, desktop.window.main_window\n"
        f"print(','.join(m for m in sys.modules if m.startswith({DEFERRED!r})))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.strip() == ""


def test_the_compendium_still_reads_them_when_it_is_filled() -> None:
    code = (
        "import sys\n"
        "from desktop.docks.compendium_dock import _bundled\n"
        "assert 'rules.io.creatures' not in sys.modules\n"
        "print(len(_bundled()), 'rules.io.creatures' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    count, loaded = out.stdout.split()
    assert int(count) > 100 and loaded == "True"


def test_pyside_feature_hook_is_taken_out_and_imports_still_work() -> None:
    code = (
        "import builtins\n"
        "from PySide6.QtWidgets import QApplication\n"
        "print(builtins.__import__.__name__)\n"
        "from desktop.app import plain_imports\n"
        "plain_imports()\n"
        "print(builtins.__import__.__name__)\n"
        "from PySide6.QtCore import *\n"  # PySide's lazy star import (the hook kept below the feature one)
        "import json, rules.model.scene\n"
        "print('QTimer' in dir(), json.dumps([1]), rules.model.scene.Scene.__name__)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True, cwd=ROOT
    )
    before, after, rest = out.stdout.strip().split("\n")
    assert before == "__feature_import__" and after != before
    assert rest == "True [1] Scene"


def test_nothing_in_the_app_uses_pyside_features() -> None:
    """`plain_imports` turns ``from __feature__ import …`` off: no module may depend on it."""
    users = [
        str(p.relative_to(ROOT))
        for folder in ("desktop", "rules", "packaging")
        for p in (ROOT / folder).rglob("*.py")
        if re.search(r"^\s*(from|import) __feature__", p.read_text(encoding="utf-8"), re.M)
    ]
    assert users == []


LAUNCH = """
import gc, json
import desktop.app as app
from desktop.player.scene import PlayerScene
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
import rules.dataclass_cache as cache

seen = {}
release = PlayerScene.release

def released(scene):
    seen["player screen waited"] = scene._stale  # a projection was asked for before the first frame
    release(scene)

PlayerScene.release = released
launched = app._launched

def first_frame():
    seen["gc before"] = gc.isenabled()
    launched()
    seen["gc after"] = gc.isenabled()
    seen["frozen"] = gc.get_freeze_count() > 0
    seen["saved"] = cache.installed().compiled == 0
    QTimer.singleShot(100, finish)

def finish():
    window = next(w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow")
    seen["player tokens"] = len(window.player_screen.player_scene.token_items)
    window.files.shutdown()
    QApplication.quit()

app._launched = first_frame
app.main(["--demo", "pf2e"])
print(json.dumps(seen))
"""


def _app_script(code: str, data: Path) -> dict[str, object]:
    """Run `code` in a fresh offscreen interpreter as an installed app runs (bytecode written, its own data
    folder); the JSON object its last line prints."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(QT_QPA_PLATFORM="offscreen", FIVEFOOT_DATA_DIR=str(data), PYTHONPATH=str(ROOT))
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
        cwd=ROOT,
        env=env,
    )
    seen: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return seen


def test_a_launch_waits_for_its_first_frame_then_collects_and_keeps_its_methods(tmp_path: Path) -> None:
    seen = _app_script(LAUNCH, tmp_path)
    assert seen["gc before"] is False and seen["gc after"] is True and seen["frozen"] is True
    assert seen["saved"] is True
    # the Player Screen waited for the GM's first frame, then showed the demo's party
    assert seen["player screen waited"] is True and seen["player tokens"] > 0


THEMED = """
import json
from PySide6.QtWidgets import QApplication, QToolBar, QToolTip
app = QApplication([])
from desktop.look.theme import STATUS_BAR_STYLE, TOOLBAR_STYLE, apply_theme
from desktop.window.main_window import MainWindow
apply_theme(app)
win = MainWindow(autosave=False)
bars = win.findChildren(QToolBar)
print(json.dumps({
    "app sheet": app.styleSheet(),
    "style": app.style().baseStyle().name() if hasattr(app.style(), "baseStyle") else app.style().name(),
    "toolbars": sorted({b.objectName() for b in bars}),
    "styled": all(b.styleSheet() == TOOLBAR_STYLE for b in bars),
    "status": win.statusBar().styleSheet() == STATUS_BAR_STYLE,
    "tooltip": QToolTip.palette().color(QToolTip.palette().ColorRole.ToolTipBase).name(),
}))
win.files.shutdown()
"""


def test_the_theme_styles_each_toolbar_and_sets_no_application_style_sheet(tmp_path: Path) -> None:
    """An application style sheet makes Qt style every widget through its style-sheet engine (80 ms more to
    build the main window): the theme sets the palette, and a style sheet on each toolbar and the status
    bar only."""
    seen = _app_script(THEMED, tmp_path)
    assert seen["app sheet"] == "" and seen["style"].lower() == "fusion"
    assert {"mainToolBar", "toolOptionsBar", "leftDockStrip", "rightDockStrip"} <= set(seen["toolbars"])
    assert seen["styled"] is True and seen["status"] is True
    assert seen["tooltip"] == "#151518"  # the dark palette's tooltip colours
