"""The GM window remembers its panels: where each dock is, which side is collapsed, the tabs in front, and
the window's size and place, kept in the app's settings (`desktop.settings.app_settings`) when the window
closes and put back when it opens again. View ▸ Reset Panel Layout returns to the map-first layout the
window starts with (`MainWindow._arrange_docks`).

A saved layout from another version of the window (other docks) is refused by Qt's `restoreState` and
the window keeps its own layout; a layout saved on a bigger screen is fitted into the screen it opens on.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray
from PySide6.QtWidgets import QMainWindow

from desktop.settings import app_settings

GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
#: Bumped when the window's docks change so that an older saved layout is not applied to the new ones.
LAYOUT_VERSION = 1


class LayoutMemory:
    """Saves and restores one main window's layout (see the module docstring)."""

    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        self.default_state: QByteArray = window.saveState(LAYOUT_VERSION)
        self.default_size = window.size()

    def save(self) -> None:
        store = app_settings()
        store.setValue(GEOMETRY_KEY, self.window.saveGeometry())
        store.setValue(STATE_KEY, self.window.saveState(LAYOUT_VERSION))
        store.sync()

    def restore(self) -> bool:
        """Put back the saved layout; False when there is none (or Qt refuses it)."""
        store = app_settings()
        geometry, state = store.value(GEOMETRY_KEY), store.value(STATE_KEY)
        restored = False
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            restored = self.window.restoreGeometry(geometry)
        if isinstance(state, QByteArray) and not state.isEmpty():
            restored = self.window.restoreState(state, LAYOUT_VERSION) or restored
        return restored

    def reset(self) -> None:
        """Back to the layout the window started with, and forget the saved one."""
        self.window.restoreState(self.default_state, LAYOUT_VERSION)
        self.window.resize(self.default_size)
        store = app_settings()
        store.remove(GEOMETRY_KEY)
        store.remove(STATE_KEY)
        store.sync()
