"""Add to Encounter and Remove from Encounter in the app: the token menu, the initiative dock's buttons and
the Encounter menu run `rules.play.roster` commands; a creature added mid-fight takes its turn; undo."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.model.scene import Token
from rules.play.edits import AddTokens
from tests.desktop.helpers import press, release, view_point

BAT = Token("bat", Cell(12, 12), hp=6, max_hp=6, ac=14, side="enemies", name="Cave Bat", initiative_bonus=6)


def _menu_at(window: Any, cell: tuple[int, int]) -> QMenu:
    view = window.view
    p = view_point(view, cell)
    press(view, p, Qt.MouseButton.RightButton)
    release(view, p, Qt.MouseButton.RightButton)
    menu = view.last_context_menu
    assert menu is not None
    return menu


def _action(menu: QMenu, name: str) -> Any:
    found = [a for a in menu.actions() if a.objectName() == name]
    assert found, [a.text() for a in menu.actions()]
    return found[0]


def _order(window: Any) -> list[str]:
    enc = window.doc.encounter
    assert enc is not None
    return [c.token_id for c in enc.order]


def _start(window: Any, qtbot: Any) -> Any:
    dock = window.table.initiative_dock
    dock.modal_dialogs = False
    dock.dice = ScriptedDice([])
    for i, (tid, _inc, _d20) in enumerate(dock.setup_rows()):
        dock.set_typed(tid, d20=20 - i)
    qtbot.mouseClick(dock.start_button, Qt.MouseButton.LeftButton)
    assert window.doc.encounter is not None
    return dock


def _next_until(window: Any, dock: Any, token_id: str, limit: int = 30) -> None:
    for _ in range(limit):
        if window.doc.encounter.current_id == token_id:
            return
        dialog = dock.next_turn()
        if dialog is not None:  # rolls for persistent damage or a recovery check
            dialog.accept()
    raise AssertionError(f"{token_id} never got a turn")


def test_a_token_placed_mid_encounter_joins_from_its_menu_and_takes_its_turn(window: Any, qtbot: Any) -> None:
    dock = _start(window, qtbot)
    before = _order(window)
    window.doc.execute(AddTokens((BAT,)))
    assert window.table.act_join.isEnabled()
    menu = _menu_at(window, (12, 12))
    assert not [a for a in menu.actions() if a.objectName() == "menuLeaveEncounter"]
    _action(menu, "menuJoinEncounter").trigger()
    dialog = dock.join_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.chosen() == ["bat"]
    dialog.set_typed("bat", d20=1)  # 1 + 6 = 7: late in the order
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    order = _order(window)
    assert "bat" in order and [t for t in order if t != "bat"] == before
    assert window.doc.log[-1].startswith("Cave Bat joins the encounter: initiative 7 (1+6)")
    assert dock.order.count() == len(order)
    _next_until(window, dock, "bat")
    enc = window.doc.encounter
    assert enc.turn is not None and enc.turn.token_id == "bat"
    assert window.map_scene.selected_ids() == ["bat"]
    # and leaves again from its menu: the turn passes on
    _action(_menu_at(window, (12, 12)), "menuLeaveEncounter").trigger()
    assert "bat" not in _order(window)
    assert window.doc.encounter.current_id != "bat"
    window.doc.undo()
    assert window.doc.encounter.current_id == "bat"


def test_the_initiative_dock_adds_several_and_removes_the_selected_one(window: Any, qtbot: Any) -> None:
    dock = _start(window, qtbot)
    window.doc.execute(AddTokens((BAT, Token("bat-2", Cell(13, 12), hp=6, ac=14, side="enemies"))))
    assert dock.join_button.isEnabled()
    qtbot.mouseClick(dock.join_button, Qt.MouseButton.LeftButton)
    dialog = dock.join_dialog
    assert dialog is not None and dialog.chosen() == []
    assert not dialog.add_button.isEnabled()
    dialog.dice = ScriptedDice([10, 11])
    dialog.set_typed("bat", included=True)
    dialog.set_typed("bat-2", included=True)
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    assert {"bat", "bat-2"} <= set(_order(window))
    steps = window.doc.undo_label()
    assert steps == "Add to encounter"
    row = _order(window).index("bat-2")
    dock.order.setCurrentRow(row)
    assert dock.leave_button.isEnabled()
    qtbot.mouseClick(dock.leave_button, Qt.MouseButton.LeftButton)
    assert "bat-2" not in _order(window) and "bat" in _order(window)
    assert window.doc.scene.token("bat-2") is not None
    window.doc.undo()
    window.doc.undo()
    assert "bat" not in _order(window) and "bat-2" not in _order(window)


def test_the_encounter_menu_offers_add_and_remove_only_while_initiative_runs(window: Any, qtbot: Any) -> None:
    table = window.table
    assert not table.act_join.isEnabled() and not table.act_leave.isEnabled()
    menu = _menu_at(window, (5, 11))
    assert not [a for a in menu.actions() if a.objectName().endswith("Encounter")]
    _start(window, qtbot)
    assert not table.act_join.isEnabled()  # everyone on the map is in it already
    window.map_scene.select_ids(["ogre"])
    table.update_actions()
    assert table.act_leave.isEnabled()
    table.act_leave.trigger()
    assert "ogre" not in _order(window)
    assert table.act_join.isEnabled()
