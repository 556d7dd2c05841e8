"""The table's roll history: every roll made in the dice box, public or secret.

A `TableRoll` is one roll as it was made: who rolled (a token id, or None for the GM), the expression as
typed (``2D6+3``, ``1D20>=15``), the dice it showed (``2d6[3,4]+3``), its total, its verdict against a
target (True / False, None without one), and `secret` — a GM roll the players must never see. The Player
Screen and the players' devices get only the public ones (`rules.play.projection.player_projection`);
the GM's dice box shows them all. `MAX_ROLLS` keeps the history short: the oldest rolls drop off.
"""

from __future__ import annotations

from dataclasses import dataclass

#: How many rolls the history keeps (older ones drop off).
MAX_ROLLS = 200


@dataclass(frozen=True, slots=True)
class TableRoll:
    expression: str
    shown: str
    total: int
    who: str | None = None
    success: bool | None = None
    secret: bool = False


def public_rolls(rolls: tuple[TableRoll, ...]) -> tuple[TableRoll, ...]:
    """The rolls the players may see: every roll but the GM's secret ones."""
    return tuple(r for r in rolls if not r.secret)


__all__ = ["MAX_ROLLS", "TableRoll", "public_rolls"]
