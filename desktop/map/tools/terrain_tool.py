"""Painting terrain: difficult, greater difficult, hazardous, impassable (or erasing) with a brush or a
rectangle. One stroke (press → release) is one undoable command. Right-drag erases.

In a scene whose system has Balance (PF2e, `RuleSystem.balance_terrain`) the tool also paints narrow
surfaces and uneven ground, with their Balance DC (and a narrow surface's drop in feet, 0 for none) from the
fields beside the kind; in other scenes those kinds are not offered."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QGraphicsItem, QHBoxLayout, QLabel, QSpinBox, QWidget

from desktop.i18n import QT_TRANSLATE_NOOP
from desktop.look.style import TERRAIN_HATCH, TERRAIN_LABELS
from desktop.map.grid_coords import cells_in_rect
from desktop.map.items.preview_items import CellsPreviewItem
from desktop.map.tools.base import PreviewTool, ToolEvent
from rules.geometry.coords import Cell
from rules.model.scene import BALANCE_KINDS, MAX_BALANCE_DC, MAX_FALL_FEET, MIN_BALANCE_DC, TERRAIN_KINDS
from rules.play.edits import PaintTerrain
from rules.systems import system_for

if TYPE_CHECKING:
    from desktop.map.view import MapView

ERASE = "erase"
ERASE_COLOUR = QColor(120, 200, 255, 160)


def terrain_label(kind: str) -> str:
    """The kind's name in the app's language."""
    words = {
        "difficult": QCoreApplication.translate("TerrainTool", "Difficult"),
        "greater-difficult": QCoreApplication.translate("TerrainTool", "Greater difficult"),
        "hazardous": QCoreApplication.translate("TerrainTool", "Hazardous"),
        "impassable": QCoreApplication.translate("TerrainTool", "Impassable"),
        "narrow": QCoreApplication.translate("TerrainTool", "Narrow surface"),
        "uneven": QCoreApplication.translate("TerrainTool", "Uneven ground"),
    }
    return words.get(kind, TERRAIN_LABELS.get(kind, kind))


def line_cells(a: Cell, b: Cell) -> list[Cell]:
    """Cells on the straight line from `a` to `b` (inclusive), no gaps: a fast brush stroke paints all."""
    n = max(abs(b.x - a.x), abs(b.y - a.y))
    if n == 0:
        return [a]
    return [Cell(round(a.x + (b.x - a.x) * i / n), round(a.y + (b.y - a.y) * i / n)) for i in range(n + 1)]


class TerrainTool(PreviewTool):
    #: The window's map view (more of it than `ToolHost`: its pop-up setting, its parent widget).
    view: MapView

    name = "terrain"
    label = QT_TRANSLATE_NOOP("Tools", "Paint terrain")
    cursor = Qt.CursorShape.CrossCursor
    has_options = True

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.kind: str = "difficult"
        self.shape = "brush"
        self.size = 1
        #: The Balance DC and the drop (feet, 0: none) a narrow surface or uneven ground is painted with.
        self.dc = 15
        self.fall = 0
        self._balance_offered: bool | None = None
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

    def set_dc(self, dc: int) -> None:
        self.dc = min(max(MIN_BALANCE_DC, dc), MAX_BALANCE_DC)
        self._sync_widgets()

    def set_fall(self, feet: int) -> None:
        self.fall = min(max(0, feet), MAX_FALL_FEET)
        self._sync_widgets()

    def balance_offered(self) -> bool:
        """The scene's system has Balance: narrow surfaces and uneven ground are offered."""
        return system_for(self.doc.scene).balance_terrain

    def options_widget(self) -> QWidget | None:
        row = super().options_widget()
        self._sync_kinds()
        self._sync_widgets()
        return row

    def _sync_kinds(self) -> None:
        """The kinds offered follow the scene's system (the tool bar's row is made once)."""
        if self._options_row is None:
            return
        offered = self.balance_offered()
        if offered == self._balance_offered:
            return
        self._balance_offered = offered
        box = self._options_row.findChild(QComboBox, "terrainKind")
        if box is None:
            return
        box.blockSignals(True)
        box.clear()
        for k in TERRAIN_KINDS:
            if offered or k not in BALANCE_KINDS:
                box.addItem(terrain_label(k), k)
        box.addItem(QCoreApplication.translate("TerrainTool", "Erase"), ERASE)
        box.blockSignals(False)
        if self.kind in BALANCE_KINDS and not offered:
            self.kind = "difficult"
        self.set_kind(self.kind)

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
        balance = self.kind in BALANCE_KINDS
        for field_name, number, shown in (
            ("terrainDc", self.dc, balance),
            ("terrainFall", self.fall, self.kind == "narrow"),
        ):
            field = self._options_row.findChild(QSpinBox, field_name)
            label = self._options_row.findChild(QLabel, field_name + "Label")
            if field is not None:
                if field.value() != number:
                    field.setValue(number)
                field.setVisible(shown)
            if label is not None:
                label.setVisible(shown)

    def fill_options(self, lay: QHBoxLayout) -> None:
        kind = QComboBox()
        kind.setObjectName("terrainKind")
        for k in TERRAIN_KINDS:
            kind.addItem(terrain_label(k), k)
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
        dc = QSpinBox()
        dc.setObjectName("terrainDc")
        dc.setRange(MIN_BALANCE_DC, MAX_BALANCE_DC)
        dc.setValue(self.dc)
        dc.setToolTip(
            QCoreApplication.translate(
                "TerrainTool",
                "The Balance DC of the narrow surface or uneven ground (Acrobatics; Reflex when hit)",
            )
        )
        dc.valueChanged.connect(lambda v: self.set_dc(int(v)))
        fall = QSpinBox()
        fall.setObjectName("terrainFall")
        fall.setRange(0, MAX_FALL_FEET)
        fall.setSingleStep(5)
        fall.setValue(self.fall)
        fall.setSuffix(QCoreApplication.translate("TerrainTool", " ft"))
        fall.setSpecialValueText(QCoreApplication.translate("TerrainTool", "no drop"))
        fall.setToolTip(
            QCoreApplication.translate(
                "TerrainTool", "How far a creature falling off the narrow surface drops (falling damage)"
            )
        )
        fall.valueChanged.connect(lambda v: self.set_fall(int(v)))
        for label, widget in (
            (QCoreApplication.translate("TerrainTool", "Terrain"), kind),
            (QCoreApplication.translate("TerrainTool", "Shape"), shape),
            (QCoreApplication.translate("TerrainTool", "Size"), size),
            (QCoreApplication.translate("TerrainTool", "Balance DC"), dc),
            (QCoreApplication.translate("TerrainTool", "Drop"), fall),
        ):
            text = QLabel(label)
            text.setObjectName(widget.objectName() + "Label")
            lay.addWidget(text)
            lay.addWidget(widget)
        self._balance_offered = True
        self._sync_widgets()

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
        balance = kind in BALANCE_KINDS
        dc = self.dc if balance else None
        fall = (self.fall or None) if kind == "narrow" else None

        def same(c: Cell) -> bool:
            if terrain.get(c) != kind:
                return False
            square = scene.balance_at(c) if balance else None
            return square is None or (square.dc, square.fall) == (dc, fall)

        if all(same(c) for c in cells):
            return True  # nothing would change
        what = "erased" if kind is None else f"painted {TERRAIN_LABELS[kind].lower()}"
        if balance:
            what += f" (Balance DC {dc}" + (f", {fall}-ft drop)" if fall else ")")
        n = len(cells)
        log = f"Terrain {what}: {n} square{'s' if n != 1 else ''}"
        self.doc.execute(PaintTerrain(cells, kind, log=log, dc=dc, fall=fall))
        return True

    def cancel(self) -> bool:
        if self._stroke is None:
            return False
        self._stroke = None
        self.preview.set_cells([])
        return True
