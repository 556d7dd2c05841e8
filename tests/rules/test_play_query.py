"""The `play` query (query-protocol.md "A whole turn: `play`"): whole turns scripted through the play
commands, each rule checked from its text (`../shared/rules-sources/`)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.cli import answer
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene

PF_SWORD = {
    "name": "longsword",
    "bonus": 9,
    "damage": "1d8+4 slashing",
    "traits": [],
    "range_increment": None,
}
PF_BOW = {"name": "shortbow", "bonus": 9, "damage": "1d6 piercing", "traits": [], "range_increment": 60}
SHORTSWORD = {
    "name": "shortsword",
    "bonus": 5,
    "damage": "1d6+3 piercing",
    "properties": ["finesse", "light"],
}
DAGGER = {
    "name": "dagger",
    "bonus": 5,
    "damage": "1d4+3 piercing",
    "properties": ["finesse", "light", "thrown"],
}
LONGSWORD = {"name": "longsword", "bonus": 5, "damage": "1d8+3 slashing", "properties": ["versatile"]}


def scene(system: str, *tokens: dict[str, Any], walls: list[Any] | None = None, **extra: Any) -> Scene:
    return scene_from_json(
        {
            "format": "fivefoot.scene",
            "version": 1,
            "system": system,
            "grid": {"width": 12, "height": 12},
            "walls": walls or [],
            "tokens": list(tokens),
            **extra,
        }
    )


def token(tid: str, x: int, y: int, side: str, **fields: Any) -> dict[str, Any]:
    return {"id": tid, "cell": [x, y], "side": side, "ac": 16, "hp": 30, **fields}


def play(s: Scene, order: list[str], *steps: dict[str, Any], **more: Any) -> dict[str, Any]:
    out = answer(s, {"q": "play", "order": order, "steps": list(steps), **more})
    assert "error" not in out, out
    return out


def oks(out: dict[str, Any]) -> list[bool]:
    return [s["ok"] for s in out["steps"]]


def strike(target: str, d20: Any, amount: int = 7, weapon: str = "longsword", **more: Any) -> dict[str, Any]:
    return {"do": "strike", "target": target, "attack": weapon, "d20": d20,
            "damage": [{"amount": amount, "type": "slashing"}], **more}  # fmt: skip


# ------------------------------------------------------------------------------------------------ PF2e


def pf2e_duel(**a: Any) -> Scene:
    return scene(
        "pf2e",
        token("a", 2, 2, "party", pc=True, attacks=[PF_SWORD, PF_BOW], **a),
        token("x", 3, 2, "foes", attacks=[PF_SWORD]),
        token("y", 8, 8, "foes", attacks=[PF_SWORD]),
    )


def test_pf2e_three_actions_then_refused_and_the_turn_answer() -> None:
    out = play(pf2e_duel(), ["a", "x"], strike("x", 10), strike("x", 10), strike("x", 10), strike("x", 10))
    assert oks(out) == [True, True, True, False]
    assert "3 actions a turn" in out["steps"][3]["refused"]
    assert [s["result"]["attack_bonus"] for s in out["steps"][:3]] == [9, 4, -1]  # MAP 0, −5, −10
    assert out["turn"] == {"token": "a", "round": 1, "actions": 0, "reaction": True}
    assert out["tokens"]["x"]["hp"] == 30 - 7  # 19 hits AC 16; 14 and 9 miss


def test_pf2e_a_move_is_one_stride_and_a_step_is_five_feet() -> None:
    out = play(pf2e_duel(), ["a", "x"], {"do": "move", "to": [2, 9]}, {"do": "move", "to": [2, 7]},
               {"do": "step", "to": [3, 8]}, {"do": "step", "to": [5, 8]})  # fmt: skip
    assert oks(out) == [False, True, True, False]  # 35 ft is two Strides; a Step is one square
    assert out["tokens"]["a"]["cell"] == [3, 8] and out["turn"]["actions"] == 1


def test_pf2e_take_cover_needs_something_to_hide_behind() -> None:
    """Take Cover (l.589): 「遮蔽による利益を受けているか、遮蔽をとることができる要素の近くにいるか、
    伏せ状態」."""
    out = play(pf2e_duel(), ["a", "x"], {"do": "take-cover"}, {"do": "drop-prone"}, {"do": "take-cover"})
    assert oks(out) == [False, True, True]
    assert "nothing to take cover behind" in out["steps"][0]["refused"]
    walled = scene(
        "pf2e", token("a", 2, 2, "party"), token("x", 8, 8, "foes"), walls=[{"a": [2, 0], "b": [2, 6]}]
    )
    assert oks(play(walled, ["a"], {"do": "take-cover"})) == [True]


def test_pf2e_a_raised_shield_is_read_by_the_next_attack() -> None:
    """Raise a Shield (l.642): the shield's circumstance bonus to AC until the start of the next turn."""
    s = scene(
        "pf2e",
        token("a", 2, 2, "party", attacks=[PF_SWORD], shield={"ac": 2, "hardness": 5, "hp": 20}),
        token("x", 3, 2, "foes", attacks=[PF_SWORD]),
    )
    out = play(s, ["a", "x"], {"do": "raise-shield"}, {"do": "end-turn"},
               {"do": "strike", "target": "a", "attack": "longsword", "d20": 8})  # fmt: skip
    assert oks(out) == [True, True, True]
    assert out["steps"][2]["result"]["ac"] == 18  # 16 + 2 circumstance


def test_pf2e_delay_takes_persistent_damage_once_and_return_puts_it_back_in_the_order() -> None:
    """Delay (l.508–511): only as the turn begins; the negative effects happen at the Delay and not again;
    no reactions while delaying; it returns at the end of another creature's turn."""
    s = pf2e_duel(persistent=[{"damage": "1d6", "type": "fire"}], conditions=["frightened 2"])
    out = play(
        s,
        ["a", "x", "y"],
        {"do": "delay", "persistent_rolls": {"fire": 4}, "flat_checks": {"fire": 3}},
        strike("x", 15, actor="a"),  # a delaying creature can't react
        {"do": "end-turn"},
        {"do": "return", "actor": "a"},
        {"do": "end-turn"},
    )
    assert oks(out) == [True, False, True, True, True]
    assert "delaying" in out["steps"][1]["refused"]
    a = out["tokens"]["a"]
    assert a["hp"] == 26 and a["conditions"] == ["frightened 1"]  # fire once; frightened drops at its end
    assert out["turn"]["token"] == "y"  # a took its turn between x and y


def test_pf2e_return_only_right_after_an_end_turn() -> None:
    out = play(pf2e_duel(), ["a", "x", "y"], {"do": "delay"}, {"do": "return", "actor": "a"},
               {"do": "end-turn"}, {"do": "drop-prone"}, {"do": "return", "actor": "a"})  # fmt: skip
    assert oks(out) == [True, False, True, True, False]  # y acted: its turn can't be put back
    assert "right after an end-turn" in out["steps"][4]["refused"]


def test_pf2e_a_readied_strike_keeps_its_map_and_a_strike_reaction_needs_one() -> None:
    """Ready (l.540–541): two actions, then the turn ends; a readied attack has the multiple attack penalty
    it had when readied."""
    s = scene(
        "pf2e",
        token("a", 2, 2, "party", pc=True, attacks=[PF_SWORD]),
        token("x", 3, 2, "foes", attacks=[PF_SWORD]),
        token("y", 2, 3, "foes", attacks=[PF_SWORD]),
    )
    out = play(
        s,
        ["a", "x", "y"],
        strike("x", 10),
        {"do": "ready", "trigger": "x moves"},
        strike("x", 10, actor="a"),
        strike("a", 10, actor="y"),  # y lists no Reactive Strike and readied nothing
    )
    assert oks(out) == [True, True, True, False]
    assert out["turn"]["token"] == "x"  # Ready ended a's turn
    assert out["steps"][2]["result"]["attack_bonus"] == 4  # the readied Strike is the 2nd: −5
    assert "no reaction that makes a Strike" in out["steps"][3]["refused"]


def test_pf2e_a_hidden_strikers_is_observed_after_the_strike() -> None:
    out = play(pf2e_duel(conditions=["hidden"]), ["a", "x"], strike("x", 2))
    assert "hidden" not in out["tokens"]["a"]["conditions"]


@pytest.mark.parametrize(("d20", "modifier", "bonus"), [(17, 8, 11), (12, 5, 10), (7, 5, 9), (1, 5, 8)])
def test_pf2e_aid_changes_the_allys_next_attack(d20: int, modifier: int, bonus: int) -> None:
    """Aid (l.487–497): crit +2, success +1, failure nothing, crit failure −1 circumstance."""
    s = scene(
        "pf2e",
        token("a", 2, 2, "party", attacks=[PF_SWORD]),
        token("b", 2, 3, "party", attacks=[PF_SWORD]),
        token("t", 3, 3, "foes"),
    )
    out = play(s, ["a", "b", "t"], {"do": "prepare-aid", "ally": "b"}, {"do": "end-turn"},
               {"do": "aid", "actor": "a", "ally": "b", "d20": d20, "modifier": modifier},
               strike("t", 8), strike("t", 8))  # fmt: skip
    assert oks(out) == [True, True, True, True, True]
    assert out["steps"][3]["result"]["attack_bonus"] == bonus
    assert out["steps"][4]["result"]["attack_bonus"] == 4  # used up: 9 − 5


@pytest.mark.parametrize("kind", ["dash", "disengage", "dodge", "offhand", "help"])
def test_pf2e_refuses_5e_steps(kind: str) -> None:
    step: dict[str, Any] = {"do": kind}
    if kind == "offhand":
        step = {**strike("x", 10), "do": "offhand"}
    if kind == "help":
        step = {"do": "help", "ally": "y"}
    out = play(pf2e_duel(), ["a", "x"], step)
    assert out["steps"][0]["ok"] is False and out["turn"]["actions"] == 3


def test_a_missing_roll_refuses_the_end_turn() -> None:
    out = play(pf2e_duel(persistent=[{"damage": "1d6", "type": "fire"}]), ["a", "x"], {"do": "end-turn"})
    assert out["steps"][0]["ok"] is False and "persistent_rolls" in out["steps"][0]["refused"]
    assert out["turn"]["token"] == "a"


# --------------------------------------------------------------------------------------------------- 5e


def dnd_duel(system: str = "dnd5e-2014", **a: Any) -> Scene:
    return scene(
        system,
        token("a", 2, 2, "party", pc=True, speed=30, attacks=[SHORTSWORD, DAGGER, LONGSWORD], **a),
        token("b", 3, 2, "foes", speed=30, attacks=[LONGSWORD]),
        token("c", 2, 3, "party", speed=30, attacks=[LONGSWORD]),
    )


def attack(target: str, weapon: str, d20: Any = (15, 3), **more: Any) -> dict[str, Any]:
    return {"do": more.pop("do", "attack"), "target": target, "attack": weapon, "d20": list(d20),
            "damage": [{"amount": 5, "type": "piercing"}], **more}  # fmt: skip


@pytest.mark.parametrize("system", ["dnd5e-2014", "dnd5e-2024"])
def test_5e_attack_action_extra_attack_offhand_and_a_refused_dash(system: str) -> None:
    out = play(dnd_duel(system, attacks_per_action=2), ["a", "b"], attack("b", "longsword"),
               attack("b", "shortsword"), attack("b", "shortsword"), attack("b", "dagger", do="offhand"),
               attack("b", "dagger", do="offhand"), {"do": "dash"})  # fmt: skip
    assert oks(out) == [True, True, False, True, False, False]
    assert out["turn"] == {"token": "a", "round": 1, "action": False, "bonus_action": False, "movement": 30,
                           "reaction": True}  # fmt: skip
    assert out["tokens"]["b"]["hp"] == 30 - 5 * 3


def test_5e_offhand_needs_a_light_weapon_attack_action() -> None:
    out = play(dnd_duel(), ["a", "b"], attack("b", "dagger", do="offhand"), attack("b", "longsword"),
               attack("b", "dagger", do="offhand"))  # fmt: skip
    assert oks(out) == [False, True, False]


def test_5e_move_and_dash_limits() -> None:
    out = play(dnd_duel(), ["a", "b"], {"do": "move", "to": [2, 9]}, {"do": "move", "to": [2, 8]},
               {"do": "dash"}, {"do": "move", "to": [8, 8]}, {"do": "move", "to": [9, 8]})  # fmt: skip
    assert oks(out) == [False, True, True, True, False]  # 35 ft > 30; 30 ft; Dash: 30 more; 5 more is too far
    assert out["turn"]["movement"] == 0 and out["turn"]["action"] is False


def test_5e_stand_half_speed_and_drop_prone_free() -> None:
    out = play(dnd_duel(conditions=["prone"]), ["a", "b"], {"do": "stand"}, {"do": "drop-prone"},
               {"do": "stand"}, {"do": "stand"})  # fmt: skip
    assert oks(out) == [True, True, True, False]  # 15 + 15 of 30 ft: nothing left for a third
    assert out["turn"]["movement"] == 0 and out["turn"]["action"] is True


def test_5e_one_reaction_per_round_back_at_the_start_of_its_turn() -> None:
    out = play(dnd_duel(), ["a", "b"], {"do": "end-turn"}, attack("b", "shortsword", actor="a"),
               attack("b", "shortsword", actor="a"), {"do": "end-turn"})  # fmt: skip
    assert oks(out) == [True, True, False, True]
    assert out["turn"]["reaction"] is True and out["turn"]["token"] == "a"


def test_5e_help_gives_advantage_to_the_next_attack_and_needs_the_target_near() -> None:
    """Help (2014 l.84–85): the ally's first attack roll against a creature within 5 ft of the helper, before
    the helper's next turn, has advantage."""
    s = scene(
        "dnd5e-2014",
        token("a", 2, 2, "party", speed=30, attacks=[LONGSWORD]),
        token("c", 2, 3, "party", speed=30, attacks=[LONGSWORD]),
        token("b", 3, 2, "foes", speed=30, attacks=[LONGSWORD]),
        token("far", 9, 9, "foes", speed=30),
    )
    out = play(s, ["a", "c", "b"], {"do": "help", "ally": "c", "target": "far"},
               {"do": "help", "ally": "c", "target": "b"}, {"do": "end-turn"},
               attack("b", "longsword", (3, 17)), {"do": "end-turn"})  # fmt: skip
    assert oks(out) == [False, True, True, True, True]
    assert "within 5 ft" in out["steps"][0]["refused"]
    result = out["steps"][3]["result"]
    assert result["mode"] == "advantage" and result["d20_used"] == 17


def test_5e_a_readied_action_is_taken_as_a_reaction() -> None:
    out = play(dnd_duel(), ["a", "b", "c"], {"do": "ready", "trigger": "b moves"}, {"do": "end-turn"},
               {"do": "move", "actor": "a", "to": [2, 6]}, {"do": "dodge", "actor": "c"})  # fmt: skip
    assert oks(out) == [True, True, True, False]
    assert out["tokens"]["a"]["cell"] == [2, 6]
    assert "no readied action" in out["steps"][3]["refused"]


def test_5e_a_hidden_attacker_is_revealed() -> None:
    out = play(dnd_duel(conditions=["hidden"]), ["a", "b"], attack("b", "shortsword", (2, 2)))
    assert out["steps"][0]["ok"] and "hidden" not in out["tokens"]["a"]["conditions"]


@pytest.mark.parametrize("kind", ["step", "take-cover", "raise-shield", "delay", "prepare-aid", "return"])
def test_5e_refuses_pf2e_steps(kind: str) -> None:
    step: dict[str, Any] = {"do": kind}
    if kind == "step":
        step["to"] = [2, 1]
    if kind in ("prepare-aid",):
        step["ally"] = "c"
    if kind == "return":
        step["actor"] = "c"
    out = play(dnd_duel(), ["a", "b"], step)
    assert out["steps"][0]["ok"] is False and out["turn"]["action"] is True


def test_a_malformed_step_is_a_query_error() -> None:
    s = dnd_duel()
    assert answer(s, {"q": "play", "order": ["a"], "steps": [{"do": "fly-to-the-moon"}]})["error"].startswith(
        "bad value"
    )
    assert answer(s, {"q": "play", "order": ["a"], "steps": [{"do": "move"}]})["error"].startswith(
        "missing field"
    )
    assert answer(s, {"q": "play", "order": ["nobody"], "steps": []})["error"].startswith("unknown token")


# ------------------------------------------------------------------------------------------- cast steps

PF_BLAST = {
    "name": "blast",
    "level": 1,
    "range": 30,
    "actions": 2,
    "targets": 1,
    "save": {"stat": "reflex", "basic": True},
    "damage": [{"formula": "2d6", "type": "fire"}],
}


def test_pf2e_a_cast_spends_the_spells_actions() -> None:
    """Player Core (playing the game): a spell's actions come out of the turn's 3; a 2-action spell with 1
    left is refused and changes nothing."""
    caster = token("a", 2, 2, "party", pc=True, level=3, spell_dc=18, spells=[PF_BLAST],
                   saves={"fortitude": 5, "reflex": 5, "will": 5})  # fmt: skip
    s = scene("pf2e", caster, token("x", 4, 2, "foes", saves={"fortitude": 5, "reflex": 5, "will": 5}))
    cast = {"do": "cast", "spell": "blast", "targets": ["x"], "saves": {"x": 8},
            "damage": [{"amount": 6, "type": "fire"}]}  # fmt: skip
    out = play(s, ["a", "x"], cast, cast)
    assert oks(out) == [True, False]
    assert "3 actions" in out["steps"][1]["refused"] and out["turn"]["actions"] == 1
    assert out["steps"][0]["result"]["targets"][0]["id"] == "x"
    assert out["tokens"]["x"]["hp"] == 30 - 6  # 8+5 = 13 < 18 (by less than 10): failure, full damage once


CURE = {"name": "cure", "level": 1, "casting_time": "bonus", "range": 60, "targets": 1}
BOLT = {"name": "bolt", "level": 0, "casting_time": "action", "range": 120, "targets": 1,
        "attack": True, "damage": [{"formula": "1d10", "type": "fire"}]}  # fmt: skip
BURST = {"name": "burst", "level": 1, "casting_time": "action", "range": 60, "targets": 1,
         "save": {"stat": "dex"}, "damage": [{"formula": "2d8", "type": "thunder"}]}  # fmt: skip


def dnd_caster(system: str) -> Scene:
    slots = {"slots": {"1": {"max": 4, "used": 0}}}
    return scene(
        system,
        token(
            "a",
            2,
            2,
            "party",
            pc=True,
            speed=30,
            spell_dc=14,
            spell_attack=6,
            level=5,
            spells=[CURE, BOLT, BURST],
            spell_uses=slots,
        ),
        token("b", 5, 2, "foes", speed=30, saves={"dex": 0}),
        token("c", 2, 3, "party", speed=30, hp=10, max_hp=30),
    )


def test_5e_2014_a_bonus_action_spell_leaves_only_a_cantrip() -> None:
    """2014 Casting Time, Bonus Action: "you can't cast another spell during the same turn, except for a
    cantrip with a casting time of 1 action"."""
    out = play(dnd_caster("dnd5e-2014"), ["a", "b"], {"do": "cast", "spell": "cure", "targets": ["c"]},
               {"do": "cast", "spell": "burst", "targets": ["b"], "saves": {"b": 2},
                "damage": [{"amount": 9, "type": "thunder"}]},
               {"do": "cast", "spell": "bolt", "targets": ["b"], "attack_d20": {"b": 15},
                "damage": [{"amount": 4, "type": "fire"}]})  # fmt: skip
    assert oks(out) == [True, False, True]
    assert "cantrip" in out["steps"][1]["refused"]
    assert out["turn"]["action"] is False and out["turn"]["bonus_action"] is False


def test_5e_2024_one_spell_slot_a_turn() -> None:
    """2024 (Casting Time, One Spell with a Spell Slot per Turn): a bonus-action slot spell and an action slot
    spell can't both be cast in one turn; a cantrip still can."""
    out = play(dnd_caster("dnd5e-2024"), ["a", "b"], {"do": "cast", "spell": "cure", "targets": ["c"]},
               {"do": "cast", "spell": "burst", "targets": ["b"], "saves": {"b": 2},
                "damage": [{"amount": 9, "type": "thunder"}]},
               {"do": "cast", "spell": "bolt", "targets": ["b"], "attack_d20": {"b": 15},
                "damage": [{"amount": 4, "type": "fire"}]})  # fmt: skip
    assert oks(out) == [True, False, True]
    assert "slot" in out["steps"][1]["refused"]
