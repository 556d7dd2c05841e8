"""D&D 5e grapple, shove and escape, per edition, as an intent-ready `ManeuverOutcome`.

2014 (PHB "Grappling", "Shoving a Creature"): contests (`rules.systems.dnd5e.checks`):

* grapple / shove: the actor's Strength (Athletics) against the target's Strength (Athletics) or Dexterity
  (Acrobatics), the target's better one. The actor wins only with the higher total: a tie keeps things as
  they were, so the actor fails.
* escape: the grappled actor's Athletics or Acrobatics (its better one) against the grappler's Athletics.

2024 (Rules Glossary "Unarmed Strike" grapple / shove, "Grappled"):

* grapple / shove: no actor roll; the target makes a Strength or Dexterity save (its better one) against
  DC 8 + the actor's Strength modifier + proficiency bonus; it fails automatically when paralyzed, stunned,
  unconscious or petrified.
* escape: the actor's Athletics or Acrobatics check (its better one) against the grappler's escape DC,
  8 + the grappler's Strength modifier + proficiency bonus.

Grapple and shove need the target within the actor's reach and at most one size larger. Effects: grapple
``<target> grappled``; shove ``<target> pushed 5 ft`` (default) or ``<target> prone``; escape ``<actor>
released``; nothing on a failure. Conditions apply as to any check or save (advantage, disadvantage,
automatic failure, 2024 exhaustion).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.geometry.coords import SIZES
from rules.model.scene import Scene, Token
from rules.systems.dnd5e import checks
from rules.systems.dnd5e.checks import TestResult
from rules.systems.dnd5e.editions import Edition
from rules.systems.forced_movement import ForcedMove, push
from rules.systems.hooks.maneuvers import Change, ManeuverResolution
from rules.systems.modifiers import signed

ACTIONS: tuple[str, ...] = ("grapple", "shove", "escape")
SHOVES: tuple[str, ...] = ("push", "prone")


@dataclass(frozen=True, slots=True)
class ManeuverOutcome:
    action: str
    actor_id: str
    target_id: str
    success: bool
    actor_roll: TestResult | None
    target_roll: TestResult | None
    dc: int | None
    changes: tuple[Change, ...] = ()
    push: ForcedMove | None = None
    push_feet: int = 0
    effects: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"success": self.success, "effects": list(self.effects)}


def size_gap(actor: Token, target: Token) -> int:
    return SIZES.index(target.size) - SIZES.index(actor.size)


def check_legal(actor: Token, target: Token, action: str) -> str | None:
    """Why the actor can't attempt `action` (None when it can): grapple and shove reach one size up."""
    if action in ("grapple", "shove") and size_gap(actor, target) > 1:
        return f"{target.id} ({target.size}) is more than one size larger than {actor.id} ({actor.size})"
    return None


def unarmed_dc(token: Token) -> int:
    """2024 Unarmed Strike save DC and escape DC: 8 + Strength modifier + proficiency bonus. Raises
    `checks.MissingStatistic`."""
    if token.proficiency_bonus is None:
        raise checks.MissingStatistic(token.id, "proficiency_bonus", "proficiency_bonus")
    return 8 + checks.ability_mod(token, "str") + token.proficiency_bonus


def _best_check(
    token: Token, stats: Sequence[str], d20: int | Sequence[int], dc: int | None, edition: Edition
) -> TestResult:
    """The test with the better modifier among `stats` (the first on a tie)."""
    results = [checks.check(token, s, d20, dc, edition=edition) for s in stats]
    return max(results, key=lambda r: r.modifier + r.penalty)


def _best_save(token: Token, d20: int | Sequence[int], dc: int, edition: Edition) -> TestResult:
    """The better of the Strength and Dexterity saves: one that doesn't fail automatically, then the higher
    modifier."""
    results = [checks.save(token, a, d20, dc, edition=edition) for a in ("str", "dex")]
    return max(results, key=lambda r: (not r.automatic_failures, r.modifier))


def _effects(action: str, actor: Token, target: Token, shove: str) -> tuple[list[Change], int, list[str]]:
    if action == "grapple":
        return [Change(target.id, "grappled")], 0, [f"{target.id} grappled"]
    if action == "shove":
        if shove == "prone":
            return [Change(target.id, "prone")], 0, [f"{target.id} prone"]
        return [], 5, [f"{target.id} pushed 5 ft"]
    return [Change(actor.id, "grappled", add=False)], 0, [f"{actor.id} released"]


def maneuver(
    actor: Token,
    target: Token,
    action: str,
    *,
    edition: Edition,
    d20: int | Sequence[int] | None,
    target_d20: int | Sequence[int] | None,
    shove: str = "push",
    scene: Scene | None = None,
) -> ManeuverOutcome:
    """Resolve `action` (see the module docstring). `d20` is the actor's roll (unused for a 2024 grapple or
    shove), `target_d20` the target's contest roll (2014) or save (2024 grapple/shove; unused for a 2024
    escape). Raises `ValueError` for a missing roll, `checks.MissingStatistic` for a missing statistic."""
    if action not in ACTIONS:
        raise ValueError(f"5e maneuvers are {', '.join(ACTIONS)}, not {action!r}")
    if shove not in SHOVES:
        raise ValueError(f"a shove is {' or '.join(SHOVES)}, not {shove!r}")
    actor_roll: TestResult | None = None
    target_roll: TestResult | None = None
    dc: int | None = None
    if edition.year >= 2024 and action in ("grapple", "shove"):
        if target_d20 is None:
            raise ValueError("a 2024 grapple or shove needs the target's save (target_d20)")
        dc = unarmed_dc(actor)
        target_roll = _best_save(target, target_d20, dc, edition)
        success = not target_roll.success
    elif edition.year >= 2024:  # escape
        if d20 is None:
            raise ValueError("an escape needs the actor's roll (d20)")
        dc = unarmed_dc(target)
        actor_roll = _best_check(actor, ("athletics", "acrobatics"), d20, dc, edition)
        success = actor_roll.success
    else:
        if d20 is None or target_d20 is None:
            raise ValueError("a 2014 contest needs both rolls (d20 and target_d20)")
        if action == "escape":
            actor_roll = _best_check(actor, ("athletics", "acrobatics"), d20, None, edition)
            target_roll = checks.check(target, "athletics", target_d20, None, edition=edition)
        else:
            actor_roll = checks.check(actor, "athletics", d20, None, edition=edition)
            target_roll = _best_check(target, ("athletics", "acrobatics"), target_d20, None, edition)
        success = checks.contest(actor_roll, target_roll).winner == "a"
    changes: list[Change] = []
    push_feet = 0
    phrases: list[str] = []
    if success:
        changes, push_feet, phrases = _effects(action, actor, target, shove)
    pushed = push(scene, actor, target, push_feet) if scene is not None and push_feet else None
    return ManeuverOutcome(
        action=action,
        actor_id=actor.id,
        target_id=target.id,
        success=success,
        actor_roll=actor_roll,
        target_roll=target_roll,
        dc=dc,
        changes=tuple(changes),
        push=pushed,
        push_feet=push_feet,
        effects=tuple(phrases),
    )


def _test_rows(result: TestResult, names: dict[str, str], what: str) -> list[str]:
    """A test as rows: the dice (and why two), the modifier, the total (and the DC)."""
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


def resolve(
    scene: Scene,
    actor: Token,
    target: Token,
    action: str,
    *,
    edition: Edition,
    d20: int | Sequence[int] | None,
    target_d20: int | Sequence[int] | None,
    shove: str = "push",
) -> ManeuverResolution:
    """`maneuver` in the terms every system's maneuver answers (`ManeuverResolution`): each side's roll
    as rows (creatures by their labels), the DC, the contest, success or failure, the conditions and the
    push; grapple and shove replace an attack of the Attack action, an escape takes the action."""
    out = maneuver(
        actor, target, action, edition=edition, d20=d20, target_d20=target_d20, shove=shove, scene=scene
    )
    names = {t.id: t.label for t in scene.tokens}
    rows: list[str] = []
    if out.actor_roll is not None:
        rows += _test_rows(out.actor_roll, names, "rolls")
    if out.target_roll is not None:
        rows += _test_rows(out.target_roll, names, "saves" if out.target_roll.kind == "save" else "rolls")
    if out.dc is not None:
        who = actor if action != "escape" else target
        rows.append(f"DC {out.dc} (8 + {who.label}'s Strength modifier + proficiency bonus)")
    if out.actor_roll is not None and out.target_roll is not None:
        a, t = out.actor_roll.total, out.target_roll.total
        rows.append(f"contest {a} vs {t}" + (" (a tie: nothing changes)" if a == t else ""))
    what = {"grapple": "Grapple", "escape": "Escape"}.get(action) or (
        f"Shove ({'knock prone' if shove == 'prone' else 'push'})"
    )
    return ManeuverResolution(
        title=f"{actor.label} tries to {what} {target.label}",
        rows=tuple(rows),
        result="success" if out.success else "failure",
        success=out.success,
        changes=out.changes,
        push=out.push,
        push_feet=out.push_feet,
        attack=action != "escape",
        actions=1,
        outcome=out,
    )
