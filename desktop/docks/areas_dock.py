"""The areas dock: the areas placed on the map, how long each lasts, who is inside; remove one or roll its
saves.

Each row is one `PlacedArea` of the scene (`rules.model.areas`) with the creatures the engine finds inside
it now (`resolve_area`; an emanation follows its creature). Selecting a row brings that area forward on the
map (`AreasLayer.highlight`). "Roll saves…" opens the `SaveDialog`; "Remove" is an undoable command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.dice import app_dice
from desktop.document import Document
from desktop.map.items.area_item import AreasLayer
from rules.dice import DieSource
from rules.errors import QueryError
from rules.geometry.areas import resolve_area
from rules.model.areas import PlacedArea
from rules.model.scene import Scene
from rules.model.state import GameState
from rules.play.table import RemoveArea

if TYPE_CHECKING:
    from desktop.docks.save_dialog import SaveDialog

ID_ROLE = Qt.ItemDataRole.UserRole


def swatch(colour: str) -> QIcon:
    pix = QPixmap(16, 16)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setPen(QColor(0, 0, 0, 180))
    p.setBrush(QColor(colour))
    p.drawRoundedRect(1, 1, 14, 14, 3, 3)
    p.end()
    return QIcon(pix)


def area_summary(scene: Scene, area: PlacedArea) -> tuple[str, str]:
    """``(title line, details line)`` for a row."""
    title = area.title
    if area.label:
        title += f"  ({area.spec.feet}-ft {area.spec.shape})"
    try:
        result = resolve_area(scene, area.spec)
    except QueryError as exc:
        return title, str(exc)
    names = [scene.token(t).label for t in result.tokens if scene.token(t) is not None]  # type: ignore[union-attr]
    inside = ", ".join(names) if names else "nobody"
    lasts = "until removed" if area.rounds_left is None else f"{area.rounds_left} round(s) left"
    return title, f"{lasts} · inside: {inside}"


class AreasDock(QDockWidget):
    def __init__(
        self,
        doc: Document,
        layer: AreasLayer | None = None,
        parent: QWidget | None = None,
        dice: DieSource | None = None,
    ) -> None:
        super().__init__(QCoreApplication.translate("AreasDock", "Areas"), parent)
        self.setObjectName("areasDock")
        self.doc = doc
        self.layer = layer
        self.dice: DieSource = dice if dice is not None else app_dice()
        self.dialog: SaveDialog | None = None
        self.list = QListWidget()
        self.list.setObjectName("areasList")
        self.list.setIconSize(QSize(16, 16))
        self.list.setAlternatingRowColors(True)
        self.empty = QLabel(self.tr("No areas on the map.\nUse the Area tool (A) to place one."))
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #ff8a80;")
        self.saves_button = QPushButton(self.tr("Roll saves…"))
        self.saves_button.setObjectName("areaSaves")
        self.saves_button.setToolTip(
            self.tr("Every creature inside rolls its save; the damage goes through the rules")
        )
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setObjectName("removeArea")
        self.remove_button.setToolTip(self.tr("Take the area off the map (undoable)"))
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.saves_button)
        row.addStretch(1)
        row.addWidget(self.remove_button)
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.empty)
        lay.addWidget(self.list, 1)
        lay.addWidget(self.problems)
        lay.addLayout(row)
        self.setWidget(body)
        self.list.currentItemChanged.connect(lambda _a, _b: self._on_current())
        self.list.itemDoubleClicked.connect(lambda _i: self.roll_saves())
        self.saves_button.clicked.connect(self.roll_saves)
        self.remove_button.clicked.connect(self.remove_current)
        doc.changed.connect(self._on_changed)
        self.refresh()

    def _on_changed(self, _old: GameState, _new: GameState) -> None:
        self.refresh()

    def refresh(self) -> None:
        scene = self.doc.scene
        keep = self.current_id()
        self.list.blockSignals(True)
        self.list.clear()
        for area in self.doc.areas:
            title, details = area_summary(scene, area)
            item = QListWidgetItem(swatch(area.colour), f"{title}\n{details}")
            item.setData(ID_ROLE, area.id)
            item.setToolTip(details)
            self.list.addItem(item)
            if area.id == keep:
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        has = bool(self.doc.areas)
        self.empty.setVisible(not has)
        self.list.setVisible(has)
        self.problems.setText("\n".join(self.doc.load_problems))
        self.problems.setVisible(bool(self.doc.load_problems))
        self._on_current()

    def current_id(self) -> str | None:
        item = self.list.currentItem()
        return str(item.data(ID_ROLE)) if item is not None else None

    def select(self, area_id: str) -> None:
        for i in range(self.list.count()):
            if self.list.item(i).data(ID_ROLE) == area_id:
                self.list.setCurrentRow(i)
                return

    def _on_current(self) -> None:
        aid = self.current_id()
        self.saves_button.setEnabled(aid is not None)
        self.remove_button.setEnabled(aid is not None)
        if self.layer is not None:
            self.layer.highlight(aid)

    def remove_current(self) -> None:
        aid = self.current_id()
        if aid is not None:
            self.doc.execute(RemoveArea(aid))

    def roll_saves(self) -> SaveDialog | None:
        from desktop.docks.save_dialog import SaveDialog  # read when first opened

        aid = self.current_id()
        if aid is None or self.doc.state.area(aid) is None:
            return None
        self.dialog = SaveDialog(self.doc, aid, self, self.dice)
        self.dialog.open()
        return self.dialog
