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
from dataclasses import dataclass

from rules.dice import DieSource, Formula, double_dice
from rules.errors import QueryError
from rules.model.creature import Creature
from rules.model.grid_rules import SYSTEM_GRIDS, GridRules
from rules.model.scene import Attack, Scene, Token
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
from rules.systems.dnd5e import checks, table
from rules.systems.dnd5e import damage as dnd_damage
from rules.systems.dnd5e import turn as dnd_turn
from rules.systems.dnd5e.advantage import ADVANTAGE, DISADVANTAGE, Reason, condition_reasons
from rules.systems.dnd5e.attack import AttackResult, attack_roll
from rules.systems.dnd5e.casting import DnD5eCasting
from rules.systems.dnd5e.editions import DND5E_2014, DND5E_2024, Edition
from rules.systems.modifiers import Modifier
from rules.systems.support_actions import dodge_applies
from rules.systems.table import ActionResult, ActionSpec, CheckRow, ContestOutcome, CreatureSheet
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
class DnD5e:
    edition: Edition
    #: Turn economy (`rules.play.turns`): no Delay; Ready takes the action; the Attack action's attacks
    #: are counted but spend no further action.
    has_delay: bool = False
    ready_actions: int = 1
    attack_actions: int = 0
    #: Moves spend feet of movement, then the Dash action (`rules.play.planner.Budget`).
    strides: bool = False
    initiative_text: str = "D&D 5e: initiative is a Dexterity check."
    #: Table defaults (see `rules.systems.base.RuleSystem`).
    default_speed: int = 30
    default_area_save: str = "dex"
    default_dc: int = 15
    area_save_rule: str = "Save for half: a success halves the damage (rounded down)"
    attack_d20s: int = 2
    minimum_damage: int = 0
    flanking_effect: str = "advantage"
    fixed_options_note: str = ""
    #: Names for pickers (see `title`): the game and its title; the game's bundled demo encounter.
    game: str = "dnd5e"
    game_title: str = "D&D 5e"
    demo_file: str = "demo-5e.json"
    #: Checks (`rules.systems.dnd5e.table`): success or failure; advantage and disadvantage (two d20s);
    #: contests; passive values.
    uses_degrees: bool = False
    has_advantage: bool = True
    has_contests: bool = True
    passive_word: str = "passive"
    #: The token menu: maneuvers (key, label), helping an ally; no Sneak.
    maneuver_choices: tuple[tuple[str, str], ...] = table.MANEUVERS
    support_actions: tuple[str, ...] = table.SUPPORT_ACTIONS
    has_sneak: bool = False
    #: The player view: conditions whose creature is shown only as a "?" on its space (PF2e hidden: the
    #: observers know the space it's in), and whether a dying creature rolls death saves.
    located_conditions: tuple[str, ...] = ()
    has_death_saves: bool = True
    #: The save cover helps against (an area from beyond the cover).
    cover_save: str = "dex"
    #: Damage: no persistent damage.
    persistent_damage: bool = False
    damage_types: tuple[str, ...] = table.DAMAGE_TYPES
    #: Resistance to nonmagical damage: a magical attack gets past it (`rules.model.resistance`).
    magical_attacks: bool = True
    #: Turns (`rules.play.turns`): stunned takes the whole turn (no value); initiative never moves.
    stunned_costs_actions: bool = False
    knock_out_moves_initiative: bool = False
    #: The fields of a creature (the creature editor).
    sheet: CreatureSheet = table.SHEET

    @property
    def title(self) -> str:
        """The edition for pickers: ``D&D 5e (2014)``."""
        return f"D&D 5e ({self.edition.year})"

    def check_statistics(self, kind: str) -> tuple[str, ...]:
        """What a creature rolls for `kind` (``check``: an ability or a skill; ``save``: an ability)."""
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
        """A d20 test with two d20s (``d20[0]``, ``d20[1]``) and the GM's advantage or disadvantage."""
        return table.roll_check(
            self.edition, token, kind, stat, d20, dc, advantage=advantage, disadvantage=disadvantage
        )

    def passive(
        self, token: Token, stat: str, *, advantage: bool = False, disadvantage: bool = False
    ) -> CheckRow:
        """10 + the modifier (±5 for advantage or disadvantage)."""
        return table.passive(self.edition, token, stat, advantage=advantage, disadvantage=disadvantage)

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
        """Two checks; the higher total wins."""
        return table.contest(
            self.edition, a, stat_a, d20_a, b, stat_b, d20_b, advantage=advantage, disadvantage=disadvantage
        )

    def group_summary(self, passed: int, rolled: int) -> tuple[str, bool]:
        """A group check succeeds when at least half the group succeeds."""
        ok = 2 * passed >= rolled
        word = "succeeds" if ok else "fails"
        return f"The group {word}: {passed} of {rolled} succeed (at least half needed)", ok

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

    @property
    def surprise_disadvantage(self) -> bool:
        """2024: a surprised creature rolls initiative with disadvantage."""
        return self.edition.year >= 2024

    def turn_start_roll(self, token: Token) -> str:
        """The roll the creature makes as its turn starts: a PC at 0 HP makes a death saving throw."""
        return "death saving throw" if dnd_turn.makes_death_save(token) else ""

    @property
    def melee_knock_out(self) -> bool:
        """2024: a melee attack that would drop its target to 0 HP may leave it at 1 HP, unconscious."""
        return self.edition.year >= 2024

    def maneuver_rolls(self, key: str, actor: str, target: str) -> tuple[tuple[str, str, int], ...]:
        """The dice maneuver `key` needs in this edition, as (key, words, sides)."""
        action = "shove" if key.startswith("shove") else key
        return table.maneuver_rolls(self.edition, action, actor, target)

    def actions(self, token: Token) -> list[ActionSpec]:
        """The token menu's actions (`rules.systems.dnd5e.table.actions`)."""
        return table.actions(token)

    def resolve_action(self, scene: Scene, token: Token, key: str, rng: DieSource) -> ActionResult:
        """Resolve one of `actions`; `ValueError` for an unknown key."""
        return table.resolve_action(self, scene, token, key, rng)

    def condition_choices(self) -> tuple[tuple[str, bool], ...]:
        """The edition's conditions a token can be given, as (name, valued)."""
        return table.condition_choices(self.edition)

    def condition_names(self) -> frozenset[str]:
        """The edition's conditions, ``dead`` and the engine's marks (``disengaged``, ``helped`` …)."""
        return table.condition_names(self.edition)

    def blank_creature(self) -> Creature:
        """A starting point for a new creature."""
        return table.blank_creature(self.name)

    def critical_damage(self, formula: Formula, attack: Attack) -> Formula:
        """A critical hit's damage formula: every dice group doubled, modifiers once."""
        return double_dice(formula)

    def default_reach(self, size: str) -> int:
        """A new creature's reach: 5 ft."""
        return 5

    def band_text(self, band: int) -> str:
        """What reaching a square of movement band `band` takes: its movement, or the Dash."""
        return "move" if band == 1 else "Dash"

    @property
    def name(self) -> str:
        return self.edition.name

    @property
    def grid(self) -> GridRules:
        """How the edition uses the grid (`rules.model.grid_rules`; geometry reads it from `Scene.rules`)."""
        return SYSTEM_GRIDS[self.edition.name]

    @property
    def label(self) -> str:
        """Short name for the window: ``5e 2014``."""
        return f"5e {self.edition.year}"

    def attack_penalty(self, attack_number: int, agile: bool) -> int:
        """5e has no multiple attack penalty."""
        return 0

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

    def check(self, d20: int, modifier: int, dc: int) -> str:
        raise QueryError("bad value", f"the check query (degrees of success) is PF2e only, not {self.name}")

    def initiative_modifier(self, token: Token) -> int:
        """Dexterity modifier (the token's ``initiative_bonus``; 0 when not given)."""
        return token.initiative_bonus or 0

    def initiative_tiebreak(self, token: Token) -> tuple[int, ...]:
        """Ties: the higher modifier first; then the GM's order (the order given)."""
        return (-self.initiative_modifier(token),)

    def turn_budget(self, token: Token) -> TurnBudget:
        """An action, a bonus action, a reaction and the creature's speed; nothing if incapacitated."""
        if incapacitated(token) or token.has_condition("dead"):
            return TurnBudget(0, 0, 0, 0)
        speed = 0 if any(token.has_condition(c) for c in ("grappled", "restrained")) else token.speed
        return TurnBudget(1, 1, 1, speed)

    def start_of_turn(self, token: Token, rng: DieSource) -> TurnEvent:
        """A PC at 0 HP that is neither stable nor dead makes a death saving throw
        (`rules.systems.dnd5e.turn`, the rules the encounter runs through `rules.systems.turn.at_moment`)."""
        after, lines = dnd_turn.start_of_turn(token, TurnRolls(rng=rng))
        return TurnEvent(after, lines)

    def end_of_turn(self, token: Token, rng: DieSource) -> TurnEvent:
        after, lines = dnd_turn.end_of_turn(token, TurnRolls(rng=rng))
        return TurnEvent(after, lines)

    def state_of(self, token: Token) -> str:
        return dnd_damage.state_of(token)


DND5E_2014_SYSTEM = DnD5e(DND5E_2014)
DND5E_2024_SYSTEM = DnD5e(DND5E_2024)
