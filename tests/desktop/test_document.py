"""Commands, the undo history and the document: every edit undoes and redoes exactly."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace

import pytest

from desktop.document import Document
from rules.geometry.coords import Cell, Point
from rules.io.scene_json import scene_to_json
from rules.model.scene import Wall
from rules.model.state import GameState
from rules.model.turn_ledger import FreeTurns, TurnLedger
from rules.play.edits import (
    AddTokens,
    AddWalls,
    Batch,
    DeleteTokens,
    PaintTerrain,
    ReplaceWall,
    ResetMovement,
    UpdateToken,
    unique_token_id,
)
from rules.play.moves import MoveToken
from tests.desktop.helpers import ascii_scene

PICTURE = """
A....
..~..
....b
"""


def test_turn_state_is_frozen() -> None:
    turn = FreeTurns()
    with pytest.raises(FrozenInstanceError):
        turn.round = 2  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        TurnLedger("A").movement_spent = 5  # type: ignore[misc]


def test_move_command_moves_and_spends() -> None:
    scene = ascii_scene(PICTURE)
    state = GameState(scene)
    after = MoveToken("A", (Cell(1, 1),)).apply(state).state  # the engine prices it: 5 ft, 1 Stride
    assert after.scene.token("A").cell == Cell(1, 1)
    ledger = after.free.of("A")
    assert ledger is not None
    assert (ledger.movement_spent, ledger.diagonals, ledger.actions, ledger.actions_used) == (5, 1, 2, 1)
    free = MoveToken("A", (Cell(3, 0),), free=True).apply(state).state
    assert free.scene.token("A").cell == Cell(3, 0) and free.free.of("A") is None
    assert state.scene.token("A").cell == Cell(0, 0)  # the old state is untouched


def test_paint_terrain_replaces_and_erases() -> None:
    scene = ascii_scene(PICTURE)
    state = GameState(scene)
    painted = PaintTerrain((Cell(2, 1), Cell(3, 1), Cell(9, 9)), "impassable").apply(state).state
    assert painted.scene.terrain_map() == {Cell(2, 1): "impassable", Cell(3, 1): "impassable"}
    erased = PaintTerrain((Cell(2, 1),), None).apply(painted).state
    assert erased.scene.terrain_map() == {Cell(3, 1): "impassable"}


def test_document_undo_redo_restore_every_state() -> None:
    scene = ascii_scene(PICTURE)
    doc = Document(scene)
    states = [scene_to_json(doc.scene)]
    turns = [doc.free]
    commands = [
        MoveToken("A", (Cell(1, 0),)),
        PaintTerrain((Cell(0, 2),), "difficult", log="paint"),
        AddWalls((Wall(Point(1, 0), Point(1, 3)),), log="wall"),
        ReplaceWall(0, Wall(Point(1, 0), Point(1, 3), "door", True), log="door"),
        UpdateToken("b", replace(scene.token("b"), hp=3, max_hp=10), log="hp"),
        AddTokens((replace(scene.token("b"), id="c", cell=Cell(4, 0)),), log="add"),
        DeleteTokens(("b",), log="delete"),
        ResetMovement(None, log="new round"),
    ]
    for c in commands:
        doc.execute(c)
        states.append(scene_to_json(doc.scene))
        turns.append(doc.free)
    assert doc.log == ["A moves 5 ft to [1, 0] (1 Stride; 2 actions left)", *(c.log for c in commands[1:])]
    for i in range(len(commands), 0, -1):
        assert scene_to_json(doc.scene) == states[i] and doc.free == turns[i]
        assert doc.undo()
    assert scene_to_json(doc.scene) == states[0] and doc.free == turns[0]
    assert not doc.undo() and doc.log == []
    for i in range(1, len(commands) + 1):
        assert doc.redo()
        assert scene_to_json(doc.scene) == states[i] and doc.free == turns[i]
    assert not doc.redo()


def test_new_command_drops_the_redo_branch_and_dirty_tracks_the_saved_state(tmp_path) -> None:  # type: ignore[no-untyped-def]
    doc = Document(ascii_scene(PICTURE))
    assert not doc.dirty
    doc.execute(MoveToken("A", (Cell(1, 0),)))
    assert doc.dirty
    doc.saved_as(tmp_path / "x.json")
    assert not doc.dirty
    doc.undo()
    assert doc.dirty
    doc.execute(MoveToken("A", (Cell(0, 1),)))
    assert not doc.can_redo()
    assert doc.dirty  # the saved state is no longer reachable


def test_merge_key_makes_one_undo_step() -> None:
    scene = ascii_scene(PICTURE)
    doc = Document(scene)
    b = scene.token("b")
    for hp in (9, 8, 7):
        doc.execute(UpdateToken("b", replace(b, hp=hp), merge_key=("inspector", "b", "hp")))
    assert doc.scene.token("b").hp == 7
    doc.undo()
    assert doc.scene.token("b").hp == b.hp
    assert not doc.can_undo()


def test_signals_report_old_and_new_state(qtbot) -> None:  # type: ignore[no-untyped-def]
    doc = Document(ascii_scene(PICTURE))
    seen: list[tuple[GameState, GameState]] = []
    doc.changed.connect(lambda old, new: seen.append((old, new)))
    with qtbot.waitSignal(doc.logged):
        doc.execute(Batch((MoveToken("A", (Cell(1, 0),)),), log="batch"))
    assert seen[-1][0].scene.token("A").cell == Cell(0, 0)
    assert seen[-1][1].scene.token("A").cell == Cell(1, 0)


def test_unique_token_id() -> None:
    scene = ascii_scene(PICTURE)
    assert unique_token_id(scene, "Goblin Boss") == "goblin-boss"
    assert unique_token_id(scene, "b") == "b-2"


def test_a_refused_command_changes_nothing_and_says_why(qtbot) -> None:  # type: ignore[no-untyped-def]
    doc = Document(ascii_scene(PICTURE))
    seen: list[str] = []
    doc.refused.connect(seen.append)
    changes: list[object] = []
    doc.changed.connect(lambda old, new: changes.append(new))
    before = doc.state
    # b stands at [4, 2]: a move ending in its space is illegal, whatever the GUI thought
    assert doc.execute(MoveToken("A", (Cell(4, 2),))) is None
    assert doc.state is before and not doc.can_undo() and not changes
    assert seen and "b's space" in seen[0] and doc.last_refusal == seen[0]


def test_the_log_and_the_encounter_are_part_of_the_state(qtbot) -> None:  # type: ignore[no-untyped-def]
    from rules.dice import ScriptedDice
    from rules.io.state_json import state_from_document, state_to_document
    from rules.play.turns import NextTurn, StartEncounter

    doc = Document(ascii_scene(PICTURE))
    doc.execute(StartEncounter(dice=ScriptedDice([15, 5])))
    doc.execute(NextTurn(ScriptedDice([])))
    assert doc.encounter is not None and doc.encounter.current_id == "b"
    saved = state_to_document(doc.state)
    assert saved["encounter"] and saved["log"] == doc.log
    assert "encounter" not in doc.scene.extra and "log" not in doc.scene.extra
    reopened = Document(state_from_document(saved).state)
    assert reopened.encounter == doc.encounter and reopened.log == doc.log
    doc.undo()
    doc.undo()
    assert doc.encounter is None and doc.log == []
