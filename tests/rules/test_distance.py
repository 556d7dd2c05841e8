"""Distance: the alternating and five-foot counts, nearest squares of two spaces, and the `distance` query."""

from __future__ import annotations

import pytest

from rules.cli import answer
from rules.geometry.distance import offset_feet, space_distance
from tests.rules.ascii_maps import ascii_scene


@pytest.mark.parametrize(
    ("dx", "dy", "feet"),
    [
        (0, 0, 0),
        (1, 0, 5),
        (1, 1, 5),  # first diagonal 5
        (2, 2, 15),  # 5 + 10
        (3, 3, 20),  # 5 + 10 + 5
        (4, 4, 30),  # the rulebook's example: four diagonals = 30 ft
        (5, 2, 30),  # 3 straight + 2 diagonals (5 + 10)
        (-7, 3, 40),  # 4 straight + 3 diagonals (5 + 10 + 5)
        (0, -6, 30),
    ],
)
def test_alternating_count(dx: int, dy: int, feet: int) -> None:
    assert offset_feet(dx, dy, "alternating") == feet
    assert offset_feet(dy, dx, "alternating") == feet


@pytest.mark.parametrize(("dx", "dy", "feet"), [(1, 1, 10), (2, 2, 15), (3, 3, 25), (3, 1, 20)])
def test_alternating_count_with_an_odd_diagonal_before(dx: int, dy: int, feet: int) -> None:
    assert offset_feet(dx, dy, "alternating", diagonals_before=1) == feet
    assert offset_feet(dx, dy, "alternating", diagonals_before=3) == feet
    assert offset_feet(dx, dy, "alternating", diagonals_before=2) == offset_feet(dx, dy, "alternating")


@pytest.mark.parametrize(("dx", "dy", "feet"), [(1, 1, 5), (4, 4, 20), (5, 2, 25), (0, 3, 15)])
def test_five_foot_count(dx: int, dy: int, feet: int) -> None:
    assert offset_feet(dx, dy, "five") == feet
    assert offset_feet(dx, dy, "five", diagonals_before=1) == feet


def test_space_distance_counts_from_the_nearest_squares() -> None:
    # medium at [0, 0], adjacent medium → 5; overlapping → 0
    assert space_distance((0, 0), 1, (1, 1), 1, "alternating") == 5
    assert space_distance((0, 0), 1, (0, 0), 1, "alternating") == 0
    # a Large space [2..3] x [2..3] and a medium at [6, 3]: nearest squares [3, 3] and [6, 3] → 3 squares
    assert space_distance((2, 2), 2, (6, 3), 1, "alternating") == 15
    # large at [0, 0] and a cell at [4, 4]: nearest square [1, 1] → offset (3, 3) → 20 ft alternating
    assert space_distance((0, 0), 2, (4, 4), 1, "alternating") == 20
    assert space_distance((0, 0), 2, (4, 4), 1, "five") == 15
    # a Large creature adjacent to a medium one, diagonally touching
    assert space_distance((0, 0), 2, (2, 2), 1, "five") == 5


MAP = """
    A.........
    ..~~~~....
    ..#####...
    ......bb..
    ......bb..
"""


def q(scene_text: str = MAP, system: str = "pf2e", **query: object) -> dict[str, object]:
    scene = ascii_scene(scene_text, system, sizes={"b": "large"} if "b" in scene_text else None)
    return answer(scene, {"q": "distance", **query})


def test_distance_query_between_tokens_ignores_terrain_and_is_symmetric() -> None:
    # A at [0, 0]; large b at [6, 3] (nearest square [6, 3]): offset (6, 3) → 6 + 1 = 7 squares = 35 ft,
    # though the wall of impassable squares and the difficult terrain lie in between
    assert q(**{"from": "A", "to": "b"}) == {"feet": 35}
    assert q(**{"from": "b", "to": "A"}) == {"feet": 35}
    assert q(**{"from": "b", "to": [9, 0]}) == {"feet": 20}  # from b's square [7, 3]: offset (2, 3)


def test_distance_query_with_cells_and_systems() -> None:
    assert q(**{"from": [0, 0], "to": [4, 4]}) == {"feet": 30}
    assert q(system="dnd5e-2014", **{"from": [0, 0], "to": [4, 4]}) == {"feet": 20}
    assert q(system="dnd5e-2024", **{"from": "A", "to": [1, 0]}) == {"feet": 5}
    assert q(**{"from": "A", "to": [0, 0]}) == {"feet": 0}


def test_distance_with_the_optional_alternating_rule_in_5e() -> None:
    scene = ascii_scene(MAP, "dnd5e-2014", sizes={"b": "large"}, options={"diagonals": "alternating"})
    assert answer(scene, {"q": "distance", "from": [0, 0], "to": [4, 4]}) == {"feet": 30}


@pytest.mark.parametrize(
    ("query", "prefix"),
    [
        ({"to": "A"}, "missing field: "),
        ({"from": "A"}, "missing field: "),
        ({"from": "zed", "to": "A"}, "unknown token: "),
        ({"from": [0, 0], "to": [10, 0]}, "bad value: "),
        ({"from": [0, 0], "to": [1.5, 0]}, "bad value: "),
        ({"from": 3, "to": "A"}, "bad value: "),
    ],
)
def test_distance_errors(query: dict[str, object], prefix: str) -> None:
    result = q(**query)
    assert set(result) == {"error"}
    assert str(result["error"]).startswith(prefix)
