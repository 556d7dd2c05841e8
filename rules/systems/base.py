"""The shared interface of the rule systems (`RuleSystem`: the small protocols of `rules.systems.hooks`)
and the checks every system makes the same way (`attack_distance`, `damage_formula_errors`,
`require_hp`). The systems import it; `rules.systems.registry` finds one by name."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager

from rules.dice import DiceSyntaxError
from rules.errors import QueryError
from rules.messages import msg
from rules.model.scene import Attack, Scene, Token
from rules.systems import board
from rules.systems.casting import CastingRules
from rules.systems.hooks.attacks import AttackOutcome, AttackRules
from rules.systems.hooks.checks import CheckOutcome, CheckRules, MissingStatistic
from rules.systems.hooks.facts import SystemFacts
from rules.systems.hooks.footing import FootingRules
from rules.systems.hooks.healing import HealingRules
from rules.systems.hooks.heroics import HeroicRules
from rules.systems.hooks.maneuvers import ManeuverRules
from rules.systems.hooks.reactions import ReactionRules
from rules.systems.hooks.saves import SaveRules
from rules.systems.hooks.skill_actions import SkillActionRules
from rules.systems.hooks.stealth import StealthRules
from rules.systems.hooks.turns import TurnBudget, TurnEvent, TurnRules

__all__ = [
    "AttackOutcome",
    "CheckOutcome",
    "MissingStatistic",
    "RuleSystem",
    "TurnBudget",
    "TurnEvent",
    "attack_distance",
    "damage_formula_errors",
    "require_hp",
]


class RuleSystem(
    SystemFacts,
    CheckRules,
    AttackRules,
    SaveRules,
    ManeuverRules,
    StealthRules,
    ReactionRules,
    HealingRules,
    HeroicRules,
    TurnRules,
    SkillActionRules,
    FootingRules,
):
    """One rule system: every small protocol of `rules.systems.hooks` at once. Each flag and hook is
    declared once, in its protocol; a system (`rules.systems.pf2e.system`, `rules.systems.dnd5e.system`)
    sets the flags and overrides the hooks, and the core calls them without asking which system it is.
    Every hook is pure: tokens and scenes in, new values out."""

    @property
    @abstractmethod
    def casting(self) -> CastingRules:
        """How the system casts spells and uses abilities (`rules.systems.casting.CastingRules`, an object
        of the system's package: `rules.systems.pf2e.casting`, `rules.systems.dnd5e.casting`)."""


# ------------------------------------------------------------------------ checks every system makes


def attack_distance(scene: Scene, attacker: Token, target: Token, attack: Attack, *, melee: bool) -> int:
    """The first checks of every system's `RuleSystem.attack`, in this order: the target has an AC (else
    ``missing field``); a `melee` attack has the target within its reach (`board.melee_reach`, measured by
    `board.in_reach`; else ``out of reach``). Returns the distance in feet (`board.distance`)."""
    if target.ac is None:
        raise QueryError("missing field", f"token {target.id!r} has no 'ac'")
    distance = board.distance(scene, attacker, target)
    if melee:
        reach = board.melee_reach(attacker, attack)
        if not board.in_reach(scene, attacker, target, reach):
            raise QueryError(
                "out of reach",
                str(
                    msg(
                        "{attacker}'s {attack} reaches {reach} ft but {target} is {distance} ft away",
                        attacker=attacker.id,
                        attack=attack.name,
                        reach=reach,
                        target=target.id,
                        distance=distance,
                    )
                ),
            )
    return distance


@contextmanager
def damage_formula_errors(attacker: Token, attack: Attack) -> Iterator[None]:
    """Around the roll of `attack`: a bad damage formula becomes ``QueryError("bad value", …)``."""
    try:
        yield
    except DiceSyntaxError as exc:
        raise QueryError("bad value", f"{attacker.id}'s {attack.name} damage: {exc.short}") from None


def require_hp(target: Token) -> None:
    """Damage needs the target's HP: ``missing field`` when it has none."""
    if target.hp is None:
        raise QueryError("missing field", f"token {target.id!r} has no 'hp'")
