"""The table's commands are the engine's (`rules.play.table`, `rules.play.turns`): this module keeps the names
desktop code imports."""

from __future__ import annotations

from rules.model.state import GameState
from rules.play.table import AreaSaves, AttackRoll, DealDamage, PlaceArea, RemoveArea, UpdateArea
from rules.play.turns import Delay as delay_command
from rules.play.turns import EncounterStep as EncounterCommand
from rules.play.turns import EndEncounter as end_encounter_command
from rules.play.turns import NextTurn as next_turn_command
from rules.play.turns import PreviousTurn as previous_turn_command
from rules.play.turns import Ready as ready_command
from rules.play.turns import Reorder as reorder_command
from rules.play.turns import ReturnFromDelay as return_from_delay_command
from rules.play.turns import SetInitiative as set_initiative_command
from rules.play.turns import StartEncounter as start_encounter_command
from rules.play.turns import UseReaction as reaction_command

__all__ = [
    "AreaSaves",
    "AttackRoll",
    "DealDamage",
    "EncounterCommand",
    "PlaceArea",
    "RemoveArea",
    "UpdateArea",
    "current_attack_number",
    "delay_command",
    "end_encounter_command",
    "next_turn_command",
    "previous_turn_command",
    "reaction_command",
    "ready_command",
    "reorder_command",
    "return_from_delay_command",
    "set_initiative_command",
    "start_encounter_command",
]


def current_attack_number(gs: GameState, token_id: str) -> int:
    """The number of `token_id`'s next attack this turn (1 off its turn or without an encounter)."""
    return gs.attack_number(token_id)
