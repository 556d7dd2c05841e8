"""Undo/redo history of commands over immutable document states (no Qt here).

The history stores, for each applied command, the state before and after it. Undo returns the state before
the command at the cursor; redo the state after the next one. Executing a new command drops the redo
branch. Two consecutive commands with the same non-None ``merge_key`` (typing in the inspector, dragging a
slider) become one step unless the document was saved in between.
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.commands import Command, DocState


@dataclass(frozen=True, slots=True)
class Entry:
    command: Command
    before: DocState
    after: DocState


class History:
    def __init__(self, state: DocState) -> None:
        self._initial = state
        self._entries: list[Entry] = []
        self._cursor = 0  # number of applied entries
        self._clean: int | None = 0  # cursor position of the saved state; None if unreachable

    @property
    def state(self) -> DocState:
        return self._entries[self._cursor - 1].after if self._cursor else self._initial

    def execute(self, command: Command) -> DocState:
        before = self.state
        after = command.apply(before)
        del self._entries[self._cursor :]
        if self._clean is not None and self._clean > self._cursor:
            self._clean = None
        key = command.merge_key
        top = self._entries[-1] if self._entries else None
        if (
            key is not None
            and top is not None
            and top.command.merge_key == key
            and self._clean != self._cursor
        ):
            self._entries[-1] = Entry(command, top.before, after)
        else:
            self._entries.append(Entry(command, before, after))
            self._cursor += 1
        return after

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
