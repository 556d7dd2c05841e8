"""What came of importing creatures: how many files and creatures, what couldn't be read, and whether the
compendium's search or filters hide some of the new entries — a sentence for the status line and a text
for the result box."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication


@dataclass(frozen=True, slots=True)
class ImportReport:
    files: int
    creatures: int
    problems: tuple[str, ...]
    hidden: int
    stopped: bool = False

    def summary(self) -> str:
        """One line: ``Imported 12 creatures from 3 files into your library (2 files could not be read)``."""
        if self.creatures == 0:
            text = QCoreApplication.translate("ImportReport", "No creature was imported")
        elif self.creatures == 1:
            text = QCoreApplication.translate(
                "ImportReport", "Imported 1 creature from {files} into your library"
            )
        else:
            text = QCoreApplication.translate(
                "ImportReport", "Imported {n} creatures from {files} into your library"
            )
        files = (
            QCoreApplication.translate("ImportReport", "1 file")
            if self.files == 1
            else QCoreApplication.translate("ImportReport", "{n} files").format(n=self.files)
        )
        text = text.format(n=self.creatures, files=files)
        if self.problems:
            text += " " + QCoreApplication.translate("ImportReport", "({n} could not be read)").format(
                n=len(self.problems)
            )
        if self.stopped:
            text += " " + QCoreApplication.translate("ImportReport", "— stopped before the end")
        return text

    def text(self) -> str:
        """The result box: the summary, what the filters hide, then each problem."""
        parts = [self.summary() + "."]
        if self.hidden:
            parts.append(
                QCoreApplication.translate(
                    "ImportReport",
                    "The compendium's search or filters hide {n} of them: clear them to see every entry.",
                ).format(n=self.hidden)
            )
        parts += list(self.problems)
        return "\n\n".join(parts)


__all__ = ["ImportReport"]
