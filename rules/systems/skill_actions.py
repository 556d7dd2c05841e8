"""Skill actions as values every system shares: what the action bar and the token menu offer
(`SkillActionSpec`) and what one resolved (`SkillActionOutcome`). The rules are the system's
(`RuleSystem.skill_actions`, `RuleSystem.resolve_skill_action`, declared in
`rules.systems.hooks.skill_actions`; PF2e in `rules.systems.pf2e.skill_actions`); the play layer's
`rules.play.skill_actions.SkillAction` charges the cost, applies the outcome and logs it."""

from __future__ import annotations

from dataclasses import dataclass

from rules.model.effects import Ends
from rules.systems.hooks.checks import CheckOutcome

#: Who a skill action is aimed at: an ``enemy`` (one creature of another side), an ``ally`` (a creature of
#: its side or itself, to heal), ``creature`` (anyone else: Recall Knowledge), ``enemies`` (every observer
#: at once: Create a Diversion).
TARGETS: tuple[str, ...] = ("enemy", "ally", "creature", "enemies")


@dataclass(frozen=True, slots=True)
class SkillActionSpec:
    """One skill action: its `key`, its name, the `skill` rolled (``""``: the GM picks one, Recall
    Knowledge), the `actions` it takes (0 with `minutes`: an exploration activity such as Treat Wounds,
    10 minutes), its `target` (one of `TARGETS`), the farthest it reaches (`range_ft`; None: no limit) and
    the DCs the GM may choose from (`dc_choices`, the first the default; empty: the target's DC)."""

    key: str
    label: str
    skill: str
    actions: int = 1
    target: str = "enemy"
    range_ft: int | None = None
    minutes: int = 0
    dc_choices: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.target not in TARGETS:
            raise ValueError(f"a skill action targets one of {', '.join(TARGETS)}, not {self.target!r}")


@dataclass(frozen=True, slots=True)
class ConditionGiven:
    """A condition a skill action gives a creature (`token_id`), with its value and when it ends (None:
    until removed, or no encounter to count it)."""

    token_id: str
    name: str
    value: int | None = None
    ends: Ends | None = None
    #: Words for how long (``for 10 minutes``, ``until the end of Ayla's next turn``).
    lasts: str = ""


@dataclass(frozen=True, slots=True)
class SkillActionOutcome:
    """What a skill action did: the `check` (its rows for the dialog), its degree, the conditions it gives
    (`given`), the conditions it removes from the target (`removed`: Treat Wounds' wounded), the healing
    (`heal`: a formula such as ``2d8+10``) or damage (`damage`, Treat Wounds' critical failure) the target
    takes, the stealth states it sets (`tokens`: Create a Diversion's hidden creature) and the words."""

    key: str
    degree: str
    check: CheckOutcome
    dc: int
    lines: tuple[str, ...]
    given: tuple[ConditionGiven, ...] = ()
    removed: tuple[str, ...] = ()
    heal: str | None = None
    damage: str | None = None
    target_id: str | None = None
    tokens: tuple[object, ...] = ()
