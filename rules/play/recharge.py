"""Recharging a monster's spent abilities (5e "Recharge 5–6": "the monster can use it again when it rolls a
5 or 6 on a d6 at the start of its turn").

`recharge(token, rolls)` is the rule: every spent recharge ability of the token (`SpellUsesLeft.spent`, set
by `rules.play.cast.Cast`) rolls its d6 and comes back on its number or higher. `RollRecharge` is the step
the app (or the turn's start, `rules.play.turns`) runs, with typed d6s by ability name or a `DieSource`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from rules.dice import DieSource
from rules.messages import msg
from rules.model.scene import Token
from rules.model.state import GameState
from rules.play.command import Outcome, Refused, logged
from rules.play.effects import put_token


def spent_recharges(token: Token) -> tuple[tuple[str, int], ...]:
    """The token's spent recharge abilities as (name, lowest d6 that recharges it)."""
    out = []
    for s in token.spells:
        if s.uses is not None and s.uses.kind == "recharge" and token.spell_uses.spent_of(s.name):
            out.append((s.name, s.uses.recharge))
    return tuple(out)


def recharge(token: Token, rolls: Mapping[str, int]) -> tuple[Token, list[str]]:
    """`token` with each spent recharge ability whose d6 in `rolls` reached its number ready again."""
    uses = token.spell_uses
    lines: list[str] = []
    for name, lowest in spent_recharges(token):
        d6 = rolls.get(name)
        if d6 is None:
            continue
        if not 1 <= d6 <= 6:
            raise ValueError(f"a d6 shows 1 to 6, not {d6}")
        if d6 >= lowest:
            uses = uses.with_spent(name, 0)
            lines.append(str(msg("{who}: {spell} recharges (d6 {d6})", who=token.label, spell=name, d6=d6)))
        else:
            lines.append(
                str(msg("{who}: {spell} doesn't recharge (d6 {d6})", who=token.label, spell=name, d6=d6))
            )
    return replace(token, spell_uses=uses), lines


@dataclass(frozen=True, slots=True)
class RollRecharge:
    """Roll the recharge of `token_id`'s spent abilities (typed d6s by name, the rest from `rng`)."""

    token_id: str
    rolls: tuple[tuple[str, int], ...] = ()
    rng: DieSource | None = field(default=None, compare=False)
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Roll recharge"))

    def apply(self, state: GameState) -> Outcome:
        token = state.token(self.token_id)
        if token is None:
            raise Refused(str(msg("no token with id {id}", id=self.token_id)))
        rolls = dict(self.rolls)
        for name, _lowest in spent_recharges(token):
            if name not in rolls:
                if self.rng is None:
                    raise Refused(str(msg("roll or type the d6 of {spell}", spell=name)))
                rolls[name] = self.rng.randint(1, 6)
        try:
            after, lines = recharge(token, rolls)
        except ValueError as exc:
            raise Refused(str(exc)) from None
        state, ended = put_token(state, after)
        return logged(state, *lines, *ended)
