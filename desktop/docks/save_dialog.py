"""Roll saves for an area: every creature the area affects rolls its save (PF2e basic save, D&D 5e save for
half), one damage roll for all, and the damage goes through each creature's own defences.

The affected creatures are the engine's (`resolve_area(scene, area.spec).tokens`). A creature's save modifier
comes from its ``saves`` (editable here when it has none), plus cover from the area's origin for Reflex (PF2e)
or Dexterity (5e) saves (`rules.saves`). Each row shows the d20 (rolled with the app's dice, or typed in),
the total, the result and what the damage would do (the system's ``damage`` with the save's result).
"Apply" records everything as one undoable command (`AreaSaves`), logged row by row.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.dice import app_dice, ask_or_roll
from desktop.docks.initiative_dock import dim_label
from desktop.document import Document
from desktop.i18n import QT_TRANSLATE_NOOP, engine_text
from desktop.widgets.breakdown import BreakdownTree
from desktop.widgets.damage_roller import DamageRoller, parse_formula
from rules import dice
from rules.dice import DieSource
from rules.errors import QueryError
from rules.geometry.areas import resolve_area
from rules.geometry.coords import Point
from rules.model.areas import PlacedArea
from rules.model.scene import Token
from rules.play.explain import outcome_text, signed
from rules.play.rolls import SpendHeroPoint
from rules.play.table import AreaSaves
from rules.saves import SAVE_LABELS, SaveResult, normalise_save, resolve_save, save_names
from rules.systems import system_for

#: The table's columns (English, marked for the "SaveDialog" context; the dialog shows them translated).
COLUMNS = (
    QT_TRANSLATE_NOOP("SaveDialog", "Creature"),
    QT_TRANSLATE_NOOP("SaveDialog", "Save"),
    QT_TRANSLATE_NOOP("SaveDialog", "Cover"),
    "d20",
    QT_TRANSLATE_NOOP("SaveDialog", "Total"),
    QT_TRANSLATE_NOOP("SaveDialog", "Result"),
    QT_TRANSLATE_NOOP("SaveDialog", "Damage"),
    QT_TRANSLATE_NOOP("SaveDialog", "HP after"),
)
GOOD = QColor("#46d17a")
BAD = QColor("#ff5a4e")


@dataclass
class _Row:
    token_id: str
    base: QSpinBox
    d20: QSpinBox
    cells: list[QTableWidgetItem]


class SaveDialog(QDialog):
    def __init__(
        self, doc: Document, area_id: str, parent: QWidget | None = None, dice_source: DieSource | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("saveDialog")
        self.setMinimumWidth(720)
        self.doc = doc
        self.area_id = area_id
        self.dice: DieSource = dice_source if dice_source is not None else app_dice()
        area = doc.state.area(area_id)
        if area is None:
            raise KeyError(f"no area {area_id!r}")
        self.area: PlacedArea = area
        self.setWindowTitle(self.tr("Saves against {title}").format(title=area.title))
        scene = doc.scene
        self.origin: Point | None = None
        try:
            result = resolve_area(scene, area.spec)
            self.origin = result.origin
            self.token_ids: tuple[str, ...] = result.tokens
            self.problem: str | None = None
        except QueryError as exc:
            self.token_ids = ()
            self.problem = str(exc)
        self.results: dict[str, SaveResult] = {}

        self.save = QComboBox()
        self.save.setObjectName("saveName")
        for name in save_names(scene.system):
            self.save.addItem(engine_text(SAVE_LABELS[name], scene.system), name)
        system = system_for(scene)
        default = normalise_save(area.save or "") or system.default_area_save
        self.save.setCurrentIndex(max(0, self.save.findData(default)))
        self.dc = QSpinBox()
        self.dc.setObjectName("saveDC")
        self.dc.setRange(1, 60)
        self.dc.setPrefix(self.tr("DC "))
        self.dc.setValue(area.dc if area.dc is not None else system.default_dc)
        self.formula = QLineEdit(area.damage)
        self.formula.setObjectName("saveDamageFormula")
        self.formula.setPlaceholderText(self.tr("damage, e.g. 6d6 fire"))
        self.formula_error = QLabel()
        self.formula_error.setStyleSheet("color: #ff5a4e;")
        self.rule = QLabel(engine_text(system.area_save_rule, scene.system))
        self.rule.setWordWrap(True)
        dim_label(self.rule)

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("saveTable")
        self.table.setHorizontalHeaderLabels([self.tr(c) for c in COLUMNS])
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.breakdown = BreakdownTree()
        self.breakdown.setObjectName("saveBreakdown")
        self.breakdown.setMinimumHeight(110)
        head = self.table.horizontalHeader()
        head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.roll_saves = QPushButton(self.tr("Roll all saves"))
        self.roll_saves.setObjectName("rollSaves")
        self.roll_saves.setToolTip(
            self.tr("Roll every creature's d20 with the app's dice (or type each d20 in its row)")
        )
        spend = system.spending
        self.reroll_who = QComboBox()
        self.reroll_who.setObjectName("rerollWho")
        self.reroll_who.setToolTip(
            self.tr("A creature that has rolled and has {counter} to spend").format(
                counter=engine_text(spend.counter, scene.system)
            )
        )
        self.reroll_button = QPushButton(engine_text(spend.reroll or "", scene.system))
        self.reroll_button.setObjectName("rerollSave")
        self.reroll_button.setToolTip(
            self.tr("Reroll this creature's save; the new roll is kept (logged, undoable)")
        )
        # the area's damage is its creator's roll: a player who rolls their own dice is asked for it
        caster = self.area.owner or self.area.spec.token_id
        self.damage = DamageRoller(
            ask_or_roll(
                doc.scene,
                caster,
                self.tr("the damage of {area}").format(area=self.area.title),
                self.dice,
                self,
            ),
            system=doc.scene.system,
        )
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Close
        )
        self.apply_button = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.apply_button.setObjectName("applySaves")
        self.apply_button.setText(self.tr("Apply damage"))
        self.buttons.rejected.connect(self.reject)
        self.apply_button.clicked.connect(self.apply)

        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Save")))
        top.addWidget(self.save)
        top.addWidget(self.dc)
        top.addWidget(QLabel(self.tr("Damage")))
        top.addWidget(self.formula, 1)
        lay = QVBoxLayout(self)
        header = QLabel(self._header_text())
        header.setObjectName("saveHeader")
        header.setWordWrap(True)
        lay.addWidget(header)
        lay.addLayout(top)
        lay.addWidget(self.formula_error)
        lay.addWidget(self.rule)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.breakdown)
        row = QHBoxLayout()
        row.addWidget(self.reroll_who)
        row.addWidget(self.reroll_button)
        row.addStretch(1)
        row.addWidget(self.roll_saves)
        lay.addLayout(row)
        lay.addWidget(self.damage)
        lay.addWidget(self.summary)
        lay.addWidget(self.buttons)

        self.rows: list[_Row] = []
        self._build_rows()
        self.save.currentIndexChanged.connect(lambda _i: self._on_save_changed())
        self.dc.valueChanged.connect(lambda _v: self.recompute())
        self.formula.textChanged.connect(lambda _t: self._on_formula())
        self.table.currentCellChanged.connect(lambda *_cells: self._show_breakdown())
        self.roll_saves.clicked.connect(self.roll_all)
        self.reroll_button.clicked.connect(self.reroll)
        self.damage.entries_changed.connect(self.recompute)
        self._on_formula()

    def _header_text(self) -> str:
        if self.problem:
            return f"<span style='color:#ff5a4e'>{engine_text(self.problem, self.doc.scene.system)}</span>"
        n = len(self.token_ids)
        if n == 1:
            return self.tr("<b>{title}</b>: 1 creature inside.").format(title=self.area.title)
        return self.tr("<b>{title}</b>: {n} creatures inside.").format(title=self.area.title, n=n)

    # ---- rows

    def _token(self, tid: str) -> Token | None:
        return self.doc.scene.token(tid)

    def _build_rows(self) -> None:
        self.table.setRowCount(len(self.token_ids))
        self.rows = []
        for r, tid in enumerate(self.token_ids):
            tok = self._token(tid)
            name = QTableWidgetItem(tok.label if tok is not None else tid)
            name.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.table.setItem(r, 0, name)
            base = QSpinBox()
            base.setRange(-10, 60)
            d20 = QSpinBox()
            d20.setRange(0, 20)
            d20.setSpecialValueText("—")
            d20.setToolTip(self.tr("The d20 this creature rolled (— until rolled)"))
            self.table.setCellWidget(r, 1, base)
            self.table.setCellWidget(r, 3, d20)
            cells: list[QTableWidgetItem] = []
            for c in (2, 4, 5, 6, 7):
                item = QTableWidgetItem("")
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.table.setItem(r, c, item)
                cells.append(item)
            row = _Row(tid, base, d20, cells)
            self.rows.append(row)
            base.valueChanged.connect(lambda _v: self.recompute())
            d20.valueChanged.connect(lambda _v: self.recompute())
        self._fill_bases()
        # up to four creatures show without scrolling (the table is what the dialog is for)
        self.table.resizeRowsToContents()
        shown = min(len(self.rows), 4) or 1
        rows_height = sum(self.table.rowHeight(r) for r in range(min(len(self.rows), shown))) or 30 * shown
        header = self.table.horizontalHeader().sizeHint().height()
        self.table.setMinimumHeight(header + rows_height + 2 * self.table.frameWidth() + 2)

    def _fill_bases(self) -> None:
        save = str(self.save.currentData())
        system = system_for(self.doc.scene)
        for row in self.rows:
            tok = self._token(row.token_id)
            # the engine's reading, as the save query's (5e: an unlisted save is the ability modifier)
            mod = system.save_modifier(tok, save) if tok is not None else None
            row.base.blockSignals(True)
            row.base.setValue(mod or 0)
            row.base.blockSignals(False)
            row.base.setPrefix("" if mod is not None else "? ")
            name = engine_text(SAVE_LABELS[save], self.doc.scene.system)
            who = tok.label if tok else row.token_id
            row.base.setToolTip(
                self.tr("{save} modifier from the token").format(save=name)
                if mod is not None
                else self.tr("{who} lists no {save} modifier: type it").format(who=who, save=name)
            )

    def _on_save_changed(self) -> None:
        self._fill_bases()
        self.recompute()

    def _on_formula(self) -> None:
        try:
            formula = parse_formula(self.formula.text())
            self.formula_error.setText("")
        except dice.DiceSyntaxError as exc:
            formula = None
            self.formula_error.setText(str(exc))
        self.formula_error.setVisible(bool(self.formula_error.text()))
        self.damage.set_formula(formula)
        self.recompute()

    def roll_all(self) -> None:
        """Roll every creature's save; a creature whose player rolls their own dice is asked for its d20
        (`desktop.dice.ask_or_roll`)."""
        what = self.tr("the {save} save against {area}").format(
            save=SAVE_LABELS[str(self.save.currentData())], area=self.area.title
        )
        for row in self.rows:
            row.d20.setValue(ask_or_roll(self.doc.scene, row.token_id, what, self.dice, self).randint(1, 20))

    def reroll(self) -> None:
        """Spend the chosen creature's Hero Point / Heroic Inspiration (`SpendHeroPoint`: logged, undoable)
        and keep its new d20."""
        tid = self.reroll_who.currentData()
        row = next((r for r in self.rows if r.token_id == tid), None)
        if row is None or row.d20.value() == 0:
            return
        what = f"the {SAVE_LABELS[str(self.save.currentData())]} save against {self.area.title}"
        old, new = (
            row.d20.value(),
            ask_or_roll(self.doc.scene, str(tid), what, self.dice, self).randint(1, 20),
        )
        if self.doc.execute(SpendHeroPoint(str(tid), old, new, what)) is not None:
            row.d20.setValue(new)

    def _fill_rerolls(self) -> None:
        """The creatures that rolled and can reroll (the controls are hidden where nothing rerolls)."""
        keep = self.reroll_who.currentData()
        self.reroll_who.blockSignals(True)
        self.reroll_who.clear()
        for row in self.rows:
            tok = self._token(row.token_id)
            if tok is not None and row.d20.value() and system_for(self.doc.scene).can_reroll(tok):
                self.reroll_who.addItem(tok.label, tok.id)
        if keep is not None and self.reroll_who.findData(keep) >= 0:
            self.reroll_who.setCurrentIndex(self.reroll_who.findData(keep))
        self.reroll_who.blockSignals(False)
        shown = system_for(self.doc.scene).spending.reroll is not None
        self.reroll_who.setVisible(shown)
        self.reroll_button.setVisible(shown)
        self.reroll_button.setEnabled(self.reroll_who.count() > 0)

    def set_d20(self, token_id: str, value: int) -> None:
        for row in self.rows:
            if row.token_id == token_id:
                row.d20.setValue(value)

    # ---- results

    def recompute(self) -> None:
        scene = self.doc.scene
        system = system_for(scene)
        save = str(self.save.currentData())
        dc = self.dc.value()
        self.results = {}
        entries = self.damage.entries
        done = 0
        for row in self.rows:
            tok = self._token(row.token_id)
            cells = row.cells
            for c in cells:
                c.setText("")
                c.setData(Qt.ItemDataRole.ForegroundRole, None)
            if tok is None:
                continue
            res = resolve_save(
                scene, tok, save, dc, max(1, row.d20.value()), base=row.base.value(), origin=self.origin
            )
            cover = [a.modifier for a in res.modifiers.entries if a.modifier.label == "cover" and a.applied]
            cells[0].setText(signed(cover[0].value) if cover else "")
            if cover:
                cells[0].setToolTip(cover[0].source)
            if row.d20.value() == 0:
                continue
            done += 1
            self.results[row.token_id] = res
            cells[1].setText(str(res.total))
            cells[2].setText(engine_text(outcome_text(res.outcome), scene.system))
            good = res.outcome in ("success", "critical-success")
            cells[2].setForeground(GOOD if good else BAD)
            if entries and tok.hp is not None:
                outcome, _after = system.damage(tok, entries, save=res.outcome)
                immune = outcome.immune_words()
                cells[3].setText(f"{outcome.total} ({immune})" if immune else str(outcome.total))
                cells[3].setToolTip("; ".join(engine_text(s.explain(), scene.system) for s in outcome.steps))
                cells[4].setText(f"{tok.hp} → {outcome.hp} ({engine_text(outcome.state, scene.system)})")
        n = len(self.rows)
        missing = n - done
        if not n:
            text = self.tr("No creature is inside the area.")
        elif missing:
            text = self.tr("{missing} of {n} saves still to roll.").format(missing=missing, n=n)
        elif not entries:
            text = self.tr("All saves rolled. Roll the damage (or type it in) to apply it.")
        else:
            text = self.tr("Ready: apply the damage to every creature.")
        self.summary.setText(text)
        self.apply_button.setEnabled(bool(n) and not missing and bool(entries))
        self._fill_rerolls()
        self._show_breakdown()

    def _show_breakdown(self) -> None:
        """The engine's typed rows of the selected creature's save (`SaveResult.groups`; the first rolled
        one when none is selected)."""
        index = self.table.currentRow()
        chosen = self.rows[index].token_id if 0 <= index < len(self.rows) else None
        shown = self.results.get(chosen) if chosen is not None else None
        if shown is None and self.results:
            shown = next(iter(self.results.values()))
        self.breakdown.show_groups(shown.groups() if shown is not None else (), self.doc.scene.system)

    def apply(self) -> None:
        if not self.apply_button.isEnabled():
            return
        results = tuple(self.results[row.token_id] for row in self.rows if row.token_id in self.results)
        remembered = replace(
            self.area,
            save=str(self.save.currentData()),
            dc=self.dc.value(),
            damage=self.formula.text().strip(),
        )
        self.doc.execute(
            AreaSaves(self.area.title, results, self.damage.entries, roll=self.damage.roll, area=remembered)
        )
        self.apply_button.setEnabled(False)
        self.summary.setText(
            self.tr("Applied. See the log for every save and the damage each creature took.")
        )
