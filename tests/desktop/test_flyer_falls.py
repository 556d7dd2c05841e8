"""A PF2e flyer that doesn't Fly on its turn falls at the end of it (Player Core 419), and a 5e flyer
knocked prone falls at once (2014 l.67): the window's log says so; the screenshot of the log and the map is
written for a person to look at."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication

from desktop.document import Document
from rules.dice import ScriptedDice
from rules.model.state import GameState
from rules.play.effects import EditConditions
from rules.play.turns import start_encounter
from tests.desktop.helpers import ascii_scene

ROOT = Path(__file__).resolve().parents[2]
PICTURE = """
......
.A..b.
......
"""


def _window(qtbot: Any, system: str) -> Any:
    from desktop.window.main_window import MainWindow

    scene = ascii_scene(
        PICTURE,
        system,
        {
            "A": {
                "name": "Harpy",
                "hp": 30,
                "max_hp": 30,
                "speed": 20,
                "speeds": {"fly": 40},
                "elevation": 30,
            },
            "b": {"name": "Kyra", "hp": 20, "max_hp": 20},
        },
    )
    state, _ = start_encounter(GameState(scene), ScriptedDice([]), rolls={"A": 20, "b": 5})
    win = MainWindow(Document(state), autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    win.view.popup_menus = False
    win.action_bar.popup_menus = False
    win.table.initiative_dock.dice = ScriptedDice([6, 6, 6])
    win.table.initiative_dock.modal_dialogs = False
    win.resize(1280, 720)
    win.show()
    qtbot.waitExposed(win)
    return win


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def test_a_pf2e_flyer_that_did_not_fly_falls_at_the_end_of_its_turn(qtbot: Any) -> None:
    win = _window(qtbot, "pf2e")
    win.map_scene.select_ids(["A"])
    win.action_bar.run("end-turn")  # the Harpy spent its turn without the Fly action
    _settle()
    harpy = win.doc.scene.token("A")
    assert harpy is not None and harpy.elevation == 0 and harpy.hp == 15  # 30 ft: 15 bludgeoning
    log = "\n".join(win.doc.log)
    assert "didn't Fly this turn: it falls" in log
    win.show_dock(win.table.log_dock)
    win.view.fit()
    _settle()
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    assert win.grab().save(str(folder / "flyer-falls-pf2e-log.png"))


def test_a_5e_flyer_knocked_prone_falls_at_once(qtbot: Any) -> None:
    win = _window(qtbot, "dnd5e-2014")
    win.doc.execute(EditConditions("A", ("prone",)))
    harpy = win.doc.scene.token("A")
    assert harpy is not None and harpy.elevation == 0
    assert "fall" in "\n".join(win.doc.log).lower()
