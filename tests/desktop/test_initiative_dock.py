"""The initiative dock and the log dock, driven with their buttons; everything undoes."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from desktop.docks.initiative_dock import InitiativeDock
from desktop.docks.log_dock import LogDock
from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.play.moves import MoveToken
from rules.play.table import AttackRoll
from rules.play.turns import has_reaction, roll_initiative
from rules.systems import system_for
from tests.desktop.table_helpers import make_view
from tests.rules.ascii_maps import ascii_scene

BOARD = """
    ........
    ..Ao....
    .B......
    .....c..
"""
TOKENS = {
    "A": {
        "initiative_bonus": 3,
        "hp": 20,
        "attacks": [{"name": "sword", "bonus": 8, "damage": "1d8+3 slashing"}],
    },
    "B": {"initiative_bonus": 1, "hp": 20},
    "o": {"initiative_bonus": 2, "hp": 12, "ac": 15},
    "c": {"initiative_bonus": 0, "hp": 12},
}
ROLLS = {"A": 18, "B": 5, "o": 12, "c": 9}  # A 21, o 14, c 9, B 6


def started(qtbot: Any, system: str = "pf2e") -> tuple[Any, ...]:
    scene = ascii_scene(BOARD, system, tokens=TOKENS)
    doc, map_scene, view = make_view(qtbot, scene)
    dock = InitiativeDock(doc, map_scene, view, dice=ScriptedDice([]))
    qtbot.addWidget(dock)
    dock.show()
    for tid, d20 in ROLLS.items():
        dock.set_typed(tid, d20)
    qtbot.mouseClick(dock.start_button, Qt.MouseButton.LeftButton)
    return doc, map_scene, dock


def ids(dock: InitiativeDock) -> list[str]:
    return dock.order.ids()


def test_setup_lists_every_creature_with_the_systems_modifier(qtbot: Any) -> None:
    scene = ascii_scene(BOARD, tokens=TOKENS)
    doc, _ms, _view = make_view(qtbot, scene)
    dock = InitiativeDock(doc)
    qtbot.addWidget(dock)
    rows = dock.setup_rows()
    assert [r[0] for r in rows] == ["A", "o", "B", "c"]
    assert all(included and d20 == 0 for _, included, d20 in rows)
    mods = [dock.setup.item(r, 2).text() for r in range(dock.setup.rowCount())]  # type: ignore[union-attr]
    system = system_for(scene)
    assert mods == [f"{system.initiative_modifier(t):+d}" for t in scene.tokens]
    assert dock.pages.currentIndex() == 0


def test_the_gm_types_a_d20_and_unticks_a_creature_in_the_setup_table(qtbot: Any) -> None:
    """The d20 column edits in a spin box showing “roll” for none; the tick box leaves a creature out."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QSpinBox

    scene = ascii_scene(BOARD, tokens=TOKENS)
    doc, _ms, _view = make_view(qtbot, scene)
    dock = InitiativeDock(doc)
    qtbot.addWidget(dock)
    dock.show()
    table = dock.setup
    roll = QCoreApplication.translate("InitiativeDock", "roll")  # the app's language ("roll" in English)
    delegate = table.itemDelegateForColumn(3)
    assert delegate.displayText(0, None) == roll and delegate.displayText(12, None) == "12"  # type: ignore[union-attr]
    table.editItem(table.item(1, 3))
    spin = table.findChild(QSpinBox)
    assert spin is not None and spin.specialValueText() == roll
    spin.selectAll()
    qtbot.keyClicks(spin, "17")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: table.findChild(QSpinBox) is None)  # the editor commits and closes (queued)
    table.item(2, 0).setCheckState(Qt.CheckState.Unchecked)  # type: ignore[union-attr]
    rows = dock.setup_rows()
    assert rows[1] == ("o", True, 17)
    assert rows[2] == ("B", False, 0)
    assert dock.start_button.isEnabled()
    for r in (0, 1, 3):
        table.item(r, 0).setCheckState(Qt.CheckState.Unchecked)  # type: ignore[union-attr]
    assert not dock.start_button.isEnabled()  # nobody ticked: nothing to start


def test_typed_rolls_order_the_encounter_as_the_engine_does(qtbot: Any) -> None:
    doc, map_scene, dock = started(qtbot)
    expected = [c.token_id for c in roll_initiative(doc.scene, ScriptedDice([]), rolls=ROLLS)]
    assert ids(dock) == expected == ["A", "o", "c", "B"]
    assert dock.pages.currentIndex() == 1
    assert dock.header.text() == "Round 1 · A's turn"
    assert map_scene.selected_ids() == ["A"]  # the active token is selected (and centred)
    assert "3 actions left" in dock.turn_info.text()


def test_next_turn_resets_movement_and_map_and_everything_undoes(qtbot: Any) -> None:
    doc, _ms, dock = started(qtbot)
    # A moves and attacks twice on its turn
    doc.execute(MoveToken("A", (Cell(2, 0),)))
    doc.execute(AttackRoll("A", "o", "sword", (10,)))
    doc.execute(AttackRoll("A", "o", "sword", (10,)))
    enc = doc.encounter
    assert enc is not None and enc.attack_number("A") == 3
    assert enc.turn is not None and enc.turn.movement_spent == 5 and enc.turn.actions == 0
    assert doc.free.of("A") is None  # one ledger: the encounter's on A's own turn
    assert "2 attacks" in dock.turn_info.text() and "next MAP -10" in dock.turn_info.text()
    for _ in range(4):
        qtbot.mouseClick(dock.next_button, Qt.MouseButton.LeftButton)
    enc = doc.encounter
    assert enc is not None and enc.round == 2 and enc.current_id == "A"
    assert enc.attack_number("A") == 1
    assert enc.turn is not None and enc.turn.movement_spent == 0 and enc.turn.diagonals == 0
    assert doc.free.of("A") is None
    assert dock.header.text() == "Round 2 · A's turn"
    assert any(e.startswith("Round 2: A's turn") for e in doc.log)
    qtbot.mouseClick(dock.prev_button, Qt.MouseButton.LeftButton)
    assert doc.encounter.current_id == "B"  # type: ignore[union-attr]
    # undo everything, back to before the encounter
    while doc.can_undo():
        doc.undo()
    assert doc.encounter is None
    assert dock.pages.currentIndex() == 0
    assert doc.log == []


def test_dragging_a_row_reorders_and_keeps_the_current_turn(qtbot: Any) -> None:
    doc, _ms, dock = started(qtbot)
    dock.order.move_row(3, 0)  # B to the top
    assert ids(dock) == ["B", "A", "o", "c"]
    enc = doc.encounter
    assert enc is not None and enc.current_id == "A"
    assert doc.log[-1].startswith("Initiative order changed")
    doc.undo()
    assert ids(dock) == ["A", "o", "c", "B"]


def test_pf2e_delay_and_return(qtbot: Any) -> None:
    doc, _ms, dock = started(qtbot)
    assert dock.delay_button.isVisibleTo(dock)
    qtbot.mouseClick(dock.delay_button, Qt.MouseButton.LeftButton)  # A delays, o acts
    enc = doc.encounter
    assert enc is not None and enc.current_id == "o" and "A" in enc.delayed
    dock.order.setCurrentRow(ids(dock).index("A"))
    assert dock.return_button.isEnabled()
    qtbot.mouseClick(dock.return_button, Qt.MouseButton.LeftButton)  # after o's turn: A, then c
    assert ids(dock) == ["o", "A", "c", "B"]
    assert doc.encounter.current_id == "A"  # type: ignore[union-attr]


def test_5e_has_no_delay_button_but_ready_and_reactions(qtbot: Any) -> None:
    doc, _ms, dock = started(qtbot, "dnd5e-2014")
    assert not dock.delay_button.isVisibleTo(dock)
    dock.ready("when the ogre moves")
    enc = doc.encounter
    assert enc is not None and enc.readied == (("A", "when the ogre moves"),)
    assert enc.turn is not None and enc.turn.actions == 0
    dock.order.setCurrentRow(0)
    assert dock.reaction_button.isEnabled()
    qtbot.mouseClick(dock.reaction_button, Qt.MouseButton.LeftButton)
    enc = doc.encounter
    assert enc is not None and not has_reaction(doc.state, "A")
    assert not dock.reaction_button.isEnabled()


def test_end_encounter(qtbot: Any) -> None:
    doc, _ms, dock = started(qtbot)
    qtbot.mouseClick(dock.end_button, Qt.MouseButton.LeftButton)
    assert doc.encounter is None and dock.pages.currentIndex() == 0
    assert doc.log[-1].startswith("Encounter ends")


def test_log_dock_mirrors_the_document_and_copies(qtbot: Any) -> None:
    doc, _ms, dock = started(qtbot)
    log = LogDock(doc)
    qtbot.addWidget(log)
    assert log.plain_text() == "\n".join(doc.log)
    assert "Initiative:" in log.plain_text()
    qtbot.mouseClick(dock.next_button, Qt.MouseButton.LeftButton)
    assert log.plain_text().endswith("Round 1: o's turn")
    doc.undo()
    assert "o's turn" not in log.plain_text()
    assert log.count.text() == "1 entry"
    qtbot.mouseClick(log.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == log.plain_text()
