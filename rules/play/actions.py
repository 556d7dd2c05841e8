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
from rules.messages import msg
from rules.model.scene import Scene, Token
from rules.model.state import GameState
from rules.model.turn_ledger import Support
from rules.play.command import Outcome, Refused
from rules.play.economy import charge, charge_reaction, ledger_for, left_line
from rules.play.moves import cell_text, plan_move, record_move
from rules.systems import system_for
from rules.systems.base import MissingStatistic
from rules.systems.damage import DamageEntry
from rules.systems.economy import Act
from rules.systems.forced_movement import ForcedMove
from rules.systems.hooks.maneuvers import Change
from rules.systems.modifiers import breakdown_lines, signed, sum_text

#: The menu's words for each maneuver.
MANEUVER_NAMES: dict[str, str] = {
    "grapple": "Grapple",
    "shove": "Shove",
    "trip": "Trip",
    "disarm": "Disarm",
    "escape": "Escape",
    "tumble-through": "Tumble Through",
}
#: Aid's usual DC (Player Core "Aid").
AID_DC = 15


def _words(outcome: str) -> str:
    """An outcome in words: ``critical-success`` → ``critical success``."""
    return outcome.replace("-", " ")


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
        rules = system_for(scene)
        actor = _token(scene, self.actor_id, "actor")
        target = _token(scene, self.target_id, "target")
        if actor.id == target.id:
            raise Refused(str(msg("{name} can't {action} itself", name=actor.label, action=self.label)))
        actions = rules.maneuver_actions
        if self.action not in actions:
            raise Refused(f"{scene.system} maneuvers are {', '.join(actions)}, not {self.action!r}")
        problem = _reach_problem(scene, actor, target, self.action)
        if problem is None:
            problem = rules.maneuver_problem(actor, target, self.action)
            if problem is not None:
                problem = problem.replace(target.id, target.label).replace(actor.id, actor.label)
        if problem is not None:
            raise Refused(f"{actor.label} can't {self.label} {target.label}: {problem}")
        number = self.attack_number or ledger_for(state, actor.id).next_attack_number
        try:
            out = rules.maneuver(
                scene,
                actor,
                target,
                self.action,
                d20=self.d20,
                target_d20=self.target_d20,
                shove=self.shove,
                attack_number=number,
            )
        except MissingStatistic as exc:
            raise Refused(f"{self.label}: {exc}") from None
        except ValueError as exc:
            raise Refused(f"{self.label}: {exc}") from None
        if out.damage is not None and self.damage_roll is None:
            raise Refused(f"a critical {self.label} needs its damage roll ({out.damage})")
        scene, effects = apply_changes(scene, out.changes)
        scene, pushed = apply_push(scene, out.push, out.push_feet)
        effects += pushed
        if out.damage is not None and self.damage_roll is not None:
            scene, hurt = _damage(scene, target.id, self.damage_roll, out.damage_type, out.damage)
            effects += hurt
        if out.passes and self.through_to is not None:  # the actor moves through the target's space
            scene, moved = _tumble(scene, actor.id, self.through_to)
            effects += moved
        else:
            effects += out.notes
        if not effects:
            effects = ["no effect"]
        state = state.with_scene(scene)
        state = charge(state, actor.id, self.act(out.attack), free=self.free)
        if out.attack:
            state = _end_take_cover(state, actor.id, effects)
        report = ActionReport(
            title=out.title,
            rows=out.rows,
            result=out.result,
            effects=tuple(effects),
            success=out.success,
            outcome=out.outcome,
        )
        return Outcome(state, (*report.lines(), *left_line(state, actor.id, free=self.free)), report)


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
            raise Refused(str(msg("{name} can't Aid itself", name=helper.label)))
        state = charge(state, helper.id, Act("prepare-aid", name="preparing to Aid"), free=self.free)
        ledger = ledger_for(state, helper.id)
        if ally.id not in ledger.aiding:
            state = state.with_ledger(replace(ledger, aiding=(*ledger.aiding, ally.id)))
        return Outcome(
            state,
            (
                str(msg("{helper} prepares to Aid {ally}", helper=helper.label, ally=ally.label)),
                *left_line(state, helper.id, free=self.free),
            ),
        )


@dataclass(frozen=True, slots=True)
class Aid:
    """Aid (PF2e, ``aid`` in `RuleSystem.support_actions`; a reaction, Player Core 416, l.487–497):
    `helper_id` helps `ally_id`'s next check or attack roll. It needs the helper's preparation for that ally
    (`PrepareAid`, else refused) and its reaction. The check (`d20` + the helper's `skill`, or `modifier`
    when given) against DC 15 (the usual DC) gives what the system's `RuleSystem.aid` says to the ally's
    next attack roll or check, which reads it (`rules.play.support`). `free`: the GM's override (no
    preparation or reaction needed)."""

    helper_id: str
    ally_id: str
    d20: int
    skill: str = "athletics"
    rank: str = "trained"
    dc: int = AID_DC
    merge_key: object | None = None
    modifier: int | None = None
    free: bool = False

    @property
    def label(self) -> str:
        return "Aid"

    def apply(self, state: GameState) -> Outcome:
        scene = state.scene
        rules = system_for(scene)
        if "aid" not in rules.support_actions:
            raise Refused(f"Aid is a PF2e reaction; this scene is {scene.system} (use Help)")
        helper = _token(scene, self.helper_id, "helper")
        ally = _token(scene, self.ally_id, "ally")
        if helper.id == ally.id:
            raise Refused(str(msg("{name} can't Aid itself", name=helper.label)))
        prepared = ally.id in ledger_for(state, helper.id).aiding
        if not prepared and not self.free:
            raise Refused(
                f"{helper.label} hasn't prepared to Aid {ally.label}: Aid needs a preparing action on its "
                "own turn first (Player Core 416)"
            )
        state, _readied = charge_reaction(state, helper.id, free=self.free)
        try:
            check = rules.aid(helper, self.skill, self.d20, self.dc, self.rank, modifier=self.modifier)
        except MissingStatistic as exc:
            raise Refused(f"Aid: {exc}") from None
        except ValueError as exc:
            raise Refused(f"Aid: {exc}") from None
        if self.modifier is not None:
            rows = [f"d20 {self.d20} {signed(self.modifier)} = {check.total} vs DC {self.dc}"]
        else:
            rows = [
                f"d20 {self.d20}",
                *breakdown_lines(check.modifiers),
                f"total {sum_text(self.d20, check.modifiers)} vs DC {self.dc}",
            ]
        effects: list[str] = []
        ledger = ledger_for(state, helper.id)
        aiding = tuple(a for a in ledger.aiding if a != ally.id)
        supports = ledger.supports
        if check.value is None:
            effects.append(str(msg("no effect")))
        else:
            supports = (*supports, Support("aid", ally.id, None, check.value, "any"))
            effects.append(
                str(
                    msg(
                        "{name} gets {n} circumstance to its next check or attack",
                        name=ally.label,
                        n=signed(check.value),
                    )
                )
            )
        state = state.with_ledger(replace(ledger, aiding=aiding, supports=supports))
        effects.append(str(msg("{name} uses its reaction", name=helper.label)))
        report = ActionReport(
            title=str(
                msg("{helper} Aids {ally}", helper=helper.label, ally=ally.label)
                if self.modifier is not None
                else msg(
                    "{helper} Aids {ally} with {skill}",
                    helper=helper.label,
                    ally=ally.label,
                    skill=self.skill.capitalize(),
                )
            ),
            rows=tuple(rows),
            result=_words(check.degree),
            effects=tuple(effects),
            success=check.degree in ("success", "critical-success"),
            outcome=check,
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
            raise Refused(
                f"Help is a D&D 5e action; this scene is {scene.system}: in PF2e prepare to Aid, then Aid as "
                "a reaction"
            )
        helper = _token(scene, self.helper_id, "helper")
        ally = _token(scene, self.ally_id, "ally")
        if helper.id == ally.id:
            raise Refused(str(msg("{name} can't Help itself", name=helper.label)))
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
            line = str(
                msg(
                    "{helper} Helps {ally}: advantage on its next ability check",
                    helper=helper.label,
                    ally=ally.label,
                )
            )
        else:
            support = Support("help", ally.id, target.id, 0, "attack")
            line = str(
                msg(
                    "{helper} Helps {ally}: advantage on its next attack roll against {target}",
                    helper=helper.label,
                    ally=ally.label,
                    target=target.label,
                )
            )
        state = state.with_ledger(replace(ledger, supports=(*ledger.supports, support)))
        line = str(msg("{help} before its next turn", help=line))
        return Outcome(state, (line, *left_line(state, helper.id, free=self.free)))


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
        scene = state.scene
        rules = system_for(scene)
        if "point-out" not in rules.support_actions:
            raise Refused(f"Point Out is a PF2e action; this scene is {scene.system}")
        pointer = _token(scene, self.pointer_id, "pointer")
        target = _token(scene, self.target_id, "target")
        after = rules.point_out(pointer, target)
        if after == target:
            raise Refused(f"{target.label} is not undetected: there is nothing to Point Out")
        state = charge(state, pointer.id, Act("point-out"), free=self.free)
        state = state.with_scene(state.scene.replace_token(after))
        return Outcome(
            state,
            (
                f"{pointer.label} Points Out {target.label}: undetected → hidden",
                *left_line(state, pointer.id, free=self.free),
            ),
        )


def _stealth_lines(scene: Scene, result: object) -> list[str]:
    from rules.systems.stealth import StealthResult

    assert isinstance(result, StealthResult)
    names = _names(scene)
    return [
        f"vs {names.get(o.observer_id, o.observer_id)}: {o.total} vs DC {o.dc} → "
        f"{_words(o.outcome)} ({o.before} → {o.after})" + (f"; {o.note}" if o.note else "")
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
        seeker = _token(state.scene, self.seeker_id, "seeker")
        state = charge(state, seeker.id, Act("seek"), free=self.free)
        scene = state.scene
        rules = system_for(scene)
        verb = rules.seek_verb
        try:
            result = rules.seek(scene, seeker, self.d20)
        except LookupError as exc:
            raise Refused(f"{verb}: {exc}") from None
        except ValueError as exc:
            raise Refused(str(exc)) from None
        for t in result.tokens:
            scene = scene.replace_token(t)
        found = ", ".join(t.label for t in result.tokens) or "nobody new"
        rows = _stealth_lines(state.scene, result) or ["no hidden creature in range"]
        state = state.with_scene(scene)
        dice_text = ", ".join(str(d) for d in self.d20)
        head = f"{seeker.label} {verb} (d20 {dice_text}): finds {found}"
        return Outcome(state, (head, *("  " + r for r in rows), *left_line(state, seeker.id, free=self.free)))


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
        scene = state.scene
        rules = system_for(scene)
        if not rules.has_sneak:
            raise Refused(f"Sneak is a PF2e action; this scene is {scene.system} (move while hidden)")
        token = _token(scene, self.token_id, "sneaker")
        if not (token.has_condition("hidden") or token.has_condition("undetected")):
            raise Refused(str(msg("{name} must be hidden or undetected to Sneak", name=token.label)))
        plan = plan_move(state, token, self.waypoints)
        if not plan.legal:
            raise Refused(
                str(msg("Can't Sneak {name} there: {problem}", name=token.label, problem=str(plan.problem)))
            )
        limit = rules.sneak_feet(token)
        if plan.feet > limit:
            raise Refused(
                f"Can't Sneak {token.label} there: {plan.feet} ft is more than half its Speed ({limit} ft)"
            )
        moved = replace(token, cell=plan.path[-1])
        try:
            result = rules.sneak(scene.replace_token(moved), moved, self.d20)
        except LookupError as exc:
            raise Refused(f"Sneak: {exc}") from None
        state = charge(state, token.id, Act("sneak"), free=self.free)
        scene = state.scene.replace_token(result.tokens[0])
        state = record_move(state.with_scene(scene), token.id, plan.feet, plan.diagonals, 0)
        after = result.tokens[0]
        now = next((c for c in ("undetected", "hidden") if after.has_condition(c)), "observed")
        head = f"{token.label} Sneaks {plan.feet} ft to {cell_text(plan.path[-1])} (d20 {self.d20}): {now}"
        rows = _stealth_lines(scene, result)
        return Outcome(
            state, (head, *("  " + r for r in rows), *left_line(state, token.id, free=self.free)), plan
        )


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
