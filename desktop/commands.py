"""The document's commands are the engine's (`rules.play`): this module keeps the names desktop code imports.

`DocState` is `rules.model.GameState`: what undo/redo restore (scene, encounter, areas, log, free mode's
movement).
"""

from rules.model.encounter import Spent
from rules.model.state import GameState
from rules.play.command import Command
from rules.play.edits import (
    AddTokens,
    AddWalls,
    Batch,
    ChangeSettings,
    DeleteTokens,
    DeleteWalls,
    PaintTerrain,
    PlaceTokens,
    ReplaceWall,
    ResetMovement,
    SetBackground,
    UpdateToken,
    unique_token_id,
)
from rules.play.moves import MoveToken

DocState = GameState

__all__ = [
    "AddTokens",
    "AddWalls",
    "Batch",
    "ChangeSettings",
    "Command",
    "DeleteTokens",
    "DeleteWalls",
    "DocState",
    "MoveToken",
    "PaintTerrain",
    "PlaceTokens",
    "ReplaceWall",
    "ResetMovement",
    "SetBackground",
    "Spent",
    "UpdateToken",
    "unique_token_id",
]
