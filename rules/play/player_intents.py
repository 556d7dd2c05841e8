"""What a player at a remote device may ask of the table, checked by the engine before the GM's app runs it.

A player holds one seat: a party creature (``pc`` or side ``party``) or none (a watcher). Their device sends
small intents; each becomes a `rules.play` command here or is refused (`Refused`, with the reason sent back
to the player):

* **move** — `move_command`: only the seat's own creature; during an encounter only on its own turn unless
  the GM allows moves off-turn (`TablePolicy.off_turn`). The command is the same `MoveToken` a drag makes,
  so the engine's movement rules decide (`check`: the move is applied once to the current state, a refusal
  names the planner's reason). Whether it runs at once or waits for the GM is `TablePolicy.own_moves`.
* **end turn** — `end_turn_command`: only while it is the seat's creature's turn; a `NextTurn`.
* **roll** — `roll_command`: "I rolled 17" (the d20 the player rolled, or the total) or "roll my check /
  save / attack" (the host's dice roll the d20): a `PlayerRoll` that adds the creature's own modifier and
  writes one log line. It decides nothing; the GM reads it against the DC.
* **ping** needs no command: it is the player's awareness state (`desktop.table`), shown to the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.geometry.coords import Cell
from rules.geometry.vision import is_party
from rules.messages import Message, msg
from rules.model.scene import Token
from rules.model.state import GameState
from rules.play.command import Command, Outcome, Refused, logged
from rules.play.moves import MoveToken
from rules.play.turns import NextTurn

#: What a player may ask to roll.
ROLL_KINDS: tuple[str, ...] = ("check", "save", "attack", "other")
#: The most stops a player's move may have (waypoints and the end square).
MAX_STOPS = 16


@dataclass(frozen=True, slots=True)
class TablePolicy:
    """The GM's rules for remote players: `own_moves` — a legal move of a player's own creature runs at once
    (otherwise the GM approves each); `off_turn` — players may move their creature outside its turn during
    an encounter."""

    own_moves: bool = False
    off_turn: bool = False


def refused(message: Message) -> Refused:
    """A refusal whose reason is `message` (its English text; the client shows it)."""
    return Refused(str(message))


def seat_token(state: GameState, token_id: str | None) -> Token:
    """The seat's creature, or a refusal (a watcher, a creature gone, or one that isn't the party's)."""
    if token_id is None:
        raise refused(msg("Watchers can't act at the table"))
    token = state.scene.token(token_id)
    if token is None or not is_party(token) or token.extra.get("gm_only"):
        raise refused(msg("Your character is not on the map"))
    return token


def check(state: GameState, command: Command) -> Outcome:
    """Apply `command` to `state` once to see that the engine allows it (raises `Refused` otherwise)."""
    return command.apply(state)


def move_command(
    state: GameState, token_id: str | None, stops: tuple[Cell, ...], policy: TablePolicy
) -> MoveToken:
    """The move a player asks for, after the seat and turn rules; the engine's rules are `check`ed too."""
    token = seat_token(state, token_id)
    if not stops:
        raise refused(msg("A move needs the square it ends on"))
    if len(stops) > MAX_STOPS:
        raise refused(msg("A move may have at most {n} stops", n=MAX_STOPS))
    grid = state.scene.grid
    for c in stops:
        if not grid.contains(c.x, c.y):
            raise refused(msg("{cell} is off the map", cell=f"[{c.x}, {c.y}]"))
    enc = state.encounter
    if enc is not None and enc.current_id != token.id and not policy.off_turn:
        raise refused(msg("You can move {name} only on its turn", name=token.label))
    command = MoveToken(token.id, stops)
    check(state, command)
    return command


def end_turn_command(state: GameState, token_id: str | None) -> Command:
    """End the seat's creature's turn (the next turn in initiative)."""
    token = seat_token(state, token_id)
    enc = state.encounter
    if enc is None:
        raise refused(msg("There is no encounter running"))
    if enc.current_id != token.id:
        raise refused(msg("It is not {name}'s turn", name=token.label))
    return NextTurn()


def roll_modifier(token: Token, kind: str, stat: str) -> int | None:
    """The creature's own modifier for a roll: a skill or Perception (check), a save, an attack's bonus (by
    the attack's name, or a spell attack's by the spell's); None when it has none listed."""
    key = stat.strip().lower()
    if kind == "check":
        if key == "perception":
            return token.perception
        return token.skill(key)
    if kind == "save":
        return dict(token.saves).get(key)
    if kind == "attack":
        attack = next((a for a in token.attacks if a.name.lower() == key), None)
        if attack is not None:
            return attack.bonus
        spell = token.spell(stat)  # a spell attack: the spell's own bonus, else the caster's
        if spell is not None and spell.attack:
            return spell.attack_bonus if spell.attack_bonus is not None else token.spell_attack
        return None
    return None


@dataclass(frozen=True, slots=True)
class PlayerRoll:
    """A roll a player made or asked for: `d20` the die (None: `total` is what the player reports), the
    creature's `modifier` added when known. Writes one log line; changes nothing else."""

    token_id: str
    kind: str
    stat: str
    d20: int | None
    total: int
    modifier: int | None = None
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Player roll"

    def apply(self, state: GameState) -> Outcome:
        token = state.scene.token(self.token_id)
        if token is None:
            raise Refused(f"no token with id {self.token_id!r}")
        what = self.stat or self.kind
        if self.d20 is None:
            line = msg("{name} rolled {total} ({what})", name=token.label, total=self.total, what=what)
        elif self.modifier is None:
            line = msg(
                "{name} rolls {total} ({what}, d20 {d20})",
                name=token.label,
                total=self.total,
                what=what,
                d20=self.d20,
            )
        else:
            sign = "+" if self.modifier >= 0 else "−"
            line = msg(
                "{name} rolls {total} ({what}: d20 {d20} {sign} {mod})",
                name=token.label,
                total=self.total,
                what=what,
                d20=self.d20,
                sign=sign,
                mod=abs(self.modifier),
            )
        return logged(state, str(line))


def roll_command(
    state: GameState, token_id: str | None, kind: str, stat: str, reported: int | None, d20: Callable[[], int]
) -> PlayerRoll:
    """ "I rolled `reported`" (the total) or, with `reported` None, a d20 from the host's dice plus the
    creature's modifier for `stat`."""
    token = seat_token(state, token_id)
    if kind not in ROLL_KINDS:
        raise refused(msg("A roll is a check, a save, an attack or other, not {kind}", kind=kind))
    if reported is not None:
        if not -100 <= reported <= 1000:
            raise refused(msg("{n} is not a roll", n=reported))
        return PlayerRoll(token.id, kind, stat, None, reported)
    modifier = roll_modifier(token, kind, stat)
    die = d20()
    return PlayerRoll(token.id, kind, stat, die, die + (modifier or 0), modifier)
