"""Painting terrain: difficult, greater difficult, hazardous, impassable (or erasing) with a brush or a
rectangle. One stroke (press → release) is one undoable command. Right-drag erases."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QGraphicsItem, QHBoxLayout, QLabel, QSpinBox

from desktop.i18n import QT_TRANSLATE_NOOP
from desktop.look.style import TERRAIN_HATCH, TERRAIN_LABELS
from desktop.map.grid_coords import cells_in_rect
from desktop.map.items.preview_items import CellsPreviewItem
from desktop.map.tools.base import PreviewTool, ToolEvent
from rules.geometry.coords import Cell
from rules.model.scene import TERRAIN_KINDS
from rules.play.edits import PaintTerrain

if TYPE_CHECKING:
    from desktop.map.view import MapView

ERASE = "erase"
ERASE_COLOUR = QColor(120, 200, 255, 160)


def line_cells(a: Cell, b: Cell) -> list[Cell]:
    """Cells on the straight line from `a` to `b` (inclusive), no gaps: a fast brush stroke paints all."""
    n = max(abs(b.x - a.x), abs(b.y - a.y))
    if n == 0:
        return [a]
    return [Cell(round(a.x + (b.x - a.x) * i / n), round(a.y + (b.y - a.y) * i / n)) for i in range(n + 1)]


class TerrainTool(PreviewTool):
    name = "terrain"
    label = QT_TRANSLATE_NOOP("Tools", "Paint terrain")
    cursor = Qt.CursorShape.CrossCursor
    has_options = True

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.kind: str = "difficult"
        self.shape = "brush"
        self.size = 1
        self._stroke: set[Cell] | None = None
        self._erasing = False
        self._start: Cell | None = None
        self._last: Cell | None = None
        self.preview = CellsPreviewItem(TERRAIN_HATCH["difficult"])

    def hint(self) -> str:
        return QCoreApplication.translate(
            "TerrainTool",
            "Drag to paint · right-drag erases · brush or rectangle, size and kind in the tool bar · "
            "Esc: cancel",
        )

    def preview_items(self) -> tuple[QGraphicsItem, ...]:
        return (self.preview,)

    # ---- options

    def set_kind(self, kind: str) -> None:
        self.kind = kind
        self.preview.set_colour(ERASE_COLOUR if kind == ERASE else TERRAIN_HATCH[kind])
        self._sync_widgets()

    def set_shape(self, shape: str) -> None:
        self.shape = shape
        self._sync_widgets()

    def set_size(self, size: int) -> None:
        self.size = max(1, size)
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        if self._options_row is None:
            return
        for name, value in (("terrainKind", self.kind), ("terrainShape", self.shape)):
            box = self._options_row.findChild(QComboBox, name)
            if box is not None and box.currentData() != value:
                box.setCurrentIndex(box.findData(value))
        spin = self._options_row.findChild(QSpinBox, "terrainSize")
        if spin is not None and spin.value() != self.size:
            spin.setValue(self.size)

    def fill_options(self, lay: QHBoxLayout) -> None:
        kind = QComboBox()
        kind.setObjectName("terrainKind")
        for k in TERRAIN_KINDS:
            kind.addItem(TERRAIN_LABELS[k], k)
        kind.addItem(QCoreApplication.translate("TerrainTool", "Erase"), ERASE)
        kind.setToolTip(
            QCoreApplication.translate("TerrainTool", "Terrain to paint (right-drag always erases)")
        )
        kind.currentIndexChanged.connect(lambda _i: self.set_kind(str(kind.currentData())))
        shape = QComboBox()
        shape.setObjectName("terrainShape")
        shape.addItem(QCoreApplication.translate("TerrainTool", "Brush"), "brush")
        shape.addItem(QCoreApplication.translate("TerrainTool", "Rectangle"), "rect")
        shape.setToolTip(
            QCoreApplication.translate(
                "TerrainTool", "Brush paints where you drag; Rectangle fills the box you drag"
            )
        )
        shape.currentIndexChanged.connect(lambda _i: self.set_shape(str(shape.currentData())))
        size = QSpinBox()
        size.setObjectName("terrainSize")
        size.setRange(1, 9)
        size.setSuffix(QCoreApplication.translate("TerrainTool", " sq"))
        size.setToolTip(QCoreApplication.translate("TerrainTool", "Brush size in squares"))
        size.valueChanged.connect(lambda v: self.set_size(int(v)))
        for label, widget in (("Terrain", kind), ("Shape", shape), ("Size", size)):
            lay.addWidget(QLabel(label))
            lay.addWidget(widget)

    # ---- painting

    def brush(self, centre: Cell) -> list[Cell]:
        r0 = (self.size - 1) // 2
        return [
            Cell(centre.x - r0 + i, centre.y - r0 + j) for j in range(self.size) for i in range(self.size)
        ]

    def _on_grid(self, cells: list[Cell] | set[Cell]) -> set[Cell]:
        g = self.doc.scene.grid
        return {c for c in cells if g.contains(c.x, c.y)}

    def press(self, ev: ToolEvent) -> bool:
        if ev.button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return False
        if self._stroke is not None:
            return True
        self._erasing = ev.button == Qt.MouseButton.RightButton or self.kind == ERASE
        self.preview.set_colour(ERASE_COLOUR if self._erasing else TERRAIN_HATCH[self.kind])
        self._start = self._last = ev.cell
        self._stroke = self._on_grid(self.brush(ev.cell))
        self.preview.set_cells(self._stroke)
        return True

    def move(self, ev: ToolEvent) -> bool:
        if self._stroke is None:
            self.preview.set_cells(self._on_grid(self.brush(ev.cell)) if self.shape == "brush" else {ev.cell})
            return False
        if self.shape == "rect" and self._start is not None:
            self._stroke = self._on_grid(cells_in_rect(self._start, ev.cell))
        elif self._last is not None and ev.cell != self._last:
            for c in line_cells(self._last, ev.cell):
                self._stroke |= self._on_grid(self.brush(c))
        self._last = ev.cell
        self.preview.set_cells(self._stroke)
        return True

    def release(self, ev: ToolEvent) -> bool:
        if self._stroke is None or ev.button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return False
        self.move(ev)
        cells = tuple(sorted(self._stroke))
        kind = None if self._erasing else self.kind
        self._stroke = None
        self.preview.set_cells([])
        self.preview.set_colour(ERASE_COLOUR if self.kind == ERASE else TERRAIN_HATCH[self.kind])
        if not cells:
            return True
        scene = self.doc.scene
        terrain = scene.terrain_map()
        if all(terrain.get(c) == kind for c in cells):
            return True  # nothing would change
        what = "erased" if kind is None else f"painted {TERRAIN_LABELS[kind].lower()}"
        n = len(cells)
        self.doc.execute(PaintTerrain(cells, kind, log=f"Terrain {what}: {n} square{'s' if n != 1 else ''}"))
        return True

    def cancel(self) -> bool:
        if self._stroke is None:
            return False
        self._stroke = None
        self.preview.set_cells([])
        return True
