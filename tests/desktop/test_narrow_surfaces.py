"""PF2e narrow surfaces and uneven ground in the app: painted with their Balance DC, drawn, shown on the
carried token's path, the Balance check rolled on release and the Reflex save asked for after a hit."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QComboBox, QSpinBox

from desktop.dice import use_dice
from desktop.window.action_menu import OPEN_DIALOGS
from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.play.edits import PlaceTokens
from rules.play.table import AttackRoll
from tests.desktop.helpers import drag, move, press, release, view_point

SHOTS = Path(os.environ.get("FIVEFOOT_NARROW_SHOTS", "")) if os.environ.get("FIVEFOOT_NARROW_SHOTS") else None


def _paint(window, kind: str, cells: list[tuple[int, int]], dc: int, fall: int = 0) -> None:  # type: ignore[no-untyped-def]
    window.set_tool("terrain")
    tool = window.tool
    tool.set_kind(kind)
    tool.set_dc(dc)
    tool.set_fall(fall)
    drag(window.view, view_point(window.view, cells[0]), view_point(window.view, cells[-1]))


def test_the_painter_offers_the_balance_kinds_only_in_pf2e(window) -> None:  # type: ignore[no-untyped-def]
    window.set_tool("terrain")
    row = window.tool.options_widget()
    kinds = row.findChild(QComboBox, "terrainKind")
    offered = [kinds.itemData(i) for i in range(kinds.count())]
    assert "narrow" in offered and "uneven" in offered
    window.tool.set_kind("narrow")
    assert not row.findChild(QSpinBox, "terrainDc").isHidden()
    assert not row.findChild(QSpinBox, "terrainFall").isHidden()
    if SHOTS is not None:
        window.grab().save(str(SHOTS / "painter.png"))
    window.tool.set_kind("uneven")
    assert row.findChild(QSpinBox, "terrainFall").isHidden()
    window.tool.set_kind("difficult")
    assert row.findChild(QSpinBox, "terrainDc").isHidden()
    assert window.files.open_demo("dnd5e")
    window.set_tool("select")
    window.set_tool("terrain")
    row = window.tool.options_widget()
    kinds = row.findChild(QComboBox, "terrainKind")
    offered = [kinds.itemData(i) for i in range(kinds.count())]
    assert "narrow" not in offered and "uneven" not in offered and "difficult" in offered


def test_painting_a_narrow_square_and_dragging_a_token_onto_it(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    _paint(window, "narrow", [(7, 14), (8, 14)], 14, 10)
    square = doc.scene.balance_at(Cell(7, 14))
    assert square is not None and (square.kind, square.dc, square.fall) == ("narrow", 14, 10)
    assert "Balance DC 14" in doc.log[-1]
    _paint(window, "uneven", [(7, 16), (8, 16)], 12)
    assert doc.scene.balance_at(Cell(8, 16)).dc == 12  # type: ignore[union-attr]
    window.set_tool("select")
    view = window.view
    view.actual_size()  # close up, so the squares' tags are readable in the screenshots
    view.centre_on_cell(Cell(7, 15))
    if SHOTS is not None:
        window.grab().save(str(SHOTS / "painted.png"))
    quill = doc.scene.token("quill")
    assert quill.cell == Cell(6, 14)
    # carry Quill across the narrow surface: the path shows the Balance DC on its squares
    press(view, view_point(view, quill.cell))
    move(view, view_point(view, (7, 14)))
    move(view, view_point(view, (8, 14)))
    carried = view.tool.drag
    assert carried is not None
    tags = carried.path_item.picture.balance
    assert [(c, t) for c, t in tags] == [(Cell(7, 14), "Balance DC 14"), (Cell(8, 14), "Balance DC 14")]
    assert "Balance DC 14" in carried.label.text()
    if SHOTS is not None:
        window.grab().save(str(SHOTS / "move-preview.png"))
    use_dice(ScriptedDice([19]))  # 19 + 8 = 27 vs 14: a critical success
    try:
        release(view, view_point(view, (8, 14)))
    finally:
        use_dice(None)
    assert doc.scene.token("quill").cell == Cell(8, 14)
    assert "needs Balance at [7, 14] (DC 14)" in doc.log[-1] and "critical success" in doc.log[-1]
    # the status bar shows the outcome
    assert "Balance" in window.statusBar().currentMessage()


def test_a_hit_on_the_surface_asks_for_the_reflex_save(window) -> None:  # type: ignore[no-untyped-def]
    doc = window.doc
    _paint(window, "narrow", [(7, 14), (7, 14)], 15, 20)
    window.set_tool("select")
    quill = doc.scene.token("quill")
    goblin = doc.scene.token("goblin-1")
    doc.execute(PlaceTokens(((quill.id, Cell(7, 14)), (goblin.id, Cell(8, 14)))))
    attack = goblin.attacks[0].name
    before = len(OPEN_DIALOGS)
    entry = doc.execute(AttackRoll(goblin.id, quill.id, attack, (19,), free=True))
    assert entry is not None and entry.follow_ups
    assert len(OPEN_DIALOGS) == before + 1
    dialog = window.footing.dialog
    assert dialog is OPEN_DIALOGS[-1]
    assert "Reflex DC 15" in dialog.windowTitle()
    dialog.set_die("d20", 2)  # 2 + 8 = 10 vs 15: it falls
    dialog.resolve()
    fallen = doc.scene.token("quill")
    assert fallen.has_condition("prone") and fallen.hp == quill.hp - 10
    assert "falls off the narrow surface" in dialog.result_label.text()


def test_a_player_rolling_their_own_dice_is_asked_for_the_balance_d20(window) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from desktop.dice import use_prompt
    from rules.play.edits import EditToken

    doc = window.doc
    _paint(window, "narrow", [(7, 14), (8, 14)], 14)
    quill = doc.scene.token("quill")
    doc.execute(EditToken(quill.id, replace(quill, own_dice=True)))
    asked: list[tuple[str, str]] = []

    def prompt(who: str, what: str, sides: int, parent: object) -> int | None:
        asked.append((who, what))
        return 4  # the player's die: 4 + 8 = 12 vs 14, a failure

    window.set_tool("select")
    view = window.view
    before = use_prompt(prompt)
    try:
        drag(view, view_point(view, quill.cell), view_point(view, (8, 14)))
    finally:
        use_prompt(before)
    assert asked == [("Quill", "Balance (Acrobatics)")]
    assert doc.scene.token("quill").cell == Cell(6, 14)  # it stayed to keep its balance
    assert "d20 4" in doc.log[-1] and "to keep its balance" in doc.log[-1]
