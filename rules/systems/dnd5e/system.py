"""The D&D 5e `RuleSystem` (one instance per edition): reads the board and applies the 5e rules.

Attack boundary rules:

* A melee attack (no ``range``) needs the target within reach: the creature's reach, +5 ft with the
  ``reach`` property, in the scene's diagonal count. Otherwise ``out of reach``.
* A ranged attack beyond its long range is ``out of range``; beyond its normal range it has disadvantage.
* Total cover is ``total cover``; half and three-quarters cover add +2 / +5 to the AC.
* Board sources of advantage/disadvantage: flanking (only with the scene option ``flanking``, melee
  attacks); a ranged attack with a hostile creature within 5 ft of the attacker that can see it and isn't
  incapacitated (disadvantage); long range (disadvantage). Condition sources: `rules.systems.dnd5e.advantage`.
* Reach is checked before range, range before cover.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.dice import DieSource, Formula, double_dice
from rules.errors import QueryError
from rules.geometry.coords import Cell
from rules.messages import Message, msg
from rules.model.creature import Creature
from rules.model.grid_rules import SYSTEM_GRIDS, GridRules
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
from rules.systems.casting import CastingRules
from rules.systems.damage import DamageEntry, DamageOutcome
from rules.systems.dnd5e import checks, healing, heroics, maneuvers, stealth, table
from rules.systems.dnd5e import damage as dnd_damage
from rules.systems.dnd5e import turn as dnd_turn
from rules.systems.dnd5e.advantage import ADVANTAGE, DISADVANTAGE, Reason, condition_reasons
from rules.systems.dnd5e.attack import AttackResult, attack_roll, with_extra_reasons
from rules.systems.dnd5e.casting import DnD5eCasting
from rules.systems.dnd5e.checks import TestResult
from rules.systems.dnd5e.economy import ECONOMY_2014, ECONOMY_2024, DnD5eEconomy, turn_budget
from rules.systems.dnd5e.editions import DND5E_2014, DND5E_2024, Edition
from rules.systems.hooks.footing import BalanceResult, FootingSave
from rules.systems.hooks.heroics import Reroll, Spending
from rules.systems.hooks.maneuvers import ManeuverResolution
from rules.systems.hooks.stealth import AidOutcome
from rules.systems.hooks.turns import EndTurnSave
from rules.systems.modifiers import Modifier
from rules.systems.stealth import StealthResult
from rules.systems.support_actions import dodge_applies
from rules.systems.table import ActionResult, ActionSpec, CheckRow
from rules.systems.turn_rolls import TurnRolls

INCAPACITATED = board.INCAPACITATING_5E


def incapacitated(token: Token) -> bool:
    return any(token.has_condition(c) for c in INCAPACITATED) or (token.hp is not None and token.hp <= 0)


def sight_reasons(scene: Scene, attacker: Token, target: Token) -> list[Reason]:
    """Unseen target / unseen attacker from light and senses (`rules.geometry.vision`): a creature that is
    heavily obscured to the other (darkness without darkvision, a heavily obscured area) can't be seen
    (PHB: effectively blinded when seeing into it). Unseen because of a condition (blinded, invisible,
    hidden) is the conditions table's reason and is not repeated here."""
    from rules.geometry.vision import visibility

    out: list[Reason] = []
    unseen = ("invisible", "hidden")
    if not (attacker.has_condition("blinded") or any(target.has_condition(c) for c in unseen)):
        state = visibility(scene, attacker, target)
        if state in ("heavily-obscured", "unseen"):
            why = f"target is {state.replace('-', ' ')} to the attacker (unseen target)"
            out.append(Reason(DISADVANTAGE, why))
    if not (target.has_condition("blinded") or any(attacker.has_condition(c) for c in unseen)):
        state = visibility(scene, target, attacker)
        if state in ("heavily-obscured", "unseen"):
            why = f"attacker is {state.replace('-', ' ')} to the target (unseen attacker)"
            out.append(Reason(ADVANTAGE, why))
    return out


def board_reasons(
    scene: Scene, attacker: Token, target: Token, attack: Attack, distance: int
) -> list[Reason]:
    """Advantage/disadvantage sources from the board (see the module docstring)."""
    out: list[Reason] = sight_reasons(scene, attacker, target)
    if attack.range is None:
        if scene.options.flanking:
            flank = board.flanking(scene, attacker, target)
            if flank.flanking:
                # by name: the text is for people (the query's `with` list keeps ids)
                names = [t.label if (t := scene.token(i)) is not None else i for i in flank.with_ids]
                partners = ", ".join(names)
                out.append(Reason(ADVANTAGE, f"flanking (with {partners})" if partners else "flanking"))
        return out
    normal, _long = attack.range
    if distance > normal:
        out.append(Reason(DISADVANTAGE, f"beyond normal range ({distance} ft > {normal} ft)"))
    for other in scene.tokens:
        if other.id == attacker.id or not board.hostile(attacker, other) or incapacitated(other):
            continue
        if board.distance(scene, attacker, other) > 5:
            continue
        if board.can_see(scene, other, attacker):
            out.append(Reason(DISADVANTAGE, f"ranged attack with hostile {other.id} within 5 ft"))
            break
    return out


@dataclass(frozen=True, slots=True)
class DnD5e(RuleSystem):
    """D&D 5e in one `Edition` (2014 or 2024): the flags and hooks of `rules.systems.hooks`, filled from this
    package's modules; what differs between the editions is the edition's data."""

    edition: Edition
    # ---- names and table defaults (`rules.systems.hooks.facts`)
    game = "dnd5e"
    game_title = "D&D 5e"
    demo_file = "demo-5e.json"
    initiative_text = str(msg("D&D 5e: initiative is a Dexterity check."))
    default_speed = 30
    fixed_options_note = ""
    sheet = table.SHEET
    has_death_saves = True
    damage_types = table.DAMAGE_TYPES
    # ---- checks: success or failure; advantage and disadvantage (two d20s); contests; passive values
    uses_degrees = False
    has_advantage = True
    has_contests = True
    passive_word = "passive"
    skill_abilities = checks.SKILL_ABILITY
    # ---- attacks: two d20s; flanking (the option) gives advantage; no persistent damage
    attack_d20s = 2
    #: 5e has no skill actions (its ability checks are the check dialog's).
    skill_actions = ()
    #: 5e has no Balance rule: narrow surfaces and uneven ground (a PF2e scene's, kept when a scene changes
    #: system) are plain floor: no check, no off-guard, no save to keep one's footing.
    balance_terrain = False

    def footing(self, scene: Scene, token: Token) -> TerrainCell | None:
        return None

    def balance(self, token: Token, square: TerrainCell, d20: int) -> BalanceResult:
        raise ValueError("D&D 5e has no Balance check")

    def keep_footing(self, token: Token, square: TerrainCell, d20: int) -> FootingSave:
        raise ValueError("D&D 5e has no Balance check")

    strike_word = "Attack"
    flanking_effect = "advantage"
    minimum_damage = 0
    critical_doubles_total = False
    persistent_damage = False
    #: Resistance to nonmagical damage: a magical attack gets past it (`rules.model.resistance`).
    magical_attacks = True
    persistent_flat_dc = 0
    # ---- saves: half damage on a success; cover helps Dexterity saves
    default_area_save = "dex"
    default_dc = 15
    area_save_rule = str(msg("Save for half: a success halves the damage (rounded down)"))
    cover_save = "dex"
    damage_save = ("save", ("success", "failure"))
    # ---- maneuvers: grapple, shove (push or knock prone), escape
    maneuver_choices = table.MANEUVERS
    maneuver_actions = maneuvers.ACTIONS
    shove_choices = maneuvers.SHOVES
    # ---- helping and stealth: Help; Search; no Sneak (moving while hidden)
    support_actions = table.SUPPORT_ACTIONS
    has_sneak = False
    seek_verb = "Searches"
    located_conditions: tuple[str, ...] = ()
    # ---- reactions: opportunity attacks when a seen creature leaves the reach; Disengage stops them
    move_reaction = "opportunity attack"
    provoking_verb = "leaves"
    disengage_stops_reactions = True
    action_triggers: frozenset[str] = frozenset()
    has_step = False
    # ---- turns (`rules.play.turns`): no Delay; Ready takes the action; the Attack action's attacks are
    # counted but spend no further action; moves spend feet, then the Dash; stunned takes the whole turn;
    # initiative never moves
    has_delay = False
    stunned_costs_actions = False
    knock_out_moves_initiative = False

    # ---- facts

    @property
    def name(self) -> str:
        return self.edition.name

    @property
    def bundled_spells(self) -> str:
        """The SRD spells of the edition: SRD 5.1 for the 2014 rules, SRD 5.2 for the 2024 rules."""
        return f"spells-{self._srd}.json.gz"

    @property
    def bundled_bestiary(self) -> str:
        """The SRD monsters of the edition (SRD 5.1 / SRD 5.2)."""
        return f"bestiary-{self._srd}.json.gz"

    @property
    def _srd(self) -> str:
        return "srd52" if self.edition.year >= 2024 else "srd51"

    @property
    def casting(self) -> CastingRules:
        """Spell slots, cantrip scaling, saves for half and spell attacks (`rules.systems.dnd5e.casting`)."""
        return DnD5eCasting(self.edition)

    @property
    def label(self) -> str:
        """Short name for the window: ``5e 2014``."""
        return f"5e {self.edition.year}"

    @property
    def title(self) -> str:
        """The edition for pickers: ``D&D 5e (2014)``."""
        return f"D&D 5e ({self.edition.year})"

    @property
    def grid(self) -> GridRules:
        """How the edition uses the grid (`rules.model.grid_rules`; geometry reads it from `Scene.rules`)."""
        return SYSTEM_GRIDS[self.edition.name]

    def default_reach(self, size: str) -> int:
        """A new creature's reach: 5 ft."""
        return 5

    def condition_choices(self) -> tuple[tuple[str, bool], ...]:
        """The edition's conditions a token can be given, as (name, valued)."""
        return table.condition_choices(self.edition)

    def condition_names(self) -> frozenset[str]:
        """The edition's conditions, ``dead`` and the engine's marks (``disengaged``, ``helped`` …)."""
        return table.condition_names(self.edition)

    def blank_creature(self) -> Creature:
        """A starting point for a new creature."""
        return table.blank_creature(self.name)

    def actions(self, token: Token) -> list[ActionSpec]:
        """The token menu's actions (`rules.systems.dnd5e.table.actions`)."""
        return table.actions(token)

    def resolve_action(self, scene: Scene, token: Token, key: str, rng: DieSource) -> ActionResult:
        """Resolve one of `actions`; `ValueError` for an unknown key."""
        return table.resolve_action(self, self.edition, scene, token, key, rng)

    def state_of(self, token: Token) -> str:
        return dnd_damage.state_of(token)

    # ---- checks

    def check_statistics(self, kind: str) -> tuple[str, ...]:
        """What a creature rolls for `kind` (``check``: an ability or a skill; ``save``: an ability)."""
        return table.statistics(kind)

    def statistic(self, token: Token, raw: str, field: str, *, saves_only: bool = False) -> str:
        return checks.statistic(token, raw, field, saves_only=saves_only)

    def stat_name(self, stat: str) -> str:
        return checks.stat_label(stat)

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
    ) -> TestResult:
        """A d20 test with two d20s (one die given is both), the GM's reasons and flat bonuses."""
        if not d20:
            raise ValueError("roll the d20 first")
        dice = tuple(d20) if len(d20) > 1 else tuple(d20) * 2
        return checks.d20_test(
            token, kind, stat, dice, dc, edition=self.edition, extra_reasons=reasons, extras=bonuses
        )

    def passive(
        self, token: Token, stat: str, *, advantage: bool = False, disadvantage: bool = False
    ) -> CheckRow:
        """10 + the modifier (±5 for advantage or disadvantage)."""
        return table.passive(self.edition, token, stat, advantage=advantage, disadvantage=disadvantage)

    def group_summary(self, passed: int, rolled: int) -> tuple[str, bool]:
        """A group check succeeds when at least half the group succeeds."""
        ok = 2 * passed >= rolled
        word = "succeeds" if ok else "fails"
        return f"The group {word}: {passed} of {rolled} succeed (at least half needed)", ok

    def check(self, d20: int, modifier: int, dc: int) -> str:
        raise QueryError("bad value", f"the check query (degrees of success) is PF2e only, not {self.name}")

    # ---- attacks

    @property
    def melee_knock_out(self) -> bool:
        """2024: a melee attack that would drop its target to 0 HP may leave it at 1 HP, unconscious."""
        return self.edition.year >= 2024

    def attack_penalty(self, attack_number: int, agile: bool) -> int:
        """5e has no multiple attack penalty."""
        return 0

    def critical_damage(self, formula: Formula, attack: Attack) -> Formula:
        """A critical hit's damage formula: every dice group doubled, modifiers once."""
        return double_dice(formula)

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
    ) -> AttackResult:
        distance = attack_distance(scene, attacker, target, attack, melee=attack.range is None)
        if attack.range is not None:
            _normal, long = attack.range
            if distance > long:
                raise QueryError(
                    "out of range",
                    f"{target.id} is {distance} ft away, beyond the long range of {attack.name} ({long} ft)",
                )
        cover = board.cover(scene, attacker, target).degree
        if cover == "total":
            raise QueryError("total cover", f"{target.id} has total cover from {attacker.id}")
        reasons = condition_reasons(attacker, target, attack, distance=distance, edition=self.edition)
        reasons += board_reasons(scene, attacker, target, attack, distance)
        if target.has_condition("dodging") and not dodge_applies(
            target, sees_attacker=board.can_see(scene, target, attacker)
        ):  # Dodge protects only against attackers the dodger can see, while it can act
            reasons = [r for r in reasons if "Dodging" not in r.text]
        with damage_formula_errors(attacker, attack):
            return attack_roll(
                attacker,
                target,
                attack,
                d20,
                edition=self.edition,
                distance=distance,
                cover=cover,
                reasons=reasons,
            )

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
    ) -> AttackResult:
        """The attack again with the GM's reasons (they join and cancel with the rest) and flat bonuses."""
        if not bonuses and not reasons:
            return result  # type: ignore[return-value]
        assert isinstance(result, AttackResult)
        distance = attack_distance(scene, attacker, target, attack, melee=attack.range is None)
        return with_extra_reasons(
            result,
            attacker,
            target,
            attack,
            reasons,
            edition=self.edition,
            distance=distance,
            bonuses=bonuses,
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
        if save not in (None, "success", "failure"):
            raise QueryError("bad value", f"'save' must be 'success' or 'failure', got {save!r}")
        require_hp(target)
        # 2024 knock-out: the attacker who chooses to knock the target out (`nonlethal`) leaves it at 1 HP
        # and unconscious (「ヒット・ポイントを1にまで減らして気絶状態にする」); 2014 leaves it stable at 0.
        return dnd_damage.damage(
            target,
            entries,
            save=save,
            critical=critical,
            nonlethal=nonlethal,
            knock_out_at_one=nonlethal and self.edition == DND5E_2024,
            magical=magical,
        )

    def split_persistent(
        self, formula: Formula, entries: Sequence[DamageEntry]
    ) -> tuple[tuple[DamageEntry, ...], tuple[PersistentDamage, ...]]:
        """5e has no persistent damage: everything is dealt now."""
        return tuple(entries), ()

    def gain_persistent(self, token: Token, damage: Sequence[PersistentDamage]) -> tuple[Token, list[str]]:
        return token, []

    # ---- saves

    def save_condition_modifiers(self, token: Token, save: str) -> list[Modifier]:
        """The modifiers the creature's conditions put on a save (2024 exhaustion)."""
        return table.save_condition_modifiers(self.edition, token)

    def save_modifier(self, token: Token, save: str) -> int | None:
        """The listed save total, else the ability modifier (an unlisted save is the ability's modifier);
        None without the ability score."""
        try:
            return checks.save_modifier(token, save)
        except checks.MissingStatistic:
            return None

    def automatic_save_failures(self, token: Token, save: str) -> list[str]:
        """Paralyzed, stunned, unconscious or petrified on a Strength or Dexterity save."""
        from rules.systems.dnd5e.conditions import SAVE, automatic_failures

        return automatic_failures(token, SAVE, self.edition, ability=checks.normalise(save))

    def save_outcome(self, token: Token, save: str, d20: int, modifier: int, dc: int) -> str:
        """``success`` iff d20 + modifier ≥ DC (a natural 20 or 1 isn't special) and nothing makes it fail."""
        fails = self.automatic_save_failures(token, save)
        return "success" if d20 + modifier >= dc and not fails else "failure"

    # ---- maneuvers

    def maneuver_rolls(self, key: str, actor: str, target: str) -> tuple[tuple[str, str, int], ...]:
        """The dice maneuver `key` needs in this edition, as (key, words, sides)."""
        action = "shove" if key.startswith("shove") else key
        return table.maneuver_rolls(self.edition, action, actor, target)

    def maneuver_dc(self, actor: Token, target: Token, action: str) -> Message | None:
        """2024: the target's Strength or Dexterity save against the actor's Unarmed Strike DC (grapple,
        shove), or the escape's check against the grappler's DC; 2014: a contest, no DC."""
        if self.edition.year < 2024:
            return msg("a contest of checks (no DC)")
        try:
            if action == "escape":
                return msg("DC {dc}", dc=maneuvers.unarmed_dc(target))
            return msg("Strength or Dexterity save, DC {dc}", dc=maneuvers.unarmed_dc(actor))
        except checks.MissingStatistic:
            return None

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
        """The edition's contest (2014) or save (2024), each side one or two d20s."""
        return maneuvers.resolve(
            scene,
            actor,
            target,
            action,
            edition=self.edition,
            d20=_dice(d20, f"{actor.label}'s roll"),
            target_d20=_dice(target_d20, f"{target.label}'s roll"),
            shove=shove,
        )

    # ---- helping and stealth

    def seek(self, scene: Scene, seeker: Token, d20: Sequence[int]) -> StealthResult:
        dice = _dice(d20, "Perception")
        if dice is None:
            raise ValueError("Search needs the Perception roll")
        return stealth.search(scene, seeker, dice, edition=self.edition)

    def sneak_feet(self, token: Token) -> int:
        return 0

    def sneak(self, scene: Scene, sneaker: Token, d20: int) -> StealthResult:
        raise ValueError("Sneak is a PF2e action; move while hidden")

    def attack_reveals(self, attacker: Token) -> Token:
        """A hidden attacker is no longer hidden once it attacks, hit or miss."""
        return attacker.without_condition("hidden")

    def point_out(self, pointer: Token, target: Token) -> Token:
        raise ValueError("Point Out is a PF2e action")

    def aid(
        self, helper: Token, skill: str, d20: int, dc: int, rank: str, *, modifier: int | None = None
    ) -> AidOutcome:
        raise ValueError("Aid is a PF2e reaction (use Help)")

    # ---- reactions

    @property
    def surprise_stops_first_turn(self) -> bool:
        """2014: a surprised creature can't move, act or react until its first turn ends."""
        return self.edition.year < 2024

    def reacts_to_moves(self, creature: Token) -> bool:
        """Every creature has opportunity attacks."""
        return True

    def provokes(
        self,
        scene: Scene,
        reactor: Token,
        mover: Token,
        path: Sequence[Cell],
        inside: Sequence[bool],
        step: int,
    ) -> bool:
        """Leaving the reactor's reach, seen by it."""
        if not inside[step] or inside[step + 1]:
            return False
        from rules.systems.reactions import sees_mover

        return sees_mover(scene, reactor, replace(mover, cell=path[step]))

    # ---- healing

    def max_hp(self, token: Token) -> int | None:
        return healing.max_hp(token, self.edition)

    def speed(self, token: Token, mode: str = "walk") -> int:
        return healing.speed(token, self.edition, mode)

    def healed(self, before: Token, after: Token, hp_before: int) -> tuple[Token, list[str]]:
        return healing.healed(before, after, hp_before, self.edition)

    def lose_hp(self, token: Token, amount: int) -> Token:
        return healing.lose_hp(token, amount)

    # ---- inspiration

    @property
    def spending(self) -> Spending:
        return heroics.spending(self.edition)

    def can_reroll(self, token: Token) -> bool:
        return heroics.can_reroll(token, self.edition)

    def spend_reroll(self, token: Token, old_roll: int, new_roll: int) -> Reroll:
        return heroics.spend_reroll(token, old_roll, new_roll, self.edition)

    def spend_advantage(self, token: Token) -> tuple[Token, Reason]:
        return heroics.spend_advantage(token, self.edition)

    # ---- turns

    @property
    def surprise_disadvantage(self) -> bool:
        """2024: a surprised creature rolls initiative with disadvantage."""
        return self.edition.year >= 2024

    def band_text(self, band: int) -> str:
        """What reaching a square of movement band `band` takes: its movement, or the Dash."""
        return str(msg("move")) if band == 1 else str(msg("Dash"))

    def turn_start_roll(self, token: Token) -> str:
        """The roll the creature makes as its turn starts: a PC at 0 HP makes a death saving throw."""
        return "death saving throw" if dnd_turn.makes_death_save(token) else ""

    def turn_start_rule(self, token: Token) -> str:
        """The death saving throw."""
        return f"Death saving throw: DC {dnd_damage.DEATH_SAVE_DC} (a 1 counts twice, a 20 regains 1 HP)"

    def turn_end_saves(self, token: Token) -> tuple[EndTurnSave, ...]:
        """None: 5e has no affliction stages (a poison's or disease's save is its effect's own)."""
        return ()

    def initiative_modifier(self, token: Token) -> int:
        """Dexterity modifier (the token's ``initiative_bonus``; 0 when not given)."""
        return token.initiative_bonus or 0

    def initiative_tiebreak(self, token: Token) -> tuple[int, ...]:
        """Ties: the higher modifier first; then the GM's order (the order given)."""
        return (-self.initiative_modifier(token),)

    def aquatic_attack(self, attacker: Token, target: Token, attack: Attack, distance: int) -> Aquatic:
        """2014 l.203–206, 2024 l.602–608 (`rules.systems.dnd5e.aquatic`)."""
        from rules.systems.dnd5e import aquatic

        return aquatic.attack(attacker, attack, distance, self.edition.year)

    def aquatic_resistant(self, token: Token) -> Token:
        from rules.systems.dnd5e import aquatic

        return aquatic.resistant(token)

    def bloodied(self, token: Token) -> bool:
        """2024 (l.614): 「自身のヒット・ポイントが半分以下である場合、君は重傷状態である」 — at half its HP
        maximum or fewer (and not dead); 2014 has no such rule."""
        if self.edition.year < 2024 or token.hp is None or token.has_condition("dead"):
            return False
        top = token.max_hp if token.max_hp is not None else token.hp
        return top > 0 and token.hp * 2 <= top

    @property
    def economy(self) -> DnD5eEconomy:
        """An action, a bonus action, movement and a reaction; the Attack action, two-weapon fighting and
        the spell rules of the edition (`rules.systems.dnd5e.economy`)."""
        return ECONOMY_2024 if self.edition.year >= 2024 else ECONOMY_2014

    def turn_budget(self, token: Token) -> TurnBudget:
        """An action, a bonus action, a reaction and the creature's speed; nothing if incapacitated
        (`rules.systems.dnd5e.economy.turn_budget`)."""
        return turn_budget(token)

    def turn_started(self, token: Token, rolls: TurnRolls) -> tuple[Token, tuple[str, ...]]:
        """A PC at 0 HP that is neither stable nor dead makes a death saving throw
        (`rules.systems.dnd5e.turn`)."""
        return dnd_turn.start_of_turn(token, rolls)

    def turn_ended(
        self, token: Token, rolls: TurnRolls, *, negatives_done: bool = False
    ) -> tuple[Token, tuple[str, ...]]:
        return dnd_turn.end_of_turn(token, rolls)


def _dice(dice: Sequence[int], who: str) -> int | list[int] | None:
    """A 5e roll: nothing, one die (used as both) or two ``[first, second]``."""
    if not dice:
        return None
    if len(dice) > 2:
        raise ValueError(f"a 5e roll is one or two d20s ({who}), got {len(dice)}")
    return dice[0] if len(dice) == 1 else list(dice)


DND5E_2014_SYSTEM = DnD5e(DND5E_2014)
DND5E_2024_SYSTEM = DnD5e(DND5E_2024)
