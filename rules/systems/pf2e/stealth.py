"""PF2e stealth (Player Core "Hide", "Sneak", "Seek", "Point Out"; Stealth "Hide"/"Sneak" use the observers'
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
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.messages import msg
from rules.model.scene import Scene, Token
from rules.systems.modifiers import Modifier
from rules.systems.stealth import (
    SEEK_RANGE_FT,
    Observation,
    StealthResult,
    cover_degree,
    in_range,
    observers,
    visibility_of,
    with_state,
)

ORDER: tuple[str, ...] = ("observed", "concealed", "hidden", "undetected")
STEALTH_CONDITIONS: tuple[str, ...] = ("hidden", "undetected")


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
    return (
        None
        if value is None
        else Modifier("cover", "circumstance", value, str(msg("{degree} cover", degree=degree)))
    )


def hide(scene: Scene, hider: Token, d20: int) -> StealthResult:
    """PF2e Hide (see the module docstring): one Stealth roll against every hostile observer's Perception
    DC. Raises `rules.systems.pf2e.checks.MissingStatistic` when a Stealth or Perception is missing."""
    obs: list[Observation] = []
    for o in observers(scene, hider):
        before = visibility_of(scene, o, hider)
        dc = _pf2e_dc(o, "perception")
        bonus = _cover_bonus(cover_degree(scene, hider, o))
        total, deg = _pf2e_check(hider, "stealth", d20, dc, [bonus] if bonus else [])
        if before in ("hidden", "undetected"):
            obs.append(Observation(o.id, dc, total, deg, before, before, "already unseen"))
            continue
        if bonus is None and before != "concealed":
            obs.append(Observation(o.id, dc, total, deg, before, before, "no standard cover or concealment"))
            continue
        after = "hidden" if deg in ("success", "critical-success") else before
        obs.append(Observation(o.id, dc, total, deg, before, after))
    token = with_state(hider, [x.after for x in obs], ORDER, STEALTH_CONDITIONS) if obs else hider
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
    for o in observers(moved, sneaker):
        dc = _pf2e_dc(o, "perception")
        bonus = _cover_bonus(cover_degree(moved, sneaker, o))
        total, deg = _pf2e_check(sneaker, "stealth", d20, dc, [bonus] if bonus else [])
        after = {"critical-success": start, "success": start, "failure": "hidden"}.get(deg, "observed")
        note = ""
        if after != "observed" and bonus is None:
            bare = visibility_of(
                moved, o, sneaker.without_condition("hidden").without_condition("undetected")
            )
            if bare not in ("concealed", "hidden", "undetected"):
                after, note = "observed", "ends without cover or concealment"
        obs.append(Observation(o.id, dc, total, deg, start, after, note))
    token = with_state(sneaker, [x.after for x in obs], ORDER, STEALTH_CONDITIONS) if obs else sneaker
    return StealthResult(sneaker.id, "Sneak", tuple(obs), (token,))


def seek(scene: Scene, seeker: Token, d20: int, *, feet: int = SEEK_RANGE_FT) -> StealthResult:
    """PF2e Seek: one Perception roll against the Stealth DC of every hidden or undetected hostile creature
    within `feet` (30 ft by default)."""
    obs: list[Observation] = []
    found: list[Token] = []
    for t in observers(scene, seeker):
        state = next((c for c in ("undetected", "hidden") if t.has_condition(c)), None)
        if state is None or not in_range(scene, seeker, t, feet):
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
