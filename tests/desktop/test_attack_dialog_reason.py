"""Advantage the GM gives without picking a reason is the GM's (issue 23, item 9): the breakdown and the log
say "GM", never "Help"."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from desktop.document import Document
from tests.desktop.test_attack_dialog import rows
from tests.desktop.test_attack_dialog_situational import DND, DUEL, open_dialog
from tests.rules.ascii_maps import ascii_scene


def test_advantage_without_a_reason_is_the_gms(qtbot: Any) -> None:
    doc = Document(ascii_scene(DUEL, "dnd5e-2024", tokens=DND))
    dialog = open_dialog(qtbot, doc, [4, 17])
    dialog.gm_mode.setCurrentIndex(dialog.gm_mode.findData("advantage"))
    assert dialog.gm_reason.currentText() == "GM"
    assert ("advantage", "", "GM") in rows(dialog)
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    log = doc.log[-1]
    assert "GM" in log and "Help" not in log
