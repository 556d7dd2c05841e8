"""The turn's economy, its start and end, and initiative (`TurnRules`): what a creature gets as its turn
starts (`TurnBudget`), what happens at its start and end (`TurnEvent`), and how initiative is ordered."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from rules.dice import DieSource
from rules.messages import Message
from rules.model.scene import Token
from rules.systems.economy import TurnEconomy
from rules.systems.turn_rolls import TurnRolls


@dataclass(frozen=True, slots=True)
class TurnBudget:
    """What a creature gets at the start of its turn.

    `movement` is the feet it may move without spending an action (D&D 5e: its speed); None in PF2e,
    where each Stride or Step is an action.
    """

    actions: int
    reactions: int
    bonus_actions: int
    movement: int | None


@dataclass(frozen=True, slots=True)
class TurnEvent:
    """A token after start- or end-of-turn processing, with one log line per thing that happened."""

    token: Token
    log: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EndTurnSave:
    """A save a creature attempts at the end of its turn (PF2e: against an ongoing affliction, Player Core
    "Step 3: End Your Turn"): what it is against (`name`, the key of `TurnRolls.affliction_saves`), the save
    (`save`: ``fortitude``; `save_label`: its name for people), the DC, the stage it is at of `stages`, and
    what each degree does (`rule`)."""

    name: str
    save: str
    save_label: Message | str
    dc: int
    stage: int
    stages: int
    rule: Message


class TurnRules(ABC):
    """How a system's turns run."""

    #: Turn economy: a creature may Delay (PF2e).
    has_delay: bool
    #: Stunned N costs N actions at the start of a turn and drops by the actions lost (PF2e).
    stunned_costs_actions: bool
    #: A creature dropped to 0 HP moves its initiative to just before the turn it happened in (PF2e).
    knock_out_moves_initiative: bool

    @property
    @abstractmethod
    def economy(self) -> TurnEconomy:
        """The turn economy: what a turn gives and what each act costs (`rules.systems.economy`): the one
        turn ledger's rules (Strides or feet then Dash, what Ready and an attack take)."""

    @property
    @abstractmethod
    def surprise_disadvantage(self) -> bool:
        """A surprised creature rolls initiative with disadvantage (5e 2024)."""

    @abstractmethod
    def band_text(self, band: int) -> str:
        """What reaching a square in movement band `band` takes (``Stride 2``, ``Dash``)."""

    @abstractmethod
    def turn_start_roll(self, token: Token) -> str:
        """The roll `token` must make as its turn starts (``recovery check``, ``death saving throw``), or
        ``""``."""

    @abstractmethod
    def turn_start_rule(self, token: Token) -> str:
        """What `turn_start_roll` is and does, in a sentence for the GM (its DC included)."""

    @abstractmethod
    def turn_end_saves(self, token: Token) -> tuple[EndTurnSave, ...]:
        """The saves `token` attempts at the end of its turn (PF2e: one per ongoing affliction), each asked
        of the table by its name in `TurnRolls.affliction_saves`; ``()`` when none (5e)."""

    @abstractmethod
    def initiative_modifier(self, token: Token) -> int: ...

    @abstractmethod
    def initiative_tiebreak(self, token: Token) -> tuple[int, ...]:
        """Sort key among equal initiative results: smaller goes first."""

    @abstractmethod
    def turn_budget(self, token: Token) -> TurnBudget: ...

    @abstractmethod
    def turn_started(self, token: Token, rolls: TurnRolls) -> tuple[Token, tuple[str, ...]]:
        """The creature's own start-of-turn rules with the rolls given or rolled (PF2e a recovery check
        while dying, 5e a death save at 0 HP), and a log line per thing that happened. Raises
        `rules.systems.turn_rolls.MissingRoll`."""

    @abstractmethod
    def turn_ended(
        self, token: Token, rolls: TurnRolls, *, negatives_done: bool = False
    ) -> tuple[Token, tuple[str, ...]]:
        """The creature's own end-of-turn rules (PF2e persistent damage, its flat checks, frightened −1).
        `negatives_done`: its negative end-of-turn effects already happened this turn (PF2e Delay)."""

    def start_of_turn(self, token: Token, rng: DieSource) -> TurnEvent:
        """`turn_started` with every roll from `rng`."""
        after, lines = self.turn_started(token, TurnRolls(rng=rng))
        return TurnEvent(after, lines)

    def end_of_turn(self, token: Token, rng: DieSource) -> TurnEvent:
        """`turn_ended` with every roll from `rng`."""
        after, lines = self.turn_ended(token, TurnRolls(rng=rng))
        return TurnEvent(after, lines)
