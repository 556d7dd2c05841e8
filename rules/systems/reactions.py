"""Reactions to movement and actions: who may make a PF2e Reactive Strike or a D&D 5e opportunity attack.

PF2e (Player Core "Reactive Strike"; "Step"): the trigger is a creature within your reach using a move or
manipulate action, making a ranged attack, or leaving a square during a move action it is using. Only a
creature that lists Reactive Strike (or the pre-remaster Attack of Opportunity) and can act reacts. A Step
(「“ステップ”は“機会攻撃”のような、移動アクションやマスからの出入りをトリガーとするリアクションのトリガーと
ならない」) and forced movement (it is not the mover's action) never trigger it. Drop Prone, Stand and Crawl
are move actions: a reacting creature with the actor within reach may use it.

D&D 5e (2014 and 2024 PHB "Opportunity Attacks"): a hostile creature can make one when a creature **it can
see** leaves its reach using the mover's own movement, action or reaction. Not after Disengage
(``disengaged``), not for teleporting or forced movement (moved without spending the mover's movement,
action or reaction), and not from a creature that is blinded, incapacitated (or worse) or has used its
reaction. A mover that is invisible or hidden is unseen. Standing up or dropping prone leaves no reach.

Both systems: the reactor is on another side, not at 0 HP, and its reach is its longest melee reach,
measured like every reach (`rules.geometry.reach.within_reach`, elevation counted, so a flyer high above is
out of reach).

`movement_reactions` lists who may react to a move along a path (once each, at the first step that triggers
it); `action_reactions` who may react to a PF2e action taken in place. `is_single_step` says whether a path
is one legal PF2e Step, which the drag offers instead of a Stride.
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import dataclass, replace

from rules.geometry.coords import Cell
from rules.geometry.reach import melee_reach as longest_melee_reach
from rules.geometry.reach import within_reach
from rules.model.scene import CANNOT_ACT, Scene, Token
from rules.systems.board import can_see, hostile
from rules.systems.registry import system_for

#: How the mover moves: its own Stride / move (``stride``), a PF2e ``step``, ``forced`` movement (shoved,
#: pushed, falling) or ``teleport``.
MOVE_KINDS: tuple[str, ...] = ("stride", "step", "forced", "teleport")
#: Conditions under which a creature makes no reaction (PF2e can't act; 5e incapacitated or worse).
CANNOT_REACT: frozenset[str] = CANNOT_ACT | {"confused"}

#: 5e: a creature with one of these can't be seen by others.
UNSEEN: frozenset[str] = frozenset({"invisible", "hidden"})


@dataclass(frozen=True, slots=True)
class Reaction:
    """`token_id` may react to the mover at `path[step]` (a step from that cell) or, for an action in place,
    at step 0; `kind` is ``Reactive Strike`` or ``opportunity attack``."""

    step: int
    cell: Cell
    token_id: str
    kind: str
    text: str


def reaction_names(creature: Token) -> tuple[str, ...]:
    """The reactions `creature` lists (its ``reactions`` field, else ``extra["reactions"]``)."""
    if creature.reactions:
        return creature.reactions
    raw = creature.extra.get("reactions", [])
    return tuple(str(r) for r in raw) if isinstance(raw, list) else ()


def can_react(scene: Scene, creature: Token, reactions_used: Set[str] = frozenset()) -> bool:
    """Can `creature` use a reaction that movement triggers now? Not at 0 HP, not when it can't act
    (`CANNOT_REACT`), not when its reaction is spent (in `reactions_used`, or ``reaction-used`` on it), not
    while surprised where surprise stops it (5e 2014, `rules.systems.initiative`), and only when it has the
    reaction (`ReactionRules.reacts_to_moves`: in PF2e it must list Reactive Strike)."""
    if creature.id in reactions_used or creature.has_condition("reaction-used"):
        return False
    if creature.hp is not None and creature.hp <= 0:
        return False
    if creature.condition_names() & CANNOT_REACT:
        return False
    rules = system_for(scene)
    if rules.surprise_stops_first_turn and creature.has_condition("surprised"):
        return False
    return rules.reacts_to_moves(creature)


def threat_reach(creature: Token) -> int:
    """The longest melee reach of `creature` (its own reach when it lists no melee attack): the one
    reading, `rules.geometry.reach.melee_reach`."""
    longest = longest_melee_reach(creature)
    return creature.reach if longest is None else longest


def sees_mover(scene: Scene, reactor: Token, mover: Token) -> bool:
    """5e: the reactor can see the mover (not blinded; the mover not invisible or hidden; line of sight)."""
    if reactor.has_condition("blinded") or mover.condition_names() & UNSEEN:
        return False
    return can_see(scene, reactor, mover)


def _reactors(scene: Scene, mover: Token, reactions_used: Set[str]) -> tuple[Token, ...]:
    """The creatures hostile to `mover` that can react now (cached on the scene: a drag asks on every
    mouse move)."""
    used = frozenset(reactions_used)

    def build() -> tuple[Token, ...]:
        return tuple(
            o for o in scene.tokens if o.id != mover.id and hostile(mover, o) and can_react(scene, o, used)
        )

    result: tuple[Token, ...] = scene.cached(("reactions.reactors", mover.id, mover.side, used), build)
    return result


def movement_reactions(
    scene: Scene,
    mover: Token,
    path: Sequence[Cell],
    *,
    kind: str = "stride",
    reactions_used: Set[str] = frozenset(),
) -> tuple[Reaction, ...]:
    """Who may react to `mover` moving along `path` (its top-left cells, starting where it stands), sorted by
    step then id; once per creature, at the first step that triggers it (see the module docstring). A
    ``step``, ``forced`` or ``teleport`` move triggers nothing; neither does a 5e move after Disengage."""
    if kind not in MOVE_KINDS:
        raise ValueError(f"kind {kind!r} is not one of {', '.join(MOVE_KINDS)}")
    if len(path) < 2 or kind != "stride":
        return ()
    rules = system_for(scene)
    if rules.disengage_stops_reactions and mover.has_condition("disengaged"):
        return ()
    n = mover.side_squares
    x0, x1 = min(c.x for c in path), max(c.x for c in path) + n
    y0, y1 = min(c.y for c in path), max(c.y for c in path) + n
    found: list[Reaction] = []
    for other in _reactors(scene, mover, reactions_used):
        feet = threat_reach(other)
        r = feet // 5 + 1
        ox, oy, on = other.cell.x, other.cell.y, other.side_squares
        if ox - r > x1 or oy - r > y1 or ox + on + r < x0 or oy + on + r < y0:
            continue  # too far from every square of the path
        inside = [within_reach(scene, other, replace(mover, cell=c), feet) for c in path]
        for i in range(len(path) - 1):
            if rules.provokes(scene, other, mover, path, inside, i):
                what, verb = rules.move_reaction, rules.provoking_verb
                found.append(Reaction(i, path[i], other.id, what, f"{verb} {other.label}'s reach ({what})"))
                break
    found.sort(key=lambda r: (r.step, r.token_id))
    return tuple(found)


def action_reactions(
    scene: Scene, actor: Token, action: str, *, reactions_used: Set[str] = frozenset()
) -> tuple[Reaction, ...]:
    """Who may react when `actor` uses `action` in place (`ReactionRules.action_triggers`; PF2e ``stand``,
    ``drop-prone``, ``crawl``, ``interact``, ``manipulate``, ``ranged-attack``, ``move``): every reacting
    creature with the actor within its reach. Other actions, and 5e (whose opportunity attacks need the mover
    to leave reach), trigger nothing."""
    rules = system_for(scene)
    if action not in rules.action_triggers:
        return ()
    what = rules.move_reaction
    out = [
        Reaction(0, actor.cell, o.id, what, f"{action} within {o.label}'s reach ({what})")
        for o in _reactors(scene, actor, reactions_used)
        if within_reach(scene, o, actor, threat_reach(o))
    ]
    return tuple(sorted(out, key=lambda r: r.token_id))


def is_single_step(scene: Scene, mover: Token, path: Sequence[Cell], diagonals_before: int = 0) -> bool:
    """Is `path` one legal Step (`ReactionRules.has_step`, PF2e: a single 5-ft move, not into difficult
    terrain, not a diagonal that would cost 10 ft, with a Speed of at least 10 ft)? Always False in 5e."""
    if not system_for(scene).has_step or len(path) != 2 or mover.speed < 10:
        return False
    from rules.geometry.movement import path_cost

    start = replace(mover, cell=Cell(path[0].x, path[0].y))
    return path_cost(scene, start, list(path), diagonals_before, "step").legal


def reaction_used(token: Token) -> Token:
    """The token after it used its reaction (``reaction-used``, cleared at the start of its turn)."""
    return token.with_condition("reaction-used")


def start_of_turn(token: Token) -> Token:
    """A creature gets its reaction back at the start of its turn."""
    return token.without_condition("reaction-used")
