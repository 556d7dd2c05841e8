"""Lights as commands: placed lights, lights creatures carry, and the scene's ambient light.

* `AddLight`, `RemoveLight`, `ReplaceLight`: a light at a point (corner coordinates) with bright and dim
  radii in feet (dim is the outer radius, so dim ≥ bright ≥ 0, as the scene reader demands); a light is
  named by its index in `Scene.lights`.
* `SetTokenLight`: a creature carries a light (a torch: bright 20 ft, dim 40 ft) or puts it out (None).
* `SetAmbient`: the light outside every light (``bright``, ``dim`` or ``darkness``).

Each changes what the party can see, so the step also remembers the squares it now sees when the fog is on
(`rules.play.fog.explore`, run by the `History` on every step).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.messages import msg
from rules.model.scene import LIGHT_LEVELS, Light, Scene, TokenLight
from rules.model.state import GameState
from rules.play.command import Outcome, Refused, logged


def _check_radii(bright: float, dim: float) -> None:
    if bright < 0:
        raise Refused(str(msg("a light's bright radius can't be negative ({bright:g} ft)", bright=bright)))
    if dim < bright:
        raise Refused(
            str(
                msg(
                    "a light's dim radius ({dim:g} ft) is less than its bright radius ({bright:g} ft); "
                    "dim is the outer radius",
                    dim=dim,
                    bright=bright,
                )
            )
        )


def _lights(scene: Scene, index: int) -> list[Light]:
    lights = list(scene.lights)
    if not 0 <= index < len(lights):
        raise Refused(str(msg("there is no light number {n}", n=index + 1)))
    return lights


@dataclass(frozen=True, slots=True)
class AddLight:
    light: Light
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Place Light"))

    def apply(self, state: GameState) -> Outcome:
        lt = self.light
        _check_radii(lt.bright, lt.dim)
        p = lt.position
        line = msg(
            "Light placed at ({x:g}, {y:g}): bright {bright:g} ft, dim {dim:g} ft",
            x=p.x,
            y=p.y,
            bright=lt.bright,
            dim=lt.dim,
        )
        scene = state.scene.edit(lights=(*state.scene.lights, lt))
        return logged(state.with_scene(scene), str(line))


@dataclass(frozen=True, slots=True)
class RemoveLight:
    index: int
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Remove Light"))

    def apply(self, state: GameState) -> Outcome:
        lights = _lights(state.scene, self.index)
        del lights[self.index]
        return logged(state.with_scene(state.scene.edit(lights=tuple(lights))), str(msg("Light removed")))


@dataclass(frozen=True, slots=True)
class ReplaceLight:
    index: int
    light: Light
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Change Light"))

    def apply(self, state: GameState) -> Outcome:
        lights = _lights(state.scene, self.index)
        _check_radii(self.light.bright, self.light.dim)
        lights[self.index] = self.light
        line = msg(
            "Light changed: bright {bright:g} ft, dim {dim:g} ft",
            bright=self.light.bright,
            dim=self.light.dim,
        )
        return logged(state.with_scene(state.scene.edit(lights=tuple(lights))), str(line))


@dataclass(frozen=True, slots=True)
class SetTokenLight:
    """Give a creature a light to carry (a torch: bright 20, dim 40), or take it away (None)."""

    token_id: str
    light: TokenLight | None
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Carry Light") if self.light is not None else msg("Put Out Light"))

    def apply(self, state: GameState) -> Outcome:
        token = state.scene.token(self.token_id)
        if token is None:
            raise Refused(str(msg("there is no token {id!r}", id=self.token_id)))
        if self.light is None:
            line = msg("{name} carries no light", name=token.label)
        else:
            _check_radii(self.light.bright, self.light.dim)
            line = msg(
                "{name} carries a light: bright {bright} ft, dim {dim} ft",
                name=token.label,
                bright=self.light.bright,
                dim=self.light.dim,
            )
        scene = state.scene.replace_token(replace(token, light=self.light))
        return logged(state.with_scene(scene), str(line))


@dataclass(frozen=True, slots=True)
class SetAmbient:
    level: str
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Ambient Light: {level}", level=self.level.capitalize()))

    def apply(self, state: GameState) -> Outcome:
        if self.level not in LIGHT_LEVELS:
            raise Refused(str(msg("ambient light must be one of {levels}", levels=", ".join(LIGHT_LEVELS))))
        options = replace(state.scene.options, ambient=self.level)
        return logged(state.with_scene(state.scene.edit(options=options)), self.label)


__all__ = ["AddLight", "RemoveLight", "ReplaceLight", "SetAmbient", "SetTokenLight"]
