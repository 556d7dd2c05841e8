"""The player view projection (rules.play.projection): what the players may know, never more."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules.geometry.areas import AreaSpec
from rules.geometry.coords import Cell, Point
from rules.io.scene_json import scene_from_json
from rules.model.fog import rect_cells
from rules.model.scene import Scene
from rules.play.projection import player_projection


@dataclass(frozen=True)
class Placed:
    id: str
    spec: AreaSpec
    label: str = ""
    colour: str = "#ff0000"


@dataclass(frozen=True)
class Entry:
    token_id: str


@dataclass(frozen=True)
class Enc:
    order: tuple[Entry, ...]
    index: int = 0
    round: int = 2

    @property
    def current_id(self) -> str | None:
        return self.order[self.index].token_id


@dataclass(frozen=True)
class State:
    scene: Scene
    areas: tuple[Any, ...] = ()
    encounter: Any = None


def dungeon(fog: bool = True, ambient: str = "bright") -> Scene:
    # two rooms split by a wall at x = 8; the party is in the west room
    doc: dict[str, Any] = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": "pf2e",
        "grid": {"width": 16, "height": 8},
        "options": {"ambient": ambient},
        "walls": [
            {"a": [8, 0], "b": [8, 3]},
            {"a": [8, 3], "b": [8, 4], "kind": "door", "open": False, "secret": True},
            {"a": [8, 4], "b": [8, 8]},
        ],
        "tokens": [
            {
                "id": "hero",
                "name": "Valeros",
                "cell": [2, 3],
                "side": "party",
                "pc": True,
                "hp": 20,
                "max_hp": 20,
            },
            {
                "id": "gob1",
                "name": "Goblin Warrior",
                "cell": [5, 5],
                "side": "enemy",
                "hp": 6,
                "max_hp": 6,
                "conditions": ["prone", "frightened 1"],
            },
            {"id": "gob2", "name": "Goblin Sneak", "cell": [6, 1], "side": "enemy", "conditions": ["hidden"]},
            {"id": "boss", "name": "Goblin Boss", "cell": [12, 3], "side": "enemy"},
            {"id": "spy", "name": "GM spy", "cell": [3, 6], "side": "neutral", "gm_only": True},
        ],
    }
    if fog:
        doc["fog"] = {"enabled": True, "width": 16, "height": 8, "explored": ""}
    return scene_from_json(doc)


def test_tokens_only_what_the_party_sees() -> None:
    view = player_projection(State(dungeon()))
    ids = {t.id for t in view.tokens}
    assert ids == {"hero", "gob1"}  # gob2 hidden, boss behind the wall, spy is GM-only
    gob = view.token("gob1")
    assert gob is not None and gob.hp is None and gob.name == "Goblin Warrior"
    assert gob.conditions == ("prone", "frightened 1")
    hero = view.token("hero")
    assert hero is not None and hero.hp == 20


def test_the_players_see_all_their_own_conditions_and_only_the_visible_ones_of_others() -> None:
    from dataclasses import replace

    scene = dungeon()
    hero, gob = scene.token("hero"), scene.token("gob1")
    assert hero is not None and gob is not None
    scene = scene.replace_token(replace(hero, conditions=("enfeebled 2", "sickened 1", "off-guard")))
    scene = scene.replace_token(
        replace(gob, conditions=("enfeebled 1", "grappled", "off-guard", "drained 2"))
    )
    view = player_projection(State(scene))
    assert view.token("hero").conditions == ("enfeebled 2", "sickened 1", "off-guard")  # type: ignore[union-attr]
    assert view.token("gob1").conditions == ("grappled", "off-guard")  # type: ignore[union-attr]


def test_fog_masks_and_explored_memory() -> None:
    s = dungeon()
    view = player_projection(s)
    assert view.fog and view.visible[3, 2] and not view.visible[3, 12]
    assert not view.known[3, 12]
    assert s.fog is not None
    remembered = s.edit(fog=s.fog.reveal(rect_cells(9, 0, 15, 7)))
    view2 = player_projection(remembered)
    assert view2.known[3, 12] and not view2.visible[3, 12]
    # explored squares don't show creatures standing on them
    assert view2.token("boss") is None


def test_fog_off_shows_the_map_but_not_hidden_creatures() -> None:
    view = player_projection(dungeon(fog=False))
    assert not view.fog and view.known.all()
    assert {t.id for t in view.tokens} == {"hero", "gob1", "boss"}


def test_darkness_hides_creatures_and_squares() -> None:
    view = player_projection(dungeon(ambient="darkness"))
    assert {t.id for t in view.tokens} == {"hero"}
    assert not view.visible.any()


def test_areas_clipped_to_known_squares_and_initiative_names() -> None:
    s = dungeon()
    burst = Placed("a1", AreaSpec("burst", 10, origin=Point(8, 4)), "Fireball")
    enc = Enc(order=(Entry("boss"), Entry("hero"), Entry("gob2"), Entry("gob1")), index=0)
    view = player_projection(State(s, areas=(burst,), encounter=enc))
    (area,) = view.areas
    assert area.cells and all(c.x < 8 for c in area.cells)
    assert [e.name for e in view.initiative] == ["Valeros", "Goblin Warrior"]
    assert not any(e.current for e in view.initiative)  # the boss's turn: not shown, not marked
    view2 = player_projection(State(s, encounter=replace(enc, index=1)))
    assert [e.current for e in view2.initiative] == [True, False]
    assert view2.round == 2


def test_json_has_no_walls_doors_or_notes() -> None:
    s = dungeon()
    doc = player_projection(State(s)).to_json()
    text = repr(doc)
    for word in ("walls", "door", "secret", "gm_only", "Goblin Sneak", "Goblin Boss", "GM spy", "lights"):
        assert word not in text
    assert {t["id"] for t in doc["tokens"]} == {"hero", "gob1"}
    assert Cell(2, 3) == player_projection(s).token("hero").cell  # type: ignore[union-attr]
