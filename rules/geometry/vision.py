"""What creatures can see: sight facts between two creatures, their meaning in each system, and fast
visible-cell masks for fog of war and the player view.

**Facts** (`sight_facts`, exact): whether the viewer can see at all (not blinded, unconscious or dying), the
target is invisible, a sight line joins the two spaces (`rules.geometry.sight.spaces_have_line`, walls and
closed doors block, windows and low walls don't), the light on the target (the brightest level on any square
of its space, `rules.geometry.light.space_light`), the distance between the spaces (scene's count), and the
viewer's senses with their ranges.

**Meanings** (`visibility`, one function per system in `MEANINGS`, query-protocol.md "Light and
visibility"):

* PF2e — ``observed`` / ``concealed`` / ``hidden`` / ``undetected``. A blinded (or unconscious) viewer, an
  invisible target or no line of sight → ``undetected``, unless the target's ``hidden`` condition says the
  viewer knows where it is (→ ``hidden``). Otherwise: dim light → ``concealed`` unless the viewer has
  low-light vision or darkvision; darkness → ``hidden`` unless the viewer has darkvision (the GM may rule
  undetected; the query answers ``hidden``). A dazzled viewer sees everything at least ``concealed``
  (Player Core "Dazzled"). The target's own ``concealed`` / ``hidden`` / ``undetected`` conditions win when
  worse. Darkvision / greater darkvision without a range are unlimited; a sense with a range only counts
  within it.
* D&D 5e — ``seen`` / ``lightly-obscured`` / ``heavily-obscured`` / ``unseen``. A blinded viewer, an
  invisible or ``hidden`` target, or no line of sight → ``unseen``. Dim light → ``lightly-obscured`` unless
  the viewer has darkvision reaching the target (darkvision sees dim light as bright); darkness →
  ``heavily-obscured``, or ``lightly-obscured`` within darkvision range (it sees darkness as dim light). The
  target's ``lightly-obscured`` / ``heavily-obscured`` conditions (fog, foliage) win when worse.
  **Ruling — special senses** within their range (distance between the spaces, scene's count): blindsight
  perceives without sight — a blinded viewer, an invisible target, dim light, darkness and obscurement give
  ``seen`` (it still needs a sight line: total cover stops it); truesight sees in darkness (``seen``;
  dim light stays dim) and sees the invisible, but not when blinded. A ``hidden`` target stays ``unseen``
  (finding it is a Search).
  Tremorsense (and PF2e imprecise senses) locate a creature but do not see it: they don't change the state.

**Masks** (`sight_mask`, `seen_mask`, `party_seen`): for fog of war, the player view and the drag preview,
cells are judged on the grid at once — **Ruling (display only)**: from the centre of the viewer's space, a
cell is in sight when its centre or a point 0.05 squares inside one of its corners is not behind a
sight-blocking wall, found with an angular depth buffer (`DepthBuffer`) of the walls seen from that centre.
That is within a hair of the exact line of sight for medium and smaller creatures and never counts the far
side of a wall a creature stands behind; the queries always use the exact rule. A cell is *seen* when it is in
sight and lit (bright or dim), or in reach of a sense that works without light (darkvision, 5e blindsight and
truesight). Masks are cached per (walls, space) so dragging a token recomputes only that token.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from rules.geometry.distance import ALTERNATING, space_distance
from rules.geometry.light import BRIGHT, DARKNESS, DIM, light_map, sight_mask, space_light
from rules.geometry.sight import spaces_have_line
from rules.model.scene import Scene, Token

BoolMap = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]

#: Senses that see in the dark (PF2e darkvision and greater darkvision, 5e darkvision and truesight).
DARK_SENSES: tuple[str, ...] = ("darkvision", "greater-darkvision", "truesight")
PF2E_STATES: tuple[str, ...] = ("observed", "concealed", "hidden", "undetected")
DND5E_STATES: tuple[str, ...] = ("seen", "lightly-obscured", "heavily-obscured", "unseen")


# ------------------------------------------------------------------------------------------------ facts


@dataclass(frozen=True, slots=True)
class SightFacts:
    """What the board says about one viewer looking at one target (see the module docstring)."""

    viewer_sees: bool  # not blinded, unconscious or dying
    target_invisible: bool
    line_of_sight: bool
    light: int  # DARKNESS, DIM or BRIGHT on the target's space
    distance: int  # feet between the spaces
    senses: tuple[tuple[str, int | None], ...]
    viewer_conditions: frozenset[str]
    target_conditions: frozenset[str]

    def sense_reaches(self, *names: str) -> bool:
        """The viewer has one of the senses `names` and the target is within its range (None: unlimited)."""
        return any(n in names and (rng is None or self.distance <= rng) for n, rng in self.senses)


def _viewer_sees(viewer: Token) -> bool:
    return not any(viewer.has_condition(c) for c in ("blinded", "unconscious", "dying"))


def sight_facts(scene: Scene, viewer: Token, target: Token) -> SightFacts:
    mode = scene.rules.diagonals
    los = viewer.id == target.id or spaces_have_line(
        scene, viewer.cell, viewer.side_squares, target.cell, target.side_squares, "sight"
    )
    return SightFacts(
        viewer_sees=_viewer_sees(viewer),
        target_invisible=target.has_condition("invisible"),
        line_of_sight=los,
        light=space_light(scene, target),
        distance=space_distance(viewer.cell, viewer.side_squares, target.cell, target.side_squares, mode),
        senses=viewer.senses,
        viewer_conditions=frozenset(viewer.condition_names()),
        target_conditions=frozenset(target.condition_names()),
    )


# --------------------------------------------------------------------------------------------- meanings


def _worst(states: tuple[str, ...], *found: str) -> str:
    return max(found, key=states.index)


def pf2e_visibility(f: SightFacts) -> str:
    conditions = [c for c in ("concealed", "hidden", "undetected") if c in f.target_conditions]
    if not f.viewer_sees or f.target_invisible or not f.line_of_sight:
        return (
            "hidden"
            if "hidden" in f.target_conditions and "undetected" not in f.target_conditions
            else "undetected"
        )
    state = "observed"
    darkvision = f.sense_reaches("darkvision", "greater-darkvision")
    if f.light == DIM and not (darkvision or f.sense_reaches("low-light-vision")):
        state = "concealed"
    elif f.light == DARKNESS and not darkvision:
        state = "hidden"
    if "dazzled" in f.viewer_conditions:
        state = _worst(PF2E_STATES, state, "concealed")
    return _worst(PF2E_STATES, state, *conditions)


def dnd5e_visibility(f: SightFacts) -> str:
    blindsight = f.line_of_sight and f.sense_reaches("blindsight")
    if "hidden" in f.target_conditions or not f.line_of_sight:
        return "unseen"
    if blindsight:
        return "seen"
    truesight = f.sense_reaches("truesight")
    if not f.viewer_sees or (f.target_invisible and not truesight):
        return "unseen"
    darkvision = f.sense_reaches("darkvision")
    state = "seen"
    if f.light == DIM and not darkvision:
        state = "lightly-obscured"
    elif f.light == DARKNESS and not truesight:
        state = "lightly-obscured" if darkvision else "heavily-obscured"
    conditions = [c for c in ("lightly-obscured", "heavily-obscured") if c in f.target_conditions]
    return _worst(DND5E_STATES, state, *conditions)


#: The meaning of the sight facts, by `GridRules.obscured_states`: 5e's obscured/unseen states, or PF2e's
#: observed/concealed/hidden/undetected.
MEANINGS: dict[bool, Callable[[SightFacts], str]] = {False: pf2e_visibility, True: dnd5e_visibility}


def visibility(scene: Scene, viewer: Token, target: Token) -> str:
    """The target's visibility state to the viewer in the scene's system (see the module docstring)."""
    return MEANINGS[scene.rules.obscured_states](sight_facts(scene, viewer, target))


def can_perceive(scene: Scene, viewer: Token, target: Token) -> bool:
    """The viewer sees the target well enough to show it: PF2e observed or concealed, 5e seen or lightly
    obscured."""
    state = visibility(scene, viewer, target)
    return state in ("observed", "concealed", "seen", "lightly-obscured")


# ----------------------------------------------------------------------------------------------- masks

_RANGES: OrderedDict[Hashable, BoolMap] = OrderedDict()


def _range_mask(scene: Scene, token: Token, feet: int | None) -> BoolMap:
    """Cells within `feet` of the creature's space (scene's count); all cells when None (cached)."""
    mode = scene.rules.diagonals
    key = (scene.grid.width, scene.grid.height, token.cell, token.side_squares, feet, mode)
    hit = _RANGES.get(key)
    if hit is None:
        hit = _build_range_mask(scene, token, feet)
        hit.setflags(write=False)
        _RANGES[key] = hit
        while len(_RANGES) > 256:
            _RANGES.popitem(last=False)
    return hit


def _build_range_mask(scene: Scene, token: Token, feet: int | None) -> BoolMap:
    w, h = scene.grid.width, scene.grid.height
    if feet is None:
        return np.ones((h, w), dtype=bool)
    n = token.side_squares
    x0, y0 = token.cell
    gx = np.arange(w)
    gy = np.arange(h)
    dx = np.maximum(np.maximum(x0 - gx, gx - (x0 + n - 1)), 0)[None, :]
    dy = np.maximum(np.maximum(y0 - gy, gy - (y0 + n - 1)), 0)[:, None]
    hi, lo = np.maximum(dx, dy), np.minimum(dx, dy)
    mode = scene.rules.diagonals
    feet_map = 5 * (hi + lo // 2) if mode == ALTERNATING else 5 * hi
    out: BoolMap = feet_map <= feet
    return out


def _sense_mask(scene: Scene, token: Token, names: Iterable[str]) -> BoolMap | None:
    """Union of the range masks of the creature's senses among `names` (None when it has none)."""
    out: BoolMap | None = None
    for name, rng in token.senses:
        if name in names:
            m = _range_mask(scene, token, rng)
            out = m if out is None else (out | m)
    return out


def seen_mask(scene: Scene, token: Token) -> BoolMap:
    """Cells the creature sees now: in sight and lit, or in reach of a sense that works in the dark
    (cached on the scene value)."""

    def build() -> BoolMap:
        sight = sight_mask(scene, token)
        beyond = scene.rules.senses_beyond_sight  # senses that work blind and in the dark (5e blindsight)
        special = _sense_mask(scene, token, beyond) if beyond else None
        if not _viewer_sees(token):
            out = np.zeros_like(sight) if special is None else (sight & special)
            out.setflags(write=False)
            return out
        if scene.options.ambient == "bright":
            return sight
        dark_ok = _sense_mask(scene, token, (*DARK_SENSES, *beyond))
        lit = light_map(scene) >= DIM
        out = sight & (lit if dark_ok is None else (lit | dark_ok))
        out.setflags(write=False)
        return out

    result: BoolMap = scene.cached(("vision.seen", token.id, token.cell, token.size), build)
    return result


def is_party(token: Token) -> bool:
    """Player characters and their allies: ``pc`` true or side ``party``."""
    return token.pc or token.side == "party"


def party_seen(scene: Scene, tokens: Iterable[Token] | None = None) -> BoolMap:
    """Cells any party creature sees now (``[y, x]``)."""
    out = np.zeros((scene.grid.height, scene.grid.width), dtype=bool)
    for t in scene.tokens if tokens is None else tokens:
        if is_party(t):
            out |= seen_mask(scene, t)
    return out


__all__ = [
    "BRIGHT",
    "DARKNESS",
    "DIM",
    "DND5E_STATES",
    "MEANINGS",
    "PF2E_STATES",
    "SightFacts",
    "can_perceive",
    "dnd5e_visibility",
    "is_party",
    "party_seen",
    "pf2e_visibility",
    "seen_mask",
    "sight_facts",
    "sight_mask",
    "visibility",
]
