"""The turn economy: what a creature gets each turn and what each thing it does costs, behind one small
protocol every system implements (`TurnEconomy`; PF2e `rules.systems.pf2e.economy`, D&D 5e
`rules.systems.dnd5e.economy`). The core (`rules.play`) asks the scene's system for it
(`RuleSystem.economy`) and never asks which system it serves.

The economy owns the one turn ledger (`rules.model.turn_ledger.TurnLedger`): it makes a fresh one when a
creature's turn begins (`fresh`), prices and spends it (`spend`: an `Act` in, the ledger after it out, or
`NotAllowed` with one sentence naming the rule), spends a reaction (`react`), turns it into a movement
budget for the move planner (`budget`, a `MoveBudget`), records a move (`moved`) and says what is left
(`remaining` for the query command, `remaining_text` for people).

`MoveBudget` is what the planner (`rules.play.planner`) needs of a turn's movement, whatever the system
counts it in: PF2e Strides of one action each up to the Speed (`stride_feet` is the Speed), 5e feet of
movement then a Dash (`stride_feet` is None). The planner calls its methods; it has no system branch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from rules.messages import Message
from rules.model.scene import Attack, Scene, Token
from rules.model.turn_ledger import TurnLedger
from rules.systems.turn_rolls import TurnRolls

#: Kinds of act both economies know (each prices only its own and refuses the rest in words).
ACT_KINDS: tuple[str, ...] = (
    "strike",
    "offhand",
    "maneuver",
    "escape",
    "stride",
    "step",
    "crawl",
    "stand",
    "drop-prone",
    "take-cover",
    "raise-shield",
    "hide",
    "seek",
    "sneak",
    "point-out",
    "interact",
    "fly",
    "burrow",
    "leap",
    "mount",
    "dismount",
    "sustain",
    "prepare-aid",
    "help",
    "dash",
    "disengage",
    "dodge",
    "ready",
    "delay",
    "cast",
    "squeeze",
    "unsqueeze",
    "up",
    "down",
    "skill",
)


#: Acts whose name isn't their kind in title case.
ACT_WORDS: dict[str, str] = {
    "strike": "a Strike",
    "offhand": "a two-weapon attack",
    "raise-shield": "Raise a Shield",
    "prepare-aid": "preparing to Aid",
    "seek": "Seek / Search",
    "up": "moving up",
    "down": "moving down",
    "cast": "a spell",
    "skill": "a skill action",
}


class NotAllowed(ValueError):
    """The economy refuses an act; the message is one sentence naming the rule."""


@dataclass(frozen=True, slots=True)
class Act:
    """One thing a creature does, as the economy prices it.

    `kind` is one of `ACT_KINDS`. `actions`: PF2e, the actions of an activity whose cost varies (a spell's
    ``actions``); `attack`: the weapon of a Strike, an attack or a two-weapon attack; `attack_trait`: PF2e,
    the action has the attack trait (it counts toward the multiple attack penalty); `casting_time`: 5e,
    ``action``, ``bonus`` or ``reaction``; `spell_level`: the level (rank) a spell is cast at (0 a
    cantrip); `uses_slot`: 5e, the spell spends a spell slot (default: a spell of level 1 or more);
    `name`: words for the refusal (``Fireball``, ``Grapple``).
    """

    kind: str
    actions: int | None = None
    attack: Attack | None = None
    attack_trait: bool = False
    casting_time: str | None = None
    spell_level: int | None = None
    uses_slot: bool | None = None
    name: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ACT_KINDS:
            raise ValueError(f"an act is one of {', '.join(ACT_KINDS)}, not {self.kind!r}")
        if self.actions is not None and self.actions < 0:
            raise ValueError(f"an act takes 0 or more actions, not {self.actions}")

    @property
    def words(self) -> str:
        """The act in words for a refusal: its `name`, else the action's name (``Drop Prone``)."""
        return self.name or ACT_WORDS.get(self.kind, self.kind.replace("-", " ").title())


@dataclass(frozen=True, slots=True)
class FallOutcome:
    """How a fall ends: the elevation the creature lands (or hangs) at, the bludgeoning damage it takes (a
    formula: ``"10"``, ``"3d6"``; ``""`` none), whether it lands prone, and the words."""

    lands_at: int
    damage: str
    prone: bool
    text: str


@dataclass(frozen=True, slots=True)
class TurnEnd:
    """What the end of a creature's turn does to it by the economy's rules (from what it did this turn):
    it falls (`falls`: PF2e a flyer that didn't Fly), it is knocked prone (`prone`: 5e 2024, ending in
    another creature's space), its air runs out (`token`), with the words."""

    falls: bool = False
    prone: bool = False
    lines: tuple[str, ...] = ()
    #: The creature after what its turn's end did to it otherwise (its air running out), or None.
    token: Token | None = None


#: What a `Gauge` counts (the action bar draws each its own way).
GAUGE_KINDS: tuple[str, ...] = ("actions", "action", "bonus-action", "movement", "reaction", "attacks", "map")


@dataclass(frozen=True, slots=True)
class Gauge:
    """One thing the turn has, for the action bar / turn HUD: `kind` (one of `GAUGE_KINDS`), `left` of
    `total` (PF2e actions: pips; 5e movement: feet), `lost` of the usual number taken away by a condition
    (PF2e slowed or stunned: pips shown struck out), the words (`text`: ``2 actions left``, ``bonus
    action used``) and a `note` (``quickened``, ``slowed 1``; the MAP's source). The `map` gauge's `left`
    is the penalty of the next Strike (0, −5, −10) and `total` its agile value."""

    kind: str
    left: int
    total: int
    text: Message
    lost: int = 0
    note: Message | None = None

    def __post_init__(self) -> None:
        if self.kind not in GAUGE_KINDS:
            raise ValueError(f"a gauge is one of {', '.join(GAUGE_KINDS)}, not {self.kind!r}")


class MoveBudget(Protocol):
    """How far a creature may still move this turn (see the module docstring)."""

    @property
    def speed(self) -> int:
        """The Speed the move uses (one Stride; 5e the movement a Dash adds)."""
        ...

    @property
    def feet_spent(self) -> int:
        """Feet already moved this turn."""
        ...

    @property
    def diagonals(self) -> int:
        """Diagonal steps already taken this turn (their parity prices the next diagonal)."""
        ...

    @property
    def stride_feet(self) -> int | None:
        """Feet one movement action covers when movement is counted in actions (PF2e: the Speed), None
        when it is a pool of feet (5e)."""
        ...

    @property
    def actions_left(self) -> int:
        """Actions left this turn (5e: 1 while a Dash can still be taken)."""
        ...

    @property
    def used_actions(self) -> int:
        """Movement actions are numbered after these (PF2e: the actions already used this turn)."""
        ...

    @property
    def strides_left(self) -> int:
        """How many more movement actions a move may take (0 when movement is a pool of feet)."""
        ...

    @property
    def feet_left(self) -> int:
        """Feet still possible this turn (every movement action, or the movement and a Dash)."""
        ...

    @property
    def move_left(self) -> int:
        """Feet of one movement action (PF2e a Stride), or of movement before a Dash is needed (5e)."""
        ...

    @property
    def dashed(self) -> bool:
        """5e: a Dash was taken this turn (False in PF2e)."""
        ...

    @property
    def crawls_when_prone(self) -> bool:
        """A prone creature can only Crawl one square per action (PF2e); else it moves as usual."""
        ...

    def bands(self, steps: Sequence[int]) -> tuple[tuple[int, ...], int]:
        """The band of each step of a move (which movement action makes it; 0: not possible this turn)
        and the actions the move takes."""
        ...

    def band_of(self, total: int) -> int:
        """5e: the band of a square reached with `total` feet moved this turn (1 within Speed, 2 with
        the Dash, 0 beyond)."""
        ...

    def capped(self, actions: int) -> MoveBudget:
        """The budget of one move that may take at most `actions` actions (PF2e: Strides; 5e: 0 means
        no Dash)."""
        ...

    def left_after(self, feet: int, actions: int) -> str:
        """What is left of the turn after a move of `feet` taking `actions`, in words."""
        ...

    def too_far(self, feet: int, actions: int, label: str) -> str:
        """Why a move of `feet` taking `actions` doesn't fit in the turn, in words."""
        ...

    def move_words(self, bands: Sequence[int], actions: int) -> str:
        """What a move is called (``2 Strides``; ``Move`` or ``Dash``)."""
        ...

    def text(self) -> str:
        """The budget in words for the inspector (``10 ft moved · 2 actions left``)."""
        ...


class TurnEconomy(Protocol):
    """A system's turn economy (see the module docstring). Every method is pure."""

    @property
    def move_actions(self) -> int:
        """The most actions one move of the query command's ``play`` may take (PF2e: one Stride; 5e: 0,
        movement only, a Dash being its own step)."""
        ...

    @property
    def ready_ends_turn(self) -> bool:
        """Readying ends the creature's turn (PF2e: "then your turn ends")."""
        ...

    @property
    def has_shield_block(self) -> bool:
        """A raised shield can block damage as a reaction (PF2e Shield Block)."""
        ...

    def fresh(self, token: Token) -> TurnLedger:
        """The ledger of `token` as its turn begins (what it regains)."""
        ...

    def spend(self, ledger: TurnLedger, token: Token, act: Act) -> TurnLedger:
        """The ledger after `token` does `act` on its turn. Raises `NotAllowed` (one sentence naming the
        rule) when the turn doesn't allow it."""
        ...

    def react(self, ledger: TurnLedger, token: Token, act: Act | None = None) -> TurnLedger:
        """The ledger after `token` uses its reaction (for `act`, when the reaction is one: a Strike, a
        readied action). Raises `NotAllowed` when it has none left or the act needs a reaction it lacks."""
        ...

    def budget(self, ledger: TurnLedger | None, token: Token, mode: str = "walk") -> MoveBudget:
        """The movement left in `ledger` (a fresh turn when None) for a move by `mode` (``walk``, ``fly``,
        ``swim``, ``burrow``, ``climb``)."""
        ...

    def moved(
        self, ledger: TurnLedger, token: Token, feet: int, diagonals: int, actions: int, mode: str = "walk"
    ) -> TurnLedger:
        """The ledger after a move of `feet` with `diagonals` diagonal steps taking `actions` actions."""
        ...

    def jump_limit(self, token: Token, ledger: TurnLedger | None, *, high: bool = False) -> int:
        """How far `token` can jump now: a long jump's feet across, or with `high` its feet up (PF2e Leap;
        5e long and high jumps, a run-up counting when it already moved 10 ft this turn). 0: it can't."""
        ...

    def jump(self, ledger: TurnLedger, token: Token, feet: int) -> TurnLedger:
        """The ledger after a jump of `feet` ft (PF2e Leap: an action; 5e: that much movement). Raises
        `NotAllowed`."""
        ...

    def drag_factor(self, mover: Token, dragged: Token) -> int:
        """How many feet each foot of movement costs while `mover` drags `dragged`, a creature it holds
        (5e: 2 — its speed halved — unless the dragged creature is 2+ sizes smaller, then 1). Raises
        `NotAllowed` where a held creature can't be dragged (PF2e: a grab ends when the grabber moves)."""
        ...

    def vertical_cost(self, rise: int) -> int:
        """Feet of flying movement that rising `rise` ft costs (negative: descending)."""
        ...

    def fall(
        self,
        token: Token,
        feet: int,
        *,
        reaction: str | None = None,
        degree: str | None = None,
        fallen: int = 0,
        free_hand: bool = True,
    ) -> FallOutcome:
        """`token` falls `feet` ft. `reaction` (PF2e): ``arrest`` (Arrest a Fall) or ``grab`` (Grab an
        Edge, after `fallen` ft), with the check's `degree`. Raises `NotAllowed` for a reaction the system
        doesn't have."""
        ...

    def breath(self, token: Token) -> int:
        """Rounds `token` can hold its breath (`Token.air` when it begins to)."""
        ...

    def turn_ends(self, scene: Scene, token: Token, ledger: TurnLedger | None) -> TurnEnd:
        """What the end of its turn does to `token` by what it did this turn (see `TurnEnd`)."""
        ...

    def drops(self, before: Token, after: Token) -> bool:
        """A flying creature falls at once after this change (5e: knocked prone or to a speed of 0, unless
        it can hover)."""
        ...

    def delay_effects(self, token: Token, rolls: TurnRolls) -> tuple[Token, tuple[str, ...]]:
        """PF2e Delay: the negative effects of the creature's turn, which happen when it Delays (persistent
        damage and the flat checks to end it), with the log lines. Raises `NotAllowed` in a system without
        Delay."""
        ...

    def remaining(self, ledger: TurnLedger | None, token: Token) -> dict[str, int | bool]:
        """What is left, as the query command's ``play`` answers it (PF2e ``actions``, ``reaction``; 5e
        ``action``, ``bonus_action``, ``movement``, ``reaction``)."""
        ...

    def remaining_text(self, ledger: TurnLedger | None, token: Token) -> str:
        """What is left, in words (``1 action left``, ``bonus action used``)."""
        ...

    def gauges(self, ledger: TurnLedger | None, token: Token) -> tuple[Gauge, ...]:
        """What is left, as the action bar draws it (PF2e: the actions with what quickened / slowed /
        stunned change, the reaction, the multiple attack penalty of the next Strike; 5e: the action, the
        bonus action, the feet of movement, the reaction, the attacks left of the Attack action)."""
        ...

    def cost_words(self, act: Act, token: Token) -> Message:
        """What `act` costs, in words for its button (``1 action``, ``2 actions``, ``free``, ``action``,
        ``bonus action``, ``half Speed (15 ft)``, ``reaction``, ``movement``); an act the system doesn't
        have: ``—``."""
        ...
