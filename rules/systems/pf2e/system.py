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
from rules.geometry.coords import Cell
from rules.messages import Message, msg
from rules.model.creature import Creature
from rules.model.grid_rules import PF2E_GRID
from rules.model.scene import Attack, PersistentDamage, Scene, TerrainCell, Token
from rules.systems import board
from rules.systems.aquatic import Aquatic
from rules.systems.base import (
    AttackOutcome,
    RuleSystem,
    TurnBudget,
    attack_distance,
    damage_formula_errors,
    require_hp,
)
from rules.systems.damage import DamageEntry, DamageOutcome
from rules.systems.hooks.footing import BalanceResult, FootingSave
from rules.systems.hooks.heroics import Reroll
from rules.systems.hooks.maneuvers import ManeuverResolution
from rules.systems.hooks.stealth import AidOutcome
from rules.systems.hooks.turns import EndTurnSave
from rules.systems.modifiers import Breakdown, Modifier
from rules.systems.pf2e import checks, dying, healing, heroics, maneuvers, persistent, stealth, table
from rules.systems.pf2e import damage as pf2e_damage
from rules.systems.pf2e import footing as pf2e_footing
from rules.systems.pf2e import skill_actions as pf2e_skill_actions
from rules.systems.pf2e import turn as pf2e_turn
from rules.systems.pf2e.casting import PF2E_CASTING
from rules.systems.pf2e.checks import CheckResult
from rules.systems.pf2e.conditions import SKILL_ABILITY
from rules.systems.pf2e.degrees import DEGREES, degree
from rules.systems.pf2e.economy import ECONOMY, Pf2eEconomy, turn_budget
from rules.systems.pf2e.strike import (
    MAX_RANGE_INCREMENTS,
    StrikeResult,
    deadly_dice,
    multiple_attack_penalty,
    range_increments,
    strike,
    with_situational,
)
from rules.systems.reactions import reaction_names
from rules.systems.roll_modes import Reason
from rules.systems.skill_actions import SkillActionOutcome
from rules.systems.stealth import StealthResult
from rules.systems.table import ActionResult, ActionSpec, CheckRow
from rules.systems.turn_rolls import TurnRolls

#: Advantage is a 5e rule: the answer to a GM who asks for it in PF2e.
NO_ADVANTAGE = "advantage and disadvantage are 5e rules; give PF2e a typed bonus or penalty"
#: Actions taken in place that trigger Reactive Strike: move actions and manipulate actions, ranged attacks.
TRIGGERING_ACTIONS: frozenset[str] = frozenset(
    {"stand", "drop-prone", "crawl", "interact", "ranged-attack", "manipulate", "move"}
)
#: The reactions a creature lists that movement triggers.
MOVE_REACTIONS: tuple[str, ...] = ("reactive strike", "attack of opportunity")


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
class Pathfinder2e(RuleSystem):
    """Pathfinder 2e: the flags and hooks of `rules.systems.hooks`, filled from this package's modules."""

    # ---- names and table defaults (`rules.systems.hooks.facts`)
    name = "pf2e"
    label = "PF2e"
    title = "Pathfinder 2e"
    grid = PF2E_GRID
    game = "pf2e"
    game_title = "Pathfinder 2e"
    demo_file = "demo-pf2e.json"
    initiative_text = str(msg("PF2e: initiative is a Perception check."))
    default_speed = 25
    fixed_options_note = "Pathfinder 2e always alternates 5/10-ft diagonals and always has flanking."
    sheet = table.SHEET
    has_death_saves = False
    damage_types = table.DAMAGE_TYPES
    bundled_spells = ""  # no PF2e spell list is bundled (the Foundry pf2e spells are import samples only)
    bundled_bestiary = ""  # no PF2e bestiary is bundled
    # ---- checks: degrees of success and typed situational bonuses; no advantage; no contests (an opposed
    # roll is a check against the other's DC); a passive value is the statistic's DC
    uses_degrees = True
    has_advantage = False
    has_contests = False
    passive_word = "DC"
    skill_abilities = SKILL_ABILITY
    # ---- attacks: one d20; off-guard when flanked; a hit deals at least 1; persistent damage
    attack_d20s = 1
    # ---- skill actions (`rules.systems.hooks.skill_actions`)
    skill_actions = pf2e_skill_actions.SPECS
    # ---- narrow surfaces and uneven ground (`rules.systems.hooks.footing`, `rules.systems.pf2e.footing`)
    balance_terrain = True

    def footing(self, scene: Scene, token: Token) -> TerrainCell | None:
        return pf2e_footing.footing(scene, token)

    def balance(self, token: Token, square: TerrainCell, d20: int) -> BalanceResult:
        return pf2e_footing.balance(token, square, d20)

    def keep_footing(self, token: Token, square: TerrainCell, d20: int) -> FootingSave:
        return pf2e_footing.keep_footing(token, square, d20)

    def resolve_skill_action(
        self,
        scene: Scene,
        actor: Token,
        target: Token | None,
        key: str,
        d20: int,
        *,
        dc: int | None = None,
        skill: str | None = None,
    ) -> SkillActionOutcome:
        return pf2e_skill_actions.resolve(scene, actor, target, key, d20, dc=dc, skill=skill)

    strike_word = "Strike"
    flanking_effect = str(msg("off-guard −2 AC"))
    minimum_damage = 1
    critical_doubles_total = True
    persistent_damage = True
    persistent_flat_dc = persistent.FLAT_DC
    magical_attacks = False
    melee_knock_out = False
    # ---- saves: basic saves; cover helps Reflex
    default_area_save = "reflex"
    default_dc = 20
    area_save_rule = str(
        msg("Basic save: critical success none, success half, failure full, critical failure double")
    )
    cover_save = "reflex"
    damage_save = ("basic_save", DEGREES)
    # ---- maneuvers
    maneuver_choices = table.MANEUVERS
    maneuver_actions = maneuvers.ACTIONS
    shove_choices = ("push",)
    # ---- helping and stealth: Aid and Point Out; Seek; Sneak while hidden
    support_actions = table.SUPPORT_ACTIONS
    has_sneak = True
    seek_verb = "Seeks"
    located_conditions = ("hidden",)
    # ---- casting: ranks, heightening, basic saves and spell attacks (`rules.systems.pf2e.casting`)
    casting = PF2E_CASTING
    # ---- reactions: Reactive Strike when leaving a square in reach or acting in it; Step provokes nothing
    move_reaction = "Reactive Strike"
    provoking_verb = "leaves a square in"
    disengage_stops_reactions = False
    action_triggers = TRIGGERING_ACTIONS
    has_step = True
    surprise_stops_first_turn = False
    # ---- Hero Points
    spending = heroics.SPENDING
    # ---- turns (`rules.play.turns`): Delay; what each act costs is the economy's (`economy`);
    # stunned N costs actions; a creature knocked out moves its initiative; no surprise roll
    has_delay = True
    stunned_costs_actions = True
    knock_out_moves_initiative = True
    surprise_disadvantage = False

    # ---- facts

    def default_reach(self, size: str) -> int:
        """A new creature's reach: Tiny creatures have 0 ft, others 5 ft."""
        return 0 if size == "tiny" else 5

    def condition_choices(self) -> tuple[tuple[str, bool], ...]:
        """The conditions a token can be given, as (name, valued)."""
        return table.condition_choices()

    def condition_names(self) -> frozenset[str]:
        """The conditions table with its older names (``flat-footed``), ``dead`` and the engine's marks."""
        return table.condition_names()

    def blank_creature(self) -> Creature:
        """A starting point for a new creature."""
        return table.blank_creature(self.name)

    def actions(self, token: Token) -> list[ActionSpec]:
        """The token menu's actions (`rules.systems.pf2e.table.actions`)."""
        return table.actions(token)

    def resolve_action(self, scene: Scene, token: Token, key: str, rng: DieSource) -> ActionResult:
        """Resolve one of `actions`; `ValueError` for an unknown key."""
        return table.resolve_action(self, scene, token, key, rng)

    def state_of(self, token: Token) -> str:
        return dying.state_of(token)

    # ---- checks

    def check_statistics(self, kind: str) -> tuple[str, ...]:
        """What a creature rolls for `kind` (``check``: Perception and the skills; ``save``: the saves)."""
        return table.statistics(kind)

    def statistic(self, token: Token, raw: str, field: str, *, saves_only: bool = False) -> str:
        return checks.statistic(token, raw, field, saves_only=saves_only)

    def stat_name(self, stat: str) -> str:
        return checks.stat_name(stat)

    def d20_check(
        self,
        token: Token,
        kind: str,
        stat: str,
        d20: Sequence[int],
        dc: int | None,
        *,
        bonuses: Sequence[Modifier] = (),
        reasons: Sequence[Reason] = (),
    ) -> CheckResult:
        """A check or save with ``d20[0]`` and the GM's typed `bonuses` against a DC; its degree of
        success. Advantage is no PF2e rule; a PF2e check needs a DC."""
        if reasons:
            raise ValueError(NO_ADVANTAGE)
        if dc is None:
            raise ValueError("a PF2e check needs a DC")
        if not d20:
            raise ValueError("roll the d20 first")
        return checks.check(token, stat, d20[0], dc, bonuses=bonuses)

    def passive(
        self, token: Token, stat: str, *, advantage: bool = False, disadvantage: bool = False
    ) -> CheckRow:
        """The statistic's DC."""
        return table.passive(token, stat)

    def group_summary(self, passed: int, rolled: int) -> tuple[str, bool]:
        """A group check lists each degree; the summary counts the successes."""
        return f"{passed} of {rolled} succeed", passed * 2 >= rolled

    def check(self, d20: int, modifier: int, dc: int) -> str:
        return degree(d20, modifier, dc)

    # ---- attacks

    def attack_penalty(self, attack_number: int, agile: bool) -> int:
        """The multiple attack penalty of the `attack_number`-th attack this turn (0 for the first)."""
        m = multiple_attack_penalty(attack_number, agile)
        return m.value if m is not None else 0

    def critical_damage(self, formula: Formula, attack: Attack) -> Formula:
        """A critical hit's damage formula: double damage (fatal and deadly included)."""
        return critical_formula(formula, attack)

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
        square = pf2e_footing.footing(scene, target)  # off-guard on a narrow surface or uneven ground
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
                footing=None if square is None else pf2e_footing.footing_words(square),
            )

    def flat_check_of(self, result: AttackOutcome) -> tuple[int, str] | None:
        if isinstance(result, StrikeResult) and result.flat_check is not None:
            return result.flat_check.dc, result.flat_check.reason
        return None

    def with_flat_check(self, result: AttackOutcome, d20: int) -> AttackOutcome:
        return result.with_flat(d20) if isinstance(result, StrikeResult) else result

    def flat_check_words(self, result: AttackOutcome) -> str | None:
        return result.flat_words() if isinstance(result, StrikeResult) else None

    def with_situational(
        self,
        scene: Scene,
        attacker: Token,
        target: Token,
        attack: Attack,
        result: AttackOutcome,
        *,
        bonuses: Sequence[Modifier] = (),
        reasons: Sequence[Reason] = (),
    ) -> StrikeResult:
        """The Strike with the GM's typed bonuses stacked in; advantage is no PF2e rule."""
        if reasons:
            raise ValueError(NO_ADVANTAGE)
        assert isinstance(result, StrikeResult)
        return with_situational(result, attack, bonuses)

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

    def split_persistent(
        self, formula: Formula, entries: Sequence[DamageEntry]
    ) -> tuple[tuple[DamageEntry, ...], tuple[PersistentDamage, ...]]:
        """The formula's persistent parts (``1d6 persistent fire``) are the target's persistent damage, their
        dice kept; the rest is dealt now."""
        _now, lasting = persistent.from_formula(formula)
        if not lasting:
            return tuple(entries), ()
        now = tuple(e for e in entries if not persistent.is_persistent_type(e.type))
        return now, tuple(lasting)

    def gain_persistent(self, token: Token, damage: Sequence[PersistentDamage]) -> tuple[Token, list[str]]:
        """Persistent damage of a type the creature already has doesn't stack: the higher stays."""
        given = persistent.add(token, damage)
        lines = [
            str(msg("{name} gains {damage}", name=token.label, damage=persistent.describe(p)))
            for p in given.persistent
            if p not in token.persistent
        ]
        return given, lines

    # ---- saves

    def save_condition_modifiers(self, token: Token, save: str) -> list[Modifier]:
        """The typed modifiers the creature's conditions put on `save`."""
        return table.save_condition_modifiers(token, save)

    def save_modifier(self, token: Token, save: str) -> int | None:
        """The token's listed save total (``saves``); None when it lists none."""
        try:
            return checks.base_modifier(token, save)
        except checks.MissingStatistic:
            return None

    def automatic_save_failures(self, token: Token, save: str) -> list[str]:
        return []

    def save_outcome(self, token: Token, save: str, d20: int, modifier: int, dc: int) -> str:
        """The degree of success (a natural 20 or 1 shifts it)."""
        return degree(d20, modifier, dc)

    # ---- maneuvers

    def maneuver_rolls(self, key: str, actor: str, target: str) -> tuple[tuple[str, str, int], ...]:
        """The dice maneuver `key` needs, as (key, words, sides)."""
        return table.maneuver_rolls(key, actor, target)

    def maneuver_dc(self, actor: Token, target: Token, action: str) -> Message | None:
        """The target's DC of the maneuver's defence (Fortitude for Grapple, Reflex for Trip …)."""
        rule = maneuvers.RULES.get(action)
        if rule is None:
            return None
        try:
            dc, _rows = checks.statistic_dc(target, rule.defence)
        except checks.MissingStatistic:
            return None
        if rule.defence == "fortitude":
            return msg("Fortitude DC {dc}", dc=dc)
        if rule.defence == "reflex":
            return msg("Reflex DC {dc}", dc=dc)
        return msg("Athletics DC {dc}", dc=dc)  # Escape: the grappler's Athletics DC

    def maneuver_problem(self, actor: Token, target: Token, action: str) -> str | None:
        return maneuvers.check_legal(actor, target, action)

    def maneuver(
        self,
        scene: Scene,
        actor: Token,
        target: Token,
        action: str,
        *,
        d20: Sequence[int] = (),
        target_d20: Sequence[int] = (),
        shove: str = "push",
        attack_number: int = 1,
        bonuses: Sequence[Modifier] = (),
    ) -> ManeuverResolution:
        """One d20 (`d20[0]`) against the target's DC; the attack trait's multiple attack penalty."""
        if len(d20) != 1:
            raise ValueError(f"a PF2e check takes one d20 ({actor.label}'s), got {len(d20)}")
        return maneuvers.resolve(
            scene, actor, target, action, d20[0], attack_number=attack_number, bonuses=tuple(bonuses)
        )

    # ---- helping and stealth

    def seek(self, scene: Scene, seeker: Token, d20: Sequence[int]) -> StealthResult:
        if len(d20) != 1:
            raise ValueError(f"a PF2e check takes one d20 (Perception), got {len(d20)}")
        return stealth.seek(scene, seeker, d20[0])

    def sneak_feet(self, token: Token) -> int:
        return stealth.sneak_feet(token)

    def sneak(self, scene: Scene, sneaker: Token, d20: int) -> StealthResult:
        return stealth.sneak(scene, sneaker, d20)

    def attack_reveals(self, attacker: Token) -> Token:
        """No longer hidden or undetected; an invisible attacker stays hidden."""
        was = attacker.has_condition("hidden") or attacker.has_condition("undetected")
        out = attacker.without_condition("hidden").without_condition("undetected")
        return out.with_condition("hidden") if was and attacker.has_condition("invisible") else out

    def point_out(self, pointer: Token, target: Token) -> Token:
        return stealth.point_out(pointer, target)

    def aid(
        self, helper: Token, skill: str, d20: int, dc: int, rank: str, *, modifier: int | None = None
    ) -> AidOutcome:
        """Aid: a check against the DC (usually 15); critical success +2 (+3 master, +4 legendary), success
        +1, critical failure −1 circumstance to the ally's next check or attack."""
        if modifier is not None:
            deg = degree(d20, modifier, dc)
            given = checks.aid_modifier(deg, rank)
            return AidOutcome(
                d20, Breakdown(()), d20 + modifier, dc, deg, None if given is None else given.value
            )
        result = checks.check(helper, skill, d20, dc)
        given = checks.aid_modifier(result.degree, rank)
        value = None if given is None else given.value
        return AidOutcome(d20, result.modifiers, result.total, dc, result.degree, value)

    # ---- reactions

    def reacts_to_moves(self, creature: Token) -> bool:
        """Only a creature that lists Reactive Strike (or the pre-remaster Attack of Opportunity)."""
        names = [name.lower() for name in reaction_names(creature)]
        return any(any(key in name for key in MOVE_REACTIONS) for name in names)

    def provokes(
        self,
        scene: Scene,
        reactor: Token,
        mover: Token,
        path: Sequence[Cell],
        inside: Sequence[bool],
        step: int,
    ) -> bool:
        """Leaving a square within the reactor's reach."""
        return inside[step]

    # ---- healing

    def max_hp(self, token: Token) -> int | None:
        return healing.max_hp(token)

    def speed(self, token: Token, mode: str = "walk") -> int:
        return healing.speed(token, mode)

    def healed(self, before: Token, after: Token, hp_before: int) -> tuple[Token, list[str]]:
        return healing.healed(before, after, hp_before)

    def lose_hp(self, token: Token, amount: int) -> Token:
        return healing.lose_hp(token, amount)

    # ---- Hero Points

    def can_reroll(self, token: Token) -> bool:
        return heroics.can_reroll(token)

    def can_avoid_death(self, token: Token) -> bool:
        return dying.can_avoid_death(token)

    def spend_reroll(self, token: Token, old_roll: int, new_roll: int) -> Reroll:
        return heroics.spend_reroll(token, old_roll, new_roll)

    def spend_advantage(self, token: Token) -> tuple[Token, Reason]:
        return heroics.spend_advantage(token)

    # ---- turns

    def band_text(self, band: int) -> str:
        """What reaching a square of movement band `band` takes: ``Stride 2``."""
        return str(msg("Stride {n}", n=band))

    def turn_start_roll(self, token: Token) -> str:
        """The roll the creature makes as its turn starts: a dying creature's recovery check."""
        return "recovery check" if dying.dying_value(token) > 0 and not dying.is_dead(token) else ""

    def turn_start_rule(self, token: Token) -> str:
        """The recovery check: a flat check against 10 + the dying value."""
        dc, value = dying.recovery_dc(token), dying.dying_value(token)
        return f"Recovery check: flat DC {dc} ({dying.RECOVERY_DC_BASE} + dying {value})"

    def turn_end_saves(self, token: Token) -> tuple[EndTurnSave, ...]:
        """A save against each ongoing affliction (`rules.systems.pf2e.afflictions`)."""
        from rules.systems.pf2e import afflictions

        return afflictions.end_turn_saves(token)

    def initiative_modifier(self, token: Token) -> int:
        """Perception (the token's ``initiative_bonus``; 0 when not given)."""
        return token.initiative_bonus or 0

    def initiative_tiebreak(self, token: Token) -> tuple[int, ...]:
        """On a tie the adversary goes first: creatures that aren't PCs before PCs."""
        return (1 if token.pc else 0,)

    def aquatic_attack(self, attacker: Token, target: Token, attack: Attack, distance: int) -> Aquatic:
        """Player Core 437 (`rules.systems.pf2e.aquatic`)."""
        from rules.systems.pf2e import aquatic

        return aquatic.attack(attacker, target, attack)

    def aquatic_resistant(self, token: Token) -> Token:
        from rules.systems.pf2e import aquatic

        return aquatic.resistant(token)

    def bloodied(self, token: Token) -> bool:
        """PF2e has no Bloodied rule."""
        return False

    @property
    def economy(self) -> Pf2eEconomy:
        """Three actions and a reaction, every action's cost (`rules.systems.pf2e.economy`)."""
        return ECONOMY

    def turn_budget(self, token: Token) -> TurnBudget:
        """3 actions and 1 reaction; quickened +1, slowed N / stunned N −N; none if it can't act
        (`rules.systems.pf2e.economy.turn_budget`)."""
        return turn_budget(token)

    def turn_started(self, token: Token, rolls: TurnRolls) -> tuple[Token, tuple[str, ...]]:
        """A dying creature attempts its recovery check (flat DC 10 + dying), or spends its Hero Points to
        avoid death (`rules.systems.pf2e.turn`)."""
        return pf2e_turn.start_of_turn(token, rolls)

    def turn_ended(
        self, token: Token, rolls: TurnRolls, *, negatives_done: bool = False
    ) -> tuple[Token, tuple[str, ...]]:
        """Persistent damage through IWR, its DC 15 flat check, then frightened −1
        (`rules.systems.pf2e.turn`); after a Delay only what hasn't happened yet."""
        return pf2e_turn.end_of_turn(token, rolls, negatives_done=negatives_done)


PF2E = Pathfinder2e()


def _label(scene: Scene, token_id: str) -> str:
    """A token's name for human text (its id when it has no name or is gone)."""
    token = scene.token(token_id)
    return token.label if token is not None else token_id
