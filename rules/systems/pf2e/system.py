"""The PF2e `RuleSystem`: reads the board (distance, reach, cover, flanking) and applies the PF2e rules.

Attack boundary rules:

* A melee attack (``range_increment`` null) needs the target within reach: the creature's reach, +5 ft with
  the ``reach`` trait (`rules.systems.board.melee_reach`), measured by `rules.geometry.reach.within_reach`
  (10-ft reach reaches 2 squares diagonally). Otherwise ``out of reach``.
* A ranged attack beyond 6 range increments is ``out of range``. PF2e has no penalty for firing a ranged
  weapon at an adjacent creature.
* Cover ``blocked`` (no line of effect) is ``no line of effect``. Cover applies to melee and ranged attacks.
* Flanking makes the target off-guard only to the flanker's melee attacks.
* Reach is checked before range, range before line of effect.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules import dice
from rules.dice import BinOp, DamagePart, Dice, DieSource, Formula, Group, Number
from rules.errors import QueryError
from rules.model.creature import Creature
from rules.model.grid_rules import PF2E_GRID, GridRules
from rules.model.scene import CANNOT_ACT, Attack, Scene, Token
from rules.systems import board
from rules.systems.base import (
    TurnBudget,
    TurnEvent,
    attack_distance,
    damage_formula_errors,
    require_hp,
)
from rules.systems.casting import CastingRules
from rules.systems.damage import DamageEntry, DamageOutcome
from rules.systems.modifiers import Modifier
from rules.systems.pf2e import checks, dying, table
from rules.systems.pf2e import damage as pf2e_damage
from rules.systems.pf2e import turn as pf2e_turn
from rules.systems.pf2e.casting import PF2E_CASTING
from rules.systems.pf2e.degrees import DEGREES, degree
from rules.systems.pf2e.strike import (
    MAX_RANGE_INCREMENTS,
    StrikeResult,
    deadly_dice,
    multiple_attack_penalty,
    range_increments,
    strike,
)
from rules.systems.table import ActionResult, ActionSpec, CheckRow, ContestOutcome, CreatureSheet
from rules.systems.turn_rolls import TurnRolls

#: No actions at all (stunned takes its value in actions instead, `turn_budget`).
CAN_T_ACT = CANNOT_ACT - {"stunned", "incapacitated"}


def _visibility(scene: Scene, attacker: Token, target: Token) -> str:
    """How the attacker perceives the target (`rules.geometry.vision`), for the Strike's flat check."""
    from rules.geometry.vision import visibility

    return visibility(scene, attacker, target)


def critical_formula(formula: Formula, attack: Attack) -> Formula:
    """A PF2e critical hit's damage: each part doubled; fatal raises the weapon dice of the first part and
    adds one more die of that size; deadly adds its dice (`rules.attack_damage` tells the whole rule)."""
    weapon = dice.weapon_dice(formula)
    fatal = attack.trait_value("fatal")
    fatal_size = dice.parse_die_size(fatal) if fatal else None
    if fatal_size is not None and weapon is not None:
        size = weapon.sides
        formula = formula.map_dice(
            lambda d: Dice(d.count, fatal_size, d.keep) if d.sides == size else d, parts=[0]
        )
    parts: list[DamagePart] = []
    for i, p in enumerate(formula.parts):
        expr: dice.Node = BinOp("*", Group(p.expr), Number(2))
        if i == 0:
            deadly = attack.trait_value("deadly")
            if deadly:
                n = deadly_dice(weapon.count if weapon is not None else 1)
                expr = BinOp("+", expr, Dice(n, dice.parse_die_size(deadly)))
            if fatal_size is not None:
                expr = BinOp("+", expr, Dice(1, fatal_size))
        parts.append(DamagePart(expr, p.type))
    return Formula(tuple(parts), formula.source)


@dataclass(frozen=True, slots=True)
class Pathfinder2e:
    name: str = "pf2e"
    #: Turn economy (`rules.play.turns`): Delay exists; Ready takes 2 actions; a Strike takes 1 action.
    has_delay: bool = True
    ready_actions: int = 2
    attack_actions: int = 1
    #: How a move is counted: each Stride takes an action (`rules.play.planner.Budget`).
    strides: bool = True
    #: How the system uses the grid (`rules.model.grid_rules`; geometry reads it from `Scene.rules`).
    grid: GridRules = PF2E_GRID
    #: Short name for the window, and what initiative is.
    label: str = "PF2e"
    initiative_text: str = "PF2e: initiative is a Perception check."
    #: Table defaults: a new creature's Speed; an area's save and DC until the GM sets them; how an area
    #: save deals damage; one d20 per attack roll (5e rolls two); a hit deals at least 1 damage.
    default_speed: int = 25
    default_area_save: str = "reflex"
    default_dc: int = 20
    area_save_rule: str = (
        "Basic save: critical success none, success half, failure full, critical failure double"
    )
    attack_d20s: int = 1
    minimum_damage: int = 1
    #: What flanking does to the target, in words.
    flanking_effect: str = "off-guard −2 AC"
    #: Why some scene options can't be changed (empty when the table may choose them all).
    fixed_options_note: str = "Pathfinder 2e always alternates 5/10-ft diagonals and always has flanking."
    #: Names for pickers: the system's title, its game (systems of one game share creatures and demos)
    #: and the game's title; the bundled demo encounter of the game (in ``assets/``).
    title: str = "Pathfinder 2e"
    game: str = "pf2e"
    game_title: str = "Pathfinder 2e"
    demo_file: str = "demo-pf2e.json"
    #: Checks (`rules.systems.pf2e.table`): degrees of success and typed situational bonuses; no
    #: advantage; no contests (an opposed roll is a check against the other's DC); a passive value is the
    #: statistic's DC.
    uses_degrees: bool = True
    has_advantage: bool = False
    has_contests: bool = False
    passive_word: str = "DC"
    #: The token menu: maneuvers (key, label), helping an ally, and Sneak while hidden.
    maneuver_choices: tuple[tuple[str, str], ...] = table.MANEUVERS
    support_actions: tuple[str, ...] = table.SUPPORT_ACTIONS
    has_sneak: bool = True
    #: The player view: conditions whose creature is shown only as a "?" on its space (PF2e hidden: the
    #: observers know the space it's in), and whether a dying creature rolls death saves.
    located_conditions: tuple[str, ...] = ("hidden",)
    has_death_saves: bool = False
    #: The save cover helps against (an area from beyond the cover).
    cover_save: str = "reflex"
    #: Damage: a formula's persistent parts (``1d6 persistent fire``) become the target's persistent
    #: damage; there is no melee knock-out choice (nonlethal is an attack's trait).
    persistent_damage: bool = True
    damage_types: tuple[str, ...] = table.DAMAGE_TYPES
    magical_attacks: bool = False
    melee_knock_out: bool = False
    #: Turns (`rules.play.turns`): stunned N costs actions and drops by the actions lost; a creature
    #: knocked out moves its initiative to just before the turn it happened in; no surprise roll.
    stunned_costs_actions: bool = True
    knock_out_moves_initiative: bool = True
    surprise_disadvantage: bool = False
    #: The fields of a creature (the creature editor).
    sheet: CreatureSheet = table.SHEET

    def check_statistics(self, kind: str) -> tuple[str, ...]:
        """What a creature rolls for `kind` (``check``: Perception and the skills; ``save``: the saves)."""
        return table.statistics(kind)

    @property
    def save_names(self) -> tuple[str, ...]:
        return table.statistics("save")

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
        """A check or save with ``d20[0]`` and the GM's typed `bonus`; its degree of success."""
        return table.roll_check(token, stat, d20, dc, bonus)

    def passive(
        self, token: Token, stat: str, *, advantage: bool = False, disadvantage: bool = False
    ) -> CheckRow:
        """The statistic's DC."""
        return table.passive(token, stat)

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
        """PF2e has no contests."""
        return ContestOutcome((), None, "Pathfinder 2e has no contests: roll a check against the other's DC")

    def group_summary(self, passed: int, rolled: int) -> tuple[str, bool]:
        """A group check lists each degree; the summary counts the successes."""
        return f"{passed} of {rolled} succeed", passed * 2 >= rolled

    @property
    def bundled_spells(self) -> str:
        """No PF2e spell list is bundled (the Foundry pf2e spells are import samples only)."""
        return ""

    @property
    def bundled_bestiary(self) -> str:
        """No PF2e bestiary is bundled."""
        return ""

    @property
    def casting(self) -> CastingRules:
        """Ranks, heightening, basic saves and spell attacks (`rules.systems.pf2e.casting`)."""
        return PF2E_CASTING

    def save_condition_modifiers(self, token: Token, save: str) -> list[Modifier]:
        """The typed modifiers the creature's conditions put on `save`."""
        return table.save_condition_modifiers(token, save)

    def save_modifier(self, token: Token, save: str) -> int | None:
        """The token's listed save total (``saves``); None when it lists none."""
        try:
            return checks.base_modifier(token, save)
        except checks.MissingStatistic:
            return None

    def turn_start_roll(self, token: Token) -> str:
        """The roll the creature makes as its turn starts: a dying creature's recovery check."""
        return "recovery check" if dying.dying_value(token) > 0 and not dying.is_dead(token) else ""

    def maneuver_rolls(self, key: str, actor: str, target: str) -> tuple[tuple[str, str, int], ...]:
        """The dice maneuver `key` needs, as (key, words, sides)."""
        return table.maneuver_rolls(key, actor, target)

    def actions(self, token: Token) -> list[ActionSpec]:
        """The token menu's actions (`rules.systems.pf2e.table.actions`)."""
        return table.actions(token)

    def resolve_action(self, scene: Scene, token: Token, key: str, rng: DieSource) -> ActionResult:
        """Resolve one of `actions`; `ValueError` for an unknown key."""
        return table.resolve_action(self, scene, token, key, rng)

    def condition_choices(self) -> tuple[tuple[str, bool], ...]:
        """The conditions a token can be given, as (name, valued)."""
        return table.condition_choices()

    def condition_names(self) -> frozenset[str]:
        """The conditions table with its older names (``flat-footed``), ``dead`` and the engine's marks."""
        return table.condition_names()

    def blank_creature(self) -> Creature:
        """A starting point for a new creature."""
        return table.blank_creature(self.name)

    def critical_damage(self, formula: Formula, attack: Attack) -> Formula:
        """A critical hit's damage formula: double damage (fatal and deadly included)."""
        return critical_formula(formula, attack)

    def default_reach(self, size: str) -> int:
        """A new creature's reach: Tiny creatures have 0 ft, others 5 ft."""
        return 0 if size == "tiny" else 5

    def band_text(self, band: int) -> str:
        """What reaching a square of movement band `band` takes: ``Stride 2``."""
        return f"Stride {band}"

    def attack_penalty(self, attack_number: int, agile: bool) -> int:
        """The multiple attack penalty of the `attack_number`-th attack this turn (0 for the first)."""
        m = multiple_attack_penalty(attack_number, agile)
        return m.value if m is not None else 0

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
    ) -> StrikeResult:
        increment = attack.range_increment
        ranged = increment is not None
        distance = attack_distance(scene, attacker, target, attack, melee=not ranged)
        if increment is not None and range_increments(distance, increment) > MAX_RANGE_INCREMENTS:
            raise QueryError(
                "out of range",
                f"{target.id} is {distance} ft away, beyond {MAX_RANGE_INCREMENTS} range increments of "
                f"{attack.name} ({MAX_RANGE_INCREMENTS * increment} ft)",
            )
        cover = board.cover(scene, attacker, target).degree
        if cover == "blocked":
            raise QueryError("no line of effect", f"nothing can reach {target.id} from {attacker.id}")
        flanked_by: tuple[str, ...] | None = None
        if not ranged:
            flank = board.flanking(scene, attacker, target)
            if flank.flanking:  # the partners by name: the text is for people (the query's `with` keeps ids)
                flanked_by = tuple(_label(scene, i) for i in flank.with_ids)
        with damage_formula_errors(attacker, attack):
            return strike(
                attacker,
                target,
                attack,
                d20[0],
                attack_number=attack_number,
                distance=distance,
                cover=cover,
                flanked_by=flanked_by,
                nonlethal=nonlethal,
                visibility=_visibility(scene, attacker, target),
                seen_as=_visibility(scene, target, attacker),
            )

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
        """`magical` changes nothing in PF2e (its resistances have no nonmagical qualifier here)."""
        if save is not None and save not in DEGREES:
            raise QueryError("bad value", f"'basic_save' must be one of {', '.join(DEGREES)}, got {save!r}")
        require_hp(target)
        return pf2e_damage.damage(target, entries, basic_save=save, critical=critical, nonlethal=nonlethal)

    def check(self, d20: int, modifier: int, dc: int) -> str:
        return degree(d20, modifier, dc)

    def initiative_modifier(self, token: Token) -> int:
        """Perception (the token's ``initiative_bonus``; 0 when not given)."""
        return token.initiative_bonus or 0

    def initiative_tiebreak(self, token: Token) -> tuple[int, ...]:
        """On a tie the adversary goes first: creatures that aren't PCs before PCs."""
        return (1 if token.pc else 0,)

    def turn_budget(self, token: Token) -> TurnBudget:
        """3 actions and 1 reaction; quickened +1, slowed N / stunned N −N; none if it can't act."""
        if any(token.has_condition(c) for c in CAN_T_ACT):
            return TurnBudget(0, 0, 0, None)
        actions = 3 + (1 if token.has_condition("quickened") else 0)
        actions -= max(token.condition_value("slowed"), token.condition_value("stunned"))
        return TurnBudget(max(0, actions), 1, 0, None)

    def start_of_turn(self, token: Token, rng: DieSource) -> TurnEvent:
        """A dying creature attempts its recovery check (flat DC 10 + dying): `rules.systems.pf2e.turn`,
        the rules the encounter runs (`rules.systems.turn.at_moment`)."""
        after, lines = pf2e_turn.start_of_turn(token, TurnRolls(rng=rng))
        return TurnEvent(after, lines)

    def end_of_turn(self, token: Token, rng: DieSource) -> TurnEvent:
        """Persistent damage through IWR, its DC 15 flat check, then frightened −1
        (`rules.systems.pf2e.turn`)."""
        after, lines = pf2e_turn.end_of_turn(token, TurnRolls(rng=rng))
        return TurnEvent(after, lines)

    def state_of(self, token: Token) -> str:
        return dying.state_of(token)


PF2E = Pathfinder2e()


def _label(scene: Scene, token_id: str) -> str:
    """A token's name for human text (its id when it has no name or is gone)."""
    token = scene.token(token_id)
    return token.label if token is not None else token_id
