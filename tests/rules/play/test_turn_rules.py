"""The turn's rules in the play layer: timed effects from the condition editor, PF2e stunned, persistent
damage through IWR at the end of the turn (typed or rolled), Take Cover ending on a move or an attack, the
2024 knock-out, healing commands and the prompts the end-of-turn dialog reads."""

from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.model.effects import END, START, Effect, Ends
from rules.model.scene import Attack, PersistentDamage, Token
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.effects import EditConditions, EndEffect, GainTempHp, Heal, SustainEffect
from rules.play.moves import MoveToken
from rules.play.table import ApplyDamage, AttackRoll
from rules.play.turns import NextTurn, has_reaction, roll_initiative, turn_prompts
from rules.systems.damage import DamageEntry
from rules.systems.turn_rolls import TurnRolls
from tests.rules.play.helpers import scene_from, started

SWORD = (Attack("sword", 30, "1d8+4 slashing plus 1d6 persistent fire"),)
FIRE = (PersistentDamage("1d6", "fire"),)


def _tok(state: GameState, token_id: str) -> Token:
    tok = state.scene.token(token_id)
    assert tok is not None
    return tok


def _next(state: GameState, dice: list[int] | None = None, **rolls: TurnRolls) -> GameState:
    return NextTurn(ScriptedDice(dice or []), **rolls).apply(state).state


def test_condition_editor_effects_are_stored_and_end_on_time() -> None:
    state = started()  # A, B, C, D; A's turn
    until = Effect("x", "B", "frightened", 2, Ends.at_turn("B", END))
    state = EditConditions("B", ("frightened 2", "prone"), (until,)).apply(state).state
    assert state.encounter is not None and [e.id for e in state.encounter.timed] == ["x"]
    state = _next(state)  # B's turn
    state = _next(state)  # B's turn ends: frightened drops to 1 by the rule, and the effect ends
    b = _tok(state, "B")
    assert not b.has_condition("frightened") and b.has_condition("prone")
    assert state.encounter is not None and state.encounter.timed == ()


def test_a_new_duration_replaces_the_old_one_and_ids_stay_unique() -> None:
    state = started()
    first = Effect("B-slowed-1", "B", "slowed", 1, Ends.after_rounds(3, "B"))
    state = EditConditions("B", ("slowed 1",), (first,)).apply(state).state
    again = Effect("B-slowed-1", "B", "slowed", 1, Ends.at_turn("B", START))
    other = Effect("B-slowed-1", "B", "dazzled", None, Ends.at_turn("B", START))
    state = EditConditions("B", ("slowed 1", "dazzled"), (again, other)).apply(state).state
    assert state.encounter is not None
    timed = state.encounter.timed
    assert [e.ends.kind for e in timed] == ["turn", "turn"]
    assert len({e.id for e in timed}) == 2
    # Removing the condition by hand ends its effect.
    state = EditConditions("B", ("dazzled",)).apply(state).state
    assert state.encounter is not None and [e.name for e in state.encounter.timed] == ["dazzled"]
    with pytest.raises(Refused, match="prone is on A, not on B"):
        EditConditions("B", (), (Effect("y", "A", "prone"),)).apply(state)


def test_without_an_encounter_durations_are_not_kept() -> None:
    state = GameState(scene_from("A . B"))
    out = EditConditions("A", ("frightened 1",), (Effect("f", "A", "frightened", 1),)).apply(state)
    assert _tok(out.state, "A").conditions == ("frightened 1",)
    assert out.state.encounter is None and "durations aren't counted" in out.lines[0]


def test_end_and_sustain_an_effect() -> None:
    state = started()
    held = Effect("h", "C", "immobilized", ends=Ends.when_not_sustained("A"))
    state = EditConditions("C", ("immobilized",), (held,)).apply(state).state
    state = _next(state)  # A's turn ends: created this turn, it counts as sustained
    assert _tok(state, "C").has_condition("immobilized")
    for _ in range(3):
        state = _next(state)
    state = SustainEffect("h").apply(state).state  # A sustains it on its round 2 turn
    state = _next(state)
    assert _tok(state, "C").has_condition("immobilized")
    for _ in range(4):
        state = _next(state)  # round 3: A doesn't sustain it
    assert not _tok(state, "C").has_condition("immobilized")
    # Until a successful save: the GM ends it.
    blind = Effect("b", "D", "blinded", ends=Ends.on_save("Fort DC 18"))
    s = EditConditions("D", ("blinded",), (blind,)).apply(started()).state
    out = EndEffect("b").apply(s)
    assert not _tok(out.state, "D").has_condition("blinded") and "Fort DC 18" in out.lines[0]
    with pytest.raises(Refused, match="'nope'"):
        EndEffect("nope").apply(out.state)


def test_pf2e_stunned_loses_actions_and_counts_down() -> None:
    state = started()
    state = EditConditions("B", ("stunned 4",)).apply(state).state
    state = _next(state)  # B's turn: loses 3 actions, stunned 1 left
    assert state.encounter is not None and state.encounter.turn is not None
    assert state.encounter.turn.actions == 0 and _tok(state, "B").condition_value("stunned") == 1
    for _ in range(4):
        state = _next(state)  # round 2, B loses 1 action
    assert state.encounter is not None and state.encounter.turn is not None
    assert state.encounter.turn.actions == 2 and not _tok(state, "B").has_condition("stunned")
    # Stunned for a duration: every action lost while it lasts, the condition stays.
    s = started()
    stun = Effect("s", "C", "stunned", ends=Ends.at_turn("C", END))
    s = EditConditions("C", ("stunned",), (stun,)).apply(s).state
    s = _next(_next(s))
    assert s.encounter is not None and s.encounter.turn is not None and s.encounter.turn.actions == 0
    assert _tok(s, "C").has_condition("stunned")
    s = _next(s)  # C's turn ends: the stun ends
    assert not _tok(s, "C").has_condition("stunned")


def test_persistent_damage_goes_through_resistance_at_the_end_of_the_turn() -> None:
    state = started(B={"resistances": (("fire", 2),), "persistent": FIRE})
    state = _next(state)  # B's turn
    prompts = turn_prompts(state)
    assert prompts.ending == "B" and [p.type for p in prompts.persistent] == ["fire"]
    state = _next(state, end=TurnRolls.given(persistent={"fire": 5}, flat_checks={"fire": 3}))
    b = _tok(state, "B")
    assert b.hp == 17 and b.persistent == FIRE  # 5 − 2 resistance; the flat check 3 failed
    # Rolled by the die source when nothing is typed: 1d6 → 6 (4 after resistance), flat check 15 ends it.
    for _ in range(3):
        state = _next(state)
    state = _next(state, [6, 15])
    assert _tok(state, "B").hp == 13 and _tok(state, "B").persistent == ()


def test_a_strike_gives_persistent_damage_with_its_dice() -> None:
    state = started(A={"attacks": SWORD}, picture="A B . .\n. . . .\nC . . D")
    out = AttackRoll("A", "B", "sword", (15,)).apply(state)
    assert out.detail is not None
    hurt = ApplyDamage("B", (DamageEntry(7, "slashing"),), persistent=FIRE).apply(out.state)
    assert _tok(hurt.state, "B").persistent == FIRE
    assert _tok(hurt.state, "B").hp == 13
    # A weaker one of the same type doesn't replace it (no stacking).
    weaker = ApplyDamage("B", (), persistent=(PersistentDamage("1", "fire"),)).apply(hurt.state)
    assert _tok(weaker.state, "B").persistent == FIRE


def test_take_cover_ends_when_the_creature_moves_or_attacks() -> None:
    state = started(A={"attacks": SWORD, "conditions": ("took-cover",)}, picture="A B . .\n. . . .\nC . . D")
    out = AttackRoll("A", "B", "sword", (15,)).apply(state)
    assert not _tok(out.state, "A").has_condition("took-cover")
    assert any("Take Cover ends" in line for line in out.lines)
    moved = MoveToken("A", (Cell(0, 1),)).apply(state)
    assert not _tok(moved.state, "A").has_condition("took-cover")
    # Only moving, attacking (or falling unconscious) ends it: the end of A's turn doesn't.
    s = _next(state)
    assert _tok(s, "A").has_condition("took-cover")


def test_2024_knock_out_leaves_one_hp_and_2014_leaves_a_stable_creature() -> None:
    hit = (DamageEntry(30, "bludgeoning"),)
    s24 = ApplyDamage("B", hit, nonlethal=True).apply(started("dnd5e-2024")).state
    assert _tok(s24, "B").hp == 1 and _tok(s24, "B").has_condition("unconscious")
    s14 = ApplyDamage("B", hit, nonlethal=True).apply(started("dnd5e-2014")).state
    assert _tok(s14, "B").hp == 0 and _tok(s14, "B").has_condition("stable")
    lethal = ApplyDamage("B", hit).apply(started("dnd5e-2024")).state
    assert _tok(lethal, "B").has_condition("dead")  # not a PC: it dies


def test_heal_and_temporary_hp_commands() -> None:
    state = started(B={"pc": True, "hp": 0, "conditions": ("dying 2", "unconscious")})
    out = Heal("B", 5).apply(state)
    b = _tok(out.state, "B")
    assert b.hp == 5 and not b.has_condition("dying") and b.condition_value("wounded") == 1
    temp = GainTempHp("B", 4).apply(out.state).state
    assert _tok(GainTempHp("B", 3).apply(temp).state, "B").temp_hp == 4  # they don't stack
    with pytest.raises(Refused, match="whole number"):
        Heal("B", -1).apply(state)


def test_prompts_name_the_rolls_of_the_next_advance() -> None:
    state = started(B={"pc": True, "hp": 0, "conditions": ("dying 1", "unconscious")})
    p = turn_prompts(state)
    assert (p.ending, p.starting, p.start_roll, p.persistent) == ("A", "B", "recovery check", ())
    five = started("dnd5e-2014", B={"pc": True, "hp": 0, "conditions": ("unconscious",)})
    assert turn_prompts(five).start_roll == "death saving throw"
    assert not turn_prompts(started()).any
    # Typed: the recovery check the GM gives is the one used.
    after = _next(state, start=TurnRolls(d20=20))  # critical success: dying 1 − 2 → 0
    assert not _tok(after, "B").has_condition("dying")


def test_surprise_2024_is_disadvantage_on_initiative_and_2014_no_reaction() -> None:
    scene = scene_from("A . B", "dnd5e-2024", A={"conditions": ("surprised",)})
    order = roll_initiative(scene, ScriptedDice([18, 4, 10]))  # A: 18 and 4 → 4; B: 10
    assert [(c.token_id, c.d20) for c in order] == [("B", 10), ("A", 4)]
    state = started("dnd5e-2014", D={"conditions": ("surprised",)})
    assert not has_reaction(state, "D") and has_reaction(state, "C")
    for _ in range(4):
        state = _next(state)  # D's first turn ended: surprise is over
    assert has_reaction(state, "D")


def test_falling_unconscious_ends_take_cover() -> None:
    state = started(B={"pc": True, "conditions": ("took-cover",)})
    out = ApplyDamage("B", (DamageEntry(25, "slashing"),)).apply(state)
    assert not _tok(out.state, "B").has_condition("took-cover")
    assert _tok(out.state, "B").has_condition("unconscious")


def test_pf2e_knocked_out_moves_before_the_turn_it_happened_in() -> None:
    state = started(D={"pc": True})  # A, B, C, D; A's turn
    state = _next(state)  # B's turn: B drops D
    out = ApplyDamage("D", (DamageEntry(25, "slashing"),)).apply(state)
    enc = out.state.encounter
    assert enc is not None and [c.token_id for c in enc.order] == ["A", "D", "B", "C"]
    assert enc.current_id == "B" and any("directly before B" in line for line in out.lines)
    # Its next turn is round 2, just before B: the recovery check comes then.
    state = _next(_next(out.state))  # C, then round 2 A
    state = _next(state, [15])
    assert state.encounter is not None and state.encounter.current_id == "D"
    assert not _tok(state, "D").has_condition("dying")
    # 5e has no such move; nor does damage to a creature already at 0 HP.
    five = ApplyDamage("D", (DamageEntry(25, "slashing"),)).apply(
        _next(started("dnd5e-2014", D={"pc": True}))
    )
    assert five.state.encounter is not None and five.state.encounter.order[3].token_id == "D"
    hurt = ApplyDamage("D", (DamageEntry(5, "slashing"),)).apply(state)
    assert hurt.state.encounter == state.encounter
