"""Roll modes: advantage, disadvantage or normal, the reasons that give them, and which d20 a mode keeps.

Plain values every system's rolls answer with (a system without advantage rolls ``normal``), and the GM's
input to a roll (a `Reason` with its words). D&D 5e reads them (its conditions table
`rules.systems.dnd5e.conditions`, the attack's reasons `rules.systems.dnd5e.advantage`): any number of
sources give one advantage (or disadvantage), both give neither; with ``[first, second]`` normal keeps the
first, advantage the higher, disadvantage the lower."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

ADVANTAGE = "advantage"
DISADVANTAGE = "disadvantage"
NORMAL = "normal"
MODES: tuple[str, ...] = (ADVANTAGE, DISADVANTAGE, NORMAL)


@dataclass(frozen=True, slots=True)
class Reason:
    kind: str  # "advantage" or "disadvantage"
    text: str

    def __post_init__(self) -> None:
        if self.kind not in (ADVANTAGE, DISADVANTAGE):
            raise ValueError(f"a reason gives advantage or disadvantage, not {self.kind!r}")

    def render(self) -> str:
        return f"{self.kind}: {self.text}"


def mode_of(reasons: Iterable[Reason]) -> str:
    kinds = {r.kind for r in reasons}
    if kinds == {ADVANTAGE}:
        return ADVANTAGE
    if kinds == {DISADVANTAGE}:
        return DISADVANTAGE
    return NORMAL


def choose_d20(mode: str, first: int, second: int) -> int:
    if mode == ADVANTAGE:
        return max(first, second)
    if mode == DISADVANTAGE:
        return min(first, second)
    if mode == NORMAL:
        return first
    raise ValueError(f"mode {mode!r} is not one of {', '.join(MODES)}")


def check_d20(value: int) -> int:
    """A d20 result: a whole number from 1 to 20 (`ValueError` otherwise)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 20:
        raise ValueError(f"a d20 shows 1 to 20, not {value!r}")
    return value
