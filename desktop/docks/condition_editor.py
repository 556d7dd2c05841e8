"""The condition editor: a token's conditions, picked from its system's list, with values and durations.

The dialog edits a copy: the list of the token's conditions (``frightened 2``, ``prone``) and, where the
system has persistent damage (PF2e), its persistent damages (``1d6 persistent fire``), an "add" row
(condition, value for valued ones, duration; for persistent damage its formula and damage type, which it
takes at the end of each of its turns before a DC 15 flat check ends it) and a live preview of the token
with its badges. It never changes the document; the caller reads `conditions()` (the token's new
conditions), `persistent()` (its persistent damages) and `effects()` (one `rules.model.effects.Effect` per
condition added with a duration other than "until removed", for the encounter to tick) and executes one
command.

Durations offered (`rules.model.effects.Ends`): until removed; until the end of the token's next turn;
until the start of its next turn; for N rounds (counted at the start of the token's turns: the GM's
shorthand for effects it created); until a successful save; while sustained (by the token).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon, QPainter, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.i18n.condition_names import condition_name
from desktop.look.condition_icons import badge_pixmap
from desktop.map.items.token_item import TokenItem
from rules import dice
from rules.geometry.coords import Cell
from rules.model.effects import END, START, Effect, Ends
from rules.model.scene import PersistentDamage, Token
from rules.systems import system_for
from rules.systems.condition_text import PERSISTENT_MARK

#: Duration choices: (label, key).
DURATIONS: tuple[tuple[str, str], ...] = (
    ("Until removed", "hand"),
    ("Until the end of its next turn", "end"),
    ("Until the start of its next turn", "start"),
    ("For N rounds", "rounds"),
    ("Until a successful save", "save"),
    ("While sustained", "sustained"),
)


def system_conditions(system: str) -> list[tuple[str, bool]]:
    """The system's conditions as (name, valued), in the rules' order (`RuleSystem.condition_choices`)."""
    return list(system_for(system).condition_choices())


class _Preview(QGraphicsView):
    """The token drawn as on the map, kept whole in view at any size."""

    def fit(self) -> None:
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()


class ConditionEditor(QDialog):
    def __init__(
        self, token: Token, system: str, parent: QWidget | None = None, *, own_turn: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName("conditionEditor")
        self.setWindowTitle(self.tr("Conditions — {label}").format(label=token.label))
        self.token = token
        self.system = system
        #: It is the token's turn now: "until the end of its next turn" is the end of the turn after this
        #: one (the current turn's end counts first, `rules.model.effects.Ends`).
        self.own_turn = own_turn
        self._conditions: list[str] = list(token.conditions)
        self._persistent: list[PersistentDamage] = list(token.persistent)
        rules = system_for(system)
        #: The pick that stands for persistent damage (its formula and type are asked for instead).
        self._persistent_pick = PERSISTENT_MARK if rules.persistent_damage else None
        self._effects: list[Effect] = []
        self._serial = 0
        self._valued = dict(system_conditions(system))

        self.listing = QListWidget()
        self.listing.setObjectName("conditionList")
        self.remove_button = QPushButton(self.tr("Remove"))
        self.pick = QComboBox()
        self.pick.setObjectName("conditionPick")
        for name, valued in system_conditions(system):
            self.pick.addItem(QIcon(badge_pixmap(name, 18)), name + (" N" if valued else ""), name)
            self.pick.setItemData(
                self.pick.count() - 1, condition_name(name, system), Qt.ItemDataRole.ToolTipRole
            )
        self.value = QSpinBox()
        self.value.setRange(1, 10)
        self.duration = QComboBox()
        for label, key in DURATIONS:
            self.duration.addItem(label, key)
        self.rounds = QSpinBox()
        self.rounds.setRange(1, 100)
        self.rounds.setValue(1)
        self.rounds.setSuffix(self.tr(" rounds"))
        self.save = QLineEdit()
        self.save.setPlaceholderText(self.tr("e.g. Will DC 20"))
        self.source = QLineEdit()
        self.source.setPlaceholderText(self.tr("what caused it (optional)"))
        self.formula = QLineEdit()
        self.formula.setObjectName("persistentFormula")
        self.formula.setPlaceholderText(self.tr("e.g. 1d6, 2d4+1, 3"))
        self.formula.setToolTip(self.tr("The damage it takes at the end of each of its turns"))
        self.damage_type = QComboBox()
        self.damage_type.setObjectName("persistentType")
        for kind in rules.damage_types:
            self.damage_type.addItem(kind, kind)
        self.damage_type.setCurrentIndex(max(0, self.damage_type.findData("fire")))
        self.add_error = QLabel()
        self.add_error.setObjectName("conditionAddError")
        self.add_error.setStyleSheet("color: #ff5a4e;")
        self.add_error.setWordWrap(True)
        self.add_error.hide()
        self.add_button = QPushButton(self.tr("Add"))
        self.add_button.setDefault(False)

        self.preview_scene = QGraphicsScene(self)
        self.preview_item = TokenItem(replace(token, cell=Cell(0, 0)))
        self.preview_scene.addItem(self.preview_item)
        self.preview = _Preview(self.preview_scene)
        self.preview.setObjectName("conditionPreview")
        self.preview.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.preview.setMinimumSize(220, 160)
        self.preview.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.preview.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.effects_label = QLabel()
        self.effects_label.setWordWrap(True)

        add_form = QFormLayout()
        add_form.addRow(self.tr("Condition"), self.pick)
        add_form.addRow(self.tr("Value"), self.value)
        add_form.addRow(self.tr("Damage"), self.formula)
        add_form.addRow(self.tr("Damage type"), self.damage_type)
        add_form.addRow(self.tr("Duration"), self.duration)
        add_form.addRow(self.tr("Rounds"), self.rounds)
        add_form.addRow(self.tr("Save"), self.save)
        add_form.addRow(self.tr("Source"), self.source)
        add_form.addRow("", self.add_button)
        add_form.addRow("", self.add_error)
        self._add_form = add_form
        left = QVBoxLayout()
        left.addWidget(QLabel(self.tr("On the token")))
        left.addWidget(self.listing, 1)
        left.addWidget(self.remove_button)
        right = QVBoxLayout()
        right.addLayout(add_form)
        right.addWidget(self.preview, 1)
        right.addWidget(self.effects_label)
        body = QHBoxLayout()
        body.addLayout(left, 1)
        body.addLayout(right, 1)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        outer = QVBoxLayout(self)
        outer.addLayout(body, 1)
        outer.addWidget(buttons)

        self.pick.currentIndexChanged.connect(lambda _i: self._update_inputs())
        self.duration.currentIndexChanged.connect(lambda _i: self._update_inputs())
        self.add_button.clicked.connect(self.add_selected)
        self.remove_button.clicked.connect(self.remove_selected)
        self._refresh()
        self._update_inputs()

    # ---- reading the result

    def conditions(self) -> tuple[str, ...]:
        return tuple(self._conditions)

    def persistent(self) -> tuple[PersistentDamage, ...]:
        """The token's persistent damages after the edit."""
        return tuple(self._persistent)

    def effects(self) -> tuple[Effect, ...]:
        """The durations chosen for conditions added in this dialog (and still on the token)."""
        names = {c.split()[0].lower() for c in self._conditions}
        return tuple(e for e in self._effects if e.name in names)

    def edited_token(self) -> Token:
        return replace(self.token, conditions=self.conditions(), persistent=self.persistent())

    # ---- editing

    def select_condition(self, name: str) -> None:
        i = self.pick.findData(name)
        if i < 0:
            raise ValueError(f"{name!r} is not a {self.system} condition")
        self.pick.setCurrentIndex(i)

    def select_duration(self, key: str) -> None:
        i = self.duration.findData(key)
        if i < 0:
            raise ValueError(f"{key!r} is not a duration")
        self.duration.setCurrentIndex(i)

    def add_persistent(self) -> bool:
        """Add the persistent damage of the formula and type boxes (of the same type as one on the token,
        it takes that one's place). False, with the reason shown, when the formula isn't dice."""
        formula = self.formula.text().strip()
        try:
            parsed = dice.parse(formula)
            if len(parsed.parts) != 1 or parsed.parts[0].damage_type:
                raise dice.DiceSyntaxError(
                    formula, 0, self.tr("write only the dice; the type is picked below")
                )
        except dice.DiceSyntaxError as exc:
            self.add_error.setText(self.tr("Damage: {problem}").format(problem=exc.short))
            self.add_error.show()
            return False
        kind = str(self.damage_type.currentData())
        new = PersistentDamage(parsed.parts[0].expr.render(), kind)
        self._persistent = [p for p in self._persistent if p.type != kind] + [new]
        self.add_error.hide()
        self._refresh()
        return True

    def add_selected(self) -> None:
        name = str(self.pick.currentData())
        if name == self._persistent_pick:
            self.add_persistent()
            return
        valued = self._valued.get(name, False)
        value = self.value.value() if valued else None
        text = name if value is None else f"{name} {value}"
        self._conditions = [c for c in self._conditions if c.split()[0].lower() != name] + [text]
        self._effects = [e for e in self._effects if e.name != name]
        ends = self._ends()
        if ends is not None:
            self._serial += 1
            self._effects.append(
                Effect(
                    f"{self.token.id}-{name}-{self._serial}",
                    self.token.id,
                    name,
                    value,
                    ends,
                    source=self.source.text().strip(),
                )
            )
        self._refresh()

    def remove_selected(self) -> None:
        row = self.listing.currentRow()
        if 0 <= row < len(self._conditions):
            del self._conditions[row]
            self._refresh()
        elif 0 <= row - len(self._conditions) < len(self._persistent):
            del self._persistent[row - len(self._conditions)]
            self._refresh()

    def _ends(self) -> Ends | None:
        key = str(self.duration.currentData())
        who = self.token.id
        if key == "end":
            return Ends.at_turn(who, END, 2 if self.own_turn else 1)
        if key == "start":
            return Ends.at_turn(who, START)
        if key == "rounds":
            return Ends.after_rounds(self.rounds.value(), who)
        if key == "save":
            return Ends.on_save(self.save.text().strip() or "a save")
        if key == "sustained":
            return Ends.when_not_sustained(who)
        return None

    def _update_inputs(self) -> None:
        pick = str(self.pick.currentData())
        lasting = pick == self._persistent_pick
        self.value.setEnabled(self._valued.get(pick, False))
        key = str(self.duration.currentData())
        self.rounds.setEnabled(key == "rounds" and not lasting)
        self.save.setEnabled(key == "save" and not lasting)
        self.duration.setEnabled(not lasting)  # it ends by its flat check at the end of each turn
        for field in (self.formula, self.damage_type):
            field.setVisible(lasting)
            label = self._add_form.labelForField(field)
            if label is not None:
                label.setVisible(lasting)
        self.value.setVisible(not lasting)
        label = self._add_form.labelForField(self.value)
        if label is not None:
            label.setVisible(not lasting)

    def _refresh(self) -> None:
        self.listing.clear()
        for c in self._conditions:
            item = QListWidgetItem(QIcon(badge_pixmap(c, 18)), c)
            item.setToolTip(condition_name(c, self.system))
            self.listing.addItem(item)
        for p in self._persistent:
            item = QListWidgetItem(
                QIcon(badge_pixmap(f"persistent-{p.type}", 18)),
                self.tr("{damage} persistent {type}").format(damage=p.damage, type=p.type),
            )
            item.setToolTip(self.tr("Taken at the end of each of its turns; a DC 15 flat check then ends it"))
            self.listing.addItem(item)
        self.preview_item.sync(replace(self.edited_token(), cell=Cell(0, 0)))
        self.preview.setSceneRect(self.preview_item.sceneBoundingRect().adjusted(-12, -12, 12, 12))
        self.preview.fit()
        shown = [e.describe() for e in self.effects()]
        self.effects_label.setText("\n".join(shown))


__all__ = ["DURATIONS", "ConditionEditor", "system_conditions"]
