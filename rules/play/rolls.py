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

`RollCheck` records a check or save of one creature (PF2e `rules.systems.pf2e.checks`, 5e
`rules.systems.dnd5e.checks`) and its outcome in the log; it changes nothing else, except what the roll
spends (2014 inspiration for advantage; a Hero Point / Heroic Inspiration for a reroll).

Spending (`rules.systems.reroll`): PF2e spends one Hero Point and 5e 2024 its Heroic Inspiration to reroll a
d20 — the new roll is kept, even when worse; 5e 2014 inspiration gives advantage and is spent before the
roll. `SpendHeroPoint` spends for a reroll outside a command that rolls (a save in the save dialog), and
`SetHeroPoints` is the GM's edit in the inspector.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.messages import nmsg
from rules.model.scene import Attack, Scene, Token
from rules.model.state import GameState
from rules.play.command import Outcome, Refused, logged
from rules.systems import system_for
from rules.systems.base import AttackOutcome, attack_distance
from rules.systems.dnd5e import checks as dnd
from rules.systems.dnd5e.advantage import Reason
from rules.systems.dnd5e.attack import AttackResult, with_extra_reasons
from rules.systems.dnd5e.conditions import ABILITY_NAMES
from rules.systems.dnd5e.editions import edition as edition_named
from rules.systems.modifiers import Modifier, breakdown_lines, signed
from rules.systems.pf2e import checks as pf2e
from rules.systems.pf2e.strike import StrikeResult, with_situational
from rules.systems.reroll import NothingToSpend, inspiration_advantage, reroll
from rules.systems.table import CheckRow

#: The PF2e types a GM's situational modifier can have (ability and proficiency come from the creature).
SITUATIONAL_TYPES: tuple[str, ...] = ("circumstance", "status", "item", "untyped")
#: Reasons a GM commonly gives for 5e advantage / disadvantage (the dialog's suggestions; any text works).
#: The reasons offered for advantage or disadvantage the GM gives; the first is the default (no reason
#: picked: it is the GM's call, never "Help").
ADVANTAGE_REASONS: tuple[str, ...] = ("GM", "Help", "the Dodge action", "Faerie Fire", "Guiding Bolt")
#: What a creature spends to reroll, by system (2014 inspiration gives advantage instead).
NO_PF2E_ADVANTAGE = "advantage and disadvantage are 5e rules; give PF2e a typed bonus or penalty"
SPEND_WORD: dict[str, str] = {
    "pf2e": "a Hero Point",
    "dnd5e-2024": "Heroic Inspiration",
    "dnd5e-2014": "inspiration",
}


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

    def text(self) -> str:
        """``+3 Bless (GM, rolled 1d4)``; PF2e types are named."""
        kind = "" if self.type == "untyped" else f"{self.type}, "
        return f"{signed(self.value)} {self.label} ({kind}{self.source})"


@dataclass(frozen=True, slots=True)
class SituationalAttack:
    """A 5e attack with the GM's flat bonuses: `result` is the attack resolved with them counted (its
    ``bonus`` includes them); this value shows them apart. It offers the same interface as the attack."""

    result: AttackResult
    bonuses: tuple[Situational, ...]

    @property
    def extra(self) -> int:
        return sum(b.value for b in self.bonuses)

    @property
    def bonus(self) -> int:
        """The attack's own bonus (without the GM's)."""
        return self.result.bonus - self.extra

    @property
    def total(self) -> int:
        return self.result.total

    @property
    def ac(self) -> int:
        return self.result.ac

    @property
    def hit(self) -> bool:
        return self.result.hit

    @property
    def critical(self) -> bool:
        return self.result.critical

    @property
    def natural(self) -> int:
        return self.result.natural

    @property
    def word(self) -> str:
        return self.result.word

    @property
    def damage_formula(self) -> str | None:
        return self.result.damage_formula

    def explain(self) -> list[str]:
        r = self.result
        inner = r.explain()
        d1, d2 = r.d20
        die = f"d20 {d1}" if r.mode == "normal" else f"d20 {d1} and {d2} with {r.mode}: {r.d20_used}"
        parts = [signed(self.bonus), *(signed(b.value) for b in self.bonuses)]
        if r.penalty:
            parts.append(signed(r.penalty))
        head = f"Attack roll: {die} {' '.join(parts)} = {r.total}"
        rows = [f"  {signed(self.bonus)} attack bonus", *(f"  {b.text()}" for b in self.bonuses)]
        return [head, *rows, *inner[2:]]

    def to_json(self) -> dict[str, Any]:
        out = self.result.to_json()
        out["bonuses"] = [{"label": b.label, "value": b.value, "dice": b.dice} for b in self.bonuses]
        return out


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
    """The attack `result` with the GM's situational input (see the module docstring). Raises `Refused`
    when the system has no such thing."""
    if not bonuses and not reasons:
        return result
    if isinstance(result, StrikeResult):
        if reasons:
            raise Refused(NO_PF2E_ADVANTAGE)
        return with_situational(result, attack, [b.modifier() for b in bonuses])
    if isinstance(result, AttackResult):
        extra = sum(b.value for b in bonuses)
        distance = attack_distance(scene, attacker, target, attack, melee=attack.range is None)
        out = with_extra_reasons(
            result,
            attacker,
            target,
            replace(attack, bonus=attack.bonus + extra),
            reasons,
            edition=edition_named(scene.system),
            distance=distance,
        )
        return SituationalAttack(out, tuple(bonuses)) if bonuses else out
    raise Refused("this rule system's attacks take no situational modifiers")


# ------------------------------------------------------------------------------------------- spending


def spend_for_roll(
    state: GameState, token: Token, *, inspiration: bool, reroll_of: Sequence[int] | None, new: Sequence[int]
) -> tuple[GameState, Token, list[Reason], list[str]]:
    """Spend what the roll asks: 2014 inspiration (advantage) and/or a reroll (`reroll_of` the dice it had,
    `new` the dice it keeps). Returns the state with the spender updated, the spender, the advantage
    reasons and the log lines. Raises `Refused` when there is nothing to spend."""
    system = state.scene.system
    reasons: list[Reason] = []
    lines: list[str] = []
    after = token
    try:
        if inspiration:
            if system != "dnd5e-2014":
                raise Refused(
                    "only 5e 2014 inspiration gives advantage; "
                    f"{SPEND_WORD.get(system, 'it')} rerolls instead"
                )
            after, reason = inspiration_advantage(after)
            reasons.append(reason)
            lines.append(f"{token.label} spends inspiration: advantage")
        if reroll_of is not None:
            if not reroll_of or not new:
                raise Refused("a reroll needs the dice it had and the new dice")
            i = next((k for k, (a, b) in enumerate(zip(reroll_of, new, strict=False)) if a != b), 0)
            old_die, new_die = reroll_of[i], new[min(i, len(new) - 1)]
            spent = reroll(after, system, old_die, new_die)
            after = spent.token
            lines.append(
                f"{token.label} spends {SPEND_WORD.get(system, spent.spent)} to reroll: d20 {old_die} → "
                f"{new_die} (the new roll is kept)"
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

CheckOutcome = pf2e.CheckResult | dnd.TestResult


def stat_text(stat: str, kind: str) -> str:
    """``Athletics check``, ``Reflex save``, ``Dexterity save``."""
    name = ABILITY_NAMES.get(stat, stat.replace("-", " ").title())
    return f"{name} {kind}" if kind in ("check", "save") else name


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
        if self.kind not in ("check", "save"):
            raise Refused(f"a roll is a check or a save, not {self.kind!r}")
        if not self.d20:
            raise Refused("roll the d20 first")
        try:
            if scene.is_pf2e:
                if self.reasons:
                    raise Refused(
                        "advantage and disadvantage are 5e rules; give PF2e a typed bonus or penalty"
                    )
                if self.dc is None:
                    raise Refused("a PF2e check needs a DC")
                return pf2e.check(
                    token, self.stat, self.d20[0], self.dc, bonuses=[b.modifier() for b in self.bonuses]
                )
            return dnd.d20_test(
                token,
                self.kind,
                self.stat,
                self.d20 if len(self.d20) > 1 else self.d20 * 2,
                self.dc,
                edition=edition_named(scene.system),
                extra_reasons=[*self.reasons, *reasons],
                bonus=sum(b.value for b in self.bonuses),
            )
        except (pf2e.MissingStatistic, dnd.MissingStatistic) as exc:
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
        result = self.resolve(state.scene, token, spent)
        return Outcome(state, (*check_lines(token, self.kind, result, self.bonuses), *lines), result)


def check_word(result: CheckOutcome) -> str:
    if isinstance(result, pf2e.CheckResult):
        return result.degree.replace("-", " ")
    if result.dc is None:
        return "rolled"
    return "success" if result.success else "failure"


def check_lines(
    token: Token, kind: str, result: CheckOutcome, bonuses: Sequence[Situational] = ()
) -> list[str]:
    """``Valeros: Athletics check 17 vs DC 15 — success`` and where every number came from."""
    dc = "" if result.dc is None else f" vs DC {result.dc}"
    head = f"{token.label}: {stat_text(result.stat, kind)} {result.total}{dc} — {check_word(result)}"
    if isinstance(result, pf2e.CheckResult):
        return [head, f"  d20 {result.d20}", *("  " + t for t in breakdown_lines(result.modifiers))]
    d1, d2 = result.d20
    die = (
        f"d20 {d1}" if result.mode == "normal" else f"d20 {d1} and {d2} with {result.mode}: {result.d20_used}"
    )
    rows = [f"  {die}", f"  {signed(result.modifier)} {stat_text(result.stat, '')}"]
    if result.penalty:
        rows.append(f"  {signed(result.penalty)} exhaustion")
    rows += [f"  {b.text()}" for b in bonuses]
    rows += [f"  {r.render()}" for r in result.reasons]
    if len({r.kind for r in result.reasons}) == 2:
        rows.append("  advantage and disadvantage cancel out")
    rows += [f"  automatic failure: {why}" for why in result.automatic_failures]
    return [head, *rows]


def check_row(token: Token, kind: str, result: CheckOutcome, lines: Sequence[str]) -> CheckRow:
    """The check dialog's row of a recorded check: its numbers, and the log's rows as the breakdown."""
    success = check_succeeded(result) if result.dc is not None else None
    detail = "; ".join(line.strip() for line in lines[1:])
    return CheckRow(token.id, token.label, result.total, check_word(result), success, detail)


@dataclass(frozen=True, slots=True)
class RollChecks:
    """Several creatures' checks as one undo step and one log entry: a group check (`title`, e.g. ``Group
    Stealth check``; the system's group result is the last line) or a 5e contest (``contest=True``, two
    checks without a DC: the higher total wins, a tie keeps things as they were)."""

    checks: tuple[RollCheck, ...]
    title: str = "Group check"
    contest: bool = False
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Contest" if self.contest else self.title

    def apply(self, state: GameState) -> Outcome:
        if not self.checks:
            raise Refused("no creature to roll for")
        if self.contest and len(self.checks) != 2:
            raise Refused("a contest is between two creatures")
        lines: list[str] = []
        results: list[CheckOutcome] = []
        for c in self.checks:
            out = c.apply(state)
            state = out.state
            lines += ["  " + line for line in out.lines]
            assert isinstance(out.detail, (pf2e.CheckResult, dnd.TestResult))
            results.append(out.detail)
        if self.contest:
            a, b = results
            if not isinstance(a, dnd.TestResult) or not isinstance(b, dnd.TestResult):
                raise Refused("contests are a 5e rule")
            winner = dnd.contest(a, b).winner
            names = [state.scene.token(c.token_id) for c in self.checks]
            who = [t.label if t is not None else c.token_id for t, c in zip(names, self.checks, strict=True)]
            if winner is None:
                head = f"Contest {who[0]} vs {who[1]}: tie {a.total}–{b.total}, things stay as they were"
            else:
                won = who[0 if winner == "a" else 1]
                head = f"Contest {who[0]} vs {who[1]}: {won} wins ({a.total}–{b.total})"
            return Outcome(state, (head, *lines), tuple(results))
        rolled = len(results)
        passed = sum(1 for r in results if check_succeeded(r))
        summary, _ok = system_for(state.scene).group_summary(passed, rolled)
        return Outcome(state, (f"{self.title}: {summary}", *lines), tuple(results))


def check_succeeded(result: CheckOutcome) -> bool:
    if isinstance(result, pf2e.CheckResult):
        return result.degree in ("success", "critical-success")
    return result.success


@dataclass(frozen=True, slots=True)
class Spending:
    """What a system's creatures spend on a roll, in the app's words: `reroll` the button that rerolls
    (None when nothing rerolls), `advantage` the box that spends for advantage (None when nothing does),
    `counter` the inspector's field and whether it is a number (`counts`) or yes/no."""

    reroll: str | None
    advantage: str | None
    counter: str
    counts: bool


SPENDING: dict[str, Spending] = {
    "pf2e": Spending("Spend hero point: reroll", None, "Hero Points", True),
    "dnd5e-2024": Spending("Use Heroic Inspiration: reroll", None, "Heroic Inspiration", False),
    "dnd5e-2014": Spending(None, "Use inspiration (advantage)", "Inspiration", False),
}


def spending(system: str) -> Spending:
    """How `system` (a scene's system name) spends Hero Points / inspiration (see `Spending`)."""
    try:
        return SPENDING[system]
    except KeyError:
        raise ValueError(f"unknown rule system {system!r}") from None
