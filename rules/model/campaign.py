"""The scenes of a campaign: one file holding several scenes with the same party, bestiary and log.

A `Campaign` lists its scenes (`SceneSlot`: an id, a title, the entrance — the squares the party arrives on
when the scene is presented) and names two of them:

* `current`: the scene the GM works on. Its map, fog, lights, tokens, encounter, placed areas, free-mode
  turns, lasting spells and hazards are the `GameState`'s own fields, as without a campaign;
* `presented`: the scene the players see (the Player Screen and the players' devices). While the GM
  prepares another scene, the presented one waits in its slot and the players keep seeing it.

Every other scene is *parked*: its slot keeps a whole `GameState` of its own (`SceneSlot.parked`, with no
campaign, log or roll history of its own: the table's log, its dice box history and the bestiary — the
creatures table, copied into each scene as it becomes current — belong to the campaign). Switching scenes
parks the current one and unparks another, so each scene keeps its fog, lights and encounter exactly as
they were. `presented_state` is the state the players' projection is built from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules.model.scene import Scene
from rules.model.state import Campaign, GameState, SceneSlot


def presented_state(state: GameState) -> GameState:
    """The table the players see: the state itself, or the presented scene's parked state while the GM
    prepares another one."""
    campaign = state.campaign
    if campaign is None or not campaign.preparing:
        return state
    slot = campaign.slot(campaign.presented)
    if slot is None or slot.parked is None:
        return state
    return replace(slot.parked, rolls=state.rolls)


def every_scene(state: GameState) -> list[Scene]:
    """The current scene, then every parked scene of the campaign (the pictures a file must keep)."""
    scenes = [state.scene]
    if state.campaign is not None:
        scenes.extend(s.parked.scene for s in state.campaign.scenes if s.parked is not None)
    return scenes


def with_every_scene(state: GameState, change: Callable[[Scene], Scene]) -> GameState:
    """`state` with `change` applied to the current scene and to every parked scene (saving: pictures
    embedded or inlined in all the scenes of the file)."""
    campaign = state.campaign
    if campaign is not None:
        slots = tuple(
            s if s.parked is None else replace(s, parked=replace(s.parked, scene=change(s.parked.scene)))
            for s in campaign.scenes
        )
        campaign = replace(campaign, scenes=slots)
    return replace(state, scene=change(state.scene), campaign=campaign)


__all__ = ["Campaign", "SceneSlot", "every_scene", "presented_state", "with_every_scene"]
