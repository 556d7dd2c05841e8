"""What every map tool is: a small state machine fed with `ToolEvent`s by the map view.

A tool turns gestures into previews (transient items in the map scene) and, when the gesture completes,
into one command executed on the document. It never edits the model directly and never keeps a copy of it.
Tools are registered in `desktop.map.tools.TOOL_SPECS`; a later tool (area templates, cover lines) is one more
module and one more entry there.

A tool with options (`has_options`) fills its row of the tool options bar in `fill_options`. `PreviewTool` is
a tool whose preview items live in the map scene only while it is the current tool.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QCoreApplication, QPoint, QPointF, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGraphicsItem, QHBoxLayout, QMenu, QWidget

from desktop.i18n import QT_TRANSLATE_NOOP
from rules.geometry.coords import Cell

if TYPE_CHECKING:
    from desktop.document import Document
    from desktop.map.scene import MapScene


class TokenMenus(Protocol):
    """The rules' entries of a token's context menu (the system's actions, maneuvers, Aid, Sneak …): the
    window provides them (`desktop.window.action_menu.ActionMenus`), so the tools below it never import it."""

    def add_actions(
        self, menu: QMenu, token_id: str, parent: QWidget | None, sneak: Callable[[], None] | None
    ) -> None: ...

    def add_maneuvers(self, menu: QMenu, actor_id: str, target_id: str, parent: QWidget | None) -> None: ...

    def add_spells(self, menu: QMenu, token_id: str) -> None:
        """The creature's spell list entry (none by default)."""

    def add_square(self, menu: QMenu, cell: Cell) -> None:
        """The entries of a square (its hazards, Place Hazard Here…; none by default)."""


class ToolHost(Protocol):
    """What a tool may use of the map view that feeds it (`desktop.map.view.MapView` is one): the document,
    the map scene, the status line, the context menu, the view's signals for requests a tool can't serve
    itself and its viewport. Tools depend on this narrow surface, not on the view's module; the tool bar's
    tools declare the `MapView` they are made for."""

    doc: Document
    map_scene: MapScene
    add_token_requested: Any
    edit_token_requested: Any
    attack_requested: Any
    join_encounter_requested: Any
    leave_encounter_requested: Any
    #: The token menu's rule entries (None: a view without them, such as a test's bare view).
    token_menus: TokenMenus | None

    def show_message(self, text: str) -> None: ...

    def show_context_menu(self, menu: QMenu, global_pos: QPoint) -> None: ...

    def drag_distance(self) -> int: ...

    def viewport(self) -> QWidget: ...


@dataclass(frozen=True, slots=True)
class ToolEvent:
    scene_pos: QPointF
    cell: Cell
    button: Qt.MouseButton
    buttons: Qt.MouseButton
    modifiers: Qt.KeyboardModifier
    view_pos: QPoint
    global_pos: QPoint

    @property
    def shift(self) -> bool:
        return bool(self.modifiers & Qt.KeyboardModifier.ShiftModifier)

    @property
    def ctrl(self) -> bool:
        return bool(self.modifiers & Qt.KeyboardModifier.ControlModifier)

    @property
    def alt(self) -> bool:
        return bool(self.modifiers & Qt.KeyboardModifier.AltModifier)


class Tool:
    name = "tool"
    #: The tool's name for people, in English (marked for the "Tools" context: `shown_label` translates it).
    label = QT_TRANSLATE_NOOP("Tools", "Tool")
    cursor = Qt.CursorShape.ArrowCursor
    #: The tool has widgets in the tool options bar (`fill_options` adds them).
    has_options = False

    def shown_label(self) -> str:
        """`label` in the app's language."""
        return QCoreApplication.translate("Tools", self.label)

    def __init__(self, view: ToolHost) -> None:
        self.view = view
        #: The tool's row in the tool options bar, once made (`options_widget`).
        self._options_row: QWidget | None = None

    @property
    def doc(self) -> Document:
        return self.view.doc

    @property
    def map_scene(self) -> MapScene:
        return self.view.map_scene

    # ---- lifecycle

    def activate(self) -> None:
        """The tool became the current one."""

    def deactivate(self) -> None:
        """Another tool takes over: drop any gesture in progress."""
        self.cancel()

    def hint(self) -> str:
        """One line for the status bar saying what the mouse does."""
        return ""

    def options_widget(self) -> QWidget | None:
        """Widgets shown in the tool options bar while this tool is current: made once, by `fill_options`, for
        a tool that `has_options`; None for the others."""
        if self._options_row is None and self.has_options:
            row = QWidget()
            lay = QHBoxLayout(row)
            lay.setContentsMargins(4, 0, 4, 0)
            self.fill_options(lay)
            lay.addStretch(1)
            self._options_row = row
        return self._options_row

    def fill_options(self, lay: QHBoxLayout) -> None:
        """Add the tool's option widgets to its row of the tool options bar, left to right."""

    # ---- input; return True when the event was used

    def press(self, ev: ToolEvent) -> bool:
        return False

    def move(self, ev: ToolEvent) -> bool:
        return False

    def release(self, ev: ToolEvent) -> bool:
        return False

    def double_click(self, ev: ToolEvent) -> bool:
        return False

    def key_press(self, event: QKeyEvent) -> bool:
        return False

    def cancel(self) -> bool:
        """Escape: abandon the gesture in progress. True when there was one."""
        return False


class PreviewTool(Tool):
    """A tool that draws its gesture with preview items: they are put in the map scene when the tool becomes
    current and taken out when another tool takes over, after the gesture in progress is ended."""

    def preview_items(self) -> tuple[QGraphicsItem, ...]:
        """The items shown in the map scene while this tool is current."""
        return ()

    def activate(self) -> None:
        for item in self.preview_items():
            if item.scene() is None:
                self.map_scene.addItem(item)

    def deactivate(self) -> None:
        self.end_gesture()
        for item in self.preview_items():
            if item.scene() is not None:
                self.map_scene.removeItem(item)

    def end_gesture(self) -> None:
        """What leaving the tool does with a gesture in progress: drop it (`cancel`) unless overridden."""
        self.cancel()
