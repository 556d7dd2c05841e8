"""Stealth and senses: Hide, Sneak, Seek, Point Out (PF2e), Hide and Search (D&D 5e), and what attacking
reveals. Pure functions: scene and tokens in, results and updated tokens out.

Conditions on a token are what the whole table sees (FiveFoot keeps one state per creature, not one per
observer): each action answers per observer, and the token's condition becomes the state that holds for
**every** hostile observer (the most visible one), so the GM never hides a creature that someone still sees.

PF2e (Player Core "Hide", "Sneak", "Seek", "Point Out"; Stealth "Hide"/"Sneak" use the observers'
Perception DCs, Seek uses the hiders' Stealth DCs; DCs and modifiers include conditions):

* **Hide**: only against an observer the creature has standard or greater cover from (+2 / +4 circumstance
  to the Stealth check; lesser cover isn't enough), or is concealed from. Success: hidden to that observer
  (if it was observed or concealed). Failure: nothing changes.
* **Sneak** (move up to half Speed, `sneak_feet`): the creature must start hidden or undetected. Success:
  it stays as it was (undetected stays undetected); failure: hidden; critical failure: observed. Ending the
  move without cover or concealment from an observer makes it observed to that one.
* **Seek** (30 ft): against each hidden or undetected creature in range: critical success → observed;
  success → undetected becomes hidden, hidden becomes observed; failure → nothing.
* **Point Out**: an undetected creature becomes hidden (to the pointer's allies).
* Attacking reveals: after an attack the attacker is no longer hidden or undetected; an invisible attacker
  is still hidden (its square is known).

D&D 5e:

* **Hide** (2014): a Dexterity (Stealth) check against each observer's passive Perception (**Ruling**: the
  passive score works as the DC, so a tie hides), possible only from an observer the creature has
  three-quarters or total cover from or is heavily obscured or unseen to. (2024): the same condition, a
  DC 15 check; on a success the creature has the Invisible condition while hidden (FiveFoot's ``hidden``
  condition gives the same advantage and disadvantage). The check's total is stored as ``hidden N``: the DC
  to find it.
* **Search**: a Wisdom (Perception) check against the hider's Stealth total (``hidden N``; without a value,
  10 + its Stealth) finds it (the ``hidden`` condition ends).
* Attacking reveals: a hidden creature's attack, hit or miss, gives its position away (``hidden`` ends;
  invisibility from a spell stays).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.model.scene import Scene, Token
from rules.systems.dnd5e.editions import Edition, edition
from rules.systems.modifiers import Modifier

PF2E_ORDER: tuple[str, ...] = ("observed", "concealed", "hidden", "undetected")
STEALTH_CONDITIONS_PF2E: tuple[str, ...] = ("hidden", "undetected")
SEEK_RANGE_FT = 30
HIDE_DC_2024 = 15


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


def _observers(scene: Scene, actor: Token) -> list[Token]:
    """Hostile creatures that can perceive at all (not unconscious, dying, dead), sorted by id."""
    out = [
        t
        for t in scene.tokens
        if t.side != actor.side and not (t.condition_names() & {"unconscious", "dying", "dead"})
    ]
    return sorted(out, key=lambda t: t.id)


def _worse(a: str, b: str, order: Sequence[str]) -> str:
    return a if order.index(a) >= order.index(b) else b


def _visibility(scene: Scene, viewer: Token, target: Token) -> str:
    from rules.geometry.vision import visibility

    return visibility(scene, viewer, target)


def _cover(scene: Scene, hider: Token, observer: Token) -> str:
    from rules.geometry.cover import cover

    return cover(scene, hider, attacker=observer).degree


def _with_state(token: Token, states: Sequence[str], order: Sequence[str], keep: Sequence[str]) -> Token:
    """The token with its stealth condition set to the least hidden of `states` (conditions in `keep`)."""
    for name in keep:
        token = token.without_condition(name)
    if not states:
        return token
    least = min(states, key=order.index)
    return token.with_condition(least) if least in keep else token


# ------------------------------------------------------------------------------------------------ PF2e


def _pf2e_check(
    token: Token, stat: str, d20: int, dc: int, bonuses: Sequence[Modifier] = ()
) -> tuple[int, str]:
    from rules.systems.pf2e.checks import check

    r = check(token, stat, d20, dc, bonuses=bonuses)
    return r.total, r.degree


def _pf2e_dc(token: Token, stat: str) -> int:
    from rules.systems.pf2e.checks import statistic_dc

    return statistic_dc(token, stat)[0]


def _cover_bonus(degree: str) -> Modifier | None:
    value = {"standard": 2, "greater": 4}.get(degree)
    return None if value is None else Modifier("cover", "circumstance", value, f"{degree} cover")


def hide(scene: Scene, hider: Token, d20: int) -> StealthResult:
    """PF2e Hide (see the module docstring): one Stealth roll against every hostile observer's Perception
    DC. Raises `rules.systems.pf2e.checks.MissingStatistic` when a Stealth or Perception is missing."""
    obs: list[Observation] = []
    for o in _observers(scene, hider):
        before = _visibility(scene, o, hider)
        dc = _pf2e_dc(o, "perception")
        cover_degree = _cover(scene, hider, o)
        bonus = _cover_bonus(cover_degree)
        total, deg = _pf2e_check(hider, "stealth", d20, dc, [bonus] if bonus else [])
        if before in ("hidden", "undetected"):
            obs.append(Observation(o.id, dc, total, deg, before, before, "already unseen"))
            continue
        if bonus is None and before != "concealed":
            obs.append(Observation(o.id, dc, total, deg, before, before, "no standard cover or concealment"))
            continue
        after = "hidden" if deg in ("success", "critical-success") else before
        obs.append(Observation(o.id, dc, total, deg, before, after))
    token = _with_state(hider, [x.after for x in obs], PF2E_ORDER, STEALTH_CONDITIONS_PF2E) if obs else hider
    return StealthResult(hider.id, "Hide", tuple(obs), (token,))


def sneak_feet(token: Token) -> int:
    """How far a Sneak moves: up to half the creature's Speed."""
    return token.speed // 2


def sneak(scene: Scene, sneaker: Token, d20: int) -> StealthResult:
    """PF2e Sneak, judged where `sneaker` ends its move (pass the token at its new cell). The sneaker must
    start hidden or undetected (its condition); raises `ValueError` otherwise."""
    start = next((c for c in ("undetected", "hidden") if sneaker.has_condition(c)), None)
    if start is None:
        raise ValueError(f"{sneaker.label} must be hidden or undetected to Sneak")
    moved = scene.replace_token(sneaker) if scene.token(sneaker.id) is not None else scene
    obs: list[Observation] = []
    for o in _observers(moved, sneaker):
        dc = _pf2e_dc(o, "perception")
        cover_degree = _cover(moved, sneaker, o)
        bonus = _cover_bonus(cover_degree)
        total, deg = _pf2e_check(sneaker, "stealth", d20, dc, [bonus] if bonus else [])
        after = {"critical-success": start, "success": start, "failure": "hidden"}.get(deg, "observed")
        note = ""
        if after != "observed" and bonus is None:
            bare = _visibility(moved, o, sneaker.without_condition("hidden").without_condition("undetected"))
            if bare not in ("concealed", "hidden", "undetected"):
                after, note = "observed", "ends without cover or concealment"
        obs.append(Observation(o.id, dc, total, deg, start, after, note))
    token = (
        _with_state(sneaker, [x.after for x in obs], PF2E_ORDER, STEALTH_CONDITIONS_PF2E) if obs else sneaker
    )
    return StealthResult(sneaker.id, "Sneak", tuple(obs), (token,))


def _in_range(scene: Scene, a: Token, b: Token, feet: int) -> bool:
    from rules.systems.board import distance

    return distance(scene, a, b) <= feet


def seek(scene: Scene, seeker: Token, d20: int, *, feet: int = SEEK_RANGE_FT) -> StealthResult:
    """PF2e Seek: one Perception roll against the Stealth DC of every hidden or undetected hostile creature
    within `feet` (30 ft by default)."""
    obs: list[Observation] = []
    found: list[Token] = []
    for t in _observers(scene, seeker):
        state = next((c for c in ("undetected", "hidden") if t.has_condition(c)), None)
        if state is None or not _in_range(scene, seeker, t, feet):
            continue
        dc = _pf2e_dc(t, "stealth")
        total, deg = _pf2e_check(seeker, "perception", d20, dc)
        if deg == "critical-success":
            after = "observed"
        elif deg == "success":
            after = "hidden" if state == "undetected" else "observed"
        else:
            after = state
        obs.append(Observation(t.id, dc, total, deg, state, after))
        if after != state:
            updated = t.without_condition("undetected").without_condition("hidden")
            found.append(updated.with_condition("hidden") if after == "hidden" else updated)
    return StealthResult(seeker.id, "Seek", tuple(obs), tuple(found))


def point_out(pointer: Token, target: Token) -> Token:
    """PF2e Point Out: an undetected creature becomes hidden (its square is known)."""
    if not target.has_condition("undetected"):
        return target
    return target.without_condition("undetected").with_condition("hidden")


def attack_reveals(system: str, attacker: Token) -> Token:
    """The attacker after it attacks (see the module docstring): PF2e no longer hidden or undetected (an
    invisible one stays hidden); 5e no longer hidden."""
    if system == "pf2e":
        was = attacker.has_condition("hidden") or attacker.has_condition("undetected")
        out = attacker.without_condition("hidden").without_condition("undetected")
        return out.with_condition("hidden") if was and attacker.has_condition("invisible") else out
    return attacker.without_condition("hidden")


def off_guard_to_unseen_attacker(scene: Scene, attacker: Token, target: Token) -> Modifier | None:
    """PF2e: a creature is off-guard (−2 circumstance AC) against an attacker hidden or undetected to it."""
    if not scene.is_pf2e:
        return None
    state = _visibility(scene, target, attacker)
    if state not in ("hidden", "undetected"):
        return None
    return Modifier("off-guard", "circumstance", -2, f"attacker {state} to the target")


# ------------------------------------------------------------------------------------------------ 5e


def _edition(scene: Scene) -> Edition:
    return edition(scene.system)


def _can_hide_from_5e(scene: Scene, hider: Token, observer: Token) -> bool:
    if _cover(scene, hider, observer) in ("three-quarters", "total"):
        return True
    bare = hider.without_condition("hidden")
    return _visibility(scene, observer, bare) in ("heavily-obscured", "unseen")


def hide_5e(scene: Scene, hider: Token, d20: int | Sequence[int]) -> StealthResult:
    """D&D 5e Hide (see the module docstring): 2014 against each observer's passive Perception, 2024 against
    DC 15; only possible while every hostile observer's view is blocked (three-quarters or total cover,
    heavily obscured or unseen). The result is ``hidden N`` (N: the Stealth total) or unchanged."""
    from rules.systems.dnd5e.checks import check, passive

    ed = _edition(scene)
    observers = _observers(scene, hider)
    obs: list[Observation] = []
    hidden_from_all = True
    total = 0
    for o in observers:
        dc = HIDE_DC_2024 if ed.year >= 2024 else passive(o, "perception", edition=ed)
        r = check(hider, "stealth", d20, dc, edition=ed)
        total = r.total
        before = "hidden" if hider.has_condition("hidden") else "seen"
        if not _can_hide_from_5e(scene, hider, o):
            obs.append(Observation(o.id, dc, r.total, "failure", before, "seen", "in clear view"))
            hidden_from_all = False
            continue
        after = "hidden" if r.success else "seen"
        hidden_from_all = hidden_from_all and r.success
        obs.append(Observation(o.id, dc, r.total, "success" if r.success else "failure", before, after))
    if not observers:
        r = check(hider, "stealth", d20, HIDE_DC_2024 if ed.year >= 2024 else None, edition=ed)
        total = r.total
        hidden_from_all = ed.year < 2024 or r.success
    token = (
        hider.with_condition("hidden", max(total, 1))
        if hidden_from_all
        else hider.without_condition("hidden")
    )
    return StealthResult(hider.id, "Hide", tuple(obs), (token,))


def search_5e(scene: Scene, searcher: Token, d20: int | Sequence[int]) -> StealthResult:
    """D&D 5e Search: a Wisdom (Perception) check against each hidden hostile creature's Stealth total
    (``hidden N``, else 10 + its Stealth); meeting it finds the creature (``hidden`` ends)."""
    from rules.systems.dnd5e.checks import check, check_modifier

    ed = _edition(scene)
    obs: list[Observation] = []
    found: list[Token] = []
    for t in _observers(scene, searcher):
        if not t.has_condition("hidden"):
            continue
        value = t.condition_value("hidden")
        has_value = any(c.split()[0].lower() == "hidden" and len(c.split()) > 1 for c in t.conditions)
        dc = value if has_value else 10 + check_modifier(t, "stealth")
        r = check(searcher, "perception", d20, dc, edition=ed)
        after = "seen" if r.success else "hidden"
        obs.append(Observation(t.id, dc, r.total, "success" if r.success else "failure", "hidden", after))
        if r.success:
            found.append(t.without_condition("hidden"))
    return StealthResult(searcher.id, "Search", tuple(obs), tuple(found))
