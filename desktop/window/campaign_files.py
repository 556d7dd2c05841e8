"""Opening a map file as a new scene of the campaign ("Add map…" in the Scenes dock).

The file is read like any opened file (`desktop.window.file_io.open_scene_file`), and its pictures — the
background and the token portraits, embedded, ``data:`` or files beside it — are embedded in the campaign
under names that don't clash with the document's own, so the scene travels with the file whatever folder
it came from. A file of another rule system is refused with the reason; a file that can't be read says
why. Nothing changes until the Scenes dock executes `AddScene` with the result.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from desktop.window.file_io import open_scene_file
from rules.errors import SceneError
from rules.io.images import check_image, embedded_ref, is_safe_image_name, resolve_image
from rules.model.scene import Scene

Picked = tuple[str, Scene, tuple[tuple[str, bytes], ...]]


def _unique(name: str, taken: set[str]) -> str:
    base, dot, ext = name.rpartition(".")
    stem, suffix = (base, f".{ext}") if dot else (name, "")
    out, n = name, 2
    while out in taken or not is_safe_image_name(out):
        out = f"{stem or 'picture'}-{n}{suffix}"
        n += 1
    return out


def embed_pictures(
    scene: Scene, images: Mapping[str, bytes], base_dir: Path | None, taken: set[str]
) -> tuple[Scene, tuple[tuple[str, bytes], ...]]:
    """`scene` with every picture it shows embedded under a name not in `taken`, and those pictures."""
    added: dict[str, bytes] = {}

    def embed(ref: str | None, hint: str) -> str | None:
        if ref is None:
            return None
        data = resolve_image(ref, images, base_dir)
        if data is None:
            return ref
        try:
            check_image(data)
        except ValueError:
            return ref
        name = _unique(hint, taken | set(added))
        added[name] = data
        return embedded_ref(name)

    background = scene.background
    if background is not None:
        image = embed(background.image, "scene-map.png")
        background = replace(background, image=image or background.image)
    tokens = tuple(replace(t, image=embed(t.image, f"{t.id}.png")) if t.image else t for t in scene.tokens)
    return scene.edit(background=background, tokens=tokens), tuple(added.items())


def map_opener(
    parent: QWidget,
    system: Callable[[], str],
    taken: Callable[[], set[str]],
    ask_path: Callable[[], Path | None],
) -> Callable[[], Picked | None]:
    """The Scenes dock's "Add map…": ask for a file, read it, embed its pictures (module docstring)."""

    def tr(text: str) -> str:
        return QCoreApplication.translate("CampaignFiles", text)

    def pick() -> Picked | None:
        path = ask_path()
        if path is None:
            return None
        try:
            opened = open_scene_file(path, system=system())
        except SceneError as exc:
            QMessageBox.warning(
                parent, tr("Add map"), tr("Can't add the map: {reason}").format(reason=str(exc))
            )
            return None
        scene, pictures = embed_pictures(opened.scene, opened.images, opened.base_dir, taken())
        title = scene.name or path.stem
        return title, scene, pictures

    return pick


__all__ = ["embed_pictures", "map_opener"]
