"""The running encounter as values: initiative order, round, whose turn, the creatures' turn ledgers and
timed effects.

Pure values (no rule system is asked here; `rules.play.turns` applies the rules to them):

* `Combatant`: one place in the initiative order (d20, modifier, the system's tie-break key).
* `Encounter`: the order, round, index of the current turn, the `TurnLedger` of every creature in the order
  that has one (`rules.model.turn_ledger`: what it has left and did since its turn last began — actions,
  bonus actions, movement, diagonal parity, attacks, its reaction, a readied action, Help and Aid it gave),
  PF2e Delay, and `timed`: the conditions and effects with a duration (`rules.model.effects.Effect`: ends
  at a turn's start or end, after rounds, on a save, when not sustained) that tick at each turn boundary
  (`rules.systems.turn.at_moment`). `turn` is the current creature's ledger; `reactions_used` and
  `readied` are read off the ledgers.

Free mode (no encounter running) keeps the same ledgers per token: `rules.model.turn_ledger.FreeTurns`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.model import effects as timed_effects
from rules.model.turn_ledger import TurnLedger, ledger_in, with_ledger


@dataclass(frozen=True, slots=True)
class Combatant:
    token_id: str
    d20: int
    modifier: int
    tiebreak: tuple[int, ...] = ()

    @property
    def initiative(self) -> int:
        return self.d20 + self.modifier


@dataclass(frozen=True, slots=True)
class Encounter:
    order: tuple[Combatant, ...]
    round: int = 1
    index: int = 0
    #: The turn ledger of each creature of the order that has had a turn (or reacted) in this encounter.
    ledgers: tuple[TurnLedger, ...] = ()
    #: PF2e Delay: creatures out of the order until they return.
    delayed: frozenset[str] = frozenset()
    #: Conditions and effects with durations (`rules.model.effects`), ticked at every turn boundary.
    timed: tuple[timed_effects.Effect, ...] = ()

    def ledger(self, token_id: str) -> TurnLedger | None:
        """The creature's ledger (None before it has one)."""
        return ledger_in(self.ledgers, token_id)

    def with_ledger(self, ledger: TurnLedger) -> Encounter:
        return replace(self, ledgers=with_ledger(self.ledgers, ledger))

    def in_order(self, token_id: str) -> bool:
        return any(c.token_id == token_id for c in self.order)

    @property
    def turn(self) -> TurnLedger | None:
        """The ledger of the creature whose turn it is (None when its turn hasn't begun)."""
        current = self.current_id
        ledger = None if current is None else self.ledger(current)
        return ledger if ledger is not None and ledger.begun else None

    @property
    def reactions_used(self) -> frozenset[str]:
        """Creatures whose reaction is spent until their next turn begins."""
        return frozenset(led.token_id for led in self.ledgers if led.reactions <= 0)

    @property
    def readied(self) -> tuple[tuple[str, str], ...]:
        """Readied actions waiting for their trigger: (token id, trigger text), in order."""
        return tuple((led.token_id, led.readied.trigger) for led in self.ledgers if led.readied is not None)

    def timed_on(self, token_id: str) -> tuple[timed_effects.Effect, ...]:
        """The timed effects on `token_id`, in the order they were given."""
        return tuple(e for e in self.timed if e.target == token_id)

    @property
    def current_id(self) -> str | None:
        return self.order[self.index].token_id if self.order else None

    def attack_number(self, token_id: str) -> int:
        """The number of the token's next attack: counts only on its own turn (no MAP off-turn)."""
        if self.turn is not None and self.turn.token_id == token_id:
            return self.turn.next_attack_number
        return 1

    def diagonals_before(self, token_id: str) -> int:
        if self.turn is not None and self.turn.token_id == token_id:
            return self.turn.diagonals
        return 0

    def own_turn(self, token_id: str) -> TurnLedger | None:
        """The turn ledger when it is `token_id`'s turn, else None."""
        return self.turn if self.turn is not None and self.turn.token_id == token_id else None
