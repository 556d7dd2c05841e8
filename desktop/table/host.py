"""The GM's side of a hosted table: the `TableServer` tied to the open `Document`.

`TableHost` starts and stops the server, hands every new state to it (`Document.changed` → `publish`: the
projection is made on the server's thread, never on the GUI's), and turns the players' intents into engine
commands on the GUI thread (`rules.play.player_intents`): a refused intent gets the engine's reason back; a
move waits in `pending` for the GM's Approve or Refuse unless the GM lets players move their own creature.
The server's callbacks arrive on its thread and are passed on through Qt signals (queued to the GUI thread).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from desktop.dice import app_dice
from desktop.document import Document
from desktop.map.images import load_image
from desktop.table.seats import TableConfig, TableOptions, load_config, save_config
from rules.dice import DieSource
from rules.geometry.coords import Cell
from rules.model.campaign import presented_state
from rules.model.scene import Scene
from rules.play.command import Command, Refused
from rules.play.player_intents import (
    MAX_STOPS,
    PlayerRoll,
    TablePolicy,
    end_turn_command,
    move_command,
    roll_command,
)
from rules.play.projection import Template

if TYPE_CHECKING:  # the server (pycrdt, websockets, asyncio) is imported when a table opens: not at launch
    from desktop.table.server import PictureSource, TableServer

CONFIG_FILE = "table.json"


@dataclass(frozen=True, slots=True)
class PendingMove:
    pid: str
    player: str
    request: int
    command: Command
    text: str


class _Bridge(QObject):
    """Receives the server's callbacks on the server thread and emits them as signals."""

    table_changed_signal = Signal(object, object)
    intent_signal = Signal(str, int, object)
    ping_signal = Signal(str, str, int, int)

    def table_changed(self, config: TableConfig, connected: dict[str, int]) -> None:
        self.table_changed_signal.emit(config, dict(connected))

    def intent(self, pid: str, request: int, intent: dict[str, Any]) -> None:
        self.intent_signal.emit(pid, request, intent)

    def ping(self, pid: str, name: str, cell: tuple[int, int]) -> None:
        self.ping_signal.emit(pid, name, cell[0], cell[1])


def _cell(value: object) -> Cell | None:
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and -1 <= v < 100_000 for v in value)
    ):
        return Cell(value[0], value[1])
    return None


class TableHost(QObject):
    #: The table's config or its connections changed (config, {player id: open connections}).
    changed = Signal()
    #: A player pinged a square (name, x, y).
    pinged = Signal(str, int, int)
    #: The moves waiting for the GM changed.
    pending_changed = Signal()
    #: Something the GM should read in the status bar.
    message = Signal(str)

    def __init__(self, doc: Document, data_dir: Path, dice: DieSource | None = None) -> None:
        super().__init__()
        self.doc = doc
        self.config_path = data_dir / CONFIG_FILE
        self.config: TableConfig = load_config(self.config_path)
        self.connected: dict[str, int] = {}
        self.pending: dict[str, PendingMove] = {}
        self.server: TableServer | None = None
        #: The spell area the GM is aiming or has just cast (the players see it, `set_template`).
        self.template: Template | None = None
        self._dice: DieSource = dice if dice is not None else app_dice()
        self._bridge = _Bridge()
        self._bridge.table_changed_signal.connect(self._on_table_changed)
        self._bridge.intent_signal.connect(self._on_intent)
        self._bridge.ping_signal.connect(lambda _pid, name, x, y: self.pinged.emit(name, x, y))
        self._picture: PictureSource | None = None
        #: Portraits loaded for the players' devices, by picture name (None: it can't be read).
        self._portrait_images: dict[str, Any] = {}
        self._picture_ref: object = None
        doc.changed.connect(self._on_doc_changed)
        doc.reset.connect(self._portrait_images.clear)  # another file: its pictures, by the same names

    # ---- opening and closing

    @property
    def is_open(self) -> bool:
        return self.server is not None and self.server.running

    def open(self) -> None:
        """Start hosting (raises `OSError` with a message when the port or certificate can't be used)."""
        if self.is_open:
            return
        from desktop.table.server import TableServer

        server = TableServer(self.config, self.config_path, self._bridge)
        server.start()
        self.server = server
        self.config = server.config
        self.publish()
        self.changed.emit()

    def close(self, keep_open: bool = False) -> None:
        """Disconnect everyone and stop hosting (`keep_open`: reopen on the next start of the app)."""
        server, self.server = self.server, None
        if server is not None:
            server.stop(keep_open=keep_open)
            self.config = server.config
        self.connected = {}
        self.pending.clear()
        self.pending_changed.emit()
        self.changed.emit()

    def shutdown(self) -> None:
        """The app is closing: disconnect everyone; an open table opens again next time."""
        self.close(keep_open=self.is_open)

    @property
    def port(self) -> int:
        return self.server.port if self.server is not None else self.config.options.port

    @property
    def scheme(self) -> str:
        return "https" if self.config.options.cert else "http"

    def join_url(self, host: str) -> str:
        return f"{self.scheme}://{host}:{self.port}/?code={self.config.code}"

    # ---- the GM's edits

    def set_options(self, options: TableOptions) -> None:
        """New options; a change of where the table listens or of its certificate reopens it."""
        old = self.config.options
        self.config = replace(self.config, options=replace(options, port=old.port))
        restart = (old.lan, old.cert, old.key) != (options.lan, options.cert, options.key)
        if self.server is not None and not restart:
            self.server.set_options(self.config.options)
        elif self.server is not None:
            self.close()
            self.open()
        else:
            save_config(self.config_path, self.config)
        self.changed.emit()

    def new_code(self) -> None:
        """A new join code: everyone must join again."""
        was_open = self.is_open
        self.close()
        self.config = self.config.with_new_code()
        save_config(self.config_path, self.config)
        if was_open:
            self.open()
        self.changed.emit()

    def admit(self, pid: str) -> None:
        if self.server is not None:
            self.server.admit(pid)

    def remove(self, pid: str) -> None:
        self.pending.pop(pid, None)
        self.pending_changed.emit()
        if self.server is not None:
            self.server.remove(pid)
        else:
            self.config = self.config.without_player(pid)
            save_config(self.config_path, self.config)
            self.changed.emit()

    def set_seat(self, pid: str, seat: str | None) -> None:
        if self.server is not None:
            self.server.set_seat(pid, seat)

    def say(self, text: str) -> None:
        text = text.strip()[:300]
        if text and self.server is not None:
            self.server.say(self.tr("GM: {text}").format(text=text))

    def approve(self, pid: str) -> bool:
        move = self.pending.pop(pid, None)
        self.pending_changed.emit()
        if move is None or self.server is None:
            return False
        self.server.set_pending(pid, None)
        entry = self.doc.execute(move.command)
        if entry is None:
            self.server.reply(pid, move.request, False, self.doc.last_refusal or self.tr("Refused"))
            return False
        self.server.reply(pid, move.request, True, self.tr("The GM approved your move"))
        return True

    def refuse(self, pid: str) -> None:
        move = self.pending.pop(pid, None)
        self.pending_changed.emit()
        if move is not None and self.server is not None:
            self.server.set_pending(pid, None)
            self.server.reply(pid, move.request, False, self.tr("The GM refused the move"))

    # ---- the document

    def _picture_source(self) -> PictureSource | None:
        bg = presented_state(self.doc.state).scene.background  # a campaign: the scene the players see
        if bg is None:
            self._picture, self._picture_ref = None, None
            return None
        ref = (bg.image, bg.pixels_per_cell, bg.offset)
        if ref != self._picture_ref:
            image = load_image(bg.image, self.doc.images, self.doc.base_dir)
            self._picture_ref = ref
            from desktop.table.server import PictureSource

            self._picture = None if image is None else PictureSource(image.copy(), bg, ref)
        return self._picture

    def _portrait_sources(self, scene: Scene) -> dict[str, Any]:
        """Each portrait the scene's tokens name, loaded once (a detached `QImage` the server thread may
        encode); the server sends only those of tokens the players see."""
        out: dict[str, Any] = {}
        for t in scene.tokens:
            name = t.image
            if not name or name in out:
                continue
            if name not in self._portrait_images:
                image = load_image(name, self.doc.images, self.doc.base_dir)
                self._portrait_images[name] = None if image is None or image.isNull() else image.copy()
            image = self._portrait_images[name]
            if image is not None:
                out[name] = image
        return out

    def publish(self) -> None:
        if self.server is not None:
            shown = presented_state(self.doc.state)  # a campaign: the scene the players see
            self.server.publish(
                self.doc.state,
                self._picture_source(),
                shown.scene.name,
                self.template,
                self._portrait_sources(shown.scene),
            )

    def set_template(self, template: Template | None) -> None:
        """The spell area the GM is aiming or has just cast, for the players' screens (None: none)."""
        if template == self.template:
            return
        self.template = template
        self.publish()

    def _on_doc_changed(self, _old: object, _new: object) -> None:
        if self.server is not None:
            self.publish()

    # ---- the server's news

    def _on_table_changed(self, config: TableConfig, connected: dict[str, int]) -> None:
        if self.server is None:
            return
        self.config = config
        self.connected = connected
        self.changed.emit()

    def _policy(self) -> TablePolicy:
        o = self.config.options
        return TablePolicy(own_moves=o.own_moves, off_turn=o.off_turn)

    def _on_intent(self, pid: str, request: int, intent: object) -> None:
        server = self.server
        player = self.config.player(pid)
        if server is None or player is None or not isinstance(intent, dict):
            return
        state = self.doc.state
        kind = intent.get("type")
        try:
            if state.campaign is not None and state.campaign.preparing:
                raise Refused(self.tr("The GM is preparing another scene: wait until it is presented"))
            if kind == "move":
                raw = intent.get("stops")
                stops = [_cell(c) for c in raw] if isinstance(raw, list) and len(raw) <= MAX_STOPS else None
                if not stops or any(c is None for c in stops):
                    raise Refused(self.tr("A move needs the squares it goes through"))
                move = move_command(
                    state, player.seat, tuple(c for c in stops if c is not None), self._policy()
                )
                end = move.waypoints[-1]
                text = self.tr("{name} wants to move to [{x}, {y}]").format(
                    name=player.name, x=end.x, y=end.y
                )
                if self.config.options.own_moves:
                    self._execute(pid, request, move)
                    return
                old = self.pending.get(pid)
                if old is not None:
                    server.reply(pid, old.request, False, self.tr("Replaced by a newer move"))
                self.pending[pid] = PendingMove(pid, player.name, request, move, text)
                server.set_pending(pid, text)
                server.reply(pid, request, True, self.tr("Waiting for the GM to approve the move"))
                self.pending_changed.emit()
                self.message.emit(text)
            elif kind == "end_turn":
                self._execute(pid, request, end_turn_command(state, player.seat))
            elif kind == "roll":
                reported = intent.get("total")
                if reported is not None and (isinstance(reported, bool) or not isinstance(reported, int)):
                    raise Refused(self.tr("A roll is a whole number"))
                what = intent.get("what")
                stat = intent.get("stat")
                roll = roll_command(
                    state,
                    player.seat,
                    what if isinstance(what, str) else "",
                    stat[:40] if isinstance(stat, str) else "",
                    reported,
                    lambda: self._dice.randint(1, 20),
                )
                self._execute(pid, request, roll)
            else:
                raise Refused(self.tr("Unknown request"))
        except Refused as exc:
            server.reply(pid, request, False, str(exc))

    def _execute(self, pid: str, request: int, command: Command) -> None:
        assert self.server is not None
        entry = self.doc.execute(command)
        if entry is None:
            self.server.reply(pid, request, False, self.doc.last_refusal or self.tr("Refused"))
        else:
            self.server.reply(pid, request, True, entry.log or command.label)
            if isinstance(command, PlayerRoll):  # the table hears the roll
                self.server.say(entry.log)
