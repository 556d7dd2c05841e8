"""Test helpers: ASCII scenes and synthetic mouse input sent to the map view's viewport."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from desktop.look.style import CELL
from desktop.map.view import MapView
from rules.geometry.coords import Cell
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene

TERRAIN_CHARS = {"~": "difficult", "=": "greater-difficult", "^": "hazardous", "#": "impassable"}


def ascii_scene(
    picture: str,
    system: str = "pf2e",
    tokens: dict[str, dict[str, Any]] | None = None,
    walls: list[dict[str, Any]] | None = None,
    **options: Any,
) -> Scene:
    """A scene from a picture: '.' floor, '~' difficult, '=' greater difficult, '^' hazardous, '#' impassable,
    letters are tokens (their top-left square; other fields from `tokens[letter]`)."""
    rows = [r.strip() for r in picture.strip("\n").splitlines() if r.strip()]
    height, width = len(rows), len(rows[0])
    terrain, toks = [], []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in TERRAIN_CHARS:
                terrain.append({"cell": [x, y], "kind": TERRAIN_CHARS[ch]})
            elif ch.isalpha():
                spec = {
                    "id": ch,
                    "side": "party" if ch.isupper() else "enemies",
                    **(tokens or {}).get(ch, {}),
                }
                spec["cell"] = [x, y]
                toks.append(spec)
    doc = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": system,
        "options": options,
        "grid": {"width": width, "height": height},
        "terrain": terrain,
        "walls": walls or [],
        "tokens": toks,
    }
    return scene_from_json(doc)


def view_point(
    view: MapView, cell: tuple[int, int], side: int = 1, dx: float = 0.5, dy: float = 0.5
) -> QPoint:
    """Viewport pixel of a point inside a `side`-square space at `cell` (default: the space's centre)."""
    scene_pt = QPointF((cell[0] + dx * side) * CELL, (cell[1] + dy * side) * CELL)
    return view.mapFromScene(scene_pt)


def _send(
    view: MapView,
    kind: QEvent.Type,
    pos: QPoint,
    button: Qt.MouseButton,
    buttons: Qt.MouseButton,
    modifiers: Qt.KeyboardModifier,
) -> None:
    viewport = view.viewport()
    event = QMouseEvent(kind, QPointF(pos), QPointF(viewport.mapToGlobal(pos)), button, buttons, modifiers)
    QApplication.sendEvent(viewport, event)


NO_MOD = Qt.KeyboardModifier.NoModifier
LEFT = Qt.MouseButton.LeftButton
NONE_BUTTON = Qt.MouseButton.NoButton


def press(
    view: MapView, pos: QPoint, button: Qt.MouseButton = LEFT, mods: Qt.KeyboardModifier = NO_MOD
) -> None:
    _send(view, QEvent.Type.MouseButtonPress, pos, button, button, mods)


def move(
    view: MapView, pos: QPoint, buttons: Qt.MouseButton = LEFT, mods: Qt.KeyboardModifier = NO_MOD
) -> None:
    _send(view, QEvent.Type.MouseMove, pos, NONE_BUTTON, buttons, mods)


def release(
    view: MapView, pos: QPoint, button: Qt.MouseButton = LEFT, mods: Qt.KeyboardModifier = NO_MOD
) -> None:
    _send(view, QEvent.Type.MouseButtonRelease, pos, button, NONE_BUTTON, mods)


def drag(
    view: MapView,
    start: QPoint,
    end: QPoint,
    mods: Qt.KeyboardModifier = NO_MOD,
    steps: int = 6,
    release_mods: Qt.KeyboardModifier | None = None,
) -> None:
    """Press at `start`, move in `steps` steps to `end`, release."""
    press(view, start, mods=mods)
    for i in range(1, steps + 1):
        t = i / steps
        p = QPoint(round(start.x() + (end.x() - start.x()) * t), round(start.y() + (end.y() - start.y()) * t))
        move(view, p, mods=mods)
    release(view, end, mods=mods if release_mods is None else release_mods)


def settle() -> None:
    """Let the event loop handle what is pending (posted events, zero-time timers, layouts) without waiting
    for the clock."""
    for _ in range(3):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def cell(x: int, y: int) -> Cell:
    return Cell(x, y)


def document_snapshot(window: Any) -> tuple[Any, ...]:
    """Everything a refused action must leave as it was: the scene, file, unsaved flag, pictures, the whole
    undo history (undone entries too, and where it stands), the log and the window title."""
    doc = window.doc
    history = doc._history
    return (
        doc.scene,
        doc.path,
        doc.dirty,
        dict(doc.images),
        [(e.command, e.before, e.after) for e in history._entries],
        history._cursor,
        doc.undo_label(),
        doc.redo_label(),
        list(doc.log),
        window.windowTitle(),
    )
