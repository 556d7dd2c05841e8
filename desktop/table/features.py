"""The main window's Table menu: Invite Players… (opens the table and shows its panel), Close Table, and the
panel itself; pings from the players shown in the status bar. A table that was open when the app quit opens
again on the next start (the players reconnect with the same code)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMessageBox

from desktop.paths import data_dir
from desktop.table.host import TableHost
from desktop.table.panel import TablePanel


class TableHostFeatures:
    def __init__(self, win: QMainWindow, resume: bool) -> None:
        self.win = win
        doc = win.doc  # type: ignore[attr-defined]
        self.host = TableHost(doc, data_dir())
        self.panel = TablePanel(self.host, win)
        win.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.panel)
        self.panel.hide()
        self.act_invite = QAction(QCoreApplication.translate("TableFeatures", "&Invite Players…"), win)
        self.act_invite.setObjectName("actInvitePlayers")
        self.act_invite.setShortcut(QKeySequence("Ctrl+Shift+T"))
        self.act_invite.setStatusTip(
            QCoreApplication.translate("TableFeatures", "Let players join from their phones and laptops")
        )
        self.act_invite.triggered.connect(self.invite)
        self.act_close = QAction(QCoreApplication.translate("TableFeatures", "&Close Table"), win)
        self.act_close.setObjectName("actCloseTable")
        self.act_close.triggered.connect(self.host.close)
        self.act_panel = self.panel.toggleViewAction()
        self.act_panel.setText(QCoreApplication.translate("TableFeatures", "Table &Panel"))
        menu = win.menuBar().addMenu(QCoreApplication.translate("TableFeatures", "T&able"))
        menu.setObjectName("tableMenu")
        menu.addActions([self.act_invite, self.act_close])
        menu.addSeparator()
        menu.addAction(self.act_panel)
        self.menu = menu
        win.addAction(self.act_invite)
        self.host.changed.connect(self._sync)
        self.host.pinged.connect(self._pinged)
        self.host.message.connect(lambda text: win.statusBar().showMessage(text, 8000))
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.host.shutdown)
        self._sync()
        if resume and self.host.config.open:
            QTimer.singleShot(0, self._resume)

    @classmethod
    def install(cls, win: QMainWindow, resume: bool = False) -> TableHostFeatures:
        return cls(win, resume)

    def invite(self) -> None:
        """Open the table (if closed) and show its panel with the join code."""
        self.panel.show()
        self.panel.raise_()
        if not self.host.is_open:
            try:
                self.host.open()
            except OSError as exc:
                QMessageBox.warning(
                    self.win,
                    QCoreApplication.translate("TableFeatures", "Table"),
                    QCoreApplication.translate("TableFeatures", "The table can't open: {why}").format(
                        why=exc
                    ),
                )

    def _resume(self) -> None:
        try:
            self.host.open()
        except OSError as exc:
            self.win.statusBar().showMessage(
                QCoreApplication.translate("TableFeatures", "The table didn't open again: {why}").format(
                    why=exc
                ),
                10000,
            )

    def _sync(self) -> None:
        self.act_close.setEnabled(self.host.is_open)

    def _pinged(self, name: str, x: int, y: int) -> None:
        self.win.statusBar().showMessage(
            QCoreApplication.translate("TableFeatures", "{name} pings [{x}, {y}]").format(
                name=name, x=x, y=y
            ),
            6000,
        )

    def shutdown(self) -> None:
        self.host.shutdown()
