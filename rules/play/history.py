"""The one undo/redo history of the engine: commands over immutable `GameState` values.

For each applied command the history keeps the state before and after it, so undo restores the exact
earlier state and redo the later one without applying the command again (dice are never re-rolled). A new
command drops the redo branch. The command's log lines become one entry of the state's log, so the log of a
state is exactly what led to it (an undone move leaves the log too). Two consecutive commands with the same
non-None ``merge_key`` become one step (and one log entry) unless the state was saved in between. At most
`limit` steps are kept; the oldest are dropped. `mark_clean` remembers the saved step (`is_clean`).

Every step ends with what the engine does after any command: the squares the party now sees are folded into
the fog of war when the command changed what it can see (`rules.play.fog.explore`), inside the same step.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.errors import QueryError
from rules.model.state import GameState
from rules.play.command import Command, Outcome, Refused
from rules.play.fog import explore
from rules.play.valid import log_problem, state_problem

DEFAULT_LIMIT = 500


@dataclass(frozen=True, slots=True)
class Entry:
    command: Command
    before: GameState
    after: GameState
    #: The log entry the step wrote ("" when none).
    log: str = ""
    detail: object | None = None
    #: The rolls the step called for (`rules.play.command.Outcome.follow_ups`).
    follow_ups: tuple[object, ...] = ()


class History:
    def __init__(self, state: GameState, limit: int = DEFAULT_LIMIT) -> None:
        if limit < 1:
            raise ValueError(f"history limit must be at least 1, got {limit}")
        self._initial = state
        self._entries: list[Entry] = []
        self._cursor = 0  # number of applied entries
        self._clean: int | None = 0  # cursor position of the saved state; None if unreachable
        self.limit = limit

    @property
    def state(self) -> GameState:
        return self._entries[self._cursor - 1].after if self._cursor else self._initial

    def execute(self, command: Command) -> Entry:
        """Apply `command` to the current state. Raises `rules.play.Refused` (nothing changes) when the
        rules refuse it, or when the state it makes could not be saved and opened again
        (`rules.play.valid.state_problem`: two tokens of one id, a space off the grid, a value past a
        limit)."""
        before = self.state
        try:
            outcome: Outcome = command.apply(before)
        except QueryError as exc:  # the engine's checks of a value it was given ("bad value: …")
            raise Refused(f"{command.label}: {_short(str(exc))}") from None
        problem = state_problem(before, outcome.state) or log_problem(outcome.text)
        if problem is not None:
            raise Refused(f"{command.label}: {problem}")
        del self._entries[self._cursor :]
        if self._clean is not None and self._clean > self._cursor:
            self._clean = None
        key = command.merge_key
        top = self._entries[-1] if self._entries else None
        merge = (
            key is not None
            and top is not None
            and top.command.merge_key == key
            and self._clean != self._cursor
        )
        base = top.before if merge and top is not None else before
        text = outcome.text
        after = replace(explore(before, outcome.state), log=(*base.log, text) if text else base.log)
        if merge and top is not None:
            entry = Entry(command, top.before, after, text, outcome.detail, outcome.follow_ups)
            self._entries[-1] = entry
        else:
            entry = Entry(command, before, after, text, outcome.detail, outcome.follow_ups)
            self._entries.append(entry)
            self._cursor += 1
            if len(self._entries) > self.limit:
                drop = len(self._entries) - self.limit
                self._initial = self._entries[drop - 1].after
                del self._entries[:drop]
                self._cursor -= drop
                if self._clean is not None:
                    self._clean = self._clean - drop if self._clean >= drop else None
        return entry

    def can_undo(self) -> bool:
        return self._cursor > 0

    def can_redo(self) -> bool:
        return self._cursor < len(self._entries)

    def undo(self) -> Entry | None:
        if not self._cursor:
            return None
        self._cursor -= 1
        return self._entries[self._cursor]

    def redo(self) -> Entry | None:
        if self._cursor >= len(self._entries):
            return None
        self._cursor += 1
        return self._entries[self._cursor - 1]

    def undo_label(self) -> str | None:
        return self._entries[self._cursor - 1].command.label if self._cursor else None

    def redo_label(self) -> str | None:
        return self._entries[self._cursor].command.label if self.can_redo() else None

    def applied(self) -> list[Entry]:
        """The entries that led to the current state, oldest first."""
        return self._entries[: self._cursor]

    def mark_clean(self) -> None:
        self._clean = self._cursor

    def mark_unsaved(self) -> None:
        """No state in this history is the saved one."""
        self._clean = None

    def is_clean(self) -> bool:
        return self._clean == self._cursor


def _short(text: str, most: int = 300) -> str:
    """`text` cut to `most` characters (a refusal may quote a hostile value of any length)."""
    return text if len(text) <= most else text[: most - 1] + "…"
