"""The shared interface of the rule systems (`RuleSystem`) and the checks every system makes the same way
(`attack_distance`, `damage_formula_errors`, `require_hp`). The systems import it; `rules.systems` chooses
one by name."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from rules.dice import DiceSyntaxError, DieSource, Formula
from rules.errors import QueryError
from rules.model.creature import Creature
from rules.model.grid_rules import GridRules
from rules.model.scene import Attack, Scene, Token
from rules.systems import board
from rules.systems.casting import CastingRules
from rules.systems.damage import DamageEntry, DamageOutcome
from rules.systems.modifiers import Modifier
from rules.systems.table import ActionResult, ActionSpec, CheckRow, ContestOutcome, CreatureSheet


@dataclass(frozen=True, slots=True)
class TurnBudget:
    """What a creature gets at the start of its turn.

    `movement` is the feet it may move without spending an action (D&D 5e: its speed); None in PF2e,
    where each Stride or Step is an action.
    """

    actions: int
    reactions: int
    bonus_actions: int
    movement: int | None


@dataclass(frozen=True, slots=True)
class TurnEvent:
    """A token after start- or end-of-turn processing, with one log line per thing that happened."""

    token: Token
    log: tuple[str, ...] = ()


class AttackOutcome(Protocol):
    """What every system's attack answer offers, so views never branch on its concrete type."""

    @property
    def total(self) -> int: ...

    @property
    def ac(self) -> int: ...

    @property
    def hit(self) -> bool: ...

    @property
    def critical(self) -> bool: ...

    @property
    def natural(self) -> int:
        """The d20 the result used."""
        ...

    @property
    def word(self) -> str:
        """The outcome in words (``critical success``, ``hit``)."""
        ...

    @property
    def damage_formula(self) -> str | None: ...

    def explain(self) -> list[str]:
        """Rows saying where every number came from."""
        ...

    def to_json(self) -> dict[str, Any]: ...


class RuleSystem(Protocol):
    """One rule system. Every method is pure: tokens and scenes in, new values out."""

    @property
    def name(self) -> str: ...

    @property
    def has_delay(self) -> bool:
        """Turn economy: a creature may Delay (PF2e)."""
        ...

    @property
    def ready_actions(self) -> int:
        """Actions a Ready takes."""
        ...

    @property
    def attack_actions(self) -> int:
        """Actions one attack takes on the attacker's turn (PF2e a Strike: 1; 5e attacks are counted only)."""
        ...

    @property
    def strides(self) -> bool:
        """Movement is counted in Strides of one action each (PF2e), not feet then Dash (5e)."""
        ...

    @property
    def grid(self) -> GridRules:
        """How the system uses the grid (its defaults; a scene's options may vary them: `Scene.rules`)."""
        ...

    @property
    def label(self) -> str:
        """Short name for the window (``PF2e``, ``5e 2014``)."""
        ...

    @property
    def initiative_text(self) -> str:
        """What initiative is in this system, in a sentence."""
        ...

    @property
    def default_speed(self) -> int:
        """A new creature's Speed."""
        ...

    @property
    def default_area_save(self) -> str:
        """The save an area calls for until the GM sets one (``reflex``, ``dex``)."""
        ...

    @property
    def default_dc(self) -> int:
        """The DC offered for an area's save until the GM sets one."""
        ...

    @property
    def area_save_rule(self) -> str:
        """How an area's save changes its damage, in a sentence."""
        ...

    @property
    def attack_d20s(self) -> int:
        """d20s rolled for one attack (5e: two, for advantage and disadvantage)."""
        ...

    @property
    def flanking_effect(self) -> str:
        """What flanking does to the target, in words (``off-guard −2 AC``, ``advantage``)."""
        ...

    @property
    def fixed_options_note(self) -> str:
        """Why some scene options can't be changed in this system (empty when all can)."""
        ...

    @property
    def minimum_damage(self) -> int:
        """Damage of a hit is at least this (PF2e 1)."""
        ...

    @property
    def title(self) -> str:
        """The system's name for pickers (``Pathfinder 2e``, ``D&D 5e (2014)``)."""
        ...

    @property
    def game(self) -> str:
        """The game the system plays (``pf2e``, ``dnd5e``): systems of one game share creatures and demos."""
        ...

    @property
    def game_title(self) -> str:
        """The game's name for people (``D&D 5e``)."""
        ...

    @property
    def demo_file(self) -> str:
        """The file name of the game's bundled demo encounter (in ``assets/``)."""
        ...

    @property
    def uses_degrees(self) -> bool:
        """Checks have degrees of success and take typed situational bonuses (PF2e)."""
        ...

    @property
    def has_advantage(self) -> bool:
        """Rolls have advantage and disadvantage (two d20s)."""
        ...

    @property
    def has_contests(self) -> bool:
        """Two creatures' checks can be contested (5e)."""
        ...

    @property
    def passive_word(self) -> str:
        """What a passive value is called (``DC``, ``passive``)."""
        ...

    @property
    def sheet(self) -> CreatureSheet:
        """The fields a creature of this system has."""
        ...

    @property
    def save_names(self) -> tuple[str, ...]:
        """The saves (``fortitude``…, or the abilities)."""
        ...

    @property
    def maneuver_choices(self) -> tuple[tuple[str, str], ...]:
        """The token menu's maneuvers, in menu order: (key, label)."""
        ...

    @property
    def support_actions(self) -> tuple[str, ...]:
        """How a creature helps an ally (``aid``, ``point-out``; ``help``)."""
        ...

    @property
    def has_sneak(self) -> bool:
        """A hidden creature may Sneak (PF2e)."""
        ...

    @property
    def located_conditions(self) -> tuple[str, ...]:
        """Conditions of a creature the observers can't see but whose space they know (PF2e hidden: the
        player view marks the space with a "?"); a creature with another hiding condition vanishes."""
        ...

    @property
    def has_death_saves(self) -> bool:
        """A dying creature makes death saving throws counted as successes and failures (5e); PF2e counts
        the dying value instead."""
        ...

    @property
    def cover_save(self) -> str:
        """The save cover helps against (``reflex``, ``dex``)."""
        ...

    @property
    def bundled_spells(self) -> str:
        """The file name of the system's bundled spell list (in ``assets/``; empty: none is bundled)."""
        ...

    @property
    def bundled_bestiary(self) -> str:
        """The file name of the system's bundled bestiary (in ``assets/``; empty: none is bundled)."""
        ...

    @property
    def casting(self) -> CastingRules:
        """How the system casts spells and uses abilities (`rules.systems.casting`)."""
        ...

    def save_condition_modifiers(self, token: Token, save: str) -> list[Modifier]:
        """The modifiers the creature's conditions put on `save` (a canonical save name)."""
        ...

    def save_modifier(self, token: Token, save: str) -> int | None:
        """The creature's own modifier to `save` (a canonical save name) before conditions and cover, as the
        ``save`` query reads it; None when the creature has no value for it."""
        ...

    @property
    def stunned_costs_actions(self) -> bool:
        """Stunned N costs N actions at the start of a turn and drops by the actions lost (PF2e)."""
        ...

    @property
    def knock_out_moves_initiative(self) -> bool:
        """A creature dropped to 0 HP moves its initiative to just before the turn it happened in (PF2e)."""
        ...

    @property
    def surprise_disadvantage(self) -> bool:
        """A surprised creature rolls initiative with disadvantage (5e 2024)."""
        ...

    def turn_start_roll(self, token: Token) -> str:
        """The roll `token` must make as its turn starts (``recovery check``, ``death saving throw``), or
        ``""``."""
        ...

    @property
    def persistent_damage(self) -> bool:
        """A damage formula's persistent parts become the target's persistent damage (PF2e)."""
        ...

    @property
    def melee_knock_out(self) -> bool:
        """A melee attack may knock its target out instead of dropping it to 0 HP (5e 2024)."""
        ...

    def maneuver_rolls(self, key: str, actor: str, target: str) -> tuple[tuple[str, str, int], ...]:
        """The dice maneuver `key` needs, as (key, words for the roll, sides of the die)."""
        ...

    def check_statistics(self, kind: str) -> tuple[str, ...]:
        """What a creature rolls for `kind` (``check`` or ``save``)."""
        ...

    def roll_check(
        self,
        token: Token,
        kind: str,
        stat: str,
        d20: Sequence[int],
        dc: int,
        *,
        bonus: Modifier | None = None,
        advantage: bool = False,
        disadvantage: bool = False,
    ) -> CheckRow:
        """One creature's check or save against `dc` (a missing statistic gives a row without a total)."""
        ...

    def passive(
        self, token: Token, stat: str, *, advantage: bool = False, disadvantage: bool = False
    ) -> CheckRow:
        """The creature's passive value of `stat`."""
        ...

    def contest(
        self,
        a: Token,
        stat_a: str,
        d20_a: Sequence[int],
        b: Token,
        stat_b: str,
        d20_b: Sequence[int],
        *,
        advantage: bool = False,
        disadvantage: bool = False,
    ) -> ContestOutcome:
        """A contest of `a` against `b` (`has_contests`; otherwise an outcome without rows saying why)."""
        ...

    def group_summary(self, passed: int, rolled: int) -> tuple[str, bool]:
        """A group check's result in words, and whether the group succeeded."""
        ...

    def actions(self, token: Token) -> list[ActionSpec]:
        """The token menu's common actions `token` can take now, in menu order."""
        ...

    def resolve_action(self, scene: Scene, token: Token, key: str, rng: DieSource) -> ActionResult:
        """Resolve one of `actions`. Raises `ValueError` for an action the system doesn't have."""
        ...

    def condition_choices(self) -> tuple[tuple[str, bool], ...]:
        """The conditions a token can be given, as (name, valued), in the rules' order."""
        ...

    def condition_names(self) -> frozenset[str]:
        """Every condition name a token may carry in this system: `condition_choices`, their other
        spellings, and the marks the engine itself puts on tokens (``took-cover``, ``dodging`` …)."""
        ...

    @property
    def damage_types(self) -> tuple[str, ...]:
        """The system's damage types, for pickers (a persistent damage's type)."""
        ...

    def blank_creature(self) -> Creature:
        """A starting point for a new creature of this system."""
        ...

    def critical_damage(self, formula: Formula, attack: Attack) -> Formula:
        """The damage formula of a critical hit with `attack` whose normal damage is `formula`."""
        ...

    def default_reach(self, size: str) -> int:
        """A new creature's reach in feet by its size."""
        ...

    def band_text(self, band: int) -> str:
        """What reaching a square in movement band `band` takes (``Stride 2``, ``Dash``)."""
        ...

    def attack_penalty(self, attack_number: int, agile: bool) -> int:
        """The penalty of the `attack_number`-th attack this turn (PF2e MAP; 0 in systems without one)."""
        ...

    def attack(
        self,
        scene: Scene,
        attacker: Token,
        target: Token,
        attack: Attack,
        d20: Sequence[int],
        *,
        attack_number: int = 1,
        nonlethal: bool | None = None,
    ) -> AttackOutcome:
        """Resolve an attack with the facts of the board. PF2e uses ``d20[0]``; 5e ``[first, second]``.
        Raises `QueryError` (``out of reach``, ``out of range``, ``no line of effect``, ``total cover``,
        ``missing field``)."""
        ...

    def damage(
        self,
        target: Token,
        entries: Sequence[DamageEntry],
        *,
        critical: bool = False,
        nonlethal: bool = False,
        save: str | None = None,
        magical: bool = False,
    ) -> tuple[DamageOutcome, Token]:
        """Apply damage; `save` is a PF2e basic-save degree or a 5e ``success``/``failure``; `magical`: the
        damage comes from a magical attack (it gets past 5e resistance to nonmagical damage)."""
        ...

    @property
    def magical_attacks(self) -> bool:
        """An attack may be magical, which matters to resistances (5e: resistance to nonmagical damage)."""
        ...

    def check(self, d20: int, modifier: int, dc: int) -> str:
        """PF2e degree of success; D&D 5e raises `QueryError` (``bad value``)."""
        ...

    def initiative_modifier(self, token: Token) -> int: ...

    def initiative_tiebreak(self, token: Token) -> tuple[int, ...]:
        """Sort key among equal initiative results: smaller goes first."""
        ...

    def turn_budget(self, token: Token) -> TurnBudget: ...

    def start_of_turn(self, token: Token, rng: DieSource) -> TurnEvent: ...

    def end_of_turn(self, token: Token, rng: DieSource) -> TurnEvent: ...

    def state_of(self, token: Token) -> str: ...


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
                f"{attacker.id}'s {attack.name} reaches {reach} ft but {target.id} is {distance} ft away",
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
