"""Reading scene files at the lowest level: what kind a file is (`file_kind`), errors naming the file
(`file_error`), JSON bytes (`parse_json_bytes`) and plain scene JSON (`load_scene_json`). See
`rules.io.loading` for the rules; every other reader builds on this module.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

from rules.errors import SceneError
from rules.io.json_reader import decode_json
from rules.io.safe_read import UnsafeFileError, open_regular_file, read_regular_file
from rules.io.state_json import StateRead, state_from_document
from rules.limits import MAX_SCENE_FILE_BYTES
from rules.model.scene import Scene

UVTT_SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")
ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06")
_BAK = ".bak"


def _name_kind(p: Path) -> str:
    name = p.name.lower()
    while name.endswith(_BAK):
        name = name[: -len(_BAK)]
    suffix = Path(name).suffix
    if suffix == ".fivefoot":
        return "fivefoot"
    if suffix in UVTT_SUFFIXES:
        return "uvtt"
    return "scene"


def file_error(exc: OSError, source: str, what: str = "scene file") -> SceneError:
    """A `SceneError` for a file that could not be opened or read."""
    if isinstance(exc, FileNotFoundError):
        return SceneError("no such file", "", source)
    if isinstance(exc, IsADirectoryError) or exc.errno == errno.EISDIR:
        return SceneError(f"is a folder, not a {what}", "", source)
    if isinstance(exc, UnsafeFileError):
        return SceneError(exc.reason, "", source)
    if isinstance(exc, PermissionError):
        return SceneError("cannot be read (permission denied)", "", source)
    return SceneError(f"cannot be read ({exc.strerror or exc})", "", source)


def file_kind(path: str | Path) -> str:
    """``"fivefoot"``, ``"uvtt"`` or ``"scene"``: what the file holds (see the module docstring).

    Raises `SceneError` when the file cannot be opened.
    """
    p = Path(path)
    try:
        with open_regular_file(p) as f:
            head = f.read(4096)
    except OSError as exc:
        raise file_error(exc, str(p)) from None
    if head.startswith(ZIP_MAGICS):
        return "fivefoot"
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"{"):
        if b'"fivefoot.scene"' in head:
            return "scene"
        if b'"resolution"' in head:
            return "uvtt"
    return _name_kind(p)


def parse_json_bytes(data: bytes, source: str) -> Any:
    """Decode a scene file's UTF-8 JSON (`rules.io.json_reader.decode_json`). Raises `SceneError`."""
    return decode_json(data, source)


def load_scene_json(path: str | Path) -> Scene:
    """A plain scene JSON file's map, read guarded and capped (`rules.limits.MAX_SCENE_FILE_BYTES`)."""
    return load_state_json(path).state.scene


def load_state_json(path: str | Path) -> StateRead:
    """A plain scene JSON file read whole as a `GameState` (the map and the engine's saved play,
    `rules.io.state_json.state_from_document`), guarded and capped like `load_scene_json`."""
    p = Path(path)
    source = str(p)
    try:
        data = read_regular_file(p, MAX_SCENE_FILE_BYTES)
    except OSError as exc:
        raise file_error(exc, source) from None
    return state_from_document(parse_json_bytes(data, source), source)
