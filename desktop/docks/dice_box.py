"""The dice box: any roll the table wants, typed as an expression, with the roll history of everyone.

The GM types an expression — ``2d6+3``, ``4d6kh3``, advantage ``2d20kh1``, the Japanese tables' ``2D6+3``
(upper- or lower-case D, full-width digits too) and ``1D20>=15`` with a target, which shows success or
failure — or clicks a die button; picks who rolls (the GM or a creature on the map); and rolls. "Secret"
makes it a GM roll the players never see: the Player Screen and the players' devices are built from the
player projection, which leaves secret rolls out (`rules.play.projection`). A creature whose player rolls
their own dice is asked for each die (`desktop.dice.ask_or_roll`); "Typed dice" takes the faces rolled
at the table for any roll. Every roll is one `rules.play.table_dice.RollDice` command (undoable, logged),
evaluated by the engine's dice module (`rules.dice.parse_roll`); the history below lists the state's rolls,
newest first, secret ones marked.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.dice import app_dice, ask_or_roll
from desktop.document import Document
from rules import dice
from rules.dice import DieSource
from rules.model.state import GameState
from rules.model.table_rolls import TableRoll
from rules.play.table_dice import RollDice

GOOD = "#46d17a"
BAD = "#ff5a4e"

#: The quick buttons: (label, expression).
QUICK: tuple[tuple[str, str], ...] = (
    ("d4", "1d4"),
    ("d6", "1d6"),
    ("d8", "1d8"),
    ("d10", "1d10"),
    ("d12", "1d12"),
    ("d20", "1d20"),
    ("d100", "1d100"),
    ("2D6", "2D6"),
)


def _faces(text: str) -> tuple[int, ...] | None:
    """The typed faces (``6 5``, ``6,5``): None when a word isn't a whole number."""
    words = text.replace(",", " ").replace("、", " ").split()
    if not all(w.isdigit() for w in words):
        return None
    return tuple(int(w) for w in words)


class DiceBoxDock(QDockWidget):
    def __init__(
        self, doc: Document, parent: QWidget | None = None, dice_source: DieSource | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Dice"))
        self.setObjectName("diceBoxDock")
        self.doc = doc
        self.dice: DieSource = dice_source if dice_source is not None else app_dice()

        self.expression = QLineEdit()
        self.expression.setObjectName("diceExpression")
        self.expression.setPlaceholderText(self.tr("2d6+3, 4d6kh3, 2d20kh1, 1D20>=15 …"))
        self.expression.setToolTip(
            self.tr(
                "Dice notation: NdS (d or D), + − × /, kh/kl keep highest/lowest (2d20kh1: advantage), "
                "and a target such as >=15 or <=40 for success or failure"
            )
        )
        self.who = QComboBox()
        self.who.setObjectName("diceWho")
        self.who.setToolTip(self.tr("Who rolls: the GM or a creature on the map"))
        self.secret = QCheckBox(self.tr("Secret (GM only)"))
        self.secret.setObjectName("diceSecret")
        self.secret.setToolTip(
            self.tr("A GM roll the players never see on the Player Screen or their devices")
        )
        self.typed = QLineEdit()
        self.typed.setObjectName("diceTyped")
        self.typed.setPlaceholderText(self.tr("typed dice, e.g. 6 5"))
        self.typed.setToolTip(self.tr("The faces rolled at the table, in order; empty: the app rolls"))
        self.roll_button = QPushButton(self.tr("Roll"))
        self.roll_button.setObjectName("diceRoll")
        self.roll_button.setDefault(True)
        self.error = QLabel()
        self.error.setObjectName("diceError")
        self.error.setStyleSheet(f"color:{BAD}")
        self.error.setWordWrap(True)
        self.error.setVisible(False)
        self.result = QLabel()
        self.result.setObjectName("diceResult")
        self.result.setWordWrap(True)
        self.result.setStyleSheet("font-size: 15px; font-weight: bold;")
        self.history = QListWidget()
        self.history.setObjectName("diceHistory")
        self.history.setToolTip(self.tr("Every roll of the dice box, newest first; secret rolls are marked"))

        quick = QGridLayout()
        quick.setContentsMargins(0, 0, 0, 0)
        self.quick_buttons: list[QPushButton] = []
        for i, (label, expression) in enumerate(QUICK):
            button = QPushButton(label)
            button.setObjectName(f"quick-{label}")
            button.setToolTip(self.tr("Roll {expression}").format(expression=expression))
            button.clicked.connect(lambda _c=False, e=expression: self.roll(e))
            quick.addWidget(button, i // 4, i % 4)
            self.quick_buttons.append(button)
        advantage = QPushButton(self.tr("Advantage"))
        advantage.setObjectName("quick-advantage")
        advantage.setToolTip(self.tr("Roll 2d20kh1: two d20s, the higher counts"))
        advantage.clicked.connect(lambda: self.roll("2d20kh1"))
        disadvantage = QPushButton(self.tr("Disadvantage"))
        disadvantage.setObjectName("quick-disadvantage")
        disadvantage.setToolTip(self.tr("Roll 2d20kl1: two d20s, the lower counts"))
        disadvantage.clicked.connect(lambda: self.roll("2d20kl1"))
        quick.addWidget(advantage, 2, 0, 1, 2)
        quick.addWidget(disadvantage, 2, 2, 1, 2)

        line = QHBoxLayout()
        line.addWidget(self.expression, 1)
        line.addWidget(self.roll_button)
        options = QHBoxLayout()
        options.addWidget(self.who, 1)
        options.addWidget(self.secret)
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(line)
        lay.addLayout(options)
        lay.addWidget(self.typed)
        lay.addLayout(quick)
        lay.addWidget(self.error)
        lay.addWidget(self.result)
        lay.addWidget(QLabel(self.tr("History")))
        lay.addWidget(self.history, 1)
        self.setWidget(body)

        self.roll_button.clicked.connect(lambda: self.roll())
        self.expression.returnPressed.connect(lambda: self.roll())
        doc.changed.connect(self._on_changed)
        doc.reset.connect(self.refresh)
        self.refresh()

    # ---- rolling

    def roll(self, expression: str | None = None) -> TableRoll | None:
        """Roll `expression` (default: the one typed) as the chosen roller, secret when ticked. Returns the
        roll kept in the history, or None when the expression or the typed dice are refused (said below)."""
        text = (expression if expression is not None else self.expression.text()).strip()
        if expression is not None:
            self.expression.setText(text)
        try:
            dice.parse_roll(text)
        except dice.DiceSyntaxError as exc:
            self._say_error(exc.short)
            return None
        faces = _faces(self.typed.text())
        if faces is None:
            self._say_error(self.tr("Typed dice must be whole numbers separated by spaces, e.g. 6 5"))
            return None
        who = self.who.currentData()
        who_id = str(who) if who else None
        rng = ask_or_roll(self.doc.scene, who_id, text, self.dice, self)
        entry = self.doc.execute(RollDice(text, who_id, self.secret.isChecked(), rng, faces))
        if entry is None:
            self._say_error(self.doc.last_refusal or self.tr("The roll was refused"))
            return None
        self.typed.clear()
        self.error.setVisible(False)
        roll = entry.detail
        assert isinstance(roll, TableRoll)
        self.result.setText(self._describe(roll))
        colour = {True: GOOD, False: BAD}.get(roll.success) if roll.success is not None else None
        style = "font-size: 15px; font-weight: bold;"
        self.result.setStyleSheet(style + (f" color:{colour};" if colour else ""))
        return roll

    def _say_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.setVisible(True)

    # ---- showing

    def _name(self, token_id: str | None) -> str:
        tok = self.doc.scene.token(token_id) if token_id is not None else None
        return tok.label if tok is not None else self.tr("GM")

    def _describe(self, roll: TableRoll) -> str:
        text = self.tr("{who}: {expression} → {shown} = {total}").format(
            who=self._name(roll.who), expression=roll.expression, shown=roll.shown, total=roll.total
        )
        if roll.success is True:
            text += "  " + self.tr("success")
        elif roll.success is False:
            text += "  " + self.tr("failure")
        if roll.secret:
            text = self.tr("[secret] {roll}").format(roll=text)
        return text

    def _on_changed(self, old: GameState, new: GameState) -> None:
        if old.rolls != new.rolls or old.scene.tokens != new.scene.tokens:
            self.refresh()

    def refresh(self) -> None:
        """The roller choices (the GM, then each creature) and the history, newest first."""
        keep = self.who.currentData()
        self.who.blockSignals(True)
        self.who.clear()
        self.who.addItem(self.tr("GM"), "")
        for t in self.doc.scene.tokens:
            label = t.label + ("  " + self.tr("(rolls own dice)") if t.own_dice else "")
            self.who.addItem(label, t.id)
        index = self.who.findData(keep)
        self.who.setCurrentIndex(max(0, index))
        self.who.blockSignals(False)
        self.history.clear()
        for roll in reversed(self.doc.state.rolls):
            item = QListWidgetItem(self._describe(roll))
            if roll.secret:
                item.setForeground(QColor("#b89cff"))
                item.setToolTip(self.tr("Secret: only the GM sees this roll"))
            item.setData(Qt.ItemDataRole.UserRole, roll)
            self.history.addItem(item)

    def history_texts(self) -> list[str]:
        """The history's lines as shown, newest first."""
        return [self.history.item(i).text() for i in range(self.history.count())]


__all__ = ["DiceBoxDock"]
