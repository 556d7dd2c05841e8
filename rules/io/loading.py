"""Open any scene-like file by its kind."""

from __future__ import annotations

from pathlib import Path

from rules.errors import SceneError
from rules.scene import Scene, load_scene_file

UVTT_SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")


def load_path(path: str | Path, system: str | None = None) -> Scene:
    """Load a plain scene JSON (any other suffix), a `.fivefoot` file or a Universal VTT export.

    Raises `SceneError` naming the file and the problem.
    """
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix == ".fivefoot":
        from rules.io import fivefoot_file

        return fivefoot_file.load(p)
    if suffix in UVTT_SUFFIXES:
        from rules.io import uvtt

        return uvtt.load(p, system=system or "pf2e")
    scene = load_scene_file(p)
    if system is not None and system != scene.system:
        raise SceneError(
            f"--system {system} does not match the scene's system {scene.system}", "system", str(p)
        )
    return scene
