"""Skill actions as one command (PF2e Demoralize, Feint, Create a Diversion, Recall Knowledge, Battle
Medicine, Treat Wounds): the system resolves the check (`RuleSystem.resolve_skill_action`), the turn
economy charges its actions, and this command applies what it did — conditions with their durations
(through the condition editor's path, `rules.play.effects.edit_conditions`: timed in a running encounter),
healing or damage rolled with the command's dice (or the typed total), the stealth state a diversion
gives — in one undoable step with one log entry.

An exploration activity (Treat Wounds, 10 minutes) is refused while the healer is in a running encounter's
order, unless `free` (the GM's override, which also spends nothing)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules import dice
from rules.dice import DieSource, fresh_source
from rules.messages import msg
from rules.model.effects import Effect
from rules.model.scene import Token
from rules.model.state import GameState
from rules.play.command import Outcome, Refused
from rules.play.economy import charge, remaining_text
from rules.play.effects import edit_conditions, put_token
from rules.systems import healing, system_for
from rules.systems.economy import Act
from rules.systems.skill_actions import SkillActionOutcome


def _rng() -> DieSource:
    return fresh_source()


@dataclass(frozen=True, slots=True)
class SkillAction:
    """`actor_id` takes the skill action `key` with `d20` (see the module docstring): against
    `target_id`; `dc` the GM's choice (Recall Knowledge's DC, a Medicine DC of 15/20/30/40); `skill` the
    skill where it varies (Recall Knowledge); `heal_total` a typed total for the healing or damage it rolls
    (else `dice` rolls it)."""

    actor_id: str
    key: str
    d20: int
    target_id: str | None = None
    dc: int | None = None
    skill: str | None = None
    heal_total: int | None = None
    dice: DieSource = field(default_factory=_rng, compare=False)
    free: bool = False
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return self.key.replace("-", " ").capitalize()

    def resolved(self, state: GameState) -> SkillActionOutcome:
        """The outcome the system gives, nothing applied (the dialog's preview of the DC). Raises
        `Refused`."""
        scene = state.scene
        actor = scene.token(self.actor_id)
        if actor is None:
            raise Refused(f"no token with id {self.actor_id!r}")
        target = scene.token(self.target_id) if self.target_id is not None else None
        if self.target_id is not None and target is None:
            raise Refused(f"no token with id {self.target_id!r}")
        system = system_for(scene)
        if system.skill_action(self.key) is None:
            raise Refused(
                str(msg("{action} is not a skill action of {system}", action=self.label, system=system.title))
            )
        try:
            return system.resolve_skill_action(
                scene, actor, target, self.key, self.d20, dc=self.dc, skill=self.skill
            )
        except (ValueError, LookupError) as exc:
            raise Refused(str(exc)) from None

    def apply(self, state: GameState) -> Outcome:
        system = system_for(state.scene)
        spec = system.skill_action(self.key)
        actor = state.scene.token(self.actor_id)
        if spec is None or actor is None:
            self.resolved(state)  # refuses in words
            raise Refused(f"{self.key!r} can't be taken")
        if spec.minutes and state.in_encounter(actor.id) and not self.free:
            raise Refused(
                str(
                    msg(
                        "{action} takes {minutes} minutes: not during an encounter (use the GM's free "
                        "action to allow it)",
                        action=spec.label,
                        minutes=spec.minutes,
                    )
                )
            )
        outcome = self.resolved(state)  # the rules refuse (range, immunity) before anything is spent
        if spec.actions:
            state = charge(
                state, actor.id, Act("skill", actions=spec.actions, name=spec.label), free=self.free
            )
        lines = list(outcome.lines)
        for token in outcome.tokens:
            if isinstance(token, Token):
                state, ended = put_token(state, token)
                lines += ended
        state, more = self._give(state, outcome)
        lines += more
        state, more = self._heal_or_hurt(state, outcome)
        lines += more
        if spec.actions and not self.free:
            lines.append(f"  {actor.label}: {remaining_text(state, actor.id)}")
        elif self.free:
            lines.append("  (free action: nothing spent)")
        return Outcome(state, tuple(lines), outcome)

    def _give(self, state: GameState, outcome: SkillActionOutcome) -> tuple[GameState, list[str]]:
        lines: list[str] = []
        by_token: dict[str, list[tuple[str, int | None, Effect | None]]] = {}
        for n, given in enumerate(outcome.given):
            effect = None
            if given.ends is not None:
                effect = Effect(
                    f"{self.key}-{given.token_id}-{n}",
                    given.token_id,
                    given.name,
                    given.value,
                    given.ends,
                    source=self.label,
                )
            by_token.setdefault(given.token_id, []).append((given.name, given.value, effect))
        removed = set(outcome.removed)
        for token_id, rows in by_token.items():
            token = state.scene.token(token_id)
            if token is None:
                continue
            names = {name for name, _v, _e in rows}
            kept = [
                c
                for c in token.conditions
                if c.split()[0].lower() not in names and c.split()[0].lower() not in removed
            ]
            added = [name if value is None else f"{name} {value}" for name, value, _e in rows]
            effects = [e for _n, _v, e in rows if e is not None]
            if state.encounter is None:
                effects = []  # no encounter: nothing counts the durations; the conditions stay until removed
            state, _said = edit_conditions(state, token_id, (*kept, *added), effects)
        if removed and outcome.target_id is not None and outcome.target_id not in by_token:
            token = state.scene.token(outcome.target_id)
            if token is not None:
                kept = [c for c in token.conditions if c.split()[0].lower() not in removed]
                state, _said = edit_conditions(state, token.id, kept)
        return state, lines

    def _heal_or_hurt(self, state: GameState, outcome: SkillActionOutcome) -> tuple[GameState, list[str]]:
        formula = outcome.heal or outcome.damage
        if formula is None or outcome.target_id is None:
            return state, []
        target = state.scene.token(outcome.target_id)
        if target is None or target.hp is None:
            return state, []
        if self.heal_total is not None:
            amount, shown = max(0, self.heal_total), f"{self.heal_total} (typed)"
        else:
            rolled = dice.roll(formula, self.dice)
            amount, shown = max(0, rolled.total), rolled.render()
        rule = healing.heal if outcome.heal else healing.lose_hp
        after, said = rule(target, amount, state.scene.system)
        state, ended = put_token(state, after)
        what = "regains" if outcome.heal else "takes"
        unit = "HP" if outcome.heal else "damage"
        return state, [f"  {target.label} {what} {shown} {unit}", *("  " + s for s in said), *ended]
