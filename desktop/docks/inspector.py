"""The inspector dock: edit the selected token's name, side, size, numbers and conditions.

Every change is one `UpdateToken` command (typing into one field merges into one undo step). The dock shows
what the document says; it re-reads the token after every change and never keeps its own copy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.dice import app_dice, ask_or_roll, rolls_own_dice
from desktop.docks.condition_editor import ConditionEditor
from desktop.document import Document
from desktop.look.condition_icons import condition_texts
from desktop.map.scene import MapScene
from desktop.widgets.condition_icons import ConditionIcons
from desktop.widgets.side_picker import SidePicker
from rules import dice
from rules.dice import DieSource, ScriptedDice
from rules.geometry.coords import SIZES
from rules.model.scene import MAX_TOKEN_NUMBER, Token
from rules.model.state import GameState
from rules.play.edit_words import edit_sentence
from rules.play.edits import UpdateToken, end_turn_command
from rules.play.effects import EditConditions, healing_command
from rules.play.moves import budget_for
from rules.play.numbers import SetTokenNumber
from rules.play.rolls import SetHeroPoints
from rules.play.table_dice import SetOwnDice
from rules.systems import healing, system_for
from rules.systems.condition_text import ConditionTextError, conditions_text, read_conditions

NONE = -1  # spin box value shown as "—" (no value)


def _spin(lo: int, hi: int, step: int = 1, suffix: str = "", optional: bool = False) -> QSpinBox:
    box = QSpinBox()
    box.setRange(NONE if optional else lo, hi)
    box.setSingleStep(step)
    if suffix:
        box.setSuffix(suffix)
    if optional:
        box.setSpecialValueText("—")
    box.setKeyboardTracking(False)
    return box


class InspectorDock(QDockWidget):
    #: The GM asked for the token's spell list (its id).
    spells_requested = Signal(str)

    def __init__(self, doc: Document, map_scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(QCoreApplication.translate("InspectorDock", "Inspector"), parent)
        self.setObjectName("inspectorDock")
        self.doc = doc
        self.map_scene = map_scene
        self.token_id: str | None = None
        self._syncing = False
        #: The token whose typed conditions were refused (the box keeps the text to correct).
        self._error_for: str | None = None

        self.stack = QStackedWidget()
        self.empty = QLabel(
            self.tr("Select a token to edit it.\n\nDouble-click a token, or right-click the map to add one.")
        )
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.many = QLabel()
        self.many.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.many.setWordWrap(True)
        self.form_page = QWidget()
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self.many)
        self.stack.addWidget(self.form_page)
        # the form scrolls in a short window: the dock never raises the window's minimum height
        self.scroller = QScrollArea()
        self.scroller.setObjectName("inspectorScroll")
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroller.setWidget(self.stack)
        self.setWidget(self.scroller)

        self.id_label = QLabel()
        self.id_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.name = QLineEdit()
        self.name.setPlaceholderText(self.tr("Name shown on the map"))
        self.side = SidePicker()
        self.size_box = QComboBox()
        for s in SIZES:
            self.size_box.addItem(s.capitalize(), s)
        self.pc = QCheckBox(self.tr("Player character / important NPC"))
        self.pc.setToolTip(self.tr("PF2e: dying at 0 HP · 5e: death saves at 0 HP (others die)"))
        self.own_dice = QCheckBox(self.tr("Rolls own dice"))
        self.own_dice.setObjectName("ownDice")
        self.own_dice.setToolTip(
            self.tr("This player rolls their own dice: the app asks for the number instead of rolling")
        )
        self.speed = _spin(0, 300, 5, " ft")
        self.reach = _spin(0, 60, 5, " ft")
        self.elevation = _spin(0, 5000, 5, " ft")
        self.elevation.setObjectName("elevation")
        self.elevation.setToolTip(self.tr("Height above the ground in feet (flying, climbing)"))
        self.ac = _spin(0, 60, optional=True)
        self.base_number = _spin(0, MAX_TOKEN_NUMBER, optional=True)
        self.base_number.setObjectName("baseNumber")
        self.base_number.setToolTip(self.tr("The number on the miniature's base (shown on both screens)"))
        self.hp = _spin(0, 9999, optional=True)
        self.max_hp = _spin(0, 9999, optional=True)
        self.temp_hp = _spin(0, 999)
        self.hero_points = _spin(0, 99)
        self.hero_points.setObjectName("heroPoints")
        self.hero_points.setToolTip(self.tr("Spend one to reroll a check (the new roll is kept)"))
        self.inspiration = QCheckBox(self.tr("has it"))
        self.inspiration.setObjectName("inspiration")
        self.heroics_label = QLabel(self.tr("Hero Points"))
        self.conditions = QLineEdit()
        self.conditions.setPlaceholderText(self.tr("e.g. frightened 1, prone"))
        self.conditions.setObjectName("conditionsText")
        self.conditions.setToolTip(
            self.tr(
                "Conditions, separated by commas; valued ones as “frightened 2”; PF2e persistent damage as"
                " “1d6 persistent fire”"
            )
        )
        self.death_saves = QLabel()
        self.death_saves.setObjectName("deathSaves")
        self.death_saves.setToolTip(
            self.tr("Death saving throws: three successes make it stable, three failures kill it")
        )
        self.death_saves_label = QLabel(self.tr("Death saves"))
        #: The conditions as icons, each named in its tooltip (`desktop.widgets.condition_icons`).
        self.condition_icons = ConditionIcons(size=22)
        self.condition_icons.setObjectName("inspectorConditionIcons")
        self.condition_icons.hide()
        self.conditions_error = QLabel()
        self.conditions_error.setObjectName("conditionsError")
        self.conditions_error.setWordWrap(True)
        self.conditions_error.setStyleSheet("color: #ff5a4e;")
        self.conditions_error.hide()
        self.conditions_button = QPushButton(self.tr("Edit…"))
        self.conditions_button.setToolTip(
            self.tr("Pick conditions from the system's list, with values and durations")
        )
        self.heal_amount = QLineEdit("1")
        self.heal_amount.setObjectName("healAmount")
        self.heal_amount.setPlaceholderText(self.tr("7 or 2d8+5"))
        self.heal_amount.setToolTip(
            self.tr("HP to regain or temporary HP to gain: a number, or dice the app rolls (2d8+5)")
        )
        self.heal_amount.setMaximumWidth(110)
        self.heal_error = QLabel()
        self.heal_error.setObjectName("healError")
        self.heal_error.setWordWrap(True)
        self.heal_error.setStyleSheet("color: #ff5a4e;")
        self.heal_error.hide()
        #: Where the heal and temp-HP dice come from: the app's one die source (`desktop.dice`).
        self.dice_source: Callable[[], DieSource] = app_dice
        self.heal_button = QPushButton(self.tr("Heal"))
        self.heal_button.setToolTip(self.tr("Regain HP by the rules (never above max HP; wakes from 0 HP)"))
        self.temp_button = QPushButton(self.tr("Temp HP"))
        self.temp_button.setToolTip(self.tr("Gain temporary HP (they don't stack: the higher stays)"))
        self.image = QLineEdit()
        self.image.setPlaceholderText(self.tr("portrait file (optional)"))
        self.movement = QLabel()
        self.movement.setWordWrap(True)
        self.end_turn = QPushButton(self.tr("End turn"))
        self.end_turn.setToolTip(self.tr("Reset this token's movement for the turn (E)"))

        hp_row = QWidget()
        hp_lay = QHBoxLayout(hp_row)
        hp_lay.setContentsMargins(0, 0, 0, 0)
        hp_lay.addWidget(self.hp)
        hp_lay.addWidget(QLabel("/"))
        hp_lay.addWidget(self.max_hp)
        cond_row = QWidget()
        cond_lay = QHBoxLayout(cond_row)
        cond_lay.setContentsMargins(0, 0, 0, 0)
        cond_lay.addWidget(self.conditions, 1)
        cond_lay.addWidget(self.conditions_button)
        heal_row = QWidget()
        heal_lay = QHBoxLayout(heal_row)
        heal_lay.setContentsMargins(0, 0, 0, 0)
        heal_lay.addWidget(self.heal_amount)
        heal_lay.addWidget(self.heal_button)
        heal_lay.addWidget(self.temp_button)
        move_row = QWidget()
        move_lay = QHBoxLayout(move_row)
        move_lay.setContentsMargins(0, 0, 0, 0)
        move_lay.addWidget(self.movement, 1)
        move_lay.addWidget(self.end_turn)

        form = QFormLayout()
        form.addRow(self.tr("Id"), self.id_label)
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Side"), self.side)
        form.addRow(self.tr("Size"), self.size_box)
        pc_row = QWidget()  # the player's two switches, one above the other: side by side they made the
        pc_lay = QVBoxLayout(pc_row)  # dock wider than its place in a 1280-pixel window
        pc_lay.setContentsMargins(0, 0, 0, 0)
        pc_lay.setSpacing(2)
        pc_lay.addWidget(self.pc)
        pc_lay.addWidget(self.own_dice)
        form.addRow("", pc_row)
        form.addRow(self.tr("Speed"), self.speed)
        # reach and elevation share a row: the dock's height decides the window's smallest height
        reach_row = QWidget()
        reach_lay = QHBoxLayout(reach_row)
        reach_lay.setContentsMargins(0, 0, 0, 0)
        reach_lay.addWidget(self.reach, 1)
        reach_lay.addWidget(QLabel(self.tr("Elevation")))
        reach_lay.addWidget(self.elevation, 1)
        form.addRow(self.tr("Reach"), reach_row)
        ac_row = QWidget()  # AC and the base's number share a row (the dock's height, as above)
        ac_lay = QHBoxLayout(ac_row)
        ac_lay.setContentsMargins(0, 0, 0, 0)
        ac_lay.addWidget(self.ac, 1)
        ac_lay.addWidget(QLabel(self.tr("Base #")))
        ac_lay.addWidget(self.base_number, 1)
        form.addRow(self.tr("AC"), ac_row)
        form.addRow(self.tr("HP"), hp_row)
        heroics_row = QWidget()  # Temp HP and Hero Points / inspiration share a row
        heroics_lay = QHBoxLayout(heroics_row)
        heroics_lay.setContentsMargins(0, 0, 0, 0)
        heroics_lay.addWidget(self.temp_hp)
        heroics_lay.addWidget(self.heroics_label)
        heroics_lay.addWidget(self.hero_points)
        heroics_lay.addWidget(self.inspiration)
        heroics_lay.addStretch(1)
        form.addRow(self.tr("Temp HP"), heroics_row)
        form.addRow("", heal_row)
        form.addRow(self.death_saves_label, self.death_saves)
        form.addRow("", self.heal_error)
        form.addRow(self.tr("Conditions"), cond_row)
        form.addRow("", self.condition_icons)
        form.addRow("", self.conditions_error)
        form.addRow(self.tr("Portrait"), self.image)
        form.addRow(self.tr("This turn"), move_row)
        self.spells_button = QPushButton(self.tr("Spells and abilities…"))
        self.spells_button.setObjectName("inspectorSpells")
        self.spells_button.setToolTip(self.tr("The creature's spell list: cast, heighten, uses left"))
        self.spells_button.clicked.connect(
            lambda: self.spells_requested.emit(self.token_id) if self.token_id else None
        )
        form.addRow(self.tr("Spells"), self.spells_button)
        outer = QVBoxLayout(self.form_page)
        outer.addLayout(form)
        outer.addStretch(1)

        self.name.editingFinished.connect(lambda: self._edit("name", self.name.text().strip() or None))
        self.side.side_chosen.connect(lambda side: self._edit("side", side))
        self.size_box.activated.connect(lambda _i: self._edit("size", str(self.size_box.currentData())))
        self.pc.toggled.connect(lambda v: self._edit("pc", bool(v)))
        self.own_dice.toggled.connect(self._set_own_dice)
        self.speed.valueChanged.connect(lambda v: self._edit("speed", int(v)))
        self.reach.valueChanged.connect(lambda v: self._edit("reach", int(v)))
        self.elevation.valueChanged.connect(lambda v: self._edit("elevation", int(v)))
        self.ac.valueChanged.connect(lambda v: self._edit("ac", None if v == NONE else int(v)))
        self.base_number.valueChanged.connect(lambda v: self._set_number(None if v == NONE else int(v)))
        self.hp.valueChanged.connect(lambda v: self._edit("hp", None if v == NONE else int(v)))
        self.max_hp.valueChanged.connect(lambda v: self._edit("max_hp", None if v == NONE else int(v)))
        self.temp_hp.valueChanged.connect(lambda v: self._edit("temp_hp", int(v)))
        self.hero_points.valueChanged.connect(
            lambda v: self._set_heroics(SetHeroPoints(self.token_id or "", int(v)))
        )
        self.inspiration.toggled.connect(
            lambda v: self._set_heroics(SetHeroPoints(self.token_id or "", inspiration=bool(v)))
        )
        self.conditions.editingFinished.connect(self._conditions_typed)
        self.image.editingFinished.connect(lambda: self._edit("image", self.image.text().strip() or None))
        self.end_turn.clicked.connect(self._end_turn)
        self.heal_button.clicked.connect(lambda: self._heal(temp=False))
        self.temp_button.clicked.connect(lambda: self._heal(temp=True))
        self.conditions_button.clicked.connect(self.edit_conditions)

        doc.changed.connect(self._on_doc_changed)
        doc.reset.connect(self._on_reset)
        map_scene.selection_ids_changed.connect(self._on_selection)
        self._on_selection(map_scene.selected_ids())

    # ---- model → widgets

    def _on_selection(self, ids: list[str]) -> None:
        if len(ids) == 1:
            self.token_id = ids[0]
            self.stack.setCurrentWidget(self.form_page)
            self.refresh()
        elif ids:
            self.token_id = None
            names = [t.label for t in self.doc.scene.tokens if t.id in set(ids)]
            self.many.setText(self.tr("{n} tokens selected:").format(n=len(ids)) + "\n" + ", ".join(names))
            self.stack.setCurrentWidget(self.many)
            self.setWindowTitle(self.tr("Inspector — {n} tokens").format(n=len(ids)))
        else:
            self.token_id = None
            self.stack.setCurrentWidget(self.empty)
            self.setWindowTitle(self.tr("Inspector"))

    def _on_reset(self) -> None:
        """Another map or a new scene: show what is selected now (usually nothing), not the old token."""
        self._on_selection(self.map_scene.selected_ids())

    def _on_doc_changed(self, old: GameState, new: GameState) -> None:
        if self.token_id is not None and new.scene.token(self.token_id) is None:
            self._on_selection(self.map_scene.selected_ids())
            return
        self.refresh()

    def token(self) -> Token | None:
        return self.doc.scene.token(self.token_id) if self.token_id else None

    def refresh(self) -> None:
        t = self.token()
        if t is None:
            return
        self._syncing = True
        try:
            self.setWindowTitle(self.tr("Inspector — {label}").format(label=t.label))
            self.id_label.setText(t.id)
            _set_text(self.name, t.name or "")
            self.side.set_side(t.side)
            self.side.set_sides(x.side for x in self.doc.scene.tokens)
            self.size_box.setCurrentIndex(SIZES.index(t.size))
            self.pc.setChecked(t.pc)
            self.own_dice.setChecked(t.own_dice)
            self.speed.setValue(t.speed)
            self.reach.setValue(t.reach)
            self.elevation.setValue(t.elevation)
            self.ac.setValue(NONE if t.ac is None else t.ac)
            self.base_number.setValue(NONE if t.number is None else t.number)
            self.hp.setValue(NONE if t.hp is None else t.hp)
            self.max_hp.setValue(NONE if t.max_hp is None else t.max_hp)
            self.temp_hp.setValue(t.temp_hp)
            self._show_death_saves(t)
            spend = system_for(self.doc.scene).spending
            self.heroics_label.setText(spend.counter)
            self.hero_points.setVisible(spend.counts)
            self.inspiration.setVisible(not spend.counts)
            self.hero_points.setValue(t.hero_points or 0)
            self.inspiration.setChecked(t.inspiration)
            self.condition_icons.set_conditions(condition_texts(t), self.doc.scene.system)
            if self._error_for != t.id:
                _set_text(self.conditions, conditions_text(t.conditions, t.persistent))
                self._show_conditions_error(None)
            _set_text(self.image, t.image or "")
            self.movement.setText(self._movement_text(t))
            n = len(t.spells)
            self.spells_button.setText(
                self.tr("Spells and abilities… (%n)", "", n).replace("%n", str(n))
                if n
                else self.tr("No spells or abilities")
            )
            self.spells_button.setEnabled(bool(n))
        finally:
            self._syncing = False

    def _show_death_saves(self, t: Token) -> None:
        """Pips for the death saves (5e) of a creature at 0 HP or that has made some."""
        shown = system_for(self.doc.scene).has_death_saves and (t.hp == 0 or t.death_saves != (0, 0))
        self.death_saves.setVisible(shown)
        self.death_saves_label.setVisible(shown)
        if not shown:
            return
        ok, bad = t.death_saves
        self.death_saves.setText(
            "<span style='color:#46d17a; font-size:15px'>{s}</span> {succ} &nbsp; "
            "<span style='color:#ff5a4e; font-size:15px'>{f}</span> {fail}".format(
                s="●" * ok + "○" * (3 - ok),
                f="●" * bad + "○" * (3 - bad),
                succ=self.tr("successes"),
                fail=self.tr("failures"),
            )
        )

    def _movement_text(self, t: Token) -> str:
        return budget_for(self.doc.state, t).text()

    # ---- widgets → commands

    def _set_own_dice(self, on: bool) -> None:
        """The player rolls their own dice (`SetOwnDice`: saved with the token, one undoable step)."""
        t = self.token()
        if self._syncing or t is None or t.own_dice == bool(on):
            return
        self.doc.execute(SetOwnDice((t.id,), bool(on)))

    def _set_number(self, number: int | None) -> None:
        if self._syncing:
            return
        t = self.token()
        if t is None or t.number == number:
            return
        self.doc.execute(SetTokenNumber(t.id, number, merge_key=("inspector", t.id, "number")))

    def _edit(self, field: str, value: Any) -> None:
        if self._syncing:
            return
        t = self.token()
        if t is None or getattr(t, field) == value:
            return
        new = replace(t, **{field: value})
        said: tuple[str, ...] = ()
        if field == "hp" and value is not None and t.hp is not None:
            # by the rules: a raise heals (ends dying, wakes), a drop is lost HP (0 HP knocks out); the
            # rules say what happened ("Ayla loses 5 HP (12 → 7): unconscious")
            base = t if t.max_hp is not None else replace(t, max_hp=max(int(value), t.hp))
            new, said = healing.set_hp(base, int(value), self.doc.scene.system)
        if field == "hp" and value is not None and t.max_hp is None:
            new = replace(new, max_hp=value)
        if field == "size":
            # a bigger space must still fit on the grid: shift it up/left when needed
            g = self.doc.scene.grid
            n = new.side_squares
            cell = type(t.cell)(min(t.cell.x, max(0, g.width - n)), min(t.cell.y, max(0, g.height - n)))
            new = replace(new, cell=cell)
        self.doc.execute(
            UpdateToken(
                t.id,
                new,
                what=field.replace("_", " "),
                log="; ".join(said) if said else str(edit_sentence(t, new, field)),
                merge_key=("inspector", t.id, field),
            )
        )

    def _conditions_typed(self) -> None:
        """The conditions box was edited: read it by the system's conditions
        (`rules.systems.condition_text`); a misspelt one is refused with what was meant, and the text
        stays for the GM to correct. PF2e persistent damage typed there goes to the token's list."""
        if self._syncing:
            return
        t = self.token()
        if t is None:
            return
        try:
            read = read_conditions(self.doc.scene.system, self.conditions.text(), keep=t.conditions)
        except ConditionTextError as exc:
            self._show_conditions_error(str(exc), t.id)
            return
        self._show_conditions_error(None)
        if (read.conditions, read.persistent) == (t.conditions, t.persistent):
            _set_text(self.conditions, conditions_text(t.conditions, t.persistent))
            return
        self.doc.execute(EditConditions(t.id, read.conditions, persistent=read.persistent))

    def _show_conditions_error(self, text: str | None, token_id: str | None = None) -> None:
        self._error_for = token_id if text else None
        self.conditions_error.setText(text or "")
        self.conditions_error.setVisible(bool(text))

    def _set_heroics(self, command: SetHeroPoints) -> None:
        """Hero Points / inspiration through a command (undoable, logged; typing merges into one step)."""
        if self._syncing or self.token() is None:
            return
        self.doc.execute(replace(command, merge_key=("inspector", command.token_id, "heroics")))

    def _end_turn(self) -> None:
        if self.token_id is not None:
            command = end_turn_command(self.doc.scene, [self.token_id])
            if command is not None:
                self.doc.execute(command)

    def _heal(self, *, temp: bool) -> None:
        """Heal or give temporary HP: the amount box holds a number or dice (``2d8+5``), rolled by the
        engine with the app's dice in one undoable step (`rules.play.effects.RolledHealing`). When the
        creature's player rolls their own dice (`desktop.dice.ask_or_roll`) each die is asked of the table
        first ("type the d8 for the healing (2d8+5)"), and the engine adds up the faces typed."""
        t = self.token()
        if t is None or t.hp is None:
            return
        text = self.heal_amount.text().strip() or "0"
        try:
            command = healing_command(t.id, text, temp=temp, rng=self.dice_source())
            if rolls_own_dice(self.doc.scene, t.id):
                command = replace(command, dice=self._asked_faces(t.id, text, temp))
        except dice.DiceSyntaxError as exc:
            self.heal_error.setText(self.tr("Amount: {problem}").format(problem=exc.short))
            self.heal_error.show()
            return
        self.heal_error.hide()
        if text.isdigit():  # a plain number that changes nothing isn't a step
            amount = int(text)
            system = self.doc.scene.system
            rule = healing.gain_temp_hp if temp else healing.heal
            new, _lines = rule(t, amount, system)
            if new == t:
                return
        self.doc.execute(command)

    def _asked_faces(self, token_id: str, text: str, temp: bool) -> DieSource:
        """The faces of `text`'s dice asked of the table (in the order the engine rolls them), as dice
        that give exactly those faces to the command."""
        what = (
            self.tr("the temporary HP ({formula})") if temp else self.tr("the healing ({formula})")
        ).format(formula=text)
        asking = ask_or_roll(self.doc.scene, token_id, what, self.dice_source(), self)
        faces: list[int] = []

        class Recorded:
            def randint(self, a: int, b: int) -> int:
                faces.append(asking.randint(a, b))
                return faces[-1]

        dice.roll(text, Recorded())
        return ScriptedDice(faces)

    def edit_conditions(self) -> ConditionEditor | None:
        """Open the condition editor; on OK its conditions become one command. Returns the dialog (shown
        modally unless `self.modal_dialogs` is False, for tests)."""
        t = self.token()
        if t is None:
            return None
        enc = self.doc.encounter
        own_turn = enc is not None and enc.turn is not None and enc.turn.token_id == t.id
        dialog = ConditionEditor(t, self.doc.scene.system, self, own_turn=own_turn)
        self.condition_dialog = dialog
        dialog.accepted.connect(lambda: self._apply_conditions(t.id, dialog))
        if getattr(self, "modal_dialogs", True):
            dialog.exec()
        else:
            dialog.show()
        return dialog

    def _apply_conditions(self, token_id: str, dialog: ConditionEditor) -> None:
        """One `EditConditions` step: the conditions, and their durations as timed effects that the
        running encounter ticks (`rules.play.effects`)."""
        t = self.doc.scene.token(token_id)
        same = t is not None and (t.conditions, t.persistent) == (dialog.conditions(), dialog.persistent())
        if t is None or (same and not dialog.effects()):
            return
        self.doc.execute(EditConditions(t.id, dialog.conditions(), dialog.effects(), dialog.persistent()))

    def focus_name(self) -> None:
        self.name.setFocus()
        self.name.selectAll()


def _set_text(edit: QLineEdit, text: str) -> None:
    if edit.text() != text:
        edit.setText(text)


__all__: list[str] = ["InspectorDock"]
