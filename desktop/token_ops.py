"""Token commands (new, duplicate, delete, end turn) are built by the engine: `rules.play.edits`."""

from rules.play.edits import (
    add_token_command,
    delete_command,
    duplicate_command,
    end_turn_command,
    free_cell_near,
)

__all__ = ["add_token_command", "delete_command", "duplicate_command", "end_turn_command", "free_cell_near"]
