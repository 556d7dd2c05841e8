"""Map and token pictures: recognising them, measuring them cheaply, and how a scene refers to them.

Formats are recognised by their magic bytes, never by a file name: PNG (``\\x89PNG\\r\\n\\x1a\\n``), WebP
(``RIFF....WEBP``, in its ``VP8 ``, ``VP8L`` and ``VP8X`` forms) and baseline/progressive JPEG
(``\\xff\\xd8\\xff``). `image_info` reads only the header to get the pixel size, so a hostile file that
claims 100 000 × 100 000 pixels is refused (`check_image`) before anything tries to decode it.

How a scene refers to a picture (``Background.image``, ``Token.image``) — one string, three forms:

- ``"embedded:NAME"``: the bytes travel with the document. A `.fivefoot` file stores them as the zip
  member ``images/NAME``; in memory they sit in the document's image set (``Mapping[str, bytes]``,
  keyed by ``NAME``) beside the frozen `Scene`, never inside it. A Universal VTT import names its
  picture ``map.png`` / ``map.webp`` / ``map.jpg`` after the sniffed format.
- ``"data:image/png;base64,…"``: the bytes inline, used when a scene with embedded pictures is saved as
  plain scene JSON (which must stay one self-contained file).
- anything else: a file path, relative to the folder of the scene file when not absolute.

`resolve_image` turns any of the three into bytes for the app. ``NAME`` is restricted to
`is_safe_image_name` (letters, digits, ``.``, ``_``, ``-``; no folders, no ``..``) so that it is always
a safe zip member and file name.
"""

from __future__ import annotations

import base64
import binascii
import re
import struct
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from rules.io.safe_read import UnsafeFileError, read_regular_file

#: Largest decoded image accepted anywhere (a map picture, a token picture).
MAX_IMAGE_BYTES = 200 * 1024 * 1024
#: Largest picture accepted, in pixels (width × height), read from the header without decoding.
MAX_PIXELS = 100_000_000

EMBEDDED_PREFIX = "embedded:"
DATA_URI_PREFIX = "data:"

FORMATS: tuple[str, ...] = ("png", "webp", "jpeg")
MEDIA_TYPES: dict[str, str] = {"png": "image/png", "webp": "image/webp", "jpeg": "image/jpeg"}
EXTENSIONS: dict[str, str] = {"png": ".png", "webp": ".webp", "jpeg": ".jpg"}

_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
_JPEG_MAGIC = b"\xff\xd8\xff"
_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")


class ImageError(ValueError):
    """Bytes that are not a usable picture (unknown format, broken header, too large)."""


@dataclass(frozen=True, slots=True)
class ImageInfo:
    """What a picture's header says: its format (one of `FORMATS`) and its size in pixels."""

    format: str
    width: int
    height: int

    @property
    def pixels(self) -> int:
        return self.width * self.height

    @property
    def media_type(self) -> str:
        return MEDIA_TYPES[self.format]

    @property
    def extension(self) -> str:
        return EXTENSIONS[self.format]


# ------------------------------------------------------------------------------------------- sniffing


def sniff_format(data: bytes) -> str | None:
    """``"png"``, ``"webp"`` or ``"jpeg"`` from the magic bytes; None for anything else."""
    if data.startswith(_PNG_MAGIC):
        return "png"
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    if data.startswith(_JPEG_MAGIC):
        return "jpeg"
    return None


def image_info(data: bytes) -> ImageInfo:
    """Format and pixel size from the header alone. Raises `ImageError` when they cannot be read.

    A width or height of 0 is an error. Nothing past the header is checked: a picture with a good
    header and broken pixel data passes here and fails later, when the app decodes it.
    """
    fmt = sniff_format(data)
    if fmt == "png":
        width, height = _png_size(data)
    elif fmt == "webp":
        width, height = _webp_size(data)
    elif fmt == "jpeg":
        width, height = _jpeg_size(data)
    else:
        raise ImageError(f"not a PNG, WebP or JPEG image (it starts with {data[:8].hex(' ') or 'nothing'})")
    if width <= 0 or height <= 0:
        raise ImageError(f"the {fmt.upper()} header gives an empty picture ({width}×{height} pixels)")
    return ImageInfo(fmt, width, height)


def check_image(data: bytes, *, max_bytes: int = MAX_IMAGE_BYTES, max_pixels: int = MAX_PIXELS) -> ImageInfo:
    """`image_info`, also refusing pictures over `max_bytes` bytes or `max_pixels` pixels."""
    if len(data) > max_bytes:
        raise ImageError(f"the picture is {_mb(len(data))}, more than the {_mb(max_bytes)} limit")
    info = image_info(data)
    if info.pixels > max_pixels:
        raise ImageError(
            f"the picture is {info.width}×{info.height} pixels ({info.pixels / 1e6:.1f} megapixels), "
            f"more than the {max_pixels / 1e6:g}-megapixel limit"
        )
    return info


def _mb(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MB" if n % (1024 * 1024) else f"{n // (1024 * 1024)} MB"


def _png_size(data: bytes) -> tuple[int, int]:
    # Signature (8), then the IHDR chunk: length (4, = 13), type "IHDR", width (4, BE), height (4, BE).
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise ImageError("broken PNG: the IHDR header is missing")
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def _webp_size(data: bytes) -> tuple[int, int]:
    chunk = data[12:16]
    if chunk == b"VP8 ":
        # Lossy: frame tag (3) at 20, start code 9d 01 2a at 23, then 14-bit width and height (LE).
        if len(data) < 30 or data[23:26] != b"\x9d\x01\x2a":
            raise ImageError("broken WebP: the VP8 frame header is missing")
        w, h = struct.unpack("<HH", data[26:30])
        return w & 0x3FFF, h & 0x3FFF
    if chunk == b"VP8L":
        # Lossless: signature 0x2f at 20, then 14 bits width-1 and 14 bits height-1 (LE bit order).
        if len(data) < 25 or data[20] != 0x2F:
            raise ImageError("broken WebP: the VP8L header is missing")
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X":
        # Extended: flags (4) at 20, then 24-bit canvas width-1 and height-1 (LE).
        if len(data) < 30:
            raise ImageError("broken WebP: the VP8X header is cut short")
        w = int.from_bytes(data[24:27], "little") + 1
        h = int.from_bytes(data[27:30], "little") + 1
        return w, h
    raise ImageError(f"broken WebP: unknown first chunk {chunk!r}")


_JPEG_SOF = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF})


def _jpeg_size(data: bytes) -> tuple[int, int]:
    # Walk the marker segments to the first start-of-frame; its header holds height then width (BE).
    i = 2
    n = len(data)
    while i + 4 <= n:
        if data[i] != 0xFF:
            raise ImageError("broken JPEG: bad marker")
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            i += 2
            continue
        if marker in (0xD9, 0xDA):  # end of image / start of scan before any frame header
            break
        length = int.from_bytes(data[i + 2 : i + 4], "big")
        if length < 2:
            raise ImageError("broken JPEG: bad segment length")
        if marker in _JPEG_SOF:
            if i + 9 > n:
                break
            height, width = struct.unpack(">HH", data[i + 5 : i + 9])
            return int(width), int(height)
        i += 2 + length
    raise ImageError("broken JPEG: no frame header before the image data")


# ----------------------------------------------------------------------------------------- references


def is_safe_image_name(name: str) -> bool:
    """A plain file name: 1–100 of letters, digits, ``.``, ``_``, ``-``, starting with a letter or digit."""
    return bool(_SAFE_NAME.fullmatch(name)) and ".." not in name


def embedded_ref(name: str) -> str:
    """``"embedded:" + name``; raises ValueError for a name that `is_safe_image_name` refuses."""
    if not is_safe_image_name(name):
        raise ValueError(f"{name!r} is not a valid embedded image name")
    return EMBEDDED_PREFIX + name


def embedded_name(ref: str | None) -> str | None:
    """The NAME of an ``"embedded:NAME"`` reference; None for any other reference."""
    if ref is not None and ref.startswith(EMBEDDED_PREFIX):
        return ref[len(EMBEDDED_PREFIX) :]
    return None


def data_uri(data: bytes) -> str:
    """A ``data:<media type>;base64,…`` reference holding `data` (its media type sniffed)."""
    fmt = sniff_format(data)
    media = MEDIA_TYPES[fmt] if fmt else "application/octet-stream"
    return f"{DATA_URI_PREFIX}{media};base64,{base64.b64encode(data).decode('ascii')}"


def parse_data_uri(ref: str) -> bytes:
    """The bytes of a ``data:…;base64,…`` reference. Raises `ImageError` when it is not one."""
    if not ref.startswith(DATA_URI_PREFIX) or ";base64," not in ref[:200]:
        raise ImageError("not a base64 data: reference")
    payload = ref.split(",", 1)[1]
    try:
        return base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError):
        raise ImageError("the data: reference is not valid base64") from None


def resolve_image(ref: str, images: Mapping[str, bytes], base_dir: str | Path | None = None) -> bytes | None:
    """The bytes a reference stands for, or None when they are not available.

    ``embedded:NAME`` looks in `images`; a ``data:`` reference is decoded; any other string is read as a
    file, relative to `base_dir` (the scene file's folder) unless absolute, by
    `rules.io.safe_read.read_regular_file`: only a regular local file of at most `MAX_IMAGE_BYTES` is
    read (never a device, a pipe or a network path). A missing or unreadable file, a missing embedded
    name or a broken ``data:`` reference all give None: a scene stays usable without its picture. The
    bytes are not checked; use `check_image` before decoding them (`picture_problem` says what is wrong).
    """
    name = embedded_name(ref)
    if name is not None:
        return images.get(name)
    if ref.startswith(DATA_URI_PREFIX):
        try:
            return parse_data_uri(ref)
        except ImageError:
            return None
    if not ref:
        return None
    p = Path(ref)
    if not p.is_absolute() and base_dir is not None:
        p = Path(base_dir) / p
    try:
        return read_regular_file(p, MAX_IMAGE_BYTES)
    except (OSError, ValueError):
        return None


def picture_problem(ref: str, images: Mapping[str, bytes], base_dir: str | Path | None = None) -> str | None:
    """Why the picture `ref` cannot be shown (one sentence), or None when it is a usable picture.

    Reads the file the same guarded way as `resolve_image`; the message names the file for a path.
    """
    name = embedded_name(ref)
    if name is not None:
        data = images.get(name)
        if data is None:
            return f"the embedded picture {name!r} is missing"
    elif ref.startswith(DATA_URI_PREFIX):
        try:
            data = parse_data_uri(ref)
        except ImageError as exc:
            return str(exc)
    elif not ref:
        return "the picture reference is empty"
    else:
        p = Path(ref)
        if not p.is_absolute() and base_dir is not None:
            p = Path(base_dir) / p
        try:
            data = read_regular_file(p, MAX_IMAGE_BYTES)
        except FileNotFoundError:
            return f"{p}: no such file"
        except OSError as exc:
            if isinstance(exc, UnsafeFileError):
                return str(exc)
            return f"{p}: cannot be read ({exc.strerror or exc})"
        except ValueError as exc:
            return f"{p}: cannot be read ({exc})"
        try:
            check_image(data)
        except ImageError as exc:
            return f"{p}: {exc}"
        return None
    try:
        check_image(data)
    except ImageError as exc:
        return str(exc)
    return None
