"""D&D 5e stealth (the shared values are `rules.systems.stealth`'s):

* **Hide** (2014): a Dexterity (Stealth) check against each observer's passive Perception (**Ruling**: the
  passive score works as the DC, so a tie hides), possible only from an observer the creature has
  three-quarters or total cover from or is heavily obscured or unseen to. (2024): the same condition, a
  DC 15 check; on a success the creature has the Invisible condition while hidden (FiveFoot's ``hidden``
  condition gives the same advantage and disadvantage). The check's total is stored as ``hidden N``: the DC
  to find it.
* **Search**: a Wisdom (Perception) check against the hider's Stealth total (``hidden N``; without a value,
  10 + its Stealth) finds it (the ``hidden`` condition ends).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.model.scene import Scene, Token
from rules.systems.dnd5e.editions import Edition
from rules.systems.stealth import Observation, StealthResult, cover_degree, observers, visibility_of

HIDE_DC_2024 = 15


def _can_hide_from(scene: Scene, hider: Token, observer: Token) -> bool:
    if cover_degree(scene, hider, observer) in ("three-quarters", "total"):
        return True
    bare = hider.without_condition("hidden")
    return visibility_of(scene, observer, bare) in ("heavily-obscured", "unseen")


def hide(scene: Scene, hider: Token, d20: int | Sequence[int], *, edition: Edition) -> StealthResult:
    """D&D 5e Hide (see the module docstring): 2014 against each observer's passive Perception, 2024 against
    DC 15; only possible while every hostile observer's view is blocked (three-quarters or total cover,
    heavily obscured or unseen). The result is ``hidden N`` (N: the Stealth total) or unchanged."""
    from rules.systems.dnd5e.checks import check, passive

    ed = edition
    watchers = observers(scene, hider)
    obs: list[Observation] = []
    hidden_from_all = True
    total = 0
    for o in watchers:
        dc = HIDE_DC_2024 if ed.year >= 2024 else passive(o, "perception", edition=ed)
        r = check(hider, "stealth", d20, dc, edition=ed)
        total = r.total
        before = "hidden" if hider.has_condition("hidden") else "seen"
        if not _can_hide_from(scene, hider, o):
            obs.append(Observation(o.id, dc, r.total, "failure", before, "seen", "in clear view"))
            hidden_from_all = False
            continue
        after = "hidden" if r.success else "seen"
        hidden_from_all = hidden_from_all and r.success
        obs.append(Observation(o.id, dc, r.total, "success" if r.success else "failure", before, after))
    if not watchers:
        r = check(hider, "stealth", d20, HIDE_DC_2024 if ed.year >= 2024 else None, edition=ed)
        total = r.total
        hidden_from_all = ed.year < 2024 or r.success
    token = (
        hider.with_condition("hidden", max(total, 1))
        if hidden_from_all
        else hider.without_condition("hidden")
    )
    return StealthResult(hider.id, "Hide", tuple(obs), (token,))


def search(scene: Scene, searcher: Token, d20: int | Sequence[int], *, edition: Edition) -> StealthResult:
    """D&D 5e Search: a Wisdom (Perception) check against each hidden hostile creature's Stealth total
    (``hidden N``, else 10 + its Stealth); meeting it finds the creature (``hidden`` ends)."""
    from rules.systems.dnd5e.checks import check, check_modifier

    ed = edition
    obs: list[Observation] = []
    found: list[Token] = []
    for t in observers(scene, searcher):
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
