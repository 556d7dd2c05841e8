"""`Document`: a game state (the map and the engine's saved play) and the pictures it embeds, as every reader
returns it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from rules.io.images import resolve_image
from rules.model.scene import Scene
from rules.model.state import GameState


@dataclass(frozen=True, slots=True)
class Document:
    """A game state and the pictures it embeds (``"embedded:NAME"`` → ``images[NAME]``)."""

    state: GameState
    images: Mapping[str, bytes] = field(default_factory=dict)
    #: Problems found on opening that do not stop the document from being used and saved, e.g. a
    #: picture path that names a missing file or a file that is not a picture (see `picture_warnings`).
    warnings: tuple[str, ...] = ()
    #: What couldn't be read of the engine's saved state (a damaged area, skipped), one a line.
    problems: tuple[str, ...] = ()

    @property
    def scene(self) -> Scene:
        """The map."""
        return self.state.scene

    def image_bytes(self, ref: str | None, base_dir: str | Path | None = None) -> bytes | None:
        """The bytes behind a picture reference (see `rules.io.images.resolve_image`)."""
        if ref is None:
            return None
        return resolve_image(ref, self.images, base_dir)

    def background_bytes(self, base_dir: str | Path | None = None) -> bytes | None:
        """The map picture's bytes, or None (no background, or its file is missing)."""
        bg = self.scene.background
        return None if bg is None else self.image_bytes(bg.image, base_dir)
