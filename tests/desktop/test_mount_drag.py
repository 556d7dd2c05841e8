"""Mounted combat in the app: the token menu mounts and dismounts (each spending its cost), and dragging the
mount carries its rider — the rider's token follows the preview during the drag and ends on the mount's new
space (`rules.play.mounts`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication, QMenu

from desktop.document import Document
from desktop.look.style import CELL
from desktop.window.action_menu import add_actions_menu
from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.model.state import GameState
from rules.play.turns import start_encounter
from tests.desktop.helpers import ascii_scene, move, press, release, view_point

PICTURE = """
..........
.AH.......
..........
..........
..........
"""


def _find(menu: QMenu, name: str) -> Any:
    for action in menu.actions():
        if action.objectName() == name or (action.menu() is not None and action.menu().objectName() == name):
            return action
        if action.menu() is not None:
            found = _find(action.menu(), name)
            if found is not None:
                return found
    return None


def test_mount_drag_the_mount_and_the_rider_moves_with_it(qtbot: Any) -> None:
    from desktop.window.main_window import MainWindow

    scene = ascii_scene(
        PICTURE,
        "pf2e",
        {
            "A": {"name": "Amiri", "hp": 20, "speed": 25},
            "H": {"name": "Horse", "hp": 30, "speed": 40, "size": "large"},
        },
    )
    state, _ = start_encounter(GameState(scene), ScriptedDice([]), rolls={"A": 20, "H": 10})
    win = MainWindow(Document(state), autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    win.view.popup_menus = False
    win.resize(1280, 720)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit()
    doc = win.doc
    menu = QMenu()
    add_actions_menu(menu, doc, "A")
    mount = _find(menu, "mount-H")
    assert mount is not None and "1 action" in _find(menu, "mountMenu").text()
    mount.trigger()
    amiri = doc.scene.token("A")
    assert amiri is not None and amiri.mounted_on == "H" and amiri.cell == Cell(2, 1)
    assert doc.state.ledger("A").actions == 2  # type: ignore[union-attr]
    # the horse acts on Amiri's initiative, right after her; drag it from its lower-right square
    horse = doc.scene.token("H")
    assert horse is not None
    start = view_point(win.view, (3, 2))
    end = view_point(win.view, (6, 3))
    press(win.view, start)
    for i in range(1, 5):
        t = i / 4
        move(win.view, start + (end - start) * t)
    QApplication.processEvents()
    rider_item = win.map_scene.token_items["A"]
    horse_item = win.map_scene.token_items["H"]
    assert rider_item.pos() == horse_item.pos()  # the rider follows the carried mount
    assert rider_item.pos().x() == 5 * CELL
    release(win.view, end)
    QApplication.processEvents()
    horse, amiri = doc.scene.token("H"), doc.scene.token("A")
    assert horse is not None and amiri is not None
    assert horse.cell == Cell(5, 2) and amiri.cell == horse.cell
    assert "rides along" in doc.log[-1]
    # Dismount onto a square beside the horse
    menu = QMenu()
    add_actions_menu(menu, doc, "A")
    dismount = _find(menu, "dismount")
    assert dismount is not None and dismount.isEnabled()
    dismount.trigger()
    amiri = doc.scene.token("A")
    assert amiri is not None and amiri.mounted_on is None and amiri.cell != horse.cell
