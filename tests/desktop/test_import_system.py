"""Opening a Universal VTT map in the app asks which rules it uses (issue 13 item 5), remembering the last
choice; ``--system`` answers in advance; scene files (which name their rules) are never asked about."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from desktop.dialogs.import_system import ImportSystemDialog
from desktop.settings import last_import_system
from rules.io.scene_json import scene_to_json
from tests.desktop.helpers import ascii_scene


def _uvtt(tmp_path: Path) -> Path:
    doc = {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 5, "y": 4}, "pixels_per_grid": 20},
        "line_of_sight": [[{"x": 2, "y": 0}, {"x": 2, "y": 4}]],
        "portals": [],
    }
    path = tmp_path / "cellar.dd2vtt"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_opening_an_imported_map_asks_for_its_rules(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    asked: list[Path] = []

    def answer(path: Path) -> str:
        asked.append(path)
        return "dnd5e-2024"

    window.files.ask_system = answer
    path = _uvtt(tmp_path)
    assert window.files.open(path)
    assert asked == [path]
    assert window.doc.scene.system == "dnd5e-2024"
    # cancelled: nothing opens
    window.files.ask_system = lambda _p: None
    before = window.doc.scene
    assert not window.files.open(path)
    assert window.doc.scene is before
    # given in advance (as --system does): no question
    window.files.ask_system = lambda _p: (_ for _ in ()).throw(AssertionError("asked"))
    assert window.files.open(path, system="dnd5e-2014")
    assert window.doc.scene.system == "dnd5e-2014"


def test_scene_files_are_not_asked_about(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "room.json"
    path.write_text(json.dumps(scene_to_json(ascii_scene("A..\n...", system="dnd5e-2014"))), encoding="utf-8")
    window.files.ask_system = lambda _p: (_ for _ in ()).throw(AssertionError("asked"))
    assert window.files.open(path)
    assert window.doc.scene.system == "dnd5e-2014"


def test_the_real_question_offers_the_three_systems_and_remembers_the_choice(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert last_import_system() == "pf2e"
    dialog = ImportSystemDialog(_uvtt(tmp_path), window)
    assert list(dialog.buttons) == ["pf2e", "dnd5e-2014", "dnd5e-2024"]
    assert dialog.system() == "pf2e"
    dialog.choose("dnd5e-2014")
    dialog.accept()
    assert last_import_system() == "dnd5e-2014"
    again = ImportSystemDialog(_uvtt(tmp_path), window)
    assert again.system() == "dnd5e-2014"  # the last choice is offered first
    again.grab().save(str(tmp_path / "import-system.png"))


def test_the_default_question_is_the_dialog(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The controller's own `ask_system` pops the dialog; choosing in it opens the map with those rules."""

    def pick() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, ImportSystemDialog)
        dialog.choose("dnd5e-2024")
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Open).click()

    QTimer.singleShot(0, pick)
    window.files.ask_system = window.files._dialog_system
    assert window.files.open(_uvtt(tmp_path))
    assert window.doc.scene.system == "dnd5e-2024"
    assert last_import_system() == "dnd5e-2024"


def test_command_line_system_skips_the_question(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    env_cmd = [sys.executable, "-m", "desktop.app", str(_uvtt(tmp_path)), "--system", "dnd5e-2014"]
    done = subprocess.run(
        [*env_cmd, "--screenshot", str(out), "--size", "800x600"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert out.is_file()
