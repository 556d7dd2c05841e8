"""Decoding the scene's pictures (map, token portraits) for Qt, with a small cache.

References are resolved by `rules.io.images.resolve_image` (file path relative to the scene's folder,
``embedded:NAME`` from the document's image set, or a ``data:`` URI) and checked by `check_image` before
Qt decodes them, so a hostile header never makes Qt allocate a huge buffer.

The cache is keyed by what the picture is, not by its name: an embedded or inline picture by its bytes
(two documents may both call their map ``embedded:map.png``), a file by its resolved path. It holds at most
`_CACHE_LIMIT` pictures and about `_CACHE_BYTES` of decoded pixels, dropping the oldest first.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QMessageLogContext,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtGui import QImage, QImageReader

from rules.io.images import MAX_PIXELS, ImageError, check_image, embedded_name, resolve_image

#: Qt refuses to decode a picture needing more than `QImageReader.allocationLimit()` MB (256 MB by
#: default: a 10000×10000 picture needs 400 MB). Every picture `check_image` accepts (up to `MAX_PIXELS`)
#: must decode, so the limit is raised to what the largest needs at 8 bytes a pixel (16-bit PNGs).
DECODE_LIMIT_MB = -(-MAX_PIXELS * 8 // (1024 * 1024))


def ensure_allocation_limit() -> None:
    """Raise Qt's image allocation limit to `DECODE_LIMIT_MB` (never lower it)."""
    current = QImageReader.allocationLimit()
    if 0 < current < DECODE_LIMIT_MB:
        QImageReader.setAllocationLimit(DECODE_LIMIT_MB)


_CACHE: dict[Hashable, QImage] = {}
_CACHE_LIMIT = 64
_CACHE_BYTES = 1024 * 1024 * 1024


def _key(ref: str, images: Mapping[str, bytes], base_dir: Path | None) -> Hashable | None:
    name = embedded_name(ref)
    if name is not None:
        data = images.get(name)
        # bytes cache their hash: a big picture is hashed once
        return None if data is None else ("bytes", len(data), hash(data))
    if ref.startswith("data:"):
        return ("data", len(ref), hash(ref))
    return ("file", str(base_dir or ""), ref)


@dataclass(frozen=True, slots=True)
class Decoded:
    """A decoded picture and what the decoder complained about (a cut-short JPEG still decodes, grey at
    the bottom, with a warning)."""

    image: QImage
    warnings: tuple[str, ...] = ()
    #: Why Qt could not decode it (its reader's error string), empty when it could.
    error: str = ""


def decode_quietly(data: bytes) -> Decoded:
    """Decode `data` with Qt, collecting the decoder's warnings instead of printing them.

    Check the bytes with `rules.io.images.check_image` first. The image is null when Qt cannot decode it.
    """
    warnings: list[str] = []

    def collect(_mode: QtMsgType, _context: QMessageLogContext, message: str) -> None:
        warnings.append(message)

    ensure_allocation_limit()
    previous = qInstallMessageHandler(collect)
    try:
        buffer = QBuffer()
        buffer.setData(QByteArray(data))
        buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        reader = QImageReader(buffer)
        image = reader.read()
        error = reader.errorString() if image.isNull() else ""
        buffer.close()
    finally:
        qInstallMessageHandler(previous)
    return Decoded(image, tuple(warnings), error)


def decode_image(data: bytes) -> QImage | None:
    """The picture in `data`, or None when it is not a usable PNG/WebP/JPEG within the size limits."""
    try:
        check_image(data)
    except ImageError:
        return None
    image = decode_quietly(data).image
    return None if image.isNull() else image


def load_image(ref: str, images: Mapping[str, bytes], base_dir: Path | None) -> QImage | None:
    """The decoded picture `ref` stands for, or None when it is missing or not a usable picture."""
    key = _key(ref, images, base_dir)
    if key is None:
        return None
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    data = resolve_image(ref, images, base_dir)
    if data is None:
        return None
    image = decode_image(data)
    if image is None:
        return None
    _store(key, image)
    return image


def remember_image(data: bytes, image: QImage) -> None:
    """Keep `image`, decoded from `data`, for the references to those bytes (an import decodes once)."""
    _store(("bytes", len(data), hash(data)), image)


def _store(key: Hashable, image: QImage) -> None:
    while _CACHE and (
        len(_CACHE) >= _CACHE_LIMIT
        or sum(i.sizeInBytes() for i in _CACHE.values()) + image.sizeInBytes() > _CACHE_BYTES
    ):
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = image


def clear_cache() -> None:
    _CACHE.clear()
