"""PF2e narrow surfaces and uneven ground (Player Core 423) and Balance (p.233): the check a walk onto them
makes, off-guard there, and the Reflex save to keep one's footing after a hit or a failed save; D&D 5e
treats the squares as plain floor."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.io.scene_json import SceneError, scene_from_json, scene_to_json
from rules.model.scene import Attack, TerrainCell
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.edits import PaintTerrain
from rules.play.footing import KeepFooting, balance_steps, footing_checks
from rules.play.history import History
from rules.play.moves import MoveToken
from rules.play.table import AreaSaves, AttackRoll
from rules.saves import resolve_save
from tests.rules.cli_runs import run_rules
from tests.rules.play.helpers import scene_from, started

# A walks east along row 0: squares 2 and 3 are a narrow surface (DC 15, a 20-ft drop); square 1 of row 2 is
# uneven ground (DC 12). B is far away, the foe.
PICTURE = """
A . . . . . . .
. . . . . . . .
C . . . . . . B
"""
HERO = {
    "skills": (("acrobatics", 7),),
    "saves": (("reflex", 6),),
    "side": "pc",
    "attacks": (Attack("Sword", 9, "1d8+4 slashing"),),
}
FOE = {"side": "enemy", "attacks": (Attack("Dogslicer", 8, "1d6 slashing"),)}
NARROW = (
    TerrainCell(Cell(2, 0), "narrow", dc=15, fall=20),
    TerrainCell(Cell(3, 0), "narrow", dc=15, fall=20),
)
UNEVEN = (TerrainCell(Cell(1, 2), "uneven", dc=12),)


def _state(system: str = "pf2e", **changes: object) -> GameState:
    state = started(system, PICTURE, A=HERO, C=HERO, B=FOE)
    scene = state.scene.edit(terrain=(*NARROW, *UNEVEN))
    state = state.with_scene(scene)
    for token_id, fields in changes.items():
        token = state.scene.token(token_id)
        assert token is not None
        state = state.with_scene(state.scene.replace_token(replace(token, **fields)))  # type: ignore[arg-type]
    return state


END = Cell(5, 0)


def _walk(state: GameState, d20: int, to: Cell = END, token: str = "A") -> tuple[GameState, str]:
    out = MoveToken(token, (to,), balance_d20=d20, dice=ScriptedDice([10] * 20)).apply(state)
    return out.state, "\n".join(out.lines)


def _actions_left(state: GameState, token: str = "A") -> int:
    return state.ledger(token).actions


def test_the_move_knows_which_steps_need_balance() -> None:
    state = _state()
    a = state.scene.token("A")
    assert a is not None
    path = [Cell(x, 0) for x in range(6)]
    assert [(i, s.kind, s.dc) for i, s in balance_steps(state.scene, a, path)] == [
        (2, "narrow", 15),
        (3, "narrow", 15),
    ]
    # moving off the surface onto plain floor needs nothing; nor does a creature in the air
    assert balance_steps(state.scene, replace(a, cell=Cell(3, 0)), [Cell(3, 0), Cell(4, 0)]) == ()
    assert balance_steps(state.scene, replace(a, elevation=10), path) == ()


def test_critical_success_moves_normally() -> None:
    after, text = _walk(_state(), 20)  # 20 + 7 = 27 vs DC 15
    assert after.scene.token("A").cell == Cell(5, 0)  # type: ignore[union-attr]
    assert "Balance at [2, 0] (DC 15)" in text and "critical success" in text
    assert "moves 25 ft" in text and _actions_left(after) == 2


def test_success_prices_the_surface_as_difficult_terrain() -> None:
    after, text = _walk(_state(), 10)  # 17 vs 15: success
    assert after.scene.token("A").cell == Cell(5, 0)  # type: ignore[union-attr]
    assert "costs as difficult terrain" in text
    assert "moves 35 ft" in text  # the two narrow squares cost 10 ft each
    assert _actions_left(after) == 1  # 35 ft at Speed 25: two Strides


def test_success_stops_where_the_turn_no_longer_pays() -> None:
    state = _state()
    ledger = state.ledger("A")
    state = state.with_ledger(replace(ledger, actions=1, actions_used=2))
    after, text = _walk(state, 10)
    # one Stride of 25 ft: 5 + 10 + 10 = 25 ft to [3, 0], on the surface; the next square is past Speed
    assert after.scene.token("A").cell == Cell(3, 0)  # type: ignore[union-attr]
    assert "the rest is past its movement" in text
    assert _actions_left(after) == 0


def test_failure_stops_before_the_surface_and_spends_the_action() -> None:
    after, text = _walk(_state(), 5)  # 12 vs 15: failure
    a = after.scene.token("A")
    assert a is not None and a.cell == Cell(1, 0) and not a.has_condition("prone")
    assert "to keep its balance" in text
    assert _actions_left(after) == 2  # the one Stride it began is spent


def test_critical_failure_falls_off_the_narrow_surface() -> None:
    after, text = _walk(_state(), 1)  # natural 1: 8 vs 15, critical failure
    a = after.scene.token("A")
    assert a is not None and a.cell == Cell(2, 0) and a.has_condition("prone")
    assert a.hp == 20 - 10  # a 20-ft drop: half of it as bludgeoning
    assert "its turn ends" in text and "falls off the narrow surface" in text
    assert _actions_left(after) == 0


def test_critical_failure_on_uneven_ground_falls_prone_unhurt() -> None:
    after, text = _walk(_state(), 1, to=Cell(3, 2), token="C")
    c = after.scene.token("C")
    assert c is not None and c.cell == Cell(1, 2) and c.has_condition("prone") and c.hp == 20
    assert "falls prone on the uneven ground" in text


def test_the_check_is_rolled_from_the_move_dice_when_not_given() -> None:
    out = MoveToken("A", (Cell(5, 0),), dice=ScriptedDice([20])).apply(_state())
    assert out.state.scene.token("A").cell == Cell(5, 0)  # type: ignore[union-attr]
    assert "d20 20" in "\n".join(out.lines)


def test_a_free_move_and_a_flight_make_no_check() -> None:
    out = MoveToken("A", (Cell(5, 0),), free=True).apply(_state())
    assert out.state.scene.token("A").cell == Cell(5, 0)  # type: ignore[union-attr]
    assert not any("Balance" in line for line in out.lines)


def test_without_acrobatics_the_move_is_refused_with_the_reason() -> None:
    with pytest.raises(Refused, match=r"no Acrobatics modifier.*DC 15"):
        _walk(_state(A={"skills": ()}), 10)


def test_a_creature_on_the_surface_is_off_guard_with_its_row() -> None:
    state = _state(A={"cell": Cell(3, 0)}, B={"cell": Cell(4, 0)})
    result = AttackRoll("B", "A", "Dogslicer", (10,), free=True).preview(state)
    rows = [(r.label, r.value, r.source) for g in result.groups(rolled=False) for r in g.rows]
    assert ("off-guard", -2, "on a narrow surface (Balance DC 15)") in rows
    assert result.ac == 13  # AC 15 − 2


def test_a_hit_calls_for_the_reflex_save_and_a_miss_does_not() -> None:
    state = _state(A={"cell": Cell(3, 0)}, B={"cell": Cell(4, 0)})
    hit = AttackRoll("B", "A", "Dogslicer", (15,), free=True).apply(state)  # 23 vs 13
    due = footing_checks(hit.state, hit.follow_ups)
    assert [(d.token_id, d.square.dc, d.why) for d in due] == [("A", 15, "hit")]
    assert "a DC 15 Reflex save keeps its footing" in "\n".join(hit.lines)
    miss = AttackRoll("B", "A", "Dogslicer", (2,), free=True).apply(state)
    assert footing_checks(miss.state, miss.follow_ups) == ()


def test_keep_footing_failure_falls_and_success_keeps_it() -> None:
    state = _state(A={"cell": Cell(3, 0)})
    fell = KeepFooting("A", 3, rng=ScriptedDice([])).apply(state)  # 9 vs 15: failure
    a = fell.state.scene.token("A")
    assert a is not None and a.has_condition("prone") and a.hp == 10
    kept = KeepFooting("A", 12).apply(state)  # 18 vs 15
    assert kept.state.scene.token("A").conditions == ()  # type: ignore[union-attr]
    assert "keeps its footing" in "\n".join(kept.lines)
    uneven = KeepFooting("C", 2).apply(_state(C={"cell": Cell(1, 2)}))  # 8 vs 12
    c = uneven.state.scene.token("C")
    assert c is not None and c.has_condition("prone") and c.hp == 20
    with pytest.raises(Refused, match="stands on no narrow surface"):
        KeepFooting("B", 10).apply(state)


def test_a_failed_area_save_calls_for_the_reflex_save() -> None:
    state = _state(A={"cell": Cell(3, 0)})
    a = state.scene.token("A")
    assert a is not None
    failed = resolve_save(state.scene, a, "reflex", 25, 5)
    out = AreaSaves("Fireball", (failed,), ()).apply(state)
    assert [d.why for d in footing_checks(out.state, out.follow_ups)] == ["failed"]
    passed = resolve_save(state.scene, a, "reflex", 10, 15)
    again = AreaSaves("Fireball", (passed,), ()).apply(state)
    assert footing_checks(again.state, again.follow_ups) == ()


def test_history_keeps_the_follow_ups_on_the_entry() -> None:
    state = _state(A={"cell": Cell(3, 0)}, B={"cell": Cell(4, 0)})
    entry = History(state).execute(AttackRoll("B", "A", "Dogslicer", (15,), free=True))
    assert [d.token_id for d in footing_checks(entry.after, entry.follow_ups)] == ["A"]


@pytest.mark.parametrize("system", ["dnd5e-2014", "dnd5e-2024"])
def test_5e_treats_the_squares_as_plain_floor(system: str) -> None:
    state = _state(system, A={"speed": 30})
    out = MoveToken("A", (Cell(5, 0),), dice=ScriptedDice([])).apply(state)  # no die is rolled
    assert out.state.scene.token("A").cell == Cell(5, 0)  # type: ignore[union-attr]
    assert not any("Balance" in line for line in out.lines)
    on = _state(system, A={"cell": Cell(3, 0)}, B={"cell": Cell(4, 0)})
    hit = AttackRoll("B", "A", "Dogslicer", (19, 19), free=True).apply(on)
    assert hit.follow_ups == ()
    rows = [r.source for g in hit.detail.groups(rolled=True) for r in g.rows]  # type: ignore[attr-defined]
    assert not any("narrow" in str(s) for s in rows)
    with pytest.raises(Refused):
        KeepFooting("A", 10).apply(on)


def test_save_and_reopen_keeps_the_squares() -> None:
    scene = _state().scene
    again = scene_from_json(json.loads(json.dumps(scene_to_json(scene))))
    assert again.balance_at(Cell(2, 0)) == NARROW[0]
    assert again.balance_at(Cell(1, 2)) == UNEVEN[0]
    assert again.terrain_map()[Cell(3, 0)] == "narrow"


def _doc(terrain: list[dict[str, object]]) -> dict[str, object]:
    return {
        "format": "fivefoot.scene",
        "version": 4,
        "system": "pf2e",
        "grid": {"width": 4, "height": 4},
        "terrain": terrain,
    }


@pytest.mark.parametrize(
    ("entry", "where"),
    [
        ({"cell": [1, 1], "kind": "narrow"}, "terrain[0].dc"),
        ({"cell": [1, 1], "kind": "uneven", "dc": 0}, "terrain[0].dc"),
        ({"cell": [1, 1], "kind": "narrow", "dc": -5}, "terrain[0].dc"),
        ({"cell": [1, 1], "kind": "narrow", "dc": 61}, "terrain[0].dc"),
        ({"cell": [1, 1], "kind": "narrow", "dc": 15.5}, "terrain[0].dc"),
        ({"cell": [1, 1], "kind": "narrow", "dc": "15"}, "terrain[0].dc"),
        ({"cell": [1, 1], "kind": "narrow", "dc": True}, "terrain[0].dc"),
        ({"cell": [1, 1], "kind": "narrow", "dc": 10**40}, "terrain[0]"),
        ({"cell": [1, 1], "kind": "difficult", "dc": 15}, "terrain[0].dc"),
        ({"cell": [1, 1], "kind": "uneven", "dc": 12, "fall": 10}, "terrain[0].fall"),
        ({"cell": [1, 1], "kind": "narrow", "dc": 12, "fall": -10}, "terrain[0].fall"),
        ({"cell": [1, 1], "kind": "narrow", "dc": 12, "fall": 5000}, "terrain[0].fall"),
    ],
)
def test_hostile_balance_values_are_refused_with_where(entry: dict[str, object], where: str) -> None:
    with pytest.raises(SceneError, match=f"^{where.replace('[', '.').replace(']', '.')}"):
        scene_from_json(_doc([entry]))


def test_painting_and_the_loader_refuse_the_same_values() -> None:
    state = GameState(scene_from(". . .\n. . ."))
    history = History(state)
    with pytest.raises(Refused, match="needs a Balance DC"):
        history.execute(PaintTerrain((Cell(1, 1),), "narrow"))
    with pytest.raises(Refused, match="whole number from 1 to 60"):
        history.execute(PaintTerrain((Cell(1, 1),), "uneven", dc=99))
    with pytest.raises(Refused, match="only a narrow surface or uneven ground"):
        history.execute(PaintTerrain((Cell(1, 1),), "difficult", dc=15))
    painted = history.execute(PaintTerrain((Cell(1, 1),), "narrow", dc=14, fall=30)).after
    assert painted.scene.balance_at(Cell(1, 1)) == TerrainCell(Cell(1, 1), "narrow", dc=14, fall=30)
    # a state with a bad square made by hand is refused too (nothing the loader would refuse)
    bad = replace(painted.scene.terrain[0], dc=0)

    class Poke:
        label = "poke"
        merge_key = None

        def apply(self, s: GameState) -> object:
            from rules.play.command import Outcome

            return Outcome(s.with_scene(s.scene.edit(terrain=(bad,))))

    with pytest.raises(Refused, match=r"terrain at \[1, 1\]"):
        history.execute(Poke())  # type: ignore[arg-type]


def test_the_query_command_refuses_a_bad_dc_and_shows_off_guard(tmp_path: Path) -> None:
    doc = _doc([{"cell": [1, 1], "kind": "narrow", "dc": "high"}])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    run = run_rules(bad, ['{"q": "summary"}'])
    assert run.returncode != 0 and "terrain[0].dc" in run.stderr and "Balance DC" in run.stderr
    doc["terrain"] = [{"cell": [1, 1], "kind": "narrow", "dc": 15}]
    doc["tokens"] = [
        {"id": "a", "cell": [1, 1], "ac": 16, "hp": 10},
        {
            "id": "b",
            "cell": [2, 1],
            "ac": 16,
            "hp": 10,
            "attacks": [{"name": "claw", "bonus": 5, "damage": "1d6"}],
        },
    ]
    good = tmp_path / "good.json"
    good.write_text(json.dumps(doc), encoding="utf-8")
    run = run_rules(good, ['{"q": "attack", "attacker": "b", "target": "a", "attack": "claw", "d20": 10}'])
    answer = json.loads(run.stdout)
    assert answer["ac"] == 14
    assert {
        "label": "off-guard",
        "type": "circumstance",
        "value": -2,
        "applied": True,
        "source": "on a narrow surface (Balance DC 15)",
    } in answer["ac_modifiers"]


def test_the_play_query_takes_the_balance_d20_and_the_footing_save() -> None:
    from rules.cli import answer

    doc = _doc([{"cell": [2, 1], "kind": "narrow", "dc": 15, "fall": 20}])
    doc["grid"] = {"width": 6, "height": 4}
    doc["tokens"] = [
        {"id": "a", "cell": [1, 1], "side": "pc", "ac": 16, "hp": 20, "speed": 25,
         "skills": {"acrobatics": 7}, "saves": {"reflex": 6}},
        {"id": "b", "cell": [4, 3], "side": "enemy", "ac": 16, "hp": 20,
         "attacks": [{"name": "claw", "bonus": 8, "damage": "1d6 slashing"}]},
    ]  # fmt: skip
    scene = scene_from_json(doc)
    without = answer(scene, {"q": "play", "order": ["a", "b"], "steps": [{"do": "move", "to": [3, 1]}]})
    assert (
        without["steps"][0]["ok"] is False
        and "d20 (balance_d20) wasn't given" in without["steps"][0]["refused"]
    )
    steps = [
        {"do": "move", "to": [3, 1], "balance_d20": 5},  # 12 vs 15: it stays at [1, 1]
        {"do": "move", "to": [2, 1], "balance_d20": 10},  # 17: success, onto the surface
        {"do": "keep-footing", "actor": "a", "d20": 3},  # 9 vs 15: it falls 20 ft
    ]
    out = answer(scene, {"q": "play", "order": ["a", "b"], "steps": steps, "report": ["a"]})
    assert [s["ok"] for s in out["steps"]] == [True, True, True]
    a = out["tokens"]["a"]
    assert a["cell"] == [2, 1] and a["hp"] == 10 and "prone" in a["conditions"]


@pytest.mark.parametrize("system", ["pf2e", "dnd5e-2024"])
def test_the_path_queries_name_the_balance_squares(system: str) -> None:
    from rules.cli import answer

    doc = _doc([{"cell": [2, 1], "kind": "narrow", "dc": 15}, {"cell": [3, 1], "kind": "uneven", "dc": 11}])
    doc["system"] = system
    doc["grid"] = {"width": 6, "height": 3}
    doc["tokens"] = [{"id": "a", "cell": [0, 1], "hp": 10, "ac": 15}]
    scene = scene_from_json(doc)
    path = answer(scene, {"q": "path", "token": "a", "to": [4, 1]})
    cost = answer(scene, {"q": "path-cost", "token": "a", "path": [[0, 1], [1, 1], [2, 1]]})
    if system == "pf2e":
        assert path["balance"] == [
            {"step": 2, "cell": [2, 1], "kind": "narrow", "dc": 15},
            {"step": 3, "cell": [3, 1], "kind": "uneven", "dc": 11},
        ]
        assert cost["balance"] == [{"step": 2, "cell": [2, 1], "kind": "narrow", "dc": 15}]
    else:
        assert "balance" not in path and "balance" not in cost
    assert path["feet"] == 20  # they cost like floor to plan


def test_a_failed_spell_save_on_the_surface_calls_for_the_reflex_save() -> None:
    from rules.geometry.coords import Point
    from rules.model.spell import DamagePart, Spell, SpellArea, SpellSave
    from rules.play.cast import Cast
    from rules.play.spell_resolution import Placement

    burst = Spell(
        "Fire burst", 1, range=500, area=SpellArea("burst", 5),
        save=SpellSave("reflex", basic=True), damage=(DamagePart("1d4", "fire"),),
    )  # fmt: skip
    state = _state(A={"cell": Cell(3, 0)}, C={"spell_dc": 20, "cell": Cell(0, 2)})
    # A's Reflex d20 3 (9 vs 20: a failure), then the damage die
    out = Cast(
        "C", burst, placement=Placement(corner=Point(4, 1)), rng=ScriptedDice([3, 2]), free=True
    ).apply(state)
    due = footing_checks(out.state, out.follow_ups)
    assert [(d.token_id, d.why, d.square.dc) for d in due] == [("A", "failed", 15)]
    assert "fails a save on the narrow surface" in out.text


def test_a_fivefoot_file_keeps_the_squares_and_a_fall_after_reopening() -> None:
    from rules.io import fivefoot_file

    state = _state(A={"cell": Cell(3, 0)})
    again = fivefoot_file.loads(fivefoot_file.dumps(state)).state
    assert again.scene.balance_at(Cell(3, 0)) == NARROW[1]
    fell = KeepFooting("A", 2, rng=ScriptedDice([])).apply(again)  # the save works on the reopened state
    assert fell.state.scene.token("A").has_condition("prone")  # type: ignore[union-attr]


def test_a_balance_square_that_is_also_difficult_costs_no_more_on_a_success() -> None:
    state = _state()
    extra = (TerrainCell(Cell(2, 0), "difficult"),)
    state = state.with_scene(state.scene.edit(terrain=(*state.scene.terrain, *extra)))
    assert (
        state.scene.terrain_map()[Cell(2, 0)] == "difficult"
        and state.scene.balance_at(Cell(2, 0)) is not None
    )
    _after, text = _walk(state, 10)  # success: [2, 0] is difficult already (10 ft), [3, 0] costs 10 too
    assert "needs Balance at [2, 0]" in text
    assert "moves 35 ft" in text
