"""Holding one's breath, as commands: `HoldBreath(token_id)` starts counting the creature's air (the rounds
its system lets it hold its breath: `rules.systems.economy.TurnEconomy.breath`; PF2e 5 + Constitution, 5e
minutes then rounds), and each end of its turn counts one off (PF2e two when it attacked or cast that turn)
until it runs out (PF2e unconscious and suffocating; 5e 2014 0 HP, 2024 exhaustion each turn:
`TurnEconomy.turn_ends`). `Breathe(token_id)` — it can breathe again: the count and suffocation end."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.messages import msg
from rules.model.state import GameState
from rules.play.command import Outcome, Refused
from rules.play.economy import economy_of
from rules.play.effects import put_token


@dataclass(frozen=True, slots=True)
class HoldBreath:
    token_id: str
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Hold breath"

    def apply(self, state: GameState) -> Outcome:
        token = state.scene.token(self.token_id)
        if token is None:
            raise Refused(f"no token with id {self.token_id!r}")
        if token.has_trait("water breathing") or token.has_trait("doesn't breathe"):
            raise Refused(f"{token.label} doesn't need to hold its breath")
        rounds = economy_of(state).breath(token)
        state, ended = put_token(state, replace(token, air=rounds))
        return Outcome(
            state,
            (str(msg("{name} holds its breath: {n} rounds of air", name=token.label, n=rounds)), *ended),
        )


@dataclass(frozen=True, slots=True)
class Breathe:
    token_id: str
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return "Breathe"

    def apply(self, state: GameState) -> Outcome:
        token = state.scene.token(self.token_id)
        if token is None:
            raise Refused(f"no token with id {self.token_id!r}")
        after = replace(token, air=None).without_condition("suffocating")
        state, ended = put_token(state, after)
        return Outcome(state, (f"{token.label} can breathe again", *ended))
