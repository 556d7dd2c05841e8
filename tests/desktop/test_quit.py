"""Quit ends the app: every window closes, the Player Screen on the TV too, and the process exits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication

#: A GM session with the Player Screen and a check dialog open; Quit is chosen from the File menu. Prints
#: the windows still visible once the event loop has returned.
SESSION = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([sys.argv[0]])
from desktop.window.main_window import MainWindow
win = MainWindow(autosave=False)
win.files.ask_unsaved = lambda: "discard"
assert win.files.open_demo("pf2e")
win.show()
player = win.player_screen.open_player_screen()
win.open_check_dialog()
assert player.isVisible()
QTimer.singleShot(300, win.act_quit.trigger)
code = app.exec()
print("visible:", sorted(w.objectName() for w in app.topLevelWidgets() if w.isVisible()))
sys.exit(code)
"""


def test_quit_with_the_player_screen_open_ends_the_process(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "FIVEFOOT_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", SESSION],
        timeout=90,
        check=False,
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).parents[2],
    )
    assert done.returncode == 0, done.stderr
    assert "visible: []" in done.stdout


def test_quit_closes_the_player_screen_and_dialogs(window: Any, qtbot: Any) -> None:
    player = window.player_screen.open_player_screen()
    qtbot.waitExposed(player)
    window.open_check_dialog()
    dialog = window.check_dialog
    assert dialog.isVisible()
    window.act_quit.trigger()
    assert not window.isVisible()
    assert not player.isVisible()
    assert not dialog.isVisible()

    def owned(w: Any) -> bool:
        while w is not None and w is not window:
            w = w.parentWidget()
        return w is window

    # nothing of this window stays on screen (other tests' windows may still be open in this process)
    assert not [w for w in QApplication.topLevelWidgets() if w.isVisible() and (owned(w) or w is player)]
