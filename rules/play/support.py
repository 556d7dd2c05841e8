"""Help and Aid reach the roll they change: the supports waiting in the helpers' ledgers, taken by the roll.

A 5e Help (`rules.play.actions.Help`) or a PF2e Aid (`rules.play.actions.Aid`) leaves a
`rules.model.turn_ledger.Support` in the helper's turn ledger; it lasts until it is used or the helper's
next turn begins (the ledger is renewed then: 5e 「次の君のターンが始まるまでに」, 2014 l.84–85; PF2e Aid
applies to the ally's triggering check, the next one). `take_supports(state, ally, target)` is called by
the roll the support is for — `rules.play.table.AttackRoll` (an attack against `target`) and
`rules.play.rolls.RollCheck` (a check, `target` None) — and returns the state without the supports it
used, what they give (5e: advantage, one `Reason` per Help; PF2e: the Aid's circumstance bonus or
penalty as a `Situational`) and a log line each.

Only the first waiting support of each kind applies (PF2e: circumstance bonuses don't stack; 5e: any number
of sources of advantage give one).
"""

from __future__ import annotations

from dataclasses import replace

from rules.model.state import GameState
from rules.model.turn_ledger import Support
from rules.play.rolls import Reason, Situational


def _label(state: GameState, token_id: str) -> str:
    token = state.scene.token(token_id)
    return token.label if token is not None else token_id


def pending(
    state: GameState, ally: str, target: str | None, roll: str = "attack"
) -> tuple[tuple[str, Support], ...]:
    """The supports `take_supports` would use for `ally`'s `roll` (giver, support), first of each kind."""
    out: list[tuple[str, Support]] = []
    kinds: set[str] = set()
    for giver, support in state.supports_for(ally, target, roll):
        if support.kind not in kinds:
            kinds.add(support.kind)
            out.append((giver, support))
    return tuple(out)


def effects(
    state: GameState, ally: str, target: str | None, roll: str = "attack"
) -> tuple[tuple[Situational, ...], tuple[Reason, ...]]:
    """What the waiting supports would give `ally`'s `roll`, without using them (a dialog's preview)."""
    _state, bonuses, reasons, _lines = take_supports(state, ally, target, roll)
    return bonuses, reasons


def take_supports(
    state: GameState, ally: str, target: str | None, roll: str = "attack"
) -> tuple[GameState, tuple[Situational, ...], tuple[Reason, ...], tuple[str, ...]]:
    """Use the supports waiting for `ally`'s `roll` (``attack`` against `target`, or ``check``; see the
    module docstring)."""
    bonuses: list[Situational] = []
    reasons: list[Reason] = []
    lines: list[str] = []
    for giver, support in pending(state, ally, target, roll):
        ledger = state.ledger(giver)
        if ledger is None:
            continue
        kept = list(ledger.supports)
        kept.remove(support)
        state = state.with_ledger(replace(ledger, supports=tuple(kept)))
        who = _label(state, giver)
        if support.kind == "help":
            reasons.append(Reason("advantage", f"helped by {who} (the Help action)"))
            lines.append(f"  {_label(state, ally)} has advantage: {who}'s Help")
        elif support.value:
            bonuses.append(Situational(f"Aid by {who}", support.value, "circumstance"))
            lines.append(f"  {_label(state, ally)} gets {support.value:+d} circumstance: {who}'s Aid")
    return state, tuple(bonuses), tuple(reasons), tuple(lines)
