"""Decoding the scene's pictures (map, token portraits) for Qt, with a small cache.

References are resolved by `rules.io.images.resolve_image` (file path relative to the scene's folder,
``embedded:NAME`` from the document's image set, or a ``data:`` URI) and checked by `check_image` before
Qt decodes them, so a hostile header never makes Qt allocate a huge buffer.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtGui import QImage

from rules.io.images import ImageError, check_image, resolve_image

_CACHE: dict[tuple[str, str], QImage] = {}
_CACHE_LIMIT = 64


def load_image(ref: str, images: Mapping[str, bytes], base_dir: Path | None) -> QImage | None:
    """The decoded picture `ref` stands for, or None when it is missing or not a usable picture."""
    key = (str(base_dir or ""), ref if not ref.startswith("data:") else str(hash(ref)))
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    data = resolve_image(ref, images, base_dir)
    if data is None:
        return None
    try:
        check_image(data)
    except ImageError:
        return None
    image = QImage.fromData(data)
    if image.isNull():
        return None
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = image
    return image


def clear_cache() -> None:
    _CACHE.clear()
