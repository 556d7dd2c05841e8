"""The `maneuver` query (query-protocol.md "Queries for the turn"): PF2e grapple, shove, trip, disarm,
escape and tumble-through; 5e grapple, shove and escape. Answers PF2e ``{"total", "dc", "degree",
"effects", "modifiers"}`` and 5e ``{"success", "effects"}``; it changes nothing (the outcome objects in
`rules.systems.pf2e.maneuvers` / `rules.systems.dnd5e.maneuvers` carry the changes for the app).

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
from rules.queries.rolls import dnd_d20, missing, pf2e_d20
from rules.systems import system_for
from rules.systems.dnd5e import checks as dnd_checks
from rules.systems.dnd5e import maneuvers as dnd
from rules.systems.dnd5e.editions import edition as edition_named
from rules.systems.pf2e import checks as pf2e_checks
from rules.systems.pf2e import maneuvers as pf2e


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
    actor = f.token(scene, q, "actor")
    target = f.token(scene, q, "target")
    degrees = system_for(scene).uses_degrees  # PF2e maneuvers are checks with degrees; 5e contests or saves
    actions = pf2e.ACTIONS if degrees else dnd.ACTIONS
    action = f.choice(q, "action", actions)
    if actor.id == target.id:
        raise QueryError("bad value", f"'actor' and 'target' are the same token {actor.id!r}")
    problem = pf2e.check_legal(actor, target, action) if degrees else dnd.check_legal(actor, target, action)
    if degrees:
        roll = pf2e_d20(f.require(q, "d20"))
        attack_number = f.integer(q, "attack_number", 1, lo=1)
        extra = tuple(situational(q))
        _reach(scene, actor, target, action)
        if problem:
            raise QueryError("bad value", problem)
        try:
            out = pf2e.maneuver(actor, target, action, roll, attack_number=attack_number, bonuses=extra)
        except pf2e_checks.MissingStatistic as exc:
            raise missing(exc) from None
        return out.to_json()
    ed = edition_named(scene.system)
    shove = f.choice(q, "shove", dnd.SHOVES, "push")
    unarmed_2024 = ed.year >= 2024 and action in ("grapple", "shove")
    d20 = None if unarmed_2024 else dnd_d20(f.require(q, "d20"))
    needs_target_roll = not (ed.year >= 2024 and action == "escape")
    target_d20 = dnd_d20(f.require(q, "target_d20"), "target_d20") if needs_target_roll else None
    _reach(scene, actor, target, action)
    if problem:
        raise QueryError("bad value", problem)
    try:
        result = dnd.maneuver(actor, target, action, edition=ed, d20=d20, target_d20=target_d20, shove=shove)
    except dnd_checks.MissingStatistic as exc:
        raise missing(exc) from None
    return result.to_json()
