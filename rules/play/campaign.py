"""The scenes of a campaign as commands: add a scene, prepare one while the players see another, present
it in one step (the party walks in at its entrance), mark the entrance, remove a scene.

* `AddScene(title, scene, entrance)`: a new scene of the campaign (a blank map or an opened one, of the
  campaign's rule system), parked until the GM switches to it. The first added scene makes the file a
  campaign, its current scene named after the map.
* `SwitchScene(scene_id)`: the GM works on another scene. The current one is parked whole — map, fog,
  lights, tokens, encounter, areas, free-mode turns, lasting spells, hazards — and the other unparked; the
  players keep seeing the presented scene (`rules.model.campaign.presented_state`).
* `PresentScene(scene_id)`: the players are shown the scene (the GM switches to it too). The party's
  creatures (``pc`` or side ``party``) leave the scene presented until now and arrive on the new scene's
  entrance squares (each on the nearest free square to its entrance square, in turn), keeping everything
  they carry; the old scene keeps its fog, lights and encounter as they were (turns skip a creature that
  left the map). After the step the party's sight is folded into the new scene's fog as after any move.
* `SetEntrance(cells)`: the squares of the current scene where the party arrives.
* `RemoveScene(scene_id)`: drop a scene that is neither current nor presented.

The table's log, the dice box's history and the bestiary (the creatures table) are the campaign's: they
go with the GM from scene to scene. Every command is one undoable step with one log line.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.geometry.coords import Cell
from rules.geometry.vision import is_party
from rules.messages import msg
from rules.model.campaign import Campaign, SceneSlot
from rules.model.scene import Scene, Token
from rules.model.state import GameState
from rules.play.command import Outcome, Refused, logged
from rules.play.edits import free_cell_near

CREATURES = "creatures"
DEFAULT_TITLE = "Scene {n}"
ADDED = "Scene “{title}” added to the campaign"
PREPARING = "The GM prepares “{title}” (the players still see “{shown}”)"
BACK = "The GM is back on “{title}”, the scene the players see"
PRESENTED = "The players now see “{title}”"
ARRIVES = "{names} arrive at the entrance of “{title}”"
ENTRANCE = "The entrance of “{title}” is {cells}"
NO_ENTRANCE = "“{title}” has no entrance marked: the party arrives where its tokens stood"
REMOVED = "Scene “{title}” removed from the campaign"
UNKNOWN = "The campaign has no scene “{id}”"
NOT_A_CAMPAIGN = "This file holds one scene: add a scene first"
OTHER_SYSTEM = "“{title}” uses {system}, but the campaign plays {campaign}"
ALREADY_CURRENT = "The GM is already on “{title}”"
ALREADY_SHOWN = "The players already see “{title}”"
NO_ROOM = "There is no free square near the entrance of “{title}” for {name}"
OFF_GRID = "The square [{x}, {y}] is off the map of “{title}”"
KEEP = "“{title}” can't be removed: {why}"
KEEP_CURRENT = "the GM is on it"
KEEP_SHOWN = "the players see it"
EMPTY_TITLE = "A scene needs a title"


def _slug(title: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in title.lower()).strip("-")[:60] or "scene"


def _unique(campaign: Campaign | None, base: str) -> str:
    taken = {s.id for s in campaign.scenes} if campaign is not None else set()
    sid, n = base, 2
    while sid in taken:
        sid, n = f"{base}-{n}", n + 1
    return sid


def as_campaign(state: GameState) -> Campaign:
    """The state's campaign, or a campaign of its one scene (named after the map)."""
    if state.campaign is not None:
        return state.campaign
    title = state.scene.name or str(msg(DEFAULT_TITLE, n=1))
    sid = _slug(title)
    return Campaign((SceneSlot(sid, title),), sid, sid)


def _need(campaign: Campaign | None, scene_id: str) -> SceneSlot:
    if campaign is None:
        raise Refused(str(msg(NOT_A_CAMPAIGN)))
    slot = campaign.slot(scene_id)
    if slot is None:
        raise Refused(str(msg(UNKNOWN, id=scene_id)))
    return slot


def _bestiary(scene: Scene) -> dict[str, object]:
    table = scene.extra.get(CREATURES)
    return dict(table) if isinstance(table, dict) else {}


def _park(state: GameState) -> GameState:
    return replace(state, log=(), rolls=(), campaign=None)


def _switch(state: GameState, campaign: Campaign, target: SceneSlot) -> GameState:
    """Park the current scene into its slot and make `target` (a parked slot) current, carrying the
    campaign's log, roll history and bestiary."""
    assert target.parked is not None
    here = replace(campaign.current_slot, parked=_park(state))
    campaign = replace(campaign.with_slot(here).with_slot(replace(target, parked=None)), current=target.id)
    incoming = target.parked
    table = {**_bestiary(state.scene), **_bestiary(incoming.scene)}
    scene = incoming.scene
    if table:
        scene = scene.edit(extra={**scene.extra, CREATURES: table})
    return replace(incoming, scene=scene, log=state.log, rolls=state.rolls, campaign=campaign)


@dataclass(frozen=True, slots=True)
class AddScene:
    title: str
    scene: Scene
    entrance: tuple[Cell, ...] = ()
    merge_key: object | None = None
    #: Pictures the new scene embeds (name, bytes), kept in the document's image set by the app.
    images: tuple[tuple[str, bytes], ...] = field(default=(), compare=False)

    @property
    def label(self) -> str:
        return str(msg("Add scene"))

    def apply(self, state: GameState) -> Outcome:
        title = " ".join(self.title.split())
        if not title:
            raise Refused(str(msg(EMPTY_TITLE)))
        if self.scene.system != state.scene.system:
            raise Refused(
                str(msg(OTHER_SYSTEM, title=title, system=self.scene.system, campaign=state.scene.system))
            )
        for c in self.entrance:
            if not self.scene.grid.contains(c.x, c.y):
                raise Refused(str(msg(OFF_GRID, x=c.x, y=c.y, title=title)))
        campaign = as_campaign(state)
        parked = GameState(self.scene.edit(name=self.scene.name or title))
        slot = SceneSlot(_unique(campaign, _slug(title)), title, tuple(self.entrance), parked)
        campaign = replace(campaign, scenes=(*campaign.scenes, slot))
        return logged(replace(state, campaign=campaign), str(msg(ADDED, title=title)))


@dataclass(frozen=True, slots=True)
class SwitchScene:
    scene_id: str
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Switch scene"))

    def apply(self, state: GameState) -> Outcome:
        campaign = state.campaign
        target = _need(campaign, self.scene_id)
        assert campaign is not None
        if target.id == campaign.current:
            raise Refused(str(msg(ALREADY_CURRENT, title=target.title)))
        after = _switch(state, campaign, target)
        assert after.campaign is not None
        shown = after.campaign.slot(campaign.presented)
        if target.id == campaign.presented:
            line = str(msg(BACK, title=target.title))
        else:
            line = str(msg(PREPARING, title=target.title, shown=shown.title if shown else ""))
        return logged(after, line)


def _arrive(scene: Scene, party: list[Token], entrance: tuple[Cell, ...], title: str) -> Scene:
    """`scene` with the `party` placed on the entrance (each on the nearest free square to its entrance
    square, in turn; their own cells when none is marked), replacing tokens of the same ids."""
    ids = {t.id for t in party}
    placed = scene.edit(tokens=tuple(t for t in scene.tokens if t.id not in ids))
    for i, tok in enumerate(party):
        near = entrance[i % len(entrance)] if entrance else tok.cell
        moved = replace(tok, elevation=0, mounted_on=None)
        cell = free_cell_near(placed, moved, near)
        if cell is None:
            raise Refused(str(msg(NO_ROOM, title=title, name=tok.label)))
        placed = placed.edit(tokens=(*placed.tokens, replace(moved, cell=cell)))
    return placed


@dataclass(frozen=True, slots=True)
class PresentScene:
    scene_id: str
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Present scene"))

    def apply(self, state: GameState) -> Outcome:
        campaign = state.campaign
        target = _need(campaign, self.scene_id)
        assert campaign is not None
        if target.id == campaign.presented:
            raise Refused(str(msg(ALREADY_SHOWN, title=target.title)))
        lines: list[str] = []
        old_id = campaign.presented
        # the party as the players last saw it, in the scene presented until now
        if old_id == campaign.current:
            leaving_state = state
        else:
            old_slot = campaign.slot(old_id)
            assert old_slot is not None and old_slot.parked is not None
            leaving_state = old_slot.parked
        party = [t for t in leaving_state.scene.tokens if is_party(t)]
        if target.id != campaign.current:
            state = _switch(state, campaign, target)
        camp = state.campaign
        assert camp is not None
        slot = camp.current_slot
        if party:
            state = replace(state, scene=_arrive(state.scene, party, slot.entrance, slot.title))
            names = ", ".join(t.label for t in party)
            lines.append(str(msg(ARRIVES, names=names, title=slot.title)))
            if not slot.entrance:
                lines.append(str(msg(NO_ENTRANCE, title=slot.title)))
            # the party leaves the scene it was in; that scene keeps its fog, lights and encounter
            old = camp.slot(old_id)
            assert old is not None and old.parked is not None
            gone = {t.id for t in party}
            left = old.parked.scene.edit(tokens=tuple(t for t in old.parked.scene.tokens if t.id not in gone))
            camp = camp.with_slot(replace(old, parked=replace(old.parked, scene=left)))
        camp = replace(camp, presented=target.id)
        lines.insert(0, str(msg(PRESENTED, title=slot.title)))
        return logged(replace(state, campaign=camp), *lines)


@dataclass(frozen=True, slots=True)
class SetEntrance:
    cells: tuple[Cell, ...]
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Mark the entrance"))

    def apply(self, state: GameState) -> Outcome:
        campaign = as_campaign(state)
        slot = campaign.current_slot
        for c in self.cells:
            if not state.scene.grid.contains(c.x, c.y):
                raise Refused(str(msg(OFF_GRID, x=c.x, y=c.y, title=slot.title)))
        cells = tuple(dict.fromkeys(self.cells))
        campaign = campaign.with_slot(replace(slot, entrance=cells))
        text = ", ".join(f"[{c.x}, {c.y}]" for c in cells) or "—"
        return logged(replace(state, campaign=campaign), str(msg(ENTRANCE, title=slot.title, cells=text)))


@dataclass(frozen=True, slots=True)
class RemoveScene:
    scene_id: str
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Remove scene"))

    def apply(self, state: GameState) -> Outcome:
        campaign = state.campaign
        slot = _need(campaign, self.scene_id)
        assert campaign is not None
        if slot.id == campaign.current:
            raise Refused(str(msg(KEEP, title=slot.title, why=str(msg(KEEP_CURRENT)))))
        if slot.id == campaign.presented:
            raise Refused(str(msg(KEEP, title=slot.title, why=str(msg(KEEP_SHOWN)))))
        campaign = replace(campaign, scenes=tuple(s for s in campaign.scenes if s.id != slot.id))
        return logged(replace(state, campaign=campaign), str(msg(REMOVED, title=slot.title)))


__all__ = ["AddScene", "PresentScene", "RemoveScene", "SetEntrance", "SwitchScene", "as_campaign"]
