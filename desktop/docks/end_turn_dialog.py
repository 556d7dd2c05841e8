"""The end-of-turn prompt: the rolls a turn advance needs, rolled by the app or typed in at the table.

The initiative dock opens it on Next Turn when `rules.play.turns.turn_prompts` says the advance needs dice:

* the ending creature's persistent damage (PF2e): for each, its damage roll and its DC 15 flat check;
* the next creature's start of turn: a PF2e recovery check while dying (flat DC 10 + dying value) or a 5e
  death saving throw at 0 HP (DC 10).

Every field starts with a roll the app made with the dock's dice ("Roll again" rolls them all anew); the GM
may type the table's own roll over it. On "Next turn" the caller executes
``NextTurn(dice, end=dialog.end_rolls(), start=dialog.start_rolls())``: the engine applies exactly these
numbers (and logs them), so undo and redo never roll again. The dialog never decides a rule: it shows the
DC and what a roll does, and the engine applies it.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from rules import dice
from rules.dice import DieSource
from rules.model.scene import PersistentDamage, Scene
from rules.play.turns import TurnPrompts
from rules.systems import system_for
from rules.systems.turn_rolls import TurnRolls


def _label(scene: Scene, token_id: str | None) -> str:
    tok = scene.token(token_id) if token_id is not None else None
    return tok.label if tok is not None else (token_id or "")


def _d20_box(name: str) -> QSpinBox:
    box = QSpinBox()
    box.setRange(1, 20)
    box.setObjectName(name)
    box.setToolTip("The d20 the app rolled; type the table's roll to use it instead")
    return box


class _PersistentRow:
    """One persistent damage: its rolled amount (None for a fixed amount) and its flat check."""

    def __init__(self, p: PersistentDamage) -> None:
        self.damage = p
        parsed = dice.parse(p.damage)
        self.has_dice = bool(parsed.dice())
        self.amount: QSpinBox | None = None
        if self.has_dice:
            self.amount = QSpinBox()
            self.amount.setRange(0, 999)
            self.amount.setObjectName(f"persistent-{p.type}")
            self.amount.setToolTip(f"The {p.damage} the app rolled; type the table's roll to use it instead")
        self.flat = _d20_box(f"flat-{p.type}")

    def roll(self, rng: DieSource) -> None:
        if self.amount is not None:
            self.amount.setValue(max(0, dice.roll(dice.parse(self.damage.damage), rng).total))
        self.flat.setValue(rng.randint(1, 20))


class EndTurnDialog(QDialog):
    """See the module docstring. `prompts` from `rules.play.turns.turn_prompts`; `rng` rolls the defaults."""

    def __init__(
        self, prompts: TurnPrompts, scene: Scene, rng: DieSource, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("endTurnDialog")
        self.prompts = prompts
        self.rng = rng
        ending = _label(scene, prompts.ending)
        starting = _label(scene, prompts.starting)
        self.setWindowTitle(f"End {ending}'s turn" if ending else "Next turn")
        layout = QVBoxLayout(self)
        rules = system_for(scene)
        flat_dc = rules.persistent_flat_dc

        self.rows: list[_PersistentRow] = []
        if prompts.persistent:
            box = QGroupBox(self.tr("End of {name}'s turn: persistent damage").format(name=ending))
            form = QFormLayout(box)
            note = QLabel(
                self.tr(
                    "{name} takes each persistent damage (through immunity, weakness and resistance), then "
                    "attempts a DC {dc} flat check for each: a success ends it."
                ).format(name=ending, dc=flat_dc)
            )
            note.setWordWrap(True)
            form.addRow(note)
            for p in prompts.persistent:
                row = _PersistentRow(p)
                self.rows.append(row)
                line = QHBoxLayout()
                if row.amount is not None:
                    line.addWidget(QLabel("damage"))
                    line.addWidget(row.amount)
                else:
                    line.addWidget(QLabel(f"{p.damage} (no roll)"))
                line.addSpacing(12)
                line.addWidget(QLabel(self.tr("flat check (DC {dc})").format(dc=flat_dc)))
                line.addWidget(row.flat)
                line.addStretch(1)
                form.addRow(rules.persistent_text(p), line)
            layout.addWidget(box)

        self.start_d20: QSpinBox | None = None
        if prompts.start_roll:
            tok = scene.token(prompts.starting) if prompts.starting is not None else None
            what = rules.turn_start_rule(tok) if tok is not None else prompts.start_roll
            box = QGroupBox(f"Start of {starting}'s turn")
            form = QFormLayout(box)
            self.start_d20 = _d20_box("startD20")
            form.addRow(what, self.start_d20)
            layout.addWidget(box)

        self.reroll_button = QPushButton("Roll again")
        self.reroll_button.setToolTip("Roll every field anew with the app's dice")
        self.reroll_button.clicked.connect(self.roll)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("Next turn")
        self.ok_button = ok
        buttons.addButton(self.reroll_button, QDialogButtonBox.ButtonRole.ResetRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.roll()

    def roll(self) -> None:
        """Fill every field with a new roll of the app's dice."""
        for row in self.rows:
            row.roll(self.rng)
        if self.start_d20 is not None:
            self.start_d20.setValue(self.rng.randint(1, 20))

    # ---- setting fields (tests, keyboard users) and reading the result

    def set_persistent(self, damage_type: str, amount: int | None = None, flat: int | None = None) -> None:
        for row in self.rows:
            if row.damage.type == damage_type.lower():
                if amount is not None and row.amount is not None:
                    row.amount.setValue(amount)
                if flat is not None:
                    row.flat.setValue(flat)
                return
        raise KeyError(f"no persistent {damage_type} damage in this prompt")

    def set_start_d20(self, d20: int) -> None:
        if self.start_d20 is None:
            raise ValueError("this turn starts without a roll")
        self.start_d20.setValue(d20)

    def end_rolls(self) -> TurnRolls | None:
        """The ending creature's rolls (None when it needs none)."""
        if not self.rows:
            return None
        amounts = {r.damage.type: r.amount.value() for r in self.rows if r.amount is not None}
        flats = {r.damage.type: r.flat.value() for r in self.rows}
        return TurnRolls.given(persistent=amounts, flat_checks=flats)

    def start_rolls(self) -> TurnRolls | None:
        """The next creature's start-of-turn d20 (None when it needs none)."""
        return None if self.start_d20 is None else TurnRolls(d20=self.start_d20.value())


__all__ = ["EndTurnDialog"]
