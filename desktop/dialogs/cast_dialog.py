"""The saves table of a cast: one row per target the engine found, with its save (or spell attack) rolled
or typed per row — the physical-dice way —, the damage rolled once for every target (or typed), and each
target's result after the system's degree scaling and its own immunities, weaknesses and resistances, and
the conditions it gets. Everything shown is the engine's answer (`rules.play.spell_resolution.resolve`, the
path the cast takes).

A creature whose token lists no modifier for the spell's save gets a box to type it (the table's number;
kept on the token with the cast). A 5e critical hit asks for its damage with the dice twice.

"Cast" executes ONE engine command (`rules.play.cast_turn.CastSpell`: the turn's cost, the slot or use,
the damage and conditions, concentration or a sustained spell) — one undo step, one log entry explaining
every target; a refusal (no slot left, the turn can't pay) is shown and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.dice import app_dice, ask_or_roll
from desktop.document import Document
from desktop.widgets.damage_roller import DamageRoller, parse_formula
from rules import dice
from rules.dice import DieSource
from rules.errors import QueryError
from rules.model.state import GameState
from rules.play.cast import Cast
from rules.play.cast_turn import MOST_MODIFIER, CastSpell, with_typed_saves
from rules.play.command import Command, Refused
from rules.play.explain import outcome_text
from rules.play.rolls import SpendHeroPoint
from rules.play.spell_resolution import Aim, CastResult, Rolls, TargetResult, resolve
from rules.systems import system_for

GOOD = QColor("#46d17a")
BAD = QColor("#ff5a4e")
#: Table columns, by key (their headers are translated in the dialog).
COLUMNS = ("creature", "cover", "mod", "d20", "d20b", "total", "result", "damage", "hp", "conditions")


def _in_red(text: str) -> str:
    """Rich text showing `text` (already in the user's language) in the refusal colour."""
    return f"<span style='color:#ff5a4e'>{text}</span>"


@dataclass
class _Row:
    token_id: str
    d20: QSpinBox
    second: QSpinBox
    cells: dict[str, QTableWidgetItem]
    #: The save modifier typed for a creature whose token lists none (None: the token's own).
    mod: QSpinBox | None = None


class CastDialog(QDialog):
    """The saves table of `cast` (aimed, without dice) — see the module docstring."""

    def __init__(
        self,
        doc: Document,
        cast: Cast,
        parent: QWidget | None = None,
        dice_source: DieSource | None = None,
        aimer: Callable[[GameState], Aim] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("castDialog")
        self.setMinimumWidth(820)
        self.doc = doc
        self.cast = cast
        self.dice: DieSource = dice_source if dice_source is not None else app_dice()
        self.system = system_for(doc.scene)
        self.aim: Aim | None = None
        self.problem = ""
        #: How the rows' targets are found (the cast's aim; a hazard's own, `desktop.dialogs.hazard_dialog`).
        self.aimer: Callable[[GameState], Aim] = aimer if aimer is not None else cast.aim
        try:
            self.aim = self.aimer(doc.state)
        except Refused as exc:
            self.problem = str(exc)
        self.results: dict[str, TargetResult] = {}
        #: The cast's result once executed (None before, or when refused).
        self.cast_result: CastResult | None = None
        caster = doc.scene.token(cast.caster_id)
        who = caster.label if caster is not None else cast.caster_id
        self.setWindowTitle(self.tr("{who} casts {spell}").format(who=who, spell=cast.spell.name))
        self.header = QLabel(self._header_text(who))
        self.header.setObjectName("castHeader")
        self.header.setWordWrap(True)
        self.excluded = QLabel(self._excluded_text())
        self.excluded.setObjectName("castExcluded")
        self.excluded.setWordWrap(True)
        self.excluded.setVisible(bool(self.excluded.text()))
        #: A spell kept as text (its effect isn't data): its text, for the GM to apply by hand.
        self.text_note = QLabel()
        self.text_note.setObjectName("castTextNote")
        self.text_note.setWordWrap(True)
        if cast.spell.reason:
            note = self.tr("Its effect is in its text (apply it by hand): {text}").format(
                text=cast.spell.text.strip()[:400]
            )
            self.text_note.setText(note)
        self.text_note.setVisible(bool(cast.spell.reason))

        self.rolled = self._rolled_kind()
        self.two_dice = self.system.attack_d20s == 2
        headers = {
            "creature": self.tr("Creature"),
            "cover": self.tr("Cover"),
            "mod": self.tr("Save mod"),
            "d20": self.tr("d20"),
            "d20b": self.tr("2nd d20"),
            "total": self.tr("Total"),
            "result": self.tr("Result"),
            "damage": self.tr("Damage"),
            "hp": self.tr("HP"),
            "conditions": self.tr("Conditions"),
        }
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("castTable")
        self.table.setHorizontalHeaderLabels([headers[c] for c in COLUMNS])
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        head = self.table.horizontalHeader()
        head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.setColumnHidden(COLUMNS.index("d20b"), not (self.two_dice and self.rolled))
        for key in ("d20", "total"):
            self.table.setColumnHidden(COLUMNS.index(key), not self.rolled)
        self.table.setColumnHidden(COLUMNS.index("mod"), True)  # shown when a creature lists no save

        self.roll_all_button = QPushButton(self.tr("Roll missing d20s"))
        self.roll_all_button.setObjectName("castRollAll")
        self.roll_all_button.setToolTip(
            self.tr("Roll every d20 not typed yet with the app's dice (or type each in its row)")
        )
        self.roll_all_button.setVisible(self.rolled)
        spend = self.system.spending
        self.reroll_who = QComboBox()
        self.reroll_who.setObjectName("castRerollWho")
        self.reroll_who.setToolTip(self.tr("A creature that has rolled and can reroll"))
        self.reroll_button = QPushButton(spend.reroll or "")
        self.reroll_button.setObjectName("castReroll")
        self.reroll_button.setToolTip(self.tr("Reroll its d20; the new roll is kept (logged, undoable)"))
        self.reroll_button.clicked.connect(self.reroll)
        # the damage is the caster's roll: asked at the table when the caster's player rolls their own
        damage_dice = ask_or_roll(
            doc.scene,
            cast.caster_id,
            self.tr("the damage of {spell}").format(spell=cast.spell.name),
            self.dice,
            self,
        )
        self.damage = DamageRoller(damage_dice)
        self.damage.setObjectName("castDamage")
        #: A 5e critical hit's damage: the dice rolled twice, once for every critical hit (shown when one is).
        self.crit_label = QLabel(self.tr("Critical hit: the damage dice twice"))
        self.crit_damage = DamageRoller(damage_dice)
        self.crit_damage.setObjectName("castCriticalDamage")
        self.free = QCheckBox(self.tr("Free: take nothing from the caster's turn"))
        self.free.setObjectName("castFree")
        self.free.setToolTip(self.tr("A spell from an item, a reaction handled elsewhere, the GM's call"))
        self.summary = QLabel()
        self.summary.setObjectName("castSummary")
        self.summary.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setObjectName("castOk")
        self.ok_button.setText(self.tr("Cast"))
        self.buttons.accepted.connect(self.execute)
        self.buttons.rejected.connect(self.reject)

        lay = QVBoxLayout(self)
        lay.addWidget(self.header)
        lay.addWidget(self.excluded)
        lay.addWidget(self.text_note)
        lay.addWidget(self.table, 1)
        row = QHBoxLayout()
        row.addWidget(self.reroll_who)
        row.addWidget(self.reroll_button)
        row.addStretch(1)
        row.addWidget(self.roll_all_button)
        lay.addLayout(row)
        lay.addWidget(self.damage)
        lay.addWidget(self.crit_label)
        lay.addWidget(self.crit_damage)
        lay.addWidget(self.free)
        lay.addWidget(self.summary)
        lay.addWidget(self.buttons)

        self.rows: list[_Row] = []
        self._build_rows()
        formula = None
        if self.aim is not None and self.aim.damage_formula:
            try:
                formula = parse_formula(self.aim.damage_formula)
            except dice.DiceSyntaxError:
                formula = None
        self.damage.set_formula(formula)
        self.damage.setVisible(formula is not None)
        self.crit_damage.set_formula(dice.double_dice(formula) if formula is not None else None)
        self._needs_crit = False
        self._show_crit()
        self.roll_all_button.clicked.connect(self.roll_all)
        self.damage.entries_changed.connect(self.recompute)
        self.crit_damage.entries_changed.connect(self.recompute)
        doc.changed.connect(self._on_doc_changed)
        self.recompute()

    # ---- words

    def _rolled_kind(self) -> bool:
        spell = self.cast.spell
        return spell.save is not None or spell.attack

    def _header_text(self, who: str) -> str:
        if self.aim is None:
            return f"<span style='color:#ff5a4e'>{self.problem}</span>"
        a = self.aim
        spell = a.spell
        parts = [f"<b>{spell.name}</b>"]
        if spell.level or a.level != spell.level:
            ranks = self.system.casting.uses_ranks
            parts.append((self.tr("rank {n}") if ranks else self.tr("level {n}")).format(n=a.level))
        if spell.save is not None and a.dc is not None:
            basic = self.tr("basic ") if spell.save.basic else ""
            parts.append(
                self.tr("{basic}{save} save, DC {dc}").format(basic=basic, save=spell.save.stat, dc=a.dc)
            )
        elif spell.attack and a.attack_bonus is not None:
            parts.append(self.tr("spell attack {bonus:+d}").format(bonus=a.attack_bonus))
        if a.damage_formula:
            parts.append(a.damage_formula)
        n = len(a.targets)
        parts.append(self.tr("%n target(s)", "", n).replace("%n", str(n)))
        return " · ".join(parts)

    def _excluded_text(self) -> str:
        if self.aim is None or not self.aim.excluded:
            return ""
        scene = self.doc.scene
        names = []
        for tid, why in self.aim.excluded:
            tok = scene.token(tid)
            names.append(f"{tok.label if tok is not None else tid} ({why})")
        return self.tr("Left out: {names}").format(names=", ".join(names))

    # ---- rows

    def _build_rows(self) -> None:
        targets = self.aim.targets if self.aim is not None else ()
        self.table.clearContents()  # the old rows' spin boxes go with them
        self.table.setColumnHidden(COLUMNS.index("mod"), True)
        self.table.setRowCount(len(targets))
        self.rows = []
        for r, aimed in enumerate(targets):
            tok = self.doc.scene.token(aimed.id)
            cells: dict[str, QTableWidgetItem] = {}
            for c, key in enumerate(COLUMNS):
                if key in ("d20", "d20b", "mod"):
                    continue
                item = QTableWidgetItem("")
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.table.setItem(r, c, item)
                cells[key] = item
            cells["creature"].setText(tok.label if tok is not None else aimed.id)
            cells["cover"].setText("" if aimed.cover == "none" else aimed.cover)
            d20 = self._d20_box(self.tr("The d20 this creature rolled (— until rolled or typed)"))
            second = self._d20_box(self.tr("A second d20 (advantage or disadvantage); — for none"))
            self.table.setCellWidget(r, COLUMNS.index("d20"), d20)
            self.table.setCellWidget(r, COLUMNS.index("d20b"), second)
            row = _Row(aimed.id, d20, second, cells, self._mod_box(aimed.id))
            if row.mod is not None:
                self.table.setCellWidget(r, COLUMNS.index("mod"), row.mod)
                self.table.setColumnHidden(COLUMNS.index("mod"), False)
                row.mod.valueChanged.connect(lambda _v: self.recompute())
            self.rows.append(row)
            d20.valueChanged.connect(lambda _v: self.recompute())
            second.valueChanged.connect(lambda _v: self.recompute())

    def _mod_box(self, token_id: str) -> QSpinBox | None:
        """A save modifier to type for a creature whose token lists none for the spell's save."""
        save = self.cast.spell.save
        tok = self.doc.scene.token(token_id)
        if save is None or tok is None or self.system.save_modifier(tok, save.stat) is not None:
            return None
        box = QSpinBox()
        box.setRange(-MOST_MODIFIER - 1, MOST_MODIFIER)
        box.setValue(box.minimum())
        box.setSpecialValueText("?")
        box.setToolTip(
            self.tr("{who} lists no {save} save: type its modifier (it is kept on the token)").format(
                who=tok.label, save=save.stat
            )
        )
        return box

    def typed_modifiers(self) -> tuple[tuple[str, int], ...]:
        return tuple(
            (row.token_id, row.mod.value())
            for row in self.rows
            if row.mod is not None and row.mod.value() != row.mod.minimum()
        )

    @staticmethod
    def _d20_box(tip: str) -> QSpinBox:
        box = QSpinBox()
        box.setRange(0, 20)
        box.setSpecialValueText("—")
        box.setToolTip(tip)
        return box

    def set_modifier(self, token_id: str, value: int) -> None:
        """Type a save modifier for a creature whose token lists none."""
        for row in self.rows:
            if row.token_id == token_id and row.mod is not None:
                row.mod.setValue(value)

    def set_d20(self, token_id: str, value: int, second: int = 0) -> None:
        """Type a creature's d20 (and a second one), as the GM does in its row."""
        for row in self.rows:
            if row.token_id == token_id:
                row.d20.setValue(value)
                row.second.setValue(second)

    def _roller(self, row: _Row) -> DieSource:
        """Who rolls the row's d20 — the target its save, the caster a spell attack — asked at the table
        when that creature's player rolls their own dice (`desktop.dice.ask_or_roll`)."""
        spell = self.cast.spell
        attack = spell.save is None and spell.attack
        who = self.cast.caster_id if attack else row.token_id
        tok = self.doc.scene.token(row.token_id)
        target = tok.label if tok is not None else row.token_id
        what = (
            self.tr("{spell} against {target}") if attack else self.tr("the save against {spell}")
        ).format(spell=spell.name, target=target)
        return ask_or_roll(self.doc.scene, who, what, self.dice, self)

    def roll_all(self) -> None:
        for row in self.rows:
            if row.d20.value() == 0:
                row.d20.setValue(self._roller(row).randint(1, 20))

    def _dice_of(self, row: _Row) -> tuple[int, ...] | None:
        if not self.rolled:
            return ()
        if row.d20.value() == 0:
            return None
        if self.two_dice and row.second.value():
            return (row.d20.value(), row.second.value())
        return (row.d20.value(),)

    def _on_doc_changed(self, _old: object, _new: object) -> None:
        """The board changed while the table is open (a token moved, an undo): aim again; the rows follow
        the engine's targets, keeping the dice typed for the creatures still in it."""
        if self.cast_result is not None:
            return
        kept = {
            row.token_id: (row.d20.value(), row.second.value(), None if row.mod is None else row.mod.value())
            for row in self.rows
        }
        try:
            self.aim, self.problem = self.aimer(self.doc.state), ""
        except Refused as exc:
            self.aim, self.problem = None, str(exc)
        caster = self.doc.scene.token(self.cast.caster_id)
        self.header.setText(self._header_text(caster.label if caster is not None else self.cast.caster_id))
        self.excluded.setText(self._excluded_text())
        self.excluded.setVisible(bool(self.excluded.text()))
        if [r.token_id for r in self.rows] != [t.id for t in (self.aim.targets if self.aim else ())]:
            self._build_rows()
            for row in self.rows:
                if row.token_id in kept:
                    d20, second, mod = kept[row.token_id]
                    row.d20.setValue(d20)
                    row.second.setValue(second)
                    if row.mod is not None and mod is not None:
                        row.mod.setValue(mod)
        self.recompute()

    # ---- the engine's answer

    def recompute(self) -> None:
        self.results = {}
        a = self.aim
        if a is None:
            self.summary.setText(self.problem)
            self.ok_button.setEnabled(False)
            return
        scene = self.doc.scene
        if self.typed_modifiers() and a.spell.save is not None:
            scene = with_typed_saves(self.doc.state, a.spell.save.stat, self.typed_modifiers())[0].scene
        entries = self.damage.entries
        needs_damage = bool(a.form.damage)
        missing = 0
        for row, aimed in zip(self.rows, a.targets, strict=True):
            for key in ("total", "result", "damage", "hp", "conditions"):
                row.cells[key].setText("")
                row.cells[key].setToolTip("")
                row.cells[key].setData(Qt.ItemDataRole.ForegroundRole, None)
            got = self._dice_of(row)
            untyped = row.mod is not None and row.mod.value() == row.mod.minimum()
            if got is None or untyped:
                missing += 1
                continue
            one = replace(a, targets=(aimed,))
            if not entries:
                one = replace(one, form=replace(one.form, damage=()))
            table = {aimed.id: got} if got else {}
            rolls = Rolls(
                saves=table if a.spell.save is not None else {},
                attack_d20=table if a.spell.save is None and a.spell.attack else {},
                damage=entries or None,
                critical_damage=self.crit_damage.entries or None,
            )
            try:
                (res,) = resolve(scene, one, rolls).targets
            except QueryError as exc:
                row.cells["result"].setText(exc.message)
                row.cells["result"].setForeground(BAD)
                missing += 1
                continue
            self.results[aimed.id] = res
            self._show(row, res, bool(entries))
        n = len(self.rows)
        self._needs_crit = (
            needs_damage
            and not self.system.critical_doubles_total
            and any(r.roll.critical for r in self.results.values())
        )
        self._show_crit()
        crit_missing = self._needs_crit and not self.crit_damage.entries
        if crit_missing and not missing and entries:
            text = self.tr("A critical hit: roll its damage with the dice twice (or type it).")
        elif missing:
            text = self.tr("{missing} of {n} rows still need a d20 (or a save modifier typed).").format(
                missing=missing, n=n
            )
        elif needs_damage and not entries:
            text = self.tr("Roll the damage once for every target (or type what the dice showed).")
        else:
            text = self.tr("Ready: Cast applies every row, spends the use and logs it all.")
        self.summary.setText(text)
        self._fill_rerolls()
        self.ok_button.setEnabled(
            not missing and (entries or not needs_damage) and not crit_missing and self.cast_result is None
        )

    def _fill_rerolls(self) -> None:
        """The creatures that rolled and can reroll (hidden where the system rerolls nothing)."""
        keep = self.reroll_who.currentData()
        self.reroll_who.blockSignals(True)
        self.reroll_who.clear()
        for row in self.rows:
            tok = self.doc.scene.token(row.token_id)
            if tok is not None and row.d20.value() and self.system.can_reroll(tok):
                self.reroll_who.addItem(tok.label, tok.id)
        if keep is not None and self.reroll_who.findData(keep) >= 0:
            self.reroll_who.setCurrentIndex(self.reroll_who.findData(keep))
        self.reroll_who.blockSignals(False)
        shown = self.rolled and self.system.spending.reroll is not None
        self.reroll_who.setVisible(shown)
        self.reroll_button.setVisible(shown)
        self.reroll_button.setEnabled(self.reroll_who.count() > 0 and self.cast_result is None)

    def reroll(self) -> None:
        """Spend the chosen creature's Hero Point or Heroic Inspiration; keep its new d20."""
        tid = self.reroll_who.currentData()
        row = next((r for r in self.rows if r.token_id == tid), None)
        if row is None or row.d20.value() == 0:
            return
        old, new = row.d20.value(), self._roller(row).randint(1, 20)
        what = self.tr("its roll against {spell}").format(spell=self.cast.spell.name)
        if self.doc.execute(SpendHeroPoint(str(tid), old, new, what)) is not None:
            for again in self.rows:
                if again.token_id == tid:
                    again.d20.setValue(new)

    def _show_crit(self) -> None:
        self.crit_label.setVisible(self._needs_crit)
        self.crit_damage.setVisible(self._needs_crit)

    def _show(self, row: _Row, res: TargetResult, with_damage: bool) -> None:
        roll = res.roll
        if roll.total is not None:
            row.cells["total"].setText(str(roll.total))
        words = outcome_text(roll.outcome)
        if roll.critical and roll.outcome == "hit":
            words = self.tr("critical hit")
        row.cells["result"].setText(words)
        good = roll.outcome in ("success", "critical-success", "miss")
        row.cells["result"].setForeground(GOOD if good else BAD)
        row.cells["result"].setToolTip("\n".join(roll.lines))
        if with_damage and res.damage is not None:
            immune = res.damage.immune_words()
            row.cells["damage"].setText(f"{res.damage.total} ({immune})" if immune else str(res.damage.total))
            row.cells["damage"].setToolTip("\n".join(s.explain() for s in res.damage.steps))
            row.cells["hp"].setText(
                f"{res.before.hp} → {res.after.hp}" + ("" if res.state == "ok" else f" ({res.state})")
            )
        given = [g.name if g.value is None else f"{g.name} {g.value}" for g in res.given]
        row.cells["conditions"].setText(", ".join(given))

    # ---- casting

    def command(self) -> Command:
        """The engine command OK executes: the aimed cast with every row's dice and the damage."""
        table = tuple(
            (row.token_id, got) for row in self.rows if (got := self._dice_of(row)) is not None and got
        )
        spell = self.cast.spell
        cast = replace(
            self.cast,
            saves=table if spell.save is not None else (),
            attack_d20=table if spell.save is None and spell.attack else (),
            damage=self.damage.entries or None,
            critical_damage=(self.crit_damage.entries or None) if self._needs_crit else None,
            rng=None,
        )
        return CastSpell(cast, free=self.free.isChecked(), save_modifiers=self.typed_modifiers())

    def execute(self) -> None:
        if not self.ok_button.isEnabled():
            return
        entry = self.doc.execute(self.command())
        if entry is None:
            why = self.doc.last_refusal or ""
            self.summary.setText(_in_red(why))
            return
        self.cast_result = entry.detail if isinstance(entry.detail, CastResult) else None
        self.accept()
