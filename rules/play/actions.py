"""Actions that involve a second creature or a move: maneuvers, Aid / Help, Point Out, Seek and Sneak.

Each command resolves its action once, inside ``apply``, with the dice it carries (the app rolls them or the
GM types them), through the engine's own functions, and applies what the rules say to the state:

* `Maneuver(actor, target, action, d20, target_d20, shove, damage_roll)`: PF2e Grapple, Shove, Trip,
  Disarm, Escape, Tumble Through (`rules.systems.pf2e.maneuvers`); 5e Grapple, Shove (push or prone),
  Escape (`rules.systems.dnd5e.maneuvers`: 2014 contests, 2024 saves). The target must be within reach (an
  Escape: the two within reach of one of them; Tumble Through has no reach) and at most one size larger for
  Grapple, Shove and Trip. The outcome's conditions are added and removed, a push moves the target along
  the legal path `rules.systems.forced_movement.push` traced (stopping where it says), a critical Trip
  deals its 1d6 bludgeoning (`damage_roll`) through the target's system. PF2e actions with the attack trait
  count toward the multiple attack penalty (and take an action) like a Strike on the actor's own turn, and
  end its Take Cover; Tumble Through takes an action; 5e Grapple and Shove replace one attack, Escape is an
  action. A successful Tumble Through moves the actor through the target's space to `through_to` when
  given (a legal square past the target).
* `PrepareAid(helper, ally)` then `Aid(helper, ally, d20, skill)` (PF2e: one action on the helper's turn,
  then its reaction; DC 15: +2/+1/−1 circumstance to the ally's next check or attack roll) and
  `Help(helper, ally, target)` (5e, an action: advantage on the ally's next ability check, or its next
  attack roll against a target within 5 ft of the helper). Both wait in the helper's turn ledger for the
  roll they change (`rules.play.support`).
* What each costs is the turn economy's (`rules.play.economy.charge`); `free` on each is the GM's override.
* `PointOut(pointer, target)` (PF2e): an undetected creature becomes hidden.
* `Seek(seeker, d20)` (PF2e Seek, 5e Search): the creatures found change state.
* `Sneak(token, waypoints, d20)` (PF2e): a move of at most half Speed (one action), then the Stealth check
  against every observer where the move ends (`rules.systems.stealth.sneak`).

The `detail` of a resolved command is an `ActionReport`: the rows the result dialog shows (modifiers, total
against the DC, the degree, the effects) with creatures named by their labels; the log lines say the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.geometry.coords import Cell
from rules.geometry.reach import within_reach
from rules.model.scene import Scene, Token
from rules.model.state import GameState
from rules.model.turn_ledger import Support
from rules.play.command import Outcome, Refused
from rules.play.economy import charge, charge_reaction, ledger_for
from rules.play.moves import cell_text, plan_move, record_move
from rules.systems import system_for
from rules.systems.damage import DamageEntry
from rules.systems.dnd5e import checks as dnd_checks
from rules.systems.dnd5e import maneuvers as dnd
from rules.systems.dnd5e.checks import TestResult
from rules.systems.dnd5e.editions import edition as edition_named
from rules.systems.economy import Act
from rules.systems.forced_movement import ForcedMove
from rules.systems.modifiers import breakdown_lines, signed, sum_text
from rules.systems.pf2e import checks as pf2e_checks
from rules.systems.pf2e import maneuvers as pf2e
from rules.systems.pf2e.maneuvers import Change

#: The menu's words for each maneuver.
MANEUVER_NAMES: dict[str, str] = {
    "grapple": "Grapple",
    "shove": "Shove",
    "trip": "Trip",
    "disarm": "Disarm",
    "escape": "Escape",
    "tumble-through": "Tumble Through",
}
DEGREE_WORDS: dict[str, str] = {
    "critical-success": "critical success",
    "success": "success",
    "failure": "failure",
    "critical-failure": "critical failure",
}


@dataclass(frozen=True, slots=True)
class ActionReport:
    """What the result dialog shows: a title, the roll rows (the dice, each modifier, the total against the
    DC), the result (degree, or who won), the effects applied, and the engine's outcome object."""

    title: str
    rows: tuple[str, ...]
    result: str
    effects: tuple[str, ...]
    success: bool
    outcome: object | None = None

    def lines(self) -> tuple[str, ...]:
        """The log entry: the headline, then the rows and effects indented."""
        return (f"{self.title}: {self.result}", *("  " + r for r in (*self.rows, *self.effects)))


def _token(scene: Scene, token_id: str, role: str) -> Token:
    token = scene.token(token_id)
    if token is None:
        raise Refused(f"no token with id {token_id!r} ({role})")
    return token


def _names(scene: Scene) -> dict[str, str]:
    return {t.id: t.label for t in scene.tokens}


def _change_text(change: Change, names: dict[str, str]) -> str:
    name = names.get(change.token_id, change.token_id)
    return f"{name} is {change.condition}" if change.add else f"{name} is no longer {change.condition}"


def apply_changes(scene: Scene, changes: Sequence[Change]) -> tuple[Scene, list[str]]:
    """Add and remove the conditions `changes` ask for; the lines name what really changed."""
    names = _names(scene)
    lines: list[str] = []
    for ch in changes:
        token = scene.token(ch.token_id)
        if token is None:
            continue
        if ch.add and not token.has_condition(ch.condition):
            scene = scene.replace_token(token.with_condition(ch.condition))
            lines.append(_change_text(ch, names))
        elif not ch.add and token.has_condition(ch.condition):
            scene = scene.replace_token(token.without_condition(ch.condition))
            lines.append(_change_text(ch, names))
    return scene, lines


def apply_push(scene: Scene, push: ForcedMove | None, wanted: int) -> tuple[Scene, list[str]]:
    """Move the pushed creature to where the push ended (its legal path); the line says how far and why
    it stopped short."""
    if push is None or not wanted:
        return scene, []
    token = scene.token(push.token_id)
    if token is None:
        return scene, []
    line = f"{token.label} is pushed {push.moved_feet} ft to {cell_text(push.destination)}"
    if push.moved_feet < wanted:
        line += f" (of {wanted} ft: {push.stopped_by})"
    if push.moved_feet:
        scene = scene.replace_token(replace(token, cell=push.destination))
    return scene, [line]


def _reach_problem(scene: Scene, actor: Token, target: Token, action: str) -> str | None:
    if action == "tumble-through":
        return None
    ok = within_reach(scene, actor, target, actor.reach)
    if action == "escape":
        ok = ok or within_reach(scene, target, actor, target.reach)
    if ok:
        return None
    return f"{target.label} is not within {actor.label}'s reach of {actor.reach} ft"


def _one_d20(dice: tuple[int, ...], who: str) -> int:
    if len(dice) != 1:
        raise Refused(f"a PF2e check takes one d20 ({who}), got {len(dice)}")
    return dice[0]


def _dnd_dice(dice: tuple[int, ...], who: str) -> int | list[int] | None:
    if not dice:
        return None
    if len(dice) > 2:
        raise Refused(f"a 5e roll is one or two d20s ({who}), got {len(dice)}")
    return dice[0] if len(dice) == 1 else list(dice)


def _ordinal(n: int) -> str:
    return f"{n}{ ({1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th')) }"


def _test_rows(result: TestResult, names: dict[str, str], what: str) -> list[str]:
    """A 5e test as rows: the dice (and why two), the modifier, the total (and the DC)."""
    who = names.get(result.token_id, result.token_id)
    dice = (
        f"d20 {result.d20_used}"
        if result.mode == "normal"
        else f"d20 {result.d20[0]}, {result.d20[1]} ({result.mode}: {result.d20_used})"
    )
    stat = result.stat.replace("_", " ")
    extra = "".join(
        f" {signed(v)} {label}" for v, label in ((result.penalty, "penalty"), (result.bonus, "bonus")) if v
    )
    rows = [f"{who} {what} ({stat} {result.kind}): {dice} {signed(result.modifier)}{extra} = {result.total}"]
    rows += [f"    {r.render()}" for r in result.reasons]
    rows += [f"    automatic failure: {a}" for a in result.automatic_failures]
    return rows


@dataclass(frozen=True, slots=True)
class Maneuver:
    """One maneuver by `actor_id` on `target_id` (see the module docstring). `d20`: the actor's die (PF2e
    one; 5e one or two for advantage/disadvantage; unused for a 2024 grapple or shove); `target_d20`: the
    target's contest roll (5e 2014) or save (5e 2024 grapple/shove). `damage_roll`: the 1d6 of a critical
    Trip (rolled by the app; needed only then). `attack_number` overrides the turn's count."""

    actor_id: str
    target_id: str
    action: str
    d20: tuple[int, ...] = ()
    target_d20: tuple[int, ...] = ()
    shove: str = "push"
    damage_roll: int | None = None
    attack_number: int | None = None
    through_to: Cell | None = None
    merge_key: object | None = None
    #: The GM's override: the maneuver costs nothing and the turn refuses nothing.
    free: bool = False

    @property
    def label(self) -> str:
        return MANEUVER_NAMES.get(self.action, self.action)

    def act(self, attack_trait: bool) -> Act:
        """What the maneuver costs (`rules.systems.economy`): an Escape is its own act; the others are
        maneuvers (PF2e an action, with the attack trait when it has it; 5e one attack of the Attack
        action)."""
        kind = "escape" if self.action == "escape" else "maneuver"
        return Act(kind, attack_trait=attack_trait, name=self.label)

    def apply(self, state: GameState) -> Outcome:
        scene = state.scene
        actor = _token(scene, self.actor_id, "actor")
        target = _token(scene, self.target_id, "target")
        if actor.id == target.id:
            raise Refused(f"{actor.label} can't {self.label} itself")
        actions = pf2e.ACTIONS if scene.is_pf2e else dnd.ACTIONS
        if self.action not in actions:
            raise Refused(f"{scene.system} maneuvers are {', '.join(actions)}, not {self.action!r}")
        problem = _reach_problem(scene, actor, target, self.action)
        if problem is None:
            legal = pf2e.check_legal if scene.is_pf2e else dnd.check_legal
            problem = legal(actor, target, self.action)
            if problem is not None:
                problem = problem.replace(target.id, target.label).replace(actor.id, actor.label)
        if problem is not None:
            raise Refused(f"{actor.label} can't {self.label} {target.label}: {problem}")
        if scene.is_pf2e:
            return self._pf2e(state, actor, target)
        return self._dnd(state, actor, target)

    # ---- PF2e

    def _pf2e(self, state: GameState, actor: Token, target: Token) -> Outcome:
        rule = pf2e.RULES[self.action]
        number = self.attack_number or ledger_for(state, actor.id).next_attack_number
        state = charge(state, actor.id, self.act(rule.attack), free=self.free)
        scene = state.scene
        d20 = _one_d20(self.d20, f"{actor.label}'s {rule.skills[0]}")
        try:
            out = pf2e.maneuver(actor, target, self.action, d20, attack_number=number, scene=scene)
        except pf2e_checks.MissingStatistic as exc:
            raise Refused(f"{self.label}: {exc}") from None
        except ValueError as exc:
            raise Refused(f"{self.label}: {exc}") from None
        if out.damage is not None and self.damage_roll is None:
            raise Refused(f"a critical {self.label} needs its damage roll ({out.damage})")
        skill = pf2e.actor_modifiers(actor, rule, number)[0]
        rows = [f"d20 {d20}", *breakdown_lines(out.modifiers)]
        rows.append(f"total {sum_text(d20, out.modifiers)} vs {rule.defence.capitalize()} DC {out.dc}")
        dc_mods = breakdown_lines(out.dc_modifiers)
        rows.append(f"DC {out.dc} = 10 {' '.join(dc_mods)}".rstrip() if dc_mods else f"DC {out.dc}")
        scene, effects = apply_changes(scene, out.changes)
        scene, pushed = apply_push(scene, out.push, out.push_feet)
        effects += pushed
        if out.damage is not None and self.damage_roll is not None:
            scene, hurt = _damage(scene, target.id, self.damage_roll, "bludgeoning", f"{out.damage}")
            effects += hurt
        if out.degree == pf2e.CRITICAL_FAILURE and self.action == "grapple":
            effects.append(f"{target.label} may grab {actor.label} or knock it prone (its choice)")
        if self.action == "tumble-through":
            if out.success and self.through_to is not None:
                scene, moved = _tumble(scene, actor.id, self.through_to)
                effects += moved
            elif out.success:
                effects.append(f"{actor.label} can move through {target.label}'s space on this Stride")
            else:
                effects.append(f"{actor.label}'s movement ends before {target.label}'s space")
        if not effects:
            effects = ["no effect"]
        state = state.with_scene(scene)
        if rule.attack:
            state = _end_take_cover(state, actor.id, effects)
        attack = f" ({_ordinal(number)} attack)" if rule.attack and number > 1 else ""
        report = ActionReport(
            title=f"{actor.label} tries to {self.label} {target.label}{attack} with {skill.capitalize()}",
            rows=tuple(rows),
            result=DEGREE_WORDS.get(out.degree, out.degree),
            effects=tuple(effects),
            success=out.success,
            outcome=out,
        )
        return Outcome(state, report.lines(), report)

    # ---- 5e

    def _dnd(self, state: GameState, actor: Token, target: Token) -> Outcome:
        state = charge(state, actor.id, self.act(False), free=self.free)
        scene = state.scene
        ed = edition_named(scene.system)
        try:
            out = dnd.maneuver(
                actor,
                target,
                self.action,
                edition=ed,
                d20=_dnd_dice(self.d20, f"{actor.label}'s roll"),
                target_d20=_dnd_dice(self.target_d20, f"{target.label}'s roll"),
                shove=self.shove,
                scene=scene,
            )
        except dnd_checks.MissingStatistic as exc:
            raise Refused(f"{self.label}: {exc}") from None
        except ValueError as exc:
            raise Refused(f"{self.label}: {exc}") from None
        names = _names(scene)
        rows: list[str] = []
        if out.actor_roll is not None:
            rows += _test_rows(out.actor_roll, names, "rolls")
        if out.target_roll is not None:
            rows += _test_rows(out.target_roll, names, "saves" if out.target_roll.kind == "save" else "rolls")
        if out.dc is not None:
            who = actor if self.action != "escape" else target
            rows.append(f"DC {out.dc} (8 + {who.label}'s Strength modifier + proficiency bonus)")
        if out.actor_roll is not None and out.target_roll is not None:
            a, t = out.actor_roll.total, out.target_roll.total
            rows.append(f"contest {a} vs {t}" + (" (a tie: nothing changes)" if a == t else ""))
        scene, effects = apply_changes(scene, out.changes)
        scene, pushed = apply_push(scene, out.push, out.push_feet)
        effects += pushed
        if not effects:
            effects = ["no effect"]
        state = state.with_scene(scene)
        what = (
            self.label
            if self.action != "shove"
            else f"Shove ({'knock prone' if self.shove == 'prone' else 'push'})"
        )
        report = ActionReport(
            title=f"{actor.label} tries to {what} {target.label}",
            rows=tuple(rows),
            result="success" if out.success else "failure",
            effects=tuple(effects),
            success=out.success,
            outcome=out,
        )
        return Outcome(state, report.lines(), report)


def _damage(scene: Scene, token_id: str, amount: int, kind: str, formula: str) -> tuple[Scene, list[str]]:
    token = scene.token(token_id)
    if token is None:
        return scene, []
    if amount < 0:
        raise Refused(f"a damage roll is not negative ({amount})")
    if token.hp is None:
        return scene, [f"{token.label} takes {amount} {kind} ({formula}; no HP listed)"]
    outcome, after = system_for(scene).damage(token, [DamageEntry(amount, kind)])
    line = f"{token.label} takes {outcome.total} {kind} ({formula} rolled {amount})"
    line += f": HP {token.hp} → {outcome.hp}"
    return scene.replace_token(after), [line]


def _tumble(scene: Scene, actor_id: str, to: Cell) -> tuple[Scene, list[str]]:
    token = scene.token(actor_id)
    if token is None:
        return scene, []
    scene = scene.replace_token(replace(token, cell=to))
    return scene, [f"{token.label} tumbles through to {cell_text(to)}"]


def _end_take_cover(state: GameState, token_id: str, effects: list[str]) -> GameState:
    from rules.systems.support_actions import take_cover_ends

    token = state.scene.token(token_id)
    if token is None:
        return state
    after = take_cover_ends(token, "attack")
    if after is token:
        return state
    effects.append(f"{token.label}'s Take Cover ends (an attack)")
    return state.with_scene(state.scene.replace_token(after))


# ------------------------------------------------------------------------------------------ support


@dataclass(frozen=True, slots=True)
class PrepareAid:
    """PF2e: `helper_id` prepares to Aid `ally_id` (one action on its turn: 「まず自分のターン中に1アクション
    を使用して助力の準備を行わなければならない」, Player Core 416, l.493). The preparation lasts until the
    helper's next turn begins; the Aid itself is a reaction (`Aid`)."""

    helper_id: str
    ally_id: str
    free: bool = False
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Prepare to Aid"

    def apply(self, state: GameState) -> Outcome:
        helper = _token(state.scene, self.helper_id, "helper")
        ally = _token(state.scene, self.ally_id, "ally")
        if helper.id == ally.id:
            raise Refused(f"{helper.label} can't Aid itself")
        state = charge(state, helper.id, Act("prepare-aid", name="preparing to Aid"), free=self.free)
        ledger = ledger_for(state, helper.id)
        if ally.id not in ledger.aiding:
            state = state.with_ledger(replace(ledger, aiding=(*ledger.aiding, ally.id)))
        return Outcome(state, (f"{helper.label} prepares to Aid {ally.label}",))


@dataclass(frozen=True, slots=True)
class Aid:
    """PF2e Aid (reaction, Player Core 416, l.487–497): `helper_id` helps `ally_id`'s next check or attack
    roll. It needs the helper's preparation for that ally (`PrepareAid`, else refused) and its reaction. The
    check (`d20` + the helper's `skill`, or `modifier` when given) against DC 15 (the usual DC): critical
    success +2 circumstance (+3 master, +4 legendary `rank`), success +1, critical failure −1, failure
    nothing — to the ally's next attack roll or check, which reads it (`rules.play.support`). `free`: the
    GM's override (no preparation or reaction needed)."""

    helper_id: str
    ally_id: str
    d20: int
    skill: str = "athletics"
    rank: str = "trained"
    dc: int = pf2e_checks.AID_DC
    merge_key: object | None = None
    modifier: int | None = None
    free: bool = False

    @property
    def label(self) -> str:
        return "Aid"

    def apply(self, state: GameState) -> Outcome:
        scene = state.scene
        if "aid" not in system_for(scene).support_actions:
            raise Refused(f"Aid is a PF2e reaction; this scene is {scene.system} (use Help)")
        helper = _token(scene, self.helper_id, "helper")
        ally = _token(scene, self.ally_id, "ally")
        if helper.id == ally.id:
            raise Refused(f"{helper.label} can't Aid itself")
        prepared = ally.id in ledger_for(state, helper.id).aiding
        if not prepared and not self.free:
            raise Refused(
                f"{helper.label} hasn't prepared to Aid {ally.label}: Aid needs a preparing action on its "
                "own turn first (Player Core 416)"
            )
        state, _readied = charge_reaction(state, helper.id, free=self.free)
        system = system_for(scene)
        if self.modifier is not None:
            deg = system.check(self.d20, self.modifier, self.dc)
            total = self.d20 + self.modifier
            rows = [f"d20 {self.d20} {signed(self.modifier)} = {total} vs DC {self.dc}"]
            outcome: object = {"total": total, "degree": deg}
        else:
            try:
                check = pf2e_checks.check(helper, self.skill, self.d20, self.dc)
            except pf2e_checks.MissingStatistic as exc:
                raise Refused(f"Aid: {exc}") from None
            except ValueError as exc:
                raise Refused(f"Aid: {exc}") from None
            deg = check.degree
            rows = [
                f"d20 {self.d20}",
                *breakdown_lines(check.modifiers),
                f"total {sum_text(self.d20, check.modifiers)} vs DC {self.dc}",
            ]
            outcome = check
        mod = pf2e_checks.aid_modifier(deg, self.rank, f"Aid by {helper.label}")
        effects: list[str] = []
        ledger = ledger_for(state, helper.id)
        aiding = tuple(a for a in ledger.aiding if a != ally.id)
        supports = ledger.supports
        if mod is None:
            effects.append("no effect")
        else:
            supports = (*supports, Support("aid", ally.id, None, mod.value, "any"))
            effects.append(f"{ally.label} gets {signed(mod.value)} circumstance to its next check or attack")
        state = state.with_ledger(replace(ledger, aiding=aiding, supports=supports))
        effects.append(f"{helper.label} uses its reaction")
        report = ActionReport(
            title=f"{helper.label} Aids {ally.label}"
            + (f" with {self.skill.capitalize()}" if self.modifier is None else ""),
            rows=tuple(rows),
            result=DEGREE_WORDS.get(deg, deg),
            effects=tuple(effects),
            success=deg in ("success", "critical-success"),
            outcome=outcome,
        )
        return Outcome(state, report.lines(), report)


#: Help with an attack: the target must be this close to the helper (5e 2014 l.85 「君から1.5m(5㌳)以内
#: にいるクリーチャー1体」; 2024 Help: an enemy within 5 feet of you).
HELP_REACH_FT = 5


@dataclass(frozen=True, slots=True)
class Help:
    """5e Help (an action, 2014 l.84–85; 2024 Help): `ally_id`'s next ability check — or, with
    `target_id`, its next attack roll against that creature, which must be within 5 ft of the helper — has
    advantage, when made before the helper's next turn begins (`rules.play.support`)."""

    helper_id: str
    ally_id: str
    merge_key: object | None = None
    target_id: str | None = None
    free: bool = False

    @property
    def label(self) -> str:
        return "Help"

    def apply(self, state: GameState) -> Outcome:
        from rules.systems.board import distance

        scene = state.scene
        if "help" not in system_for(scene).support_actions:
            raise Refused("Help is a D&D 5e action; in PF2e prepare to Aid, then Aid as a reaction")
        helper = _token(scene, self.helper_id, "helper")
        ally = _token(scene, self.ally_id, "ally")
        if helper.id == ally.id:
            raise Refused(f"{helper.label} can't Help itself")
        target = None if self.target_id is None else _token(scene, self.target_id, "target")
        if target is not None:
            feet = distance(scene, helper, target)
            if feet > HELP_REACH_FT:
                raise Refused(
                    f"{target.label} is {feet} ft from {helper.label}: Help with an attack needs the target "
                    f"within {HELP_REACH_FT} ft of the helper (PHB: Help)"
                )
        state = charge(state, helper.id, Act("help"), free=self.free)
        ledger = ledger_for(state, helper.id)
        if target is None:
            support = Support("help", ally.id, None, 0, "check")
            line = f"{helper.label} Helps {ally.label}: advantage on its next ability check"
        else:
            support = Support("help", ally.id, target.id, 0, "attack")
            line = (
                f"{helper.label} Helps {ally.label}: advantage on its next attack roll against {target.label}"
            )
        state = state.with_ledger(replace(ledger, supports=(*ledger.supports, support)))
        return Outcome(state, (line + " before its next turn",))


@dataclass(frozen=True, slots=True)
class PointOut:
    """PF2e Point Out: `target_id`, undetected, becomes hidden (its square is known); one action."""

    pointer_id: str
    target_id: str
    merge_key: object | None = None
    free: bool = False

    @property
    def label(self) -> str:
        return "Point Out"

    def apply(self, state: GameState) -> Outcome:
        from rules.systems.stealth import point_out

        scene = state.scene
        if not scene.is_pf2e:
            raise Refused(f"Point Out is a PF2e action; this scene is {scene.system}")
        pointer = _token(scene, self.pointer_id, "pointer")
        target = _token(scene, self.target_id, "target")
        after = point_out(pointer, target)
        if after == target:
            raise Refused(f"{target.label} is not undetected: there is nothing to Point Out")
        state = charge(state, pointer.id, Act("point-out"), free=self.free)
        state = state.with_scene(state.scene.replace_token(after))
        return Outcome(state, (f"{pointer.label} Points Out {target.label}: undetected → hidden",))


def _stealth_lines(scene: Scene, result: object) -> list[str]:
    from rules.systems.stealth import StealthResult

    assert isinstance(result, StealthResult)
    names = _names(scene)
    return [
        f"vs {names.get(o.observer_id, o.observer_id)}: {o.total} vs DC {o.dc} → "
        f"{DEGREE_WORDS.get(o.outcome, o.outcome)} ({o.before} → {o.after})"
        + (f"; {o.note}" if o.note else "")
        for o in result.observations
    ]


@dataclass(frozen=True, slots=True)
class Seek:
    """PF2e Seek (30 ft) / 5e Search: one Perception roll (`d20`: 5e one or two dice) against every hidden
    creature; those found change state. One action."""

    seeker_id: str
    d20: tuple[int, ...]
    merge_key: object | None = None
    free: bool = False

    @property
    def label(self) -> str:
        return "Seek"

    def apply(self, state: GameState) -> Outcome:
        from rules.systems import stealth

        seeker = _token(state.scene, self.seeker_id, "seeker")
        state = charge(state, seeker.id, Act("seek"), free=self.free)
        scene = state.scene
        verb = "Seeks" if scene.is_pf2e else "Searches"
        try:
            if scene.is_pf2e:
                result = stealth.seek(scene, seeker, _one_d20(self.d20, "Perception"))
            else:
                dice = _dnd_dice(self.d20, "Perception")
                if dice is None:
                    raise Refused("Search needs the Perception roll")
                result = stealth.search_5e(scene, seeker, dice)
        except LookupError as exc:
            raise Refused(f"{verb}: {exc}") from None
        for t in result.tokens:
            scene = scene.replace_token(t)
        found = ", ".join(t.label for t in result.tokens) or "nobody new"
        rows = _stealth_lines(state.scene, result) or ["no hidden creature in range"]
        state = state.with_scene(scene)
        dice_text = ", ".join(str(d) for d in self.d20)
        head = f"{seeker.label} {verb} (d20 {dice_text}): finds {found}"
        return Outcome(state, (head, *("  " + r for r in rows)))


@dataclass(frozen=True, slots=True)
class Sneak:
    """PF2e Sneak: move `token_id` through `waypoints` (at most half its Speed, one action), then its
    Stealth check (`d20`) against every observer where it ends. It must be hidden or undetected."""

    token_id: str
    waypoints: tuple[Cell, ...]
    d20: int
    merge_key: object | None = None
    free: bool = False

    @property
    def label(self) -> str:
        return "Sneak"

    def apply(self, state: GameState) -> Outcome:
        from rules.systems import stealth

        scene = state.scene
        if not scene.is_pf2e:
            raise Refused(f"Sneak is a PF2e action; this scene is {scene.system} (move while hidden)")
        token = _token(scene, self.token_id, "sneaker")
        if not (token.has_condition("hidden") or token.has_condition("undetected")):
            raise Refused(f"{token.label} must be hidden or undetected to Sneak")
        plan = plan_move(state, token, self.waypoints)
        if not plan.legal:
            raise Refused(f"Can't Sneak {token.label} there: {plan.problem}")
        limit = stealth.sneak_feet(token)
        if plan.feet > limit:
            raise Refused(
                f"Can't Sneak {token.label} there: {plan.feet} ft is more than half its Speed ({limit} ft)"
            )
        moved = replace(token, cell=plan.path[-1])
        try:
            result = stealth.sneak(scene.replace_token(moved), moved, self.d20)
        except LookupError as exc:
            raise Refused(f"Sneak: {exc}") from None
        state = charge(state, token.id, Act("sneak"), free=self.free)
        scene = state.scene.replace_token(result.tokens[0])
        state = record_move(state.with_scene(scene), token.id, plan.feet, plan.diagonals, 0)
        after = result.tokens[0]
        now = next((c for c in ("undetected", "hidden") if after.has_condition(c)), "observed")
        head = f"{token.label} Sneaks {plan.feet} ft to {cell_text(plan.path[-1])} (d20 {self.d20}): {now}"
        rows = _stealth_lines(scene, result)
        return Outcome(state, (head, *("  " + r for r in rows)), plan)


__all__ = [
    "MANEUVER_NAMES",
    "ActionReport",
    "Aid",
    "Help",
    "Maneuver",
    "PointOut",
    "PrepareAid",
    "Seek",
    "Sneak",
    "apply_changes",
    "apply_push",
]
