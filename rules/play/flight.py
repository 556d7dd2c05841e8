"""Flying and falling as commands: `Fly` (moving through the air, up and down) and `Fall`, with the PF2e
reactions to a fall (Arrest a Fall, Grab an Edge). What each costs and deals is the scene's turn economy's
(`rules.systems.economy.TurnEconomy`: `vertical_cost`, `fall`); this module never asks which system.

* **Fly** (`Fly(token_id, to, elevation)`): one flying move to the square `to` (default: where it is) at the
  height `elevation` (default: its height), by its fly Speed. The horizontal path is planned as every move
  (`rules.play.planner`); rising and descending cost what the economy says (PF2e Fly, Player Core 419:
  moving up uses the difficult terrain rules, 5 ft of Speed moves 10 ft down; 5e foot for foot). PF2e: it is
  one Fly action, up to the fly Speed in all — a Fly of 0 ft hovers; 5e: it spends that much movement
  (no Dash: that is its own action). A PF2e creature aloft that used no Fly action this turn falls at the
  end of its turn (`rules.play.turns`, the economy's `turn_ends`).
* **Fall** (`Fall(token_id, feet)`): the creature falls `feet` ft (default its whole height) and takes the
  falling damage through its system (PF2e half the distance, 5e 1d6 per 10 ft, rolled with the command's
  dice), landing prone when hurt. `reaction` makes it try PF2e Arrest a Fall (``arrest``: a fly Speed and an
  Acrobatics check against DC 15, `d20` + `modifier`) or Grab an Edge (``grab``: Acrobatics or Reflex against
  the climb `dc`, after `fallen` ft): it spends the creature's reaction. A fall is not an action of the
  faller; `Fall` costs nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules import dice as dice_rolls
from rules.dice import DieSource, fresh_source
from rules.geometry.coords import Cell
from rules.messages import msg
from rules.model.state import GameState
from rules.play.command import Outcome, Refused
from rules.play.economy import charge_reaction, economy_of, ledger_for, own_turn
from rules.play.effects import put_token
from rules.play.moves import cell_text
from rules.play.planner import MovePlanner
from rules.systems import system_for
from rules.systems.damage import DamageEntry
from rules.systems.economy import NotAllowed

#: The DC of Arrest a Fall (Player Core 419: 「DCは通常15」).
ARREST_DC = 15
#: The reactions to a fall.
FALL_REACTIONS: tuple[str, ...] = ("arrest", "grab")


def _rng() -> DieSource:
    return fresh_source()


def falling_damage(
    state: GameState, token_id: str, formula: str, rng: DieSource
) -> tuple[GameState, list[str]]:
    """Deal falling damage (`formula`, bludgeoning) to the creature through its system."""
    token = state.scene.token(token_id)
    if token is None or not formula or token.hp is None:
        return state, []
    try:
        rolled = dice_rolls.roll(formula, rng)
    except ValueError as exc:
        raise Refused(f"{token.label}'s falling damage ({formula}): {exc}") from None
    entries = [DamageEntry(max(0, rolled.total), "bludgeoning")]
    outcome, after = system_for(state.scene).damage(token, entries)
    state, ended = put_token(state, after)
    line = f"  takes {outcome.total} bludgeoning ({rolled.render()}): HP {outcome.hp}, {outcome.state}"
    return state, [line, *ended]


def fall_to(
    state: GameState,
    token_id: str,
    feet: int,
    rng: DieSource,
    *,
    reaction: str | None = None,
    degree: str | None = None,
    fallen: int = 0,
    free_hand: bool = True,
) -> tuple[GameState, list[str]]:
    """The creature falls `feet` ft (see the module docstring); the state and the log lines."""
    token = state.scene.token(token_id)
    if token is None:
        raise Refused(f"no token with id {token_id!r}")
    try:
        out = economy_of(state).fall(
            token, feet, reaction=reaction, degree=degree, fallen=fallen, free_hand=free_hand
        )
    except NotAllowed as exc:
        raise Refused(str(exc)) from None
    landed = replace(token, elevation=out.lands_at)
    if out.prone and not landed.has_condition("prone"):
        landed = landed.with_condition("prone")
    state, ended = put_token(state, landed)
    lines = [out.text, *ended]
    state, hurt = falling_damage(state, token_id, out.damage, rng)
    lines += hurt
    if out.prone and not token.has_condition("prone"):
        lines.append("  lands prone")
    return state, lines


@dataclass(frozen=True, slots=True)
class Fall:
    """`token_id` falls (see the module docstring)."""

    token_id: str
    feet: int | None = None
    reaction: str | None = None
    d20: int | None = None
    modifier: int = 0
    dc: int = ARREST_DC
    fallen: int = 0
    free_hand: bool = True
    dice: DieSource = field(default_factory=_rng, compare=False)
    free: bool = False
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return {"arrest": "Arrest a Fall", "grab": "Grab an Edge"}.get(self.reaction or "", "Fall")

    def apply(self, state: GameState) -> Outcome:
        token = state.scene.token(self.token_id)
        if token is None:
            raise Refused(f"no token with id {self.token_id!r}")
        feet = token.elevation if self.feet is None else self.feet
        if feet <= 0:
            raise Refused(str(msg("{name} is on the ground: there is nowhere to fall", name=token.label)))
        degree: str | None = None
        lines: list[str] = []
        if self.reaction is not None:
            if self.reaction not in FALL_REACTIONS:
                raise Refused(
                    f"a reaction to a fall is one of {', '.join(FALL_REACTIONS)}, not {self.reaction!r}"
                )
            if self.d20 is None:
                raise Refused(f"{self.label} needs its check's d20")
            try:  # the system has the reaction (and its requirement holds) before anything is rolled
                economy_of(state).fall(
                    token, feet, reaction=self.reaction, degree="failure", fallen=self.fallen
                )
            except NotAllowed as exc:
                raise Refused(str(exc)) from None
            state, _readied = charge_reaction(state, token.id, free=self.free)
            dc = ARREST_DC if self.reaction == "arrest" else self.dc
            degree = system_for(state.scene).check(self.d20, self.modifier, dc)
            total = self.d20 + self.modifier
            lines.append(
                f"{token.label} tries to {self.label}: d20 {self.d20} {self.modifier:+d} = {total} "
                f"vs DC {dc}, {degree}"
            )
        state, more = fall_to(
            state,
            token.id,
            feet,
            self.dice,
            reaction=self.reaction,
            degree=degree,
            fallen=self.fallen,
            free_hand=self.free_hand,
        )
        return Outcome(state, (*lines, *more))


@dataclass(frozen=True, slots=True)
class Fly:
    """`token_id` flies to `to` at `elevation` (see the module docstring)."""

    token_id: str
    to: Cell | None = None
    elevation: int | None = None
    free: bool = False
    dice: DieSource = field(default_factory=_rng, compare=False)
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Fly"

    def apply(self, state: GameState) -> Outcome:
        token = state.scene.token(self.token_id)
        if token is None:
            raise Refused(f"no token with id {self.token_id!r}")
        if token.speed_of("fly") <= 0:
            raise Refused(f"{token.label} has no fly Speed")
        height = token.elevation if self.elevation is None else self.elevation
        if height < 0:
            raise Refused("a flyer flies at a height of 0 ft or more")
        to = token.cell if self.to is None else self.to
        economy = economy_of(state)
        rise = height - token.elevation
        vertical = economy.vertical_cost(rise)
        aloft = replace(token, elevation=max(token.elevation, height, 1))  # a flyer over the ground
        if self.free:
            moved = replace(token, cell=to, elevation=height)
            state, ended = put_token(state, moved)
            return Outcome(
                state, (f"{token.label} is placed at {cell_text(to)}, {height} ft up (free move)", *ended)
            )
        ledger = ledger_for(state, token.id) if own_turn(state, token.id) else None
        budget = economy.budget(ledger, token, "fly").capped(economy.move_actions)
        planner = MovePlanner(state.scene.replace_token(aloft), aloft, budget, state.reactions_used)
        plan = planner.plan([], to) if to != token.cell else None
        if plan is not None and not plan.legal:
            plan = planner.plan([], to, exhaustive=True)
            raise Refused(
                str(msg("Can't fly {name} there: {problem}", name=token.label, problem=str(plan.problem)))
            )
        steps = (*(plan.steps if plan is not None else ()), *((vertical,) if vertical else ()))
        bands, actions = budget.bands(steps)
        if any(b == 0 for b in bands):
            feet = sum(steps)
            raise Refused(
                f"Can't fly {token.label} there: {feet} ft of flying ({vertical} ft of it to rise or descend "
                f"{abs(rise)} ft) is more than one {('Fly action' if budget.stride_feet else 'move')} allows "
                f"({budget.move_left} ft)"
            )
        actions = max(actions, economy.move_actions)
        diagonals = plan.diagonals if plan is not None else 0
        if own_turn(state, token.id):
            state = state.with_ledger(
                economy.moved(ledger_for(state, token.id), token, sum(steps), diagonals, actions, "fly")
            )
        moved = replace(token, cell=to, elevation=height)
        state, ended = put_token(state, moved)
        where = f"to {cell_text(to)} " if to != token.cell else ""
        what = "hovers" if not steps else f"flies {where}{height} ft up ({sum(steps)} ft of flying)"
        return Outcome(state, (f"{token.label} {what}", *ended), plan)


@dataclass(frozen=True, slots=True)
class Jump:
    """`token_id` jumps to `to` (PF2e Leap; 5e long jump), or with `high` straight up to grab or clear
    something (its height stays; the GM places it). The distance is the straight count between the squares
    (`rules.geometry.distance`), within the economy's `jump_limit`; the squares jumped over don't matter
    (「“跳躍”による移動は飛び越える区間の地形を無視する」, Player Core 423), but a wall in the way stops it
    and the landing square must be one it can end a move in. PF2e: an action; 5e: that much movement."""

    token_id: str
    to: Cell | None = None
    high: bool = False
    free: bool = False
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Jump"

    def apply(self, state: GameState) -> Outcome:
        from rules.geometry.distance import offset_feet
        from rules.geometry.movement import move_context, movement_walls
        from rules.geometry.sight import crossed_walls

        token = state.scene.token(self.token_id)
        if token is None:
            raise Refused(f"no token with id {self.token_id!r}")
        economy = economy_of(state)
        ledger = ledger_for(state, token.id)
        limit = economy.jump_limit(token, ledger, high=self.high)
        if limit <= 0:
            raise Refused(
                str(msg("{name} can't jump (a Speed of at least 15 ft is needed to Leap)", name=token.label))
            )
        to = token.cell if self.to is None else self.to
        feet = (
            limit
            if self.high
            else offset_feet(to.x - token.cell.x, to.y - token.cell.y, state.scene.options.diagonals)
        )
        if not self.high:
            if to == token.cell:
                raise Refused(str(msg("a long jump lands somewhere else")))
            if feet > limit:
                raise Refused(
                    str(
                        msg(
                            "{name} can jump {limit} ft, and that square is {feet} ft away",
                            name=token.label,
                            limit=limit,
                            feet=feet,
                        )
                    )
                )
            n = token.side_squares / 2
            a = (token.cell.x + n, token.cell.y + n)
            b = (to.x + n, to.y + n)
            if crossed_walls(movement_walls(state.scene), a, b):
                raise Refused(str(msg("a wall is in the way of the jump")))
            if not move_context(state.scene, token).can_end(to, token.cell):
                raise Refused(str(msg("{name} can't land there", name=token.label)))
        if not self.free and own_turn(state, token.id):
            try:
                state = state.with_ledger(economy.jump(ledger, token, feet))
            except NotAllowed as exc:
                raise Refused(str(exc)) from None
        elif not self.free:
            raise Refused(
                str(msg("it isn't {name}'s turn: a jump is part of its own move", name=token.label))
            )
        state, ended = put_token(state, replace(token, cell=to))
        what = f"jumps {feet} ft up" if self.high else f"jumps {feet} ft to {cell_text(to)}"
        return Outcome(state, (f"{token.label} {what}", *ended))
