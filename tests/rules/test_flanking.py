"""Flanking (rules.md "Flanking", "Conditions that change the numbers"), from small ASCII maps.

Upper-case letters are the party, lower-case letters enemies; ``t`` is the enemy being flanked.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.geometry.coords import Point
from rules.geometry.flanking import FlankResult, can_flank, flanking, melee_reach, through_opposite_sides
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene, Token
from tests.rules.ascii_maps import ascii_scene, wall

SWORD = {"name": "longsword", "bonus": 7, "damage": "1d8+4 slashing", "traits": [], "range_increment": None}
GLAIVE = {
    "name": "glaive",
    "bonus": 7,
    "damage": "1d8+4 slashing",
    "traits": ["reach"],
    "range_increment": None,
}
BOW = {"name": "shortbow", "bonus": 7, "damage": "1d6 piercing", "traits": [], "range_increment": 60}


def tok(s: Scene, letter: str) -> Token:
    t = s.token(letter)
    assert t is not None
    return t


def flanks(s: Scene, attacker: str, target: str = "t") -> tuple[bool, tuple[str, ...]]:
    r = flanking(s, tok(s, attacker), tok(s, target))
    return r.flanking, r.with_ids


# ----------------------------------------------------------------------------------- the line test


def test_opposite_sides_and_opposite_corners() -> None:
    assert through_opposite_sides(Point(0.5, 1.5), Point(2.5, 1.5), (1, 1), 1)  # left and right
    assert through_opposite_sides(Point(1.5, 0.5), Point(1.5, 2.5), (1, 1), 1)  # top and bottom
    assert through_opposite_sides(Point(0.5, 0.5), Point(2.5, 2.5), (1, 1), 1)  # opposite corners
    assert not through_opposite_sides(Point(0.5, 1.5), Point(1.5, 2.5), (1, 1), 1)  # adjacent sides
    assert not through_opposite_sides(Point(0.5, 0.5), Point(2.5, 0.5), (1, 1), 1)  # misses the space
    # A knight's move from one side to the far corner square: meets left (x=1 at y=1.25) and right (x=2
    # at y=1.75) edges.
    assert through_opposite_sides(Point(0.5, 1), Point(2.5, 2), (1, 1), 1)
    # A line that only touches a corner does not pass through opposite sides.
    assert not through_opposite_sides(Point(0.5, 1.5), Point(1.5, 0.5), (1, 1), 1)


# -------------------------------------------------------------------------------------------- PF2e


def pf(picture: str, **kwargs: object) -> Scene:
    return ascii_scene(picture, "pf2e", **kwargs)  # type: ignore[arg-type]


def test_pf2e_allies_on_opposite_sides_flank() -> None:
    s = pf(
        """
        .....
        .AtB.
        .....
        """
    )
    assert flanks(s, "A") == (True, ("B",))
    assert flanks(s, "B") == (True, ("A",))
    r = flanking(s, tok(s, "A"), tok(s, "t"))
    assert r.lines == ((Point(1.5, 1.5), Point(3.5, 1.5)),)


def test_pf2e_opposite_corners_flank_adjacent_sides_do_not() -> None:
    corners = pf(
        """
        A..
        .t.
        ..B
        """
    )
    assert flanks(corners, "A") == (True, ("B",))
    beside = pf(
        """
        .A.
        .tB
        ...
        """
    )
    assert flanks(beside, "A") == (False, ())


def test_pf2e_large_enemy() -> None:
    # Opposite corners of a Large space flank; a knight's-move-off position does not.
    yes = pf(
        """
        A...
        .tt.
        .tt.
        ...B
        """,
        sizes={"t": "large"},
    )
    assert flanks(yes, "A") == (True, ("B",))
    no = pf(
        """
        A...
        .tt.
        .tt.
        ..B.
        """,
        sizes={"t": "large"},
    )
    assert flanks(no, "A") == (False, ())


def test_pf2e_every_flanking_ally_is_listed_in_code_point_order() -> None:
    s = pf(
        """
        ..b..
        .Zt..
        ..Y..
        """,
        sides={"b": "party"},
    )
    # Z flanks with nobody on its line (x at y=1.5 right of t is empty); Y and b are above/below each other.
    assert flanks(s, "Z") == (False, ())
    assert flanks(s, "Y") == (True, ("b",))
    both = pf(
        """
        C.D
        AtB
        ...
        """
    )
    assert flanks(both, "A") == (True, ("B",))
    many = pf(
        """
        D.C
        .t.
        E.F
        """
    )
    assert flanks(many, "D") == (True, ("F",))
    assert flanks(many, "C") == (True, ("E",))
    around = pf(
        """
        .a.
        CtB
        .A.
        """,
        sides={"a": "party"},
    )
    assert flanks(around, "C") == (True, ("B",))
    assert flanks(around, "A") == (True, ("a",))


def test_pf2e_allies_are_sorted_by_code_point() -> None:
    # Against a Large enemy, A's line to both B and x crosses its left and right edges. Upper-case letters
    # come before lower-case ones by code point.
    s = pf(
        """
        .....
        AttB.
        .ttx.
        .....
        """,
        sides={"x": "party"},
        sizes={"t": "large"},
    )
    assert flanks(s, "A") == (True, ("B", "x"))
    r = flanking(s, tok(s, "A"), tok(s, "t"))
    assert r.lines == ((Point(0.5, 1.5), Point(3.5, 1.5)), (Point(0.5, 1.5), Point(3.5, 2.5)))


def test_pf2e_reach_weapon_extends_the_flank() -> None:
    picture = """
        .A.
        ...
        .t.
        .B.
    """
    assert flanks(pf(picture, tokens={"A": {"attacks": [GLAIVE]}}), "A") == (True, ("B",))
    assert flanks(pf(picture, tokens={"A": {"attacks": [SWORD]}}), "A") == (False, ())
    # A creature whose own reach is 10 ft needs no reach weapon.
    assert flanks(pf(picture, tokens={"A": {"reach": 10}}), "B") == (True, ("A",))


def test_pf2e_flankers_must_act_and_fight_in_melee() -> None:
    picture = ".AtB."
    assert flanks(pf(picture, tokens={"B": {"attacks": [BOW]}}), "A") == (False, ())
    assert flanks(pf(picture, tokens={"B": {"attacks": [BOW, SWORD]}}), "A") == (True, ("B",))
    assert flanks(pf(picture, tokens={"B": {"attacks": []}}), "A") == (True, ("B",))  # unarmed
    for condition in ("unconscious", "dying 1", "paralyzed", "stunned 1", "petrified", "restrained"):
        assert flanks(pf(picture, tokens={"B": {"conditions": [condition]}}), "A") == (False, ()), condition
        assert flanks(pf(picture, tokens={"A": {"conditions": [condition]}}), "A") == (False, ()), condition
    assert flanks(pf(picture, tokens={"B": {"conditions": ["frightened 2", "off-guard"]}}), "A") == (
        True,
        ("B",),
    )
    assert flanks(pf(picture, tokens={"B": {"hp": 0}}), "A") == (False, ())


def test_pf2e_a_wall_between_a_flanker_and_the_enemy_breaks_flanking() -> None:
    picture = ".AtB."
    assert flanks(pf(picture, walls=[wall((3, -1), (3, 2))]), "A") == (False, ())
    assert flanks(pf(picture, walls=[wall((3, -1), (3, 2), "low")]), "A") == (True, ("B",))
    assert flanks(pf(picture, walls=[wall((3, -1), (3, 2), "door", open=True)]), "A") == (True, ("B",))


def test_flankers_must_be_hostile_to_the_target() -> None:
    s = pf(".AtB.", sides={"t": "party"})
    assert flanks(s, "A") == (False, ())


def test_can_flank_and_melee_reach() -> None:
    s = pf(".AtB.", tokens={"A": {"attacks": [BOW]}, "B": {"attacks": [GLAIVE, SWORD], "reach": 10}})
    assert not can_flank(s, tok(s, "A")) and melee_reach(tok(s, "A")) is None
    assert can_flank(s, tok(s, "B")) and melee_reach(tok(s, "B")) == 15
    assert melee_reach(tok(s, "t")) == 5


# ---------------------------------------------------------------------------------------------- 5e


def five(picture: str, rule: bool = True, **kwargs: object) -> Scene:
    return ascii_scene(picture, "dnd5e-2014", options={"flanking": rule}, **kwargs)  # type: ignore[arg-type]


def test_dnd_flanking_is_an_optional_rule() -> None:
    assert flanks(five(".AtB.", rule=False), "A") == (False, ())
    assert flanks(five(".AtB."), "A") == (True, ("B",))
    assert flanks(ascii_scene(".AtB.", "dnd5e-2024", options={"flanking": True}), "A") == (True, ("B",))


def test_dnd_flankers_must_be_adjacent() -> None:
    far = five(
        """
        .A.
        ...
        .t.
        .B.
        """,
        tokens={
            "A": {"attacks": [{"name": "glaive", "bonus": 5, "damage": "1d10", "properties": ["reach"]}]}
        },
    )
    assert flanks(far, "B") == (False, ())
    corners = five(
        """
        A..
        .t.
        ..B
        """
    )
    assert flanks(corners, "A") == (True, ("B",))


def test_dnd_a_large_flanker_counts_from_any_adjacent_square() -> None:
    # L's square [1, 2] sits left of t; the line from its centre to B's meets t's left and right edges.
    s = five(
        """
        .....
        LL...
        LLtB.
        .....
        """,
        sizes={"L": "large"},
    )
    assert flanks(s, "L") == (True, ("B",))
    assert flanks(s, "B") == (True, ("L",))
    r = flanking(s, tok(s, "L"), tok(s, "t"))
    assert r.lines == ((Point(1.5, 2.5), Point(3.5, 2.5)),)


def test_dnd_flankers_must_see_the_enemy_and_not_be_incapacitated() -> None:
    picture = ".AtB."
    assert flanks(five(picture, tokens={"B": {"conditions": ["blinded"]}}), "A") == (False, ())
    assert flanks(five(picture, tokens={"t": {"conditions": ["invisible"]}}), "A") == (False, ())
    for condition in ("incapacitated", "unconscious", "paralyzed", "stunned", "petrified"):
        assert flanks(five(picture, tokens={"B": {"conditions": [condition]}}), "A") == (False, ()), condition
    # A solid wall between a flanker and the enemy blocks sight; a window doesn't.
    assert flanks(five(picture, walls=[wall((3, -1), (3, 2))]), "A") == (False, ())
    assert flanks(five(picture, walls=[wall((3, -1), (3, 2), "window")]), "A") == (True, ("B",))
    # In 5e any creature can fight unarmed: an archer still flanks.
    bow = {"name": "shortbow", "bonus": 5, "damage": "1d6", "properties": [], "range": [80, 320]}
    assert flanks(five(picture, tokens={"B": {"attacks": [bow]}}), "A") == (True, ("B",))


def test_result_is_frozen() -> None:
    r = FlankResult(True, ("B",), ())
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.flanking = False  # type: ignore[misc]


# -------------------------------------------------------------------------------------- properties

positions = st.tuples(st.integers(0, 8), st.integers(0, 8))
sizes = st.sampled_from(["medium", "large"])


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(["pf2e", "dnd5e-2014"]), positions, sizes, positions, sizes, positions, sizes)
def test_flanking_is_symmetric_between_the_two_flankers(
    system: str,
    a: tuple[int, int],
    a_size: str,
    b: tuple[int, int],
    b_size: str,
    t: tuple[int, int],
    t_size: str,
) -> None:
    side = {"medium": 1, "large": 2}
    boxes = [(a, side[a_size]), (b, side[b_size]), (t, side[t_size])]
    for i, (p, n) in enumerate(boxes):
        for q, m in boxes[i + 1 :]:
            if p[0] < q[0] + m and q[0] < p[0] + n and p[1] < q[1] + m and q[1] < p[1] + n:
                return
    s = scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": system,
            "options": {"flanking": True},
            "grid": {"width": 10, "height": 10},
            "tokens": [
                {"id": "A", "cell": list(a), "size": a_size, "side": "party"},
                {"id": "B", "cell": list(b), "size": b_size, "side": "party"},
                {"id": "t", "cell": list(t), "size": t_size, "side": "enemies"},
            ],
        }
    )
    ab = flanking(s, tok(s, "A"), tok(s, "t"))
    ba = flanking(s, tok(s, "B"), tok(s, "t"))
    assert ab.flanking == ba.flanking
    assert ab.with_ids == (("B",) if ab.flanking else ())
    assert ba.with_ids == (("A",) if ba.flanking else ())


@settings(max_examples=200, deadline=None)
@given(
    st.tuples(st.integers(-6, 12), st.integers(-6, 12)),
    st.tuples(st.integers(-6, 12), st.integers(-6, 12)),
    st.integers(1, 3),
)
def test_the_line_test_does_not_depend_on_direction(p: tuple[int, int], q: tuple[int, int], n: int) -> None:
    a, b = Point(p[0] / 2, p[1] / 2), Point(q[0] / 2, q[1] / 2)
    assert through_opposite_sides(a, b, (1, 1), n) == through_opposite_sides(b, a, (1, 1), n)
