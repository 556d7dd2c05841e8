"""Return in the Add Token form's boxes means OK (issue 13 item 14: in the editable Side box it did
nothing)."""

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


def test_return_in_the_side_box_accepts(qtbot: Any) -> None:
    form = _form(qtbot)
    edit = form.side.lineEdit()
    assert edit is not None
    edit.setFocus()
    edit.selectAll()
    QTest.keyClicks(edit, "bandits")
    with qtbot.waitSignal(form.accepted, timeout=1000):
        QTest.keyClick(edit, Qt.Key.Key_Return)
    assert form.result() == QDialog.DialogCode.Accepted
    assert form.side.currentText() == "bandits"


def test_return_in_the_name_box_accepts(qtbot: Any) -> None:
    form = _form(qtbot)
    form.name.setFocus()
    QTest.keyClicks(form.name, "Goblin 3")
    with qtbot.waitSignal(form.accepted, timeout=1000):
        QTest.keyClick(form.name, Qt.Key.Key_Return)
