"""D&D 5e roll modes: advantage, disadvantage or normal, the reasons that give them, and which d20 a mode
keeps. Plain values shared by the conditions table (`rules.systems.dnd5e.conditions`) and the attack's
reasons (`rules.systems.dnd5e.advantage`)."""

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
