"""The ruler: feet along waypoints, the diagonal count chained across legs by the scene's rules."""

from __future__ import annotations

from rules.model.scene import Options, new_scene
from rules.play.measure import Anchor, measure


def cell(x: int, y: int) -> Anchor:
    return Anchor("cell", x, y)


def test_the_alternating_count_carries_into_the_next_leg() -> None:
    scene = new_scene("pf2e", 10, 10)
    # one diagonal (5 ft), then one more in the next leg: the second diagonal of the ruler costs 10 ft
    m = measure(scene, [cell(0, 0), cell(1, 1), cell(2, 2)])
    assert m.legs == (5, 10) and m.feet == 15 and m.diagonals == 2 and m.squares == 2


def test_5e_counts_what_the_scene_chose() -> None:
    five = new_scene("dnd5e-2024", 10, 10)
    assert measure(five, [cell(0, 0), cell(1, 1), cell(2, 2)]).feet == 10
    alternating = five.edit(options=Options("alternating", False, "half"))
    assert measure(alternating, [cell(0, 0), cell(1, 1), cell(2, 2)]).feet == 15


def test_a_token_is_measured_from_the_nearest_square_of_its_space() -> None:
    scene = new_scene("dnd5e-2014", 10, 10)
    ogre = Anchor("token", 0, 0, side=2, token_id="ogre")
    assert measure(scene, [ogre, cell(4, 0)]).feet == 15  # from [1, 0]: 3 squares
