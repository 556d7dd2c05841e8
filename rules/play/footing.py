"""Narrow surfaces and uneven ground at the table: the Balance check of a move onto them, and the Reflex save
to keep one's footing after a hit or a failed save there. The rules are the scene's system's
(`rules.systems.hooks.footing`: PF2e Player Core 423 and Balance, p.233, `rules.systems.pf2e.footing`; D&D
5e has none, so nothing here happens in a 5e scene).

**A move** (`balance_move`, called by `rules.play.moves.MoveToken` for a walking move by the rules): the
move needs Balance when its path enters a Balance square (a square of the mover's space new at a step whose
`Scene.balance_at` is a narrow surface or uneven ground). **Ruling**: one Balance check per move, made at the
first such step, against the highest DC among the Balance squares the move enters; its d20 is given (the
player rolls their own dice) or rolled from the move's dice. What it does (`BalanceResult.effect`):

* ``normal`` (critical success): the move goes on as planned;
* ``difficult`` (success): the steps into Balance squares cost as difficult terrain (+5 ft, unless the
  square is already difficult); the move stops at the last square the turn's movement still pays for;
* ``stay`` (failure): the creature stops on the square before the Balance square; the feet up to there
  count, and the movement action of the step it didn't take is spent;
* ``fall`` (critical failure): it steps onto the square and falls there (`fall_on`); its turn ends — the
  actions it had left are spent (the GM ends the turn).

**Falling** (`fall_on`): from uneven ground it falls prone. From a narrow surface it falls off: **Ruling** it
lands prone on the same square of the map (the ground below it; the GM moves it where the drop leads) and,
when the square has a drop (`TerrainCell.fall`), takes that fall's damage through the system's falling rules
(`TurnEconomy.fall`: PF2e half the distance as bludgeoning).

**Keeping one's footing** (`footing_checks`, `KeepFooting`): each time a creature on a Balance square is hit
by an attack (`AttackRoll`: a success or critical success) or fails a save (`AreaSaves`: a failure or
critical failure), it must make a Reflex save against the square's DC; a failure falls (`fall_on`). The
commands write the save due in their log and give it as the step's follow-up (`Outcome.follow_ups`);
`footing_checks` picks those still due (the app asks the player or rolls), `KeepFooting` rolls it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from rules import dice as dice_rolls
from rules.dice import DieSource
from rules.geometry.coords import Cell
from rules.messages import msg
from rules.model.scene import Scene, TerrainCell, Token
from rules.model.state import GameState
from rules.play.command import Outcome, Refused
from rules.play.effects import put_token
from rules.systems import system_for
from rules.systems.damage import DamageEntry
from rules.systems.hooks.checks import CheckOutcome, MissingStatistic
from rules.systems.hooks.footing import BalanceResult

#: The words of each Balance kind in the log (message ids).
KIND_WORDS: dict[str, str] = {"narrow": "the narrow surface", "uneven": "the uneven ground"}

BALANCE_LINE = "{name} needs Balance at {cell} (DC {dc}): Acrobatics d20 {d20} {modifier} = {total}, {degree}"
EFFECT_LINES: dict[str, str] = {
    "normal": "moves on normally",
    "difficult": "moves on; {where} costs as difficult terrain",
    "stay": "stops at {cell} to keep its balance (the movement action is lost)",
    "fall": "falls at {cell}: its turn ends (the actions it had left are lost)",
}
SHORT_LINE = "stops at {cell}: the rest is past its movement this turn"
PRONE_LINE = "{name} falls prone on {where} at {cell}"
FALL_OFF_LINE = "{name} falls off {where} at {cell} and lands prone below (move it where the drop leads)"
#: The Reflex save due, by why (`FootingCheck.why`: ``hit`` by an attack, ``failed`` a save).
DUE_LINES: dict[str, str] = {
    "hit": "{name} is hit on {where}: a DC {dc} Reflex save keeps its footing",
    "failed": "{name} fails a save on {where}: a DC {dc} Reflex save keeps its footing",
}
#: The degrees of success as the log writes them (message ids).
DEGREES: dict[str, str] = {
    "critical success": "critical success",
    "success": "success",
    "failure": "failure",
    "critical failure": "critical failure",
}
SAVE_LINE = "{name} keeps its footing on {where}? Reflex d20 {d20} {modifier} = {total} vs DC {dc}, {degree}"
KEPT_LINE = "it keeps its footing"
NO_ACROBATICS = (
    "{name} lists no Acrobatics modifier for the Balance check at {cell} (DC {dc}): add it, or move it freely"
)
NEEDS_D20 = "{name} needs Balance at {cell} (DC {dc}): the Acrobatics check's d20 (balance_d20) wasn't given"
NO_REFLEX = "{name} lists no Reflex save to keep its footing (DC {dc})"


#: A move budget's grouping of step prices into bands and actions (`MoveBudget.bands`).
Bands = Callable[[Sequence[int]], tuple[tuple[int, ...], int]]


def cell_text(cell: Cell) -> str:
    return f"[{cell.x}, {cell.y}]"


def dc_of(square: TerrainCell) -> int:
    """The square's Balance DC (every Balance square has one: `rules.model.scene.balance_problem`)."""
    return square.dc or 0


def where(square: TerrainCell) -> str:
    return str(msg(KIND_WORDS.get(square.kind, square.kind)))


# ------------------------------------------------------------------------------------------------ a move


def balance_steps(scene: Scene, token: Token, path: Sequence[Cell]) -> tuple[tuple[int, TerrainCell], ...]:
    """The steps of `path` (index into the path of the position stepped to) that enter a Balance square,
    with that square (the highest DC among the squares newly entered); none in a system without Balance or
    for a creature off the ground."""
    if not system_for(scene).balance_terrain or token.elevation > 0 or len(path) < 2:
        return ()
    n = token.side_squares
    out: list[tuple[int, TerrainCell]] = []
    for i in range(1, len(path)):
        before = {Cell(path[i - 1].x + a, path[i - 1].y + b) for b in range(n) for a in range(n)}
        best: TerrainCell | None = None
        for b in range(n):
            for a in range(n):
                cell = Cell(path[i].x + a, path[i].y + b)
                square = scene.balance_at(cell) if cell not in before else None
                if square is not None and (best is None or (square.dc or 0) > (best.dc or 0)):
                    best = square
        if best is not None:
            out.append((i, best))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class BalancedMove:
    """What a move's Balance check left of it: the path actually walked, its step prices, the feet and
    movement actions it spends, the result, the square the creature falls on (None: it doesn't; when it
    does, its turn ends: the actions left after the move are spent too)."""

    path: tuple[Cell, ...]
    steps: tuple[int, ...]
    feet: int
    actions: int
    result: BalanceResult
    square: TerrainCell
    falls_on: TerrainCell | None
    lines: tuple[str, ...]


def _check_line(token: Token, square: TerrainCell, check: CheckOutcome, save: bool) -> str:
    """The log line of the Balance check (or, `save`, of the Reflex save to keep one's footing)."""
    modifier = check.total - check.natural
    return str(
        msg(
            SAVE_LINE if save else BALANCE_LINE,
            name=token.label,
            cell=cell_text(square.cell),
            where=where(square),
            dc=dc_of(square),
            d20=check.natural,
            modifier=f"{modifier:+d}",
            total=check.total,
            degree=str(msg(DEGREES[check.word])) if check.word in DEGREES else check.word,
        )
    )


def balance_move(
    scene: Scene,
    token: Token,
    path: Sequence[Cell],
    steps: Sequence[int],
    budget_bands: Bands,
    d20: int | None,
    rng: DieSource,
) -> BalancedMove | None:
    """The move along `path` (priced `steps`) after its Balance check (see the module), or None when it
    needs none. `budget_bands` is the move's `MoveBudget.bands`; `d20` the check's die (None: rolled from
    `rng`). Raises `Refused` for a d20 out of range or a creature without an Acrobatics modifier."""
    needs = balance_steps(scene, token, path)
    if not needs:
        return None
    bands = budget_bands
    first = needs[0][0]
    square = max((s for _i, s in needs), key=lambda s: s.dc or 0)
    square = replace(square, cell=needs[0][1].cell)  # the check is made where the move first needs it
    try:
        die = rng.randint(1, 20) if d20 is None else d20
    except ValueError:  # a die source that rolls nothing (the query command): the d20 must be given
        raise Refused(
            str(msg(NEEDS_D20, name=token.label, cell=cell_text(square.cell), dc=dc_of(square)))
        ) from None
    if not isinstance(die, int) or not 1 <= die <= 20:
        raise Refused(str(msg("a d20 shows 1 to 20, not {dice}", dice=str(die))))
    system = system_for(scene)
    try:
        result = system.balance(token, square, die)
    except MissingStatistic:
        raise Refused(
            str(msg(NO_ACROBATICS, name=token.label, cell=cell_text(square.cell), dc=dc_of(square)))
        ) from None
    lines = [_check_line(token, square, result.check, False)]
    effect = result.effect
    kept_path, kept_steps = list(path), list(steps)
    falls_on: TerrainCell | None = None
    actions: int
    if effect == "difficult":
        terrain = scene.terrain_map()
        entered = {i for i, _s in needs}
        already = ("difficult", "greater-difficult")  # a square that is difficult terrain costs no more
        dearer = [
            p + 5 if i + 1 in entered and terrain.get(path[i + 1]) not in already else p
            for i, p in enumerate(steps)
        ]
        marks, _n = bands(dearer)
        fits = next((i for i, b in enumerate(marks) if b == 0), len(dearer))
        kept_steps = dearer[:fits]
        kept_path = list(path[: fits + 1])
        lines.append(str(msg(EFFECT_LINES[effect], where=where(square))))
        if fits < len(dearer):
            lines.append(str(msg(SHORT_LINE, cell=cell_text(kept_path[-1]))))
        actions = bands(kept_steps)[1]
    elif effect == "stay":
        kept_path, kept_steps = list(path[:first]), list(steps[: first - 1])
        actions = bands(list(steps[:first]))[1]
        lines.append(str(msg(EFFECT_LINES[effect], cell=cell_text(kept_path[-1]))))
    elif effect == "fall":
        kept_path, kept_steps = list(path[: first + 1]), list(steps[:first])
        actions = bands(kept_steps)[1]  # the turn ends too: the caller spends the actions left after it
        falls_on = needs[0][1]
        lines.append(str(msg(EFFECT_LINES[effect], cell=cell_text(falls_on.cell))))
    else:
        actions = bands(kept_steps)[1]
        lines.append(str(msg(EFFECT_LINES["normal"])))
    return BalancedMove(
        tuple(kept_path),
        tuple(kept_steps),
        sum(kept_steps),
        actions,
        result,
        square,
        falls_on,
        tuple("  " + line if not line.startswith("  ") else line for line in lines),
    )


# ---------------------------------------------------------------------------------------------- falling


def fall_on(
    state: GameState, token_id: str, square: TerrainCell, rng: DieSource
) -> tuple[GameState, list[str]]:
    """`token_id` falls on `square` (see the module): prone; off a narrow surface with a drop, the fall's
    damage too (rolled with `rng`)."""
    token = state.scene.token(token_id)
    if token is None:
        return state, []
    words = {"name": token.label, "where": where(square), "cell": cell_text(square.cell)}
    lines = ["  " + str(msg(FALL_OFF_LINE if square.kind == "narrow" else PRONE_LINE, **words))]
    state, ended = put_token(
        state, token.with_condition("prone") if not token.has_condition("prone") else token
    )
    lines += ["  " + e for e in ended]
    if square.kind == "narrow" and square.fall:
        from rules.play.economy import economy_of

        now = state.scene.token(token_id)
        assert now is not None
        out = economy_of(state).fall(now, square.fall)
        lines.append("  " + out.text)
        if out.damage and now.hp is not None:
            try:
                rolled = dice_rolls.roll(out.damage, rng)
            except ValueError as exc:
                raise Refused(f"{now.label}'s falling damage ({out.damage}): {exc}") from None
            outcome, after = system_for(state.scene).damage(
                now, [DamageEntry(max(0, rolled.total), "bludgeoning")]
            )
            state, more = put_token(state, after)
            lines.append(
                "  "
                + str(
                    msg(
                        "takes {n} bludgeoning ({roll}): HP {hp}, {state}",
                        n=outcome.total,
                        roll=rolled.render(),
                        hp=outcome.hp,
                        state=outcome.state,
                    )
                )
            )
            lines += ["  " + e for e in more]
    return state, lines


# ------------------------------------------------------------------------------- keeping one's footing


@dataclass(frozen=True, slots=True)
class FootingCheck:
    """A Reflex save `token_id` must make to keep its footing on `square` (`KeepFooting` rolls it): `why`
    is ``hit`` (by an attack) or ``failed`` (a save)."""

    token_id: str
    square: TerrainCell
    why: str

    def text(self, who: str) -> str:
        return str(msg(DUE_LINES[self.why], name=who, where=where(self.square), dc=dc_of(self.square)))


def footing_check(scene: Scene, token_id: str, why: str) -> FootingCheck | None:
    """The save due when `token_id` is hit or fails a save (`why`), or None when it stands on no Balance
    square (or the system has no such rule)."""
    token = scene.token(token_id)
    if token is None or token.has_condition("dead"):
        return None
    square = system_for(scene).footing(scene, token)
    return None if square is None else FootingCheck(token_id, square, why)


def footing_checks(state: GameState, follow_ups: Sequence[object]) -> tuple[FootingCheck, ...]:
    """The Reflex saves among a step's `follow_ups` (`rules.play.command.Outcome.follow_ups`) still due in
    `state` (after the step): the creature still stands on a Balance square."""
    return tuple(
        f
        for f in follow_ups
        if isinstance(f, FootingCheck) and footing_check(state.scene, f.token_id, f.why) is not None
    )


@dataclass(frozen=True, slots=True)
class KeepFooting:
    """The Reflex save of `token_id` to keep its footing on the Balance square it stands on: the typed
    `d20` or one rolled from `rng`; a failure falls (`fall_on`, its damage rolled from `rng`)."""

    token_id: str
    d20: int | None = None
    rng: DieSource | None = field(default=None, compare=False)
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Keep footing"))

    def apply(self, state: GameState) -> Outcome:
        token = state.scene.token(self.token_id)
        if token is None:
            raise Refused(str(msg("no token with id {id}", id=self.token_id)))
        system = system_for(state.scene)
        square = system.footing(state.scene, token)
        if square is None:
            raise Refused(str(msg("{name} stands on no narrow surface or uneven ground", name=token.label)))
        die = self.d20
        if die is None:
            if self.rng is None:
                raise Refused(str(msg("roll or type the d20")))
            die = self.rng.randint(1, 20)
        if not isinstance(die, int) or not 1 <= die <= 20:
            raise Refused(str(msg("a d20 shows 1 to 20, not {dice}", dice=str(die))))
        try:
            saved = system.keep_footing(token, square, die)
        except MissingStatistic:
            raise Refused(str(msg(NO_REFLEX, name=token.label, dc=dc_of(square)))) from None
        lines = [_check_line(token, square, saved.check, True)]
        if saved.falls:
            from rules.dice import fresh_source

            state, fell = fall_on(state, token.id, square, self.rng or fresh_source())
            lines += fell
        else:
            lines.append("  " + str(msg(KEPT_LINE)))
        return Outcome(state, tuple(lines), saved)
