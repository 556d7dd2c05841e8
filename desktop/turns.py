"""Movement already spent this turn, per token: the GUI's stand-in until rules/encounter.py tracks turns.

A value type kept next to the scene in the document state, so undo/redo restore it with the move that
changed it. Each token's entry is a `rules.turn_movement.Spent`: the feet, diagonal steps (their parity) and
actions (PF2e Strides; 5e 1 after a Dash) it has moved since the last "End turn".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from rules.turn_movement import NOTHING_SPENT, Spent

__all__ = ["NOTHING_SPENT", "Spent", "TurnState"]


@dataclass(frozen=True, slots=True)
class TurnState:
    round: int = 1
    spent: tuple[tuple[str, Spent], ...] = ()

    def of(self, token_id: str) -> Spent:
        for tid, s in self.spent:
            if tid == token_id:
                return s
        return NOTHING_SPENT

    def with_spent(self, token_id: str, spent: Spent) -> TurnState:
        kept = tuple((tid, s) for tid, s in self.spent if tid != token_id)
        if spent == NOTHING_SPENT:
            return replace(self, spent=kept)
        return replace(self, spent=(*kept, (token_id, spent)))

    def reset(self, token_ids: Iterable[str] | None = None) -> TurnState:
        """Forget the movement of `token_ids` (all tokens when None)."""
        if token_ids is None:
            return replace(self, spent=())
        drop = set(token_ids)
        return replace(self, spent=tuple((tid, s) for tid, s in self.spent if tid not in drop))

    def next_round(self) -> TurnState:
        return TurnState(self.round + 1, ())

    def renamed(self, old: str, new: str) -> TurnState:
        return replace(self, spent=tuple((new if tid == old else tid, s) for tid, s in self.spent))
