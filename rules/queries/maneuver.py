"""The `maneuver` query (query-protocol.md "Queries for the turn"): PF2e grapple, shove, trip, disarm,
escape and tumble-through; 5e grapple, shove and escape (`RuleSystem.maneuver_actions`). Answers PF2e
``{"total", "dc", "degree", "effects", "modifiers"}`` and 5e ``{"success", "effects"}`` (the outcome the
system resolves, `RuleSystem.maneuver`); it changes nothing.

The dice the query needs are those the system's maneuver rolls (`RuleSystem.maneuver_rolls`): ``d20`` (the
actor's check; 5e 2024 grapple and shove roll none) and ``target_d20`` (5e: the target's contest roll or
save); each is one d20, or ``[first, second]`` where rolls have advantage. ``attack_number`` (the multiple
attack penalty) and typed ``bonuses`` count where the system has them; ``shove`` is one of
`RuleSystem.shove_choices`.

Errors: an unknown action or a target more than one size larger is ``bad value``; a target out of the
actor's reach ``out of reach`` (escape: the two must be within reach of one of them; tumble-through has no
reach); a statistic the rule needs and the token lacks ``missing field``.
"""

from __future__ import annotations

from typing import Any

from rules.errors import QueryError
from rules.geometry.reach import within_reach
from rules.model.scene import Scene, Token
from rules.queries import _fields as f
from rules.queries import query
from rules.queries.rolls import bonuses as situational
from rules.queries.rolls import missing, roll_dice
from rules.systems import system_for
from rules.systems.base import MissingStatistic


def _reach(scene: Scene, actor: Token, target: Token, action: str) -> None:
    if action == "tumble-through":
        return
    ok = within_reach(scene, actor, target, actor.reach)
    if action == "escape":
        ok = ok or within_reach(scene, target, actor, target.reach)
    if not ok:
        raise QueryError(
            "out of reach", f"{target.id} is not within {actor.id}'s reach of {actor.reach} ft for {action}"
        )


@query("maneuver")
def maneuver(scene: Scene, q: dict[str, Any]) -> dict[str, Any]:
    rules = system_for(scene)
    actor = f.token(scene, q, "actor")
    target = f.token(scene, q, "target")
    action = f.choice(q, "action", rules.maneuver_actions)
    if actor.id == target.id:
        raise QueryError("bad value", f"'actor' and 'target' are the same token {actor.id!r}")
    problem = rules.maneuver_problem(actor, target, action)
    needed = {key for key, _words, _sides in rules.maneuver_rolls(action, actor.id, target.id)}
    shoves = rules.shove_choices
    shove = f.choice(q, "shove", shoves, shoves[0]) if len(shoves) > 1 else shoves[0]
    d20 = roll_dice(scene, f.require(q, "d20")) if "d20" in needed else ()
    target_d20 = roll_dice(scene, f.require(q, "target_d20"), "target_d20") if "target_d20" in needed else ()
    attack_number = f.integer(q, "attack_number", 1, lo=1)
    extra = tuple(situational(q)) if rules.uses_degrees else ()
    _reach(scene, actor, target, action)
    if problem:
        raise QueryError("bad value", problem)
    try:
        out = rules.maneuver(
            scene,
            actor,
            target,
            action,
            d20=d20,
            target_d20=target_d20,
            shove=shove,
            attack_number=attack_number,
            bonuses=extra,
        )
    except MissingStatistic as exc:
        raise missing(exc) from None
    except ValueError as exc:
        raise QueryError("bad value", str(exc)) from None
    result: dict[str, Any] = out.outcome.to_json()
    return result
