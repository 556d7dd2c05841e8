"""The dice box (issue 26 item 5, issue 28 item 4): expressions evaluated by the engine (``2D6+3``,
``4d6kh3``, advantage, ``1D20>=15`` with success or failure), the history of everyone's rolls, and secret
GM rolls that never reach the Player Screen's log. Ends with a screenshot of the dice box."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from desktop.docks.dice_box import DiceBoxDock
from desktop.document import Document
from rules.dice import ScriptedDice
from rules.model.state import GameState
from tests.desktop.table.dice_helpers import player_rolls
from tests.rules.ascii_maps import ascii_scene

ROOT = Path(__file__).resolve().parents[3]
BOARD = """
    ......
    .A..o.
    ......
"""
TOKENS = {"A": {"name": "Amiri", "pc": True}, "o": {"name": "Goblin"}}


def box_for(qtbot: Any, dice: list[int], tokens: dict[str, Any] = TOKENS) -> tuple[Document, DiceBoxDock]:
    doc = Document(GameState(ascii_scene(BOARD, tokens=tokens)))
    box = DiceBoxDock(doc, dice_source=ScriptedDice(dice))
    qtbot.addWidget(box)
    box.show()
    return doc, box


def roll_typed(qtbot: Any, box: DiceBoxDock, text: str) -> None:
    box.expression.clear()
    qtbot.keyClicks(box.expression, text)
    qtbot.keyClick(box.expression, Qt.Key.Key_Return)


def test_japanese_notation_with_a_target_says_success_or_failure(qtbot: Any) -> None:
    doc, box = box_for(qtbot, [16, 3, 4, 5])
    roll_typed(qtbot, box, "1D20>=15")
    assert doc.state.rolls[-1].success is True
    assert "success" in box.result.text() and "1d20[16] = 16" in box.result.text()
    roll_typed(qtbot, box, "1D20+2>=15")
    assert doc.state.rolls[-1].total == 5 and doc.state.rolls[-1].success is False
    assert "failure" in box.result.text()
    roll_typed(qtbot, box, "2d6+3")
    assert doc.state.rolls[-1].total == 12 and doc.state.rolls[-1].success is None
    assert box.history_texts()[0].startswith("GM: 2d6+3 → 2d6[4,5]+3 = 12")
    assert len(box.history_texts()) == 3
    assert "success" in doc.log[-3] and "failure" in doc.log[-2]


def test_keep_highest_and_advantage_buttons(qtbot: Any) -> None:
    doc, box = box_for(qtbot, [2, 6, 5, 4, 3, 17, 18, 1])
    roll_typed(qtbot, box, "4d6kh3")
    assert doc.state.rolls[-1].total == 15 and "~2" in doc.state.rolls[-1].shown
    qtbot.mouseClick(box.findChild(type(box.roll_button), "quick-advantage"), Qt.MouseButton.LeftButton)
    assert doc.state.rolls[-1].expression == "2d20kh1" and doc.state.rolls[-1].total == 17
    qtbot.mouseClick(box.findChild(type(box.roll_button), "quick-disadvantage"), Qt.MouseButton.LeftButton)
    assert doc.state.rolls[-1].total == 1


def test_bad_notation_is_said_and_nothing_is_rolled(qtbot: Any) -> None:
    doc, box = box_for(qtbot, [])
    roll_typed(qtbot, box, "2d+3")
    assert box.error.isVisible() and "column 3" in box.error.text()
    assert doc.state.rolls == ()
    box.typed.setText("six")
    roll_typed(qtbot, box, "1d6")
    assert box.error.isVisible() and "whole numbers" in box.error.text()
    box.typed.setText("9")
    roll_typed(qtbot, box, "1d6")
    assert "don't fit" in box.error.text() and doc.state.rolls == ()


def test_typed_dice_and_a_player_who_rolls_their_own(qtbot: Any) -> None:
    tokens = {**TOKENS, "A": {**TOKENS["A"], "own_dice": True}}
    doc, box = box_for(qtbot, [], tokens)
    box.typed.setText("6 5")
    roll_typed(qtbot, box, "2D6+3")
    assert doc.state.rolls[-1].total == 14
    box.who.setCurrentIndex(box.who.findData("A"))
    with player_rolls(qtbot, [19]) as amiri:
        roll_typed(qtbot, box, "1d20+4>=20")
    assert amiri.asked == ["Amiri rolls their own dice: type the d20 for 1d20+4>=20."]
    assert doc.state.rolls[-1].who == "A" and doc.state.rolls[-1].success is True
    assert box.history_texts()[0].startswith("Amiri: 1d20+4>=20")
    doc.undo()
    assert len(box.history_texts()) == 1


def test_a_secret_gm_roll_never_reaches_the_player_screen(window: Any, qtbot: Any) -> None:
    from desktop.dice import use_dice

    before = use_dice(ScriptedDice([11, 42, 7]))
    try:
        box = window.table.dice_box
        pw = window.player_screen.open_player_screen()
        qtbot.waitExposed(pw)
        roll_typed(qtbot, box, "1d20")
        box.secret.setChecked(True)
        roll_typed(qtbot, box, "1D100<=30")
        box.secret.setChecked(False)
        roll_typed(qtbot, box, "1d8")
    finally:
        use_dice(before)
    texts = box.history_texts()
    assert len(texts) == 3 and "secret" in texts[1] and "1D100<=30" in texts[1]
    shown = pw.rolls.texts()
    assert shown == ["GM: 1d8 = 7", "GM: 1d20 = 11"]
    assert not any("1D100" in t or "42" in t for t in shown)
    assert pw.rolls.isVisible()
    # the players' devices get the same projection: no secret roll there either
    from rules.play.projection import player_projection

    assert "1D100" not in str(player_projection(window.doc.state).to_json())
    assert any("in secret" in e for e in window.doc.log)  # the GM's own log keeps it
    # a look at the dice box in the themed GM window, beside the Player Screen's roll log
    window.show_dock(box)
    qtbot.wait(50)
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    assert window.grab().save(str(folder / "dice-box-window.png"))
    assert pw.grab().save(str(folder / "player-screen-rolls.png"))


def test_screenshot_of_the_dice_box(qtbot: Any) -> None:
    tokens = {**TOKENS, "A": {**TOKENS["A"], "own_dice": True}}
    doc, box = box_for(qtbot, [16, 4, 5, 2, 6, 5, 4, 17, 3, 61], tokens)
    roll_typed(qtbot, box, "1D20>=15")
    roll_typed(qtbot, box, "2D6+3")
    roll_typed(qtbot, box, "4d6kh3")
    box.findChild(type(box.roll_button), "quick-advantage").click()
    box.secret.setChecked(True)
    roll_typed(qtbot, box, "1D100<=40")
    box.secret.setChecked(False)
    assert len(doc.state.rolls) == 5 and doc.state.rolls[-1].secret
    box.resize(420, 620)
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    image = box.grab()
    assert image.width() >= 400
    assert image.save(str(folder / "dice-box.png"))
