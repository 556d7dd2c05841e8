"""The GUI's questions about moving a token, answered by the rules engine (no Qt here).

All of it is `rules.turn_movement`: the turn's budget, how a path's steps group into PF2e Strides or 5e move
and Dash, the move planner a drag asks on every mouse move, the reactions a move provokes and the overlay
bands. This module only adapts the document's state to it (`budget_for`) and keeps the names the desktop
modules import.
"""

from __future__ import annotations

from desktop.commands import DocState
from rules.encounter_store import encounter_of
from rules.scene import Token
from rules.turn_movement import (
    PF2E_ACTIONS,
    PF2E_MOVE_REACTIONS,
    Budget,
    MovePlan,
    MovePlanner,
    ReactionWarning,
    can_react_to_movement,
    current_budget,
    footprint_bands,
    overlay_bands,
    reaction_warnings,
    threat_reach,
    turn_budget,
)

__all__ = [
    "PF2E_ACTIONS",
    "PF2E_MOVE_REACTIONS",
    "Budget",
    "MovePlan",
    "MovePlanner",
    "ReactionWarning",
    "budget_for",
    "can_react_to_movement",
    "footprint_bands",
    "overlay_bands",
    "reaction_warnings",
    "reactions_used",
    "threat_reach",
    "turn_budget",
]


def reactions_used(state: DocState) -> frozenset[str]:
    """Creatures whose reaction is spent in the running encounter (none outside an encounter)."""
    enc = encounter_of(state.scene)
    return enc.reactions_used if enc is not None else frozenset()


def budget_for(state: DocState, token: Token) -> Budget:
    """The token's budget: from the running encounter on its own turn (actions left, movement spent,
    diagonal parity — `rules.encounter`), else from the document's free-mode movement."""
    return current_budget(state.scene, token, state.turn.of(token.id))
