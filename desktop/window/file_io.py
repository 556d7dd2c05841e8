"""Opening and saving scenes for the app, on top of `rules.io` (atomic writes, .fivefoot zips, imports).

Opening: any file `rules.io.fivefoot_file.open_document` reads — `.fivefoot`, plain scene JSON, Universal VTT
(`.dd2vtt`, `.uvtt`, `.df2vtt`) — as a `GameState` (the map with its saved encounter, areas and log).
Pictures referred to by a relative file path are resolved against the scene file's folder
(`Opened.base_dir`).

Saving writes a `GameState` through `rules.io.saving.save_scene` (atomic, keeps ``NAME.bak``):
- ``.fivefoot``: pictures referred to by a file path are embedded (``embedded:NAME``), so the file travels
  alone; pictures already embedded stay embedded. A path to a missing file or to something that is not a
  usable picture (a text file, a device, a pipe: read only through `rules.io.safe_read`) is kept as it is
  and nothing is embedded for it, so one bad reference never stops a save or an autosave. Pictures the
  scene no longer refers to (a map picture replaced or removed) are left out.
- plain JSON: relative picture paths are rewritten relative to the new file's folder (Save As elsewhere keeps
  the map picture); embedded pictures are inlined as ``data:`` URIs by `save_scene`.
The document in memory is never changed by saving.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeVar

from rules.io.fivefoot_file import all_picture_refs, open_document, picture_refs
from rules.io.images import (
    DATA_URI_PREFIX,
    ImageError,
    check_image,
    embedded_name,
    embedded_ref,
    resolve_image,
)
from rules.io.safe_write import FileStamp
from rules.io.saving import save_scene
from rules.model.campaign import with_every_scene
from rules.model.scene import Scene
from rules.model.state import GameState

OPEN_FILTER = (
    "Scenes (*.fivefoot *.json *.dd2vtt *.uvtt *.df2vtt);;FiveFoot scene (*.fivefoot);;"
    "Scene JSON (*.json);;Universal VTT (*.dd2vtt *.uvtt *.df2vtt);;All files (*)"
)
SAVE_FILTER = "FiveFoot scene (*.fivefoot);;Scene JSON (*.json)"
SAVE_SUFFIXES = (".fivefoot", ".json")
_S = TypeVar("_S", Scene, GameState)


@dataclass(frozen=True, slots=True)
class Opened:
    state: GameState
    images: Mapping[str, bytes]
    base_dir: Path
    #: Problems that do not stop the scene from opening (a picture that cannot be shown), one a line.
    warnings: tuple[str, ...] = ()
    #: What couldn't be read of the engine's saved state (a damaged area, skipped), one a line.
    problems: tuple[str, ...] = ()

    @property
    def scene(self) -> Scene:
        return self.state.scene


def open_scene_file(path: Path, system: str | None = None) -> Opened:
    """Load any scene-like file. Raises `rules.errors.SceneError` naming the file and the problem."""
    doc = open_document(path, system=system)
    return Opened(doc.state, dict(doc.images), path.resolve().parent, doc.warnings, doc.problems)


def _is_file_ref(ref: str) -> bool:
    return bool(ref) and embedded_name(ref) is None and not ref.startswith(DATA_URI_PREFIX)


def _safe_name(ref: str, taken: set[str]) -> str:
    stem = re.sub(r"[^A-Za-z0-9._-]", "-", Path(ref).name).lstrip(".-_") or "picture.png"
    name = stem[:90]
    n = 2
    while name in taken:
        base, dot, ext = stem.rpartition(".")
        name = f"{base or stem}-{n}{dot}{ext}" if dot else f"{stem}-{n}"
        n += 1
    return name


def prepare_for_save(
    state: _S, images: Mapping[str, bytes], base_dir: Path | None, target: Path
) -> tuple[_S, dict[str, bytes]]:
    """The state (or bare map) and image set to write to `target` (see the module docstring)."""
    out_images = dict(images)
    folder = target.resolve().parent
    to_fivefoot = target.suffix.lower() == ".fivefoot"

    def convert(ref: str) -> str:
        if not _is_file_ref(ref):
            return ref
        if to_fivefoot:
            data = resolve_image(ref, images, base_dir)
            if data is None:
                return ref  # a missing picture stays a (dangling) path rather than failing the save
            try:
                check_image(data)
            except ImageError:
                return ref  # not a usable picture: keep the reference, embed nothing
            name = _safe_name(ref, set(out_images))
            out_images[name] = data
            return embedded_ref(name)
        p = Path(ref)
        if p.is_absolute() or base_dir is None:
            return ref
        absolute = (base_dir / p).resolve()
        try:
            return Path(os.path.relpath(absolute, folder)).as_posix()
        except ValueError:  # another drive (Windows)
            return str(absolute)

    def convert_scene(one: Scene) -> Scene:
        background = one.background
        if background is not None:
            background = replace(background, image=convert(background.image))
        tokens = tuple(t if t.image is None else replace(t, image=convert(t.image)) for t in one.tokens)
        return one.edit(background=background, tokens=tokens)

    # every scene of a campaign keeps its pictures (the file's image set is shared by its scenes)
    if isinstance(state, GameState):
        out_state = with_every_scene(state, convert_scene)
        used = {embedded_name(ref) for _where, ref in all_picture_refs(out_state)}
        return out_state, {name: data for name, data in out_images.items() if name in used}
    out_scene = convert_scene(state)
    used = {embedded_name(ref) for _where, ref in picture_refs(out_scene)}
    return out_scene, {name: data for name, data in out_images.items() if name in used}


def save_scene_file(
    path: Path,
    state: GameState,
    images: Mapping[str, bytes],
    base_dir: Path | None,
    expect: FileStamp | None = None,
) -> None:
    """Write the state (the map and the engine's keys) to `path` atomically. Raises OSError or ValueError
    with a readable message; `rules.io.safe_write.FileChangedError` when `expect` is given and the file is no
    longer that file."""
    if path.suffix.lower() not in SAVE_SUFFIXES:
        raise ValueError(f"{path.name}: save as .fivefoot or .json")
    out_state, out_images = prepare_for_save(state, images, base_dir, path)
    save_scene(path, out_state, out_images, expect=expect)
