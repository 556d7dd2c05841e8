"""The initiative tracker dock.

Before an encounter: every token with its initiative modifier (PF2e Perception, 5e Dexterity — the
system's `initiative_modifier`) and a box for a d20 rolled at the table (empty = the app rolls it); "Roll
initiative" orders them (`rules.play.turns.roll_initiative`: ties as the system says) and starts round 1.

During it: the order (drag a row to move a creature; whoever's turn it is keeps it), the round, whose turn
it is and what that creature has left this turn (actions, attacks made and the next multiple attack
penalty, movement and diagonal parity, reaction). Next and previous turn (`rules.play.turns`): a new turn
resets movement, diagonal parity, the attack count and the creature's reaction. PF2e creatures can Delay and
return; any creature can Ready an action and use its reaction. The active token is selected, the list
scrolls to it, and the map centres on it (a setting: `desktop.settings.recentre_on_turn`).
Every change is one undoable command with a log line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QGraphicsView,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.dice import app_dice, ask_or_roll, rolls_own_dice
from desktop.document import Document
from desktop.i18n import engine_text
from desktop.look.style import hp_colour, side_colour
from desktop.settings import recentre_on_turn
from rules.dice import DieSource
from rules.model.encounter import Encounter
from rules.model.scene import Scene, Token
from rules.model.state import GameState
from rules.play.command import Command
from rules.play.explain import turn_summary
from rules.play.roster import RemoveFromEncounter, in_encounter, not_in_encounter
from rules.play.turns import (
    Delay,
    EndEncounter,
    NextTurn,
    PreviousTurn,
    Ready,
    Reorder,
    ReturnFromDelay,
    StartEncounter,
    UseReaction,
    has_reaction,
    turn_prompts,
)
from rules.systems import system_for
from rules.systems.encounter_difficulty import difficulty_text
from rules.systems.turn_rolls import TurnRolls

if TYPE_CHECKING:
    from desktop.docks.end_turn_dialog import EndTurnDialog
    from desktop.docks.join_encounter import JoinEncounterDialog

ID_ROLE = Qt.ItemDataRole.UserRole
INFO_ROLE = Qt.ItemDataRole.UserRole + 1
ACCENT = QColor("#3d8fe0")


def _with_number(token: Token) -> str:
    """The creature's name with the number on its miniature's base (``Goblin #3``), as the TV shows it."""
    if token.number is None:
        return token.label
    return QCoreApplication.translate("PlayerWindow", "{name} #{n}").format(name=token.label, n=token.number)


def dim_label(label: QLabel) -> None:
    """Grey secondary text in the current palette's placeholder colour (readable on light and dark)."""
    pal = label.palette()
    pal.setColor(QPalette.ColorRole.WindowText, pal.color(QPalette.ColorRole.PlaceholderText))
    label.setPalette(pal)


class OrderDelegate(QStyledItemDelegate):
    """One initiative row: the initiative in a badge, the side colour, the name, tags and HP."""

    ROW_H = 34

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        return QSize(200, self.ROW_H)

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        info = index.data(INFO_ROLE) or {}
        r: QRect = option.rect
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        if info.get("current"):
            bg = QColor(ACCENT)
            bg.setAlpha(110)
            painter.fillRect(r, bg)
            painter.fillRect(QRect(r.left(), r.top(), 4, r.height()), ACCENT.lighter(130))
        elif selected:
            painter.fillRect(r, QColor(255, 255, 255, 28))
        dim = info.get("delayed") or info.get("down") or info.get("missing")
        pal = option.palette
        text = (
            pal.color(QPalette.ColorRole.Text) if not dim else pal.color(QPalette.ColorRole.PlaceholderText)
        )
        # initiative badge
        badge = QRectF(r.left() + 10, r.top() + 6, 34, r.height() - 12)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 110))
        painter.drawRoundedRect(badge, 5, 5)
        bold = QFont(option.font)
        bold.setBold(True)
        painter.setFont(bold)
        painter.setPen(text)
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(info.get("init", "")))
        # side dot + name
        dot = QRectF(badge.right() + 8, r.center().y() - 5, 10, 10)
        painter.setPen(QPen(QColor(0, 0, 0, 160), 1))
        painter.setBrush(QColor(info.get("colour", "#888888")))
        painter.drawEllipse(dot)
        painter.setPen(text)
        name_rect = QRect(int(dot.right()) + 8, r.top(), r.width() - 200, r.height())
        painter.drawText(
            name_rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, info.get("name", "")
        )
        # tags after the name
        x = name_rect.left() + QFontMetrics(bold).horizontalAdvance(info.get("name", "")) + 8
        small = QFont(option.font)
        small.setPointSizeF(max(7.0, small.pointSizeF() - 1.5))
        painter.setFont(small)
        fm = QFontMetrics(small)
        for tag, colour in info.get("tags", []):
            w = fm.horizontalAdvance(tag) + 10
            rect = QRectF(x, r.center().y() - 8, w, 16)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(colour))
            painter.drawRoundedRect(rect, 8, 8)
            painter.setPen(QColor("#ffffff"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, tag)
            x += w + 4
        # HP bar on the right
        hp, max_hp = info.get("hp"), info.get("max_hp")
        if hp is not None and max_hp:
            bar = QRectF(r.right() - 96, r.center().y() - 5, 60, 10)
            painter.setPen(QPen(QColor(0, 0, 0, 200), 1))
            painter.setBrush(QColor(25, 25, 28))
            painter.drawRoundedRect(bar, 4, 4)
            frac = max(0.0, min(1.0, hp / max_hp))
            if frac > 0:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(hp_colour(frac))
                painter.drawRoundedRect(QRectF(bar.left(), bar.top(), bar.width() * frac, bar.height()), 4, 4)
            painter.setPen(text)
            painter.drawText(
                QRectF(bar.right() + 4, r.top(), 34, r.height()),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                str(hp),
            )
        painter.restore()


def _typed(item: QTableWidgetItem | None) -> int:
    """The d20 typed in a setup row (0: the app rolls it)."""
    if item is None:
        return 0
    value = item.data(Qt.ItemDataRole.EditRole)
    return value if isinstance(value, int) else 0


class _D20Delegate(QStyledItemDelegate):
    """The setup table's d20 column: shows “roll” for 0 and edits the number in a spin box (0–20)."""

    def displayText(self, value: object, locale: object) -> str:
        if isinstance(value, int) and value > 0:
            return str(value)
        return QCoreApplication.translate("InitiativeDock", "roll")

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: object) -> QWidget:
        spin = QSpinBox(parent)
        spin.setRange(0, 20)
        spin.setSpecialValueText(QCoreApplication.translate("InitiativeDock", "roll"))
        spin.setAlignment(Qt.AlignmentFlag.AlignCenter)
        return spin

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        if isinstance(editor, QSpinBox):
            value = index.data(Qt.ItemDataRole.EditRole)
            editor.setValue(value if isinstance(value, int) else 0)

    def setModelData(
        self,
        editor: QWidget,
        model: QAbstractItemModel,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        if isinstance(editor, QSpinBox):
            editor.interpretText()
            model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)


class OrderList(QListWidget):
    """The running order; rows are dragged to reorder. `order_dropped` gives the new id order."""

    order_dropped = Signal(list)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("initiativeOrder")
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setItemDelegate(OrderDelegate(self))
        self.setMouseTracking(True)
        self.model().rowsMoved.connect(lambda *_a: QTimer.singleShot(0, self._emit_order))

    def ids(self) -> list[str]:
        return [str(self.item(i).data(ID_ROLE)) for i in range(self.count())]

    def _emit_order(self) -> None:
        self.order_dropped.emit(self.ids())

    def move_row(self, src: int, dst: int) -> None:
        """Move a row as a drag and drop would (`dst` is the index before the move)."""
        item = self.takeItem(src)
        self.insertItem(dst if dst < src else dst - 1 if dst > src else dst, item)
        self._emit_order()


class InitiativeDock(QDockWidget):
    #: A new turn began: the id of the creature whose turn it is.
    turn_changed = Signal(str)

    def __init__(
        self,
        doc: Document,
        map_scene: object | None = None,
        view: object | None = None,
        parent: QWidget | None = None,
        dice: DieSource | None = None,
    ) -> None:
        super().__init__(QCoreApplication.translate("InitiativeDock", "Initiative"), parent)
        self.setObjectName("initiativeDock")
        self.doc = doc
        self.map_scene = map_scene
        self.view = view
        self.dice: DieSource = dice if dice is not None else app_dice()
        self._current: tuple[int, int, str | None] | None = None
        self._refreshing = False
        #: The token ids of the setup table's rows, top to bottom.
        self._setup_ids: list[str] = []
        #: The last end-of-turn prompt opened by `next_turn` (tests read it).
        self.end_turn_dialog: EndTurnDialog | None = None

        self.header = QLabel()
        self.header.setObjectName("initiativeHeader")
        font = QFont()
        font.setPointSize(font.pointSize() + 2)
        font.setBold(True)
        self.header.setFont(font)
        self.turn_info = QLabel()
        self.turn_info.setObjectName("turnInfo")
        self.turn_info.setWordWrap(True)
        dim_label(self.turn_info)
        self.turn_info.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.turn_info.setMinimumHeight(2 * QFontMetrics(self.turn_info.font()).lineSpacing() + 4)

        # setup page
        self.setup = QTableWidget(0, 4)
        self.setup.setObjectName("initiativeSetup")
        self.setup.setHorizontalHeaderLabels(["", self.tr("Creature"), self.tr("Mod"), "d20"])
        self.setup.verticalHeader().setVisible(False)
        self.setup.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        h = self.setup.horizontalHeader()
        h.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        h.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        # Plain items, not a checkbox and a spin box widget per row: a map with hundreds of creatures fills
        # its setup table in milliseconds. The d20 is edited in a spin box only while it is being typed.
        self.setup.setItemDelegateForColumn(3, _D20Delegate(self.setup))
        self.setup.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        self.setup.itemChanged.connect(self._setup_item_changed)
        self.start_button = QPushButton(self.tr("Roll initiative && start"))
        self.start_button.setObjectName("startEncounter")
        self.start_button.setToolTip(
            self.tr(
                "Roll initiative for the ticked creatures (typed d20s are used as rolled) and begin round 1"
            )
        )
        setup_page = QWidget()
        sl = QVBoxLayout(setup_page)
        sl.setContentsMargins(0, 0, 0, 0)
        hint = QLabel(self.tr("Type a d20 rolled at the table, or leave it empty for the app to roll."))
        hint.setWordWrap(True)
        dim_label(hint)
        sl.addWidget(hint)
        sl.addWidget(self.setup, 1)
        sl.addWidget(self.start_button)

        # running page
        self.order = OrderList()
        self.prev_button = QPushButton(self.tr("◀ Previous"))
        self.prev_button.setObjectName("previousTurn")
        self.prev_button.setToolTip(self.tr("Back one turn (a correction: the creature gets a fresh turn)"))
        self.next_button = QPushButton(self.tr("Next turn ▶"))
        self.next_button.setObjectName("nextTurn")
        self.next_button.setToolTip(
            self.tr("End this turn and start the next (movement, diagonals, MAP, reaction reset)")
        )
        self.delay_button = QPushButton(self.tr("Delay"))
        self.delay_button.setObjectName("delayTurn")
        self.delay_button.setToolTip(
            self.tr("PF2e: the current creature Delays; return it later from the list")
        )
        self.return_button = QPushButton(self.tr("Return"))
        self.return_button.setObjectName("returnFromDelay")
        self.return_button.setToolTip(
            self.tr("The selected delaying creature returns after the current turn")
        )
        self.ready_button = QPushButton(self.tr("Ready…"))
        self.ready_button.setObjectName("readyAction")
        self.ready_button.setToolTip(self.tr("The current creature readies an action with a trigger"))
        self.reaction_button = QPushButton(self.tr("Reaction"))
        self.reaction_button.setObjectName("useReaction")
        self.reaction_button.setToolTip(
            self.tr("The selected creature uses its reaction (or its readied action)")
        )
        self.end_button = QPushButton(self.tr("End encounter"))
        self.end_button.setObjectName("endEncounter")
        self.join_button = QPushButton(self.tr("Add…"))
        self.join_button.setObjectName("joinEncounter")
        self.join_button.setToolTip(
            self.tr("Add creatures on the map to the running encounter (they roll initiative)")
        )
        self.leave_button = QPushButton(self.tr("Remove"))
        self.leave_button.setObjectName("leaveEncounter")
        self.leave_button.setToolTip(self.tr("Take the selected creature out of the initiative order"))
        #: The last Add to Encounter dialog opened (tests read it).
        self.join_dialog: JoinEncounterDialog | None = None
        running_page = QWidget()
        rl = QVBoxLayout(running_page)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(self.order, 1)
        row1 = QHBoxLayout()
        row1.addWidget(self.prev_button)
        row1.addWidget(self.next_button, 1)
        row2 = QHBoxLayout()
        for b in (self.delay_button, self.return_button, self.ready_button, self.reaction_button):
            row2.addWidget(b)
        row3 = QHBoxLayout()
        row3.addWidget(self.join_button)
        row3.addWidget(self.leave_button)
        row3.addStretch(1)
        row3.addWidget(self.end_button)
        rl.addLayout(row1)
        rl.addLayout(row2)
        rl.addLayout(row3)

        self.pages = QStackedWidget()
        self.pages.addWidget(setup_page)
        self.pages.addWidget(running_page)
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addWidget(self.header)
        lay.addWidget(self.turn_info)
        self.difficulty = QLabel()
        self.difficulty.setObjectName("encounterDifficulty")
        self.difficulty.setWordWrap(True)
        self.difficulty.setToolTip(
            self.tr("Difficulty of the foes on the map for the PCs on it (level, CR / XP)")
        )
        lay.addWidget(self.difficulty)
        lay.addWidget(self.pages, 1)
        self.setWidget(body)

        self.start_button.clicked.connect(self.start)
        self.next_button.clicked.connect(self.next_turn)
        self.prev_button.clicked.connect(self.previous_turn)
        self.delay_button.clicked.connect(self.delay)
        self.return_button.clicked.connect(self.return_selected)
        self.ready_button.clicked.connect(self.ready)
        self.reaction_button.clicked.connect(self.use_reaction)
        self.end_button.clicked.connect(self.end)
        self.join_button.clicked.connect(lambda: self.add_to_encounter())
        self.leave_button.clicked.connect(lambda: self.remove_from_encounter())
        self.order.order_dropped.connect(self._on_dropped)
        self.order.currentItemChanged.connect(lambda _a, _b: self._update_buttons())
        self.order.itemDoubleClicked.connect(lambda item: self.focus_token(str(item.data(ID_ROLE))))
        doc.changed.connect(self._on_changed)
        doc.reset.connect(self.refresh)
        self.refresh()

    # ---- reading

    @property
    def encounter(self) -> Encounter | None:
        return self.doc.encounter

    def _on_changed(self, _old: GameState, _new: GameState) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.difficulty.setText(engine_text(difficulty_text(self.doc.scene), self.doc.scene.system))
        self._refreshing = True
        try:
            enc = self.encounter
            if enc is None:
                self._fill_setup()
                self.pages.setCurrentIndex(0)
                self.header.setText(self.tr("No encounter"))
                self.turn_info.setText(
                    engine_text(system_for(self.doc.scene).initiative_text, self.doc.scene.system)
                )
                self._current = None
            else:
                self._fill_order(enc)
                self.pages.setCurrentIndex(1)
                self._show_turn(enc)
        finally:
            self._refreshing = False
        self._update_buttons()

    def _fill_setup(self) -> None:
        scene = self.doc.scene
        system = system_for(scene)
        tokens = list(scene.tokens)
        if [t.id for t in tokens] == self._setup_ids:
            return
        old = {tid: (inc, d20) for tid, inc, d20 in self.setup_rows()}
        include_tip = self.tr("Include in the encounter")
        self.setup.blockSignals(True)
        try:
            self.setup.setRowCount(len(tokens))
            for r, t in enumerate(tokens):
                included, typed = old.get(t.id, (True, 0))
                check = QTableWidgetItem()
                check.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                check.setCheckState(Qt.CheckState.Checked if included else Qt.CheckState.Unchecked)
                check.setToolTip(include_tip)
                name = QTableWidgetItem(t.label)
                name.setData(ID_ROLE, t.id)
                name.setFlags(Qt.ItemFlag.ItemIsEnabled)
                name.setForeground(side_colour(t.side).lighter(130))
                mod = QTableWidgetItem(f"{system.initiative_modifier(t):+d}")
                mod.setFlags(Qt.ItemFlag.ItemIsEnabled)
                mod.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                d20 = QTableWidgetItem()
                d20.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsEditable)
                d20.setData(Qt.ItemDataRole.EditRole, typed)
                d20.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                d20.setToolTip(
                    self.tr("The d20 {label} rolled at the table (“roll”: the app rolls it)").format(
                        label=t.label
                    )
                )
                self.setup.setItem(r, 0, check)
                self.setup.setItem(r, 1, name)
                self.setup.setItem(r, 2, mod)
                self.setup.setItem(r, 3, d20)
        finally:
            self.setup.blockSignals(False)
        self._setup_ids = [t.id for t in tokens]

    def _setup_item_changed(self, item: QTableWidgetItem) -> None:
        if item.column() == 0:
            self._update_buttons()

    def setup_rows(self) -> list[tuple[str, bool, int]]:
        """``(token id, included, typed d20 or 0)`` for each row of the setup table."""
        rows: list[tuple[str, bool, int]] = []
        for r, tid in enumerate(self._setup_ids):
            check, d20 = self.setup.item(r, 0), self.setup.item(r, 3)
            included = check is not None and check.checkState() == Qt.CheckState.Checked
            rows.append((tid, included, _typed(d20)))
        return rows

    def set_typed(self, token_id: str, d20: int | None = None, included: bool | None = None) -> None:
        if token_id not in self._setup_ids:
            return
        r = self._setup_ids.index(token_id)
        if d20 is not None and (item := self.setup.item(r, 3)) is not None:
            item.setData(Qt.ItemDataRole.EditRole, max(0, min(20, d20)))
        if included is not None and (item := self.setup.item(r, 0)) is not None:
            item.setCheckState(Qt.CheckState.Checked if included else Qt.CheckState.Unchecked)

    def _row_info(self, scene: Scene, enc: Encounter, i: int) -> dict[str, object]:
        c = enc.order[i]
        tok: Token | None = scene.token(c.token_id)
        tags: list[tuple[str, str]] = []
        if c.token_id in enc.delayed:
            tags.append(("delaying", "#7c6bd6"))
        for tid, trigger in enc.readied:
            if tid == c.token_id:
                tags.append(("ready" + (f": {trigger[:18]}" if trigger else ""), "#2f9e8f"))
        if c.token_id in enc.reactions_used:
            tags.append(("reaction used", "#6a6a70"))
        down = False
        if tok is None:
            tags.append(("not on the map", "#6a6a70"))
        else:
            state = system_for(scene).state_of(tok) if tok.hp is not None else "ok"
            if state != "ok":
                down = True
                tags.append((state, "#b3201b"))
        return {
            "init": c.initiative,
            "name": _with_number(tok) if tok is not None else c.token_id,
            "colour": side_colour(tok.side).name() if tok is not None else "#777777",
            "hp": tok.hp if tok is not None else None,
            "max_hp": (tok.max_hp or tok.hp) if tok is not None else None,
            "current": i == enc.index,
            "delayed": c.token_id in enc.delayed,
            "down": down,
            "missing": tok is None,
            "tags": tags,
        }

    def _fill_order(self, enc: Encounter) -> None:
        scene = self.doc.scene
        keep = self.selected_id()
        self.order.blockSignals(True)
        self.order.clear()
        for i, c in enumerate(enc.order):
            info = self._row_info(scene, enc, i)
            item = QListWidgetItem(str(info["name"]))
            item.setData(ID_ROLE, c.token_id)
            item.setData(INFO_ROLE, info)
            item.setToolTip(
                self.tr("{name}: initiative {initiative} (d20 {d20} {modifier:+d})").format(
                    name=info["name"], initiative=c.initiative, d20=c.d20, modifier=c.modifier
                )
            )
            item.setFlags(
                Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
            )
            self.order.addItem(item)
            if c.token_id == keep:
                self.order.setCurrentItem(item)
        self.order.blockSignals(False)
        self.scroll_to_current(enc)

    def scroll_to_current(self, enc: Encounter) -> None:
        """Scroll the order list so that the creature whose turn it is shows."""
        if 0 <= enc.index < self.order.count():
            self.order.scrollToItem(self.order.item(enc.index), QAbstractItemView.ScrollHint.EnsureVisible)

    def _show_turn(self, enc: Encounter) -> None:
        scene = self.doc.scene
        tid = enc.current_id
        name = ""
        if tid is not None:
            tok = scene.token(tid)
            name = tok.label if tok is not None else tid
        if name:
            self.header.setText(self.tr("Round {round} · {name}'s turn").format(round=enc.round, name=name))
        else:
            self.header.setText(self.tr("Round {round}").format(round=enc.round))
        self.turn_info.setText(engine_text(turn_summary(self.doc.state), self.doc.scene.system))
        key = (enc.round, enc.index, tid)
        if key != self._current:
            self._current = key
            if tid is not None:
                self.turn_changed.emit(tid)
                self.focus_token(tid)

    def selected_id(self) -> str | None:
        item = self.order.currentItem()
        return str(item.data(ID_ROLE)) if item is not None else None

    def _update_buttons(self) -> None:
        enc = self.encounter
        running = enc is not None and bool(enc.order)
        pf2e = system_for(self.doc.scene).has_delay
        self.start_button.setEnabled(any(inc for _, inc, _ in self.setup_rows()))
        self.next_button.setEnabled(running)
        self.prev_button.setEnabled(running and enc is not None and (enc.round > 1 or enc.index > 0))
        self.delay_button.setVisible(pf2e)
        self.return_button.setVisible(pf2e)
        self.delay_button.setEnabled(running)
        sel = self.selected_id()
        self.return_button.setEnabled(running and enc is not None and sel is not None and sel in enc.delayed)
        self.ready_button.setEnabled(running)
        self.reaction_button.setEnabled(
            running and enc is not None and sel is not None and has_reaction(self.doc.state, sel)
        )
        self.end_button.setEnabled(enc is not None)
        self.join_button.setEnabled(
            enc is not None and bool(not_in_encounter(self.doc.state, self._all_ids()))
        )
        self.leave_button.setEnabled(enc is not None and sel is not None)

    # ---- map

    def focus_token(self, token_id: str) -> None:
        """Select the token on the map and, unless the GM turned it off in Settings ("Bring the creature
        whose turn it is into view"), centre the view on it when it isn't on screen (a creature already in
        view leaves the map where the GM put it)."""
        tok = self.doc.scene.token(token_id)
        if tok is None:
            return
        if self.map_scene is not None and hasattr(self.map_scene, "select_ids"):
            self.map_scene.select_ids([token_id])
        view = self.view
        if not isinstance(view, QGraphicsView) or not recentre_on_turn():
            return
        from desktop.look.style import CELL
        from desktop.map.grid_coords import space_centre

        space = QRectF(tok.cell.x * CELL, tok.cell.y * CELL, tok.side_squares * CELL, tok.side_squares * CELL)
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        margin = min(CELL / 2, shown.width() / 4, shown.height() / 4)
        if not shown.adjusted(margin, margin, -margin, -margin).contains(space):
            view.centerOn(space_centre(tok.cell, tok.side_squares))

    # ---- actions

    def start(self) -> None:
        rows = [r for r in self.setup_rows() if r[1]]
        if not rows:
            return
        ids = [tid for tid, _, _ in rows]
        typed = [(tid, d20) for tid, _, d20 in rows if d20 > 0]
        given = {tid for tid, _ in typed}
        scene = self.doc.scene
        for tid in ids:  # a player who rolls their own dice is asked for the initiative d20
            if tid not in given and rolls_own_dice(scene, tid):
                rng = ask_or_roll(scene, tid, self.tr("initiative"), self.dice, self)
                typed.append((tid, rng.randint(1, 20)))
        self.doc.execute(StartEncounter(ids, typed, self.dice))

    def next_turn(self) -> EndTurnDialog | None:
        """Advance the turn. When the advance needs rolls (persistent damage and its flat checks, the saves
        against afflictions at the end of the turn, a recovery check or death save at the start of the
        next), the end-of-turn prompt opens first with the app's rolls, which the GM may type over (and
        which a player who rolls their own dice types); "Next turn" there advances with them. Returns that
        dialog (shown modally unless `modal_dialogs` is False, for tests)."""
        if self.encounter is None:
            return None
        return self._prompted(
            lambda end, start: NextTurn(self.dice, end=end, start=start), NextTurn(self.dice), None
        )

    def _prompted(
        self,
        command: Callable[[TurnRolls | None, TurnRolls | None], Command],
        plain: Command,
        title: str | None,
    ) -> EndTurnDialog | None:
        """Execute `plain` when the turn's end and the next start need no rolls, else open the end-of-turn
        prompt and, on its "Next turn", execute `command(end rolls, start rolls)`."""
        from desktop.docks.end_turn_dialog import EndTurnDialog  # read when first opened

        prompts = turn_prompts(self.doc.state)
        if not prompts.any:
            self.doc.execute(plain)
            return None
        dialog = EndTurnDialog(prompts, self.doc.scene, self.dice, self)
        if title is not None:
            dialog.setWindowTitle(title)
        self.end_turn_dialog = dialog

        def advance() -> None:
            self.doc.execute(command(dialog.end_rolls(), dialog.start_rolls()))

        dialog.accepted.connect(advance)
        if getattr(self, "modal_dialogs", True):
            dialog.exec()
        else:
            dialog.show()
        return dialog

    def previous_turn(self) -> None:
        if self.encounter is not None:
            self.doc.execute(PreviousTurn())

    def delay(self) -> EndTurnDialog | None:
        """The current creature Delays (PF2e). Its negative end-of-turn effects happen now (persistent
        damage, its flat checks, the saves against afflictions) and the next creature's turn begins: the
        same prompt as Next Turn asks for their rolls first when there are any."""
        enc = self.encounter
        if enc is None or not system_for(self.doc.scene).has_delay or enc.current_id is None:
            return None
        tok = self.doc.scene.token(enc.current_id)
        title = self.tr("{name} delays").format(name=tok.label if tok is not None else enc.current_id)
        return self._prompted(
            lambda end, start: Delay(self.dice, rolls=end, start=start), Delay(self.dice), title
        )

    def return_selected(self) -> None:
        enc, sel = self.encounter, self.selected_id()
        if enc is not None and sel is not None and sel in enc.delayed:
            self.doc.execute(ReturnFromDelay(sel, self.dice))

    def ready(self, trigger: str | None = None) -> None:
        enc = self.encounter
        if enc is None or enc.current_id is None:
            return
        if trigger is None:
            text, ok = QInputDialog.getText(
                self,
                self.tr("Ready an action"),
                self.tr("Trigger and action (e.g. “Strike the first foe that comes near”):"),
            )
            if not ok:
                return
            trigger = text.strip()
        self.doc.execute(Ready(enc.current_id, trigger))

    def use_reaction(self) -> None:
        sel = self.selected_id()
        if sel is not None and self.encounter is not None:
            self.doc.execute(UseReaction(sel))

    def end(self) -> None:
        if self.encounter is not None:
            self.doc.execute(EndEncounter())

    def _all_ids(self) -> list[str]:
        return [t.id for t in self.doc.scene.tokens]

    def add_to_encounter(self, token_ids: Sequence[str] = ()) -> JoinEncounterDialog | None:
        """Open Add to Encounter with `token_ids` ticked (the creatures outside the order are listed); on
        "Add" one `AddToEncounter` runs with the dock's dice. Returns the dialog (shown modally unless
        `modal_dialogs` is False, for tests); None without an encounter or anyone to add."""
        from desktop.docks.join_encounter import JoinEncounterDialog  # read when first opened

        state = self.doc.state
        if state.encounter is None or not not_in_encounter(state, self._all_ids()):
            return None
        dialog = JoinEncounterDialog(state, token_ids, self.dice, self)
        self.join_dialog = dialog

        def add() -> None:
            command = dialog.command()
            if command is not None:
                self.doc.execute(command)

        dialog.accepted.connect(add)
        if getattr(self, "modal_dialogs", True):
            dialog.exec()
        else:
            dialog.show()
        return dialog

    def remove_from_encounter(self, token_ids: Sequence[str] | None = None) -> None:
        """Take `token_ids` (default: the creature selected in the order) out of the encounter (one
        `RemoveFromEncounter`, undoable)."""
        ids = list(token_ids) if token_ids is not None else [i for i in [self.selected_id()] if i]
        inside = in_encounter(self.doc.state, ids)
        if self.encounter is not None and inside:
            self.doc.execute(RemoveFromEncounter(inside, self.dice))

    def _on_dropped(self, ids: list[str]) -> None:
        enc = self.encounter
        if self._refreshing or enc is None:
            return
        if ids != [c.token_id for c in enc.order]:
            self.doc.execute(Reorder(ids))
        else:
            self.refresh()
