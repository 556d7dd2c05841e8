"""PF2e's answers to the table (`rules.systems.table`): checks with typed bonuses and degrees of success,
statistic DCs, the token menu's actions, the condition list and a blank creature.

Actions: Take Cover, Raise a Shield (`rules.systems.support_actions`), Drop Prone / Stand (a move action:
Reactive Strike can be triggered, `rules.systems.reactions`), Hide and Seek (`rules.systems.stealth`, one
d20), climb up / descend, and falling (half the distance fallen as bludgeoning damage, landing prone).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules.dice import DieSource
from rules.messages import msg
from rules.model.creature import Creature
from rules.model.scene import Attack, Scene, Token
from rules.systems.damage import DamageEntry
from rules.systems.modifiers import Modifier
from rules.systems.pf2e import checks, movement_actions
from rules.systems.pf2e.conditions import CONDITION_NAMES, CONDITIONS, SKILL_ABILITY
from rules.systems.table import (
    ActionResult,
    ActionSpec,
    CheckRow,
    CreatureSheet,
    change_elevation,
    elevation_actions,
    missing_row,
    signed,
)

if TYPE_CHECKING:
    from rules.systems.base import RuleSystem

SHEET = CreatureSheet(
    ability_label="Attribute modifiers",
    ability_mods=True,
    range_increments=True,
    has_perception=True,
    has_weaknesses=True,
    has_vulnerabilities=False,
    has_cr=False,
    trait_badges=True,
    saves_with_ac=True,
    resistance_values=True,
    save_short=(("fortitude", "Fort"), ("reflex", "Ref"), ("will", "Will")),
)

SUPPORT = {
    "take-cover": "takes cover (standard cover becomes greater; otherwise standard)",
    "raise-shield": "raises a shield (+{bonus} circumstance AC until the start of its next turn)",
}


def requirement_problem(scene: Scene, token: Token, key: str) -> str | None:
    """Why `token` can't take basic action `key` now (its requirement, Player Core 416–419), or None.

    * Raise a Shield: 「必要条件 君が盾を装備している」 — the token's ``shield`` (not broken or destroyed).
    * Take Cover: 「君は遮蔽による利益を受けているか、遮蔽をとることができる要素の近くにいるか、伏せ状態か
      のいずれかである」 — prone, something solid beside its space (`rules.geometry.hazards.beside_obstacle`),
      or cover from a hostile creature.
    * Stand: prone; Drop Prone: not prone already.
    """
    from rules.geometry.hazards import beside_obstacle
    from rules.systems.board import cover, hostile

    name = token.label
    if key == "raise-shield":
        shield = token.shield
        if shield is None:
            return f"{name} has no shield: Raise a Shield needs one (Player Core 419)"
        if shield.broken:
            return f"{name}'s shield is broken (HP {shield.hp}): it gives no bonus until repaired"
    if key == "take-cover" and not token.has_condition("prone") and not beside_obstacle(scene, token):
        covered = any(
            hostile(token, o) and cover(scene, o, token).degree not in ("none", "blocked")
            for o in scene.tokens
            if o.id != token.id
        )
        if not covered:
            return (
                f"{name} has nothing to take cover behind: Take Cover needs cover, a feature beside it or "
                "being prone (Player Core 418)"
            )
    if key == "stand" and not token.has_condition("prone"):
        return f"{name} isn't prone: there is nothing to Stand from"
    if key == "drop-prone" and token.has_condition("prone"):
        return f"{name} is already prone"
    return None


#: The maneuvers of the token menu, in menu order: (key, label).
MANEUVERS: tuple[tuple[str, str], ...] = (
    ("grapple", "Grapple"),
    ("shove", "Shove"),
    ("trip", "Trip"),
    ("disarm", "Disarm"),
    ("escape", "Escape"),
    ("tumble-through", "Tumble Through"),
)
#: Helping an ally: Aid (a check against DC 15) and Point Out (an undetected creature).
SUPPORT_ACTIONS: tuple[str, ...] = ("aid", "point-out")


def maneuver_rolls(key: str, actor: str, target: str) -> tuple[tuple[str, str, int], ...]:
    """The dice a maneuver needs, as (key, words, sides): the actor's d20, and a Trip's 1d6 in case of a
    critical success."""
    skill = {"escape": "Athletics or Acrobatics", "tumble-through": "Acrobatics"}.get(key, "Athletics")
    rolls = [("d20", f"{actor}'s d20 ({skill})", 20)]
    if key == "trip":
        rolls.append(("damage", "1d6 (critical success)", 6))
    return tuple(rolls)


def statistics(kind: str) -> tuple[str, ...]:
    """What a creature rolls for `kind`: ``save`` the three saves, ``check`` Perception and the skills."""
    if kind == "save":
        return checks.SAVES
    return ("perception", *sorted(SKILL_ABILITY))


def condition_choices() -> tuple[tuple[str, bool], ...]:
    """The conditions as (name, valued), in the rules' order, and ``dead``."""
    return (*((n, CONDITIONS[n].valued) for n in CONDITION_NAMES), ("dead", False))


#: What the engine writes on a PF2e token besides the conditions table: Take Cover, Raise a Shield, Aid's
#: prepared bonus, a reaction spent, a creature unnoticed (Avoid Notice), dead.
ENGINE_MARKS: tuple[str, ...] = ("took-cover", "raised-shield", "aided", "reaction-used", "unnoticed", "dead")
#: PF2e damage types (Player Core "Damage Types"), for pickers.
DAMAGE_TYPES: tuple[str, ...] = (
    "acid",
    "bleed",
    "bludgeoning",
    "cold",
    "electricity",
    "fire",
    "force",
    "mental",
    "piercing",
    "poison",
    "slashing",
    "sonic",
    "spirit",
    "vitality",
    "void",
)


def condition_names() -> frozenset[str]:
    """Every condition name a PF2e token may carry: the table with its older names, and `ENGINE_MARKS`."""
    return frozenset({*CONDITIONS, *ENGINE_MARKS})


def blank_creature(system: str) -> Creature:
    """A level-1 starting point for a new creature."""
    return Creature(
        name="New creature",
        system=system,
        speed=25,
        ac=15,
        hp=20,
        level=1,
        perception=5,
        saves=(("fortitude", 5), ("reflex", 5), ("will", 5)),
        attacks=(Attack("Fist", 7, "1d4+2 bludgeoning", ("agile", "nonlethal", "unarmed")),),
    )


def save_condition_modifiers(token: Token, save: str) -> list[Modifier]:
    """The typed modifiers the creature's conditions put on `save` (frightened, sickened…)."""
    if save not in checks.SAVES:
        return []
    from rules.systems.pf2e.conditions import statistic_modifiers

    return statistic_modifiers(token, save)


def roll_check(token: Token, stat: str, d20: Sequence[int], dc: int, bonus: Modifier | None) -> CheckRow:
    """A check or save with `d20[0]`, the typed breakdown and the degree of success."""
    try:
        r = checks.check(token, stat, d20[0], dc, bonuses=(bonus,) if bonus is not None else ())
    except checks.MissingStatistic as exc:
        return missing_row(token, exc.stat, exc.field)
    detail = ", ".join(
        f"{signed(e.modifier.value)} {e.modifier.label}" + ("" if e.applied else " (not applied)")
        for e in r.modifiers.entries
    )
    good = r.degree in ("success", "critical-success")
    return CheckRow(
        token.id, token.label, r.total, r.degree.replace("-", " "), good, f"d20 {r.d20}: {detail}"
    )


def passive(token: Token, stat: str) -> CheckRow:
    """The statistic's DC (10 + its modifiers), with the applied modifiers."""
    try:
        value, breakdown = checks.statistic_dc(token, stat)
    except checks.MissingStatistic as exc:
        return missing_row(token, exc.stat, exc.field)
    detail = ", ".join(f"{signed(m.value)} {m.label}" for m in breakdown.applied)
    return CheckRow(token.id, token.label, value, "passive", None, detail)


def actions(token: Token) -> list[ActionSpec]:
    """The token menu's actions in PF2e, in menu order."""
    prone = token.has_condition("prone")
    return [
        ActionSpec("take-cover", "Take Cover"),
        ActionSpec("raise-shield", "Raise a Shield"),
        ActionSpec("stand", "Stand") if prone else ActionSpec("drop-prone", "Drop Prone"),
        ActionSpec("hide", "Hide (roll Stealth)"),
        ActionSpec("seek", "Seek (roll Perception)"),
        *elevation_actions(token),
    ]


def resolve_action(system: RuleSystem, scene: Scene, token: Token, key: str, rng: DieSource) -> ActionResult:
    """Resolve one of `actions` (falling damage through `system`); `ValueError` for an action PF2e doesn't
    have."""
    from rules.systems.pf2e import stealth

    name = token.label
    problem = requirement_problem(scene, token, key)
    if problem is not None:
        raise ValueError(problem)
    if key == "raise-shield" and token.shield is not None:
        from rules.systems.support_actions import raise_shield

        bonus = token.shield.ac
        raised = msg(
            "{name} raises a shield (+{bonus} circumstance AC until the start of its next turn)",
            name=name,
            bonus=bonus,
        )
        return ActionResult((raise_shield(token, bonus),), (str(raised),))
    if key in SUPPORT:
        from rules.systems.support_actions import raise_shield, take_cover

        acted = take_cover(token) if key == "take-cover" else raise_shield(token)
        if key == "take-cover":
            words = msg("{name} takes cover (standard cover becomes greater; otherwise standard)", name=name)
        else:
            words = msg(
                "{name} raises a shield (+{bonus} circumstance AC until the start of its next turn)",
                name=name,
                bonus=2,
            )
        return ActionResult((acted,), (str(words),))
    if key in ("drop-prone", "stand"):
        from rules.systems.reactions import action_reactions

        new = movement_actions.drop_prone(token) if key == "drop-prone" else movement_actions.stand(token)
        verb = "drops prone" if key == "drop-prone" else "stands up"
        lines = [f"{name} {verb} (a move action: Reactive Strike can be triggered)"]
        lines += [r.text for r in action_reactions(scene, token, key)]
        return ActionResult((new,), tuple(lines))
    if key == "hide":
        d20 = rng.randint(1, 20)
        result = stealth.hide(scene, token, d20)
        state = "hidden" if result.tokens[0].has_condition("hidden") else "not hidden"
        return ActionResult(result.tokens, (f"{name} tries to Hide (d20 {d20}): {state}", *result.log()))
    if key == "seek":
        d20 = rng.randint(1, 20)
        result = stealth.seek(scene, token, d20)
        found = ", ".join(t.label for t in result.tokens) or "nobody new"
        lines = result.log() or ["no hidden creature in range"]
        return ActionResult(result.tokens, (f"{name} Seeks (d20 {d20}): finds {found}", *lines))
    if key in ("up", "down"):
        return change_elevation(token, key)
    if key == "fall":
        return _fall(system, token)
    raise ValueError(f"unknown action {key!r} in PF2e")


def _fall(system: RuleSystem, token: Token) -> ActionResult:
    feet = token.elevation
    fell = movement_actions.fall(feet)
    landed = movement_actions.land(token, fell)
    fall = msg(
        "{name} falls {feet} ft: {damage} bludgeoning (half of {counted} ft)",
        name=token.label,
        feet=feet,
        damage=fell.damage,
        counted=fell.counted,
    )
    lines = [str(fall)]
    if fell.damage and token.hp is not None:
        outcome, landed = system.damage(landed, [DamageEntry(fell.damage, "bludgeoning")])
        lines.append(f"takes {outcome.total}: HP {outcome.hp}, {outcome.state}")
    if landed.has_condition("prone") and not token.has_condition("prone"):
        lines.append(str(msg("lands prone")))
    return ActionResult((landed,), tuple(lines))
