"""Maneuvers: PF2e Athletics/Acrobatics actions and Escape; 5e 2014 contests and 2024 Unarmed Strike saves;
the `maneuver` query; Shove's forced movement."""

from __future__ import annotations

from typing import Any

import pytest

from rules.cli import answer
from rules.geometry.coords import Cell
from rules.io.scene_json import scene_from_json
from rules.systems.dnd5e import maneuvers as dnd
from rules.systems.dnd5e.editions import DND5E_2014, DND5E_2024
from rules.systems.forced_movement import away_direction, push
from rules.systems.pf2e import maneuvers as pf2e


def doc(system: str, *tokens: dict[str, Any], walls: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "format": "fivefoot.scene",
        "version": 1,
        "system": system,
        "grid": {"width": 10, "height": 10},
        "walls": walls or [],
        "tokens": list(tokens),
    }


def pf_actor(**kw: Any) -> dict[str, Any]:
    t = {"id": "a", "cell": [2, 2], "side": "party", "skills": {"athletics": 8, "acrobatics": 4}}
    t.update(kw)
    return t


def pf_target(**kw: Any) -> dict[str, Any]:
    t = {"id": "t", "cell": [3, 2], "side": "enemy", "saves": {"fortitude": 7, "reflex": 5, "will": 3}}
    t.update({"skills": {"athletics": 6}})
    t.update(kw)
    return t


def ask(d: dict[str, Any], **q: Any) -> dict[str, Any]:
    return answer(scene_from_json(d), {"q": "maneuver", **q})


def prefix(r: dict[str, Any]) -> str:
    return str(r.get("error", "")).split(":")[0]


# ------------------------------------------------------------------------------------------------ PF2e


@pytest.mark.parametrize(
    ("d20", "degree", "effects"),
    [
        (17, "critical-success", ["t prone", "t takes 1d6 bludgeoning"]),  # 25 vs DC 15
        (7, "success", ["t prone"]),  # 15
        (6, "failure", []),  # 14
        (1, "critical-failure", ["a prone"]),  # 9: failure, lowered by the natural 1
    ],
)
def test_trip_degrees_against_the_reflex_dc(d20: int, degree: str, effects: list[str]) -> None:
    r = ask(doc("pf2e", pf_actor(), pf_target()), actor="a", target="t", action="trip", d20=d20)
    assert (r["dc"], r["degree"], r["effects"]) == (15, degree, effects)
    assert r["total"] == d20 + 8


def test_grapple_and_shove_use_fortitude_and_the_attack_trait_counts_for_map() -> None:
    d = doc("pf2e", pf_actor(), pf_target())
    r = ask(d, actor="a", target="t", action="grapple", d20=9, attack_number=1)
    assert (r["dc"], r["total"], r["effects"]) == (17, 17, ["t grabbed"])
    r = ask(d, actor="a", target="t", action="grapple", d20=9, attack_number=2)
    assert r["total"] == 12 and r["degree"] == "failure" and r["effects"] == []
    r = ask(d, actor="a", target="t", action="grapple", d20=19, attack_number=3)
    assert r["total"] == 17
    assert ask(d, actor="a", target="t", action="grapple", d20=19)["effects"] == ["t restrained"]
    assert ask(d, actor="a", target="t", action="shove", d20=19)["effects"] == ["t pushed 10 ft"]
    assert ask(d, actor="a", target="t", action="shove", d20=10)["effects"] == ["t pushed 5 ft"]
    assert ask(d, actor="a", target="t", action="shove", d20=1)["effects"] == ["a prone"]
    # Tumble Through has no attack trait: no MAP
    assert ask(d, actor="a", target="t", action="tumble-through", d20=10, attack_number=3)["total"] == 14


def test_the_targets_penalties_lower_its_dc_and_the_actors_lower_its_total() -> None:
    d = doc("pf2e", pf_actor(conditions=["enfeebled 2"]), pf_target(conditions=["frightened 1", "clumsy 2"]))
    trip = ask(d, actor="a", target="t", action="trip", d20=10)
    assert trip["dc"] == 10 + 5 - 2 and trip["total"] == 10 + 8 - 2
    grapple = ask(d, actor="a", target="t", action="grapple", d20=10)
    assert grapple["dc"] == 10 + 7 - 1


def test_grapple_failure_releases_a_held_target_and_disarm_critical_failure() -> None:
    d = doc("pf2e", pf_actor(), pf_target(conditions=["grabbed"]))
    assert ask(d, actor="a", target="t", action="grapple", d20=5)["effects"] == ["t released"]
    assert ask(d, actor="a", target="t", action="disarm", d20=1)["effects"] == ["a off-guard"]
    assert ask(d, actor="a", target="t", action="disarm", d20=15)["effects"] == []


def test_escape_uses_the_better_skill_against_the_grapplers_athletics_dc() -> None:
    d = doc("pf2e", pf_actor(conditions=["grabbed"], skills={"athletics": 3, "acrobatics": 9}), pf_target())
    r = ask(d, actor="a", target="t", action="escape", d20=7)
    assert (r["total"], r["dc"], r["effects"]) == (16, 16, ["a released"])
    r = ask(d, actor="a", target="t", action="escape", d20=7, attack_number=2)
    assert r["effects"] == []


def test_pf2e_errors() -> None:
    far = pf_target(id="far", cell=[2, 5])
    huge = pf_target(id="huge", cell=[3, 3], size="huge")
    d = doc("pf2e", pf_actor(), pf_target(), far, huge, {"id": "bare", "cell": [1, 2], "side": "enemy"})
    assert prefix(ask(d, actor="a", target="far", action="grapple", d20=15)) == "out of reach"
    assert prefix(ask(d, actor="a", target="huge", action="trip", d20=15)) == "bad value"
    assert prefix(ask(d, actor="a", target="t", action="fly", d20=15)) == "bad value"
    assert prefix(ask(d, actor="a", target="bare", action="trip", d20=15)) == "missing field"
    assert prefix(ask(d, actor="bare", target="a", action="trip", d20=15)) == "missing field"
    assert prefix(ask(d, actor="a", target="t", action="trip")) == "missing field"
    assert prefix(ask(d, actor="a", target="a", action="trip", d20=3)) == "bad value"


def test_outcome_object_carries_the_changes() -> None:
    scene = scene_from_json(doc("pf2e", pf_actor(), pf_target()))
    a, t = scene.token("a"), scene.token("t")
    assert a is not None and t is not None
    out = pf2e.maneuver(a, t, "grapple", 19, scene=scene)
    assert [(c.token_id, c.condition, c.add) for c in out.changes] == [
        ("t", "grabbed", False),
        ("t", "restrained", True),
    ]
    shove = pf2e.maneuver(a, t, "shove", 19, scene=scene)
    assert shove.push is not None and shove.push.destination == Cell(5, 2) and shove.push.moved_feet == 10


# -------------------------------------------------------------------------------------------- forced movement


def test_push_goes_straight_away_and_stops_at_walls_and_creatures() -> None:
    a = {"id": "a", "cell": [2, 2], "side": "p"}
    t = {"id": "t", "cell": [3, 3], "side": "e"}
    scene = scene_from_json(doc("pf2e", a, t))
    ta, tt = scene.token("a"), scene.token("t")
    assert ta is not None and tt is not None
    assert away_direction(ta, tt) == (1, 1)
    assert push(scene, ta, tt, 10).path == (Cell(3, 3), Cell(4, 4), Cell(5, 5))
    walled = scene_from_json(doc("pf2e", a, t, walls=[{"a": [5, 0], "b": [5, 10]}]))
    ta, tt = walled.token("a"), walled.token("t")
    assert ta is not None and tt is not None
    p = push(walled, ta, tt, 10)
    assert p.destination == Cell(4, 4) and p.moved_feet == 5 and p.stopped_by
    blocked = scene_from_json(doc("pf2e", a, t, {"id": "x", "cell": [4, 4], "side": "e"}))
    ta, tt = blocked.token("a"), blocked.token("t")
    assert ta is not None and tt is not None
    p = push(blocked, ta, tt, 5)
    assert p.moved_feet == 0 and "x" in (p.stopped_by or "")


# -------------------------------------------------------------------------------------------------- 5e


def five(id_: str, cell: list[int], **kw: Any) -> dict[str, Any]:
    t = {"id": id_, "cell": cell, "side": "party" if id_ == "a" else "enemy", "proficiency_bonus": 2}
    t["abilities"] = {"str": 16, "dex": 14, "con": 12, "int": 10, "wis": 10, "cha": 10}
    t.update(kw)
    return t


def test_2014_grapple_is_a_contest_the_tie_fails() -> None:
    d = doc(
        "dnd5e-2014", five("a", [2, 2], skills={"athletics": 5}), five("t", [3, 2], skills={"acrobatics": 4})
    )
    # target: the better of Athletics (+3) and Acrobatics (+4)
    assert ask(d, actor="a", target="t", action="grapple", d20=12, target_d20=13) == {
        "success": False,
        "effects": [],
    }
    assert ask(d, actor="a", target="t", action="grapple", d20=13, target_d20=13) == {
        "success": True,
        "effects": ["t grappled"],
    }
    assert ask(d, actor="a", target="t", action="shove", d20=13, target_d20=3)["effects"] == ["t pushed 5 ft"]
    assert ask(d, actor="a", target="t", action="shove", d20=13, target_d20=3, shove="prone")["effects"] == [
        "t prone"
    ]
    # escape: the grappled actor's better skill against the grappler's Athletics (str +3 here)
    d2 = doc(
        "dnd5e-2014", five("a", [2, 2], conditions=["grappled"], skills={"acrobatics": 6}), five("t", [3, 2])
    )
    assert ask(d2, actor="a", target="t", action="escape", d20=10, target_d20=12)["effects"] == ["a released"]
    assert ask(d2, actor="a", target="t", action="escape", d20=10, target_d20=13)["success"] is False


def test_2024_unarmed_strike_is_the_targets_save() -> None:
    d = doc("dnd5e-2024", five("a", [2, 2]), five("t", [3, 2], saves={"str": 1, "dex": 3}))
    # DC 8 + 3 + 2 = 13; the target saves with its better Dex +3
    assert ask(d, actor="a", target="t", action="shove", target_d20=10)["success"] is False
    assert ask(d, actor="a", target="t", action="shove", d20=20, target_d20=9)["effects"] == ["t pushed 5 ft"]
    assert ask(d, actor="a", target="t", action="grapple", target_d20=9)["effects"] == ["t grappled"]
    stunned = doc(
        "dnd5e-2024", five("a", [2, 2]), five("t", [3, 2], conditions=["stunned"], saves={"dex": 9})
    )
    assert ask(stunned, actor="a", target="t", action="grapple", target_d20=20)["success"] is True
    # escape: the actor's check against the grappler's escape DC (13)
    d2 = doc("dnd5e-2024", five("a", [2, 2], skills={"acrobatics": 4}), five("t", [3, 2]))
    assert ask(d2, actor="a", target="t", action="escape", d20=9)["effects"] == ["a released"]
    assert ask(d2, actor="a", target="t", action="escape", d20=8)["success"] is False


def test_5e_errors() -> None:
    d = doc(
        "dnd5e-2014",
        five("a", [2, 2], skills={"athletics": 5}),
        five("t", [3, 2]),
        five("far", [6, 6]),
        five("giant", [2, 3], size="huge"),
        {"id": "bare", "cell": [1, 1], "side": "enemy"},
    )
    assert prefix(ask(d, actor="a", target="far", action="grapple", d20=10, target_d20=3)) == "out of reach"
    assert prefix(ask(d, actor="a", target="giant", action="grapple", d20=10, target_d20=3)) == "bad value"
    assert prefix(ask(d, actor="a", target="t", action="trip", d20=10, target_d20=3)) == "bad value"
    assert prefix(ask(d, actor="a", target="t", action="grapple", d20=10)) == "missing field"
    assert prefix(ask(d, actor="a", target="bare", action="grapple", d20=10, target_d20=3)) == "missing field"
    assert (
        prefix(ask(d, actor="a", target="t", action="shove", d20=10, target_d20=3, shove="pull"))
        == "bad value"
    )
    d24 = doc("dnd5e-2024", five("a", [2, 2], proficiency_bonus=None), five("t", [3, 2]))
    assert prefix(ask(d24, actor="a", target="t", action="grapple", target_d20=3)) == "missing field"


def test_5e_outcome_objects() -> None:
    scene = scene_from_json(doc("dnd5e-2024", five("a", [2, 2]), five("t", [3, 2])))
    a, t = scene.token("a"), scene.token("t")
    assert a is not None and t is not None
    out = dnd.maneuver(a, t, "shove", edition=DND5E_2024, d20=None, target_d20=2, scene=scene)
    assert out.success and out.dc == 13 and out.push is not None and out.push.destination == Cell(4, 2)
    with pytest.raises(ValueError):
        dnd.maneuver(a, t, "grapple", edition=DND5E_2014, d20=5, target_d20=None)
