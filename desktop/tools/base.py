"""What every map tool is: a small state machine fed with `ToolEvent`s by the map view.

A tool turns gestures into previews (transient items in the map scene) and, when the gesture completes,
into one command executed on the document. It never edits the model directly and never keeps a copy of it.
Tools are registered in `desktop.tools.TOOL_SPECS`; a later tool (area templates, cover lines) is one more
module and one more entry there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QWidget

from rules.geometry.coords import Cell

if TYPE_CHECKING:
    from desktop.document import Document
    from desktop.map_scene import MapScene
    from desktop.map_view import MapView


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
    label = "Tool"
    cursor = Qt.CursorShape.ArrowCursor

    def __init__(self, view: MapView) -> None:
        self.view = view

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
        """Widgets shown in the tool options bar while this tool is current (built once)."""
        return None

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


@dataclass(frozen=True, slots=True)
class ToolSpec:
    name: str
    label: str
    shortcut: str
    tooltip: str
    icon: str
    factory: Callable[[MapView], Tool]
    #: False: the tool is in the menus only (a set-up tool the table rarely needs), not the tool bar.
    toolbar: bool = True
