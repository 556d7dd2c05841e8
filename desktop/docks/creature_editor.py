"""The creature editor: every statistic the rules read, with validation.

Tabs: *Basics* (name, game, size, type and traits, level / CR / proficiency bonus / XP, player character,
portrait), *Defences* (AC, HP, saves, immunities, weaknesses, resistances, vulnerabilities), *Senses &
skills* (Perception, initiative, ability scores or modifiers, skills, speeds, senses, reach, reactions),
*Attacks* (name, bonus, damage with persistent damage written ``1d4 persistent fire``, traits or
properties, range) and *Abilities* (the text of everything else). OK builds a `Creature`; a bad field shows
its message under the tabs, switches to its tab and keeps the dialog open.
"""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.docks.creature_spells import CreatureSpellsTab
from rules.geometry.coords import SIZES
from rules.model.creature import SPEED_KINDS, Creature, CreatureError, Sense, TextAbility, format_cr, parse_cr
from rules.model.scene import SYSTEMS, Attack
from rules.systems import DEFAULT_SYSTEM, all_systems, system_for
from rules.systems.table import CreatureSheet

NONE = "—"
#: Each system's title for pickers, by name.
SYSTEM_LABELS = {s.name: s.title for s in all_systems()}


def blank_creature(system: str) -> Creature:
    """A starting point for a new creature of `system` (`RuleSystem.blank_creature`)."""
    return system_for(system).blank_creature()


def _spin(lo: int, hi: int, none: bool = False, step: int = 1, suffix: str = "") -> QSpinBox:
    box = QSpinBox()
    box.setRange(lo - 1 if none else lo, hi)
    if none:
        box.setSpecialValueText(NONE)
    box.setSingleStep(step)
    if suffix:
        box.setSuffix(suffix)
    return box


def _set(box: QSpinBox, value: int | None) -> None:
    box.setValue(box.minimum() if value is None else value)


def _get(box: QSpinBox) -> int | None:
    if box.specialValueText() and box.value() == box.minimum():
        return None
    return box.value()


def _words(text: str) -> tuple[str, ...]:
    return tuple(w.strip() for w in text.split(",") if w.strip())


class PairTable(QTableWidget):
    """An editable two-column table of (name, number) rows with an empty row at the end."""

    def __init__(self, key_label: str, value_label: str, parent: QWidget | None = None) -> None:
        super().__init__(0, 2, parent)
        self.setHorizontalHeaderLabels([key_label, value_label])
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.itemChanged.connect(lambda _i: self._ensure_blank())

    def set_pairs(self, pairs: tuple[tuple[str, int | None], ...]) -> None:
        self.blockSignals(True)
        self.setRowCount(0)
        for k, v in pairs:
            row = self.rowCount()
            self.insertRow(row)
            self.setItem(row, 0, QTableWidgetItem(k))
            self.setItem(row, 1, QTableWidgetItem("" if v is None else str(v)))
        self.blockSignals(False)
        self._ensure_blank()

    def _ensure_blank(self) -> None:
        last = self.rowCount() - 1
        if last < 0 or any((item := self.item(last, c)) is not None and item.text().strip() for c in (0, 1)):
            self.blockSignals(True)
            self.insertRow(self.rowCount())
            self.blockSignals(False)

    def pairs(self, field: str, optional: bool = False) -> tuple[tuple[str, int | None], ...]:
        out: list[tuple[str, int | None]] = []
        for row in range(self.rowCount()):
            key_item, value_item = self.item(row, 0), self.item(row, 1)
            key = key_item.text().strip().lower() if key_item else ""
            value = value_item.text().strip() if value_item else ""
            if not key and not value:
                continue
            if not key:
                raise CreatureError(f"{field}[{row}]", "a row needs a name")
            if not value and optional:
                out.append((key, None))
                continue
            try:
                out.append((key, int(value)))
            except ValueError:
                raise CreatureError(f"{field}.{key}", f"{value!r} is not a whole number") from None
        return tuple(out)

    def int_pairs(self, field: str) -> tuple[tuple[str, int], ...]:
        return tuple((k, v) for k, v in self.pairs(field) if v is not None)


class CreatureEditor(QDialog):
    def __init__(
        self, creature: Creature | None = None, system: str = DEFAULT_SYSTEM, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("creatureEditor")
        self.setWindowTitle(self.tr("Creature"))
        self.resize(720, 620)
        self.result_creature: Creature | None = None
        start = creature if creature is not None else blank_creature(system)
        self._kept_senses: dict[str, Sense] = {s.type: s for s in start.senses}
        self.spells_tab = CreatureSpellsTab()

        self.tabs = QTabWidget()
        self.tabs.addTab(self._basics_tab(), self.tr("Basics"))
        self.tabs.addTab(self._defence_tab(), self.tr("Defences"))
        self.tabs.addTab(self._stats_tab(), self.tr("Senses && skills"))
        self.tabs.addTab(self._attacks_tab(), self.tr("Attacks"))
        self.tabs.addTab(self._text_tab(), self.tr("Abilities"))
        self.tabs.addTab(self.spells_tab, self.tr("Spells"))
        self.error = QLabel()
        self.error.setObjectName("creatureError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828; font-weight: bold;")
        self.error.hide()
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.tabs, 1)
        lay.addWidget(self.error)
        lay.addWidget(buttons)
        self.system.currentIndexChanged.connect(lambda _i: self._system_changed())
        self.load(start)

    # ---- tabs

    def _basics_tab(self) -> QWidget:
        w = QWidget()
        f = QFormLayout(w)
        self.name = QLineEdit()
        self.name.setObjectName("creatureName")
        self.system = QComboBox()
        for key in SYSTEMS:
            self.system.addItem(SYSTEM_LABELS[key], key)
        self.size_box = QComboBox()
        for s in SIZES:
            self.size_box.addItem(s.capitalize(), s)
        self.ctype = QLineEdit()
        self.ctype.setPlaceholderText(self.tr("humanoid, dragon, undead …"))
        self.traits = QLineEdit()
        self.traits.setPlaceholderText(self.tr("comma-separated: goblin, humanoid"))
        self.level = _spin(-1, 30, none=True)
        self.cr = QLineEdit()
        self.cr.setPlaceholderText("0, 1/8, 1/4, 1/2, 1 … 30")
        self.prof = _spin(0, 20, none=True)
        self.xp = _spin(0, 1_000_000, none=True, step=25)
        self.pc = QCheckBox(self.tr("Player character (dying / death saves at 0 HP)"))
        self.image = QLineEdit()
        self.image.setPlaceholderText(self.tr("portrait picture (PNG, JPEG, WebP) — optional"))
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse_image)
        row = QHBoxLayout()
        row.addWidget(self.image, 1)
        row.addWidget(browse)
        self.source = QLineEdit()
        self.notes = QPlainTextEdit()
        self.notes.setPlaceholderText(self.tr("Notes: languages, speed and HP details …"))
        f.addRow(self.tr("Name"), self.name)
        f.addRow(self.tr("Game"), self.system)
        f.addRow(self.tr("Size"), self.size_box)
        f.addRow(self.tr("Type"), self.ctype)
        f.addRow(self.tr("Traits"), self.traits)
        f.addRow(self.tr("Level"), self.level)
        f.addRow(self.tr("Challenge rating"), self.cr)
        f.addRow(self.tr("Proficiency bonus"), self.prof)
        f.addRow(self.tr("XP"), self.xp)
        f.addRow("", self.pc)
        f.addRow(self.tr("Portrait"), row)
        f.addRow(self.tr("Source"), self.source)
        f.addRow(self.tr("Notes"), self.notes)
        return w

    def _defence_tab(self) -> QWidget:
        w = QWidget()
        f = QFormLayout(w)
        self.ac = _spin(0, 99, none=True)
        self.ac.setObjectName("creatureAc")
        self.hp = _spin(0, 100_000, none=True)
        self.hp.setObjectName("creatureHp")
        self.saves = PairTable("Save", "Total")
        self.saves.setObjectName("creatureSaves")
        self.immunities = QLineEdit()
        self.immunities.setPlaceholderText(self.tr("fire, poison, paralyzed …"))
        self.weaknesses = PairTable("Weakness", "Value")
        self.resistances = PairTable("Resistance", "Value")
        self.vulnerabilities = QLineEdit()
        self.vulnerabilities.setPlaceholderText(self.tr("5e: cold, bludgeoning …"))
        for t in (self.saves, self.weaknesses, self.resistances):
            t.setMaximumHeight(150)
        f.addRow(self.tr("AC"), self.ac)
        f.addRow(self.tr("HP"), self.hp)
        f.addRow(self.tr("Saves"), self.saves)
        f.addRow(self.tr("Immunities"), self.immunities)
        f.addRow(self.tr("Weaknesses (PF2e)"), self.weaknesses)
        f.addRow(self.tr("Resistances"), self.resistances)
        f.addRow(self.tr("Vulnerabilities (5e)"), self.vulnerabilities)
        return w

    def _stats_tab(self) -> QWidget:
        w = QWidget()
        f = QFormLayout(w)
        self.perception = _spin(-20, 99, none=True)
        self.initiative = _spin(-20, 99, none=True)
        self.speed = _spin(0, 1000, step=5, suffix=" ft")
        self.speed.setObjectName("creatureSpeed")
        self.speeds = PairTable("Speed", "Feet")
        self.reach = _spin(0, 100, step=5, suffix=" ft")
        self.abilities = PairTable("Ability", "Score / modifier")
        self.skills = PairTable("Skill", "Total")
        self.senses = PairTable("Sense", "Range (ft, optional)")
        self.reactions = QLineEdit()
        self.reactions.setPlaceholderText(self.tr("Reactive Strike, Shield Block …"))
        for t in (self.speeds, self.abilities, self.skills, self.senses):
            t.setMaximumHeight(140)
        f.addRow(self.tr("Perception (PF2e)"), self.perception)
        f.addRow(self.tr("Initiative bonus"), self.initiative)
        f.addRow(self.tr("Speed"), self.speed)
        f.addRow(self.tr("Other speeds"), self.speeds)
        f.addRow(self.tr("Reach"), self.reach)
        self.abilities_label = QLabel(self.tr("Ability scores"))
        f.addRow(self.abilities_label, self.abilities)
        f.addRow(self.tr("Skills"), self.skills)
        f.addRow(self.tr("Senses"), self.senses)
        f.addRow(self.tr("Reactions"), self.reactions)
        return w

    def _attacks_tab(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        hint = QLabel(
            self.tr(
                "Damage as printed: <i>2d6+4 slashing plus 1d6 fire</i>; persistent damage "
                "<i>plus 1d4 persistent fire</i>. Traits / properties comma-separated "
                "(<i>agile, deadly d8, reach 10</i>). Range: PF2e range increment in feet; "
                "5e <i>80/320</i>. Empty range = melee."
            )
        )
        hint.setWordWrap(True)
        self.attacks = QTableWidget(0, 5)
        self.attacks.setObjectName("creatureAttacks")
        self.attacks.setHorizontalHeaderLabels(
            [
                self.tr("Name"),
                self.tr("Bonus"),
                self.tr("Damage"),
                self.tr("Traits / properties"),
                self.tr("Range"),
            ]
        )
        self.attacks.verticalHeader().setVisible(False)
        h = self.attacks.horizontalHeader()
        h.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        h.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.attacks.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        add = QPushButton(self.tr("Add attack"))
        add.clicked.connect(lambda: self._add_attack_row(Attack("Attack", 0, "")))
        remove = QPushButton(self.tr("Remove"))
        remove.clicked.connect(lambda: self.attacks.removeRow(self.attacks.currentRow()))
        row = QHBoxLayout()
        row.addWidget(add)
        row.addWidget(remove)
        row.addStretch(1)
        lay.addWidget(hint)
        lay.addWidget(self.attacks, 1)
        lay.addLayout(row)
        return w

    def _text_tab(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        self.texts = QTableWidget(0, 3)
        self.texts.setHorizontalHeaderLabels([self.tr("Name"), self.tr("Kind"), self.tr("Text")])
        self.texts.verticalHeader().setVisible(False)
        self.texts.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.texts.setWordWrap(True)
        add = QPushButton(self.tr("Add ability"))
        add.clicked.connect(lambda: self._add_text_row(TextAbility("Ability", "", "action")))
        remove = QPushButton(self.tr("Remove"))
        remove.clicked.connect(lambda: self.texts.removeRow(self.texts.currentRow()))
        row = QHBoxLayout()
        row.addWidget(add)
        row.addWidget(remove)
        row.addStretch(1)
        lay.addWidget(QLabel(self.tr("Abilities the rules don't model, kept as text for the stat block.")))
        lay.addWidget(self.texts, 1)
        lay.addLayout(row)
        return w

    # ---- loading

    @property
    def system_key(self) -> str:
        return str(self.system.currentData())

    def load(self, c: Creature) -> None:
        self.name.setText(c.name)
        self.system.setCurrentIndex(SYSTEMS.index(c.system))
        self.size_box.setCurrentIndex(SIZES.index(c.size))
        self.ctype.setText(c.type)
        self.traits.setText(", ".join(c.traits))
        _set(self.level, c.level)
        self.cr.setText("" if c.cr is None else format_cr(c.cr))
        _set(self.prof, c.proficiency_bonus)
        _set(self.xp, c.xp)
        self.pc.setChecked(c.pc)
        self.image.setText(c.image or "")
        self.source.setText(c.source)
        self.notes.setPlainText(c.notes)
        self.spells_tab.load(c)
        self._license = c.license
        _set(self.ac, c.ac)
        _set(self.hp, c.hp)
        self.saves.set_pairs(tuple(c.saves))
        self.immunities.setText(", ".join(c.immunities))
        self.weaknesses.set_pairs(tuple(c.weaknesses))
        self.resistances.set_pairs(tuple(c.resistances))
        self.vulnerabilities.setText(", ".join(c.vulnerabilities))
        _set(self.perception, c.perception)
        _set(self.initiative, c.initiative_bonus)
        self.speed.setValue(c.speed)
        self.speeds.set_pairs(tuple(c.speeds))
        self.reach.setValue(c.reach)
        self.abilities.set_pairs(
            tuple(c.ability_mods if system_for(c.system).sheet.ability_mods else c.abilities)
        )
        self.skills.set_pairs(tuple(c.skills))
        self.senses.set_pairs(tuple((s.type, s.range) for s in c.senses))
        self.reactions.setText(", ".join(c.reactions))
        self.attacks.setRowCount(0)
        for a in c.attacks:
            self._add_attack_row(a)
        self.texts.setRowCount(0)
        for t in c.abilities_text:
            self._add_text_row(t)
        self._system_changed()

    def _add_attack_row(self, a: Attack) -> None:
        row = self.attacks.rowCount()
        self.attacks.insertRow(row)
        if a.range_increment is not None:
            rng = str(a.range_increment)
        elif a.range is not None:
            rng = f"{a.range[0]}/{a.range[1]}"
        else:
            rng = ""
        for col, text in enumerate(
            (a.name, str(a.bonus), a.damage, ", ".join((*a.traits, *a.properties)), rng)
        ):
            self.attacks.setItem(row, col, QTableWidgetItem(text))

    def _add_text_row(self, t: TextAbility) -> None:
        row = self.texts.rowCount()
        self.texts.insertRow(row)
        for col, text in enumerate((t.name, t.kind, t.text)):
            self.texts.setItem(row, col, QTableWidgetItem(text))

    def _system_changed(self) -> None:
        self.spells_tab.set_system(self.system_key)
        sheet = system_for(self.system_key).sheet
        self.abilities_label.setText(sheet.ability_label)
        self.perception.setEnabled(sheet.has_perception)
        self.weaknesses.setEnabled(sheet.has_weaknesses)
        self.vulnerabilities.setEnabled(sheet.has_vulnerabilities)
        self.cr.setEnabled(sheet.has_cr)
        self.prof.setEnabled(sheet.has_cr)
        self.xp.setEnabled(sheet.has_cr)

    def _browse_image(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Portrait"), "", "Pictures (*.png *.jpg *.jpeg *.webp)"
        )
        if path:
            self.image.setText(path)

    # ---- building

    def _cell(self, table: QTableWidget, row: int, col: int) -> str:
        item = table.item(row, col)
        return item.text().strip() if item is not None else ""

    def _attacks(self, sheet: CreatureSheet) -> tuple[Attack, ...]:
        out: list[Attack] = []
        for row in range(self.attacks.rowCount()):
            name = self._cell(self.attacks, row, 0)
            bonus_text = self._cell(self.attacks, row, 1)
            damage = self._cell(self.attacks, row, 2)
            words = _words(self._cell(self.attacks, row, 3))
            rng = self._cell(self.attacks, row, 4).lower().removesuffix("ft").strip()
            if not (name or bonus_text or damage):
                continue
            try:
                bonus = int(bonus_text or "0")
            except ValueError:
                raise CreatureError(
                    f"attacks[{row}].bonus", f"{bonus_text!r} is not a whole number"
                ) from None
            increment: int | None = None
            pair: tuple[int, int] | None = None
            if rng:
                parts = [p.strip() for p in rng.split("/")]
                if not all(p.isdigit() for p in parts) or len(parts) > 2:
                    raise CreatureError(f"attacks[{row}].range", f"{rng!r} is not a range (60, or 80/320)")
                if sheet.range_increments:
                    increment = int(parts[0])
                else:
                    pair = (int(parts[0]), int(parts[-1]))
            if sheet.range_increments:
                out.append(Attack(name, bonus, damage, words, increment))
            else:
                out.append(Attack(name, bonus, damage, (), None, words, pair))
        return tuple(out)

    def _texts(self) -> tuple[TextAbility, ...]:
        out = []
        for row in range(self.texts.rowCount()):
            name = self._cell(self.texts, row, 0)
            text = self._cell(self.texts, row, 2)
            if name or text:
                out.append(TextAbility(name or "Ability", text, self._cell(self.texts, row, 1)))
        return tuple(out)

    def creature(self) -> Creature:
        """The creature the form describes. Raises `CreatureError` naming the bad field."""
        system = self.system_key
        sheet = system_for(system).sheet
        spells, spell_dc, spell_attack, spell_slots = self.spells_tab.values()
        cr_text = self.cr.text().strip()
        cr: float | None = None
        if cr_text and sheet.has_cr:
            try:
                cr = parse_cr(cr_text)
            except (ValueError, ZeroDivisionError):
                raise CreatureError(
                    "cr", f"{cr_text!r} is not a challenge rating (0, 1/8, 1/4, 1/2, 1 … 30)"
                ) from None
        senses = tuple(
            Sense(k, v, self._kept_senses[k].acuity if k in self._kept_senses else None)
            for k, v in self.senses.pairs("senses", optional=True)
        )
        abilities = self.abilities.int_pairs("abilities")
        saves = self.saves.int_pairs("saves")
        valid = set(system_for(system).save_names)
        for key, _ in saves:
            if key not in valid:
                raise CreatureError(f"saves.{key}", f"is not one of {', '.join(sorted(valid))}")
        for key, _ in self.speeds.int_pairs("speeds"):
            if key not in SPEED_KINDS:
                raise CreatureError(f"speeds.{key}", f"is not one of {', '.join(SPEED_KINDS)}")
        return Creature(
            name=self.name.text().strip(),
            system=system,
            size=str(self.size_box.currentData()),
            speed=self.speed.value(),
            speeds=self.speeds.int_pairs("speeds"),
            senses=senses,
            ac=_get(self.ac),
            hp=_get(self.hp),
            saves=saves,
            perception=_get(self.perception) if sheet.has_perception else None,
            abilities=() if sheet.ability_mods else abilities,
            ability_mods=abilities if sheet.ability_mods else (),
            skills=self.skills.int_pairs("skills"),
            immunities=_words(self.immunities.text().lower()),
            weaknesses=self.weaknesses.int_pairs("weaknesses") if sheet.has_weaknesses else (),
            resistances=self.resistances.int_pairs("resistances"),
            vulnerabilities=()
            if not sheet.has_vulnerabilities
            else _words(self.vulnerabilities.text().lower()),
            attacks=self._attacks(sheet),
            reach=self.reach.value(),
            reactions=_words(self.reactions.text()),
            level=_get(self.level),
            cr=cr,
            proficiency_bonus=_get(self.prof) if sheet.has_cr else None,
            traits=_words(self.traits.text().lower()),
            type=self.ctype.text().strip().lower(),
            xp=_get(self.xp) if sheet.has_cr else None,
            pc=self.pc.isChecked(),
            initiative_bonus=_get(self.initiative),
            abilities_text=self._texts(),
            spells=spells,
            spell_dc=spell_dc,
            spell_attack=spell_attack,
            spell_slots=spell_slots,
            image=self.image.text().strip() or None,
            source=self.source.text().strip(),
            license=self._license,
            notes=self.notes.toPlainText().strip(),
        )

    _TAB_OF: ClassVar[dict[str, int]] = {
        **dict.fromkeys(("name", "system", "size", "type", "traits", "level", "cr"), 0),
        **dict.fromkeys(("proficiency_bonus", "xp", "image"), 0),
        **dict.fromkeys(
            ("ac", "hp", "saves", "immunities", "weaknesses", "resistances", "vulnerabilities"), 1
        ),
        **dict.fromkeys(("perception", "initiative_bonus", "speed", "speeds", "reach", "abilities"), 2),
        **dict.fromkeys(("ability_mods", "skills", "senses", "reactions"), 2),
        "attacks": 3,
        "abilities_text": 4,
        **dict.fromkeys(("spells", "spell_dc", "spell_attack", "spell_slots"), 5),
    }

    def accept(self) -> None:
        try:
            self.result_creature = self.creature()
        except CreatureError as exc:
            head = exc.field.split(".")[0].split("[")[0]
            self.tabs.setCurrentIndex(self._TAB_OF.get(head, 0))
            self.error.setText(f"{exc.field}: {exc.detail}" if exc.field else exc.detail)
            self.error.show()
            return
        self.error.hide()
        super().accept()


def edit_creature(creature: Creature | None, system: str, parent: QWidget | None = None) -> CreatureEditor:
    """Open the editor (non-modal); read `result_creature` when it is accepted."""
    dialog = CreatureEditor(creature, system, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
    dialog.open()
    return dialog
