"""The end-of-turn prompt: the rolls a turn advance needs, rolled by the app or typed in at the table.

The initiative dock opens it on Next Turn when `rules.play.turns.turn_prompts` says the advance needs dice:

* the ending creature's persistent damage (PF2e): for each, its damage roll and its DC 15 flat check;
* the ending creature's end-of-turn saves (PF2e: one per ongoing affliction — a poison, a disease — by its
  name, save and DC, `RuleSystem.turn_end_saves`): the d20 of each; the engine moves the stage by the
  degree (`TurnRolls.affliction_saves`) and rolls the new stage's damage (asked of a player who rolls
  their own dice when the engine needs it: `desktop.dice.ask_or_roll`);
* the next creature's start of turn: a PF2e recovery check while dying (flat DC 10 + dying value) or a 5e
  death saving throw at 0 HP (DC 10); the creature's Hero Points are shown, and where the system lets a
  dying creature spend them to avoid death (`RuleSystem.can_avoid_death`, PF2e heroic recovery) a check box
  spends them all instead of the recovery check (`TurnRolls.spend_hero_points`).

Every field starts with a roll the app made with the dock's dice ("Roll again" rolls them all anew); the GM
may type the table's own roll over it. A creature whose player rolls their own dice (the token's
``own_dice``, `desktop.dice.rolls_own_dice`) gets empty fields instead ("type it"), and "Next turn" waits
until each is typed: the app asks for the number rather than rolling it. On "Next turn" the caller executes
``NextTurn(dice, end=dialog.end_rolls(), start=dialog.start_rolls())``: the engine applies exactly these
numbers (and logs them), so undo and redo never roll again. The dialog never decides a rule: it shows the
DC and what a roll does, and the engine applies it.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
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

from desktop.dice import ask_or_roll, rolls_own_dice
from desktop.i18n import engine_text
from rules import dice
from rules.dice import DieSource
from rules.model.scene import PersistentDamage, Scene
from rules.play.turns import TurnPrompts
from rules.systems import system_for
from rules.systems.hooks.turns import EndTurnSave
from rules.systems.turn_rolls import TurnRolls


def _label(scene: Scene, token_id: str | None) -> str:
    tok = scene.token(token_id) if token_id is not None else None
    return tok.label if tok is not None else (token_id or "")


def _d20_box(name: str, asked: bool = False) -> QSpinBox:
    box = QSpinBox()
    box.setRange(0 if asked else 1, 20)
    box.setObjectName(name)
    if asked:
        box.setSpecialValueText(QCoreApplication.translate("EndTurnDialog", "type it"))
        box.setToolTip(QCoreApplication.translate("EndTurnDialog", "Type the d20 rolled at the table"))
    else:
        box.setToolTip(
            QCoreApplication.translate(
                "EndTurnDialog", "The d20 the app rolled; type the table's roll to use it instead"
            )
        )
    return box


class _PersistentRow:
    """One persistent damage: its rolled amount (None for a fixed amount) and its flat check."""

    def __init__(self, p: PersistentDamage, asked: bool = False) -> None:
        self.damage = p
        self.asked = asked
        parsed = dice.parse(p.damage)
        self.has_dice = bool(parsed.dice())
        self.amount: QSpinBox | None = None
        if self.has_dice:
            self.amount = QSpinBox()
            self.amount.setRange(0, 999)
            self.amount.setObjectName(f"persistent-{p.type}")
            self.amount.setToolTip(
                QCoreApplication.translate(
                    "EndTurnDialog", "The {damage} the app rolled; type the table's roll to use it instead"
                ).format(damage=p.damage)
            )
            if asked:
                self.amount.setSpecialValueText(QCoreApplication.translate("EndTurnDialog", "type it"))
        self.flat = _d20_box(f"flat-{p.type}", asked)

    def typed(self) -> bool:
        """Every asked field has a number."""
        return self.flat.value() > 0 and (self.amount is None or self.amount.value() > 0)

    def roll(self, rng: DieSource) -> None:
        if self.asked:
            return
        if self.amount is not None:
            self.amount.setValue(max(0, dice.roll(dice.parse(self.damage.damage), rng).total))
        self.flat.setValue(rng.randint(1, 20))


class _SaveRow:
    """One end-of-turn save (an affliction's): its d20, asked of the table or rolled by the app."""

    def __init__(self, save: EndTurnSave, asked: bool = False) -> None:
        self.save = save
        self.asked = asked
        self.d20 = _d20_box(f"affliction-{save.name}", asked)

    def typed(self) -> bool:
        return self.d20.value() > 0

    def roll(self, rng: DieSource) -> None:
        if not self.asked:
            self.d20.setValue(rng.randint(1, 20))


class EndTurnDialog(QDialog):
    """See the module docstring. `prompts` from `rules.play.turns.turn_prompts`; `rng` rolls the defaults."""

    def __init__(
        self, prompts: TurnPrompts, scene: Scene, rng: DieSource, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("endTurnDialog")
        self.prompts = prompts
        self.scene = scene
        self.rng = rng
        ending = _label(scene, prompts.ending)
        starting = _label(scene, prompts.starting)
        self.setWindowTitle(
            self.tr("End {name}'s turn").format(name=ending) if ending else self.tr("Next turn")
        )
        layout = QVBoxLayout(self)
        rules = system_for(scene)
        flat_dc = rules.persistent_flat_dc
        self.ending_asks = rolls_own_dice(scene, prompts.ending)
        self.starting_asks = rolls_own_dice(scene, prompts.starting)

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
            if self.ending_asks:
                form.addRow(self._asks_label(ending))
            for p in prompts.persistent:
                row = _PersistentRow(p, self.ending_asks)
                self.rows.append(row)
                line = QHBoxLayout()
                if row.amount is not None:
                    line.addWidget(QLabel(self.tr("damage")))
                    line.addWidget(row.amount)
                else:
                    line.addWidget(QLabel(self.tr("{damage} (no roll)").format(damage=p.damage)))
                line.addSpacing(12)
                line.addWidget(QLabel(self.tr("flat check (DC {dc})").format(dc=flat_dc)))
                line.addWidget(row.flat)
                line.addStretch(1)
                form.addRow(rules.persistent_text(p), line)
            layout.addWidget(box)

        self.saves: list[_SaveRow] = []
        if prompts.saves:
            self._add_saves(scene, ending, layout, asks_shown=bool(prompts.persistent))

        self.start_d20: QSpinBox | None = None
        self.spend_hero: QCheckBox | None = None
        if prompts.start_roll:
            tok = scene.token(prompts.starting) if prompts.starting is not None else None
            what = rules.turn_start_rule(tok) if tok is not None else prompts.start_roll
            box = QGroupBox(self.tr("Start of {name}'s turn").format(name=starting))
            form = QFormLayout(box)
            self.start_d20 = _d20_box("startD20", self.starting_asks)
            if self.starting_asks:
                form.addRow(self._asks_label(starting))
            form.addRow(engine_text(what, scene.system), self.start_d20)
            self.start_d20.valueChanged.connect(self._enable)
            spend = rules.spending
            if tok is not None and spend.counts:
                held = tok.hero_points or 0
                shown = QLabel(
                    self.tr("{name} has {n} {counter}").format(name=starting, n=held, counter=spend.counter)
                )
                shown.setObjectName("heroPointsShown")
                form.addRow(shown)
                if rules.can_avoid_death(tok):
                    self.spend_hero = QCheckBox(
                        self.tr("Spend all {n} {counter} to avoid death (no recovery check)").format(
                            n=held, counter=spend.counter
                        )
                    )
                    self.spend_hero.setObjectName("spendHeroPoints")
                    self.spend_hero.setToolTip(
                        self.tr(
                            "Heroic recovery: the creature loses the dying condition and is stable at 0 HP; "
                            "its wounded value doesn't rise"
                        )
                    )
                    self.spend_hero.toggled.connect(lambda on: self._d20_enabled(not on))
                    form.addRow(self.spend_hero)
            layout.addWidget(box)

        self.reroll_button = QPushButton(self.tr("Roll again"))
        self.reroll_button.setToolTip(self.tr("Roll every field anew with the app's dice"))
        self.reroll_button.clicked.connect(self.roll)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("Next turn"))
        self.ok_button = ok
        buttons.addButton(self.reroll_button, QDialogButtonBox.ButtonRole.ResetRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        for row in self.rows:
            row.flat.valueChanged.connect(self._enable)
            if row.amount is not None:
                row.amount.valueChanged.connect(self._enable)
        for save in self.saves:
            save.d20.valueChanged.connect(self._enable)
        self.roll()
        self._enable()

    def _add_saves(self, scene: Scene, ending: str, layout: QVBoxLayout, *, asks_shown: bool) -> None:
        """One row per end-of-turn save: "Spider venom: Fortitude DC 18 (stage 1 of 3)" and its d20."""
        box = QGroupBox(self.tr("End of {name}'s turn: saves against afflictions").format(name=ending))
        box.setObjectName("afflictionSaves")
        form = QFormLayout(box)
        first = self.prompts.saves[0]
        note = QLabel(engine_text(str(first.rule), scene.system))
        note.setWordWrap(True)
        form.addRow(note)
        if self.ending_asks and not asks_shown:
            form.addRow(self._asks_label(ending))
        for save in self.prompts.saves:
            row = _SaveRow(save, self.ending_asks)
            self.saves.append(row)
            text = self.tr("{name}: {save} DC {dc} (stage {stage} of {stages})").format(
                name=save.name,
                save=engine_text(str(save.save_label), scene.system),
                dc=save.dc,
                stage=save.stage,
                stages=save.stages,
            )
            label = QLabel(text)
            label.setObjectName(f"afflictionLabel-{save.name}")
            form.addRow(label, row.d20)
        layout.addWidget(box)

    def _asks_label(self, name: str) -> QLabel:
        label = QLabel(
            self.tr("{name} rolls their own dice: type the rolls from the table.").format(name=name)
        )
        label.setObjectName("asksForDice")
        label.setStyleSheet("font-weight: bold;")
        label.setWordWrap(True)
        return label

    def waiting_for_dice(self) -> bool:
        """A roll the table must type is still missing."""
        rows = any(not r.typed() for r in self.rows if r.asked)
        rows = rows or any(not s.typed() for s in self.saves if s.asked)
        start = self.starting_asks and self.start_d20 is not None and self.start_d20.value() == 0
        spending = self.spend_hero is not None and self.spend_hero.isChecked()  # no recovery check then
        return rows or (start and not spending)

    def _enable(self) -> None:
        self.ok_button.setEnabled(not self.waiting_for_dice())
        self.ok_button.setToolTip(self.tr("Type the table's rolls first") if self.waiting_for_dice() else "")

    def roll(self) -> None:
        """Fill every field with a new roll of the app's dice (not those the table types)."""
        for row in self.rows:
            row.roll(self.rng)
        for save in self.saves:
            save.roll(self.rng)
        if self.start_d20 is not None and not self.starting_asks:
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

    def set_save(self, name: str, d20: int) -> None:
        """Type the d20 of the save against affliction `name`."""
        for save in self.saves:
            if save.save.name.lower() == name.lower():
                save.d20.setValue(d20)
                return
        raise KeyError(f"no save against {name} in this prompt")

    def _d20_enabled(self, on: bool) -> None:
        if self.start_d20 is not None:
            self.start_d20.setEnabled(on)
        self._enable()

    def set_start_d20(self, d20: int) -> None:
        if self.start_d20 is None:
            raise ValueError("this turn starts without a roll")
        self.start_d20.setValue(d20)

    def end_rolls(self) -> TurnRolls | None:
        """The ending creature's rolls (None when it needs none): persistent damage, flat checks, and the
        d20 of each affliction's save."""
        if not self.rows and not self.saves:
            return None
        amounts = {r.damage.type: r.amount.value() for r in self.rows if r.amount is not None}
        flats = {r.damage.type: r.flat.value() for r in self.rows}
        saves = {s.save.name: s.d20.value() for s in self.saves}
        rolls = TurnRolls.given(persistent=amounts, flat_checks=flats, affliction_saves=saves)
        if self.saves and self.ending_asks:
            # the damage of the stage a save leads to is known only once the engine has moved the stage:
            # the player is asked for its dice then ("type the d6 for an affliction's damage")
            what = self.tr("an affliction's damage")
            rng = ask_or_roll(self.scene, self.prompts.ending, what, self.rng, self.parentWidget())
            rolls = replace(rolls, rng=rng)
        return rolls

    def start_rolls(self) -> TurnRolls | None:
        """The next creature's start-of-turn d20 (None when it needs none)."""
        if self.start_d20 is None:
            return None
        spend = self.spend_hero is not None and self.spend_hero.isChecked()
        return TurnRolls(d20=self.start_d20.value(), spend_hero_points=spend)


__all__ = ["EndTurnDialog"]
