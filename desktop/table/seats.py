"""Who sits at the table: the join code, the players with their secrets and seats, and the GM's options,
kept in the app's data folder (``table.json``) so that a restarted app resumes the same table.

* The **join code** is six letters and digits from an alphabet without look-alikes (no 0/O, 1/I/L); a
  player types it or scans it. It stays the same across restarts until the GM makes a new one (which
  removes every player).
* Each **player** has an id and a **secret** (`secrets.token_urlsafe`) made when they ask to join; every
  request and connection carries code, id and secret (`TableConfig.check`). Their **seat** is a party
  creature's token id, or None for a watcher. A player waits until the GM admits them (or the GM admits
  everyone automatically).
* The **epoch** names one run of the table's sync documents: each start makes a new one, so a browser
  holding documents of an earlier run loads the page again and gets the current state.

Nothing here is ever put in a scene file. The file is written atomically (`rules.io.safe_write`); a missing
or damaged file starts a new table.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import secrets
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from rules.io.safe_write import atomic_write_text

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
DEFAULT_PORT = 47623
MAX_PLAYERS = 40
MAX_NAME = 40
#: The shared log entries kept across restarts.
MAX_LOG = 200


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """What a player typed, as a code: upper case, spaces and dashes dropped."""
    return "".join(ch for ch in text.upper() if ch.isalnum())[:16]


def clean_name(text: str) -> str:
    """A player's name: printable, trimmed, at most `MAX_NAME` characters."""
    name = "".join(ch for ch in text if ch.isprintable()).strip()
    return name[:MAX_NAME]


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    secret: str
    name: str
    seat: str | None = None
    admitted: bool = False


@dataclass(frozen=True, slots=True)
class TableOptions:
    #: Listen on the local network (all interfaces) instead of this computer only.
    lan: bool = False
    port: int = DEFAULT_PORT
    #: Players' legal moves of their own creature run without the GM's approval.
    own_moves: bool = False
    #: Players may move their creature outside its turn during an encounter.
    off_turn: bool = False
    #: New players are admitted without the GM's click.
    auto_admit: bool = False
    #: TLS: the GM's certificate chain and key (PEM files); both empty: plain HTTP.
    cert: str = ""
    key: str = ""


@dataclass(frozen=True, slots=True)
class TableConfig:
    code: str = field(default_factory=new_code)
    epoch: str = field(default_factory=lambda: secrets.token_hex(4))
    players: tuple[Player, ...] = ()
    options: TableOptions = field(default_factory=TableOptions)
    #: The table was open when the app last closed (it opens again on the next start).
    open: bool = False
    log: tuple[str, ...] = ()

    def player(self, pid: str) -> Player | None:
        return next((p for p in self.players if p.id == pid), None)

    def code_ok(self, code: str) -> bool:
        return hmac.compare_digest(normal_code(code).encode(), self.code.encode())

    def check(self, code: str, pid: str, secret: str) -> Player | None:
        """The player when code, id and secret all match (compared in constant time), else None."""
        if not self.code_ok(code):
            return None
        p = self.player(pid)
        if p is None or not hmac.compare_digest(secret.encode(), p.secret.encode()):
            return None
        return p

    def with_player(self, player: Player) -> TableConfig:
        others = tuple(p for p in self.players if p.id != player.id)
        return replace(self, players=(*others, player))

    def without_player(self, pid: str) -> TableConfig:
        return replace(self, players=tuple(p for p in self.players if p.id != pid))

    def new_player(self, name: str, seat: str | None) -> tuple[TableConfig, Player]:
        player = Player(
            id=secrets.token_hex(4),
            secret=secrets.token_urlsafe(18),
            name=clean_name(name) or "Player",
            seat=seat,
            admitted=self.options.auto_admit,
        )
        return self.with_player(player), player

    def restarted(self) -> TableConfig:
        """The same table for a new run of its documents (a new epoch)."""
        return replace(self, epoch=secrets.token_hex(4))

    def with_new_code(self) -> TableConfig:
        """A new join code; everyone who joined with the old one must join again."""
        return replace(self, code=new_code(), players=())

    def logged(self, *lines: str) -> TableConfig:
        return replace(self, log=(*self.log, *lines)[-MAX_LOG:])


def config_to_json(config: TableConfig) -> dict[str, Any]:
    return asdict(config)


def config_from_json(data: object) -> TableConfig:
    """The table read back; anything malformed starts that part afresh (never raises)."""
    if not isinstance(data, dict):
        return TableConfig()
    try:
        opts = data.get("options") if isinstance(data.get("options"), dict) else {}
        assert isinstance(opts, dict)
        known = {k: v for k, v in opts.items() if k in TableOptions.__dataclass_fields__}
        options = TableOptions(**known)
        if not isinstance(options.port, int) or not 0 <= options.port < 65536:
            options = replace(options, port=DEFAULT_PORT)
        players = []
        for p in data.get("players") or []:
            if isinstance(p, dict) and isinstance(p.get("id"), str) and isinstance(p.get("secret"), str):
                seat = p.get("seat")
                players.append(
                    Player(
                        id=p["id"],
                        secret=p["secret"],
                        name=clean_name(str(p.get("name", ""))) or "Player",
                        seat=seat if isinstance(seat, str) else None,
                        admitted=bool(p.get("admitted")),
                    )
                )
        code = normal_code(str(data.get("code", "")))
        log = tuple(str(x) for x in (data.get("log") or []) if isinstance(x, str))[-MAX_LOG:]
        return TableConfig(
            code=code if len(code) == CODE_LENGTH else new_code(),
            epoch=str(data.get("epoch") or secrets.token_hex(4)),
            players=tuple(players[:MAX_PLAYERS]),
            options=options,
            open=bool(data.get("open")),
            log=log,
        )
    except (TypeError, ValueError, AssertionError):
        return TableConfig()


def load_config(path: Path) -> TableConfig:
    try:
        return config_from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return TableConfig()


def save_config(path: Path, config: TableConfig) -> None:
    """Write the table (atomically). A failure is ignored: the table still runs, it just won't resume."""
    with contextlib.suppress(OSError):
        atomic_write_text(path, json.dumps(config_to_json(config), indent=1), keep_backup=False)
