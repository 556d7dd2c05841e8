"""The 5e attack breakdown adds up (issue 13 item 14): the Roll group lists the d20 *and* the attack bonus,
as the PF2e one lists the d20 and the attack modifier, so the rows sum to the total shown."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from desktop.document import Document
from tests.desktop.test_attack_dialog import DND, DND_TOKENS, open_dialog, rows
from tests.rules.ascii_maps import ascii_scene


def _roll_group(dialog: Any) -> list[tuple[str, str, str]]:
    out = rows(dialog)
    start = next(i for i, r in enumerate(out) if r[0] == "Roll")
    return out[start:]


def test_the_5e_roll_lists_the_die_and_the_attack_bonus(qtbot: Any) -> None:
    scene = ascii_scene(DND, "dnd5e-2014", tokens=DND_TOKENS)
    dialog = open_dialog(qtbot, Document(scene), "A", "o", [12, 4, 5])
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    result = dialog.rolled
    assert result is not None
    group = _roll_group(dialog)
    assert group[0] == ("Roll", str(result.total), "")
    d20 = next(r for r in group if r[0] == "d20")
    bonus = next(r for r in group if r[0] == "attack bonus")
    assert bonus[1] == "+5"  # the longsword's bonus
    assert result.d20_used + int(bonus[1]) == result.total == int(group[0][1])
    assert d20[1].startswith(str(result.d20[0]))
