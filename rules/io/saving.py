"""Saving a scene in the format its file name says (`save_scene`): ``.fivefoot`` through
`rules.io.fivefoot_file`, plain scene JSON through `rules.io.safe_write` (atomic, keeps ``NAME.bak``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from rules.io import fivefoot_file
from rules.io.reading import UVTT_SUFFIXES
from rules.io.safe_write import FileStamp, atomic_write_bytes, inline_images, scene_json_text
from rules.model.campaign import with_every_scene
from rules.model.scene import Scene
from rules.model.state import GameState


def save_scene(
    path: str | Path,
    scene: Scene | GameState,
    images: Mapping[str, bytes] | None = None,
    keep_backup: bool = True,
    expect: FileStamp | None = None,
) -> None:
    """Save `scene` (a `GameState`: the map with the engine's keys; or a bare map) and the pictures it
    embeds atomically, in the format the suffix names.

    ``.fivefoot`` → a zip with ``scene.json`` and ``images/NAME``. A Universal VTT suffix → ValueError
    (FiveFoot imports those but does not write them, so it never overwrites a map export). Anything else →
    plain scene JSON (UTF-8, 2-space indent, final newline); each ``embedded:NAME`` reference of the
    background and the tokens (of every scene of a campaign) is replaced by a ``data:`` reference holding
    ``images[NAME]``.
    Raises ValueError when an embedded picture the scene refers to is not in `images`; `expect` as in
    `atomic_write_bytes`.
    """
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix == ".fivefoot":
        fivefoot_file.save(p, scene, images, keep_backup=keep_backup, expect=expect)
        return
    if suffix in UVTT_SUFFIXES:
        raise ValueError(f"{p.name}: FiveFoot does not write Universal VTT files; save as .fivefoot or .json")
    if isinstance(scene, GameState):
        inlined: Scene | GameState = with_every_scene(scene, lambda one: inline_images(one, images or {}))
    else:
        inlined = inline_images(scene, images or {})
    data = scene_json_text(inlined).encode("utf-8")
    atomic_write_bytes(p, data, keep_backup=keep_backup, expect=expect)
