"""The GUI's questions about moving a token are the engine's: `rules.play.moves` (the budget that applies
in a `GameState`) and `rules.turn_movement` (planner, bands, reactions). This module keeps the names desktop
code imports."""

from __future__ import annotations

from rules.model.state import GameState
from rules.play.moves import budget_for, planner_for
from rules.turn_movement import (
    PF2E_ACTIONS,
    PF2E_MOVE_REACTIONS,
    Budget,
    MovePlan,
    MovePlanner,
    ReactionWarning,
    can_react_to_movement,
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
    "planner_for",
    "reaction_warnings",
    "reactions_used",
    "threat_reach",
    "turn_budget",
]


def reactions_used(state: GameState) -> frozenset[str]:
    """Creatures whose reaction is spent in the running encounter (none outside an encounter)."""
    return state.reactions_used
