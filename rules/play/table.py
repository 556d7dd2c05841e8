"""The table's commands: placing, editing and removing areas, attack rolls, damage and area saves.

An attack is resolved once, inside `AttackRoll.apply`, by the scene's rule system with the dice the command
carries; the outcome is the command's `Outcome.detail`, which the attack dialog shows, and its explanation
rows go to the log. What it costs is the turn economy's (`rules.play.economy`):

* on the attacker's turn (free mode included) it is a Strike (PF2e: an action, and it counts toward the
  multiple attack penalty) or an attack of the Attack action (5e: the first takes the action, which allows
  `Token.attacks_per_action` attacks); `offhand` makes it 5e two-weapon fighting's bonus-action attack;
* outside its turn in an encounter it is a reaction (an opportunity attack, Reactive Strike, a readied
  Strike — which keeps the multiple attack penalty it had when readied); refused without one;
* `free` is the GM's override: nothing is spent or refused.

Help and Aid waiting for the attacker's roll against this target change it (`rules.play.support`), and a
hidden attacker gives itself away after the attack, hit or miss (`RuleSystem.attack_reveals`:
5e 2014 l.116 / 2024 l.575; PF2e a hidden or undetected creature that Strikes becomes observed).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.dice import RollResult
from rules.errors import QueryError
from rules.messages import msg
from rules.model.areas import PlacedArea, with_area, without_area
from rules.model.scene import PersistentDamage, Scene, Token
from rules.model.state import GameState
from rules.play.command import Outcome, Refused, logged
from rules.play.concentration import after_damage
from rules.play.economy import charge, charge_reaction, ledger_for
from rules.play.effects import put_token
from rules.play.explain import attack_headline, attack_lines, damage_lines, outcome_word, save_line
from rules.play.footing import footing_check
from rules.play.mounts import attacking_from
from rules.play.rolls import Situational, situational_attack, spend_for_roll
from rules.play.support import take_supports
from rules.play.turns import knocked_out_move
from rules.saves import SaveResult
from rules.systems import regeneration, system_for
from rules.systems.aquatic import Aquatic
from rules.systems.base import AttackOutcome
from rules.systems.damage import DamageEntry
from rules.systems.economy import Act
from rules.systems.object_damage import critical_immune, harden, shield_block
from rules.systems.roll_modes import Reason
from rules.systems.support_actions import TOOK_COVER, take_cover_ends

# ----------------------------------------------------------------------------------------------- areas


@dataclass(frozen=True, slots=True)
class PlaceArea:
    area: PlacedArea
    affected: tuple[str, ...] = ()
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return f"Place {self.area.title}"

    def apply(self, state: GameState) -> Outcome:
        scene = state.scene
        names = [t.label for t in (scene.token(i) for i in self.affected) if t is not None]
        text = f"Placed {self.area.title}"
        if self.area.rounds_left is not None:
            text += f" for {self.area.rounds_left} round{'s' if self.area.rounds_left != 1 else ''}"
        text += f": {len(names)} creature{'s' if len(names) != 1 else ''} inside" + (
            f" ({', '.join(names)})" if names else ""
        )
        return logged(replace(state, areas=with_area(state.areas, self.area)), text)


@dataclass(frozen=True, slots=True)
class RemoveArea:
    area_id: str
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Remove area"

    def apply(self, state: GameState) -> Outcome:
        area = state.area(self.area_id)
        if area is None:
            return Outcome(state)
        return logged(replace(state, areas=without_area(state.areas, self.area_id)), f"Removed {area.title}")


@dataclass(frozen=True, slots=True)
class UpdateArea:
    """Replace an area (its label, duration, colour…)."""

    area: PlacedArea
    what: str = "area"
    merge_key: object | None = None
    log: str = ""

    @property
    def label(self) -> str:
        return f"Edit {self.what}"

    def apply(self, state: GameState) -> Outcome:
        if state.area(self.area.id) is None:
            return Outcome(state)
        return logged(replace(state, areas=with_area(state.areas, self.area)), self.log)


# ------------------------------------------------------------------------------------- attacks, damage


@dataclass(frozen=True, slots=True)
class AttackRoll:
    """One attack roll with the given d20(s) (PF2e one die; 5e ``[first, second]``), resolved against the
    board by the scene's system. `attack_number` overrides the encounter's count (the dialog's spin box)."""

    attacker_id: str
    target_id: str
    attack_name: str
    d20: tuple[int, ...]
    nonlethal: bool | None = None
    attack_number: int | None = None
    merge_key: object | None = None
    #: The GM's situational input (`rules.play.rolls`): bonuses (PF2e typed, 5e flat) and 5e reasons.
    bonuses: tuple[Situational, ...] = ()
    reasons: tuple[Reason, ...] = ()
    #: 5e 2014: spend the attacker's inspiration for advantage.
    inspiration: bool = False
    #: A reroll of the attack that had these dice: spends a Hero Point / Heroic Inspiration, keeps `d20`,
    #: and doesn't count as another attack.
    reroll_of: tuple[int, ...] | None = None
    #: 5e two-weapon fighting: the bonus-action attack with a second light melee weapon.
    offhand: bool = False
    #: The GM's override: the attack costs nothing and the turn refuses nothing.
    free: bool = False
    #: PF2e: the flat check's d20 against a concealed (DC 5) or hidden (DC 11) target (the system's
    #: `flat_check_of`); a failed one loses the Strike. None: not rolled (the GM judges it).
    flat_d20: int | None = None

    @property
    def label(self) -> str:
        if self.reroll_of is not None:
            return "Reroll attack"
        return "Off-hand attack" if self.offhand else "Attack roll"

    def underwater(self, scene: Scene, attacker: Token, target: Token) -> tuple[Aquatic, tuple[str, ...]]:
        """What fighting underwater does to this attack (the system's `aquatic_attack`); refused when the
        attack can't succeed at all."""
        from rules.systems.aquatic import UNDERWATER
        from rules.systems.board import distance

        if not (attacker.has_condition(UNDERWATER) or target.has_condition(UNDERWATER)):
            return Aquatic(), ()
        attack = attacker.attack(self.attack_name)
        assert attack is not None
        water = system_for(scene).aquatic_attack(attacker, target, attack, distance(scene, attacker, target))
        if water.impossible:
            raise Refused(water.impossible)
        lines = tuple(f"  underwater: {what}" for what in water.disadvantages)
        if water.target_off_guard:
            lines += (f"  underwater: {target.label} has no swim Speed, off-guard",)
        return water, lines

    def charged(self, state: GameState, attacker: Token, attack_name: str) -> tuple[GameState, int, str]:
        """The state after the attack's cost (see the module docstring), the attack number it has, and a
        note for the log ("reaction", "readied Strike", ""). Raises `Refused`."""
        attack = attacker.attack(attack_name)
        act = Act("offhand" if self.offhand else "strike", attack=attack, name=attack_name)
        if self.offhand and not state.is_turn_of(attacker.id) and not self.free:
            raise Refused(
                f"{attacker.label}'s two-weapon attack is a bonus action, taken on its own turn (not as a "
                "reaction)"
            )
        if state.is_turn_of(attacker.id):
            number = ledger_for(state, attacker.id).next_attack_number
            return charge(state, attacker.id, act, free=self.free), number, ""
        state, readied = charge_reaction(state, attacker.id, act, free=self.free)
        if readied is not None:
            return state, readied.attack_number or 1, "readied action"
        return state, 1, "reaction"

    def _resolve(self, state: GameState) -> tuple[GameState, AttackOutcome, tuple[str, ...]]:
        """The attack resolved by the scene's system with what it spends: (the state with the spending,
        the outcome, its log lines). Raises `Refused`."""
        scene = state.scene
        attacker, target = scene.token(self.attacker_id), scene.token(self.target_id)
        if attacker is None or target is None:
            raise Refused(str(msg("choose an attacker and a target on the map")))
        if attacker.id == target.id:
            raise Refused(str(msg("a creature doesn't attack itself here")))
        attack = attacker.attack(self.attack_name)
        if attack is None:
            raise Refused(f"{attacker.label} has no attack named {self.attack_name!r}")
        rerolled = self.reroll_of is not None
        system = system_for(scene)
        note = ""
        if rerolled:
            number = self.attack_number or max(1, state.attack_number(attacker.id) - 1)
            charged = state
        else:
            charged, counted, note = self.charged(state, attacker, attack.name)
            number = self.attack_number or counted
        dice = self.d20 if len(self.d20) > 1 else self.d20 * 2  # one typed die: both of a 5e pair
        after, _spender, spent, spend_lines = spend_for_roll(
            charged, attacker, inspiration=self.inspiration, reroll_of=self.reroll_of, new=dice
        )
        helped: tuple[Situational, ...] = ()
        help_reasons: tuple[Reason, ...] = ()
        help_lines: tuple[str, ...] = ()
        if not rerolled:
            after, given = take_supports(after, attacker.id, target.id)
            helped = tuple(Situational(label, value, "circumstance") for label, value in given.bonuses)
            help_reasons = tuple(Reason("advantage", why) for why in given.advantages)
            help_lines = given.lines
        attacker = attacking_from(scene, attacker)  # a rider fills its mount's space
        water, water_lines = self.underwater(scene, attacker, target)
        if water.target_off_guard:
            target = target.with_condition("off-guard")
            scene = scene.replace_token(target)
        if water.modifier:
            helped = (*helped, Situational(water.modifier_label, water.modifier, "circumstance"))
        water_reasons = tuple(Reason("disadvantage", why) for why in water.disadvantages)
        try:
            result = system.attack(
                scene, attacker, target, attack, dice, attack_number=number, nonlethal=self.nonlethal
            )
            result = situational_attack(
                scene,
                attacker,
                target,
                attack,
                result,
                bonuses=(*self.bonuses, *helped),
                reasons=(*self.reasons, *spent, *help_reasons, *water_reasons),
            )
        except QueryError as exc:
            raise Refused(str(exc)) from None
        flat_lines: tuple[str, ...] = ()
        if self.flat_d20 is not None and system.flat_check_of(result) is not None:
            try:
                result = system.with_flat_check(result, self.flat_d20)
            except ValueError as exc:
                raise Refused(str(exc)) from None
            words = system.flat_check_words(result)
            flat_lines = (f"  {words}",) if words else ()
        head = attack_headline(
            attacker,
            target,
            attack.name,
            number,
            system.attack_penalty(2, False) != 0,
            note=note,
            offhand=self.offhand,
            outcome=outcome_word(result),
        )
        lines = (
            head,
            *("  " + b for b in attack_lines(result)),
            *spend_lines,
            *help_lines,
            *water_lines,
            *flat_lines,
        )
        return after, result, lines

    def preview(self, state: GameState) -> AttackOutcome:
        """The outcome this command would give, the state left as it is: the attack dialog shows it (its
        modifiers, the target's AC) before the dice are rolled. Raises `Refused` like `apply`."""
        return self._resolve(state)[1]

    def apply(self, state: GameState) -> Outcome:
        state, result, lines = self._resolve(state)
        state, cover_lines = attack_ends_take_cover(state, self.attacker_id)
        state, reveal_lines = attack_reveals_attacker(state, self.attacker_id)
        # a hit on a narrow surface or uneven ground: the Reflex save to keep its footing (rules.play.footing)
        due = footing_check(state.scene, self.target_id, "hit") if result.hit else None
        target = state.scene.token(self.target_id)
        footing_lines = ("  " + due.text(target.label),) if due is not None and target is not None else ()
        return Outcome(
            state,
            (*lines, *cover_lines, *reveal_lines, *footing_lines),
            result,
            () if due is None else (due,),
        )


def attack_reveals_attacker(state: GameState, attacker_id: str) -> tuple[GameState, tuple[str, ...]]:
    """A hidden (PF2e: or undetected) attacker is seen after its attack, hit or miss (see the module)."""
    token = state.scene.token(attacker_id)
    if token is None:
        return state, ()
    after = system_for(state.scene).attack_reveals(token)
    if after == token:
        return state, ()
    state, ended = put_token(state, after)
    return state, (f"  {token.label} attacked: it is no longer hidden", *ended)


def attack_ends_take_cover(state: GameState, attacker_id: str) -> tuple[GameState, tuple[str, ...]]:
    """An attack ends the attacker's Take Cover (`rules.systems.support_actions.take_cover_ends`)."""
    token = state.scene.token(attacker_id)
    if token is None or not token.has_condition(TOOK_COVER):
        return state, ()
    state, ended = put_token(state, take_cover_ends(token, "attack"))
    return state, (f"  {token.label} attacked: Take Cover ends", *ended)


@dataclass(frozen=True, slots=True)
class ApplyDamage:
    """Damage through the target's system (save, immunity/weakness/resistance, temp HP, 0 HP).

    `nonlethal`: the attacker knocks the target out (PF2e nonlethal; 5e 2014 unconscious and stable; 5e 2024
    knock-out: left at 1 HP and unconscious). `persistent`: persistent damage the hit gives, with its dice
    kept (PF2e ``1d6`` fire from ``1d8+4 slashing plus 1d6 persistent fire``: `RuleSystem.split_persistent`),
    added to the target by its system (`RuleSystem.gain_persistent`: the same type doesn't stack, the
    higher damage stays) and rolled anew at the end of each of its turns."""

    target_id: str
    entries: tuple[DamageEntry, ...]
    critical: bool = False
    nonlethal: bool = False
    save: str | None = None
    roll: RollResult | None = field(default=None, compare=False)
    source: str = ""
    merge_key: object | None = None
    persistent: tuple[PersistentDamage, ...] = ()
    #: PF2e Shield Block: the target blocks with its raised shield (its reaction).
    shield_block: bool = False
    #: From a magical attack: it gets past 5e resistance to nonmagical damage.
    magical: bool = False

    @property
    def label(self) -> str:
        return "Apply damage"

    def apply(self, state: GameState) -> Outcome:
        before = state
        scene = state.scene
        target = scene.token(self.target_id)
        if target is None:
            raise Refused(f"no token with id {self.target_id!r}")
        if target.hp is None:
            raise Refused(f"{target.label} has no HP to take damage from")
        entries, critical, guard, notes = self.entries, self.critical, target, []
        if critical and critical_immune(target):
            critical = False
            notes.append(f"{target.label} is immune to critical hits: normal damage")
        if target.hardness:
            entries = harden(entries, target.hardness)
            notes.append(f"hardness {target.hardness}")
        if self.shield_block:
            if not system_for(scene).economy.has_shield_block:
                raise Refused(f"Shield Block is a PF2e reaction; this scene is {scene.system}")
            try:
                blocked = shield_block(target, entries)
            except ValueError as exc:
                raise Refused(str(exc)) from None
            state, _readied = charge_reaction(state, target.id)
            entries, guard = blocked.entries, blocked.token
            notes.append(blocked.text)
        wet = system_for(scene).aquatic_resistant(guard)
        outcome, hurt = system_for(scene).damage(
            wet, entries, critical=critical, nonlethal=self.nonlethal, save=self.save, magical=self.magical
        )
        after = replace(hurt, resistances=guard.resistances)
        after = regeneration.stopped(after, (e.type for e in entries if e.amount > 0))
        lines = damage_lines(target, entries, outcome, self.roll)
        head = lines.pop()
        if self.source:
            head = f"{self.source}: {head}"
        body = tuple("  " + line.strip() for line in (*notes, *lines))
        if self.persistent and not after.has_condition("dead"):
            after, gained = system_for(scene).gain_persistent(after, self.persistent)
            body += tuple(f"  {line}" for line in gained)
        if after.has_condition("unconscious") and after.has_condition(TOOK_COVER):
            after = take_cover_ends(after, "unconscious")
            body += (f"  {target.label} falls unconscious: Take Cover ends",)
        state, ended = put_token(state, after)
        state, moved = knocked_out_move(state, target, after)
        state, kept = after_damage(before, state)  # 5e concentration: the Con save it calls for
        return Outcome(
            state, (head, *body, *ended, *("  " + m for m in moved), *("  " + k for k in kept)), outcome
        )


#: The name the attack dialog uses.
DealDamage = ApplyDamage


@dataclass(frozen=True, slots=True)
class AreaSaves:
    """Every affected creature's save against an area and the damage each takes (one undo step). `area`,
    when given, replaces the placed area in the same step (it remembers the save, DC and damage)."""

    area_title: str
    results: tuple[SaveResult, ...]
    entries: tuple[DamageEntry, ...]
    roll: RollResult | None = field(default=None, compare=False)
    area: PlacedArea | None = None
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return f"Saves against {self.area_title}"

    def apply(self, state: GameState) -> Outcome:
        before = state
        scene = state.scene
        system = system_for(scene)
        dmg = ", ".join(f"{e.amount} {e.type}" for e in self.entries) or "no damage"
        rolled = f" ({self.roll.render()})" if self.roll is not None else ""
        lines = [f"Saves against {self.area_title}: {dmg}{rolled}"]
        knocked: list[tuple[Token, Token]] = []
        for r in self.results:
            target = scene.token(r.token_id)
            if target is None:
                continue
            lines.append("  " + save_line(target, r))
            if target.hp is None or not self.entries:
                continue
            outcome, after = system.damage(target, self.entries, save=r.outcome)
            text = f"    {target.label} takes {outcome.total}: HP {target.hp} → {outcome.hp}"
            if target.temp_hp or outcome.temp_hp:
                text += f", temp HP {target.temp_hp} → {outcome.temp_hp}"
            immune = outcome.immune_words()
            lines.append(text + f" ({outcome.state})" + (f" — {immune}" if immune else ""))
            scene = scene.replace_token(after)
            knocked.append((target, after))
        state = state.with_scene(scene)
        for target, after in knocked:
            state, moved = knocked_out_move(state, target, after)
            lines += ["    " + m for m in moved]
        if self.area is not None and state.area(self.area.id) is not None:
            state = replace(state, areas=with_area(state.areas, self.area))
        state, kept = after_damage(before, state)  # 5e concentration: the Con saves they call for
        # a failed save on a narrow surface or uneven ground: the Reflex save to keep its footing
        due = [
            check
            for r in self.results
            if r.outcome in ("failure", "critical-failure")
            and (check := footing_check(state.scene, r.token_id, "failed")) is not None
        ]
        for check in due:
            who = state.scene.token(check.token_id)
            lines.append("  " + check.text(who.label if who is not None else check.token_id))
        return Outcome(state, (*lines, *("  " + k for k in kept)), None, tuple(due))
