"""Elevation as a third grid axis (issue 16 "Vertical play"; rules.md "Distance and movement", "Reach").

PF2e counts diagonals 5/10 alternating; a step may change the height too and is then one diagonal. 5e's
five-foot count makes every step 5 ft, so the distance is the largest axis offset.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.geometry.elevation import fold, in_area_levels, offset_feet_3d, token_distance
from rules.geometry.flanking import flanking
from rules.geometry.movement import reachable, shortest_path
from rules.geometry.reach import within_reach
from rules.model.scene import Cell, Scene, Token
from rules.queries import load_all
from tests.rules.ascii_maps import ascii_scene

HANDLERS = load_all()


def ask(scene: Scene, **q: Any) -> dict[str, Any]:
    return HANDLERS[str(q["q"])](scene, q)


def tok(scene: Scene, tid: str) -> Token:
    t = scene.token(tid)
    assert t is not None
    return t


@pytest.mark.parametrize(
    ("offset", "pf2e", "five"),
    [
        ((0, 0, 1), 5, 5),  # straight up one square
        ((0, 0, 6), 30, 30),  # a flyer 30 ft straight above
        ((1, 1, 1), 5, 5),  # one step changing all three axes is one diagonal
        ((2, 2, 2), 15, 10),  # two such diagonals: 5 + 10
        ((4, 0, 3), 25, 20),  # 4 straight-ish + 3 diagonals (5+10+5) = 4 + 1 extra
        ((6, 2, 6), 45, 30),  # sorted (6, 6, 2): 6 diagonals → 6 + 3 extra squares
    ],
)
def test_distance_counts_height_like_a_third_axis(offset: tuple[int, int, int], pf2e: int, five: int) -> None:
    assert offset_feet_3d(*offset, mode="alternating") == pf2e
    assert offset_feet_3d(*offset, mode="five") == five
    # The axis order never matters.
    dx, dy, dz = offset
    assert offset_feet_3d(dz, dx, dy, mode="alternating") == pf2e
    assert fold(dx, dy, dz) == tuple(sorted(map(abs, offset), reverse=True)[:2])


def test_flat_tokens_measure_as_before() -> None:
    s = ascii_scene("A...b")
    assert token_distance(tok(s, "A"), tok(s, "b"), "alternating") == 20
    assert ask(s, q="distance", **{"from": "A", "to": "b"}) == {"feet": 20}


def test_distance_query_between_a_flyer_and_a_ground_creature() -> None:
    # Adjacent on the map, the flyer 30 ft up (level 6 over b's level 0): (1, 0, 6) → 6 squares, one diagonal.
    s = ascii_scene("Ab", tokens={"A": {"elevation": 30}})
    assert ask(s, q="distance", **{"from": "A", "to": "b"}) == {"feet": 30}
    # A cell is on the ground: straight below the flyer is 30 ft.
    assert ask(s, q="distance", **{"from": "A", "to": [0, 0]}) == {"feet": 30}
    # Two squares over and 10 ft up: (2, 0, 2) → 2 diagonals, 5 + 10 in PF2e, 10 by 5e's count.
    s2 = ascii_scene("A.b", tokens={"A": {"elevation": 10}})
    assert ask(s2, q="distance", **{"from": "A", "to": "b"}) == {"feet": 15}
    five = ascii_scene("A.b", "dnd5e-2014", tokens={"A": {"elevation": 10}})
    assert ask(five, q="distance", **{"from": "A", "to": "b"}) == {"feet": 10}


def test_a_large_creature_is_as_tall_as_it_is_wide() -> None:
    # A large creature on the ground fills levels 0 and 1: a flyer at 10 ft right above its edge is adjacent.
    s = ascii_scene("AA.\nAAb", sizes={"A": "large"}, tokens={"b": {"elevation": 10}})
    assert token_distance(tok(s, "A"), tok(s, "b"), "alternating") == 5


def test_reach_against_a_flyer() -> None:
    s = ascii_scene("Ab", tokens={"b": {"elevation": 5}})
    a, b = tok(s, "A"), tok(s, "b")
    assert within_reach(s, a, b, 5)  # diagonal up: one diagonal, 5 ft
    high = ascii_scene("Ab", tokens={"b": {"elevation": 10}})
    assert not within_reach(high, tok(high, "A"), tok(high, "b"), 5)
    assert within_reach(high, tok(high, "A"), tok(high, "b"), 10)
    # PF2e 10-ft reach reaches 2 squares diagonally in every direction, up too: (2, 2, 2) is 15 ft by count.
    corner = ascii_scene("A..\n...\n..b", tokens={"b": {"elevation": 10}})
    assert within_reach(corner, tok(corner, "A"), tok(corner, "b"), 10)
    assert not within_reach(corner, tok(corner, "A"), tok(corner, "b"), 5)


def test_melee_attack_on_a_flyer_out_of_reach_is_an_error() -> None:
    s = ascii_scene(
        "Ab",
        tokens={
            "A": {"attacks": [{"name": "sword", "bonus": 7, "damage": "1d8+4 slashing"}]},
            "b": {"elevation": 20, "ac": 15, "hp": 10},
        },
    )
    with pytest.raises(Exception, match="out of reach"):
        ask(s, q="attack", attacker="A", target="b", attack="sword", d20=10)
    low = ascii_scene(
        "Ab",
        tokens={
            "A": {"attacks": [{"name": "sword", "bonus": 7, "damage": "1d8+4 slashing"}]},
            "b": {"elevation": 5, "ac": 15, "hp": 10},
        },
    )
    assert ask(low, q="attack", attacker="A", target="b", attack="sword", d20=10)["degree"] == "success"


def test_ranged_attack_range_counts_height() -> None:
    # 6 squares away on the map and 60 ft up: (6, 0, 12) → 12 + 3 = 15 squares, 75 ft: 2nd increment of 60.
    bow = {"name": "bow", "bonus": 7, "damage": "1d8", "range_increment": 60}
    flat = ascii_scene("A.....b", tokens={"A": {"attacks": [bow]}, "b": {"ac": 15, "hp": 9}})
    up = ascii_scene("A.....b", tokens={"A": {"attacks": [bow]}, "b": {"ac": 15, "hp": 9, "elevation": 60}})
    labels = [
        m["label"] for m in ask(flat, q="attack", attacker="A", target="b", attack="bow", d20=10)["modifiers"]
    ]
    assert "range penalty" not in labels
    mods = ask(up, q="attack", attacker="A", target="b", attack="bow", d20=10)["modifiers"]
    assert [m["value"] for m in mods if m["label"] == "range penalty"] == [-2]


def test_a_flyer_does_not_block_ground_movement() -> None:
    ground = ascii_scene("A.b.")
    assert shortest_path(ground, tok(ground, "A"), Cell(3, 0)) is None
    # One row: the hostile b blocks the way; flying 15 ft up it doesn't.
    assert Cell(3, 0) not in reachable(ground, tok(ground, "A"), 30)
    flying = ascii_scene("A.b.", tokens={"b": {"elevation": 15}})
    assert Cell(3, 0) in reachable(flying, tok(flying, "A"), 30)
    # …and the flyer's square above is no place the ground creature can't end in: levels don't overlap.
    assert Cell(2, 0) in reachable(flying, tok(flying, "A"), 30)


def test_cover_from_creatures_only_at_their_height() -> None:
    # A flyer passing 30 ft above the line between two ground creatures gives no cover.
    s = ascii_scene("A.c.b", tokens={"c": {"elevation": 30}})
    assert ask(s, q="cover", attacker="A", target="b")["cover"] == "none"
    assert ask(ascii_scene("A.c.b"), q="cover", attacker="A", target="b")["cover"] == "lesser"
    # Walls block at every height.
    wall_map = ascii_scene("A.#.b", tokens={"b": {"elevation": 20}})
    assert ask(wall_map, q="cover", attacker="A", target="b")["cover"] == "standard"


def test_5e_flanking_needs_adjacency_counting_height() -> None:
    opts = {"flanking": True}
    base = ascii_scene("Abc", "dnd5e-2014", sides={"c": "party"}, options=opts)
    assert flanking(base, tok(base, "A"), tok(base, "b")).flanking
    up = ascii_scene("Abc", "dnd5e-2014", sides={"c": "party"}, options=opts, tokens={"c": {"elevation": 10}})
    assert not flanking(up, tok(up, "A"), tok(up, "b")).flanking
    # 5 ft up is still adjacent (one diagonal step).
    near = ascii_scene(
        "Abc", "dnd5e-2014", sides={"c": "party"}, options=opts, tokens={"c": {"elevation": 5}}
    )
    assert flanking(near, tok(near, "A"), tok(near, "b")).flanking


def test_pf2e_flanking_needs_reach_counting_height() -> None:
    base = ascii_scene("AbC")
    assert flanking(base, tok(base, "A"), tok(base, "b")).flanking
    up = ascii_scene("AbC", tokens={"C": {"elevation": 15}})
    assert not flanking(up, tok(up, "A"), tok(up, "b")).flanking


def test_areas_affect_creatures_within_their_vertical_extent() -> None:
    # A 10-ft burst from the ground at corner (2, 0) reaches 2 levels up: elevation 0 and 5 ft, not 10 ft.
    for elevation, hit in ((0, True), (5, True), (10, False)):
        s = ascii_scene("...b", tokens={"b": {"elevation": elevation}})
        got = ask(s, q="area", shape="burst", corner=[2, 0], feet=10)["tokens"]
        assert (got == ["b"]) is hit, elevation
    # An area bursting up in the air at 30 ft catches the flyer and not the ground creature below it.
    s = ascii_scene("..c.\n...b", tokens={"c": {"elevation": 30}})
    assert ask(s, q="area", shape="burst", corner=[2, 1], feet=10, elevation=30)["tokens"] == ["c"]
    assert ask(s, q="area", shape="burst", corner=[2, 1], feet=10)["tokens"] == ["b"]


def test_area_levels_by_shape() -> None:
    s = ascii_scene("A", tokens={"A": {"elevation": 20}})
    a = tok(s, "A")
    assert in_area_levels(a, "cube", 25, 0)  # a 25-ft cube from the ground fills levels 0–4
    assert not in_area_levels(a, "cube", 20, 0)
    assert not in_area_levels(a, "line", 60, 0)  # a line runs along its own level only
    assert in_area_levels(a, "line", 60, 20)
    creator = ascii_scene("B", tokens={"B": {"elevation": 10}})
    # An emanation reaches R ft above its creator's top: from level 2, 10 ft reaches level 4.
    assert in_area_levels(a, "emanation", 10, 0, tok(creator, "B"))
    assert not in_area_levels(a, "emanation", 5, 0, tok(creator, "B"))
    assert not in_area_levels(a, "emanation", 10, 0, tok(ascii_scene("B"), "B"))


def test_reach_query_of_a_flyer_counts_its_height() -> None:
    ground = ascii_scene(".....\n.....\n..A..\n.....\n.....")
    assert len(ask(ground, q="reach", token="A")["cells"]) == 8
    # 5 ft up: the ground squares around it are one diagonal away; its own square below is not listed.
    low = ascii_scene(".....\n.....\n..A..\n.....\n.....", tokens={"A": {"elevation": 5}})
    assert len(ask(low, q="reach", token="A")["cells"]) == 8
    # 10 ft up, 5-ft reach: nothing on the ground; 10-ft reach: the 10-ft exception's 2 squares each way.
    high = ascii_scene(".....\n.....\n..A..\n.....\n.....", tokens={"A": {"elevation": 10}})
    assert ask(high, q="reach", token="A")["cells"] == []
    assert len(ask(high, q="reach", token="A", feet=10)["cells"]) == 24


def test_a_flyer_ignores_difficult_ground_but_not_obstacles() -> None:
    ground = ascii_scene("A~~~.")
    assert ask(ground, q="path", token="A", to=[4, 0])["feet"] == 35
    flying = ascii_scene("A~~~.", tokens={"A": {"elevation": 10}})
    assert ask(flying, q="path", token="A", to=[4, 0])["feet"] == 20
    walled = ascii_scene("A.#..", tokens={"A": {"elevation": 10}})
    assert ask(walled, q="path", token="A", to=[4, 0]) == {"feet": None, "path": None}
