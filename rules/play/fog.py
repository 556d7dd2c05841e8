"""Fog of war as the engine keeps it: what the party has explored, remembered by the engine itself, and the
GM's commands on the fog.

* **Remembering** (`explore`): after every command the one `History` applies, when the fog is on and the
  command changed what the party could see — a token moved, added, removed or edited (its senses, its
  carried light), a wall or door changed, a light placed, changed or removed, the ambient light or the
  grid changed — the squares the party sees now (`rules.geometry.vision.party_seen`) are folded into the
  fog's explored squares *in the same step*: one gesture is one undo step and one ``changed``. A command
  that changes nothing the party sees (a GM's fog edit, a roll) leaves the memory alone, so a square the GM
  hides stays hidden until the party looks again. Undo restores the earlier state whole (the memory with
  it), so undo never fights the memory.
* `EditFog` reveals or hides squares (the fog tool's stroke); `SetFogMode` switches the fog on or off or
  forgets everything explored (``reset``). Switching it on or resetting it remembers what the party sees at
  once, so the explored squares always include the squares seen now.

`fog_of(scene)` is the scene's fog sized to its grid (a fresh one, on and empty, when the scene never had
fog); `fog_cells(scene)` the answer of the ``fog`` query.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from rules.geometry.vision import party_seen
from rules.messages import msg, nmsg
from rules.model.fog import Fog
from rules.model.scene import Scene
from rules.model.state import GameState
from rules.play.command import Outcome, Refused, logged

FOG_MODES: tuple[str, ...] = ("on", "off", "reset")


def fog_of(scene: Scene) -> Fog:
    """The scene's fog, or a fresh one (on, nothing explored) sized to its grid."""
    if scene.fog is None:
        return Fog.blank(scene.grid.width, scene.grid.height)
    return scene.fog.resized(scene.grid.width, scene.grid.height)


def _sight_changed(before: Scene, after: Scene) -> bool:
    """Whether anything the party's sight depends on differs between the two scenes."""
    return (
        before.tokens != after.tokens
        or before.walls != after.walls
        or before.lights != after.lights
        or before.options != after.options
        or before.grid != after.grid
    )


def remember_seen(scene: Scene) -> Scene:
    """The scene with what the party sees now folded into its fog (itself when the fog is off or nothing
    is new). The derived data cached on the scene stays: none of it depends on the fog."""
    fog = scene.fog
    if fog is None or not fog.enabled:
        return scene
    sized = fog.resized(scene.grid.width, scene.grid.height)
    new = sized.remember(party_seen(scene))
    return scene if new is sized else scene.with_fog(new)


def explore(before: GameState, after: GameState) -> GameState:
    """`after` with the party's new sight remembered, when the step from `before` changed what it can see
    (see the module docstring)."""
    if after.scene is before.scene or not _sight_changed(before.scene, after.scene):
        return after
    scene = remember_seen(after.scene)
    return after if scene is after.scene else after.with_scene(scene)


def fog_cells(scene: Scene) -> dict[str, object]:
    """The ``fog`` query's answer: ``enabled``, the ``explored`` squares as saved with the scene and the
    squares the party sees ``visible`` now, each ``[x, y]`` in row order."""
    fog = scene.fog
    explored = (
        fog.resized(scene.grid.width, scene.grid.height).mask()
        if fog is not None
        else np.zeros((scene.grid.height, scene.grid.width), dtype=bool)
    )

    def cells(mask: npt.NDArray[np.bool_]) -> list[list[int]]:
        ys, xs = np.nonzero(mask)
        return [[int(x), int(y)] for y, x in zip(ys.tolist(), xs.tolist(), strict=True)]

    return {
        "enabled": fog is not None and fog.enabled,
        "explored": cells(explored),
        "visible": cells(party_seen(scene)),
    }


# ------------------------------------------------------------------------------------------- commands


@dataclass(frozen=True, slots=True)
class EditFog:
    """Reveal (or hide) squares of the fog: one stroke of the fog tool. Squares outside the grid are
    ignored."""

    cells: tuple[tuple[int, int], ...]
    reveal: bool = True
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Reveal Fog") if self.reveal else msg("Hide Fog"))

    def apply(self, state: GameState) -> Outcome:
        fog = fog_of(state.scene)
        new = fog.reveal(self.cells) if self.reveal else fog.hide(self.cells)
        if new == fog and state.scene.fog is not None:
            return Outcome(state)
        n = len(self.cells)
        line = (
            nmsg("Fog revealed: {n} square", "Fog revealed: {n} squares", n=n)
            if self.reveal
            else nmsg("Fog hidden: {n} square", "Fog hidden: {n} squares", n=n)
        )
        return logged(state.with_scene(state.scene.with_fog(new)), str(line))


@dataclass(frozen=True, slots=True)
class SetFogMode:
    """``on``, ``off`` or ``reset`` (forget what the party explored). On and reset remember what the party
    sees now."""

    mode: str
    merge_key: object | None = None

    @property
    def label(self) -> str:
        words = {"on": msg("Fog of War On"), "off": msg("Fog of War Off"), "reset": msg("Reset Fog of War")}
        return str(words.get(self.mode, msg("Fog of War")))

    def apply(self, state: GameState) -> Outcome:
        if self.mode not in FOG_MODES:
            raise Refused(str(msg("the fog is on, off or reset, not {mode!r}", mode=self.mode)))
        fog = fog_of(state.scene)
        new = fog.reset() if self.mode == "reset" else fog.with_enabled(self.mode == "on")
        scene = state.scene.with_fog(new)
        if self.mode != "off":
            scene = remember_seen(scene)
        return logged(state.with_scene(scene), self.label)


__all__ = ["FOG_MODES", "EditFog", "SetFogMode", "explore", "fog_cells", "fog_of", "remember_seen"]
