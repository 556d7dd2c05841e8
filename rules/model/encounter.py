"""The running encounter as values: initiative order, round, whose turn, the turn's ledger and timed effects.

Pure values (no rule system is asked here; `rules.play.turns` applies the rules to them):

* `Combatant`: one place in the initiative order (d20, modifier, the system's tie-break key).
* `TurnState`: the ledger of the creature whose turn it is: actions, bonus actions and movement left, the
  feet and diagonal steps moved this turn (the parity of the alternating 5/10 count carries across every move
  of one turn and resets with it) and the attacks made (PF2e's multiple attack penalty counts only on the
  creature's own turn).
* `Encounter`: the order, round, index of the current turn, the turn ledger, reactions used since
  each creature's last turn, PF2e Delay and readied actions, and `timed`: the conditions and effects with a
  duration (`rules.model.effects.Effect`: ends at a turn's start or end, after rounds, on a save, when not
  sustained) that tick at each turn boundary (`rules.systems.turn.at_moment`).
* `Spent` / `FreeMovement`: the movement ledger of *free mode* (no encounter running, or a creature moving
  outside its own turn): what each token moved since the GM last ended its turn, and the table's round count.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from rules.model import effects as timed_effects


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
class TurnState:
    """What the creature whose turn it is has left and has done this turn."""

    token_id: str
    actions: int
    bonus_actions: int
    movement: int | None
    movement_spent: int = 0
    diagonals: int = 0
    attacks: int = 0

    @property
    def movement_left(self) -> int | None:
        return None if self.movement is None else max(0, self.movement - self.movement_spent)

    @property
    def next_attack_number(self) -> int:
        return self.attacks + 1


@dataclass(frozen=True, slots=True)
class Encounter:
    order: tuple[Combatant, ...]
    round: int = 1
    index: int = 0
    turn: TurnState | None = None
    reactions_used: frozenset[str] = frozenset()
    #: PF2e Delay: creatures out of the order until they return.
    delayed: frozenset[str] = frozenset()
    #: Readied actions waiting for their trigger: (token id, trigger text).
    readied: tuple[tuple[str, str], ...] = ()
    #: Conditions and effects with durations (`rules.model.effects`), ticked at every turn boundary.
    timed: tuple[timed_effects.Effect, ...] = ()

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

    def own_turn(self, token_id: str) -> TurnState | None:
        """The turn ledger when it is `token_id`'s turn, else None."""
        return self.turn if self.turn is not None and self.turn.token_id == token_id else None


# ------------------------------------------------------------------------------------------ free mode


@dataclass(frozen=True, slots=True)
class Spent:
    """Movement already spent this turn: feet, diagonal steps taken (their parity decides whether the next
    diagonal costs 5 or 10 ft under the alternating count) and actions (PF2e Strides used; D&D 5e 1 once the
    Dash action is taken)."""

    feet: int = 0
    diagonals: int = 0
    actions: int = 0

    def plus(self, feet: int, diagonals: int, actions: int) -> Spent:
        return Spent(self.feet + feet, self.diagonals + diagonals, self.actions + actions)


NOTHING_SPENT = Spent()


@dataclass(frozen=True, slots=True)
class FreeMovement:
    """Free mode's ledger: per token the movement `Spent` since its turn was last ended, and the round."""

    round: int = 1
    spent: tuple[tuple[str, Spent], ...] = ()

    def of(self, token_id: str) -> Spent:
        for tid, s in self.spent:
            if tid == token_id:
                return s
        return NOTHING_SPENT

    def with_spent(self, token_id: str, spent: Spent) -> FreeMovement:
        kept = tuple((tid, s) for tid, s in self.spent if tid != token_id)
        if spent == NOTHING_SPENT:
            return replace(self, spent=kept)
        return replace(self, spent=(*kept, (token_id, spent)))

    def reset(self, token_ids: Iterable[str] | None = None) -> FreeMovement:
        """Forget the movement of `token_ids` (all tokens when None)."""
        if token_ids is None:
            return replace(self, spent=())
        drop = set(token_ids)
        if not any(tid in drop for tid, _ in self.spent):
            return self
        return replace(self, spent=tuple((tid, s) for tid, s in self.spent if tid not in drop))

    def next_round(self) -> FreeMovement:
        return FreeMovement(self.round + 1, ())

    def renamed(self, old: str, new: str) -> FreeMovement:
        return replace(self, spent=tuple((new if tid == old else tid, s) for tid, s in self.spent))
