"""Rolling damage with the app's dice or typing in what the physical dice showed.

`DamageRoller` shows a typed formula (`rules.dice.Formula`), a "Roll" button that rolls it with the
dialog's `DieSource`, and one spin box per typed part for totals rolled at the table. Either way it ends with
damage entries (`rules.attack_damage`), announced by `entries_changed`. It never applies damage.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from desktop.i18n import engine_text
from rules import dice
from rules.attack_damage import describe_entries, entries_from_totals, roll_damage
from rules.dice import DieSource, Formula, RollResult
from rules.systems.damage import DamageEntry


class DamageRoller(QWidget):
    #: The entries changed (a roll, typed totals, or a new formula clearing them).
    entries_changed = Signal()

    def __init__(self, dice_source: DieSource, parent: QWidget | None = None, system: str = "") -> None:
        super().__init__(parent)
        self.dice = dice_source
        #: The rule system whose words the damage types are shown in (PF2e 「［火炎］」, D&D 「［火］」).
        self.system = system
        self.formula: Formula | None = None
        self.minimum_one = False
        self.entries: tuple[DamageEntry, ...] = ()
        self.roll: RollResult | None = None
        self.formula_label = QLabel("—")
        self.formula_label.setObjectName("damageFormula")
        self.formula_label.setStyleSheet("font-weight: bold;")
        self.roll_button = QPushButton(self.tr("Roll damage"))
        self.roll_button.setObjectName("rollDamage")
        self.roll_button.setToolTip(self.tr("Roll the damage with the app's dice"))
        self.typed_button = QPushButton(self.tr("Use typed totals"))
        self.typed_button.setObjectName("typedDamage")
        self.typed_button.setToolTip(
            self.tr("Use the totals you rolled with physical dice, one per damage type")
        )
        self.result = QLabel()
        self.result.setObjectName("damageResult")
        self.result.setWordWrap(True)
        self._spins: list[QSpinBox] = []
        self._parts = QHBoxLayout()
        self._parts.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.formula_label, 1)
        top.addWidget(self.roll_button)
        typed = QHBoxLayout()
        typed.addWidget(QLabel(self.tr("At the table:")))
        typed.addLayout(self._parts)
        typed.addStretch(1)
        typed.addWidget(self.typed_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(top)
        lay.addLayout(typed)
        lay.addWidget(self.result)
        self.roll_button.clicked.connect(self.roll_dice)
        self.typed_button.clicked.connect(self.use_typed)
        self.set_formula(None)

    def set_formula(self, formula: Formula | None, minimum_one: bool = False) -> None:
        """Show a new formula (None: no damage) and forget the last roll."""
        self.formula = formula
        self.minimum_one = minimum_one
        for s in self._spins:
            self._parts.removeWidget(s)
            s.deleteLater()
        self._spins = []
        if formula is not None:
            for p in formula.parts:
                spin = QSpinBox()
                spin.setRange(0, 9999)
                spin.setSuffix(f" {self._words(p.type or 'untyped')}")
                spin.setToolTip(self.tr("Total of {render} rolled at the table").format(render=p.render()))
                self._parts.addWidget(spin)
                spin.show()  # a child added to a shown widget is not shown by itself
                self._spins.append(spin)
        self.formula_label.setText(
            self._words(formula.render()) if formula is not None else self.tr("No damage")
        )
        for w in (self.roll_button, self.typed_button):
            w.setEnabled(formula is not None)
        self._set(())

    def _set(self, entries: tuple[DamageEntry, ...], roll: RollResult | None = None) -> None:
        self.entries = entries
        self.roll = roll
        if not entries:
            self.result.setText("")
        elif roll is not None:
            self.result.setText(f"{self._words(roll.render())} → {self._words(describe_entries(entries))}")
        else:
            self.result.setText(
                self.tr("Typed in: {describe_entries}").format(
                    describe_entries=self._words(describe_entries(entries))
                )
            )
        self.entries_changed.emit()

    def _words(self, text: str) -> str:
        """The engine's words (a formula, damage types) in the app's language."""
        return engine_text(text, self.system)

    def roll_dice(self) -> None:
        if self.formula is None:
            return
        result, entries = roll_damage(self.formula, self.dice, minimum_one=self.minimum_one)
        for spin, part in zip(self._spins, result.parts, strict=True):
            spin.blockSignals(True)
            spin.setValue(max(0, part.total))
            spin.blockSignals(False)
        self._set(entries, result)

    def use_typed(self) -> None:
        if self.formula is None:
            return
        totals = [s.value() for s in self._spins]
        self._set(entries_from_totals(self.formula, totals, minimum_one=self.minimum_one))

    def set_typed(self, totals: list[int]) -> None:
        """Fill the per-type boxes (as a user would) and use them."""
        for s, v in zip(self._spins, totals, strict=False):
            s.setValue(v)
        self.use_typed()


def parse_formula(text: str) -> Formula | None:
    """A formula typed by the user, or None when empty. Raises `dice.DiceSyntaxError`."""
    return dice.parse(text) if text.strip() else None
