"""What a command is: an intent the engine validates and applies to a `GameState`.

A command is a frozen value with a ``label`` (Undo/Redo menus), a ``merge_key`` (two commands in a row with
the same non-None key are one undo step: typing in a field, dragging a slider) and ``apply(state) ->
Outcome``: the new state, the log lines the step wrote (dice rolled, outcomes found) and, for commands that
resolve something (an attack), the `detail` the view shows. A command that the rules refuse raises `Refused`
with the reason; the state is then unchanged. Commands never mutate anything and roll their dice from the
`DieSource` they carry, so a state and a command always give the same outcome.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from rules.model.state import GameState


class Refused(ValueError):
    """The rules refuse a command (an illegal move, an unknown token…); the message says why."""


@dataclass(frozen=True, slots=True)
class Outcome:
    state: GameState
    lines: tuple[str, ...] = ()
    #: What the command resolved, for the view to show (an `AttackOutcome`…); None for plain edits.
    detail: object | None = None
    #: The rolls the step calls for after it, for the app to ask or roll (`rules.play.footing.FootingCheck`:
    #: a Reflex save to keep one's footing on a narrow surface after a hit).
    follow_ups: tuple[object, ...] = ()

    @property
    def text(self) -> str:
        """The log entry: the lines joined (the first is the headline, the rest details)."""
        return "\n".join(self.lines)


class Command(Protocol):
    @property
    def label(self) -> str: ...

    @property
    def merge_key(self) -> object | None: ...

    def apply(self, state: GameState) -> Outcome: ...


def logged(state: GameState, *lines: str) -> Outcome:
    """An outcome with the non-empty `lines`."""
    return Outcome(state, tuple(line for line in lines if line))
