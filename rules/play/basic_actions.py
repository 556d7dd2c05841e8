"""The token menu's basic actions as one command: the system resolves what the action does, the turn
economy charges what it costs.

`BasicAction(token_id, key, dice, free)` runs one of the actions the scene's system offers a creature
(`RuleSystem.actions` / `RuleSystem.resolve_action`: Take Cover, Raise a Shield, Drop Prone, Stand, Hide,
Seek / Search, Dodge, Disengage, Dash, squeezing, moving up or down, falling) and spends its cost from the
creature's turn ledger (`rules.play.economy.charge`: PF2e one action each; 5e Dodge, Disengage, Dash,
Hide and Search take the action, standing half the Speed of movement, dropping prone nothing). A
requirement the action has (Raise a Shield needs a shield; Take Cover something to take cover behind, cover
or being prone; Stand being prone) is the system's, refused in words like the cost (`Refused`); `free` is
the GM's override of the cost. Falling (``fall``) is not an action and costs nothing.

The dice are the command's (`DieSource`): the app rolls them, or the query command's ``play`` passes the
rolls it was given.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.dice import DieSource, fresh_source
from rules.model.state import GameState
from rules.play.command import Outcome, Refused
from rules.play.economy import charge, remaining_text
from rules.play.effects import put_token
from rules.systems import system_for
from rules.systems.economy import ACT_KINDS, Act

#: Menu keys that cost nothing (a fall happens to a creature; it is no action of its own).
FREE_KEYS: frozenset[str] = frozenset({"fall"})


def _rng() -> DieSource:
    return fresh_source()


def act_for(key: str) -> Act | None:
    """What the menu action `key` costs (None: nothing)."""
    if key in FREE_KEYS:
        return None
    if key not in ACT_KINDS:
        raise Refused(f"{key!r} is not an action")
    return Act(key)


@dataclass(frozen=True, slots=True)
class BasicAction:
    """One of the system's basic actions for `token_id` (see the module docstring)."""

    token_id: str
    key: str
    dice: DieSource = field(default_factory=_rng, compare=False)
    free: bool = False
    merge_key: object | None = None

    @property
    def label(self) -> str:
        return self.key.replace("-", " ").capitalize()

    def apply(self, state: GameState) -> Outcome:
        token = state.scene.token(self.token_id)
        if token is None:
            raise Refused(f"no token with id {self.token_id!r}")
        system = system_for(state.scene)
        act = act_for(self.key)
        scene = state.scene
        if act is not None:
            state = charge(state, token.id, act, free=self.free)  # the economy refuses in words first
        try:
            result = system.resolve_action(scene, token, self.key, self.dice)
        except (ValueError, LookupError) as exc:
            raise Refused(str(exc)) from None
        lines = list(result.lines)
        for changed in result.tokens:
            state, ended = put_token(state, changed)
            lines += ended
        if act is not None and not self.free:
            lines.append(f"  {token.label}: {remaining_text(state, token.id)}")
        elif self.free and act is not None:
            lines.append("  (free action: nothing spent)")
        return Outcome(state, tuple(lines), result)
