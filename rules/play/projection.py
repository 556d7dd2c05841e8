"""The player view as a projection of the game state: what the players may know, and nothing else.

`player_projection(state)` takes the game state (`rules.model.state.GameState`, or anything with a `scene`
and optionally `encounter` and `areas`; a bare `Scene` works too) and returns a `PlayerView`:

* **map**: the scene's grid and map picture; with fog on, the squares the party **sees now**
  (`rules.geometry.vision.party_seen`: sight, light and senses) and the squares it has **explored**
  (`Scene.fog`, plus what it sees now). Squares outside both are unknown and drawn black.
* **tokens**: the party's creatures (``pc`` or side ``party``) always; any other creature only when the party
  sees one of its squares now. Never a creature the GM keeps from the players: a token whose ``extra`` has
  ``"gm_only": true`` or that is ``hidden``, ``undetected``, ``unnoticed`` or ``invisible``.
  Hit points only for the party's creatures; for every other creature with hit points a **health
  estimate** instead (`health_estimate`: unhurt, hurt, bloodied, near death, down) — what the
  characters see of a foe's wounds. Conditions only those the players can see on the token; the number
  on the miniature's base (`Token.number`) for every creature shown.
* **markers**: the spaces of creatures the party can't see but knows the place of (the system's
  `located_conditions`: PF2e hidden) — a "?" on the space, with no id, name or anything else of the creature.
  Creatures with any other hiding condition (undetected, unnoticed, invisible) or ``gm_only`` leave no trace.
  The party's own creatures are always shown (a hiding PC is hidden from its enemies, not from its friends).
* **areas**: placed areas, only the squares the players know (seen or explored).
* **the scene**: in a campaign, the presented scene (`rules.model.campaign`): while the GM prepares another
  scene the players keep seeing the one presented, its fog and tokens as they are.
* **rolls**: the dice box's public rolls, oldest first (`rules.model.table_rolls`): never a secret GM
  roll; the roller's name only when the view shows the roller (else "GM").
* **template**: the area of a spell the GM is aiming, or has just cast (`Template`, given by the app: it is
  no part of the game state), only the squares the players know — what the players see of a Fireball
  before it goes off; its label is the spell's name (`ShownTemplate`).
* **hazards**: the hazards the party has noticed and that are not spent (`rules.play.hazards.
  visible_hazards`), only their squares the players know; a hidden hazard leaves no trace.
* **initiative**: the order by name, leaving out every creature the view leaves out; the current creature is
  marked only when it is shown.

Never in the projection: walls (as lines), doors and secret doors, lights, notes, terrain marks, GM-only
tokens or anything else the GM view alone draws. With fog off (`Scene.fog` None or disabled) every square is
known and every creature not kept from the players is shown.

`PlayerView.to_json()` is the same projection as JSON (masks as base64 bitmaps, as in `rules.model.fog`),
for a remote player client. What only one player sees, their own character's panel, is
`rules.play.character_sheet.character_sheet(state, token_id)`; `rules.play.table_events` turns two
projections into the sentences of the players' shared log.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from rules.errors import QueryError
from rules.geometry.areas import AreaSpec, resolve_area
from rules.geometry.coords import SIZE_SQUARES, Cell
from rules.geometry.vision import is_party, party_seen
from rules.model.campaign import presented_state
from rules.model.scene import Scene, Token
from rules.model.state import GameState
from rules.model.table_rolls import public_rolls
from rules.systems import system_for

BoolMap = npt.NDArray[np.bool_]
#: Conditions that keep a creature off the player view.
HIDDEN_CONDITIONS: tuple[str, ...] = ("hidden", "undetected", "unnoticed", "invisible")
#: Conditions the players can see on a creature they see (the party's own creatures show all of theirs:
#: the players know them).
SHOWN_CONDITIONS: tuple[str, ...] = (
    "prone",
    "grabbed",
    "grappled",
    "immobilized",
    "off-guard",
    "restrained",
    "unconscious",
    "dying",
    "dead",
    "blinded",
    "frightened",
    "paralyzed",
    "petrified",
    "stunned",
    "incapacitated",
    "poisoned",
)


@dataclass(frozen=True, slots=True)
class ShownToken:
    id: str
    name: str
    cell: Cell
    size: str
    side: str
    pc: bool
    image: str | None = None
    hp: int | None = None
    max_hp: int | None = None
    conditions: tuple[str, ...] = ()
    #: The number on the miniature's base, or None.
    number: int | None = None
    #: For a creature not of the party: one of `HEALTH_WORDS` (None when it tracks no HP, and always
    #: for the party, whose exact `hp` is shown).
    health: str | None = None

    @property
    def side_squares(self) -> int:
        return SIZE_SQUARES[self.size]


@dataclass(frozen=True, slots=True)
class ShownArea:
    id: str
    label: str
    colour: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class Template:
    """A spell's area shown to the players: being aimed (`cast` False) or just cast (True)."""

    spec: AreaSpec
    label: str = ""
    cast: bool = False


@dataclass(frozen=True, slots=True)
class ShownTemplate:
    label: str
    cells: tuple[Cell, ...]
    cast: bool = False


@dataclass(frozen=True, slots=True)
class ShownHazard:
    """A noticed hazard: its name and the squares of it the players know."""

    id: str
    name: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class ShownMarker:
    """A creature the party can't see but knows the space of (PF2e hidden): only its squares."""

    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class InitiativeEntry:
    token_id: str
    name: str
    current: bool = False


@dataclass(frozen=True, slots=True)
class ShownRoll:
    """A public roll of the dice box as the players see it."""

    who: str
    expression: str
    shown: str
    total: int
    success: bool | None = None


@dataclass(frozen=True, slots=True, eq=False)
class PlayerView:
    """What the players may know (see the module docstring). Masks are read-only ``[y, x]`` arrays."""

    width: int
    height: int
    fog: bool
    visible: BoolMap
    explored: BoolMap
    tokens: tuple[ShownToken, ...]
    areas: tuple[ShownArea, ...]
    initiative: tuple[InitiativeEntry, ...]
    round: int | None
    background: dict[str, Any] | None
    markers: tuple[ShownMarker, ...] = ()
    rolls: tuple[ShownRoll, ...] = ()
    template: ShownTemplate | None = None
    hazards: tuple[ShownHazard, ...] = ()

    @property
    def known(self) -> BoolMap:
        """Squares the players may see the map of: seen now or explored (all squares with fog off)."""
        out: BoolMap = self.visible | self.explored
        return out

    def token(self, token_id: str) -> ShownToken | None:
        return next((t for t in self.tokens if t.id == token_id), None)

    def to_json(self) -> dict[str, Any]:
        def bits(m: BoolMap) -> str:
            return base64.b64encode(np.packbits(m.ravel()).tobytes()).decode("ascii")

        return {
            "grid": {"width": self.width, "height": self.height},
            "fog": self.fog,
            "visible": bits(self.visible),
            "explored": bits(self.explored),
            "background": self.background,
            "tokens": [
                {
                    "id": t.id,
                    "name": t.name,
                    "cell": [t.cell.x, t.cell.y],
                    "size": t.size,
                    "side": t.side,
                    "pc": t.pc,
                    "image": t.image,
                    "hp": t.hp,
                    "max_hp": t.max_hp,
                    "conditions": list(t.conditions),
                    "number": t.number,
                    "health": t.health,
                }
                for t in self.tokens
            ],
            "areas": [
                {"id": a.id, "label": a.label, "colour": a.colour, "cells": [[c.x, c.y] for c in a.cells]}
                for a in self.areas
            ],
            "markers": [[[c.x, c.y] for c in m.cells] for m in self.markers],
            "template": None
            if self.template is None
            else {
                "label": self.template.label,
                "cast": self.template.cast,
                "cells": [[c.x, c.y] for c in self.template.cells],
            },
            "hazards": [
                {"id": h.id, "name": h.name, "cells": [[c.x, c.y] for c in h.cells]} for h in self.hazards
            ],
            "initiative": [{"id": e.token_id, "name": e.name, "current": e.current} for e in self.initiative],
            "round": self.round,
            "rolls": [
                {
                    "who": r.who,
                    "expression": r.expression,
                    "shown": r.shown,
                    "total": r.total,
                    "success": r.success,
                }
                for r in self.rolls
            ],
        }


#: The health estimates, from a creature untouched to one at 0 HP.
HEALTH_WORDS: tuple[str, ...] = ("unhurt", "hurt", "bloodied", "near-death", "down")


def health_estimate(hp: int | None, max_hp: int | None) -> str | None:
    """What the party can tell of a creature's wounds without knowing its hit points: ``unhurt`` at full
    HP, ``hurt`` above half, ``bloodied`` at half or fewer (the 5e 2024 Bloodied line, the common table
    convention in PF2e too), ``near-death`` at a quarter or fewer, ``down`` at 0. None without HP."""
    if hp is None or not max_hp or max_hp <= 0:
        return None
    if hp <= 0:
        return "down"
    if hp >= max_hp:
        return "unhurt"
    if 4 * hp <= max_hp:
        return "near-death"
    if 2 * hp <= max_hp:
        return "bloodied"
    return "hurt"


def kept_from_players(token: Token) -> bool:
    """The GM keeps this creature off the player view (``gm_only``, or a hiding condition on a creature
    that isn't the party's)."""
    if token.extra.get("gm_only"):
        return True
    return not is_party(token) and any(token.has_condition(c) for c in HIDDEN_CONDITIONS)


def located_only(token: Token, located: tuple[str, ...]) -> bool:
    """A creature kept from the players whose space they still know: a `located` condition and no other
    reason to keep it off the view (not ``gm_only``, no other hiding condition)."""
    if token.extra.get("gm_only") or is_party(token):
        return False
    hiding = [c for c in HIDDEN_CONDITIONS if token.has_condition(c)]
    return bool(hiding) and all(c in located for c in hiding)


def _space(token: Token, w: int, h: int) -> tuple[Cell, ...]:
    n = token.side_squares
    return tuple(
        Cell(x, y)
        for y in range(token.cell.y, token.cell.y + n)
        for x in range(token.cell.x, token.cell.x + n)
        if 0 <= x < w and 0 <= y < h
    )


def _shown(token: Token) -> ShownToken:
    party = is_party(token)
    return ShownToken(
        id=token.id,
        name=token.label,
        cell=token.cell,
        size=token.size,
        side=token.side,
        pc=token.pc,
        image=token.image,
        hp=token.hp if party else None,
        max_hp=token.max_hp if party else None,
        conditions=token.conditions
        if party
        else tuple(c for c in token.conditions if c.split()[0].lower() in SHOWN_CONDITIONS),
        number=token.number,
        health=None if party else health_estimate(token.hp, token.max_hp),
    )


def _sees_space(seen: BoolMap, token: Token) -> bool:
    n = token.side_squares
    x0, y0 = token.cell
    part = seen[max(0, y0) : max(0, y0 + n), max(0, x0) : max(0, x0 + n)]
    return bool(part.any())


def project_template(scene: Scene, template: Template | None, known: BoolMap) -> ShownTemplate | None:
    """The squares of `template` the players know (`known`, a `PlayerView.known` of the same scene) — the
    template alone, for a view that follows the mouse without projecting everything again."""
    return _template(scene, template, known)


def _template(scene: Scene, template: Template | None, known: BoolMap) -> ShownTemplate | None:
    if template is None:
        return None
    try:
        result = resolve_area(scene, template.spec)
    except (QueryError, ValueError, LookupError):  # its creator gone, a point off the map: nothing shown
        return None
    cells = tuple(c for c in result.affected_cells if known[c.y, c.x])
    return ShownTemplate(template.label, cells, template.cast) if cells else None


def _hazards(state: Any, known: BoolMap) -> tuple[ShownHazard, ...]:
    out: list[ShownHazard] = []
    h, w = known.shape
    for hazard in getattr(state, "hazards", ()) or ():
        if hazard.hidden or not hazard.armed:
            continue
        cells = tuple(c for c in hazard.cells if 0 <= c.x < w and 0 <= c.y < h and known[c.y, c.x])
        if cells:
            out.append(ShownHazard(hazard.id, hazard.name, cells))
    return tuple(out)


def player_projection(state: Any, template: Template | None = None) -> PlayerView:
    """Project the game state (or a bare `Scene`) onto what the players may know, with the spell area
    the GM is aiming or has just cast (`template`). In a campaign it is the scene the players are shown
    (`rules.model.campaign.presented_state`), not the one the GM prepares."""
    if isinstance(state, GameState):
        presented = presented_state(state)
        if presented is not state:  # the GM aims on the scene being prepared: nothing of it on the TV
            state, template = presented, None
    scene: Scene = state if isinstance(state, Scene) else state.scene
    w, h = scene.grid.width, scene.grid.height
    fog_on = scene.fog is not None and scene.fog.enabled
    if fog_on:
        assert scene.fog is not None
        visible = party_seen(scene)
        explored = scene.fog.resized(w, h).mask() | visible
    else:
        visible = np.ones((h, w), dtype=bool)
        explored = np.ones((h, w), dtype=bool)
    visible.setflags(write=False)
    explored.setflags(write=False)
    known = visible | explored

    located = system_for(scene).located_conditions
    shown: dict[str, ShownToken] = {}
    markers: list[ShownMarker] = []
    for t in scene.tokens:
        if kept_from_players(t):
            if located_only(t, located):
                cells = _space(t, w, h)
                if cells:
                    markers.append(ShownMarker(cells))
            continue
        if is_party(t) or not fog_on or _sees_space(visible, t):
            shown[t.id] = _shown(t)
    # markers in board order, so their order says nothing about the scene's token order
    markers.sort(key=lambda m: (m.cells[0].y, m.cells[0].x))

    areas: list[ShownArea] = []
    for placed in getattr(state, "areas", ()) or ():
        try:
            result = resolve_area(scene, placed.spec)
        except (QueryError, ValueError, LookupError):  # a stale area (its creator removed): not shown
            continue
        cells = tuple(c for c in result.affected_cells if known[c.y, c.x])
        if cells:
            areas.append(ShownArea(placed.id, placed.label, placed.colour, cells))

    initiative: list[InitiativeEntry] = []
    round_no: int | None = None
    encounter = getattr(state, "encounter", None)
    if encounter is not None:
        round_no = int(encounter.round)
        current = encounter.current_id
        for c in encounter.order:
            tok = shown.get(c.token_id)
            if tok is not None:
                initiative.append(InitiativeEntry(tok.id, tok.name, c.token_id == current))

    background = None
    if scene.background is not None:
        b = scene.background
        background = {
            "image": b.image,
            "pixels_per_cell": b.pixels_per_cell,
            "offset": [b.offset.x, b.offset.y],
        }
    rolls = tuple(
        ShownRoll(
            shown[r.who].name if r.who is not None and r.who in shown else "GM",
            r.expression,
            r.shown,
            r.total,
            r.success,
        )
        for r in public_rolls(getattr(state, "rolls", ()) or ())
    )
    return PlayerView(
        width=w,
        height=h,
        fog=fog_on,
        visible=visible,
        explored=explored,
        tokens=tuple(shown.values()),
        areas=tuple(areas),
        initiative=tuple(initiative),
        round=round_no,
        background=background,
        markers=tuple(markers),
        rolls=rolls,
        template=_template(scene, template, known),
        hazards=_hazards(state, known),
    )
