"""Open any scene-like file by what it holds, not by its name.

`file_kind` sniffs the content: a zip archive is a `.fivefoot` document whatever its name (so
``camp.fivefoot.bak``, a backup FiveFoot keeps, opens like the file it backs up); JSON with a
``"format"`` key is a scene; JSON with a Universal VTT ``"resolution"`` and no ``"format"`` is a map
export. The suffix decides only when the content does not (an empty or broken file gets the error of the
kind its name promises).

Every file is read through `rules.io.safe_read` (regular files only, never a device, a pipe or a network
path, capped in size), and every JSON problem — including a number with more digits than Python converts
(`ValueError`) — is a `SceneError` naming the file.
"""

from __future__ import annotations

from pathlib import Path

from rules.errors import SceneError
from rules.io.reading import UVTT_SUFFIXES as UVTT_SUFFIXES  # the low-level readers live in rules.io.reading
from rules.io.reading import ZIP_MAGICS as ZIP_MAGICS
from rules.io.reading import file_error as file_error
from rules.io.reading import file_kind as file_kind
from rules.io.reading import load_scene_json as load_scene_json
from rules.io.reading import parse_json_bytes as parse_json_bytes
from rules.model.scene import Scene


def load_path(path: str | Path, system: str | None = None) -> Scene:
    """Load a plain scene JSON, a `.fivefoot` file or a Universal VTT export (by content, see above).

    Raises `SceneError` naming the file and the problem.
    """
    p = Path(path)
    kind = file_kind(p)
    if kind == "fivefoot":
        from rules.io import fivefoot_file

        return fivefoot_file.load(p)
    if kind == "uvtt":
        from rules.io import uvtt

        return uvtt.load(p, system=system or "pf2e")
    scene = load_scene_json(p)
    if system is not None and system != scene.system:
        raise SceneError(
            f"--system {system} does not match the scene's system {scene.system}", "system", str(p)
        )
    return scene
