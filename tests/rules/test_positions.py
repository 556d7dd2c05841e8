"""Prone and positions (issue 16 §5): Drop Prone, Stand, Crawl, squeezing, tiny creatures sharing squares."""

from __future__ import annotations

import pytest

from rules.geometry.movement import path_cost, reachable
from rules.model.scene import Cell, Scene, Token
from rules.systems.dnd5e import movement_actions as dnd
from rules.systems.pf2e import movement_actions as pf2e
from tests.rules.ascii_maps import ascii_scene


def tok(scene: Scene, tid: str) -> Token:
    t = scene.token(tid)
    assert t is not None
    return t


def test_pf2e_drop_prone_stand_and_crawl() -> None:
    t = Token("t", Cell(0, 0), speed=25)
    prone = pf2e.drop_prone(t)
    assert prone.has_condition("prone")
    assert pf2e.crawl_feet(prone) == 5
    assert pf2e.crawl_feet(t) == 0  # only while prone
    assert pf2e.crawl_feet(Token("s", Cell(0, 0), speed=5, conditions=("prone",))) == 0  # Speed < 10
    assert not pf2e.stand(prone).has_condition("prone")


@pytest.mark.parametrize(("speed", "cost"), [(30, 15), (25, 12), (0, 0)])
def test_5e_standing_costs_half_speed(speed: int, cost: int) -> None:
    assert dnd.stand_cost(speed) == cost


def test_5e_standing_needs_the_movement_left() -> None:
    assert dnd.can_stand(30, 15)
    assert not dnd.can_stand(30, 10)
    assert not dnd.can_stand(0, 30)


def test_5e_crawling_and_squeezing_cost_double() -> None:
    assert dnd.crawl_cost(10) == 20
    assert dnd.crawl_cost(10, difficult=True) == 30
    assert dnd.squeeze_cost(15) == 30
    big = Token("ogre", Cell(0, 0), size="large")
    assert dnd.can_squeeze(big, "medium")
    assert not dnd.can_squeeze(big, "small")
    assert dnd.start_squeezing(big).has_condition("squeezing")
    assert not dnd.stop_squeezing(dnd.start_squeezing(big)).has_condition("squeezing")


def test_5e_drop_prone_needs_a_speed() -> None:
    with pytest.raises(ValueError, match="Speed of 0"):
        dnd.drop_prone(Token("t", Cell(0, 0)), speed=0)
    assert dnd.drop_prone(Token("t", Cell(0, 0)), speed=30).has_condition("prone")


@pytest.mark.parametrize("system", ["dnd5e-2014", "dnd5e-2024"])
def test_5e_tiny_creatures_share_a_square_four_to_a_square(system: str) -> None:
    sizes = {k: "tiny" for k in "Abcd"}
    s = ascii_scene("A.b", system, sizes=sizes, sides={"b": "party"})
    assert Cell(2, 0) in reachable(s, tok(s, "A"), 30)

    # Three tiny creatures already there: room for one more; four fill the square.
    def tiny(tid: str) -> Token:
        return Token(tid, Cell(2, 0), size="tiny", side="party")

    three = s.edit(tokens=(*s.tokens, tiny("c"), tiny("d")))
    assert Cell(2, 0) in reachable(three, tok(three, "A"), 30)
    four = s.edit(tokens=(*s.tokens, tiny("c"), tiny("d"), tiny("e")))
    assert Cell(2, 0) not in reachable(four, tok(four, "A"), 30)
    # A medium creature can't end in a tiny creature's square in 5e.
    medium = ascii_scene("A.b", system, sizes={"b": "tiny"}, sides={"b": "party"})
    assert Cell(2, 0) not in reachable(medium, tok(medium, "A"), 30)
    # A tiny creature can't share a square with a larger one.
    big = ascii_scene("A.b", system, sizes={"A": "tiny"}, sides={"b": "party"})
    assert Cell(2, 0) not in reachable(big, tok(big, "A"), 30)


def test_5e_tiny_squares_are_not_difficult_terrain_for_tiny_movers() -> None:
    sizes = {"A": "tiny", "b": "tiny"}
    s = ascii_scene("Ab.", "dnd5e-2014", sizes=sizes)  # b hostile, but there's room in its square
    assert path_cost(s, tok(s, "A"), [Cell(0, 0), Cell(1, 0), Cell(2, 0)]).feet == 10


def test_pf2e_anyone_may_end_in_a_tiny_creatures_square() -> None:
    s = ascii_scene("A.b", sizes={"b": "tiny"})
    assert Cell(2, 0) in reachable(s, tok(s, "A"), 25)
    s2 = ascii_scene("A.b", sizes={"A": "tiny"})
    assert Cell(2, 0) in reachable(s2, tok(s2, "A"), 25)
    # Two medium creatures never share.
    s3 = ascii_scene("A.b", sides={"b": "party"})
    assert Cell(2, 0) not in reachable(s3, tok(s3, "A"), 25)


@pytest.mark.parametrize("system", ["dnd5e-2014", "dnd5e-2024"])
def test_5e_crawling_costs_double_and_triple_in_difficult_terrain(system: str) -> None:
    standing = ascii_scene("A.~.", system)
    prone = ascii_scene("A.~.", system, tokens={"A": {"conditions": ["prone"]}})
    path = [Cell(0, 0), Cell(1, 0), Cell(2, 0), Cell(3, 0)]
    assert path_cost(standing, tok(standing, "A"), path).steps == (5, 10, 5)
    assert path_cost(prone, tok(prone, "A"), path).steps == (10, 15, 10)
    assert reachable(prone, tok(prone, "A"), 35)[Cell(3, 0)] == 35
    assert Cell(3, 0) not in reachable(prone, tok(prone, "A"), 30)


def test_pf2e_sharing_a_square_with_a_prone_creature() -> None:
    # Willing (an ally) and prone, or unconscious / dead, and no larger than the mover: it may end there.
    for fields, sides, ok in [
        ({"conditions": ["prone"]}, {"b": "party"}, True),
        ({"conditions": ["prone"]}, {}, False),  # a prone foe that is awake is unwilling
        ({"conditions": ["unconscious"]}, {}, True),
        ({"conditions": ["dead"]}, {}, True),
        ({"hp": 0}, {}, True),
    ]:
        s = ascii_scene("A.b", tokens={"b": fields}, sides=sides)
        assert (Cell(2, 0) in reachable(s, tok(s, "A"), 25)) is ok, (fields, sides)
    # A larger fallen creature can't be shared.
    big = ascii_scene("A.bb\n..bb", tokens={"b": {"conditions": ["unconscious"]}}, sizes={"b": "large"})
    assert Cell(2, 0) not in reachable(big, tok(big, "A"), 25)
    # 5e doesn't share: a creature never ends in another's space.
    five = ascii_scene("A.b", "dnd5e-2014", tokens={"b": {"conditions": ["unconscious"]}})
    assert Cell(2, 0) not in reachable(five, tok(five, "A"), 30)


def test_5e_squeezing_costs_double_in_the_path_search() -> None:
    squeezing = ascii_scene("A...", "dnd5e-2014", tokens={"A": {"conditions": ["squeezing"]}})
    path = [Cell(0, 0), Cell(1, 0), Cell(2, 0)]
    assert path_cost(squeezing, tok(squeezing, "A"), path).steps == (10, 10)
    both = ascii_scene("A...", "dnd5e-2024", tokens={"A": {"conditions": ["squeezing", "prone"]}})
    assert path_cost(both, tok(both, "A"), path).steps == (15, 15)
    # PF2e has no such cost (a prone creature Crawls 5 ft as an action instead).
    pf = ascii_scene("A...", tokens={"A": {"conditions": ["squeezing", "prone"]}})
    assert path_cost(pf, tok(pf, "A"), path).steps == (5, 5)


def test_5e_squeezing_gives_disadvantage_on_dex_saves_through_the_save_query() -> None:
    from rules.queries import load_all

    save = load_all()["save"]
    s = ascii_scene(
        "A", "dnd5e-2014", tokens={"A": {"conditions": ["squeezing"], "abilities": {"dex": 14, "str": 10}}}
    )
    answer = save(s, {"q": "save", "token": "A", "save": "dex", "d20": [15, 4], "dc": 10})
    assert answer["mode"] == "disadvantage" and answer["d20_used"] == 4
    assert "disadvantage: squeezing" in answer["reasons"]
    other = save(s, {"q": "save", "token": "A", "save": "str", "d20": [15, 4], "dc": 10})
    assert other["mode"] == "normal"
