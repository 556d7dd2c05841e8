"""Stealth and senses, the values both systems share: Hide, Sneak, Seek, Point Out (PF2e), Hide and Search
(D&D 5e) answer a `StealthResult` of `Observation` values. Pure functions: scene and tokens in, results
and updated tokens out.

Conditions on a token are what the whole table sees (FiveFoot keeps one state per creature, not one per
observer): each action answers per observer, and the token's condition becomes the state that holds for
**every** hostile observer (the most visible one), so the GM never hides a creature that someone still sees.

The actions themselves are each system's (`rules.systems.pf2e.stealth`, `rules.systems.dnd5e.stealth`),
reached through `RuleSystem.seek`, `.sneak`, `.point_out` (`rules.systems.hooks.stealth`) and the token
menu's actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.model.scene import Scene, Token

SEEK_RANGE_FT = 30


@dataclass(frozen=True, slots=True)
class Observation:
    """One observer's side of a stealth action: the DC the roll met (or beat), the total, the degree (PF2e)
    or success (5e), and the state of the hider to that observer before and after. `note` explains when the
    action couldn't work against this observer (no cover or concealment)."""

    observer_id: str
    dc: int
    total: int
    outcome: str
    before: str
    after: str
    note: str = ""

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "observer": self.observer_id,
            "dc": self.dc,
            "total": self.total,
            "outcome": self.outcome,
            "before": self.before,
            "after": self.after,
        }
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True, slots=True)
class StealthResult:
    """A stealth action: who acted, what, the observations (one per observer or per creature sought) and the
    tokens it changes (the actor, or the creatures found)."""

    actor_id: str
    action: str
    observations: tuple[Observation, ...]
    tokens: tuple[Token, ...]

    def log(self) -> list[str]:
        return [
            f"{self.actor_id} {self.action} vs {o.observer_id}: {o.total} vs DC {o.dc} → {o.outcome}"
            f" ({o.before} → {o.after})" + (f"; {o.note}" if o.note else "")
            for o in self.observations
        ]


def observers(scene: Scene, actor: Token) -> list[Token]:
    """Hostile creatures that can perceive at all (not unconscious, dying, dead), sorted by id."""
    out = [
        t
        for t in scene.tokens
        if t.side != actor.side and not (t.condition_names() & {"unconscious", "dying", "dead"})
    ]
    return sorted(out, key=lambda t: t.id)


def worse(a: str, b: str, order: Sequence[str]) -> str:
    return a if order.index(a) >= order.index(b) else b


def visibility_of(scene: Scene, viewer: Token, target: Token) -> str:
    from rules.geometry.vision import visibility

    return visibility(scene, viewer, target)


def cover_degree(scene: Scene, hider: Token, observer: Token) -> str:
    from rules.geometry.cover import cover

    return cover(scene, hider, attacker=observer).degree


def with_state(token: Token, states: Sequence[str], order: Sequence[str], keep: Sequence[str]) -> Token:
    """The token with its stealth condition set to the least hidden of `states` (conditions in `keep`)."""
    for name in keep:
        token = token.without_condition(name)
    if not states:
        return token
    least = min(states, key=order.index)
    return token.with_condition(least) if least in keep else token


def in_range(scene: Scene, a: Token, b: Token, feet: int) -> bool:
    from rules.systems.board import distance

    return distance(scene, a, b) <= feet
