"""The log dock: every roll with its breakdown, every move with its cost, every damage application.

It shows the document's log (`Document.log`: one entry per applied command, earlier sessions' entries
first) in a read-only text view the user can select and copy from. Undo removes an entry, redo brings it
back: the dock always mirrors the document. The engine writes the log in English; the dock shows it in the
app's language (`desktop.i18n.engine_text`, in the words of the scene's rule system).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication, QTextCursor
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.document import Document
from desktop.i18n import engine_text
from rules.model.state import GameState


class LogDock(QDockWidget):
    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(QCoreApplication.translate("LogDock", "Log"), parent)
        self.setObjectName("logDock")
        self.doc = doc
        self._shown: list[str] = []
        self.text = QPlainTextEdit()
        self.text.setObjectName("logText")
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.text.setPlaceholderText(self.tr("Rolls, moves and damage appear here."))
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setPointSize(max(8, QFont().pointSize() - 1))
        self.text.setFont(font)
        self.count = QLabel()
        self.copy_button = QPushButton(self.tr("Copy all"))
        self.copy_button.setObjectName("copyLog")
        self.copy_button.setToolTip(self.tr("Copy the whole log to the clipboard"))
        self.copy_button.clicked.connect(self.copy_all)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.count, 1)
        row.addWidget(self.copy_button)
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.text, 1)
        lay.addLayout(row)
        self.setWidget(body)
        doc.changed.connect(self._on_changed)
        doc.reset.connect(self.refresh)
        self.refresh()

    def _on_changed(self, _old: GameState, _new: GameState) -> None:
        self.refresh()

    def entries(self) -> list[str]:
        """The log's entries in the app's language (the engine writes them in English)."""
        system = self.doc.scene.system
        return [engine_text(entry, system) for entry in self.doc.log]

    def refresh(self) -> None:
        entries = self.entries()
        if entries == self._shown:
            return
        n = len(self._shown)
        if len(entries) > n and entries[:n] == self._shown:
            for e in entries[n:]:
                self.text.appendPlainText(e)
        else:
            self.text.setPlainText("\n".join(entries))
        self._shown = entries
        self.text.moveCursor(QTextCursor.MoveOperation.End)
        self.text.ensureCursorVisible()
        n = len(entries)
        self.count.setText((self.tr("{n} entry") if n == 1 else self.tr("{n} entries")).format(n=n))

    def plain_text(self) -> str:
        return self.text.toPlainText()

    def copy_all(self) -> None:
        QGuiApplication.clipboard().setText(self.plain_text())
