"""The creature editor's spells tab: the creature's spells and abilities (add from the compendium's spells,
make a new ability — a breath weapon, a gaze: its area, save, DC and damage —, remove), how each is paid
for (its uses: slot, per day with its count, recharge, at will, Focus Points), the creature's spell DC and
spell attack, and its spell slots by level ("1:4, 2:3, 3:2"). The values are the engine's
(`rules.model.spell`); a bad entry is refused with the engine's words (`rules.model.creature.validate`
through the editor, `SpellError` for a new ability)."""

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

from rules import dice
from rules.geometry.areas import shapes_for
from rules.model.creature import Creature, CreatureError
from rules.model.spell import DamagePart, Spell, SpellArea, SpellError, SpellSave, SpellUses
from rules.saves import SAVE_LABELS
from rules.systems import DEFAULT_SYSTEM, system_for

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
        # a new ability
        self.ability_name = QLineEdit()
        self.ability_name.setObjectName("abilityName")
        self.ability_name.setPlaceholderText(self.tr("New ability, e.g. Fire Breath"))
        self.ability_shape = QComboBox()
        self.ability_shape.setObjectName("abilityShape")
        self.ability_feet = QSpinBox()
        self.ability_feet.setObjectName("abilityFeet")
        self.ability_feet.setRange(5, 500)
        self.ability_feet.setSingleStep(5)
        self.ability_feet.setValue(15)
        self.ability_feet.setSuffix(self.tr(" ft"))
        self.ability_save = QComboBox()
        self.ability_save.setObjectName("abilitySave")
        self.ability_dc = QSpinBox()
        self.ability_dc.setObjectName("abilityDC")
        self.ability_dc.setRange(1, 60)
        self.ability_dc.setValue(15)
        self.ability_dc.setPrefix(self.tr("DC "))
        self.ability_damage = QLineEdit()
        self.ability_damage.setObjectName("abilityDamage")
        self.ability_damage.setPlaceholderText(self.tr("damage, e.g. 7d6 fire"))
        self.ability_button = QPushButton(self.tr("Add ability"))
        self.ability_button.setObjectName("abilityAdd")
        self.ability_error = QLabel()
        self.ability_error.setObjectName("abilityError")
        self.ability_error.setStyleSheet("color: #c62828;")
        self.ability_error.setWordWrap(True)
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
        ability_row = QHBoxLayout()
        for w in (
            self.ability_name,
            self.ability_shape,
            self.ability_feet,
            self.ability_save,
            self.ability_dc,
            self.ability_damage,
            self.ability_button,
        ):
            ability_row.addWidget(w)
        lay = QVBoxLayout(self)
        lay.addWidget(self.list, 1)
        lay.addLayout(uses_row)
        lay.addLayout(add_row)
        lay.addLayout(ability_row)
        lay.addWidget(self.ability_error)
        lay.addLayout(form)
        self.ability_error.hide()
        self.ability_button.clicked.connect(self.add_ability)
        self.set_system(DEFAULT_SYSTEM)
        self.add_button.clicked.connect(self.add_chosen)
        self.remove_button.clicked.connect(self.remove_current)
        self.list.currentRowChanged.connect(lambda _r: self._show_uses())
        self.uses_kind.activated.connect(lambda _i: self._set_uses())
        self.uses_count.valueChanged.connect(lambda _v: self._set_uses())

    # ---- data

    def set_system(self, system: str) -> None:
        """The shapes and saves a new ability can have in `system`."""
        self.ability_shape.clear()
        self.ability_shape.addItem(self.tr("one target"), "")
        for shape in shapes_for(system):
            self.ability_shape.addItem(shape, shape)
        self.ability_save.clear()
        for name in system_for(system).save_names:
            self.ability_save.addItem(SAVE_LABELS.get(name, name), name)
        self.ability_save.setCurrentIndex(
            max(0, self.ability_save.findData(system_for(system).default_area_save))
        )

    def load(self, c: Creature) -> None:
        self.set_system(c.system)
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

    def add_ability(self) -> bool:
        """Add the ability the row describes (refused with the engine's words when it can't be one)."""
        name = self.ability_name.text().strip()
        try:
            if not name:
                raise SpellError("name", self.tr("the ability needs a name"))
            parts = dice.parse(self.ability_damage.text()).parts if self.ability_damage.text().strip() else ()
            damage = tuple(DamagePart(p.render(types=False), (p.type or "untyped").lower()) for p in parts)
            shape = str(self.ability_shape.currentData() or "")
            ability = Spell(
                name,
                0,
                kind="ability",
                area=SpellArea(shape, self.ability_feet.value()) if shape else None,
                save=SpellSave(str(self.ability_save.currentData())),
                damage=damage,
                dc=self.ability_dc.value(),
            )
        except (SpellError, dice.DiceSyntaxError) as exc:
            self.ability_error.setText(str(exc))
            self.ability_error.show()
            return False
        self.ability_error.hide()
        self.spells = [s for s in self.spells if s.name.lower() != name.lower()] + [ability]
        self._fill()
        self.list.setCurrentRow(len(self.spells) - 1)
        self.ability_name.clear()
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
