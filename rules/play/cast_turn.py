"""Casting on the caster's turn, as the app casts: `CastSpell` pays the spell's cost from the turn
(`rules.play.economy.payment_for`: PF2e its actions, 5e its casting time and the one-slot / bonus-action
rules) and casts it (`rules.play.cast.Cast`: every target's roll, damage after its defences, conditions,
the slot, Focus Point or use spent, concentration or a sustained spell begun) in ONE undo step with ONE log
entry — the ``play`` query's ``cast`` step does the same with two commands in one step.

A cast the turn can't pay for is refused before anything is resolved; ``free`` is the GM's override (a
spell from an item, a reaction handled elsewhere): nothing is taken from the turn.

``save_modifiers`` are the save modifiers the GM typed at the table for targets whose token lists none for
the spell's save (a token placed by hand, without statistics): each is written on its token first (its
``saves``: the engine's saves read them there) and said in the log; a token that lists the save keeps its
own. `detail` is the cast's `rules.play.spell_resolution.CastResult`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.messages import msg
from rules.model.state import GameState
from rules.play.cast import Cast
from rules.play.command import Outcome, Refused
from rules.play.economy import payment_for
from rules.play.effects import put_token
from rules.systems import system_for

#: The largest save modifier the table may type.
MOST_MODIFIER = 99


def with_typed_saves(
    state: GameState, stat: str, typed: tuple[tuple[str, int], ...]
) -> tuple[GameState, list[str]]:
    """`state` with each typed save modifier written on a token that lists none for `stat`, and the words
    for the log. Raises `Refused` for an unknown token or a modifier out of range."""
    system = system_for(state.scene)
    lines: list[str] = []
    for token_id, value in typed:
        token = state.token(token_id)
        if token is None:
            raise Refused(str(msg("no token with id {id}", id=token_id)))
        if not isinstance(value, int) or not -MOST_MODIFIER <= value <= MOST_MODIFIER:
            raise Refused(str(msg("a typed save modifier is -99 to +99, not {value}", value=str(value)[:20])))
        if system.save_modifier(token, stat) is not None:
            continue
        state, _ended = put_token(state, replace(token, saves=(*token.saves, (stat, value))))
        lines.append(
            "  "
            + str(
                msg(
                    "{who}'s {save} save {value:+d} (typed at the table)",
                    who=token.label,
                    save=stat,
                    value=value,
                )
            )
        )
    return state, lines


@dataclass(frozen=True, slots=True)
class CastSpell:
    """Pay for `cast` from the caster's turn and cast it, as one step (see the module docstring)."""

    cast: Cast
    free: bool = False
    save_modifiers: tuple[tuple[str, int], ...] = ()
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Cast {spell}", spell=self.cast.spell.name))

    def apply(self, state: GameState) -> Outcome:
        typed: list[str] = []
        if self.save_modifiers and self.cast.spell.save is not None:
            state, typed = with_typed_saves(state, self.cast.spell.save.stat, self.save_modifiers)
        paid = payment_for(state, self.cast, free=self.free).apply(state)
        done = self.cast.apply(paid.state)
        head, *rest = done.lines or ("",)
        return Outcome(done.state, (head, *typed, *rest, *paid.lines), done.detail, done.follow_ups)
