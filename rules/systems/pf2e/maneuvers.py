"""PF2e combat maneuvers (Player Core Athletics and Acrobatics actions, "Escape"): the check, the DC, the
degree and its effects as an intent-ready `ManeuverOutcome`.

| action | check | DC (10 + the target's …) | attack trait |
|---|---|---|---|
| grapple | Athletics | Fortitude | yes |
| shove | Athletics | Fortitude | yes |
| trip | Athletics | Reflex | yes |
| disarm | Athletics | Reflex | yes |
| escape | the better of Athletics and Acrobatics | Athletics (the grappler's) | yes |
| tumble-through | Acrobatics | Reflex | no |

* The actor's modifier and the target's DC both include their conditions (`rules.systems.pf2e.checks`):
  a frightened target has a lower DC. An action with the attack trait takes the multiple attack penalty of
  its `attack_number` (−5 / −10, untyped).
* Grapple, Shove and Trip need the target within reach and at most one size larger; Disarm within reach;
  Escape needs the grappler and the escapee within reach of one of them.
* Effects: Grapple — critical success restrained, success grabbed, failure or critical failure releases a
  target the actor had grabbed or restrained (on a critical failure the target may also grab the actor or
  knock it prone: its choice, not applied here). Shove — critical success pushed 10 ft, success 5 ft,
  critical failure the actor falls prone. Trip — critical success prone and 1d6 bludgeoning, success prone,
  critical failure the actor falls prone. Disarm — critical failure: the actor is off-guard (until the start
  of its next turn). Escape — success or critical success: released. Tumble Through — success: the actor
  moves through the target's space (no condition).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.geometry.coords import SIZES
from rules.model.scene import Scene, Token
from rules.systems.forced_movement import ForcedMove, push
from rules.systems.hooks.maneuvers import Change, ManeuverResolution
from rules.systems.modifiers import Breakdown, Modifier, breakdown_lines, stack, sum_text
from rules.systems.pf2e import checks
from rules.systems.pf2e.degrees import (
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    FAILURE,
    SUCCESS,
    check_d20,
    degree,
)
from rules.systems.pf2e.strike import multiple_attack_penalty


@dataclass(frozen=True, slots=True)
class ManeuverRule:
    action: str
    skills: tuple[str, ...]
    defence: str
    attack: bool
    needs_reach: bool
    max_size_larger: int | None


RULES: dict[str, ManeuverRule] = {
    r.action: r
    for r in (
        ManeuverRule("grapple", ("athletics",), "fortitude", True, True, 1),
        ManeuverRule("shove", ("athletics",), "fortitude", True, True, 1),
        ManeuverRule("trip", ("athletics",), "reflex", True, True, 1),
        ManeuverRule("disarm", ("athletics",), "reflex", True, True, None),
        ManeuverRule("escape", ("athletics", "acrobatics"), "athletics", True, True, None),
        ManeuverRule("tumble-through", ("acrobatics",), "reflex", False, False, None),
    )
}
ACTIONS: tuple[str, ...] = tuple(RULES)


@dataclass(frozen=True, slots=True)
class ManeuverOutcome:
    """What a maneuver did: the roll, and the changes to apply (conditions to add/remove, a push, damage).
    `effects` are the protocol's short phrases (``t grabbed``, ``t pushed 5 ft``, ``a prone`` …)."""

    action: str
    actor_id: str
    target_id: str
    d20: int
    modifiers: Breakdown
    dc: int
    dc_modifiers: Breakdown
    degree: str
    changes: tuple[Change, ...] = ()
    push: ForcedMove | None = None
    push_feet: int = 0
    damage: str | None = None
    effects: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return self.d20 + self.modifiers.total

    @property
    def success(self) -> bool:
        return self.degree in (SUCCESS, CRITICAL_SUCCESS)

    def to_json(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "dc": self.dc,
            "degree": self.degree,
            "effects": list(self.effects),
            "modifiers": self.modifiers.to_json(),
        }


def size_gap(actor: Token, target: Token) -> int:
    """How many sizes larger the target is than the actor (negative when smaller)."""
    return SIZES.index(target.size) - SIZES.index(actor.size)


def _held(target: Token) -> bool:
    return target.has_condition("grabbed") or target.has_condition("restrained")


def _effects(
    scene: Scene | None, rule: ManeuverRule, actor: Token, target: Token, deg: str
) -> tuple[list[Change], int, str | None, list[str]]:
    """(condition changes, push feet, damage formula, phrases) of a degree."""
    a, t = actor.id, target.id
    changes: list[Change] = []
    push_feet = 0
    damage: str | None = None
    phrases: list[str] = []
    action = rule.action
    if action == "grapple":
        if deg == CRITICAL_SUCCESS:
            changes = [Change(t, "grabbed", add=False), Change(t, "restrained")]
            phrases = [f"{t} restrained"]
        elif deg == SUCCESS:
            changes = [Change(t, "restrained", add=False), Change(t, "grabbed")]
            phrases = [f"{t} grabbed"]
        elif _held(target):
            changes = [Change(t, "grabbed", add=False), Change(t, "restrained", add=False)]
            phrases = [f"{t} released"]
    elif action == "shove":
        if deg in (SUCCESS, CRITICAL_SUCCESS):
            push_feet = 10 if deg == CRITICAL_SUCCESS else 5
            phrases = [f"{t} pushed {push_feet} ft"]
        elif deg == CRITICAL_FAILURE:
            changes = [Change(a, "prone")]
            phrases = [f"{a} prone"]
    elif action == "trip":
        if deg in (SUCCESS, CRITICAL_SUCCESS):
            changes = [Change(t, "prone")]
            phrases = [f"{t} prone"]
            if deg == CRITICAL_SUCCESS:
                damage = "1d6 bludgeoning"
                phrases.append(f"{t} takes 1d6 bludgeoning")
        elif deg == CRITICAL_FAILURE:
            changes = [Change(a, "prone")]
            phrases = [f"{a} prone"]
    elif action == "disarm":
        if deg == CRITICAL_FAILURE:
            changes = [Change(a, "off-guard")]
            phrases = [f"{a} off-guard"]
    elif action == "escape" and deg in (SUCCESS, CRITICAL_SUCCESS):
        changes = [Change(a, c, add=False) for c in ("grabbed", "restrained", "immobilized")]
        phrases = [f"{a} released"]
    return changes, push_feet, damage, phrases


def actor_modifiers(actor: Token, rule: ManeuverRule, attack_number: int) -> tuple[str, list[Modifier]]:
    """The skill the actor uses (the better one for Escape) and its modifiers, MAP included. Raises
    `checks.MissingStatistic`."""
    skill, _best = checks.best_of(actor, rule.skills)
    mods = checks.modifiers(actor, skill)
    if rule.attack:
        mapm = multiple_attack_penalty(attack_number, agile=False)
        if mapm is not None:
            mods.append(mapm)
    return skill, mods


def maneuver(
    actor: Token,
    target: Token,
    action: str,
    d20: int,
    *,
    attack_number: int = 1,
    scene: Scene | None = None,
    bonuses: tuple[Modifier, ...] = (),
) -> ManeuverOutcome:
    """Resolve `action` (see the module docstring) from plain tokens. With a `scene`, a push is traced on
    it (`rules.systems.forced_movement.push`). Raises `KeyError` for an unknown action,
    `checks.MissingStatistic` when a needed statistic isn't listed. Reach and size are the caller's checks
    (`check_legal`)."""
    rule = RULES[action]
    check_d20(d20)
    _skill, mods = actor_modifiers(actor, rule, attack_number)
    breakdown = stack([*mods, *bonuses])
    dc, dc_breakdown = checks.statistic_dc(target, rule.defence)
    deg = degree(d20, breakdown.total, dc)
    changes, push_feet, damage, phrases = _effects(scene, rule, actor, target, deg)
    pushed = push(scene, actor, target, push_feet) if scene is not None and push_feet else None
    return ManeuverOutcome(
        action=action,
        actor_id=actor.id,
        target_id=target.id,
        d20=d20,
        modifiers=breakdown,
        dc=dc,
        dc_modifiers=dc_breakdown,
        degree=deg,
        changes=tuple(changes),
        push=pushed,
        push_feet=push_feet,
        damage=damage,
        effects=tuple(phrases),
    )


def check_legal(actor: Token, target: Token, action: str) -> str | None:
    """Why `actor` can't attempt `action` on `target` by size (None when it can); reach is the board's."""
    rule = RULES[action]
    if rule.max_size_larger is not None and size_gap(actor, target) > rule.max_size_larger:
        return f"{target.id} ({target.size}) is more than one size larger than {actor.id} ({actor.size})"
    return None


#: The menu's words for each maneuver.
NAMES: dict[str, str] = {
    "grapple": "Grapple",
    "shove": "Shove",
    "trip": "Trip",
    "disarm": "Disarm",
    "escape": "Escape",
    "tumble-through": "Tumble Through",
}


def _ordinal(n: int) -> str:
    return f"{n}{ ({1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th')) }"


def resolve(
    scene: Scene,
    actor: Token,
    target: Token,
    action: str,
    d20: int,
    *,
    attack_number: int = 1,
    bonuses: tuple[Modifier, ...] = (),
) -> ManeuverResolution:
    """`maneuver` in the terms every system's maneuver answers (`ManeuverResolution`): the rows (the die,
    each modifier, the total against the DC and the DC's modifiers, creatures by their labels), the degree
    in words, the conditions, push and damage (a critical Trip's 1d6 bludgeoning), and whether it counts
    as an attack (the attack trait: the multiple attack penalty) or takes an action (Tumble Through,
    which lets the actor move through the target's space on a success)."""
    rule = RULES[action]
    out = maneuver(actor, target, action, d20, attack_number=attack_number, scene=scene, bonuses=bonuses)
    skill = actor_modifiers(actor, rule, attack_number)[0]
    rows = [f"d20 {d20}", *breakdown_lines(out.modifiers)]
    rows.append(f"total {sum_text(d20, out.modifiers)} vs {rule.defence.capitalize()} DC {out.dc}")
    dc_mods = breakdown_lines(out.dc_modifiers)
    rows.append(f"DC {out.dc} = 10 {' '.join(dc_mods)}".rstrip() if dc_mods else f"DC {out.dc}")
    notes: list[str] = []
    if out.degree == CRITICAL_FAILURE and action == "grapple":
        notes.append(f"{target.label} may grab {actor.label} or knock it prone (its choice)")
    passes: bool | None = None
    if action == "tumble-through":
        passes = out.success
        if out.success:
            notes.append(f"{actor.label} can move through {target.label}'s space on this Stride")
        else:
            notes.append(f"{actor.label}'s movement ends before {target.label}'s space")
    nth = f" ({_ordinal(attack_number)} attack)" if rule.attack and attack_number > 1 else ""
    return ManeuverResolution(
        title=f"{actor.label} tries to {NAMES[action]} {target.label}{nth} with {skill.capitalize()}",
        rows=tuple(rows),
        result=checks.DEGREE_WORDS.get(out.degree, out.degree),
        success=out.success,
        changes=out.changes,
        push=out.push,
        push_feet=out.push_feet,
        damage=out.damage,
        damage_type="bludgeoning" if out.damage else "",
        notes=tuple(notes),
        attack=rule.attack,
        actions=1,
        passes=passes,
        outcome=out,
    )


__all__ = [
    "ACTIONS",
    "CRITICAL_FAILURE",
    "FAILURE",
    "Change",
    "ManeuverOutcome",
    "check_legal",
    "maneuver",
    "resolve",
]
