"""Three full rounds in each system, played only through the play layer's commands on one `History`
(issue 15, "Done when"): conditions tick (PF2e frightened drops, effects with durations end), a persistent
fire damage ends on its DC 15 flat check (PF2e), a PC drops to 0 HP, makes recovery checks / death saves and
is healed back up. Every step is undone and redone: undo gives back exactly the state before the step, redo
the state after it, without rolling again (the scripted dice would run out)."""

from __future__ import annotations

from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.model.effects import END, START, Effect, Ends
from rules.model.scene import PersistentDamage, Token
from rules.model.state import GameState
from rules.play.command import Command
from rules.play.effects import EditConditions, Heal
from rules.play.history import Entry, History
from rules.play.moves import MoveToken
from rules.play.table import ApplyDamage
from rules.play.turns import NextTurn, StartEncounter, turn_prompts
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


def _history(system: str) -> History:
    scene = scene_from(
        ARENA,
        system,
        A={"pc": True, "side": "party"},
        B={"side": "enemy"},
        C={"pc": True, "side": "party"},
        D={"side": "enemy"},
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
