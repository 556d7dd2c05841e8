"""One creature's turn as a value: the turn ledger, the one record of what a creature has left and has done,
used in an encounter and out of one (free mode) alike.

A rule system's turn economy (`rules.systems.economy.TurnEconomy`) makes a ledger when the creature's turn
begins and spends it; this module only holds the values (nothing here knows a system's rules).

`TurnLedger` — since the creature's turn last began:

* ``actions``: the actions it has left (PF2e: 3, fewer when stunned or slowed, 4 quickened; 5e: 1 while
  its action is unused); ``bonus_actions``: 5e bonus actions left;
* ``movement``: 5e, the feet of movement the turn allows (its Speed, plus its Speed again per Dash); None
  in PF2e, where each Stride is an action; ``movement_spent``: the feet moved; ``diagonals``: the diagonal
  steps taken (their parity prices the next diagonal under the alternating 5/10 count);
* ``actions_used``: the actions spent this turn (PF2e Strides are numbered after them);
* ``attacks``: the attack rolls made this turn (PF2e's multiple attack penalty; 5e the attacks made);
  ``attacks_left``: 5e, the attacks still allowed by the Attack action it took (Extra Attack);
* ``reactions``: reactions left until its next turn begins (one per round);
* ``used``: what it did this turn, as the economy's words, in order (``attack-action``, ``light-melee``,
  ``dash``, ``bonus-spell``, ``slot-spell``, ``fly`` …): the rules that depend on what came before (two-weapon
  fighting, the bonus-action spell rule, PF2e Delay only before acting, a flyer that didn't Fly) read it;
* ``readied``: a readied action waiting for its trigger (`Readied`: the trigger and, for a PF2e Strike, the
  attack number it keeps);
* ``aiding``: PF2e, the allies it prepared to Aid (the preparing action); ``supports``: a Help or an Aid it
  gave that waits for the roll it changes (`Support`). Both last until its next turn begins;
* ``delay_done``: PF2e Delay: the negative effects of this turn already happened when it Delayed (they
  don't happen again when it returns);
* ``begun``: the turn has begun (False for a creature that hasn't had a turn yet: only its reaction counts).

`FreeTurns`: free mode's ledgers (tokens acting outside an encounter) and the table's round there. An
encounter keeps the ledgers of the creatures in its order (`rules.model.encounter.Encounter.ledgers`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

#: What a `Support` is: a 5e Help (advantage) or a PF2e Aid (a circumstance bonus or penalty).
SUPPORT_KINDS: tuple[str, ...] = ("help", "aid")
#: Which roll a `Support` changes.
SUPPORT_ROLLS: tuple[str, ...] = ("attack", "check", "any")


@dataclass(frozen=True, slots=True)
class Readied:
    """A readied action: its trigger in words, what it is (``strike``, ``attack``, ``move``… or ``""``
    when not said) and the attack number a readied Strike keeps (PF2e: the multiple attack penalty it had
    when readied; None for other actions)."""

    trigger: str = ""
    action: str = ""
    attack_number: int | None = None


@dataclass(frozen=True, slots=True)
class Support:
    """Help or Aid waiting for the roll it changes: `ally` is the creature helped; `roll` which of its
    rolls (``attack``: its next attack roll, against `target` when given — 5e Help with an attack;
    ``check``: its next ability check — 5e Help; ``any``: its next check or attack roll — PF2e Aid, the
    triggering check); `value`: PF2e Aid's circumstance modifier (+2, +1 or −1; 0 for a 5e Help, which
    gives advantage)."""

    kind: str
    ally: str
    target: str | None = None
    value: int = 0
    roll: str = "any"

    def __post_init__(self) -> None:
        if self.kind not in SUPPORT_KINDS:
            raise ValueError(f"a support is one of {', '.join(SUPPORT_KINDS)}, not {self.kind!r}")
        if self.roll not in SUPPORT_ROLLS:
            raise ValueError(f"a support is for one of {', '.join(SUPPORT_ROLLS)}, not {self.roll!r}")

    def applies_to(self, ally: str, target: str | None, roll: str = "attack") -> bool:
        """Does it change `ally`'s `roll` (``attack`` against `target`, or ``check``)?"""
        if self.ally != ally or (self.roll != "any" and self.roll != roll):
            return False
        return self.target is None or (roll == "attack" and target == self.target)


@dataclass(frozen=True, slots=True)
class TurnLedger:
    """What one creature has left and has done since its turn began (see the module docstring)."""

    token_id: str
    actions: int = 0
    bonus_actions: int = 0
    movement: int | None = None
    movement_spent: int = 0
    diagonals: int = 0
    attacks: int = 0
    attacks_left: int = 0
    actions_used: int = 0
    reactions: int = 1
    used: tuple[str, ...] = ()
    readied: Readied | None = None
    aiding: tuple[str, ...] = ()
    supports: tuple[Support, ...] = ()
    delay_done: bool = False
    begun: bool = True

    @property
    def movement_left(self) -> int | None:
        """5e: the feet of movement left this turn; None in PF2e (Strides are actions)."""
        return None if self.movement is None else max(0, self.movement - self.movement_spent)

    @property
    def next_attack_number(self) -> int:
        return self.attacks + 1

    @property
    def acted(self) -> bool:
        """It has done anything this turn (spent an action, moved or attacked)."""
        return bool(self.used) or self.movement_spent > 0 or self.attacks > 0

    def did(self, word: str) -> bool:
        return word in self.used

    def noting(self, *words: str) -> TurnLedger:
        """The ledger with `words` added to what it did this turn."""
        return replace(self, used=(*self.used, *words)) if words else self

    def moved(self, feet: int, diagonals: int) -> TurnLedger:
        return replace(self, movement_spent=self.movement_spent + feet, diagonals=self.diagonals + diagonals)

    def renamed(self, old: str, new: str) -> TurnLedger:
        """The ledger with creature id `old` written `new` wherever it names it."""

        def name(x: str) -> str:
            return new if x == old else x

        return replace(
            self,
            token_id=name(self.token_id),
            aiding=tuple(name(a) for a in self.aiding),
            supports=tuple(
                replace(s, ally=name(s.ally), target=None if s.target is None else name(s.target))
                for s in self.supports
            ),
        )


def ledger_in(ledgers: Iterable[TurnLedger], token_id: str) -> TurnLedger | None:
    for ledger in ledgers:
        if ledger.token_id == token_id:
            return ledger
    return None


def with_ledger(ledgers: tuple[TurnLedger, ...], ledger: TurnLedger) -> tuple[TurnLedger, ...]:
    """`ledgers` with `ledger` in place of the one of its creature (added at the end when new)."""
    if any(led.token_id == ledger.token_id for led in ledgers):
        return tuple(ledger if led.token_id == ledger.token_id else led for led in ledgers)
    return (*ledgers, ledger)


def without_ledgers(ledgers: tuple[TurnLedger, ...], token_ids: Iterable[str]) -> tuple[TurnLedger, ...]:
    drop = set(token_ids)
    return tuple(led for led in ledgers if led.token_id not in drop)


@dataclass(frozen=True, slots=True)
class FreeTurns:
    """Free mode's ledgers: per token the `TurnLedger` of its free-mode turn (since the GM last ended it),
    and the table's round count."""

    round: int = 1
    ledgers: tuple[TurnLedger, ...] = ()

    def of(self, token_id: str) -> TurnLedger | None:
        return ledger_in(self.ledgers, token_id)

    def with_ledger(self, ledger: TurnLedger) -> FreeTurns:
        return replace(self, ledgers=with_ledger(self.ledgers, ledger))

    def reset(self, token_ids: Iterable[str] | None = None) -> FreeTurns:
        """Forget the ledgers of `token_ids` (all tokens when None): their next free-mode turn begins."""
        if token_ids is None:
            return replace(self, ledgers=()) if self.ledgers else self
        ids = set(token_ids)
        if not any(led.token_id in ids for led in self.ledgers):
            return self
        return replace(self, ledgers=without_ledgers(self.ledgers, ids))

    def next_round(self) -> FreeTurns:
        return FreeTurns(self.round + 1, ())

    def renamed(self, old: str, new: str) -> FreeTurns:
        return replace(self, ledgers=tuple(led.renamed(old, new) for led in self.ledgers))
