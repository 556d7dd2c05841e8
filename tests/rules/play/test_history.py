"""The one history: undo/redo over states, the log in the state, merge keys, the clean mark, the limit."""

from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.geometry.coords import Cell, Point
from rules.model.scene import Wall
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.edits import AddWalls, PaintTerrain
from rules.play.history import History
from rules.play.moves import MoveToken
from rules.play.table import ApplyDamage
from rules.play.turns import EndEncounter, StartEncounter
from rules.systems.damage import DamageEntry
from tests.rules.play.helpers import ARENA, scene_from


def test_undo_redo_and_the_log_follow_the_state() -> None:
    base = GameState(scene_from(ARENA))
    h = History(base)
    h.execute(MoveToken("A", (Cell(1, 0),)))
    h.execute(ApplyDamage("B", (DamageEntry(7, "fire"),)))
    assert h.state.scene.token("B").hp == 13  # type: ignore[union-attr]
    assert len(h.state.log) == 2 and "takes 7 damage" in h.state.log[1]
    assert h.undo_label() == "Apply damage"
    h.undo()
    h.undo()
    assert h.state == base and h.state.log == ()
    assert h.redo_label() == "Move token"
    h.redo()
    assert h.state.scene.token("A").cell == Cell(1, 0)  # type: ignore[union-attr]
    assert h.state.log == ("A moves 5 ft to [1, 0] (1 Stride; 2 actions left)",)
    # a new command drops what could be redone
    h.execute(PaintTerrain((Cell(2, 1),), "difficult"))
    assert not h.can_redo()


def test_redo_restores_the_rolled_result_instead_of_rolling_again() -> None:
    h = History(GameState(scene_from(ARENA)))
    entry = h.execute(StartEncounter(dice=ScriptedDice([5, 6, 7, 8])))
    assert entry.log.startswith("Initiative:")
    first = h.state
    h.undo()
    h.redo()  # the dice are spent: redo must not roll again
    assert h.state == first
    h.execute(EndEncounter())
    assert h.state.encounter is None


def test_a_refused_command_changes_nothing() -> None:
    h = History(GameState(scene_from(ARENA)))
    with pytest.raises(Refused, match="can't end a move in B's space"):
        h.execute(MoveToken("A", (Cell(3, 0),)))
    assert not h.can_undo() and h.state.log == ()


def test_merge_keys_make_one_step_and_one_log_entry_unless_saved_between() -> None:
    h = History(GameState(scene_from(ARENA)))
    h.execute(PaintTerrain((Cell(1, 1),), "difficult", log="paint 1", merge_key="stroke"))
    h.execute(PaintTerrain((Cell(2, 1),), "difficult", log="paint 2", merge_key="stroke"))
    assert len(h.applied()) == 1 and h.state.log == ("paint 2",)
    h.mark_clean()
    h.execute(PaintTerrain((Cell(1, 2),), "difficult", log="paint 3", merge_key="stroke"))
    assert len(h.applied()) == 2 and not h.is_clean()
    h.undo()
    assert h.is_clean()


def test_the_limit_drops_the_oldest_steps() -> None:
    h = History(GameState(scene_from(ARENA)), limit=2)
    for x in range(3):
        h.execute(AddWalls((Wall(Point(x, 0), Point(x, 1)),)))
    assert len(h.applied()) == 2
    h.undo()
    h.undo()
    assert not h.can_undo() and len(h.state.scene.walls) == 1
    with pytest.raises(ValueError):
        History(GameState(scene_from(ARENA)), limit=0)
