"""The app's one die source, and the one place that decides whether the app rolls or asks.

Every roll the desktop makes (the attack, check and save dialogs, damage, the token menu's actions, Sneak at
the end of a drag, initiative, the end-of-turn prompt, the dice box) comes from here, and nothing else in
`desktop/` imports `random`.

* `app_dice()` is a stand-in that passes each roll to the source installed with `use_dice` — a fresh
  `random.Random` until someone installs another — so a test (or a GM who wants seeded dice) replaces the
  dice of the whole app at once, including those of widgets made before: ``use_dice(ScriptedDice([12, 7]))``.
  A widget that is handed its own dice (the ``dice=`` argument of the dialogs and docks) uses those instead.
* `ask_or_roll(scene, token_id, what, dice)` is the physical-dice service: for a creature whose player rolls
  their own dice (the token's ``own_dice``, set with `rules.play.table_dice.SetOwnDice`) it answers a die
  source that asks for each die with `TypedDiePrompt` ("Amiri rolls their own dice: type the d20 for the
  attack"); for everyone else it answers `dice` (the app's). The prompt's "Roll for me" falls back to the
  app's dice, so a roll the engine needs always gets a number. `use_prompt` installs another way of asking
  (the prompt dialog is the default).
* `rolls_own_dice(scene, token_id)` says whether to ask: dialogs that show a d20 field of their own (the
  end-of-turn prompt) leave that field for the typed number instead of filling it with a roll.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from rules.dice import DieSource
from rules.model.scene import Scene


class AppDice:
    """A die source that rolls with the installed one (see the module docstring)."""

    def __init__(self) -> None:
        self.source: DieSource = random.Random()

    def randint(self, a: int, b: int) -> int:
        return self.source.randint(a, b)


_DICE = AppDice()


def app_dice() -> DieSource:
    """The app's die source."""
    return _DICE


def use_dice(source: DieSource | None) -> DieSource:
    """Install `source` as the app's dice (None: fresh random dice); returns the one it replaces."""
    before = _DICE.source
    _DICE.source = source if source is not None else random.Random()
    return before


# ------------------------------------------------------------------------------------ physical dice


def _tr(text: str) -> str:
    return QCoreApplication.translate("TypedDiePrompt", text)


class TypedDiePrompt(QDialog):
    """Asks for one die rolled at the table: who rolls, what for, and the die's face (1 to `sides`).
    "Use this roll" accepts the typed face; "Roll for me" (or closing the prompt) lets the app roll."""

    def __init__(self, who: str, what: str, sides: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("typedDiePrompt")
        self.setWindowTitle(self.tr("Type the roll"))
        self.sides = sides
        layout = QVBoxLayout(self)
        ask = QLabel(
            self.tr("{who} rolls their own dice: type the d{sides} for {what}.").format(
                who=who, sides=sides, what=what
            )
        )
        ask.setObjectName("typedDieQuestion")
        ask.setWordWrap(True)
        layout.addWidget(ask)
        self.face = QSpinBox()
        self.face.setObjectName("typedDie")
        self.face.setRange(0, sides)
        self.face.setSpecialValueText(self.tr("type it"))
        self.face.setValue(0)
        self.face.setToolTip(self.tr("The face the die shows on the table"))
        self.face.setMinimumHeight(36)
        self.face.setStyleSheet("font-size: 18px;")
        self.setMinimumWidth(340)
        layout.addWidget(self.face)
        buttons = QDialogButtonBox()
        self.use_button = buttons.addButton(self.tr("Use this roll"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.use_button.setObjectName("useTypedDie")
        self.use_button.setDefault(True)
        self.use_button.setEnabled(False)
        self.roll_button: QPushButton = buttons.addButton(
            self.tr("Roll for me"), QDialogButtonBox.ButtonRole.RejectRole
        )
        self.roll_button.setObjectName("rollForMe")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.face.valueChanged.connect(lambda v: self.use_button.setEnabled(v > 0))
        self.face.setFocus()

    def typed(self) -> int | None:
        """The face typed (None until one is)."""
        value = self.face.value()
        return value if value > 0 else None

    def type_face(self, face: int) -> None:
        """Type `face` and use it (tests, keyboard users)."""
        self.face.setValue(face)
        self.use_button.click()


#: How the app asks for one die: (who, what, sides, parent) → the typed face, or None to let the app roll.
Prompt = Callable[[str, str, int, QWidget | None], int | None]


def _dialog_prompt(who: str, what: str, sides: int, parent: QWidget | None) -> int | None:
    dialog = TypedDiePrompt(who, what, sides, parent)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    face = dialog.typed()
    dialog.deleteLater()
    return face if accepted else None


_PROMPT: list[Prompt] = [_dialog_prompt]


def use_prompt(prompt: Prompt | None) -> Prompt:
    """Install how the app asks for a typed die (None: the prompt dialog); returns the one it replaces."""
    before = _PROMPT[0]
    _PROMPT[0] = prompt if prompt is not None else _dialog_prompt
    return before


class AskingDice:
    """A die source that asks the table for each die (see `ask_or_roll`); "Roll for me" rolls `fallback`.
    `asked` counts the dice typed in, for the caller's explanation."""

    def __init__(self, who: str, what: str, fallback: DieSource, parent: QWidget | None = None) -> None:
        self.who = who
        self.what = what
        self.fallback = fallback
        self.parent = parent
        self.asked = 0

    def randint(self, a: int, b: int) -> int:
        face = _PROMPT[0](self.who, self.what, b, self.parent)
        if face is None or not a <= face <= b:
            return self.fallback.randint(a, b)
        self.asked += 1
        return face


def rolls_own_dice(scene: Scene, token_id: str | None) -> bool:
    """The creature's player rolls their own dice (the token's ``own_dice``)."""
    tok = scene.token(token_id) if token_id is not None else None
    return tok is not None and tok.own_dice


def ask_or_roll(
    scene: Scene,
    token_id: str | None,
    what: str,
    dice: DieSource | None = None,
    parent: QWidget | None = None,
) -> DieSource:
    """The die source for one of `token_id`'s rolls (`what`: "the attack", "the Reflex save" …): asking
    the table when its player rolls their own dice, else `dice` (default: the app's)."""
    fallback = dice if dice is not None else app_dice()
    tok = scene.token(token_id) if token_id is not None else None
    if tok is None or not tok.own_dice:
        return fallback
    return AskingDice(tok.label, what, fallback, parent)


__all__ = [
    "AppDice",
    "AskingDice",
    "Prompt",
    "TypedDiePrompt",
    "app_dice",
    "ask_or_roll",
    "rolls_own_dice",
    "use_dice",
    "use_prompt",
]
