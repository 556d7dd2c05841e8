"""Helpers for the table tests: a map view on a document built from a picture."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF

from desktop.document import Document
from desktop.look.style import CELL
from desktop.map.scene import MapScene
from desktop.map.view import MapView
from rules.model.scene import Scene


def make_view(
    qtbot: Any, scene: Scene, size: tuple[int, int] = (900, 700)
) -> tuple[Document, MapScene, MapView]:
    """A document on `scene`, its map scene and a shown view with the whole grid in sight."""
    doc = Document(scene)
    map_scene = MapScene(doc)
    view = MapView(map_scene)
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    return doc, map_scene, view


def corner_point(view: MapView, x: float, y: float) -> QPoint:
    """Viewport pixel of corner coordinates (x, y) (use a small offset to land near a corner)."""
    return view.mapFromScene(QPointF(x * CELL, y * CELL))
