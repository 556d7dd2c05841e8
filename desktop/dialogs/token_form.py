"""The "add token" form: start from a compendium entry (a searchable pick list) or a blank creature.

* **From the compendium**: type to filter the list (name, type, traits; only the scene's game), pick an
  entry, say how many and for which side. OK places them through one `rules.play.creatures.PlaceCreatures`
  (the creature enters the scene's creatures table once; the tokens reference it).
* **Blank creature** (the first row of the list): name, side, size and the few numbers a GM types at the
  table — HP, AC and speed — added as a plain token.

`command(scene)` is the one command the window executes (None when there is no room).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QWidget,
)

from desktop.widgets.side_picker import SidePicker
from rules.geometry.coords import SIZES, Cell
from rules.model.creature import Creature
from rules.model.scene import Scene, Token
from rules.play.creatures import PlaceCreatures, place_creatures_command
from rules.play.edits import AddTokens, add_token_command, unique_token_id
from rules.systems import same_game, system_for

#: The list row that means "a blank creature" (no compendium entry).
BLANK = "Blank creature"


def _same_game(creature: Creature, system: str) -> bool:
    return same_game(creature.system, system)


def _matches(book: str, c: Creature, words: list[str]) -> bool:
    text = " ".join((c.name, c.type, " ".join(c.traits), book, c.challenge())).lower()
    return all(w in text for w in words)


class TokenForm(QDialog):
    def __init__(
        self,
        system: str,
        cell: Cell,
        sides: list[str],
        parent: QWidget | None = None,
        entries: Sequence[tuple[str, Creature]] = (),
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Add token"))
        self.setObjectName("tokenForm")
        self.system = system
        self.cell = cell
        #: The compendium entries of the scene's game: (book, creature).
        self.entries = [(book, c) for book, c in entries if _same_game(c, system)]
        self.search = QLineEdit()
        self.search.setObjectName("tokenFormSearch")
        self.search.setPlaceholderText(self.tr("Search the compendium: name, type, trait, level…"))
        self.search.setClearButtonEnabled(True)
        self.pick = QListWidget()
        self.pick.setObjectName("tokenFormPick")
        self.pick.setMinimumHeight(140)
        self.count = QSpinBox()
        self.count.setRange(1, 20)
        self.count.setToolTip(self.tr("How many tokens of the creature (numbered names for more than one)"))
        self.name = QLineEdit()
        self.name.setPlaceholderText(self.tr("e.g. Goblin 1"))
        self.side = SidePicker()
        self.side.set_sides(sides)
        self.side.set_side("enemies")
        self.pc = QCheckBox(self.tr("Player character / important NPC"))
        self.pc.setObjectName("tokenFormPc")
        self.pc.setToolTip(self.tr("PF2e: dying at 0 HP · 5e: death saves at 0 HP (others die)"))
        #: The GM ticked or unticked the PC box: the side no longer decides it.
        self._pc_set = False
        self.pc.clicked.connect(lambda _on: setattr(self, "_pc_set", True))
        self.own_dice = QCheckBox(self.tr("Rolls own dice"))
        self.own_dice.setObjectName("tokenFormOwnDice")
        self.own_dice.setToolTip(
            self.tr("This player rolls their own dice: the app asks for the number instead of rolling")
        )
        self.side.side_chosen.connect(lambda _side: self._pc_from_side())
        self.size_box = QComboBox()
        for s in SIZES:
            self.size_box.addItem(s.capitalize(), s)
        self.size_box.setCurrentIndex(SIZES.index("medium"))
        self.hp = QSpinBox()
        self.hp.setRange(1, 9999)
        self.hp.setValue(15)
        self.ac = QSpinBox()
        self.ac.setRange(1, 60)
        self.ac.setValue(15)
        self.speed = QSpinBox()
        self.speed.setRange(0, 300)
        self.speed.setSingleStep(5)
        self.speed.setSuffix(self.tr(" ft"))
        self.speed.setValue(system_for(system).default_speed)
        form = QFormLayout(self)
        if self.entries:
            form.addRow(self.tr("Find"), self.search)
            form.addRow(self.tr("Creature"), self.pick)
            form.addRow(self.tr("Count"), self.count)
        else:
            self.search.hide()
            self.pick.hide()
            self.count.hide()
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Side"), self.side)
        pc_row = QHBoxLayout()  # the player's two switches share a row
        pc_row.setContentsMargins(0, 0, 0, 0)
        pc_row.addWidget(self.pc)
        pc_row.addWidget(self.own_dice)
        pc_row.addStretch(1)
        form.addRow("", pc_row)
        form.addRow(self.tr("Size"), self.size_box)
        form.addRow(self.tr("HP"), self.hp)
        form.addRow(self.tr("AC"), self.ac)
        form.addRow(self.tr("Speed"), self.speed)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.search.textChanged.connect(self._fill)
        self.search.returnPressed.connect(self.accept)
        self.pick.currentItemChanged.connect(lambda _new, _old: self._show_pick())
        self.pick.itemDoubleClicked.connect(lambda _item: self.accept())
        self._fill()

    # ---- the pick list

    def _fill(self) -> None:
        """The blank creature, then the entries matching the search (sorted by name)."""
        words = self.search.text().lower().split()
        keep = self.creature()
        self.pick.blockSignals(True)
        self.pick.clear()
        blank = QListWidgetItem(BLANK)
        blank.setData(Qt.ItemDataRole.UserRole, -1)
        self.pick.addItem(blank)
        found = [i for i, (book, c) in enumerate(self.entries) if _matches(book, c, words)]
        found.sort(key=lambda i: (self.entries[i][1].name.lower(), self.entries[i][0]))
        current = blank
        for i in found:
            book, c = self.entries[i]
            detail = " · ".join(x for x in (c.challenge(), c.size, book) if x)
            item = QListWidgetItem(f"{c.name} ({detail})")
            item.setData(Qt.ItemDataRole.UserRole, i)
            self.pick.addItem(item)
            if keep is not None and c is keep:
                current = item
        if words and current is blank and found:
            current = self.pick.item(1)
        self.pick.setCurrentItem(current)
        self.pick.blockSignals(False)
        self._show_pick()

    def creature(self) -> Creature | None:
        """The picked compendium creature (None: a blank creature)."""
        item = self.pick.currentItem()
        index = -1 if item is None else int(item.data(Qt.ItemDataRole.UserRole))
        return self.entries[index][1] if 0 <= index < len(self.entries) else None

    def select_creature(self, name: str) -> bool:
        """Pick the first entry named `name` (clearing the search); False when there is none."""
        self.search.setText("")
        for row in range(1, self.pick.count()):
            item = self.pick.item(row)
            c = self.entries[int(item.data(Qt.ItemDataRole.UserRole))][1]
            if c.name == name:
                self.pick.setCurrentItem(item)
                return True
        return False

    def _show_pick(self) -> None:
        """A picked creature fills the boxes with its statistics (they are its, not editable here); the
        blank creature makes them editable again."""
        c = self.creature()
        for box in (self.size_box, self.hp, self.ac, self.speed):
            box.setEnabled(c is None)
        self.count.setEnabled(c is not None)
        if c is None:
            return
        self.name.setText(c.name)
        self.side.set_side("party" if c.pc else "enemies")
        self._pc_set = False
        self.pc.setChecked(c.pc)
        self.size_box.setCurrentIndex(SIZES.index(c.size))
        if c.hp is not None:
            self.hp.setValue(c.hp)
        if c.ac is not None:
            self.ac.setValue(c.ac)
        self.speed.setValue(c.speed)

    # ---- the result

    def _side(self) -> str:
        return self.side.side() or "neutral"

    def _pc_from_side(self) -> None:
        """A new token on the party's side is a player character unless the GM said otherwise."""
        if not self._pc_set:
            self.pc.setChecked(self.side.side() == "party")

    def token(self, scene: Scene) -> Token:
        """The blank creature's token the form describes, with an id not used in `scene`."""
        name = self.name.text().strip() or "Creature"
        size = str(self.size_box.currentData())
        reach = system_for(self.system).default_reach(size)
        tid = unique_token_id(scene, name)
        return Token(
            id=tid,
            cell=self.cell,
            size=size,
            side=self._side(),
            speed=self.speed.value(),
            reach=reach,
            ac=self.ac.value(),
            hp=self.hp.value(),
            max_hp=self.hp.value(),
            name=name,
            pc=self.pc.isChecked(),
            own_dice=self.own_dice.isChecked(),
        )

    def command(self, scene: Scene) -> PlaceCreatures | AddTokens | None:
        """The one command adding what the form describes: the picked creature's tokens (linked to the
        scene's creatures table; one token keeps the typed name) or the blank creature's token. None when
        there is no free square near the cell."""
        c = self.creature()
        if c is None:
            return add_token_command(scene, self.token(scene))
        count = self.count.value()
        name = self.name.text().strip()
        names = [name] if count == 1 and name else None
        command = place_creatures_command(scene, c, count, self.cell, side=self._side(), names=names)
        if command is not None and self.own_dice.isChecked():
            command = replace(command, tokens=tuple(replace(t, own_dice=True) for t in command.tokens))
        return command
