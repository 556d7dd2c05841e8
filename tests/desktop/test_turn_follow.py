"""The initiative dock follows the turn (issue 13 item 3): the order list scrolls to the active creature,
and the map centres on it unless the GM turned that off in Settings."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt

from desktop.docks.initiative_dock import InitiativeDock
from desktop.map.grid_coords import space_centre
from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from tests.desktop.table_helpers import make_view
from tests.rules.ascii_maps import ascii_scene


def ids(dock: InitiativeDock) -> list[str]:
    return dock.order.ids()


def current_index(dock: InitiativeDock) -> int:
    enc = dock.encounter
    assert enc is not None
    return enc.index


# ------------------------------------------------------------------ following the turn (issue 13 item 3)


def _crowd(n: int) -> tuple[str, dict[str, dict[str, Any]]]:
    """A 20×20 board with `n` creatures along the diagonal (ids a, b, c …), initiative in that order."""
    letters = "abcdefghijklmnopqrstuvwxyz"[:n]
    rows = [["."] * 20 for _ in range(20)]
    for i, ch in enumerate(letters):
        rows[i][i] = ch
    tokens = {ch: {"initiative_bonus": 30 - i, "hp": 10} for i, ch in enumerate(letters)}
    return "\n".join("".join(r) for r in rows), tokens


def test_the_order_list_scrolls_to_the_active_creature(qtbot: Any) -> None:
    board, tokens = _crowd(18)
    doc, map_scene, view = make_view(qtbot, ascii_scene(board, tokens=tokens))
    dock = InitiativeDock(doc, map_scene, view, dice=ScriptedDice([]))
    qtbot.addWidget(dock)
    dock.resize(300, 360)
    dock.show()
    for tid in tokens:
        dock.set_typed(tid, 10)
    qtbot.mouseClick(dock.start_button, Qt.MouseButton.LeftButton)
    order = dock.order
    assert ids(dock)[0] == "a"
    last = order.item(order.count() - 1)
    # the list is longer than the view
    assert not order.viewport().rect().contains(order.visualItemRect(last))
    for _ in range(order.count() - 1):
        qtbot.mouseClick(dock.next_button, Qt.MouseButton.LeftButton)
        current = order.item(current_index(dock))
        assert order.viewport().rect().intersects(order.visualItemRect(current)), current.text()
    assert current_index(dock) == order.count() - 1


def test_recentring_on_each_turn_is_a_setting(qtbot: Any) -> None:
    from desktop.dialogs.settings_dialog import SettingsDialog
    from desktop.settings import recentre_on_turn

    board, tokens = _crowd(3)
    doc, map_scene, view = make_view(qtbot, ascii_scene(board, tokens=tokens))
    view.resize(300, 300)
    view.set_scale(1.0)
    dock = InitiativeDock(doc, map_scene, view, dice=ScriptedDice([]))
    qtbot.addWidget(dock)
    for tid in tokens:
        dock.set_typed(tid, 10)
    assert recentre_on_turn()  # on by default
    qtbot.mouseClick(dock.start_button, Qt.MouseButton.LeftButton)

    def centre() -> Any:
        return view.mapToScene(view.viewport().rect().center())

    # b at [1, 1] is already on screen: the map stays where it is (issue 23, item 7)
    before = centre()
    qtbot.mouseClick(dock.next_button, Qt.MouseButton.LeftButton)  # b at [1, 1]
    assert map_scene.selected_ids() == ["b"]
    assert centre() == before
    b = QRectF(space_centre(Cell(1, 1), 1) - QPointF(35, 35), QSizeF(70, 70))
    assert view.mapToScene(view.viewport().rect()).boundingRect().contains(b)
    # c at [2, 2] is off screen once the GM has scrolled away: the map centres on it
    view.centerOn(space_centre(Cell(15, 15), 1))
    qtbot.mouseClick(dock.next_button, Qt.MouseButton.LeftButton)  # c at [2, 2]
    target = space_centre(Cell(2, 2), 1)
    assert abs(centre().x() - target.x()) < 2 and abs(centre().y() - target.y()) < 2
    # turned off in the Settings dialog
    dialog = SettingsDialog()
    qtbot.addWidget(dialog)
    assert dialog.recentre.isChecked()
    dialog.recentre.setChecked(False)
    dialog.accept()
    assert not recentre_on_turn()
    view.centerOn(space_centre(Cell(15, 15), 1))
    before = centre()
    qtbot.mouseClick(dock.next_button, Qt.MouseButton.LeftButton)  # a at [0, 0]
    assert map_scene.selected_ids() == ["a"]  # still selected ...
    assert centre() == before  # ... but the map stays where the GM put it
    # and on again
    again = SettingsDialog()
    qtbot.addWidget(again)
    assert not again.recentre.isChecked()
    again.recentre.setChecked(True)
    again.accept()
    qtbot.mouseClick(dock.next_button, Qt.MouseButton.LeftButton)  # b at [1, 1], off screen from [15, 15]
    assert centre() != before
