"""The scenes of the campaign: prepare one while the players see another, and present it in one click.

The list shows every scene of the file (`rules.model.campaign`): "GM" marks the one the GM works on,
"Players" the one the Player Screen shows. **New scene…** adds a blank map of the campaign's system,
**Add map…** an opened map (its pictures embedded in the file); **Prepare** switches the GM to the chosen
scene (`SwitchScene`: the players keep seeing theirs); **Present** shows it to the players in one click
(`PresentScene`: the party arrives on the scene's entrance, marked with the map's right-click menu
"Mark as the party's entrance"); **Remove** drops a scene neither side is on. Every button is one
undoable engine command; the dock only shows the state's campaign.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QGridLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.document import Document
from rules.model.campaign import Campaign
from rules.model.scene import Scene, new_scene
from rules.model.state import GameState
from rules.play.campaign import AddScene, PresentScene, RemoveScene, SwitchScene, as_campaign

#: Opens a map for a new scene: (title, scene, pictures) or None when the GM cancels.
OpenMap = Callable[[], tuple[str, Scene, tuple[tuple[str, bytes], ...]] | None]


class ScenesDock(QDockWidget):
    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Scenes"))
        self.setObjectName("scenesDock")
        self.doc = doc
        self._open_map: OpenMap | None = None  # set by the window: opens a map file for "Add map…"
        #: Asks for a title (tests replace it): (question, suggestion) → the title or None.
        self.ask_title: Callable[[str, str], str | None] = self._ask_title

        self.status = QLabel()  # whom the GM works on
        self.status.setObjectName("scenesStatus")
        self.players = QLabel()  # what the players see
        self.players.setObjectName("scenesPlayers")
        self.list = QListWidget()
        self.list.setObjectName("scenesList")
        self.new_button = QPushButton(self.tr("New scene…"))
        self.new_button.setObjectName("newScene")
        self.new_button.setToolTip(
            self.tr("Add a blank map to the campaign, with the same party and bestiary")
        )
        self.add_map_button = QPushButton(self.tr("Add map…"))
        self.add_map_button.setObjectName("addMapScene")
        self.add_map_button.setToolTip(self.tr("Add a map file to the campaign as a new scene"))
        self.prepare_button = QPushButton(self.tr("Prepare"))
        self.prepare_button.setObjectName("prepareScene")
        self.prepare_button.setToolTip(
            self.tr("Work on the chosen scene; the players keep seeing theirs until you present it")
        )
        self.present_button = QPushButton(self.tr("Present"))
        self.present_button.setObjectName("presentScene")
        self.present_button.setToolTip(
            self.tr("Show the chosen scene to the players: the party arrives at its entrance")
        )
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setObjectName("removeScene")
        self.remove_button.setToolTip(self.tr("Remove the chosen scene from the campaign"))
        hint = QLabel(self.tr("Right-click a square of the map to mark the party's entrance."))
        hint.setWordWrap(True)
        hint.setStyleSheet("color: gray;")

        buttons = QGridLayout()
        buttons.addWidget(self.prepare_button, 0, 0)
        buttons.addWidget(self.present_button, 0, 1)
        buttons.addWidget(self.new_button, 1, 0)
        buttons.addWidget(self.add_map_button, 1, 1)
        buttons.addWidget(self.remove_button, 2, 0)
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.status)
        lay.addWidget(self.players)
        lay.addWidget(self.list, 1)
        lay.addLayout(buttons)
        lay.addWidget(hint)
        self.setWidget(body)

        self.new_button.clicked.connect(lambda: self.new_scene())
        self.add_map_button.clicked.connect(lambda: self.add_map())
        self.prepare_button.clicked.connect(lambda: self.prepare())
        self.present_button.clicked.connect(lambda: self.present())
        self.remove_button.clicked.connect(lambda: self.remove())
        self.list.currentRowChanged.connect(lambda _r: self._enable())
        self.list.itemDoubleClicked.connect(lambda _i: self.prepare())
        doc.changed.connect(self._on_changed)
        doc.reset.connect(self.refresh)
        self.refresh()

    @property
    def open_map(self) -> OpenMap | None:
        """Opens a map file for "Add map…" (the window sets it; the button waits for it)."""
        return self._open_map

    @open_map.setter
    def open_map(self, opener: OpenMap | None) -> None:
        self._open_map = opener
        self._enable()

    # ---- showing

    def campaign(self) -> Campaign:
        return as_campaign(self.doc.state)

    def _on_changed(self, old: GameState, new: GameState) -> None:
        if old.campaign is not new.campaign or old.scene.name != new.scene.name:
            self.refresh()

    def refresh(self) -> None:
        campaign = self.campaign()
        keep = self.selected_id()
        self.list.blockSignals(True)
        self.list.clear()
        for slot in campaign.scenes:
            marks = []
            if slot.id == campaign.current:
                marks.append(self.tr("GM"))
            if slot.id == campaign.presented:
                marks.append(self.tr("Players"))
            text = slot.title + (f"   [{' · '.join(marks)}]" if marks else "")
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, slot.id)
            if slot.id == campaign.presented:
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            self.list.addItem(item)
        ids = [s.id for s in campaign.scenes]
        self.list.setCurrentRow(ids.index(keep) if keep in ids else ids.index(campaign.current))
        self.list.blockSignals(False)
        current = campaign.current_slot
        shown = campaign.slot(campaign.presented)
        players = shown.title if shown is not None else current.title
        if campaign.preparing:
            self.status.setText(self.tr("Preparing: {title}").format(title=current.title))
            self.status.setStyleSheet("color: #e0a030; font-weight: bold;")
        else:
            self.status.setText(self.tr("GM and players: {title}").format(title=current.title))
            self.status.setStyleSheet("font-weight: bold;")
        self.players.setText(self.tr("The players see: {title}").format(title=players))
        self.players.setVisible(campaign.preparing)
        self.status.setToolTip(self.status.text())
        self.players.setToolTip(self.players.text())
        self._enable()

    def selected_id(self) -> str | None:
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None

    def select(self, scene_id: str) -> None:
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole) == scene_id:
                self.list.setCurrentRow(i)

    def _enable(self) -> None:
        campaign = self.campaign()
        sid = self.selected_id()
        self.prepare_button.setEnabled(sid is not None and sid != campaign.current)
        self.present_button.setEnabled(sid is not None and sid != campaign.presented)
        self.remove_button.setEnabled(sid not in (None, campaign.current, campaign.presented))
        self.add_map_button.setEnabled(self.open_map is not None)

    # ---- commands

    def _ask_title(self, question: str, suggestion: str) -> str | None:
        text, ok = QInputDialog.getText(self, self.tr("Scene"), question, text=suggestion)
        return text.strip() if ok and text.strip() else None

    def new_scene(self) -> bool:
        """Add a blank map (the current map's size and system) as a new scene."""
        n = len(self.campaign().scenes) + 1
        title = self.ask_title(self.tr("Title of the new scene:"), self.tr("Scene {n}").format(n=n))
        if title is None:
            return False
        grid = self.doc.scene.grid
        blank = new_scene(self.doc.scene.system, grid.width, grid.height, title)
        return self.doc.execute(AddScene(title, blank)) is not None

    def add_map(self) -> bool:
        """Add a map file as a new scene (`open_map`, set by the window)."""
        if self.open_map is None:
            return False
        opened = self.open_map()
        if opened is None:
            return False
        title, scene, images = opened
        return self.doc.execute(AddScene(title, scene, images=images)) is not None

    def prepare(self, scene_id: str | None = None) -> bool:
        sid = scene_id or self.selected_id()
        return sid is not None and self.doc.execute(SwitchScene(sid)) is not None

    def present(self, scene_id: str | None = None) -> bool:
        sid = scene_id or self.selected_id()
        return sid is not None and self.doc.execute(PresentScene(sid)) is not None

    def remove(self, scene_id: str | None = None) -> bool:
        sid = scene_id or self.selected_id()
        return sid is not None and self.doc.execute(RemoveScene(sid)) is not None

    def texts(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]


__all__ = ["ScenesDock"]
