"""What a drag and drop carries: the local files in it, and what kind of file each is (no widgets here).

A scene is recognised by its suffix (``.fivefoot``, ``.json``, ``.dd2vtt``, ``.uvtt``, ``.df2vtt``), a
picture by its suffix (``.png``, ``.jpg``, ``.jpeg``, ``.webp``) or, for any other suffix, by its first
bytes (`rules.io.images.sniff_format`). URLs that are not local files are ignored.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData

from rules.io.images import sniff_format

PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
SCENE_SUFFIXES = (".fivefoot", ".json", ".dd2vtt", ".uvtt", ".df2vtt")


def dropped_paths(mime: QMimeData) -> list[Path]:
    """The local files of a drag, in order."""
    if not mime.hasUrls():
        return []
    return [Path(u.toLocalFile()) for u in mime.urls() if u.isLocalFile() and u.toLocalFile()]


def file_kind(path: Path) -> str | None:
    """``"scene"``, ``"picture"`` or None (neither, or unreadable)."""
    suffix = path.suffix.lower()
    if suffix in SCENE_SUFFIXES:
        return "scene"
    if suffix in PICTURE_SUFFIXES:
        return "picture"
    try:
        with open(path, "rb") as f:
            head = f.read(16)
    except OSError:
        return None
    return "picture" if sniff_format(head) else None
