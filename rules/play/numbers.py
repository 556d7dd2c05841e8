"""The numbers on the miniatures' bases: a token carries the number of the mini standing for it
(`Token.number`), shown on the GM map and the Player Screen so the table can say "I attack goblin 3".

* `SetTokenNumber(token_id, number)`: give one token a number, or take it away (None).
* `NumberTokens(token_ids, first)`: number several tokens in a row (first, first + 1, …), one undo step.

Numbers run from 0 to `MAX_TOKEN_NUMBER`; two tokens may share one (two painted sets on the table), the
GM decides.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.messages import msg
from rules.model.scene import MAX_TOKEN_NUMBER, Token
from rules.model.state import GameState
from rules.play.command import Outcome, Refused, logged


def _check(number: int | None) -> None:
    if number is not None and not 0 <= number <= MAX_TOKEN_NUMBER:
        raise Refused(
            str(msg("a base's number runs from 0 to {top}, not {n}", top=MAX_TOKEN_NUMBER, n=number))
        )


def _token(state: GameState, token_id: str) -> Token:
    token = state.scene.token(token_id)
    if token is None:
        raise Refused(str(msg("there is no token {id!r}", id=token_id)))
    return token


@dataclass(frozen=True, slots=True)
class SetTokenNumber:
    """The token's miniature carries `number` (None: no number)."""

    token_id: str
    number: int | None
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Set Base Number") if self.number is not None else msg("Clear Base Number"))

    def apply(self, state: GameState) -> Outcome:
        _check(self.number)
        token = _token(state, self.token_id)
        if self.number is None:
            line = msg("{name} has no base number", name=token.label)
        else:
            line = msg("{name} is number {n}", name=token.label, n=self.number)
        scene = state.scene.replace_token(replace(token, number=self.number))
        return logged(state.with_scene(scene), str(line))


@dataclass(frozen=True, slots=True)
class NumberTokens:
    """Number `token_ids` in their order, from `first` up (one step)."""

    token_ids: tuple[str, ...]
    first: int = 1
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Number Bases"))

    def apply(self, state: GameState) -> Outcome:
        if not self.token_ids:
            raise Refused(str(msg("no tokens to number")))
        _check(self.first)
        _check(self.first + len(self.token_ids) - 1)
        scene = state.scene
        names = []
        for i, tid in enumerate(self.token_ids):
            token = _token(state, tid)
            scene = scene.replace_token(replace(token, number=self.first + i))
            names.append(f"{token.label} {self.first + i}")
        line = msg("numbered: {names}", names=", ".join(names))
        return logged(state.with_scene(scene), str(line))
