"""The table's commands: placing, editing and removing areas, attack rolls, damage and area saves.

An attack is resolved once, inside `AttackRoll.apply`, by the scene's rule system with the dice the command
carries; the outcome is the command's `Outcome.detail`, which the attack dialog shows, and its explanation
rows go to the log. The attack counts toward the attacker's multiple attack penalty on its own turn
(`rules.play.turns.record_attack`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from rules.dice import RollResult
from rules.errors import QueryError
from rules.model.areas import PlacedArea, with_area, without_area
from rules.model.scene import PersistentDamage, Token
from rules.model.state import GameState
from rules.play.command import Outcome, Refused, logged
from rules.play.concentration import after_damage
from rules.play.edits import ResetMovement
from rules.play.effects import put_token
from rules.play.explain import attack_headline, attack_lines, damage_lines, outcome_word, save_line
from rules.play.history import Entry
from rules.play.rolls import Situational, situational_attack, spend_for_roll
from rules.play.turns import knocked_out_move, record_attack
from rules.saves import SaveResult
from rules.systems import system_for
from rules.systems.damage import DamageEntry
from rules.systems.dnd5e.advantage import Reason
from rules.systems.pf2e import persistent as persistent_rules
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

    @property
    def label(self) -> str:
        return "Reroll attack" if self.reroll_of is not None else "Attack roll"

    def apply(self, state: GameState) -> Outcome:
        scene = state.scene
        attacker, target = scene.token(self.attacker_id), scene.token(self.target_id)
        if attacker is None or target is None:
            raise Refused("choose an attacker and a target on the map")
        if attacker.id == target.id:
            raise Refused("a creature doesn't attack itself here")
        attack = attacker.attack(self.attack_name)
        if attack is None:
            raise Refused(f"{attacker.label} has no attack named {self.attack_name!r}")
        rerolled = self.reroll_of is not None
        number = self.attack_number or max(1, state.attack_number(attacker.id) - (1 if rerolled else 0))
        system = system_for(scene)
        dice = self.d20 if len(self.d20) > 1 else self.d20 * 2  # one typed die: both of a 5e pair
        after, _spender, spent, spend_lines = spend_for_roll(
            state, attacker, inspiration=self.inspiration, reroll_of=self.reroll_of, new=dice
        )
        try:
            result = system.attack(
                scene, attacker, target, attack, dice, attack_number=number, nonlethal=self.nonlethal
            )
            result = situational_attack(
                scene, attacker, target, attack, result, bonuses=self.bonuses, reasons=(*self.reasons, *spent)
            )
        except QueryError as exc:
            raise Refused(str(exc)) from None
        head = attack_headline(attacker, target, attack.name, number, system.attack_actions > 0)
        lines = (f"{head}: {outcome_word(result)}", *("  " + b for b in attack_lines(result)), *spend_lines)
        state = after if rerolled else record_attack(after, attacker.id)
        state, cover_lines = attack_ends_take_cover(state, attacker.id)
        return Outcome(state, (*lines, *cover_lines), result)


def free_attack_number(entries: Sequence[Entry], token_id: str) -> int:
    """Out of an encounter: the number of `token_id`'s next attack "this turn" — 1 + its attacks (rerolls
    not counted) since its free-mode turn last ended (`ResetMovement` for it or for everyone: "End turn" /
    "New round") or an encounter started or ended; `entries` are the history's applied steps, oldest first,
    so an undone attack no longer counts. The attack dialog's default; the GM can pick another."""
    count = 0
    for entry in reversed(entries):
        cmd = entry.command
        if (entry.before.encounter is None) != (entry.after.encounter is None):
            break
        if isinstance(cmd, ResetMovement) and (cmd.token_ids is None or token_id in cmd.token_ids):
            break
        if isinstance(cmd, AttackRoll) and cmd.attacker_id == token_id and cmd.reroll_of is None:
            count += 1
    return count + 1


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
    knock-out: left at 1 HP and unconscious). `persistent` (PF2e): persistent damage the hit gives, with its
    dice kept (``1d6`` fire from ``1d8+4 slashing plus 1d6 persistent fire``:
    `rules.systems.pf2e.persistent.from_formula`), added to the target as a condition (the same type doesn't
    stack: the higher damage stays) and rolled anew at the end of each of its turns."""

    target_id: str
    entries: tuple[DamageEntry, ...]
    critical: bool = False
    nonlethal: bool = False
    save: str | None = None
    roll: RollResult | None = field(default=None, compare=False)
    source: str = ""
    merge_key: object | None = None
    persistent: tuple[PersistentDamage, ...] = ()
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
        outcome, after = system_for(scene).damage(
            target,
            self.entries,
            critical=self.critical,
            nonlethal=self.nonlethal,
            save=self.save,
            magical=self.magical,
        )
        lines = damage_lines(target, self.entries, outcome, self.roll)
        head = lines.pop()
        if self.source:
            head = f"{self.source}: {head}"
        body = tuple("  " + line.strip() for line in lines)
        if self.persistent and system_for(scene).persistent_damage and not after.has_condition("dead"):
            given = persistent_rules.add(after, self.persistent)
            body += tuple(
                f"  {target.label} gains {persistent_rules.describe(p)}"
                for p in given.persistent
                if p not in after.persistent
            )
            after = given
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
        return Outcome(state, (*lines, *("  " + k for k in kept)))
