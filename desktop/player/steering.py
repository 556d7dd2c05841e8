"""Where the Player Screen (the TV at the table) looks, as the GM steers it: one model both windows read.

`TvSteering` holds the players' view in map (scene) coordinates — its `centre`, its `scale` (TV pixels per
scene pixel), its `rotation` in 90° steps (seats around a screen lying flat) — and how it moves:

* `mode`: ``"fixed"`` (it stays where the GM put it: dragging its frame on the GM map, "Push My View"),
  ``"gm"`` (it follows the GM's own pan and zoom) or ``"creature"`` (it centres on the creature whose turn
  it is, when the players can see that creature);
* `locked`: nothing moves it by accident — the frame can't be dragged, following pauses, touch on the
  table can't pan or zoom; an explicit "Push My View" still does;
* `curtain`: the players see a neutral screen while the GM prepares (no map, no table information);
* `reveal`: a rectangle of the map the players see alone, the rest dark ("show only this area"), or None;
* `true_scale`: with a calibrated screen (`desktop.player.true_scale`), the scale is fixed so that one grid
  square is `square_inches` on the glass (`px_per_square` TV pixels); resizing the frame turns it off;
* `touch`: the players may pan, pinch-zoom, ping and measure with their fingers on the TV.

Nothing here is game state: it is not saved in the scene file and not undone. The window
(`desktop.player.window.PlayerWindow`) draws the map as this says; the frame on the GM map
(`desktop.player.frame`) and the GM's panel (`desktop.player.panel`) change it.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, QRectF, QSizeF, Signal
from PySide6.QtGui import QPolygonF, QTransform

from desktop.look.style import CELL

MODES = ("fixed", "gm", "creature")
ROTATIONS = (0, 90, 180, 270)
MIN_SCALE = 0.05
MAX_SCALE = 8.0


class TvSteering(QObject):
    """The players' view (see the module docstring). `changed` follows every change."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.mode = "gm"
        self.centre = QPointF(0, 0)
        self._scale = 1.0
        self.rotation = 0
        self.locked = False
        self.curtain = False
        self.reveal: QRectF | None = None
        self.true_scale = False
        #: TV pixels per grid square at true scale (None: the screen isn't calibrated).
        self.px_per_square: float | None = None
        self.touch = True
        #: The TV's picture in its own pixels (the Player Screen's map view; a screen size before it opens).
        self.viewport = QSizeF(1280, 720)

    # ---- what the view is

    @property
    def scale(self) -> float:
        """TV pixels per scene pixel: the calibrated one at true scale, else the steered one."""
        if self.true_scale and self.px_per_square:
            return self.px_per_square / CELL
        return self._scale

    @property
    def scale_fixed(self) -> bool:
        """True scale holds the zoom: only the place moves."""
        return bool(self.true_scale and self.px_per_square)

    def frame(self) -> QPolygonF:
        """The TV's picture as a polygon on the map (scene coordinates): corners top-left, top-right,
        bottom-right, bottom-left of the TV, turned by its rotation."""
        s = self.scale
        hw, hh = self.viewport.width() / (2 * s), self.viewport.height() / (2 * s)
        back = QTransform().rotate(-self.rotation)
        return QPolygonF(
            [
                self.centre + back.map(QPointF(dx, dy))
                for dx, dy in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))
            ]
        )

    # ---- changes

    def _emit(self) -> None:
        self.changed.emit()

    def set_view(self, centre: QPointF, scale: float | None = None) -> None:
        """Put the view at `centre` (and zoom to `scale`, unless true scale holds the zoom)."""
        changed = QPointF(centre) != self.centre
        self.centre = QPointF(centre)
        if scale is not None and not self.scale_fixed:
            scale = max(MIN_SCALE, min(MAX_SCALE, scale))
            changed = changed or abs(scale - self._scale) > 1e-9
            self._scale = scale
        if changed:
            self._emit()

    def set_scale(self, scale: float) -> None:
        """Zoom (turning true scale off: the GM or the players chose another size)."""
        self.true_scale = False
        self._scale = max(MIN_SCALE, min(MAX_SCALE, scale))
        self._emit()

    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown Player Screen mode {mode!r}")
        if mode != self.mode:
            self.mode = mode
            self._emit()

    def set_rotation(self, degrees: int) -> None:
        degrees %= 360
        if degrees not in ROTATIONS:
            raise ValueError(f"the Player Screen turns in 90° steps, not {degrees}°")
        if degrees != self.rotation:
            self.rotation = degrees
            self._emit()

    def set_locked(self, on: bool) -> None:
        if on != self.locked:
            self.locked = on
            self._emit()

    def set_curtain(self, on: bool) -> None:
        if on != self.curtain:
            self.curtain = on
            self._emit()

    def set_reveal(self, rect: QRectF | None) -> None:
        self.reveal = None if rect is None or rect.isEmpty() else rect.normalized()
        self._emit()

    def set_true_scale(self, on: bool, px_per_square: float | None = None) -> None:
        if px_per_square is not None:
            self.px_per_square = px_per_square
        self.true_scale = bool(on and self.px_per_square)
        self._emit()

    def set_touch(self, on: bool) -> None:
        if on != self.touch:
            self.touch = on
            self._emit()

    def set_viewport(self, width: float, height: float) -> None:
        size = QSizeF(max(1.0, width), max(1.0, height))
        if size != self.viewport:
            self.viewport = size
            self._emit()
