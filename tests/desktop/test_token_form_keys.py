"""Return in the Add Token form's boxes means OK (issue 13 item 14), the Side box is a choice (issue 23 item
9: "New side…" names one), and a new token on the party's side is a player character by default."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog

from desktop.dialogs.token_form import TokenForm
from rules.geometry.coords import Cell


def _form(qtbot: Any) -> TokenForm:
    form = TokenForm("pf2e", Cell(1, 0), ["party"])
    qtbot.addWidget(form)
    form.show()
    qtbot.waitExposed(form)
    return form


def test_the_side_is_a_choice_and_return_in_it_accepts(qtbot: Any) -> None:
    form = _form(qtbot)
    side = form.side
    assert side.lineEdit() is None  # not free text
    assert [side.itemText(i) for i in range(side.count())][:3] == ["party", "enemies", "neutral"]
    side.ask_name = lambda: "bandits"
    side.activated.emit(side.count() - 1)  # "New side…"
    assert side.side() == "bandits" and side.currentText() == "bandits"
    side.setFocus()
    with qtbot.waitSignal(form.accepted, timeout=1000):
        QTest.keyClick(side, Qt.Key.Key_Return)
    assert form.result() == QDialog.DialogCode.Accepted


def test_a_new_party_token_is_a_pc_unless_the_gm_says_otherwise(qtbot: Any) -> None:
    from rules.model.scene import new_scene

    form = _form(qtbot)
    assert not form.pc.isChecked()  # enemies by default
    form.side.activated.emit(form.side.findData("party"))
    assert form.pc.isChecked()
    assert form.token(new_scene("pf2e", 5, 5)).pc
    form.pc.click()  # the GM says it's an NPC ally
    form.side.activated.emit(form.side.findData("enemies"))
    form.side.activated.emit(form.side.findData("party"))
    assert not form.pc.isChecked()


def test_return_in_the_name_box_accepts(qtbot: Any) -> None:
    form = _form(qtbot)
    form.name.setFocus()
    QTest.keyClicks(form.name, "Goblin 3")
    with qtbot.waitSignal(form.accepted, timeout=1000):
        QTest.keyClick(form.name, Qt.Key.Key_Return)
