"""Creature portraits for the players' devices: small square pictures of the tokens the players see.

The GM's app loads each token's portrait once (`Token.image`, from the scene file's pictures or the disk,
`desktop.map.images.load_image`) and hands the server the pictures of the presented scene's tokens; the
server encodes a portrait only for a token in the players' projection (`rules.play.projection`: a creature
the party doesn't see is not there, so its picture never leaves the app) and serves it at an address named
by its content's digest, so a device fetches each picture once. Encoding uses only `QImage` (allowed off the
GUI thread).
"""

from __future__ import annotations

import hashlib
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QImage

#: Pixels a side of a portrait sent to the players (a token is drawn at most this big on a phone).
PORTRAIT_PX = 128


def encode_portrait(image: Any) -> tuple[str, bytes]:
    """(content digest, PNG bytes) of `image` cropped to its centred square and scaled to `PORTRAIT_PX`."""
    assert isinstance(image, QImage)
    side = min(image.width(), image.height())
    square = image.copy((image.width() - side) // 2, (image.height() - side) // 2, side, side)
    if side > PORTRAIT_PX:
        square = square.scaled(
            PORTRAIT_PX,
            PORTRAIT_PX,
            Qt.AspectRatioMode.IgnoreAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    square.save(buffer, "PNG")  # type: ignore[call-overload]  # the stubs say bytes; PySide takes str
    buffer.close()
    raw = bytes(data.data())
    return hashlib.sha256(raw).hexdigest()[:24], raw
