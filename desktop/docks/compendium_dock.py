"""The compendium: bundled SRD monsters, the demo creatures and the user's imported library.

Search as you type (name, type, traits), filter by game, level / CR range, type and size; the stat block of
the selected entry is shown below the list. An entry is placed on the map by dragging it onto the map (N
tokens with numbered names when N > 1) or with *Place on Map* (at the centre of the view); placing goes
through one ``rules.play.creatures.PlaceCreatures`` command (one undo step): the creature enters the
scene's creatures table once and the tokens reference it, keeping their own state. *Import…* (also File →
Import Creatures…) reads Foundry VTT / Pathbuilder / 5e-bits files into the per-user library
(`desktop.docks.library`), so they are there next time; *New…* / *Edit…* open the creature editor, whose
result is kept in the library's "My creatures".

`CompendiumFeatures.install(window)` adds the dock, its menu actions and the map's drop handling to the
main window.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from PySide6.QtCore import QCoreApplication, QEvent, QMimeData, QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDockWidget,
    QDoubleSpinBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMenuBar,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QSpinBox,
    QSplitter,
    QStatusBar,
    QTabWidget,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.docks.import_report import ImportReport
from desktop.docks.library import MY_CREATURES, Book, CreatureLibrary, creature_files
from desktop.docks.spell_compendium import SpellCompendium
from desktop.map.grid_coords import cell_at
from desktop.paths import assets_dir
from desktop.widgets.first_paint import after_first_paint
from desktop.widgets.menus import menu_named
from rules.errors import CreatureImportError, SceneError
from rules.geometry.coords import SIZE_SQUARES, SIZES, Cell
from rules.io.bundled_spells import bundled_spells
from rules.io.creature_json import (
    creature_from_json,
    creature_from_token,
    creature_to_json,
    token_from_creature,
)
from rules.io.scene_json import token_to_json
from rules.model.creature import Creature
from rules.model.scene import Scene, Token
from rules.model.spell import Spell
from rules.play.creatures import PlaceCreatures, place_creatures_command
from rules.play.edits import Batch, UpdateToken
from rules.systems import DEFAULT_SYSTEM, game_choices, in_game, same_game, system_for

if TYPE_CHECKING:
    from desktop.docks.creature_editor import CreatureEditor


class MainWindow(Protocol):
    """What the compendium uses of the main window (no import of it: the window imports this module)."""

    doc: Any
    view: Any
    map_scene: Any

    def statusBar(self) -> QStatusBar: ...
    def menuBar(self) -> QMenuBar: ...
    def addDockWidget(self, area: Qt.DockWidgetArea, dock: QDockWidget) -> None: ...
    def resizeDocks(self, docks: list[QDockWidget], sizes: list[int], o: Qt.Orientation) -> None: ...


MIME = "application/x-fivefoot-creature"
ENTRY_ROLE = Qt.ItemDataRole.UserRole + 1
GAMES = (("All games", ""), *game_choices())


@dataclass(frozen=True, slots=True)
class Entry:
    book: str
    creature: Creature
    origin: str  # "bundled" or "library"

    @property
    def rank(self) -> float | None:
        """Level (PF2e) or CR (5e) for sorting and the range filter."""
        c = self.creature
        if not system_for(c.system).sheet.has_cr or c.cr is None:
            return None if c.level is None else float(c.level)
        return c.cr

    @property
    def edition(self) -> str:
        """The rules the entry is written for, short (``PF2e``, ``5e 2014``, ``5e 2024``)."""
        return system_for(self.creature.system).label

    def matches(self, words: list[str]) -> bool:
        c = self.creature
        hay = " ".join((c.name, c.type, " ".join(c.traits), self.book, self.edition)).lower()
        return all(w in hay for w in words)


# ------------------------------------------------------------------------------------------ stat block


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def stat_block_html(c: Creature, book: str = "", muted: str = "#666666") -> str:
    """The creature's stat block as HTML, laid out as the books do: what a GM reads at a glance first."""
    e = html.escape
    sheet = system_for(c.system).sheet
    rank = c.challenge()
    out = [
        "<style>h2{margin:0} .k{font-weight:bold} .t{color:" + muted + "} hr{margin:2px 0} "
        ".trait{background:#5d0000;color:white;padding:0 3px;font-size:small}</style>",
        f"<h2>{e(c.name)} <span style='font-weight:normal'>{e(rank)}</span></h2>",
    ]
    if sheet.trait_badges:
        traits = " ".join(
            f"<span class='trait'>&nbsp;{e(t.upper())}&nbsp;</span>" for t in (c.size, *c.traits)
        )
        out.append(f"<p>{traits}</p>")
    else:
        kind = c.type or "creature"
        extra = ", ".join(t for t in c.traits if t != c.type)
        out.append(
            f"<p class='t'><i>{e(c.size.capitalize())} {e(kind)}{e(', ' + extra) if extra else ''}</i></p>"
        )
    if c.pc:
        out.append("<p class='t'>Player character</p>")
    out.append("<hr>")

    def line(label: str, text: str) -> None:
        out.append(f"<div><span class='k'>{e(label)}</span> {text}</div>")

    senses = ", ".join(e(s.describe()) for s in c.senses)
    if sheet.has_perception:
        if c.perception is not None or senses:
            per = _signed(c.perception) if c.perception is not None else "—"
            line("Perception", per + (f"; {senses}" if senses else ""))
    elif senses:
        line("Senses", senses)
    if c.skills:
        line("Skills", ", ".join(f"{e(k.replace('-', ' ').title())} {_signed(v)}" for k, v in c.skills))
    if sheet.ability_mods and c.ability_mods:
        line("Attributes", ", ".join(f"<b>{k.capitalize()}</b> {_signed(v)}" for k, v in c.ability_mods))
    if not sheet.ability_mods and c.abilities:
        line(
            "Abilities",
            ", ".join(
                f"<b>{k.upper()}</b> {v} ({_signed(c.ability_modifier(k) or 0)})" for k, v in c.abilities
            ),
        )
    out.append("<hr>")
    ac = "—" if c.ac is None else str(c.ac)
    if sheet.saves_with_ac:
        short = dict(sheet.save_short)
        saves = ", ".join(f"<b>{short.get(k, k)}</b> {_signed(v)}" for k, v in c.saves)
        line("AC", ac + (f"; {saves}" if saves else ""))
    else:
        line("AC", ac)
        if c.saves:
            line("Saving Throws", ", ".join(f"{k.upper()} {_signed(v)}" for k, v in c.saves))
    line("HP", "—" if c.hp is None else str(c.hp))
    if c.immunities:
        line("Immunities", e(", ".join(c.immunities)))
    if c.weaknesses:
        line("Weaknesses", e(", ".join(f"{k} {v}" for k, v in c.weaknesses)))
    if c.resistances:
        text = ", ".join(f"{k} {v}" if sheet.resistance_values else k for k, v in c.resistances)
        line("Resistances", e(text))
    if c.vulnerabilities:
        line("Vulnerabilities", e(", ".join(c.vulnerabilities)))
    for r in c.reactions:
        line("Reaction", e(r))
    out.append("<hr>")
    speeds = [f"{c.speed} feet"] + [f"{k} {v} feet" for k, v in c.speeds]
    line("Speed", e(", ".join(speeds)) + (f"; reach {c.reach} feet" if c.reach != 5 else ""))
    for a in c.attacks:
        kind = "Ranged" if a.is_ranged else "Melee"
        words = ", ".join((*a.traits, *a.properties))
        if a.range_increment:
            words = ", ".join(x for x in (words, f"range increment {a.range_increment} feet") if x)
        if a.range:
            words = ", ".join(x for x in (words, f"range {a.range[0]}/{a.range[1]} ft.") if x)
        tail = f" ({e(words)})" if words else ""
        damage = f", <b>Damage</b> {e(a.damage)}" if a.damage else ""
        out.append(f"<div><b>{kind}</b> {e(a.name)} {_signed(a.bonus)}{tail}{damage}</div>")
    if c.abilities_text:
        out.append("<hr>")
        for t in c.abilities_text:
            kind = f" <span class='t'>({e(t.kind)})</span>" if t.kind else ""
            text = e(t.text).replace("\n", "<br>")
            out.append(f"<p style='margin:2px 0'><b>{e(t.name)}</b>{kind} {text}</p>")
    if c.notes:
        out.append(f"<p class='t'>{e(c.notes).replace(chr(10), '<br>')}</p>")
    source = ", ".join(x for x in (book or c.source, c.license) if x)
    if source:
        out.append(f"<p class='t' style='font-size:small'>Source: {e(source)}</p>")
    return "".join(out)


# ----------------------------------------------------------------------------------------- placement


def _base_name(name: str) -> str:
    head, _, tail = name.rpartition(" ")
    return head if head and tail.isdigit() else name


def numbered_names(scene: Scene, name: str, count: int) -> list[str]:
    """Names for `count` new tokens of `name`: the name itself for one, else ``Name 1``, ``Name 2`` …
    continuing after the numbers already on the map."""
    taken = [t.name or "" for t in scene.tokens]
    used = [int(n.rpartition(" ")[2]) for n in taken if _base_name(n) == name and n != name]
    if count == 1 and name not in taken and not used:
        return [name]
    start = max(used, default=0) + 1
    return [f"{name} {start + i}" for i in range(count)]


def placement_command(scene: Scene, creature: Creature, count: int, cell: Cell) -> PlaceCreatures | None:
    """One `PlaceCreatures` putting `creature` into the scene's creatures table (once) and `count` tokens
    referencing it at and around `cell`; None when there is no room or the creature is for the other
    game."""
    command = place_creatures_command(scene, creature, count, cell)
    if command is None:
        return None
    return replace(command, log=command.log + " from the compendium")


#: A token's statistics (what its creature gives it); everything else on a token is its own state.
STAT_FIELDS: tuple[str, ...] = (
    "size", "pc", "speed", "reach", "ac", "immunities", "weaknesses", "resistances", "vulnerabilities",
    "attacks", "image", "initiative_bonus", "saves", "reactions", "level", "perception", "skills",
    "abilities", "proficiency_bonus", "speeds", "senses",
)  # fmt: skip


def restat_token(scene: Scene, token: Token, creature: Creature, rename: bool) -> Token | None:
    """`token` with `creature`'s statistics and its own state kept (cell, side, conditions, temporary HP
    …). Its HP follow a new maximum when it was unhurt, else stay (capped at the new maximum). None when
    the new size would not fit on the grid there."""
    fresh = token_from_creature(creature, token.id, (token.cell.x, token.cell.y), token.side)
    n = SIZE_SQUARES[fresh.size]
    g = scene.grid
    if token.cell.x + n > g.width or token.cell.y + n > g.height:
        return None
    changes: dict[str, Any] = {k: getattr(fresh, k) for k in STAT_FIELDS}
    changes["max_hp"] = fresh.max_hp
    if token.hp is None or token.hp == token.max_hp:
        changes["hp"] = fresh.hp
    elif fresh.max_hp is not None:
        changes["hp"] = min(token.hp, fresh.max_hp)
    if rename:
        changes["name"] = fresh.name
    extra = {k: v for k, v in token.extra.items() if k not in ("cr", "xp")}
    extra.update({k: v for k, v in fresh.extra.items() if k in ("cr", "xp")})
    changes["extra"] = extra
    return replace(token, **changes)


def _token_creature(scene: Scene, token: Token) -> Creature:
    raw = token_to_json(token, scene.system)
    raw["name"] = token.name or token.id
    return creature_from_token(raw, scene.system)


def mime_for(entry: Entry, count: int) -> QMimeData:
    mime = QMimeData()
    payload = {"creature": creature_to_json(entry.creature), "count": count, "book": entry.book}
    mime.setData(MIME, json.dumps(payload).encode("utf-8"))
    mime.setText(entry.creature.name)
    return mime


def creature_from_mime(mime: QMimeData) -> tuple[Creature, int] | None:
    if not mime.hasFormat(MIME):
        return None
    try:
        payload = json.loads(bytes(mime.data(MIME).data()).decode("utf-8"))
        count = int(payload.get("count", 1))
        return creature_from_json(payload["creature"]), max(1, min(count, 50))
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


# -------------------------------------------------------------------------------------------- widgets


class EntryList(QTreeWidget):
    """The compendium list; dragging an entry carries the creature (and the dock's count)."""

    def __init__(self, count: Callable[[], int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._count = count
        self.setObjectName("compendiumList")
        self.setColumnCount(5)
        self.setHeaderLabels(
            [self.tr("Name"), self.tr("Lvl/CR"), self.tr("Type"), self.tr("Size"), self.tr("Source")]
        )
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setSortingEnabled(True)
        self.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        h = self.header()
        h.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2, 3, 4):
            h.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)

    def mimeTypes(self) -> list[str]:
        return [MIME]

    def mimeData(self, items: Any) -> QMimeData:
        entries = [i.data(0, ENTRY_ROLE) for i in items]
        entry = next((x for x in entries if isinstance(x, Entry)), None)
        if entry is None:
            return QMimeData()
        return mime_for(entry, self._count())


class _SortItem(QTreeWidgetItem):
    def __lt__(self, other: QTreeWidgetItem) -> bool:
        tree = self.treeWidget()
        col = tree.sortColumn() if tree is not None else 0
        if col == 1:
            a, b = self.data(1, ENTRY_ROLE + 1), other.data(1, ENTRY_ROLE + 1)
            return (a if a is not None else -99.0) < (b if b is not None else -99.0)
        return self.text(col).lower() < other.text(col).lower()


class CompendiumDock(QDockWidget):
    #: The user asked to place `count` tokens of a creature (at the centre of the view).
    place_requested = Signal(object, int)
    #: A message for the status bar.
    message = Signal(str)

    def __init__(self, library: CreatureLibrary | None = None, parent: QWidget | None = None) -> None:
        super().__init__(QCoreApplication.translate("CompendiumDock", "Compendium"), parent)
        self.setObjectName("compendiumDock")
        self.library = library if library is not None else CreatureLibrary()
        self._entries: list[Entry] | None = None  # read on first use (`entries`), or just after launch
        self.scene_system = ""
        self.editor: CreatureEditor | None = None

        self.search = QLineEdit()
        self.search.setObjectName("compendiumSearch")
        self.search.setPlaceholderText(self.tr("Search name, type, trait…"))
        self.search.setClearButtonEnabled(True)
        self.game = QComboBox()
        self.game.setObjectName("compendiumGame")
        for label, key in GAMES:
            self.game.addItem(label, key)
        self.kind = QComboBox()
        self.kind.setObjectName("compendiumType")
        self.size_box = QComboBox()
        self.size_box.setObjectName("compendiumSize")
        self.size_box.addItem(self.tr("Any size"), "")
        for s in SIZES:
            self.size_box.addItem(s.capitalize(), s)
        self.low = QDoubleSpinBox()
        self.high = QDoubleSpinBox()
        for box, value in ((self.low, -1.0), (self.high, 30.0)):
            box.setRange(-1.0, 30.0)
            box.setDecimals(2)
            box.setSingleStep(1.0)
            box.setValue(value)
        self.low.setObjectName("compendiumLow")
        self.high.setObjectName("compendiumHigh")
        self.low.setToolTip(self.tr("Lowest level (PF2e) or challenge rating (5e; 1/4 = 0.25)"))
        self.high.setToolTip(self.tr("Highest level (PF2e) or challenge rating (5e)"))
        self.list = EntryList(lambda: self.count.value())
        self.stat_block = QTextBrowser()
        self.stat_block.setObjectName("statBlock")
        self.stat_block.setOpenLinks(False)
        self.count = QSpinBox()
        self.count.setObjectName("compendiumCount")
        self.count.setRange(1, 20)
        self.count.setPrefix("× ")
        self.count.setToolTip(self.tr("How many tokens to place (numbered names when more than one)"))
        self.place_button = QPushButton(self.tr("Place on Map"))
        self.place_button.setObjectName("compendiumPlace")
        self.import_button = QPushButton(self.tr("Import…"))
        self.new_button = QPushButton(self.tr("New…"))
        self.edit_button = QPushButton(self.tr("Edit…"))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setToolTip(self.tr("Remove the selected entry's imported file from your library"))
        self.status = QLabel()
        self.status.setObjectName("compendiumStatus")

        filters = QGridLayout()
        filters.addWidget(self.search, 0, 0, 1, 4)
        filters.addWidget(self.game, 1, 0, 1, 2)
        filters.addWidget(self.kind, 1, 2)
        filters.addWidget(self.size_box, 1, 3)
        filters.addWidget(QLabel(self.tr("Level / CR")), 2, 0)
        filters.addWidget(self.low, 2, 1)
        filters.addWidget(QLabel(self.tr("to")), 2, 2, Qt.AlignmentFlag.AlignCenter)
        filters.addWidget(self.high, 2, 3)
        place_row = QHBoxLayout()
        place_row.addWidget(self.count)
        place_row.addWidget(self.place_button, 1)
        lib_row = QHBoxLayout()
        for b in (self.import_button, self.new_button, self.edit_button, self.remove_button):
            lib_row.addWidget(b)
        top = QWidget()
        tl = QVBoxLayout(top)
        tl.setContentsMargins(0, 0, 0, 0)
        tl.addLayout(filters)
        tl.addWidget(self.list, 1)
        tl.addWidget(self.status)
        split = self.splitter = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(self.stat_block)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addWidget(split, 1)
        lay.addLayout(place_row)
        lay.addLayout(lib_row)
        # the spells tab (`desktop.docks.spell_compendium`): filled when first shown, and for each system
        self.spells_tab = SpellCompendium()
        self._spells_for: str | None = None
        self.tabs = QTabWidget()
        self.tabs.setObjectName("compendiumTabs")
        self.tabs.addTab(body, self.tr("Creatures"))
        self.tabs.addTab(self.spells_tab, self.tr("Spells"))
        self.tabs.currentChanged.connect(lambda _i: self._fill_spells_if_shown())
        self.setWidget(self.tabs)

        self.search.textChanged.connect(lambda _t: self.apply_filter())
        for combo in (self.game, self.kind, self.size_box):
            combo.currentIndexChanged.connect(lambda _i: self.apply_filter())
        for box in (self.low, self.high):
            box.valueChanged.connect(lambda _v: self.apply_filter())
        self.list.currentItemChanged.connect(lambda _a, _b: self._show_current())
        self.list.itemDoubleClicked.connect(lambda _i, _c: self._place_current())
        self.place_button.clicked.connect(self._place_current)
        import_menu = QMenu(self.import_button)
        import_menu.addAction(self.tr("Files…"), self.import_dialog)
        import_menu.addAction(self.tr("Folder…"), self.import_folder_dialog)
        self.import_button.setMenu(import_menu)
        self.new_button.clicked.connect(lambda: self.open_editor(None))
        self.edit_button.clicked.connect(lambda: self.open_editor(self.current()))
        self.remove_button.clicked.connect(self.remove_current)
        # Reading the bundled compendium takes a few tenths of a second: the list fills in on the next turn
        # of the event loop (in the main window, once the map has been painted: `load_after_paint_of`), or
        # whenever the entries are asked for.
        self._load_timer = QTimer(self)
        self._load_timer.setSingleShot(True)
        self._load_timer.timeout.connect(self._first_load)
        self._load_timer.start(0)

    # ---- entries

    @property
    def entries(self) -> list[Entry]:
        """Every creature the dock offers (the bundled compendium, then the library)."""
        if self._entries is None:
            self.reload()
        assert self._entries is not None
        return self._entries

    def _first_load(self) -> None:
        if self._entries is None:
            self.reload()

    def load_after_paint_of(self, widget: QWidget) -> None:
        """Read the compendium only once `widget` (the map view) has painted its first frame."""
        self._load_timer.stop()
        after_first_paint(widget, self._first_load)

    def reload(self) -> None:
        """Read the bundled compendium and the user's library again."""
        entries = [Entry(book, c, "bundled") for book, c in _bundled()]
        for book in self.library.books():
            entries.extend(Entry(book.name, c, "library") for c in book.creatures)
        self._entries = entries
        kinds = sorted({e.creature.type for e in entries if e.creature.type})
        current = self.kind.currentData()
        self.kind.blockSignals(True)
        self.kind.clear()
        self.kind.addItem(self.tr("Any type"), "")
        for k in kinds:
            self.kind.addItem(k.capitalize(), k)
        index = self.kind.findData(current)
        self.kind.setCurrentIndex(max(index, 0))
        self.kind.blockSignals(False)
        self.apply_filter()
        if self.library.problems:
            self.message.emit(self.tr("%n library file(s) could not be read", "", len(self.library.problems)))

    def spell_list(self) -> SpellCompendium:
        """The spells tab, filled for the scene's system: its bundled SRD spells and the spells of the
        compendium's creatures of that game."""
        if self._spells_for != self.scene_system:
            self._spells_for = self.scene_system
            spells: list[Spell] = []
            try:
                spells += bundled_spells(self.scene_system) if self.scene_system else ()
            except SceneError as exc:
                self.message.emit(str(exc))
            game = system_for(self.scene_system).game if self.scene_system else ""
            spells += [
                sp
                for e in self.entries
                if not game or system_for(e.creature.system).game == game
                for sp in e.creature.spells
                if sp.kind == "spell"
            ]
            self.spells_tab.set_spells(spells)
        return self.spells_tab

    def _fill_spells_if_shown(self) -> None:
        if self.tabs.currentWidget() is self.spells_tab:
            self.spell_list()

    def set_scene_system(self, system: str) -> None:
        """Show the scene's game first: the game filter follows the scene's system."""
        self.scene_system = system
        self._fill_spells_if_shown()
        # before the compendium is read the filter waits for it (`reload` applies it)
        self.game.blockSignals(self._entries is None)
        self.game.setCurrentIndex(max(self.game.findData(system_for(system).game), 0))
        self.game.blockSignals(False)

    def visible_entries(self) -> list[Entry]:
        words = self.search.text().lower().split()
        game = str(self.game.currentData() or "")
        kind = str(self.kind.currentData() or "")
        size = str(self.size_box.currentData() or "")
        low, high = self.low.value(), self.high.value()
        out = []
        for entry in self.entries:
            c = entry.creature
            if game and not in_game(game, c.system):
                continue
            if kind and c.type != kind:
                continue
            if size and c.size != size:
                continue
            rank = entry.rank
            if rank is not None and not (low - 1e-9 <= rank <= high + 1e-9):
                continue
            if words and not entry.matches(words):
                continue
            out.append(entry)
        return out

    def apply_filter(self) -> None:
        chosen = self.current()
        shown = self.visible_entries()
        self.list.setSortingEnabled(False)
        self.list.clear()
        keep: QTreeWidgetItem | None = None
        for entry in shown:
            c = entry.creature
            rank = c.challenge().replace("Level ", "").replace("CR ", "")
            source = self.tr("{book} ({edition})").format(book=entry.book, edition=entry.edition)
            item = _SortItem([c.name, rank, c.type, c.size.capitalize(), source])
            item.setData(0, ENTRY_ROLE, entry)
            item.setData(1, ENTRY_ROLE + 1, entry.rank)
            item.setToolTip(0, source)
            item.setToolTip(4, source)
            self.list.addTopLevelItem(item)
            if chosen is not None and entry == chosen:
                keep = item
        self.list.setSortingEnabled(True)
        total = len(self.entries)
        self.status.setText(self.tr("{shown} of {total} creatures").format(shown=len(shown), total=total))
        first = self.list.topLevelItem(0) if self.list.topLevelItemCount() else None
        if keep is not None:
            self.list.setCurrentItem(keep)
        elif first is not None:
            self.list.setCurrentItem(first)
        self._show_current()

    def current(self) -> Entry | None:
        item = self.list.currentItem()
        entry = item.data(0, ENTRY_ROLE) if item is not None else None
        return entry if isinstance(entry, Entry) else None

    def select_name(self, name: str, book: str | None = None) -> bool:
        """Select the first listed entry called `name` (from `book` when given)."""
        self._first_load()  # the list is filled once the compendium is read
        for i in range(self.list.topLevelItemCount()):
            item = self.list.topLevelItem(i)
            entry = item.data(0, ENTRY_ROLE) if item is not None else None
            if (
                item is not None
                and isinstance(entry, Entry)
                and entry.creature.name == name
                and book in (None, entry.book)
            ):
                self.list.setCurrentItem(item)
                return True
        return False

    def _show_current(self) -> None:
        entry = self.current()
        self.place_button.setEnabled(entry is not None)
        self.edit_button.setEnabled(entry is not None)
        self.remove_button.setEnabled(entry is not None and entry.origin == "library")
        if entry is None:
            self.stat_block.setHtml(f"<p style='color:{self._muted()}'>No creature matches.</p>")
            return
        self.stat_block.setHtml(stat_block_html(entry.creature, entry.book, self._muted()))

    def _muted(self) -> str:
        """Secondary text that reads on the current theme (light or dark)."""
        from PySide6.QtGui import QPalette

        text = self.stat_block.palette().color(QPalette.ColorRole.Text)
        base = self.stat_block.palette().color(QPalette.ColorRole.Base)
        pairs = ((text.red(), base.red()), (text.green(), base.green()), (text.blue(), base.blue()))
        mixed = [(a * 2 + b) // 3 for a, b in pairs]
        return "#{:02x}{:02x}{:02x}".format(*mixed)

    def _place_current(self) -> None:
        entry = self.current()
        if entry is not None:
            self.place_requested.emit(entry.creature, self.count.value())

    # ---- library

    def import_dialog(self) -> None:
        """Import creature files (one or more)."""
        paths, _ = QFileDialog.getOpenFileNames(
            self,
            self.tr("Import Creatures"),
            "",
            self.tr("Creature files (*.json *.json.gz);;All files (*)"),
        )
        if paths:
            self.import_paths([Path(p) for p in paths])

    def import_folder_dialog(self) -> None:
        """Import every creature file of a folder (a Foundry export, a folder of actors)."""
        folder = QFileDialog.getExistingDirectory(self, self.tr("Import Creatures from a Folder"))
        if folder:
            self.import_paths([Path(folder)])

    def import_path(self, path: str) -> str | None:
        """Import one file or folder; the problem (naming file and field) or None."""
        report = self.import_paths([Path(path)], show=False)
        return "\n\n".join(report.problems) if report.problems else None

    def import_paths(self, paths: Sequence[Path], *, show: bool = True) -> ImportReport:
        """Import files and folders into the library with a progress bar for long imports, then say what
        came of it (`show`: in a box as well as the status line). The compendium's search and filters stay
        as the GM set them; the first creature imported is selected when they let it show."""
        progress = QProgressDialog(self.tr("Importing creatures…"), self.tr("Stop"), 0, 0, self)
        progress.setObjectName("importProgress")
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(400)
        self.import_progress = progress
        stopped = False

        def step(done: int, total: int, name: str) -> bool:
            nonlocal stopped
            progress.setMaximum(max(total, 1))
            progress.setValue(done)
            if name:
                progress.setLabelText(self.tr("Importing {name}…").format(name=name))
            QApplication.processEvents()
            stopped = stopped or progress.wasCanceled()
            return not stopped

        books: list[Book] = []
        problems: list[str] = []
        files = 0
        for path in paths:
            if stopped:
                break
            if path.is_dir():
                files += len(creature_files(path))
                book, trouble = self.library.import_folder(path, step)
                problems += [self.tr("Could not import {problem}").format(problem=p) for p in trouble]
                if book is not None:
                    books.append(book)
                elif not trouble:
                    problems.append(self.tr("{folder} has no creature files").format(folder=path.name))
                continue
            files += 1
            step(0, 1, path.name)
            try:
                books.append(self.library.import_file(path))
            except CreatureImportError as exc:
                problems.append(self.tr("Could not import the file:\n{problem}").format(problem=str(exc)))
        progress.setValue(progress.maximum())
        progress.close()
        self.reload()
        creatures = [c for b in books for c in b.creatures]
        shown = {(e.book, e.creature.name) for e in self.visible_entries()}
        hidden = sum(1 for b in books for c in b.creatures if (b.name, c.name) not in shown)
        if books and hidden < len(creatures):
            first = next(c for b in books for c in b.creatures if (b.name, c.name) in shown)
            self.select_name(first.name, next(b.name for b in books if first in b.creatures))
        report = ImportReport(files, len(creatures), tuple(problems), hidden, stopped)
        self.message.emit(report.summary())
        if show:
            box = QMessageBox(
                QMessageBox.Icon.Warning if problems else QMessageBox.Icon.Information,
                self.tr("Import Creatures"),
                report.text(),
                parent=self,
            )
            box.setObjectName("importProblems" if problems else "importResult")
            self.import_box = box
            box.open()
        return report

    def remove_current(self) -> None:
        entry = self.current()
        if entry is None or entry.origin != "library":
            return
        for book in self.library.books():
            if book.name == entry.book:
                self.library.remove(book)
        self.reload()

    def open_editor(self, entry: Entry | None) -> CreatureEditor:
        system = self.scene_system or DEFAULT_SYSTEM
        from desktop.docks.creature_editor import CreatureEditor  # opened on demand, not at launch

        editor = CreatureEditor(entry.creature if entry else None, system, self)
        editor.spells_tab.set_choices(self.spell_list().spells)
        editor.accepted.connect(lambda: self._editor_done(editor))
        self.editor = editor
        editor.open()
        return editor

    def _editor_done(self, editor: CreatureEditor) -> None:
        creature = editor.result_creature
        if creature is None:
            return
        self.library.save_creature(creature)
        self.reload()
        self.search.clear()
        self.game.setCurrentIndex(0)
        self.select_name(creature.name, MY_CREATURES)
        self.message.emit(self.tr("{name} saved in {folder}").format(name=creature.name, folder=MY_CREATURES))


_BUNDLE_CACHE: list[tuple[str, Creature]] = []


def _bundled() -> list[tuple[str, Creature]]:
    if not _BUNDLE_CACHE:
        try:
            from rules.io.creatures.compendium import bundled_creatures  # read after the first frame

            _BUNDLE_CACHE.extend(bundled_creatures(assets_dir()))
        except CreatureImportError:
            return []
    return list(_BUNDLE_CACHE)


# ------------------------------------------------------------------------------------- window wiring


class _MapDrops(QObject):
    """Accepts compendium drags on the map view's viewport (files still go to the view)."""

    def __init__(self, features: CompendiumFeatures) -> None:
        super().__init__(features.window)
        self.features = features

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        t = event.type()
        if t in (QEvent.Type.DragEnter, QEvent.Type.DragMove) and isinstance(
            event, (QDragEnterEvent, QDragMoveEvent)
        ):
            if event.mimeData().hasFormat(MIME):
                event.acceptProposedAction()
                return True
        elif t == QEvent.Type.Drop and isinstance(event, QDropEvent):
            found = creature_from_mime(event.mimeData())
            if found is not None:
                creature, count = found
                self.features.place(
                    creature, count, self.features.cell_at_viewport(event.position().toPoint())
                )
                event.acceptProposedAction()
                return True
        return False


class CompendiumFeatures:
    """The compendium in the main window: the dock, File → Import Creatures…, Edit → Add Creature…, the
    View menu toggle and drops on the map."""

    def __init__(self, window: QMainWindow, library: CreatureLibrary | None = None) -> None:
        self.window = window
        #: The window's document, map view and map scene (`MainWindow`: the parts this feature uses).
        self.parts: MainWindow = cast("MainWindow", window)
        self.dock = CompendiumDock(library, window)
        self.dock.place_requested.connect(lambda c, n: self.place(c, n, None))
        self.dock.message.connect(lambda text: window.statusBar().showMessage(text, 8000))
        self.dock.spells_tab.give_requested.connect(self.give_spell)
        self.act_import = QAction(
            QCoreApplication.translate("CompendiumFeatures", "Import &Creatures…"), window
        )
        self.act_import.setStatusTip(
            QCoreApplication.translate(
                "CompendiumFeatures",
                "Import creatures (Foundry VTT actor, Pathbuilder 2e export, 5e-bits SRD monsters) "
                "into your library",
            )
        )
        self.act_import.triggered.connect(self.dock.import_dialog)
        self.act_import_folder = QAction(
            QCoreApplication.translate("CompendiumFeatures", "Import Creatures from a &Folder…"), window
        )
        self.act_import_folder.setStatusTip(
            QCoreApplication.translate(
                "CompendiumFeatures", "Import every creature file of a folder into your library, as one book"
            )
        )
        self.act_import_folder.triggered.connect(self.dock.import_folder_dialog)
        self.act_new = QAction(QCoreApplication.translate("CompendiumFeatures", "Add &Creature…"), window)
        self.act_new.setShortcut("Ctrl+Shift+N")  # Ctrl+Shift+T invites players to the table
        self.act_new.setStatusTip(
            QCoreApplication.translate(
                "CompendiumFeatures", "Make a creature in the editor, keep it in your library, and place it"
            )
        )
        self.act_new.triggered.connect(self.new_creature)
        self.act_edit_selection = QAction(
            QCoreApplication.translate("CompendiumFeatures", "Edit Creature of &Selection…"), window
        )
        self.act_edit_selection.setStatusTip(
            QCoreApplication.translate(
                "CompendiumFeatures",
                "Open the selected tokens' statistics in the creature editor; OK applies them to every "
                "selected token (each keeps its own position, HP and conditions)",
            )
        )
        self.act_edit_selection.triggered.connect(lambda: self.edit_selection())
        self.selection_editor: CreatureEditor | None = None
        self.drops = _MapDrops(self)
        self.parts.view.viewport().installEventFilter(self.drops)
        self.dock.load_after_paint_of(self.parts.view.viewport())
        self.parts.doc.reset.connect(self._scene_changed)
        self._scene_changed()

    @classmethod
    def install(cls, window: QMainWindow, library: CreatureLibrary | None = None) -> CompendiumFeatures:
        features = cls(window, library)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, features.dock)
        window.resizeDocks([features.dock], [400], Qt.Orientation.Horizontal)
        bar = window.menuBar()
        file_menu = menu_named(bar, "menuFile")
        edit_menu, view_menu = menu_named(bar, "menuEdit"), menu_named(bar, "menuView")
        if file_menu is not None:
            anchor = next((a for a in file_menu.actions() if a.objectName() == "actQuit"), None)
            if anchor is None:
                file_menu.addActions([features.act_import, features.act_import_folder])
            else:
                file_menu.insertAction(anchor, features.act_import)
                file_menu.insertAction(anchor, features.act_import_folder)
        if edit_menu is not None:
            edit_menu.addSeparator()
            edit_menu.addAction(features.act_new)
            edit_menu.addAction(features.act_edit_selection)
        if view_menu is not None:
            view_menu.addAction(features.dock.toggleViewAction())
        return features

    def _scene_changed(self) -> None:
        self.dock.set_scene_system(self.parts.doc.scene.system)

    def give_spell(self, spell: Spell) -> None:
        """Give `spell` to every selected creature (the engine's `GiveSpells`, one undo step)."""
        from rules.play.spell_book import GiveSpells

        ids = self.parts.map_scene.selected_ids()
        if not ids:
            self.window.statusBar().showMessage(
                QCoreApplication.translate(
                    "CompendiumFeatures", "Select the creatures to give {spell} to"
                ).format(spell=spell.name),
                8000,
            )
            return
        gifts = tuple(GiveSpells(tid, (spell,)) for tid in ids)
        self.parts.doc.execute(gifts[0] if len(gifts) == 1 else Batch(gifts, str(gifts[0].label)))

    def cell_at_viewport(self, pos: QPoint) -> Cell:
        return cell_at(self.parts.view.mapToScene(pos))

    def place(self, creature: Creature, count: int, cell: Cell | None) -> list[str]:
        """Place `count` tokens of `creature` at `cell` (default: the centre of the view); their ids."""
        w = self.parts
        scene = w.doc.scene
        if cell is None:
            cell = self.cell_at_viewport(w.view.viewport().rect().center())
        g = scene.grid
        cell = Cell(min(max(cell.x, 0), g.width - 1), min(max(cell.y, 0), g.height - 1))
        if not same_game(creature.system, scene.system):
            game = system_for(creature.system).game_title
            w.statusBar().showMessage(
                QCoreApplication.translate(
                    "CompendiumFeatures", "{name} is a {game} creature; this scene is not"
                ).format(name=creature.name, game=game),
                8000,
            )
            return []
        command = placement_command(scene, creature, count, cell)
        if command is None:
            w.statusBar().showMessage(
                QCoreApplication.translate(
                    "CompendiumFeatures", "No free square near there for the new token"
                ),
                8000,
            )
            return []
        w.doc.execute(command)
        ids = [t.id for t in command.tokens]
        w.map_scene.select_ids(ids)
        return ids

    def new_creature(self) -> CreatureEditor:
        """Add Creature…: a blank creature in the editor; accepted, it is kept in the library and placed."""
        editor = self.dock.open_editor(None)
        editor.accepted.connect(lambda: self._place_new(editor))
        return editor

    def edit_selection(self) -> CreatureEditor | None:
        """The selected tokens' creature in the editor (from the first selected); OK re-stats them all in
        one undoable step."""
        w = self.parts
        scene = w.doc.scene
        tokens = [t for t in (scene.token(i) for i in w.map_scene.selected_ids()) if t is not None]
        if not tokens:
            w.statusBar().showMessage(
                QCoreApplication.translate("CompendiumFeatures", "Select the tokens whose creature to edit"),
                6000,
            )
            return None
        first = tokens[0]
        try:
            creature = _token_creature(scene, first)
        except (SceneError, ValueError) as exc:
            w.statusBar().showMessage(
                QCoreApplication.translate(
                    "CompendiumFeatures", "{label}'s statistics can't be edited as a creature: {exc}"
                ).format(label=first.label, exc=exc),
                8000,
            )
            return None
        from desktop.docks.creature_editor import CreatureEditor  # opened on demand, not at launch

        editor = CreatureEditor(creature, scene.system, self.dock)
        editor.spells_tab.set_choices(self.dock.spell_list().spells)
        editor.setWindowTitle(
            f"Creature of {first.label}" + (f" and {len(tokens) - 1} more" if len(tokens) > 1 else "")
        )
        editor.accepted.connect(lambda: self._apply_to(editor, [t.id for t in tokens], creature.name))
        self.selection_editor = editor
        editor.open()
        return editor

    def _apply_to(self, editor: CreatureEditor, ids: list[str], old_name: str) -> None:
        creature = editor.result_creature
        w = self.parts
        if creature is None:
            return
        if not same_game(creature.system, w.doc.scene.system):
            w.statusBar().showMessage(
                QCoreApplication.translate(
                    "CompendiumFeatures", "The creature is for the other game; the tokens are unchanged"
                ),
                8000,
            )
            return
        scene = w.doc.scene
        commands = []
        for tid in ids:
            token = scene.token(tid)
            if token is None:
                continue
            rename = len(ids) == 1 and creature.name != old_name
            new = restat_token(scene, token, creature, rename)
            if new is None:
                w.statusBar().showMessage(
                    QCoreApplication.translate(
                        "CompendiumFeatures", "{label} would not fit on the grid at that size"
                    ).format(label=token.label),
                    8000,
                )
                return
            commands.append(UpdateToken(tid, new, what="creature"))
        if commands:
            w.doc.execute(
                Batch(tuple(commands), label="Edit creature", log=f"{creature.name}: statistics edited")
            )

    def _place_new(self, editor: CreatureEditor) -> None:
        if editor.result_creature is not None:
            self.place(editor.result_creature, 1, None)


def entries_named(entries: Iterable[Entry], name: str) -> list[Entry]:
    return [e for e in entries if e.creature.name == name]
