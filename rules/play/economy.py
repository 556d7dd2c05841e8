"""The turn economy applied to a `GameState`: which ledger an act is charged to, and the GM's override.

Every command that costs something charges it here, through the scene's turn economy
(`rules.systems.economy.TurnEconomy`, asked of the system; this module never asks which system):

* `ledger_for(state, token_id)`: the creature's one turn ledger now — in a running encounter the ledger of
  its turn (kept in the encounter; a creature that hasn't had a turn yet gets a fresh one, not begun); out
  of an encounter (or not in its order) free mode's ledger, fresh when its free-mode turn begins.
* `charge(state, token_id, act)`: the act on the creature's own turn, spent from its ledger; refused
  (`Refused`, the economy's sentence naming the rule) when the turn doesn't allow it, or when it isn't the
  creature's turn in the encounter (outside its turn a creature only reacts: `charge_reaction`).
* `charge_reaction(state, token_id, act)`: a reaction (an opportunity attack, Reactive Strike, Aid, a
  readied action): refused when the creature can't act, is delaying (PF2e: 「イニシアチブ順に戻るまで、君は
  リアクションを使用できない」), or has used its reaction since its turn began. Returns the readied action
  the reaction used, if any.
* `free=True` on either is the GM's override ("free action"): nothing is spent and nothing refused — the
  same override `MoveToken(free=True)` is for movement.
* `record_move`: a move's feet, diagonal steps and movement actions (Strides, a Dash) in the ledger.
* `budget_for`: the movement budget the planner uses (`rules.systems.economy.MoveBudget`).

`cast_check(state, caster_id, …)` is the economy check for a spell (PF2e its actions, 5e its casting time
and the bonus-action / one-slot rule), for the spell-casting command to call before it resolves anything;
`payment_for(state, cast)` is the `PayForSpell` command to execute with a `rules.play.cast.Cast` in one
step (the ``play`` query's ``cast`` step does; so should the app's casting).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from rules.messages import msg
from rules.model.scene import CANNOT_ACT, Token
from rules.model.state import GameState
from rules.model.turn_ledger import Readied, TurnLedger
from rules.play.command import Outcome, Refused
from rules.systems import system_for
from rules.systems.economy import Act, MoveBudget, NotAllowed, TurnEconomy

if TYPE_CHECKING:
    from rules.model.spell import Spell


class Cast(Protocol):
    """What `payment_for` reads of the spell-casting command (`rules.play.cast.Cast`; a protocol, so this
    module, which every command charges through, doesn't import the casting command)."""

    @property
    def caster_id(self) -> str: ...

    @property
    def spell(self) -> Spell: ...

    @property
    def level(self) -> int | None: ...

    @property
    def free(self) -> bool: ...


def economy_of(state: GameState) -> TurnEconomy:
    return system_for(state.scene).economy


def _token(state: GameState, token_id: str) -> Token:
    token = state.scene.token(token_id)
    if token is None:
        raise Refused(f"no token with id {token_id!r}")
    return token


def ledger_for(state: GameState, token_id: str) -> TurnLedger:
    """The creature's turn ledger now (see the module docstring)."""
    token = _token(state, token_id)
    found = state.ledger(token_id)
    if found is not None:
        return found
    fresh = economy_of(state).fresh(token)
    if state.in_encounter(token_id):
        return replace(fresh, begun=False)
    return fresh


def own_turn(state: GameState, token_id: str) -> bool:
    """It is the creature's turn (free mode: always)."""
    return state.is_turn_of(token_id)


def charge(state: GameState, token_id: str, act: Act, *, free: bool = False) -> GameState:
    """`state` after `token_id` does `act` on its turn (see the module docstring)."""
    token = _token(state, token_id)
    if free:
        return state
    if not own_turn(state, token_id):
        current = state.encounter.current_id if state.encounter is not None else None
        now = state.scene.token(current) if current is not None else None
        whose = now.label if now is not None else current
        raise Refused(
            str(
                msg(
                    "it is {whose}'s turn, not {name}'s: outside its turn a creature can only use a reaction "
                    "({act} is not one)",
                    whose=str(whose),
                    name=token.label,
                    act=act.words,
                )
            )
        )
    ledger = ledger_for(state, token_id)
    try:
        after = economy_of(state).spend(ledger, token, act)
    except NotAllowed as exc:
        raise Refused(str(exc)) from None
    return state.with_ledger(after)


def reaction_problem(state: GameState, token: Token) -> str | None:
    """Why `token` can't use a reaction at all now (None when it can, its reaction left or not)."""
    from rules.systems import initiative

    enc = state.encounter
    if enc is not None and token.id in enc.delayed:
        return (
            f"{token.label} is delaying: it can't use reactions until it returns to the initiative order "
            "(Player Core 416: Delay)"
        )
    if token.condition_names() & CANNOT_ACT or (token.hp is not None and token.hp <= 0):
        return f"{token.label} can't act, so it can't use a reaction"
    if not initiative.can_react(state.scene.system, token):
        return f"{token.label} is surprised: no reaction until its first turn ends"
    return None


def charge_reaction(
    state: GameState, token_id: str, act: Act | None = None, *, free: bool = False
) -> tuple[GameState, Readied | None]:
    """`state` after `token_id` uses its reaction (for `act`), and the readied action it used (None when
    it had none waiting). See the module docstring."""
    token = _token(state, token_id)
    ledger = ledger_for(state, token_id)
    readied = ledger.readied
    if free:
        return state, readied
    problem = reaction_problem(state, token)
    if problem is not None:
        raise Refused(problem)
    try:
        after = economy_of(state).react(ledger, token, act)
    except NotAllowed as exc:
        raise Refused(str(exc)) from None
    return state.with_ledger(after), readied


def budget_for(state: GameState, token: Token, mode: str = "walk") -> MoveBudget:
    """The token's movement budget now: its ledger on its own turn (free mode included); outside its turn
    in an encounter a fresh turn's (a GM's correction or a readied move)."""
    economy = economy_of(state)
    if not own_turn(state, token.id):
        return economy.budget(None, token, mode)
    return economy.budget(ledger_for(state, token.id), token, mode)


def record_move(
    state: GameState, token_id: str, feet: int, diagonals: int, actions: int = 0, mode: str = "walk"
) -> GameState:
    """Add a move's feet, diagonal steps and movement actions to the creature's ledger on its turn (free
    mode included); a move outside its turn in an encounter is not counted against its turn."""
    if not own_turn(state, token_id):
        return state
    token = _token(state, token_id)
    ledger = ledger_for(state, token_id)
    return state.with_ledger(economy_of(state).moved(ledger, token, feet, diagonals, actions, mode))


def remaining_text(state: GameState, token_id: str) -> str:
    """What the creature has left this turn, in words (``2 actions left · reaction ready``)."""
    token = _token(state, token_id)
    return economy_of(state).remaining_text(ledger_for(state, token_id), token)


def left_line(state: GameState, token_id: str, *, free: bool = False) -> tuple[str, ...]:
    """The log line saying what the creature has left after an act on its turn (``  Ayla: 1 action left ·
    reaction ready``), or that the GM's free action spent nothing; nothing outside its turn."""
    if free:
        return ("  (free action: nothing spent)",)
    token = state.scene.token(token_id)
    if token is None or not own_turn(state, token_id):
        return ()
    return (f"  {token.label}: {remaining_text(state, token_id)}",)


def cast_check(
    state: GameState,
    caster_id: str,
    *,
    name: str = "",
    actions: int | None = None,
    casting_time: str | None = None,
    level: int = 0,
    uses_slot: bool | None = None,
    free: bool = False,
) -> GameState:
    """`state` after the caster pays for a spell on its turn (PF2e `actions`; 5e `casting_time`, the
    2014 bonus-action spell rule and the 2024 one-slot rule), or `Refused` naming the rule. A reaction spell
    (5e ``casting_time`` ``reaction``) outside the caster's turn uses its reaction."""
    act = Act(
        "cast",
        actions=actions,
        casting_time=casting_time,
        spell_level=level,
        uses_slot=uses_slot,
        name=name,
    )
    if casting_time == "reaction" and not own_turn(state, caster_id):
        state, _readied = charge_reaction(state, caster_id, act, free=free)
        return state
    return charge(state, caster_id, act, free=free)


@dataclass(frozen=True, slots=True)
class PayForSpell:
    """A command that pays a spell's cost from the caster's turn (`cast_check`): executed with the casting
    command in one step (the query command's ``cast`` step), so a spell the turn can't pay for is refused
    before anything is resolved. `actions` (PF2e) or `casting_time` (5e) as the system's casting `Cost`
    gives them."""

    caster_id: str
    name: str = ""
    actions: int | None = None
    casting_time: str | None = None
    level: int = 0
    uses_slot: bool | None = None
    free: bool = False
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Pay for a spell"

    def apply(self, state: GameState) -> Outcome:
        if self.actions is not None and self.actions < 0:
            raise Refused(f"a spell takes 0 or more actions, not {self.actions}")
        if self.level < 0:
            raise Refused(f"a spell's level is 0 or more, not {self.level}")
        after = cast_check(
            state,
            self.caster_id,
            name=self.name,
            actions=self.actions,
            casting_time=self.casting_time,
            level=self.level,
            uses_slot=self.uses_slot,
            free=self.free,
        )
        return Outcome(after, (f"  {remaining_text(after, self.caster_id)}",) if not self.free else ())


def payment_for(state: GameState, cast: Cast, *, free: bool = False) -> PayForSpell:
    """The `PayForSpell` to execute with `cast` (the spell-casting command, `rules.play.cast.Cast`) in one
    step: its casting `Cost` in this system, the level cast, and whether it spends a spell slot (a leveled
    spell paid with slots; not a cantrip, an ability, or a spell used per day or from a Focus Point)."""
    spell = cast.spell
    cost = system_for(state.scene).casting.cost(spell)
    level = cast.level if cast.level is not None else spell.level
    slot = (
        spell.kind == "spell"
        and not spell.is_cantrip
        and level >= 1
        and (spell.uses is None or spell.uses.kind == "slot")
    )
    return PayForSpell(
        cast.caster_id,
        name=spell.name,
        actions=cost.actions,
        casting_time=cost.casting_time,
        level=level,
        uses_slot=slot,
        free=free or cast.free,
    )
