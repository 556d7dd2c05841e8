"""The play layer: every edit the app makes is a command (an intent) that the engine validates and applies
to a `rules.model.GameState`, returning the new state and its log lines; one `History` keeps them for
undo/redo.

* `rules.play.command`: `Command`, `Outcome`, `Refused`;
* `rules.play.history`: `History` (undo/redo, merge keys, a clean mark, a limit);
* `rules.play.moves`: `MoveToken(id, waypoints)`, re-planned by the engine; the turn's budget;
* `rules.play.turns`: initiative, turns, effects and the tracker's commands (`StartEncounter`, `NextTurn`…);
* `rules.play.table`: areas (`PlaceArea`…), `AttackRoll`, `ApplyDamage`, `AreaSaves`;
* `rules.play.edits`: tokens, terrain, walls, settings, map picture, `Batch`;
* `rules.play.effects`: conditions and timed effects (`EditConditions`…), healing (`Heal`, `GainTempHp`);
* `rules.play.rolls`: checks and saves recorded in the log (`RollCheck`, `RollChecks`), hero points;
* `rules.play.actions`: maneuvers and the other actions of a fight (`Maneuver`, `Aid`, `Help`, `Seek`…);
* `rules.play.creatures`: `PlaceCreatures` from the compendium;
* `rules.play.explain`: the words for the engine's answers (log lines, dialog rows).
"""

from rules.play.command import Command, Outcome, Refused
from rules.play.edits import (
    AddTokens,
    AddWalls,
    Batch,
    ChangeSettings,
    DeleteTokens,
    DeleteWalls,
    EditToken,
    PaintTerrain,
    PlaceTokens,
    ReplaceWall,
    ResetMovement,
    SetBackground,
    UpdateToken,
)
from rules.play.history import History
from rules.play.moves import MoveToken
from rules.play.table import ApplyDamage, AreaSaves, AttackRoll, DealDamage, PlaceArea, RemoveArea, UpdateArea
from rules.play.turns import (
    Delay,
    EncounterStep,
    EndEncounter,
    NextTurn,
    PreviousTurn,
    Ready,
    Reorder,
    ReturnFromDelay,
    SetInitiative,
    StartEncounter,
    UseReaction,
)

__all__ = [
    "AddTokens",
    "AddWalls",
    "ApplyDamage",
    "AreaSaves",
    "AttackRoll",
    "Batch",
    "ChangeSettings",
    "Command",
    "DealDamage",
    "Delay",
    "DeleteTokens",
    "DeleteWalls",
    "EditToken",
    "EncounterStep",
    "EndEncounter",
    "History",
    "MoveToken",
    "NextTurn",
    "Outcome",
    "PaintTerrain",
    "PlaceArea",
    "PlaceTokens",
    "PreviousTurn",
    "Ready",
    "Refused",
    "RemoveArea",
    "Reorder",
    "ReplaceWall",
    "ResetMovement",
    "ReturnFromDelay",
    "SetBackground",
    "SetInitiative",
    "StartEncounter",
    "UpdateArea",
    "UpdateToken",
    "UseReaction",
]
