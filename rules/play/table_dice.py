"""The table's dice: who rolls their own, and the dice box.

* `SetOwnDice(token_ids, on)`: the players of these creatures roll their own dice at the table; the app
  then asks for each of their rolls instead of rolling it (the desktop's ``ask_or_roll``). Saved with the
  token (``own_dice``), one undoable step.
* `RollDice(expression, who, secret, dice, given)`: a roll of the dice box (`rules.dice.parse_roll`:
  ``2D6+3``, ``4d6kh3``, ``2d20kh1``, ``1D20>=15``), rolled once by the command — with the dice typed at the
  table in `given` (each die's face, in order) or else with `dice` — and kept in the state's roll history
  (`GameState.rolls`). A `secret` roll is the GM's: it is kept for the GM and logged for the GM, and the
  player projection leaves it out (`rules.play.projection`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from rules import dice
from rules.dice import DieSource, ScriptedDice
from rules.messages import msg
from rules.model.state import GameState
from rules.model.table_rolls import MAX_ROLLS, TableRoll
from rules.play.command import Outcome, Refused, logged

OWN_DICE_ON = "{names} roll their own dice: the app asks for their rolls"
OWN_DICE_OFF = "The app rolls for {names} again"
NO_SUCH_TOKEN = "There is no token '{id}' on the map"
ROLLED = "{who} rolls {expression}: {shown} = {total}"
ROLLED_SECRET = "{who} rolls {expression} in secret: {shown} = {total}"
SUCCESS = "{line} — success (target {target})"
FAILURE = "{line} — failure (target {target})"
BAD_EXPRESSION = "Can't roll '{expression}': {problem}"
BAD_GIVEN = "The dice typed for '{expression}' don't fit: {problem}"
GM = "GM"


@dataclass(frozen=True, slots=True)
class SetOwnDice:
    token_ids: tuple[str, ...]
    on: bool
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Players roll their own dice")) if self.on else str(msg("The app rolls the dice"))

    def apply(self, state: GameState) -> Outcome:
        scene = state.scene
        for tid in self.token_ids:
            if scene.token(tid) is None:
                raise Refused(str(msg(NO_SUCH_TOKEN, id=tid)))
        chosen = set(self.token_ids)
        tokens = tuple(replace(t, own_dice=self.on) if t.id in chosen else t for t in scene.tokens)
        names = ", ".join(t.label for t in scene.tokens if t.id in chosen)
        line = str(msg(OWN_DICE_ON if self.on else OWN_DICE_OFF, names=names))
        return logged(replace(state, scene=scene.edit(tokens=tokens)), line)


@dataclass(frozen=True, slots=True)
class RollDice:
    expression: str
    who: str | None = None
    secret: bool = False
    dice: DieSource = field(default_factory=dice.fresh_source, compare=False)
    given: tuple[int, ...] = ()
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return str(msg("Secret roll")) if self.secret else str(msg("Roll dice"))

    def apply(self, state: GameState) -> Outcome:
        try:
            parsed = dice.parse_roll(self.expression)
        except dice.DiceSyntaxError as exc:
            raise Refused(str(msg(BAD_EXPRESSION, expression=self.expression, problem=exc.short))) from None
        source: DieSource = ScriptedDice(self.given) if self.given else self.dice
        try:
            rolled = dice.roll_expression(parsed, source)
        except ValueError as exc:
            raise Refused(str(msg(BAD_GIVEN, expression=self.expression, problem=str(exc)))) from None
        tok = state.scene.token(self.who) if self.who is not None else None
        if self.who is not None and tok is None:
            raise Refused(str(msg(NO_SUCH_TOKEN, id=self.who)))
        who = tok.label if tok is not None else GM
        shown = " plus ".join(p.shown for p in rolled.result.parts)
        line = str(
            msg(
                ROLLED_SECRET if self.secret else ROLLED,
                who=who,
                expression=parsed.render(),
                shown=shown,
                total=rolled.total,
            )
        )
        if rolled.success is not None and parsed.target is not None:
            target = f"{parsed.target[0]}{parsed.target[1]}"
            line = str(msg(SUCCESS if rolled.success else FAILURE, line=line, target=target))
        roll = TableRoll(self.expression.strip(), shown, rolled.total, self.who, rolled.success, self.secret)
        after = replace(state, rolls=(*state.rolls, roll)[-MAX_ROLLS:])
        return Outcome(after, (line,), roll)


def rolls_own_dice(state: GameState, token_ids: Sequence[str]) -> bool:
    """Every listed creature's player rolls their own dice."""
    return bool(token_ids) and all(
        (t := state.scene.token(tid)) is not None and t.own_dice for tid in token_ids
    )


__all__ = ["RollDice", "SetOwnDice", "rolls_own_dice"]
