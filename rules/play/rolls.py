"""The GM's rolls at the table: situational input to a roll, checks and saves as commands, and spending
Hero Points / (Heroic) Inspiration.

Situational input (`Situational`, `situational_attack`):

* PF2e: typed bonuses and penalties from the GM (``circumstance``, ``status``, ``item``, ``untyped``, each
  with a label: Aid, bless, a cover the map doesn't draw…) are added to the roll's own modifiers and stacked
  by the PF2e rules (`rules.systems.modifiers.stack`: within one type only the highest bonus and the worst
  penalty count); the breakdown lists each with its source, applied or not. Advantage is not a PF2e rule
  and is refused.
* 5e: advantage / disadvantage from the GM, each with its reason (Help, the Dodge action, a spell…), joins
  the reasons from conditions and the board and cancels as always; flat bonuses (Bless 1d4, Bane −1d4, a
  number) are added to the roll. A rolled bonus carries the value rolled (the command never rolls, so undo
  and redo give the same answer) and its die, shown in the breakdown.

`RollCheck` records a check or save of one creature (`RuleSystem.d20_check`) and its outcome in the log; it
changes nothing else, except what the roll spends (2014 inspiration for advantage; a Hero Point / Heroic
Inspiration for a reroll).

Spending (`RuleSystem.spend_reroll`, `.spend_advantage`, its words `RuleSystem.spending`:
`rules.systems.hooks.heroics`): PF2e spends one Hero Point and 5e 2024 its Heroic Inspiration to reroll a
d20 — the new roll is kept, even when worse; 5e 2014 inspiration gives advantage and is spent before the
roll. `SpendHeroPoint` spends for a reroll outside a command that rolls (a save in the save dialog), and
`SetHeroPoints` is the GM's edit in the inspector.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.messages import msg, nmsg
from rules.model.scene import Attack, Scene, Token
from rules.model.state import GameState
from rules.play.command import Outcome, Refused, logged
from rules.play.support import take_supports
from rules.systems import system_for
from rules.systems.base import AttackOutcome, CheckOutcome, MissingStatistic
from rules.systems.hooks.heroics import NothingToSpend
from rules.systems.modifiers import Modifier, ModifierRow, signed
from rules.systems.roll_modes import Reason
from rules.systems.table import CheckRow

#: The PF2e types a GM's situational modifier can have (ability and proficiency come from the creature).
SITUATIONAL_TYPES: tuple[str, ...] = ("circumstance", "status", "item", "untyped")
#: The reasons offered for advantage or disadvantage the GM gives; the first is the default (no reason
#: picked: it is the GM's call, never "Help").
ADVANTAGE_REASONS: tuple[str, ...] = ("GM", "Help", "the Dodge action", "Faerie Fire", "Guiding Bolt")


@dataclass(frozen=True, slots=True)
class Situational:
    """One situational bonus (or penalty, when negative) from the GM: its label, value, PF2e type and, for
    a rolled bonus (Bless 1d4), the die it came from."""

    label: str
    value: int
    type: str = "untyped"
    dice: str = ""

    def __post_init__(self) -> None:
        if not self.label.strip():
            raise ValueError("a situational bonus needs a label (Bless, Aid, higher ground…)")
        if self.type not in SITUATIONAL_TYPES:
            raise ValueError(
                f"situational bonus {self.label!r}: type {self.type!r} is not one of "
                + ", ".join(SITUATIONAL_TYPES)
            )
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise ValueError(f"situational bonus {self.label!r}: the value must be a whole number")

    @property
    def source(self) -> str:
        return "GM" + (f", rolled {self.dice}" if self.dice else "")

    def modifier(self) -> Modifier:
        return Modifier(self.label, self.type, self.value, self.source)

    def pending_row(self, what: str = "the roll") -> ModifierRow:
        """A die bonus before the roll (`what`): its die, rolled with it."""
        return ModifierRow(
            self.label, self.type, text=self.dice, source=str(msg("GM — rolled with {what}", what=what))
        )

    def text(self) -> str:
        """``+3 Bless (GM, rolled 1d4)``; PF2e types are named."""
        kind = "" if self.type == "untyped" else f"{self.type}, "
        return f"{signed(self.value)} {self.label} ({kind}{self.source})"


def situational_attack(
    scene: Scene,
    attacker: Token,
    target: Token,
    attack: Attack,
    result: AttackOutcome,
    *,
    bonuses: Sequence[Situational] = (),
    reasons: Sequence[Reason] = (),
) -> AttackOutcome:
    """The attack `result` with the GM's situational input (see the module docstring;
    `RuleSystem.with_situational`). Raises `Refused` when the system has no such thing."""
    if not bonuses and not reasons:
        return result
    try:
        return system_for(scene).with_situational(
            scene, attacker, target, attack, result, bonuses=[b.modifier() for b in bonuses], reasons=reasons
        )
    except ValueError as exc:
        raise Refused(str(exc)) from None


# ------------------------------------------------------------------------------------------- spending


def spend_for_roll(
    state: GameState, token: Token, *, inspiration: bool, reroll_of: Sequence[int] | None, new: Sequence[int]
) -> tuple[GameState, Token, list[Reason], list[str]]:
    """Spend what the roll asks (`RuleSystem.spend_advantage`, `.spend_reroll`): inspiration for advantage
    and/or a reroll (`reroll_of` the dice it had, `new` the dice it keeps). Returns the state with the
    spender updated, the spender, the advantage reasons and the log lines. Raises `Refused` when there is
    nothing to spend or the system spends nothing that way."""
    rules = system_for(state.scene)
    word = rules.spending.word
    reasons: list[Reason] = []
    lines: list[str] = []
    after = token
    try:
        if inspiration:
            if rules.spending.advantage is None:
                raise Refused(f"only 5e 2014 inspiration gives advantage; {word} rerolls instead")
            after, reason = rules.spend_advantage(after)
            reasons.append(reason)
            lines.append(f"{token.label} spends {word}: advantage")
        if reroll_of is not None:
            if not reroll_of or not new:
                raise Refused("a reroll needs the dice it had and the new dice")
            i = next((k for k, (a, b) in enumerate(zip(reroll_of, new, strict=False)) if a != b), 0)
            old_die, new_die = reroll_of[i], new[min(i, len(new) - 1)]
            after = rules.spend_reroll(after, old_die, new_die).token
            lines.append(
                f"{token.label} spends {word} to reroll: d20 {old_die} → {new_die} (the new roll is kept)"
            )
    except NothingToSpend as exc:
        raise Refused(str(exc)) from None
    except ValueError as exc:
        raise Refused(str(exc)) from None
    if after != token:
        state = state.with_scene(state.scene.replace_token(after))
    return state, after, reasons, lines


@dataclass(frozen=True, slots=True)
class SpendHeroPoint:
    """Spend a Hero Point (PF2e) or Heroic Inspiration (2024) to reroll a d20 (`what`: the roll, e.g.
    ``Reflex save against Fireball``); the new roll is kept. The roll itself is recorded by its own
    command (the save dialog's `AreaSaves` uses the new die)."""

    token_id: str
    old_roll: int
    new_roll: int
    what: str = "the roll"
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Reroll"

    def apply(self, state: GameState) -> Outcome:
        token = state.scene.token(self.token_id)
        if token is None:
            raise Refused(f"no token with id {self.token_id!r}")
        state, _after, _r, lines = spend_for_roll(
            state, token, inspiration=False, reroll_of=(self.old_roll,), new=(self.new_roll,)
        )
        return logged(state, lines[0].replace(" to reroll:", f" to reroll {self.what}:"))


@dataclass(frozen=True, slots=True)
class SetHeroPoints:
    """The GM sets a creature's Hero Points (PF2e) and/or (Heroic) Inspiration (5e); None leaves a value."""

    token_id: str
    hero_points: int | None = None
    inspiration: bool | None = None
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Edit hero points" if self.hero_points is not None else "Edit inspiration"

    def apply(self, state: GameState) -> Outcome:
        token = state.scene.token(self.token_id)
        if token is None:
            raise Refused(f"no token with id {self.token_id!r}")
        if self.hero_points is not None and (isinstance(self.hero_points, bool) or self.hero_points < 0):
            raise Refused(f"{token.label}: Hero Points can't be negative ({self.hero_points})")
        after, lines = token, []
        if self.hero_points is not None and self.hero_points != (token.hero_points or 0):
            after = replace(after, hero_points=self.hero_points)
            lines.append(
                str(
                    nmsg(
                        "{name} now has {n} Hero Point (had {old})",
                        "{name} now has {n} Hero Points (had {old})",
                        name=token.label,
                        n=self.hero_points,
                        old=token.hero_points or 0,
                    )
                )
            )
        if self.inspiration is not None and self.inspiration != token.inspiration:
            after = replace(after, inspiration=self.inspiration)
            lines.append(f"{token.label} {'gains' if self.inspiration else 'loses'} inspiration")
        if after == token:
            return Outcome(state)
        return logged(state.with_scene(state.scene.replace_token(after)), *lines)


# --------------------------------------------------------------------------------------------- checks


def stat_text(scene: Scene, stat: str, kind: str) -> str:
    """``Athletics check``, ``Reflex save``, ``Dexterity save`` (`RuleSystem.stat_name`)."""
    name = system_for(scene).stat_name(stat)
    if kind == "check":
        return str(msg("{stat} check", stat=name))
    if kind == "save":
        return str(msg("{save} save", save=name))
    return name


@dataclass(frozen=True, slots=True)
class RollCheck:
    """One creature's check or save (`kind` ``check`` / ``save``) on `stat` with the given d20(s) (5e
    ``[first, second]``), against `dc` (None: a contest's side, no DC; PF2e needs one). GM input:
    `bonuses`, 5e `reasons`; `inspiration` spends 2014 inspiration for advantage; `reroll_of` (the dice the
    roll had) spends a Hero Point / Heroic Inspiration and keeps these dice. Logged; changes nothing else."""

    token_id: str
    kind: str
    stat: str
    d20: tuple[int, ...]
    dc: int | None = None
    bonuses: tuple[Situational, ...] = ()
    reasons: tuple[Reason, ...] = ()
    inspiration: bool = False
    reroll_of: tuple[int, ...] | None = None
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Reroll" if self.reroll_of is not None else f"Roll {self.kind}"

    def resolve(self, scene: Scene, token: Token, reasons: Sequence[Reason] = ()) -> CheckOutcome:
        """The check by the scene's system (`RuleSystem.d20_check`); `Refused` says why not."""
        if self.kind not in ("check", "save"):
            raise Refused(f"a roll is a check or a save, not {self.kind!r}")
        if not self.d20:
            raise Refused(str(msg("roll the d20 first")))
        try:
            return system_for(scene).d20_check(
                token,
                self.kind,
                self.stat,
                self.d20,
                self.dc,
                bonuses=[b.modifier() for b in self.bonuses],
                reasons=[*self.reasons, *reasons],
            )
        except MissingStatistic as exc:
            raise Refused(f"{token.label} has no {exc.stat} listed ({exc.field})") from None
        except ValueError as exc:
            raise Refused(str(exc)) from None

    def apply(self, state: GameState) -> Outcome:
        token = state.scene.token(self.token_id)
        if token is None:
            raise Refused(f"no token with id {self.token_id!r}")
        state, _after, spent, lines = spend_for_roll(
            state, token, inspiration=self.inspiration, reroll_of=self.reroll_of, new=self.d20
        )
        roll = self
        if self.kind == "check" and self.reroll_of is None:
            # a Help (5e) or an Aid (PF2e) waiting for this creature's next check changes it
            state, given = take_supports(state, token.id, None, "check")
            helped = tuple(Situational(label, value, "circumstance") for label, value in given.bonuses)
            roll = replace(self, bonuses=(*self.bonuses, *helped))
            spent = [*spent, *(Reason("advantage", why) for why in given.advantages)]
            lines = [*lines, *given.lines]
        result = roll.resolve(state.scene, token, spent)
        return Outcome(state, (*check_lines(state.scene, token, self.kind, result), *lines), result)


def check_lines(scene: Scene, token: Token, kind: str, result: CheckOutcome) -> list[str]:
    """``Valeros: Athletics check 17 vs DC 15 — success`` and where every number came from."""
    dc = "" if result.dc is None else f" vs DC {result.dc}"
    head = f"{token.label}: {stat_text(scene, result.stat, kind)} {result.total}{dc} — {result.word}"
    return [head, *("  " + row for row in result.log_rows())]


def check_row(token: Token, result: CheckOutcome, lines: Sequence[str]) -> CheckRow:
    """The check dialog's row of a recorded check: its numbers, and the log's rows as the breakdown."""
    success = result.succeeded if result.dc is not None else None
    detail = "; ".join(line.strip() for line in lines[1:])
    return CheckRow(token.id, token.label, result.total, result.word, success, detail)


@dataclass(frozen=True, slots=True)
class RollChecks:
    """Several creatures' checks as one undo step and one log entry: a group check (`title`, e.g. ``Group
    Stealth check``; the system's group result is the last line) or a contest (``contest=True``, two
    checks without a DC: the higher total wins, a tie keeps things as they were; `RuleSystem.has_contests`,
    `.contest_winner`). In a group check a creature that can't roll (it lists no such statistic) is left
    out with a line saying why; the outcome's detail is the tuple of results, None for those left out."""

    checks: tuple[RollCheck, ...]
    title: str = "Group check"
    contest: bool = False
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Contest" if self.contest else self.title

    def apply(self, state: GameState) -> Outcome:
        if not self.checks:
            raise Refused(str(msg("no creature to roll for")))
        rules = system_for(state.scene)
        if self.contest and not rules.has_contests:
            raise Refused(f"{rules.title} has no contests: roll a check against the other's DC")
        if self.contest and len(self.checks) != 2:
            raise Refused(str(msg("a contest is between two creatures")))
        lines: list[str] = []
        results: list[CheckOutcome | None] = []
        for c in self.checks:
            try:
                out = c.apply(state)
            except Refused as exc:
                if self.contest:
                    raise
                token = state.scene.token(c.token_id)  # a group check goes on without it, saying why
                lines.append(f"  {token.label if token is not None else c.token_id}: {exc}")
                results.append(None)
                continue
            state = out.state
            lines += ["  " + line for line in out.lines]
            assert out.detail is not None
            results.append(out.detail)  # type: ignore[arg-type]
        rolled = [r for r in results if r is not None]
        if not rolled:
            raise Refused("nobody in the group can roll it: " + "; ".join(line.strip() for line in lines))
        if self.contest:
            a, b = rolled
            winner = rules.contest_winner(a, b)
            names = [state.scene.token(c.token_id) for c in self.checks]
            who = [t.label if t is not None else c.token_id for t, c in zip(names, self.checks, strict=True)]
            if winner is None:
                head = f"Contest {who[0]} vs {who[1]}: tie {a.total}–{b.total}, things stay as they were"
            else:
                won = who[0 if winner == "a" else 1]
                head = f"Contest {who[0]} vs {who[1]}: {won} wins ({a.total}–{b.total})"
            return Outcome(state, (head, *lines), tuple(results))
        passed = sum(1 for r in rolled if r.succeeded)
        summary, _ok = rules.group_summary(passed, len(rolled))
        return Outcome(state, (f"{self.title}: {summary}", *lines), tuple(results))
