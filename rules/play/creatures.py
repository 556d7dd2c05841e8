"""Creatures placed from the compendium: one command adds the creature to the scene's ``creatures`` table
(`rules.io.creature_table`) when it isn't there yet and puts N tokens that reference it on the map.

The tokens say ``"creature": id`` (kept in `Token.extra`) and hold their own state; the scene writer keeps
only what differs from the creature (`rules.io.creature_table.compact_token_json`), and the reader links
them back, so a saved and reopened scene has the same tokens. `place_creatures_command` builds the command
the app executes (numbered names, free squares near the drop, a table id that doesn't clash with another
creature of the same name).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.geometry.coords import Cell
from rules.io.creature_json import creature_table_entry
from rules.io.scene_json import token_from_json
from rules.messages import msg
from rules.model.creature import Creature
from rules.model.scene import Scene, Token
from rules.model.state import GameState
from rules.play.command import Outcome, Refused, logged
from rules.play.edits import free_cell_near, unique_token_id
from rules.systems import same_game

JSON = Any
#: The key of the scene's creatures table in `Scene.extra` (and in the scene file).
TABLE_KEY = "creatures"


def creature_table(scene: Scene) -> dict[str, JSON]:
    """The scene's creatures table (a copy; empty when the scene has none)."""
    table = scene.extra.get(TABLE_KEY)
    return dict(table) if isinstance(table, dict) else {}


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-") or "creature"


def table_id_for(scene: Scene, creature: Creature) -> str:
    """The id of `creature` in the scene's table: the id of an equal entry already there, else a new one
    from its name (``goblin-warrior``, ``goblin-warrior-2`` … when another creature has the name)."""
    table = creature_table(scene)
    entry = creature_table_entry(creature)
    for cid, known in table.items():
        if known == entry:
            return str(cid)
    stem = _slug(creature.name)
    cid, n = stem, 2
    while cid in table:
        cid, n = f"{stem}-{n}", n + 1
    return cid


def _base_name(name: str) -> str:
    head, _, tail = name.rpartition(" ")
    return head if head and tail.isdigit() else name


def numbered_names(scene: Scene, name: str, count: int) -> list[str]:
    """Names for `count` new tokens of `name`: the name itself for one, else ``Name 1``, ``Name 2`` …
    continuing after the numbers already on the map."""
    taken = [t.name or "" for t in scene.tokens]
    used = [int(n.rpartition(" ")[2]) for n in taken if _base_name(n) == name and n != name]
    if count == 1 and name not in taken and not used:
        return [name]
    start = max(used, default=0) + 1
    return [f"{name} {start + i}" for i in range(count)]


def linked_token(
    creature: Creature, creature_id: str, token_id: str, cell: Cell, side: str | None = None, name: str = ""
) -> Token:
    """A token of `creature` referencing table entry `creature_id`, read exactly as the scene reader reads
    a linked token (so saving and reopening gives the same token)."""
    raw: dict[str, JSON] = {
        "id": token_id,
        "cell": [cell.x, cell.y],
        "side": side or ("party" if creature.pc else "enemies"),
        "creature": creature_id,
    }
    if name:
        raw["name"] = name
    return token_from_json(raw, creature.system, creatures={creature_id: creature_table_entry(creature)})


@dataclass(frozen=True, slots=True)
class PlaceCreatures:
    """Add `creature` to the scene's creatures table as `creature_id` (unless that entry is there already)
    and put `tokens` (each with ``"creature": creature_id``) on the map: one undo step. Refused when the
    creature is for the other game, the id names a different creature, or a token id is taken."""

    creature_id: str
    creature: Creature
    tokens: tuple[Token, ...]
    log: str = ""
    merge_key: object | None = None

    @property
    def label(self) -> str:
        n = len(self.tokens)
        return f"Place {self.creature.name}" if n == 1 else f"Place {n} × {self.creature.name}"

    def apply(self, state: GameState) -> Outcome:
        scene = state.scene
        if not same_game(self.creature.system, scene.system):
            raise Refused(
                f"{self.creature.name} is a {self.creature.system} creature; this scene is {scene.system}"
            )
        if not self.tokens:
            raise Refused("no tokens to place")
        table = creature_table(scene)
        entry = creature_table_entry(self.creature)
        known = table.get(self.creature_id)
        if known is not None and known != entry:
            raise Refused(
                str(
                    msg(
                        "The scene already has a different creature under the name {name}",
                        name=self.creature.name,
                    )
                )
            )
        taken = {t.id for t in scene.tokens}
        placed: list[Token] = []
        for t in self.tokens:
            if t.id in taken:
                there = scene.token(t.id)
                raise Refused(
                    str(
                        msg(
                            "{name} is already on the map", name=there.label if there is not None else t.label
                        )
                    )
                )
            taken.add(t.id)
            placed.append(replace(t, extra={**t.extra, "creature": self.creature_id}))
        table[self.creature_id] = entry
        new = scene.edit(tokens=(*scene.tokens, *placed), extra={**scene.extra, TABLE_KEY: table})
        return logged(state.with_scene(new), self.log)


def place_creatures_command(
    scene: Scene,
    creature: Creature,
    count: int,
    cell: Cell,
    side: str | None = None,
    names: Sequence[str] | None = None,
) -> PlaceCreatures | None:
    """`count` tokens of `creature` at and around `cell` (numbered names unless `names` are given), linked
    to the scene's creatures table; None when there is no room or the creature is for the other game.
    Raises `SceneError` when the creature can't be a scene token."""
    if not same_game(creature.system, scene.system):
        return None
    cid = table_id_for(scene, creature)
    wanted = list(names) if names else numbered_names(scene, creature.name, max(count, 1))
    tokens: list[Token] = []
    work = scene
    for name in wanted:
        tid = unique_token_id(work, _slug(name))
        token = linked_token(creature, cid, tid, cell, side, name)
        where = free_cell_near(work, token, cell)
        if where is None:
            break
        token = replace(token, cell=where)
        tokens.append(token)
        work = work.edit(tokens=(*work.tokens, token))
    if not tokens:
        return None
    label = tokens[0].label if len(tokens) == 1 else f"{len(tokens)} × {creature.name}"
    verb = "joins" if len(tokens) == 1 else "join"
    return PlaceCreatures(cid, creature, tuple(tokens), log=f"{label} {verb} the map")


def creature_of(scene: Scene, token: Token) -> Mapping[str, JSON] | None:
    """The table entry the token references, or None (no link, or a link to nothing)."""
    cid = token.extra.get("creature")
    entry = creature_table(scene).get(cid) if isinstance(cid, str) else None
    return entry if isinstance(entry, dict) else None
