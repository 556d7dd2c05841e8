"""Fog of war: which squares of a scene the party has explored, as one frozen value.

* **explored** — squares the party has seen at some time, or that the GM revealed; the player view draws
  them dimmed where nobody sees them now. Squares the party **sees now** are not stored: they follow from
  the scene (`rules.geometry.vision.party_seen`) and `Fog.remember` folds them into `explored`.
* The GM reveals or hides squares with a brush (`brush_cells`: squares whose centre lies within a radius of
  a point) or a rectangle (`rect_cells`); hiding a square the party sees now only lasts until the party
  looks again. `reset` forgets everything; `enabled` switches fog off (the player view then shows the
  whole map, as without fog).

File format (top-level key ``"fog"`` of the scene file, `rules.io.scene_json.fog_to_json` / `fog_from_json`)::

    {"enabled": true, "width": W, "height": H, "explored": "<base64>"}

``explored`` is the row-major bitmap (row 0 first, cell ``[x, y]`` at bit ``y * W + x``), packed eight
cells to a byte with the first cell in the most significant bit, then base64 encoded; ``""`` means nothing
explored. A bitmap for another grid size (the map was resized) is cropped or padded with unexplored squares.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

BoolMap = npt.NDArray[np.bool_]
JSON = Any
MAX_SIDE = 1000


def _pack(mask: BoolMap) -> bytes:
    return bytes(np.packbits(mask.astype(bool).ravel()).tobytes())


def _unpack(data: bytes, width: int, height: int) -> BoolMap:
    bits = np.unpackbits(np.frombuffer(data, dtype=np.uint8))[: width * height]
    if len(bits) < width * height:
        bits = np.concatenate([bits, np.zeros(width * height - len(bits), dtype=np.uint8)])
    out: BoolMap = bits.reshape(height, width).astype(bool)
    return out


@dataclass(frozen=True, slots=True)
class Fog:
    """A scene's fog of war (see the module docstring). `explored` is the packed bitmap; use `mask()`."""

    width: int
    height: int
    explored: bytes = b""
    enabled: bool = True

    @staticmethod
    def blank(width: int, height: int, enabled: bool = True) -> Fog:
        return Fog(width, height, b"", enabled)

    @staticmethod
    def from_mask(mask: BoolMap, enabled: bool = True) -> Fog:
        h, w = mask.shape
        return Fog(w, h, _pack(mask) if mask.any() else b"", enabled)

    def mask(self) -> BoolMap:
        """Explored squares as a read-only ``[y, x]`` boolean array."""
        if not self.explored:
            out = np.zeros((self.height, self.width), dtype=bool)
        else:
            out = _unpack(self.explored, self.width, self.height)
        out.setflags(write=False)
        return out

    def is_explored(self, x: int, y: int) -> bool:
        if not (0 <= x < self.width and 0 <= y < self.height) or not self.explored:
            return False
        i = y * self.width + x
        return bool(self.explored[i >> 3] & (0x80 >> (i & 7)))

    @property
    def explored_count(self) -> int:
        return int(self.mask().sum())

    def _with(self, mask: BoolMap) -> Fog:
        return replace(self, explored=_pack(mask) if mask.any() else b"")

    def remember(self, seen: BoolMap) -> Fog:
        """The fog after the party saw `seen` (``[y, x]`` booleans, same grid); self when nothing is new."""
        old = self.mask()
        if seen.shape != old.shape:
            raise ValueError(f"seen mask {seen.shape} does not match the fog's grid {old.shape}")
        if not (seen & ~old).any():
            return self
        return self._with(old | seen)

    def reveal(self, cells: Iterable[tuple[int, int]]) -> Fog:
        return self._set(cells, True)

    def hide(self, cells: Iterable[tuple[int, int]]) -> Fog:
        return self._set(cells, False)

    def _set(self, cells: Iterable[tuple[int, int]], value: bool) -> Fog:
        m = self.mask().copy()
        pts = np.array([(int(c[0]), int(c[1])) for c in cells], dtype=np.int64).reshape(-1, 2)
        ok = (pts[:, 0] >= 0) & (pts[:, 0] < self.width) & (pts[:, 1] >= 0) & (pts[:, 1] < self.height)
        pts = pts[ok]
        if not len(pts) or bool((m[pts[:, 1], pts[:, 0]] == value).all()):
            return self
        m[pts[:, 1], pts[:, 0]] = value
        return self._with(m)

    def reset(self) -> Fog:
        """Nothing explored (fog stays on or off as it was)."""
        return replace(self, explored=b"")

    def with_enabled(self, enabled: bool) -> Fog:
        return replace(self, enabled=enabled)

    def resized(self, width: int, height: int) -> Fog:
        """The same explored squares on a grid of another size (cropped or padded)."""
        if (width, height) == (self.width, self.height):
            return self
        out = np.zeros((height, width), dtype=bool)
        old = self.mask()
        h, w = min(height, self.height), min(width, self.width)
        out[:h, :w] = old[:h, :w]
        return Fog(width, height, _pack(out) if out.any() else b"", self.enabled)


# --------------------------------------------------------------------------------------------- shapes


def rect_cells(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """Cells of the rectangle between two cells (inclusive, either order)."""
    xa, xb = sorted((x0, x1))
    ya, yb = sorted((y0, y1))
    return [(x, y) for y in range(ya, yb + 1) for x in range(xa, xb + 1)]


def brush_cells(cx: float, cy: float, radius: float) -> list[tuple[int, int]]:
    """Cells whose centre lies within `radius` squares of point ``(cx, cy)`` (at least the cell under it)."""
    out: list[tuple[int, int]] = []
    r2 = radius * radius
    for y in range(math.floor(cy - radius) - 1, math.ceil(cy + radius) + 1):
        for x in range(math.floor(cx - radius) - 1, math.ceil(cx + radius) + 1):
            if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r2 + 1e-9:
                out.append((x, y))
    under = (math.floor(cx), math.floor(cy))
    if under not in out:
        out.append(under)
    return out
