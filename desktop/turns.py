"""Movement already spent this turn, per token: the GUI's stand-in until rules/encounter.py tracks turns.

A value type kept next to the scene in the document state, so undo/redo restore it with the move that
changed it. ``diagonals`` is the number of diagonal steps taken so far this turn (its parity decides
whether the next diagonal costs 5 or 10 ft under the alternating count); ``actions`` counts the PF2e
Strides used, or 1 for a D&D 5e creature that has taken the Dash action.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class Spent:
    feet: int = 0
    diagonals: int = 0
    actions: int = 0

    def plus(self, feet: int, diagonals: int, actions: int) -> Spent:
        return Spent(self.feet + feet, self.diagonals + diagonals, self.actions + actions)


NOTHING_SPENT = Spent()


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
