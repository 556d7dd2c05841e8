"""Three full rounds in each system, played only through the play layer's commands on one `History`
(issue 15, "Done when"): conditions tick (PF2e frightened drops, effects with durations end), a persistent
fire damage ends on its DC 15 flat check (PF2e), a PC drops to 0 HP, makes recovery checks / death saves and
is healed back up. Every step is undone and redone: undo gives back exactly the state before the step, redo
the state after it, without rolling again (the scripted dice would run out).

A fourth round in each system spends the turn economy (issue 24, "Done when"): PF2e — a Strike then a
readied Strike that keeps the multiple attack penalty it had when readied (Player Core l.540), a Delay whose
persistent damage is taken once (l.511), an Aid that changes the ally's next attack roll (l.487–497); 5e —
the Attack action, the bonus-action attack with a second light weapon, a Dash refused for want of the
action, and a Help that gives the ally's next attack roll advantage."""

from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.model.effects import END, START, Effect, Ends
from rules.model.scene import Attack, PersistentDamage, Token
from rules.model.state import GameState
from rules.play.actions import Aid, Help, PrepareAid
from rules.play.basic_actions import BasicAction
from rules.play.command import Command, Refused
from rules.play.economy import ledger_for
from rules.play.effects import EditConditions, Heal
from rules.play.history import Entry, History
from rules.play.moves import MoveToken
from rules.play.table import ApplyDamage, AttackRoll
from rules.play.turns import Delay, NextTurn, Ready, ReturnFromDelay, StartEncounter, turn_prompts
from rules.systems.damage import DamageEntry
from rules.systems.turn_rolls import TurnRolls
from tests.rules.play.helpers import ARENA, scene_from

ORDER = (("A", 20), ("B", 15), ("C", 10), ("D", 5))


def _step(h: History, command: Command) -> Entry:
    """Execute `command`, then check that undo restores the state before it exactly and redo the after."""
    before = h.state
    entry = h.execute(command)
    after = h.state
    assert after != before
    h.undo()
    assert h.state == before
    h.redo()
    assert h.state == after
    return entry


def _tok(h: History, token_id: str) -> Token:
    tok = h.state.scene.token(token_id)
    assert tok is not None
    return tok


def _turn(h: History) -> tuple[int, str | None]:
    enc = h.state.encounter
    assert enc is not None
    return enc.round, enc.current_id


def _next(h: History, dice: list[int] | None = None, **rolls: TurnRolls) -> Entry:
    return _step(h, NextTurn(ScriptedDice(dice or []), **rolls))


#: Everyone's weapons: PF2e a shortbow (ranged, range increment 60 ft); 5e two light blades and a bow.
PF2E_WEAPONS = (Attack("shortbow", 9, "1d6 piercing", range_increment=60),)
DND_WEAPONS = (
    Attack("shortsword", 5, "1d6+3 piercing", properties=("finesse", "light")),
    Attack("dagger", 5, "1d4+3 piercing", properties=("finesse", "light", "thrown")),
    Attack("shortbow", 5, "1d6+3 piercing", range=(80, 320)),
)


def _refused(h: History, command: Command, match: str) -> None:
    before = h.state
    with pytest.raises(Refused, match=match):
        h.execute(command)
    assert h.state == before


def _history(system: str) -> History:
    weapons = PF2E_WEAPONS if system == "pf2e" else DND_WEAPONS
    scene = scene_from(
        ARENA,
        system,
        A={"pc": True, "side": "party", "attacks": weapons},
        B={"side": "enemy", "attacks": weapons},
        C={"pc": True, "side": "party", "attacks": weapons},
        D={"side": "enemy", "attacks": weapons},
    )
    h = History(GameState(scene))
    _step(h, StartEncounter(rolls=ORDER, dice=ScriptedDice([])))
    assert _turn(h) == (1, "A")
    return h


def test_three_rounds_of_pf2e() -> None:
    h = _history("pf2e")
    # Round 1, A's turn: B is frightened 2; D is off-guard until the start of A's next turn; a Strike on B
    # deals 5 slashing and 1d6 persistent fire (the dice are kept).
    _step(h, EditConditions("B", ("frightened 2",)))
    off = Effect("d-off", "D", "off-guard", ends=Ends.at_turn("A", START))
    _step(h, EditConditions("D", ("off-guard",), (off,)))
    fire = (PersistentDamage("1d6", "fire"),)
    _step(h, ApplyDamage("B", (DamageEntry(5, "slashing"),), persistent=fire))
    assert _tok(h, "B").hp == 15 and _tok(h, "B").persistent == fire
    assert turn_prompts(h.state).persistent == ()  # A has none to roll
    _next(h)
    assert _turn(h) == (1, "B")
    # B knocks A out: dying 1.
    _step(h, ApplyDamage("A", (DamageEntry(25, "slashing"),)))
    assert _tok(h, "A").condition_value("dying") == 1 and _tok(h, "A").hp == 0
    # B's turn ends: the app asks for its persistent fire; 1d6 rolls 4 (HP 11), flat check 9: it continues;
    # frightened 2 → 1.
    prompts = turn_prompts(h.state)
    assert prompts.ending == "B" and prompts.persistent == fire and prompts.starting == "C"
    entry = _next(h, [4, 9])
    assert _tok(h, "B").hp == 11 and _tok(h, "B").persistent == fire
    assert _tok(h, "B").condition_value("frightened") == 1
    assert "flat check" in entry.log and "continues" in entry.log
    # C's turn: it took cover, then moves: Take Cover ends. D will be stunned 2 at its turn.
    _step(h, EditConditions("C", ("took-cover",)))
    _step(h, MoveToken("C", (Cell(1, 2),)))
    assert not _tok(h, "C").has_condition("took-cover")
    _step(h, EditConditions("D", ("off-guard", "stunned 2")))
    _next(h)
    assert _turn(h) == (1, "D")
    enc = h.state.encounter
    assert enc is not None and enc.turn is not None and enc.turn.actions == 1  # lost 2 to stunned 2
    assert not _tok(h, "D").has_condition("stunned")
    # Round 2, A's turn starts: D's off-guard ends; A's recovery check (DC 11) rolls 5: dying 2.
    assert turn_prompts(h.state).start_roll == "recovery check"
    entry = _next(h, [5])
    assert _turn(h) == (2, "A")
    assert not _tok(h, "D").has_condition("off-guard")
    assert h.state.encounter is not None and h.state.encounter.timed == ()
    assert _tok(h, "A").condition_value("dying") == 2 and "recovery check" in entry.log
    _next(h)  # A is unconscious: its turn ends with nothing to roll
    # B's turn ends: the GM types the roll in: 2 fire (HP 9), flat check 15: the fire ends; frightened ends.
    _next(h, end=TurnRolls.given(persistent={"fire": 2}, flat_checks={"fire": 15}))
    assert _tok(h, "B").hp == 9 and _tok(h, "B").persistent == ()
    assert not _tok(h, "B").has_condition("frightened")
    _next(h)
    # Round 3, A's turn starts: the recovery check typed in at the table: 12 vs DC 12, success: dying 1.
    _next(h, start=TurnRolls(d20=12))
    assert _turn(h) == (3, "A") and _tok(h, "A").condition_value("dying") == 1
    _next(h)
    _next(h)
    assert _turn(h) == (3, "C")
    # C heals A: 8 HP, no longer dying, wounded 1, awake.
    _step(h, Heal("A", 8))
    a = _tok(h, "A")
    assert a.hp == 8 and not a.has_condition("dying") and not a.has_condition("unconscious")
    assert a.condition_value("wounded") >= 1
    _next(h)
    _next(h)  # round 4, A's turn: no recovery check any more
    assert _turn(h) == (4, "A")
    assert _tok(h, "A").hp == 8 and not _tok(h, "A").has_condition("dying")
    _fourth_round_of_pf2e(h)


def _fourth_round_of_pf2e(h: History) -> None:
    # A Strikes B (10 + 9 = 19 vs AC 15: a hit, the 1st attack): 3 slashing and 1d6 persistent fire
    first = _step(h, AttackRoll("A", "B", "shortbow", (10,)))
    assert first.detail.attack_bonus == 9  # type: ignore[attr-defined]
    _step(h, ApplyDamage("B", (DamageEntry(3, "piercing"),), persistent=(PersistentDamage("1d6", "fire"),)))
    assert _tok(h, "B").hp == 6
    # then Readies a Strike (two actions, its 3rd): its turn ends at once (「その後、君のターンは終了する」)
    _step(h, Ready("A", "when B moves", ScriptedDice([]), action="strike"))
    assert _turn(h) == (4, "B") and ledger_for(h.state, "A").actions == 0
    # B's turn begins and it Delays: its persistent fire happens now (2), the flat check 9 fails
    _step(h, Delay(ScriptedDice([]), rolls=TurnRolls.given(persistent={"fire": 2}, flat_checks={"fire": 9})))
    assert _turn(h) == (4, "C") and _tok(h, "B").hp == 4 and _tok(h, "B").persistent
    # a delaying creature can't react (Player Core 416)
    _refused(h, AttackRoll("B", "C", "shortbow", (10,)), "delaying")
    # on C's turn A's readied Strike goes off: a reaction with the −5 it had when readied (its 2nd attack)
    readied = _step(h, AttackRoll("A", "B", "shortbow", (10,)))
    assert readied.detail.attack_bonus == 4  # type: ignore[attr-defined]
    assert "A" in h.state.reactions_used
    # C prepares to Aid D (an action on its turn); without it, an Aid is refused
    _refused(h, Aid("C", "D", 12, modifier=5), "hasn't prepared")
    _step(h, PrepareAid("C", "D"))
    _next(h)
    assert _turn(h) == (4, "D")
    # on D's turn C Aids it (12 + 5 = 17 vs DC 15: +1) and D's next attack roll has the +1 circumstance
    _step(h, Aid("C", "D", 12, modifier=5))
    aided = _step(h, AttackRoll("D", "A", "shortbow", (6,)))
    assert aided.detail.attack_bonus == 10  # type: ignore[attr-defined]
    plain = _step(h, AttackRoll("D", "A", "shortbow", (6,)))  # the Aid was used: 9 − 5 (2nd attack)
    assert plain.detail.attack_bonus == 4  # type: ignore[attr-defined]
    # as D's turn ends B returns from Delay: its turn begins without its start-of-turn rules, and its end
    # of turn takes no persistent damage again (no roll is needed: the scripted dice are empty)
    _step(h, ReturnFromDelay("B", ScriptedDice([])))
    assert _turn(h) == (4, "B")
    _next(h)
    assert _turn(h) == (5, "A") and _tok(h, "B").hp == 4 and _tok(h, "B").persistent


def test_three_rounds_of_dnd5e_2014() -> None:
    h = _history("dnd5e-2014")
    # Round 1, A's turn: B is frightened until the end of its next turn; D is surprised (its first turn).
    scared = Effect("b-fear", "B", "frightened", ends=Ends.at_turn("B", END))
    _step(h, EditConditions("B", ("frightened",), (scared,)))
    _step(h, EditConditions("D", ("surprised",)))
    _next(h)
    # B's turn: B drops A to 0 HP (a PC: unconscious, death saves); B Dodges.
    _step(h, ApplyDamage("A", (DamageEntry(25, "slashing"),)))
    assert _tok(h, "A").hp == 0 and _tok(h, "A").has_condition("unconscious")
    _step(h, EditConditions("B", ("frightened", "dodging"), ()))
    entry = _next(h)  # B's turn ends: the frightened effect ends with it
    assert not _tok(h, "B").has_condition("frightened") and "frightened on B ends" in entry.log
    _next(h)
    # D is surprised: no move or action on its first turn; surprise ends when that turn ends.
    enc = h.state.encounter
    assert _turn(h) == (1, "D") and enc is not None and enc.turn is not None
    assert enc.turn.actions == 0 and enc.turn.movement == 0
    # Round 2, A's death save rolls 12: one success.
    assert turn_prompts(h.state).start_roll == "death saving throw"
    _next(h, [12])
    assert not _tok(h, "D").has_condition("surprised")
    assert _turn(h) == (2, "A") and _tok(h, "A").death_saves == (1, 0)
    _next(h)  # B's turn starts: its Dodge ends
    assert not _tok(h, "B").has_condition("dodging")
    _next(h)
    _next(h)
    # Round 3, A's death save typed in: 3, a failure.
    _next(h, start=TurnRolls(d20=3))
    assert _turn(h) == (3, "A") and _tok(h, "A").death_saves == (1, 1)
    _next(h)
    _next(h)
    _step(h, Heal("A", 5))  # C heals A: awake, the saves reset
    a = _tok(h, "A")
    assert a.hp == 5 and not a.has_condition("unconscious") and a.death_saves == (0, 0)
    _next(h)
    _next(h)
    assert _turn(h) == (4, "A") and _tok(h, "A").death_saves == (0, 0)
    _fourth_round_of_dnd5e(h)


def _fourth_round_of_dnd5e(h: History) -> None:
    # A closes in (10 ft of its 25), takes the Attack action with its shortsword (16 + 5 vs AC 15: a hit)
    _step(h, MoveToken("A", (Cell(2, 0),)))
    _step(h, AttackRoll("A", "B", "shortsword", (16, 16)))
    # then the bonus-action attack with its other light weapon (two-weapon fighting)
    _refused(h, AttackRoll("A", "B", "shortsword", (16, 16), offhand=True), "different light melee weapon")
    _step(h, AttackRoll("A", "B", "dagger", (16, 16), offhand=True))
    _refused(h, AttackRoll("A", "B", "dagger", (16, 16), offhand=True), "bonus action")
    # the action is spent: no Dash, and no other attack (its Attack action gave one)
    _refused(h, BasicAction("A", "dash", ScriptedDice([])), "already used its action")
    _refused(h, AttackRoll("A", "B", "shortbow", (16, 16)), "already used its action")
    turn = ledger_for(h.state, "A")
    assert (turn.actions, turn.bonus_actions, turn.movement_left, turn.attacks) == (0, 0, 15, 2)
    _next(h)
    _next(h)
    assert _turn(h) == (4, "C")
    # C steps up to B and Helps A's attack on B (B within 5 ft of C); too far away, it couldn't
    _refused(h, Help("C", "A", target_id="B"), "within 5 ft")
    _step(h, MoveToken("C", (Cell(2, 1),)))
    _step(h, Help("C", "A", target_id="B"))
    _next(h)
    _next(h)
    assert _turn(h) == (5, "A")
    # A's next attack roll against B has advantage (3 and 17: the 17), once
    helped = _step(h, AttackRoll("A", "B", "shortsword", (3, 17)))
    assert helped.detail.mode == "advantage" and helped.detail.d20_used == 17  # type: ignore[attr-defined]
    after = _step(h, AttackRoll("A", "B", "dagger", (3, 17), offhand=True))
    assert after.detail.mode == "normal" and after.detail.d20_used == 3  # type: ignore[attr-defined]


def test_three_rounds_of_dnd5e_2024() -> None:
    h = _history("dnd5e-2024")
    # Round 1, A's turn: A knocks D out (2024: left at 1 HP, unconscious); C is stunned until the end of
    # A's next turn.
    _step(h, ApplyDamage("D", (DamageEntry(30, "bludgeoning"),), nonlethal=True))
    assert _tok(h, "D").hp == 1 and _tok(h, "D").has_condition("unconscious")
    stun = Effect("c-stun", "C", "stunned", ends=Ends.at_turn("A", END, count=2))
    _step(h, EditConditions("C", ("stunned",), (stun,)))
    _next(h)
    _step(h, ApplyDamage("A", (DamageEntry(22, "piercing"),)))
    assert _tok(h, "A").hp == 0
    _next(h)
    enc = h.state.encounter
    assert _turn(h) == (1, "C") and enc is not None and enc.turn is not None and enc.turn.actions == 0
    _next(h)
    # Round 2: A's death save 1: two failures.
    _next(h, [1])
    assert _tok(h, "A").death_saves == (0, 2)
    _next(h)  # A's turn ends: C's stun ends (the end of A's next turn)
    assert not _tok(h, "C").has_condition("stunned")
    _next(h)
    _step(h, Heal("D", 3))  # someone heals the knocked-out D: it wakes
    assert not _tok(h, "D").has_condition("unconscious")
    _next(h)
    # Round 3: A's death save 20: it regains 1 HP and wakes.
    _next(h, start=TurnRolls(d20=20))
    a = _tok(h, "A")
    assert _turn(h) == (3, "A") and a.hp == 1 and not a.has_condition("unconscious")
    _step(h, Heal("A", 10))
    assert _tok(h, "A").hp == 11
    for _ in range(4):
        _next(h)
    assert _turn(h) == (4, "A") and _tok(h, "A").death_saves == (0, 0)
    _fourth_round_of_dnd5e(h)
