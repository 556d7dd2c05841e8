"""A player at the table for the physical-dice tests: answers the app's typed-die prompts by typing into
the real prompt dialog (`desktop.dice.TypedDiePrompt`), and remembers what each prompt asked."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from PySide6.QtWidgets import QWidget

from desktop.dice import TypedDiePrompt, use_prompt


class TablePlayer:
    def __init__(self, qtbot: Any, faces: list[int]) -> None:
        self.qtbot = qtbot
        self.faces = list(faces)
        self.asked: list[str] = []

    def __call__(self, who: str, what: str, sides: int, parent: QWidget | None) -> int | None:
        dialog = TypedDiePrompt(who, what, sides, parent)
        self.qtbot.addWidget(dialog)
        dialog.show()
        question = dialog.findChild(QWidget, "typedDieQuestion")
        self.asked.append(question.text())  # type: ignore[union-attr]
        assert not dialog.use_button.isEnabled()  # nothing typed yet: nothing to use
        if not self.faces:
            dialog.roll_button.click()
            return None
        dialog.type_face(self.faces.pop(0))
        return dialog.typed() if dialog.result() == TypedDiePrompt.DialogCode.Accepted else None


@contextmanager
def player_rolls(qtbot: Any, faces: list[int]) -> Iterator[TablePlayer]:
    player = TablePlayer(qtbot, faces)
    before = use_prompt(player)
    try:
        yield player
    finally:
        use_prompt(before)
