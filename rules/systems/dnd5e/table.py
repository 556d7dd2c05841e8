"""D&D 5e's answers to the table (`rules.systems.table`): d20 tests with advantage and disadvantage,
contests, passive values, the token menu's actions, the condition list and a blank creature, for an
`Edition` (2014 or 2024).

Actions: Dodge, Disengage (`rules.systems.support_actions`), Drop Prone (no movement) / Stand (half the
speed), Squeeze / stop squeezing, Hide and Search (`rules.systems.stealth`, two d20s for advantage and
disadvantage), climb up / descend, and falling (1d6 per 10 ft, landing prone).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules import dice
from rules.dice import DieSource
from rules.model.creature import ABILITIES, Creature
from rules.model.scene import Attack, Scene, Token
from rules.systems.damage import DamageEntry
from rules.systems.dnd5e import checks, movement_actions
from rules.systems.dnd5e.conditions import conditions_for
from rules.systems.dnd5e.editions import Edition
from rules.systems.modifiers import Modifier
from rules.systems.table import (
    ActionResult,
    ActionSpec,
    CheckRow,
    ContestOutcome,
    CreatureSheet,
    change_elevation,
    elevation_actions,
    missing_row,
    signed,
)

if TYPE_CHECKING:
    from rules.systems.base import RuleSystem

SHEET = CreatureSheet(
    ability_label="Ability scores",
    ability_mods=False,
    range_increments=False,
    has_perception=False,
    has_weaknesses=False,
    has_vulnerabilities=True,
    has_cr=True,
    trait_badges=False,
    saves_with_ac=False,
    resistance_values=False,
)

SUPPORT = {
    "dodge": "Dodges (attacks against it have disadvantage; advantage on Dex saves)",
    "disengage": "Disengages (no opportunity attacks for the rest of the turn)",
}


#: The maneuvers of the token menu, in menu order: (key, label). A shove pushes or knocks prone.
MANEUVERS: tuple[tuple[str, str], ...] = (
    ("grapple", "Grapple"),
    ("shove", "Shove (push 5 ft)"),
    ("shove-prone", "Shove (knock prone)"),
    ("escape", "Escape"),
)
#: Helping an ally: the Help action.
SUPPORT_ACTIONS: tuple[str, ...] = ("help",)


def maneuver_rolls(edition: Edition, key: str, actor: str, target: str) -> tuple[tuple[str, str, int], ...]:
    """The dice a maneuver needs, as (key, words, sides): 2014 both d20s of the contest; 2024 the target's
    save (grapple, shove) or the actor's check (escape)."""
    if edition.year >= 2024:
        if key == "escape":
            return (("d20", f"{actor}'s d20 (Athletics or Acrobatics)", 20),)
        return (("target_d20", f"{target}'s save d20 (Strength or Dexterity)", 20),)
    return (("d20", f"{actor}'s d20 (Athletics)", 20), ("target_d20", f"{target}'s d20 (contest)", 20))


def statistics(kind: str) -> tuple[str, ...]:
    """What a creature rolls for `kind`: ``save`` an ability, ``check`` an ability or a skill."""
    if kind == "save":
        return checks.ABILITIES
    return (*checks.ABILITIES, *sorted(checks.SKILL_ABILITY))


def condition_choices(edition: Edition) -> tuple[tuple[str, bool], ...]:
    """The edition's conditions as (name, valued), then exhaustion, stable and dead."""
    names = [(n, False) for n in conditions_for(edition)]
    extra = [("exhaustion", True), ("stable", False), ("dead", False)]
    return (*names, *(e for e in extra if e[0] not in dict(names)))


#: What the engine writes on a 5e token besides the conditions: Disengage, Help given, a reaction spent,
#: squeezing through a narrow space.
ENGINE_MARKS: tuple[str, ...] = ("disengaged", "helped", "reaction-used", "squeezing")
#: 5e damage types (SRD "Damage Types"), for pickers.
DAMAGE_TYPES: tuple[str, ...] = (
    "acid",
    "bludgeoning",
    "cold",
    "fire",
    "force",
    "lightning",
    "necrotic",
    "piercing",
    "poison",
    "psychic",
    "radiant",
    "slashing",
    "thunder",
)


def condition_names(edition: Edition) -> frozenset[str]:
    """Every condition name a 5e token may carry: the edition's choices and `ENGINE_MARKS`."""
    return frozenset({*(n for n, _v in condition_choices(edition)), *ENGINE_MARKS})


def blank_creature(system: str) -> Creature:
    """A CR 1/2 starting point for a new creature."""
    return Creature(
        name="New creature",
        system=system,
        speed=30,
        ac=13,
        hp=11,
        cr=0.5,
        proficiency_bonus=2,
        xp=100,
        abilities=tuple((a, 10) for a in ABILITIES),
        attacks=(Attack("Club", 2, "1d4 bludgeoning"),),
    )


def save_condition_modifiers(edition: Edition, token: Token) -> list[Modifier]:
    """2024 exhaustion on a save: −2 per level, untyped (2014 exhaustion doesn't change saves' numbers)."""
    from rules.systems.dnd5e.conditions import d20_penalty, exhaustion_level

    penalty = d20_penalty(token, edition)
    if not penalty:
        return []
    return [Modifier("exhaustion", "untyped", penalty, f"exhaustion {exhaustion_level(token)}")]


def roll_check(
    edition: Edition,
    token: Token,
    kind: str,
    stat: str,
    d20: Sequence[int],
    dc: int,
    *,
    advantage: bool,
    disadvantage: bool,
) -> CheckRow:
    """A d20 test with two d20s (the mode picks one), its reasons, and success or failure."""
    try:
        t = checks.d20_test(
            token, kind, stat, tuple(d20), dc, edition=edition, advantage=advantage, disadvantage=disadvantage
        )
    except checks.MissingStatistic as exc:
        return missing_row(token, exc.stat, exc.field)
    reasons = [x.render() for x in t.reasons] + list(t.automatic_failures)
    detail = f"{t.mode}, d20 {t.d20_used} {signed(t.modifier)}"
    if t.penalty:
        detail += f" {signed(t.penalty)} exhaustion"
    if reasons:
        detail += " — " + "; ".join(reasons)
    return CheckRow(token.id, token.label, t.total, "success" if t.success else "failure", t.success, detail)


def contest(
    edition: Edition,
    a: Token,
    stat_a: str,
    d20_a: Sequence[int],
    b: Token,
    stat_b: str,
    d20_b: Sequence[int],
    *,
    advantage: bool,
    disadvantage: bool,
) -> ContestOutcome:
    """Two checks; the higher total wins, a tie keeps things as they were. The GM's advantage or
    disadvantage applies to `a`."""
    try:
        ra = checks.check(
            a, stat_a, tuple(d20_a), None, edition=edition, advantage=advantage, disadvantage=disadvantage
        )
        rb = checks.check(b, stat_b, tuple(d20_b), None, edition=edition)
    except checks.MissingStatistic as exc:
        return ContestOutcome((), None, f"{exc.token_id} has no {exc.stat} listed")
    result = checks.contest(ra, rb)
    rows = (
        CheckRow(a.id, a.label, ra.total, "", None, f"{ra.stat}: {ra.mode}, d20 {ra.d20_used}"),
        CheckRow(b.id, b.label, rb.total, "", None, f"{rb.stat}: {rb.mode}, d20 {rb.d20_used}"),
    )
    if result.winner is None:
        return ContestOutcome(rows, None, f"Tie {ra.total}–{rb.total}: things stay as they were")
    win = a if result.winner == "a" else b
    return ContestOutcome(rows, result.winner, f"{win.label} wins ({ra.total}–{rb.total})")


def passive(edition: Edition, token: Token, stat: str, *, advantage: bool, disadvantage: bool) -> CheckRow:
    """10 + the modifier, ±5 for advantage or disadvantage."""
    try:
        value = checks.passive(token, stat, edition=edition, advantage=advantage, disadvantage=disadvantage)
    except checks.MissingStatistic as exc:
        return missing_row(token, exc.stat, exc.field)
    detail = "10 + modifier" + (" ±5 for advantage/disadvantage" if advantage or disadvantage else "")
    return CheckRow(token.id, token.label, value, "passive", None, detail)


def actions(token: Token) -> list[ActionSpec]:
    """The token menu's actions in 5e, in menu order."""
    prone = token.has_condition("prone")
    squeezing = token.has_condition("squeezing")
    return [
        ActionSpec("dash", "Dash"),
        ActionSpec("dodge", "Dodge"),
        ActionSpec("disengage", "Disengage"),
        ActionSpec("stand", "Stand") if prone else ActionSpec("drop-prone", "Drop Prone"),
        ActionSpec("unsqueeze", "Stop squeezing") if squeezing else ActionSpec("squeeze", "Squeeze"),
        ActionSpec("hide", "Hide (roll Stealth)"),
        ActionSpec("seek", "Search (roll Perception)"),
        *elevation_actions(token),
    ]


def resolve_action(
    system: RuleSystem, edition: Edition, scene: Scene, token: Token, key: str, rng: DieSource
) -> ActionResult:
    """Resolve one of `actions` (falling damage through `system`); `ValueError` for an action 5e doesn't
    have."""
    from rules.systems.dnd5e import stealth

    name = token.label
    if key == "stand" and not token.has_condition("prone"):
        raise ValueError(f"{name} isn't prone: there is nothing to stand up from")
    if key == "drop-prone" and token.has_condition("prone"):
        raise ValueError(f"{name} is already prone")
    if key == "dash":
        return ActionResult((), (f"{name} Dashes (extra movement equal to its speed this turn)",))
    if key in SUPPORT:
        from rules.systems.support_actions import disengage, dodge

        acted = dodge(token) if key == "dodge" else disengage(token)
        return ActionResult((acted,), (f"{name} {SUPPORT[key]}",))
    if key == "drop-prone":
        return ActionResult(
            (movement_actions.drop_prone(token),), (f"{name} drops prone (no movement spent)",)
        )
    if key == "stand":
        cost = movement_actions.stand_cost(token.speed)
        return ActionResult(
            (movement_actions.stand(token),), (f"{name} stands up (costs {cost} ft of movement)",)
        )
    if key == "squeeze":
        line = "squeezes into a smaller space (moves cost double; disadvantage on attacks and Dex saves; "
        line += "attacks against it have advantage)"
        return ActionResult((movement_actions.start_squeezing(token),), (f"{name} {line}",))
    if key == "unsqueeze":
        return ActionResult((movement_actions.stop_squeezing(token),), (f"{name} stops squeezing",))
    if key == "hide":
        pair = [rng.randint(1, 20), rng.randint(1, 20)]
        result = stealth.hide(scene, token, pair, edition=edition)
        state = "hidden" if result.tokens[0].has_condition("hidden") else "not hidden"
        head = f"{name} tries to Hide (d20 {pair[0]}, {pair[1]}): {state}"
        return ActionResult(result.tokens, (head, *result.log()))
    if key == "seek":
        pair = [rng.randint(1, 20), rng.randint(1, 20)]
        result = stealth.search(scene, token, pair, edition=edition)
        found = ", ".join(t.label for t in result.tokens) or "nobody new"
        lines = result.log() or ["no hidden creature in range"]
        return ActionResult(
            result.tokens, (f"{name} Searches (d20 {pair[0]}, {pair[1]}): finds {found}", *lines)
        )
    if key in ("up", "down"):
        return change_elevation(token, key)
    if key == "fall":
        return _fall(system, token, rng)
    raise ValueError(f"unknown action {key!r} in D&D 5e")


def _fall(system: RuleSystem, token: Token, rng: DieSource) -> ActionResult:
    feet = token.elevation
    fell = movement_actions.fall(feet)
    rolled = dice.roll(fell.formula, rng) if fell.dice else None
    amount = rolled.total if rolled is not None else 0
    how = f"{fell.formula} rolled {amount}" if rolled is not None else "under 10 ft"
    landed = movement_actions.land(token, fell, amount)
    lines = [f"{token.label} falls {feet} ft: {amount} bludgeoning ({how})"]
    if amount and token.hp is not None:
        outcome, landed = system.damage(landed, [DamageEntry(amount, "bludgeoning")])
        lines.append(f"takes {outcome.total}: HP {outcome.hp}, {outcome.state}")
    if landed.has_condition("prone") and not token.has_condition("prone"):
        lines.append("lands prone")
    return ActionResult((landed,), tuple(lines))
