"""Placed areas: values, their file codec, ids and colours, and durations (`rules.model.areas`,
`rules.io.state_json`)."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.geometry.areas import AreaSpec
from rules.geometry.coords import Point
from rules.io.state_json import (
    area_from_json,
    area_to_json,
    state_from_document,
    state_from_json,
    state_to_document,
)
from rules.model.areas import (
    PALETTE,
    PlacedArea,
    area_by_id,
    next_area_id,
    next_colour,
    tick_areas,
    with_area,
    without_area,
)
from rules.model.state import GameState
from tests.rules.ascii_maps import ascii_scene

BOARD = """
    A.....
    ......
    ....b.
"""


def burst(aid: str = "area-1", **kw: object) -> PlacedArea:
    return PlacedArea(aid, AreaSpec("burst", 10, origin=Point(3, 1)), **kw)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------- values


def test_placed_area_is_frozen() -> None:
    a = burst()
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.label = "x"  # type: ignore[misc]


def test_an_areas_height_is_saved() -> None:
    high = PlacedArea("a", AreaSpec("burst", 10, origin=Point(3, 1), elevation=30))
    assert area_to_json(high)["elevation"] == 30
    assert area_from_json(area_to_json(high)) == high
    with pytest.raises(ValueError, match=re.escape("areas[0].elevation")):
        area_from_json({**area_to_json(high), "elevation": "high"}, "areas[0]")


def test_title_falls_back_to_a_description() -> None:
    assert burst().title == "10-ft burst"
    assert burst(label="Fireball").title == "Fireball"
    line = PlacedArea("l", AreaSpec("line", 60, origin=Point(0, 0), direction=0, width=10))
    assert line.title == "60-ft line (10 ft wide)"


# -------------------------------------------------------------------------------------------- codec

points = st.builds(
    Point,
    st.integers(-5, 50).map(float) | st.floats(-5, 50, allow_nan=False).map(lambda v: round(v, 3)),
    st.integers(-5, 50).map(float),
)
specs = st.one_of(
    st.builds(
        AreaSpec, st.sampled_from(["burst", "sphere", "cylinder", "cube"]), st.integers(0, 200), points
    ),
    st.builds(
        AreaSpec,
        st.just("emanation"),
        st.integers(0, 60),
        st.none(),
        st.none(),
        st.just(5),
        st.sampled_from(["A", "b"]),
        st.booleans(),
    ),
    st.builds(
        AreaSpec,
        st.sampled_from(["cone", "line"]),
        st.integers(5, 300),
        points | st.none(),
        st.integers(0, 359).map(float),
        st.sampled_from([5, 10, 15]),
        st.just("A"),
        st.booleans(),
        st.sampled_from([None, "half", "touch", "token"]),
    ),
)


@given(
    spec=specs,
    label=st.text(max_size=12),
    colour=st.sampled_from(PALETTE),
    rounds=st.none() | st.integers(0, 10),
    damage=st.sampled_from(["", "6d6 fire", "2d8+3 cold"]),
    dc=st.none() | st.integers(5, 40),
)
def test_json_round_trip(
    spec: AreaSpec, label: str, colour: str, rounds: int | None, damage: str, dc: int | None
) -> None:
    area = PlacedArea("area-7", spec, label, colour, rounds, rounds or None, None, damage, "reflex", dc)
    text = json.dumps(area_to_json(area))
    assert area_from_json(json.loads(text)) == area


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"id": "a", "shape": "blob", "feet": 5, "origin": [0, 0]}, "shape"),
        ({"id": "a", "shape": "burst", "feet": -5, "origin": [0, 0]}, "feet"),
        ({"id": "a", "shape": "burst", "feet": "x", "origin": [0, 0]}, "feet"),
        ({"id": "a", "shape": "burst", "feet": 5}, "origin"),
        ({"id": "a", "shape": "cone", "feet": 15, "origin": [0, 0]}, "direction"),
        ({"id": "a", "shape": "emanation", "feet": 10}, "token"),
        ({"id": "a", "shape": "burst", "feet": 5, "origin": [0, 0], "colour": "red"}, "colour"),
        ({"shape": "burst", "feet": 5, "origin": [0, 0]}, "id"),
        ({"id": "a", "shape": "burst", "feet": 5, "origin": [0, "y"]}, "origin[1]"),
    ],
)
def test_bad_entries_name_their_field(raw: dict[str, object], field: str) -> None:
    with pytest.raises(ValueError, match=re.escape(f"areas[0].{field}")):
        area_from_json(raw, "areas[0]")


def test_read_areas_keeps_the_good_ones_and_reports_the_rest() -> None:
    good = area_to_json(burst())
    read = state_from_json({"areas": [good, {"id": "bad", "shape": "burst"}, good]}, ascii_scene(BOARD))
    assert [a.id for a in read.state.areas] == ["area-1"]
    assert len(read.problems) == 2
    assert "areas[1]" in read.problems[0]
    assert "used twice" in read.problems[1]


def test_not_a_list_is_a_problem_not_a_crash() -> None:
    read = state_from_json({"areas": {"id": "x"}}, ascii_scene(BOARD))
    assert read.state.areas == ()
    assert read.problems


# ------------------------------------------------------------------------------------------- states


def test_add_and_remove_leave_the_rest_alone() -> None:
    areas = with_area((), burst())
    assert areas == (burst(),)
    assert area_by_id(areas, "area-1") == burst()
    assert without_area(areas, "area-1") == ()


def test_adding_an_existing_id_replaces_it_in_place() -> None:
    areas = with_area(with_area((), burst("area-1")), burst("area-2"))
    areas = with_area(areas, burst("area-1", label="Bigger"))
    assert [(a.id, a.label) for a in areas] == [("area-1", "Bigger"), ("area-2", "")]


def test_areas_survive_saving_the_scene() -> None:
    state = GameState(ascii_scene(BOARD), areas=(burst(label="Fireball", damage="6d6 fire", dc=21),))
    doc = json.loads(json.dumps(state_to_document(state)))
    assert doc["areas"][0]["label"] == "Fireball"
    again = state_from_document(doc)
    assert again.state == state and again.problems == ()
    assert "areas" not in again.state.scene.extra


def test_next_id_and_colour() -> None:
    assert next_area_id(()) == "area-1"
    assert next_colour(()) == PALETTE[0]
    areas = (burst("area-4", colour=PALETTE[2]),)
    assert next_area_id(areas) == "area-5"
    assert next_colour(areas) == PALETTE[3]


# --------------------------------------------------------------------------------------- durations


def test_an_owned_area_counts_down_at_its_owners_turn() -> None:
    a = PlacedArea("a", AreaSpec("emanation", 10, token_id="A"), rounds_left=2)
    order = ["A", "b"]
    same, ended = tick_areas((a,), "b", False, order)
    assert same == (a,) and ended == ()
    once, ended = tick_areas((a,), "A", False, order)
    assert once[0].rounds_left == 1 and ended == ()
    twice, ended = tick_areas(once, "A", True, order)
    assert twice == () and ended == (dataclasses.replace(a, rounds_left=1),)


def test_an_area_without_an_owner_in_the_order_counts_at_each_new_round() -> None:
    areas = (burst(rounds_left=1),)
    kept, ended = tick_areas(areas, "A", False, ["A", "b"])
    assert ended == () and kept == areas
    gone, ended = tick_areas(areas, "A", True, ["A", "b"])
    assert gone == () and [e.id for e in ended] == ["area-1"]


def test_lasting_areas_never_count_down() -> None:
    after, ended = tick_areas((burst(),), "A", True, ["A"])
    assert after == (burst(),) and ended == ()
