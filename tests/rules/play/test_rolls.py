"""The GM's situational input to an attack, checks as commands, and spending Hero Points / inspiration."""

from __future__ import annotations

import pytest

from rules.model.scene import Attack
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.edits import ResetMovement
from rules.play.history import History
from rules.play.rolls import RollCheck, SetHeroPoints, Situational, SpendHeroPoint
from rules.play.table import AttackRoll
from rules.systems.dnd5e.attack import AttackResult
from rules.systems.pf2e.strike import StrikeResult
from rules.systems.roll_modes import ADVANTAGE, DISADVANTAGE, Reason
from tests.rules.play.helpers import scene_from, started

DUEL = """
A B . .
. . . C
"""
PF2E_SWORD = {"attacks": (Attack("longsword", 9, "1d8+4 slashing"),)}
DND_SWORD = {"attacks": (Attack("longsword", 5, "1d8+3 slashing"),)}


def _log(history: History) -> str:
    return history.state.log[-1]


# ------------------------------------------------------------------------------------------- PF2e


def test_pf2e_two_circumstance_bonuses_only_the_highest_counts_and_both_are_listed() -> None:
    state = GameState(scene_from(DUEL, "pf2e", A=PF2E_SWORD))
    bare = AttackRoll("A", "B", "longsword", (4,)).apply(state).detail
    assert isinstance(bare, StrikeResult)
    assert bare.total == 13 and not bare.hit  # 4 + 9 against AC 15
    aid = Situational("Aid", 1, "circumstance")
    expert_aid = Situational("Aid (expert)", 2, "circumstance")
    bless = Situational("bless", 1, "status")
    out = AttackRoll("A", "B", "longsword", (4,), bonuses=(aid, expert_aid, bless)).apply(state)
    result = out.detail
    assert isinstance(result, StrikeResult)
    # circumstance: only the +2 counts; status +1 stacks with it
    assert result.total == bare.total + 2 + 1
    assert result.hit and result.word == "success"
    flags = {e.modifier.label: e.applied for e in result.modifiers.entries}
    assert flags["Aid"] is False and flags["Aid (expert)"] is True and flags["bless"] is True
    # the log is the outcome's own explanation, sources included
    assert out.lines[1:] == tuple("  " + row for row in result.explain())
    assert any("Aid (circumstance, GM)" in line and "not applied" in line for line in out.lines)


def test_pf2e_penalty_and_bonus_of_one_type_both_apply() -> None:
    state = GameState(scene_from(DUEL, "pf2e", A=PF2E_SWORD))
    bonuses = (Situational("Aid", 2, "circumstance"), Situational("bad footing", -2, "circumstance"))
    result = AttackRoll("A", "B", "longsword", (10,), bonuses=bonuses).apply(state).detail
    bare = AttackRoll("A", "B", "longsword", (10,)).apply(state).detail
    assert result.total == bare.total  # type: ignore[attr-defined]
    assert all(e.applied for e in result.modifiers.entries)  # type: ignore[attr-defined]


def test_pf2e_refuses_advantage() -> None:
    state = GameState(scene_from(DUEL, "pf2e", A=PF2E_SWORD))
    with pytest.raises(Refused, match="5e rules"):
        AttackRoll("A", "B", "longsword", (10,), reasons=(Reason(ADVANTAGE, "Help"),)).apply(state)


def test_a_bad_situational_bonus_names_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="needs a label"):
        Situational(" ", 1)
    with pytest.raises(ValueError, match=r"'Aid'.*'proficiency'"):
        Situational("Aid", 1, "proficiency")


# ------------------------------------------------------------------------------------------- 5e


def test_5e_gm_advantage_takes_the_higher_die_and_lists_the_reason() -> None:
    state = GameState(scene_from(DUEL, "dnd5e-2014", A=DND_SWORD))
    plain = AttackRoll("A", "B", "longsword", (9, 18)).apply(state).detail
    assert plain.total == 14 and not plain.hit  # type: ignore[attr-defined]
    out = AttackRoll("A", "B", "longsword", (9, 18), reasons=(Reason(ADVANTAGE, "Help"),)).apply(state)
    assert out.detail.mode == ADVANTAGE and out.detail.total == 23 and out.detail.hit  # type: ignore[attr-defined]
    assert any(line.strip() == "advantage: Help" for line in out.lines)
    # advantage and disadvantage cancel, however many of each
    both = (Reason(ADVANTAGE, "Help"), Reason(DISADVANTAGE, "heavy obscurement"))
    mixed = AttackRoll("A", "B", "longsword", (9, 18), reasons=both).apply(state)
    assert mixed.detail.mode == "normal" and mixed.detail.total == 14  # type: ignore[attr-defined]
    assert any("cancel out" in line for line in mixed.lines)


def test_5e_bless_adds_its_rolled_die_and_shows_it_apart() -> None:
    state = GameState(scene_from(DUEL, "dnd5e-2024", A=DND_SWORD))
    miss = AttackRoll("A", "B", "longsword", (7, 7)).apply(state).detail
    assert not miss.hit  # type: ignore[attr-defined]  # 7 + 5 = 12 < 15
    bless = Situational("Bless", 3, dice="1d4")
    out = AttackRoll("A", "B", "longsword", (7, 7), bonuses=(bless,)).apply(state)
    result = out.detail
    assert isinstance(result, AttackResult)
    assert result.total == 15 and result.hit and result.bonus == 5 and result.damage_formula == "1d8+3"
    assert [(m.label, m.value, m.source) for m in result.extras] == [("Bless", 3, "GM, rolled 1d4")]
    rows = result.explain()
    assert rows[0] == "Attack roll: d20 7 +5 +3 = 15"
    assert rows[1:3] == ["  +5 attack bonus", "  +3 Bless (GM, rolled 1d4)"]
    assert rows[-1] == "Result: hit"
    assert out.lines[1:] == tuple("  " + r for r in rows)
    # a natural 1 still misses whatever the bonus
    assert (
        not AttackRoll("A", "B", "longsword", (1, 1), bonuses=(Situational("x", 30),)).apply(state).detail.hit
    )  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------------ spending


def test_a_hero_point_reroll_spends_a_point_keeps_the_new_roll_and_is_not_another_attack() -> None:
    state = started("pf2e", DUEL.replace(". . . C", "C . . D"), A={**PF2E_SWORD, "hero_points": 1})
    history = History(state)
    first = history.execute(AttackRoll("A", "B", "longsword", (3,)))
    assert not first.detail.hit  # type: ignore[attr-defined]
    turn_before = history.state.encounter.turn  # type: ignore[union-attr]
    again = history.execute(AttackRoll("A", "B", "longsword", (2,), reroll_of=(3,)))
    # the new roll is kept even though it is worse; the same attack (no MAP added, no action spent)
    assert again.detail.natural == 2  # type: ignore[attr-defined]
    assert again.detail.total == first.detail.total - 1  # type: ignore[attr-defined]
    assert history.state.encounter.turn == turn_before  # type: ignore[union-attr]
    assert history.state.scene.token("A").hero_points == 0  # type: ignore[union-attr]
    assert "spends a Hero Point to reroll: d20 3 → 2 (the new roll is kept)" in _log(history)
    with pytest.raises(Refused, match="no Hero Points"):
        history.execute(AttackRoll("A", "B", "longsword", (20,), reroll_of=(2,)))
    history.undo()
    assert history.state.scene.token("A").hero_points == 1  # type: ignore[union-attr]


def test_2014_inspiration_gives_advantage_and_2024_heroic_inspiration_rerolls() -> None:
    old = GameState(scene_from(DUEL, "dnd5e-2014", A={**DND_SWORD, "inspiration": True}))
    out = AttackRoll("A", "B", "longsword", (4, 17), inspiration=True).apply(old)
    assert out.detail.mode == ADVANTAGE and out.detail.natural == 17  # type: ignore[attr-defined]
    assert out.state.scene.token("A").inspiration is False  # type: ignore[union-attr]
    with pytest.raises(Refused, match="advantage"):
        AttackRoll("A", "B", "longsword", (4, 17), reroll_of=(3, 3)).apply(old)
    with pytest.raises(Refused, match="already used its action"):  # the Attack action gave one attack
        AttackRoll("A", "B", "longsword", (4, 17)).apply(out.state)
    with pytest.raises(Refused, match="no inspiration"):
        AttackRoll("A", "B", "longsword", (4, 17), inspiration=True, free=True).apply(out.state)
    new = GameState(scene_from(DUEL, "dnd5e-2024", A={**DND_SWORD, "inspiration": True}))
    rerolled = AttackRoll("A", "B", "longsword", (16, 16), reroll_of=(2, 2)).apply(new)
    assert rerolled.detail.natural == 16 and rerolled.detail.hit  # type: ignore[attr-defined]
    assert rerolled.state.scene.token("A").inspiration is False  # type: ignore[union-attr]
    assert any("Heroic Inspiration to reroll" in line for line in rerolled.lines)
    with pytest.raises(Refused, match="only 5e 2014"):
        AttackRoll("A", "B", "longsword", (4, 17), inspiration=True).apply(new)


def test_spend_hero_point_and_set_hero_points_are_logged_and_undoable() -> None:
    history = History(GameState(scene_from(DUEL, "pf2e", A={"hero_points": 2})))
    history.execute(SpendHeroPoint("A", 4, 15, "the Reflex save"))
    assert history.state.scene.token("A").hero_points == 1  # type: ignore[union-attr]
    assert (
        _log(history) == "A spends a Hero Point to reroll the Reflex save: d20 4 → 15 (the new roll is kept)"
    )
    history.execute(SetHeroPoints("A", hero_points=3))
    assert history.state.scene.token("A").hero_points == 3  # type: ignore[union-attr]
    assert _log(history) == "A now has 3 Hero Points (had 1)"
    with pytest.raises(Refused, match="negative"):
        history.execute(SetHeroPoints("A", hero_points=-1))
    history.undo()
    history.undo()
    assert history.state.scene.token("A").hero_points == 2  # type: ignore[union-attr]


# ---------------------------------------------------------------------------------------- checks


def test_roll_check_records_the_roll_and_changes_nothing_else() -> None:
    state = GameState(scene_from(DUEL, "pf2e", A={"skills": (("athletics", 7),)}))
    history = History(state)
    entry = history.execute(
        RollCheck("A", "check", "athletics", (8,), dc=16, bonuses=(Situational("Aid", 1, "circumstance"),))
    )
    assert entry.detail.total == 16 and entry.detail.degree == "success"  # type: ignore[attr-defined]
    assert history.state.scene == state.scene and history.state.encounter == state.encounter
    assert _log(history).splitlines()[0] == "A: Athletics check 16 vs DC 16 — success"
    assert "+1 Aid (circumstance, GM)" in _log(history)
    history.undo()
    assert history.state == state
    with pytest.raises(Refused, match="no perception listed"):
        RollCheck("B", "check", "perception", (8,), dc=16).apply(state)


def test_roll_check_5e_with_advantage_bonus_and_a_heroic_reroll() -> None:
    state = GameState(scene_from(DUEL, "dnd5e-2024", A={"abilities": (("dex", 14),), "inspiration": True}))
    out = RollCheck(
        "A",
        "save",
        "dex",
        (5, 12),
        dc=15,
        reasons=(Reason(ADVANTAGE, "Help"),),
        bonuses=(Situational("Bless", 2, dice="1d4"),),
    ).apply(state)
    assert out.detail.total == 12 + 2 + 2 and out.detail.success  # type: ignore[attr-defined]
    assert out.lines[0] == "A: Dexterity save 16 vs DC 15 — success"
    again = RollCheck("A", "save", "dex", (3, 3), dc=15, reroll_of=(5, 12)).apply(state)
    assert again.detail.total == 5 and not again.detail.success  # type: ignore[attr-defined]
    assert again.state.scene.token("A").inspiration is False  # type: ignore[union-attr]
    assert again.lines[-1].endswith("(the new roll is kept)")


# ----------------------------------------------------------------------------- MAP out of combat


def test_free_attack_number_counts_attacks_since_the_turn_was_last_ended() -> None:
    """Free mode's MAP is the token's own turn ledger (no scan of the history): undo takes an attack back,
    ending a token's free-mode turn resets its count only."""
    history = History(GameState(scene_from(DUEL, "pf2e", A=PF2E_SWORD, B=PF2E_SWORD)))

    def free_attack_number(_entries: object, token_id: str) -> int:
        return history.state.attack_number(token_id)

    assert free_attack_number(history.applied(), "A") == 1
    history.execute(AttackRoll("A", "B", "longsword", (10,)))
    history.execute(AttackRoll("B", "A", "longsword", (10,)))
    assert free_attack_number(history.applied(), "A") == 2
    history.execute(AttackRoll("A", "B", "longsword", (10,), attack_number=2))
    assert free_attack_number(history.applied(), "A") == 3
    history.undo()
    assert free_attack_number(history.applied(), "A") == 2
    history.execute(ResetMovement(("B",)))
    assert free_attack_number(history.applied(), "A") == 2
    assert free_attack_number(history.applied(), "B") == 1
    history.execute(ResetMovement(None))
    assert free_attack_number(history.applied(), "A") == 1
