"""A caster's spell list: every spell and ability the engine says the creature has
(`rules.play.spell_book.spell_book`), searchable, with its level (rank), its cost, what is left to pay
for it (slots, Focus Points, uses per day, a recharge) and a one-line summary; the level to cast it at
(heightening: every level the engine offers, each with its form and whether it can be paid for now); and
the lasting spells the caster keeps up (`kept_up`), to end or sustain.

Choosing a spell ("Cast…", a double click) asks for it to be aimed (`cast_requested`: caster, spell,
level) — the window starts the spell tool; the list changes nothing itself except through engine commands:
`EndSpell`, `SustainSpell`, `RestoreUses`, `SetSpellUses` (the slots and Focus Points left, set by hand)
and `RollRecharge` (a spent Recharge 5–6 ability rolls its d6 — typed, the physical-dice way, or with the
app's dice).
"""

from __future__ import annotations

import html
from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
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
from rules.dice import DieSource
from rules.errors import QueryError
from rules.model.spell import SpellUsesLeft
from rules.play.concentration import EndSpell
from rules.play.recharge import RollRecharge, spent_recharges
from rules.play.spell_book import (
    KeptUp,
    RestoreUses,
    SetSpellUses,
    SpellRow,
    SustainSpell,
    kept_up,
    spell_book,
)
from rules.systems import system_for

DIM = QColor("#8a8a84")
NAME, LEVEL, COST, USES, SUMMARY = range(5)


class SpellListDialog(QDialog):
    #: Aim this spell: (caster id, `Spell`, level or None).
    cast_requested = Signal(str, object, object)

    def __init__(
        self,
        doc: Document,
        caster_id: str,
        parent: QWidget | None = None,
        dice_source: DieSource | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("spellList")
        self.doc = doc
        self.dice: DieSource = dice_source if dice_source is not None else app_dice()
        self.caster_id = caster_id
        self.rows: tuple[SpellRow, ...] = ()
        self.kept: tuple[KeptUp, ...] = ()
        self._stale = False
        self.resize(760, 480)
        self.search = QLineEdit()
        self.search.setObjectName("spellSearch")
        self.search.setPlaceholderText(self.tr("Search spells and abilities"))
        self.search.setClearButtonEnabled(True)
        self.tree = QTreeWidget()
        self.tree.setObjectName("spellTree")
        self.tree.setRootIsDecorated(False)
        self.tree.setHeaderLabels(
            [self.tr("Spell"), self.tr("Level"), self.tr("Cost"), self.tr("Uses left"), self.tr("Summary")]
        )
        head = self.tree.header()
        head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        head.setStretchLastSection(True)
        self.level = QComboBox()
        self.level.setObjectName("spellLevel")
        self.level.setToolTip(self.tr("The level (rank) to cast it at: higher levels heighten it"))
        self.detail = QLabel()
        self.detail.setObjectName("spellDetail")
        self.detail.setWordWrap(True)
        self.cast_button = QPushButton(self.tr("Cast…"))
        self.cast_button.setObjectName("spellCast")
        self.cast_button.setDefault(True)
        self.restore_button = QPushButton(self.tr("Rest: restore uses"))
        self.restore_button.setObjectName("spellRestore")
        self.restore_button.setToolTip(self.tr("A rest or daily preparations: every slot and use comes back"))
        self.recharge_d6 = QSpinBox()
        self.recharge_d6.setObjectName("spellRechargeD6")
        self.recharge_d6.setRange(0, 6)
        self.recharge_d6.setSpecialValueText(self.tr("roll"))
        self.recharge_d6.setPrefix(self.tr("d6 "))
        self.recharge_d6.setToolTip(self.tr("The d6 rolled at the table (roll: the app's dice)"))
        self.recharge_button = QPushButton(self.tr("Roll recharge"))
        self.recharge_button.setObjectName("spellRecharge")
        self.recharge_button.setToolTip(self.tr("A spent Recharge ability is back on its number or higher"))
        #: Slots (and Focus Points) left, by hand: one spin box per tracked level.
        self.slots_row = QHBoxLayout()
        self.slots_label = QLabel(self.tr("Left"))
        self.slot_boxes: dict[int, QSpinBox] = {}
        self.focus_box: QSpinBox | None = None
        self.kept_list = QListWidget()
        self.kept_list.setObjectName("spellKeptUp")
        self.kept_list.setMaximumHeight(90)
        self.end_button = QPushButton(self.tr("End spell"))
        self.end_button.setObjectName("spellEnd")
        self.sustain_button = QPushButton(self.tr("Sustain"))
        self.sustain_button.setObjectName("spellSustain")

        lay = QVBoxLayout(self)
        lay.addWidget(self.search)
        lay.addWidget(self.tree, 1)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Cast at")))
        row.addWidget(self.level, 1)
        row.addWidget(self.cast_button)
        lay.addLayout(row)
        lay.addWidget(self.detail)
        slots = QHBoxLayout()
        slots.addWidget(self.slots_label)
        slots.addLayout(self.slots_row)
        slots.addStretch(1)
        lay.addLayout(slots)
        self.kept_label = QLabel(self.tr("Kept up"))
        lay.addWidget(self.kept_label)
        lay.addWidget(self.kept_list)
        bottom = QHBoxLayout()
        bottom.addWidget(self.end_button)
        bottom.addWidget(self.sustain_button)
        bottom.addStretch(1)
        bottom.addWidget(self.recharge_d6)
        bottom.addWidget(self.recharge_button)
        bottom.addWidget(self.restore_button)
        lay.addLayout(bottom)

        self.search.textChanged.connect(lambda _t: self._filter())
        self.tree.currentItemChanged.connect(lambda *_a: self._on_current())
        self.tree.itemDoubleClicked.connect(lambda *_a: self.cast_selected())
        self.level.currentIndexChanged.connect(lambda _i: self._show_detail())
        self.cast_button.clicked.connect(self.cast_selected)
        self.restore_button.clicked.connect(lambda: self.doc.execute(RestoreUses(self.caster_id)))
        self.recharge_button.clicked.connect(self.roll_recharge)
        self.end_button.clicked.connect(self._end)
        self.sustain_button.clicked.connect(self._sustain)
        self.kept_list.currentRowChanged.connect(lambda _r: self._sync_kept_buttons())
        doc.changed.connect(self._on_changed)
        self.refresh()

    # ---- model → widgets

    def _on_changed(self, _old: object, _new: object) -> None:
        if self.isVisible():
            self.refresh()
        else:
            self._stale = True  # refreshed when shown again

    def showEvent(self, event: QShowEvent) -> None:
        if self._stale:
            self._stale = False
            self.refresh()
        super().showEvent(event)

    def refresh(self) -> None:
        caster = self.doc.scene.token(self.caster_id)
        if caster is None:
            self.rows, self.kept = (), ()
            self.setWindowTitle(self.tr("Spells"))
        else:
            self.setWindowTitle(self.tr("{who}'s spells and abilities").format(who=caster.label))
            try:
                self.rows = spell_book(self.doc.state, self.caster_id)
            except QueryError:
                self.rows = ()
            self.kept = kept_up(self.doc.state, self.caster_id)
        chosen = self.selected_name()
        keep_level = self.level.currentData()
        self.tree.blockSignals(True)
        self.tree.clear()
        for row in self.rows:
            choice = row.default
            item = QTreeWidgetItem(
                [
                    row.name,
                    row.level_label,
                    row.cost,
                    choice.uses if choice is not None else "",
                    choice.summary if choice is not None else row.problem,
                ]
            )
            item.setData(NAME, Qt.ItemDataRole.UserRole, row.name)
            if not row.available:
                why = row.problem or next((c.why_not for c in row.levels if c.why_not), "")
                for col in range(5):
                    item.setForeground(col, DIM)
                    item.setToolTip(col, why)
            self.tree.addTopLevelItem(item)
        self.tree.blockSignals(False)
        if not self.rows:
            self.detail.setText(
                self.tr("This creature has no spells or abilities (add them in the creature editor).")
            )
        self._filter()
        self.select(chosen or (self.rows[0].name if self.rows else ""), keep_level)
        self.kept_list.clear()
        for k in self.kept:
            QListWidgetItem(k.text, self.kept_list)
        shown = bool(self.kept)
        for w in (self.kept_label, self.kept_list, self.end_button, self.sustain_button):
            w.setVisible(shown)
        self._sync_kept_buttons()
        self._fill_slots()
        spent = bool(caster is not None and spent_recharges(caster))
        self.recharge_d6.setVisible(spent)
        self.recharge_button.setVisible(spent)

    def _fill_slots(self) -> None:
        """A spin box per tracked slot level (its slots left) and for Focus Points."""
        caster = self.doc.scene.token(self.caster_id)
        uses = caster.spell_uses if caster is not None else SpellUsesLeft()
        wanted = [lv for lv, _m, _u in uses.slots]
        if wanted != list(self.slot_boxes) or (uses.focus is None) != (self.focus_box is None):
            for box in [*self.slot_boxes.values(), *([self.focus_box] if self.focus_box else [])]:
                self.slots_row.removeWidget(box)
                box.deleteLater()
            self.slot_boxes, self.focus_box = {}, None
            for lv in wanted:
                box = QSpinBox()
                box.setObjectName(f"spellSlots{lv}")
                ranks = system_for(self.doc.scene).casting.uses_ranks
                box.setPrefix((self.tr("rank {n}: ") if ranks else self.tr("level {n}: ")).format(n=lv))
                box.setToolTip(self.tr("Spell slots of this level left"))
                box.valueChanged.connect(lambda _v: self._set_uses())
                self.slots_row.addWidget(box)
                self.slot_boxes[lv] = box
            if uses.focus is not None:
                self.focus_box = QSpinBox()
                self.focus_box.setObjectName("spellFocus")
                self.focus_box.setPrefix(self.tr("Focus Points: "))
                self.focus_box.valueChanged.connect(lambda _v: self._set_uses())
                self.slots_row.addWidget(self.focus_box)
        for lv, most, used in uses.slots:
            box = self.slot_boxes[lv]
            box.blockSignals(True)
            box.setRange(0, most)
            box.setSuffix(f" / {most}")
            box.setValue(most - used)
            box.blockSignals(False)
        if uses.focus is not None and self.focus_box is not None:
            self.focus_box.blockSignals(True)
            self.focus_box.setRange(0, uses.focus[0])
            self.focus_box.setSuffix(f" / {uses.focus[0]}")
            self.focus_box.setValue(uses.focus[0] - uses.focus[1])
            self.focus_box.blockSignals(False)
        shown = bool(uses.slots) or uses.focus is not None
        self.slots_label.setVisible(shown)

    def _set_uses(self) -> None:
        """The slots and Focus Points left as typed: `SetSpellUses` (one undo step while typing)."""
        caster = self.doc.scene.token(self.caster_id)
        if caster is None:
            return
        uses = caster.spell_uses
        slots = tuple(
            (lv, most, most - self.slot_boxes[lv].value()) if lv in self.slot_boxes else (lv, most, used)
            for lv, most, used in uses.slots
        )
        focus = uses.focus
        if focus is not None and self.focus_box is not None:
            focus = (focus[0], focus[0] - self.focus_box.value())
        wanted = replace(uses, slots=slots, focus=focus)
        if wanted != uses:
            self.doc.execute(SetSpellUses(self.caster_id, wanted, merge_key=("spell uses", self.caster_id)))

    def _filter(self) -> None:
        words = self.search.text().lower().split()
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            if item is None:
                continue
            row = self.rows[i]
            hay = " ".join(
                [row.name, row.level_label, row.cost, *(c.summary for c in row.levels), *row.spell.traits]
            ).lower()
            item.setHidden(not all(w in hay for w in words))

    def selected_name(self) -> str:
        item = self.tree.currentItem()
        return str(item.data(NAME, Qt.ItemDataRole.UserRole)) if item is not None else ""

    def selected_row(self) -> SpellRow | None:
        name = self.selected_name()
        return next((r for r in self.rows if r.name == name), None)

    def select(self, name: str, level: object = None) -> None:
        """Make the spell named `name` current (and its level `level`, when offered)."""
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            if item is not None and item.data(NAME, Qt.ItemDataRole.UserRole) == name:
                self.tree.setCurrentItem(item)
                break
        self._on_current()
        if level is not None and self.level.findData(level) >= 0:
            self.level.setCurrentIndex(self.level.findData(level))

    def set_level(self, level: int) -> None:
        index = self.level.findData(level)
        if index >= 0:
            self.level.setCurrentIndex(index)

    def _on_current(self) -> None:
        row = self.selected_row()
        self.level.blockSignals(True)
        self.level.clear()
        if row is not None:
            for c in row.levels:
                text = f"{c.label} — {c.summary}" if c.summary else c.label
                if not c.available:
                    text += " " + self.tr("(can't now)")
                self.level.addItem(text, c.level)
            first = next((i for i, c in enumerate(row.levels) if c.available), 0)
            self.level.setCurrentIndex(first)
        self.level.blockSignals(False)
        self.level.setEnabled(row is not None and len(row.levels) > 1)
        self._show_detail()

    def _show_detail(self) -> None:
        row = self.selected_row()
        if row is None:
            self.cast_button.setEnabled(False)
            return
        choice = row.choice(int(self.level.currentData())) if self.level.currentData() is not None else None
        lines = []
        if choice is not None:
            lines.append(choice.uses or "")
            if not choice.available:
                lines.append(f"<span style='color:#ff5a4e'>{choice.why_not}</span>")
        elif row.problem:
            lines.append(f"<span style='color:#ff5a4e'>{row.problem}</span>")
        if row.spell.reason:
            why = html.escape(row.spell.reason)
            lines.append(
                "<i style='color:#8a8a84'>"
                + self.tr("Kept as text ({why}): apply what it does by hand.").format(why=why)
                + "</i>"
            )
        text = row.spell.text.strip()
        if text:
            lines.append(html.escape(text[:600]) + ("…" if len(text) > 600 else ""))
        self.detail.setText("<br>".join(x for x in lines if x))
        self.cast_button.setEnabled(choice is not None and choice.available)

    def _sync_kept_buttons(self) -> None:
        k = self._kept_current()
        self.end_button.setEnabled(k is not None)
        self.sustain_button.setEnabled(k is not None and k.sustainable)

    def _kept_current(self) -> KeptUp | None:
        i = self.kept_list.currentRow()
        return self.kept[i] if 0 <= i < len(self.kept) else None

    # ---- gestures

    def cast_selected(self) -> bool:
        """Ask for the current spell to be aimed at the chosen level (False: it can't be cast now)."""
        row = self.selected_row()
        if row is None or not self.cast_button.isEnabled():
            return False
        level = self.level.currentData()
        self.cast_requested.emit(self.caster_id, row.spell, None if level is None else int(level))
        return True

    def roll_recharge(self) -> None:
        """Roll the recharge of every spent ability (the typed d6, else the app's dice)."""
        caster = self.doc.scene.token(self.caster_id)
        if caster is None:
            return
        d6 = self.recharge_d6.value()
        typed = tuple((name, d6) for name, _lowest in spent_recharges(caster)) if d6 else ()
        rng = ask_or_roll(self.doc.scene, self.caster_id, self.tr("the recharge"), self.dice, self)
        self.doc.execute(RollRecharge(self.caster_id, typed, rng=rng))
        self.recharge_d6.setValue(0)

    def _end(self) -> None:
        k = self._kept_current()
        if k is not None:
            self.doc.execute(EndSpell(self.caster_id, k.active.spell))

    def _sustain(self) -> None:
        k = self._kept_current()
        if k is not None:
            self.doc.execute(SustainSpell(self.caster_id, k.active.spell))
