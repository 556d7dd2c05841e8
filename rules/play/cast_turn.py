"""Casting on the caster's turn, as the app casts: `CastSpell` pays the spell's cost from the turn
(`rules.play.economy.payment_for`: PF2e its actions, 5e its casting time and the one-slot / bonus-action
rules) and casts it (`rules.play.cast.Cast`: every target's roll, damage after its defences, conditions,
the slot, Focus Point or use spent, concentration or a sustained spell begun) in ONE undo step with ONE log
entry — the ``play`` query's ``cast`` step does the same with two commands in one step.

A cast the turn can't pay for is refused before anything is resolved; ``free`` is the GM's override (a
spell from an item, a reaction handled elsewhere): nothing is taken from the turn. `detail` is the cast's
`rules.play.spell_resolution.CastResult`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.messages import msg
from rules.model.state import GameState
from rules.play.cast import Cast
from rules.play.command import Outcome
from rules.play.economy import payment_for


@dataclass(frozen=True, slots=True)
class CastSpell:
    """Pay for `cast` from the caster's turn and cast it, as one step (see the module docstring)."""

    cast: Cast
    free: bool = False
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Cast {spell}", spell=self.cast.spell.name))

    def apply(self, state: GameState) -> Outcome:
        paid = payment_for(state, self.cast, free=self.free).apply(state)
        done = self.cast.apply(paid.state)
        return Outcome(done.state, (*done.lines, *paid.lines), done.detail)
