"""The creature editor's spells tab: the creature's spells and abilities (add from the compendium's spells,
remove), how each is paid for (its uses: slot, per day with its count, recharge, at will, Focus Points),
the creature's spell DC and spell attack, and its spell slots by level ("1:4, 2:3, 3:2"). The values
are the engine's (`rules.model.spell`); a bad entry is refused with the engine's words when OK is pressed
(`rules.model.creature.validate` through the editor)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from rules.model.creature import Creature, CreatureError
from rules.model.spell import Spell, SpellError, SpellUses

USE_KINDS = ("slot", "per-day", "recharge", "at-will", "focus")
NONE = -1


def slots_text(slots: tuple[tuple[int, int], ...]) -> str:
    return ", ".join(f"{lv}:{n}" for lv, n in slots)


def parse_slots(text: str) -> tuple[tuple[int, int], ...]:
    """``"1:4, 2:3"`` → ((1, 4), (2, 3)). Raises `CreatureError` naming the bad part."""
    out: list[tuple[int, int]] = []
    for part in [p.strip() for p in text.split(",") if p.strip()]:
        m = re.fullmatch(r"(\d{1,2})\s*[:=x×]\s*(\d{1,2})", part)
        if m is None:
            raise CreatureError("spell_slots", f"{part!r} is not level:number (such as 3:2)")
        out.append((int(m.group(1)), int(m.group(2))))
    return tuple(out)


class CreatureSpellsTab(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("creatureSpells")
        self.spells: list[Spell] = []
        self.choices: tuple[Spell, ...] = ()
        self.list = QListWidget()
        self.list.setObjectName("creatureSpellList")
        self.add_box = QComboBox()
        self.add_box.setObjectName("creatureSpellAdd")
        self.add_box.setEditable(True)
        self.add_box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.add_box.setToolTip(self.tr("A spell of the compendium (type to search)"))
        self.add_button = QPushButton(self.tr("Add"))
        self.add_button.setObjectName("creatureSpellAddButton")
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setObjectName("creatureSpellRemove")
        self.uses_kind = QComboBox()
        self.uses_kind.setObjectName("creatureSpellUses")
        labels = {
            "slot": self.tr("Spell slot"),
            "per-day": self.tr("Per day"),
            "recharge": self.tr("Recharge"),
            "at-will": self.tr("At will"),
            "focus": self.tr("Focus Points"),
        }
        for k in USE_KINDS:
            self.uses_kind.addItem(labels[k], k)
        self.uses_count = QSpinBox()
        self.uses_count.setObjectName("creatureSpellCount")
        self.uses_count.setRange(1, 99)
        self.uses_count.setToolTip(self.tr("Uses a day, Focus Points it costs, or the lowest recharge roll"))
        self.dc = QSpinBox()
        self.dc.setObjectName("creatureSpellDC")
        self.attack = QSpinBox()
        self.attack.setObjectName("creatureSpellAttack")
        for box, lo in ((self.dc, 0), (self.attack, -10)):
            box.setRange(lo - 1 if lo else NONE, 60)
            box.setSpecialValueText("—")
        self.slots = QLineEdit()
        self.slots.setObjectName("creatureSpellSlots")
        self.slots.setPlaceholderText(self.tr("level:number, e.g. 1:4, 2:3, 3:2"))
        add_row = QHBoxLayout()
        add_row.addWidget(self.add_box, 1)
        add_row.addWidget(self.add_button)
        add_row.addWidget(self.remove_button)
        uses_row = QHBoxLayout()
        uses_row.addWidget(QLabel(self.tr("Paid with")))
        uses_row.addWidget(self.uses_kind, 1)
        uses_row.addWidget(self.uses_count)
        form = QFormLayout()
        form.addRow(self.tr("Spell DC"), self.dc)
        form.addRow(self.tr("Spell attack"), self.attack)
        form.addRow(self.tr("Spell slots"), self.slots)
        lay = QVBoxLayout(self)
        lay.addWidget(self.list, 1)
        lay.addLayout(uses_row)
        lay.addLayout(add_row)
        lay.addLayout(form)
        self.add_button.clicked.connect(self.add_chosen)
        self.remove_button.clicked.connect(self.remove_current)
        self.list.currentRowChanged.connect(lambda _r: self._show_uses())
        self.uses_kind.activated.connect(lambda _i: self._set_uses())
        self.uses_count.valueChanged.connect(lambda _v: self._set_uses())

    # ---- data

    def load(self, c: Creature) -> None:
        self.spells = list(c.spells)
        self.dc.setValue(NONE if c.spell_dc is None else c.spell_dc)
        self.attack.setValue(self.attack.minimum() if c.spell_attack is None else c.spell_attack)
        self.slots.setText(slots_text(c.spell_slots))
        self._fill()

    def set_choices(self, spells: Iterable[Spell]) -> None:
        self.choices = tuple(spells)
        self.add_box.clear()
        for s in self.choices:
            self.add_box.addItem(f"{s.name} ({s.level})", s.name)

    def values(self) -> tuple[tuple[Spell, ...], int | None, int | None, tuple[tuple[int, int], ...]]:
        """The spells, DC, attack and slots as the creature takes them. Raises `CreatureError`."""
        dc = None if self.dc.value() == self.dc.minimum() else self.dc.value()
        attack = None if self.attack.value() == self.attack.minimum() else self.attack.value()
        return tuple(self.spells), dc, attack, parse_slots(self.slots.text())

    # ---- gestures

    def _fill(self) -> None:
        row = self.list.currentRow()
        self.list.clear()
        for s in self.spells:
            uses = s.uses.text if s.uses is not None else ""
            self.list.addItem(f"{s.name} · {s.level}" + (f" · {uses}" if uses else ""))
        if self.spells:
            self.list.setCurrentRow(min(max(row, 0), len(self.spells) - 1))
        self._show_uses()

    def add_chosen(self) -> bool:
        """Add the compendium spell chosen (or typed) in the box."""
        text = self.add_box.currentText().strip().lower()
        found = next(
            (s for s in self.choices if s.name.lower() == text or f"{s.name} ({s.level})".lower() == text),
            None,
        )
        if found is None:
            return False
        self.spells = [s for s in self.spells if s.name.lower() != found.name.lower()] + [found]
        self._fill()
        self.list.setCurrentRow(len(self.spells) - 1)
        return True

    def remove_current(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.spells):
            del self.spells[row]
            self._fill()

    def _show_uses(self) -> None:
        row = self.list.currentRow()
        spell = self.spells[row] if 0 <= row < len(self.spells) else None
        for w in (self.uses_kind, self.uses_count, self.remove_button):
            w.setEnabled(spell is not None)
        if spell is None:
            return
        uses = spell.uses or SpellUses("at-will" if spell.is_cantrip or spell.kind == "ability" else "slot")
        for w in (self.uses_kind, self.uses_count):
            w.blockSignals(True)
        self.uses_kind.setCurrentIndex(max(0, self.uses_kind.findData(uses.kind)))
        self.uses_count.setValue(uses.recharge if uses.kind == "recharge" else uses.count)
        for w in (self.uses_kind, self.uses_count):
            w.blockSignals(False)

    def _set_uses(self) -> None:
        row = self.list.currentRow()
        if not 0 <= row < len(self.spells):
            return
        kind, n = str(self.uses_kind.currentData()), self.uses_count.value()
        try:
            uses = SpellUses(kind, recharge=min(max(n, 2), 6)) if kind == "recharge" else SpellUses(kind, n)
        except SpellError:
            return
        self.spells[row] = replace(self.spells[row], uses=uses)
        keep = row
        self._fill()
        self.list.setCurrentRow(keep)
