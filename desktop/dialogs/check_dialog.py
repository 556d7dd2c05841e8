"""The check dialog: a check or save of one creature, a group check, a 5e contest, or a passive value —
every number from the scene's rule system (`RuleSystem.roll_check`, `.contest`, `.passive`), with the
creature's conditions applied and listed.

* Single: one creature's check (Perception, a skill; 5e also an ability) or save against a DC, with the
  app's dice or a typed die; PF2e shows the typed breakdown and the degree, 5e the mode, its reasons and
  success (automatic failures included).
* Group: every ticked creature rolls (the app's dice); 5e: the group succeeds when at least half succeed;
  PF2e lists each degree.
* Contest (5e): two creatures, each with its own statistic; the higher total wins, a tie keeps things as
  they were.
* Passive: 10 + the modifier (5e ±5 for advantage / disadvantage; PF2e the statistic's DC).

Situational modifiers from the GM: PF2e one typed bonus (label, type, value); 5e advantage / disadvantage.

Single checks, group checks and contests are recorded through commands (`rules.play.rolls.RollCheck`,
`RollChecks`): each roll is resolved once, by the command; the roll and its outcome go to the log, undoable
and saved, and the rows shown are the command's outcome — the selected creature's typed breakdown drawn by
the one renderer (`desktop.widgets.breakdown.BreakdownTree`, `CheckOutcome.groups`); nothing else in the
scene changes, except what a roll spends. After a single roll a
creature with a Hero Point (PF2e) or Heroic Inspiration (2024) can reroll (the new roll is kept); 5e 2014
inspiration is spent for advantage before the roll. Passive values are read, not rolled, and not logged.
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.dice import app_dice, ask_or_roll
from desktop.document import Document
from desktop.i18n import QT_TRANSLATE_NOOP, engine_text
from desktop.widgets.breakdown import BreakdownTree
from rules.dice import DieSource
from rules.model.scene import Scene, Token
from rules.play.rolls import SITUATIONAL_TYPES, RollCheck, RollChecks, Situational, check_row
from rules.systems import RuleSystem, system_for
from rules.systems.base import CheckOutcome
from rules.systems.modifiers import Modifier
from rules.systems.roll_modes import ADVANTAGE, DISADVANTAGE, Reason
from rules.systems.table import CheckRow

MODES: tuple[tuple[str, str], ...] = (
    ("single", QT_TRANSLATE_NOOP("CheckDialog", "Single check")),
    ("group", QT_TRANSLATE_NOOP("CheckDialog", "Group check")),
    ("contest", QT_TRANSLATE_NOOP("CheckDialog", "Contest")),
    ("passive", QT_TRANSLATE_NOOP("CheckDialog", "Passive")),
)
GOOD = "#46d17a"
BAD = "#ff5a4e"


def statistics(scene: Scene, kind: str) -> list[str]:
    """The statistics a creature of this scene's system rolls for `kind` (``check`` or ``save``)."""
    return list(system_for(scene).check_statistics(kind))


#: One creature's line in the results (the system's `CheckRow`).
RowResult = CheckRow


class CheckDialog(QDialog):
    def __init__(
        self,
        doc: Document,
        token_id: str | None = None,
        parent: QWidget | None = None,
        dice: DieSource | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("checkDialog")
        self.setWindowTitle(self.tr("Checks and saves"))
        self.setMinimumWidth(620)
        self.doc = doc
        self.dice: DieSource = dice if dice is not None else app_dice()
        self.results: list[RowResult] = []
        #: The engine's outcome of each row shown (None: nothing rolled for it).
        self.outcomes: list[CheckOutcome | None] = []
        self.contest_winner: str | None = None
        self.passive_value: int | None = None

        self.mode = QComboBox()
        self.mode.setObjectName("checkMode")
        for key, text in MODES:
            self.mode.addItem(self.tr(text), key)
        self.kind = QComboBox()
        self.kind.setObjectName("checkKind")
        self.kind.addItem(self.tr("Check"), "check")
        self.kind.addItem(self.tr("Saving throw"), "save")
        self.creature = QComboBox()
        self.creature.setObjectName("checkCreature")
        self.stat = QComboBox()
        self.stat.setObjectName("checkStat")
        self.group = QListWidget()
        self.group.setObjectName("checkGroup")
        self.group.setMaximumHeight(120)
        self.other = QComboBox()
        self.other.setObjectName("contestOther")
        self.other_stat = QComboBox()
        self.other_stat.setObjectName("contestOtherStat")
        self.dc = QSpinBox()
        self.dc.setObjectName("checkDc")
        self.dc.setRange(0, 60)
        self.dc.setValue(15)
        self.advantage = QCheckBox(self.tr("Advantage"))
        self.advantage.setObjectName("checkAdvantage")
        self.disadvantage = QCheckBox(self.tr("Disadvantage"))
        self.disadvantage.setObjectName("checkDisadvantage")
        self.bonus_label = QLineEdit()
        self.bonus_label.setObjectName("bonusLabel")
        self.bonus_label.setPlaceholderText(self.tr("situational bonus (Aid, bless…)"))
        self.bonus_type = QComboBox()
        self.bonus_type.setObjectName("bonusType")
        for t in SITUATIONAL_TYPES:
            self.bonus_type.addItem(self._words(t), t)
        self.bonus_type.setCurrentIndex(SITUATIONAL_TYPES.index("circumstance"))
        self.inspiration = QCheckBox(self.tr("Use inspiration"))
        self.inspiration.setObjectName("useInspiration")
        self.reroll_button = QPushButton(self.tr("Reroll"))
        self.reroll_button.setObjectName("rerollCheck")
        self.last_check: RollCheck | None = None
        self.last_outcome: CheckOutcome | None = None
        self.bonus_value = QSpinBox()
        self.bonus_value.setObjectName("bonusValue")
        self.bonus_value.setRange(-10, 10)
        self.d20 = QSpinBox()
        self.d20.setObjectName("checkD20")
        self.d20.setRange(1, 20)
        self.d20.setValue(10)
        self.d20.setPrefix("d20 ")
        self.d20b = QSpinBox()
        self.d20b.setObjectName("checkD20b")
        self.d20b.setRange(1, 20)
        self.d20b.setValue(10)
        self.d20b.setPrefix(self.tr("second d20 "))
        self.roll_button = QPushButton(self.tr("Roll"))
        self.roll_button.setObjectName("rollCheck")
        self.roll_button.setDefault(True)
        self.typed_button = QPushButton(self.tr("Use typed dice"))
        self.typed_button.setObjectName("typedCheck")
        self.table = QTreeWidget()
        self.table.setObjectName("checkResults")
        self.table.setColumnCount(4)
        self.table.setHeaderLabels(
            [self.tr("Creature"), self.tr("Total"), self.tr("Result"), self.tr("Breakdown")]
        )
        self.table.setRootIsDecorated(False)
        header = self.table.header()
        for col in range(3):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.breakdown = BreakdownTree()
        self.breakdown.setObjectName("checkBreakdown")
        self.breakdown.setMinimumHeight(120)
        self.summary = QLabel()
        self.summary.setObjectName("checkSummary")
        self.summary.setWordWrap(True)
        font = self.summary.font()
        font.setBold(True)
        font.setPointSize(font.pointSize() + 2)
        self.summary.setFont(font)

        form = QFormLayout()
        form.addRow(self.tr("Kind of roll"), self.mode)
        form.addRow(self.tr("Check or save"), self.kind)
        form.addRow(self.tr("Creature"), self.creature)
        form.addRow(self.tr("Statistic"), self.stat)
        form.addRow(self.tr("Group"), self.group)
        vs = QHBoxLayout()
        vs.addWidget(self.other, 1)
        vs.addWidget(self.other_stat, 1)
        form.addRow(self.tr("Against"), vs)
        self._vs = vs
        form.addRow(self.tr("DC"), self.dc)
        situ = QHBoxLayout()
        situ.addWidget(self.advantage)
        situ.addWidget(self.disadvantage)
        situ.addWidget(self.bonus_label, 1)
        situ.addWidget(self.bonus_type)
        situ.addWidget(self.bonus_value)
        situ.addWidget(self.inspiration)
        form.addRow(self.tr("Situational"), situ)
        self._form = form
        dice_row = QHBoxLayout()
        dice_row.addWidget(self.d20)
        dice_row.addWidget(self.d20b)
        dice_row.addWidget(self.typed_button)
        dice_row.addStretch(1)
        dice_row.addWidget(self.roll_button)
        dice_row.addWidget(self.reroll_button)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addLayout(dice_row)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.breakdown, 1)
        lay.addWidget(self.summary)
        lay.addWidget(close)

        self._fill_creatures(token_id)
        self._fill_stats()
        self.mode.currentIndexChanged.connect(lambda _i: self._on_mode())
        self.kind.currentIndexChanged.connect(lambda _i: self._fill_stats())
        self.table.currentItemChanged.connect(lambda _now, _before: self._show_breakdown())
        self.roll_button.clicked.connect(self.roll)
        self.typed_button.clicked.connect(self.use_typed)
        self.reroll_button.clicked.connect(self.reroll)
        self.inspiration.toggled.connect(lambda _b: self._on_situational())
        for w in (self.creature, self.stat, self.other, self.other_stat):
            w.currentIndexChanged.connect(lambda _i: self._on_situational())
        self.advantage.toggled.connect(lambda _b: self._on_situational())
        self.disadvantage.toggled.connect(lambda _b: self._on_situational())
        self._on_mode()

    # ---- setup

    @property
    def scene(self) -> Scene:
        return self.doc.scene

    @property
    def system(self) -> RuleSystem:
        return system_for(self.doc.scene)

    def _fill_creatures(self, token_id: str | None) -> None:
        for t in self.scene.tokens:
            self.creature.addItem(t.label, t.id)
            self.other.addItem(t.label, t.id)
            item = QListWidgetItem(t.label)
            item.setData(Qt.ItemDataRole.UserRole, t.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if t.pc else Qt.CheckState.Unchecked)
            self.group.addItem(item)
        if token_id is not None and self.creature.findData(token_id) >= 0:
            self.creature.setCurrentIndex(self.creature.findData(token_id))
        if self.other.count() > 1:
            self.other.setCurrentIndex(1 if self.creature.currentIndex() == 0 else 0)

    def _fill_stats(self) -> None:
        kind = str(self.kind.currentData())
        for combo, k in ((self.stat, kind), (self.other_stat, "check")):
            keep = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            for s in statistics(self.scene, k):
                combo.addItem(self._words(s.replace("-", " ")), s)
            if keep is not None and combo.findData(keep) >= 0:
                combo.setCurrentIndex(combo.findData(keep))
            combo.blockSignals(False)
        self._clear()

    def set_mode(self, key: str) -> None:
        self.mode.setCurrentIndex(max(0, self.mode.findData(key)))

    def set_stat(self, stat: str, combo: QComboBox | None = None) -> None:
        box = combo if combo is not None else self.stat
        box.setCurrentIndex(max(0, box.findData(stat)))

    def _on_mode(self) -> None:
        mode = str(self.mode.currentData())
        system = self.system
        if not system.has_contests and mode == "contest":
            self.set_mode("single")
            return
        contest_index = self.mode.findData("contest")
        item = self.mode.model().item(contest_index)  # type: ignore[attr-defined]
        if item is not None:
            item.setEnabled(system.has_contests)
        if mode == "contest" and self.kind.currentData() != "check":
            self.kind.setCurrentIndex(0)
        self._row_visible(self.kind, mode in ("single", "group"))
        self._row_visible(self.creature, mode != "group")
        self._row_visible(self.group, mode == "group")
        self._row_visible(self.other, mode == "contest")
        self._row_visible(self.dc, mode in ("single", "group"))
        self.advantage.setVisible(system.has_advantage)
        self.disadvantage.setVisible(system.has_advantage)
        for w in (self.bonus_label, self.bonus_type, self.bonus_value):
            w.setVisible(system.uses_degrees)
        self.d20.setVisible(mode in ("single", "contest"))
        self.typed_button.setVisible(mode in ("single", "contest"))
        self.roll_button.setText(self.tr("Show") if mode == "passive" else self.tr("Roll"))
        self._on_situational()

    def _row_visible(self, field: QWidget, visible: bool) -> None:
        if field is self.other:
            self._form.setRowVisible(self._vs, visible)
        else:
            self._form.setRowVisible(field, visible)

    def _on_situational(self) -> None:
        mode = str(self.mode.currentData())
        two = self.system.has_advantage and mode in ("single", "contest")
        self.d20b.setVisible(two)
        self.d20.setPrefix(self.tr("first d20 ") if two else "d20 ")
        spend = self.system.spending
        token = self._token(self.creature)
        self.inspiration.setText(self._words(spend.advantage or ""))
        self.inspiration.setVisible(spend.advantage is not None and mode == "single")
        self.inspiration.setEnabled(token is not None and token.inspiration)
        if not self.inspiration.isEnabled():
            self.inspiration.setChecked(False)
        self.reroll_button.setText(self._words(spend.reroll or ""))
        self.reroll_button.setVisible(spend.reroll is not None and mode == "single")
        self._clear()

    def _clear(self) -> None:
        self.last_check = None
        self.last_outcome = None
        self.outcomes = []
        self.breakdown.show_groups(())
        self.reroll_button.setEnabled(False)
        self.results = []
        self.contest_winner = None
        self.passive_value = None
        self.table.clear()
        self.summary.setText("")

    # ---- rolling

    def _bonus(self) -> Modifier | None:
        value = self.bonus_value.value()
        if not self.system.uses_degrees or value == 0:
            return None
        label = self.bonus_label.text().strip() or "situational"
        return Modifier(label, str(self.bonus_type.currentData()), value, "GM")

    def _token(self, combo: QComboBox) -> Token | None:
        return self.scene.token(str(combo.currentData()))

    def roll(self) -> None:
        """Roll with the app's dice (or show the passive value)."""
        mode = str(self.mode.currentData())
        if mode == "passive":
            self.show_passive()
            return
        if mode == "group":
            self.roll_group()
            return
        rng = self._dice_of(self._token(self.creature), self.tr("the check"))
        self.d20.setValue(rng.randint(1, 20))
        if self.d20b.isVisible():
            self.d20b.setValue(rng.randint(1, 20))
        self.use_typed()

    def _dice_of(self, token: Token | None, what: str) -> DieSource:
        """The creature's dice: asking the table when its player rolls their own (`ask_or_roll`)."""
        return ask_or_roll(self.scene, token.id if token is not None else None, what, self.dice, self)

    def use_typed(self) -> None:
        """Resolve a single check or a contest with the dice in the boxes."""
        mode = str(self.mode.currentData())
        pair = (self.d20.value(), self.d20b.value() if self.d20b.isVisible() else self.d20.value())
        token = self._token(self.creature)
        if token is None:
            return
        if mode == "contest":
            self._contest(token, pair)
            return
        command = self._command(token, pair)
        if self.inspiration.isVisible() and self.inspiration.isChecked():
            command = replace(command, inspiration=True)
        self._record(token, command)

    # ---- commands

    def _situational(self) -> tuple[Situational, ...]:
        bonus = self._bonus()
        return () if bonus is None else (Situational(bonus.label, bonus.value, bonus.type),)

    def _reasons(self) -> tuple[Reason, ...]:
        if not self.system.has_advantage:
            return ()
        out = []
        if self.advantage.isChecked():
            out.append(Reason(ADVANTAGE, "from the GM"))
        if self.disadvantage.isChecked():
            out.append(Reason(DISADVANTAGE, "from the GM"))
        return tuple(out)

    def _command(
        self, token: Token, pair: tuple[int, int], *, stat: str | None = None, dc: int | None = -1
    ) -> RollCheck:
        return RollCheck(
            token.id,
            str(self.kind.currentData()),
            stat if stat is not None else str(self.stat.currentData()),
            pair if self.system.has_advantage else pair[:1],
            self.dc.value() if dc == -1 else dc,
            bonuses=self._situational(),
            reasons=self._reasons(),
        )

    def _record(self, token: Token, command: RollCheck) -> None:
        """Execute one creature's check; show the command's outcome (or why it was refused)."""
        entry = self.doc.execute(command)
        if entry is None:
            reason = self.doc.last_refusal or "refused"
            self._show([RowResult(token.id, token.label, None, "—", None, reason)])
            self._say(reason, False)
            return
        result: CheckOutcome = entry.detail  # type: ignore[assignment]
        row = check_row(token, result, entry.log.splitlines())
        self.last_check = command
        self._show([row], [result])
        self.last_outcome = result
        said = self.tr("{name}: {total} vs DC {dc} — {result}").format(
            name=row.label, total=row.total, dc=command.dc, result=self._words(row.outcome)
        )
        self._say(said, bool(row.success))
        after = self.scene.token(token.id)
        self.reroll_button.setEnabled(after is not None and self.system.can_reroll(after))
        self.inspiration.setEnabled(after is not None and after.inspiration)
        if not self.inspiration.isEnabled():
            self.inspiration.blockSignals(True)  # spent: unticked without clearing the result
            self.inspiration.setChecked(False)
            self.inspiration.blockSignals(False)

    def reroll(self) -> None:
        """Spend a Hero Point / Heroic Inspiration and keep the new roll; the die rolled again is the
        rules' (`RuleSystem.rerolled`: with advantage or disadvantage the lower one)."""
        old, shown = self.last_check, self.last_outcome
        token = self._token(self.creature)
        if old is None or shown is None or token is None:
            return
        new = self._dice_of(token, self.tr("the reroll")).randint(1, 20)
        dice = list(self.system.rerolled(old.d20, shown.mode, new))
        self.d20.setValue(dice[0])
        if len(dice) > 1:
            self.d20b.setValue(dice[1])
        self._record(token, replace(old, d20=tuple(dice), reroll_of=old.d20, inspiration=False))

    def roll_group(self) -> None:
        """Every ticked creature rolls with the app's dice, as one command (`RollChecks`: a creature that
        lists no such statistic is left out, saying why); 5e: at least half must succeed."""
        checks: list[tuple[Token, RollCheck]] = []
        for i in range(self.group.count()):
            item = self.group.item(i)
            if item.checkState() != Qt.CheckState.Checked:
                continue
            token = self.scene.token(str(item.data(Qt.ItemDataRole.UserRole)))
            if token is None:
                continue
            rng = self._dice_of(token, self.tr("the group check"))
            first = rng.randint(1, 20)
            pair = (first, rng.randint(1, 20) if self.system.has_advantage else first)
            checks.append((token, self._command(token, pair)))
        if not checks:
            self._show([])
            self._say(self.tr("Tick the creatures of the group (each needs the statistic listed)"), False)
            return
        stat = str(self.stat.currentData()).replace("-", " ")
        title = f"Group {stat} {self.kind.currentData()} (DC {self.dc.value()})"
        entry = self.doc.execute(RollChecks(tuple(c for _t, c in checks), title))
        if entry is None:
            self._say(self.doc.last_refusal or "refused", False)
            return
        results = entry.detail
        assert isinstance(results, tuple)
        logged = entry.log.splitlines()[1:]
        starts = [i for i, line in enumerate(logged) if not line.startswith("    ")] + [len(logged)]
        rows: list[RowResult] = []
        for k, ((token, _command), result) in enumerate(zip(checks, results, strict=True)):
            lines = logged[starts[k] : starts[k + 1]]
            if result is None:  # left out: the log says why
                why = lines[0].strip().removeprefix(f"{token.label}: ") if lines else ""
                rows.append(RowResult(token.id, token.label, None, "—", None, why))
            else:
                rows.append(check_row(token, result, lines))
        self._show(rows, list(results))
        rolled = [r for r in rows if r.success is not None]
        passed = sum(1 for r in rolled if r.success)
        self._say(*self.system.group_summary(passed, len(rolled)))

    def _contest(self, a: Token, pair: tuple[int, int]) -> None:
        """Two checks without a DC, resolved once by the command (`RollChecks` with ``contest``); the
        rows and the winner are its outcome's (`RuleSystem.contest_winner`)."""
        b = self._token(self.other)
        if b is None or not self.system.has_contests:
            return
        other = (self._dice_of(b, self.tr("the contest")).randint(1, 20),) * 2
        first = replace(self._command(a, pair, dc=None), kind="check", bonuses=())
        second = RollCheck(b.id, "check", str(self.other_stat.currentData()), other)
        entry = self.doc.execute(RollChecks((first, second), contest=True))
        if entry is None:
            self._say(self.doc.last_refusal or "refused", False)
            return
        detail = entry.detail  # `RollChecks` in a contest: the two outcomes, in order
        assert isinstance(detail, tuple) and len(detail) == 2
        ra, rb = cast("tuple[CheckOutcome, CheckOutcome]", detail)
        logged = entry.log.splitlines()[1:]
        starts = [i for i, line in enumerate(logged) if not line.startswith("    ")] + [len(logged)]
        rows = [
            check_row(token, result, logged[starts[k] : starts[k + 1]])
            for k, (token, result) in enumerate(((a, ra), (b, rb)))
        ]
        self.contest_winner = self.system.contest_winner(ra, rb)
        self._show(rows, [ra, rb])
        if self.contest_winner is None:
            self._say(self.tr("Tie {a}–{b}: things stay as they were").format(a=ra.total, b=rb.total), False)
        else:
            won = a if self.contest_winner == "a" else b
            self._say(self.tr("{name} wins ({a}–{b})").format(name=won.label, a=ra.total, b=rb.total), True)

    def show_passive(self) -> None:
        """10 + the modifier; 5e ±5 for advantage / disadvantage."""
        token = self._token(self.creature)
        if token is None:
            return
        stat = str(self.stat.currentData())
        row = self.system.passive(
            token, stat, advantage=self.advantage.isChecked(), disadvantage=self.disadvantage.isChecked()
        )
        if row.total is None:
            self._say(f"{token.label} has {row.detail.split(' (')[0]}", False)
            return
        self.passive_value = row.total
        self._show([row], [None])
        words = f"{self._words(self.system.passive_word)} {self._words(stat.replace('-', ' '))}"
        self._say(f"{token.label}: {words} {row.total}", True)

    # ---- showing

    def _show(self, rows: list[RowResult], outcomes: list[CheckOutcome | None] | None = None) -> None:
        self.results = rows
        self.outcomes = list(outcomes) if outcomes is not None else [None] * len(rows)
        self.table.clear()
        first: QTreeWidgetItem | None = None
        for r in rows:
            detail = self._words(r.detail)
            total = "" if r.total is None else str(r.total)
            item = QTreeWidgetItem(self.table, [r.label, total, self._words(r.outcome), detail])
            item.setToolTip(3, detail)
            if r.success is not None:
                item.setForeground(2, Qt.GlobalColor.green if r.success else Qt.GlobalColor.red)
            first = first or item
        if first is not None:
            self.table.setCurrentItem(first)
        self._show_breakdown()

    def _show_breakdown(self) -> None:
        """The engine's typed rows of the selected creature's roll (`CheckOutcome.groups`)."""
        item = self.table.currentItem()
        index = self.table.indexOfTopLevelItem(item) if item is not None else -1
        shown = self.outcomes[index] if 0 <= index < len(self.outcomes) else None
        self.breakdown.show_groups(shown.groups() if shown is not None else (), self.doc.scene.system)

    def _words(self, text: str) -> str:
        """The engine's words (a statistic, a degree, a breakdown, a refusal) in the app's language."""
        return engine_text(text, self.doc.scene.system) if text else text

    def _say(self, text: str, good: bool) -> None:
        """Show the outcome's sentence (the engine's words are translated here)."""
        text = self._words(text)
        self.summary.setText(text)
        self.summary.setStyleSheet(f"color: {GOOD if good else BAD};")
