"""The campaign key of a scene document (format version 4): the other scenes of a campaign in one file.

::

    "campaign": {"current": "crypt", "presented": "crypt",
                 "scenes": [{"id": "crypt", "title": "The Crypt", "entrance": [[1, 4], [1, 5]]},
                            {"id": "hall", "title": "Great Hall", "entrance": [[0, 3]],
                             "document": {a whole scene document: map, fog, lights, tokens, encounter …}}]}

The document around the key is the GM's current scene (so a FiveFoot that reads one scene still opens
it); every other scene is a whole scene document of its own under ``document``, read and written by the
same scene and state readers (`rules.io.state_json`), without a campaign, log or roll history of its own.
``presented`` names the scene the players see.

The reader refuses (`SceneError` naming the path, e.g. ``campaign.scenes[1].document.grid.width``) what
would lose or confuse scenes: a campaign that isn't an object, no scenes or more than `MAX_SCENES`, an id
that is empty or used twice, ``current`` or ``presented`` naming no scene, the current scene carrying a
``document`` or another scene lacking one, a scene document of another rule system or with a campaign of
its own, and an entrance square off its scene's grid. Damage inside a scene document that the state
reader skips (a bad area) is reported as a problem with the scene's path, as for one scene.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rules.errors import SceneError
from rules.geometry.coords import Cell
from rules.io.json_reader import JsonReader
from rules.limits import MAX_TEXT_CHARS
from rules.model.campaign import Campaign, SceneSlot
from rules.model.scene import Scene
from rules.model.state import GameState

CAMPAIGN_KEY = "campaign"
#: The most scenes one file holds.
MAX_SCENES = 64
#: The most entrance squares of one scene.
MAX_ENTRANCE = 64

JSON = Any
#: Reads one parked scene document: (document, path) → its state and the problems its reader skipped.
ReadScene = Callable[[JSON, str], tuple[GameState, tuple[str, ...]]]
WriteScene = Callable[[GameState], dict[str, JSON]]


def _entrance(r: JsonReader, raw: JSON, path: str, scene: Scene) -> tuple[Cell, ...]:
    cells = r.lst(raw, path, optional=True)
    if len(cells) > MAX_ENTRANCE:
        raise r.fail(path, f"has {len(cells)} squares, more than the {MAX_ENTRANCE} an entrance may have")
    out: list[Cell] = []
    for i, item in enumerate(cells):
        c = r.cell(item, f"{path}[{i}]")
        if not scene.grid.contains(c.x, c.y):
            raise r.fail(
                f"{path}[{i}]",
                f"the square [{c.x}, {c.y}] is off the scene's {scene.grid.width}×{scene.grid.height} grid",
            )
        out.append(c)
    return tuple(out)


def campaign_from_json(
    raw: JSON, current: Scene, read_scene: ReadScene, source: str = ""
) -> tuple[Campaign | None, tuple[str, ...]]:
    """The campaign of a document's ``campaign`` key around its `current` scene (None when absent), and
    the problems its scenes' readers skipped. Raises `SceneError` (see the module docstring)."""
    if raw is None:
        return None, ()
    r = JsonReader(source)
    o = r.obj(raw, CAMPAIGN_KEY)
    path = f"{CAMPAIGN_KEY}.scenes"
    items = r.lst(r.require(o, "scenes", path), path)
    if not items:
        raise r.fail(path, "a campaign needs at least one scene (the current one)")
    if len(items) > MAX_SCENES:
        raise r.fail(path, f"has {len(items)} scenes, more than the {MAX_SCENES} a file may hold")
    current_id = r.string(r.require(o, "current", f"{CAMPAIGN_KEY}.current"), f"{CAMPAIGN_KEY}.current")
    presented_id = r.string(o.get("presented", current_id), f"{CAMPAIGN_KEY}.presented")
    named = [str(item.get("id", "")).strip() for item in items if isinstance(item, dict)]
    if current_id not in named:
        raise r.fail(f"{CAMPAIGN_KEY}.current", f"names no scene of the campaign ({current_id!r})")
    if presented_id not in named:
        raise r.fail(f"{CAMPAIGN_KEY}.presented", f"names no scene of the campaign ({presented_id!r})")
    slots: list[SceneSlot] = []
    problems: list[str] = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        at = f"{path}[{i}]"
        s = r.obj(item, at)
        sid = r.string(r.require(s, "id", f"{at}.id"), f"{at}.id").strip()
        if not sid or len(sid) > 200:
            raise r.fail(f"{at}.id", "a scene needs an id of 1 to 200 characters")
        if sid in seen:
            raise r.fail(f"{at}.id", f"two scenes have the id {sid!r}; each scene needs its own")
        seen.add(sid)
        title = r.string(s.get("title", sid), f"{at}.title")
        if len(title) > MAX_TEXT_CHARS:
            raise r.fail(f"{at}.title", f"is longer than {MAX_TEXT_CHARS} characters")
        document = s.get("document")
        if sid == current_id:
            if document is not None:
                raise r.fail(
                    f"{at}.document",
                    "the current scene is the document itself and may not carry a document of its own",
                )
            slots.append(SceneSlot(sid, title, _entrance(r, s.get("entrance"), f"{at}.entrance", current)))
            continue
        if document is None:
            raise r.fail(f"{at}.document", f"scene {sid!r} has no document (its map and table)")
        if isinstance(document, dict) and CAMPAIGN_KEY in document:
            raise r.fail(f"{at}.document.{CAMPAIGN_KEY}", "a scene of a campaign can't hold a campaign")
        try:
            parked, skipped = read_scene(document, f"{at}.document")
        except SceneError as exc:
            inner = f"{at}.document.{exc.path}" if exc.path else f"{at}.document"
            raise SceneError(exc.detail, inner, source) from None
        if parked.scene.system != current.system:
            raise r.fail(
                f"{at}.document.system",
                f"scene {sid!r} uses {parked.scene.system}, but the campaign plays {current.system}",
            )
        problems.extend(f"{at}.document: {p}" for p in skipped)
        parked = replace(parked, log=(), rolls=(), campaign=None)
        entrance = _entrance(r, s.get("entrance"), f"{at}.entrance", parked.scene)
        slots.append(SceneSlot(sid, title, entrance, parked))
    return Campaign(tuple(slots), current_id, presented_id), tuple(problems)


def campaign_to_json(campaign: Campaign, write_scene: WriteScene) -> dict[str, JSON]:
    """The ``campaign`` key (the current scene's contents are the document around it)."""
    scenes: list[JSON] = []
    for slot in campaign.scenes:
        out: dict[str, JSON] = {"id": slot.id, "title": slot.title}
        if slot.entrance:
            out["entrance"] = [[c.x, c.y] for c in slot.entrance]
        if slot.parked is not None and slot.id != campaign.current:
            out["document"] = write_scene(replace(slot.parked, log=(), rolls=(), campaign=None))
        scenes.append(out)
    return {"current": campaign.current, "presented": campaign.presented, "scenes": scenes}


__all__ = ["CAMPAIGN_KEY", "MAX_ENTRANCE", "MAX_SCENES", "campaign_from_json", "campaign_to_json"]
