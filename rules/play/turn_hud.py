"""What the action bar (turn HUD) of one creature shows, asked of the engine: what its turn has left and
which of the turn's common actions it can take now, each with its cost and, when it can't, the engine's
sentence why.

`turn_hud(state, token_id)` answers a `TurnHud`:

* `gauges`: the economy's `rules.systems.economy.Gauge` rows (PF2e actions, reaction, the next Strike's
  multiple attack penalty; 5e action, bonus action, movement, reaction, attacks left of the Attack action),
  from the creature's one ledger (`rules.play.economy.ledger_for`);
* `actions`: `HudAction` rows in bar order — Strike / Attack, the move (Stride, Step; 5e Move), the
  system's basic actions of the token menu (`RuleSystem.actions`: Take Cover, Raise a Shield, Stand or Drop
  Prone, Hide, Seek / Search; 5e Dash, Dodge, Disengage…), Aid / Help, Ready, Delay (a system with Delay,
  in an encounter), one Sustain per effect the creature sustains (PF2e: ``sustain:<effect id>``,
  `rules.play.effects.SustainEffect`), End turn. Each carries its cost in the economy's words
  (`TurnEconomy.cost_words`) and `problem`: None when the engine would take it now, else the refusal the
  command itself raises — asked by applying the very command (or the economy's `charge`) to the state,
  never by rules of this module.

Nothing here changes the state; it is a question the app asks after every change.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.messages import Message, msg
from rules.model.state import GameState
from rules.model.turn_ledger import TurnLedger
from rules.play.command import Command, Refused
from rules.play.economy import (
    charge,
    charge_reaction,
    economy_of,
    ledger_for,
    own_turn,
    remaining_text,
)
from rules.systems import system_for
from rules.systems.economy import Act, Gauge

#: The kinds of `HudAction` (what pressing its button does in the app).
HUD_KINDS: tuple[str, ...] = (
    "strike",
    "move",
    "basic",
    "support",
    "ready",
    "delay",
    "end-turn",
    "skill",
    "sustain",
)


class TensDice:
    """A die source for asking the engine whether an action could be taken: every die shows 10 (or the
    die's highest face below 10). Its results are never kept: the state it produces is thrown away."""

    def randint(self, a: int, b: int) -> int:
        return max(a, min(b, 10))


@dataclass(frozen=True, slots=True)
class HudAction:
    """One button of the action bar: `key` (a basic action's key, or ``strike``, ``stride``, ``step``,
    ``aid``, ``help``, ``ready``, ``delay``, ``end-turn``), `kind` (one of `HUD_KINDS`), its words, its cost
    in words, and `problem`: why it can't be taken now (the engine's sentence), None when it can."""

    key: str
    kind: str
    #: Its words: a message, or the system's own name of the action (``Strike``, ``Take Cover``).
    label: Message | str
    cost: Message
    problem: str | None = None

    @property
    def allowed(self) -> bool:
        return self.problem is None


@dataclass(frozen=True, slots=True)
class TurnHud:
    """The action bar of one creature (see the module docstring)."""

    token_id: str
    name: str
    own_turn: bool
    gauges: tuple[Gauge, ...]
    text: str
    actions: tuple[HudAction, ...]

    def action(self, key: str) -> HudAction | None:
        for a in self.actions:
            if a.key == key:
                return a
        return None


def command_problem(state: GameState, command: Command) -> str | None:
    """Why the engine refuses `command` in `state` (its `Refused` sentence), None when it would apply it.
    The state is left as it is (commands are pure)."""
    try:
        command.apply(state)
    except Refused as exc:
        return str(exc)
    except (ValueError, LookupError) as exc:
        return str(exc)
    return None


def act_problem(state: GameState, token_id: str, act: Act) -> str | None:
    """Why the economy refuses `act` of `token_id` now (on its turn `charge`), None when it allows it."""
    try:
        charge(state, token_id, act)
    except Refused as exc:
        return str(exc)
    return None


def _strike_problem(state: GameState, token_id: str) -> str | None:
    token = state.scene.token(token_id)
    assert token is not None
    if not token.attacks:
        return str(msg("{who} has no attack to make", who=token.label))
    act = Act("strike", attack=token.attacks[0], name=token.attacks[0].name)
    if own_turn(state, token_id):
        return act_problem(state, token_id, act)
    try:
        charge_reaction(state, token_id, act)
    except Refused as exc:
        return str(exc)
    return None


def _move_problem(state: GameState, token_id: str) -> str | None:
    from rules.play.economy import budget_for

    token = state.scene.token(token_id)
    assert token is not None
    if token.mounted_on is not None and state.scene.token(token.mounted_on) is not None:
        return str(msg("{who} is mounted: it moves with its mount", who=token.label))
    if not own_turn(state, token_id):
        return act_problem(state, token_id, Act("stride"))
    if budget_for(state, token).feet_left <= 0:
        return str(msg("{who} has no movement left this turn", who=token.label))
    return None


def _end_turn_problem(state: GameState, token_id: str) -> str | None:
    enc = state.encounter
    if enc is None or not enc.in_order(token_id) or enc.current_id == token_id:
        return None
    current = state.scene.token(enc.current_id) if enc.current_id is not None else None
    return str(
        msg(
            "it is {whose}'s turn: only the current creature ends its turn",
            whose=current.label if current is not None else "another creature",
        )
    )


def turn_hud(state: GameState, token_id: str) -> TurnHud:
    """The action bar of `token_id` now (see the module docstring). Raises `Refused` for an unknown id."""
    from rules.play.actions import PrepareAid
    from rules.play.basic_actions import BasicAction
    from rules.play.turns import Delay, Ready

    token = state.scene.token(token_id)
    if token is None:
        raise Refused(f"no token with id {token_id!r}")
    system = system_for(state.scene)
    economy = economy_of(state)
    mine = own_turn(state, token_id)
    ledger: TurnLedger = ledger_for(state, token_id)
    if not mine:  # outside its turn only its reaction counts: the actions are those its next turn gives
        ledger = replace(economy.fresh(token), reactions=ledger.reactions)
    gauges = economy.gauges(ledger, token)
    rows: list[HudAction] = []

    def add(key: str, kind: str, label: Message | str, act: Act, problem: str | None) -> None:
        rows.append(HudAction(key, kind, label, economy.cost_words(act, token), problem))

    strike = Act("strike", attack=token.attacks[0] if token.attacks else None)
    add("strike", "strike", system.strike_word, strike, _strike_problem(state, token_id))
    attacks = next((g for g in gauges if g.kind == "attacks" and g.left > 0), None)
    if attacks is not None and mine:  # within an Attack action its next attack costs no new action
        rows[-1] = HudAction(
            "strike",
            "strike",
            system.strike_word,
            msg("{left} of {total} attacks left", left=attacks.left, total=attacks.total),
            rows[-1].problem,
        )
    move = _move_problem(state, token_id)
    if economy.move_actions:  # movement in actions (PF2e): Stride and Step
        add("stride", "move", msg("Stride"), Act("stride"), move)
        add("step", "move", msg("Step"), Act("step"), move)
    else:
        add("stride", "move", msg("Move"), Act("stride"), move)
    for spec in system.actions(token):
        if spec.key in ("up", "down", "fall"):
            continue
        problem = command_problem(state, BasicAction(token_id, spec.key, TensDice()))
        add(spec.key, "basic", spec.label, Act(spec.key), problem)
    others = [t for t in state.scene.tokens if t.id != token_id and t.side == token.side]
    if "aid" in system.support_actions:
        problem = (
            command_problem(state, PrepareAid(token_id, others[0].id))
            if others
            else str(msg("{who} has no ally to Aid", who=token.label))
        )
        add("aid", "support", msg("Aid"), Act("prepare-aid"), problem)
    if "help" in system.support_actions:
        problem = (
            act_problem(state, token_id, Act("help"))
            if others
            else str(msg("{who} has no ally to Help", who=token.label))
        )
        add("help", "support", msg("Help"), Act("help"), problem)
    enc = state.encounter
    in_fight = enc is not None and enc.in_order(token_id)
    if in_fight:
        add("ready", "ready", msg("Ready"), Act("ready"), command_problem(state, Ready(token_id, "")))
    else:
        add(
            "ready",
            "ready",
            msg("Ready"),
            Act("ready"),
            str(msg("Ready is for a creature in a running encounter")),
        )
    if system.has_delay:
        if not in_fight or enc is None or enc.current_id != token_id:
            problem = str(msg("only the creature whose turn it is can Delay, as its turn begins"))
        else:
            problem = command_problem(state, Delay(TensDice()))
        add("delay", "delay", msg("Delay"), Act("delay"), problem)
    from rules.play.effects import SustainEffect

    for e in enc.timed if enc is not None else ():
        if e.ends.kind == "sustained" and e.ends.creature == token_id:
            on = state.scene.token(e.target)
            label = msg("Sustain {effect} on {target}", effect=e.text, target=on.label if on else e.target)
            add(
                f"sustain:{e.id}",
                "sustain",
                label,
                Act("sustain"),
                command_problem(state, SustainEffect(e.id)),
            )
    rows.append(
        HudAction("end-turn", "end-turn", msg("End turn"), msg("free"), _end_turn_problem(state, token_id))
    )
    text = remaining_text(state, token_id) if mine else economy.remaining_text(ledger, token)
    return TurnHud(token_id, token.label, mine, gauges, text, tuple(rows))
