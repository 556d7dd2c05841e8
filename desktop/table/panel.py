"""The GM's table panel: open or close the table, the join address and code (text and QR code), who is at
the table (admit, change seat, remove), the moves waiting for approval, the table's options and a line to
say something to every player."""

from __future__ import annotations

import io
import socket

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.table.host import TableHost
from desktop.table.seats import TableOptions
from rules.geometry.vision import is_party


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses on the local network, as its own host name resolves (nothing is sent
    to the network)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    out: list[str] = []
    for info in infos:
        addr = str(info[4][0])
        if not addr.startswith("127.") and addr not in out:
            out.append(addr)
    return out


def qr_pixmap(text: str, scale: int = 5) -> QPixmap:
    buffer = io.BytesIO()
    import segno  # the QR code is drawn when the panel shows a join address: not at launch

    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=2)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


class TablePanel(QDockWidget):
    def __init__(self, host: TableHost, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Table"), parent)
        self.setObjectName("tablePanel")
        self.host = host
        body = QWidget()
        lay = QVBoxLayout(body)

        top = QHBoxLayout()
        self.open_button = QPushButton()
        self.open_button.setObjectName("tableOpen")
        self.open_button.clicked.connect(self._toggle_open)
        top.addWidget(self.open_button)
        self.state_label = QLabel()
        self.state_label.setWordWrap(True)
        top.addWidget(self.state_label, 1)
        lay.addLayout(top)

        join = QGroupBox(self.tr("Join"))
        # the QR code beside the code and address, the buttons under both: narrow enough for a side panel
        jv = QVBoxLayout(join)
        jl = QHBoxLayout()
        jv.addLayout(jl)
        self.qr = QLabel()
        self.qr.setObjectName("tableQr")
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr.setMinimumSize(170, 170)
        jl.addWidget(self.qr)
        info = QVBoxLayout()
        self.code_label = QLabel()
        self.code_label.setObjectName("tableCode")
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code_label.setStyleSheet("font-size: 26px; font-weight: bold; letter-spacing: 3px;")
        info.addWidget(self.code_label)
        self.address_label = QLabel()
        self.address_label.setObjectName("tableAddress")
        self.address_label.setWordWrap(True)
        self.address_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        info.addWidget(self.address_label)
        self.copy_button = QPushButton(self.tr("Copy link"))
        self.copy_button.clicked.connect(self._copy)
        self.new_code_button = QPushButton(self.tr("New code…"))
        self.new_code_button.clicked.connect(self._new_code)
        row = QHBoxLayout()
        row.addWidget(self.copy_button)
        row.addWidget(self.new_code_button)
        info.addStretch(1)
        jl.addLayout(info, 1)
        jv.addLayout(row)
        lay.addWidget(join)

        self.players = QTreeWidget()
        self.players.setObjectName("tablePlayers")
        self.players.setHeaderLabels([self.tr("Player"), self.tr("Plays"), self.tr("Status")])
        self.players.setRootIsDecorated(False)
        lay.addWidget(QLabel(self.tr("At the table")))
        lay.addWidget(self.players, 1)
        prow = QHBoxLayout()
        self.admit_button = QPushButton(self.tr("Admit"))
        self.admit_button.setObjectName("tableAdmit")
        self.admit_button.clicked.connect(lambda: self._selected(self.host.admit))
        self.seat_box = QComboBox()
        self.seat_box.setObjectName("tableSeat")
        self.seat_box.activated.connect(self._seat_chosen)
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setObjectName("tableRemove")
        self.remove_button.clicked.connect(lambda: self._selected(self.host.remove))
        for w in (self.admit_button, self.seat_box, self.remove_button):
            prow.addWidget(w)
        lay.addLayout(prow)

        lay.addWidget(QLabel(self.tr("Moves waiting for you")))
        self.pending = QListWidget()
        self.pending.setObjectName("tablePending")
        self.pending.setMaximumHeight(90)
        lay.addWidget(self.pending)
        mrow = QHBoxLayout()
        self.approve_button = QPushButton(self.tr("Approve"))
        self.approve_button.setObjectName("tableApprove")
        self.approve_button.clicked.connect(lambda: self._pending_do(self.host.approve))
        self.refuse_button = QPushButton(self.tr("Refuse"))
        self.refuse_button.clicked.connect(lambda: self._pending_do(self.host.refuse))
        mrow.addWidget(self.approve_button)
        mrow.addWidget(self.refuse_button)
        lay.addLayout(mrow)

        opts = QGroupBox(self.tr("Options"))
        ol = QFormLayout(opts)
        self.lan = QCheckBox(self.tr("Players on the local network (same Wi-Fi) may join"))
        self.lan.setObjectName("tableLan")
        self.own_moves = QCheckBox(self.tr("Players move their own character without asking"))
        self.own_moves.setObjectName("tableOwnMoves")
        self.off_turn = QCheckBox(self.tr("…also outside their turn"))
        self.auto_admit = QCheckBox(self.tr("Admit new players without asking"))
        for box in (self.lan, self.own_moves, self.off_turn, self.auto_admit):
            ol.addRow(box)
            box.clicked.connect(self._options_changed)
        self.tls_button = QPushButton()
        self.tls_button.clicked.connect(self._choose_certificate)
        ol.addRow(self.tr("TLS"), self.tls_button)
        lay.addWidget(opts)

        srow = QHBoxLayout()
        self.say_edit = QLineEdit()
        self.say_edit.setPlaceholderText(self.tr("Say something to the table…"))
        self.say_edit.returnPressed.connect(self._say)
        srow.addWidget(self.say_edit, 1)
        lay.addLayout(srow)
        self.setWidget(body)

        host.changed.connect(self.refresh)
        host.pending_changed.connect(self.refresh_pending)
        host.doc.changed.connect(lambda _o, _n: self._fill_seats())
        self.players.itemSelectionChanged.connect(self._sync_buttons)
        self.refresh()

    # ---- showing

    def join_host(self) -> str:
        if self.host.config.options.lan:
            addresses = lan_addresses()
            if addresses:
                return addresses[0]
        return "127.0.0.1"

    def refresh(self) -> None:
        h = self.host
        o = h.config.options
        is_open = h.is_open
        self.open_button.setText(self.tr("Close Table") if is_open else self.tr("Open Table"))
        url = h.join_url(self.join_host())
        if is_open:
            where = self.tr("on the local network") if o.lan else self.tr("on this computer only")
            self.state_label.setText(self.tr("The table is open {where}.").format(where=where))
            self.qr.setPixmap(qr_pixmap(url))
            self.address_label.setText(url)
        else:
            self.state_label.setText(self.tr("The table is closed: nobody can join."))
            self.qr.clear()
            self.qr.setText(self.tr("(closed)"))
            self.address_label.setText("")
        self.code_label.setText(h.config.code)
        for box, value in (
            (self.lan, o.lan),
            (self.own_moves, o.own_moves),
            (self.off_turn, o.off_turn),
            (self.auto_admit, o.auto_admit),
        ):
            box.setChecked(value)
        self.tls_button.setText(o.cert or self.tr("Choose certificate…"))
        self._fill_players()
        self._fill_seats()
        self.refresh_pending()

    def _fill_players(self) -> None:
        selected = self._selected_id()
        self.players.clear()
        names = {t.id: t.label for t in self.host.doc.scene.tokens}
        for p in self.host.config.players:
            online = self.host.connected.get(p.id, 0)
            status = (
                self.tr("waiting to be admitted")
                if not p.admitted
                else self.tr("connected")
                if online
                else self.tr("away")
            )
            seat = names.get(p.seat, p.seat) if p.seat else self.tr("watching")
            item = QTreeWidgetItem([p.name, seat or "", status])
            item.setData(0, Qt.ItemDataRole.UserRole, p.id)
            self.players.addTopLevelItem(item)
            if p.id == selected:
                item.setSelected(True)
        for col in range(3):
            self.players.resizeColumnToContents(col)
        self._sync_buttons()

    def _fill_seats(self) -> None:
        self.seat_box.clear()
        self.seat_box.addItem(self.tr("Watch"), None)
        for t in self.host.doc.scene.tokens:
            if is_party(t) and not t.extra.get("gm_only"):
                self.seat_box.addItem(t.label, t.id)

    def refresh_pending(self) -> None:
        self.pending.clear()
        for pid, move in self.host.pending.items():
            item = QListWidgetItem(move.text)
            item.setData(Qt.ItemDataRole.UserRole, pid)
            self.pending.addItem(item)
        if self.pending.count():
            self.pending.setCurrentRow(0)
        has = bool(self.pending.count())
        self.approve_button.setEnabled(has)
        self.refuse_button.setEnabled(has)

    def _selected_id(self) -> str | None:
        items = self.players.selectedItems()
        return str(items[0].data(0, Qt.ItemDataRole.UserRole)) if items else None

    def _sync_buttons(self) -> None:
        pid = self._selected_id()
        p = self.host.config.player(pid) if pid else None
        self.admit_button.setEnabled(p is not None and not p.admitted and self.host.is_open)
        self.remove_button.setEnabled(p is not None)
        self.seat_box.setEnabled(p is not None and self.host.is_open)
        if p is not None:
            index = self.seat_box.findData(p.seat)
            self.seat_box.setCurrentIndex(max(0, index))

    # ---- doing

    def _toggle_open(self) -> None:
        if self.host.is_open:
            self.host.close()
            return
        try:
            self.host.open()
        except OSError as exc:
            QMessageBox.warning(
                self, self.tr("Table"), self.tr("The table can't open: {why}").format(why=exc)
            )

    def _copy(self) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(self.host.join_url(self.join_host()))

    def _new_code(self) -> None:
        answer = QMessageBox.question(
            self,
            self.tr("New join code"),
            self.tr("Make a new join code? Everyone at the table must join again."),
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.host.new_code()

    def _selected(self, action: object) -> None:
        pid = self._selected_id()
        if pid is not None and callable(action):
            action(pid)

    def _seat_chosen(self, index: int) -> None:
        pid = self._selected_id()
        if pid is not None:
            self.host.set_seat(pid, self.seat_box.itemData(index))

    def _pending_do(self, action: object) -> None:
        item = self.pending.currentItem()
        if item is not None and callable(action):
            action(str(item.data(Qt.ItemDataRole.UserRole)))

    def _options_changed(self) -> None:
        o = self.host.config.options
        options = TableOptions(
            lan=self.lan.isChecked(),
            port=o.port,
            own_moves=self.own_moves.isChecked(),
            off_turn=self.off_turn.isChecked(),
            auto_admit=self.auto_admit.isChecked(),
            cert=o.cert,
            key=o.key,
        )
        try:
            self.host.set_options(options)
        except OSError as exc:
            QMessageBox.warning(
                self, self.tr("Table"), self.tr("The table can't open: {why}").format(why=exc)
            )

    def _choose_certificate(self) -> None:
        o = self.host.config.options
        if o.cert:
            new = TableOptions(o.lan, o.port, o.own_moves, o.off_turn, o.auto_admit, "", "")
        else:
            cert, _ = QFileDialog.getOpenFileName(
                self, self.tr("Certificate (PEM)"), "", self.tr("Certificates (*.pem *.crt);;All files (*)")
            )
            if not cert:
                return
            key, _ = QFileDialog.getOpenFileName(
                self, self.tr("Its private key (PEM)"), "", self.tr("Keys (*.pem *.key);;All files (*)")
            )
            new = TableOptions(o.lan, o.port, o.own_moves, o.off_turn, o.auto_admit, cert, key)
        try:
            self.host.set_options(new)
        except OSError as exc:
            QMessageBox.warning(
                self, self.tr("Table"), self.tr("The table can't open: {why}").format(why=exc)
            )

    def _say(self) -> None:
        self.host.say(self.say_edit.text())
        self.say_edit.clear()
