"""PF2e skill actions (Player Core "Skills"): Demoralize, Feint, Create a Diversion, Recall Knowledge, Battle
Medicine and Treat Wounds as one command each — the check against the right DC, the degree's effect, the
action spent, the temporary immunity — and refused in 5e."""

from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.economy import ledger_for
from rules.play.skill_actions import SkillAction
from rules.play.turns import NextTurn
from rules.systems.pf2e.skill_actions import level_dc
from tests.rules.play.helpers import scene_from, started

#: A (party) beside B (foe); C (party) beside A; D a foe 45 ft away.
PICTURE = """
A B . . . . . . . .
C . . . . . . . . D
"""
HERO = {
    "side": "party",
    "skills": (("intimidation", 8), ("deception", 7), ("medicine", 9), ("society", 6)),
    "perception": 6,
}
FOE = {
    "side": "enemies",
    "saves": (("will", 4),),
    "perception": 5,
    "level": 2,
}  # Will DC 14, Perception DC 15


def _state() -> GameState:
    return started(
        "pf2e",
        PICTURE,
        A=HERO,
        B=FOE,
        C={"side": "party", "hp": 8, "max_hp": 20, "conditions": ("wounded 1",)},
        D=FOE,
    )


def _tok(state: GameState, tid: str):  # type: ignore[no-untyped-def]
    tok = state.scene.token(tid)
    assert tok is not None
    return tok


def test_demoralize_frightens_by_degree_spends_an_action_and_gives_immunity() -> None:
    state = _state()
    # d20 6 + 8 = 14 vs Will DC 14: success → frightened 1
    out = SkillAction("A", "demoralize", 6, "B").apply(state)
    after = out.state
    assert _tok(after, "B").condition_value("frightened") == 1
    assert ledger_for(after, "A").actions == 2
    assert "Will DC 14" in out.lines[0] and "success" in out.lines[0]
    assert "1 action" not in out.lines[-1] and "2 actions left" in out.lines[-1]
    # immune to A's Demoralize for 10 minutes: a second try is refused with the rule
    with pytest.raises(Refused, match="immune"):
        SkillAction("A", "demoralize", 20, "B").apply(after)
    # critical success (≥ DC + 10) → frightened 2, on a fresh foe
    crit = SkillAction("A", "demoralize", 16, "B").apply(state).state
    assert _tok(crit, "B").condition_value("frightened") == 2
    # failure → nothing but the immunity
    fail = SkillAction("A", "demoralize", 2, "B").apply(state).state
    assert not _tok(fail, "B").has_condition("frightened")


def test_demoralize_reaches_30_ft() -> None:
    with pytest.raises(Refused, match="30 ft"):
        SkillAction("A", "demoralize", 10, "D").apply(_state())


def test_feint_makes_the_foe_off_guard_until_the_end_of_the_turn() -> None:
    state = _state()
    # Deception +7, d20 8 = 15 vs Perception DC 15: success
    after = SkillAction("A", "feint", 8, "B").apply(state).state
    assert _tok(after, "B").has_condition("off-guard")
    after = NextTurn(ScriptedDice([])).apply(after).state  # A's turn ends: the off-guard ends with it
    assert not _tok(after, "B").has_condition("off-guard")
    # critical failure: the feinter is off-guard instead
    fumble = SkillAction("A", "feint", 1, "B").apply(state).state
    assert _tok(fumble, "A").has_condition("off-guard") and not _tok(fumble, "B").has_condition("off-guard")
    with pytest.raises(Refused, match="melee reach"):
        SkillAction("A", "feint", 10, "D").apply(state)


def test_create_a_diversion_hides_from_every_fooled_observer() -> None:
    state = _state()
    # 8 + 7 = 15 meets both foes' Perception DC 15
    out = SkillAction("A", "create-a-diversion", 8).apply(state)
    assert _tok(out.state, "A").has_condition("hidden")
    missed = SkillAction("A", "create-a-diversion", 3).apply(state)
    assert not _tok(missed.state, "A").has_condition("hidden")
    assert any("not fooled" in line for line in missed.lines)


def test_recall_knowledge_uses_the_dc_for_the_creatures_level() -> None:
    assert level_dc(2) == 16 and level_dc(0) == 14 and level_dc(20) == 40
    assert level_dc(1, ("rare",)) == 20
    out = SkillAction("A", "recall-knowledge", 10, "B", skill="society").apply(_state())
    assert "DC 16 for level 2" in out.lines[0] and "success" in out.lines[0]  # 10 + 6 = 16


def test_battle_medicine_heals_by_degree_and_the_target_is_immune_for_a_day() -> None:
    state = _state()
    # 6 + 9 = 15 vs DC 15: success → 2d8 (3 + 4)
    out = SkillAction("A", "battle-medicine", 6, "C", dice=ScriptedDice([3, 4])).apply(state)
    assert _tok(out.state, "C").hp == 15
    assert ledger_for(out.state, "A").actions == 2
    with pytest.raises(Refused, match="immune to Battle Medicine"):
        SkillAction("A", "battle-medicine", 10, "C").apply(out.state)
    # expert DC 20: success 2d8+10, typed total
    typed = SkillAction("A", "battle-medicine", 11, "C", dc=20, heal_total=19).apply(state)
    assert _tok(typed.state, "C").hp == 20  # capped at max HP
    # critical failure: 1d8 damage
    hurt = SkillAction("A", "battle-medicine", 1, "C", dice=ScriptedDice([5])).apply(state)
    assert _tok(hurt.state, "C").hp == 3
    with pytest.raises(Refused, match="not adjacent"):
        SkillAction("A", "battle-medicine", 10, "D").apply(state)


def test_treat_wounds_takes_ten_minutes_out_of_combat_and_removes_wounded() -> None:
    with pytest.raises(Refused, match="10 minutes"):
        SkillAction("A", "treat-wounds", 10, "C").apply(_state())
    calm = GameState(scene_from(PICTURE, "pf2e", A=HERO, C={"side": "party", "hp": 8, "max_hp": 20,
                                                            "conditions": ("wounded 1",)}))  # fmt: skip
    out = SkillAction("A", "treat-wounds", 6, "C", dice=ScriptedDice([2, 2])).apply(calm)
    c = _tok(out.state, "C")
    assert c.hp == 12 and not c.has_condition("wounded")
    assert c.has_condition("immune-to-treat-wounds")


def test_5e_has_no_skill_actions() -> None:
    state = started("dnd5e-2014", PICTURE, A=HERO, B=FOE)
    with pytest.raises(Refused, match="not a skill action"):
        SkillAction("A", "demoralize", 10, "B").apply(state)
