"""The compendium's spells tab: the spells of the scene's system — the bundled SRD list (5e:
`rules.io.bundled_spells`) and every spell of the compendium's creatures — searchable by name and words of
its text (name matches first), filtered by level (rank) and by tradition or class, with the spell's
text. "Give to selected" asks for the spell to be given to the selected creatures (`give_requested`;
the window runs the engine's `GiveSpells`).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rules.model.spell import Spell, damage_formula
from rules.saves import SAVE_LABELS

TRADITIONS = ("arcane", "divine", "occult", "primal")


def spell_groups(spell: Spell) -> tuple[str, ...]:
    """The traditions (PF2e) or classes (5e) a spell belongs to, as its data gives them."""
    found: list[str] = [t for t in spell.traits if t in TRADITIONS]
    for key in ("traditions", "classes"):
        raw = spell.extra.get(key)
        if isinstance(raw, list):
            found += [str(x).lower() for x in raw if isinstance(x, str)]
    return tuple(dict.fromkeys(found))


def spell_html(spell: Spell) -> str:
    """The spell's block: its level, save or attack, area, damage, and its rules text."""
    import html

    def tr(text: str) -> str:
        return QCoreApplication.translate("SpellCompendium", text)

    facts: list[str] = []
    if spell.area is not None:
        facts.append(spell.area.text)
    if spell.range is not None:
        facts.append(tr("range {feet} ft").format(feet=spell.range))
    if spell.save is not None:
        save = SAVE_LABELS.get(spell.save.stat, spell.save.stat)
        facts.append((tr("basic {save} save") if spell.save.basic else tr("{save} save")).format(save=save))
    if spell.attack:
        facts.append(tr("spell attack"))
    formula = damage_formula(spell.damage)
    if formula:
        facts.append(formula)
    groups = ", ".join(spell_groups(spell))
    text = html.escape(spell.text).replace("\n", "<br>")
    source = html.escape(" · ".join(x for x in (spell.source, spell.license) if x))
    return (
        f"<h3>{html.escape(spell.name)}</h3><p><b>{spell.level}</b> · {html.escape(' · '.join(facts))}</p>"
        f"<p><i>{html.escape(groups)}</i></p><p>{text}</p><p style='color:#888'>{source}</p>"
    )


class SpellCompendium(QWidget):
    #: Give this spell to the selected creatures.
    give_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("spellCompendium")
        self.spells: tuple[Spell, ...] = ()
        self.search = QLineEdit()
        self.search.setObjectName("spellCompendiumSearch")
        self.search.setPlaceholderText(self.tr("Search spells: name or words of the text"))
        self.search.setClearButtonEnabled(True)
        self.low = QSpinBox()
        self.high = QSpinBox()
        for box, value in ((self.low, 0), (self.high, 10)):
            box.setRange(0, 10)
            box.setValue(value)
        self.low.setObjectName("spellCompendiumLow")
        self.high.setObjectName("spellCompendiumHigh")
        self.group = QComboBox()
        self.group.setObjectName("spellCompendiumGroup")
        self.group.setToolTip(self.tr("Tradition (PF2e) or class (5e)"))
        self.list = QTreeWidget()
        self.list.setObjectName("spellCompendiumList")
        self.list.setRootIsDecorated(False)
        self.list.setHeaderLabels([self.tr("Spell"), self.tr("Level")])
        self.text = QTextBrowser()
        self.text.setObjectName("spellCompendiumText")
        self.give_button = QPushButton(self.tr("Give to selected creatures"))
        self.give_button.setObjectName("spellCompendiumGive")
        self.status = QLabel()
        filters = QGridLayout()
        filters.addWidget(self.search, 0, 0, 1, 4)
        filters.addWidget(QLabel(self.tr("Level / rank")), 1, 0)
        filters.addWidget(self.low, 1, 1)
        filters.addWidget(self.high, 1, 2)
        filters.addWidget(self.group, 1, 3)
        top = QWidget()
        tl = QVBoxLayout(top)
        tl.setContentsMargins(0, 0, 0, 0)
        tl.addLayout(filters)
        tl.addWidget(self.list, 1)
        tl.addWidget(self.status)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(self.text)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(split, 1)
        lay.addWidget(self.give_button)
        self.search.textChanged.connect(lambda _t: self.apply_filter())
        self.low.valueChanged.connect(lambda _v: self.apply_filter())
        self.high.valueChanged.connect(lambda _v: self.apply_filter())
        self.group.currentIndexChanged.connect(lambda _i: self.apply_filter())
        self.list.currentItemChanged.connect(lambda *_a: self._show_current())
        self.give_button.clicked.connect(self._give)

    def set_spells(self, spells: Iterable[Spell]) -> None:
        """The spells to list (a later spell of the same name is left out)."""
        seen: dict[str, Spell] = {}
        for s in spells:
            seen.setdefault(s.name.lower(), s)
        self.spells = tuple(sorted(seen.values(), key=lambda s: (s.level, s.name.lower())))
        groups = sorted({g for s in self.spells for g in spell_groups(s)})
        keep = self.group.currentData()
        self.group.blockSignals(True)
        self.group.clear()
        self.group.addItem(self.tr("Any tradition or class"), "")
        for g in groups:
            self.group.addItem(g.capitalize(), g)
        self.group.setCurrentIndex(max(0, self.group.findData(keep)))
        self.group.blockSignals(False)
        self.apply_filter()

    def visible_spells(self) -> list[Spell]:
        words = self.search.text().lower().split()
        group = str(self.group.currentData() or "")
        out = []
        for s in self.spells:
            if not self.low.value() <= s.level <= self.high.value():
                continue
            if group and group not in spell_groups(s):
                continue
            hay = f"{s.name} {s.text} {' '.join(s.traits)}".lower()
            if all(w in hay for w in words):
                out.append(s)
        # spells whose name matches come first, then those whose text does
        return sorted(out, key=lambda s: not all(w in s.name.lower() for w in words))

    def apply_filter(self) -> None:
        shown = self.visible_spells()
        current = self.current()
        self.list.blockSignals(True)
        self.list.clear()
        for s in shown:
            item = QTreeWidgetItem([s.name, str(s.level)])
            item.setData(0, Qt.ItemDataRole.UserRole, s.name)
            self.list.addTopLevelItem(item)
        self.list.blockSignals(False)
        self.status.setText(self.tr("{n} of {total} spells").format(n=len(shown), total=len(self.spells)))
        kept = current is not None and self.select_name(current.name)
        if not kept and shown and (first := self.list.topLevelItem(0)) is not None:
            self.list.setCurrentItem(first)
        self._show_current()

    def current(self) -> Spell | None:
        item = self.list.currentItem()
        if item is None:
            return None
        name = item.data(0, Qt.ItemDataRole.UserRole)
        return next((s for s in self.spells if s.name == name), None)

    def select_name(self, name: str) -> bool:
        for i in range(self.list.topLevelItemCount()):
            item = self.list.topLevelItem(i)
            if item is not None and item.data(0, Qt.ItemDataRole.UserRole) == name:
                self.list.setCurrentItem(item)
                return True
        return False

    def _show_current(self) -> None:
        s = self.current()
        self.text.setHtml(spell_html(s) if s is not None else "")
        self.give_button.setEnabled(s is not None)

    def _give(self) -> None:
        s = self.current()
        if s is not None:
            self.give_requested.emit(s)
