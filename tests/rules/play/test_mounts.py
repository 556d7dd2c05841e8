"""Mounted combat from the rule texts: PF2e Mount (Player Core 419; 437: the mount acts on the rider's
initiative, the rider fills the mount's space for its attacks, its only move action is to dismount); 5e
2014 l.196–200 (mounting costs half the speed; a controlled mount's initiative becomes the rider's)."""

from __future__ import annotations

import pytest

from rules.geometry.coords import Cell
from rules.model.scene import Attack
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.economy import ledger_for
from rules.play.mounts import Dismount, Mount
from rules.play.moves import MoveToken
from rules.play.table import AttackRoll
from tests.rules.play.helpers import started

FIELD = """
A C . . . .
. . . . . .
. . . . . B
"""


def _tok(state: GameState, tid: str):  # type: ignore[no-untyped-def]
    token = state.scene.token(tid)
    assert token is not None
    return token


def _mounted(system: str) -> GameState:
    state = started(
        system,
        FIELD,
        A={"side": "party", "speed": 30, "attacks": (Attack("spear", 5, "1d6+3 piercing"),)},
        C={"side": "party", "size": "large", "speed": 40},
        B={"side": "foes"},
    )
    return state


def test_mounting_costs_what_the_system_says_and_the_mount_takes_the_riders_initiative() -> None:
    pf = _mounted("pf2e")
    on = Mount("A", "C").apply(pf).state
    a = _tok(on, "A")
    assert a.mounted_on == "C" and a.cell == _tok(on, "C").cell and ledger_for(on, "A").actions == 2
    assert [c.token_id for c in on.encounter.order][:2] == ["A", "C"]  # type: ignore[union-attr]
    five = Mount("A", "C").apply(_mounted("dnd5e-2014")).state
    assert ledger_for(five, "A").movement_left == 15  # half its speed of 30
    small = started("pf2e", "A C", A={"side": "party"}, C={"side": "party"})
    with pytest.raises(Refused, match="not larger"):
        Mount("A", "C").apply(small)


def test_the_rider_moves_with_its_mount_and_only_dismounts_on_its_own() -> None:
    on = Mount("A", "C").apply(_mounted("pf2e")).state
    with pytest.raises(Refused, match="moves with its mount"):
        MoveToken("A", (Cell(0, 2),)).apply(on)
    rode = MoveToken("C", (Cell(3, 0),), free=False).apply(on)  # off-turn: the GM moves the horse
    assert _tok(rode.state, "A").cell == Cell(3, 0) and _tok(rode.state, "C").cell == Cell(3, 0)
    off = Dismount("A", Cell(2, 0)).apply(rode.state).state
    assert _tok(off, "A").mounted_on is None and _tok(off, "A").cell == Cell(2, 0)
    with pytest.raises(Refused, match="beside"):
        Dismount("A", Cell(0, 2)).apply(rode.state)


def test_a_rider_attacks_from_its_mounts_whole_space() -> None:
    state = Mount("A", "C").apply(_mounted("pf2e")).state
    # the horse stands at [3, 1]-[4, 2]; B at [5, 2] is beside the horse's far side, 10 ft from its top-left
    moved = MoveToken("C", (Cell(3, 1),)).apply(state).state
    hit = AttackRoll("A", "B", "spear", (10,)).apply(moved)
    assert hit.detail is not None
    with pytest.raises(Refused, match="out of reach"):
        rider_alone = (
            MoveToken("A", (Cell(3, 1),), free=True).apply(Dismount("A", Cell(2, 1)).apply(moved).state).state
        )
        AttackRoll("A", "B", "spear", (10,), free=True).apply(rider_alone)
