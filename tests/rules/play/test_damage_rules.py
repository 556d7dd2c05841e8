"""Damage and healing rules a fight needs, from the rule texts: fast healing and regeneration (PF2e Player
Core 410; 5e "Regeneration"), immunity to critical hits (Player Core 408), hardness and Shield Block
(Player Core 410, 419), 2024 Bloodied (l.614)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import NoDice
from rules.geometry.coords import Cell
from rules.model.scene import Shield
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.table import ApplyDamage
from rules.play.turns import next_turn
from rules.systems import system_for
from rules.systems.damage import DamageEntry
from rules.systems.turn_rolls import TurnRolls
from tests.rules.play.helpers import scene_from, started

PAIR = "A B"


def _tok(state: GameState, tid: str):  # type: ignore[no-untyped-def]
    token = state.scene.token(tid)
    assert token is not None
    return token


def _set(state: GameState, tid: str, **fields: object) -> GameState:
    return state.with_scene(state.scene.replace_token(replace(_tok(state, tid), **fields)))  # type: ignore[arg-type]


@pytest.mark.parametrize("system", ["pf2e", "dnd5e-2014"])
def test_fast_healing_and_regeneration_heal_at_the_start_of_the_turn(system: str) -> None:
    state = started(
        system, PAIR, B={"hp": 10, "max_hp": 20, "regeneration": 5, "regeneration_stopped_by": ("fire",)}
    )
    turned, lines = next_turn(state, NoDice())  # B's turn begins
    assert _tok(turned, "B").hp == 15 and any("regeneration" in x for x in lines)
    burnt = ApplyDamage("B", (DamageEntry(3, "fire"),)).apply(state).state
    assert _tok(burnt, "B").has_condition("regeneration-off")
    stopped, lines = next_turn(burnt, NoDice())
    assert _tok(stopped, "B").hp == 7 and any("doesn't work" in x for x in lines)
    fast = started(system, PAIR, B={"hp": 10, "max_hp": 20, "fast_healing": 2})
    assert _tok(next_turn(fast, NoDice())[0], "B").hp == 12


def test_5e_regeneration_needs_a_hit_point_pf2e_heals_a_dying_creature() -> None:
    five = started("dnd5e-2014", PAIR, B={"hp": 0, "max_hp": 20, "regeneration": 5, "pc": True,
                                          "conditions": ("unconscious",)})  # fmt: skip
    after, lines = next_turn(five, NoDice(), start=TurnRolls(d20=12))
    assert _tok(after, "B").hp == 0 and _tok(after, "B").death_saves == (1, 0)
    assert any("0 HP: its regeneration doesn't work" in x for x in lines)
    pf = started("pf2e", PAIR, B={"hp": 0, "max_hp": 20, "regeneration": 5, "pc": True,
                                  "conditions": ("dying 1", "unconscious")})  # fmt: skip
    woke, _ = next_turn(pf, NoDice())
    b = _tok(woke, "B")
    assert b.hp == 5 and not b.has_condition("dying") and b.condition_value("wounded") == 1


def test_immunity_to_critical_hits_takes_normal_damage() -> None:
    state = GameState(scene_from(PAIR, "pf2e", B={"hp": 30, "pc": True, "immunities": ("critical hits",)}))
    out = ApplyDamage("B", (DamageEntry(30, "slashing"),), critical=True).apply(state)
    assert _tok(out.state, "B").condition_value("dying") == 1  # a critical would have been dying 2
    assert any("immune to critical hits" in x for x in out.lines)


def test_hardness_reduces_an_objects_damage() -> None:
    state = GameState(scene_from(PAIR, "pf2e", B={"hp": 20, "hardness": 5}))
    out = ApplyDamage("B", (DamageEntry(8, "bludgeoning"),)).apply(state)
    assert _tok(out.state, "B").hp == 17


def test_pf2e_shield_block_reduces_damage_and_hurts_the_shield() -> None:
    """Shield Block: the shield's hardness stops that much; the shield and the creature take the rest."""
    state = started("pf2e", PAIR, B={"hp": 30, "shield": Shield(2, 5, 20), "conditions": ("raised-shield",)})
    out = ApplyDamage("B", (DamageEntry(12, "slashing"), DamageEntry(3, "fire")), shield_block=True).apply(
        state
    )
    b = _tok(out.state, "B")
    assert b.hp == 30 - 7 - 3 and b.shield is not None and b.shield.hp == 13 and not b.shield.broken
    assert "B" in out.state.reactions_used
    with pytest.raises(Refused, match="reaction"):
        ApplyDamage("B", (DamageEntry(12, "slashing"),), shield_block=True).apply(out.state)
    lowered = _set(state, "B", conditions=())
    with pytest.raises(Refused, match="no raised shield"):
        ApplyDamage("B", (DamageEntry(12, "slashing"),), shield_block=True).apply(lowered)
    five = started("dnd5e-2024", PAIR, B={"shield": Shield(2, 5, 20), "conditions": ("raised-shield",)})
    with pytest.raises(Refused, match="PF2e reaction"):
        ApplyDamage("B", (DamageEntry(12, "slashing"),), shield_block=True).apply(five)


def test_2024_bloodied_at_half_hp_or_fewer() -> None:
    scene = scene_from(PAIR, "dnd5e-2024", A={"hp": 10, "max_hp": 20}, B={"hp": 11, "max_hp": 20})
    new = system_for("dnd5e-2024")
    assert new.bloodied(scene.token("A")) and not new.bloodied(scene.token("B"))  # type: ignore[arg-type]
    assert not system_for("dnd5e-2014").bloodied(scene.token("A"))  # type: ignore[arg-type]
    assert not system_for("pf2e").bloodied(scene.token("A"))  # type: ignore[arg-type]


def test_pf2e_an_affliction_moves_by_its_save_at_the_end_of_the_turn() -> None:
    """l.1072: after the persistent damage, a save against each ongoing affliction: success −1 stage,
    failure +1, critical failure +2 (never past the last); stage 0 cures it."""
    from rules.model.scene import Affliction, AfflictionStage
    from rules.systems.turn_rolls import TurnRolls

    venom = Affliction(
        "spider venom",
        "fortitude",
        17,
        1,
        (AfflictionStage((), "1d6 poison"), AfflictionStage(("enfeebled 1",), "1d6 poison")),
    )
    state = started("pf2e", PAIR, A={"hp": 20, "saves": (("fortitude", 5),), "afflictions": (venom,)})
    worse, lines = next_turn(
        state,
        NoDice(),
        end=TurnRolls.given(affliction_saves={"spider venom": 8}, affliction_damage={"spider venom": 4}),
    )
    a = _tok(worse, "A")
    assert a.afflictions[0].stage == 2 and a.condition_value("enfeebled") == 1 and a.hp == 16
    assert any("stage 2" in x for x in lines)
    with pytest.raises(Refused, match="affliction_saves"):
        next_turn(state, NoDice())
    again, _l = next_turn(worse, NoDice())  # B's turn ends: A's turn again
    cured, lines = next_turn(again, NoDice(), end=TurnRolls.given(affliction_saves={"spider venom": 20}))
    c = _tok(cured, "A")
    assert c.afflictions == () and not c.has_condition("enfeebled") and any("cured" in x for x in lines)


def test_underwater_attacks_and_fire() -> None:
    """PF2e Player Core 437: off-guard without a swim Speed, −2 to slashing/bludgeoning melee, resistance 5
    to fire and acid; 5e 2014 l.204–206: melee disadvantage without a swim speed unless a listed weapon,
    ranged beyond normal range misses, resistance to fire."""
    from rules.model.scene import Attack
    from rules.play.table import AttackRoll

    axe = (Attack("axe", 9, "1d8+4 slashing"),)
    pf = GameState(scene_from(PAIR, "pf2e", A={"attacks": axe, "conditions": ("underwater",)},
                              B={"conditions": ("underwater",), "ac": 15}))  # fmt: skip
    hit = AttackRoll("A", "B", "axe", (10,)).apply(pf).detail
    assert hit.attack_bonus == 7 and hit.ac == 13  # type: ignore[attr-defined]
    burnt = ApplyDamage("B", (DamageEntry(8, "fire"),)).apply(pf).state
    assert _tok(burnt, "B").hp == 17 and _tok(burnt, "B").resistances == ()
    sword = (Attack("longsword", 5, "1d8+3 slashing"), Attack("shortsword", 5, "1d6+3 piercing"),
             Attack("longbow", 5, "1d8+3 piercing", range=(5, 600)))  # fmt: skip
    five = GameState(scene_from("A . B", "dnd5e-2014", A={"attacks": sword, "conditions": ("underwater",)},
                                B={"conditions": ("underwater",)}))  # fmt: skip
    swim = five.with_scene(five.scene.replace_token(replace(_tok(five, "B"), cell=Cell(1, 0))))
    slow = AttackRoll("A", "B", "longsword", (15, 3)).apply(swim).detail
    assert slow.mode == "disadvantage"  # type: ignore[attr-defined]
    stab = AttackRoll("A", "B", "shortsword", (15, 3)).apply(swim).detail
    assert stab.mode == "normal"  # type: ignore[attr-defined]
    with pytest.raises(Refused, match="beyond its normal range"):
        AttackRoll("A", "B", "longbow", (15, 3)).apply(five)
    assert _tok(ApplyDamage("B", (DamageEntry(9, "fire"),)).apply(five).state, "B").hp == 16


@pytest.mark.parametrize(("system", "rounds"), [("pf2e", 7), ("dnd5e-2014", 32), ("dnd5e-2024", 30)])
def test_holding_breath_counts_down_at_the_end_of_each_turn(system: str, rounds: int) -> None:
    from rules.play.breath import Breathe, HoldBreath

    con = (("con", 2),) if system == "pf2e" else (("con", 14),)
    state = started(system, PAIR, A={"abilities": con, "pc": True})
    held = HoldBreath("A").apply(state).state
    assert _tok(held, "A").air == rounds
    last = held.with_scene(held.scene.replace_token(replace(_tok(held, "A"), air=1)))
    out, lines = next_turn(last, NoDice())
    assert any("air" in x or "breath" in x or "suffocat" in x for x in lines)
    a = _tok(out, "A")
    assert a.air == 0
    if system == "pf2e":
        assert a.has_condition("unconscious") and a.has_condition("suffocating")
    elif system == "dnd5e-2014":
        assert a.hp == 0
    else:
        assert a.exhaustion == 1
    assert _tok(Breathe("A").apply(out).state, "A").air is None


def test_temporary_immunity_is_a_condition_that_names_the_effect() -> None:
    from rules.systems.object_damage import immunity_condition, temporarily_immune

    scene = scene_from(PAIR, "pf2e", A={"conditions": (immunity_condition("Demoralize"),)})
    a = scene.token("A")
    assert a is not None and temporarily_immune(a, "demoralize") and not temporarily_immune(a, "fear")


def test_pf2e_the_end_of_turn_prompts_list_each_affliction_save_and_5e_none() -> None:
    """What the end-of-turn prompt asks: each ongoing affliction by name with its save, DC and stage
    (`RuleSystem.turn_end_saves`); the d20 typed decides the stage by its degree."""
    from rules.model.scene import Affliction, AfflictionStage
    from rules.play.turns import turn_prompts

    venom = Affliction(
        "Spider Venom",
        "fortitude",
        17,
        2,
        (
            AfflictionStage((), "1d6 poison"),
            AfflictionStage(("enfeebled 1",), "1d6 poison"),
            AfflictionStage(("enfeebled 2",)),
        ),
    )
    fever = Affliction("Filth Fever", "will", 14, 1, (AfflictionStage(("sickened 1",)),))
    state = started(
        "pf2e", PAIR, A={"hp": 20, "saves": (("fortitude", 5), ("will", 2)), "afflictions": (venom, fever)}
    )
    prompts = turn_prompts(state)
    assert prompts.any and prompts.ending == "A"
    assert [(s.name, s.save, s.dc, s.stage, s.stages) for s in prompts.saves] == [
        ("Spider Venom", "fortitude", 17, 2, 3),
        ("Filth Fever", "will", 14, 1, 1),
    ]
    assert str(prompts.saves[0].save_label) == "Fortitude" and "Stage 0 cures it" in str(
        prompts.saves[0].rule
    )
    # The venom: 19 + 5 = 24 vs DC 17, a success → one stage down (stage 1: enfeebled ends, 1d6 poison);
    # the fever: 1 + 2 = 3 vs DC 14, a critical failure → two stages up, capped at its only stage.
    after, lines = next_turn(
        state,
        NoDice(),
        end=TurnRolls.given(
            affliction_saves={"Spider Venom": 19, "Filth Fever": 1}, affliction_damage={"Spider Venom": 3}
        ),
    )
    a = _tok(after, "A")
    assert [(x.name, x.stage) for x in a.afflictions] == [("Spider Venom", 1), ("Filth Fever", 1)]
    assert not a.has_condition("enfeebled") and a.hp == 17
    assert "A's Fortitude save against Spider Venom: 24, success: stage 1" in lines
    assert "A's Will save against Filth Fever: 3, critical failure: stage 1" in lines
    assert turn_prompts(after).saves == ()  # B's turn ends next: it has none
    five = started("dnd5e-2014", PAIR, A={"hp": 20, "afflictions": (venom,)})
    assert turn_prompts(five).saves == ()
    dead = _set(state, "A", hp=0, conditions=("dead",))
    assert turn_prompts(dead).saves == ()


def test_pf2e_a_delay_takes_the_affliction_save_and_the_return_asks_for_none() -> None:
    """Player Core 416 (l.511): Delaying brings the turn's negative effects forward — the affliction's
    save happens as the creature Delays, with the d20 given, and not again at the end of the turn it takes
    after returning (the prompts list nothing for it then)."""
    from rules.model.scene import Affliction, AfflictionStage
    from rules.play.turns import delay, return_from_delay, turn_prompts

    venom = Affliction("Venom", "fortitude", 17, 1, (AfflictionStage(()), AfflictionStage(("enfeebled 1",))))
    state = started("pf2e", "A B C", A={"hp": 20, "saves": (("fortitude", 5),), "afflictions": (venom,)})
    assert [s.name for s in turn_prompts(state).saves] == ["Venom"]
    delayed, lines = delay(state, NoDice(), TurnRolls.given(affliction_saves={"Venom": 3}))
    assert (
        _tok(delayed, "A").afflictions[0].stage == 2 and _tok(delayed, "A").condition_value("enfeebled") == 1
    )
    assert "A's Fortitude save against Venom: 8, failure: stage 2" in lines
    back, _lines = return_from_delay(delayed, "A", NoDice())  # B's turn ends, A returns
    assert back.encounter is not None and back.encounter.current_id == "A"
    assert turn_prompts(back).saves == () and not turn_prompts(back).any
    after, _lines = next_turn(back, NoDice())  # no save is needed, none is rolled
    assert _tok(after, "A").afflictions[0].stage == 2
